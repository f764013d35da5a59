"""The contract every search backend fulfils, and the vocabulary of a search.

A backend turns a :class:`SearchQuery` into a :class:`SearchPage` of ranked hits. It only
searches: it never loads a result page, so a hit's address is just data until the page
retrieval, which reaches public addresses only, decides whether to load it.

Backends differ in what they can do, and the dispatcher (:mod:`studio.web.search.dispatch`)
must know that before it asks one: a backend that cannot filter for safe search must not be
asked under a safe search policy, and one that serves only the first page must not be asked
for page three. Each backend therefore declares its :class:`BackendCapabilities`, and nothing
outside a backend branches on which backend it is (HS-4).
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import Literal, Protocol

__all__ = [
    "DEFAULT_LIMIT",
    "MAX_LIMIT",
    "BackendCapabilities",
    "BackendKind",
    "SafeSearch",
    "SearchBackend",
    "SearchHit",
    "SearchPage",
    "SearchQuery",
    "TimeRange",
]

DEFAULT_LIMIT = 5
"""How many results a search returns when the model does not say."""

MAX_LIMIT = 20
"""The most results one search may return; the content budget is sized for this many."""

TimeRange = Literal["day", "month", "year"]
"""How recent results must be; the values are the ones the model may pass."""


class BackendKind(enum.IntEnum):
    """The search services Studio can ask."""

    SEARXNG = 1

    @property
    def display_name(self) -> str:
        """The service's name as users and the model know it."""
        return _DISPLAY_NAMES[self]


_DISPLAY_NAMES = {
    BackendKind.SEARXNG: "SearXNG",
}


class SafeSearch(enum.Enum):
    """How strictly a backend should filter adult content out of its results."""

    OFF = "OFF"
    MODERATE = "MODERATE"
    STRICT = "STRICT"


@dataclass(frozen=True, kw_only=True)
class SearchQuery:
    """One search, as the model asked for it and the settings completed it.

    Raises:
        ValueError: The query is blank, or the page or the limit is out of range. The tool
            checks the model's arguments first, so this only catches programming errors.
    """

    query: str
    """What to search for, as the model wrote it."""
    language: str | None = None
    """An IETF language tag such as ``"de-DE"``, or ``"all"``; ``None`` leaves it to the backend."""
    time_range: TimeRange | None = None
    """Only results from the last day, month or year; ``None`` for any age."""
    page: int = 1
    """Which page of results, from 1."""
    limit: int = DEFAULT_LIMIT
    """How many results to return at most, from 1 to :data:`MAX_LIMIT`."""
    safe_search: SafeSearch | None = None
    """The safe search policy; ``None`` sends none, so the backend's own default applies."""

    def __post_init__(self) -> None:
        if not self.query.strip():
            raise ValueError("A search query must not be blank.")
        if self.page < 1:
            raise ValueError(f"The result page must be 1 or more, not {self.page}.")
        if not 1 <= self.limit <= MAX_LIMIT:
            raise ValueError(f"The limit must be from 1 to {MAX_LIMIT}, not {self.limit}.")


@dataclass(frozen=True, kw_only=True)
class BackendCapabilities:
    """What one configured backend can do; the dispatcher reads it before asking.

    Capabilities belong to a configured backend, not to its kind: a service may lose a feature
    under some of its settings (a faster search depth without safe search, for example).
    """

    filters_safe_search: bool
    """Whether it can apply a safe search policy other than OFF."""
    max_page: int
    """The last result page it can serve."""
    supports_time_range: bool
    """Whether it can restrict results to the last day, month or year."""
    supports_language: bool
    """Whether it can restrict results to a language."""


@dataclass(frozen=True, kw_only=True)
class SearchHit:
    """One result as a backend ranked it, before any page was loaded."""

    url: str
    """The result's address exactly as the backend sent it; never loaded by the backend."""
    title: str
    """The title the backend shows, possibly empty."""
    snippet: str
    """The backend's excerpt of the page, possibly empty."""
    published_date: str | None
    """When the page was published, as the backend wrote it, if it knows."""
    score: float | None
    """The backend's own relevance score, if it gives one; higher is better."""
    rank: int
    """The position in this backend's answer, from 1."""
    backend: BackendKind
    """The backend that found it."""


@dataclass(frozen=True, kw_only=True)
class SearchPage:
    """One backend's answer to one search: possibly no hits, which is not an error."""

    hits: tuple[SearchHit, ...]
    """The usable hits, best first."""
    notes: tuple[str, ...] = ()
    """Things the model should know about this answer, in English (engines that failed, say)."""
    candidate_count: int = 0
    """How many results the backend sent, counting those Studio could not use (no address)."""


class SearchBackend(Protocol):
    """A configured search service that answers one query at a time.

    Implementations raise a :class:`~studio.web.search.errors.SearchBackendError` when they
    cannot answer, and return a page without hits when the service found nothing; they never
    mix the two up. They let :class:`asyncio.CancelledError` through.
    """

    @property
    def kind(self) -> BackendKind:
        """Which service this is."""
        ...

    @property
    def capabilities(self) -> BackendCapabilities:
        """What this configured backend can do."""
        ...

    async def search(self, query: SearchQuery) -> SearchPage:
        """Run one search.

        Args:
            query: The search. The dispatcher only passes pages and safe search policies the
                backend's capabilities allow.

        Returns:
            The hits, best first, with notes.

        Raises:
            SearchBackendError: The service did not answer usefully.
        """
        ...
