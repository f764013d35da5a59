"""Turning hits into distinct candidates, and merging them again once their pages are loaded.

The same page often comes back more than once: from two backends, with a different host case,
a default port spelled out, or a fragment pointing into it. Loading it twice would waste the
retrieval slots and the content budget, and show the model the same text twice. So hits are
merged by a normalized address (:func:`normalize_url`) before any page is loaded, keeping the
backends' ranking.

Loading then follows redirects, so two different addresses may end at the same page; those are
merged a second time by the address the load ended at (:func:`merge_by_final_url`).
"""

from __future__ import annotations

import contextlib
import dataclasses
import ipaddress
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Generic, TypeVar
from urllib.parse import quote, urlsplit, urlunsplit

from studio.web.search.backend import BackendKind, SearchHit

__all__ = [
    "MAX_SNIPPET_CHARACTERS",
    "CandidateList",
    "RetrievedCandidate",
    "SearchCandidate",
    "cap_snippet",
    "collect_candidates",
    "merge_by_final_url",
    "merge_candidates",
    "normalize_url",
]

MAX_SNIPPET_CHARACTERS = 1000
"""The longest snippet a result carries, the ellipsis included."""

PageT = TypeVar("PageT")
_T = TypeVar("_T")

_DEFAULT_PORTS = {"http": 80, "https": 443}
_ESCAPE = re.compile(r"%([0-9A-Fa-f]{2})")
_UNRESERVED = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
# Everything printable ASCII stays as written; only non-ASCII and spaces get escaped.
_KEEP = "".join(chr(code) for code in range(0x21, 0x7F))


@dataclass(frozen=True, kw_only=True)
class SearchCandidate:
    """One distinct result, possibly found several times, that may get its page loaded."""

    url: str
    """The address to load: the best-ranked hit's, without its fragment."""
    key: str
    """The normalized address the hits were merged by; see :func:`normalize_url`."""
    title: str
    """The best-ranked non-empty title, or empty."""
    snippet: str
    """The best-ranked non-empty snippet, or empty."""
    published_date: str | None
    """The best-ranked publication date any of the hits gave."""
    rank: int
    """The position in the merged ranking, from 1."""
    original_urls: tuple[str, ...]
    """Every address the hits gave, as the backends wrote them, best-ranked first."""
    backends: tuple[BackendKind, ...]
    """Every backend that found it, in the order they did."""


@dataclass(frozen=True, kw_only=True)
class CandidateList:
    """The candidates of one search, and how many hits they came from."""

    candidates: tuple[SearchCandidate, ...]
    """At most the limit, best first, ranked from 1."""
    candidate_count: int
    """How many hits the backends returned, counted before anything was dropped or merged."""


@dataclass(frozen=True, kw_only=True)
class RetrievedCandidate(Generic[PageT]):
    """A candidate after the attempt to load its page."""

    candidate: SearchCandidate
    """The candidate, as collected."""
    final_url: str | None = None
    """Where loading ended after redirects; ``None`` when nothing was loaded."""
    page: PageT | None = None
    """The readable page; ``None`` when it could not be loaded or had no readable content."""


def normalize_url(url: str) -> str | None:
    """The key two addresses share when they name the same page; ``None`` if not a web address.

    The key is ``scheme://[userinfo@]host[:port]`` plus path and query, where the scheme and the
    host are lower case, an international host is in its ASCII (punycode) form without a
    trailing dot, a default port is left out, an empty path becomes ``/``, dot segments are
    resolved and escapes are made uniform. The fragment is dropped: it points into a page, not
    at another one. The path and the query keep their case, because servers may tell them apart.

    Args:
        url: An address as a backend sent it.

    Returns:
        The key, or ``None`` for anything but an absolute http or https address with a host.
    """
    try:
        parts = urlsplit(url.strip())
        port = parts.port
    except ValueError:
        return None
    scheme = parts.scheme.lower()
    host = _host(parts.hostname)
    if scheme not in _DEFAULT_PORTS or not host:
        return None
    userinfo = parts.netloc.rpartition("@")[0]
    netloc = f"{userinfo}@{host}" if userinfo else host
    if port is not None and port != _DEFAULT_PORTS[scheme]:
        netloc = f"{netloc}:{port}"
    path = _remove_dot_segments(_uniform_escapes(parts.path)) or "/"
    query = f"?{_uniform_escapes(parts.query)}" if parts.query else ""
    return f"{scheme}://{netloc}{path}{query}"


def collect_candidates(hits: Iterable[SearchHit], limit: int) -> CandidateList:
    """Merge hits with the same normalized address and keep the first ``limit`` candidates.

    Args:
        hits: The hits in ranking order (one backend's order, or the dispatcher's merged one).
        limit: How many candidates to keep.

    Returns:
        The candidates, ranked 1 to at most ``limit`` by their best hit, and the hit count.
    """
    hits = list(hits)
    merged: dict[str, SearchCandidate] = {}
    for position, hit in enumerate(hits, start=1):
        key = normalize_url(hit.url)
        if key is None:
            continue
        candidate = SearchCandidate(
            url=_without_fragment(hit.url),
            key=key,
            title=hit.title,
            snippet=hit.snippet,
            published_date=hit.published_date,
            rank=position,
            original_urls=(hit.url,),
            backends=(hit.backend,),
        )
        # Hits come best first, so the candidate already stored is always the better one.
        known = merged.get(key)
        merged[key] = candidate if known is None else merge_candidates(known, candidate)
    kept = list(merged.values())[: max(limit, 0)]
    return CandidateList(
        candidates=tuple(
            dataclasses.replace(candidate, rank=rank)
            for rank, candidate in enumerate(kept, start=1)
        ),
        candidate_count=len(hits),
    )


def merge_candidates(better: SearchCandidate, other: SearchCandidate) -> SearchCandidate:
    """One candidate from two that name the same page.

    Args:
        better: The one whose address and texts win; usually the better-ranked one.
        other: The one that only fills gaps: fields ``better`` leaves empty.

    Returns:
        ``better`` with its empty fields filled from ``other``, the better of the two ranks,
        and the original addresses and backends of both, without repeats.
    """
    return dataclasses.replace(
        better,
        title=better.title or other.title,
        snippet=better.snippet or other.snippet,
        published_date=better.published_date or other.published_date,
        rank=min(better.rank, other.rank),
        original_urls=_union(better.original_urls, other.original_urls),
        backends=_union(better.backends, other.backends),
    )


def merge_by_final_url(
    entries: Iterable[RetrievedCandidate[PageT]],
) -> list[RetrievedCandidate[PageT]]:
    """Merge loaded candidates that ended at the same address, and drop the empty ones.

    Of two entries for the same final address, the one with a page wins, and between equals
    the better rank; the merged entry keeps the better rank. An entry that was not loaded is
    keyed by its own address. Entries with neither a page nor a snippet nor a title tell the
    model nothing and are dropped. Snippets are capped by :func:`cap_snippet`.

    Args:
        entries: The candidates with their load results, in any order.

    Returns:
        The remaining entries in rank order.
    """
    merged: dict[str, RetrievedCandidate[PageT]] = {}
    for entry in entries:
        key = normalize_url(entry.final_url or entry.candidate.url) or entry.candidate.key
        known = merged.get(key)
        merged[key] = entry if known is None else _merge_retrieved(known, entry)
    kept = [
        entry
        for entry in merged.values()
        if entry.page is not None or entry.candidate.snippet or entry.candidate.title
    ]
    kept.sort(key=lambda entry: entry.candidate.rank)
    return [
        dataclasses.replace(
            entry,
            candidate=dataclasses.replace(
                entry.candidate, snippet=cap_snippet(entry.candidate.snippet)
            ),
        )
        for entry in kept
    ]


def cap_snippet(snippet: str, limit: int = MAX_SNIPPET_CHARACTERS) -> str:
    """``snippet`` shortened to at most ``limit`` characters, ending in "…" when shortened."""
    if len(snippet) <= limit:
        return snippet
    return snippet[: limit - 1].rstrip() + "…"


def _merge_retrieved(
    first: RetrievedCandidate[PageT], second: RetrievedCandidate[PageT]
) -> RetrievedCandidate[PageT]:
    if (first.page is None) != (second.page is None):
        winner, loser = (first, second) if first.page is not None else (second, first)
    else:
        winner, loser = sorted((first, second), key=lambda entry: entry.candidate.rank)
    return dataclasses.replace(
        winner, candidate=merge_candidates(winner.candidate, loser.candidate)
    )


def _host(hostname: str | None) -> str | None:
    # urlsplit already lower-cases the host and strips IPv6 brackets.
    if not hostname:
        return None
    host = hostname.rstrip(".")
    if ":" in host:
        address, _, zone = host.partition("%")
        try:
            compressed = ipaddress.IPv6Address(address).compressed
        except ValueError:
            return None
        return f"[{compressed}%{zone}]" if zone else f"[{compressed}]"
    if not host.isascii():
        # A name that is not valid IDNA is compared as written.
        with contextlib.suppress(UnicodeError):
            host = host.encode("idna").decode("ascii").lower()
    return host or None


def _uniform_escapes(text: str) -> str:
    # Escape non-ASCII as UTF-8, decode escaped unreserved characters and upper-case the rest,
    # so "é", "%c3%a9" and "%C3%A9" all compare equal, as do "%7E" and "~".
    text = quote(text, safe=_KEEP)

    def uniform(match: re.Match[str]) -> str:
        character = chr(int(match.group(1), 16))
        return character if character in _UNRESERVED else match.group(0).upper()

    return _ESCAPE.sub(uniform, text)


def _remove_dot_segments(path: str) -> str:
    segments = path.split("/")
    if "." not in segments and ".." not in segments:
        return path
    kept: list[str] = []
    for index, segment in enumerate(segments):
        last = index == len(segments) - 1
        if segment in (".", ".."):
            if segment == ".." and len(kept) > 1:
                kept.pop()
            if last:
                kept.append("")
            continue
        kept.append(segment)
    return "/".join(kept)


def _without_fragment(url: str) -> str:
    parts = urlsplit(url.strip())
    return urlunsplit(parts._replace(fragment=""))


def _union(first: Sequence[_T], second: Sequence[_T]) -> tuple[_T, ...]:
    return tuple(dict.fromkeys((*first, *second)))
