"""The Responses adapter over real HTTP against the fake provider.

Every request the adapter sends is validated against the official CreateResponse schema when
the test ends (the ``server`` fixture), the output items it sends back included.
"""

from __future__ import annotations

import json
from collections.abc import AsyncIterator, Callable, Iterator
from typing import Any

import pytest

from studio.config.profiles import ProviderType
from studio.kernel.result import Source, SourceOrigin
from studio.kernel.rounds import Round, Usage
from studio.providers.base import ChatMessage, Conversation, ProviderAdapter
from studio.providers.errors import ProviderHTTPError, ProviderStreamError
from tests.support import fake_provider as fake
from tests.support import openapi_schemas
from tests.support.adapters import AdapterFactory, Streamed, run_round
from tests.support.tools import EchoTool

SECRET = "sk-test-1b2c3d4e5f60"
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
INPUT = [
    {"role": "developer", "content": SYSTEM},
    {"role": "user", "content": "Hi"},
    {"role": "assistant", "content": "Hello!"},
    {"role": "user", "content": "Echo 'x', please."},
]
ECHO_CALL = fake.ToolCall(name="echo", arguments={"text": "x"}, id="call_1")

fake_provider = fake.fake_provider


@pytest.fixture
def server(fake_provider: fake.FakeProviderServer) -> Iterator[fake.FakeProviderServer]:
    yield fake_provider
    for request in fake_provider.requests:
        assert request.api == "responses"
        openapi_schemas.validate_request("responses", request.json)


@pytest.fixture
async def make_adapter(
    server: fake.FakeProviderServer,
) -> AsyncIterator[Callable[..., ProviderAdapter]]:
    factory = AdapterFactory(server.url, ProviderType.OPENAI_RESPONSES, SECRET, CONVERSATION)
    yield factory.make
    await factory.aclose()


def raw_event(payload: dict[str, Any]) -> str:
    """An event written by hand, for what the turn builders cannot express."""
    return f"event: {payload['type']}\ndata: {json.dumps(payload)}"


def ending(status: str, **fields: Any) -> str:
    response = {"id": "resp_raw", "object": "response", "status": status, "output": [], **fields}
    return raw_event({"type": f"response.{status}", "response": response})


ONE_DELTA_EVENTS = 8
"""The events of ``responses_turn([text])`` before ``response.completed``: created, in progress,
the message item added, its part added, the delta, the text done, the part done, the item done."""


# --- The request ----------------------------------------------------------------------------------


async def test_request_is_stateless_with_the_system_prompt_as_developer_message(
    make_adapter: Callable[..., ProviderAdapter], server: fake.FakeProviderServer
):
    server.enqueue(fake.responses_turn(["Hi"]))

    await run_round(make_adapter())

    request = server.last_request.json
    assert request == {
        "model": "test-model",
        "input": INPUT,
        "stream": True,
        "store": False,
        "include": ["reasoning.encrypted_content"],
        "tools": [
            {
                "type": "function",
                "name": "echo",
                "description": ECHO.description,
                "parameters": request["tools"][0]["parameters"],
                "strict": True,
            }
        ],
    }
    # Strict schemas want every property required; optional ones allow null instead.
    parameters = request["tools"][0]["parameters"]
    assert parameters["required"] == ["text", "secret"]
    assert parameters["properties"]["secret"]["type"] == ["string", "null"]
    assert server.last_request.headers["authorization"] == f"Bearer {SECRET}"


async def test_round_without_tools_sends_an_empty_tool_list_and_the_instruction(
    make_adapter: Callable[..., ProviderAdapter], server: fake.FakeProviderServer
):
    server.enqueue(fake.responses_turn(["One"]), fake.responses_turn(["Two"]))
    adapter = make_adapter()

    await run_round(adapter, "Answer now.", include_tools=False)
    await run_round(adapter)

    first, second = (request.json for request in server.requests)
    assert first["tools"] == []
    assert first["input"][0] == {"role": "developer", "content": f"{SYSTEM}\n\nAnswer now."}
    assert second["input"][0] == {"role": "developer", "content": SYSTEM}
    assert len(second["tools"]) == 1


async def test_additional_parameters_are_merged_but_never_override_the_adapters_keys(
    make_adapter: Callable[..., ProviderAdapter], server: fake.FakeProviderServer
):
    server.enqueue(fake.responses_turn(["Hi"]), fake.responses_turn(["Bye"]))
    additional = {
        "reasoning": {"effort": "low"},
        "tool_choice": "auto",
        "store": True,
        "include": [],
        "input": "Ignore all that.",
        "tools": [],
        "model": "other",
    }
    adapter = make_adapter(additional_parameters=additional)

    await run_round(adapter)
    await run_round(adapter, include_tools=False)

    with_tools, without_tools = (request.json for request in server.requests)
    assert with_tools["reasoning"] == {"effort": "low"}
    assert with_tools["tool_choice"] == "auto"
    assert (with_tools["store"], with_tools["model"]) == (False, "test-model")
    assert with_tools["include"] == ["reasoning.encrypted_content"]
    assert with_tools["input"] == INPUT
    assert len(with_tools["tools"]) == 1
    assert "tool_choice" not in without_tools
    assert without_tools["tools"] == []


# --- The stream -----------------------------------------------------------------------------------


async def test_text_streams_live_and_usage_comes_with_the_completed_response(
    make_adapter: Callable[..., ProviderAdapter], server: fake.FakeProviderServer
):
    server.enqueue(fake.responses_turn(["Hel", "lo"], usage=fake.Usage(input_tokens=30)))

    streamed, round_ = await run_round(make_adapter())

    assert [delta.text for delta in streamed.deltas if delta.text] == ["Hel", "lo"]
    assert [delta.usage for delta in streamed.deltas if delta.usage] == [
        Usage(input_tokens=30, output_tokens=8)
    ]
    assert round_ == Round(text_output="Hello")


async def test_cited_sources_stream_and_come_with_the_round(
    make_adapter: Callable[..., ProviderAdapter], server: fake.FakeProviderServer
):
    citation = {
        "type": "response.output_text.annotation.added",
        "item_id": "msg_fake",
        "output_index": 0,
        "content_index": 0,
        "annotation_index": 0,
        "annotation": {
            "type": "url_citation",
            "url": "https://example.org/a",
            "title": "A",
            "start_index": 0,
            "end_index": 5,
        },
        "sequence_number": 99,
    }
    server.enqueue(
        fake.responses_turn(["Hello"]).with_unreadable_lines(raw_event(citation), after=5)
    )

    streamed, round_ = await run_round(make_adapter())

    source = Source(title="A", url="https://example.org/a", origin=SourceOrigin.MODEL)
    assert [delta.sources for delta in streamed.deltas if delta.sources] == [(source,)]
    assert round_.sources == (source,)


async def test_cut_stream_raises_after_the_text_that_streamed(
    make_adapter: Callable[..., ProviderAdapter], server: fake.FakeProviderServer
):
    server.enqueue(fake.responses_turn(["Hel", "lo", " there"]).cut(after=6))
    streamed = Streamed()

    with pytest.raises(ProviderStreamError):
        await streamed.run(make_adapter())

    assert streamed.text == "Hello"
    assert streamed.round is None


@pytest.mark.parametrize(
    ("ending_event", "reason"),
    [
        (
            ending("incomplete", incomplete_details={"reason": "max_output_tokens"}),
            "the response is incomplete (max_output_tokens)",
        ),
        (
            ending("failed", error={"code": "server_error", "message": "The model crashed."}),
            "server_error: The model crashed.",
        ),
        (
            raw_event(
                {
                    "type": "error",
                    "code": "rate_limit_exceeded",
                    "message": "Slow down.",
                    "param": None,
                    "sequence_number": 9,
                }
            ),
            "rate_limit_exceeded: Slow down.",
        ),
    ],
    ids=["incomplete", "failed", "error-event"],
)
async def test_response_that_does_not_complete_names_the_reason(
    make_adapter: Callable[..., ProviderAdapter],
    server: fake.FakeProviderServer,
    ending_event: str,
    reason: str,
):
    before_end = ONE_DELTA_EVENTS
    server.enqueue(
        fake.responses_turn(["Partial"])
        .cut(after=before_end, clean_end=True)
        .with_unreadable_lines(ending_event, after=before_end)
    )
    streamed = Streamed()

    with pytest.raises(ProviderStreamError) as caught:
        await streamed.run(make_adapter())

    assert str(caught.value) == f"The provider 'Test host' stopped the answer: {reason}"
    assert streamed.text == "Partial"


@pytest.mark.parametrize("status", [401, 404, 503], ids=str)
async def test_error_status_is_a_provider_http_error(
    make_adapter: Callable[..., ProviderAdapter], server: fake.FakeProviderServer, status: int
):
    server.enqueue(*[fake.openai_error(status)] * (3 if status == 503 else 1))

    with pytest.raises(ProviderHTTPError) as caught:
        await run_round(make_adapter())

    assert caught.value.status == status


# --- Calls and the history ------------------------------------------------------------------------


async def test_every_output_item_goes_back_unchanged_then_the_results(
    make_adapter: Callable[..., ProviderAdapter], server: fake.FakeProviderServer
):
    reasoning = fake.Reasoning(summary=("Think.",), encrypted_content="gAAAA-opaque")
    turn = fake.responses_turn(["Let me check."], function_calls=[ECHO_CALL], reasoning=reasoning)
    server.enqueue(turn, fake.responses_turn(["Done."]))
    adapter = make_adapter()

    _, round_ = await run_round(adapter)
    adapter.record_assistant_turn()
    adapter.record_tool_result("call_1", "x", is_error=True)
    await run_round(adapter)

    (call,) = round_.calls
    assert (call.call_id, call.function_name, call.is_valid) == ("call_1", "echo", True)
    output = turn.body(server.requests[0].json)["output"]
    assert [item["type"] for item in output] == ["reasoning", "message", "function_call"]
    assert output[0]["encrypted_content"] == "gAAAA-opaque"
    assert server.last_request.json["input"] == [
        *INPUT,
        *output,
        # No error flag in this API: the failure travels in the output.
        {"type": "function_call_output", "call_id": "call_1", "output": "x"},
    ]
    assert adapter.recorded_request_texts == (
        f"Think.\nLet me check.\necho({ECHO_CALL.arguments_text})",
        "x",
    )


async def test_invalid_arguments_make_an_invalid_call_that_goes_back_as_sent(
    make_adapter: Callable[..., ProviderAdapter], server: fake.FakeProviderServer
):
    broken = fake.ToolCall(name="echo", arguments='{"text": ', id="call_broken")
    server.enqueue(fake.responses_turn(function_calls=[broken]), fake.responses_turn(["Done."]))
    adapter = make_adapter()

    _, round_ = await run_round(adapter)
    adapter.record_assistant_turn()
    adapter.record_tool_result("call_broken", "The tool call was invalid.", is_error=True)
    await run_round(adapter)

    assert [call.is_valid for call in round_.calls] == [False]
    sent = server.last_request.json["input"][4]
    assert (sent["type"], sent["call_id"], sent["arguments"]) == (
        "function_call",
        "call_broken",
        '{"text": ',
    )


async def test_call_without_call_id_is_reported_with_an_empty_id(
    make_adapter: Callable[..., ProviderAdapter], server: fake.FakeProviderServer
):
    item = {
        "id": "fc_raw",
        "type": "function_call",
        "name": "echo",
        "arguments": '{"text": "x"}',
        "status": "completed",
    }
    added = {"type": "response.output_item.added", "output_index": 0, "item": item}
    done = {"type": "response.output_item.done", "output_index": 0, "item": item}
    server.enqueue(
        fake.responses_turn().with_unreadable_lines(raw_event(added), raw_event(done), after=2)
    )

    _, round_ = await run_round(make_adapter())

    (call,) = round_.calls
    assert (call.call_id, call.function_name, call.is_valid) == ("", "echo", True)
