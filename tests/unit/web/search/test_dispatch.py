from __future__ import annotations

import asyncio
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
from studio.web.search.dispatch import SearchDispatcher, Strategy

SEARXNG, STAAN, TAVILY = BackendKind.SEARXNG, BackendKind.STAAN, BackendKind.TAVILY
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
        barrier: asyncio.Barrier | None = None,
    ) -> None:
        self._kind = kind
        self._capabilities = capabilities
        self.urls = list(urls)
        self.error = error
        self.notes = tuple(notes)
        self.barrier = barrier
        self.queries: list[SearchQuery] = []

    @property
    def kind(self) -> BackendKind:
        return self._kind

    @property
    def capabilities(self) -> BackendCapabilities:
        return self._capabilities

    async def search(self, query: SearchQuery) -> SearchPage:
        self.queries.append(query)
        if self.barrier is not None:
            await self.barrier.wait()
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


# Configuration


@pytest.mark.parametrize(
    ("backends", "strategy", "preferred", "message"),
    [
        ([], Strategy.FAILOVER, None, "No web search backend"),
        ([SEARXNG, SEARXNG], Strategy.FAILOVER, None, "configured once"),
        ([SEARXNG, TAVILY], Strategy.SPECIFIC, None, "needs a preferred backend"),
        ([SEARXNG], Strategy.FAILOVER, TAVILY, "'Tavily' is not configured"),
    ],
    ids=["none", "duplicate", "specific-without-preferred", "preferred-missing"],
)
def test_dispatcher_refuses_a_configuration_it_cannot_run(
    backends: list[BackendKind],
    strategy: Strategy,
    preferred: BackendKind | None,
    message: str,
) -> None:
    with pytest.raises(errors.SearchConfigError, match=message):
        SearchDispatcher(
            [FakeBackend(kind) for kind in backends], strategy=strategy, preferred=preferred
        )


def test_dispatcher_orders_backends_by_kind() -> None:
    dispatcher = SearchDispatcher([FakeBackend(TAVILY), FakeBackend(SEARXNG), FakeBackend(STAAN)])
    assert [backend.kind for backend in dispatcher.backends] == [SEARXNG, STAAN, TAVILY]


# FAILOVER


async def test_failover_asks_the_preferred_backend_first_and_stops_at_hits() -> None:
    searxng = FakeBackend(SEARXNG, urls("s", 2))
    tavily = FakeBackend(TAVILY, urls("t", 2))
    dispatcher = SearchDispatcher([searxng, tavily], preferred=TAVILY)
    outcome = await dispatcher.search(query())
    assert [c.url for c in outcome.candidates] == urls("t", 2)
    assert outcome.backends == (TAVILY,)
    assert searxng.queries == []
    assert outcome.notes == ()


async def test_failover_without_preference_goes_in_kind_order() -> None:
    staan = FakeBackend(STAAN, urls("st", 1))
    searxng = FakeBackend(SEARXNG, urls("s", 1))
    outcome = await SearchDispatcher([staan, searxng]).search(query())
    assert outcome.backends == (SEARXNG,)
    assert staan.queries == []


async def test_failover_moves_on_after_a_failure_and_notes_it() -> None:
    searxng = FakeBackend(SEARXNG, error=failure(SEARXNG, "refused"))
    staan = FakeBackend(STAAN, urls("st", 2))
    outcome = await SearchDispatcher([searxng, staan]).search(query())
    assert [c.url for c in outcome.candidates] == urls("st", 2)
    assert outcome.notes == ("SearXNG: The search failed: refused.",)
    assert outcome.backends == (STAAN,)


async def test_failover_moves_on_after_an_empty_answer_without_calling_it_a_failure() -> None:
    searxng = FakeBackend(SEARXNG, [], notes=["engine x did not answer"])
    tavily = FakeBackend(TAVILY, urls("t", 1))
    outcome = await SearchDispatcher([searxng, tavily]).search(query())
    assert outcome.backends == (SEARXNG, TAVILY)
    assert [c.url for c in outcome.candidates] == urls("t", 1)
    assert outcome.notes == ("engine x did not answer",)


async def test_nothing_found_anywhere_is_an_empty_outcome_not_an_error() -> None:
    dispatcher = SearchDispatcher([FakeBackend(SEARXNG), FakeBackend(TAVILY)])
    outcome = await dispatcher.search(query())
    assert outcome.candidates == ()
    assert outcome.candidate_count == 0
    assert outcome.backends == (SEARXNG, TAVILY)


async def test_failed_and_empty_answers_together_are_still_no_error() -> None:
    dispatcher = SearchDispatcher(
        [FakeBackend(SEARXNG, error=failure(SEARXNG)), FakeBackend(STAAN)]
    )
    outcome = await dispatcher.search(query())
    assert outcome.candidates == ()
    assert outcome.backends == (STAAN,)
    assert outcome.notes == ("SearXNG: The search failed: down.",)


async def test_search_no_backend_answered_raises_with_every_reason() -> None:
    dispatcher = SearchDispatcher(
        [
            FakeBackend(SEARXNG, error=failure(SEARXNG, "timed out")),
            FakeBackend(TAVILY, error=failure(TAVILY, "bad key")),
        ]
    )
    with pytest.raises(errors.SearchFailed) as caught:
        await dispatcher.search(query())
    assert caught.value.reasons == (
        "SearXNG: The search failed: timed out.",
        "Tavily: The search failed: bad key.",
    )
    message = str(caught.value)
    assert message.startswith("The web search failed: no search backend answered.")
    assert "not an empty result" in message
    assert "timed out" in message
    assert "bad key" in message


async def test_unexpected_errors_are_not_mistaken_for_backend_failures() -> None:
    class Broken(FakeBackend):
        async def search(self, query: SearchQuery) -> SearchPage:
            raise RuntimeError("a bug")

    with pytest.raises(RuntimeError, match="a bug"):
        await SearchDispatcher([Broken(SEARXNG), FakeBackend(TAVILY)]).search(query())


# SPECIFIC


async def test_specific_asks_only_the_chosen_backend() -> None:
    searxng = FakeBackend(SEARXNG, urls("s", 1))
    staan = FakeBackend(STAAN, [])
    dispatcher = SearchDispatcher([searxng, staan], strategy=Strategy.SPECIFIC, preferred=STAAN)
    outcome = await dispatcher.search(query())
    assert outcome.candidates == ()
    assert outcome.backends == (STAAN,)
    assert searxng.queries == []


async def test_specific_failure_is_the_search_failure() -> None:
    staan = FakeBackend(STAAN, error=failure(STAAN))
    dispatcher = SearchDispatcher(
        [FakeBackend(SEARXNG, urls("s", 1)), staan], strategy=Strategy.SPECIFIC, preferred=STAAN
    )
    with pytest.raises(errors.SearchFailed, match=r"Staan: The search failed: down\."):
        await dispatcher.search(query())


# PARALLEL


async def test_parallel_asks_everyone_at_once_and_merges_round_robin() -> None:
    # No backend answers before all three were asked: asked in turn, the first would wait forever.
    everyone = asyncio.Barrier(3)
    searxng = FakeBackend(SEARXNG, urls("s", 3), barrier=everyone)
    staan = FakeBackend(STAAN, urls("st", 1), barrier=everyone)
    tavily = FakeBackend(TAVILY, urls("t", 2), barrier=everyone)
    dispatcher = SearchDispatcher([tavily, searxng, staan], strategy=Strategy.PARALLEL)
    outcome = await asyncio.wait_for(dispatcher.search(query(limit=20)), timeout=5)
    assert [c.url for c in outcome.candidates] == [
        "https://s.example/1",
        "https://st.example/1",
        "https://t.example/1",
        "https://s.example/2",
        "https://t.example/2",
        "https://s.example/3",
    ]
    assert [c.rank for c in outcome.candidates] == [1, 2, 3, 4, 5, 6]
    assert outcome.backends == (SEARXNG, STAAN, TAVILY)
    assert outcome.candidate_count == 6


async def test_parallel_applies_the_limit_to_the_merged_list_giving_equal_say() -> None:
    searxng = FakeBackend(SEARXNG, urls("s", 10))
    tavily = FakeBackend(TAVILY, urls("t", 10))
    dispatcher = SearchDispatcher([searxng, tavily], strategy=Strategy.PARALLEL)
    outcome = await dispatcher.search(query(limit=5))
    assert [c.url for c in outcome.candidates] == [
        "https://s.example/1",
        "https://t.example/1",
        "https://s.example/2",
        "https://t.example/2",
        "https://s.example/3",
    ]
    assert outcome.candidate_count == 20


async def test_parallel_merges_the_same_page_from_two_backends() -> None:
    searxng = FakeBackend(SEARXNG, ["https://same.example/a", "https://s.example/2"])
    tavily = FakeBackend(TAVILY, ["https://SAME.example:443/a#x", "https://t.example/2"])
    dispatcher = SearchDispatcher([searxng, tavily], strategy=Strategy.PARALLEL)
    outcome = await dispatcher.search(query())
    first = outcome.candidates[0]
    assert first.url == "https://same.example/a"
    assert first.backends == (SEARXNG, TAVILY)
    assert [c.url for c in outcome.candidates[1:]] == ["https://s.example/2", "https://t.example/2"]


async def test_parallel_keeps_the_answers_when_one_backend_fails() -> None:
    dispatcher = SearchDispatcher(
        [FakeBackend(SEARXNG, error=failure(SEARXNG)), FakeBackend(TAVILY, urls("t", 1))],
        strategy=Strategy.PARALLEL,
    )
    outcome = await dispatcher.search(query())
    assert [c.url for c in outcome.candidates] == urls("t", 1)
    assert outcome.notes == ("SearXNG: The search failed: down.",)


async def test_parallel_ignores_the_preferred_backend() -> None:
    searxng = FakeBackend(SEARXNG, urls("s", 1))
    tavily = FakeBackend(TAVILY, urls("t", 1))
    dispatcher = SearchDispatcher([searxng, tavily], strategy=Strategy.PARALLEL, preferred=TAVILY)
    outcome = await dispatcher.search(query())
    assert [c.url for c in outcome.candidates] == ["https://s.example/1", "https://t.example/1"]


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
async def test_backend_that_cannot_filter_is_not_asked_under_safe_search(
    policy: SafeSearch,
) -> None:
    staan = FakeBackend(STAAN, urls("st", 1), capabilities=NO_SAFE_SEARCH)
    tavily = FakeBackend(TAVILY, urls("t", 1))
    dispatcher = SearchDispatcher([staan, tavily], strategy=Strategy.PARALLEL)
    outcome = await dispatcher.search(query(safe_search=policy))
    assert staan.queries == []
    assert outcome.backends == (TAVILY,)
    assert outcome.notes == (
        "Staan was not asked: it cannot filter results for safe search, and the safe search "
        f"policy is {policy.value}.",
    )


@pytest.mark.parametrize("policy", [None, SafeSearch.OFF])
async def test_backend_that_cannot_filter_is_asked_without_safe_search(
    policy: SafeSearch | None,
) -> None:
    staan = FakeBackend(STAAN, urls("st", 1), capabilities=NO_SAFE_SEARCH)
    outcome = await SearchDispatcher([staan]).search(query(safe_search=policy))
    assert outcome.backends == (STAAN,)
    assert outcome.notes == ()


async def test_backend_that_cannot_serve_the_page_is_not_asked() -> None:
    searxng = FakeBackend(SEARXNG, [])
    tavily = FakeBackend(TAVILY, urls("t", 1), capabilities=FIRST_PAGE_ONLY)
    dispatcher = SearchDispatcher([searxng, tavily], preferred=TAVILY)
    outcome = await dispatcher.search(query(page=2))
    assert tavily.queries == []
    assert outcome.backends == (SEARXNG,)
    assert outcome.notes == (
        "Tavily was not asked: it serves result pages up to 1, and page 2 was requested.",
    )


async def test_search_no_backend_could_be_asked_raises_with_the_refusals() -> None:
    tavily = FakeBackend(TAVILY, urls("t", 1), capabilities=FIRST_PAGE_ONLY)
    with pytest.raises(errors.SearchFailed) as caught:
        await SearchDispatcher([tavily]).search(query(page=3))
    assert caught.value.reasons == (
        "Tavily was not asked: it serves result pages up to 1, and page 3 was requested.",
    )


async def test_backend_without_time_range_or_language_filters_is_asked_with_notes() -> None:
    staan = FakeBackend(STAAN, urls("st", 1), capabilities=NO_FILTERS)
    outcome = await SearchDispatcher([staan]).search(query(time_range="day", language="de-DE"))
    assert [q.time_range for q in staan.queries] == ["day"]
    assert outcome.notes == (
        "Staan cannot filter by time range, so its results may be older than one day.",
        "Staan cannot filter by language, so its results may not be in 'de-DE'.",
    )


async def test_language_all_needs_no_language_filter() -> None:
    staan = FakeBackend(STAAN, urls("st", 1), capabilities=NO_FILTERS)
    outcome = await SearchDispatcher([staan]).search(query(language="all"))
    assert outcome.notes == ()


async def test_failover_mentions_no_backend_it_did_not_reach() -> None:
    searxng = FakeBackend(SEARXNG, urls("s", 1))
    staan = FakeBackend(STAAN, urls("st", 1), capabilities=NO_SAFE_SEARCH)
    tavily = FakeBackend(TAVILY, urls("t", 1), capabilities=NO_FILTERS)
    asked = query(time_range="year", safe_search=SafeSearch.STRICT)
    outcome = await SearchDispatcher([searxng, staan, tavily]).search(asked)
    assert outcome.backends == (SEARXNG,)
    assert outcome.notes == ()
    assert staan.queries == tavily.queries == []


async def test_notes_of_answering_backends_are_passed_on_once() -> None:
    searxng = FakeBackend(SEARXNG, urls("s", 1), notes=["engine a failed", "engine a failed"])
    outcome = await SearchDispatcher([searxng]).search(query())
    assert outcome.notes == ("engine a failed",)


async def test_every_backend_gets_the_same_query() -> None:
    searxng = FakeBackend(SEARXNG, urls("s", 1))
    tavily = FakeBackend(TAVILY, urls("t", 1))
    asked = query(language="en-US", page=2, limit=7, safe_search=SafeSearch.STRICT)
    await SearchDispatcher([searxng, tavily], strategy=Strategy.PARALLEL).search(asked)
    assert searxng.queries == [asked]
    assert tavily.queries == [asked]
