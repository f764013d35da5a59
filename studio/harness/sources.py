"""Collecting the sources of one answer without listing the same page twice.

Several tool calls often reach the same page (a search finds it, a read opens it), and
providers write the same address in different spellings. Sources are therefore compared by a
normalised address: the parts that cannot change which resource is meant are brought into one
form, and everything else (path, query, user info) is left exactly as it was, because changing
it could merge two different pages.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from urllib.parse import SplitResult, urlsplit, urlunsplit

from studio.kernel.result import Source

__all__ = ["merge_sources", "normalize_url"]

_DEFAULT_PORTS = {"http": 80, "https": 443}


def normalize_url(url: str) -> str:
    """The form of ``url`` that two spellings of the same address share.

    The scheme and host are lower-cased, a trailing dot on the host is dropped, the scheme's
    default port is dropped, the fragment is dropped (it names a place in the page, not
    another page), and an empty http or https path becomes ``/``. Text that does not parse
    as an address comes back stripped of surrounding blanks and otherwise unchanged.

    Args:
        url: An address as a tool or provider reported it.

    Returns:
        The comparison key; not meant to be shown.
    """
    text = url.strip()
    try:
        parts = urlsplit(text)
        port = parts.port
    except ValueError:
        # An invalid port or a broken IPv6 literal: compare the text as it is.
        return text
    if not parts.netloc:
        return urlunsplit(parts._replace(fragment=""))
    scheme = parts.scheme.lower()
    netloc = _netloc(parts, scheme, port)
    path = parts.path
    if not path and scheme in _DEFAULT_PORTS:
        path = "/"
    return urlunsplit((scheme, netloc, path, parts.query, ""))


def merge_sources(existing: Sequence[Source], new: Iterable[Source]) -> tuple[Source, ...]:
    """``existing`` followed by the sources of ``new`` whose address it does not list yet.

    The first source seen for an address wins, so a title a tool reported stays put when a
    later call reports the page again. Sources without an address are compared by title.

    Args:
        existing: The sources collected so far, already free of duplicates.
        new: Sources to add, in the order they were reported.

    Returns:
        A new tuple; ``existing`` is not changed.
    """
    merged = list(existing)
    seen = {_key(source) for source in merged}
    for source in new:
        key = _key(source)
        if key not in seen:
            seen.add(key)
            merged.append(source)
    return tuple(merged)


def _key(source: Source) -> tuple[str, str]:
    if source.url.strip():
        return ("url", normalize_url(source.url))
    return ("title", source.title.strip())


def _netloc(parts: SplitResult, scheme: str, port: int | None) -> str:
    # ``hostname`` is already lower-case and without IPv6 brackets.
    host = (parts.hostname or "").rstrip(".")
    if ":" in host:
        host = f"[{host}]"
    if port is not None and _DEFAULT_PORTS.get(scheme) != port:
        host = f"{host}:{port}"
    user_info, separator, _ = parts.netloc.rpartition("@")
    return f"{user_info}@{host}" if separator else host
