"""Public and private addresses that lead to a loopback server, for testing redirect rules.

The retrieval service connects only to the addresses it validated, so a test name that a
:class:`~tests.support.resolvers.StaticResolver` makes look public (``93.184.216.34``) or
private (``10.0.0.5``) would have the service connect off the machine, which the network guard
refuses. :class:`LoopbackRoutes` plays the network between them: a connection to a routed IPv4
address and the server's port is made to ``127.0.0.1`` on that port instead, below the
service, in ``socket.socket.connect``. The service still validates, classifies and connects to
the address it was given; only the packets go to the test's server. Addresses that are not
routed pass on to the network guard unchanged, which refuses anything beyond loopback.
"""

from __future__ import annotations

import socket
from collections.abc import Iterable
from typing import Any

import pytest

__all__ = ["LoopbackRoutes"]


class LoopbackRoutes:
    """Routes connections to some IPv4 addresses, on one port, to ``127.0.0.1``.

    Args:
        addresses: The addresses that lead to the test's server.
        port: The server's port; other ports of those addresses are not routed.

    Attributes:
        connections: Every routed connection, as the address the client asked for.
    """

    def __init__(self, addresses: Iterable[str], port: int) -> None:
        self._addresses = frozenset(addresses)
        self._port = port
        self.connections: list[str] = []

    def install(self, monkeypatch: pytest.MonkeyPatch) -> None:
        """Patch ``socket.socket.connect`` (over the network guard's); ``monkeypatch`` undoes it."""
        guarded_connect = socket.socket.connect

        def connect(sock: socket.socket, address: Any) -> None:
            if (
                sock.family == socket.AF_INET
                and isinstance(address, tuple)
                and len(address) == 2
                and address[0] in self._addresses
                and address[1] == self._port
            ):
                self.connections.append(address[0])
                address = ("127.0.0.1", self._port)
            return guarded_connect(sock, address)

        monkeypatch.setattr(socket.socket, "connect", connect)
