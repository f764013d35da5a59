"""The DNS resolver, end to end against a DNS server on loopback."""

from __future__ import annotations

import ipaddress
import subprocess
import sys
from collections.abc import AsyncIterator

import dns.asyncresolver
import pytest

from studio.web.errors import WebHostNotFound
from studio.web.resolution import DnsResolver, is_local_host_name
from tests.support.resolvers import LoopbackDnsServer, StaticResolver


@pytest.fixture
async def dns_server() -> AsyncIterator[LoopbackDnsServer]:
    server = await LoopbackDnsServer(
        records={
            "dual.example": ["2001:db8::7", "93.184.216.34", "93.184.216.35"],
            "v6only.example": ["2001:db8::8"],
            "nodata.example": [],
        },
        silent={"slow.example"},
    ).start()
    yield server
    server.close()


async def test_dns_resolver_asks_for_a_and_aaaa_and_puts_ipv4_first(
    dns_server: LoopbackDnsServer,
) -> None:
    resolver = DnsResolver(dns_server.resolver())

    addresses = await resolver.resolve("dual.example")

    # A DNS answer is a set: the order within one record type is whatever dnspython yields.
    assert {str(a) for a in addresses[:2]} == {"93.184.216.34", "93.184.216.35"}
    assert addresses[2:] == (ipaddress.ip_address("2001:db8::7"),)
    assert sorted(dns_server.queries) == [("dual.example", "A"), ("dual.example", "AAAA")]


async def test_dns_resolver_makes_the_system_resolver_on_first_use(
    dns_server: LoopbackDnsServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    loopback = dns_server.resolver()
    monkeypatch.setattr(dns.asyncresolver, "Resolver", lambda: loopback)
    resolver = DnsResolver()

    addresses = await resolver.resolve("v6only.example")

    assert addresses == (ipaddress.ip_address("2001:db8::8"),)


def test_importing_the_resolver_leaves_dnspython_for_the_first_look_up():
    # dnspython would add to every start of the app.
    code = "import sys\nimport studio.web.resolution\nprint('dns' in sys.modules)\n"
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=60
    )

    assert result.stdout.strip() == "False"


async def test_dns_resolver_returns_ipv6_alone(dns_server: LoopbackDnsServer) -> None:
    addresses = await DnsResolver(dns_server.resolver()).resolve("v6only.example")

    assert addresses == (ipaddress.ip_address("2001:db8::8"),)


@pytest.mark.parametrize("name", ["missing.example", "nodata.example"])
async def test_dns_resolver_treats_an_empty_answer_as_an_error(
    dns_server: LoopbackDnsServer, name: str
) -> None:
    with pytest.raises(WebHostNotFound) as error:
        await DnsResolver(dns_server.resolver()).resolve(name)

    assert error.value.host == name


async def test_dns_resolver_gives_up_after_its_timeout(dns_server: LoopbackDnsServer) -> None:
    with pytest.raises(WebHostNotFound):
        await DnsResolver(dns_server.resolver(), timeout=0.3).resolve("slow.example")

    assert ("slow.example", "A") in dns_server.queries


@pytest.mark.parametrize("literal", ["127.0.0.1", "2130706433", "::1", "[fe80::1%25eth0]"])
async def test_ip_literals_never_go_to_dns(dns_server: LoopbackDnsServer, literal: str) -> None:
    addresses = await DnsResolver(dns_server.resolver()).resolve(literal)

    assert len(addresses) == 1
    assert dns_server.queries == []


@pytest.mark.parametrize("name", ["localhost", "LocalHost", "app.localhost"])
async def test_localhost_names_resolve_to_loopback_without_a_query(
    dns_server: LoopbackDnsServer, name: str
) -> None:
    addresses = await DnsResolver(dns_server.resolver()).resolve(name)

    assert [str(a) for a in addresses] == ["127.0.0.1", "::1"]
    assert dns_server.queries == []


@pytest.mark.parametrize(
    ("host", "expected"),
    [
        ("localhost", True),
        ("LOCALHOST..", True),
        ("x.y.localhost.", True),
        ("localhost.example", False),
        ("mylocalhost", False),
    ],
)
def test_is_local_host_name(host: str, expected: bool) -> None:
    assert is_local_host_name(host) is expected


async def test_static_resolver_answers_in_turn_and_counts() -> None:
    resolver = StaticResolver()
    resolver.answer_in_turn("rebind.example", ["93.184.216.34"], ["127.0.0.1"])

    first = await resolver.resolve("rebind.example")
    second = await resolver.resolve("rebind.example")
    third = await resolver.resolve("rebind.example")

    assert [str(a) for a in (*first, *second, *third)] == [
        "93.184.216.34",
        "127.0.0.1",
        "127.0.0.1",
    ]
    assert resolver.count("rebind.example") == 3
