from __future__ import annotations

from dataclasses import dataclass

import pytest

from studio.web.search.backend import BackendKind, SearchHit
from studio.web.search.candidates import (
    MAX_SNIPPET_CHARACTERS,
    RetrievedCandidate,
    SearchCandidate,
    cap_snippet,
    collect_candidates,
    merge_by_final_url,
    merge_candidates,
    normalize_url,
)

SEARXNG = BackendKind.SEARXNG


def hit(
    url: str,
    title: str = "",
    snippet: str = "",
    date: str | None = None,
    backend: BackendKind = SEARXNG,
    rank: int = 1,
) -> SearchHit:
    return SearchHit(
        url=url,
        title=title,
        snippet=snippet,
        published_date=date,
        score=None,
        rank=rank,
        backend=backend,
    )


def candidate(url: str, rank: int, title: str = "", snippet: str = "") -> SearchCandidate:
    key = normalize_url(url)
    assert key is not None
    return SearchCandidate(
        url=url,
        key=key,
        title=title,
        snippet=snippet,
        published_date=None,
        rank=rank,
        original_urls=(url,),
        backends=(SEARXNG,),
    )


@dataclass(frozen=True)
class Page:
    markdown: str


# normalize_url


@pytest.mark.parametrize(
    ("url", "key"),
    [
        ("https://example.org/a", "https://example.org/a"),
        ("HTTPS://EXAMPLE.org/Path/Case?Q=Case", "https://example.org/Path/Case?Q=Case"),
        ("http://example.org", "http://example.org/"),
        ("http://example.org/a#section-2", "http://example.org/a"),
        ("http://example.org:80/a", "http://example.org/a"),
        ("https://example.org:443/a", "https://example.org/a"),
        ("http://example.org:443/a", "http://example.org:443/a"),
        ("https://example.org:8443/a", "https://example.org:8443/a"),
        ("http://example.org./a", "http://example.org/a"),
        ("http://Bücher.Example/katalog", "http://xn--bcher-kva.example/katalog"),
        ("http://xn--bcher-kva.example/katalog", "http://xn--bcher-kva.example/katalog"),
        ("http://User:Pass@Example.org/a", "http://User:Pass@example.org/a"),
        ("http://example.org/a/./b/../c", "http://example.org/a/c"),
        ("http://example.org/%7euser/caf%c3%a9", "http://example.org/~user/caf%C3%A9"),
        ("http://example.org/café", "http://example.org/caf%C3%A9"),
        ("http://example.org/a?x=1&y=2", "http://example.org/a?x=1&y=2"),
        ("http://[::FFFF:7F00:1]:8765/latest/", "http://[::ffff:7f00:1]:8765/latest/"),
        ("http://[0:0::1]/", "http://[::1]/"),
        ("  http://example.org/padded  ", "http://example.org/padded"),
    ],
    ids=[
        "plain",
        "scheme-host-lowered-path-query-kept",
        "empty-path",
        "fragment",
        "default-http-port",
        "default-https-port",
        "https-port-on-http",
        "other-port",
        "trailing-dot",
        "idn",
        "punycode",
        "userinfo",
        "dot-segments",
        "escapes",
        "non-ascii-path",
        "query",
        "ipv4-mapped-ipv6",
        "ipv6-compressed",
        "whitespace",
    ],
)
def test_normalize_url_builds_the_key(url: str, key: str) -> None:
    assert normalize_url(url) == key


@pytest.mark.parametrize(
    "url",
    [
        "ftp://example.org/file",
        "mailto:someone@example.org",
        "javascript:alert(1)",
        "file:///etc/passwd",
        "//example.org/no-scheme",
        "/relative/path",
        "http:///no-host",
        "http://example.org:99999/",
        "",
    ],
)
def test_normalize_url_refuses_what_is_not_a_web_address(url: str) -> None:
    assert normalize_url(url) is None


def test_normalize_url_gives_one_key_for_spellings_of_one_page() -> None:
    spellings = [
        "https://Example.org/a?b=1",
        "https://example.org:443/a?b=1#top",
        "HTTPS://example.org./a?b=1",
        "https://example.org/./a?b=1",
    ]
    assert len({normalize_url(url) for url in spellings}) == 1


# collect_candidates


def test_collect_keeps_the_ranking_and_drops_what_is_not_a_web_address() -> None:
    collected = collect_candidates(
        [
            hit("https://a.example/", "A"),
            hit("ftp://files.example/", "FTP"),
            hit("https://b.example/page#part", "B"),
        ],
        limit=5,
    )
    assert [(c.rank, c.title, c.url) for c in collected.candidates] == [
        (1, "A", "https://a.example/"),
        (2, "B", "https://b.example/page"),
    ]
    assert collected.candidate_count == 3


def test_collect_merges_duplicates_keeping_the_better_rank_and_filling_gaps() -> None:
    collected = collect_candidates(
        [
            hit("https://Example.org/a#x", title="First title", backend=SEARXNG),
            hit("https://other.example/", "Other", backend=SEARXNG),
            hit(
                "https://example.org:443/a",
                title="Second title",
                snippet="Only the second has a snippet",
                date="2026-05-01",
                backend=SEARXNG,
            ),
            hit("https://example.org/a", title="Third", snippet="later", backend=SEARXNG),
        ],
        limit=5,
    )
    first, second = collected.candidates
    assert first.rank == 1
    assert first.url == "https://Example.org/a"
    assert first.key == "https://example.org/a"
    assert first.title == "First title"
    assert first.snippet == "Only the second has a snippet"
    assert first.published_date == "2026-05-01"
    assert first.original_urls == (
        "https://Example.org/a#x",
        "https://example.org:443/a",
        "https://example.org/a",
    )
    assert first.backends == (SEARXNG,)
    assert (second.rank, second.title) == (2, "Other")
    assert collected.candidate_count == 4


def test_collect_takes_the_first_limit_candidates_and_counts_before_filtering() -> None:
    hits = [
        hit("https://a.example/"),
        hit("https://a.example/#dup"),
        hit("mailto:x@example.org"),
        hit("https://b.example/"),
        hit("https://c.example/"),
        hit("https://d.example/"),
    ]
    collected = collect_candidates(hits, limit=2)
    assert [c.url for c in collected.candidates] == ["https://a.example/", "https://b.example/"]
    assert [c.rank for c in collected.candidates] == [1, 2]
    assert collected.candidate_count == 6


def test_collect_of_nothing_is_empty() -> None:
    collected = collect_candidates([], limit=5)
    assert collected.candidates == ()
    assert collected.candidate_count == 0


def test_merge_candidates_keeps_the_better_and_unions_the_rest() -> None:
    better = candidate("https://a.example/x", rank=3, title="Better")
    other = SearchCandidate(
        url="https://A.example/x",
        key="https://a.example/x",
        title="Other",
        snippet="from the other",
        published_date="2020-01-01",
        rank=1,
        original_urls=("https://A.example/x", "https://a.example/x"),
        backends=(SEARXNG, SEARXNG),
    )
    merged = merge_candidates(better, other)
    assert merged.url == "https://a.example/x"
    assert merged.title == "Better"
    assert merged.snippet == "from the other"
    assert merged.published_date == "2020-01-01"
    assert merged.rank == 1
    assert merged.original_urls == ("https://a.example/x", "https://A.example/x")
    assert merged.backends == (SEARXNG,)


# merge_by_final_url


def test_final_url_merge_prefers_the_entry_with_a_page() -> None:
    first = RetrievedCandidate[Page](
        candidate=candidate("https://short.example/1", rank=1, title="Short link"),
        final_url="https://target.example/article",
        page=None,
    )
    second = RetrievedCandidate(
        candidate=candidate("https://target.example/article", rank=2, snippet="the article"),
        final_url="https://Target.example/article#top",
        page=Page("# Article"),
    )
    [merged] = merge_by_final_url([first, second])
    assert merged.page == Page("# Article")
    assert merged.final_url == "https://Target.example/article#top"
    assert merged.candidate.url == "https://target.example/article"
    assert merged.candidate.rank == 1
    assert merged.candidate.title == "Short link"  # Filled from the other entry.
    assert merged.candidate.snippet == "the article"
    assert merged.candidate.original_urls == (
        "https://target.example/article",
        "https://short.example/1",
    )


def test_final_url_merge_between_equals_prefers_the_better_rank() -> None:
    worse = RetrievedCandidate(
        candidate=candidate("https://b.example/", rank=4, title="Worse"),
        final_url="https://final.example/",
        page=Page("worse"),
    )
    better = RetrievedCandidate(
        candidate=candidate("https://a.example/", rank=2, title="Better"),
        final_url="https://final.example/",
        page=Page("better"),
    )
    [merged] = merge_by_final_url([worse, better])
    assert merged.page == Page("better")
    assert merged.candidate.title == "Better"
    assert merged.candidate.rank == 2


def test_final_url_merge_keys_unloaded_entries_by_their_own_address() -> None:
    entries = [
        RetrievedCandidate[Page](candidate=candidate("https://a.example/", 1, title="A")),
        RetrievedCandidate[Page](candidate=candidate("https://b.example/", 2, title="B")),
        RetrievedCandidate(
            candidate=candidate("https://c.example/", 3, title="C"),
            final_url="https://a.example/",
            page=Page("c's page ended at a"),
        ),
    ]
    merged = merge_by_final_url(entries)
    assert [(entry.candidate.rank, entry.candidate.title) for entry in merged] == [
        (1, "C"),
        (2, "B"),
    ]
    assert merged[0].page == Page("c's page ended at a")


def test_final_url_merge_drops_entries_with_nothing_to_show_and_sorts_by_rank() -> None:
    entries = [
        RetrievedCandidate[Page](candidate=candidate("https://d.example/", 4, snippet="snippet")),
        RetrievedCandidate[Page](candidate=candidate("https://empty.example/", 2)),
        RetrievedCandidate(
            candidate=candidate("https://page.example/", 3), final_url=None, page=Page("text")
        ),
        RetrievedCandidate[Page](candidate=candidate("https://a.example/", 1, title="Title")),
    ]
    merged = merge_by_final_url(entries)
    assert [entry.candidate.url for entry in merged] == [
        "https://a.example/",
        "https://page.example/",
        "https://d.example/",
    ]


def test_final_url_merge_caps_long_snippets() -> None:
    long = "word " * 400
    [entry] = merge_by_final_url(
        [RetrievedCandidate[Page](candidate=candidate("https://a.example/", 1, snippet=long))]
    )
    assert len(entry.candidate.snippet) <= MAX_SNIPPET_CHARACTERS
    assert entry.candidate.snippet.endswith("…")


@pytest.mark.parametrize(
    ("snippet", "expected"),
    [
        ("short", "short"),
        ("x" * MAX_SNIPPET_CHARACTERS, "x" * MAX_SNIPPET_CHARACTERS),
        ("x" * (MAX_SNIPPET_CHARACTERS + 1), "x" * (MAX_SNIPPET_CHARACTERS - 1) + "…"),
        ("", ""),
    ],
    ids=["short", "exactly-the-cap", "one-over", "empty"],
)
def test_cap_snippet(snippet: str, expected: str) -> None:
    assert cap_snippet(snippet) == expected
    assert MAX_SNIPPET_CHARACTERS == 1000
