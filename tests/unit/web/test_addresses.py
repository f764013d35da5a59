"""Address classes and IP literals, checked against the SSRF corpus.

Every vector of ``tests/data/ssrf/vectors.json`` gets its expected verdict: address entries through
:func:`classify` and :func:`parse_ip_literal`, URL entries through the same validation the
retrieval service runs before it connects (public-only policy), with a :class:`StaticResolver`
standing in for DNS where a vector needs a look-up. No vector causes a connection.
"""

from __future__ import annotations

import ipaddress
import json
from typing import Any

import pytest

from studio.web.addresses import (
    EXTRA_NON_PUBLIC,
    IPV4_EMBEDDING_PREFIXES,
    NEVER_ALLOWED_IPV4,
    NEVER_ALLOWED_IPV6,
    NON_PUBLIC_IPV4,
    NON_PUBLIC_IPV6,
    AddressClass,
    classify,
    embedded_ipv4,
    is_loopback,
    normalize,
    parse_ip_literal,
)
from studio.web.errors import InvalidWebAddress, WebTargetBlocked
from studio.web.targets import TargetPolicy, parse_url, validate_target
from tests.support.data import SSRF_VECTORS
from tests.support.resolvers import StaticResolver

PUBLIC, NON_PUBLIC, NEVER = AddressClass.PUBLIC, AddressClass.NON_PUBLIC, AddressClass.NEVER_ALLOWED

# What public DNS answers for the corpus's needs_dns names (and the GCP metadata name), so the
# vectors run offline. The rebinding name answers differently per look-up, as 1u.ms does.
DNS_ANSWERS = {
    "localtest.me": ["127.0.0.1", "::1"],
    "localh.st": ["127.0.0.1"],
    "company.127.0.0.1.nip.io": ["127.0.0.1"],
    "307.r3dir.me": ["1.1.1.1"],
    "metadata.google.internal": ["169.254.169.254"],
}
REBINDING_NAME = "make-1.2.3.4-rebind-169.254-169.254-rr.1u.ms"


def _load_corpus() -> dict[str, Any]:
    document: dict[str, Any] = json.loads(SSRF_VECTORS.read_text(encoding="utf-8"))
    return document


CORPUS = _load_corpus()


def _vector_id(vector: dict[str, Any]) -> str:
    return f"{vector['category']}:{vector.get('url') or vector.get('ip')}"


def _resolver() -> StaticResolver:
    resolver = StaticResolver(DNS_ANSWERS)
    resolver.answer_in_turn(REBINDING_NAME, ["1.2.3.4"], ["169.254.169.254"])
    return resolver


def _address(text: str) -> ipaddress.IPv4Address | ipaddress.IPv6Address:
    address = parse_ip_literal(text)
    assert address is not None
    return address


# --- the corpus -----------------------------------------------------------------------------


def test_corpus_is_present_and_complete() -> None:
    assert len(CORPUS["vectors"]) == 65


@pytest.mark.parametrize("vector", [v for v in CORPUS["vectors"] if "ip" in v], ids=_vector_id)
def test_corpus_address_gets_its_verdict(vector: dict[str, Any]) -> None:
    assert vector["expect"] == "block"
    address = parse_ip_literal(vector["ip"])

    assert address is not None
    assert classify(address) is not PUBLIC


@pytest.mark.parametrize("vector", [v for v in CORPUS["vectors"] if "url" in v], ids=_vector_id)
async def test_corpus_url_gets_its_verdict(vector: dict[str, Any]) -> None:
    resolver = _resolver()
    policy = TargetPolicy.public_only()

    if vector["expect"] == "block" and vector["category"] == "redirect-to-private":
        # The first hop is public; the block belongs to the hop it redirects to. The service
        # validates that hop exactly like this before sending anything to it.
        first = await validate_target(parse_url(vector["url"]), policy, resolver)
        location = first.url.params["url"]
        with pytest.raises((WebTargetBlocked, InvalidWebAddress)):
            await validate_target(first.url.join(location), policy, resolver)
    elif vector["expect"] == "block" and vector["category"] == "dns-rebinding":
        # Each look-up is validated and its answer pinned for the connection: the public first
        # answer is the only address used for this hop, and the rebound answer is refused.
        url = parse_url(vector["url"])
        first = await validate_target(url, policy, resolver)
        assert [str(a) for a in first.addresses] == ["1.2.3.4"]
        with pytest.raises(WebTargetBlocked):
            await validate_target(url, policy, resolver)
    elif vector["expect"] == "block":
        with pytest.raises((WebTargetBlocked, InvalidWebAddress)):
            await validate_target(parse_url(vector["url"]), policy, resolver)
    elif vector["expect"] == "allow":
        target = await validate_target(parse_url(vector["url"]), policy, resolver)
        # The host checked is the host httpx connects to ("2.2.2.2" for the confusing URL).
        assert all(classify(a) is PUBLIC for a in target.addresses)
        assert target.host == parse_url(vector["url"]).host
    else:
        assert vector["expect"] == "allow-or-refuse"
        try:
            target = await validate_target(parse_url(vector["url"]), policy, resolver)
        except (WebTargetBlocked, InvalidWebAddress):
            return
        assert all(classify(a) is PUBLIC for a in target.addresses)


def test_confusing_url_is_checked_for_the_host_httpx_connects_to() -> None:
    url = parse_url("http://1.1.1.1 &@2.2.2.2# @3.3.3.3/")

    assert url.host == "2.2.2.2"


def _blocklist_networks() -> list[str]:
    lists = CORPUS["blocklists"]
    embedding = lists.get("ipv6_embedding_ipv4", {})
    return [
        *lists["ipv4"],
        *lists["ipv6"],
        *embedding.get("low32_prefixes", []),
        *([embedding["rfc6052_48_prefix"]] if "rfc6052_48_prefix" in embedding else []),
    ]


@pytest.mark.parametrize("network", _blocklist_networks())
def test_first_and_last_address_of_every_blocklist_range_is_not_public(network: str) -> None:
    parsed = ipaddress.ip_network(network)

    assert classify(parsed[0]) is not PUBLIC
    assert classify(parsed[-1]) is not PUBLIC


# --- the reference's ranges, exactly ----------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("0.0.0.0", NEVER),
        ("0.255.255.255", NEVER),
        ("1.0.0.0", PUBLIC),
        ("9.255.255.255", PUBLIC),
        ("10.0.0.0", NON_PUBLIC),
        ("10.255.255.255", NON_PUBLIC),
        ("11.0.0.0", PUBLIC),
        ("100.63.255.255", PUBLIC),
        ("100.64.0.0", NON_PUBLIC),
        ("100.127.255.255", NON_PUBLIC),
        ("100.128.0.0", PUBLIC),
        ("126.255.255.255", PUBLIC),
        ("127.0.0.0", NEVER),
        ("127.255.255.255", NEVER),
        ("128.0.0.0", PUBLIC),
        ("169.253.255.255", PUBLIC),
        ("169.254.0.0", NEVER),
        ("169.254.169.254", NEVER),
        ("169.255.0.0", PUBLIC),
        ("172.15.255.255", PUBLIC),
        ("172.16.0.0", NON_PUBLIC),
        ("172.31.255.255", NON_PUBLIC),
        ("172.32.0.0", PUBLIC),
        ("192.0.0.0", NON_PUBLIC),
        ("192.0.0.255", NON_PUBLIC),
        ("192.0.1.0", PUBLIC),
        ("192.0.2.0", NON_PUBLIC),
        ("192.0.2.255", NON_PUBLIC),
        ("192.0.3.0", PUBLIC),
        ("192.88.99.1", NON_PUBLIC),
        ("192.167.255.255", PUBLIC),
        ("192.168.0.0", NON_PUBLIC),
        ("192.168.255.255", NON_PUBLIC),
        ("192.169.0.0", PUBLIC),
        ("198.17.255.255", PUBLIC),
        ("198.18.0.0", NON_PUBLIC),
        ("198.19.255.255", NON_PUBLIC),
        ("198.20.0.0", PUBLIC),
        ("198.51.100.7", NON_PUBLIC),
        ("203.0.113.9", NON_PUBLIC),
        ("223.255.255.255", PUBLIC),
        ("224.0.0.0", NEVER),
        ("239.255.255.255", NEVER),
        ("240.0.0.1", NEVER),
        ("255.255.255.255", NEVER),
        ("::", NEVER),
        ("::1", NEVER),
        ("fe80::", NEVER),
        ("febf:ffff:ffff:ffff:ffff:ffff:ffff:ffff", NEVER),
        ("ff00::", NEVER),
        ("ff02::1", NEVER),
        ("fbff:ffff:ffff:ffff:ffff:ffff:ffff:ffff", PUBLIC),
        ("fc00::", NON_PUBLIC),
        ("fd00:ec2::254", NON_PUBLIC),
        ("fdff:ffff:ffff:ffff:ffff:ffff:ffff:ffff", NON_PUBLIC),
        ("fec0::", NON_PUBLIC),
        ("feff:ffff:ffff:ffff:ffff:ffff:ffff:ffff", NON_PUBLIC),
        ("2606:4700:4700::1111", PUBLIC),
        ("2a00:1450:4001:80e::200e", PUBLIC),
        ("::ffff:10.0.0.1", NON_PUBLIC),
        ("::ffff:8.8.8.8", PUBLIC),
        ("::ffff:127.0.0.1", NEVER),
        ("::ffff:169.254.169.254", NEVER),
    ],
)
def test_classify_gives_the_reference_class(text: str, expected: AddressClass) -> None:
    assert classify(ipaddress.ip_address(text)) is expected


def test_range_tables_are_the_reference_lists_plus_the_documented_extras() -> None:
    assert [str(n) for n in NEVER_ALLOWED_IPV4] == [
        "0.0.0.0/8",
        "127.0.0.0/8",
        "169.254.0.0/16",
        "224.0.0.0/3",
    ]
    assert [str(n) for n in NON_PUBLIC_IPV4] == [
        "10.0.0.0/8",
        "100.64.0.0/10",
        "172.16.0.0/12",
        "192.168.0.0/16",
        "192.0.0.0/24",
        "192.0.2.0/24",
        "198.18.0.0/15",
        "198.51.100.0/24",
        "203.0.113.0/24",
    ]
    assert [str(n) for n in NEVER_ALLOWED_IPV6] == ["::/128", "::1/128", "fe80::/10", "ff00::/8"]
    assert [str(n) for n in NON_PUBLIC_IPV6] == ["fc00::/7", "fec0::/10"]
    assert [str(n) for n in EXTRA_NON_PUBLIC] == [
        "192.88.99.0/24",
        "100::/64",
        "2001:10::/28",
        "2001:20::/28",
        "2001:db8::/32",
    ]


# --- IPv6 that carries IPv4 --------------------------------------------------------------------

EMBEDDED_SAMPLES = ["8.8.8.8", "10.1.2.3", "127.0.0.1", "169.254.169.254", "192.168.2.1"]


def _embed(prefix: str, ipv4: str) -> ipaddress.IPv6Address:
    base = int(ipaddress.ip_network(prefix).network_address)
    value = int(ipaddress.IPv4Address(ipv4))
    if prefix == "2002::/16":
        return ipaddress.IPv6Address(base | value << 80)
    if prefix == "64:ff9b:1::/48":
        return ipaddress.IPv6Address(base | (value >> 16) << 64 | (value & 0xFFFF) << 40)
    if prefix == "2001::/32":
        # Teredo: a public server, and the client's address with its bits inverted.
        server = int(ipaddress.IPv4Address("8.8.4.4"))
        return ipaddress.IPv6Address(base | server << 64 | (value ^ 0xFFFFFFFF))
    return ipaddress.IPv6Address(base | value)


@pytest.mark.parametrize("prefix", [str(p) for p in IPV4_EMBEDDING_PREFIXES])
@pytest.mark.parametrize("ipv4", EMBEDDED_SAMPLES)
def test_ipv6_carrying_ipv4_takes_the_class_of_the_ipv4_address(prefix: str, ipv4: str) -> None:
    address = _embed(prefix, ipv4)

    assert ipaddress.IPv4Address(ipv4) in embedded_ipv4(address)
    assert classify(address) is classify(ipaddress.IPv4Address(ipv4))


def test_teredo_with_a_private_server_is_not_public() -> None:
    # Server 10.0.0.1, client 8.8.8.8: the most restrictive of the two counts.
    address = ipaddress.IPv6Address("2001:0:a00:1::f7f7:f7f7")

    assert classify(address) is NON_PUBLIC


@pytest.mark.parametrize(
    ("text", "carried"),
    [
        ("2001:0000:4136:e378:8000:63bf:3f57:fdf2", "192.168.2.13"),
        ("2002:c0a8:ffff::", "192.168.255.255"),
        ("64:ff9b::192.168.2.1", "192.168.2.1"),
        ("64:ff9b:1:c0a8:2:100::", "192.168.2.1"),
        ("::ffff:0:10.0.0.1", "10.0.0.1"),
        ("::10.0.0.1", "10.0.0.1"),
    ],
)
def test_embedded_ipv4_reads_each_layout(text: str, carried: str) -> None:
    assert ipaddress.IPv4Address(carried) in embedded_ipv4(ipaddress.IPv6Address(text))


def test_addresses_outside_the_embedding_prefixes_carry_nothing() -> None:
    assert embedded_ipv4(ipaddress.IPv6Address("2606:4700::1111")) == ()
    assert embedded_ipv4(ipaddress.IPv6Address("2001:db8::1")) == ()


# --- IP literals -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("host", "expected"),
    [
        ("127.0.0.1", "127.0.0.1"),
        ("2130706433", "127.0.0.1"),
        ("3232235521", "192.168.0.1"),
        ("2852039166", "169.254.169.254"),
        ("0177.0.0.1", "127.0.0.1"),
        ("0x7f.1", "127.0.0.1"),
        ("0X7F.0.0.1", "127.0.0.1"),
        ("0x7f000001", "127.0.0.1"),
        ("127.1", "127.0.0.1"),
        ("127.0.1", "127.0.0.1"),
        ("127.0x0.1", "127.0.0.1"),
        ("0177.0x0.0.01", "127.0.0.1"),
        ("10.0x10000", "10.1.0.0"),
        ("0", "0.0.0.0"),
        ("0x", "0.0.0.0"),
        ("00", "0.0.0.0"),
        ("4294967295", "255.255.255.255"),
        ("::1", "::1"),
        ("[::1]", "::1"),
        ("0000::1", "::1"),
        ("[fe80::1%25eth0]", "fe80::1"),
        ("fe80::1%eth0", "fe80::1"),
        ("::ffff:127.0.0.1", "::ffff:7f00:1"),
        ("[0:0:0:0:0:ffff:127.0.0.1]", "::ffff:7f00:1"),
    ],
)
def test_parse_ip_literal_reads_what_the_system_resolver_reads(host: str, expected: str) -> None:
    assert parse_ip_literal(host) == ipaddress.ip_address(expected)


@pytest.mark.parametrize(
    "host",
    [
        "example.com",
        "localhost",
        "",
        "4294967296",
        "08.0.0.1",
        "0x1g",
        "256.0.0.1",
        "1.256.1",
        "1.2.65536",
        "1.2.3.4.5",
        "1..2.3",
        ".1.2.3",
        "1.2.3.",
        "127.0.0.1 ",
        "①②⑦.⓪.⓪.①",
        "١٢٧.0.0.1",
        "[1.2.3.4]",
        "[example.com]",
        "1:2",
        "fe80::1%",
        "127.0.0.1.nip.io",
    ],
)
def test_parse_ip_literal_treats_everything_else_as_a_name(host: str) -> None:
    assert parse_ip_literal(host) is None


def test_normalize_maps_ipv4_mapped_to_ipv4_and_drops_the_zone() -> None:
    assert normalize(_address("::ffff:10.0.0.1")) == ipaddress.IPv4Address("10.0.0.1")
    assert normalize(ipaddress.IPv6Address("fe80::1%eth0")) == ipaddress.IPv6Address("fe80::1")
    assert normalize(_address("2001:db8::1")) == ipaddress.IPv6Address("2001:db8::1")


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("127.0.0.1", True),
        ("127.9.9.9", True),
        ("::1", True),
        ("::ffff:127.0.0.1", True),
        ("0.0.0.0", False),
        ("::", False),
        ("10.0.0.1", False),
        ("169.254.169.254", False),
    ],
)
def test_is_loopback(text: str, expected: bool) -> None:
    assert is_loopback(_address(text)) is expected
