from __future__ import annotations

import random
import signal
import sqlite3
import subprocess
import sys
import textwrap
from collections.abc import Callable, Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from studio.chats import migrations, rows
from studio.chats.models import StoredMessage, StoredTrace
from studio.chats.store import (
    FILE_NAME,
    ChatStore,
    ChatStoreError,
    UnknownChatError,
    UnknownMessageError,
)
from studio.kernel.calls import ToolInvocationTrace, TraceStatus
from studio.kernel.definition import Component
from studio.kernel.policy import (
    ChatRequirements,
    ConfidenceLevel,
    DataSecurity,
    OutboundDataRequirement,
    OutboundDataRestriction,
)
from studio.kernel.result import Source, SourceOrigin
from studio.kernel.translatable import QT_TRANSLATE_NOOP, TranslatableMessage, TranslatableText

RESULT = "TOOL-RESULT-THE-MODEL-READ-7f3a"
"""A tool result that must never reach the disk."""

START = datetime(2024, 5, 1, 12, 0, tzinfo=UTC)


class FakeClock:
    """Moves ``step`` forward on every reading, so each write gets its own time."""

    def __init__(self, step: timedelta = timedelta(seconds=1)) -> None:
        self.now = START
        self.step = step

    def __call__(self) -> datetime:
        self.now += self.step
        return self.now


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "profile" / "data" / FILE_NAME


@pytest.fixture
def make_store(db_path: Path, clock: FakeClock) -> Iterator[Callable[[], ChatStore]]:
    """Open a store on the test file; each call opens it afresh, as a restarted Studio would."""
    opened: list[ChatStore] = []

    def make() -> ChatStore:
        store = ChatStore(db_path, clock=clock)
        store.open()
        opened.append(store)
        return store

    yield make
    for store in opened:
        store.close()


@pytest.fixture
def store(make_store: Callable[[], ChatStore]) -> ChatStore:
    return make_store()


def reopen(store: ChatStore, make_store: Callable[[], ChatStore]) -> ChatStore:
    store.close()
    return make_store()


def raw(path: Path) -> sqlite3.Connection:
    connection = sqlite3.connect(path, isolation_level=None)
    connection.row_factory = sqlite3.Row
    return connection


def web_search_trace(order: int = 1) -> ToolInvocationTrace:
    return ToolInvocationTrace(
        order=order,
        tool_id="web_search",
        display_name=QT_TRANSLATE_NOOP("WebSearchTool", "Web search"),
        tool_icon="travel_explore",
        tool_call_id=f"call_{order}",
        status=TraceStatus.SUCCESS,
        was_executed=True,
        arguments={"query": "Wetter Köln", "api_key": "*****", "max_results": "5"},
        result=RESULT,
    )


def blocked_trace(order: int = 2) -> ToolInvocationTrace:
    return ToolInvocationTrace(
        order=order,
        tool_id="read_web_page",
        display_name=QT_TRANSLATE_NOOP("ReadWebPageTool", "Read web page"),
        tool_icon="article",
        tool_call_id=f"call_{order}",
        status=TraceStatus.BLOCKED,
        status_message=QT_TRANSLATE_NOOP(
            "ToolExecutor", "Content from {origin} limits where this chat's data may be sent."
        ),
        status_values={"origin": "Work mail", "limits": ("a", 2)},
        result=f"blocked: {RESULT}",
    )


SOURCES = (
    Source(title="Wetter in Köln", url="https://wetter.example/koeln"),
    Source(title="Model citation", url="https://model.example/", origin=SourceOrigin.MODEL),
)


# -- opening ---------------------------------------------------------------------------------


def test_store_creates_a_current_database_in_wal_mode(store: ChatStore, db_path: Path) -> None:
    assert store.load_notice is None
    with raw(db_path) as connection:
        assert migrations.version_of(connection) == migrations.SCHEMA_VERSION
        assert connection.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        assert connection.execute("PRAGMA application_id").fetchone()[0] == (
            migrations.APPLICATION_ID
        )


def test_store_refuses_calls_before_open_and_a_second_open(db_path: Path) -> None:
    store = ChatStore(db_path)
    with pytest.raises(ChatStoreError, match="not open"):
        store.list_chats()
    store.open()
    with pytest.raises(ChatStoreError, match="already open"):
        store.open()
    store.close()
    store.close()


def test_store_empty_file_starts_a_history_without_notice(
    db_path: Path, make_store: Callable[[], ChatStore]
) -> None:
    db_path.parent.mkdir(parents=True)
    db_path.touch()

    store = make_store()

    assert store.load_notice is None
    assert store.list_chats() == ()


# -- chats -----------------------------------------------------------------------------------


def test_store_round_trips_a_chat(store: ChatStore, make_store: Callable[[], ChatStore]) -> None:
    requirements = ChatRequirements(
        provider_confidence=ConfidenceLevel.MEDIUM,
        data_security=DataSecurity.SELF_HOSTED,
        outbound=OutboundDataRequirement(
            level=OutboundDataRestriction.ONLY_LINKS_FROM_CHAT, origin="Work mail"
        ),
    )
    created = store.create_chat(
        "Trip to Köln",
        component=Component.TRANSLATION_ASSISTANT,
        provider_name="Local Llama",
        selected_tool_ids=["web_search", "read_web_page"],
        requirements=requirements,
    )

    store = reopen(store, make_store)

    assert store.chat(created.id) == created
    assert created.title == "Trip to Köln"
    assert created.component is Component.TRANSLATION_ASSISTANT
    assert created.provider_name == "Local Llama"
    assert created.selected_tool_ids == ("web_search", "read_web_page")
    assert created.requirements == requirements
    assert created.created_at == created.updated_at
    assert created.created_at.tzinfo is not None
    assert created.deleted_at is None


def test_store_new_chat_has_no_requirements_and_no_tool_choice(store: ChatStore) -> None:
    chat = store.create_chat()

    assert chat.title == ""
    assert chat.requirements == ChatRequirements()
    assert chat.selected_tool_ids is None


def test_store_remembers_the_tool_choice_and_its_reset(store: ChatStore) -> None:
    chat = store.create_chat("Tools")

    store.set_selected_tools(chat.id, [])
    assert store.chat(chat.id).selected_tool_ids == ()
    store.set_selected_tools(chat.id, ["web_search"])
    assert store.chat(chat.id).selected_tool_ids == ("web_search",)
    store.set_selected_tools(chat.id, None)
    assert store.chat(chat.id).selected_tool_ids is None


def test_store_lists_the_most_recently_active_chat_first(store: ChatStore) -> None:
    first = store.create_chat("First")
    second = store.create_chat("Second")
    third = store.create_chat("Third")
    store.add_user_message(first.id, "back to the first one")

    assert [chat.title for chat in store.list_chats()] == ["First", "Third", "Second"]
    assert {chat.id for chat in store.list_chats()} == {first.id, second.id, third.id}


def test_store_rename_keeps_the_place_in_the_list(store: ChatStore) -> None:
    older = store.create_chat("Older")
    store.create_chat("Newer")

    store.rename_chat(older.id, "Renamed")

    assert [chat.title for chat in store.list_chats()] == ["Newer", "Renamed"]
    assert store.chat(older.id).updated_at == older.updated_at


@pytest.fixture
def searchable(store: ChatStore) -> dict[str, str]:
    ids = {}
    ids["apples"] = store.create_chat("ÄPFEL und Birnen").id
    ids["weather"] = store.create_chat("Weather").id
    store.add_user_message(ids["weather"], "Wie wird das WETTER in Köln?")
    ids["percent"] = store.create_chat("Discount").id
    store.add_user_message(ids["percent"], "Is 100% off_line a thing?")
    answer = store.begin_answer(ids["percent"], "Provider", "model")
    store.finish_answer(answer, "Only on STRASSE day.")
    ids["deleted"] = store.create_chat("Deleted wetter").id
    store.delete_chat(ids["deleted"])
    return ids


@pytest.mark.parametrize(
    ("search", "expected"),
    [
        ("", {"apples", "weather", "percent"}),
        ("   ", {"apples", "weather", "percent"}),
        ("äpfel", {"apples"}),
        ("wetter in köln", {"weather"}),
        ("KÖLN", {"weather"}),
        ("straße", {"percent"}),
        ("100%", {"percent"}),
        ("%", {"percent"}),
        ("f_l", {"percent"}),
        ("_", {"percent"}),
        ("nothing like this", set()),
    ],
    ids=[
        "empty",
        "blank",
        "title-any-case",
        "user-message",
        "upper-umlaut",
        "answer-casefolded",
        "percent-is-literal",
        "only-percent",
        "underscore-is-literal",
        "only-underscore",
        "no-match",
    ],
)
def test_store_search_finds_titles_and_messages_ignoring_case(
    store: ChatStore, searchable: dict[str, str], search: str, expected: set[str]
) -> None:
    found = {chat.id for chat in store.list_chats(search)}

    assert found == {searchable[name] for name in expected}


def test_store_delete_hides_the_chat_and_restore_brings_it_back(
    store: ChatStore, make_store: Callable[[], ChatStore], clock: FakeClock
) -> None:
    chat = store.create_chat("Keep me")
    store.add_user_message(chat.id, "hello")

    store.delete_chat(chat.id)
    deleted = store.chat(chat.id)
    store.delete_chat(chat.id)

    assert store.list_chats() == ()
    assert deleted.deleted_at is not None
    assert store.chat(chat.id).deleted_at == deleted.deleted_at
    store = reopen(store, make_store)
    store.restore_chat(chat.id)
    assert [c.id for c in store.list_chats()] == [chat.id]
    assert store.chat(chat.id).deleted_at is None
    assert [m.text for m in store.messages(chat.id)] == ["hello"]


def test_store_purge_removes_deleted_chats_with_their_messages(
    store: ChatStore, db_path: Path
) -> None:
    deleted = store.create_chat("Deleted")
    store.add_user_message(deleted.id, "old message")
    answer = store.begin_answer(deleted.id, "P", "m")
    store.finish_answer(answer, "old answer", traces=[web_search_trace()], sources=SOURCES)
    live = store.create_chat("Live")
    store.delete_chat(deleted.id)

    assert store.purge_deleted() == 1

    with pytest.raises(UnknownChatError):
        store.chat(deleted.id)
    assert [chat.id for chat in store.list_chats()] == [live.id]
    with raw(db_path) as connection:
        for table in ("messages", "traces", "sources"):
            assert connection.execute(f"SELECT count(*) FROM {table}").fetchone()[0] == 0
    assert store.purge_deleted() == 0


def test_store_purged_text_is_gone_from_the_file(store: ChatStore, db_path: Path) -> None:
    secret = "PURGED-PRIVATE-NOTE-91c2"
    chat = store.create_chat("Private")
    store.add_user_message(chat.id, secret * 20)
    store.create_chat("Other")
    store.delete_chat(chat.id)
    store.purge_deleted()
    store.close()

    # Closing folds the write-ahead log into the file; the freed pages were overwritten.
    assert secret.encode() not in db_path.read_bytes()


# -- requirements ----------------------------------------------------------------------------


def test_store_requirements_are_only_ever_raised(
    store: ChatStore, make_store: Callable[[], ChatStore]
) -> None:
    chat = store.create_chat("Mail")
    mailbox = OutboundDataRequirement(
        level=OutboundDataRestriction.ONLY_LINKS_FROM_CHAT, origin="Work mail"
    )
    raised = ChatRequirements(
        provider_confidence=ConfidenceLevel.HIGH,
        data_security=DataSecurity.SELF_HOSTED,
        outbound=mailbox,
    )
    assert store.save_requirements(chat.id, raised) == raised

    looser = ChatRequirements(
        provider_confidence=ConfidenceLevel.LOW,
        data_security=DataSecurity.ALLOW_ANY,
        outbound=OutboundDataRequirement(level=OutboundDataRestriction.UNRESTRICTED),
    )
    kept = store.save_requirements(chat.id, looser)
    tie = ChatRequirements(
        provider_confidence=ConfidenceLevel.HIGH,
        data_security=DataSecurity.SELF_HOSTED,
        outbound=OutboundDataRequirement(
            level=OutboundDataRestriction.ONLY_LINKS_FROM_CHAT, origin="Private mail"
        ),
    )
    after_tie = store.save_requirements(chat.id, tie)

    assert kept == raised
    assert after_tie.outbound.origin == "Work mail"
    store = reopen(store, make_store)
    assert store.load_requirements(chat.id) == raised
    assert store.chat(chat.id).requirements == raised


def test_store_requirements_tighten_each_axis_on_its_own(store: ChatStore) -> None:
    chat = store.create_chat(
        requirements=ChatRequirements(provider_confidence=ConfidenceLevel.MEDIUM)
    )
    stricter_outbound = OutboundDataRequirement(
        level=OutboundDataRestriction.ONLY_CONFIGURED_SERVICES, origin="Finance mailbox"
    )

    stored = store.save_requirements(
        chat.id,
        ChatRequirements(provider_confidence=ConfidenceLevel.LOW, outbound=stricter_outbound),
    )

    assert stored == ChatRequirements(
        provider_confidence=ConfidenceLevel.MEDIUM, outbound=stricter_outbound
    )


def test_store_unknown_stored_requirement_values_read_as_the_strictest(
    store: ChatStore, db_path: Path
) -> None:
    chat = store.create_chat("From the future")
    with raw(db_path) as connection:
        connection.execute(
            "UPDATE chats SET provider_confidence = 250, data_security = 9, outbound_level = 7"
        )

    assert store.load_requirements(chat.id) == ChatRequirements(
        provider_confidence=ConfidenceLevel.HIGH,
        data_security=DataSecurity.SELF_HOSTED,
        outbound=OutboundDataRequirement(level=OutboundDataRestriction.ONLY_CONFIGURED_SERVICES),
    )


# -- messages --------------------------------------------------------------------------------


def test_store_round_trips_messages_traces_and_sources(
    store: ChatStore, make_store: Callable[[], ChatStore]
) -> None:
    chat = store.create_chat("Weather")
    question = store.add_user_message(chat.id, "Wie wird das Wetter in Köln?")
    answer_id = store.begin_answer(chat.id, "Work OpenAI", "gpt-4o-mini")
    store.finish_answer(
        answer_id,
        "Sonnig, 24 °C.",
        traces=[web_search_trace(), blocked_trace()],
        sources=SOURCES,
    )

    store = reopen(store, make_store)
    messages = store.messages(chat.id)

    assert messages[0] == question
    assert question == StoredMessage(
        id=question.id,
        chat_id=chat.id,
        role="user",
        text="Wie wird das Wetter in Köln?",
        created_at=question.created_at,
    )
    answer = messages[1]
    assert answer.id == answer_id
    assert (answer.role, answer.text, answer.state, answer.error_message) == (
        "assistant",
        "Sonnig, 24 °C.",
        "complete",
        "",
    )
    assert (answer.provider_name, answer.model) == ("Work OpenAI", "gpt-4o-mini")
    assert answer.traces == (
        StoredTrace.from_trace(web_search_trace()),
        StoredTrace.from_trace(blocked_trace()),
    )
    assert answer.sources == SOURCES
    assert store.chat(chat.id).provider_name == "Work OpenAI"


def failed_trace(order: int) -> ToolInvocationTrace:
    return ToolInvocationTrace(
        order=order,
        tool_id="web_search",
        display_name=QT_TRANSLATE_NOOP("WebSearchTool", "Web search"),
        tool_icon="travel_explore",
        tool_call_id=f"call_{order}",
        status=TraceStatus.ERROR,
        status_message=QT_TRANSLATE_NOOP("ToolExecutor", "The tool failed: {message}"),
        status_values={"message": "SearXNG did not answer"},
    )


def test_store_lists_the_refused_calls_of_all_chats_newest_first(store: ChatStore) -> None:
    weather = store.create_chat("Weather")
    store.finish_answer(
        store.begin_answer(weather.id, "Work", "gpt"),
        "Sunny.",
        traces=[web_search_trace(1), blocked_trace(2)],
    )
    news = store.create_chat("News")
    answer_id = store.begin_answer(news.id, "Work", "gpt")
    store.finish_answer(answer_id, "Nothing.", traces=[failed_trace(1), web_search_trace(2)])
    gone = store.create_chat("Deleted")
    store.finish_answer(store.begin_answer(gone.id, "Work", "gpt"), "", traces=[blocked_trace(1)])
    store.delete_chat(gone.id)

    refused = store.refused_calls()

    assert [(call.chat_title, call.trace.status) for call in refused] == [
        ("News", TraceStatus.ERROR),
        ("Weather", TraceStatus.BLOCKED),
    ]
    assert refused[0].chat_id == news.id
    assert refused[0].trace == StoredTrace.from_trace(failed_trace(1))
    assert refused[0].answered_at == store.messages(news.id)[0].created_at
    assert refused[1].trace.status_text() == (
        "Content from Work mail limits where this chat's data may be sent."
    )
    assert [call.chat_title for call in store.refused_calls(limit=1)] == ["News"]


def test_store_traces_keep_their_translation_context(store: ChatStore) -> None:
    chat = store.create_chat()
    answer_id = store.begin_answer(chat.id, "P", "m")
    unknown = ToolInvocationTrace(
        order=3,
        tool_id="",
        display_name="made_up_tool",
        tool_icon="build",
        tool_call_id="call_3",
        status=TraceStatus.ERROR,
    )
    store.finish_answer(answer_id, "", traces=[web_search_trace(), blocked_trace(), unknown])

    search, blocked, made_up = store.messages(chat.id)[0].traces

    assert isinstance(search.display_name, TranslatableText)
    assert search.display_name.context == "WebSearchTool"
    assert search.arguments == {"query": "Wetter Köln", "api_key": "*****", "max_results": "5"}
    assert blocked.status is TraceStatus.BLOCKED
    assert blocked.status_message is not None
    assert blocked.status_message.context == "ToolExecutor"
    assert blocked.status_values == {"origin": "Work mail", "limits": ["a", 2]}
    assert blocked.status_text() == (
        "Content from Work mail limits where this chat's data may be sent."
    )
    assert blocked.status_text(lambda text: "Inhalt aus {origin} schränkt ein.") == (
        "Inhalt aus Work mail schränkt ein."
    )
    assert not isinstance(made_up.display_name, TranslatableText)
    assert (made_up.display_name, made_up.status, made_up.order) == (
        "made_up_tool",
        TraceStatus.ERROR,
        3,
    )


def test_store_keeps_traces_without_their_results(store: ChatStore, db_path: Path) -> None:
    chat = store.create_chat()
    answer_id = store.begin_answer(chat.id, "P", "m")
    store.finish_answer(answer_id, "done", traces=[web_search_trace(), blocked_trace()])
    store.close()

    with raw(db_path) as connection:
        columns = {row["name"] for row in connection.execute("PRAGMA table_info(traces)")}
        rows = [tuple(row) for row in connection.execute("SELECT * FROM traces")]
    assert not any("result" in column for column in columns)
    assert len(rows) == 2
    assert not any(RESULT in str(value) for row in rows for value in row)
    assert RESULT.encode() not in db_path.read_bytes()


def test_store_answer_starts_interrupted_and_partial_saves_keep_it_so(
    store: ChatStore,
) -> None:
    chat = store.create_chat()
    answer_id = store.begin_answer(chat.id, "Local", "llama3")

    started = store.messages(chat.id)[-1]
    store.save_partial_answer(answer_id, "Half of", traces=[web_search_trace()])
    partial = store.messages(chat.id)[-1]
    store.finish_answer(answer_id, "Half of it, then all.", sources=SOURCES[:1])
    finished = store.messages(chat.id)[-1]

    assert (started.text, started.state) == ("", "interrupted")
    assert (partial.text, partial.state, len(partial.traces)) == ("Half of", "interrupted", 1)
    assert (finished.text, finished.state) == ("Half of it, then all.", "complete")
    assert finished.traces == ()
    assert finished.sources == SOURCES[:1]


def test_store_failed_and_stopped_answers_keep_their_state(store: ChatStore) -> None:
    chat = store.create_chat()
    failed = store.begin_answer(chat.id, "P", "m")
    store.finish_answer(failed, "Partial", state="failed", error_message="HTTP 500 from 'P'")
    stopped = store.begin_answer(chat.id, "P", "m")
    store.finish_answer(stopped, "Stopped here", state="interrupted")

    first, second = store.messages(chat.id)

    assert (first.state, first.error_message, first.text) == (
        "failed",
        "HTTP 500 from 'P'",
        "Partial",
    )
    assert (second.state, second.error_message) == ("interrupted", "")


def test_store_messages_come_oldest_first_and_bump_the_chat(store: ChatStore) -> None:
    chat = store.create_chat()
    texts = [f"message {number}" for number in range(5)]
    for text in texts:
        store.add_user_message(chat.id, text)

    assert [message.text for message in store.messages(chat.id)] == texts
    assert store.chat(chat.id).updated_at > chat.updated_at


@pytest.mark.parametrize(
    "call",
    [
        lambda store: store.chat("missing"),
        lambda store: store.rename_chat("missing", "x"),
        lambda store: store.set_selected_tools("missing", ()),
        lambda store: store.delete_chat("missing"),
        lambda store: store.restore_chat("missing"),
        lambda store: store.messages("missing"),
        lambda store: store.add_user_message("missing", "x"),
        lambda store: store.begin_answer("missing", "P", "m"),
        lambda store: store.save_requirements("missing", ChatRequirements()),
        lambda store: store.load_requirements("missing"),
    ],
    ids=[
        "chat",
        "rename",
        "tools",
        "delete",
        "restore",
        "messages",
        "user-message",
        "begin-answer",
        "save-requirements",
        "load-requirements",
    ],
)
def test_store_unknown_chat_raises(store: ChatStore, call: Callable[[ChatStore], object]) -> None:
    with pytest.raises(UnknownChatError, match="'missing'"):
        call(store)


def test_store_finish_refuses_what_is_not_an_answer(store: ChatStore) -> None:
    chat = store.create_chat()
    question = store.add_user_message(chat.id, "question")

    with pytest.raises(UnknownMessageError):
        store.finish_answer(question.id, "overwritten")
    with pytest.raises(UnknownMessageError):
        store.save_partial_answer(999, "nothing")
    assert store.messages(chat.id) == (question,)


def test_store_failed_write_leaves_nothing_behind(
    store: ChatStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    chat = store.create_chat()
    answer_id = store.begin_answer(chat.id, "P", "m")
    store.finish_answer(answer_id, "first", traces=[web_search_trace()], sources=SOURCES)
    before = store.messages(chat.id)
    updated_at = store.chat(chat.id).updated_at

    def broken_row(*args: object) -> tuple[object, ...]:
        raise RuntimeError("the disk went away")

    # Fails after the answer's text was updated and its old traces deleted.
    monkeypatch.setattr(rows, "trace_row", broken_row)
    with pytest.raises(RuntimeError):
        store.finish_answer(answer_id, "second", traces=[web_search_trace()])

    assert store.messages(chat.id) == before
    assert store.chat(chat.id).updated_at == updated_at


def test_store_keeps_text_with_split_surrogates(store: ChatStore) -> None:
    chat = store.create_chat("Smile \ud83d\ude00")
    answer_id = store.begin_answer(chat.id, "P", "m")
    trace = ToolInvocationTrace(
        order=1,
        tool_id="web_search",
        display_name="web_search",
        tool_icon="build",
        tool_call_id="call_\ud800",
        status=TraceStatus.SUCCESS,
        arguments={"query": "lone \udc00"},
    )
    source = Source(title="Broken \ud800 title", url="https://example.org/")

    store.finish_answer(answer_id, "Half a \ud83d", traces=[trace], sources=[source])

    [answer] = store.messages(chat.id)
    assert store.chat(chat.id).title == "Smile 😀"
    assert answer.text == "Half a \ufffd"
    assert answer.traces[0].tool_call_id == "call_\ufffd"
    assert answer.traces[0].arguments == {"query": "lone \ufffd"}
    assert answer.sources[0].title == "Broken \ufffd title"


# -- a kill mid-answer -----------------------------------------------------------------------

_CHILD = textwrap.dedent(
    """
    import sys
    from pathlib import Path

    from studio.chats.store import ChatStore

    store = ChatStore(Path(sys.argv[1]))
    store.open()
    chat = store.create_chat("Before the kill")
    store.add_user_message(chat.id, "first question")
    first = store.begin_answer(chat.id, "Local", "llama3")
    store.finish_answer(first, "first answer")
    store.add_user_message(chat.id, "second question")
    answer = store.begin_answer(chat.id, "Local", "llama3")
    if sys.argv[2]:
        store.save_partial_answer(answer, sys.argv[2])
    print(chat.id, flush=True)
    sys.stdin.read()  # Streams on until it is killed.
    """
)


@pytest.mark.parametrize("partial", ["", "The second answer was half"], ids=["empty", "partial"])
def test_store_kill_mid_answer_keeps_the_chat_and_marks_the_answer(
    db_path: Path, make_store: Callable[[], ChatStore], partial: str
) -> None:
    db_path.parent.mkdir(parents=True)
    with subprocess.Popen(
        [sys.executable, "-c", _CHILD, str(db_path), partial],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    ) as child:
        assert child.stdout is not None
        chat_id = child.stdout.readline().strip()
        child.kill()
        child.wait(timeout=30)
    if sys.platform != "win32":
        assert child.returncode == -signal.SIGKILL
    # The kill left the write-ahead log unmerged, as a crash would.
    assert Path(f"{db_path}-wal").exists()

    store = make_store()

    assert store.load_notice is None
    messages = store.messages(chat_id)
    assert [(m.role, m.text, m.state) for m in messages] == [
        ("user", "first question", "complete"),
        ("assistant", "first answer", "complete"),
        ("user", "second question", "complete"),
        ("assistant", partial, "interrupted"),
    ]
    assert messages[-1].model == "llama3"
    assert [chat.title for chat in store.list_chats()] == ["Before the kill"]


# -- unreadable files ------------------------------------------------------------------------


def unreadable_copies(db_path: Path) -> list[Path]:
    """The databases set aside, without the companion files that went with them."""
    copies = db_path.parent.glob(f"{db_path.name}.unreadable-*")
    return sorted(path for path in copies if not path.name.endswith(("-wal", "-shm", "-journal")))


def a_database_with_chats(path: Path) -> bytes:
    with ChatStore(path) as store:
        for number in range(40):
            chat = store.create_chat(f"Chat {number}")
            store.add_user_message(chat.id, f"question {number} " * 100)
    return path.read_bytes()


def random_bytes(path: Path) -> bytes:
    return random.Random(7).randbytes(16384)


def truncated_database(path: Path) -> bytes:
    data = a_database_with_chats(path)
    return data[: len(data) // 2]


def overwritten_page(path: Path) -> bytes:
    """A history at its full length, with a page in the middle overwritten by other bytes."""
    data = bytearray(a_database_with_chats(path))
    page_size = int.from_bytes(data[16:18], "big")
    middle = len(data) // page_size // 2 * page_size
    data[middle : middle + page_size] = random.Random(11).randbytes(page_size)
    return bytes(data)


def text_file(path: Path) -> bytes:
    return b"My notes about chats.\nNot a database at all.\n" * 50


def newer_database(path: Path) -> bytes:
    a_database_with_chats(path)
    with raw(path) as connection:
        connection.execute(f"PRAGMA user_version = {migrations.SCHEMA_VERSION + 1}")
    connection.close()
    return path.read_bytes()


def foreign_database(path: Path) -> bytes:
    connection = raw(path)
    connection.execute("CREATE TABLE notes (id INTEGER PRIMARY KEY, text TEXT)")
    connection.execute("INSERT INTO notes (text) VALUES ('someone else''s data')")
    connection.close()
    return path.read_bytes()


def foreign_versioned_database(path: Path) -> bytes:
    connection = raw(path)
    connection.execute("CREATE TABLE notes (id INTEGER PRIMARY KEY, text TEXT)")
    connection.execute("PRAGMA user_version = 1")
    connection.close()
    return path.read_bytes()


@pytest.mark.parametrize(
    ("make_file", "reason"),
    [
        (random_bytes, "is not a database"),
        (truncated_database, "is damaged"),
        (overwritten_page, "is damaged"),
        (text_file, "is not a database"),
        (foreign_database, "belongs to another program"),
        (foreign_versioned_database, "belongs to another program"),
    ],
    ids=[
        "random-bytes",
        "truncated",
        "overwritten-page",
        "text-file",
        "foreign",
        "foreign-v1",
    ],
)
def test_store_sets_an_unreadable_file_aside_and_starts_afresh(
    db_path: Path,
    make_store: Callable[[], ChatStore],
    make_file: Callable[[Path], bytes],
    reason: str,
    caplog: pytest.LogCaptureFixture,
) -> None:
    db_path.parent.mkdir(parents=True)
    content = make_file(db_path)
    db_path.write_bytes(content)

    store = make_store()

    [kept] = unreadable_copies(db_path)
    assert kept.read_bytes() == content
    assert store.load_notice is not None
    assert reason in store.load_notice
    assert str(kept) in store.load_notice
    assert "Studio started a new chat history" in store.load_notice
    assert kept.name.startswith(f"{FILE_NAME}.unreadable-20240501T12")
    assert str(kept) in caplog.text
    assert store.list_chats() == ()
    store.create_chat("A new start")
    assert [chat.title for chat in reopen(store, make_store).list_chats()] == ["A new start"]


def traced_statements(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every statement that connections opened from now on run, in order."""
    statements: list[str] = []
    connect = sqlite3.connect

    def traced(*args: Any, **kwargs: Any) -> sqlite3.Connection:
        connection: sqlite3.Connection = connect(*args, **kwargs)
        connection.set_trace_callback(statements.append)
        return connection

    # The store calls sqlite3.connect for its checking and its own connections alike.
    monkeypatch.setattr(sqlite3, "connect", traced)
    return statements


@pytest.mark.parametrize(
    ("make_file", "notice"),
    [(a_database_with_chats, None), (overwritten_page, "is damaged")],
    ids=["sound", "overwritten-page"],
)
def test_store_open_runs_the_quick_check_not_the_full_integrity_check(
    db_path: Path,
    make_store: Callable[[], ChatStore],
    monkeypatch: pytest.MonkeyPatch,
    make_file: Callable[[Path], bytes],
    notice: str | None,
) -> None:
    db_path.parent.mkdir(parents=True)
    content = make_file(db_path)
    db_path.write_bytes(content)
    statements = traced_statements(monkeypatch)

    store = make_store()

    assert statements.count("PRAGMA quick_check") == 1
    assert [s for s in statements if "integrity_check" in s] == []
    if notice is None:
        assert store.load_notice is None
        assert len(store.list_chats()) == 40
    else:
        assert store.load_notice is not None
        assert notice in store.load_notice
        [kept] = unreadable_copies(db_path)
        assert kept.read_bytes() == content


def test_store_sets_the_write_ahead_log_aside_with_the_file(
    db_path: Path, make_store: Callable[[], ChatStore]
) -> None:
    db_path.parent.mkdir(parents=True)
    files = {"": b"not a database " * 100, "-wal": b"a log " * 100, "-shm": b"index " * 100}
    for suffix, content in files.items():
        Path(f"{db_path}{suffix}").write_bytes(content)

    store = make_store()

    [kept] = unreadable_copies(db_path)
    assert kept.read_bytes() == files[""]
    assert Path(f"{kept}-wal").read_bytes() == files["-wal"]
    # The shared-memory index holds no data; SQLite rebuilds it from the log on every open.
    assert Path(f"{kept}-shm").exists()
    assert store.load_notice is not None
    assert store.list_chats() == ()


def test_store_never_overwrites_a_file_set_aside_earlier(db_path: Path) -> None:
    frozen = FakeClock(step=timedelta(0))
    db_path.parent.mkdir(parents=True)
    contents = [b"first broken file " * 100, b"second broken file " * 100]

    for content in contents:
        db_path.write_bytes(content)
        store = ChatStore(db_path, clock=frozen)
        store.open()
        store.close()
        db_path.unlink()
        for suffix in ("-wal", "-shm"):
            Path(f"{db_path}{suffix}").unlink(missing_ok=True)

    copies = unreadable_copies(db_path)
    assert [copy.read_bytes() for copy in copies] == contents
    assert copies[1].name == f"{copies[0].name}-2"


def test_store_does_not_set_aside_a_file_it_may_not_open(db_path: Path) -> None:
    # A folder where the file should be: the system refuses, the "file" may be fine.
    db_path.mkdir(parents=True)

    store = ChatStore(db_path)
    with pytest.raises(ChatStoreError, match="is a folder where Studio expects a file"):
        store.open()

    assert db_path.is_dir()
    assert unreadable_copies(db_path) == []


def test_store_notice_about_a_file_set_aside_is_translatable(
    db_path: Path, make_store: Callable[[], ChatStore]
) -> None:
    db_path.parent.mkdir(parents=True)
    db_path.write_bytes(b"not a database " * 100)

    notice = make_store().load_notice

    [kept] = unreadable_copies(db_path)
    assert isinstance(notice, TranslatableMessage)
    assert notice.startswith("Your chats could not be read: the file is not a database (")
    assert notice.text(lambda text: f"[{text.context}] {text}").startswith(
        "[ChatStore] Your chats could not be read: the file [ChatStore] is not a database ("
    )
    assert notice.endswith(f"kept the old file as {str(kept)!r}.")


def test_store_errors_are_translatable(make_store: Callable[[], ChatStore]) -> None:
    store = make_store()

    with pytest.raises(UnknownChatError) as raised:
        store.rename_chat("nope", "A title")

    assert str(raised.value) == "There is no chat 'nope'."
    assert raised.value.text(lambda text: f"[{text.context}] {text}") == (
        "[ChatStore] There is no chat 'nope'."
    )
