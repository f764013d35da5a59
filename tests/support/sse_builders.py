"""Scripted turns for the fake provider: what they share, and the HTTP error turns.

A turn is a small frozen description (the text deltas, the tool calls, the usage...) built by
``chat_turn``, ``responses_turn`` or ``anthropic_turn`` (one module per wire API beside this one:
``chat_turns``, ``responses_turns``, ``anthropic_turns``), or an HTTP error built here by
:func:`openai_error` or :func:`anthropic_error`.
The server renders a turn against the request it answers: the echoed ``model``, whether Chat
Completions sends the usage chunk (``stream_options.include_usage``), whether Responses returns
``encrypted_content`` (``include``). A streamed request gets SSE events, any other the JSON body
the API would return. Every rendered event validates against the official schemas
(``tests/unit/support/test_fake_provider.py`` proves it).

Failure modes are delivery modifiers on any turn, so they combine:
``chat_turn(...).cut(after=3)``, ``.slowed(0.2)``, ``.with_unreadable_lines(...)``.
"""

from __future__ import annotations

import abc
import dataclasses
import json
from collections.abc import Mapping
from typing import Any, Self

from tests.support.openapi_schemas import Api

__all__ = [
    "CREATED",
    "Delivery",
    "ErrorTurn",
    "Json",
    "ModelTurn",
    "Reply",
    "SseEvent",
    "ToolCall",
    "Turn",
    "Usage",
    "anthropic_error",
    "openai_error",
]

Json = dict[str, Any]
"""A JSON object as Python builds it."""

CREATED = 1_700_000_000
"""The fixed creation time of every answer, so rendered turns are deterministic."""

_OPENAI_APIS: frozenset[Api] = frozenset({"chat_completions", "responses"})


@dataclasses.dataclass(frozen=True, kw_only=True)
class Usage:
    """Token counts, mapped to each API's names (``prompt_tokens``, ``input_tokens``...)."""

    input_tokens: int = 12
    """Prompt tokens as the API reports them (Anthropic's exclude the cached ones)."""
    output_tokens: int = 8
    cached_input_tokens: int = 0
    reasoning_tokens: int = 0
    """Part of ``output_tokens`` (OpenAI only)."""


@dataclasses.dataclass(frozen=True, kw_only=True)
class ToolCall:
    """One function call the model makes; its arguments stream in ``fragments`` pieces."""

    name: str
    arguments: str | Mapping[str, Any] = "{}"
    """The arguments' JSON text exactly as streamed (may be broken on purpose), or an object."""
    id: str | None = None
    """The call id; by default ``call_fake<N>`` (OpenAI) or ``toolu_fake<N>`` (Anthropic)."""
    fragments: int = 3

    @property
    def arguments_text(self) -> str:
        """The arguments as the stream carries them."""
        if isinstance(self.arguments, str):
            return self.arguments
        return json.dumps(self.arguments)

    def argument_deltas(self) -> list[str]:
        """The arguments split into at most ``fragments`` consecutive pieces (none if empty)."""
        text = self.arguments_text
        if not text:
            return []
        size = -(-len(text) // max(1, min(self.fragments, len(text))))
        return [text[start : start + size] for start in range(0, len(text), size)]

    def parsed_arguments(self) -> Json:
        """The arguments as an object, for the non-streamed answers that carry them parsed."""
        parsed = json.loads(self.arguments_text or "{}")
        if not isinstance(parsed, dict):
            raise ValueError(f"the arguments of {self.name!r} are not a JSON object")
        return parsed


@dataclasses.dataclass(frozen=True, kw_only=True)
class SseEvent:
    """One server-sent event: an optional ``event:`` line and a ``data:`` payload."""

    data: str
    event: str | None = None

    @classmethod
    def of(cls, payload: Json, *, named: bool) -> SseEvent:
        """An event carrying ``payload`` as JSON, named after its ``type`` when ``named``."""
        return cls(data=json.dumps(payload), event=payload["type"] if named else None)

    def encode(self) -> bytes:
        """The bytes on the wire, ending with the blank line that dispatches the event."""
        lines = [] if self.event is None else [f"event: {self.event}"]
        lines.extend(f"data: {line}" for line in self.data.split("\n"))
        return ("\n".join(lines) + "\n\n").encode()

    def json(self) -> Any:
        """The parsed payload."""
        return json.loads(self.data)


@dataclasses.dataclass(frozen=True, kw_only=True)
class Delivery:
    """How the server sends a streamed turn; the defaults send it whole and at once."""

    delay: float = 0.0
    """Seconds before each event (and before a JSON body), for cancellation tests."""
    cut_after: int | None = None
    """Stop after this many events, leaving out the rest (the final events)."""
    clean_end: bool = False
    """After a cut, end the chunked body properly instead of dropping the connection."""
    unreadable: tuple[tuple[int, str], ...] = ()
    """Raw text written as-is after the given number of events, e.g. ``data: {broken``."""


@dataclasses.dataclass(frozen=True, kw_only=True)
class Reply:
    """What the server sends for one request: a status, headers, and a body or events."""

    status: int
    headers: tuple[tuple[str, str], ...] = ()
    body: Any = None
    events: tuple[SseEvent, ...] | None = None


@dataclasses.dataclass(frozen=True, kw_only=True)
class Turn(abc.ABC):
    """One scripted answer of the fake provider."""

    delivery: Delivery = Delivery()
    headers: tuple[tuple[str, str], ...] = ()
    """Extra response headers."""

    @property
    @abc.abstractmethod
    def apis(self) -> frozenset[Api]:
        """The APIs whose requests this turn may answer."""

    @abc.abstractmethod
    def reply(self, request: Mapping[str, Any]) -> Reply:
        """Render the answer to ``request`` (the parsed JSON body)."""

    def cut(self, after: int, *, clean_end: bool = False) -> Self:
        """Send only the first ``after`` events, then drop the connection (or end the body)."""
        delivery = dataclasses.replace(self.delivery, cut_after=after, clean_end=clean_end)
        return dataclasses.replace(self, delivery=delivery)

    def slowed(self, delay: float) -> Self:
        """Wait ``delay`` seconds before each event."""
        return dataclasses.replace(self, delivery=dataclasses.replace(self.delivery, delay=delay))

    def with_unreadable_lines(self, *lines: str, after: int = 1) -> Self:
        """Insert raw lines (each sent as its own SSE block) after ``after`` events."""
        added = tuple((after, line) for line in (lines or ("data: {this is not json",)))
        delivery = dataclasses.replace(self.delivery, unreadable=self.delivery.unreadable + added)
        return dataclasses.replace(self, delivery=delivery)


@dataclasses.dataclass(frozen=True, kw_only=True)
class ModelTurn(Turn):
    """A successful answer: SSE events for a streamed request, else the JSON body."""

    def reply(self, request: Mapping[str, Any]) -> Reply:
        if request.get("stream") is True:
            return Reply(status=200, headers=self.headers, events=tuple(self.events(request)))
        return Reply(status=200, headers=self.headers, body=self.body(request))

    @abc.abstractmethod
    def events(self, request: Mapping[str, Any]) -> list[SseEvent]:
        """The events of the streamed answer to ``request``."""

    @abc.abstractmethod
    def body(self, request: Mapping[str, Any]) -> Json:
        """The non-streamed answer to ``request``."""


@dataclasses.dataclass(frozen=True, kw_only=True)
class ErrorTurn(Turn):
    """An HTTP error answer with the API's error body."""

    status: int
    error_body: Json
    for_apis: frozenset[Api]

    @property
    def apis(self) -> frozenset[Api]:
        return self.for_apis

    def reply(self, request: Mapping[str, Any]) -> Reply:
        return Reply(status=self.status, headers=self.headers, body=self.error_body)


# --- HTTP errors ---------------------------------------------------------------------------------

_OPENAI_ERRORS: Mapping[int, tuple[str, str | None, str]] = {
    400: ("invalid_request_error", None, "Invalid request: the request body is malformed."),
    401: (
        "invalid_request_error",
        "invalid_api_key",
        "Incorrect API key provided: test. You can find your API key at "
        "https://platform.openai.com/account/api-keys.",
    ),
    403: ("invalid_request_error", "unsupported_country_region_territory", "Forbidden."),
    404: (
        "invalid_request_error",
        "model_not_found",
        "The model does not exist or you do not have access to it.",
    ),
    429: (
        "requests",
        "rate_limit_exceeded",
        "Rate limit reached for requests per min (RPM): Limit 3, Used 3, Requested 1. "
        "Please try again in 20s.",
    ),
    500: (
        "server_error",
        None,
        "The server had an error while processing your request. Sorry about that!",
    ),
    503: ("server_error", None, "The engine is currently overloaded, please try again later."),
}

_ANTHROPIC_ERRORS: Mapping[int, tuple[str, str]] = {
    400: ("invalid_request_error", "messages: at least one message is required"),
    401: ("authentication_error", "invalid x-api-key"),
    403: (
        "permission_error",
        "Your API key does not have permission to use the specified resource.",
    ),
    404: ("not_found_error", "The requested resource could not be found."),
    413: ("request_too_large", "Request exceeds the maximum allowed number of bytes."),
    429: ("rate_limit_error", "Number of request tokens has exceeded your per-minute rate limit."),
    500: ("api_error", "Internal server error"),
    529: ("overloaded_error", "Overloaded"),
}


def _error_headers(
    retry_after: float | None, headers: Mapping[str, str]
) -> tuple[tuple[str, str], ...]:
    extra = [] if retry_after is None else [("retry-after", f"{retry_after:g}")]
    return (*extra, *headers.items())


def openai_error(
    status: int = 429,
    *,
    message: str | None = None,
    type: str | None = None,
    code: str | None = None,
    param: str | None = None,
    retry_after: float | None = None,
    headers: Mapping[str, str] | None = None,
) -> ErrorTurn:
    """An OpenAI HTTP error, ``{"error": {"message", "type", "param", "code"}}``.

    The message, type and code default to what OpenAI sends for ``status``; ``retry_after``
    adds a ``retry-after`` header (seconds).
    """
    default_type, default_code, default_message = _OPENAI_ERRORS.get(
        status, ("api_error", None, f"HTTP {status}")
    )
    body = {
        "error": {
            "message": message or default_message,
            "type": type or default_type,
            "param": param,
            "code": code or default_code,
        }
    }
    return ErrorTurn(
        status=status,
        error_body=body,
        for_apis=_OPENAI_APIS,
        headers=_error_headers(retry_after, headers or {}),
    )


def anthropic_error(
    status: int = 529,
    *,
    message: str | None = None,
    type: str | None = None,
    retry_after: float | None = None,
    headers: Mapping[str, str] | None = None,
) -> ErrorTurn:
    """An Anthropic HTTP error, ``{"type": "error", "error": {"type", "message"}, "request_id"}``.

    The error type and message default to what Anthropic sends for ``status``.
    """
    default_type, default_message = _ANTHROPIC_ERRORS.get(status, ("api_error", f"HTTP {status}"))
    body = {
        "type": "error",
        "error": {"type": type or default_type, "message": message or default_message},
        "request_id": "req_fake",
    }
    return ErrorTurn(
        status=status,
        error_body=body,
        for_apis=frozenset({"anthropic"}),
        headers=_error_headers(retry_after, headers or {}),
    )
