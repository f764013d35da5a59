"""Where a tool may be offered: the flags, the allow list and the deny list."""

from __future__ import annotations

import pytest

from studio.kernel.context import ChatContext
from studio.kernel.definition import Component, ToolActivation, ToolVisibility

CHAT = Component.CHAT
TRANSLATION = Component.TRANSLATION_ASSISTANT
SUMMARY = Component.TEXT_SUMMARY_ASSISTANT

# (visibility, component, visible)
CASES = [
    # Both lists empty: the flags decide; the chat uses `chat`, every other component `assistants`.
    ("default in chat", ToolVisibility(), CHAT, True),
    ("default in assistant", ToolVisibility(), TRANSLATION, True),
    ("chat off", ToolVisibility(chat=False), CHAT, False),
    ("chat off, assistant", ToolVisibility(chat=False), TRANSLATION, True),
    ("assistants off", ToolVisibility(assistants=False), TRANSLATION, False),
    ("assistants off, chat", ToolVisibility(assistants=False), CHAT, True),
    ("both off", ToolVisibility(chat=False, assistants=False), SUMMARY, False),
    # A non-empty allow list allows only its entries, and the flags no longer count.
    ("allowed", ToolVisibility(allowed_components=("CHAT",)), CHAT, True),
    ("not allowed", ToolVisibility(allowed_components=("CHAT",)), TRANSLATION, False),
    (
        "allowed despite flag",
        ToolVisibility(assistants=False, allowed_components=("TRANSLATION_ASSISTANT",)),
        TRANSLATION,
        True,
    ),
    (
        "allowed despite chat flag",
        ToolVisibility(chat=False, allowed_components=("CHAT",)),
        CHAT,
        True,
    ),
    # A deny list alone: the allow list is empty, so everything else is allowed, flags ignored.
    ("denied", ToolVisibility(denied_components=("CHAT",)), CHAT, False),
    ("not denied", ToolVisibility(denied_components=("CHAT",)), TRANSLATION, True),
    (
        "deny list ignores flags",
        ToolVisibility(chat=False, assistants=False, denied_components=("CHAT",)),
        SUMMARY,
        True,
    ),
    # The deny list is applied last and always wins.
    (
        "allowed and denied",
        ToolVisibility(allowed_components=("CHAT",), denied_components=("CHAT",)),
        CHAT,
        False,
    ),
    (
        "allowed, other denied",
        ToolVisibility(
            allowed_components=("CHAT", "TRANSLATION_ASSISTANT"),
            denied_components=("TRANSLATION_ASSISTANT",),
        ),
        CHAT,
        True,
    ),
]


@pytest.mark.parametrize(
    ("visibility", "component", "visible"),
    [pytest.param(v, c, e, id=name) for name, v, c, e in CASES],
)
def test_visibility_decides_per_component(visibility, component, visible):
    assert visibility.is_visible_in(component) is visible


@pytest.mark.parametrize(
    ("visibility", "component", "visible"),
    [pytest.param(v, c, e, id=name) for name, v, c, e in CASES],
)
async def test_registry_offers_only_where_visible(
    make_registry, make_tool, make_provider, visibility, component, visible
):
    registry = make_registry([make_tool("tool", visible_in=visibility)])

    listed = [entry.id for entry in registry.catalog(component)]
    runnable = await registry.runnable_tools(
        ["tool"], make_provider(), component, ChatContext(), True
    )

    assert (listed == ["tool"]) is visible
    assert ([tool.name for tool in runnable] == ["tool"]) is visible


def test_collection_is_listed_where_any_member_is_visible(
    make_registry, make_tool, make_collection
):
    registry = make_registry(
        [
            make_tool("chat_only", visible_in=ToolVisibility(assistants=False)),
            make_tool("anywhere"),
        ],
        collections=[make_collection("group", "chat_only", "anywhere")],
    )

    chat = registry.catalog(CHAT)
    assistant = registry.catalog(TRANSLATION)

    assert [(e.id, e.member_tool_ids) for e in chat] == [("group", ("chat_only", "anywhere"))]
    assert [(e.id, e.member_tool_ids) for e in assistant] == [("group", ("anywhere",))]


def test_catalog_leaves_out_context_tools_and_unavailable_tools(make_registry, make_tool):
    registry = make_registry(
        [
            make_tool("selectable"),
            make_tool("context", activation=ToolActivation.CONTEXT),
            make_tool("preview", available=False),
        ]
    )

    assert [entry.id for entry in registry.catalog(CHAT)] == ["selectable"]
    assert [entry.id for entry in registry.all_entries()] == ["selectable", "context"]
