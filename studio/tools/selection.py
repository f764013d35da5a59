"""The rules for tool selections: the per-answer limits and how a selection is normalised.

Selections are stored in many places (the user's choice below the message field, per-component
defaults, chat templates, assistant plugins), and all of them name *collections*: a tool outside
any collection acts as a collection of one under its own id. :func:`normalize_selection` brings
any list of ids into that form, :func:`expand_selection` turns it into the tools the model sees.
Both are pure functions over a :class:`SelectionView`, which the tool registry provides, so the
UI, request preparation and the token counter apply exactly the same rules.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from types import MappingProxyType
from typing import Protocol

__all__ = [
    "COMPANION_TOOL_IDS",
    "MAX_TOOL_CALLS",
    "MAX_TOOL_RESULT_CHARACTERS",
    "READ_WEB_PAGE",
    "SEARCH_CONFLUENCE",
    "SEARCH_SHAREPOINT",
    "SelectionView",
    "expand_selection",
    "normalize_selection",
    "tool_calls_unavailable_instruction",
]

MAX_TOOL_CALLS = 15
"""The most tool calls one answer may make."""

MAX_TOOL_RESULT_CHARACTERS = 300_000
"""The most characters all tool results of one answer may add up to."""

READ_WEB_PAGE = "read_web_page"
SEARCH_CONFLUENCE = "search_confluence"
SEARCH_SHAREPOINT = "search_sharepoint"

COMPANION_TOOL_IDS: Mapping[str, tuple[str, ...]] = MappingProxyType(
    {
        # A wiki or intranet search returns links; without a way to open them the model can only
        # guess at the pages' content.
        SEARCH_CONFLUENCE: (READ_WEB_PAGE,),
        SEARCH_SHAREPOINT: (READ_WEB_PAGE,),
    }
)
"""Tools that are always selected together with the tool named by the key."""


def tool_calls_unavailable_instruction(count: int, characters: int) -> str | None:
    """The instruction that ends tool use for this answer, or None while tools may still run.

    The character limit is checked first: once the results are that large, the model must stop
    even if it has calls left. The text is model-facing, so it stays English.

    Args:
        count: the tool calls made so far in this answer.
        characters: the total length of their results.
    """
    if characters > MAX_TOOL_RESULT_CHARACTERS:
        return (
            f"The maximum total of {MAX_TOOL_RESULT_CHARACTERS} characters across tool call "
            "results has been exceeded. Do not make any more tool calls. Provide the best "
            "possible final answer to the user based on the tool results already available."
        )
    if count >= MAX_TOOL_CALLS:
        return (
            f"The maximum of {MAX_TOOL_CALLS} tool calls has been reached. No more tools are "
            "available. Provide the best possible final answer to the user based on the tool "
            "results already available."
        )
    return None


class SelectionView(Protocol):
    """What the selection rules need to know about the registered tools and collections."""

    def collection_of(self, tool_id: str) -> str | None:
        """The id of the collection ``tool_id`` belongs to, or None."""
        ...

    def members_of(self, collection_id: str) -> tuple[str, ...]:
        """The tool ids of collection ``collection_id``; empty when it is not a collection."""
        ...

    def is_context_tool(self, tool_id: str) -> bool:
        """Whether ``tool_id`` offers itself from the chat's context instead of being selected."""
        ...


def normalize_selection(ids: Iterable[str], view: SelectionView) -> tuple[str, ...]:
    """The selection as the collections that run, in first-seen order.

    A tool id in a collection becomes the collection id; duplicates go; companions are added
    (a Confluence search brings ``read_web_page``); context tools are dropped because nobody
    selects them. Unknown ids are kept: they may belong to a plugin that is not loaded now, and
    dropping them would lose the user's choice for good. The result is a new tuple, and
    normalising it again changes nothing.
    """
    selected: dict[str, None] = {}

    def add(tool_id: str) -> str | None:
        if view.is_context_tool(tool_id):
            return None
        key = view.collection_of(tool_id) or tool_id
        selected.setdefault(key, None)
        return key

    for tool_id in ids:
        key = add(tool_id)
        if key is None:
            continue
        # Looking at the members too keeps this idempotent when a companion-bringing tool
        # sits in a collection: the second pass only sees the collection id.
        for member in view.members_of(key) or (tool_id,):
            for companion in COMPANION_TOOL_IDS.get(member, ()):
                add(companion)
    return tuple(selected)


def expand_selection(ids: Iterable[str], view: SelectionView) -> tuple[str, ...]:
    """The tool ids the model sees for a selection: each collection becomes its tools.

    The selection is normalised first, so any stored form of it expands the same way.
    """
    tools: dict[str, None] = {}
    for key in normalize_selection(ids, view):
        for tool_id in view.members_of(key) or (key,):
            tools.setdefault(tool_id, None)
    return tuple(tools)
