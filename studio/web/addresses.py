"""Which IP addresses a page read may reach: public, non-public, or never.

Every address a host resolves to is put into one of three classes before Studio connects:

* :attr:`AddressClass.NEVER_ALLOWED`: loopback, "this network" (``0.0.0.0/8``), link-local,
  multicast, reserved and broadcast. No model-driven read ever reaches these.
* :attr:`AddressClass.NON_PUBLIC`: private networks, carrier-grade NAT, documentation and
  benchmarking ranges, unique-local and site-local IPv6. Reachable only where a policy allows the
  host explicitly (see :mod:`studio.web.targets`).
* :attr:`AddressClass.PUBLIC`: everything else.

The ranges are the reference system's, exactly, listed in :data:`NEVER_ALLOWED_IPV4` and the
constants after it; IPv4-mapped IPv6 (``::ffff:a.b.c.d``) is classified as the IPv4 address it
maps, as there. Two additions close gaps the reference leaves open, so that every vector of the
shared SSRF corpus (``corpus/ssrf/vectors.json``) gets its verdict:

* IPv6 addresses that *carry* an IPv4 address take the class of that IPv4 address (the most
  restrictive one, where they carry two): IPv4-compatible ``::/96``, SIIT ``::ffff:0:0:0/96``,
  NAT64 ``64:ff9b::/96`` and ``64:ff9b:1::/48``, 6to4 ``2002::/16`` and Teredo ``2001::/32``.
  A NAT64 gateway, a 6to4 relay or a Teredo tunnel delivers packets for these to the IPv4
  address inside, so ``64:ff9b::10.0.0.1`` reaches a private host just as ``10.0.0.1`` does.
* :data:`EXTRA_NON_PUBLIC` adds ranges no public web server lives in: the 6to4 relay anycast
  ``192.88.99.0/24``, the IPv6 discard prefix ``100::/64``, ORCHID ``2001:10::/28`` and
  ORCHIDv2 ``2001:20::/28``, and IPv6 documentation ``2001:db8::/32``.

:func:`parse_ip_literal` reads a URL host the way the system resolver would (``inet_aton`` then
``inet_pton``), so ``2130706433``, ``0177.0.0.1``, ``0x7f.1`` and ``127.1`` are all recognised as
``127.0.0.1`` instead of being mistaken for names. ``ipaddress``'s ``is_private`` and
``is_global`` are deliberately not used: their answers differ between Python versions.
"""

from __future__ import annotations

import enum
import ipaddress
from collections.abc import Iterable

__all__ = [
    "EXTRA_NON_PUBLIC",
    "IPV4_EMBEDDING_PREFIXES",
    "NEVER_ALLOWED_IPV4",
    "NEVER_ALLOWED_IPV6",
    "NON_PUBLIC_IPV4",
    "NON_PUBLIC_IPV6",
    "AddressClass",
    "IPAddress",
    "classify",
    "embedded_ipv4",
    "is_loopback",
    "normalize",
    "parse_ip_literal",
]

IPAddress = ipaddress.IPv4Address | ipaddress.IPv6Address
"""An address of either family, as :mod:`ipaddress` represents it."""

_V4 = ipaddress.IPv4Network
_V6 = ipaddress.IPv6Network


class AddressClass(enum.IntEnum):
    """How far an address is from the public internet; a higher value is more restricted."""

    PUBLIC = 0
    """A public internet address: any policy may reach it."""
    NON_PUBLIC = 1
    """A private or special-purpose network: only an explicitly allowed host may be read."""
    NEVER_ALLOWED = 2
    """Loopback, link-local, multicast or reserved: never read for a model."""


NEVER_ALLOWED_IPV4: tuple[ipaddress.IPv4Network, ...] = (
    _V4("0.0.0.0/8"),  # "This network"; 0.0.0.0 reaches the local host on Linux.
    _V4("127.0.0.0/8"),  # Loopback.
    _V4("169.254.0.0/16"),  # Link-local, home of the cloud metadata services.
    _V4("224.0.0.0/3"),  # First byte >= 224: multicast, reserved (240/4) and broadcast.
)
"""IPv4 ranges no page read reaches (the reference's list, with ``>= 224`` as one network)."""

NON_PUBLIC_IPV4: tuple[ipaddress.IPv4Network, ...] = (
    _V4("10.0.0.0/8"),
    _V4("100.64.0.0/10"),  # Carrier-grade NAT.
    _V4("172.16.0.0/12"),
    _V4("192.168.0.0/16"),
    _V4("192.0.0.0/24"),  # IETF protocol assignments.
    _V4("192.0.2.0/24"),  # TEST-NET-1.
    _V4("198.18.0.0/15"),  # Benchmarking.
    _V4("198.51.100.0/24"),  # TEST-NET-2.
    _V4("203.0.113.0/24"),  # TEST-NET-3.
)
"""IPv4 ranges that need an allowed host (the reference's list)."""

NEVER_ALLOWED_IPV6: tuple[ipaddress.IPv6Network, ...] = (
    _V6("::/128"),  # Unspecified; reaches the local host on Linux.
    _V6("::1/128"),  # Loopback.
    _V6("fe80::/10"),  # Link-local.
    _V6("ff00::/8"),  # Multicast.
)
"""IPv6 ranges no page read reaches (the reference's list)."""

NON_PUBLIC_IPV6: tuple[ipaddress.IPv6Network, ...] = (
    _V6("fc00::/7"),  # Unique local addresses.
    _V6("fec0::/10"),  # Site-local, deprecated but still routable inside old networks.
)
"""IPv6 ranges that need an allowed host (the reference's list)."""

EXTRA_NON_PUBLIC: tuple[ipaddress.IPv4Network | ipaddress.IPv6Network, ...] = (
    _V4("192.88.99.0/24"),  # 6to4 relay anycast (deprecated): a tunnel endpoint, not a site.
    _V6("100::/64"),  # Discard-only prefix.
    _V6("2001:10::/28"),  # ORCHID (deprecated).
    _V6("2001:20::/28"),  # ORCHIDv2: cryptographic identifiers, not routable locators.
    _V6("2001:db8::/32"),  # Documentation.
)
"""Studio's additions to the non-public ranges, from the SSRF corpus's block lists."""

IPV4_EMBEDDING_PREFIXES: tuple[ipaddress.IPv6Network, ...] = (
    _V6("::/96"),  # IPv4-compatible (deprecated): the low 32 bits.
    _V6("::ffff:0:0:0/96"),  # SIIT IPv4-translated: the low 32 bits.
    _V6("64:ff9b::/96"),  # NAT64 well-known prefix: the low 32 bits.
    _V6("64:ff9b:1::/48"),  # NAT64 local-use prefix: the RFC 6052 /48 layout.
    _V6("2002::/16"),  # 6to4: bits 16 to 47.
    _V6("2001::/32"),  # Teredo: the server, and the client with its bits inverted.
)
"""IPv6 prefixes whose addresses carry an IPv4 address that the packets end up at."""

_NAT64_LOCAL = _V6("64:ff9b:1::/48")
_SIX_TO_FOUR = _V6("2002::/16")
_TEREDO = _V6("2001::/32")

_DECIMAL = frozenset("0123456789")
_OCTAL = frozenset("01234567")
_HEX = frozenset("0123456789abcdefABCDEF")

# The largest value each part may hold, by number of parts: "a" is 32 bits, "a.b" is 8 + 24,
# "a.b.c" is 8 + 8 + 16 and "a.b.c.d" is four bytes, as inet_aton reads them.
_PART_LIMITS = {
    1: (0xFFFFFFFF,),
    2: (0xFF, 0xFFFFFF),
    3: (0xFF, 0xFF, 0xFFFF),
    4: (0xFF, 0xFF, 0xFF, 0xFF),
}


def normalize(address: IPAddress) -> IPAddress:
    """The address to classify and connect to: IPv4-mapped IPv6 becomes the IPv4 address.

    Args:
        address: Any address.

    Returns:
        ``a.b.c.d`` for ``::ffff:a.b.c.d``; every other address unchanged.
    """
    if isinstance(address, ipaddress.IPv6Address):
        # Drop a zone: it only says which interface to use, never which host.
        if address.scope_id is not None:
            address = ipaddress.IPv6Address(int(address))
        if address.ipv4_mapped is not None:
            return address.ipv4_mapped
    return address


def classify(address: IPAddress) -> AddressClass:
    """Tell whether a page read may reach ``address``.

    Args:
        address: An address a host resolved to, or an IP literal from a URL.

    Returns:
        The address's class; see the module docstring for the ranges.
    """
    address = normalize(address)
    if isinstance(address, ipaddress.IPv4Address):
        return _classify_ipv4(address)
    if _within(address, NEVER_ALLOWED_IPV6):
        return AddressClass.NEVER_ALLOWED
    carried = embedded_ipv4(address)
    if carried:
        return max(_classify_ipv4(inner) for inner in carried)
    if _within(address, NON_PUBLIC_IPV6) or _within(address, EXTRA_NON_PUBLIC):
        return AddressClass.NON_PUBLIC
    return AddressClass.PUBLIC


def is_loopback(address: IPAddress) -> bool:
    """Whether ``address`` is this computer's loopback (``127/8``, ``::1`` or mapped ``127/8``).

    Args:
        address: Any address.

    Returns:
        True for loopback addresses only; ``0.0.0.0`` and ``::`` are not included.
    """
    address = normalize(address)
    if isinstance(address, ipaddress.IPv4Address):
        return address in NEVER_ALLOWED_IPV4[1]
    return address == NEVER_ALLOWED_IPV6[1].network_address


def embedded_ipv4(address: ipaddress.IPv6Address) -> tuple[ipaddress.IPv4Address, ...]:
    """The IPv4 addresses an IPv6 address carries, per :data:`IPV4_EMBEDDING_PREFIXES`.

    Args:
        address: An IPv6 address.

    Returns:
        No address when ``address`` is in none of the prefixes; the Teredo server and client
        for Teredo; the one carried address otherwise.
    """
    packed = address.packed
    if address in _TEREDO:
        # Python's own Teredo reading: (server, client with its bits inverted back).
        teredo = address.teredo
        return teredo if teredo is not None else ()
    if address in _SIX_TO_FOUR:
        return (ipaddress.IPv4Address(packed[2:6]),)
    if address in _NAT64_LOCAL:
        # RFC 6052 for a /48 prefix: bits 48-63, then (after the reserved bits 64-71) 72-87.
        return (ipaddress.IPv4Address(packed[6:8] + packed[9:11]),)
    if _within(address, IPV4_EMBEDDING_PREFIXES):
        return (ipaddress.IPv4Address(packed[12:16]),)
    return ()


def parse_ip_literal(host: str) -> IPAddress | None:
    """Read ``host`` as the system resolver would: an IP address, or ``None`` for a name.

    IPv4 follows ``inet_aton``: one to four dot-separated parts, each decimal, octal (leading
    ``0``) or hexadecimal (leading ``0x``), the last part filling the remaining bytes. So
    ``2130706433``, ``0177.0.0.1``, ``0x7f.1``, ``127.1`` and ``127.0.1`` all read as
    ``127.0.0.1``. IPv6 follows ``inet_pton``, with or without brackets, and an optional zone
    (``%eth0``, or ``%25eth0`` as written in a URL) that is dropped.

    Args:
        host: A URL's host, as the HTTP client would use it.

    Returns:
        The address as written (IPv4-mapped IPv6 stays IPv6; see :func:`normalize`), or
        ``None`` when ``host`` is a name, or malformed.
    """
    bracketed = host.startswith("[") and host.endswith("]")
    text = host[1:-1] if bracketed else host
    if bracketed or ":" in text:
        return _parse_ipv6(text)
    return _parse_ipv4(text)


def _parse_ipv6(text: str) -> ipaddress.IPv6Address | None:
    address, _, zone = text.partition("%")
    if zone.startswith("25"):
        zone = zone[2:]
    if zone == "" and "%" in text:
        return None
    try:
        return ipaddress.IPv6Address(address)
    except ValueError:
        return None


def _parse_ipv4(text: str) -> ipaddress.IPv4Address | None:
    parts = text.split(".")
    limits = _PART_LIMITS.get(len(parts))
    if limits is None:
        return None
    values = [_parse_ipv4_part(part) for part in parts]
    value = 0
    for index, (part, limit) in enumerate(zip(values, limits, strict=True)):
        if part is None or part > limit:
            return None
        # Every part but the last is one byte; the last fills the bytes that are left.
        shift = 8 * (3 - index) if index < len(parts) - 1 else 0
        value |= part << shift
    return ipaddress.IPv4Address(value)


def _parse_ipv4_part(text: str) -> int | None:
    if text[:2] in ("0x", "0X"):
        digits = text[2:]
        # inet_aton reads a bare "0x" as zero.
        return 0 if not digits else _checked(digits, _HEX, 16)
    if len(text) > 1 and text[0] == "0":
        return _checked(text[1:], _OCTAL, 8)
    return _checked(text, _DECIMAL, 10)


def _checked(digits: str, allowed: frozenset[str], base: int) -> int | None:
    # ASCII sets on purpose: str.isdigit() also accepts "①" and other Unicode digits.
    if not digits or not set(digits) <= allowed:
        return None
    value = int(digits, base)
    return value if value <= 0xFFFFFFFF else None


def _classify_ipv4(address: ipaddress.IPv4Address) -> AddressClass:
    if _within(address, NEVER_ALLOWED_IPV4):
        return AddressClass.NEVER_ALLOWED
    if _within(address, NON_PUBLIC_IPV4) or _within(address, EXTRA_NON_PUBLIC):
        return AddressClass.NON_PUBLIC
    return AddressClass.PUBLIC


def _within(
    address: IPAddress, networks: Iterable[ipaddress.IPv4Network | ipaddress.IPv6Network]
) -> bool:
    # Membership across families is simply False, so mixed tuples are fine.
    return any(address in network for network in networks)
