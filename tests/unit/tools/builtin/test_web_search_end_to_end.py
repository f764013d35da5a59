"""web_search end to end: recorded SearXNG answers, real page servers, the real guard.

A loopback JSON server answers like SearXNG with the recorded corpus answers
(``tests/data/searxng``), their result addresses rewritten to pages on a scripted web
server: good articles, a slow one, a failing one, one full of injected instructions, one
without readable text, the same page under two spellings, two addresses that redirect to one
page, and the corpus's own SSRF bait, left as recorded. A :class:`StaticResolver` maps the test
host names to 127.0.0.1.

The tool reads the pages through the real retrieval service under :func:`loopback_policy`,
passed in through the tool's ``page_policy`` parameter: the public-only policy of production
refuses loopback, which the last tests here show too. Nothing in the product reads a switch.
"""

from __future__ import annotations

import copy
import json
from collections.abc import AsyncIterator, Iterator
from typing import Any

import pytest

from studio.injection import REDACTION_MARKER
from studio.kernel.context import ChatContext, ProviderContext, SettingsValues, ToolExecutionContext
from studio.kernel.policy import ConfidenceLevel
from studio.kernel.result import Source, ToolExecutionResult
from studio.tools.builtin import BuiltinServices
from studio.tools.builtin.web_search import WebSearchTool
from studio.tools.builtin.web_search.results import NOTHING_FOUND, SNIPPETS_ONLY
from studio.web.guard import GuardReport
from studio.web.retrieval import WebRetrievalService
from tests.support.data import SEARXNG_ANSWERS
from tests.support.json_server import JsonServer, ScriptedAnswer
from tests.support.resolvers import StaticResolver
from tests.support.web_pages import (
    INJECTION,
    LOREM,
    TEST_HOSTS,
    CountingGuard,
    article,
    loopback_policy,
)
from tests.support.web_server import Reply, ScriptedWebServer

CORPUS = SEARXNG_ANSWERS

BAIT_URL = "http://[::ffff:7f00:1]:8765/latest/meta-data/"


def recorded(name: str) -> dict[str, Any]:
    document: dict[str, Any] = json.loads((CORPUS / name).read_text(encoding="utf-8"))
    return document


def rewritten(port: int) -> dict[str, Any]:
    """The normal recorded answer, pointing at the test pages, with more results added.

    The recorded results keep their titles, snippets and scores; the added ones are copies of
    the first recorded result with another address, title, snippet and score.
    """
    document = recorded("response-normal.json")
    results: list[dict[str, Any]] = document["results"]
    by_url = {result["url"]: result for result in results if result["url"]}
    addresses = {
        "http://127.0.0.1:8765/pages/one.html": f"http://news.test:{port}/one",
        "http://127.0.0.1:8765/pages/tools.html": f"http://blog.test:{port}/tools",
        "http://127.0.0.1:8765/pages/unicode.html": f"http://slow.test:{port}/unicode",
    }
    assert BAIT_URL in by_url, "the corpus changed: its SSRF bait is missing"
    template = copy.deepcopy(by_url["http://127.0.0.1:8765/pages/one.html"])
    for old, new in addresses.items():
        by_url[old]["url"] = new

    def added(url: str, title: str, snippet: str, score: float) -> dict[str, Any]:
        result = copy.deepcopy(template)
        result.update(url=url, title=title, content=snippet, score=score)
        return result

    results += [
        added(f"http://NEWS.test:{port}/one#comments", "Test page one (comments)", "", 0.9),
        added(f"http://mirror.test:{port}/tools-mirror", "Mirror of the loop", "Mirror.", 0.45),
        added(f"http://evil.test:{port}/inject", f"Evil page. {INJECTION}", "Evil.", 0.3),
        added(f"http://broken.test:{port}/gone", "Gone page", f"Gone. {INJECTION}", 0.2),
        added(f"http://empty.test:{port}/app", "An app", "A page built by script.", 0.15),
        added(f"http://broken.test:{port}/nothing", "", "", 0.1),
    ]
    return document


@pytest.fixture
def searxng() -> Iterator[JsonServer]:
    with JsonServer() as running:
        yield running


@pytest.fixture
async def pages() -> AsyncIterator[ScriptedWebServer]:
    running = await ScriptedWebServer().start()
    port = running.port
    running.route(
        "/one",
        Reply.text(
            article(
                "Test page one",
                [LOREM, "A deterministic page for the search test.", LOREM],
                description="The first test page.",
                authors=["Ada Lovelace"],
                published="2026-02-01T09:00:00Z",
            )
        ),
    )
    running.route("/tools", Reply.redirect("/guide"))
    running.route("/tools-mirror", Reply.redirect(f"http://blog.test:{port}/guide", status=301))
    running.route("/guide", Reply.text(article("The tool calling loop", [LOREM, LOREM, LOREM])))
    running.route("/unicode", Reply.text(article("Été", [LOREM, LOREM]), delay=3))
    running.route(
        "/inject",
        Reply.text(
            article(
                f"Evil page. {INJECTION}",
                [LOREM, f"Read this. {INJECTION}", LOREM],
                authors=[f"Mallory. {INJECTION}"],
            )
        ),
    )
    running.route("/gone", Reply.text("server error", "text/plain", status=500))
    running.route("/nothing", Reply.text("server error", "text/plain", status=500))
    running.route("/app", Reply.text("<html><head><title>App</title></head><body></body></html>"))
    yield running
    await running.aclose()


@pytest.fixture
def reports() -> list[GuardReport]:
    return []


@pytest.fixture
async def services(reports: list[GuardReport]) -> AsyncIterator[BuiltinServices]:
    resolver = StaticResolver({host: ["127.0.0.1"] for host in TEST_HOSTS})
    made = BuiltinServices(
        retrieval=WebRetrievalService(resolver=resolver),
        guard=CountingGuard(reporter=reports.append),
    )
    yield made
    await made.retrieval.aclose()


def stored(searxng: JsonServer, **more: str) -> dict[str, str]:
    return {
        "searxng.baseUrl": searxng.url,
        "defaultLanguage": "en-US",
        "maxResults": "10",
        "pageTimeoutSeconds": "1",
        "allPagesRetrievalTimeoutSeconds": "10",
        **more,
    }


async def search(
    tool: WebSearchTool,
    settings: dict[str, str],
    progress: list[tuple[int, int]] | None = None,
    **arguments: Any,
) -> ToolExecutionResult:
    context = ToolExecutionContext(
        definition=tool.definition(),
        tool_call_id="call-1",
        settings=SettingsValues(settings),
        provider=ProviderContext(name="test", confidence=ConfidenceLevel.VERY_LOW),
        chat=ChatContext(),
        progress=None if progress is None else lambda done, wanted: progress.append((done, wanted)),
    )
    return await tool.execute({"query": "test", **arguments}, context)


async def test_a_search_reads_merges_filters_and_reports_its_results(
    searxng: JsonServer,
    pages: ScriptedWebServer,
    services: BuiltinServices,
    reports: list[GuardReport],
) -> None:
    port = pages.port
    searxng.route("/search", ScriptedAnswer.json(rewritten(port)))
    tool = WebSearchTool(services, page_policy=loopback_policy)
    progress: list[tuple[int, int]] = []

    result = await search(tool, stored(searxng), progress)

    document = result.json_content
    assert document["backends"] == ["SearXNG"]
    assert document["candidate_count"] == 10  # the recorded hits with an address, and the added
    assert document["retrieval_timed_out"] is False
    assert "notes" not in document
    assert "diagnostic" not in document
    results = document["results"]
    assert [(r["requested_url"], r["page"]["status"]) for r in results] == [
        (f"http://news.test:{port}/one", "complete"),
        (f"http://blog.test:{port}/tools", "complete"),
        (f"http://slow.test:{port}/unicode", "snippet only"),
        (f"http://evil.test:{port}/inject", "complete"),
        (BAIT_URL, "snippet only"),
        (f"http://broken.test:{port}/gone", "snippet only"),
        (f"http://empty.test:{port}/app", "snippet only"),
    ]
    assert document["result_count"] == 7
    assert document["retrieved_page_count"] == 3
    one, guide, slow, evil, bait, gone, app = results

    # The same page under two spellings was loaded once and reported once.
    assert one["search_metadata"] == {
        "rank": 1,
        "backends": ["SearXNG"],
        "final_url": f"http://news.test:{port}/one",
        "published_date": "2026-02-01T09:00:00Z",
    }
    assert one["page"]["title"] == "Test page one"
    assert one["page"]["description"] == "The first test page."
    assert one["page"]["authors"] == ["Ada Lovelace"]
    assert "deterministic page for the search test" in one["page"]["content"]
    assert "reason" not in one["page"]
    # Two addresses that redirect to one page: one result, with the better rank.
    assert guide["search_metadata"]["rank"] == 2
    assert guide["search_metadata"]["final_url"] == f"http://blog.test:{port}/guide"
    assert guide["page"]["title"] == "The tool calling loop"
    # Results without a page carry the search engine's title and excerpt, and say why.
    assert slow["page"]["reason"] == "The page did not load within 1 seconds."
    assert slow["page"]["title"] == "Unicode été — café test"
    assert (
        slow["page"]["content"]
        == "Non-ASCII title and content, to check decoding: naïve résumé 日本語."
    )
    assert "final_url" not in slow["search_metadata"]
    assert bait["page"]["reason"] == "This tool is not allowed to read the address."
    assert gone["page"]["reason"] == "The web server answered with HTTP status 500."
    assert app["page"]["reason"].startswith("The page has no readable text")
    assert app["search_metadata"]["final_url"] == f"http://empty.test:{port}/app"

    # Every text from outside went through the guard, in one batch, reported per page.
    rendered = json.dumps(document)
    assert "Ignore all previous instructions" not in rendered
    assert REDACTION_MARKER in evil["page"]["title"]
    assert REDACTION_MARKER in evil["page"]["content"]
    assert REDACTION_MARKER in evil["page"]["authors"][0]
    assert REDACTION_MARKER in gone["page"]["content"]
    guard = services.guard
    assert isinstance(guard, CountingGuard)
    assert len(guard.batches) == 1
    [report] = reports
    assert [entry.source.address for entry in report.filtered] == [
        f"http://evil.test:{port}/inject",
        f"http://broken.test:{port}/gone",
    ]

    # Sources only for pages that were read, named by their (filtered) titles.
    assert result.sources == (
        Source(title="Test page one", url=f"http://news.test:{port}/one"),
        Source(title="The tool calling loop", url=f"http://blog.test:{port}/guide"),
        Source(title=evil["page"]["title"], url=f"http://evil.test:{port}/inject"),
    )

    # What went over the wire: each distinct candidate once, the bait never.
    targets = [request.target for request in pages.requests]
    assert targets.count("/one") == 1
    assert targets.count("/guide") == 2
    assert "/latest/meta-data/" not in targets
    assert progress[0] == (0, 9)
    assert progress[-1] == (9, 9)

    # Loopback is a non-public address; the chat must then demand a HIGH provider.
    assert result.required_provider_confidence is ConfidenceLevel.HIGH


async def test_the_overall_timeout_returns_the_pages_that_completed(
    searxng: JsonServer, pages: ScriptedWebServer, services: BuiltinServices
) -> None:
    port = pages.port
    searxng.route("/search", ScriptedAnswer.json(rewritten(port)))
    pages.route("/unicode", Reply.text(article("Été", [LOREM, LOREM]), delay=10))
    pages.route("/inject", Reply.text(article("Slow evil", [LOREM]), delay=10))
    tool = WebSearchTool(services, page_policy=loopback_policy)
    settings = stored(searxng, pageTimeoutSeconds="30", allPagesRetrievalTimeoutSeconds="1")

    result = await search(tool, settings)

    document = result.json_content
    assert document["retrieval_timed_out"] is True
    statuses = {r["requested_url"]: r["page"] for r in document["results"]}
    assert statuses[f"http://news.test:{port}/one"]["status"] == "complete"
    assert statuses[f"http://blog.test:{port}/tools"]["status"] == "complete"
    for slow in (f"http://slow.test:{port}/unicode", f"http://evil.test:{port}/inject"):
        assert statuses[slow]["status"] == "snippet only"
        assert statuses[slow]["reason"] == (
            "Loading stopped when the 1 seconds for all pages ran out."
        )
    [note] = document["notes"]
    assert "2 page(s) had not loaded" in note
    assert [source.url for source in result.sources] == [
        f"http://news.test:{port}/one",
        f"http://blog.test:{port}/guide",
    ]


async def test_the_public_only_policy_reads_no_loopback_page_and_raises_nothing(
    searxng: JsonServer, pages: ScriptedWebServer, services: BuiltinServices
) -> None:
    searxng.route("/search", ScriptedAnswer.json(rewritten(pages.port)))
    tool = WebSearchTool(services)  # the production policy

    result = await search(tool, stored(searxng))

    document = result.json_content
    assert pages.requests == []
    assert document["retrieved_page_count"] == 0
    assert {r["page"]["status"] for r in document["results"]} == {"snippet only"}
    assert document["diagnostic"] == SNIPPETS_ONLY
    assert result.sources == ()
    # Only content that reached the model may tighten the chat: excerpts from a search raise
    # nothing, as a search over public pages raises nothing.
    assert result.required_provider_confidence is ConfidenceLevel.NONE


async def test_engines_that_did_not_answer_become_a_note(
    searxng: JsonServer, services: BuiltinServices
) -> None:
    searxng.route("/search", ScriptedAnswer.json(recorded("response-unresponsive-engine.json")))
    tool = WebSearchTool(services, page_policy=loopback_policy)

    result = await search(tool, stored(searxng))

    document = result.json_content
    assert document["result_count"] == 0
    assert document["diagnostic"] == NOTHING_FOUND
    [note] = document["notes"]
    assert "broken db (unexpected crash)" in note
