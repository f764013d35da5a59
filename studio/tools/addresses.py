"""Finding web addresses in text, and telling a tool's real findings from echoes.

A chat remembers which addresses reached the model from somewhere other than the model itself,
so a restricted tool can later refuse addresses the model made up. Tool results count, but only
for addresses the tool found: an address the model put into the call's arguments and the tool
merely repeated (a search query quoted back, say) proves nothing and must not be counted.
"""

from __future__ import annotations

import html
import re
from collections.abc import Iterable

__all__ = ["find_web_addresses", "without_echoes"]

_ADDRESS = re.compile(r"https?://[^\s<>\"'`{}|\\^]+", re.IGNORECASE)
# Schemes are case-insensitive (RFC 3986), so "HTTPS://" is an address too.

_TRAILING_PUNCTUATION = ".,;:!?*"
"""Characters that end a sentence or Markdown emphasis far more often than an address."""

_BRACKETS = {")": "(", "]": "["}


def find_web_addresses(text: str) -> list[str]:
    """The http and https addresses in ``text``, each once, in order of first appearance.

    Trailing punctuation is trimmed, and so is a closing bracket without its opening partner,
    which makes ``(see https://example.org/a).`` yield ``https://example.org/a`` while
    ``https://en.wikipedia.org/wiki/Tool_(band)`` stays whole. An address written with HTML
    entities (``&amp;``) is followed by its decoded form, because that is the form a model
    passes on.

    Args:
        text: Any text: a tool result, JSON, Markdown or HTML.

    Returns:
        The addresses found, without duplicates.
    """
    found: dict[str, None] = {}
    for match in _ADDRESS.finditer(text):
        address = _trim(match.group())
        if not _has_host_part(address):
            continue
        found[address] = None
        decoded = _decoded(address)
        if decoded is not None:
            found[decoded] = None
    return list(found)


def without_echoes(addresses: Iterable[str], echoed_texts: Iterable[str]) -> list[str]:
    """Drop every address that occurs in any of ``echoed_texts``, even inside a longer one.

    The comparison ignores case and HTML entities, so an echo cannot slip through by changing
    the case of the host or by coming back entity-encoded. Dropping too much only makes a
    restricted tool refuse an address, never allow one.

    Args:
        addresses: Addresses found in a tool result.
        echoed_texts: Texts the model wrote for the call (the raw arguments, their values).

    Returns:
        The addresses that occur in none of the texts, in their original order.
    """
    haystacks = [_comparable(text) for text in echoed_texts]
    return [
        address
        for address in addresses
        if not any(_comparable(address) in haystack for haystack in haystacks)
    ]


def _trim(address: str) -> str:
    while _ends_badly(address):
        address = address[:-1]
    return address


def _ends_badly(address: str) -> bool:
    last = address[-1]
    if last in _BRACKETS:
        return address.count(_BRACKETS[last]) < address.count(last)
    return last in _TRAILING_PUNCTUATION


def _has_host_part(address: str) -> bool:
    return bool(address.partition("://")[2])


def _decoded(address: str) -> str | None:
    """The address with HTML entities decoded, or None when that changes nothing.

    Decoding can produce a character that ends an address (``&quot;``), so the decoded text is
    searched again rather than taken whole.
    """
    if "&" not in address:
        return None
    match = _ADDRESS.match(html.unescape(address))
    if match is None:
        return None
    decoded = _trim(match.group())
    return decoded if decoded != address and _has_host_part(decoded) else None


def _comparable(text: str) -> str:
    return html.unescape(text).casefold()
