from __future__ import annotations

import pytest

from studio.tools.addresses import find_web_addresses, without_echoes


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
