"""Asking the configured search backends, one after another or all at once.

With more than one backend configured, the user picks a strategy:

- ``FAILOVER`` asks the preferred backend first, then the others in :class:`BackendKind` order,
  and stops at the first that has hits. A backend that answers without hits is not a failure;
  the next one simply gets its turn.
- ``PARALLEL`` asks all of them at once and merges their hits round-robin by position (first
  hits first, backends in :class:`BackendKind` order), so each has an equal say. The limit
  applies to the merged list.
- ``SPECIFIC`` asks only the preferred backend.

A backend that fails becomes a note, so the model still gets the others' results and learns
what is missing. Only when no backend answered does the search raise
:class:`~studio.web.search.errors.SearchFailed`, with every reason: "the search failed" must
never look like "the search found nothing".

Before asking, the dispatcher compares the search with each backend's capabilities. A backend
that cannot apply the safe search policy is not asked (its results could show what the policy
hides), nor one that cannot serve the requested page. One that cannot filter by time range or
language is still asked, with a note that its results are unfiltered in that respect.
"""

from __future__ import annotations

import asyncio
import enum
import itertools
import logging
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from studio.kernel.translatable import QT_TRANSLATE_NOOP
from studio.web.search import candidates, errors
from studio.web.search.backend import (
    BackendKind,
    SafeSearch,
    SearchBackend,
    SearchHit,
    SearchPage,
    SearchQuery,
)

__all__ = ["SearchDispatcher", "SearchOutcome", "Strategy"]

_NO_BACKEND = QT_TRANSLATE_NOOP("WebSearchTool", "No web search backend is configured.")
_TWICE = QT_TRANSLATE_NOOP("WebSearchTool", "Each web search backend may be configured once.")
_SPECIFIC_WITHOUT_PREFERRED = QT_TRANSLATE_NOOP(
    "WebSearchTool", "Asking one specific search backend needs a preferred backend."
)
_PREFERRED_MISSING = QT_TRANSLATE_NOOP(
    "WebSearchTool", "The preferred search backend {backend!r} is not configured."
)

logger = logging.getLogger(__name__)


class Strategy(enum.Enum):
    """How the dispatcher uses several backends."""

    FAILOVER = "FAILOVER"
    PARALLEL = "PARALLEL"
    SPECIFIC = "SPECIFIC"


@dataclass(frozen=True, kw_only=True)
class SearchOutcome:
    """What a search found, possibly nothing, and what the model should know about it."""

    candidates: tuple[candidates.SearchCandidate, ...]
    """The distinct results, best first, at most the query's limit."""
    candidate_count: int
    """How many hits the answering backends returned before merging and the limit."""
    backends: tuple[BackendKind, ...]
    """The backends that answered (with or without hits), in the order they were asked."""
    notes: tuple[str, ...] = ()
    """English notes: backends that failed or were skipped, filters that did not apply."""


class SearchDispatcher:
    """Runs each search against the configured backends by the chosen strategy.

    Args:
        backends: The configured backends, at most one of each kind, in any order.
        strategy: How to use them; irrelevant with a single backend.
        preferred: The backend to ask first (``FAILOVER``) or only (``SPECIFIC``).

    Raises:
        SearchConfigError: No backend, two of one kind, ``SPECIFIC`` without a preferred
            backend, or a preferred backend that is not configured.
    """

    def __init__(
        self,
        backends: Iterable[SearchBackend],
        *,
        strategy: Strategy = Strategy.FAILOVER,
        preferred: BackendKind | None = None,
    ) -> None:
        ordered = sorted(backends, key=lambda backend: backend.kind)
        kinds = [backend.kind for backend in ordered]
        if not ordered:
            raise errors.SearchConfigError(_NO_BACKEND)
        if len(set(kinds)) != len(kinds):
            raise errors.SearchConfigError(_TWICE)
        if strategy is Strategy.SPECIFIC and preferred is None:
            raise errors.SearchConfigError(_SPECIFIC_WITHOUT_PREFERRED)
        if preferred is not None and preferred not in kinds:
            raise errors.SearchConfigError(_PREFERRED_MISSING, backend=preferred.display_name)
        self._backends: tuple[SearchBackend, ...] = tuple(ordered)
        self._strategy = strategy
        self._preferred = preferred

    @property
    def backends(self) -> tuple[SearchBackend, ...]:
        """The configured backends in :class:`BackendKind` order."""
        return self._backends

    async def search(self, query: SearchQuery) -> SearchOutcome:
        """Search by the strategy and collect the distinct candidates.

        Args:
            query: The search.

        Returns:
            The candidates (possibly none: the backends found nothing) with notes.

        Raises:
            SearchFailed: No backend answered: each failed or could not be asked.
        """
        notes: list[str] = []
        reasons: list[str] = []

        def admitted(backend: SearchBackend) -> bool:
            refusal = _refusal(backend, query)
            if refusal is not None:
                notes.append(refusal)
                reasons.append(refusal)
            return refusal is None

        answers: list[_Answer] = []
        if self._strategy is Strategy.PARALLEL:
            answers = await _ask_all([b for b in self._asked_backends() if admitted(b)], query)
        else:
            # Backends after the first with hits are neither asked nor mentioned.
            for backend in self._asked_backends():
                if admitted(backend):
                    answers.append(await _ask(backend, query))
                    if _has_hits(answers[-1]):
                        break
        pages: list[tuple[BackendKind, SearchPage]] = []
        for backend, answer in answers:
            if isinstance(answer, errors.SearchError):
                reason = f"{backend.kind.display_name}: {answer}"
                notes.append(reason)
                reasons.append(reason)
            else:
                pages.append((backend.kind, answer))
                notes.extend(_unfiltered_notes(backend, query))
                notes.extend(answer.notes)
        if not pages:
            raise errors.SearchFailed(reasons)
        collected = candidates.collect_candidates(
            _round_robin([page.hits for _, page in pages]), query.limit
        )
        return SearchOutcome(
            candidates=collected.candidates,
            candidate_count=collected.candidate_count,
            backends=tuple(kind for kind, _ in pages),
            notes=tuple(dict.fromkeys(notes)),
        )

    def _asked_backends(self) -> list[SearchBackend]:
        if self._strategy is Strategy.PARALLEL or self._preferred is None:
            return list(self._backends)
        preferred = [backend for backend in self._backends if backend.kind is self._preferred]
        if self._strategy is Strategy.SPECIFIC:
            return preferred
        return preferred + [b for b in self._backends if b.kind is not self._preferred]


_Answer = tuple[SearchBackend, SearchPage | errors.SearchError]


async def _ask(backend: SearchBackend, query: SearchQuery) -> _Answer:
    # Only the errors a backend promises become notes; anything else is a bug and surfaces.
    try:
        return backend, await backend.search(query)
    except errors.SearchError as error:
        logger.info("%s did not answer: %s", backend.kind.display_name, error)
        return backend, error


def _has_hits(answer: _Answer) -> bool:
    return isinstance(answer[1], SearchPage) and bool(answer[1].hits)


async def _ask_all(backends: Sequence[SearchBackend], query: SearchQuery) -> list[_Answer]:
    async with asyncio.TaskGroup() as group:
        tasks = [group.create_task(_ask(backend, query)) for backend in backends]
    return [task.result() for task in tasks]


def _round_robin(ranked_lists: Sequence[Sequence[SearchHit]]) -> list[SearchHit]:
    # The first hit of every backend, then the second of every backend, and so on.
    merged = itertools.chain.from_iterable(itertools.zip_longest(*ranked_lists))
    return [hit for hit in merged if hit is not None]


def _refusal(backend: SearchBackend, query: SearchQuery) -> str | None:
    name = backend.kind.display_name
    capabilities = backend.capabilities
    if query.safe_search not in (None, SafeSearch.OFF) and not capabilities.filters_safe_search:
        return (
            f"{name} was not asked: it cannot filter results for safe search, and the safe "
            f"search policy is {query.safe_search.value}."
        )
    if query.page > capabilities.max_page:
        return (
            f"{name} was not asked: it serves result pages up to {capabilities.max_page}, "
            f"and page {query.page} was requested."
        )
    return None


def _unfiltered_notes(backend: SearchBackend, query: SearchQuery) -> list[str]:
    name = backend.kind.display_name
    capabilities = backend.capabilities
    notes = []
    if query.time_range is not None and not capabilities.supports_time_range:
        notes.append(
            f"{name} cannot filter by time range, so its results may be older than one "
            f"{query.time_range}."
        )
    if query.language not in (None, "all") and not capabilities.supports_language:
        notes.append(
            f"{name} cannot filter by language, so its results may not be in {query.language!r}."
        )
    return notes
