"""The official wire schemas, ready for ``jsonschema``: check requests, answers and stream events.

The schemas are derived from the official Python SDKs' own types, ``openai`` and ``anthropic``
(both in the ``test`` extras), with ``pydantic.TypeAdapter(T).json_schema()``; nothing is read
from disk. They therefore follow the installed SDK's version: an upgrade that adds a parameter
or an event type brings it here at once. Each schema is derived once per test session.

=====================  =====================================================================
What                   SDK type
=====================  =====================================================================
Chat request           ``openai.types.chat.completion_create_params.CompletionCreateParams*``
Chat answer            ``openai.types.chat.ChatCompletion``
Chat stream chunk      ``openai.types.chat.ChatCompletionChunk``
Responses request      ``openai.types.responses.response_create_params.ResponseCreateParams*``
Responses answer       ``openai.types.responses.Response``
Responses stream       ``openai.types.responses.ResponseStreamEvent``
Anthropic request      ``anthropic.types.message_create_params.MessageCreateParams*``
Anthropic answer       ``anthropic.types.Message``
Anthropic stream       ``anthropic.types.RawMessageStreamEvent``
=====================  =====================================================================

The SDK's response models accept anything when the SDK builds them (``construct``, extra fields
allowed), but their JSON Schema keeps what each field declares: required fields, their types
and their ``Literal`` values. So a body with a missing field, a field of the wrong type or an
unknown enum value is refused, while a field the SDK does not know yet is accepted, as the SDK
itself accepts it.

What this module checks beyond the SDKs, and why:

- :func:`validate_request` refuses unknown top-level keys. Both services reject a request with
  an unrecognised argument, while the SDK's parameter types leave extra keys open.
- A request may stream or not: the SDKs split each request type in a streaming and a
  non-streaming variant that differ only in ``stream``, so ``stream`` may take either's value.
- OpenAI's error body, ``{"error": {"message", "type", "param", "code"}}``, is written from the
  documented shape (:data:`OPENAI_ERROR_BODY_SCHEMA`): the SDK types only the inner object, as
  ``openai.types.ErrorObject``, and lets ``param`` and ``code`` be left out, while the service
  always sends both, ``null`` when they do not apply.
- Anthropic's ``ping`` and ``error`` stream events are not in ``RawMessageStreamEvent`` (the SDK
  handles them before parsing), and its error body lists error types the SDK's ``ErrorObject``
  lacks (``request_too_large``); small schemas written from Anthropic's documentation of errors
  and streaming cover them.
"""

from __future__ import annotations

import functools
import importlib
from collections.abc import Collection, Mapping
from typing import Any, Literal

import jsonschema
import pydantic

__all__ = [
    "ANTHROPIC_ERROR_BODY_SCHEMA",
    "ANTHROPIC_EXTRA_EVENT_SCHEMAS",
    "OPENAI_ERROR_BODY_SCHEMA",
    "Api",
    "SchemaViolation",
    "validate_error_body",
    "validate_request",
    "validate_response_body",
    "validate_stream_event",
]

Api = Literal["chat_completions", "responses", "anthropic"]
"""The three wire APIs: OpenAI Chat Completions, OpenAI Responses and Anthropic Messages."""

_REQUEST_TYPES: Mapping[Api, str] = {
    "chat_completions": "openai.types.chat.completion_create_params:CompletionCreateParams",
    "responses": "openai.types.responses.response_create_params:ResponseCreateParams",
    "anthropic": "anthropic.types.message_create_params:MessageCreateParams",
}
"""Each API's request type, less its ``NonStreaming`` or ``Streaming`` suffix."""

_RESPONSE_TYPES: Mapping[Api, str] = {
    "chat_completions": "openai.types.chat:ChatCompletion",
    "responses": "openai.types.responses:Response",
    "anthropic": "anthropic.types:Message",
}
_CHAT_CHUNK_TYPE = "openai.types.chat:ChatCompletionChunk"
_EVENT_TYPES: Mapping[Api, str] = {
    "responses": "openai.types.responses:ResponseStreamEvent",
    "anthropic": "anthropic.types:RawMessageStreamEvent",
}

OPENAI_ERROR_BODY_SCHEMA: Mapping[str, Any] = {
    "type": "object",
    "properties": {
        "error": {
            "type": "object",
            "properties": {
                "message": {"type": "string"},
                "type": {"type": "string"},
                "param": {"anyOf": [{"type": "string"}, {"type": "null"}]},
                "code": {"anyOf": [{"type": "string"}, {"type": "null"}]},
            },
            "required": ["message", "type", "param", "code"],
        },
    },
    "required": ["error"],
}
"""An OpenAI error body (HTTP error responses of Chat Completions and Responses)."""

ANTHROPIC_ERROR_BODY_SCHEMA: Mapping[str, Any] = {
    "type": "object",
    "properties": {
        "type": {"const": "error"},
        "error": {
            "type": "object",
            "properties": {"type": {"type": "string"}, "message": {"type": "string"}},
            "required": ["type", "message"],
        },
        "request_id": {"anyOf": [{"type": "string"}, {"type": "null"}]},
    },
    "required": ["type", "error"],
}
"""An Anthropic error body (HTTP error responses and the stream's ``error`` event)."""

ANTHROPIC_EXTRA_EVENT_SCHEMAS: Mapping[str, Mapping[str, Any]] = {
    "ping": {
        "type": "object",
        "properties": {"type": {"const": "ping"}},
        "required": ["type"],
        "additionalProperties": False,
    },
    "error": ANTHROPIC_ERROR_BODY_SCHEMA,
}
"""Anthropic stream events that ``RawMessageStreamEvent`` leaves out, by ``type``."""


class SchemaViolation(AssertionError):
    """A body or event does not match the official schema; the message lists every mismatch."""


@functools.cache
def _sdk_schema(qualified_name: str) -> Mapping[str, Any]:
    """The JSON Schema of one SDK type, named ``"package.module:Name"``, checked once.

    Raises:
        jsonschema.SchemaError: Pydantic produced no valid JSON Schema 2020-12 for the type.
    """
    module_name, _, attribute = qualified_name.partition(":")
    sdk_type = getattr(importlib.import_module(module_name), attribute)
    schema: dict[str, Any] = pydantic.TypeAdapter(sdk_type).json_schema()
    jsonschema.Draft202012Validator.check_schema(schema)
    return schema


@functools.cache
def _validator(
    qualified_name: str, definition: str | None = None
) -> jsonschema.Draft202012Validator:
    """A validator for a whole SDK type, or for one of its ``$defs`` with the others in reach."""
    schema = _sdk_schema(qualified_name)
    if definition is not None:
        schema = {"$ref": f"#/$defs/{definition}", "$defs": schema["$defs"]}
    return jsonschema.Draft202012Validator(schema)


@functools.cache
def _request_validator(api: Api) -> tuple[jsonschema.Draft202012Validator, frozenset[str]]:
    """The request validator of ``api``, and the top-level keys its request type declares."""
    non_streaming = _sdk_schema(f"{_REQUEST_TYPES[api]}NonStreaming")
    streaming = _sdk_schema(f"{_REQUEST_TYPES[api]}Streaming")
    if non_streaming["properties"].keys() != streaming["properties"].keys():
        # The merge below assumes the two variants differ in ``stream`` only.
        raise RuntimeError(f"the SDK's {api} request variants declare different keys")
    properties = dict(non_streaming["properties"])
    properties["stream"] = {
        "anyOf": [non_streaming["properties"]["stream"], streaming["properties"]["stream"]]
    }
    schema = {**non_streaming, "properties": properties}
    return jsonschema.Draft202012Validator(schema), frozenset(properties)


@functools.cache
def _event_variants(qualified_name: str) -> Mapping[str, str]:
    """Map each event ``type`` of a stream-event union to the name of its definition."""
    schema = _sdk_schema(qualified_name)
    variants: dict[str, str] = {}
    for branch in schema["anyOf"]:
        name = branch["$ref"].removeprefix("#/$defs/")
        type_schema = schema["$defs"][name]["properties"]["type"]
        for value in type_schema.get("enum", [type_schema.get("const")]):
            variants[value] = name
    return variants


def _leaves(error: jsonschema.ValidationError) -> list[jsonschema.ValidationError]:
    """Follow a failed ``anyOf`` into the branch the value meant, as a discriminator would.

    A branch whose complaint is about the value's kind (its ``type`` or ``role`` property, or
    the JSON type of the value itself) is a branch the value never meant; of the others, the one
    with the fewest complaints wins. When the value meant none of them, a plain value (a string
    outside an enum, say) is measured against the first branch that is not ``null``; an object
    that fits no variant is reported as such.
    """
    if error.validator != "anyOf" or not error.context:
        return [error]
    branches: dict[Any, list[jsonschema.ValidationError]] = {}
    for sub in error.context:
        branches.setdefault(sub.relative_schema_path[0], []).append(sub)

    def wrong_kind(errors: list[jsonschema.ValidationError]) -> bool:
        return any(
            list(sub.relative_path) in (["type"], ["role"])
            or (not sub.relative_path and sub.validator in ("type", "const", "enum"))
            for sub in errors
        )

    def only_not_null(errors: list[jsonschema.ValidationError]) -> bool:
        return all(sub.validator == "type" and sub.validator_value == "null" for sub in errors)

    meant = [errors for errors in branches.values() if not wrong_kind(errors)]
    if not meant:
        if any(sub.relative_path for sub in error.context):
            return [error]
        meant = [errors for errors in branches.values() if not only_not_null(errors)]
    best = min(meant, key=len)
    return [leaf for sub in best for leaf in _leaves(sub)]


def _check(
    validator: jsonschema.Draft202012Validator,
    instance: Any,
    what: str,
    more: Collection[str] = (),
) -> None:
    errors = [leaf for error in validator.iter_errors(instance) for leaf in _leaves(error)]
    if not errors and not more:
        return
    lines = [f"{what} does not match the official schema:", *(f"  {line}" for line in more)]
    for error in errors[:10]:
        location = "/".join(str(part) for part in error.absolute_path) or "<root>"
        lines.append(f"  at {location}: {error.message[:300]}")
    if len(errors) > 10:
        lines.append(f"  ... and {len(errors) - 10} more")
    raise SchemaViolation("\n".join(lines))


def validate_request(api: Api, body: Any, *, extra_keys: Collection[str] = ()) -> None:
    """Check a request body against the SDK's request type, streaming or not.

    The types are ``CompletionCreateParams``, ``ResponseCreateParams`` and
    ``MessageCreateParams``.

    Args:
        api: Which API the body was sent to.
        body: The parsed JSON body.
        extra_keys: Top-level keys to accept although the SDK does not declare them (a host's
            own parameters, for example).

    Raises:
        SchemaViolation: The body does not match, or has an undeclared top-level key.
    """
    validator, known_keys = _request_validator(api)
    unknown = sorted(set(body) - known_keys - set(extra_keys)) if isinstance(body, dict) else []
    more = [f"unknown top-level keys: {unknown!r}"] if unknown else []
    _check(validator, body, f"the {api} request", more)


def validate_response_body(api: Api, body: Any) -> None:
    """Check a non-streamed answer: a ``chat.completion``, a ``response`` or a ``message``."""
    _check(_validator(_RESPONSE_TYPES[api]), body, f"the {api} response body")


def validate_error_body(api: Api, body: Any) -> None:
    """Check an HTTP error body against OpenAI's or Anthropic's documented error shape."""
    if api == "anthropic":
        validator = jsonschema.Draft202012Validator(ANTHROPIC_ERROR_BODY_SCHEMA)
        _check(validator, body, "the anthropic error body")
    else:
        validator = jsonschema.Draft202012Validator(OPENAI_ERROR_BODY_SCHEMA)
        _check(validator, body, "the OpenAI error body")


def validate_stream_event(api: Api, event: Any, *, name: str | None = None) -> None:
    """Check one SSE payload against the API's stream type, picked by its ``type``.

    Args:
        api: Which API's stream the event belongs to.
        event: The parsed ``data:`` payload (``[DONE]`` is not JSON and is not checked here).
        name: The SSE ``event:`` name, if the line was sent; Responses and Anthropic streams
            name every event after its ``type``.

    Raises:
        SchemaViolation: The event does not match, or its type is unknown to the SDK.
    """
    if api == "chat_completions":
        if name is not None:
            raise SchemaViolation(f"Chat Completions chunks carry no event name, got {name!r}")
        _check(_validator(_CHAT_CHUNK_TYPE), event, "the chat.completion.chunk")
        return
    if not isinstance(event, dict) or not isinstance(event.get("type"), str):
        raise SchemaViolation(f"a {api} stream event needs a string 'type': {event!r}")
    event_type: str = event["type"]
    if name != event_type:
        raise SchemaViolation(f"the event line names {name!r}, the payload is {event_type!r}")
    if api == "anthropic" and event_type in ANTHROPIC_EXTRA_EVENT_SCHEMAS:
        validator = jsonschema.Draft202012Validator(ANTHROPIC_EXTRA_EVENT_SCHEMAS[event_type])
    else:
        variant = _event_variants(_EVENT_TYPES[api]).get(event_type)
        if variant is None:
            raise SchemaViolation(f"{event_type!r} is not a {api} stream event")
        validator = _validator(_EVENT_TYPES[api], variant)
    _check(validator, event, f"the {api} event {event_type!r}")
