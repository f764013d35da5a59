"""Parsing the command line and running its commands."""

from __future__ import annotations

import argparse
import asyncio
import importlib
import sys

from studio.cli import arguments as grammar
from studio.config.paths import StudioPaths
from studio.errors import StudioError
from studio.services import Services
from studio.web.guard import GuardReport, report_messages

__all__ = ["open_services", "parse_arguments", "run"]

EXIT_FAILURE = 1

parse_arguments = grammar.parse_arguments
"""Read the command line (:func:`studio.cli.arguments.parse_arguments`)."""


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
        # The command's module is imported only now, so parsing stays light (see arguments.py).
        command = importlib.import_module(arguments.command_module)
        exit_code: int = await command.handle(services, arguments)
        return exit_code
    finally:
        if close:
            await services.aclose()
