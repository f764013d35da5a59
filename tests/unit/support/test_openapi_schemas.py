"""The schema helper: the schemas follow the SDKs, and the validators are not vacuous.

The SDK's response models accept anything when the SDK builds them, so each API's requests,
answers, stream events and error bodies are shown to be refused when malformed: a required
field of the wrong type, a missing required field, an unknown top-level request key, a value
outside an enum.
"""

from __future__ import annotations

import copy
import json
import typing
from typing import Any, Literal

import pytest
from anthropic.types import message_create_params
from openai.types.chat import completion_create_params
from openai.types.responses import response_create_params

from tests.support import openapi_schemas
from tests.support.data import OPENAI_EXAMPLES
from tests.support.openapi_schemas import Api, SchemaViolation

Kind = Literal["request", "response", "event", "error"]
PREFIX: dict[Api, str] = {
    "chat_completions": "chat",
    "responses": "responses",
    "anthropic": "anthropic",
}
"""How the names of an API's samples begin."""
Fault = Literal["wrong type", "missing", "unknown key", "enum"]
DELETE = object()
"""Stands for "remove this field" in a mutation."""

SAMPLES: dict[str, tuple[Api, Kind, dict[str, Any]]] = {
    "chat-request": (
        "chat_completions",
        "request",
        {"model": "gpt-4o", "messages": [{"role": "user", "content": "Hi"}], "stream": True},
    ),
    "chat-response": (
        "chat_completions",
        "response",
        {
            "id": "chatcmpl-1",
            "object": "chat.completion",
            "created": 1,
            "model": "gpt-4o",
            "choices": [
                {
                    "index": 0,
                    "message": {"role": "assistant", "content": "Hi"},
                    "finish_reason": "stop",
                    "logprobs": None,
                }
            ],
        },
    ),
    "chat-chunk": (
        "chat_completions",
        "event",
        {
            "id": "chatcmpl-1",
            "object": "chat.completion.chunk",
            "created": 1,
            "model": "gpt-4o",
            "choices": [{"index": 0, "delta": {"content": "Hi"}, "finish_reason": None}],
        },
    ),
    "chat-error": (
        "chat_completions",
        "error",
        {"error": {"message": "m", "type": "invalid_request_error", "param": None, "code": None}},
    ),
    "responses-request": (
        "responses",
        "request",
        {"model": "gpt-5", "input": [{"role": "user", "content": "Hi"}], "stream": False},
    ),
    "responses-response": (
        "responses",
        "response",
        {
            "id": "resp_1",
            "object": "response",
            "created_at": 1,
            "model": "gpt-5",
            "status": "completed",
            "output": [
                {
                    "type": "message",
                    "id": "msg_1",
                    "role": "assistant",
                    "status": "completed",
                    "content": [{"type": "output_text", "text": "Hi", "annotations": []}],
                }
            ],
            "parallel_tool_calls": True,
            "tool_choice": "auto",
            "tools": [],
        },
    ),
    "responses-delta": (
        "responses",
        "event",
        {
            "type": "response.output_text.delta",
            "item_id": "msg_1",
            "output_index": 0,
            "content_index": 0,
            "delta": "Hi",
            "logprobs": [],
            "sequence_number": 3,
        },
    ),
    "responses-item-added": (
        "responses",
        "event",
        {
            "type": "response.output_item.added",
            "output_index": 0,
            "sequence_number": 2,
            "item": {
                "type": "message",
                "id": "msg_1",
                "role": "assistant",
                "status": "in_progress",
                "content": [],
            },
        },
    ),
    "responses-error": (
        "responses",
        "error",
        {"error": {"message": "m", "type": "server_error", "param": None, "code": None}},
    ),
    "anthropic-request": (
        "anthropic",
        "request",
        {
            "model": "claude-sonnet-4-5",
            "max_tokens": 64,
            "messages": [{"role": "user", "content": "Hi"}],
            "stream": True,
        },
    ),
    "anthropic-response": (
        "anthropic",
        "response",
        {
            "id": "msg_1",
            "type": "message",
            "role": "assistant",
            "model": "claude-sonnet-4-5",
            "content": [{"type": "text", "text": "Hi"}],
            "stop_reason": "end_turn",
            "stop_sequence": None,
            "usage": {"input_tokens": 3, "output_tokens": 1},
        },
    ),
    "anthropic-block-delta": (
        "anthropic",
        "event",
        {"type": "content_block_delta", "index": 0, "delta": {"type": "text_delta", "text": "Hi"}},
    ),
    "anthropic-message-delta": (
        "anthropic",
        "event",
        {
            "type": "message_delta",
            "delta": {"stop_reason": "end_turn", "stop_sequence": None},
            "usage": {"output_tokens": 1},
        },
    ),
    "anthropic-ping": ("anthropic", "event", {"type": "ping"}),
    "anthropic-error": (
        "anthropic",
        "error",
        {
            "type": "error",
            "error": {"type": "request_too_large", "message": "Too large."},
            "request_id": "req_1",
        },
    ),
}

# (sample, fault, path to the field, new value or DELETE, a complaint the violation names)
MUTATIONS: dict[str, tuple[str, Fault, tuple[str | int, ...], Any, str]] = {
    # Chat Completions.
    "chat-request-wrong-type": (
        "chat-request",
        "wrong type",
        ("model",),
        5,
        "at model: 5 is not of type 'string'",
    ),
    "chat-request-missing": (
        "chat-request",
        "missing",
        ("messages",),
        DELETE,
        "'messages' is a required",
    ),
    "chat-request-unknown-key": (
        "chat-request",
        "unknown key",
        ("max_output_tokens",),
        5,
        "unknown top-level keys: ['max_output_tokens']",
    ),
    "chat-request-enum": (
        "chat-request",
        "enum",
        ("messages", 0, "role"),
        "wizard",
        "at messages/0: {'role': 'wizard'",
    ),
    "chat-request-enum-value": (
        "chat-request",
        "enum",
        ("reasoning_effort",),
        "extreme",
        "at reasoning_effort: 'extreme' is not one of",
    ),
    "chat-request-stream-type": ("chat-request", "wrong type", ("stream",), "yes", "at stream"),
    "chat-response-wrong-type": (
        "chat-response",
        "wrong type",
        ("created",),
        "yesterday",
        "at created: 'yesterday' is not of type 'integer'",
    ),
    "chat-response-missing": (
        "chat-response",
        "missing",
        ("choices",),
        DELETE,
        "'choices' is a required",
    ),
    "chat-response-enum": (
        "chat-response",
        "enum",
        ("choices", 0, "finish_reason"),
        "done",
        "at choices/0/finish_reason: 'done' is not one of",
    ),
    "chat-response-object": (
        "chat-response",
        "enum",
        ("object",),
        "chat.completion.chunk",
        "at object",
    ),
    "chat-chunk-wrong-type": (
        "chat-chunk",
        "wrong type",
        ("choices", 0, "index"),
        "0",
        "at choices/0/index",
    ),
    "chat-chunk-missing": ("chat-chunk", "missing", ("id",), DELETE, "'id' is a required property"),
    "chat-chunk-enum": (
        "chat-chunk",
        "enum",
        ("choices", 0, "finish_reason"),
        "done",
        "at choices/0/finish_reason: 'done' is not one of",
    ),
    "chat-error-wrong-type": (
        "chat-error",
        "wrong type",
        ("error", "message"),
        5,
        "at error/message",
    ),
    "chat-error-missing": (
        "chat-error",
        "missing",
        ("error", "param"),
        DELETE,
        "'param' is a required",
    ),
    # The documented OpenAI error body has no enum: its type and code are open strings.
    # Responses.
    "responses-request-wrong-type": (
        "responses-request",
        "wrong type",
        ("input", 0, "content"),
        5,
        "at input/0/content",
    ),
    "responses-request-missing": (
        "responses-request",
        "missing",
        ("input", 0, "content"),
        DELETE,
        "'content' is a required property",
    ),
    "responses-request-missing-in-a-tool": (
        "responses-request",
        "missing",
        ("tools",),
        [{"type": "function", "name": "f"}],
        "'strict' is a required property",
    ),
    "responses-request-unknown-key": (
        "responses-request",
        "unknown key",
        ("messages",),
        [],
        "unknown top-level keys: ['messages']",
    ),
    "responses-request-enum": (
        "responses-request",
        "enum",
        ("truncation",),
        "sometimes",
        "at truncation: 'sometimes' is not one of",
    ),
    "responses-response-wrong-type": (
        "responses-response",
        "wrong type",
        ("parallel_tool_calls",),
        "yes",
        "at parallel_tool_calls: 'yes' is not of type 'boolean'",
    ),
    "responses-response-missing": (
        "responses-response",
        "missing",
        ("output",),
        DELETE,
        "'output' is a",
    ),
    "responses-response-enum": (
        "responses-response",
        "enum",
        ("status",),
        "finished",
        "at status: 'finished' is not",
    ),
    "responses-response-item-enum": (
        "responses-response",
        "enum",
        ("output", 0, "status"),
        "finished",
        "at output/0/status",
    ),
    "responses-delta-wrong-type": (
        "responses-delta",
        "wrong type",
        ("output_index",),
        "0",
        "at output_index: '0' is not of type 'integer'",
    ),
    "responses-delta-missing": (
        "responses-delta",
        "missing",
        ("sequence_number",),
        DELETE,
        "'sequence_number' is a required property",
    ),
    "responses-delta-unknown-type": (
        "responses-delta",
        "enum",
        ("type",),
        "response.text.delta",
        "is not a responses stream event",
    ),
    "responses-item-added-enum": (
        "responses-item-added",
        "enum",
        ("item", "status"),
        "finished",
        "at item/status",
    ),
    "responses-error-missing": (
        "responses-error",
        "missing",
        ("error",),
        DELETE,
        "'error' is a required",
    ),
    "responses-error-wrong-type": (
        "responses-error",
        "wrong type",
        ("error", "code"),
        5,
        "at error/code",
    ),
    # Anthropic Messages.
    "anthropic-request-wrong-type": (
        "anthropic-request",
        "wrong type",
        ("max_tokens",),
        "64",
        "at max_tokens: '64' is not of type 'integer'",
    ),
    "anthropic-request-missing": (
        "anthropic-request",
        "missing",
        ("max_tokens",),
        DELETE,
        "'max_tokens' is a required property",
    ),
    "anthropic-request-unknown-key": (
        "anthropic-request",
        "unknown key",
        ("parallel_tool_calls",),
        False,
        "unknown top-level keys: ['parallel_tool_calls']",
    ),
    "anthropic-request-enum": (
        "anthropic-request",
        "enum",
        ("messages", 0, "role"),
        "tool",
        "at messages/0: {'role': 'tool'",
    ),
    "anthropic-request-enum-value": (
        "anthropic-request",
        "enum",
        ("service_tier",),
        "always",
        "at service_tier: 'always' is not one of",
    ),
    "anthropic-response-wrong-type": (
        "anthropic-response",
        "wrong type",
        ("content",),
        "Hi",
        "at content: 'Hi' is not of type 'array'",
    ),
    "anthropic-response-missing": (
        "anthropic-response",
        "missing",
        ("usage",),
        DELETE,
        "'usage' is a",
    ),
    "anthropic-response-enum": (
        "anthropic-response",
        "enum",
        ("stop_reason",),
        "done",
        "at stop_reason: 'done' is not",
    ),
    "anthropic-response-role": (
        "anthropic-response",
        "enum",
        ("role",),
        "user",
        "at role: 'assistant' was",
    ),
    "anthropic-block-delta-wrong-type": (
        "anthropic-block-delta",
        "wrong type",
        ("index",),
        "0",
        "at index: '0' is not of type 'integer'",
    ),
    "anthropic-block-delta-missing": (
        "anthropic-block-delta",
        "missing",
        ("delta", "text"),
        DELETE,
        "'text' is a required property",
    ),
    "anthropic-message-delta-enum": (
        "anthropic-message-delta",
        "enum",
        ("delta", "stop_reason"),
        "done",
        "at delta/stop_reason: 'done' is not one of",
    ),
    "anthropic-ping-extra-key": (
        "anthropic-ping",
        "unknown key",
        ("data",),
        1,
        "'data' was unexpected",
    ),
    "anthropic-error-wrong-type": (
        "anthropic-error",
        "wrong type",
        ("error", "message"),
        5,
        "at error/message: 5 is not of type 'string'",
    ),
    "anthropic-error-missing": (
        "anthropic-error",
        "missing",
        ("error",),
        DELETE,
        "'error' is a required",
    ),
    "anthropic-error-enum": (
        "anthropic-error",
        "enum",
        ("type",),
        "err",
        "at type: 'error' was expected",
    ),
}


def _validate(api: Api, kind: Kind, body: Any) -> None:
    if kind == "request":
        openapi_schemas.validate_request(api, body)
    elif kind == "response":
        openapi_schemas.validate_response_body(api, body)
    elif kind == "event":
        name = None if api == "chat_completions" else body.get("type")
        openapi_schemas.validate_stream_event(api, body, name=name)
    else:
        openapi_schemas.validate_error_body(api, body)


def _mutated(body: dict[str, Any], path: tuple[str | int, ...], value: Any) -> dict[str, Any]:
    mutated = copy.deepcopy(body)
    parent: Any = mutated
    for step in path[:-1]:
        parent = parent[step]
    if value is DELETE:
        del parent[path[-1]]
    else:
        parent[path[-1]] = value
    return mutated


def _complaint(api: Api, body: Any) -> str:
    """What :func:`validate_request` says of ``body``; empty if it passes."""
    try:
        openapi_schemas.validate_request(api, body)
    except SchemaViolation as violation:
        return str(violation)
    return ""


@pytest.mark.parametrize("sample", SAMPLES)
def test_every_sample_is_valid(sample: str):
    api, kind, body = SAMPLES[sample]

    _validate(api, kind, body)


@pytest.mark.parametrize("mutation", MUTATIONS)
def test_a_malformed_sample_is_refused_and_the_fault_named(mutation: str):
    sample, _, path, value, complaint = MUTATIONS[mutation]
    api, kind, body = SAMPLES[sample]

    with pytest.raises(SchemaViolation) as excinfo:
        _validate(api, kind, _mutated(body, path, value))

    assert complaint in str(excinfo.value)


def test_every_fault_is_shown_refused_for_every_api_and_kind():
    covered: dict[tuple[Api, Kind], set[Fault]] = {}
    for sample, fault, *_ in MUTATIONS.values():
        api, kind, _ = SAMPLES[sample]
        covered.setdefault((api, kind), set()).add(fault)

    for api in typing.get_args(Api):
        for kind in typing.get_args(Kind):
            expected: set[Fault] = {"wrong type", "missing", "enum"}
            if kind == "request":
                expected.add("unknown key")
            if kind == "error" and api != "anthropic":
                expected.remove("enum")  # OpenAI's error body has no enum.
            assert expected <= covered[api, kind], (api, kind)


def test_validate_request_accepts_openais_own_example_of_a_chat_request():
    example = OPENAI_EXAMPLES / "chat_functions.request.json"

    openapi_schemas.validate_request("chat_completions", json.loads(example.read_text("utf-8")))


@pytest.mark.parametrize(
    ("api", "params"),
    [
        ("chat_completions", completion_create_params.CompletionCreateParamsNonStreaming),
        ("responses", response_create_params.ResponseCreateParamsNonStreaming),
        ("anthropic", message_create_params.MessageCreateParamsNonStreaming),
    ],
)
def test_validate_request_knows_the_keys_the_installed_sdk_declares(api: Api, params: Any):
    body = dict.fromkeys(typing.get_type_hints(params))

    assert "unknown top-level keys" not in _complaint(api, body)
    assert "unknown top-level keys" in _complaint(api, {**body, "not_a_parameter": None})


@pytest.mark.parametrize(
    ("api", "body", "complaint"),
    [
        pytest.param(
            "chat_completions",
            {"model": "m", "messages": [{"role": "wizard", "content": "hi"}]},
            "messages/0",
            id="chat-unknown-role",
        ),
        pytest.param(
            "chat_completions",
            {
                "model": "m",
                "messages": [{"role": "user", "content": "x"}],
                "parallel_tool_calls": 1,
            },
            "parallel_tool_calls",
            id="chat-wrong-type",
        ),
        pytest.param(
            "chat_completions",
            {
                "model": "m",
                "messages": [{"role": "user", "content": "hi"}],
                "paralel_tool_calls": 0,
            },
            "unknown top-level keys: ['paralel_tool_calls']",
            id="chat-misspelled-key",
        ),
        pytest.param(
            "responses",
            {"model": "m", "input": "hi", "tools": [{"type": "function", "name": "f"}]},
            "'strict' is a required property",
            id="responses-function-tool-incomplete",
        ),
        pytest.param(
            "anthropic",
            {"model": "m", "messages": [{"role": "user", "content": "hi"}]},
            "'max_tokens' is a required property",
            id="anthropic-no-max-tokens",
        ),
        pytest.param(
            "anthropic",
            {"model": "m", "max_tokens": 5, "messages": [], "parallel_tool_calls": False},
            "unknown top-level keys",
            id="anthropic-openai-key",
        ),
    ],
)
def test_validate_request_names_what_is_wrong(api: Any, body: Any, complaint: str):
    with pytest.raises(SchemaViolation, match="does not match the official schema") as excinfo:
        openapi_schemas.validate_request(api, body)

    assert complaint in str(excinfo.value)


@pytest.mark.parametrize("api", ["chat_completions", "responses", "anthropic"])
@pytest.mark.parametrize("stream", [True, False])
def test_validate_request_accepts_a_request_that_streams_or_not(api: Api, stream: bool):
    body = {**SAMPLES[f"{PREFIX[api]}-request"][2], "stream": stream}

    openapi_schemas.validate_request(api, body)


def test_validate_request_accepts_declared_extra_keys():
    body = {"model": "m", "max_tokens": 5, "messages": [], "stream": True, "service": "x"}

    openapi_schemas.validate_request("anthropic", body, extra_keys={"service"})


@pytest.mark.parametrize(
    ("api", "name", "event", "complaint"),
    [
        pytest.param(
            "responses",
            "response.output_text.delta",
            {"type": "response.output_text.delta"},
            "'item_id' is a required property",
            id="responses-bare-event",
        ),
        pytest.param(
            "anthropic",
            "message_delta",
            {"type": "message_stop"},
            "the event line names 'message_delta'",
            id="anthropic-event-line-mismatch",
        ),
        pytest.param(
            "anthropic",
            None,
            {"type": "message_stop"},
            "the event line names None",
            id="anthropic-event-line-missing",
        ),
        pytest.param(
            "chat_completions",
            "chunk",
            SAMPLES["chat-chunk"][2],
            "Chat Completions chunks carry no event name",
            id="chat-chunk-with-a-name",
        ),
        pytest.param(
            "anthropic",
            "ping",
            ["ping"],
            "needs a string 'type'",
            id="anthropic-not-an-object",
        ),
    ],
)
def test_validate_stream_event_names_what_is_wrong(
    api: Any, name: str | None, event: Any, complaint: str
):
    with pytest.raises(SchemaViolation) as excinfo:
        openapi_schemas.validate_stream_event(api, event, name=name)

    assert complaint in str(excinfo.value)


def test_validate_stream_event_accepts_null_where_the_sdk_allows_it():
    chunk = {
        "id": "x",
        "object": "chat.completion.chunk",
        "created": 1,
        "model": "m",
        "choices": [{"index": 0, "delta": {}, "finish_reason": None, "logprobs": None}],
    }

    openapi_schemas.validate_stream_event("chat_completions", chunk)


def test_validate_stream_event_accepts_anthropics_error_event():
    error = {"type": "error", "error": {"type": "overloaded_error", "message": "Overloaded"}}

    openapi_schemas.validate_stream_event("anthropic", error, name="error")


def test_validate_request_checks_a_file_search_filter():
    def file_search(filters: Any) -> Any:
        return {
            "model": "m",
            "input": "hi",
            "tools": [{"type": "file_search", "vector_store_ids": ["v"], "filters": filters}],
        }

    nested = {"type": "and", "filters": [{"type": "or", "filters": []}]}
    openapi_schemas.validate_request("responses", {**file_search(nested), "stream": True})
    with pytest.raises(SchemaViolation, match=r"at tools/0/filters: \{'type': 'xor'"):
        openapi_schemas.validate_request("responses", file_search({"type": "xor", "filters": []}))
    # The SDK types the filters inside a compound filter as ``object``, so they go unchecked.
    broken = {"type": "and", "filters": [{"type": "xor"}]}
    openapi_schemas.validate_request("responses", file_search(broken))
