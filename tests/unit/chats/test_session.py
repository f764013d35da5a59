"""A chat session answers through the real turn, provider and store, over loopback.

The fake provider streams the answers; the chat history is a real SQLite file; only the clock
of the partial saves is the test's.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Callable
from pathlib import Path

import keyring
import pytest
from pydantic import SecretStr

from studio.chats.async_store import AsyncChatStore
from studio.chats.session import (
    AnswerEnded,
    Answering,
    ChatCreated,
    ChatSession,
    ProviderPool,
    SessionEvent,
)
from studio.chats.store import ChatStore
from studio.config.paths import StudioPaths
from studio.config.profiles import ProviderType
from studio.config.providers import ProviderSettings
from studio.config.secrets import KeyringSecretStore
from studio.harness.events import RequirementsRaised, TextDelta
from studio.harness.turn import ChatTurn
from studio.kernel.policy import ChatRequirements, ConfidenceLevel, DataSecurity
from studio.services import Services
from tests.support import fake_provider as fake
from tests.support.tools import SearchTool

fake_provider = fake.fake_provider

SEARCH = fake.ToolCall(name="search_sources", arguments={"query": "handbook"})


class FakeClock:
    """Seconds that pass only when the test says so."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
async def services(
    tmp_path: Path, fake_provider: fake.FakeProviderServer
) -> AsyncIterator[Services]:
    opened = Services.open(
        StudioPaths.for_basedir(tmp_path / "profile"),
        # Raises the confidence a chat demands, but not where its data may be processed.
        implementations=[SearchTool(data_security=DataSecurity.ALLOW_ANY)],
        secrets=KeyringSecretStore(keyring.get_keyring()),
    )
    settings = ProviderSettings.from_user(
        name="Fake",
        type=ProviderType.OPENAI_CHAT,
        base_url=f"{fake_provider.url}/v1",
        model="gpt-test",
        confidence="HIGH",
    )
    await opened.providers.add(settings, SecretStr("sk-session"))
    yield opened
    await opened.aclose()


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
async def answering(services: Services, clock: FakeClock) -> AsyncIterator[Answering]:
    made = Answering(
        turn=ChatTurn(services.registry, services.settings),
        providers=ProviderPool(services.providers),
        guard=services.builtin.guard,
        clock=clock,
    )
    yield made
    await made.providers.aclose()


def recorder(events: list[SessionEvent]) -> Callable[[SessionEvent], None]:
    return events.append


async def test_a_long_answer_is_saved_every_five_seconds_while_it_streams(
    services: Services,
    answering: Answering,
    clock: FakeClock,
    fake_provider: fake.FakeProviderServer,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    fake_provider.enqueue(fake.chat_turn(["a", "b", "c", "d", "e", "f", "g"]))
    saved: list[str] = []
    save = AsyncChatStore.save_partial_answer

    async def recording(store: AsyncChatStore, answer_id: int, text: str, **more: object) -> None:
        saved.append(text)
        await save(store, answer_id, text, **more)  # type: ignore[arg-type]

    monkeypatch.setattr(AsyncChatStore, "save_partial_answer", recording)

    def two_seconds_per_delta(event: SessionEvent) -> None:
        if isinstance(event, TextDelta) and event.text:
            clock.now += 2.0

    session = ChatSession.new(answering, services.chats)
    ended = await session.answer(
        "Write a lot", provider_name="Fake", on_event=two_seconds_per_delta
    )

    # At 6 s and at 12 s: five seconds or more after the last save, on a text delta.
    assert saved == ["abc", "abcdef"]
    assert ended.state == "complete"
    assert session.chat is not None
    stored = await services.chats.call(ChatStore.messages, session.chat.id)
    assert [(m.role, m.text, m.state) for m in stored] == [
        ("user", "Write a lot", "complete"),
        ("assistant", "abcdefg", "complete"),
    ]
    assert session.messages == stored
    assert session.chat.title == "Write a lot"


async def test_raised_requirements_are_stored_and_the_stricter_stored_ones_adopted(
    services: Services, answering: Answering, fake_provider: fake.FakeProviderServer
) -> None:
    chat = await services.chats.create_chat("Handbook", selected_tool_ids=["search_sources"])
    session = await ChatSession.open(answering, services.chats, chat.id)
    # Meanwhile another Studio on the profile learnt that this chat's data stays self-hosted.
    await services.chats.save_requirements(
        chat.id, ChatRequirements(data_security=DataSecurity.SELF_HOSTED)
    )
    fake_provider.enqueue(fake.chat_turn(tool_calls=[SEARCH]), fake.chat_turn(["Found."]))
    events: list[SessionEvent] = []

    ended = await session.answer(
        "Search the handbook",
        provider_name="Fake",
        selected_tool_ids=["search_sources"],
        on_event=recorder(events),
    )

    assert ended.state == "complete"
    assert any(isinstance(event, RequirementsRaised) for event in events)
    stored = await services.chats.call(ChatStore.load_requirements, chat.id)
    assert stored.provider_confidence is ConfidenceLevel.HIGH
    assert stored.data_security is DataSecurity.SELF_HOSTED
    assert session.context.requirements == stored


async def test_a_reopened_chat_keeps_what_its_tools_learnt(
    services: Services, answering: Answering, fake_provider: fake.FakeProviderServer
) -> None:
    fake_provider.enqueue(fake.chat_turn(tool_calls=[SEARCH]), fake.chat_turn(["Found."]))
    events: list[SessionEvent] = []
    session = ChatSession.new(answering, services.chats)

    await session.answer(
        "Search https://example.org/start",
        provider_name="Fake",
        selected_tool_ids=["search_sources"],
        on_event=recorder(events),
    )

    [created] = [event.chat for event in events if isinstance(event, ChatCreated)]
    assert session.chat is not None
    assert created.id == session.chat.id
    # A new store on the same file, as the next start of the app or a command has.
    reopened_store = AsyncChatStore.open(services.chats.path)
    try:
        reopened = await ChatSession.open(answering, reopened_store, created.id)
    finally:
        await reopened_store.aclose()
    given = reopened.context.web_addresses_given_to_model
    assert "https://example.org/start" in given
    # The search's result gave these to the model: a later read of them is no invention.
    assert {source.url for source in SearchTool.DEFAULT_SOURCES} <= given
    assert reopened.context.requirements.provider_confidence is ConfidenceLevel.HIGH
    assert [message.role for message in reopened.messages] == ["user", "assistant"]
    assert [message.text for message in reopened.history] == [
        "Search https://example.org/start",
        "Found.",
    ]


async def test_a_cancelled_answer_is_stored_as_interrupted_with_what_arrived(
    services: Services, answering: Answering, fake_provider: fake.FakeProviderServer
) -> None:
    fake_provider.enqueue(fake.chat_turn([f"part{n} " for n in range(40)]).slowed(0.1))
    arrived = asyncio.Event()
    events: list[SessionEvent] = []

    def on_event(event: SessionEvent) -> None:
        events.append(event)
        if isinstance(event, TextDelta) and "part1" in event.text:
            arrived.set()

    session = ChatSession.new(answering, services.chats)
    answering_task = asyncio.create_task(
        session.answer("Go on", provider_name="Fake", on_event=on_event)
    )
    await asyncio.wait_for(arrived.wait(), timeout=10)
    answering_task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await answering_task

    [ended] = [event for event in events if isinstance(event, AnswerEnded)]
    assert ended.state == "interrupted"
    assert ended.record.text.startswith("part0 part1 ")
    assert session.chat is not None
    _, answer = await services.chats.call(ChatStore.messages, session.chat.id)
    assert (answer.state, answer.text) == ("interrupted", ended.record.text)
    # The model sees the stopped answer as the user saw it.
    assert [message.text for message in session.history] == ["Go on", ended.record.text]
