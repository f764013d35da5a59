"""``studio chats``: the stored chats of the profile, from a terminal.

The chats are the app's: the same chat history, listed, shown and exported as they are stored,
and deleted for good (the app offers an undo for a few seconds; a terminal has none).
``studio ask --chat`` continues one. A message's text is the model's or the user's: it goes
through :mod:`studio.cli.output`, which makes its control characters visible.
"""

from __future__ import annotations

import argparse
from typing import Any

from studio.chats.errors import UNKNOWN_CHAT, UnknownChatError
from studio.chats.models import Chat, StoredMessage
from studio.chats.store import ChatStore
from studio.cli.output import err, out, out_json, visible
from studio.services import Services

__all__ = ["chat_json", "handle", "live_chat"]

_STOPPED = "Stopped. The answer may be incomplete."


async def handle(services: Services, arguments: argparse.Namespace) -> int:
    """Run ``studio chats <action>``; return the exit code."""
    match arguments.action:
        case "list":
            return await _list(services, arguments)
        case "show":
            return await _show(services, arguments)
        case "export":
            return await _export(services, arguments)
        case _:
            return await _delete(services, arguments)


async def live_chat(services: Services, chat_id: str) -> Chat:
    """The chat ``chat_id``, unless there is none or it was deleted.

    Raises:
        UnknownChatError: no chat in the list has this id.
    """
    chat = await services.chats.call(ChatStore.chat, chat_id)
    if chat.deleted_at is not None:
        raise UnknownChatError(UNKNOWN_CHAT, chat_id=chat_id)
    return chat


def chat_json(chat: Chat) -> dict[str, Any]:
    """What ``--json`` prints about a chat."""
    return {
        "id": chat.id,
        "title": chat.title,
        "created_at": chat.created_at.isoformat(),
        "updated_at": chat.updated_at.isoformat(),
        "component": chat.component.value,
        "provider": chat.provider_name,
        "tools": None if chat.selected_tool_ids is None else list(chat.selected_tool_ids),
        "required_confidence": chat.requirements.provider_confidence.name,
    }


async def _list(services: Services, arguments: argparse.Namespace) -> int:
    chats = await services.chats.call(ChatStore.list_chats)
    if arguments.json:
        out_json([chat_json(chat) for chat in chats])
    else:
        out(_table(chats))
    return 0


def _table(chats: tuple[Chat, ...]) -> str:
    if not chats:
        return "No chats are stored."
    header = ("ID", "UPDATED", "PROVIDER", "TITLE")
    rows: list[tuple[str, ...]] = [header]
    for chat in chats:
        updated = chat.updated_at.astimezone().strftime("%Y-%m-%d %H:%M")
        cells = (chat.id, updated, chat.provider_name or "-", chat.title or "(untitled)")
        # Titles are the user's first lines: escaped before measuring, so the columns line up.
        rows.append(tuple(visible(cell, one_line=True) for cell in cells))
    widths = [max(len(row[column]) for row in rows) for column in range(len(header))]
    return "\n".join(
        "  ".join(cell.ljust(width) for cell, width in zip(row, widths, strict=True)).rstrip()
        for row in rows
    )


async def _show(services: Services, arguments: argparse.Namespace) -> int:
    chat = await live_chat(services, arguments.chat_id)
    messages = await services.chats.call(ChatStore.messages, chat.id)
    if arguments.json:
        out_json(_document(chat, messages))
        return 0
    out(f"{visible(chat.title or '(untitled)', one_line=True)} ({chat.id})")
    for message in messages:
        out()
        out(f"{_speaker(message)}:")
        out(message.text)
        note = _note(message)
        if note:
            out(f"[{visible(note, one_line=True)}]")
    return 0


async def _export(services: Services, arguments: argparse.Namespace) -> int:
    chat = await live_chat(services, arguments.chat_id)
    messages = await services.chats.call(ChatStore.messages, chat.id)
    if arguments.export_format == "json":
        out_json(_document(chat, messages))
    else:
        out(_markdown(chat, messages), end="")
    return 0


async def _delete(services: Services, arguments: argparse.Namespace) -> int:
    chat = await live_chat(services, arguments.chat_id)
    await services.chats.call(ChatStore.delete_chat, chat.id)
    await services.chats.call(ChatStore.purge_deleted)
    err(f"Deleted the chat {visible(chat.title, one_line=True)!r} ({chat.id}) for good.")
    return 0


def _document(chat: Chat, messages: tuple[StoredMessage, ...]) -> dict[str, Any]:
    return {
        **chat_json(chat),
        "messages": [
            {
                "role": message.role,
                "text": message.text,
                "created_at": message.created_at.isoformat(),
                "state": message.state,
                "provider": message.provider_name,
                "model": message.model,
                "error_message": message.error_message,
                "traces": [
                    {
                        "order": trace.order,
                        "tool_id": trace.tool_id,
                        "status": trace.status.name,
                        "arguments": dict(trace.arguments),
                        "status_message": trace.status_text() if trace.status_message else None,
                    }
                    for trace in message.traces
                ],
                "sources": [
                    {"title": source.title, "url": source.url} for source in message.sources
                ],
            }
            for message in messages
        ],
    }


def _markdown(chat: Chat, messages: tuple[StoredMessage, ...]) -> str:
    parts = [f"# {_one_line(chat.title) or '(untitled)'}\n"]
    for message in messages:
        parts.append(f"## {_one_line(_speaker(message))}\n")
        if message.text.strip():
            parts.append(message.text.strip() + "\n")
        note = _note(message)
        if note:
            parts.append(f"*{_one_line(note)}*\n")
        if message.sources:
            links = [
                f"- [{_one_line(s.title) or s.url}](<{_one_line(s.url)}>)" for s in message.sources
            ]
            parts.append("Sources:\n\n" + "\n".join(links) + "\n")
    return "\n".join(parts)


def _speaker(message: StoredMessage) -> str:
    if message.role == "user":
        return "You"
    named = " · ".join(part for part in (message.provider_name, message.model) if part)
    return f"Assistant ({named})" if named else "Assistant"


def _note(message: StoredMessage) -> str:
    if message.state == "failed":
        return message.error_message or "The answer failed."
    if message.state == "interrupted":
        return _STOPPED
    return ""


def _one_line(text: str) -> str:
    return " ".join(text.split())
