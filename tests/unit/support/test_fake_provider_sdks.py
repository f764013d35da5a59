"""The official SDKs read the fake provider's streams as they read the real services'.

Each test points ``openai.OpenAI`` or ``anthropic.Anthropic`` at the fake on loopback (no
retries, short timeouts, no proxy from the environment), sends a realistic tool-calling request,
and checks that the SDK reassembles exactly what the turn scripted: text, tool calls with ids and
arguments, thinking with its signature, usage and the final objects. The requests the SDKs sent
must pass ``validate_request``, so the validator is known to accept real requests. Error turns
must raise the SDKs' typed errors.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import anthropic
import openai
import pytest

from tests.support import fake_provider as fake
from tests.support import openapi_schemas
from tests.support.network import NetworkGuard

fake_provider = fake.fake_provider

TIMEOUT = 5.0
WEATHER = fake.ToolCall(name="get_weather", arguments={"city": "Paris", "unit": "celsius"})
NOTES = fake.ToolCall(name="list_notes", arguments="{}", id="call_notes", fragments=1)
USAGE = fake.Usage(input_tokens=41, output_tokens=17, cached_input_tokens=8, reasoning_tokens=5)
WEATHER_PARAMETERS = {
    "type": "object",
    "properties": {
        "city": {"type": "string"},
        "unit": {"type": ["string", "null"], "enum": [None, "celsius", "fahrenheit"]},
    },
    "required": ["city", "unit"],
    "additionalProperties": False,
}


@pytest.fixture
def openai_client(fake_provider: fake.FakeProviderServer) -> Iterator[openai.OpenAI]:
    http_client = openai.DefaultHttpxClient(timeout=TIMEOUT, trust_env=False)
    with openai.OpenAI(
        base_url=f"{fake_provider.url}/v1",
        api_key="test",
        max_retries=0,
        timeout=TIMEOUT,
        http_client=http_client,
    ) as client:
        yield client


@pytest.fixture
def anthropic_client(fake_provider: fake.FakeProviderServer) -> Iterator[anthropic.Anthropic]:
    http_client = anthropic.DefaultHttpxClient(timeout=TIMEOUT, trust_env=False)
    with anthropic.Anthropic(
        base_url=fake_provider.url,
        api_key="test",
        max_retries=0,
        timeout=TIMEOUT,
        http_client=http_client,
    ) as client:
        yield client


def _validated_requests(server: fake.FakeProviderServer) -> list[Any]:
    """Every recorded body, each checked against the official request schema."""
    bodies = []
    for request in server.requests:
        assert request.api is not None
        assert request.headers["host"] == server.url.removeprefix("http://")
        openapi_schemas.validate_request(request.api, request.json)
        bodies.append(request.json)
    return bodies


# --- Chat Completions ---------------------------------------------------------------------------

CHAT_TOOLS: Any = [
    {
        "type": "function",
        "function": {
            "name": "get_weather",
            "description": "The weather in a city.",
            "parameters": WEATHER_PARAMETERS,
            "strict": True,
        },
    },
    {"type": "function", "function": {"name": "list_notes", "parameters": {"type": "object"}}},
]
CHAT_MESSAGES: Any = [
    {"role": "system", "content": "Be brief."},
    {"role": "user", "content": "Weather in Paris, and my notes?"},
]


def test_openai_sdk_reads_chat_chunks_with_fragments_and_usage(
    fake_provider: fake.FakeProviderServer, openai_client: openai.OpenAI
):
    fake_provider.enqueue(
        fake.chat_turn(["Let me ", "check."], tool_calls=[WEATHER, NOTES], usage=USAGE)
    )

    stream = openai_client.chat.completions.create(
        model="gpt-4o-mini",
        messages=CHAT_MESSAGES,
        tools=CHAT_TOOLS,
        parallel_tool_calls=False,
        stream=True,
        stream_options={"include_usage": True},
    )
    chunks = list(stream)

    text = "".join(c.choices[0].delta.content or "" for c in chunks if c.choices)
    fragments: dict[int, list[Any]] = {}
    for chunk in chunks:
        for call in (chunk.choices[0].delta.tool_calls or []) if chunk.choices else []:
            fragments.setdefault(call.index, []).append(call)
    assert text == "Let me check."
    assert [(f[0].id, f[0].function and f[0].function.name) for f in fragments.values()] == [
        ("call_fake0", "get_weather"),
        ("call_notes", "list_notes"),
    ]
    arguments = [
        "".join(p.function.arguments or "" for p in f if p.function) for f in fragments.values()
    ]
    assert [json.loads(a) for a in arguments] == [{"city": "Paris", "unit": "celsius"}, {}]
    assert chunks[-2].choices[0].finish_reason == "tool_calls"
    assert chunks[-1].choices == []
    assert chunks[-1].usage is not None
    assert (chunks[-1].usage.prompt_tokens, chunks[-1].usage.completion_tokens) == (41, 17)
    assert chunks[-1].usage.prompt_tokens_details is not None
    assert chunks[-1].usage.prompt_tokens_details.cached_tokens == 8
    assert _validated_requests(fake_provider)[0]["stream_options"] == {"include_usage": True}


def test_openai_sdk_assembles_the_final_chat_completion(
    fake_provider: fake.FakeProviderServer, openai_client: openai.OpenAI
):
    turn = fake.chat_turn(["It is ", "18 °C."], usage=USAGE)
    fake_provider.enqueue(turn, turn)
    follow_up: Any = [
        *CHAT_MESSAGES,
        {
            "role": "assistant",
            "content": None,
            "tool_calls": [
                {
                    "id": "call_fake0",
                    "type": "function",
                    "function": {"name": "get_weather", "arguments": WEATHER.arguments_text},
                }
            ],
        },
        {"role": "tool", "tool_call_id": "call_fake0", "content": "18 °C, sunny"},
    ]

    with openai_client.chat.completions.stream(
        model="gpt-4o-mini",
        messages=follow_up,
        tools=CHAT_TOOLS,
        stream_options={"include_usage": True},
    ) as stream:
        streamed = stream.get_final_completion()
    answered = openai_client.chat.completions.create(model="gpt-4o-mini", messages=follow_up)

    assert streamed.choices[0].message.content == "It is 18 °C."
    assert streamed.choices[0].finish_reason == "stop"
    assert streamed.usage is not None
    assert streamed.usage.total_tokens == 58
    assert answered.choices[0].message.content == streamed.choices[0].message.content
    assert answered.usage == streamed.usage
    assert [body.get("stream") for body in _validated_requests(fake_provider)] == [True, None]


# --- Responses ----------------------------------------------------------------------------------

RESPONSES_TOOLS: Any = [
    {
        "type": "function",
        "name": "get_weather",
        "description": "The weather in a city.",
        "parameters": WEATHER_PARAMETERS,
        "strict": True,
    }
]


def test_openai_sdk_reads_every_responses_event(
    fake_provider: fake.FakeProviderServer, openai_client: openai.OpenAI
):
    turn = fake.responses_turn(
        ["Checking", " now."],
        function_calls=[WEATHER],
        reasoning=fake.Reasoning(summary=("Weather needs a tool.",)),
        usage=USAGE,
    )
    fake_provider.enqueue(turn)

    events = list(
        openai_client.responses.create(
            model="gpt-5.4",
            input=[{"role": "user", "content": "Weather in Paris?"}],
            instructions="Be brief.",
            tools=RESPONSES_TOOLS,
            store=False,
            include=["reasoning.encrypted_content"],
            reasoning={"effort": "low", "summary": "auto"},
            stream=True,
        )
    )

    scripted = [e.json() for e in turn.events(fake_provider.last_request.json)]
    assert [event.type for event in events] == [payload["type"] for payload in scripted]
    assert [event.sequence_number for event in events] == list(range(len(events)))
    # The SDK parsed each event into its own typed class, not a fallback.
    assert all(type(event).__name__.startswith("Response") for event in events)
    completed = events[-1]
    assert completed.type == "response.completed"
    assert completed.response.model_dump(mode="json", exclude_none=True) == {
        key: value for key, value in scripted[-1]["response"].items() if value is not None
    }
    _validated_requests(fake_provider)


def test_openai_sdk_assembles_the_final_response(
    fake_provider: fake.FakeProviderServer, openai_client: openai.OpenAI
):
    turn = fake.responses_turn(
        ["Checking", " now."],
        function_calls=[WEATHER, NOTES],
        reasoning=fake.Reasoning(summary=("Two tools.",), encrypted_content="gAAAA-opaque"),
        usage=USAGE,
    )
    fake_provider.enqueue(turn, fake.responses_turn(["Done."]))
    request: Any = {
        "model": "gpt-5.4",
        "tools": RESPONSES_TOOLS,
        "store": False,
        "include": ["reasoning.encrypted_content"],
    }

    with openai_client.responses.stream(input="Weather?", **request) as stream:
        final = stream.get_final_response()
    # The next round sends every output item back, reasoning included, with the results.
    items: Any = [item.model_dump(mode="json", exclude_none=True) for item in final.output]
    results: Any = [
        {"type": "function_call_output", "call_id": call, "output": "18 °C"}
        for call in ("call_fake0", "call_notes")
    ]
    openai_client.responses.create(input=[*items, *results], **request)

    reasoning, message, *calls = final.output
    assert reasoning.type == "reasoning"
    assert reasoning.encrypted_content == "gAAAA-opaque"
    assert [part.text for part in reasoning.summary] == ["Two tools."]
    assert message.type == "message"
    assert final.output_text == "Checking now."
    assert [
        (c.type, c.call_id, c.name, c.arguments) for c in calls if c.type == "function_call"
    ] == [
        ("function_call", "call_fake0", "get_weather", WEATHER.arguments_text),
        ("function_call", "call_notes", "list_notes", "{}"),
    ]
    assert final.usage is not None
    assert (final.usage.input_tokens, final.usage.output_tokens) == (41, 17)
    assert final.usage.output_tokens_details.reasoning_tokens == 5
    assert final.status == "completed"
    second = _validated_requests(fake_provider)[1]
    assert [item["type"] for item in second["input"]] == [
        "reasoning",
        "message",
        "function_call",
        "function_call",
        "function_call_output",
        "function_call_output",
    ]


# --- Anthropic Messages -------------------------------------------------------------------------

ANTHROPIC_TOOLS: Any = [
    {"name": "get_weather", "description": "The weather.", "input_schema": WEATHER_PARAMETERS},
    {"name": "list_notes", "input_schema": {"type": "object", "properties": {}}},
]


def test_anthropic_sdk_assembles_thinking_text_and_tool_uses(
    fake_provider: fake.FakeProviderServer, anthropic_client: anthropic.Anthropic
):
    turn = fake.anthropic_turn(
        ["Let me ", "check."],
        tool_uses=[WEATHER, NOTES],
        thinking=("The user wants weather.", "EqQBCkYIBxgCKkD-signature"),
        usage=USAGE,
    )
    fake_provider.enqueue(turn, fake.anthropic_turn(["It is 18 °C."]))
    request: Any = {
        "model": "claude-sonnet-4-6",
        "max_tokens": 2048,
        "system": "Be brief.",
        "tools": ANTHROPIC_TOOLS,
        "thinking": {"type": "enabled", "budget_tokens": 1024},
    }

    with anthropic_client.messages.stream(
        messages=[{"role": "user", "content": "Weather in Paris?"}], **request
    ) as stream:
        text = "".join(stream.text_stream)
        final = stream.get_final_message()
    # The next round repeats the blocks exactly as received, then one user turn of results.
    history: Any = [
        {"role": "user", "content": "Weather in Paris?"},
        {"role": "assistant", "content": [block.to_dict() for block in final.content]},
        {
            "role": "user",
            "content": [
                {"type": "tool_result", "tool_use_id": "toolu_fake0", "content": "18 °C"},
                {
                    "type": "tool_result",
                    "tool_use_id": "call_notes",
                    "content": "?",
                    "is_error": True,
                },
            ],
        },
    ]
    with anthropic_client.messages.stream(messages=history, **request) as stream:
        assert stream.get_final_text() == "It is 18 °C."

    thinking, text_block, *tool_uses = final.content
    assert text == "Let me check."
    assert thinking.type == "thinking"
    assert (thinking.thinking, thinking.signature) == (
        "The user wants weather.",
        "EqQBCkYIBxgCKkD-signature",
    )
    assert text_block.type == "text"
    assert [(t.type, t.id, t.name, t.input) for t in tool_uses if t.type == "tool_use"] == [
        ("tool_use", "toolu_fake0", "get_weather", {"city": "Paris", "unit": "celsius"}),
        ("tool_use", "call_notes", "list_notes", {}),
    ]
    assert final.stop_reason == "tool_use"
    assert (final.usage.input_tokens, final.usage.output_tokens) == (41, 17)
    assert final.usage.cache_read_input_tokens == 8
    assert final.id == "msg_fake"
    assert _validated_requests(fake_provider)[1]["messages"][1]["content"][0]["signature"]


def test_anthropic_sdk_reads_raw_events_and_the_non_streamed_message(
    fake_provider: fake.FakeProviderServer, anthropic_client: anthropic.Anthropic
):
    turn = fake.anthropic_turn(["Hel", "lo"], tool_uses=[WEATHER], usage=USAGE)
    fake_provider.enqueue(turn, turn)
    request: Any = {
        "model": "claude-sonnet-4-6",
        "max_tokens": 100,
        "messages": [{"role": "user", "content": "hi"}],
        "tools": ANTHROPIC_TOOLS,
    }

    events = list(anthropic_client.messages.create(stream=True, **request))
    message = anthropic_client.messages.create(**request)

    scripted = [event.event for event in turn.events({**request, "stream": True})]
    # The SDK drops ping, as it should.
    assert [event.type for event in events] == [name for name in scripted if name != "ping"]
    assert message.model_dump(mode="json") == turn.body(request) | {
        "content": [block.model_dump(mode="json") for block in message.content],
        "usage": message.usage.model_dump(mode="json"),
        "container": None,
        "diagnostics": None,
        "stop_details": None,
    }
    assert message.content[1].type == "tool_use"
    assert message.content[1].input == {"city": "Paris", "unit": "celsius"}
    _validated_requests(fake_provider)


# --- Errors and the network ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("status", "error_class"),
    [
        (400, openai.BadRequestError),
        (401, openai.AuthenticationError),
        (404, openai.NotFoundError),
        (429, openai.RateLimitError),
        (500, openai.InternalServerError),
    ],
)
def test_openai_sdk_raises_its_typed_error(
    fake_provider: fake.FakeProviderServer,
    openai_client: openai.OpenAI,
    status: int,
    error_class: type[openai.APIStatusError],
):
    turn = fake.openai_error(status, retry_after=7)
    fake_provider.enqueue(turn)

    with pytest.raises(error_class) as excinfo:
        openai_client.chat.completions.create(
            model="gpt-4o-mini", messages=CHAT_MESSAGES, stream=True
        )

    error = excinfo.value
    assert error.status_code == status
    assert error.body == turn.error_body["error"]
    assert error.code == turn.error_body["error"]["code"]
    assert error.response.headers["retry-after"] == "7"
    assert error.request_id == "req_fake1"


@pytest.mark.parametrize(
    ("status", "error_class"),
    [
        (401, anthropic.AuthenticationError),
        (429, anthropic.RateLimitError),
        (500, anthropic.InternalServerError),
        (529, anthropic.OverloadedError),
    ],
)
def test_anthropic_sdk_raises_its_typed_error(
    fake_provider: fake.FakeProviderServer,
    anthropic_client: anthropic.Anthropic,
    status: int,
    error_class: type[anthropic.APIStatusError],
):
    turn = fake.anthropic_error(status)
    fake_provider.enqueue(turn)

    with (
        pytest.raises(error_class) as excinfo,
        anthropic_client.messages.stream(
            model="claude-sonnet-4-6", max_tokens=10, messages=[{"role": "user", "content": "x"}]
        ),
    ):
        pass

    assert excinfo.value.status_code == status
    assert excinfo.value.body == turn.error_body
    assert excinfo.value.request_id == "req_fake1"


def test_sdk_aimed_past_loopback_is_refused_by_the_network_guard(network_guard: NetworkGuard):
    http_client = openai.DefaultHttpxClient(timeout=TIMEOUT, trust_env=False)
    with (
        network_guard.expect_blocked() as excinfo,
        openai.OpenAI(
            base_url="https://api.openai.com/v1",
            api_key="test",
            max_retries=0,
            http_client=http_client,
        ) as client,
    ):
        client.models.list()

    # The guard's error is no OSError, so the SDK does not mistake it for a flaky network.
    assert "api.openai.com" in str(excinfo.value)
