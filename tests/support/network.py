"""A guard that keeps the test suite off the network (HS-24).

Tests talk to servers they start on loopback, never to the internet or the local network. The
guard patches the few places every Python socket goes through: ``socket.socket.connect``,
``connect_ex``, ``sendto`` and ``sendmsg`` (the last two carry UDP datagrams, such as DNS
queries, that never call ``connect``), ``socket.create_connection`` and the name look-ups
(``getaddrinfo``, ``gethostbyname``, ``gethostbyname_ex``, ``gethostbyaddr``). asyncio's
``sock_connect``, ``create_connection`` and ``open_connection`` and httpx's transports all end up
in one of them.

A refused attempt raises :class:`NetworkAccessBlocked` before the real call, so no packet and no
DNS query leaves the machine. The exception is deliberately not an ``OSError``: code under test
that handles network failures must not mistake the guard for a flaky network and carry on. In case
it catches the error anyway, the guard also records every refusal, and the test fails at teardown.
"""

from __future__ import annotations

import contextlib
import ipaddress
import socket
from collections.abc import Callable, Iterator
from typing import Any, NoReturn

import pytest

__all__ = [
    "LOOPBACK_ADDRESSES",
    "LOOPBACK_NAMES",
    "NetworkAccessBlocked",
    "NetworkGuard",
    "is_loopback_host",
]

LOOPBACK_ADDRESSES = frozenset({ipaddress.ip_address("127.0.0.1"), ipaddress.ip_address("::1")})
"""The only IP addresses a test may connect to."""

LOOPBACK_NAMES = frozenset({"localhost", "127.0.0.1", "::1"})
"""The only names a test may resolve; anything else must come from an injected resolver."""


class NetworkAccessBlocked(RuntimeError):
    """A test tried to reach an address or resolve a name outside loopback."""


def is_loopback_host(host: object) -> bool:
    """Tell whether ``host`` (a name or an IP literal, str or bytes) stays on loopback."""
    if isinstance(host, bytes):
        host = host.decode("ascii", "replace")
    if not isinstance(host, str):
        return False
    if host.lower() in LOOPBACK_NAMES:
        return True
    try:
        address = ipaddress.ip_address(host.partition("%")[0])
    except ValueError:
        return False
    if isinstance(address, ipaddress.IPv6Address) and address.ipv4_mapped is not None:
        return address.ipv4_mapped in LOOPBACK_ADDRESSES
    return address in LOOPBACK_ADDRESSES


def _is_allowed_destination(family: int, address: Any) -> bool:
    if family == getattr(socket, "AF_UNIX", object()):
        return True
    if family in (socket.AF_INET, socket.AF_INET6) and isinstance(address, tuple) and address:
        return is_loopback_host(address[0])
    return False


class NetworkGuard:
    """Refuses and records connections and look-ups that would leave loopback.

    Attributes:
        violations: One line per refused attempt since the last :meth:`expect_blocked` or
            :meth:`reset`; the root conftest fails the test when it is not empty.
    """

    def __init__(self) -> None:
        self.violations: list[str] = []

    def install(self, monkeypatch: pytest.MonkeyPatch) -> None:
        """Patch the socket module; ``monkeypatch`` undoes it."""
        real_connect = socket.socket.connect
        real_connect_ex = socket.socket.connect_ex
        real_sendto = socket.socket.sendto
        real_sendmsg = socket.socket.sendmsg
        real_create_connection = socket.create_connection

        def connect(sock: socket.socket, address: Any) -> None:
            self._check_destination("connect", sock, address)
            return real_connect(sock, address)

        def connect_ex(sock: socket.socket, address: Any) -> int:
            self._check_destination("connect_ex", sock, address)
            return real_connect_ex(sock, address)

        def sendto(sock: socket.socket, data: Any, *args: Any) -> int:
            # sendto(data, address) or sendto(data, flags, address).
            if args:
                self._check_destination("sendto", sock, args[-1])
            return real_sendto(sock, data, *args)

        def sendmsg(sock: socket.socket, *args: Any, **kwargs: Any) -> int:
            # sendmsg(buffers, ancdata=(), flags=0, address=None); None means "connected peer".
            address = kwargs.get("address", args[3] if len(args) > 3 else None)
            if address is not None:
                self._check_destination("sendmsg", sock, address)
            return real_sendmsg(sock, *args, **kwargs)

        def create_connection(address: tuple[str, int], *args: Any, **kwargs: Any) -> socket.socket:
            if not is_loopback_host(address[0]):
                self._refuse(f"socket.create_connection({address!r})")
            return real_create_connection(address, *args, **kwargs)

        monkeypatch.setattr(socket.socket, "connect", connect)
        monkeypatch.setattr(socket.socket, "connect_ex", connect_ex)
        monkeypatch.setattr(socket.socket, "sendto", sendto)
        monkeypatch.setattr(socket.socket, "sendmsg", sendmsg)
        monkeypatch.setattr(socket, "create_connection", create_connection)
        for name in ("getaddrinfo", "gethostbyname", "gethostbyname_ex", "gethostbyaddr"):
            monkeypatch.setattr(socket, name, self._guard_lookup(name, getattr(socket, name)))

    def reset(self) -> None:
        """Forget the refusals recorded so far."""
        self.violations.clear()

    @contextlib.contextmanager
    def expect_blocked(self) -> Iterator[pytest.ExceptionInfo[NetworkAccessBlocked]]:
        """Assert that the block refuses a network attempt, and accept that refusal.

        Yields:
            The ``pytest.raises`` information about the refusal.
        """
        already = len(self.violations)
        with pytest.raises(NetworkAccessBlocked) as excinfo:
            yield excinfo
        del self.violations[already:]

    def _guard_lookup(self, name: str, real: Callable[..., Any]) -> Callable[..., Any]:
        def lookup(host: Any, *args: Any, **kwargs: Any) -> Any:
            # getaddrinfo(None, port) asks for the wildcard address to bind to; no look-up.
            if not (host is None and name == "getaddrinfo") and not is_loopback_host(host):
                self._refuse(
                    f"socket.{name}({host!r}): resolve names only through an injected resolver"
                )
            return real(host, *args, **kwargs)

        return lookup

    def _check_destination(self, operation: str, sock: socket.socket, address: Any) -> None:
        if not _is_allowed_destination(sock.family, address):
            self._refuse(f"socket.{operation}({address!r}) on a {sock.family!r} socket")

    def _refuse(self, attempt: str) -> NoReturn:
        message = f"network access outside loopback refused in tests: {attempt}"
        self.violations.append(message)
        raise NetworkAccessBlocked(message)
