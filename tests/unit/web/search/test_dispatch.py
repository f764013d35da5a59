from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest

from studio.web.search import errors
from studio.web.search.backend import (
    BackendCapabilities,
    BackendKind,
    SafeSearch,
    SearchBackend,
    SearchHit,
    SearchPage,
    SearchQuery,
)
from studio.web.search.dispatch import SearchDispatcher

SEARXNG = BackendKind.SEARXNG
EVERYTHING = BackendCapabilities(
    filters_safe_search=True, max_page=20, supports_time_range=True, supports_language=True
)


class FakeBackend:
    """Answers with fixed hits (or a fixed error) and records the queries it was asked."""

    def __init__(
        self,
        kind: BackendKind,
        urls: Sequence[str] = (),
        *,
        error: errors.SearchError | None = None,
        capabilities: BackendCapabilities = EVERYTHING,
        notes: Sequence[str] = (),
    ) -> None:
        self._kind = kind
        self._capabilities = capabilities
        self.urls = list(urls)
        self.error = error
        self.notes = tuple(notes)
        self.queries: list[SearchQuery] = []

    @property
    def kind(self) -> BackendKind:
        return self._kind

    @property
    def capabilities(self) -> BackendCapabilities:
        return self._capabilities

    async def search(self, query: SearchQuery) -> SearchPage:
        self.queries.append(query)
        if self.error is not None:
            raise self.error
        hits = tuple(
            SearchHit(
                url=url,
                title=f"{self.kind.display_name} {rank}",
                snippet="",
                published_date=None,
                score=None,
                rank=rank,
                backend=self.kind,
            )
            for rank, url in enumerate(self.urls, start=1)
        )
        return SearchPage(hits=hits, notes=self.notes, candidate_count=len(hits))


def failure(kind: BackendKind, text: str = "down") -> errors.SearchBackendError:
    return errors.SearchUnreachable(kind.display_name, f"The search failed: {text}.")


def urls(prefix: str, count: int) -> list[str]:
    return [f"https://{prefix}.example/{number}" for number in range(1, count + 1)]


def query(**fields: Any) -> SearchQuery:
    return SearchQuery(query="test", **fields)


def test_fake_backend_fulfils_the_protocol() -> None:
    backend: SearchBackend = FakeBackend(SEARXNG)
    assert backend.kind is SEARXNG


# Answers


async def test_the_backend_hits_become_candidates_in_rank_order() -> None:
    searxng = FakeBackend(SEARXNG, urls("s", 3))
    outcome = await SearchDispatcher(searxng).search(query())
    assert [c.url for c in outcome.candidates] == urls("s", 3)
    assert [c.rank for c in outcome.candidates] == [1, 2, 3]
    assert outcome.backends == (SEARXNG,)
    assert outcome.candidate_count == 3
    assert outcome.notes == ()


async def test_the_limit_applies_to_the_distinct_candidates() -> None:
    searxng = FakeBackend(SEARXNG, ["https://same.example/a", "https://SAME.example:443/a#x",
                                    *urls("s", 9)])  # fmt: skip
    outcome = await SearchDispatcher(searxng).search(query(limit=5))
    assert [c.url for c in outcome.candidates] == ["https://same.example/a", *urls("s", 4)]
    assert outcome.candidate_count == 11


async def test_nothing_found_is_an_empty_outcome_not_an_error() -> None:
    searxng = FakeBackend(SEARXNG, [], notes=["engine x did not answer"])
    outcome = await SearchDispatcher(searxng).search(query())
    assert outcome.candidates == ()
    assert outcome.candidate_count == 0
    assert outcome.backends == (SEARXNG,)
    assert outcome.notes == ("engine x did not answer",)


async def test_a_failed_backend_is_a_failed_search_with_the_reason() -> None:
    dispatcher = SearchDispatcher(FakeBackend(SEARXNG, error=failure(SEARXNG, "timed out")))
    with pytest.raises(errors.SearchFailed) as caught:
        await dispatcher.search(query())
    assert caught.value.reasons == ("SearXNG: The search failed: timed out.",)
    message = str(caught.value)
    assert message.startswith("The web search failed: no search backend answered.")
    assert "not an empty result" in message
    assert "timed out" in message


async def test_unexpected_errors_are_not_mistaken_for_backend_failures() -> None:
    class Broken(FakeBackend):
        async def search(self, query: SearchQuery) -> SearchPage:
            raise RuntimeError("a bug")

    with pytest.raises(RuntimeError, match="a bug"):
        await SearchDispatcher(Broken(SEARXNG)).search(query())


# Capabilities


NO_SAFE_SEARCH = BackendCapabilities(
    filters_safe_search=False, max_page=20, supports_time_range=True, supports_language=True
)
FIRST_PAGE_ONLY = BackendCapabilities(
    filters_safe_search=True, max_page=1, supports_time_range=True, supports_language=True
)
NO_FILTERS = BackendCapabilities(
    filters_safe_search=True, max_page=20, supports_time_range=False, supports_language=False
)


@pytest.mark.parametrize("policy", [SafeSearch.MODERATE, SafeSearch.STRICT])
async def test_a_backend_that_cannot_filter_is_not_asked_under_safe_search(
    policy: SafeSearch,
) -> None:
    searxng = FakeBackend(SEARXNG, urls("s", 1), capabilities=NO_SAFE_SEARCH)
    with pytest.raises(errors.SearchFailed) as caught:
        await SearchDispatcher(searxng).search(query(safe_search=policy))
    assert searxng.queries == []
    assert caught.value.reasons == (
        "SearXNG was not asked: it cannot filter results for safe search, and the safe search "
        f"policy is {policy.value}.",
    )


@pytest.mark.parametrize("policy", [None, SafeSearch.OFF])
async def test_a_backend_that_cannot_filter_is_asked_without_safe_search(
    policy: SafeSearch | None,
) -> None:
    searxng = FakeBackend(SEARXNG, urls("s", 1), capabilities=NO_SAFE_SEARCH)
    outcome = await SearchDispatcher(searxng).search(query(safe_search=policy))
    assert outcome.backends == (SEARXNG,)
    assert outcome.notes == ()


async def test_a_backend_that_cannot_serve_the_page_is_not_asked() -> None:
    searxng = FakeBackend(SEARXNG, urls("s", 1), capabilities=FIRST_PAGE_ONLY)
    with pytest.raises(errors.SearchFailed) as caught:
        await SearchDispatcher(searxng).search(query(page=3))
    assert searxng.queries == []
    assert caught.value.reasons == (
        "SearXNG was not asked: it serves result pages up to 1, and page 3 was requested.",
    )


async def test_a_backend_without_time_range_or_language_filters_is_asked_with_notes() -> None:
    searxng = FakeBackend(SEARXNG, urls("s", 1), capabilities=NO_FILTERS)
    outcome = await SearchDispatcher(searxng).search(query(time_range="day", language="de-DE"))
    assert [q.time_range for q in searxng.queries] == ["day"]
    assert outcome.notes == (
        "SearXNG cannot filter by time range, so its results may be older than one day.",
        "SearXNG cannot filter by language, so its results may not be in 'de-DE'.",
    )


async def test_language_all_needs_no_language_filter() -> None:
    searxng = FakeBackend(SEARXNG, urls("s", 1), capabilities=NO_FILTERS)
    outcome = await SearchDispatcher(searxng).search(query(language="all"))
    assert outcome.notes == ()


async def test_notes_of_the_backend_are_passed_on_once() -> None:
    searxng = FakeBackend(SEARXNG, urls("s", 1), notes=["engine a failed", "engine a failed"])
    outcome = await SearchDispatcher(searxng).search(query())
    assert outcome.notes == ("engine a failed",)


async def test_the_backend_gets_the_query_as_asked() -> None:
    searxng = FakeBackend(SEARXNG, urls("s", 1))
    asked = query(language="en-US", page=2, limit=7, safe_search=SafeSearch.STRICT)
    await SearchDispatcher(searxng).search(asked)
    assert searxng.queries == [asked]
