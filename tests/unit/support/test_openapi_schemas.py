"""The schema helper: the OpenAPI rewrite, and proof that the validators are not vacuous."""

from __future__ import annotations

import json
from typing import Any

import pytest

from tests.support import openapi_schemas
from tests.support.openapi_schemas import SchemaViolation

pytestmark = openapi_schemas.needs_specs


def test_rewrite_openapi_reads_nullable_as_allowing_null():
    schema = {"type": "object", "nullable": True, "properties": {"a": {"type": "string"}}}

    assert openapi_schemas.rewrite_openapi(schema) == {
        "anyOf": [{"type": "object", "properties": {"a": {"type": "string"}}}, {"type": "null"}]
    }


def test_rewrite_openapi_reads_one_of_as_any_of_at_every_depth():
    schema = {"properties": {"x": {"oneOf": [{"type": "string"}, {"nullable": True}]}}}

    assert openapi_schemas.rewrite_openapi(schema) == {
        "properties": {"x": {"anyOf": [{"type": "string"}, {"anyOf": [{}, {"type": "null"}]}]}}
    }


def test_rewrite_openapi_keeps_a_nullable_false():
    assert openapi_schemas.rewrite_openapi({"type": "string", "nullable": False}) == {
        "type": "string"
    }


def test_validate_request_accepts_the_specs_own_chat_example():
    example = openapi_schemas.specs_dir() / "openai/bundled/examples/chat_functions.request.json"

    openapi_schemas.validate_request("chat_completions", json.loads(example.read_text("utf-8")))


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


def test_validate_request_accepts_anthropic_streaming_and_declared_extra_keys():
    body = {"model": "m", "max_tokens": 5, "messages": [], "stream": True, "top_k": 3}

    openapi_schemas.validate_request("anthropic", body, extra_keys={"top_k"})


@pytest.mark.parametrize(
    ("api", "name", "event", "complaint"),
    [
        pytest.param(
            "responses",
            "response.output_text.delta",
            {
                "type": "response.output_text.delta",
                "item_id": "msg_1",
                "output_index": 0,
                "content_index": 0,
                "delta": "hi",
                "logprobs": [],
            },
            "'sequence_number' is a required property",
            id="responses-no-sequence-number",
        ),
        pytest.param(
            "responses",
            "response.output_text.delta",
            {"type": "response.output_text.delta"},
            "'item_id' is a required property",
            id="responses-bare-event",
        ),
        pytest.param(
            "responses",
            "response.text.delta",
            {"type": "response.text.delta", "sequence_number": 0},
            "is not a responses stream event",
            id="responses-unknown-type",
        ),
        pytest.param(
            "anthropic",
            "content_block_delta",
            {"type": "content_block_delta", "index": 0, "delta": {"type": "text_delta"}},
            "'text' is a required property",
            id="anthropic-text-delta-without-text",
        ),
        pytest.param(
            "anthropic",
            "message_delta",
            {"type": "message_stop"},
            "the event line names 'message_delta'",
            id="anthropic-event-line-mismatch",
        ),
        pytest.param(
            "chat_completions",
            None,
            {"id": "x", "object": "chat.completion.chunk", "created": 1, "model": "m"},
            "'choices' is a required property",
            id="chat-chunk-without-choices",
        ),
    ],
)
def test_validate_stream_event_names_what_is_wrong(
    api: Any, name: str | None, event: Any, complaint: str
):
    with pytest.raises(SchemaViolation) as excinfo:
        openapi_schemas.validate_stream_event(api, event, name=name)

    assert complaint in str(excinfo.value)


def test_validate_stream_event_reads_nullable_as_allowing_null():
    # A chunk's finish_reason and logprobs are "nullable: true" in the spec.
    chunk = {
        "id": "x",
        "object": "chat.completion.chunk",
        "created": 1,
        "model": "m",
        "choices": [{"index": 0, "delta": {}, "finish_reason": None, "logprobs": None}],
    }

    openapi_schemas.validate_stream_event("chat_completions", chunk)


def test_validate_request_follows_the_self_referencing_compound_filter():
    # CompoundFilter refers to itself with $recursiveRef, which resolves only after the rewrite.
    def file_search(filters: Any) -> Any:
        return {"type": "file_search", "vector_store_ids": ["v"], "filters": filters}

    nested = {"type": "and", "filters": [{"type": "or", "filters": []}]}
    openapi_schemas.validate_request(
        "responses", {"model": "m", "input": "hi", "tools": [file_search(nested)]}
    )
    broken = {"type": "and", "filters": [{"type": "xor", "filters": []}]}
    with pytest.raises(SchemaViolation, match="tools/0/filters"):
        openapi_schemas.validate_request(
            "responses", {"model": "m", "input": "hi", "tools": [file_search(broken)]}
        )


def test_validate_error_body_checks_both_shapes():
    openapi_schemas.validate_error_body(
        "responses", {"error": {"message": "m", "type": "t", "param": None, "code": None}}
    )
    with pytest.raises(SchemaViolation, match="'param' is a required property"):
        openapi_schemas.validate_error_body("responses", {"error": {"message": "m", "type": "t"}})
    with pytest.raises(SchemaViolation, match="'error' is a required property"):
        openapi_schemas.validate_error_body("anthropic", {"type": "error"})
