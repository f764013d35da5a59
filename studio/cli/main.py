"""Parsing the command line and running its commands."""

from __future__ import annotations

import argparse
import asyncio
import logging
import sys
from collections.abc import Sequence
from pathlib import Path

from studio import __version__
from studio.cli import ask, providers, read, tools
from studio.config.paths import StudioPaths
from studio.errors import StudioError
from studio.services import Services
from studio.web.guard import GuardReport, report_messages

__all__ = ["open_services", "parse_arguments", "run"]

EXIT_FAILURE = 1


def _parser() -> argparse.ArgumentParser:
    # --basedir is accepted before and after a command; SUPPRESS keeps one from hiding the other.
    common = argparse.ArgumentParser(add_help=False)
    common.add_argument(
        "--basedir",
        type=Path,
        default=argparse.SUPPRESS,
        metavar="DIR",
        help="keep configuration, data and cache under DIR (default: your user folders)",
    )
    parser = argparse.ArgumentParser(
        prog="studio",
        description="A desktop AI workbench. Without a command, the desktop app starts.",
        parents=[common],
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    parser.add_argument(
        "--smoke-test",
        action="store_true",
        help="open the main window, close it again and exit (checks that the app starts)",
    )
    parser.add_argument(
        "--report-first-paint",
        action="store_true",
        help="print the Unix time at which the main window was first painted "
        "(for start-up benchmarks); with --smoke-test, close the window after that paint",
    )
    parser.add_argument("--verbose", action="store_true", help="log details to standard error")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")
    tools.add_commands(commands, common)
    providers.add_commands(commands, common)
    read.add_command(commands, common)
    ask.add_command(commands, common)
    return parser


def parse_arguments(argv: Sequence[str]) -> argparse.Namespace:
    """Read the command line; argparse exits with a usage message on mistakes."""
    arguments = _parser().parse_args(list(argv))
    if not hasattr(arguments, "basedir"):
        arguments.basedir = None
    logging.basicConfig(
        level=logging.INFO if arguments.verbose else logging.WARNING,
        format="%(levelname)s %(name)s: %(message)s",
    )
    # httpx logs every request URL at INFO, search queries and page addresses included; Studio
    # logs its own requests with the query values masked.
    for noisy in ("httpx", "httpcore"):
        logging.getLogger(noisy).setLevel(logging.WARNING)
    return arguments


def open_services(arguments: argparse.Namespace) -> Services:
    """Open the profile the arguments name; the guard's reports go to standard error."""
    return Services.open(
        StudioPaths.for_basedir(arguments.basedir), guard_reporter=print_guard_report
    )


def print_guard_report(report: GuardReport) -> None:
    """Tell the terminal what the prompt-injection guard removed, in words."""
    for message in report_messages(report):
        print(f"studio: {message}", file=sys.stderr)


def run(arguments: argparse.Namespace, services: Services | None = None) -> int:
    """Run the chosen command; errors Studio expects become a message and exit code 1.

    ``services`` defaults to the profile the arguments name; programs embedding Studio (and
    its tests) pass their own.
    """
    try:
        opened = services is None
        if services is None:
            services = open_services(arguments)
        if services.settings.load_notice:
            print(services.settings.load_notice, file=sys.stderr)
        return asyncio.run(_handle(arguments, services, close=opened))
    except StudioError as error:
        print(f"studio: {error}", file=sys.stderr)
        return EXIT_FAILURE


async def _handle(arguments: argparse.Namespace, services: Services, *, close: bool) -> int:
    """Run the command's handler; close the services afterwards if this run opened them."""
    try:
        exit_code: int = await arguments.handler(services, arguments)
        return exit_code
    finally:
        if close:
            await services.aclose()
