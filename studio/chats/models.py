"""What Studio keeps of a chat: the chat, its messages, their tool traces and sources.

These are the shapes :class:`~studio.chats.store.ChatStore` returns. They are frozen snapshots:
a change goes through the store, so what the UI shows is what is on disk.

A :class:`StoredTrace` is a :class:`~studio.tools.executor.ToolInvocationTrace` without its
result. The result is what the model read (page contents, mails, search hits); it exists only
while the answer runs, as in the reference system, so a chat on disk keeps only what the user
saw of each call, with sensitive arguments already masked.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import datetime
from typing import Literal

from studio.kernel.calls import ToolInvocationTrace, TraceStatus
from studio.kernel.content import Removal
from studio.kernel.definition import Component
from studio.kernel.policy import ChatRequirements
from studio.kernel.result import Source
from studio.kernel.translatable import TranslatableText, Translate, fill

__all__ = ["Chat", "MessageRole", "MessageState", "RefusedCall", "StoredMessage", "StoredTrace"]

MessageRole = Literal["user", "assistant"]
"""Who wrote a message."""

MessageState = Literal["complete", "interrupted", "failed"]
"""How a message ended: written in full; cut off (the user stopped it, or Studio ended while it
streamed); or ended by an error, which :attr:`StoredMessage.error_message` explains."""


@dataclass(frozen=True, kw_only=True)
class Chat:
    """One chat as the chat list shows it, with what its content demands of providers."""

    id: str
    """A random identifier that never changes, not even when the chat is renamed."""
    title: str
    created_at: datetime
    """When the chat was started, in UTC."""
    updated_at: datetime
    """When a message was last added or answered, in UTC; the chat list is sorted by it."""
    requirements: ChatRequirements
    """A copy of the chat's stored requirements when it was read; they only ever tighten, so
    save the chat's live requirements through the store rather than changing this copy."""
    component: Component = Component.CHAT
    """Where in the app the chat belongs (the chat, or one of the assistants)."""
    provider_name: str = ""
    """The provider the chat last answered with; empty before the first answer."""
    selected_tool_ids: tuple[str, ...] | None = None
    """The tools the user chose for this chat; None when the chat never chose, so the
    component's default tools apply (chats from before the choice was stored read as None)."""
    deleted_at: datetime | None = None
    """When the chat was deleted, while it can still be restored; None for a live chat."""


@dataclass(frozen=True, kw_only=True)
class StoredTrace:
    """What the user saw of one tool call, as kept with the answer: a trace without result."""

    order: int
    """The call's position among the answer's calls, from 1."""
    tool_id: str
    """The tool's id; empty when the model called a tool that was not available."""
    display_name: str
    """The display name: a :class:`TranslatableText` for a known tool, so the UI translates it
    in the language shown when the chat is opened; otherwise the name the model used."""
    tool_icon: str
    tool_call_id: str
    status: TraceStatus
    was_executed: bool = False
    """The tool ran, rather than being refused before it did anything."""
    status_message: TranslatableText | None = None
    """Why the call did not succeed, in English with its translation context."""
    status_values: Mapping[str, object] = field(default_factory=dict)
    """The values the status message is filled in with, as JSON values."""
    arguments: Mapping[str, str] = field(default_factory=dict)
    """Each argument as compact JSON, sensitive ones already masked by the executor."""
    removals: tuple[Removal, ...] = ()
    """What the guard removed from the call's result, kept so the user can see and restore it."""

    @classmethod
    def from_trace(cls, trace: ToolInvocationTrace) -> StoredTrace:
        """Everything of ``trace`` that is kept: all but the result.

        The status values become JSON values here (a tuple becomes a list, an unknown object
        its text), so a trace reads back exactly as it was stored.
        """
        return cls(
            order=trace.order,
            tool_id=trace.tool_id,
            display_name=trace.display_name,
            tool_icon=trace.tool_icon,
            tool_call_id=trace.tool_call_id,
            status=trace.status,
            was_executed=trace.was_executed,
            status_message=trace.status_message,
            status_values=_json_values(trace.status_values),
            arguments=dict(trace.arguments),
            removals=trace.removals,
        )

    def status_text(self, translate: Translate = str) -> str:
        """The status message in the language ``translate`` renders, values filled in.

        A translation that does not fit the values falls back to English, so a broken
        catalogue never hides why a call failed.
        """
        if self.status_message is None:
            return ""
        return fill(self.status_message, self.status_values, translate)


@dataclass(frozen=True, kw_only=True)
class StoredMessage:
    """One message of a chat: the user's question or an answer with its traces and sources."""

    id: int
    """Increases with every message, so it orders a chat's messages."""
    chat_id: str
    role: MessageRole
    text: str
    """The user's text, or as much of the answer as was saved."""
    created_at: datetime
    """When the message was written or the answer started, in UTC."""
    provider_name: str = ""
    """The provider that answered; empty for the user's messages."""
    model: str = ""
    """The model that answered; empty for the user's messages."""
    traces: tuple[StoredTrace, ...] = ()
    """The answer's tool calls, in the order they were made."""
    sources: tuple[Source, ...] = ()
    state: MessageState = "complete"
    """An answer is stored as "interrupted" when it starts, so one that never finished (Studio
    was killed while it streamed) is marked as such when the chat is opened again."""
    error_message: str = ""
    """Why a "failed" answer ended, as it was shown; empty otherwise."""


def _json_values(values: Mapping[str, object]) -> dict[str, object]:
    """``values`` as JSON keeps them; a value JSON has no form for is kept as its text."""
    try:
        encoded = json.dumps(dict(values), ensure_ascii=False, default=str)
    except (TypeError, ValueError, RecursionError):
        return {str(key): str(value) for key, value in values.items()}
    decoded: dict[str, object] = json.loads(encoded)
    return decoded


@dataclass(frozen=True, kw_only=True)
class RefusedCall:
    """A blocked or failed tool call, with the chat and the answer it belongs to."""

    chat_id: str
    chat_title: str
    answered_at: datetime
    """When the answer that made the call started, in UTC."""
    trace: StoredTrace
