"""Name resolution for tests: a table of answers, and a DNS server on loopback.

Tests never resolve a real name (the network guard refuses it). The retrieval service takes a
:class:`~studio.web.resolution.Resolver`, so tests inject :class:`StaticResolver`, which answers
from a table, can answer differently on each look-up (DNS rebinding), and counts look-ups.
:class:`LoopbackDnsServer` answers real DNS queries on ``127.0.0.1`` from a table, so the real
:class:`~studio.web.resolution.DnsResolver` can be tested end to end.
"""

from __future__ import annotations

import asyncio
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field

import dns.asyncresolver
import dns.flags
import dns.message
import dns.rcode
import dns.rdatatype
import dns.rrset

from studio.web.addresses import IPAddress, parse_ip_literal
from studio.web.errors import WebHostNotFound

__all__ = ["LoopbackDnsServer", "StaticResolver"]


def _addresses(texts: Iterable[str]) -> tuple[IPAddress, ...]:
    parsed = []
    for text in texts:
        address = parse_ip_literal(text)
        assert address is not None, f"not an IP address: {text!r}"
        parsed.append(address)
    return tuple(parsed)


class StaticResolver:
    """A :class:`~studio.web.resolution.Resolver` that answers from a table.

    Args:
        answers: Addresses per host name. A name missing from the table does not exist.

    Attributes:
        calls: Every host looked up, in order.
    """

    def __init__(self, answers: Mapping[str, Sequence[str]] | None = None) -> None:
        self._answers: dict[str, list[tuple[IPAddress, ...]]] = {
            host: [_addresses(addresses)] for host, addresses in (answers or {}).items()
        }
        self.calls: list[str] = []

    def answer_in_turn(self, host: str, *answers: Sequence[str]) -> None:
        """Give ``host`` a different answer for each look-up; the last one then repeats."""
        self._answers[host] = [_addresses(answer) for answer in answers]

    def count(self, host: str) -> int:
        """How often ``host`` was looked up."""
        return Counter(self.calls)[host]

    async def resolve(self, host: str) -> tuple[IPAddress, ...]:
        """Answer from the table; an IP literal here is a bug in the caller."""
        assert parse_ip_literal(host) is None, f"an IP literal reached the resolver: {host!r}"
        earlier = self.count(host)
        self.calls.append(host)
        answers = self._answers.get(host)
        if not answers:
            raise WebHostNotFound(host)
        return answers[min(earlier, len(answers) - 1)]


@dataclass
class LoopbackDnsServer(asyncio.DatagramProtocol):
    """A DNS server on ``127.0.0.1`` that answers A and AAAA queries from a table.

    Attributes:
        records: Addresses per name (without the trailing dot); other names are NXDOMAIN.
        silent: Names whose queries get no answer at all, to test timeouts.
        queries: Every query received, as ``(name, record type)``.
    """

    records: dict[str, list[str]] = field(default_factory=dict)
    silent: set[str] = field(default_factory=set)
    queries: list[tuple[str, str]] = field(default_factory=list)
    port: int = 0
    _transport: asyncio.DatagramTransport | None = None

    async def start(self) -> LoopbackDnsServer:
        """Listen on a free UDP port of ``127.0.0.1``."""
        loop = asyncio.get_running_loop()
        transport, _ = await loop.create_datagram_endpoint(
            lambda: self, local_addr=("127.0.0.1", 0)
        )
        self._transport = transport
        self.port = transport.get_extra_info("sockname")[1]
        return self

    def close(self) -> None:
        """Stop listening."""
        if self._transport is not None:
            self._transport.close()

    def resolver(self) -> dns.asyncresolver.Resolver:
        """A dnspython resolver that asks only this server, with no search domains."""
        resolver = dns.asyncresolver.Resolver(configure=False)
        resolver.nameservers = ["127.0.0.1"]
        resolver.port = self.port
        return resolver

    def datagram_received(self, data: bytes, addr: tuple[str | int, int]) -> None:
        """Answer one query."""
        query = dns.message.from_wire(data)
        question = query.question[0]
        name = question.name.to_text(omit_final_dot=True)
        record_type = dns.rdatatype.to_text(question.rdtype)
        self.queries.append((name, record_type))
        if name in self.silent:
            return
        response = dns.message.make_response(query)
        response.flags |= dns.flags.RA
        if name not in self.records:
            response.set_rcode(dns.rcode.NXDOMAIN)
        else:
            version = 4 if question.rdtype == dns.rdatatype.A else 6
            matching = [
                text
                for text in self.records[name]
                if (address := parse_ip_literal(text)) and address.version == version
            ]
            if matching:
                response.answer.append(
                    dns.rrset.from_text_list(question.name, 60, "IN", record_type, matching)
                )
        assert self._transport is not None
        self._transport.sendto(response.to_wire(), addr)
