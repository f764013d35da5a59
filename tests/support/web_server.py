"""A scripted web server on loopback, for testing the retrieval service over real HTTP (HS-24).

The server runs on the test's event loop and listens on ``127.0.0.1``, and on ``::1`` with the
same port when asked, so the network guard lets the client in. It writes every response byte by
byte as scripted, which lets a test send what a well-behaved server library never would: a
redirect without ``Location``, a body larger than its headers admit, a gzip bomb, headers and
then silence. It records what the retrieval service did on the wire: each request's headers,
the local address the client connected to (the validated IP), the TLS server name (SNI), and
whether the client hung up before the body was sent.
"""

from __future__ import annotations

import asyncio
import contextlib
import datetime
import ipaddress
import ssl
from collections.abc import AsyncIterator, Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509.oid import NameOID

__all__ = ["ReceivedRequest", "Reply", "ScriptedWebServer", "TestCertificates"]

Body = bytes | Iterable[bytes] | Callable[[], AsyncIterator[bytes]]


@dataclass(frozen=True, kw_only=True)
class Reply:
    """One scripted response."""

    status: int = 200
    headers: tuple[tuple[str, str], ...] = ()
    body: Body = b""
    """Bytes, chunks, or a factory of an async iterator of chunks."""
    content_length: bool = True
    """Send ``Content-Length`` (bytes bodies only); ``chunked`` overrides it."""
    chunked: bool = False
    """Send the body with ``Transfer-Encoding: chunked`` and no length."""
    delay: float = 0.0
    """Seconds to wait before the status line."""
    wait_for_close: float = 0.0
    """After the headers, wait this long for the client to hang up before sending the body."""

    @classmethod
    def text(
        cls,
        text: str,
        content_type: str = "text/html; charset=utf-8",
        *,
        headers: tuple[tuple[str, str], ...] = (),
        **options: Any,
    ) -> Reply:
        """A body encoded as UTF-8 with the given ``Content-Type``."""
        return cls(
            body=text.encode("utf-8"), headers=(("Content-Type", content_type), *headers), **options
        )

    @classmethod
    def redirect(cls, location: str | None, status: int = 302) -> Reply:
        """A redirect; ``None`` leaves out the ``Location`` header."""
        headers = () if location is None else (("Location", location),)
        return cls(status=status, headers=headers)


@dataclass(frozen=True, kw_only=True)
class ReceivedRequest:
    """One request as the server saw it."""

    method: str
    target: str
    headers: tuple[tuple[str, str], ...]
    """The headers as sent, in order, names as written."""
    local_address: str
    """The server address the client connected to: the IP the retrieval service chose."""
    server_name: str | None
    """The TLS server name (SNI) the client sent, or ``None`` for plain HTTP."""

    def header(self, name: str) -> str | None:
        """The first value of header ``name`` (any case), or ``None``."""
        for key, value in self.headers:
            if key.lower() == name.lower():
                return value
        return None


@dataclass
class ScriptedWebServer:
    """Routes paths to scripted replies and records what arrived.

    Attributes:
        routes: Reply per request target (path and query); unknown targets get a 404.
        requests: Every request received, in order.
        closed_before_body: Targets whose client hung up while a reply waited to send its body.
        keep_alive: Serve several requests per connection, as most real servers do; by default
            every reply closes its connection.
        connections: How many connections the server accepted.
    """

    routes: dict[str, Reply] = field(default_factory=dict)
    requests: list[ReceivedRequest] = field(default_factory=list)
    closed_before_body: list[str] = field(default_factory=list)
    keep_alive: bool = False
    connections: int = 0
    port: int = 0
    _servers: list[asyncio.Server] = field(default_factory=list)
    _handlers: set[asyncio.Task[None]] = field(default_factory=set)
    _server_names: dict[int, str | None] = field(default_factory=dict)

    @property
    def hits(self) -> int:
        """How many requests arrived."""
        return len(self.requests)

    @property
    def open_connections(self) -> int:
        """How many connections the server is still serving."""
        return len(self._handlers)

    def route(self, target: str, reply: Reply) -> None:
        """Answer requests for ``target`` with ``reply``."""
        self.routes[target] = reply

    async def start(
        self, *, ipv6: bool = False, ssl_context: ssl.SSLContext | None = None
    ) -> ScriptedWebServer:
        """Listen on ``127.0.0.1`` (and ``::1`` on the same port when ``ipv6``)."""
        if ssl_context is not None:
            ssl_context.sni_callback = self._remember_server_name
        server = await asyncio.start_server(self._handle, "127.0.0.1", 0, ssl=ssl_context)
        self._servers.append(server)
        self.port = server.sockets[0].getsockname()[1]
        if ipv6:
            server = await asyncio.start_server(self._handle, "::1", self.port, ssl=ssl_context)
            self._servers.append(server)
        return self

    async def aclose(self) -> None:
        """Stop listening and end every connection still open."""
        for server in self._servers:
            server.close()
        for task in list(self._handlers):
            task.cancel()
        await asyncio.gather(*self._handlers, return_exceptions=True)
        for server in self._servers:
            await server.wait_closed()

    def _remember_server_name(
        self, connection: ssl.SSLObject | ssl.SSLSocket, name: str | None, _context: object
    ) -> None:
        self._server_names[id(connection)] = name

    async def _handle(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        task = asyncio.current_task()
        assert task is not None
        self._handlers.add(task)
        self.connections += 1
        try:
            await self._serve(reader, writer)
            while self.keep_alive and not reader.at_eof():
                await self._serve(reader, writer)
        except (ConnectionError, asyncio.IncompleteReadError, ssl.SSLError):
            pass  # The client hung up: exactly what several tests make it do.
        finally:
            self._handlers.discard(task)
            writer.close()
            with contextlib.suppress(ConnectionError, ssl.SSLError):
                await writer.wait_closed()

    async def _serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        head = await reader.readuntil(b"\r\n\r\n")
        request_line, *lines = head.decode("latin-1").split("\r\n")
        method, target, _version = request_line.split(" ", 2)
        headers = tuple(
            (name.strip(), value.strip())
            for name, _, value in (line.partition(":") for line in lines if line)
        )
        ssl_object = writer.get_extra_info("ssl_object")
        self.requests.append(
            ReceivedRequest(
                method=method,
                target=target,
                headers=headers,
                local_address=writer.get_extra_info("sockname")[0],
                server_name=self._server_names.get(id(ssl_object)) if ssl_object else None,
            )
        )
        reply = self.routes.get(target) or Reply.text("not found", "text/plain", status=404)
        await self._send(reply, target, reader, writer)

    async def _send(
        self,
        reply: Reply,
        target: str,
        reader: asyncio.StreamReader,
        writer: asyncio.StreamWriter,
    ) -> None:
        if reply.delay:
            await asyncio.sleep(reply.delay)
        headers = [*reply.headers, *([] if self.keep_alive else [("Connection", "close")])]
        if reply.chunked:
            headers.append(("Transfer-Encoding", "chunked"))
        elif reply.content_length and isinstance(reply.body, bytes):
            headers.append(("Content-Length", str(len(reply.body))))
        lines = [f"HTTP/1.1 {reply.status} Scripted", *(f"{k}: {v}" for k, v in headers)]
        writer.write(("\r\n".join(lines) + "\r\n\r\n").encode("latin-1"))
        await writer.drain()
        if reply.wait_for_close:
            try:
                # A client that refuses the response closes the connection: read() sees EOF.
                data = await asyncio.wait_for(reader.read(1), reply.wait_for_close)
            except TimeoutError:
                data = b"still open"
            if not data:
                self.closed_before_body.append(target)
                return
        async for chunk in _chunks(reply.body):
            writer.write(b"%x\r\n%s\r\n" % (len(chunk), chunk) if reply.chunked else chunk)
            await writer.drain()
        if reply.chunked:
            writer.write(b"0\r\n\r\n")
            await writer.drain()


async def _chunks(body: Body) -> AsyncIterator[bytes]:
    if isinstance(body, bytes):
        if body:
            yield body
    elif callable(body):
        async for chunk in body():
            yield chunk
    else:
        for chunk in body:
            yield chunk


@dataclass(frozen=True)
class TestCertificates:
    """A throw-away CA and a server certificate it signed, for TLS on loopback.

    Attributes:
        ca_pem: The CA certificate; the client trusts only this.
        cert_file: The server certificate (PEM), for ``load_cert_chain``.
        key_file: The server key (PEM).
    """

    __test__ = False  # Not a test class, despite the name.

    ca_pem: str
    cert_file: Path
    key_file: Path

    @classmethod
    def issue(cls, folder: Path, names: Iterable[str]) -> TestCertificates:
        """Create a CA and a certificate for ``names`` (DNS names or IP addresses)."""
        now = datetime.datetime.now(datetime.UTC)
        ca_key = ec.generate_private_key(ec.SECP256R1())
        ca_name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "Studio test CA")])
        ca = (
            x509.CertificateBuilder()
            .subject_name(ca_name)
            .issuer_name(ca_name)
            .public_key(ca_key.public_key())
            .serial_number(x509.random_serial_number())
            .not_valid_before(now - datetime.timedelta(minutes=5))
            .not_valid_after(now + datetime.timedelta(hours=1))
            .add_extension(x509.BasicConstraints(ca=True, path_length=0), critical=True)
            .add_extension(
                x509.KeyUsage(
                    digital_signature=True,
                    content_commitment=False,
                    key_encipherment=False,
                    data_encipherment=False,
                    key_agreement=False,
                    key_cert_sign=True,
                    crl_sign=True,
                    encipher_only=False,
                    decipher_only=False,
                ),
                critical=True,
            )
            .add_extension(
                x509.SubjectKeyIdentifier.from_public_key(ca_key.public_key()), critical=False
            )
            .sign(ca_key, hashes.SHA256())
        )
        key = ec.generate_private_key(ec.SECP256R1())
        alternative_names: list[x509.GeneralName] = []
        for name in names:
            try:
                alternative_names.append(x509.IPAddress(ipaddress.ip_address(name)))
            except ValueError:
                alternative_names.append(x509.DNSName(name))
        certificate = (
            x509.CertificateBuilder()
            .subject_name(x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "studio test")]))
            .issuer_name(ca_name)
            .public_key(key.public_key())
            .serial_number(x509.random_serial_number())
            .not_valid_before(now - datetime.timedelta(minutes=5))
            .not_valid_after(now + datetime.timedelta(hours=1))
            .add_extension(x509.SubjectAlternativeName(alternative_names), critical=False)
            .add_extension(x509.BasicConstraints(ca=False, path_length=None), critical=True)
            .add_extension(
                x509.AuthorityKeyIdentifier.from_issuer_public_key(ca_key.public_key()),
                critical=False,
            )
            .sign(ca_key, hashes.SHA256())
        )
        cert_file = folder / "server.pem"
        key_file = folder / "server.key"
        cert_file.write_bytes(certificate.public_bytes(serialization.Encoding.PEM))
        key_file.write_bytes(
            key.private_bytes(
                serialization.Encoding.PEM,
                serialization.PrivateFormat.PKCS8,
                serialization.NoEncryption(),
            )
        )
        return cls(ca.public_bytes(serialization.Encoding.PEM).decode("ascii"), cert_file, key_file)

    def server_context(self) -> ssl.SSLContext:
        """The server side: presents the certificate."""
        context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        context.load_cert_chain(self.cert_file, self.key_file)
        return context

    def client_context(self) -> ssl.SSLContext:
        """The client side: trusts only the test CA, and checks host names as usual."""
        return ssl.create_default_context(cadata=self.ca_pem)
