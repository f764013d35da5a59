from __future__ import annotations

import pytest

from studio.harness.sources import merge_sources, normalize_url
from studio.kernel.result import Source, SourceOrigin


@pytest.mark.parametrize(
    ("first", "second"),
    [
        ("https://example.org/a", "HTTPS://EXAMPLE.ORG/a"),
        ("https://example.org/a", "https://example.org./a"),
        ("https://example.org/a", "https://example.org:443/a"),
        ("http://example.org/a", "http://example.org:80/a"),
        ("https://example.org/a", "https://example.org/a#section"),
        ("https://example.org/", "https://example.org"),
        ("https://example.org/a?q=1", " https://example.org/a?q=1#top "),
        ("https://[2001:db8::1]/a", "https://[2001:DB8::1]:443/a"),
        ("https://user@example.org/a", "https://user@Example.org/a"),
    ],
    ids=[
        "scheme-and-host-case",
        "trailing-dot",
        "https-default-port",
        "http-default-port",
        "fragment",
        "empty-path",
        "blanks-and-fragment-with-query",
        "ipv6",
        "user-info",
    ],
)
def test_normalize_url_equates_spellings_of_one_address(first: str, second: str) -> None:
    assert normalize_url(first) == normalize_url(second)


@pytest.mark.parametrize(
    ("first", "second"),
    [
        ("https://example.org/A", "https://example.org/a"),
        ("https://example.org/a?q=1", "https://example.org/a?q=2"),
        ("http://example.org/a", "https://example.org/a"),
        ("https://example.org:8443/a", "https://example.org/a"),
        ("http://example.org:443/a", "http://example.org/a"),
        ("https://example.org/a", "https://example.org.evil.test/a"),
    ],
    ids=["path-case", "query", "scheme", "other-port", "https-port-on-http", "longer-host"],
)
def test_normalize_url_keeps_different_addresses_apart(first: str, second: str) -> None:
    assert normalize_url(first) != normalize_url(second)


def test_normalize_url_writes_the_normal_form() -> None:
    assert normalize_url("HTTPS://Example.ORG.:443/Path?Q=1#x") == "https://example.org/Path?Q=1"
    assert normalize_url("http://Example.org:8080") == "http://example.org:8080/"


@pytest.mark.parametrize(
    "text",
    ["https://example.org:99999/a", "https://[::1/a", "not an address"],
    ids=["port-out-of-range", "broken-ipv6", "plain-text"],
)
def test_normalize_url_leaves_unparsable_text_as_it_is(text: str) -> None:
    assert normalize_url(f"  {text}  ") == text


def test_merge_sources_keeps_the_first_of_each_address_in_order() -> None:
    handbook = Source(title="Handbook", url="https://intranet.example/handbook")
    about = Source(title="About", url="https://intranet.example/about")
    again = Source(title="Handbook, again", url="HTTPS://Intranet.Example.:443/handbook#top")
    model = Source(title="Model", url="https://intranet.example/about", origin=SourceOrigin.MODEL)
    news = Source(title="News", url="https://news.example/")

    merged = merge_sources((handbook,), [about, again, model, news, news])

    assert merged == (handbook, about, news)


def test_merge_sources_does_not_change_the_existing_sources() -> None:
    existing = [Source(title="A", url="https://a.example/")]

    merged = merge_sources(existing, [Source(title="B", url="https://b.example/")])

    assert existing == [Source(title="A", url="https://a.example/")]
    assert [source.title for source in merged] == ["A", "B"]


def test_merge_sources_compares_sources_without_an_address_by_title() -> None:
    first = Source(title="Notes", url="")
    same = Source(title=" Notes ", url=" ")
    other = Source(title="Minutes", url="")

    assert merge_sources((), [first, same, other]) == (first, other)
