"""``studio``: start the desktop app, or run one of the command-line commands.

Only the command line's grammar is imported before the choice, so the app can put a window on
screen before it imports the rest (:func:`studio.app.run`), and a command imports no Qt.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING

from studio.cli import arguments as grammar

if TYPE_CHECKING:
    from studio.services import Services

__all__ = ["main"]

_EXIT_INTERRUPTED = 130
"""``studio.cli.main.EXIT_INTERRUPTED``, for a Ctrl+C before that module is imported."""


def main(argv: Sequence[str] | None = None) -> int:
    """Start the app when no command is given, else run the command; return the exit code."""
    arguments = grammar.parse_arguments(sys.argv[1:] if argv is None else argv)
    if arguments.command is None:
        # Qt is imported only here, so the command-line commands start fast and run headless.
        from studio import app

        return app.run(
            lambda: _open_services(arguments),
            smoke_test=arguments.smoke_test,
            report_first_paint=arguments.report_first_paint,
        )
    try:
        from studio.cli import main as cli

        return cli.run(arguments)
    except KeyboardInterrupt:
        # Ctrl+C while the command's modules are still being imported: as quiet as later.
        return _EXIT_INTERRUPTED


def _open_services(arguments: argparse.Namespace) -> Services:
    # Called by the app once its start-up frame is on screen: this imports the core.
    from studio.cli import main as cli

    return cli.open_services(arguments)


if __name__ == "__main__":
    sys.exit(main())
