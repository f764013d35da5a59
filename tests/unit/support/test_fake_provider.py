"""The fake provider is faithful to the wire specs, and behaves like a real HTTP server.

Every event and body the builders render validates against the official schemas (through
``openapi_schemas``, which the tests next to this one prove strict); the event sequences follow
the APIs' documented order; and the server streams real chunked SSE over loopback, records the
requests, keeps connections alive, and fails on cue (errors, cut streams, unreadable lines, slow
streams that a client abandons). ``test_fake_provider_sdks.py`` runs the official SDKs on it.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Mapping
from typing import Any

import httpx
import pytest

from tests.support import fake_provider as fake
from tests.support import openapi_schemas

fake_provider = fake.fake_provider

WEATHER = fake.ToolCall(name="get_weather", arguments={"city": "Paris", "unit": "celsius"})
NO_ARGUMENTS = fake.ToolCall(name="list_notes", arguments="", id="call_custom")
USAGE = fake.Usage(input_tokens=30, output_tokens=9, cached_input_tokens=4, reasoning_tokens=2)

CHAT_TURNS = {
    "text": fake.chat_turn(["Hel", "lo"]),
    "tool-calls": fake.chat_turn(tool_calls=[WEATHER, NO_ARGUMENTS], usage=USAGE),
    "everything": fake.chat_turn(
        ["Let me check."], tool_calls=[WEATHER], reasoning_deltas=["Hmm", "."], usage=USAGE
    ),
    "length": fake.chat_turn(["Trunc"], finish_reason="length"),
}
RESPONSES_TURNS = {
    "text": fake.responses_turn(["Hel", "lo"]),
    "function-calls": fake.responses_turn(function_calls=[WEATHER, NO_ARGUMENTS], usage=USAGE),
    "everything": fake.responses_turn(
        ["Checking."],
        function_calls=[WEATHER],
        reasoning=fake.Reasoning(summary=("First,", "then.")),
        usage=USAGE,
    ),
    "empty-summary": fake.responses_turn(["Hi"], reasoning=[]),
}
ANTHROPIC_TURNS = {
    "text": fake.anthropic_turn(["Hel", "lo"]),
    "tool-uses": fake.anthropic_turn(tool_uses=[WEATHER, NO_ARGUMENTS], usage=USAGE),
    "everything": fake.anthropic_turn(
        ["Checking."], tool_uses=[WEATHER], thinking=("Deep thought.", "sig-123"), usage=USAGE
    ),
    "empty": fake.anthropic_turn(stop_reason="max_tokens"),
}
CHAT_REQUESTS: dict[str, dict[str, Any]] = {
    "plain": {"model": "gpt-4o-mini", "messages": [{"role": "user", "content": "hi"}]},
    "usage": {
        "model": "gpt-4o-mini",
        "messages": [{"role": "user", "content": "hi"}],
        "stream_options": {"include_usage": True},
    },
}
RESPONSES_REQUESTS: dict[str, dict[str, Any]] = {
    "plain": {"model": "gpt-5.4", "input": "hi"},
    "stateless": {
        "model": "gpt-5.4",
        "input": [{"role": "user", "content": "hi"}],
        "instructions": "Be brief.",
        "store": False,
        "include": ["reasoning.encrypted_content"],
        "reasoning": {"effort": "low", "summary": "auto"},
        "parallel_tool_calls": False,
        "tools": [
            {
                "type": "function",
                "name": "get_weather",
                "description": "Weather",
                "parameters": {"type": "object", "properties": {}},
                "strict": True,
            }
        ],
    },
}
ANTHROPIC_REQUEST: dict[str, Any] = {
    "model": "claude-sonnet-4-6",
    "max_tokens": 1024,
    "messages": [],
}


def _cases(
    turns: Mapping[str, fake.ModelTurn], requests: Mapping[str, Mapping[str, Any]]
) -> list[Any]:
    return [
        pytest.param(turn, request, id=f"{turn_name}-{request_name}")
        for turn_name, turn in turns.items()
        for request_name, request in requests.items()
    ]


def _validate_everything(api: openapi_schemas.Api, turn: fake.ModelTurn, request: Any) -> None:
    for event in turn.events({**request, "stream": True}):
        if event.data != "[DONE]":
            openapi_schemas.validate_stream_event(api, event.json(), name=event.event)
    openapi_schemas.validate_response_body(api, turn.body(request))


@pytest.mark.parametrize(("turn", "request_body"), _cases(CHAT_TURNS, CHAT_REQUESTS))
def test_chat_turn_validates_against_the_official_schemas(turn, request_body):
    _validate_everything("chat_completions", turn, request_body)


@pytest.mark.parametrize(("turn", "request_body"), _cases(RESPONSES_TURNS, RESPONSES_REQUESTS))
def test_responses_turn_validates_against_the_official_schemas(turn, request_body):
    _validate_everything("responses", turn, request_body)


@pytest.mark.parametrize(
    ("turn", "request_body"), _cases(ANTHROPIC_TURNS, {"request": ANTHROPIC_REQUEST})
)
def test_anthropic_turn_validates_against_the_official_schemas(turn, request_body):
    _validate_everything("anthropic", turn, request_body)


@pytest.mark.parametrize("status", [400, 401, 403, 404, 429, 500, 503, 418])
def test_openai_error_bodies_validate(status: int):
    openapi_schemas.validate_error_body("chat_completions", fake.openai_error(status).error_body)


@pytest.mark.parametrize("status", [400, 401, 403, 404, 413, 429, 500, 529])
def test_anthropic_error_bodies_validate(status: int):
    openapi_schemas.validate_error_body("anthropic", fake.anthropic_error(status).error_body)


def test_chat_turn_streams_fragments_then_usage_then_done():
    events = CHAT_TURNS["everything"].events({**CHAT_REQUESTS["usage"], "stream": True})
    chunks = [event.json() for event in events[:-1]]

    assert events[-1].data == "[DONE]"
    assert all(event.event is None for event in events)
    assert all(chunk["usage"] is None for chunk in chunks[:-1])
    assert chunks[-1]["choices"] == []
    assert chunks[-1]["usage"]["prompt_tokens"] == 30
    deltas = [chunk["choices"][0]["delta"] for chunk in chunks[:-1]]
    assert deltas[0] == {"role": "assistant", "content": "", "refusal": None}
    assert [d.get("reasoning_content") for d in deltas[1:3]] == ["Hmm", "."]
    calls = [call for delta in deltas for call in delta.get("tool_calls", [])]
    assert calls[0] == {
        "index": 0,
        "id": "call_fake0",
        "type": "function",
        "function": {"name": "get_weather", "arguments": ""},
    }
    assert all(set(call) == {"index", "function"} for call in calls[1:])
    assert "".join(call["function"]["arguments"] for call in calls) == WEATHER.arguments_text
    assert len(calls) == 1 + WEATHER.fragments
    assert chunks[-2]["choices"][0]["finish_reason"] == "tool_calls"


def test_chat_turn_leaves_usage_out_unless_asked():
    events = CHAT_TURNS["text"].events({**CHAT_REQUESTS["plain"], "stream": True})

    assert all("usage" not in event.json() for event in events[:-1])
    assert all(event.json()["choices"] for event in events[:-1])


def test_responses_turn_follows_the_documented_event_order():
    turn = RESPONSES_TURNS["everything"]
    events = turn.events({**RESPONSES_REQUESTS["stateless"], "stream": True})
    payloads = [event.json() for event in events]

    assert [p["sequence_number"] for p in payloads] == list(range(len(payloads)))
    assert [event.event for event in events] == [p["type"] for p in payloads]
    summary_part = [
        "response.reasoning_summary_part.added",
        "response.reasoning_summary_text.delta",
        "response.reasoning_summary_text.delta",
        "response.reasoning_summary_text.done",
        "response.reasoning_summary_part.done",
    ]
    assert [p["type"] for p in payloads] == [
        "response.created",
        "response.in_progress",
        "response.output_item.added",
        *summary_part,
        *summary_part,
        "response.output_item.done",
        "response.output_item.added",
        "response.content_part.added",
        "response.output_text.delta",
        "response.output_text.done",
        "response.content_part.done",
        "response.output_item.done",
        "response.output_item.added",
        *["response.function_call_arguments.delta"] * WEATHER.fragments,
        "response.function_call_arguments.done",
        "response.output_item.done",
        "response.completed",
    ]
    completed = payloads[-1]["response"]
    done_items = [p["item"] for p in payloads if p["type"] == "response.output_item.done"]
    assert completed["output"] == done_items
    assert done_items[0]["encrypted_content"] == "gAAAAABfake-encrypted-reasoning"
    assert completed["tools"][0]["name"] == "get_weather"
    assert completed["instructions"] == "Be brief."
    assert completed["usage"]["output_tokens_details"] == {"reasoning_tokens": 2}


def test_responses_turn_returns_encrypted_content_only_when_included():
    request = {**RESPONSES_REQUESTS["plain"], "stream": True}
    events = RESPONSES_TURNS["everything"].events(request)

    assert "encrypted_content" not in events[-1].json()["response"]["output"][0]


def test_anthropic_turn_follows_the_documented_event_order():
    events = ANTHROPIC_TURNS["everything"].events({**ANTHROPIC_REQUEST, "stream": True})
    payloads = [event.json() for event in events]
    types = [p["type"] for p in payloads]

    assert [event.event for event in events] == types
    assert types[:3] == ["message_start", "content_block_start", "ping"]
    assert types[-2:] == ["message_delta", "message_stop"]
    starts = [p["content_block"] for p in payloads if p["type"] == "content_block_start"]
    assert [block["type"] for block in starts] == ["thinking", "text", "tool_use"]
    assert starts[2] == {
        "type": "tool_use",
        "id": "toolu_fake0",
        "name": "get_weather",
        "input": {},
    }
    deltas = [p["delta"] for p in payloads if p["type"] == "content_block_delta"]
    assert deltas[2] == {"type": "signature_delta", "signature": "sig-123"}
    partial = "".join(d["partial_json"] for d in deltas if d["type"] == "input_json_delta")
    assert json.loads(partial) == {"city": "Paris", "unit": "celsius"}
    assert payloads[-2]["delta"]["stop_reason"] == "tool_use"
    assert payloads[0]["message"]["usage"]["cache_read_input_tokens"] == 4


def test_server_streams_chunked_sse_and_records_the_request(fake_provider: fake.FakeProviderServer):
    fake_provider.enqueue(fake.anthropic_turn(["Hi"]))
    body = {**ANTHROPIC_REQUEST, "stream": True}

    with (
        httpx.Client(base_url=fake_provider.url, timeout=5.0, trust_env=False) as client,
        client.stream("POST", "/v1/messages", json=body, headers={"x-api-key": "k"}) as response,
    ):
        lines = list(response.iter_lines())

    assert response.status_code == 200
    assert response.headers["content-type"] == "text/event-stream; charset=utf-8"
    assert response.headers["transfer-encoding"] == "chunked"
    assert response.headers["request-id"] == "req_fake1"
    assert lines[:2] == ["event: message_start", lines[1]]
    assert lines[-3:] == ["event: message_stop", 'data: {"type": "message_stop"}', ""]
    recorded = fake_provider.last_request
    assert (recorded.method, recorded.path, recorded.api) == ("POST", "/v1/messages", "anthropic")
    assert recorded.headers["x-api-key"] == "k"
    assert recorded.json == body
    assert fake_provider.exchanges[0].wait() == "streamed"


def test_server_answers_a_request_without_stream_with_the_json_body(
    fake_provider: fake.FakeProviderServer,
):
    fake_provider.enqueue(fake.chat_turn(["Hel", "lo"], tool_calls=[WEATHER]))

    with httpx.Client(base_url=fake_provider.url, timeout=5.0, trust_env=False) as client:
        response = client.post("/v1/chat/completions", json=CHAT_REQUESTS["plain"])

    assert response.headers["content-type"] == "application/json"
    message = response.json()["choices"][0]["message"]
    assert message["content"] == "Hello"
    assert message["tool_calls"][0]["function"]["arguments"] == WEATHER.arguments_text
    assert fake_provider.exchanges[0].wait() == "answered"


def test_server_keeps_one_connection_alive_across_answers_and_errors(
    fake_provider: fake.FakeProviderServer,
):
    fake_provider.enqueue(
        fake.chat_turn(["a"]), fake.openai_error(429, retry_after=3), fake.chat_turn(["b"])
    )
    body = {**CHAT_REQUESTS["plain"], "stream": True}

    with httpx.Client(base_url=fake_provider.url, timeout=5.0, trust_env=False) as client:
        first = client.post("/v1/chat/completions", json=body)
        error = client.post("/v1/chat/completions", json=body)
        last = client.post("/v1/chat/completions", json=body)

    assert first.text.endswith("data: [DONE]\n\n")
    assert (error.status_code, error.headers["retry-after"]) == (429, "3")
    assert error.json()["error"]["code"] == "rate_limit_exceeded"
    assert '"content": "b"' in last.text
    assert fake_provider.connections == 1


def test_server_flushes_each_event_before_the_next_one(fake_provider: fake.FakeProviderServer):
    # The second event waits for its delay; the first must already have arrived by then.
    fake_provider.enqueue(fake.chat_turn(["a", "b"]).slowed(0.1))
    body = {**CHAT_REQUESTS["plain"], "stream": True}

    with (
        httpx.Client(base_url=fake_provider.url, timeout=5.0, trust_env=False) as client,
        client.stream("POST", "/v1/chat/completions", json=body) as response,
    ):
        lines = response.iter_lines()
        first = next(lines)
        still_streaming = fake_provider.exchanges[0].outcome is None
        rest = list(lines)

    assert '"role": "assistant"' in first
    assert still_streaming
    assert rest[-2:] == ["data: [DONE]", ""]


def test_cut_stream_drops_the_connection_before_the_final_events(
    fake_provider: fake.FakeProviderServer,
):
    turn = fake.anthropic_turn(["Hel", "lo"])
    fake_provider.enqueue(turn.cut(after=4), turn.cut(after=4, clean_end=True))
    body = {**ANTHROPIC_REQUEST, "stream": True}
    received: list[list[str]] = [[], []]

    with httpx.Client(base_url=fake_provider.url, timeout=5.0, trust_env=False) as client:
        with (
            pytest.raises(httpx.RemoteProtocolError, match="incomplete chunked read"),
            client.stream("POST", "/v1/messages", json=body) as response,
        ):
            received[0].extend(response.iter_lines())
        with client.stream("POST", "/v1/messages", json=body) as response:
            received[1].extend(response.iter_lines())

    expected = b"".join(event.encode() for event in turn.events(body)[:4]).decode().splitlines()
    assert received[1] == expected
    assert received[0] == received[1]
    assert [exchange.wait() for exchange in fake_provider.exchanges] == ["cut", "cut"]
    assert fake_provider.connections == 2


def test_unreadable_lines_arrive_where_scripted(fake_provider: fake.FakeProviderServer):
    turn = fake.chat_turn(["a"]).with_unreadable_lines("data: {broken", ": comment", after=1)
    fake_provider.enqueue(turn)

    with httpx.Client(base_url=fake_provider.url, timeout=5.0, trust_env=False) as client:
        response = client.post(
            "/v1/chat/completions", json={**CHAT_REQUESTS["plain"], "stream": True}
        )

    blocks = response.text.split("\n\n")
    assert blocks[1:3] == ["data: {broken", ": comment"]
    assert json.loads(blocks[3].removeprefix("data: "))["choices"][0]["delta"] == {"content": "a"}


async def test_server_notices_a_client_that_abandons_a_slow_stream(
    fake_provider: fake.FakeProviderServer,
):
    fake_provider.enqueue(fake.responses_turn(["a"] * 20).slowed(0.2))
    first_event = asyncio.Event()

    async def consume(client: httpx.AsyncClient) -> None:
        body = {**RESPONSES_REQUESTS["plain"], "stream": True}
        async with client.stream("POST", "/v1/responses", json=body) as response:
            async for line in response.aiter_lines():
                if line.startswith("data:"):
                    first_event.set()

    async with httpx.AsyncClient(
        base_url=fake_provider.url, timeout=5.0, trust_env=False
    ) as client:
        task = asyncio.create_task(consume(client))
        await first_event.wait()
        task.cancel()
        with pytest.raises(asyncio.CancelledError):
            await task

    outcome = await asyncio.to_thread(fake_provider.exchanges[0].wait)
    assert outcome == "client-closed"


def test_check_reports_missing_wrong_and_unused_turns():
    with fake.FakeProviderServer() as server:
        server.enqueue(fake.anthropic_turn(["a"]), fake.chat_turn(["b"]))
        with httpx.Client(base_url=server.url, timeout=5.0, trust_env=False) as client:
            wrong = client.post("/v1/responses", json=RESPONSES_REQUESTS["plain"])
            unknown = client.post("/v1/embeddings", json={"input": "x"})
    problems = "\n".join(server.problems)

    assert (wrong.status_code, unknown.status_code) == (500, 500)
    assert "POST /v1/responses: the next scripted turn is for ['anthropic']" in problems
    assert "POST /v1/embeddings: the fake provider serves only POST" in problems
    with pytest.raises(AssertionError, match=r"1 scripted turn\(s\) were never requested"):
        server.check()
    assert [exchange.outcome for exchange in server.exchanges] == ["refused", "refused"]
