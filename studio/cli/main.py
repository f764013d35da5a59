"""Parsing the command line and running its commands.

Whatever a command prints goes through :mod:`studio.cli.output`, so that text from outside (a
provider's error, a page, a tool's report) cannot steer the terminal. No traceback reaches the
user's screen: an error Studio expects is its one line, anything else one line that names the
kind of error (its traceback with ``--verbose``), and Ctrl+C ends the command quietly.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import importlib
import logging
import os
import sys
from collections.abc import Iterator

from studio.cli import arguments as grammar
from studio.cli.output import err
from studio.config.paths import StudioPaths
from studio.errors import StudioError
from studio.services import Services
from studio.web.guard import GuardReport, report_messages

__all__ = ["EXIT_FAILURE", "EXIT_INTERRUPTED", "open_services", "parse_arguments", "run"]

logger = logging.getLogger(__name__)

EXIT_FAILURE = 1

EXIT_INTERRUPTED = 130
"""The exit code of a command stopped with Ctrl+C, as shells give one ended by SIGINT."""

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
        err(f"studio: {message}")


def run(arguments: argparse.Namespace, services: Services | None = None) -> int:
    """Run the chosen command; errors Studio expects become a message and exit code 1.

    What opening the profile found is printed first (a file set aside, a chat history Studio
    cannot use); files set aside by earlier commands are the app's to announce. An unexpected
    error is one line too, its traceback logged only with ``--verbose``; Ctrl+C ends the
    command with :data:`EXIT_INTERRUPTED` and no message, and so does a reader of standard
    output that went away, with exit code 1.

    ``services`` defaults to the profile the arguments name; programs embedding Studio (and
    its tests) pass their own.
    """
    try:
        opened = services is None
        if services is None:
            with _policy_logs_quiet(arguments):
                services = open_services(arguments)
        notices = services.startup_notices(earlier=False)
        if arguments.command == "policy":
            # The policy command reports every policy problem itself, each with its place.
            policy = {str(notice) for notice in services.policy_notices()}
            notices = [notice for notice in notices if str(notice) not in policy]
        for notice in notices:
            err(str(notice))
        exit_code = asyncio.run(_handle(arguments, services, close=opened))
        sys.stdout.flush()
        return exit_code
    except BrokenPipeError:
        # Whoever read standard output stopped (``| head``): there is no one left to tell.
        _discard_standard_output()
        return EXIT_FAILURE
    except StudioError as error:
        err(f"studio: {error}")
        return EXIT_FAILURE
    except KeyboardInterrupt:
        return EXIT_INTERRUPTED
    except Exception as error:
        logger.info("The command failed unexpectedly.", exc_info=True)
        err(
            f"studio: Something went wrong ({type(error).__name__}). Run the command again with "
            "--verbose to see the details."
        )
        return EXIT_FAILURE


@contextlib.contextmanager
def _policy_logs_quiet(arguments: argparse.Namespace) -> Iterator[None]:
    """Keep the policy loader's log lines off the terminal while the profile opens.

    Every command tells the policy's problems in words (``studio policy`` each with its
    place, the others in the start-up notices), so the loader's log lines of the same problems
    would only repeat them. ``--verbose`` shows them all the same.
    """
    if arguments.verbose:
        yield
        return
    policy_logger = logging.getLogger("studio.config.policy")
    level = policy_logger.level
    policy_logger.setLevel(logging.CRITICAL)
    try:
        yield
    finally:
        policy_logger.setLevel(level)


def _discard_standard_output() -> None:
    """Send what is still buffered for standard output nowhere, so exiting raises no error."""
    with contextlib.suppress(OSError, ValueError):
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())


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
