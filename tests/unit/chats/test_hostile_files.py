"""Chat histories Studio cannot or must not use: never a crash, never a silent loss."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from pathlib import Path

import pytest

from studio.chats import migrations
from studio.chats.async_store import AsyncChatStore
from studio.chats.store import FILE_NAME, ChatStore, NewerChatHistoryError
from studio.config import unseen
from studio.kernel.calls import ToolInvocationTrace, TraceStatus
from studio.kernel.translatable import QT_TRANSLATE_NOOP
from tests.support.profile_files import locked_chats, newer_chats, snapshot

DEEP = "[" * 100_000 + "]" * 100_000


@pytest.fixture
def store(tmp_path: Path) -> Iterator[ChatStore]:
    store = ChatStore(tmp_path / "data" / FILE_NAME)
    store.open()
    yield store
    store.close()


def trace() -> ToolInvocationTrace:
    return ToolInvocationTrace(
        order=1,
        tool_id="web_search",
        display_name=QT_TRANSLATE_NOOP("WebSearchTool", "Web search"),
        tool_icon="travel_explore",
        tool_call_id="call_1",
        status=TraceStatus.SUCCESS,
        was_executed=True,
        arguments={"query": "weather"},
        result="sunny",
    )


def test_store_reads_deeply_nested_json_columns_as_empty(store: ChatStore) -> None:
    chat = store.create_chat("Weather", selected_tool_ids=["web_search"])
    answer_id = store.begin_answer(chat.id, "Work", "model")
    store.finish_answer(answer_id, "Sunny.", traces=[trace()])
    with sqlite3.connect(store.path, isolation_level=None) as connection:
        connection.execute("UPDATE traces SET status_values = ?, arguments = ?", (DEEP, DEEP))
        connection.execute("UPDATE chats SET selected_tool_ids = ?", (DEEP,))

    [stored] = store.messages(chat.id)[0].traces
    assert (stored.status_values, stored.arguments) == ({}, {})
    assert store.chat(chat.id).selected_tool_ids is None


# -- histories Studio must not open: left as they are, Studio goes on in memory ----------------


def test_store_refuses_a_newer_history_and_never_touches_it(tmp_path: Path) -> None:
    path = tmp_path / "data" / FILE_NAME
    path.parent.mkdir(parents=True)
    newer_chats(path)
    before = snapshot(path)

    with pytest.raises(NewerChatHistoryError) as raised:
        ChatStore(path).open()
    chats = AsyncChatStore.open_for_start(path)
    chats.close()

    version = migrations.SCHEMA_VERSION + 1
    assert f"it is chat history version {version}" in str(raised.value)
    assert chats.in_memory
    notice = chats.load_notice
    assert notice is not None
    assert notice.template.context == "ChatStore"
    assert f"reads up to version {migrations.SCHEMA_VERSION}" in notice
    assert f"use a Studio that reads chat history version {version}" in notice
    assert "chats you start now are not saved" in notice
    assert snapshot(path) == before
    assert list(path.parent.glob("*unreadable*")) == []
    # Reading it left SQLite's empty log beside it, as any reader does; nothing was written.
    wal = Path(f"{path}-wal")
    assert not wal.exists() or wal.stat().st_size == 0


async def test_store_in_memory_keeps_chats_of_this_run_and_writes_no_file(tmp_path: Path) -> None:
    path = tmp_path / "data" / FILE_NAME
    path.mkdir(parents=True)

    chats = AsyncChatStore.open_for_start(path)
    try:
        chat = await chats.create_chat("Only for now")
        await chats.call(ChatStore.add_user_message, chat.id, "hello")
        assert [c.title for c in await chats.call(ChatStore.list_chats)] == ["Only for now"]
    finally:
        await chats.aclose()

    assert chats.load_notice is not None
    assert "is a folder where Studio expects a file" in chats.load_notice
    assert "Move or rename the folder, then start Studio again." in chats.load_notice
    assert sorted(p.name for p in path.parent.iterdir()) == [FILE_NAME]
    assert list(path.iterdir()) == []


def test_store_locked_by_another_process_is_left_alone(tmp_path: Path) -> None:
    path = tmp_path / "data" / FILE_NAME
    path.parent.mkdir(parents=True)
    with ChatStore(path) as store:
        store.create_chat("Mine")
    before = snapshot(path)

    with locked_chats(path):
        chats = AsyncChatStore.open_for_start(path)
        chats.close()

    assert chats.in_memory
    assert chats.load_notice is not None
    assert "is locked by another program, perhaps another Studio" in chats.load_notice
    assert "Close the other program, then start Studio again." in chats.load_notice
    assert snapshot(path) == before
    with ChatStore(path) as store:
        assert [chat.title for chat in store.list_chats()] == ["Mine"]


# -- a history set aside is announced until the app has shown it -----------------------------


def test_store_leaves_a_marker_for_a_history_it_set_aside_until_seen(tmp_path: Path) -> None:
    path = tmp_path / "data" / FILE_NAME
    path.parent.mkdir(parents=True)
    path.write_bytes(b"not a database " * 100)

    with ChatStore(path) as store:
        notice = store.load_notice
    found = unseen.pending(path.parent, path.name)

    assert notice is not None
    assert [item.notice for item in found] == [notice]
    [item] = found
    assert item.notice.template == notice.template
    assert item.notice.text(lambda text: f"[{text.context}] {text}") == notice.text(
        lambda text: f"[{text.context}] {text}"
    )
    unseen.mark_seen(found)
    assert unseen.pending(path.parent, path.name) == []
