"""web_search: its definition, settings checks, arguments, page loading and result building.

The search itself runs against a real SearXNG-compatible JSON server on loopback, the pages
against a scripted web server there; the whole path with the recorded SearXNG answers is in
``test_web_search_end_to_end.py``.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator, Iterator, Mapping
from typing import Any

import httpx
import keyring
import pytest

from studio.config.secrets import KeyringSecretStore
from studio.config.store import SettingsStore
from studio.errors import ToolArgumentError
from studio.kernel.calls import TraceStatus, read_call
from studio.kernel.context import ChatContext, ProviderContext, SettingsValues, ToolExecutionContext
from studio.kernel.definition import Component
from studio.kernel.policy import ConfidenceLevel, ToolOutboundData
from studio.kernel.translatable import TranslatableMessage
from studio.tools.builtin import BuiltinServices
from studio.tools.builtin.web_search import settings as search_settings
from studio.tools.builtin.web_search.pages import (
    MAX_PARALLEL_RETRIEVALS,
    PageAttempt,
    PageLoad,
    PageOutcome,
    load_result_pages,
)
from studio.tools.builtin.web_search.results import (
    NOTHING_FOUND,
    NOTHING_READABLE,
    SNIPPETS_ONLY,
    build_result,
)
from studio.tools.builtin.web_search.settings import SearchSettings
from studio.tools.builtin.web_search.tool import WebSearchTool, read_query
from studio.tools.executor import ToolExecutor
from studio.tools.settings import ToolSettingsService
from studio.web.extract import ExtractedPage
from studio.web.guard import PromptInjectionGuard
from studio.web.page import LoadedPage
from studio.web.retrieval import ContentKind, RetrievedDocument, WebRetrievalService
from studio.web.search.backend import BackendKind, SafeSearch, SearchBackend, SearchHit
from studio.web.search.candidates import SearchCandidate, collect_candidates
from studio.web.search.dispatch import SearchOutcome
from studio.web.search.searxng import SearXNGBackend
from tests.support.json_server import JsonServer, ScriptedAnswer
from tests.support.resolvers import StaticResolver
from tests.support.tools import StaticSettings, runnable
from tests.support.web_pages import LOREM, article, loopback_policy
from tests.support.web_server import Reply, ScriptedWebServer

LANGUAGE_SETTINGS = {"defaultLanguage": "en-US"}


@pytest.fixture
def searxng() -> Iterator[JsonServer]:
    with JsonServer() as running:
        yield running


@pytest.fixture
async def pages() -> AsyncIterator[ScriptedWebServer]:
    running = await ScriptedWebServer().start()
    yield running
    await running.aclose()


@pytest.fixture
async def services() -> AsyncIterator[BuiltinServices]:
    resolver = StaticResolver({host: ["127.0.0.1"] for host in ("site.test", "news.test")})
    made = BuiltinServices(
        retrieval=WebRetrievalService(resolver=resolver), guard=PromptInjectionGuard()
    )
    yield made
    await made.retrieval.aclose()


@pytest.fixture
def tool(services: BuiltinServices) -> WebSearchTool:
    return WebSearchTool(services, page_policy=loopback_policy)


def values(searxng: JsonServer | None = None, /, **more: str) -> dict[str, str]:
    base = {"searxng.baseUrl": searxng.url if searxng else "http://localhost:8888"}
    return {**base, **LANGUAGE_SETTINGS, **more}


def settings(**more: str) -> SearchSettings:
    return SearchSettings.read(values(**more))


def context(tool: WebSearchTool, stored: Mapping[str, str], **options: Any) -> ToolExecutionContext:
    return ToolExecutionContext(
        definition=tool.definition(),
        tool_call_id="call-1",
        settings=SettingsValues(stored),
        provider=ProviderContext(name="test", confidence=ConfidenceLevel.VERY_LOW),
        chat=ChatContext(),
        **options,
    )


def hit(url: str, rank: int = 1, title: str = "", snippet: str = "") -> SearchHit:
    return SearchHit(
        url=url,
        title=title,
        snippet=snippet,
        published_date=None,
        score=None,
        rank=rank,
        backend=BackendKind.SEARXNG,
    )


def searxng_answer(*results: dict[str, Any]) -> ScriptedAnswer:
    return ScriptedAnswer.json({"query": "q", "results": list(results), "unresponsive_engines": []})


# --- definition ---------------------------------------------------------------------------------


def test_definition_declares_the_arguments_and_what_the_tool_sends(tool: WebSearchTool) -> None:
    definition = tool.definition()
    parameters = definition.function.parameters

    assert definition.id == definition.function.name == "web_search"
    assert definition.minimum_provider_confidence is ConfidenceLevel.VERY_LOW
    assert parameters["required"] == ["query"]
    assert list(parameters["properties"]) == ["query", "language", "time_range", "page", "limit"]
    assert parameters["properties"]["time_range"]["enum"] == ["day", "month", "year"]
    assert parameters["properties"]["page"] | {} == {
        "type": "integer",
        "description": parameters["properties"]["page"]["description"],
        "minimum": 1,
        "maximum": 20,
    }
    assert parameters["properties"]["limit"]["maximum"] == 20
    assert "language name" in parameters["properties"]["language"]["description"]
    assert tool.outbound_data is ToolOutboundData.THIRD_PARTY_QUERIES
    assert tool.icon == "language"
    assert tool.category == "Web"
    assert "untrusted" in definition.system_prompt_instructions
    assert "ask" in definition.system_prompt_instructions


def test_settings_put_the_backend_group_first_and_require_a_language(tool: WebSearchTool) -> None:
    schema = tool.definition().settings_schema

    names = list(schema.properties)
    assert names[0] == "searxng.baseUrl"
    assert schema.properties["searxng.baseUrl"].group == "searxng"
    assert schema.required == ("defaultLanguage",)
    assert schema.properties["defaultLanguage"].option_source == "common_languages"
    assert schema.properties["defaultSafeSearch"].option_source == "safe_search"
    assert (schema.properties["maxResults"].minimum, schema.properties["maxResults"].maximum) == (
        1,
        20,
    )
    assert tool.settings_group_label("searxng") == "SearXNG"
    [(label, link)] = tool.settings_group_links("searxng")
    assert "JSON" in label
    assert link.startswith("https://docs.searxng.org/")
    for name, spec in schema.properties.items():
        assert getattr(tool.settings_field_label(name, spec), "context", None) == "WebSearchTool"
        # Bounds are data; the help texts never repeat them.
        assert "at most" not in tool.settings_field_description(name, spec)
    assert tool.settings_field_default("maxResults") == "5"
    assert tool.settings_field_default("allPagesRetrievalTimeoutSeconds") == "60"


def test_the_searxng_setup_agrees_with_the_backends_capabilities() -> None:
    [setup] = search_settings.BACKENDS
    backend = SearXNGBackend("http://localhost:8888", httpx.AsyncClient())

    assert setup.kind is backend.kind
    assert setup.address is search_settings.SEARXNG_BASE_URL


# --- configuration checks -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("stored", "message"),
    [
        (values(), None),
        ({"defaultLanguage": "en-US"}, "No search backend is configured."),
        (
            values(**{"searxng.baseUrl": "localhost:8888"}),
            "The setting 'searxng.baseUrl' was refused: The SearXNG address must be",
        ),
        (values(defaultLanguage="klingon"), "The setting 'defaultLanguage' holds the value"),
        (values(defaultSafeSearch="SOME"), "The setting 'defaultSafeSearch' holds the value"),
        (
            values(maxResults="0"),
            "The setting 'maxResults' holds '0'; enter a whole number from 1 to 20.",
        ),
        (
            values(maxResults="21"),
            "The setting 'maxResults' holds '21'; enter a whole number from 1 to 20.",
        ),
        (
            values(searchTimeoutSeconds="241"),
            "The setting 'searchTimeoutSeconds' holds '241'; enter a whole number from 1 to 240.",
        ),
        (
            values(pageTimeoutSeconds="61"),
            "The setting 'pageTimeoutSeconds' holds '61'; enter a whole number from 1 to 60.",
        ),
        (
            values(allPagesRetrievalTimeoutSeconds="121"),
            "The setting 'allPagesRetrievalTimeoutSeconds' holds '121'; enter a whole number "
            "from 1 to 120.",
        ),
        (
            values(maxTotalContentCharacters="200001"),
            "The setting 'maxTotalContentCharacters' holds '200001'; enter a whole number from "
            "1 to 200000.",
        ),
        (
            values(minContentCharactersPerResult="10001"),
            "The setting 'minContentCharactersPerResult' holds '10001'; enter a whole number "
            "from 1 to 10000.",
        ),
        (
            values(maxTotalContentCharacters="100000", minContentCharactersPerResult="5001"),
            "The total content budget (100000 characters) must be at least 20 times",
        ),
        (values(maxTotalContentCharacters="200000", minContentCharactersPerResult="10000"), None),
        (values(defaultSafeSearch="STRICT"), None),
        (
            values(**{"searxng.baseUrl": "https://alice:hunter2@search.example.org"}),
            "The setting 'searxng.baseUrl' was refused: The SearXNG address must not hold a "
            "user name or password",
        ),
    ],
    ids=["valid", "no-backend", "bad-address", "language", "safe-search", "zero",
         "results-high", "search-timeout", "page-timeout", "all-pages-timeout", "total-high",
         "minimum-high", "budget", "budget-maxima", "strict", "password-in-address"],
)  # fmt: skip
async def test_validate_configuration_reports_the_first_problem(
    tool: WebSearchTool, stored: dict[str, str], message: str | None
) -> None:
    problem = await tool.validate_configuration(stored)

    if message is None:
        assert problem is None
    else:
        assert problem is not None
        assert problem.startswith(message)


def test_settings_read_the_defaults_and_the_choices() -> None:
    read = settings()
    chosen = settings(defaultSafeSearch="STRICT")

    assert read.backend is search_settings.BACKENDS[0]
    assert read.language == "en-US"
    assert read.safe_search is None
    assert (read.max_results, read.search_timeout, read.page_timeout) == (5, 30, 30)
    assert read.all_pages_timeout == 60
    assert (read.max_total_characters, read.min_characters_per_result) == (100_000, 2_000)
    assert chosen.safe_search is SafeSearch.STRICT


# --- arguments ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("arguments", "expected"),
    [
        ({}, "The argument 'query' is required but missing."),
        ({"query": " "}, "The argument 'query' received \" \", which is blank."),
        ({"query": "a\nb"}, "The argument 'query' received \"a\\nb\", which spans several lines."),
        ({"query": "x" * 401}, "The argument 'query' received"),
        ({"query": "q", "language": "English"}, "The argument 'language' received \"English\", "
         "which is not a language tag."),
        ({"query": "q", "language": "de_DE"}, "The argument 'language' received \"de_DE\""),
        ({"query": "q", "time_range": "week"}, "The argument 'time_range' received \"week\""),
        ({"query": "q", "page": 0}, "The argument 'page' received 0, but it must be an integer "
         "from 1 to 20."),
        ({"query": "q", "page": 21}, "The argument 'page' received 21, but it must be an integer "
         "from 1 to 20."),
        ({"query": "q", "page": "2"}, "The argument 'page' received \"2\", but it must be an "
         "integer from 1 to 20."),
        ({"query": "q", "limit": 0}, "The argument 'limit' received 0, but it must be an integer "
         "from 1 to 20."),
        ({"query": "q", "limit": 21}, "The argument 'limit' received 21, but it must be an "
         "integer from 1 to 20."),
        ({"query": "q", "engines": "google"}, "The argument 'engines' is not known; the allowed "
         "arguments are 'language', 'limit', 'page', 'query', 'time_range'."),
    ],
    ids=["missing", "blank", "two-lines", "too-long", "language-name", "underscore-tag",
         "time-range", "page-zero", "page-high", "page-string", "limit-zero", "limit-high",
         "unknown"],
)  # fmt: skip
def test_each_bad_argument_is_refused(arguments: dict[str, Any], expected: str) -> None:
    with pytest.raises(ToolArgumentError) as refusal:
        read_query(arguments, settings())

    assert str(refusal.value).startswith(expected)


def test_a_query_takes_its_defaults_from_the_settings() -> None:
    query = read_query({"query": "  tool calling  "}, settings(maxResults="7"))

    assert query.query == "tool calling"
    assert (query.language, query.page, query.limit, query.time_range) == ("en-US", 1, 7, None)


@pytest.mark.parametrize("language", ["all", "de", "de-DE", "zh-Hant-TW", "fil"])
def test_a_query_takes_the_models_language_and_filters(language: str) -> None:
    query = read_query(
        {"query": "q", "language": language, "time_range": "month", "page": 3, "limit": 20},
        settings(defaultSafeSearch="MODERATE"),
    )

    assert (query.language, query.time_range, query.page, query.limit) == (
        language,
        "month",
        3,
        20,
    )
    assert query.safe_search is SafeSearch.MODERATE


# --- searching ----------------------------------------------------------------------------------


async def test_the_search_request_carries_the_query_and_the_settings(
    tool: WebSearchTool, searxng: JsonServer
) -> None:
    searxng.route("/search", searxng_answer())

    await tool.execute(
        {"query": "tool calling", "time_range": "year", "page": 2},
        context(tool, values(searxng, defaultSafeSearch="STRICT")),
    )

    [request] = searxng.requests
    assert request.query == {
        "q": ["tool calling"],
        "format": ["json"],
        "language": ["en-US"],
        "time_range": ["year"],
        "pageno": ["2"],
        "safesearch": ["2"],
    }


async def test_a_search_that_finds_nothing_is_a_result_with_a_diagnostic(
    tool: WebSearchTool, searxng: JsonServer
) -> None:
    searxng.route("/search", searxng_answer())

    result = await tool.execute({"query": "nothing"}, context(tool, values(searxng)))

    assert result.json_content == {
        "backends": ["SearXNG"],
        "candidate_count": 0,
        "result_count": 0,
        "retrieved_page_count": 0,
        "retrieval_timed_out": False,
        "results": [],
        "diagnostic": NOTHING_FOUND,
    }
    assert result.sources == ()
    assert result.required_provider_confidence is ConfidenceLevel.NONE


@pytest.mark.parametrize(
    ("answer", "expected"),
    [
        (ScriptedAnswer.json({"error": "forbidden"}, status=403), "'search.formats'"),
        (ScriptedAnswer.json({"error": "slow down"}, status=429), "rate-limiting this client"),
        (ScriptedAnswer.html("<html>login</html>"), "Enable the JSON format"),
    ],
    ids=["json-disabled", "rate-limited", "html-instead-of-json"],
)
async def test_a_failed_search_is_an_error_that_says_it_is_not_an_empty_result(
    tool: WebSearchTool, searxng: JsonServer, answer: ScriptedAnswer, expected: str
) -> None:
    searxng.route("/search", answer)
    executor = ToolExecutor(StaticSettings({"web_search": values(searxng)}))

    outcome = await executor.execute(
        read_call(
            call_id="call-1",
            function_name="web_search",
            arguments_json=json.dumps({"query": "anything"}),
        ),
        runnable=[runnable(tool)],
        provider=ProviderContext(name="test", confidence=ConfidenceLevel.VERY_LOW),
        chat=ChatContext(),
        component=Component.CHAT,
        order=1,
    )

    assert outcome.trace.status is TraceStatus.ERROR
    assert outcome.content.startswith("Tool execution failed: The web search failed")
    assert "not an empty result" in outcome.content
    assert expected in outcome.content
    assert outcome.sources == ()


async def test_an_unreachable_instance_fails_the_search(
    tool: WebSearchTool, searxng: JsonServer
) -> None:
    url = searxng.url
    searxng.close()

    with pytest.raises(Exception, match="could not be reached"):
        await tool.execute({"query": "q"}, context(tool, values(**{"searxng.baseUrl": url})))


# --- loading pages --------------------------------------------------------------------------------


def candidates_for(urls: list[str]) -> tuple[SearchCandidate, ...]:
    return collect_candidates(
        [hit(url, rank, title=f"Hit {rank}", snippet=f"Snippet {rank}") for rank, url in
         enumerate(urls, start=1)],
        20,
    ).candidates  # fmt: skip


async def test_at_most_four_pages_load_at_once_and_progress_is_reported(
    services: BuiltinServices, pages: ScriptedWebServer
) -> None:
    active = 0
    most = 0

    def slow_body() -> AsyncIterator[bytes]:
        async def chunks() -> AsyncIterator[bytes]:
            nonlocal active, most
            active += 1
            most = max(most, active)
            await asyncio.sleep(0.15)
            active -= 1
            yield article("Page", [LOREM, LOREM]).encode()

        return chunks()

    urls = [f"http://site.test:{pages.port}/p{number}" for number in range(9)]
    for number in range(9):
        pages.route(
            f"/p{number}",
            Reply(headers=(("Content-Type", "text/html"),), body=slow_body, chunked=True),
        )
    reported: list[tuple[int, int]] = []

    load = await load_result_pages(
        candidates_for(urls),
        retrieval=services.retrieval,
        policy=loopback_policy(),
        page_timeout=5,
        overall_timeout=10,
        progress=lambda done, wanted: reported.append((done, wanted)),
    )

    assert most == MAX_PARALLEL_RETRIEVALS
    assert [a.outcome for a in load.attempts] == [PageOutcome.RETRIEVED] * 9
    assert not load.timed_out
    assert reported == [(done, 9) for done in range(10)]


async def test_a_broken_progress_display_does_not_fail_the_search(
    services: BuiltinServices, pages: ScriptedWebServer, caplog: pytest.LogCaptureFixture
) -> None:
    pages.route("/", Reply.text(article("Page", [LOREM, LOREM])))

    def broken(done: int, wanted: int) -> None:
        raise RuntimeError("the window is gone")

    load = await load_result_pages(
        candidates_for([f"http://site.test:{pages.port}/"]),
        retrieval=services.retrieval,
        policy=loopback_policy(),
        page_timeout=5,
        overall_timeout=10,
        progress=broken,
    )

    assert load.attempts[0].outcome is PageOutcome.RETRIEVED
    assert "progress callback failed" in caplog.text


async def test_each_way_a_page_can_end(services: BuiltinServices, pages: ScriptedWebServer) -> None:
    pages.route("/good", Reply.text(article("Good", [LOREM, LOREM])))
    pages.route("/empty", Reply.text("<html><head><title>App</title></head><body></body></html>"))
    pages.route("/slow", Reply.text(article("Slow", [LOREM]), delay=3))
    pages.route("/gone", Reply.text("gone", "text/plain", status=500))
    port = pages.port
    urls = [
        f"http://site.test:{port}/good",
        f"http://site.test:{port}/empty",
        f"http://site.test:{port}/slow",
        f"http://site.test:{port}/gone",
        f"http://127.0.0.1:{port}/good",
    ]

    load = await load_result_pages(
        candidates_for(urls),
        retrieval=services.retrieval,
        policy=loopback_policy(),
        page_timeout=1,
        overall_timeout=10,
    )

    outcomes = [attempt.outcome for attempt in load.attempts]
    assert outcomes == [
        PageOutcome.RETRIEVED,
        PageOutcome.NO_READABLE_CONTENT,
        PageOutcome.PAGE_TIMED_OUT,
        PageOutcome.FAILED,
        PageOutcome.BLOCKED,
    ]
    reasons = [attempt.reason for attempt in load.attempts]
    assert reasons[2] == "The page did not load within 1 seconds."
    assert reasons[3] == "The web server answered with HTTP status 500."
    assert reasons[4] == "This tool is not allowed to read the address."
    assert all("site.test" not in reason for reason in reasons)
    assert load.attempts[1].final_url == urls[1]
    assert [r.target for r in pages.requests].count("/good") == 1


async def test_the_overall_timeout_keeps_what_finished(
    services: BuiltinServices, pages: ScriptedWebServer
) -> None:
    pages.route("/fast", Reply.text(article("Fast", [LOREM, LOREM])))
    pages.route("/slow", Reply.text(article("Slow", [LOREM, LOREM]), delay=5))
    pages.route("/slow?2", Reply.text(article("Slow", [LOREM, LOREM]), delay=5))
    urls = [f"http://site.test:{pages.port}/{path}" for path in ("slow", "fast", "slow?2")]

    load = await load_result_pages(
        candidates_for(urls),
        retrieval=services.retrieval,
        policy=loopback_policy(),
        page_timeout=30,
        overall_timeout=1,
    )

    assert load.timed_out
    assert load.unfinished == 2
    assert [a.outcome for a in load.attempts] == [
        PageOutcome.RETRIEVAL_TIMED_OUT,
        PageOutcome.RETRIEVED,
        PageOutcome.RETRIEVAL_TIMED_OUT,
    ]
    assert "1 seconds for all pages ran out" in load.attempts[0].reason


# --- building the result ----------------------------------------------------------------------


def loaded(url: str, markdown: str, *, non_public: bool = False, title: str = "") -> LoadedPage:
    document = RetrievedDocument(
        url=url,
        status=200,
        media_type="text/html",
        kind=ContentKind.HTML_PAGE,
        charset="utf-8",
        text="",
        reached_non_public_address=non_public,
    )
    return LoadedPage(document=document, extracted=ExtractedPage(markdown=markdown, title=title))


def outcome_of(found: tuple[SearchCandidate, ...]) -> SearchOutcome:
    return SearchOutcome(
        candidates=found, candidate_count=len(found), backends=(BackendKind.SEARXNG,)
    )


@pytest.mark.parametrize("non_public", [False, True], ids=["public", "non-public"])
async def test_only_a_non_public_page_raises_the_required_confidence(non_public: bool) -> None:
    [candidate] = candidates_for(["https://example.org/a"])
    page = loaded("https://example.org/a", LOREM * 3, non_public=non_public, title="A")
    load = PageLoad(
        attempts=(
            PageAttempt(
                candidate=candidate,
                outcome=PageOutcome.RETRIEVED,
                page=page,
                final_url=page.url,
            ),
        ),
        timed_out=False,
    )

    result = await build_result(
        outcome_of((candidate,)),
        load,
        guard=PromptInjectionGuard(),
        max_total_characters=100_000,
        min_characters_per_result=2_000,
    )

    expected = ConfidenceLevel.HIGH if non_public else ConfidenceLevel.NONE
    assert result.required_provider_confidence is expected
    assert [s.title for s in result.sources] == ["A"]


async def test_pages_share_the_budget_best_ranked_first() -> None:
    urls = [f"https://example.org/{n}" for n in range(3)]
    found = candidates_for(urls)
    long_page = ("word " * 15 + "\n\n") * 600  # About 48,000 characters.
    attempts = tuple(
        PageAttempt(
            candidate=candidate,
            outcome=PageOutcome.RETRIEVED,
            page=loaded(url, long_page),
            final_url=url,
        )
        for candidate, url in zip(found, urls, strict=True)
    )

    result = await build_result(
        outcome_of(found),
        PageLoad(attempts=attempts, timed_out=False),
        guard=PromptInjectionGuard(),
        max_total_characters=40_000,
        min_characters_per_result=2_000,
    )

    results = result.json_content["results"]
    lengths = [len(r["page"]["content"]) for r in results]
    assert sum(lengths) <= 40_000
    # Cut at a paragraph, so a page may fall a little short of its share.
    assert lengths[0] > lengths[1] >= 1_500
    assert all(r["page"]["status"] == "partial or truncated" for r in results)
    assert results[0]["page"]["reason"].startswith("The content was shortened")
    # Without a page title, the source is named by its address.
    assert [s.title for s in result.sources] == ["Hit 1", "Hit 2", "Hit 3"]


async def test_results_without_a_page_carry_their_capped_snippet_and_no_source() -> None:
    [with_snippet, bare] = collect_candidates(
        [hit("https://example.org/a", 1, "A", "x" * 1500), hit("https://example.org/b", 2)], 5
    ).candidates
    attempts = (
        PageAttempt(candidate=with_snippet, outcome=PageOutcome.FAILED, reason="It broke."),
        PageAttempt(candidate=bare, outcome=PageOutcome.FAILED, reason="It broke."),
    )

    result = await build_result(
        outcome_of((with_snippet, bare)),
        PageLoad(attempts=attempts, timed_out=False),
        guard=PromptInjectionGuard(),
        max_total_characters=100_000,
        min_characters_per_result=2_000,
    )

    document = result.json_content
    [only] = document["results"]
    assert only["page"]["status"] == "snippet only"
    assert only["page"]["reason"] == "It broke."
    assert len(only["page"]["content"]) == 1000
    assert only["page"]["content"].endswith("…")
    assert "final_url" not in only["search_metadata"]
    assert document["diagnostic"] == SNIPPETS_ONLY
    assert result.sources == ()


async def test_hits_that_all_end_up_empty_have_their_own_diagnostic() -> None:
    found = collect_candidates([hit("https://example.org/a")], 5).candidates
    attempts = (PageAttempt(candidate=found[0], outcome=PageOutcome.BLOCKED, reason="No."),)

    result = await build_result(
        outcome_of(found),
        PageLoad(attempts=attempts, timed_out=False),
        guard=PromptInjectionGuard(),
        max_total_characters=100_000,
        min_characters_per_result=2_000,
    )

    assert result.json_content["results"] == []
    assert result.json_content["candidate_count"] == 1
    assert result.json_content["diagnostic"] == NOTHING_READABLE


def test_a_backend_set_up_is_a_search_backend(searxng: JsonServer) -> None:
    backend: SearchBackend = search_settings.SearXNGSetup().create(
        values(searxng), httpx.AsyncClient(), 5
    )

    assert backend.kind is BackendKind.SEARXNG


async def test_a_configuration_problem_reaches_the_ui_translatable(tool: WebSearchTool) -> None:
    problem = await tool.validate_configuration(values(maxResults="21"))

    assert isinstance(problem, TranslatableMessage)
    assert problem == "The setting 'maxResults' holds '21'; enter a whole number from 1 to 20."
    assert problem.text(lambda text: text.replace("The setting", "Die Einstellung")) == (
        "Die Einstellung 'maxResults' holds '21'; enter a whole number from 1 to 20."
    )
    missing = await tool.validate_configuration({**LANGUAGE_SETTINGS})
    assert isinstance(missing, TranslatableMessage)
    assert missing.template.context == "WebSearchTool"


@pytest.mark.parametrize(
    ("stored", "problems"),
    [
        ({}, ["No search backend is configured."]),
        (LANGUAGE_SETTINGS, ["No search backend is configured."]),
        (values(), []),
        (values(defaultLanguage=""), []),
        (values(**{"searxng.baseUrl": "localhost:8888"}), []),
    ],
    ids=["nothing", "language-only", "valid", "language-missing", "bad-address"],
)  # fmt: skip
def test_configuration_problems_stand_whatever_else_is_missing(
    tool: WebSearchTool, stored: dict[str, str], problems: list[str]
) -> None:
    found = tool.configuration_problems(stored)

    assert len(found) == len(problems)
    for problem, start in zip(found, problems, strict=True):
        assert problem.startswith(start)


async def test_the_settings_check_lists_the_missing_language_and_the_missing_backend(
    tool: WebSearchTool, tmp_path: Any
) -> None:
    service = ToolSettingsService(
        SettingsStore(tmp_path / "settings.json"), KeyringSecretStore(keyring.get_keyring())
    )

    state = await service.configuration_state(tool.definition(), tool)

    assert state.missing_required_fields == ("defaultLanguage",)
    assert [str(problem) for problem in state.problems] == [
        "No search backend is configured. Enter the address of a SearXNG instance in "
        "'searxng.baseUrl'."
    ]
