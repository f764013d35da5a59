"""A hostile model provider: the fake provider's server, answering with what a provider must not.

:class:`HostileProviderServer` is :class:`~tests.support.fake_provider.FakeProviderServer` with one
more kind of turn, :class:`HostileTurn`, whose answer is raw bytes under raw headers: a
``charset=`` that names no text encoding, UTF-16 without a byte order mark, one gigantic line,
a gzip bomb, a stream that trickles one byte at a time or pings forever. Every ordinary turn
(``chat_turn``, ``responses_turn``, ``anthropic_turn``) still works, and a hostile turn is
usually one of them rendered and then spoiled (:func:`spoiled`).

:data:`CASES` is the fuzzing matrix: one :class:`HostileCase` per class of hostile answer and
wire API, each saying what Studio must make of it.
``tests/unit/providers/test_hostile_responses.py`` runs every case through a real
:class:`~studio.providers.provider.Provider` and the real tool calling loop, and fails on any
traceback, any run past its deadline and any result that is not what the case expects.

Endless answers are generators: the server writes until the client hangs up, which is what a
deadline must make Studio do.
"""

from __future__ import annotations

import dataclasses
import gzip
import json
import zlib
from collections.abc import Callable, Iterable, Iterator, Mapping
from typing import Any, Literal

from tests.support.anthropic_turns import anthropic_turn
from tests.support.chat_turns import chat_turn
from tests.support.fake_provider import (
    FakeProviderServer,
    Outcome,
    RecordedRequest,
    _Handler,
)
from tests.support.openapi_schemas import Api
from tests.support.responses_turns import responses_turn
from tests.support.sse_builders import CREATED, Delivery, ModelTurn, Reply, ToolCall, Turn

__all__ = [
    "APIS",
    "CASES",
    "LARGEST_CASE_BYTES",
    "Body",
    "Expect",
    "HostileCase",
    "HostileProviderServer",
    "HostileTurn",
    "RawReply",
    "model_turn",
    "rendered",
    "spoiled",
]

APIS: tuple[Api, ...] = ("chat_completions", "responses", "anthropic")
"""The three wire APIs, in the order the cases are listed."""

Body = Callable[[Mapping[str, Any]], Iterable[bytes]]
"""Renders the raw body for a request: each piece is written as one HTTP chunk."""

LARGEST_CASE_BYTES = 300 * 1024 * 1024
"""What the largest case (a gzip bomb) inflates to: one 300 MB line."""

_SSE = "text/event-stream"


@dataclasses.dataclass(frozen=True, kw_only=True)
class RawReply(Reply):
    """A reply the hostile server writes byte for byte: ``pieces`` under ``headers`` alone."""

    pieces: Iterable[bytes] = ()
    interval: float = 0.0


@dataclasses.dataclass(frozen=True, kw_only=True)
class HostileTurn(Turn):
    """An answer of raw bytes for one API (build it with :func:`spoiled` or directly).

    Attributes:
        api: The API whose request this turn answers.
        body: Renders the body's pieces for the request.
        content_type: The ``Content-Type`` header, sent as it is.
        content_encoding: A ``Content-Encoding`` header, if any; the pieces must match it.
        interval: Seconds the server waits before each piece (a trickle).
    """

    api: Api
    body: Body
    content_type: str = f"{_SSE}; charset=utf-8"
    content_encoding: str | None = None
    interval: float = 0.0

    @property
    def apis(self) -> frozenset[Api]:
        return frozenset({self.api})

    def reply(self, request: Mapping[str, Any]) -> Reply:
        headers = [("content-type", self.content_type), *self.headers]
        if self.content_encoding is not None:
            headers.append(("content-encoding", self.content_encoding))
        return RawReply(
            status=200,
            headers=tuple(headers),
            events=(),
            pieces=self.body(request),
            interval=self.interval,
        )


class HostileProviderServer(FakeProviderServer):
    """The fake provider, able to send :class:`HostileTurn` answers as well."""

    def __enter__(self) -> HostileProviderServer:
        super().__enter__()
        return self

    def _stream(
        self, handler: _Handler, request: RecordedRequest, reply: Reply, delivery: Delivery
    ) -> Outcome:
        if not isinstance(reply, RawReply):
            return super()._stream(handler, request, reply, delivery)
        handler.send_head(
            reply.status,
            [*self._common_headers(request), *reply.headers, ("transfer-encoding", "chunked")],
        )
        for piece in reply.pieces:
            if reply.interval:
                handler.pause(reply.interval)
            if piece:
                handler.send_chunk(piece)
        handler.send_chunk(b"")
        return "streamed"


# --- Turns as bytes -------------------------------------------------------------------------------


def model_turn(api: Api, text: Iterable[str] = (), calls: Iterable[ToolCall] = ()) -> ModelTurn:
    """An ordinary turn of ``api``: text deltas, then tool calls."""
    match api:
        case "chat_completions":
            return chat_turn(list(text), tool_calls=list(calls))
        case "responses":
            return responses_turn(list(text), function_calls=list(calls))
        case "anthropic":
            return anthropic_turn(list(text), tool_uses=list(calls))


def rendered(turn: ModelTurn, request: Mapping[str, Any]) -> bytes:
    """The SSE bytes an ordinary turn streams in answer to ``request``."""
    return b"".join(event.encode() for event in turn.events(request))


def spoiled(
    api: Api,
    spoil: Callable[[bytes], Iterable[bytes]],
    *,
    text: Iterable[str] = ("Hello", " there."),
    calls: Iterable[ToolCall] = (),
    **options: Any,
) -> HostileTurn:
    """A turn of ``api`` rendered as usual, then passed through ``spoil``."""
    turn = model_turn(api, text, calls)
    return HostileTurn(api=api, body=lambda request: spoil(rendered(turn, request)), **options)


def _whole(data: bytes) -> Iterable[bytes]:
    return [data]


def _bytewise(data: bytes) -> Iterator[bytes]:
    for position in range(len(data)):
        yield data[position : position + 1]


def _twice(data: bytes) -> Iterable[bytes]:
    return [data, data]


def _payload(api: Api, event: Mapping[str, Any]) -> bytes:
    data = json.dumps(event).encode()
    if api == "chat_completions":
        return b"data: " + data + b"\n\n"
    return b"event: " + str(event["type"]).encode() + b"\ndata: " + data + b"\n\n"


def _opening(api: Api) -> bytes:
    """The first event of a stream, which says nothing yet."""
    match api:
        case "chat_completions":
            return _payload(api, _chat_chunk({"role": "assistant", "content": ""}))
        case "responses":
            response = {"id": "resp_hostile", "object": "response", "status": "in_progress"}
            return _payload(api, {"type": "response.created", "response": response})
        case "anthropic":
            message = {
                "id": "msg_hostile",
                "type": "message",
                "role": "assistant",
                "content": [],
                "model": "test-model",
                "usage": {"input_tokens": 1, "output_tokens": 0},
            }
            return _payload(api, {"type": "message_start", "message": message})


def _keep_alive(api: Api) -> bytes:
    """An event that keeps a connection busy and brings no content."""
    match api:
        case "chat_completions":
            return _payload(api, _chat_chunk({}))
        case "responses":
            response = {"id": "resp_hostile", "object": "response", "status": "in_progress"}
            return _payload(api, {"type": "response.in_progress", "response": response})
        case "anthropic":
            return _payload(api, {"type": "ping"})


def _chat_chunk(delta: Mapping[str, Any], **choice: Any) -> dict[str, Any]:
    return {
        "id": "chatcmpl-hostile",
        "object": "chat.completion.chunk",
        "created": CREATED,
        "model": "test-model",
        "choices": [{"index": 0, "delta": dict(delta), "finish_reason": None, **choice}],
    }


def _text_event(api: Api, text: str) -> bytes:
    match api:
        case "chat_completions":
            return _payload(api, _chat_chunk({"content": text}))
        case "responses":
            event = {
                "type": "response.output_text.delta",
                "item_id": "msg_hostile",
                "output_index": 0,
                "content_index": 0,
                "delta": text,
            }
            return _payload(api, event)
        case "anthropic":
            start = {"type": "content_block_start", "index": 0, "content_block": _TEXT_BLOCK}
            delta = {"type": "text_delta", "text": text}
            return _payload(api, start) + _payload(
                api, {"type": "content_block_delta", "index": 0, "delta": delta}
            )


_TEXT_BLOCK = {"type": "text", "text": ""}


def _pings_forever(api: Api, interval_text: str | None = None) -> Body:
    def body(request: Mapping[str, Any]) -> Iterator[bytes]:
        yield _opening(api)
        if interval_text is not None:
            yield _text_event(api, interval_text)
        while True:
            yield _keep_alive(api)
            yield b": keep-alive\n\n"

    return body


def _endless_after_end(api: Api) -> Body:
    """A whole answer, then its text again and keep-alives forever."""
    turn = model_turn(api, ["Hello", " there."])

    def body(request: Mapping[str, Any]) -> Iterator[bytes]:
        yield rendered(turn, request)
        yield _text_event(api, "Again")
        while True:
            yield _keep_alive(api)

    return body


def _one_long_line(api: Api, size: int) -> Body:
    """A ``data:`` line of ``size`` bytes that never ends, in pieces of 1 MiB."""

    def body(request: Mapping[str, Any]) -> Iterator[bytes]:
        yield _opening(api)
        yield b"data: "
        piece = b"x" * (1024 * 1024)
        for _ in range(size // len(piece)):
            yield piece
        yield b"\n\n"

    return body


def _gzip_bomb(api: Api, size: int) -> Body:
    """A gzip body that inflates to ``size`` bytes of one line, compressed as it is sent.

    Compressing all of it before the first byte would take longer than the deadline the tests
    give the answer (about 1.4 s for 300 MB); compressed piece by piece, the first megabytes
    leave at once and Studio refuses them before the rest is ever compressed.
    """

    def body(request: Mapping[str, Any]) -> Iterator[bytes]:
        compressor = zlib.compressobj(9, zlib.DEFLATED, 16 + zlib.MAX_WBITS)
        yield compressor.compress(_opening(api) + b"data: ")
        piece = b"x" * (1024 * 1024)
        for _ in range(size // len(piece)):
            yield compressor.compress(piece)
        yield compressor.compress(b"\n\n") + compressor.flush()

    return body


def _utf16_without_bom(data: bytes) -> Iterable[bytes]:
    return [data.decode().encode("utf-16-le")]


def _gzipped(data: bytes) -> Iterable[bytes]:
    return [gzip.compress(data)]


# --- The cases ------------------------------------------------------------------------------------

Expect = Literal["error", "answer", "invalid-call"]
"""What Studio must make of a case: a one-line provider error (the partial text kept), an answer
with the expected text, or a round whose call is refused as invalid before the next request."""


@dataclasses.dataclass(frozen=True, kw_only=True)
class HostileCase:
    """One hostile answer for one API, and what Studio must make of it.

    Attributes:
        name: The class of hostile answer, for the test id.
        api: The wire API.
        turns: The answers to the requests of the run, in order.
        expect: What the run must end with.
        text: For ``"answer"``, the answer's exact text; for ``"error"``, text that must have
            been kept before the error (empty when none is due).
        message: Words the error message must contain.
        stalls: Whether the case hangs until Studio's progress deadline ends it (or, after
            the end marker, the shorter wait for the body's end).
    """

    name: str
    api: Api
    turns: tuple[Turn, ...]
    expect: Expect
    text: str = ""
    message: str = ""
    stalls: bool = False

    @property
    def id(self) -> str:
        return f"{self.name}-{self.api}"


def _cases_for(api: Api) -> list[HostileCase]:
    cases: list[HostileCase] = []

    def add(name: str, *turns: Turn, expect: Expect, **fields: Any) -> None:
        cases.append(HostileCase(name=name, api=api, turns=turns, expect=expect, **fields))

    # Decoding: only text encodings are honoured.
    for codec in ("rot13", "base64", "hex", "zlib", "idna", "uu", "no-such-codec"):
        add(
            f"charset-{codec}",
            spoiled(api, _whole, content_type=f"{_SSE}; charset={codec}"),
            expect="error",
            message="character set",
        )
    add(
        "utf16-without-bom",
        spoiled(api, _utf16_without_bom, content_type=f"{_SSE}; charset=utf-16"),
        expect="error",
        message="character set",
    )
    add(
        "utf16-with-bom",
        spoiled(
            api,
            lambda data: [data.decode().encode("utf-16")],
            content_type=f"{_SSE}; charset=utf-16",
        ),
        expect="answer",
        text="Hello there.",
    )
    add(
        "latin-1",
        spoiled(api, _whole, content_type=f"{_SSE}; charset=latin-1"),
        expect="answer",
        text="Hello there.",
    )
    # Well-formed text: a lone surrogate is replaced where it enters.
    add(
        "lone-surrogate-text",
        model_turn(api, ["Broken \ud800 text", "."]),
        expect="answer",
        text="Broken \ufffd text.",
    )
    add(
        "lone-surrogate-arguments",
        model_turn(api, calls=[ToolCall(name="echo", arguments={"text": "a\udc00b"}, id="c1")]),
        model_turn(api, ["Done."]),
        expect="answer",
        text="Done.",
    )
    for number in ("NaN", "Infinity", "-Infinity", "1e400"):
        add(
            f"number-{number}",
            model_turn(
                api,
                calls=[ToolCall(name="echo", arguments=f'{{"text": "x", "n": {number}}}', id="c1")],
            ),
            model_turn(api, ["Done."]),
            expect="invalid-call",
            text="Done.",
        )
    # Size: one line and a whole body are capped.
    add(
        "long-line",
        HostileTurn(api=api, body=_one_long_line(api, 50 * 1024 * 1024)),
        expect="error",
        message="too large",
    )
    add(
        "gzip-bomb",
        HostileTurn(api=api, body=_gzip_bomb(api, LARGEST_CASE_BYTES), content_encoding="gzip"),
        expect="error",
        message="too large",
    )
    add(
        "gzipped",
        spoiled(api, _gzipped, content_encoding="gzip"),
        expect="answer",
        text="Hello there.",
    )
    # Stream correctness: nothing after the end marker is applied.
    add("repeated-stream", spoiled(api, _twice), expect="answer", text="Hello there.")
    add(
        "endless-after-end",
        HostileTurn(api=api, body=_endless_after_end(api), interval=0.01),
        expect="answer",
        text="Hello there.",
        stalls=True,
    )
    # Deadlines: no content progress for the provider's time ends the answer.
    add(
        "endless-pings",
        HostileTurn(api=api, body=_pings_forever(api, "Partial"), interval=0.01),
        expect="error",
        text="Partial",
        message="no new content",
        stalls=True,
    )
    add(
        "trickle",
        spoiled(api, _bytewise, interval=0.02),
        expect="error",
        message="no new content",
        stalls=True,
    )
    # A round with neither text nor calls.
    add("empty-round", model_turn(api), expect="error", message="invalid tool calling response")
    return cases


def _duplicate_call_ids() -> HostileCase:
    calls = [
        ToolCall(name="echo", arguments={"text": "one"}, id="call_same"),
        ToolCall(name="echo", arguments={"text": "two"}, id="call_same"),
    ]
    return HostileCase(
        name="duplicate-call-ids",
        api="chat_completions",
        turns=(
            model_turn("chat_completions", calls=calls),
            model_turn("chat_completions", ["Done."]),
        ),
        expect="answer",
        text="Done.",
    )


CASES: tuple[HostileCase, ...] = (
    *(case for api in APIS for case in _cases_for(api)),
    _duplicate_call_ids(),
)
"""Every case, for every API."""
