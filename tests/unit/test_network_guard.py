"""The root conftest's network guard: refuses everything but loopback, before any packet."""

from __future__ import annotations

import asyncio
import contextlib
import socket
import sys
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.support.network import NetworkAccessBlocked, NetworkGuard, is_loopback_host

# TEST-NET-1 (RFC 5737): reserved for documentation, routed nowhere.
UNREACHABLE = ("192.0.2.1", 9)

_connect_audits: list[Any] = []
_recording = threading.Event()


def _audit(event: str, args: tuple[Any, ...]) -> None:
    # CPython raises "socket.connect" after checking the arguments and before the system call,
    # so an attempt that never reaches this hook never sent a packet.
    if _recording.is_set() and event == "socket.connect":
        _connect_audits.append(args[1])


sys.addaudithook(_audit)  # Audit hooks cannot be removed; this one only records when asked.


@pytest.fixture
def connect_audits() -> Iterator[list[Any]]:
    """The addresses that reached the real ``connect`` system call during the test."""
    _connect_audits.clear()
    _recording.set()
    yield _connect_audits
    _recording.clear()
    _connect_audits.clear()


@pytest.fixture
def loopback_echo_server() -> Iterator[tuple[str, int]]:
    """A TCP server on 127.0.0.1 that echoes one message per connection."""
    server = socket.create_server(("127.0.0.1", 0))

    def serve() -> None:
        with server:
            while True:
                try:
                    conn, _ = server.accept()
                except OSError:
                    return
                with conn:
                    conn.sendall(conn.recv(1024))

    thread = threading.Thread(target=serve, daemon=True)
    thread.start()
    host, port = server.getsockname()[:2]
    yield host, port
    server.shutdown(socket.SHUT_RDWR)  # Wakes the blocked accept(); close() alone would not.
    thread.join(timeout=5)
    assert not thread.is_alive()


def test_guard_refuses_connect_before_the_system_call(
    network_guard: NetworkGuard, connect_audits: list[Any]
) -> None:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.setblocking(False)
        with network_guard.expect_blocked() as excinfo:
            sock.connect(UNREACHABLE)
        with pytest.raises(OSError, match=r"not connected|Transport endpoint"):
            sock.getpeername()
    assert excinfo.type is NetworkAccessBlocked
    assert "192.0.2.1" in str(excinfo.value)
    assert connect_audits == []


def test_guard_refuses_connect_ex(network_guard: NetworkGuard, connect_audits: list[Any]) -> None:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock, network_guard.expect_blocked():
        sock.connect_ex(UNREACHABLE)
    assert connect_audits == []


def test_guard_refuses_ipv6_outside_loopback(
    network_guard: NetworkGuard, connect_audits: list[Any]
) -> None:
    if not socket.has_ipv6:
        pytest.skip("this Python has no IPv6 support")
    with socket.socket(socket.AF_INET6, socket.SOCK_STREAM) as sock, network_guard.expect_blocked():
        sock.connect(("2001:db8::1", 9, 0, 0))  # 2001:db8::/32 is for documentation.
    assert connect_audits == []


def test_guard_refuses_create_connection(
    network_guard: NetworkGuard, connect_audits: list[Any]
) -> None:
    with network_guard.expect_blocked():
        socket.create_connection(UNREACHABLE, timeout=1)
    assert connect_audits == []


def test_guard_refuses_udp_datagrams(network_guard: NetworkGuard) -> None:
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as sock:
        with network_guard.expect_blocked():
            sock.sendto(b"query", UNREACHABLE)
        with network_guard.expect_blocked():
            sock.sendto(b"query", 0, UNREACHABLE)


@pytest.mark.parametrize(
    ("lookup", "args"),
    [
        ("getaddrinfo", ("example.com", 443)),
        ("gethostbyname", ("example.com",)),
        ("gethostbyname_ex", ("example.com",)),
        ("gethostbyaddr", ("192.0.2.1",)),
    ],
)
def test_guard_refuses_name_lookups(
    network_guard: NetworkGuard, lookup: str, args: tuple[Any, ...]
) -> None:
    with network_guard.expect_blocked():
        getattr(socket, lookup)(*args)


def test_guard_allows_resolving_localhost() -> None:
    infos = socket.getaddrinfo("localhost", 80, type=socket.SOCK_STREAM)
    addresses = {info[4][0] for info in infos}
    assert addresses
    assert all(is_loopback_host(address) for address in addresses)


async def test_guard_refuses_asyncio_connections(
    network_guard: NetworkGuard, connect_audits: list[Any]
) -> None:
    with network_guard.expect_blocked():
        await asyncio.open_connection(*UNREACHABLE)
    with network_guard.expect_blocked():
        await asyncio.open_connection("example.com", 443)
    assert connect_audits == []


def test_guard_records_refusals_that_code_swallows(network_guard: NetworkGuard) -> None:
    # Code under test that hides every error must not hide the attempt.
    with contextlib.suppress(Exception):
        socket.create_connection(UNREACHABLE, timeout=1)
    assert len(network_guard.violations) == 1
    network_guard.reset()  # Accepted here; left alone, the conftest would fail this test.


def test_guard_allows_a_loopback_server(
    loopback_echo_server: tuple[str, int], connect_audits: list[Any]
) -> None:
    with socket.create_connection(loopback_echo_server, timeout=5) as sock:
        sock.sendall(b"ping")
        assert sock.recv(1024) == b"ping"
    assert connect_audits == [loopback_echo_server]


def test_guard_allows_localhost_by_name(loopback_echo_server: tuple[str, int]) -> None:
    _, port = loopback_echo_server
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.settimeout(5)
        assert sock.connect_ex(("127.0.0.1", port)) == 0
        sock.sendall(b"pong")
        assert sock.recv(1024) == b"pong"


async def test_guard_allows_an_asyncio_loopback_server() -> None:
    async def echo(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        writer.write(await reader.readline())
        await writer.drain()
        writer.close()

    server = await asyncio.start_server(echo, "127.0.0.1", 0)
    async with server:
        port = server.sockets[0].getsockname()[1]
        reader, writer = await asyncio.open_connection("localhost", port)
        writer.write(b"hello\n")
        await writer.drain()
        assert await reader.readline() == b"hello\n"
        writer.close()
        await writer.wait_closed()


@pytest.mark.skipif(not hasattr(socket, "AF_UNIX"), reason="needs Unix sockets")
def test_guard_allows_unix_sockets(tmp_path: Path) -> None:
    path = str(tmp_path / "s")
    with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as server:
        server.bind(path)
        server.listen(1)
        with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as client:
            client.connect(path)
            conn, _ = server.accept()
            with conn:
                client.sendall(b"local")
                assert conn.recv(1024) == b"local"


@pytest.mark.parametrize(
    ("host", "allowed"),
    [
        ("127.0.0.1", True),
        ("::1", True),
        ("localhost", True),
        ("LOCALHOST", True),
        (b"127.0.0.1", True),
        ("::ffff:127.0.0.1", True),
        ("127.0.0.2", False),
        ("0.0.0.0", False),
        ("", False),
        ("192.0.2.1", False),
        ("10.0.0.1", False),
        ("example.com", False),
        ("localhost.example.com", False),
        (None, False),
    ],
)
def test_is_loopback_host(host: object, allowed: bool) -> None:
    assert is_loopback_host(host) is allowed
