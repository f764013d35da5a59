"""``studio read URL``: read one web page in the terminal, as a model would get it.

The page goes through the same steps as a page ``read_web_page`` reads for a model
(:func:`studio.web.page.read_page`): retrieval, extraction to Markdown, the cut to the character
limit and the prompt-injection guard. Only the target policy differs: the user typed the
address, so, like the app's "summarise a web page" assistant, the command may also read the
user's own network and this computer (:meth:`TargetPolicy.user_typed`). Both read through
:func:`studio.web.page.read_user_typed_page`. That policy is never used for an address a model
chose.

Standard output gets the Markdown, or with ``--json`` the result object ``read_web_page`` returns;
what the guard removed is reported on standard error.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from studio.services import Services
from studio.tools.builtin import read_web_page
from studio.web import page

__all__ = ["add_command"]


def add_command(commands: Any, common: argparse.ArgumentParser) -> None:
    """Add ``read`` to the command line."""
    read = commands.add_parser(
        "read",
        parents=[common],
        help="read a web page and print its main content as Markdown",
        description=(
            "Read one web page or text document the way Studio hands it to a model: main "
            "content as Markdown, cut to the limit, suspicious instructions removed."
        ),
    )
    read.add_argument("url", metavar="URL", help="an http or https address")
    read.add_argument(
        "--json", action="store_true", help="print the result object read_web_page returns"
    )
    read.add_argument(
        "--max-characters",
        type=_positive,
        default=read_web_page.DEFAULT_MAX_CONTENT_CHARACTERS,
        metavar="N",
        help="cut the content at N characters (default %(default)s)",
    )
    read.add_argument(
        "--timeout",
        type=_positive,
        default=read_web_page.DEFAULT_TIMEOUT_SECONDS,
        metavar="SECONDS",
        help="give up after SECONDS (default %(default)s)",
    )
    read.set_defaults(handler=_read)


def _positive(text: str) -> int:
    value = int(text) if text.isascii() and text.isdigit() else 0
    if value < 1:
        raise argparse.ArgumentTypeError(f"{text!r} is not a positive whole number")
    return value


async def _read(services: Services, arguments: argparse.Namespace) -> int:
    reading = await page.read_user_typed_page(
        arguments.url,
        retrieval=services.builtin.retrieval,
        guard=services.builtin.guard,
        timeout=arguments.timeout,
        max_characters=arguments.max_characters,
    )
    if arguments.json:
        print(json.dumps(reading.to_json(), indent=2, ensure_ascii=False))
    else:
        for warning in reading.warnings:
            print(f"studio: {warning}", file=sys.stderr)
        content = reading.text.content
        print(content, end="" if content.endswith("\n") or not content else "\n")
    return 0
