"""Traces for the trace widget tests: live ones from the executor, and stored ones."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

import pytest

from studio.kernel.calls import ToolInvocationTrace, TraceStatus
from studio.kernel.translatable import QT_TRANSLATE_NOOP, TranslatableText, Translate

_NAMES = {
    "web_search": QT_TRANSLATE_NOOP("WebSearchTool", "Web search"),
    "read_web_page": QT_TRANSLATE_NOOP("ReadWebPageTool", "Read web page"),
    "search_mails": QT_TRANSLATE_NOOP("MailboxTools", "Search mails"),
}
_MESSAGES = {
    TraceStatus.ERROR: QT_TRANSLATE_NOOP("ToolExecutor", "The tool failed: {message}"),
    TraceStatus.BLOCKED: QT_TRANSLATE_NOOP(
        "ToolExecutor", "Tool is not available in the current context."
    ),
}


@dataclass(frozen=True, kw_only=True)
class StoredTrace:
    """The shape of a trace kept with a stored chat: the live trace's fields without result."""

    order: int
    tool_id: str
    display_name: str
    tool_icon: str
    tool_call_id: str
    status: TraceStatus
    was_executed: bool = False
    status_message: TranslatableText | None = None
    status_values: Mapping[str, object] = field(default_factory=dict)
    arguments: Mapping[str, str] = field(default_factory=dict)

    def status_text(self, translate: Translate = str) -> str:
        if self.status_message is None:
            return ""
        text = translate(self.status_message)
        return text.format(**self.status_values) if self.status_values else text


MakeTrace = Callable[..., ToolInvocationTrace]
MakeStoredTrace = Callable[..., StoredTrace]


def _fields(
    order: int,
    tool_id: str,
    status: TraceStatus,
    arguments: Mapping[str, str] | None,
    message: str | None,
    display_name: str | None,
) -> dict[str, Any]:
    status_message = _MESSAGES.get(status)
    values = {"message": message or "timeout"} if status == TraceStatus.ERROR else {}
    if message is not None and status == TraceStatus.BLOCKED:
        status_message = QT_TRANSLATE_NOOP("Tests", message)
    return {
        "order": order,
        "tool_id": tool_id,
        "display_name": display_name if display_name is not None else _NAMES.get(tool_id, tool_id),
        "tool_icon": "build",
        "tool_call_id": f"call_{order}",
        "status": status,
        "was_executed": status in (TraceStatus.SUCCESS, TraceStatus.ERROR),
        "status_message": status_message,
        "status_values": values,
        "arguments": dict(arguments or {}),
    }


@pytest.fixture
def make_trace() -> MakeTrace:
    """Makes a live trace; ``result`` defaults to a short text."""

    def make(
        order: int = 1,
        tool_id: str = "web_search",
        status: TraceStatus = TraceStatus.SUCCESS,
        *,
        arguments: Mapping[str, str] | None = None,
        message: str | None = None,
        display_name: str | None = None,
        result: str = "3 results",
    ) -> ToolInvocationTrace:
        fields = _fields(order, tool_id, status, arguments, message, display_name)
        return ToolInvocationTrace(**fields, result=result)

    return make


@pytest.fixture
def make_stored_trace() -> MakeStoredTrace:
    """Makes a stored trace, which has no result."""

    def make(
        order: int = 1,
        tool_id: str = "web_search",
        status: TraceStatus = TraceStatus.SUCCESS,
        *,
        arguments: Mapping[str, str] | None = None,
        message: str | None = None,
        display_name: str | None = None,
    ) -> StoredTrace:
        return StoredTrace(**_fields(order, tool_id, status, arguments, message, display_name))

    return make
