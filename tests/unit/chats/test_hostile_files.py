"""Chat histories someone else wrote: JSON columns nested too deep read as empty, never crash."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from pathlib import Path

import pytest

from studio.chats.store import FILE_NAME, ChatStore
from studio.tools.executor import ToolInvocationTrace, TraceStatus
from studio.translatable import QT_TRANSLATE_NOOP

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
        tool_name=QT_TRANSLATE_NOOP("WebSearchTool", "Web search"),
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
