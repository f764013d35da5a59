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
import re

from studio.cli.output import err, out, out_json
from studio.errors import StudioError
from studio.services import Services
from studio.tools.builtin import read_web_page
from studio.web import page

__all__ = ["handle"]

_HOST_WITHOUT_SCHEME = re.compile(r"[\w.-]+(:\d+)?(/\S*)?")
"""A host name or IP address, maybe a port and a path, and nothing before them."""


async def handle(services: Services, arguments: argparse.Namespace) -> int:
    """Run ``studio read URL``; return the exit code."""
    url = arguments.url.strip()
    if _HOST_WITHOUT_SCHEME.fullmatch(url):
        # "example.org/x" or "127.0.0.1:8080/x": the scheme is missing, not the address wrong.
        raise StudioError(
            f"The address {url!r} has no scheme: write it with http:// or https://, such as "
            f"'http://{url}'."
        )
    reading = await page.read_user_typed_page(
        url,
        retrieval=services.builtin.retrieval,
        guard=services.builtin.guard,
        # Not given on the command line: the tool's declared defaults, as the app reads pages.
        timeout=arguments.timeout or read_web_page.TIMEOUT_SECONDS.default_value,
        max_characters=arguments.max_characters
        or read_web_page.MAX_CONTENT_CHARACTERS.default_value,
        # A redirect from a public page may reach these, and no other private host.
        allowed_hosts=await read_web_page.allowed_private_hosts(services.builtin),
    )
    if arguments.json:
        out_json(reading.to_json())
    else:
        for warning in reading.warnings:
            err(f"studio: {warning}")
        content = reading.text.content
        out(content, end="" if content.endswith("\n") or not content else "\n")
    return 0
