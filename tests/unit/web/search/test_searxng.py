"""The SearXNG client against a real HTTP server on loopback, fed recorded and scripted answers."""

from __future__ import annotations

import json
import logging
import socket
import time
from collections.abc import AsyncIterator, Iterator
from typing import Any

import httpx
import pytest

from studio.web.search import errors
from studio.web.search.backend import BackendKind, SafeSearch, SearchQuery
from studio.web.search.searxng import (
    MAX_PAGE,
    MAX_RESPONSE_BYTES,
    SearXNGBackend,
    normalize_base_url,
    redact_url,
)
from tests.support.data import SEARXNG_ANSWERS
from tests.support.json_server import JsonServer, ScriptedAnswer

CORPUS = SEARXNG_ANSWERS

BAIT_URL = "http://[::ffff:7f00:1]:8765/latest/meta-data/"


class RecordingTransport(httpx.AsyncBaseTransport):
    """The real transport, noting every address the client sends a request to."""

    def __init__(self) -> None:
        self.inner = httpx.AsyncHTTPTransport()
        self.urls: list[str] = []

    async def handle_async_request(self, request: httpx.Request) -> httpx.Response:
        self.urls.append(str(request.url))
        return await self.inner.handle_async_request(request)

    async def aclose(self) -> None:
        await self.inner.aclose()


@pytest.fixture
def server() -> Iterator[JsonServer]:
    with JsonServer() as running:
        yield running


@pytest.fixture
def transport() -> RecordingTransport:
    return RecordingTransport()


@pytest.fixture
async def client(transport: RecordingTransport) -> AsyncIterator[httpx.AsyncClient]:
    async with httpx.AsyncClient(transport=transport, timeout=httpx.Timeout(5.0)) as opened:
        yield opened


@pytest.fixture
def backend(server: JsonServer, client: httpx.AsyncClient) -> SearXNGBackend:
    return SearXNGBackend(server.url, client, timeout=5.0)


def searx_answer(results: list[Any], **extra: Any) -> ScriptedAnswer:
    return ScriptedAnswer.json({"query": "q", "results": results, **extra})


def result(
    url: str | None, title: str = "", score: float | None = None, **extra: Any
) -> dict[str, Any]:
    entry: dict[str, Any] = {"url": url, "title": title, "content": f"about {title}", **extra}
    if score is not None:
        entry["score"] = score
    return entry


# The base address


@pytest.mark.parametrize(
    ("raw", "expected"),
    [
        ("http://localhost:8888", "http://localhost:8888"),
        ("http://localhost:8888/", "http://localhost:8888"),
        ("http://localhost:8888/search", "http://localhost:8888"),
        ("http://localhost:8888/search/", "http://localhost:8888"),
        ("  https://Example.ORG/searx/search?q=old&format=html#top  ", "https://example.org/searx"),
        ("HTTPS://example.org:8443/Searx/", "https://example.org:8443/Searx"),
        ("http://[::1]:8888/search", "http://[::1]:8888"),
        ("http://user:secret@nas.local/search", "http://user:secret@nas.local"),
        ("http://host/search/search", "http://host/search"),
        ("http://host/researcher", "http://host/researcher"),
    ],
    ids=[
        "origin",
        "trailing-slash",
        "search-path",
        "search-path-slash",
        "query-fragment-case",
        "port-path-case-kept",
        "ipv6",
        "userinfo-kept",
        "only-one-search-stripped",
        "search-suffix-of-a-word",
    ],
)
def test_normalize_base_url_accepts(raw: str, expected: str) -> None:
    assert normalize_base_url(raw) == expected


@pytest.mark.parametrize(
    "raw",
    [
        "",
        "localhost:8888",
        "127.0.0.1:8888/search",
        "/search",
        "ftp://host/search",
        "file:///etc/searxng/settings.yml",
        "http://",
        "http://host:99999/",
        "http://[::1/",
    ],
)
def test_normalize_base_url_refuses(raw: str) -> None:
    with pytest.raises(errors.SearchConfigError, match="absolute http or https address"):
        normalize_base_url(raw)


def test_backend_refuses_a_bad_base_url_at_once(client: httpx.AsyncClient) -> None:
    with pytest.raises(errors.SearchConfigError):
        SearXNGBackend("searx.local", client)


def test_redact_url_masks_every_query_value_and_the_user_information() -> None:
    url = "http://user:hunter2@nas.local:8888/search?q=my+secret+plan&format=json&pageno=2"
    assert redact_url(url) == "http://*****@nas.local:8888/search?q=*****&format=*****&pageno=*****"


def test_backend_declares_what_it_can_do(backend: SearXNGBackend) -> None:
    assert backend.kind is BackendKind.SEARXNG
    capabilities = backend.capabilities
    assert capabilities.max_page == MAX_PAGE == 20
    assert capabilities.filters_safe_search
    assert capabilities.supports_time_range
    assert capabilities.supports_language


# The request


async def test_search_sends_only_the_query_and_the_format_by_default(
    backend: SearXNGBackend, server: JsonServer
) -> None:
    server.route("/search", searx_answer([]))
    await backend.search(SearchQuery(query="test"))
    [request] = server.requests
    assert request.method == "GET"
    assert request.path == "/search"
    assert request.query == {"q": ["test"], "format": ["json"]}


async def test_search_sends_every_filter_it_is_given(
    backend: SearXNGBackend, server: JsonServer
) -> None:
    server.route("/search", searx_answer([]))
    query = SearchQuery(
        query="test",
        language="de-DE",
        time_range="month",
        page=3,
        safe_search=SafeSearch.MODERATE,
    )
    await backend.search(query)
    [request] = server.requests
    assert request.query == {
        "q": ["test"],
        "format": ["json"],
        "language": ["de-DE"],
        "time_range": ["month"],
        "pageno": ["3"],
        "safesearch": ["1"],
    }
    assert "engines" not in request.query
    assert "categories" not in request.query


@pytest.mark.parametrize(
    ("policy", "value"),
    [(SafeSearch.OFF, "0"), (SafeSearch.MODERATE, "1"), (SafeSearch.STRICT, "2")],
    ids=["off", "moderate", "strict"],
)
async def test_search_maps_the_safe_search_policy(
    backend: SearXNGBackend, server: JsonServer, policy: SafeSearch, value: str
) -> None:
    server.route("/search", searx_answer([]))
    await backend.search(SearchQuery(query="test", safe_search=policy))
    assert server.requests[0].query["safesearch"] == [value]


async def test_search_encodes_the_query_so_it_arrives_unchanged(
    backend: SearXNGBackend, server: JsonServer
) -> None:
    server.route("/search", searx_answer([]))
    text = 'C++ & "café" ?x=1#frag 100%'
    await backend.search(SearchQuery(query=text))
    assert server.requests[0].query["q"] == [text]


async def test_search_goes_to_the_base_path_of_the_instance(
    server: JsonServer, client: httpx.AsyncClient
) -> None:
    server.route("/searx/search", searx_answer([]))
    backend = SearXNGBackend(f"{server.url}/searx/search/?format=html#x", client)
    await backend.search(SearchQuery(query="test"))
    assert [request.path for request in server.requests] == ["/searx/search"]
    assert server.requests[0].query["format"] == ["json"]


async def test_search_refuses_a_page_beyond_the_last(backend: SearXNGBackend) -> None:
    with pytest.raises(ValueError, match="pages up to 20"):
        await backend.search(SearchQuery(query="test", page=MAX_PAGE + 1))


async def test_search_sends_the_user_information_as_basic_authentication(
    server: JsonServer, client: httpx.AsyncClient
) -> None:
    server.route("/search", searx_answer([]))
    base = server.url.replace("http://", "http://searcher:hunter2@")
    await SearXNGBackend(base, client).search(SearchQuery(query="test"))
    assert server.requests[0].headers["authorization"].startswith("Basic ")


# Recorded answers


async def test_recorded_answer_gives_the_results_with_an_address_best_first(
    backend: SearXNGBackend, server: JsonServer
) -> None:
    server.route("/search", ScriptedAnswer.file(CORPUS / "response-normal.json"))
    page = await backend.search(SearchQuery(query="test"))
    assert [(hit.rank, hit.url, hit.score) for hit in page.hits] == [
        (1, "http://127.0.0.1:8765/pages/one.html", 1.0),
        (2, "http://127.0.0.1:8765/pages/tools.html", 0.5),
        (3, "http://127.0.0.1:8765/pages/unicode.html", pytest.approx(1 / 3)),
        (4, BAIT_URL, 0.25),
    ]
    unicode_hit = page.hits[2]
    assert unicode_hit.title == "Unicode été — café test"
    assert (
        unicode_hit.snippet
        == "Non-ASCII title and content, to check decoding: naïve résumé 日本語."
    )
    assert all(hit.published_date is None for hit in page.hits)
    assert all(hit.backend is BackendKind.SEARXNG for hit in page.hits)
    assert page.candidate_count == 8  # The four demo results without an address count too.
    assert page.notes == ()


async def test_recorded_bait_address_is_a_hit_that_is_never_fetched(
    backend: SearXNGBackend, server: JsonServer, transport: RecordingTransport
) -> None:
    # The bait's address is rewritten to a trap server on this machine: if the client ever
    # loaded a result, the trap would count it. The network guard watches everything else.
    with JsonServer() as trap:
        recorded = json.loads((CORPUS / "response-normal.json").read_text(encoding="utf-8"))
        port = trap.url.rpartition(":")[2]
        bait_url = f"http://[::ffff:7f00:1]:{port}/latest/meta-data/"
        for entry in recorded["results"]:
            if entry["url"] == BAIT_URL:
                entry["url"] = bait_url
        server.route("/search", ScriptedAnswer.json(recorded))
        page = await backend.search(SearchQuery(query="test"))
        assert bait_url in [hit.url for hit in page.hits]
        assert trap.hits() == 0
    assert server.hits() == 1
    assert transport.urls == [f"{server.url}/search?q=test&format=json"]


async def test_recorded_unresponsive_engine_becomes_a_note_not_an_error(
    backend: SearXNGBackend, server: JsonServer
) -> None:
    server.route("/search", ScriptedAnswer.file(CORPUS / "response-unresponsive-engine.json"))
    page = await backend.search(SearchQuery(query="test"))
    assert page.hits == ()
    [note] = page.notes
    assert note.startswith(
        "The following search engines of the SearXNG instance did not answer: "
        "broken db (unexpected crash)."
    )


# Reading results


async def test_results_are_sorted_by_score_then_title(
    backend: SearXNGBackend, server: JsonServer
) -> None:
    server.route(
        "/search",
        searx_answer(
            [
                result("https://a.example/", "Zebra", 0.5),
                result("https://b.example/", "Apple", 0.5),
                result("https://c.example/", "Middle", 2.0),
                result("https://d.example/", "Unscored"),
            ]
        ),
    )
    page = await backend.search(SearchQuery(query="test"))
    assert [hit.title for hit in page.hits] == ["Middle", "Apple", "Zebra", "Unscored"]
    assert [hit.rank for hit in page.hits] == [1, 2, 3, 4]


async def test_results_without_scores_keep_the_instance_order(
    backend: SearXNGBackend, server: JsonServer
) -> None:
    server.route(
        "/search",
        searx_answer([result("https://z.example/", "Z"), result("https://a.example/", "A")]),
    )
    page = await backend.search(SearchQuery(query="test"))
    assert [hit.title for hit in page.hits] == ["Z", "A"]
    assert all(hit.score is None for hit in page.hits)


async def test_results_read_both_spellings_of_the_publication_date(
    backend: SearXNGBackend, server: JsonServer
) -> None:
    server.route(
        "/search",
        searx_answer(
            [
                result("https://a.example/", "A", publishedDate="2026-01-02T00:00:00"),
                result("https://b.example/", "B", published_date="2025-12-31"),
                result("https://c.example/", "C", publishedDate=None),
                result("https://d.example/", "D", publishedDate=20260102),
            ]
        ),
    )
    page = await backend.search(SearchQuery(query="test"))
    assert [hit.published_date for hit in page.hits] == [
        "2026-01-02T00:00:00",
        "2025-12-31",
        None,
        None,
    ]


async def test_results_without_a_usable_address_are_skipped(
    backend: SearXNGBackend, server: JsonServer
) -> None:
    server.route(
        "/search",
        searx_answer(
            [
                result(None, "no address"),
                result("", "empty address"),
                {"url": 42, "title": "a number"},
                "not even an object",
                result("https://kept.example/", "kept", score=float("nan")),
            ]
        ),
    )
    page = await backend.search(SearchQuery(query="test"))
    assert [(hit.title, hit.score) for hit in page.hits] == [("kept", None)]
    assert page.candidate_count == 5


async def test_answer_without_a_media_type_is_read_as_json(
    backend: SearXNGBackend, server: JsonServer
) -> None:
    answer = searx_answer([result("https://a.example/", "A")])
    server.route("/search", ScriptedAnswer(body=answer.body, content_type=None))
    page = await backend.search(SearchQuery(query="test"))
    assert len(page.hits) == 1


async def test_answer_of_exactly_the_cap_is_read(
    backend: SearXNGBackend, server: JsonServer
) -> None:
    body = json.dumps({"results": [result("https://a.example/", "A")]}).encode()
    body += b" " * (MAX_RESPONSE_BYTES - len(body))
    server.route("/search", ScriptedAnswer(body=body, chunked=True))
    page = await backend.search(SearchQuery(query="test"))
    assert len(page.hits) == 1


# Failures: each one says the search failed, and what to do


def _big_body() -> bytes:
    return json.dumps({"results": [], "padding": "x" * MAX_RESPONSE_BYTES}).encode()


@pytest.mark.parametrize(
    ("answer", "error_type", "phrases"),
    [
        (
            ScriptedAnswer.html("<h1>Forbidden</h1>", status=403),
            errors.SearchAccessDenied,
            ["HTTP 403", "'search.formats'", "settings.yml", "'json'", "authentication"],
        ),
        (
            ScriptedAnswer.json({"error": "auth"}, status=401),
            errors.SearchAccessDenied,
            ["HTTP 401", "'search.formats'", "bot check"],
        ),
        (
            ScriptedAnswer.html("Too Many Requests", status=429),
            errors.SearchRateLimited,
            ["HTTP 429", "limiter", "'pass_ip'", "try again later"],
        ),
        (
            ScriptedAnswer.html("<html><body>SearXNG</body></html>"),
            errors.SearchFormatError,
            ["'text/html'", "('search.formats' must contain 'json')"],
        ),
        (
            ScriptedAnswer.json({}, status=500),
            errors.SearchHTTPError,
            ["HTTP status 500"],
        ),
        (
            ScriptedAnswer(status=302, headers=(("Location", "https://elsewhere.example/"),)),
            errors.SearchHTTPError,
            ["HTTP status 302", "redirects"],
        ),
        (
            ScriptedAnswer.json({"detail": "Not Found"}, status=404),
            errors.SearchHTTPError,
            ["HTTP status 404", "start page"],
        ),
        (
            ScriptedAnswer(body=b"{not json"),
            errors.SearchResponseError,
            ["not valid JSON"],
        ),
        (
            ScriptedAnswer.json(["a", "list"]),
            errors.SearchResponseError,
            ["no list of results"],
        ),
        (
            ScriptedAnswer.json({"results": {"not": "a list"}}),
            errors.SearchResponseError,
            ["no list of results"],
        ),
        (
            ScriptedAnswer(body=_big_body()),
            errors.SearchResponseTooLarge,
            ["larger than 1024 KiB"],
        ),
        (
            ScriptedAnswer(body=_big_body(), chunked=True),
            errors.SearchResponseTooLarge,
            ["larger than 1024 KiB"],
        ),
    ],
    ids=[
        "403-json-disabled",
        "401-authentication",
        "429-limiter",
        "html-page",
        "500",
        "redirect",
        "404",
        "broken-json",
        "json-without-object",
        "results-not-a-list",
        "too-large-declared",
        "too-large-streamed",
    ],
)
async def test_failure_raises_a_search_error_with_a_hint(
    backend: SearXNGBackend,
    server: JsonServer,
    answer: ScriptedAnswer,
    error_type: type[errors.SearchBackendError],
    phrases: list[str],
) -> None:
    server.route("/search", answer)
    with pytest.raises(error_type) as caught:
        await backend.search(SearchQuery(query="test"))
    message = str(caught.value)
    assert message.startswith("The search failed: ")
    assert caught.value.backend == "SearXNG"
    for phrase in phrases:
        assert phrase.lower() in message.lower()
    assert server.hits() == 1


async def test_access_denied_keeps_the_status(backend: SearXNGBackend, server: JsonServer) -> None:
    server.route("/search", ScriptedAnswer(status=403, content_type="text/plain"))
    with pytest.raises(errors.SearchAccessDenied) as caught:
        await backend.search(SearchQuery(query="test"))
    assert caught.value.status == 403


async def test_html_page_names_its_media_type(backend: SearXNGBackend, server: JsonServer) -> None:
    server.route("/search", ScriptedAnswer.html("<p>login</p>"))
    with pytest.raises(errors.SearchFormatError) as caught:
        await backend.search(SearchQuery(query="test"))
    assert caught.value.media_type == "text/html"


async def test_slow_instance_times_out(server: JsonServer, client: httpx.AsyncClient) -> None:
    server.route("/search", ScriptedAnswer(body=b'{"results": []}', delay=5.0))
    backend = SearXNGBackend(server.url, client, timeout=0.3)
    started = time.monotonic()
    with pytest.raises(errors.SearchTimeout, match=r"did not answer within 0\.3 seconds"):
        await backend.search(SearchQuery(query="test"))
    assert time.monotonic() - started < 3.0


def _closed_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
    return port


async def test_unreachable_instance_says_so(client: httpx.AsyncClient) -> None:
    backend = SearXNGBackend(f"http://127.0.0.1:{_closed_port()}", client)
    with pytest.raises(errors.SearchUnreachable, match="could not be reached") as caught:
        await backend.search(SearchQuery(query="test"))
    assert str(caught.value).startswith("The search failed: ")


def test_timeout_must_be_positive(client: httpx.AsyncClient) -> None:
    with pytest.raises(ValueError, match="positive"):
        SearXNGBackend("http://localhost:8888", client, timeout=0)


# What is logged and shown


async def test_logs_and_messages_show_neither_the_query_nor_the_password(
    server: JsonServer, client: httpx.AsyncClient, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.DEBUG, logger="studio")
    server.route("/search", ScriptedAnswer(status=403, content_type="text/plain"))
    base = server.url.replace("http://", "http://searcher:hunter2@")
    backend = SearXNGBackend(base, client)
    with pytest.raises(errors.SearchAccessDenied) as caught:
        await backend.search(SearchQuery(query="confidential merger plans"))
    studio_logs = [record.getMessage() for record in caplog.records if record.name != "httpx"]
    assert any("q=*****" in line for line in studio_logs)
    for text in [*studio_logs, str(caught.value)]:
        assert "confidential" not in text
        assert "hunter2" not in text
    assert "*****@127.0.0.1" in str(caught.value)
