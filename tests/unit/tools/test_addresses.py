from __future__ import annotations

import pytest

from studio.tools.addresses import find_web_addresses, is_given, request_key, without_echoes


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        pytest.param("See https://example.org/a.", ["https://example.org/a"], id="full-stop"),
        pytest.param(
            "Both https://a.example, and http://b.example/x?y=1; done",
            ["https://a.example", "http://b.example/x?y=1"],
            id="comma-and-semicolon",
        ),
        pytest.param("Really https://a.example/q?!", ["https://a.example/q"], id="question-bang"),
        pytest.param("(see https://a.example/p)", ["https://a.example/p"], id="unbalanced-paren"),
        pytest.param(
            "https://en.wikipedia.org/wiki/Tool_(band)",
            ["https://en.wikipedia.org/wiki/Tool_(band)"],
            id="balanced-paren-kept",
        ),
        pytest.param(
            "[link](https://a.example/doc).", ["https://a.example/doc"], id="markdown-link"
        ),
        pytest.param("[https://a.example/x]", ["https://a.example/x"], id="unbalanced-bracket"),
        pytest.param("**https://a.example/bold**", ["https://a.example/bold"], id="emphasis"),
        pytest.param(
            '<a href="https://a.example/h">', ["https://a.example/h"], id="html-attribute"
        ),
        pytest.param('{"url":"https://a.example/j"}', ["https://a.example/j"], id="json-string"),
        pytest.param("`https://a.example/c`", ["https://a.example/c"], id="backticks"),
        pytest.param("HTTPS://A.example/up", ["HTTPS://A.example/up"], id="upper-case-scheme"),
        pytest.param(
            "https://a.example/one then https://a.example/one again",
            ["https://a.example/one"],
            id="duplicates-once",
        ),
        pytest.param("ftp://a.example and mailto:x@a.example", [], id="other-schemes"),
        pytest.param("https:// and https://.", [], id="no-host"),
        pytest.param("", [], id="empty"),
    ],
)
def test_find_web_addresses_finds_and_trims(text: str, expected: list[str]) -> None:
    assert find_web_addresses(text) == expected


def test_find_web_addresses_adds_the_entity_decoded_form() -> None:
    found = find_web_addresses("Go to https://a.example/s?q=1&amp;p=2 now")

    assert found == ["https://a.example/s?q=1&amp;p=2", "https://a.example/s?q=1&p=2"]


def test_find_web_addresses_stops_a_decoded_address_at_a_decoded_quote() -> None:
    found = find_web_addresses("x=&quot;https://a.example/q&quot;")

    assert found == ["https://a.example/q&quot", "https://a.example/q"]


_MADE_UP = "https://made.up/x"


@pytest.mark.parametrize(
    ("address", "echoed", "kept"),
    [
        pytest.param(_MADE_UP, '{"query": "https://made.up/x"}', False, id="exact-echo"),
        pytest.param(_MADE_UP, '{"q": "see https://made.up/x/more"}', False, id="substring-echo"),
        pytest.param(_MADE_UP, '{"query": "HTTPS://MADE.UP/X"}', False, id="case-changed-echo"),
        pytest.param(
            "https://made.up/x?a=1&b=2",
            '{"query": "https://made.up/x?a=1&amp;b=2"}',
            False,
            id="entity-encoded-echo",
        ),
        pytest.param(_MADE_UP, '{"query": "https://made.up"}', True, id="shorter-echo-kept"),
        pytest.param(_MADE_UP, '{"query": "weather"}', True, id="no-echo"),
    ],
)
def test_without_echoes_drops_addresses_the_arguments_contain(
    address: str, echoed: str, kept: bool
) -> None:
    assert without_echoes([address], [echoed]) == ([address] if kept else [])


def test_without_echoes_keeps_everything_when_nothing_was_echoed() -> None:
    assert without_echoes([_MADE_UP], []) == [_MADE_UP]


def test_without_echoes_keeps_order_of_the_survivors() -> None:
    addresses = ["https://c.example", "https://echo.example", "https://a.example"]

    kept = without_echoes(addresses, ["https://echo.example"])

    assert kept == ["https://c.example", "https://a.example"]


@pytest.mark.parametrize(
    ("address", "key"),
    [
        ("https://example.org/a?b=1", "https://example.org:443/a?b=1"),
        ("HTTPS://Example.ORG/a?b=1#part", "https://example.org:443/a?b=1"),
        ("https://example.org:443/a?b=1", "https://example.org:443/a?b=1"),
        ("http://example.org", "http://example.org:80/"),
        ("http://example.org:8080/A/./b/../c", "http://example.org:8080/A/c"),
        ("https://user:pw@example.org/", "https://user:pw@example.org:443/"),
        ("https://bücher.de/ä?q=ü", "https://xn--bcher-kva.de:443/%C3%A4?q=%C3%BC"),
        ("https://example.org./x", "https://example.org:443/x"),
        ("http://[::1]:8000/", "http://[::1]:8000/"),
        ("https://example.org/%7e", "https://example.org:443/%7e"),
    ],
    ids=["plain", "case-and-fragment", "default-port", "no-path", "dot-segments", "userinfo",
         "idn", "trailing-dot", "ipv6", "escape-kept"],
)  # fmt: skip
def test_request_key_names_the_request_an_address_makes(address: str, key: str) -> None:
    assert request_key(address) == key


@pytest.mark.parametrize(
    "address", ["ftp://example.org/", "mailto:a@example.org", "example.org/a", "https://", ""]
)
def test_request_key_is_none_for_anything_but_a_web_address(address: str) -> None:
    assert request_key(address) is None


def test_is_given_compares_by_request_key() -> None:
    given = {"https://Example.org/doc?id=7#top", "not an address"}

    assert is_given("https://example.org:443/doc?id=7", given)
    assert is_given("https://example.org/doc?id=7#other", given)
    assert not is_given("https://example.org/doc?id=8", given)
    assert not is_given("https://example.org/Doc?id=7", given)
    assert not is_given("http://example.org/doc?id=7", given)
    assert not is_given("https://example.org/doc", given)
    assert not is_given("not an address", given)
