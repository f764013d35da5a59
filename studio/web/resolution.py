"""Turning a URL's host into the addresses Studio may connect to.

The retrieval service resolves each host exactly once per hop, classifies every address it gets
and then connects only to those addresses. It never hands the name to the HTTP client, so the
client cannot look it up a second time and get a different answer (DNS rebinding).

Resolution is a :class:`Resolver`, so tests inject a table of answers instead of touching DNS.
The real one, :class:`DnsResolver`, asks DNS through ``dns.asyncresolver``, which never blocks
the event loop (HS-17); ``socket.getaddrinfo`` would need a thread per look-up. Like the system
resolver, it applies the configured search domains, so an intranet short name such as ``wiki``
works; unlike it, it does not read the hosts file.
"""

from __future__ import annotations

import asyncio
import ipaddress
import logging
from typing import TYPE_CHECKING, Protocol

from studio.web.addresses import IPAddress, parse_ip_literal
from studio.web.errors import WebHostNotFound

if TYPE_CHECKING:
    # dnspython takes longer to import than the app's window takes to open; DnsResolver imports
    # it with the first look-up, in a worker thread.
    import dns.asyncresolver
    import dns.rdatatype

__all__ = ["DEFAULT_DNS_TIMEOUT", "DnsResolver", "Resolver", "is_local_host_name"]

logger = logging.getLogger(__name__)

DEFAULT_DNS_TIMEOUT = 10.0
"""Seconds one look-up (both record types together) may take."""

_LOCALHOST_ADDRESSES: tuple[IPAddress, ...] = (
    ipaddress.IPv4Address("127.0.0.1"),
    ipaddress.IPv6Address("::1"),
)


class Resolver(Protocol):
    """Finds the addresses of a host name."""

    async def resolve(self, host: str) -> tuple[IPAddress, ...]:
        """The addresses of ``host``, in the order to try them.

        Args:
            host: A host name in its ASCII (IDNA) form, without a trailing dot. An IP literal
                never gets here: the caller reads those itself.

        Returns:
            At least one address.

        Raises:
            WebHostNotFound: The name does not exist, has no address, or the look-up failed.
        """
        ...


def is_local_host_name(host: str) -> bool:
    """Whether ``host`` is ``localhost`` or a name below it, in any case, with trailing dots.

    Args:
        host: A URL's host.

    Returns:
        True for ``localhost``, ``LOCALHOST.``, ``app.localhost`` and the like.
    """
    name = host.rstrip(".").lower()
    return name == "localhost" or name.endswith(".localhost")


class DnsResolver:
    """A :class:`Resolver` that asks DNS for A and AAAA records, concurrently.

    IPv4 addresses come first: without Happy Eyeballs, an IPv6 route that silently drops packets
    would otherwise cost a whole connect timeout on many home networks. ``localhost`` and the
    names below it resolve to loopback without a query (RFC 6761), so they never reach DNS.

    Args:
        resolver: The ``dns.asyncresolver.Resolver`` to use; by default one configured from the
            system (``/etc/resolv.conf`` or the registry), created on first use.
        timeout: Seconds one look-up may take, A and AAAA together.
    """

    def __init__(
        self,
        resolver: dns.asyncresolver.Resolver | None = None,
        *,
        timeout: float = DEFAULT_DNS_TIMEOUT,
    ) -> None:
        self._resolver = resolver
        self._timeout = timeout

    async def resolve(self, host: str) -> tuple[IPAddress, ...]:
        """The addresses of ``host``: IPv4 first, then IPv6, without duplicates.

        Args:
            host: A host name, or an IP literal (returned as it is, without a query).

        Returns:
            At least one address.

        Raises:
            WebHostNotFound: The name does not exist, has no A or AAAA record, or DNS failed or
                timed out.
        """
        literal = parse_ip_literal(host)
        if literal is not None:
            return (literal,)
        if is_local_host_name(host):
            return _LOCALHOST_ADDRESSES
        resolver = self._resolver
        if resolver is None:
            # Importing dnspython and reading the system configuration take a while and touch
            # files, so not on the event loop.
            resolver = await asyncio.to_thread(_system_resolver)
            self._resolver = resolver
        import dns.exception  # Imported with the resolver; only looked up here.
        import dns.rdatatype

        answers = await asyncio.gather(
            self._query(resolver, host, dns.rdatatype.A),
            self._query(resolver, host, dns.rdatatype.AAAA),
            return_exceptions=True,
        )
        found: dict[IPAddress, None] = {}
        for answer in answers:
            if isinstance(answer, dns.exception.DNSException):
                logger.info("DNS look-up of %r failed: %s", host, answer)
                continue
            if isinstance(answer, BaseException):
                raise answer
            found.update(dict.fromkeys(answer))
        if not found:
            raise WebHostNotFound(host)
        return tuple(found)

    async def _query(
        self, resolver: dns.asyncresolver.Resolver, host: str, record: dns.rdatatype.RdataType
    ) -> list[IPAddress]:
        answer = await resolver.resolve(
            host, record, search=True, raise_on_no_answer=False, lifetime=self._timeout
        )
        addresses: list[IPAddress] = []
        for rdata in answer.rrset or ():
            address = parse_ip_literal(rdata.to_text())
            if address is not None:
                addresses.append(address)
        return addresses


def _system_resolver() -> dns.asyncresolver.Resolver:
    import dns.asyncresolver

    return dns.asyncresolver.Resolver()
