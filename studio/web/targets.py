"""Which addresses a page read may reach, decided by who chose the URL.

A URL reaches the retrieval service from one of three places, and each gets its own policy:

* a search engine's result list (``web_search``): :meth:`TargetPolicy.public_only`;
* the model (``read_web_page``): :meth:`TargetPolicy.allow_listed`, public addresses plus the
  private hosts the user or the organisation listed, and those only for a provider of HIGH
  confidence, since the page may hold internal data;
* the user, who typed it: :meth:`TargetPolicy.user_typed`, which also allows the user's own
  network and this computer.

Only the address the user typed is the user's choice; where its server redirects is not. So a
read's redirect hops are checked under :meth:`TargetPolicy.for_redirects`, the policy the first
hop leaves behind: for a user-typed read, a redirect may lead no deeper into the user's own
networks than the typed address did (:class:`Reach`), except to a private host the user listed
as allowed. A public page cannot send Studio to this computer or the LAN; the user's NAS may
still redirect within the LAN, and a page on this computer to another port of it.

The caller picks the policy object; nothing in the URL or in the service can change it. So a URL
that came from a model can never be read with the user-typed policy unless a caller hands it
over on purpose, and that is the one thing callers must never do.

:func:`validate_target` applies a policy to one URL: scheme, host name, the optional
``is_target_allowed`` callback, then the resolved addresses (see :mod:`studio.web.addresses`).
The callback runs before the DNS look-up, a change from the reference (which asks it after
DNS), so that a target a tool may not read does not even cause a query for its name.
"""

from __future__ import annotations

import enum
import re
from collections.abc import Callable
from dataclasses import dataclass, field, replace

import httpx

from studio.kernel.policy import ConfidenceLevel
from studio.web.addresses import (
    AddressClass,
    IPAddress,
    classify,
    is_loopback,
    normalize,
    parse_ip_literal,
)
from studio.web.errors import (
    BlockReason,
    InvalidHostPattern,
    InvalidWebAddress,
    WebHostNotFound,
    WebTargetBlocked,
)
from studio.web.resolution import Resolver, is_local_host_name

__all__ = [
    "ALLOWED_SCHEMES",
    "HostAllowList",
    "HostPattern",
    "Reach",
    "TargetCheck",
    "TargetPolicy",
    "TargetScope",
    "ValidatedTarget",
    "host_of",
    "is_web_address",
    "parse_url",
    "validate_target",
]

ALLOWED_SCHEMES = frozenset({"http", "https"})
"""The only schemes a page read uses."""

TargetCheck = Callable[[httpx.URL], bool]
"""A caller's own rule for a URL (a wiki tool: "inside the configured base URL")."""

_HOST_LABEL = re.compile(r"(?!-)[a-z0-9_-]{1,63}(?<!-)")
# Underscores are not valid in host names, but they occur in real DNS names and resolvers
# accept them, so refusing them would only break pages without protecting anything.
_SEPARATORS = re.compile(r"[,;\r\n]+")
_REQUEST_HOST = re.compile(r"[A-Za-z0-9._:-]+", re.ASCII)
"""What a host can be made of once the URL parser has put it into ASCII: the parser lets
through hosts such as ``%5Bx`` that no request could use."""


class TargetScope(enum.Enum):
    """Who chose the URL, which decides the addresses a read may reach."""

    PUBLIC_ONLY = "public-only"
    """A search result: public addresses only."""
    ALLOW_LISTED = "allow-listed"
    """The model: public addresses, and allowed private hosts for a HIGH-confidence provider."""
    USER_TYPED = "user-typed"
    """The user: also private networks, this computer and ``localhost``; redirects no deeper
    than the typed address (see :meth:`TargetPolicy.for_redirects`)."""


class Reach(enum.IntEnum):
    """How far into the user's own networks an address leads, in order."""

    PUBLIC = 0
    """The public internet."""
    PRIVATE_NETWORK = 1
    """A private network or a VPN: any non-public address that is not this computer's."""
    THIS_COMPUTER = 2
    """This computer: a loopback address or a ``localhost`` name."""


@dataclass(frozen=True)
class HostPattern:
    """One entry of a :class:`HostAllowList`: a host, or all subdomains of a domain.

    Attributes:
        host: The ASCII (IDNA) host name in lower case, or an IP address in its standard form.
        subdomains_only: True for ``*.example.de``: matches ``a.example.de``, not
            ``example.de`` itself.
    """

    host: str
    subdomains_only: bool = False

    def matches(self, host: str) -> bool:
        """Whether ``host`` (ASCII, lower case, no trailing dot) is covered by this pattern."""
        if self.subdomains_only:
            return host.endswith("." + self.host)
        address = parse_ip_literal(host)
        if address is not None:
            return str(normalize(address)) == self.host
        return host == self.host


@dataclass(frozen=True)
class HostAllowList:
    """The private hosts a model-chosen URL may reach, as the ``allowedPrivateHosts`` setting.

    Attributes:
        patterns: The entries, in the order written.
    """

    patterns: tuple[HostPattern, ...] = ()

    @classmethod
    def parse(cls, text: str) -> HostAllowList:
        """Read a list of host patterns separated by commas, semicolons or line breaks.

        ``example.de`` allows exactly that host; ``*.example.de`` allows its subdomains, not
        the domain itself. IP addresses are allowed as exact entries. Empty entries are skipped.

        Args:
            text: The setting's value.

        Returns:
            The allow list.

        Raises:
            InvalidHostPattern: An entry has a scheme, a path, a port or user information, a
                misplaced wildcard, or is not a valid host name.
        """
        patterns = []
        for raw in _SEPARATORS.split(text):
            entry = raw.strip()
            if entry:
                patterns.append(_parse_pattern(entry))
        return cls(tuple(patterns))

    def allows(self, host: str) -> bool:
        """Whether any pattern covers ``host`` (ASCII, lower case, no trailing dot)."""
        return any(pattern.matches(host) for pattern in self.patterns)


@dataclass(frozen=True, kw_only=True)
class TargetPolicy:
    """The addresses one page read may reach. Build it with the class methods, not directly.

    Attributes:
        scope: Who chose the URL.
        allowed_hosts: Private hosts a model-chosen URL may reach (``ALLOW_LISTED``), or a
            redirect of a user-typed read (``USER_TYPED``).
        provider_confidence: The confidence of the chat's provider (``ALLOW_LISTED`` only).
        is_target_allowed: An extra rule of the caller, asked for the first URL and for every
            redirect target before anything is sent to it.
        reach: How deep into the user's networks a ``USER_TYPED`` target may lead without
            being on ``allowed_hosts``: this computer for the typed address, the typed
            address's own reach for its redirects.
    """

    scope: TargetScope
    allowed_hosts: HostAllowList = field(default_factory=HostAllowList)
    provider_confidence: ConfidenceLevel = ConfidenceLevel.NONE
    is_target_allowed: TargetCheck | None = None
    reach: Reach = Reach.THIS_COMPUTER

    @classmethod
    def public_only(cls, *, is_target_allowed: TargetCheck | None = None) -> TargetPolicy:
        """For URLs from search results: public addresses only."""
        return cls(scope=TargetScope.PUBLIC_ONLY, is_target_allowed=is_target_allowed)

    @classmethod
    def allow_listed(
        cls,
        hosts: HostAllowList,
        provider_confidence: ConfidenceLevel,
        *,
        is_target_allowed: TargetCheck | None = None,
    ) -> TargetPolicy:
        """For URLs a model chose: public addresses, and ``hosts`` with a HIGH provider."""
        return cls(
            scope=TargetScope.ALLOW_LISTED,
            allowed_hosts=hosts,
            provider_confidence=provider_confidence,
            is_target_allowed=is_target_allowed,
        )

    @classmethod
    def user_typed(
        cls,
        hosts: HostAllowList | None = None,
        *,
        is_target_allowed: TargetCheck | None = None,
    ) -> TargetPolicy:
        """For a URL the user typed: also the user's networks, this computer and localhost.

        Link-local (cloud metadata), multicast, reserved and unspecified addresses stay
        refused: a page the user opened may redirect there, and no web page lives there.

        Args:
            hosts: The private hosts a redirect may reach from a public address (the
                "Allowed private hosts" setting); none by default.
            is_target_allowed: The caller's own rule, for the URL and every redirect target.
        """
        return cls(
            scope=TargetScope.USER_TYPED,
            allowed_hosts=hosts if hosts is not None else HostAllowList(),
            is_target_allowed=is_target_allowed,
        )

    def for_redirects(self, first: ValidatedTarget) -> TargetPolicy:
        """The policy for every redirect of a read whose first URL passed as ``first``.

        Only the address the user typed is the user's: its redirects come from a server. So a
        redirect of a user-typed read may lead no deeper into the user's networks than the
        typed address did. From a public address it gets the rule of a model-chosen address,
        public addresses and the allowed private hosts only (never this computer); from an
        address on a private network, also private networks; from this computer, also this
        computer. The reach is set once, by the typed address, so a public hop in between (a
        sign-in service) does not lower it.

        A private host that the redirect reaches through the allow list needs no provider
        confidence here, since the user-typed read has no provider yet: the caller raises the
        chat's requirement to HIGH from :attr:`ValidatedTarget.reaches_non_public` anyway.

        The other scopes check redirects as they check the first URL, so they return
        themselves.

        Args:
            first: The first URL of the read, as :func:`validate_target` passed it.

        Returns:
            The policy to validate each redirect target with.
        """
        if self.scope is not TargetScope.USER_TYPED:
            return self
        return replace(self, reach=min(self.reach, first.reach))


@dataclass(frozen=True, kw_only=True)
class ValidatedTarget:
    """A URL that passed its policy, with the only addresses Studio may connect to for it.

    Attributes:
        url: The URL to request, without user information and fragment.
        host: The host in ASCII, lower case, without a trailing dot.
        addresses: The validated addresses, normalised (IPv4-mapped IPv6 as IPv4), in the order
            to try them.
        reaches_non_public: True when any address is not public, which raises the confidence
            the chat requires from then on.
    """

    url: httpx.URL
    host: str
    addresses: tuple[IPAddress, ...]
    reaches_non_public: bool

    @property
    def reach(self) -> Reach:
        """How far into the user's networks the target leads: the deepest of its addresses."""
        if any(is_loopback(address) for address in self.addresses):
            return Reach.THIS_COMPUTER
        return Reach.PRIVATE_NETWORK if self.reaches_non_public else Reach.PUBLIC


def parse_url(text: str) -> httpx.URL:
    """Read an absolute URL exactly as the HTTP client will, so checks and requests agree.

    Args:
        text: The URL as given.

    Returns:
        The parsed URL.

    Raises:
        InvalidWebAddress: It cannot be parsed or has no scheme.
    """
    try:
        url = httpx.URL(text.strip())
    except (httpx.InvalidURL, TypeError, ValueError):
        raise InvalidWebAddress() from None
    if not url.scheme:
        raise InvalidWebAddress()
    return url


def is_web_address(text: str) -> bool:
    """Whether ``text`` is an absolute http or https address with a host a request can use.

    Only the shape, without DNS or a policy, so a form field or a tool argument is refused
    before anything is sent; :func:`validate_target` still decides whether it may be read.
    """
    try:
        url = parse_url(text)
    except InvalidWebAddress:
        return False
    host = url.raw_host.decode("ascii", "replace")
    return url.scheme.lower() in ALLOWED_SCHEMES and _REQUEST_HOST.fullmatch(host) is not None


def host_of(url: httpx.URL) -> str:
    """The URL's host in ASCII (IDNA), lower case, without trailing dots."""
    # "replace" only matters for a host httpx would not send; it then fails the name check.
    return url.raw_host.decode("ascii", "replace").lower().rstrip(".")


async def validate_target(
    url: httpx.URL, policy: TargetPolicy, resolver: Resolver
) -> ValidatedTarget:
    """Check ``url`` against ``policy`` and find the addresses it may be read from.

    Args:
        url: The URL to read, from :func:`parse_url` or a resolved redirect.
        policy: The caller's policy.
        resolver: Looks up the host name; IP literals never reach it.

    Returns:
        The validated target.

    Raises:
        WebTargetBlocked: The policy refuses the target.
        InvalidWebAddress: The URL has no host or an invalid one.
        WebHostNotFound: The host name does not resolve.
    """
    if url.scheme.lower() not in ALLOWED_SCHEMES:
        raise WebTargetBlocked(BlockReason.UNSUPPORTED_SCHEME)
    # User information is never sent (httpx would turn it into a Basic credential), and the
    # fragment never leaves the client anyway.
    url = url.copy_with(username=None, password=None, fragment=None)
    host = host_of(url)
    literal = parse_ip_literal(host)
    if literal is None and not _is_host_name(host):
        raise InvalidWebAddress()
    if literal is None and is_local_host_name(host):
        if policy.scope is not TargetScope.USER_TYPED:
            raise WebTargetBlocked(BlockReason.LOCAL_HOST_NAME)
        if policy.reach < Reach.THIS_COMPUTER:
            raise WebTargetBlocked(BlockReason.REDIRECT_TO_THIS_COMPUTER)
    if policy.is_target_allowed is not None and not policy.is_target_allowed(url):
        raise WebTargetBlocked(BlockReason.TARGET_NOT_ALLOWED)
    found = (literal,) if literal is not None else await resolver.resolve(host)
    if not found:
        raise WebHostNotFound(host)
    addresses = tuple(dict.fromkeys(normalize(address) for address in found))
    reaches_non_public = _check_addresses(host, addresses, policy)
    return ValidatedTarget(
        url=url, host=host, addresses=addresses, reaches_non_public=reaches_non_public
    )


def _check_addresses(host: str, addresses: tuple[IPAddress, ...], policy: TargetPolicy) -> bool:
    """Raise the block for ``addresses``, or tell whether any of them is non-public."""
    user_typed = policy.scope is TargetScope.USER_TYPED
    non_public = False
    for address in addresses:
        address_class = classify(address)
        if address_class is AddressClass.NEVER_ALLOWED:
            if not (user_typed and is_loopback(address)):
                raise WebTargetBlocked(BlockReason.NEVER_ALLOWED_ADDRESS)
            if policy.reach < Reach.THIS_COMPUTER:
                raise WebTargetBlocked(BlockReason.REDIRECT_TO_THIS_COMPUTER)
            non_public = True
        elif address_class is AddressClass.NON_PUBLIC:
            non_public = True
    if not non_public:
        return False
    if user_typed:
        # The typed address (reach THIS_COMPUTER) and redirects from the user's own networks
        # may reach private networks; a redirect from the public internet only listed hosts.
        if policy.reach < Reach.PRIVATE_NETWORK and not policy.allowed_hosts.allows(host):
            raise WebTargetBlocked(BlockReason.REDIRECT_TO_PRIVATE_NETWORK)
        return True
    # One non-public address taints the host: an attacker's name may mix public and private
    # answers and hope the private one is tried.
    if policy.scope is TargetScope.PUBLIC_ONLY or not policy.allowed_hosts.allows(host):
        raise WebTargetBlocked(BlockReason.PRIVATE_HOST_NOT_ALLOWED)
    if policy.provider_confidence < ConfidenceLevel.HIGH:
        raise WebTargetBlocked(BlockReason.INSUFFICIENT_PROVIDER_CONFIDENCE)
    return True


def _is_host_name(host: str) -> bool:
    if not host or len(host) > 253:
        return False
    return all(_HOST_LABEL.fullmatch(label) for label in host.split("."))


def _parse_pattern(entry: str) -> HostPattern:
    if "://" in entry:
        raise InvalidHostPattern(
            entry, "write only the host name, without a scheme such as 'https://'."
        )
    if any(mark in entry for mark in "/?#\\"):
        raise InvalidHostPattern(entry, "write only the host name, without a path.")
    if "@" in entry:
        raise InvalidHostPattern(entry, "write only the host name, without a user name.")
    subdomains_only = entry.startswith("*.")
    name = entry[2:] if subdomains_only else entry
    if "*" in name:
        raise InvalidHostPattern(entry, "a wildcard may only open the entry, as in '*.example.de'.")
    address = _parse_address_pattern(name)
    if address is not None:
        if subdomains_only:
            raise InvalidHostPattern(entry, "an IP address has no subdomains.")
        return HostPattern(str(address))
    if ":" in name:
        raise InvalidHostPattern(entry, "write only the host name, without a port.")
    try:
        host = host_of(httpx.URL(f"http://{name}/"))
    except (httpx.InvalidURL, UnicodeError, ValueError):
        host = ""
    if not _is_host_name(host):
        raise InvalidHostPattern(entry, "this is not a valid host name.")
    return HostPattern(host, subdomains_only)


def _parse_address_pattern(name: str) -> IPAddress | None:
    """An IP address entry (``10.0.0.5``, ``fd00::1`` or ``[fd00::1]``), or ``None``.

    Read like a URL's host, so an entry and a URL that name the same address always match.
    """
    address = parse_ip_literal(name)
    return normalize(address) if address is not None else None
