from __future__ import annotations

import asyncio
import threading
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import keyring
import pytest

from studio.chats.async_store import AsyncChatStore
from studio.chats.store import FILE_NAME, ChatStore, ChatStoreError, UnknownChatError
from studio.config.paths import StudioPaths
from studio.config.secrets import KeyringSecretStore
from studio.kernel.calls import ToolInvocationTrace, TraceStatus
from studio.kernel.policy import ChatRequirements, ConfidenceLevel
from studio.kernel.result import Source
from studio.services import Services


class ThreadRecordingClock:
    """A clock that notes which thread asks for the time: the store asks on every write."""

    def __init__(self) -> None:
        self.now = datetime(2024, 5, 1, 12, 0, tzinfo=UTC)
        self.threads: list[threading.Thread] = []
        self.gate: threading.Event | None = None

    def __call__(self) -> datetime:
        self.threads.append(threading.current_thread())
        if self.gate is not None:
            assert self.gate.wait(timeout=30), "the test never opened the gate"
        self.now += timedelta(seconds=1)
        return self.now

    async def hold_worker(self, chats: AsyncChatStore, chat_id: str) -> asyncio.Task[object]:
        """Keep the worker busy in a write until :meth:`release`, so later calls queue up."""
        self.gate = threading.Event()
        task: asyncio.Task[object] = asyncio.create_task(
            chats.call(ChatStore.add_user_message, chat_id, "holds the worker")
        )
        await asyncio.sleep(0)  # Lets the task hand its call to the worker.
        return task

    def release(self) -> None:
        assert self.gate is not None
        self.gate.set()
        self.gate = None


@pytest.fixture
def clock() -> ThreadRecordingClock:
    return ThreadRecordingClock()


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "data" / FILE_NAME


@pytest.fixture
def chats(db_path: Path, clock: ThreadRecordingClock) -> Iterator[AsyncChatStore]:
    store = AsyncChatStore.open(db_path, clock=clock)
    yield store
    store.close()


async def test_async_store_runs_every_call_on_one_worker_thread(
    chats: AsyncChatStore, clock: ThreadRecordingClock
) -> None:
    loop_thread = threading.current_thread()

    chat = await chats.create_chat("Threads")
    await chats.call(ChatStore.add_user_message, chat.id, "question")
    answer_id = await chats.call(ChatStore.begin_answer, chat.id, "P", "m")
    await chats.finish_answer(answer_id, "answer")
    await chats.call(ChatStore.rename_chat, chat.id, "Renamed")
    await chats.call(ChatStore.delete_chat, chat.id)
    await chats.call(ChatStore.restore_chat, chat.id)
    await chats.call(ChatStore.delete_chat, chat.id)
    assert await chats.call(ChatStore.purge_deleted) == 1

    workers = set(clock.threads)
    assert len(clock.threads) >= 6
    assert len(workers) == 1
    [worker] = workers
    assert worker is not loop_thread
    assert worker is not threading.main_thread()
    assert worker.name.startswith("studio-chats")


async def test_async_store_reads_on_the_thread_that_opened_the_connection(
    chats: AsyncChatStore,
) -> None:
    # sqlite3 refuses a connection used from another thread than the one that opened it, so
    # reads and writes succeeding here proves that open() ran on the worker as well.
    chat = await chats.create_chat("Opened on the worker")

    assert [found.id for found in await chats.call(ChatStore.list_chats)] == [chat.id]
    assert await chats.call(ChatStore.messages, chat.id) == ()
    assert (await chats.call(ChatStore.chat, chat.id)).title == "Opened on the worker"


async def test_async_store_keeps_the_order_of_concurrent_calls(chats: AsyncChatStore) -> None:
    chat = await chats.create_chat("Order")
    texts = [f"message {number}" for number in range(25)]

    await asyncio.gather(*(chats.call(ChatStore.add_user_message, chat.id, text) for text in texts))

    assert [message.text for message in await chats.call(ChatStore.messages, chat.id)] == texts


async def test_async_store_round_trips_an_answer(
    chats: AsyncChatStore, clock: ThreadRecordingClock
) -> None:
    chat = await chats.create_chat("Answer", selected_tool_ids=["web_search"])
    answer_id = await chats.call(ChatStore.begin_answer, chat.id, "Work OpenAI", "gpt-4o-mini")
    trace = ToolInvocationTrace(
        order=1,
        tool_id="web_search",
        display_name="Web search",
        tool_icon="travel_explore",
        tool_call_id="call_1",
        status=TraceStatus.SUCCESS,
        result="never stored",
    )
    traces = [trace]
    sources = [Source(title="Example", url="https://example.org/")]

    await chats.save_partial_answer(answer_id, "Half", traces=traces)
    partial = (await chats.call(ChatStore.messages, chat.id))[-1]
    holding = await clock.hold_worker(chats, chat.id)
    finishing = asyncio.create_task(
        chats.finish_answer(answer_id, "Whole", traces=traces, sources=sources)
    )
    await asyncio.sleep(0)
    # The caller's lists change before the worker gets to the call; it saves them as they were.
    traces.clear()
    sources.clear()
    clock.release()
    await holding
    await finishing
    await chats.set_selected_tools(chat.id, None)

    answer = (await chats.call(ChatStore.messages, chat.id))[0]
    assert (partial.text, partial.state) == ("Half", "interrupted")
    assert (answer.text, answer.state, answer.model) == ("Whole", "complete", "gpt-4o-mini")
    assert [stored.tool_id for stored in answer.traces] == ["web_search"]
    assert answer.sources == (Source(title="Example", url="https://example.org/"),)
    assert (await chats.call(ChatStore.chat, chat.id)).selected_tool_ids is None
    assert [found.id for found in await chats.call(ChatStore.list_chats, "whole")] == [chat.id]


async def test_async_store_saves_the_requirements_as_they_were_when_called(
    chats: AsyncChatStore, clock: ThreadRecordingClock
) -> None:
    chat = await chats.create_chat("Requirements")
    requirements = ChatRequirements(provider_confidence=ConfidenceLevel.MEDIUM)

    holding = await clock.hold_worker(chats, chat.id)
    saving = asyncio.create_task(chats.save_requirements(chat.id, requirements))
    await asyncio.sleep(0)
    requirements.require_provider_confidence(ConfidenceLevel.HIGH)
    clock.release()
    await holding
    stored = await saving
    lowered = await chats.save_requirements(chat.id, ChatRequirements())

    assert stored.provider_confidence == ConfidenceLevel.MEDIUM
    assert lowered.provider_confidence == ConfidenceLevel.MEDIUM
    assert (
        await chats.call(ChatStore.load_requirements, chat.id)
    ).provider_confidence == ConfidenceLevel.MEDIUM


async def test_async_store_finishes_a_write_whose_caller_was_cancelled(
    chats: AsyncChatStore,
) -> None:
    chat = await chats.create_chat("Stop")
    answer_id = await chats.call(ChatStore.begin_answer, chat.id, "P", "m")

    finishing = asyncio.create_task(chats.finish_answer(answer_id, "Kept", state="interrupted"))
    await asyncio.sleep(0)  # Lets the task hand its call to the worker.
    finishing.cancel()
    with pytest.raises(asyncio.CancelledError):
        await finishing

    # Calls run in order, so this read comes after the write the cancelled caller made.
    [answer] = await chats.call(ChatStore.messages, chat.id)
    assert (answer.text, answer.state) == ("Kept", "interrupted")


async def test_async_store_passes_errors_on(chats: AsyncChatStore) -> None:
    with pytest.raises(UnknownChatError, match="'missing'"):
        await chats.call(ChatStore.messages, "missing")

    assert await chats.call(ChatStore.list_chats) == ()


async def test_async_store_refuses_calls_once_closed(db_path: Path) -> None:
    chats = AsyncChatStore.open(db_path)
    chat = await chats.create_chat("Closing")

    await chats.aclose()
    await chats.aclose()
    chats.close()

    with pytest.raises(ChatStoreError, match="closed"):
        await chats.call(ChatStore.messages, chat.id)
    reopened = AsyncChatStore.open(db_path)
    assert [found.title for found in await reopened.call(ChatStore.list_chats)] == ["Closing"]
    await reopened.aclose()


def test_async_store_exposes_the_notice_about_a_file_set_aside(db_path: Path) -> None:
    db_path.parent.mkdir(parents=True)
    db_path.write_bytes(b"definitely not a database " * 100)

    chats = AsyncChatStore.open(db_path)
    try:
        assert chats.path == db_path
        assert chats.load_notice is not None
        assert "is not a database" in chats.load_notice
        assert ".unreadable-" in chats.load_notice
    finally:
        chats.close()


async def test_async_store_creates_a_new_file_on_first_use_only(db_path: Path) -> None:
    chats = AsyncChatStore.open(db_path)
    assert not db_path.parent.exists()

    assert await chats.call(ChatStore.list_chats) == ()
    assert await asyncio.to_thread(db_path.exists)
    await chats.aclose()


async def test_async_store_closing_unused_creates_nothing(db_path: Path) -> None:
    await AsyncChatStore.open(db_path).aclose()
    AsyncChatStore.open(db_path).close()

    assert not await asyncio.to_thread(db_path.parent.exists)


def test_async_store_open_failure_raises_and_leaves_no_worker(db_path: Path) -> None:
    db_path.mkdir(parents=True)
    before = set(threading.enumerate())

    with pytest.raises(ChatStoreError, match="is a folder where Studio expects a file"):
        AsyncChatStore.open(db_path)

    assert set(threading.enumerate()) <= before


async def test_services_open_the_profile_chat_history(tmp_path: Path) -> None:
    paths = StudioPaths.for_basedir(tmp_path / "profile")
    services = Services.open(
        paths, implementations=[], secrets=KeyringSecretStore(keyring.get_keyring())
    )
    try:
        assert not await asyncio.to_thread(paths.data_dir.exists)
        chat = await services.chats.create_chat("Through the services")

        assert services.chats.path == paths.data_dir / "chats.sqlite3"
        assert services.chats.load_notice is None
        assert [found.id for found in await services.chats.call(ChatStore.list_chats)] == [chat.id]
    finally:
        await services.chats.aclose()


def test_services_report_a_chat_history_set_aside(tmp_path: Path) -> None:
    paths = StudioPaths.for_basedir(tmp_path / "profile")
    paths.data_dir.mkdir(parents=True)
    (paths.data_dir / FILE_NAME).write_bytes(b"not a database " * 100)

    services = Services.open(
        paths, implementations=[], secrets=KeyringSecretStore(keyring.get_keyring())
    )
    try:
        assert services.chats.load_notice is not None
        assert "Studio started a new chat history" in services.chats.load_notice
    finally:
        services.chats.close()
