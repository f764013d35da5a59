"""The run controller's runs that no chat keeps: their own context, starting sources, no storage.

The controller runs the real turn against the fake provider over loopback, so the assertions
hold for what an assistant window gets.
"""

from __future__ import annotations

import dataclasses
import gc
from collections.abc import Iterator

import keyring
import pytest
import shiboken6
from pydantic import SecretStr
from pytestqt.qtbot import QtBot

from studio.chats.store import ChatStore
from studio.config.profiles import ProviderType
from studio.config.providers import ProviderSettings
from studio.harness.turn import AnswerRecord, TurnRequest
from studio.kernel.context import ChatContext
from studio.kernel.definition import Component
from studio.kernel.policy import ConfidenceLevel
from studio.kernel.result import Source
from studio.services import Services
from studio.ui.chat.run_controller import RunController, RunRequest
from tests.gui.conftest import QtAsyncio
from tests.support import fake_provider as fake
from tests.support.tools import SearchTool

fake_provider = fake.fake_provider

PAGE = Source(title="The page", url="https://example.org/page")


@pytest.fixture(autouse=True)
def _qt_objects_die_on_the_main_thread() -> Iterator[None]:
    yield
    gc.collect()


@pytest.fixture
def controller(qloop: QtAsyncio, services: Services) -> Iterator[RunController]:
    made = RunController(services)
    yield made
    qloop.run(made.aclose())
    shiboken6.delete(made)


def unkept(message: str, context: ChatContext | None, **more: object) -> RunRequest:
    turn = TurnRequest(
        message=message,
        selected_tool_ids=("search_sources",),
        component=Component.WEB_PAGE_SUMMARY_ASSISTANT,
    )
    return RunRequest(
        chat_id=None,
        keep_in_chat=False,
        provider_name="Fake",
        turn=turn,
        context=context,
        **more,  # type: ignore[arg-type]
    )


def test_a_run_kept_in_no_chat_uses_its_context_and_stores_nothing(
    qtbot: QtBot,
    qloop: QtAsyncio,
    services: Services,
    controller: RunController,
    fake_provider: fake.FakeProviderServer,
) -> None:
    fake_provider.enqueue(
        fake.chat_turn(tool_calls=[fake.ToolCall(name="search_sources", arguments={"query": "x"})]),
        fake.chat_turn(["Found it."]),
    )
    created: list[object] = []
    controller.chat_created.connect(created.append)
    shown: list[tuple[Source, ...]] = []
    controller.sources.connect(shown.append)
    context = ChatContext()

    with qtbot.wait_signal(controller.finished, timeout=10_000) as finished:
        controller.start(unkept("See https://example.org/page", context, sources=(PAGE,)))
        assert shown == [(PAGE,)]

    record: AnswerRecord = finished.args[0]
    assert record.text == "Found it."
    assert record.sources == (PAGE, *SearchTool.DEFAULT_SOURCES)
    assert shown[-1] == record.sources
    # The context the request brought is the one the run raised and recorded into.
    assert context.requirements.provider_confidence is ConfidenceLevel.HIGH
    assert "https://example.org/page" in context.web_addresses_given_to_model
    assert created == []
    assert qloop.run(services.chats.call(ChatStore.list_chats)) == ()


def test_each_run_kept_in_no_chat_starts_from_a_fresh_context(
    qtbot: QtBot,
    qloop: QtAsyncio,
    services: Services,
    controller: RunController,
    fake_provider: fake.FakeProviderServer,
) -> None:
    low = ProviderSettings.from_user(
        name="Low",
        type=ProviderType.OPENAI_CHAT,
        base_url=f"{fake_provider.url}/v1",
        model="gpt-low",
        confidence="LOW",
    )
    qloop.run(services.providers.add(low, SecretStr("sk-low")))
    fake_provider.enqueue(
        fake.chat_turn(tool_calls=[fake.ToolCall(name="search_sources", arguments={"query": "x"})]),
        fake.chat_turn(["Internal answer."]),
        fake.chat_turn(["Public answer."]),
    )

    with qtbot.wait_signal(controller.finished, timeout=10_000) as first:
        controller.start(unkept("Search the intranet", None))
    # The first run's search demanded HIGH; a chat would now refuse the LOW provider.
    with qtbot.wait_signal(controller.finished, timeout=10_000) as second:
        controller.start(dataclasses.replace(unkept("Something else", None), provider_name="Low"))

    assert first.args[0].text == "Internal answer."
    assert second.args[0].text == "Public answer."
    assert qloop.run(services.chats.call(ChatStore.list_chats)) == ()


def test_a_provider_whose_key_cannot_be_read_fails_before_any_request(
    qtbot: QtBot,
    qloop: QtAsyncio,
    services: Services,
    controller: RunController,
    fake_provider: fake.FakeProviderServer,
) -> None:
    keyring.get_keyring().delete_password("Studio/providers/Fake", "api_key")

    with qtbot.wait_signal(controller.failed, timeout=10_000) as failed:
        controller.start(unkept("Hello?", ChatContext()))

    assert failed.args[0].startswith("No API key could be read for the provider 'Fake': none")
    assert fake_provider.requests == []


def test_a_failed_answer_ends_once_even_when_stopped_while_it_is_stored(
    qtbot: QtBot,
    qloop: QtAsyncio,
    services: Services,
    controller: RunController,
    fake_provider: fake.FakeProviderServer,
) -> None:
    fake_provider.enqueue(fake.openai_error(401))
    endings: list[str] = []
    controller.failed.connect(lambda _message: endings.append("failed"))
    controller.interrupted.connect(lambda _record: endings.append("interrupted"))
    # The user presses Stop the moment the error shows, while the answer is being stored.
    controller.failed.connect(lambda _message: controller.cancel())
    turn = TurnRequest(message="Hello?")

    with qtbot.wait_signal(controller.running_changed, timeout=10_000):
        controller.start(RunRequest(chat_id=None, provider_name="Fake", turn=turn))
    qtbot.wait_until(lambda: not controller.is_running(), timeout=10_000)
    qloop.run(controller.aclose())

    assert endings == ["failed"]
    [chat] = qloop.run(services.chats.call(ChatStore.list_chats))
    [_question, answer] = qloop.run(services.chats.call(ChatStore.messages, chat.id))
    assert answer.state == "failed"
