"""Selections: normalising to collections, expanding to tools, and the per-answer limits."""

from __future__ import annotations

from dataclasses import dataclass, field

import pytest

from studio.kernel.definition import Component, ToolActivation
from studio.tools import selection
from studio.tools.selection import (
    MAX_TOOL_CALLS,
    MAX_TOOL_RESULT_CHARACTERS,
    expand_selection,
    normalize_selection,
    tool_calls_unavailable_instruction,
)


@dataclass
class View:
    """The smallest SelectionView: collections and context tools given as data."""

    collections: dict[str, tuple[str, ...]] = field(default_factory=dict)
    context_tools: frozenset[str] = frozenset()

    def collection_of(self, tool_id):
        return next((c for c, members in self.collections.items() if tool_id in members), None)

    def members_of(self, collection_id):
        return self.collections.get(collection_id, ())

    def is_context_tool(self, tool_id):
        return tool_id in self.context_tools


VIEW = View(
    collections={"mailboxes": ("search_mails", "read_mail", "count_mails")},
    context_tools=frozenset({"semantic_search"}),
)

NORMALIZE_CASES = [
    pytest.param([], (), id="empty"),
    pytest.param(["web_search"], ("web_search",), id="plain"),
    pytest.param(["read_mail"], ("mailboxes",), id="member-to-collection"),
    pytest.param(
        ["search_mails", "web_search", "count_mails", "mailboxes"],
        ("mailboxes", "web_search"),
        id="members-collapse-first-order-kept",
    ),
    pytest.param(["web_search", "web_search"], ("web_search",), id="duplicates"),
    pytest.param(
        ["search_confluence"], ("search_confluence", "read_web_page"), id="confluence-brings-read"
    ),
    pytest.param(
        ["search_sharepoint"], ("search_sharepoint", "read_web_page"), id="sharepoint-brings-read"
    ),
    pytest.param(
        ["read_web_page", "search_confluence"],
        ("read_web_page", "search_confluence"),
        id="companion-already-there",
    ),
    pytest.param(["semantic_search", "web_search"], ("web_search",), id="context-dropped"),
    pytest.param(["future_plugin_tool"], ("future_plugin_tool",), id="unknown-kept"),
]


@pytest.mark.parametrize(("ids", "expected"), NORMALIZE_CASES)
def test_normalize_selection(ids, expected):
    assert normalize_selection(ids, VIEW) == expected


@pytest.mark.parametrize(("ids", "expected"), NORMALIZE_CASES)
def test_normalize_selection_is_idempotent(ids, expected):
    once = normalize_selection(ids, VIEW)

    assert normalize_selection(once, VIEW) == once


def test_normalize_selection_does_not_mutate_its_input():
    ids = ["read_mail", "semantic_search", "search_confluence", "read_mail"]
    before = list(ids)

    normalize_selection(ids, VIEW)
    expand_selection(ids, VIEW)

    assert ids == before


def test_normalize_selection_accepts_any_iterable():
    assert normalize_selection(iter(["read_mail", "x"]), VIEW) == ("mailboxes", "x")


def test_companion_of_a_collection_member_stays_idempotent():
    view = View(collections={"intranet": ("search_confluence", "search_sharepoint")})

    once = normalize_selection(["search_sharepoint"], view)

    assert once == ("intranet", "read_web_page")
    assert normalize_selection(once, view) == once


def test_companion_joins_its_own_collection():
    view = View(collections={"web": ("read_web_page", "web_search")})

    assert normalize_selection(["search_confluence"], view) == ("search_confluence", "web")


@pytest.mark.parametrize(
    ("ids", "expected"),
    [
        pytest.param(["mailboxes"], ("search_mails", "read_mail", "count_mails"), id="collection"),
        pytest.param(
            ["read_mail", "web_search"],
            ("search_mails", "read_mail", "count_mails", "web_search"),
            id="member-brings-all",
        ),
        pytest.param(["search_confluence"], ("search_confluence", "read_web_page"), id="companion"),
        pytest.param(["semantic_search"], (), id="context-dropped"),
        pytest.param(["unknown", "unknown"], ("unknown",), id="unknown-kept-once"),
    ],
)
def test_expand_selection(ids, expected):
    assert expand_selection(ids, VIEW) == expected


def test_expand_selection_equals_expanding_the_normalized_selection():
    ids = ["count_mails", "search_confluence", "semantic_search", "x"]

    assert expand_selection(ids, VIEW) == expand_selection(normalize_selection(ids, VIEW), VIEW)


def test_registry_applies_the_same_rules(make_registry, make_tool, make_collection):
    registry = make_registry(
        [
            make_tool("search_mails"),
            make_tool("read_mail"),
            make_tool("semantic_search", activation=ToolActivation.CONTEXT),
            make_tool("search_confluence"),
            make_tool("read_web_page"),
        ],
        collections=[make_collection("mailboxes", "search_mails", "read_mail")],
    )
    ids = ["read_mail", "semantic_search", "search_confluence", "plugin_tool"]

    assert registry.normalize_selection(ids) == (
        "mailboxes",
        "search_confluence",
        "read_web_page",
        "plugin_tool",
    )
    assert registry.expand_selection(ids) == (
        "search_mails",
        "read_mail",
        "search_confluence",
        "read_web_page",
        "plugin_tool",
    )


async def test_registry_default_selection_is_normalized(
    make_registry, settings, make_tool, make_collection
):
    registry = make_registry(
        [make_tool("search_mails"), make_tool("read_mail")],
        collections=[make_collection("mailboxes", "search_mails", "read_mail")],
    )
    await settings.set_default_tool_ids(Component.CHAT, ["read_mail", "read_mail"])

    assert registry.default_selection(Component.CHAT) == ("mailboxes",)


# The limits of one answer.


def test_limits_have_the_reference_values():
    assert MAX_TOOL_CALLS == 15
    assert MAX_TOOL_RESULT_CHARACTERS == 300_000


@pytest.mark.parametrize(
    ("count", "characters"),
    [
        pytest.param(0, 0, id="start"),
        pytest.param(14, 300_000, id="just-below-both"),
    ],
)
def test_no_instruction_while_tools_may_run(count, characters):
    assert tool_calls_unavailable_instruction(count, characters) is None


@pytest.mark.parametrize(
    ("count", "characters"),
    [pytest.param(15, 0, id="at-limit"), pytest.param(40, 300_000, id="beyond")],
)
def test_call_limit_instruction(count, characters):
    assert tool_calls_unavailable_instruction(count, characters) == (
        "The maximum of 15 tool calls has been reached. No more tools are available. Provide "
        "the best possible final answer to the user based on the tool results already available."
    )


@pytest.mark.parametrize(
    ("count", "characters"),
    [pytest.param(0, 300_001, id="characters-only"), pytest.param(15, 400_000, id="both")],
)
def test_character_limit_instruction_comes_first(count, characters):
    assert tool_calls_unavailable_instruction(count, characters) == (
        "The maximum total of 300000 characters across tool call results has been exceeded. Do "
        "not make any more tool calls. Provide the best possible final answer to the user based "
        "on the tool results already available."
    )


def test_selection_exports_its_public_names():
    for name in selection.__all__:
        assert hasattr(selection, name)
