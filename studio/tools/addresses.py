"""Finding web addresses in text, and telling a tool's real findings from echoes.

A chat remembers which addresses reached the model from somewhere other than the model itself,
so a restricted tool can later refuse addresses the model made up. Tool results count, but only
for addresses the tool found: an address the model put into the call's arguments and the tool
merely repeated (a search query quoted back, say) proves nothing and must not be counted.

Whether an address counts as given is decided by its request key (:func:`request_key`): two
spellings that make the same request, such as a different case in the host or a fragment, are
the same address, while any difference in what is sent (path, query, port) makes another one.
"""

from __future__ import annotations

import html
import re
from collections.abc import Iterable

import httpx

__all__ = ["find_web_addresses", "is_given", "request_key", "without_echoes"]

_ADDRESS = re.compile(r"https?://[^\s<>\"'`{}|\\^]+", re.IGNORECASE)
# Schemes are case-insensitive (RFC 3986), so "HTTPS://" is an address too.

_TRAILING_PUNCTUATION = ".,;:!?*"
"""Characters that end a sentence or Markdown emphasis far more often than an address."""

_BRACKETS = {")": "(", "]": "["}

_DEFAULT_PORTS = {"http": 80, "https": 443}


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


def request_key(address: str) -> str | None:
    """What an address asks the server for, as one comparable string; None if not a web address.

    The key is ``scheme://[userinfo@]host:port`` followed by the path and query, with the
    scheme and the host in lower case, an international host in its ASCII (punycode) form and
    the port always written out, the default one included. The fragment is dropped, because it
    never leaves the client. Path and query stay as the HTTP client would send them: escaped,
    dot segments resolved, but otherwise exact, because a server may tell ``%7E`` from ``~`` or
    ``/A`` from ``/a``. The address is parsed as the retrieval service parses it, so the key
    names exactly the request a read would make.

    Args:
        address: An address as the model or a tool result wrote it.

    Returns:
        The key, or None for anything that is not an absolute http or https address with a
        host.
    """
    try:
        url = httpx.URL(address.strip())
    except (httpx.InvalidURL, TypeError, ValueError, UnicodeError):
        return None
    scheme = url.scheme.lower()
    host = url.raw_host.decode("ascii", "replace").lower().rstrip(".")
    if scheme not in _DEFAULT_PORTS or not host:
        return None
    if ":" in host:
        host = f"[{host}]"
    userinfo = url.userinfo.decode("ascii", "replace")
    netloc = f"{userinfo}@{host}" if userinfo else host
    port = url.port if url.port is not None else _DEFAULT_PORTS[scheme]
    path_and_query = url.raw_path.decode("ascii", "replace") or "/"
    return f"{scheme}://{netloc}:{port}{path_and_query}"


def is_given(address: str, given: Iterable[str]) -> bool:
    """Whether ``address`` makes the same request as one of the ``given`` addresses.

    Args:
        address: The address a tool is asked to read.
        given: Addresses that reached the model from somewhere other than the model.

    Returns:
        True when the request keys match (see :func:`request_key`); never for an address that
        has no key.
    """
    key = request_key(address)
    return key is not None and any(request_key(other) == key for other in given)


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
