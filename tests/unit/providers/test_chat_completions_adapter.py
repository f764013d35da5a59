"""The Chat Completions adapter over real HTTP against the fake provider.

Every request the adapter sends is validated against the official CreateChatCompletionRequest
schema when the test ends (the ``server`` fixture).
"""

from __future__ import annotations

import json
import logging
import re
from collections.abc import AsyncIterator, Callable, Iterator
from typing import Any

import pytest

from studio.config.profiles import ProviderType
from studio.harness.events import RunFinished, TextDelta
from studio.harness.loop import ToolCallingLoop, ToolCallingLoopContext
from studio.kernel.context import ChatContext, ProviderContext
from studio.kernel.policy import ConfidenceLevel
from studio.kernel.rounds import Round, Usage
from studio.providers.base import ChatMessage, Conversation, ProviderAdapter
from studio.providers.chat_completions import INVALID_TOOL_CALL_NAME
from studio.providers.errors import (
    InvalidToolCallingResponse,
    ProviderHTTPError,
    ProviderStreamError,
)
from studio.tools.executor import ToolExecutor
from tests.support import fake_provider as fake
from tests.support import openapi_schemas
from tests.support.adapters import AdapterFactory, Streamed, run_round
from tests.support.sse_builders import CREATED
from tests.support.tools import EchoTool, StaticSettings, runnable

SECRET = "sk-test-0a9b8c7d6e5f"
SYSTEM = "You are helpful."
ECHO = EchoTool().definition().function
CONVERSATION = Conversation(
    system_prompt=SYSTEM,
    messages=(
        ChatMessage(role="user", text="Hi"),
        ChatMessage(role="assistant", text="Hello!"),
        ChatMessage(role="user", text="Echo 'x', please."),
    ),
    tools=(ECHO,),
)
CHAT = [
    {"role": "user", "content": "Hi"},
    {"role": "assistant", "content": "Hello!"},
    {"role": "user", "content": "Echo 'x', please."},
]

fake_provider = fake.fake_provider


@pytest.fixture
def server(fake_provider: fake.FakeProviderServer) -> Iterator[fake.FakeProviderServer]:
    yield fake_provider
    for request in fake_provider.requests:
        assert request.api == "chat_completions"
        openapi_schemas.validate_request("chat_completions", request.json)


@pytest.fixture
async def make_adapter(
    server: fake.FakeProviderServer,
) -> AsyncIterator[Callable[..., ProviderAdapter]]:
    factory = AdapterFactory(server.url, ProviderType.OPENAI_CHAT, SECRET, CONVERSATION)
    yield factory.make
    await factory.aclose()


def raw_chunk(delta: dict[str, Any], finish_reason: str | None = None) -> str:
    """A chunk written by hand, for what the turn builders cannot express."""
    chunk = {
        "id": "chatcmpl-raw",
        "object": "chat.completion.chunk",
        "created": CREATED,
        "model": "test-model",
        "choices": [{"index": 0, "delta": delta, "finish_reason": finish_reason}],
    }
    return f"data: {json.dumps(chunk)}"


# --- The request ----------------------------------------------------------------------------------


async def test_request_holds_system_prompt_chat_and_streaming_options(
    make_adapter: Callable[..., ProviderAdapter], server: fake.FakeProviderServer
):
    server.enqueue(fake.chat_turn(["Hi"]))

    await run_round(make_adapter(), include_tools=False)

    request = server.last_request
    assert request.json == {
        "model": "test-model",
        "messages": [{"role": "system", "content": SYSTEM}, *CHAT],
        "stream": True,
        "stream_options": {"include_usage": True},
    }
    assert request.headers["authorization"] == f"Bearer {SECRET}"


@pytest.mark.parametrize(
    ("provider_type", "strict"),
    [(ProviderType.OPENAI_CHAT, True), (ProviderType.GROQ, False), (ProviderType.OLLAMA, False)],
    ids=lambda value: value.value if isinstance(value, ProviderType) else str(value),
)
async def test_tools_are_strict_only_where_the_host_enforces_schemas(
    make_adapter: Callable[..., ProviderAdapter],
    server: fake.FakeProviderServer,
    provider_type: ProviderType,
    strict: bool,
):
    server.enqueue(fake.chat_turn(["Hi"]))

    await run_round(make_adapter(provider_type=provider_type))

    (tool,) = server.last_request.json["tools"]
    assert tool["type"] == "function"
    function = tool["function"]
    assert (function["name"], function["strict"]) == ("echo", strict)
    secret = function["parameters"]["properties"]["secret"]
    if strict:
        assert secret["type"] == ["string", "null"]
        assert function["parameters"]["required"] == ["text", "secret"]
    else:
        assert function["parameters"] == ECHO.parameters


async def test_parallel_tool_calls_false_is_sent_with_tools(
    make_adapter: Callable[..., ProviderAdapter], server: fake.FakeProviderServer
):
    server.enqueue(fake.chat_turn(["Hi"]))

    await run_round(make_adapter())

    assert server.last_request.json["parallel_tool_calls"] is False


@pytest.mark.parametrize(
    ("conversation", "include_tools"),
    [(CONVERSATION, False), (Conversation(system_prompt=SYSTEM, messages=()), True)],
    ids=["final-round", "no-tools-offered"],
)
async def test_parallel_tool_calls_and_tools_are_omitted_without_tools(
    make_adapter: Callable[..., ProviderAdapter],
    server: fake.FakeProviderServer,
    conversation: Conversation,
    include_tools: bool,
):
    server.enqueue(fake.chat_turn(["Hi"]))

    await run_round(make_adapter(conversation), include_tools=include_tools)

    assert "tools" not in server.last_request.json
    assert "parallel_tool_calls" not in server.last_request.json


async def test_parallel_tool_calls_is_omitted_for_hosts_that_reject_it(
    make_adapter: Callable[..., ProviderAdapter], server: fake.FakeProviderServer
):
    server.enqueue(fake.chat_turn(["Hi"]))

    await run_round(make_adapter(provider_type=ProviderType.HUGGINGFACE))

    assert server.last_request.json["tools"]
    assert "parallel_tool_calls" not in server.last_request.json


async def test_additional_parameters_are_merged_but_never_override_the_adapters_keys(
    make_adapter: Callable[..., ProviderAdapter], server: fake.FakeProviderServer
):
    server.enqueue(fake.chat_turn(["Hi"]), fake.chat_turn(["Bye"]))
    additional = {
        "temperature": 0.2,
        "parallel_tool_calls": True,
        "tool_choice": "auto",
        "model": "other-model",
        "stream": False,
        "messages": [],
        "tools": [],
        "stream_options": {"include_usage": False},
    }
    adapter = make_adapter(additional_parameters=additional)

    await run_round(adapter)
    await run_round(adapter, include_tools=False)

    with_tools, without_tools = (request.json for request in server.requests)
    assert with_tools["temperature"] == 0.2
    assert with_tools["tool_choice"] == "auto"
    assert with_tools["parallel_tool_calls"] is False
    assert with_tools["model"] == "test-model"
    assert with_tools["stream"] is True
    assert with_tools["stream_options"] == {"include_usage": True}
    assert len(with_tools["messages"]) == 4
    assert len(with_tools["tools"]) == 1
    assert without_tools["temperature"] == 0.2
    assert {"tools", "parallel_tool_calls", "tool_choice"}.isdisjoint(without_tools)


async def test_final_instruction_is_appended_to_the_system_prompt_for_that_round_only(
    make_adapter: Callable[..., ProviderAdapter], server: fake.FakeProviderServer
):
    server.enqueue(fake.chat_turn(["One"]), fake.chat_turn(["Two"]))
    adapter = make_adapter()

    await run_round(adapter, "Answer now.", include_tools=False)
    await run_round(adapter)

    first, second = (request.json["messages"][0] for request in server.requests)
    assert first == {"role": "system", "content": f"{SYSTEM}\n\nAnswer now."}
    assert second == {"role": "system", "content": SYSTEM}


async def test_without_a_system_prompt_the_instruction_stands_alone(
    make_adapter: Callable[..., ProviderAdapter], server: fake.FakeProviderServer
):
    server.enqueue(fake.chat_turn(["One"]), fake.chat_turn(["Two"]))
    conversation = Conversation(system_prompt="", messages=CONVERSATION.messages)
    adapter = make_adapter(conversation)

    await run_round(adapter, include_tools=False)
    await run_round(adapter, "Answer now.", include_tools=False)

    first, second = (request.json["messages"] for request in server.requests)
    assert first == CHAT
    assert second[0] == {"role": "system", "content": "Answer now."}


# --- The stream -----------------------------------------------------------------------------------


async def test_text_streams_live_and_usage_rides_on_its_own_delta(
    make_adapter: Callable[..., ProviderAdapter], server: fake.FakeProviderServer
):
    usage = fake.Usage(input_tokens=30, output_tokens=9)
    server.enqueue(fake.chat_turn(["Hel", "lo"], usage=usage))

    streamed, round_ = await run_round(make_adapter())

    assert [delta.text for delta in streamed.deltas if delta.text] == ["Hel", "lo"]
    assert [delta.usage for delta in streamed.deltas if delta.usage] == [
        Usage(input_tokens=30, output_tokens=9)
    ]
    assert round_ == Round(text_output="Hello")


async def test_unreadable_lines_are_skipped(
    make_adapter: Callable[..., ProviderAdapter], server: fake.FakeProviderServer
):
    server.enqueue(
        fake.chat_turn(["Hel", "lo"]).with_unreadable_lines(
            "data: {broken", "data: [1, 2]", after=2
        )
    )

    streamed, round_ = await run_round(make_adapter())

    assert streamed.text == "Hello"
    assert round_.text_output == "Hello"


async def test_cut_stream_raises_after_the_text_that_streamed(
    make_adapter: Callable[..., ProviderAdapter], server: fake.FakeProviderServer
):
    server.enqueue(fake.chat_turn(["Hel", "lo", " there"]).cut(after=3))
    streamed = Streamed()

    with pytest.raises(ProviderStreamError):
        await streamed.run(make_adapter())

    assert streamed.text == "Hello"
    assert streamed.round is None


async def test_stream_that_ends_without_finish_reason_or_done_is_broken(
    make_adapter: Callable[..., ProviderAdapter], server: fake.FakeProviderServer
):
    server.enqueue(fake.chat_turn(["Hel", "lo", " there"]).cut(after=3, clean_end=True))
    streamed = Streamed()

    with pytest.raises(ProviderStreamError, match="broke off"):
        await streamed.run(make_adapter())

    assert streamed.text == "Hello"


async def test_error_chunk_ends_the_round_with_the_hosts_message(
    make_adapter: Callable[..., ProviderAdapter], server: fake.FakeProviderServer
):
    error = {"error": {"message": "Upstream provider overloaded", "code": 502}}
    server.enqueue(
        fake.chat_turn(["Hel"]).with_unreadable_lines(f"data: {json.dumps(error)}", after=2)
    )
    streamed = Streamed()

    with pytest.raises(ProviderStreamError) as caught:
        await streamed.run(make_adapter())

    assert str(caught.value) == (
        "The provider 'Test host' stopped the answer: 502: Upstream provider overloaded"
    )
    assert streamed.text == "Hel"


@pytest.mark.parametrize("status", [401, 404, 500], ids=str)
async def test_error_status_is_a_provider_http_error(
    make_adapter: Callable[..., ProviderAdapter], server: fake.FakeProviderServer, status: int
):
    server.enqueue(fake.openai_error(status))

    with pytest.raises(ProviderHTTPError) as caught:
        await run_round(make_adapter())

    assert caught.value.status == status
    assert caught.value.provider == "Test host"


# --- Calls and the history ------------------------------------------------------------------------

ECHO_CALL = fake.ToolCall(name="echo", arguments={"text": "x"}, id="call_1")


async def test_assistant_turn_and_results_go_back_in_the_next_request(
    make_adapter: Callable[..., ProviderAdapter], server: fake.FakeProviderServer
):
    server.enqueue(
        fake.chat_turn(["Let me check."], tool_calls=[ECHO_CALL], reasoning_deltas=["Hm", "m."]),
        fake.chat_turn(["Done."]),
    )
    adapter = make_adapter()

    _, round_ = await run_round(adapter)
    adapter.record_assistant_turn()
    adapter.record_tool_result("call_1", "x", is_error=True)
    await run_round(adapter)

    (call,) = round_.calls
    assert (call.call_id, call.function_name, call.is_valid) == ("call_1", "echo", True)
    assert json.loads(call.arguments_json) == {"text": "x"}
    assert server.last_request.json["messages"][4:] == [
        {
            "role": "assistant",
            "content": "Let me check.",
            "reasoning_content": "Hmm.",
            "tool_calls": [
                {
                    "id": "call_1",
                    "type": "function",
                    "function": {"name": "echo", "arguments": ECHO_CALL.arguments_text},
                }
            ],
        },
        # No error flag in this API: the failure travels in the content.
        {"role": "tool", "tool_call_id": "call_1", "content": "x"},
    ]
    assert adapter.recorded_request_texts == (
        f"Hmm.\nLet me check.\necho({ECHO_CALL.arguments_text})",
        "x",
    )


async def test_empty_content_is_left_out_of_the_assistant_turn(
    make_adapter: Callable[..., ProviderAdapter], server: fake.FakeProviderServer
):
    server.enqueue(fake.chat_turn(tool_calls=[ECHO_CALL]), fake.chat_turn(["Done."]))
    adapter = make_adapter()

    await run_round(adapter)
    adapter.record_assistant_turn()
    adapter.record_tool_result("call_1", "x")
    await run_round(adapter)

    assistant = server.last_request.json["messages"][4]
    assert set(assistant) == {"role", "tool_calls"}


async def test_invalid_calls_go_back_with_usable_names_and_empty_arguments(
    make_adapter: Callable[..., ProviderAdapter], server: fake.FakeProviderServer
):
    calls = [
        fake.ToolCall(name="echo", arguments='{"text": ', id="call_broken"),
        fake.ToolCall(name="echo", arguments="[1, 2]", id="call_array"),
        fake.ToolCall(name="look up!", arguments="{}", id="call_bad_name"),
        fake.ToolCall(name="x" * 65, arguments="{}", id="call_long_name"),
        fake.ToolCall(name="web_lookup", arguments='{"q": 1}', id="call_unknown"),
        fake.ToolCall(name=" echo ", arguments='{"text": "y"}', id="call_blanks"),
        fake.ToolCall(name="echo", arguments="", id="call_no_arguments"),
    ]
    server.enqueue(fake.chat_turn(tool_calls=calls), fake.chat_turn(["Done."]))
    adapter = make_adapter()

    _, round_ = await run_round(adapter)
    adapter.record_assistant_turn()
    for call in round_.calls:
        adapter.record_tool_result(call.call_id, "result")
    await run_round(adapter)

    assert [(call.function_name, call.is_valid) for call in round_.calls] == [
        ("echo", False),
        ("echo", False),
        ("look up!", False),
        ("x" * 65, False),
        ("web_lookup", True),
        ("echo", True),
        ("echo", True),
    ]
    sent = [
        (call["id"], call["function"]["name"], call["function"]["arguments"])
        for call in server.last_request.json["messages"][4]["tool_calls"]
    ]
    assert sent == [
        ("call_broken", "echo", "{}"),
        ("call_array", "echo", "{}"),
        ("call_bad_name", INVALID_TOOL_CALL_NAME, "{}"),
        ("call_long_name", INVALID_TOOL_CALL_NAME, "{}"),
        ("call_unknown", "web_lookup", '{"q": 1}'),
        ("call_blanks", "echo", '{"text": "y"}'),
        ("call_no_arguments", "echo", "{}"),
    ]


async def test_invalid_call_is_logged_by_reason_only(
    make_adapter: Callable[..., ProviderAdapter],
    server: fake.FakeProviderServer,
    caplog: pytest.LogCaptureFixture,
):
    caplog.set_level(logging.DEBUG)
    server.enqueue(
        fake.chat_turn(tool_calls=[fake.ToolCall(name="leak_me!", arguments='{"pin": "4711"')])
    )

    await run_round(make_adapter())

    assert "its name is not a valid function name" in caplog.text
    assert "leak_me" not in caplog.text
    assert "4711" not in caplog.text


async def test_missing_call_id_is_supplied_and_used_for_the_result(
    make_adapter: Callable[..., ProviderAdapter], server: fake.FakeProviderServer
):
    call_without_id = {
        "tool_calls": [
            {"index": 0, "type": "function", "function": {"name": "echo", "arguments": "{}"}}
        ]
    }
    server.enqueue(
        fake.chat_turn(["Checking."], finish_reason="tool_calls").with_unreadable_lines(
            raw_chunk(call_without_id), after=2
        ),
        fake.chat_turn(["Done."]),
    )
    adapter = make_adapter()

    _, round_ = await run_round(adapter)
    (call,) = round_.calls
    adapter.record_assistant_turn()
    adapter.record_tool_result(call.call_id, "ok")
    await run_round(adapter)

    assert re.fullmatch(r"call_[0-9a-f]{32}", call.call_id)
    assert call.is_valid
    assistant, result = server.last_request.json["messages"][4:]
    assert assistant["tool_calls"][0]["id"] == call.call_id
    assert result == {"role": "tool", "tool_call_id": call.call_id, "content": "ok"}


def loop_context(adapter: ProviderAdapter) -> ToolCallingLoopContext:
    return ToolCallingLoopContext(
        adapter=adapter,
        runnable_tools=[runnable(EchoTool())],
        executor=ToolExecutor(StaticSettings()),
        provider=ProviderContext(name="Test host", confidence=ConfidenceLevel.MEDIUM),
        chat=ChatContext(),
    )


async def test_tool_calls_finish_without_calls_ends_the_run_with_the_text(
    make_adapter: Callable[..., ProviderAdapter], server: fake.FakeProviderServer
):
    server.enqueue(fake.chat_turn(["Here you go."], finish_reason="tool_calls"))

    events = [event async for event in ToolCallingLoop().run(loop_context(make_adapter()))]

    text = "".join(event.text for event in events if isinstance(event, TextDelta))
    assert text == "Here you go."
    assert isinstance(events[-1], RunFinished)
    assert events[-1].outcome == "answered"
    assert len(server.requests) == 1


async def test_tool_calls_finish_without_calls_or_text_fails_once(
    make_adapter: Callable[..., ProviderAdapter], server: fake.FakeProviderServer
):
    server.enqueue(fake.chat_turn(finish_reason="tool_calls"))

    run = ToolCallingLoop().run(loop_context(make_adapter()))

    with pytest.raises(InvalidToolCallingResponse):
        _ = [event async for event in run]

    assert len(server.requests) == 1
