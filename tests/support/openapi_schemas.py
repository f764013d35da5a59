"""The official wire schemas, ready for ``jsonschema``: validate requests and stream events.

The schemas live outside the repository, in ``shared/specs`` next to the work tree (see its
README): OpenAI's schemas are bundled from its OpenAPI document, Anthropic's are generated from
its Python SDK. Override the folder with ``STUDIO_SPECS_DIR``.

OpenAPI is not quite JSON Schema, so every document is rewritten once on load, as the specs
README prescribes:

- ``nullable: true`` becomes ``anyOf: [<the schema without nullable>, {"type": "null"}]``;
- ``oneOf`` becomes ``anyOf``: OpenAPI's ``discriminator`` picks one branch, while a JSON Schema
  validator would reject a value that happens to match two branches;
- a definition marked ``$recursiveAnchor`` (draft 2019-09, left over from the bundling) refers to
  itself by name: its ``$recursiveRef: "#"`` would otherwise point at the bundle's root.

What this module checks beyond the schemas, and why:

- :func:`validate_request` refuses unknown top-level keys. Both services reject a request with
  an unrecognised argument, while the schemas leave ``additionalProperties`` open.
- Anthropic's ``ping`` and ``error`` stream events are not in ``RawMessageStreamEvent`` (the SDK
  handles them before parsing); small schemas written from Anthropic's streaming documentation
  cover them.
"""

from __future__ import annotations

import functools
import json
import os
from collections.abc import Collection, Iterator, Mapping
from pathlib import Path
from typing import Any, Literal

import jsonschema
import pytest

__all__ = [
    "ANTHROPIC_ERROR_BODY_SCHEMA",
    "ANTHROPIC_EXTRA_EVENT_SCHEMAS",
    "Api",
    "SchemaViolation",
    "needs_specs",
    "rewrite_openapi",
    "specs_available",
    "specs_dir",
    "validate_error_body",
    "validate_request",
    "validate_response_body",
    "validate_stream_event",
]

Api = Literal["chat_completions", "responses", "anthropic"]
"""The three wire APIs: OpenAI Chat Completions, OpenAI Responses and Anthropic Messages."""

_REQUEST_SCHEMAS: Mapping[Api, str] = {
    "chat_completions": "openai/bundled/CreateChatCompletionRequest.schema.json",
    "responses": "openai/bundled/CreateResponse.schema.json",
    "anthropic": "anthropic/MessageCreateParamsNonStreaming.schema.json",
}
_RESPONSE_SCHEMAS: Mapping[Api, str] = {
    "chat_completions": "openai/bundled/CreateChatCompletionResponse.schema.json",
    "responses": "openai/bundled/Response.schema.json",
    "anthropic": "anthropic/Message.schema.json",
}
_CHAT_CHUNK_SCHEMA = "openai/bundled/CreateChatCompletionStreamResponse.schema.json"
_RESPONSES_EVENT_SCHEMA = "openai/bundled/ResponseStreamEvent.schema.json"
_ANTHROPIC_EVENT_SCHEMA = "anthropic/RawMessageStreamEvent.schema.json"
_OPENAI_ERROR_SCHEMA = "openai/bundled/ErrorResponse.schema.json"

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


def _specs_folder() -> Path:
    configured = os.environ.get("STUDIO_SPECS_DIR")
    if configured:
        return Path(configured)
    return Path(__file__).resolve().parents[2].parent / "shared" / "specs"


def specs_available() -> bool:
    """Whether the specs folder is there (see :func:`specs_dir`)."""
    return (_specs_folder() / "README.md").is_file()


def specs_dir() -> Path:
    """The ``specs`` folder: ``$STUDIO_SPECS_DIR``, else ``shared/specs`` beside the work tree."""
    folder = _specs_folder()
    if not specs_available():
        raise FileNotFoundError(
            f"the wire specs are not at {str(folder)!r}; set STUDIO_SPECS_DIR to the specs folder"
        )
    return folder


needs_specs = pytest.mark.skipif(
    not specs_available(),
    reason=f"the wire specs are not at {str(_specs_folder())!r} (set STUDIO_SPECS_DIR)",
)
"""Skips a test that validates against the specs when they are absent, as the stream tests do."""


def rewrite_openapi(node: Any) -> Any:
    """Return ``node`` as strict JSON Schema: ``nullable`` allows null, ``oneOf`` is ``anyOf``."""
    if isinstance(node, list):
        return [rewrite_openapi(item) for item in node]
    if not isinstance(node, dict):
        return node
    rewritten = {
        ("anyOf" if key == "oneOf" else key): rewrite_openapi(value)
        for key, value in node.items()
        if key != "nullable"
    }
    if node.get("nullable") is True:
        return {"anyOf": [rewritten, {"type": "null"}]}
    return rewritten


def _resolve_recursive_refs(node: Any, target: str) -> Any:
    if isinstance(node, list):
        return [_resolve_recursive_refs(item, target) for item in node]
    if not isinstance(node, dict):
        return node
    if node.get("$recursiveRef") == "#":
        return {"$ref": target}
    return {
        key: _resolve_recursive_refs(value, target)
        for key, value in node.items()
        if key != "$recursiveAnchor"
    }


@functools.cache
def _document(relative: str) -> dict[str, Any]:
    text = (specs_dir() / relative).read_text(encoding="utf-8")
    document: dict[str, Any] = rewrite_openapi(json.loads(text))
    definitions: dict[str, Any] = document.get("$defs", {})
    for name, definition in definitions.items():
        if isinstance(definition, dict) and definition.get("$recursiveAnchor") is True:
            definitions[name] = _resolve_recursive_refs(definition, f"#/$defs/{name}")
    return document


@functools.cache
def _validator(relative: str, definition: str | None = None) -> jsonschema.Draft202012Validator:
    """A validator for a whole document, or for one of its ``$defs`` with the others in reach."""
    document = _document(relative)
    if definition is None:
        # Checked once per document: the variants below share its definitions.
        jsonschema.Draft202012Validator.check_schema(document)
    else:
        _validator(relative)
        document = {"$ref": f"#/$defs/{definition}", "$defs": document["$defs"]}
    return jsonschema.Draft202012Validator(document)


@functools.cache
def _request_validator(api: Api) -> tuple[jsonschema.Draft202012Validator, frozenset[str]]:
    document = dict(_document(_REQUEST_SCHEMAS[api]))
    if api == "anthropic":
        # The generated schema is the non-streaming variant (``stream: const false``); the
        # streaming variant differs only in that constant.
        properties = dict(document["properties"])
        properties["stream"] = {"type": "boolean"}
        document["properties"] = properties
    return jsonschema.Draft202012Validator(document), frozenset(_top_level_keys(document))


def _top_level_keys(document: Mapping[str, Any]) -> Iterator[str]:
    """The property names the root of ``document`` declares, through ``$ref`` and ``allOf``."""
    definitions: Mapping[str, Any] = document.get("$defs", {})

    def walk(node: Mapping[str, Any]) -> Iterator[str]:
        yield from node.get("properties", {})
        reference = node.get("$ref")
        if isinstance(reference, str) and reference.startswith("#/$defs/"):
            yield from walk(definitions[reference.removeprefix("#/$defs/")])
        for part in node.get("allOf", ()):
            yield from walk(part)

    return walk(document)


@functools.cache
def _event_variants(relative: str) -> Mapping[str, str]:
    """Map each event ``type`` of a stream-event union to the name of its definition."""
    document = _document(relative)
    root = document
    if "$ref" in root:
        root = document["$defs"][root["$ref"].removeprefix("#/$defs/")]
    variants: dict[str, str] = {}
    for branch in root["anyOf"]:
        name = branch["$ref"].removeprefix("#/$defs/")
        type_schema = document["$defs"][name]["properties"]["type"]
        for value in type_schema.get("enum", [type_schema.get("const")]):
            variants[value] = name
    return variants


def _leaves(error: jsonschema.ValidationError) -> list[jsonschema.ValidationError]:
    """Follow a failed ``anyOf`` into the branch the value meant, as a discriminator would.

    A branch whose complaint is about the value's kind (its ``type`` property, or the JSON type
    of the value itself) is a branch the value never meant; of the others, the one with the
    fewest complaints wins.
    """
    if error.validator != "anyOf" or not error.context:
        return [error]
    branches: dict[Any, list[jsonschema.ValidationError]] = {}
    for sub in error.context:
        branches.setdefault(sub.relative_schema_path[0], []).append(sub)

    def cost(errors: list[jsonschema.ValidationError]) -> tuple[bool, int]:
        wrong_kind = any(
            list(sub.relative_path) == ["type"]
            or (not sub.relative_path and sub.validator in ("type", "const", "enum"))
            for sub in errors
        )
        return wrong_kind, len(errors)

    best = min(branches.values(), key=cost)
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
    """Check a request body against CreateChatCompletionRequest, CreateResponse or MessageCreate.

    Args:
        api: Which API the body was sent to.
        body: The parsed JSON body.
        extra_keys: Top-level keys to accept although the official schema does not declare
            them (a host's own parameters, for example).

    Raises:
        SchemaViolation: The body does not match, or has an undeclared top-level key.
    """
    validator, known_keys = _request_validator(api)
    unknown = sorted(set(body) - known_keys - set(extra_keys)) if isinstance(body, dict) else []
    more = [f"unknown top-level keys: {unknown!r}"] if unknown else []
    _check(validator, body, f"the {api} request", more)


def validate_response_body(api: Api, body: Any) -> None:
    """Check a non-streamed answer: a ``chat.completion``, a ``response`` or a ``message``."""
    _check(_validator(_RESPONSE_SCHEMAS[api]), body, f"the {api} response body")


def validate_error_body(api: Api, body: Any) -> None:
    """Check an HTTP error body: OpenAI's ``ErrorResponse`` or Anthropic's error object."""
    if api == "anthropic":
        validator = jsonschema.Draft202012Validator(ANTHROPIC_ERROR_BODY_SCHEMA)
        _check(validator, body, "the anthropic error body")
    else:
        _check(_validator(_OPENAI_ERROR_SCHEMA), body, "the OpenAI error body")


def validate_stream_event(api: Api, event: Any, *, name: str | None = None) -> None:
    """Check one SSE payload against the API's stream schema, picked by its ``type``.

    Args:
        api: Which API's stream the event belongs to.
        event: The parsed ``data:`` payload (``[DONE]`` is not JSON and is not checked here).
        name: The SSE ``event:`` name, if the line was sent; Responses and Anthropic streams
            name every event after its ``type``.

    Raises:
        SchemaViolation: The event does not match, or its type is unknown to the schema.
    """
    if api == "chat_completions":
        if name is not None:
            raise SchemaViolation(f"Chat Completions chunks carry no event name, got {name!r}")
        _check(_validator(_CHAT_CHUNK_SCHEMA), event, "the chat.completion.chunk")
        return
    if not isinstance(event, dict) or not isinstance(event.get("type"), str):
        raise SchemaViolation(f"a {api} stream event needs a string 'type': {event!r}")
    event_type: str = event["type"]
    if name != event_type:
        raise SchemaViolation(f"the event line names {name!r}, the payload is {event_type!r}")
    relative = _RESPONSES_EVENT_SCHEMA if api == "responses" else _ANTHROPIC_EVENT_SCHEMA
    if api == "anthropic" and event_type in ANTHROPIC_EXTRA_EVENT_SCHEMAS:
        validator = jsonschema.Draft202012Validator(ANTHROPIC_EXTRA_EVENT_SCHEMAS[event_type])
    else:
        variant = _event_variants(relative).get(event_type)
        if variant is None:
            raise SchemaViolation(f"{event_type!r} is not a {api} stream event")
        validator = _validator(relative, variant)
    _check(validator, event, f"the {api} event {event_type!r}")
