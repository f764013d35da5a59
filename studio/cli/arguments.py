"""The command line's grammar: every option and command, without importing what runs them.

``python -m studio`` parses its arguments before it knows whether to start the desktop app or
run a command, so this module stays light: the standard library, ``studio.__version__`` and
:mod:`studio.cli.output`. Each command names the module that runs it (``command_module``);
:func:`studio.cli.main.run` imports that module only when the command is run and calls its
``handle(services, arguments)``, which dispatches on ``arguments.action`` where a command has
subcommands.

A few values belong to heavier modules (the provider types, the confidence levels, the ``read``
defaults); they are repeated here and a unit test pins them to their sources.
"""

from __future__ import annotations

import argparse
import logging
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from studio import __version__
from studio.cli import output

if TYPE_CHECKING:
    from studio.kernel.policy import ConfidenceLevel

__all__ = [
    "CONFIDENCE_LEVELS",
    "PROVIDER_TYPES",
    "build_parser",
    "parse_arguments",
]

PROVIDER_TYPES = (
    "openai-responses",
    "openai-chat",
    "anthropic",
    "ollama",
    "lmstudio",
    "llamacpp",
    "vllm",
    "openrouter",
    "groq",
    "mistral",
    "huggingface",
    "openai-compatible",
)
"""The values of :class:`studio.config.profiles.ProviderType`, in its order."""

CONFIDENCE_LEVELS = (
    "NONE",
    "UNTRUSTED",
    "UNKNOWN",
    "VERY_LOW",
    "LOW",
    "MODERATE",
    "MEDIUM",
    "HIGH",
)
"""The names of :class:`studio.kernel.policy.ConfidenceLevel`, in its order."""


def build_parser() -> argparse.ArgumentParser:
    """The parser of Studio's whole command line."""
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
        help="print the Unix times at which the start-up frame ('first-frame <time>') and then "
        "the main window ('first-paint <time>') were first painted (for start-up benchmarks); "
        "with --smoke-test, close the window after that paint",
    )
    parser.add_argument("--verbose", action="store_true", help="log details to standard error")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")
    _add_tools(commands, common)
    _add_providers(commands, common)
    _add_read(commands, common)
    _add_ask(commands, common)
    _add_chats(commands, common)
    _add_policy(commands, common)
    return parser


def parse_arguments(argv: Sequence[str]) -> argparse.Namespace:
    """Read the command line and set up logging; argparse exits with a usage message on mistakes.

    A command's namespace has ``command_module``, the module whose ``handle`` runs it.
    """
    arguments = build_parser().parse_args(list(argv))
    if not hasattr(arguments, "basedir"):
        arguments.basedir = None
    if arguments.verbose:
        level = logging.INFO
    elif arguments.command is not None:
        # A command says what went wrong in one line of its own ("studio: ..."); the warnings
        # logged on the way there would only repeat it in other words, so they need --verbose.
        level = logging.ERROR
    else:
        level = logging.WARNING
    # Log lines reach the terminal too: their control characters are made visible, and a
    # logged exception's traceback is for --verbose (or the app's console), not for a command.
    handler = logging.StreamHandler()
    handler.setFormatter(
        output.TerminalFormatter(
            "%(levelname)s %(name)s: %(message)s",
            tracebacks=arguments.verbose or arguments.command is None,
        )
    )
    logging.basicConfig(level=level, handlers=[handler])
    # httpx logs every request URL at INFO, search queries and page addresses included; Studio
    # logs its own requests with the query values masked.
    for noisy in ("httpx", "httpcore"):
        logging.getLogger(noisy).setLevel(logging.WARNING)
    return arguments


def _add_tools(commands: Any, common: argparse.ArgumentParser) -> None:
    tools = commands.add_parser(
        "tools", parents=[common], help="list tools and change their settings"
    )
    tools.set_defaults(command_module="studio.cli.tools")
    actions = tools.add_subparsers(dest="action", metavar="ACTION", required=True)

    listing = actions.add_parser("list", parents=[common], help="print the tool catalogue")
    listing.add_argument("--json", action="store_true", help="print JSON instead of a table")

    setting = actions.add_parser(
        "set",
        parents=[common],
        help="set a tool setting (a secret is read from standard input, never the command line)",
    )
    setting.add_argument("tool_id", metavar="TOOL_ID")
    setting.add_argument("field", metavar="FIELD")
    setting.add_argument("value", metavar="VALUE", nargs="?")

    unsetting = actions.add_parser("unset", parents=[common], help="clear a tool setting")
    unsetting.add_argument("tool_id", metavar="TOOL_ID")
    unsetting.add_argument("field", metavar="FIELD")

    for action, enabled in (("enable", True), ("disable", False)):
        switch = actions.add_parser(
            action,
            parents=[common],
            help=f"switch a tool or collection {'on' if enabled else 'off'}",
        )
        switch.add_argument("tool_id", metavar="TOOL_ID")
        switch.set_defaults(enabled=enabled)

    for action, allowed in (("allow-untrusted", True), ("ask-untrusted", False)):
        allowance = actions.add_parser(
            action,
            parents=[common],
            help=(
                "let a tool or collection run without asking in chats with outside content"
                if allowed
                else "make a tool or collection ask first in chats with outside content"
            ),
        )
        allowance.add_argument("tool_id", metavar="TOOL_ID")


def _add_providers(commands: Any, common: argparse.ArgumentParser) -> None:
    providers = commands.add_parser(
        "providers", parents=[common], help="set up the model providers Studio talks to"
    )
    providers.set_defaults(command_module="studio.cli.providers")
    actions = providers.add_subparsers(dest="action", metavar="ACTION", required=True)

    adding = actions.add_parser(
        "add",
        parents=[common],
        help="add a provider (its API key goes to the OS keyring, never the command line)",
    )
    adding.add_argument("name", metavar="NAME", help="how the provider is called in Studio")
    adding.add_argument(
        "--type",
        dest="provider_type",
        required=True,
        choices=PROVIDER_TYPES,
        metavar="TYPE",
        help=f"the kind of host: {', '.join(PROVIDER_TYPES)}",
    )
    adding.add_argument(
        "--base-url",
        metavar="URL",
        help="the API's address (default: the type's usual one; required for openai-compatible)",
    )
    adding.add_argument("--model", required=True, help="the model id as the host names it")
    adding.add_argument(
        "--confidence",
        required=True,
        type=_confidence,
        metavar="LEVEL",
        help=f"how far you trust the provider: {', '.join(CONFIDENCE_LEVELS)}",
    )
    adding.add_argument(
        "--progress-timeout",
        type=float,
        metavar="SECONDS",
        help="stop an answer that brings no new content for this long (default: 120)",
    )
    key = adding.add_mutually_exclusive_group()
    key.add_argument(
        "--api-key-env", metavar="VAR", help="read the API key from the environment variable VAR"
    )
    key.add_argument(
        "--api-key-stdin", action="store_true", help="read the API key from standard input"
    )

    changing = actions.add_parser(
        "change",
        parents=[common],
        help="change a provider's model, address, confidence, progress timeout or API key "
        "(the others stay)",
    )
    changing.add_argument("name", metavar="NAME")
    changing.add_argument("--model", help="the new model id")
    changing.add_argument(
        "--base-url", metavar="URL", help="the new address; an empty one means the type's usual"
    )
    changing.add_argument(
        "--confidence",
        type=_confidence,
        metavar="LEVEL",
        help=f"the new level: {', '.join(CONFIDENCE_LEVELS)}",
    )
    changing.add_argument(
        "--progress-timeout",
        type=float,
        metavar="SECONDS",
        help="the new time an answer may bring no new content before Studio stops it",
    )
    new_key = changing.add_mutually_exclusive_group()
    new_key.add_argument(
        "--api-key-env", metavar="VAR", help="a new API key from the environment variable VAR"
    )
    new_key.add_argument(
        "--api-key-stdin", action="store_true", help="a new API key from standard input"
    )

    listing = actions.add_parser("list", parents=[common], help="print the providers")
    listing.add_argument("--json", action="store_true", help="print JSON instead of a table")

    removing = actions.add_parser(
        "remove", parents=[common], help="remove a provider and delete its API key"
    )
    removing.add_argument("name", metavar="NAME")


def _confidence(text: str) -> ConfidenceLevel:
    # The level is parsed by its own (small, Qt- and pydantic-free) module, imported only when a
    # provider is being added. ArgumentTypeError keeps the message, which lists the valid levels.
    from studio.kernel.policy import ConfidenceLevel

    try:
        return ConfidenceLevel.parse(text)
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def _add_read(commands: Any, common: argparse.ArgumentParser) -> None:
    read = commands.add_parser(
        "read",
        parents=[common],
        help="read a web page and print its main content as Markdown",
        description=(
            "Read one web page or text document the way Studio hands it to a model: main "
            "content as Markdown, cut to the limit, suspicious instructions removed."
        ),
    )
    read.set_defaults(command_module="studio.cli.read")
    read.add_argument("url", metavar="URL", help="an http or https address")
    read.add_argument(
        "--json", action="store_true", help="print the result object read_web_page returns"
    )
    read.add_argument(
        "--max-characters",
        type=_positive,
        metavar="N",
        help="cut the content at N characters (default: the read_web_page tool's default)",
    )
    read.add_argument(
        "--timeout",
        type=_positive,
        metavar="SECONDS",
        help="give up after SECONDS (default: the read_web_page tool's default)",
    )


def _positive(text: str) -> int:
    value = int(text) if text.isascii() and text.isdigit() else 0
    if value < 1:
        raise argparse.ArgumentTypeError(f"{text!r} is not a positive whole number")
    return value


def _add_ask(commands: Any, common: argparse.ArgumentParser) -> None:
    ask = commands.add_parser(
        "ask",
        parents=[common],
        help="ask a configured provider one question, letting it use tools",
        description=(
            "Run one chat turn: the answer streams to standard output, tool activity to "
            "standard error. With --chat the turn is kept in the chat history, as the app "
            "keeps it, and the app shows the chat."
        ),
    )
    ask.set_defaults(command_module="studio.cli.ask")
    ask.add_argument("message", metavar="MESSAGE", help="what to ask")
    ask.add_argument(
        "--chat",
        metavar="ID|new",
        help="continue the stored chat ID, or start a stored chat with 'new' (its id goes to "
        "standard error); without it nothing is stored",
    )
    ask.add_argument(
        "--provider",
        metavar="NAME",
        help="a configured provider (default with --chat ID: the one the chat last used)",
    )
    ask.add_argument(
        "--tools",
        metavar="ID,...",
        help="tools or collections the model may use, separated by commas (default with "
        "--chat ID: the chat's own choice; else none)",
    )
    ask.add_argument("--system", default="", metavar="TEXT", help="the system prompt")
    ask.add_argument(
        "--json", action="store_true", help="print the answer, tool calls and sources as JSON"
    )


def _add_chats(commands: Any, common: argparse.ArgumentParser) -> None:
    chats = commands.add_parser(
        "chats", parents=[common], help="list, show, export or delete stored chats"
    )
    chats.set_defaults(command_module="studio.cli.chats")
    actions = chats.add_subparsers(dest="action", metavar="ACTION", required=True)

    listing = actions.add_parser(
        "list", parents=[common], help="print the chats, the most recently active first"
    )
    listing.add_argument("--json", action="store_true", help="print JSON instead of a table")

    showing = actions.add_parser("show", parents=[common], help="print a chat's messages")
    showing.add_argument("chat_id", metavar="ID")
    showing.add_argument("--json", action="store_true", help="print JSON instead of text")

    exporting = actions.add_parser(
        "export", parents=[common], help="write a chat to standard output, for keeping"
    )
    exporting.add_argument("chat_id", metavar="ID")
    exporting.add_argument(
        "--format",
        dest="export_format",
        choices=("markdown", "json"),
        default="markdown",
        help="markdown (the default) or json",
    )

    deleting = actions.add_parser(
        "delete",
        parents=[common],
        help="move a chat out of the list, as deleting it in the app does",
    )
    deleting.add_argument("chat_id", metavar="ID")


def _add_policy(commands: Any, common: argparse.ArgumentParser) -> None:
    policy = commands.add_parser(
        "policy",
        parents=[common],
        help="check, export and encrypt organisation policies (for administrators)",
    )
    policy.set_defaults(command_module="studio.cli.policy")
    actions = policy.add_subparsers(dest="action", metavar="ACTION", required=True)

    checking = actions.add_parser(
        "check",
        parents=[common],
        help="print where Studio looks for policies, what it found, every problem and the "
        "settings that result; with FILE, check that file alone",
        description=(
            "Without FILE: every place searched, each policy found and whether it is in force, "
            "every problem, and every tool setting with where its value comes from. With FILE: "
            "that file's problems, all at once. Exits with 1 when a policy cannot be used."
        ),
    )
    checking.add_argument("file", metavar="FILE", nargs="?", type=Path, help="a policy file")
    checking.add_argument("--json", action="store_true", help="print JSON instead of text")

    exporting = actions.add_parser(
        "export",
        parents=[common],
        help="print this profile's tool settings as a policy to deploy",
        description=(
            "Every tool setting that has a value, as a policy file. Secrets are left out "
            "unless --include-secrets is given; then they are encrypted with the policy secret "
            "(STUDIO_POLICY_SECRET) and always locked."
        ),
    )
    mode = exporting.add_mutually_exclusive_group()
    mode.add_argument(
        "--locked",
        dest="mode",
        action="store_const",
        const="locked",
        default="locked",
        help="users cannot change the values (the default)",
    )
    mode.add_argument(
        "--defaults",
        dest="mode",
        action="store_const",
        const="default",
        help="the values apply until a user saves their own",
    )
    exporting.add_argument(
        "--include-secrets",
        action="store_true",
        help="export secret settings too, encrypted with the policy secret",
    )
    exporting.add_argument(
        "--id", dest="policy_id", default="exported", metavar="ID", help="the policy's id"
    )
    exporting.add_argument(
        "--output",
        type=Path,
        metavar="FILE",
        help="write the policy to FILE instead of printing it",
    )

    encrypting = actions.add_parser(
        "encrypt",
        parents=[common],
        help="encrypt a secret from standard input for a policy (ENC:v1:)",
        description=(
            "Read a secret value from standard input and print its ENC:v1: form for the "
            "setting KEY, encrypted with the policy secret (STUDIO_POLICY_SECRET)."
        ),
    )
    encrypting.add_argument(
        "--key",
        required=True,
        metavar="KEY",
        help="the setting the value is for: TOOL_ID.FIELD, or providers.NAME.api_key",
    )
