"""``studio``: start the desktop app, or run one of the command-line commands."""

from __future__ import annotations

import sys
from collections.abc import Sequence

from studio.cli import main as cli

__all__ = ["main"]


def main(argv: Sequence[str] | None = None) -> int:
    """Start the app when no command is given, else run the command; return the exit code."""
    arguments = cli.parse_arguments(sys.argv[1:] if argv is None else argv)
    if arguments.command is None:
        # Qt is imported only here, so the command-line commands start fast and run headless.
        from studio import app

        return app.run(
            cli.open_services(arguments),
            smoke_test=arguments.smoke_test,
            report_first_paint=arguments.report_first_paint,
        )
    return cli.run(arguments)


if __name__ == "__main__":
    sys.exit(main())
