"""The Anthropic Messages adapter over real HTTP against the fake provider.

Every request the adapter sends is validated against the official MessageCreateParams schema
when the test ends (the ``server`` fixture), the returned content blocks included.
"""

from __future__ import annotations

import json
from collections.abc import AsyncIterator, Callable, Iterator

import pytest

from studio.config.profiles import ANTHROPIC_VERSION, ProviderType
from studio.kernel.rounds import Round, Usage
from studio.providers.anthropic import DEFAULT_MAX_TOKENS
from studio.providers.base import ChatMessage, Conversation, ProviderAdapter
from studio.providers.errors import ProviderHTTPError, ProviderStreamError
from tests.support import fake_provider as fake
from tests.support import openapi_schemas
from tests.support.adapters import AdapterFactory, Streamed, run_round
from tests.support.tools import EchoTool

SECRET = "sk-ant-test-9f8e7d6c"
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
MESSAGES = [
    {"role": "user", "content": "Hi"},
    {"role": "assistant", "content": "Hello!"},
    {"role": "user", "content": "Echo 'x', please."},
]
ECHO_X = fake.ToolCall(name="echo", arguments={"text": "x"}, id="toolu_x")
ECHO_Y = fake.ToolCall(name="echo", arguments={"text": "y"}, id="toolu_y")

fake_provider = fake.fake_provider


@pytest.fixture
def server(fake_provider: fake.FakeProviderServer) -> Iterator[fake.FakeProviderServer]:
    yield fake_provider
    for request in fake_provider.requests:
        assert request.api == "anthropic"
        openapi_schemas.validate_request("anthropic", request.json)


@pytest.fixture
async def make_adapter(
    server: fake.FakeProviderServer,
) -> AsyncIterator[Callable[..., ProviderAdapter]]:
    factory = AdapterFactory(server.url, ProviderType.ANTHROPIC, SECRET, CONVERSATION)
    yield factory.make
    await factory.aclose()


# --- The request ----------------------------------------------------------------------------------


async def test_request_holds_system_messages_tools_and_default_max_tokens(
    make_adapter: Callable[..., ProviderAdapter], server: fake.FakeProviderServer
):
    server.enqueue(fake.anthropic_turn(["Hi"]))

    await run_round(make_adapter())

    request = server.last_request
    assert request.json == {
        "model": "test-model",
        "max_tokens": DEFAULT_MAX_TOKENS,
        "system": SYSTEM,
        "messages": MESSAGES,
        "stream": True,
        "tools": [
            {"name": "echo", "description": ECHO.description, "input_schema": ECHO.parameters}
        ],
    }
    assert request.headers["x-api-key"] == SECRET
    assert request.headers["anthropic-version"] == ANTHROPIC_VERSION
    assert "authorization" not in request.headers


@pytest.mark.parametrize(
    ("conversation", "include_tools"),
    [(CONVERSATION, False), (Conversation(system_prompt="", messages=()), True)],
    ids=["final-round", "no-tools-offered"],
)
async def test_tools_are_sent_only_when_offered_and_any(
    make_adapter: Callable[..., ProviderAdapter],
    server: fake.FakeProviderServer,
    conversation: Conversation,
    include_tools: bool,
):
    server.enqueue(fake.anthropic_turn(["Hi"]))
    conversation = Conversation(
        system_prompt=conversation.system_prompt,
        messages=CONVERSATION.messages,
        tools=conversation.tools,
    )

    await run_round(
        make_adapter(conversation, additional_parameters={"tool_choice": {"type": "auto"}}),
        include_tools=include_tools,
    )

    assert {"tools", "tool_choice"}.isdisjoint(server.last_request.json)


async def test_without_a_system_prompt_there_is_no_system_field(
    make_adapter: Callable[..., ProviderAdapter], server: fake.FakeProviderServer
):
    server.enqueue(fake.anthropic_turn(["Hi"]), fake.anthropic_turn(["Bye"]))
    adapter = make_adapter(Conversation(system_prompt=" ", messages=CONVERSATION.messages))

    await run_round(adapter)
    await run_round(adapter, "Answer now.", include_tools=False)

    first, second = (request.json for request in server.requests)
    assert "system" not in first
    assert second["system"] == "Answer now."


async def test_final_instruction_is_appended_for_that_round_only(
    make_adapter: Callable[..., ProviderAdapter], server: fake.FakeProviderServer
):
    server.enqueue(fake.anthropic_turn(["One"]), fake.anthropic_turn(["Two"]))
    adapter = make_adapter()

    await run_round(adapter, "Answer now.", include_tools=False)
    await run_round(adapter)

    first, second = (request.json["system"] for request in server.requests)
    assert first == f"{SYSTEM}\n\nAnswer now."
    assert second == SYSTEM


async def test_additional_parameters_are_merged_and_may_set_max_tokens(
    make_adapter: Callable[..., ProviderAdapter], server: fake.FakeProviderServer
):
    server.enqueue(fake.anthropic_turn(["Hi"]))
    additional = {"max_tokens": 512, "stop_sequences": ["END"], "model": "other", "messages": []}

    await run_round(make_adapter(additional_parameters=additional))

    request = server.last_request.json
    assert (request["max_tokens"], request["stop_sequences"]) == (512, ["END"])
    assert (request["model"], request["messages"]) == ("test-model", MESSAGES)


# --- The stream -----------------------------------------------------------------------------------


async def test_text_streams_live_and_usage_counts_the_whole_prompt(
    make_adapter: Callable[..., ProviderAdapter], server: fake.FakeProviderServer
):
    usage = fake.Usage(input_tokens=30, output_tokens=9, cached_input_tokens=4)
    server.enqueue(fake.anthropic_turn(["Hel", "lo"], usage=usage))

    streamed, round_ = await run_round(make_adapter())

    assert [delta.text for delta in streamed.deltas if delta.text] == ["Hel", "lo"]
    assert [delta.usage for delta in streamed.deltas if delta.usage] == [
        Usage(input_tokens=34, output_tokens=1),
        Usage(input_tokens=34, output_tokens=9),
    ]
    assert round_ == Round(text_output="Hello")


@pytest.mark.parametrize("clean_end", [False, True], ids=["dropped", "ended"])
async def test_stream_cut_before_the_message_ended_raises_after_the_text(
    make_adapter: Callable[..., ProviderAdapter], server: fake.FakeProviderServer, clean_end: bool
):
    server.enqueue(fake.anthropic_turn(["Hel", "lo", " there"]).cut(after=5, clean_end=clean_end))
    streamed = Streamed()

    with pytest.raises(ProviderStreamError, match="broke off"):
        await streamed.run(make_adapter())

    assert streamed.text == "Hello"
    assert streamed.round is None


async def test_error_event_ends_the_round_with_the_providers_message(
    make_adapter: Callable[..., ProviderAdapter], server: fake.FakeProviderServer
):
    error = {"type": "error", "error": {"type": "overloaded_error", "message": "Overloaded"}}
    server.enqueue(
        fake.anthropic_turn(["Hel"])
        .cut(after=4, clean_end=True)
        .with_unreadable_lines(f"event: error\ndata: {json.dumps(error)}", after=4)
    )
    streamed = Streamed()

    with pytest.raises(ProviderStreamError) as caught:
        await streamed.run(make_adapter())

    assert str(caught.value) == (
        "The provider 'Test host' stopped the answer: overloaded_error: Overloaded"
    )
    assert streamed.text == "Hel"


@pytest.mark.parametrize("status", [401, 404, 529], ids=str)
async def test_error_status_is_a_provider_http_error(
    make_adapter: Callable[..., ProviderAdapter], server: fake.FakeProviderServer, status: int
):
    server.enqueue(fake.anthropic_error(status))

    with pytest.raises(ProviderHTTPError) as caught:
        await run_round(make_adapter())

    assert caught.value.status == status


# --- Calls and the history ------------------------------------------------------------------------


async def test_turn_goes_back_unchanged_and_results_in_one_user_message(
    make_adapter: Callable[..., ProviderAdapter], server: fake.FakeProviderServer
):
    server.enqueue(
        fake.anthropic_turn(
            ["Checking."], tool_uses=[ECHO_X, ECHO_Y], thinking=("Deep thought.", "sig-123")
        ),
        fake.anthropic_turn(["Done."]),
    )
    adapter = make_adapter()

    _, round_ = await run_round(adapter)
    adapter.record_assistant_turn()
    adapter.record_tool_result("toolu_x", "x")
    adapter.record_tool_result("toolu_y", "Tool execution failed: no.", is_error=True)
    texts_before_the_request = adapter.recorded_request_texts
    await run_round(adapter)

    assert [(call.call_id, call.function_name, call.is_valid) for call in round_.calls] == [
        ("toolu_x", "echo", True),
        ("toolu_y", "echo", True),
    ]
    assert server.last_request.json["messages"][3:] == [
        {
            "role": "assistant",
            "content": [
                {"type": "thinking", "thinking": "Deep thought.", "signature": "sig-123"},
                {"type": "text", "text": "Checking."},
                {"type": "tool_use", "id": "toolu_x", "name": "echo", "input": {"text": "x"}},
                {"type": "tool_use", "id": "toolu_y", "name": "echo", "input": {"text": "y"}},
            ],
        },
        {
            "role": "user",
            "content": [
                {
                    "type": "tool_result",
                    "tool_use_id": "toolu_x",
                    "content": "x",
                    "is_error": False,
                },
                {
                    "type": "tool_result",
                    "tool_use_id": "toolu_y",
                    "content": "Tool execution failed: no.",
                    "is_error": True,
                },
            ],
        },
    ]
    assert texts_before_the_request == (
        f"Deep thought.\nChecking.\necho({ECHO_X.arguments_text})\necho({ECHO_Y.arguments_text})",
        "x",
        "Tool execution failed: no.",
    )


async def test_unparsable_input_makes_an_invalid_call_sent_back_with_an_empty_input(
    make_adapter: Callable[..., ProviderAdapter], server: fake.FakeProviderServer
):
    broken = fake.ToolCall(name="echo", arguments='{"text": ', id="toolu_broken")
    server.enqueue(fake.anthropic_turn(tool_uses=[broken]), fake.anthropic_turn(["Done."]))
    adapter = make_adapter()

    _, round_ = await run_round(adapter)
    adapter.record_assistant_turn()
    adapter.record_tool_result("toolu_broken", "The tool call was invalid.", is_error=True)
    await run_round(adapter)

    assert [call.is_valid for call in round_.calls] == [False]
    assistant, results = server.last_request.json["messages"][3:]
    assert assistant["content"] == [
        {"type": "tool_use", "id": "toolu_broken", "name": "echo", "input": {}}
    ]
    assert results["content"][0]["is_error"] is True


async def test_results_are_sent_once(
    make_adapter: Callable[..., ProviderAdapter], server: fake.FakeProviderServer
):
    server.enqueue(
        fake.anthropic_turn(tool_uses=[ECHO_X]),
        fake.anthropic_turn(tool_uses=[ECHO_Y]),
        fake.anthropic_turn(["Done."]),
    )
    adapter = make_adapter()

    for call_id in ("toolu_x", "toolu_y"):
        await run_round(adapter)
        adapter.record_assistant_turn()
        adapter.record_tool_result(call_id, call_id)
    await run_round(adapter)

    roles = [message["role"] for message in server.last_request.json["messages"]]
    assert roles == ["user", "assistant", "user", "assistant", "user", "assistant", "user"]
    results = [
        block["tool_use_id"]
        for message in server.last_request.json["messages"][3:]
        if message["role"] == "user"
        for block in message["content"]
    ]
    assert results == ["toolu_x", "toolu_y"]
