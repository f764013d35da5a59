"""A fake model provider: a real HTTP server on loopback that speaks the three wire APIs (HS-24).

It serves ``POST /v1/chat/completions`` (OpenAI Chat Completions), ``POST /v1/responses``
(OpenAI Responses) and ``POST /v1/messages`` (Anthropic Messages). A test scripts the answers
with :meth:`FakeProviderServer.enqueue`, in order, whatever the API; each request takes the next
turn. A request with ``"stream": true`` gets Server-Sent Events (``text/event-stream``, chunked),
any other the JSON body. The server records every request, and the ``fake_provider`` fixture
fails the test if a request found no fitting turn or a scripted turn was never used::

    def test_adapter_sends_the_tool_result(fake_provider):
        fake_provider.enqueue(
            fake.anthropic_turn(tool_uses=[fake.ToolCall(name="web_search", arguments={"q": "x"})]),
            fake.anthropic_turn(["Done."]),
        )
        ...  # point the code under test at fake_provider.url and run it
        second = fake_provider.requests[1]
        openapi_schemas.validate_request("anthropic", second.json)  # the official schema
        assert second.json["messages"][-1]["content"][0]["tool_use_id"] == "toolu_fake0"

Why ``http.server.ThreadingHTTPServer`` and not an asyncio server: the fake must answer both
synchronous clients (the official SDKs, called from the test's thread) and asynchronous ones
(Studio's ``httpx.AsyncClient`` on the test's event loop), so it must not share the test's loop;
a thread per connection does that without a second loop to manage. The stdlib parses HTTP/1.1
and keeps connections alive; the socket file is unbuffered (``wbufsize = 0``) and Nagle is off,
so each SSE event is one chunk written with one ``sendall`` and reaches the client at once.
Between the events of a slowed turn, the handler waits on the socket itself, so it notices at
once when a client hangs up (a cancelled stream) and records it.
"""

from __future__ import annotations

import collections
import contextlib
import dataclasses
import gzip
import http.server
import json
import select
import socket
import socketserver
import sys
import threading
import time
import traceback
import zlib
from collections.abc import Iterator, Mapping
from typing import Any, Literal

import pytest

from tests.support.anthropic_turns import AnthropicTurn, anthropic_turn
from tests.support.chat_turns import ChatTurn, chat_turn
from tests.support.openapi_schemas import Api
from tests.support.responses_turns import Reasoning, ResponsesTurn, responses_turn
from tests.support.sse_builders import (
    Delivery,
    ErrorTurn,
    ModelTurn,
    Reply,
    SseEvent,
    ToolCall,
    Turn,
    Usage,
    anthropic_error,
    openai_error,
)

__all__ = [
    "PATHS",
    "AnthropicTurn",
    "ChatTurn",
    "Delivery",
    "ErrorTurn",
    "Exchange",
    "FakeProviderServer",
    "ModelTurn",
    "Outcome",
    "Reasoning",
    "RecordedRequest",
    "ResponsesTurn",
    "SseEvent",
    "ToolCall",
    "Turn",
    "Usage",
    "anthropic_error",
    "anthropic_turn",
    "chat_turn",
    "fake_provider",
    "openai_error",
    "responses_turn",
]

PATHS: Mapping[str, Api] = {
    "/v1/chat/completions": "chat_completions",
    "/v1/responses": "responses",
    "/v1/messages": "anthropic",
}
"""The served paths and their APIs."""

Outcome = Literal["answered", "streamed", "cut", "client-closed", "refused"]
"""How an exchange ended: a JSON body sent, a stream sent whole, a stream cut on purpose, a
client that hung up during the stream, or a request the server could not answer (a problem)."""

_IDLE_TIMEOUT = 30.0
"""Seconds a kept-alive connection may sit idle before its handler thread gives up."""


@dataclasses.dataclass(frozen=True, kw_only=True)
class RecordedRequest:
    """One request as the server received it."""

    method: str
    path: str
    headers: Mapping[str, str]
    """Header names in lower case."""
    body: bytes
    """The body, decoded if it was sent compressed."""
    json: Any
    """The parsed body, or None if it was not JSON."""

    @property
    def api(self) -> Api | None:
        """The API of the path, if the server serves it."""
        return PATHS.get(self.path.partition("?")[0])


class Exchange:
    """A recorded request, the turn that answered it, and how the answer ended."""

    def __init__(self, request: RecordedRequest, turn: Turn | None) -> None:
        self.request = request
        self.turn = turn
        self.outcome: Outcome | None = None
        self._ended = threading.Event()

    def end(self, outcome: Outcome) -> None:
        """Record the outcome (called by the server)."""
        self.outcome = outcome
        self._ended.set()

    def wait(self, timeout: float = 5.0) -> Outcome:
        """Wait until the server has finished this exchange, and return how it ended."""
        if not self._ended.wait(timeout):
            raise TimeoutError(f"the exchange for {self.request.path} did not end in {timeout}s")
        assert self.outcome is not None
        return self.outcome


class _ClientGone(Exception):
    pass


class _HTTPServer(http.server.ThreadingHTTPServer):
    # Non-daemon handler threads, so server_close() joins them: nothing outlives the fixture.
    daemon_threads = False

    def __init__(self, fake: FakeProviderServer) -> None:
        self.fake = fake
        super().__init__(("127.0.0.1", 0), _Handler)

    def server_bind(self) -> None:
        # HTTPServer.server_bind would look up the host's fully qualified name; not needed.
        socketserver.TCPServer.server_bind(self)
        self.server_name = "127.0.0.1"
        self.server_port = self.server_address[1]

    def handle_error(self, request: Any, client_address: Any) -> None:
        # A client may reset a kept-alive connection between requests (an SDK that stops
        # reading at [DONE] leaves the final chunk unread); real servers shrug that off too.
        if isinstance(sys.exc_info()[1], ConnectionError):
            return
        self.fake._problem(f"the fake provider failed:\n{traceback.format_exc()}")


class _Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    disable_nagle_algorithm = True
    timeout = _IDLE_TIMEOUT
    server: _HTTPServer

    def setup(self) -> None:
        super().setup()
        self.server.fake._connection_opened(self.connection)

    def finish(self) -> None:
        self.server.fake._connection_closed(self.connection)
        with contextlib.suppress(OSError):
            super().finish()

    def log_message(self, format: str, *args: Any) -> None:
        """Keep the test output quiet; the server records what matters."""

    def do_POST(self) -> None:
        self.server.fake._handle(self)

    do_GET = do_PUT = do_PATCH = do_DELETE = do_POST

    def read_body(self) -> bytes:
        """The request body, de-chunked and decompressed."""
        if self.headers.get("transfer-encoding", "").lower() == "chunked":
            parts = []
            while size := int(self.rfile.readline().split(b";")[0].strip() or b"0", 16):
                parts.append(self.rfile.read(size))
                self.rfile.readline()
            while self.rfile.readline() not in (b"\r\n", b"\n", b""):
                pass
            body = b"".join(parts)
        else:
            body = self.rfile.read(int(self.headers.get("content-length") or 0))
        encoding = self.headers.get("content-encoding", "").lower()
        if encoding == "gzip":
            return gzip.decompress(body)
        if encoding == "deflate":
            return zlib.decompress(body)
        return body

    def send_head(self, status: int, headers: list[tuple[str, str]]) -> None:
        """The status line and headers."""
        self.send_response(status)
        for name, value in headers:
            self.send_header(name, value)
        self.end_headers()

    def send_chunk(self, data: bytes) -> None:
        """One HTTP chunk, written at once (an empty ``data`` ends the body)."""
        try:
            self.wfile.write(b"%x\r\n%s\r\n" % (len(data), data))
        except OSError as error:
            raise _ClientGone from error

    def pause(self, seconds: float) -> None:
        """Wait ``seconds``, unless the client hangs up first (then raise :class:`_ClientGone`)."""
        deadline = time.monotonic() + seconds
        while (remaining := deadline - time.monotonic()) > 0:
            readable, _, _ = select.select([self.connection], [], [], remaining)
            if not readable:
                return
            try:
                waiting = self.connection.recv(1, socket.MSG_PEEK)
            except OSError as error:
                raise _ClientGone from error
            if not waiting:
                raise _ClientGone
            # The client sent more (a pipelined request); it is read after this answer.
            self.server.fake._stopping.wait(remaining)
            return

    def abort(self) -> None:
        """Drop the connection without ending the body."""
        self.close_connection = True
        with contextlib.suppress(OSError):
            self.connection.shutdown(socket.SHUT_RDWR)


class FakeProviderServer:
    """The fake provider; use it as a context manager, or through the ``fake_provider`` fixture.

    Attributes:
        url: ``http://127.0.0.1:<port>``, without the ``/v1`` prefix.
        problems: What went wrong on the server's side: a request without a turn queued, a turn
            for another API, a body that was not JSON. :meth:`check` fails on them.
    """

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._turns: collections.deque[Turn] = collections.deque()
        self._exchanges: list[Exchange] = []
        self._open: set[socket.socket] = set()
        self._connections = 0
        self._stopping = threading.Event()
        self.problems: list[str] = []
        self._server = _HTTPServer(self)
        self._thread = threading.Thread(
            target=self._server.serve_forever, name="fake-provider", kwargs={"poll_interval": 0.05}
        )
        self.url = f"http://127.0.0.1:{self._server.server_port}"

    def __enter__(self) -> FakeProviderServer:
        self._thread.start()
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.stop()

    def stop(self) -> None:
        """Stop serving, hang up on open connections and wait for the handler threads."""
        self._stopping.set()
        if self._thread.is_alive():
            self._server.shutdown()
            self._thread.join()
        with self._lock:
            still_open = list(self._open)
        for connection in still_open:
            with contextlib.suppress(OSError):
                connection.shutdown(socket.SHUT_RDWR)
        self._server.server_close()

    def enqueue(self, *turns: Turn) -> None:
        """Queue the answers to the next requests, in order."""
        with self._lock:
            self._turns.extend(turns)

    @property
    def pending_turns(self) -> int:
        """How many queued turns no request has taken yet."""
        with self._lock:
            return len(self._turns)

    @property
    def exchanges(self) -> list[Exchange]:
        """Every exchange so far, oldest first."""
        with self._lock:
            return list(self._exchanges)

    @property
    def requests(self) -> list[RecordedRequest]:
        """Every request so far, oldest first."""
        return [exchange.request for exchange in self.exchanges]

    @property
    def last_request(self) -> RecordedRequest:
        """The latest request."""
        requests = self.requests
        assert requests, "the fake provider received no request"
        return requests[-1]

    @property
    def connections(self) -> int:
        """How many TCP connections clients opened (keep-alive reuses one)."""
        with self._lock:
            return self._connections

    def check(self) -> None:
        """Fail if the server had a problem or a queued turn was never used."""
        lines = list(self.problems)
        if pending := self.pending_turns:
            lines.append(f"{pending} scripted turn(s) were never requested")
        if lines:
            raise AssertionError("the fake provider:\n" + "\n".join(lines))

    def _problem(self, message: str) -> None:
        with self._lock:
            self.problems.append(message)

    def _connection_opened(self, connection: socket.socket) -> None:
        with self._lock:
            self._open.add(connection)
            self._connections += 1
        if self._stopping.is_set():
            # Accepted just before stop() looked at the open connections.
            with contextlib.suppress(OSError):
                connection.shutdown(socket.SHUT_RDWR)

    def _connection_closed(self, connection: socket.socket) -> None:
        with self._lock:
            self._open.discard(connection)

    def _handle(self, handler: _Handler) -> None:
        body = handler.read_body()
        try:
            parsed = json.loads(body) if body else None
        except ValueError:
            parsed = None
        request = RecordedRequest(
            method=handler.command,
            path=handler.path,
            headers={name.lower(): value for name, value in handler.headers.items()},
            body=body,
            json=parsed,
        )
        turn, refusal = self._take_turn(request)
        exchange = Exchange(request, turn)
        with self._lock:
            self._exchanges.append(exchange)
        if turn is None or refusal is not None:
            self._problem(refusal or "unreachable")
            self._send_json(handler, request, Reply(status=500, body={"error": refusal}))
            exchange.end("refused")
            return
        reply = turn.reply(request.json)
        try:
            if reply.events is None:
                handler.pause(turn.delivery.delay)
                self._send_json(handler, request, reply)
                exchange.end("answered")
            else:
                exchange.end(self._stream(handler, request, reply, turn.delivery))
        except _ClientGone:
            handler.close_connection = True
            exchange.end("client-closed")

    def _take_turn(self, request: RecordedRequest) -> tuple[Turn | None, str | None]:
        where = f"{request.method} {request.path}"
        if request.method != "POST" or request.api is None:
            return None, f"{where}: the fake provider serves only POST to {sorted(PATHS)}"
        if not isinstance(request.json, dict):
            return None, f"{where}: the body is not a JSON object: {request.body[:200]!r}"
        with self._lock:
            turn = self._turns.popleft() if self._turns else None
        if turn is None:
            return None, f"{where}: no scripted turn was left for this request"
        if request.api not in turn.apis:
            return turn, f"{where}: the next scripted turn is for {sorted(turn.apis)}"
        return turn, None

    def _common_headers(self, request: RecordedRequest) -> list[tuple[str, str]]:
        number = len(self.exchanges)
        name = "request-id" if request.api == "anthropic" else "x-request-id"
        return [(name, f"req_fake{number}")]

    def _send_json(self, handler: _Handler, request: RecordedRequest, reply: Reply) -> None:
        data = json.dumps(reply.body).encode()
        headers = [
            *self._common_headers(request),
            ("content-type", "application/json"),
            ("content-length", str(len(data))),
            *reply.headers,
        ]
        try:
            handler.send_head(reply.status, headers)
            handler.wfile.write(data)
        except OSError as error:
            raise _ClientGone from error

    def _stream(
        self, handler: _Handler, request: RecordedRequest, reply: Reply, delivery: Delivery
    ) -> Outcome:
        assert reply.events is not None
        headers = [
            *self._common_headers(request),
            ("content-type", "text/event-stream; charset=utf-8"),
            ("cache-control", "no-cache"),
            ("transfer-encoding", "chunked"),
            *reply.headers,
        ]
        try:
            handler.send_head(reply.status, headers)
        except OSError as error:
            raise _ClientGone from error
        events = reply.events
        end = len(events) if delivery.cut_after is None else min(delivery.cut_after, len(events))
        for index in range(end + 1):
            for _, line in (item for item in delivery.unreadable if item[0] == index):
                handler.send_chunk(line.rstrip("\n").encode() + b"\n\n")
            if index == end:
                break
            handler.pause(delivery.delay)
            handler.send_chunk(events[index].encode())
        if delivery.cut_after is None or delivery.clean_end:
            handler.send_chunk(b"")
            return "streamed" if delivery.cut_after is None else "cut"
        handler.abort()
        return "cut"


@pytest.fixture
def fake_provider() -> Iterator[FakeProviderServer]:
    """A started :class:`FakeProviderServer`; the test fails if it had a problem.

    Register it with ``fake_provider = fake.fake_provider`` in a test module (``fake`` being this
    module), or through ``pytest_plugins`` in the root conftest.
    """
    with FakeProviderServer() as server:
        yield server
    server.check()
