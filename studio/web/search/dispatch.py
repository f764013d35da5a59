"""Asking the configured search backend, within what it can do.

Before asking, the dispatcher compares the search with the backend's capabilities. A backend
that cannot apply the safe search policy is not asked (its results could show what the policy
hides), nor one that cannot serve the requested page. One that cannot filter by time range or
language is still asked, with a note that its results are unfiltered in that respect.

A backend that fails, or cannot be asked, makes the search raise
:class:`~studio.web.search.errors.SearchFailed` with the reason: "the search failed" must never
look like "the search found nothing", which is an outcome without candidates.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass

from studio.web.search import candidates, errors
from studio.web.search.backend import BackendKind, SafeSearch, SearchBackend, SearchQuery

__all__ = ["SearchDispatcher", "SearchOutcome"]

logger = logging.getLogger(__name__)


@dataclass(frozen=True, kw_only=True)
class SearchOutcome:
    """What a search found, possibly nothing, and what the model should know about it."""

    candidates: tuple[candidates.SearchCandidate, ...]
    """The distinct results, best first, at most the query's limit."""
    candidate_count: int
    """How many hits the backend returned before merging and the limit."""
    backends: tuple[BackendKind, ...]
    """The backend that answered (with or without hits)."""
    notes: tuple[str, ...] = ()
    """English notes: filters that did not apply, engines that failed within the backend."""


class SearchDispatcher:
    """Runs each search against the configured backend.

    Args:
        backend: The configured backend.
    """

    def __init__(self, backend: SearchBackend) -> None:
        self._backend = backend

    async def search(self, query: SearchQuery) -> SearchOutcome:
        """Ask the backend, if its capabilities allow, and collect the distinct candidates.

        Args:
            query: The search.

        Returns:
            The candidates (possibly none: the backend found nothing) with notes.

        Raises:
            SearchFailed: The backend failed or could not be asked.
        """
        backend = self._backend
        refusal = _refusal(backend, query)
        if refusal is not None:
            raise errors.SearchFailed([refusal])
        try:
            page = await backend.search(query)
        except errors.SearchError as error:
            # Only the errors a backend promises are reasons; anything else is a bug.
            logger.info("%s did not answer: %s", backend.kind.display_name, error)
            raise errors.SearchFailed([f"{backend.kind.display_name}: {error}"]) from error
        collected = candidates.collect_candidates(page.hits, query.limit)
        notes = [*_unfiltered_notes(backend, query), *page.notes]
        return SearchOutcome(
            candidates=collected.candidates,
            candidate_count=collected.candidate_count,
            backends=(backend.kind,),
            notes=tuple(dict.fromkeys(notes)),
        )


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
