"""Fixtures for the stream tests: OpenAI's example streams, and hand-written events checked.

Every event a test writes by hand through a ``*_wire`` fixture is validated first against the
API's stream schema, derived from the official SDK (``tests.support.openapi_schemas``), so the
streams the accumulators are tested on are the streams the real APIs send, not our own idea of
them. OpenAI's own example streams are in ``tests/data/openai`` (see its README).
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, Literal

import pytest

from studio.providers.sse import ServerSentEvent, SSEDecoder
from tests.support import openapi_schemas
from tests.support.data import OPENAI_EXAMPLES

Api = Literal["chat", "responses", "anthropic"]


_SCHEMA_APIS: dict[Api, openapi_schemas.Api] = {
    "chat": "chat_completions",
    "responses": "responses",
    "anthropic": "anthropic",
}


@pytest.fixture
def openai_examples() -> Path:
    """The folder of OpenAI's example requests and streams, ``tests/data/openai``."""
    return OPENAI_EXAMPLES


class Wire:
    """Writes one API's events as SSE payloads, checking each against the SDK's schema first."""

    def __init__(self, api: Api) -> None:
        self.api = api

    def payload(self, event: dict[str, Any]) -> str:
        """The event as the ``data`` of one SSE event, once it passed the schema."""
        name = None if self.api == "chat" else event.get("type")
        try:
            openapi_schemas.validate_stream_event(_SCHEMA_APIS[self.api], event, name=name)
        except openapi_schemas.SchemaViolation as violation:
            pytest.fail(f"hand-written {self.api} event breaks the spec: {violation}")
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
def chat_wire() -> Wire:
    return Wire("chat")


@pytest.fixture
def responses_wire() -> Wire:
    return Wire("responses")


@pytest.fixture
def anthropic_wire() -> Wire:
    return Wire("anthropic")


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
