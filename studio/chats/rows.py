"""Rows of the chat history and the models they stand for, both ways.

The SQL lives in :mod:`studio.chats.store`; these helpers turn a row into a
:class:`~studio.chats.models.Chat`, :class:`~studio.chats.models.StoredMessage`,
:class:`~studio.chats.models.StoredTrace` or :class:`~studio.kernel.result.Source`, and a model
into the values of a row, keeping every text storable and every unknown value safe.
"""

from __future__ import annotations

import json
import logging
import sqlite3
import unicodedata
from collections.abc import Callable, Iterable, Sequence
from datetime import UTC, datetime
from typing import TypeVar, get_args

from studio.chats.models import Chat, StoredMessage, StoredTrace
from studio.config import json_text
from studio.kernel.calls import TraceStatus
from studio.kernel.content import (
    MAX_REMOVED_PASSAGE_CHARACTERS,
    ContentSource,
    Removal,
    SourceKind,
)
from studio.kernel.definition import Component
from studio.kernel.policy import (
    ChatRequirements,
    ConfidenceLevel,
    DataSecurity,
    OutboundDataRequirement,
    OutboundDataRestriction,
)
from studio.kernel.result import Source, SourceOrigin
from studio.kernel.translatable import TranslatableText

__all__ = [
    "REQUIREMENT_COLUMNS",
    "chat",
    "clean",
    "contains",
    "folded",
    "grouped",
    "message",
    "now",
    "requirements_row",
    "source",
    "stamp",
    "tool_ids_text",
    "trace",
    "trace_row",
]

logger = logging.getLogger("studio.chats.store")

T = TypeVar("T")


def now() -> datetime:
    """The current time, as the store's clock gives it by default."""
    return datetime.now(UTC)


def stamp(moment: datetime) -> str:
    """A time as stored: one fixed format in UTC, so comparing the texts compares the times."""
    return moment.astimezone(UTC).isoformat(timespec="microseconds")


def clean(text: str) -> str:
    """``text`` as SQLite can store it: a lone surrogate becomes U+FFFD.

    Models send JSON, whose escapes can split a character into surrogates that Python keeps
    apart; SQLite refuses such text, and the whole answer would be lost with it. Split pairs
    are joined again on the way.
    """
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return text.encode("utf-16", "surrogatepass").decode("utf-16", "replace")
    return text


def folded(text: str) -> str:
    """``text`` as searches compare it: composed, and with case folded in every alphabet."""
    return unicodedata.normalize("NFC", text).casefold()


def contains(text: str | None, needle: str) -> bool:
    """Whether ``text`` contains ``needle`` (already folded), ignoring case in any alphabet.

    SQLite's own ``LIKE`` ignores the case of ASCII letters only.
    """
    return text is not None and needle in folded(text)


def tool_ids_text(tool_ids: Sequence[str] | None) -> str | None:
    """A tool selection as stored: a JSON list, or NULL for the component's defaults."""
    return None if tool_ids is None else json.dumps(list(tool_ids), ensure_ascii=False)


def _tool_ids(text: str | None) -> tuple[str, ...] | None:
    if text is None:
        return None
    try:
        ids = json_text.loads(text)
    except ValueError:
        ids = None
    if not isinstance(ids, list) or not all(isinstance(item, str) for item in ids):
        logger.warning("A chat's tool selection was unreadable; the defaults apply.")
        return None
    return tuple(ids)


REQUIREMENT_COLUMNS = (
    "provider_confidence",
    "data_security",
    "outbound_level",
    "outbound_origin",
    "untrusted_kind",
    "untrusted_address",
    "untrusted_label",
)
"""The columns of a chat's row that hold its requirements, in :func:`requirements_row` order."""

_SOURCE_KINDS: frozenset[str] = frozenset(get_args(SourceKind))


def requirements_row(
    requirements: ChatRequirements,
) -> tuple[int, int, int, str, str | None, str, str]:
    """The requirement columns of a chat's row (:data:`REQUIREMENT_COLUMNS`)."""
    source = requirements.untrusted_source
    return (
        int(requirements.provider_confidence),
        int(requirements.data_security),
        int(requirements.outbound.level),
        requirements.outbound.origin,
        source.kind if source else None,
        source.address if source else "",
        source.label if source else "",
    )


def _stored_source(kind: str, address: str, label: str) -> ContentSource:
    """A stored outside source; a kind this Studio does not know reads as a tool's."""
    known: SourceKind = kind if kind in _SOURCE_KINDS else "tool"  # type: ignore[assignment]
    return ContentSource(kind=known, address=address, label=label)


def _untrusted_source(row: sqlite3.Row) -> ContentSource | None:
    """The stored first outside source, or None when the chat has taken in none."""
    kind = row["untrusted_kind"]
    if kind is None:
        return None
    return _stored_source(kind, row["untrusted_address"], row["untrusted_label"])


def _requirements(row: sqlite3.Row) -> ChatRequirements:
    """The stored requirements; a value this Studio does not know reads as the strictest."""
    try:
        confidence = ConfidenceLevel(row["provider_confidence"])
    except ValueError:
        confidence = max(ConfidenceLevel)
    try:
        security = DataSecurity(row["data_security"])
    except ValueError:
        security = max(DataSecurity)
    try:
        level = OutboundDataRestriction(row["outbound_level"])
    except ValueError:
        level = min(OutboundDataRestriction)
    return ChatRequirements(
        provider_confidence=confidence,
        data_security=security,
        outbound=OutboundDataRequirement(level=level, origin=row["outbound_origin"]),
        untrusted_source=_untrusted_source(row),
    )


def chat(row: sqlite3.Row) -> Chat:
    """The chat a row of ``chats`` stands for."""
    try:
        component = Component(row["component"])
    except ValueError:
        component = Component.CHAT
    return Chat(
        id=row["id"],
        title=row["title"],
        created_at=datetime.fromisoformat(row["created_at"]),
        updated_at=datetime.fromisoformat(row["updated_at"]),
        requirements=_requirements(row),
        component=component,
        provider_name=row["provider_name"],
        selected_tool_ids=_tool_ids(row["selected_tool_ids"]),
        deleted_at=None if row["deleted_at"] is None else datetime.fromisoformat(row["deleted_at"]),
    )


def message(
    row: sqlite3.Row, traces: Sequence[StoredTrace], sources: Sequence[Source]
) -> StoredMessage:
    """The message a row of ``messages`` stands for, with its traces and sources."""
    return StoredMessage(
        id=row["id"],
        chat_id=row["chat_id"],
        role=row["role"],
        text=row["text"],
        created_at=datetime.fromisoformat(row["created_at"]),
        provider_name=row["provider_name"],
        model=row["model"],
        traces=tuple(traces),
        sources=tuple(sources),
        state=row["state"],
        error_message=row["error_message"],
    )


def grouped(rows: Iterable[sqlite3.Row], convert: Callable[[sqlite3.Row], T]) -> dict[int, list[T]]:
    """``rows`` converted and grouped by their ``message_id``, in their order."""
    groups: dict[int, list[T]] = {}
    for row in rows:
        groups.setdefault(row["message_id"], []).append(convert(row))
    return groups


def _translatable(text: str | None, context: str | None) -> str | None:
    if text is None or context is None:
        return text
    return TranslatableText(context, text)


def _context(text: str | None) -> str | None:
    return text.context if isinstance(text, TranslatableText) else None


def trace_row(message_id: int, position: int, trace: StoredTrace) -> tuple[object, ...]:
    """The values of a row of ``traces``; the call's result is never among them."""
    row = (
        message_id,
        position,
        trace.order,
        trace.tool_id,
        str(trace.display_name),
        _context(trace.display_name),
        trace.tool_icon,
        trace.tool_call_id,
        trace.status.name,
        int(trace.was_executed),
        None if trace.status_message is None else str(trace.status_message),
        _context(trace.status_message),
        json.dumps(dict(trace.status_values), ensure_ascii=False, default=str),
        json.dumps(dict(trace.arguments), ensure_ascii=False),
        json.dumps([_removal_json(removal) for removal in trace.removals], ensure_ascii=False),
    )
    return tuple(clean(value) if isinstance(value, str) else value for value in row)


def _removal_json(removal: Removal) -> dict[str, str]:
    source = removal.source
    return {
        "kind": source.kind,
        "address": source.address,
        "label": source.label,
        "category": removal.category,
        "rule": removal.rule,
        "passage": removal.passage,
    }


def _removals(text: str) -> tuple[Removal, ...]:
    """The stored removals; entries that are not what this Studio writes are left out."""
    try:
        value = json_text.loads(text)
    except ValueError:
        return ()
    if not isinstance(value, list):
        return ()
    removals = []
    for item in value:
        if not isinstance(item, dict) or not all(
            isinstance(item.get(key), str)
            for key in ("kind", "address", "label", "category", "rule", "passage")
        ):
            continue
        removals.append(
            Removal(
                source=_stored_source(item["kind"], item["address"], item["label"]),
                category=item["category"],
                rule=item["rule"],
                passage=item["passage"][:MAX_REMOVED_PASSAGE_CHARACTERS],
            )
        )
    return tuple(removals)


def trace(row: sqlite3.Row) -> StoredTrace:
    """The trace a row of ``traces`` stands for."""
    message = row["status_message"]
    return StoredTrace(
        order=row["call_order"],
        tool_id=row["tool_id"],
        display_name=_translatable(row["tool_name"], row["tool_name_context"]) or "",
        tool_icon=row["tool_icon"],
        tool_call_id=row["tool_call_id"],
        status=TraceStatus.__members__.get(row["status"], TraceStatus.NONE),
        was_executed=bool(row["was_executed"]),
        status_message=(
            None
            if message is None
            else TranslatableText(row["status_message_context"] or "", message)
        ),
        status_values=_json_object(row["status_values"]),
        arguments={key: str(value) for key, value in _json_object(row["arguments"]).items()},
        removals=_removals(row["removals"]),
    )


def _json_object(text: str) -> dict[str, object]:
    try:
        # Bounded: a column nested thousands of levels deep reads as empty, never as a crash.
        value = json_text.loads(text)
    except ValueError:
        return {}
    return value if isinstance(value, dict) else {}


def source(row: sqlite3.Row) -> Source:
    """The source a row of ``sources`` stands for."""
    try:
        origin = SourceOrigin(row["origin"])
    except ValueError:
        origin = SourceOrigin.TOOL
    return Source(title=row["title"], url=row["url"], origin=origin)
