"""A small HTTP server on loopback that answers with scripted responses and records requests.

Tests of HTTP clients run the real client over real HTTP against this server (HS-24), then
assert on what the server received. Each path answers with its route, or first with the answers
queued for it; anything else gets a JSON 404. Answers may be slow (``delay``), chunked without a
length, or of any status and media type, which is what client error handling needs.

The server runs in its own threads, so it never depends on the test's event loop, and it binds
``127.0.0.1`` only, so the network guard lets the client in.
"""

from __future__ import annotations

import collections
import json
import socketserver
import threading
from collections.abc import Iterator
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from types import TracebackType
from typing import Any
from urllib.parse import parse_qs, urlsplit

__all__ = ["JsonServer", "RecordedRequest", "ScriptedAnswer"]


@dataclass(frozen=True, kw_only=True)
class ScriptedAnswer:
    """One response the server sends."""

    status: int = 200
    body: bytes = b""
    content_type: str | None = "application/json"
    headers: tuple[tuple[str, str], ...] = ()
    delay: float = 0.0
    """Seconds to wait before answering; closing the server cuts the wait short."""
    chunked: bool = False
    """Send the body in chunks without a Content-Length, as a streaming server does."""
    chunk_size: int = 64 * 1024

    @classmethod
    def json(cls, document: Any, *, status: int = 200, **options: Any) -> ScriptedAnswer:
        """An answer with ``document`` encoded as JSON."""
        return cls(status=status, body=json.dumps(document).encode("utf-8"), **options)

    @classmethod
    def file(cls, path: Path, **options: Any) -> ScriptedAnswer:
        """An answer with the bytes of ``path``, unchanged."""
        return cls(body=path.read_bytes(), **options)

    @classmethod
    def html(cls, text: str, *, status: int = 200) -> ScriptedAnswer:
        """A web page, as a proxy or a login screen sends it."""
        return cls(
            status=status, body=text.encode("utf-8"), content_type="text/html; charset=utf-8"
        )


@dataclass(frozen=True, kw_only=True)
class RecordedRequest:
    """One request the server received."""

    method: str
    path: str
    query: dict[str, list[str]]
    """The decoded query parameters, blank values kept."""
    raw_query: str
    headers: dict[str, str] = field(default_factory=dict)
    """The headers, names in lower case."""


class JsonServer:
    """A threaded HTTP/1.1 server on ``127.0.0.1`` with scripted routes.

    Use it as a context manager, or call :meth:`start` and :meth:`close`.
    """

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._routes: dict[str, ScriptedAnswer] = {}
        self._queues: dict[str, collections.deque[ScriptedAnswer]] = {}
        self._requests: list[RecordedRequest] = []
        self._hits: collections.Counter[str] = collections.Counter()
        self.closing = threading.Event()
        self._server = _Server(("127.0.0.1", 0), _Handler)
        self._server.owner = self
        self._thread = threading.Thread(
            target=self._server.serve_forever, kwargs={"poll_interval": 0.02}, daemon=True
        )

    @property
    def url(self) -> str:
        """The server's origin, such as ``http://127.0.0.1:40123``."""
        host, port = self._server.server_address[:2]
        return f"http://{host!s}:{port}"

    @property
    def requests(self) -> list[RecordedRequest]:
        """Every request received so far, oldest first."""
        with self._lock:
            return list(self._requests)

    def route(self, path: str, answer: ScriptedAnswer) -> None:
        """Answer every request to ``path`` with ``answer`` (after any queued answers)."""
        with self._lock:
            self._routes[path] = answer

    def enqueue(self, path: str, *answers: ScriptedAnswer) -> None:
        """Answer the next requests to ``path`` with ``answers``, one each, in order."""
        with self._lock:
            self._queues.setdefault(path, collections.deque()).extend(answers)

    def hits(self, path: str | None = None) -> int:
        """How many requests reached ``path``, or the server at all."""
        with self._lock:
            return self._hits[path] if path is not None else sum(self._hits.values())

    def start(self) -> JsonServer:
        """Start serving in a background thread."""
        self._thread.start()
        return self

    def close(self) -> None:
        """Stop serving, cut slow answers short and release the port."""
        self.closing.set()
        self._server.shutdown()
        self._server.server_close()
        self._thread.join(timeout=5)

    def __enter__(self) -> JsonServer:
        return self.start()

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        self.close()

    def _answer_for(self, request: RecordedRequest) -> ScriptedAnswer:
        with self._lock:
            self._requests.append(request)
            self._hits[request.path] += 1
            queue = self._queues.get(request.path)
            if queue:
                return queue.popleft()
            answer = self._routes.get(request.path)
        if answer is None:
            return ScriptedAnswer.json({"error": f"no route for {request.path}"}, status=404)
        return answer


class _Server(ThreadingHTTPServer):
    daemon_threads = True
    owner: JsonServer

    def server_bind(self) -> None:
        # HTTPServer.server_bind looks up the host's full name; a test needs no name look-up.
        socketserver.TCPServer.server_bind(self)
        host, port = self.server_address[:2]
        self.server_name = str(host)
        self.server_port = int(port)

    def handle_error(self, request: Any, client_address: Any) -> None:
        # A client that hangs up early (a timeout, a size cap) is what some tests are about.
        pass


class _Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    server: _Server

    def do_GET(self) -> None:
        self._respond()

    def do_POST(self) -> None:
        length = int(self.headers.get("content-length") or 0)
        self.rfile.read(length)
        self._respond()

    def log_message(self, format: str, *args: Any) -> None:
        pass  # Keep the test output clean.

    def _respond(self) -> None:
        owner = self.server.owner
        parts = urlsplit(self.path)
        request = RecordedRequest(
            method=self.command,
            path=parts.path,
            query=parse_qs(parts.query, keep_blank_values=True),
            raw_query=parts.query,
            headers={name.lower(): value for name, value in self.headers.items()},
        )
        answer = owner._answer_for(request)
        if answer.delay and owner.closing.wait(answer.delay):
            self.close_connection = True
            return
        try:
            self._send(answer)
        except (BrokenPipeError, ConnectionResetError):
            self.close_connection = True

    def _send(self, answer: ScriptedAnswer) -> None:
        self.send_response(answer.status)
        if answer.content_type is not None:
            self.send_header("Content-Type", answer.content_type)
        for name, value in answer.headers:
            self.send_header(name, value)
        names = {name.lower() for name, _ in answer.headers}
        if answer.chunked:
            self.send_header("Transfer-Encoding", "chunked")
        elif "content-length" not in names:
            self.send_header("Content-Length", str(len(answer.body)))
        self.end_headers()
        if not answer.chunked:
            self.wfile.write(answer.body)
            return
        for chunk in _chunks(answer.body, answer.chunk_size):
            self.wfile.write(b"%X\r\n%s\r\n" % (len(chunk), chunk))
        self.wfile.write(b"0\r\n\r\n")


def _chunks(body: bytes, size: int) -> Iterator[bytes]:
    for start in range(0, len(body), size):
        yield body[start : start + size]
