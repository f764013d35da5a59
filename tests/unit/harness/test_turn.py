"""A chat turn: the provider check, the system prompt with tool instructions, the record."""

from __future__ import annotations

from pathlib import Path

import keyring
import pytest

from studio.config.secrets import KeyringSecretStore
from studio.config.store import SettingsStore
from studio.harness.turn import AnswerRecord, ChatTurn, ProviderNotTrustedError, TurnRequest
from studio.kernel.calls import ToolCall, TraceStatus
from studio.kernel.context import ChatContext, ProviderContext
from studio.kernel.definition import Component
from studio.kernel.policy import ConfidenceLevel, ModelCapability
from studio.kernel.rounds import Round
from studio.providers.base import ChatMessage, Conversation, ProviderAdapter
from studio.tools.registry import ToolRegistry
from studio.tools.settings import ToolSettingsService
from tests.support.scripted_adapter import ScriptedAdapter
from tests.support.tools import EchoTool

CAPABLE = frozenset({ModelCapability.FUNCTION_CALLING, ModelCapability.CHAT_COMPLETION_API})


class Connection:
    def __init__(self, adapter: ScriptedAdapter, confidence: ConfidenceLevel) -> None:
        self.adapter = adapter
        self.confidence = confidence
        self.conversations: list[Conversation] = []

    def context(self) -> ProviderContext:
        return ProviderContext(name="test", confidence=self.confidence, capabilities=CAPABLE)

    def new_adapter(self, conversation: Conversation) -> ProviderAdapter:
        self.conversations.append(conversation)
        return self.adapter


@pytest.fixture
def turn(tmp_path: Path) -> ChatTurn:
    settings = ToolSettingsService(
        SettingsStore(tmp_path / "settings.json"), KeyringSecretStore(keyring.get_keyring())
    )
    return ChatTurn(ToolRegistry([EchoTool()], settings=settings), settings)


async def test_turn_sends_history_message_and_tool_instructions(turn: ChatTurn) -> None:
    adapter = ScriptedAdapter()
    call = ToolCall(
        call_id="c1", function_name="echo", arguments_json='{"text":"hi"}', is_valid=True
    )
    adapter.enqueue(end=Round(calls=(call,)))
    adapter.enqueue("Done.", end=Round(text_output="Done."))
    connection = Connection(adapter, ConfidenceLevel.HIGH)
    history = (ChatMessage(role="user", text="Before"), ChatMessage(role="assistant", text="Ok"))
    request = TurnRequest(
        message="Now", history=history, system_prompt="Be kind.", selected_tool_ids=("echo",)
    )
    record = AnswerRecord()

    async for event in turn.run(connection, request, ChatContext()):
        record.add(event)

    [conversation] = connection.conversations
    assert conversation.messages == (*history, ChatMessage(role="user", text="Now"))
    assert conversation.system_prompt.startswith("Be kind.\n\n# Tool usage instructions")
    assert "Use echo only in tests." in conversation.system_prompt
    assert [tool.name for tool in conversation.tools] == ["echo"]
    assert record.text == "Done."
    assert [trace.status for trace in record.traces] == [TraceStatus.SUCCESS]
    assert record.finished is not None


async def test_a_call_to_an_installed_tool_not_selected_is_recorded_with_its_arguments(
    turn: ChatTurn,
) -> None:
    adapter = ScriptedAdapter()
    call = ToolCall(
        call_id="c1", function_name="echo", arguments_json='{"text":"hi"}', is_valid=True
    )
    adapter.enqueue(end=Round(calls=(call,)))
    adapter.enqueue("Done.", end=Round(text_output="Done."))
    record = AnswerRecord()

    async for event in turn.run(
        Connection(adapter, ConfidenceLevel.HIGH), TurnRequest(message="Now"), ChatContext()
    ):
        record.add(event)

    [trace] = record.traces
    assert trace.status == TraceStatus.BLOCKED
    assert trace.tool_id == "echo"
    assert trace.arguments == {"text": "hi"}
    assert trace.status_text().startswith("The model called a tool that was not offered")


async def test_turn_refuses_a_provider_below_the_chats_requirement(turn: ChatTurn) -> None:
    connection = Connection(ScriptedAdapter(), ConfidenceLevel.LOW)
    chat = ChatContext()
    chat.requirements.require_provider_confidence(ConfidenceLevel.HIGH)

    with pytest.raises(ProviderNotTrustedError) as raised:
        async for _ in turn.run(connection, TurnRequest(message="Hi"), chat):
            pass

    assert "HIGH" in str(raised.value)
    assert "LOW" in str(raised.value)
    assert connection.conversations == []


async def test_an_assistant_turn_below_the_requirement_advises_without_chats(
    turn: ChatTurn,
) -> None:
    connection = Connection(ScriptedAdapter(), ConfidenceLevel.MEDIUM)
    chat = ChatContext()
    chat.requirements.require_provider_confidence(ConfidenceLevel.HIGH)
    request = TurnRequest(message="Hi", component=Component.WEB_PAGE_SUMMARY_ASSISTANT)

    with pytest.raises(ProviderNotTrustedError) as raised:
        async for _ in turn.run(connection, request, chat):
            pass

    message = str(raised.value)
    assert "chat" not in message.lower()
    assert "in the assistant" in message
    assert "HIGH" in message
    assert "MEDIUM" in message


async def test_a_chat_turn_below_the_requirement_advises_a_new_chat(turn: ChatTurn) -> None:
    connection = Connection(ScriptedAdapter(), ConfidenceLevel.MEDIUM)
    chat = ChatContext()
    chat.requirements.require_provider_confidence(ConfidenceLevel.HIGH)

    with pytest.raises(ProviderNotTrustedError) as raised:
        async for _ in turn.run(connection, TurnRequest(message="Hi"), chat):
            pass

    assert "start a new chat" in str(raised.value)


async def test_turn_without_tools_sends_the_plain_system_prompt(turn: ChatTurn) -> None:
    adapter = ScriptedAdapter()
    adapter.enqueue("Hi.", end=Round(text_output="Hi."))
    connection = Connection(adapter, ConfidenceLevel.HIGH)

    async for _ in turn.run(
        connection, TurnRequest(message="Hi", system_prompt=" Short. "), ChatContext()
    ):
        pass

    [conversation] = connection.conversations
    assert conversation.system_prompt == "Short."
    assert conversation.tools == ()


async def test_turn_counts_addresses_from_user_and_system_prompt_as_given(turn: ChatTurn) -> None:
    adapter = ScriptedAdapter()
    adapter.enqueue("Ok.", end=Round(text_output="Ok."))
    connection = Connection(adapter, ConfidenceLevel.HIGH)
    history = (
        ChatMessage(role="user", text="Earlier I read https://user.example/a."),
        ChatMessage(role="assistant", text="The model said https://model.example/made-up"),
    )
    request = TurnRequest(
        message="Now read https://user.example/b",
        history=history,
        system_prompt="Our wiki is at https://wiki.example/start",
    )
    chat = ChatContext()

    async for _ in turn.run(connection, request, chat):
        pass

    assert chat.web_addresses_given_to_model == {
        "https://user.example/a",
        "https://user.example/b",
        "https://wiki.example/start",
    }
