"""Fixtures for the stream tests: the wire specs, and hand-written events checked against them.

The specs live in the shared folder beside the repository (``../shared/specs``), not in it. When
they are there, every event a test writes by hand through a ``*_wire`` fixture is validated
against the API's JSON Schema first, so the streams the accumulators are tested on are the
streams the real APIs send, not our own idea of them. When they are absent, the events still
run but unchecked, and the tests that need the spec files skip and say why.

Two readings make the OpenAI schemas usable by a strict validator, as the specs' README asks:
``nullable: true`` allows null, and ``oneOf`` is read as ``anyOf`` (several variants overlap).
"""

from __future__ import annotations

import importlib
import json
import random
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, Literal

import pytest

from studio.providers.sse import ServerSentEvent, SSEDecoder

Api = Literal["chat", "responses", "anthropic"]

SPECS_DIR = Path(__file__).resolve().parents[3].parent / "shared" / "specs"
SPECS_MISSING = (
    f"the wire specs are not at {SPECS_DIR} (the shared folder beside the repository), "
    "so the spec examples cannot be read and hand-written events go unchecked"
)

_SCHEMA_FILES: dict[Api, str] = {
    "chat": "openai/bundled/CreateChatCompletionStreamResponse.schema.json",
    "responses": "openai/bundled/ResponseStreamEvent.schema.json",
    "anthropic": "anthropic/RawMessageStreamEvent.schema.json",
}


def _as_strict_schema(node: Any) -> Any:
    if isinstance(node, list):
        return [_as_strict_schema(item) for item in node]
    if not isinstance(node, dict):
        return node
    converted = {
        ("anyOf" if key == "oneOf" else key): _as_strict_schema(value)
        for key, value in node.items()
        if key != "nullable"
    }
    if node.get("nullable") is True:
        return {"anyOf": [converted, {"type": "null"}]}
    return converted


def _event_type_of(definition: dict[str, Any]) -> str | None:
    type_schema = definition.get("properties", {}).get("type", {})
    if "const" in type_schema:
        return str(type_schema["const"])
    enum = type_schema.get("enum")
    return str(enum[0]) if isinstance(enum, list) and len(enum) == 1 else None


class WireSchemas:
    """Validates single events of the three wire APIs against their published schemas."""

    def __init__(self, specs_dir: Path) -> None:
        # Imported here, and as a plain module: it ships no type information, and the other
        # tests of this folder need none of it.
        self._jsonschema = importlib.import_module("jsonschema")
        self._roots: dict[Api, dict[str, Any]] = {}
        self._validators: dict[tuple[Api, str], Any] = {}
        for api, relative in _SCHEMA_FILES.items():
            with (specs_dir / relative).open(encoding="utf-8") as file:
                root = json.load(file)
            self._roots[api] = _as_strict_schema(root) if api != "anthropic" else root

    def check(self, api: Api, event: dict[str, Any]) -> None:
        """Fail the test if ``event`` is not a valid event of ``api``."""
        key = (api, str(event.get("type", "")))
        if key not in self._validators:
            schema = self._schema_for(*key)
            self._validators[key] = self._jsonschema.Draft202012Validator(schema)
        validator = self._validators[key]
        error = self._jsonschema.exceptions.best_match(validator.iter_errors(event))
        if error is not None:
            path = "/".join(str(part) for part in error.absolute_path) or "(the event)"
            pytest.fail(f"hand-written {api} event breaks the spec at {path}: {error.message}")

    def _schema_for(self, api: Api, event_type: str) -> dict[str, Any]:
        """The schema one event must follow, picked by its type for a readable failure."""
        root = self._roots[api]
        if api == "chat":
            return root
        for name, definition in root["$defs"].items():
            if _event_type_of(definition) == event_type and name.endswith("Event"):
                return {"$ref": f"#/$defs/{name}", "$defs": root["$defs"]}
        pytest.fail(f"the {api} spec defines no event of type {event_type!r}")


@pytest.fixture(scope="session")
def wire_schemas() -> WireSchemas | None:
    """The schemas, or None when the shared specs are not beside the repository."""
    return WireSchemas(SPECS_DIR) if SPECS_DIR.is_dir() else None


@pytest.fixture
def specs_dir() -> Path:
    """The shared specs folder; the test skips when it is absent."""
    if not SPECS_DIR.is_dir():
        pytest.skip(SPECS_MISSING)
    return SPECS_DIR


class Wire:
    """Writes one API's events as SSE payloads, checking each against the spec first."""

    def __init__(self, api: Api, schemas: WireSchemas | None) -> None:
        self.api = api
        self._schemas = schemas

    def payload(self, event: dict[str, Any]) -> str:
        """The event as the ``data`` of one SSE event, once it passed the spec."""
        if self._schemas is not None:
            self._schemas.check(self.api, event)
        return json.dumps(event)

    def payloads(self, *events: dict[str, Any]) -> list[str]:
        return [self.payload(event) for event in events]

    def sse(self, *events: dict[str, Any], line_end: str = "\n") -> str:
        """The events as an SSE stream, named as the API names them."""
        blocks = []
        for event in events:
            lines = [f"data: {self.payload(event)}"]
            if self.api != "chat":
                lines.insert(0, f"event: {event['type']}")
            blocks.append(line_end.join(lines) + line_end * 2)
        return "".join(blocks)


@pytest.fixture
def chat_wire(wire_schemas: WireSchemas | None) -> Wire:
    return Wire("chat", wire_schemas)


@pytest.fixture
def responses_wire(wire_schemas: WireSchemas | None) -> Wire:
    return Wire("responses", wire_schemas)


@pytest.fixture
def anthropic_wire(wire_schemas: WireSchemas | None) -> Wire:
    return Wire("anthropic", wire_schemas)


def random_chunks(text: str, seed: int, *, longest: int = 17) -> Iterator[str]:
    """``text`` cut at random places, the same places for the same seed."""
    rng = random.Random(seed)
    position = 0
    while position < len(text):
        size = rng.randint(1, longest)
        yield text[position : position + size]
        position += size


@pytest.fixture
def decode_in_chunks() -> Callable[[str, int], list[ServerSentEvent]]:
    """Decodes an SSE text fed in random chunks (test modules cannot import this conftest)."""

    def decode(text: str, seed: int) -> list[ServerSentEvent]:
        decoder = SSEDecoder()
        events = [event for chunk in random_chunks(text, seed) for event in decoder.feed(chunk)]
        assert not decoder.incomplete
        return events

    return decode
