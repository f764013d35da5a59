"""Target policies: the allow list, each policy against each address class, and host names."""

from __future__ import annotations

import dataclasses

import httpx
import pytest

from studio.kernel.policy import ConfidenceLevel
from studio.kernel.translatable import TranslatableText
from studio.web.errors import (
    BlockReason,
    InvalidHostPattern,
    InvalidWebAddress,
    WebHostNotFound,
    WebTargetBlocked,
)
from studio.web.targets import (
    HostAllowList,
    HostPattern,
    Reach,
    TargetPolicy,
    host_of,
    is_web_address,
    parse_url,
    validate_target,
)
from tests.support.resolvers import StaticResolver

HIGH = ConfidenceLevel.HIGH

# --- the allow list ----------------------------------------------------------------------------


def test_allow_list_splits_on_commas_semicolons_and_line_breaks() -> None:
    allowed = HostAllowList.parse(" wiki.example.de, *.corp.example ;intranet\n\r\n10.0.0.5;;")

    assert allowed.patterns == (
        HostPattern("wiki.example.de"),
        HostPattern("corp.example", subdomains_only=True),
        HostPattern("intranet"),
        HostPattern("10.0.0.5"),
    )


def test_allow_list_of_nothing_allows_nothing() -> None:
    assert HostAllowList.parse("").patterns == ()
    assert not HostAllowList.parse(" \n ; ").allows("example.de")


@pytest.mark.parametrize(
    ("host", "expected"),
    [
        ("example.de", True),
        ("www.example.de", False),
        ("notexample.de", False),
        ("example.de.evil.com", False),
    ],
)
def test_exact_pattern_matches_only_that_host(host: str, expected: bool) -> None:
    assert HostAllowList.parse("example.de").allows(host) is expected


@pytest.mark.parametrize(
    ("host", "expected"),
    [
        ("wiki.example.de", True),
        ("a.b.example.de", True),
        ("example.de", False),
        ("evilexample.de", False),
        ("example.de.evil.com", False),
    ],
)
def test_wildcard_pattern_matches_subdomains_only(host: str, expected: bool) -> None:
    assert HostAllowList.parse("*.example.de").allows(host) is expected


def test_allow_list_entries_are_normalised_like_url_hosts() -> None:
    allowed = HostAllowList.parse("WIKI.Example.DE., bücher.example, [FD00::1], 0x0a.0.0.5")

    assert allowed.allows(host_of(parse_url("https://wiki.example.de/x")))
    assert allowed.allows(host_of(parse_url("https://wiki.EXAMPLE.de./x")))
    assert allowed.allows(host_of(parse_url("https://BÜCHER.example/")))
    assert allowed.allows(host_of(parse_url("https://[fd00:0::1]/")))
    assert allowed.allows(host_of(parse_url("http://10.0.0.5/")))
    assert allowed.allows(host_of(parse_url("http://167772165/")))


@pytest.mark.parametrize(
    ("entry", "problem"),
    [
        ("https://wiki.example.de", "without a scheme"),
        ("wiki.example.de/page", "without a path"),
        ("wiki.example.de?x=1", "without a path"),
        ("user@wiki.example.de", "without a user name"),
        ("wiki.example.de:8443", "without a port"),
        ("*", "wildcard"),
        ("*example.de", "wildcard"),
        ("wiki.*.de", "wildcard"),
        ("*.10.0.0.5", "no subdomains"),
        ("wiki_example!.de", "not a valid host name"),
        ("-wiki.example.de", "not a valid host name"),
        ("a..b", "not a valid host name"),
        ("exa mple.de", "not a valid host name"),
    ],
)
def test_allow_list_refuses_entries_that_are_not_host_patterns(entry: str, problem: str) -> None:
    with pytest.raises(InvalidHostPattern) as error:
        HostAllowList.parse(f"good.example, {entry}")

    assert error.value.entry == entry
    assert problem in str(error.value)
    assert repr(entry) in str(error.value)


# --- each policy against each address class ---------------------------------------------------

PUBLIC = ["93.184.216.34"]
PRIVATE = ["10.0.0.5"]
PRIVATE_IPV6 = ["fd00::5"]
MIXED = ["93.184.216.34", "10.0.0.5"]
LOOPBACK = ["127.0.0.1"]
LINK_LOCAL = ["169.254.169.254"]
UNSPECIFIED = ["0.0.0.0"]

ALLOWED = HostAllowList.parse("wiki.corp.example")
POLICIES = {
    "public-only": TargetPolicy.public_only(),
    "listed-high": TargetPolicy.allow_listed(ALLOWED, HIGH),
    "listed-medium": TargetPolicy.allow_listed(ALLOWED, ConfidenceLevel.MEDIUM),
    "unlisted-high": TargetPolicy.allow_listed(HostAllowList.parse("other.example"), HIGH),
    "user-typed": TargetPolicy.user_typed(),
}
OK_PUBLIC, OK_NON_PUBLIC = "public", "non-public"
NEVER = BlockReason.NEVER_ALLOWED_ADDRESS
PRIVATE_REFUSED = BlockReason.PRIVATE_HOST_NOT_ALLOWED
LOW_CONFIDENCE = BlockReason.INSUFFICIENT_PROVIDER_CONFIDENCE

# policy -> address set -> outcome
MATRIX: dict[str, dict[str, object]] = {
    "public-only": {
        "public": OK_PUBLIC,
        "private": PRIVATE_REFUSED,
        "private-ipv6": PRIVATE_REFUSED,
        "mixed": PRIVATE_REFUSED,
        "loopback": NEVER,
        "link-local": NEVER,
        "unspecified": NEVER,
    },
    "listed-high": {
        "public": OK_PUBLIC,
        "private": OK_NON_PUBLIC,
        "private-ipv6": OK_NON_PUBLIC,
        "mixed": OK_NON_PUBLIC,
        "loopback": NEVER,
        "link-local": NEVER,
        "unspecified": NEVER,
    },
    "listed-medium": {
        "public": OK_PUBLIC,
        "private": LOW_CONFIDENCE,
        "private-ipv6": LOW_CONFIDENCE,
        "mixed": LOW_CONFIDENCE,
        "loopback": NEVER,
        "link-local": NEVER,
        "unspecified": NEVER,
    },
    "unlisted-high": {
        "public": OK_PUBLIC,
        "private": PRIVATE_REFUSED,
        "private-ipv6": PRIVATE_REFUSED,
        "mixed": PRIVATE_REFUSED,
        "loopback": NEVER,
        "link-local": NEVER,
        "unspecified": NEVER,
    },
    "user-typed": {
        "public": OK_PUBLIC,
        "private": OK_NON_PUBLIC,
        "private-ipv6": OK_NON_PUBLIC,
        "mixed": OK_NON_PUBLIC,
        "loopback": OK_NON_PUBLIC,
        "link-local": NEVER,
        "unspecified": NEVER,
    },
}
ADDRESSES = {
    "public": PUBLIC,
    "private": PRIVATE,
    "private-ipv6": PRIVATE_IPV6,
    "mixed": MIXED,
    "loopback": LOOPBACK,
    "link-local": LINK_LOCAL,
    "unspecified": UNSPECIFIED,
}
CASES = [
    pytest.param(policy, kind, outcome, id=f"{policy}-{kind}")
    for policy, row in MATRIX.items()
    for kind, outcome in row.items()
]


@pytest.mark.parametrize(("policy_name", "kind", "outcome"), CASES)
async def test_policy_decides_by_address_class_host_and_confidence(
    policy_name: str, kind: str, outcome: object
) -> None:
    resolver = StaticResolver({"wiki.corp.example": ADDRESSES[kind]})
    url = parse_url("https://wiki.corp.example/page")

    if isinstance(outcome, BlockReason):
        with pytest.raises(WebTargetBlocked) as blocked:
            await validate_target(url, POLICIES[policy_name], resolver)
        assert blocked.value.reason is outcome
    else:
        target = await validate_target(url, POLICIES[policy_name], resolver)
        assert target.reaches_non_public is (outcome == OK_NON_PUBLIC)
        assert [str(a) for a in target.addresses] == ADDRESSES[kind]


LITERAL_BLOCKS = {"public-only": PRIVATE_REFUSED, "listed-medium": LOW_CONFIDENCE}


@pytest.mark.parametrize("policy_name", list(POLICIES))
@pytest.mark.parametrize("literal", ["10.0.0.5", "167772165", "[fd00::5]"])
async def test_ip_literals_follow_the_same_rules_and_never_reach_the_resolver(
    policy_name: str, literal: str
) -> None:
    resolver = StaticResolver()
    policy = dataclasses.replace(
        POLICIES[policy_name], allowed_hosts=HostAllowList.parse("10.0.0.5, fd00::5")
    )
    url = parse_url(f"http://{literal}/")

    if policy_name in LITERAL_BLOCKS:
        with pytest.raises(WebTargetBlocked) as blocked:
            await validate_target(url, policy, resolver)
        assert blocked.value.reason is LITERAL_BLOCKS[policy_name]
    else:
        assert (await validate_target(url, policy, resolver)).reaches_non_public
    assert resolver.calls == []


async def test_ipv4_mapped_answers_are_classified_and_used_as_ipv4() -> None:
    resolver = StaticResolver({"sneaky.example": ["::ffff:10.0.0.5"]})

    with pytest.raises(WebTargetBlocked) as blocked:
        await validate_target(
            parse_url("http://sneaky.example/"), POLICIES["public-only"], resolver
        )
    target = await validate_target(
        parse_url("http://sneaky.example/"), TargetPolicy.user_typed(), resolver
    )

    assert blocked.value.reason is PRIVATE_REFUSED
    assert [str(a) for a in target.addresses] == ["10.0.0.5"]


# --- host names and schemes -------------------------------------------------------------------

LOCAL_NAMES = [
    "localhost",
    "LOCALHOST",
    "localhost.",
    "LocalHost..",
    "app.localhost",
    "a.b.localhost.",
]


@pytest.mark.parametrize("host", LOCAL_NAMES)
@pytest.mark.parametrize("policy_name", ["public-only", "listed-high"])
async def test_localhost_names_are_refused_before_any_lookup(host: str, policy_name: str) -> None:
    resolver = StaticResolver({host.rstrip(".").lower(): LOOPBACK})
    policy = dataclasses.replace(
        POLICIES[policy_name], allowed_hosts=HostAllowList.parse("localhost, *.localhost")
    )

    with pytest.raises(WebTargetBlocked) as blocked:
        await validate_target(parse_url(f"http://{host}:8080/"), policy, resolver)

    assert blocked.value.reason is BlockReason.LOCAL_HOST_NAME
    assert resolver.calls == []


@pytest.mark.parametrize("host", LOCAL_NAMES)
async def test_user_typed_policy_may_read_localhost(host: str) -> None:
    resolver = StaticResolver({host.rstrip(".").lower(): LOOPBACK})

    target = await validate_target(
        parse_url(f"http://{host}:8080/"), TargetPolicy.user_typed(), resolver
    )

    assert target.reaches_non_public
    assert [str(a) for a in target.addresses] == LOOPBACK


@pytest.mark.parametrize("host", ["notlocalhost", "localhost.example.com", "localhostx"])
async def test_names_that_merely_contain_localhost_are_ordinary(host: str) -> None:
    resolver = StaticResolver({host: PUBLIC})

    target = await validate_target(parse_url(f"http://{host}/"), POLICIES["public-only"], resolver)

    assert target.host == host


@pytest.mark.parametrize(
    "url",
    [
        "ftp://example.com/",
        "file:///etc/passwd",
        "gopher://example.com:25/",
        "ws://example.com/",
        "javascript:alert(1)",
        "data:text/html,hi",
    ],
)
@pytest.mark.parametrize("policy_name", list(POLICIES))
async def test_only_http_and_https_are_read(url: str, policy_name: str) -> None:
    with pytest.raises(WebTargetBlocked) as blocked:
        await validate_target(parse_url(url), POLICIES[policy_name], StaticResolver())

    assert blocked.value.reason is BlockReason.UNSUPPORTED_SCHEME


@pytest.mark.parametrize(
    "url", ["example.com/page", "//example.com/", "http://", "http:///x", "http://exa%6dple.com/"]
)
async def test_urls_without_a_usable_host_are_invalid(url: str) -> None:
    with pytest.raises(InvalidWebAddress):
        await validate_target(parse_url(url), TargetPolicy.user_typed(), StaticResolver())


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("https://example.org/article", True),
        ("  https://example.org/article\n", True),
        ("HTTP://Example.ORG/x", True),
        ("HtTpS://example.org/", True),
        ("http://[::1]/", True),
        ("http://[::ffff:127.0.0.1]:8080/x", True),
        ("http://127.0.0.1:8080/x?b=1", True),
        ("https://bücher.example/", True),
        ("http://exa_mple.com/", True),
        ("ftp://example.org/file", False),
        ("ws://example.org/", False),
        ("file:///etc/passwd", False),
        ("mailto:a@b.example", False),
        ("javascript:alert(1)", False),
        ("example.org/article", False),
        ("localhost:8080/a", False),
        ("//example.org/", False),
        ("/relative/page", False),
        ("", False),
        ("http://", False),
        ("http:///x", False),
        ("https://:443/", False),
        ("http://user@/", False),
        ("http://[not-an-address/", False),
        ("http://%5Bx/", False),
        ("http://a b/", False),
    ],
    ids=["https", "padded", "upper-scheme", "mixed-case-scheme", "ipv6-loopback", "ipv4-mapped",
         "ipv4-port", "international", "underscore", "ftp", "websocket", "file", "mailto",
         "javascript", "no-scheme", "host-as-scheme", "scheme-relative", "relative", "empty",
         "no-host", "empty-host", "port-only", "user-only", "unparseable", "escaped-host",
         "space-in-host"],
)  # fmt: skip
def test_web_address_is_absolute_http_or_https_with_a_usable_host(
    text: str, expected: bool
) -> None:
    assert is_web_address(text) is expected


def test_unparsable_url_is_invalid() -> None:
    with pytest.raises(InvalidWebAddress):
        parse_url("http://[1:2]/")


async def test_unknown_host_is_not_found() -> None:
    with pytest.raises(WebHostNotFound):
        await validate_target(
            parse_url("http://nowhere.example/"), POLICIES["public-only"], StaticResolver()
        )


async def test_user_information_and_fragment_are_dropped_from_the_target() -> None:
    resolver = StaticResolver({"example.com": PUBLIC})

    target = await validate_target(
        parse_url("https://user:secret@Example.COM./a?b=1#frag"),
        TargetPolicy.public_only(),
        resolver,
    )

    assert str(target.url) == "https://example.com./a?b=1"
    assert target.host == "example.com"


# --- is_target_allowed -------------------------------------------------------------------------


async def test_target_check_runs_before_the_lookup_and_can_refuse() -> None:
    seen: list[str] = []

    def inside_wiki(url: httpx.URL) -> bool:
        seen.append(str(url))
        return url.host == "wiki.corp.example"

    resolver = StaticResolver({"evil.example": PUBLIC, "wiki.corp.example": PUBLIC})
    policy = TargetPolicy.public_only(is_target_allowed=inside_wiki)

    with pytest.raises(WebTargetBlocked) as blocked:
        await validate_target(parse_url("https://u:p@evil.example/x"), policy, resolver)
    allowed = await validate_target(parse_url("https://wiki.corp.example/x"), policy, resolver)

    assert blocked.value.reason is BlockReason.TARGET_NOT_ALLOWED
    assert resolver.calls == ["wiki.corp.example"]
    assert seen == ["https://evil.example/x", "https://wiki.corp.example/x"]
    assert allowed.host == "wiki.corp.example"


async def test_target_check_does_not_lift_the_address_rules() -> None:
    policy = TargetPolicy.public_only(is_target_allowed=lambda url: True)

    with pytest.raises(WebTargetBlocked) as blocked:
        await validate_target(
            parse_url("http://intranet.example/"),
            policy,
            StaticResolver({"intranet.example": PRIVATE}),
        )

    assert blocked.value.reason is PRIVATE_REFUSED


# --- redirects: the policy the first URL leaves -----------------------------------------------


@pytest.mark.parametrize(
    ("first", "reach"),
    [
        (PUBLIC, Reach.PUBLIC),
        (MIXED, Reach.PRIVATE_NETWORK),
        (PRIVATE_IPV6, Reach.PRIVATE_NETWORK),
        (LOOPBACK, Reach.THIS_COMPUTER),
        (["::ffff:127.0.0.1"], Reach.THIS_COMPUTER),
    ],
)
async def test_redirects_of_a_user_typed_read_reach_no_deeper_than_the_typed_address(
    first: list[str], reach: Reach
) -> None:
    resolver = StaticResolver({"typed.example": first})
    policy = TargetPolicy.user_typed(ALLOWED)

    typed = await validate_target(parse_url("http://typed.example/"), policy, resolver)
    redirects = policy.for_redirects(typed)

    assert typed.reach is reach
    assert redirects.reach is reach
    assert redirects.scope is policy.scope
    assert redirects.allowed_hosts == ALLOWED
    # The reach is the typed address's: a later hop cannot raise it again.
    assert redirects.for_redirects(typed).reach is reach


@pytest.mark.parametrize(
    ("addresses", "public", "private", "this_computer"),
    [
        (PUBLIC, None, None, None),
        (PRIVATE, BlockReason.REDIRECT_TO_PRIVATE_NETWORK, None, None),
        (MIXED, BlockReason.REDIRECT_TO_PRIVATE_NETWORK, None, None),
        (
            LOOPBACK,
            BlockReason.REDIRECT_TO_THIS_COMPUTER,
            BlockReason.REDIRECT_TO_THIS_COMPUTER,
            None,
        ),
        (LINK_LOCAL, *[BlockReason.NEVER_ALLOWED_ADDRESS] * 3),
    ],
)
async def test_redirect_target_is_judged_by_the_reach_of_the_typed_address(
    addresses: list[str],
    public: BlockReason | None,
    private: BlockReason | None,
    this_computer: BlockReason | None,
) -> None:
    resolver = StaticResolver({"next.example": addresses})
    for reach, expected in zip(Reach, (public, private, this_computer), strict=True):
        policy = dataclasses.replace(TargetPolicy.user_typed(), reach=reach)
        if expected is None:
            await validate_target(parse_url("http://next.example/"), policy, resolver)
            continue
        with pytest.raises(WebTargetBlocked) as blocked:
            await validate_target(parse_url("http://next.example/"), policy, resolver)
        assert blocked.value.reason is expected, reach


async def test_a_redirect_from_a_public_address_reaches_only_allowed_private_hosts() -> None:
    resolver = StaticResolver({"wiki.corp.example": PRIVATE, "other.corp.example": PRIVATE})
    typed = await validate_target(
        parse_url("http://93.184.216.34/"), TargetPolicy.user_typed(ALLOWED), resolver
    )
    redirects = TargetPolicy.user_typed(ALLOWED).for_redirects(typed)

    # No provider is chosen yet for a typed address; the caller demands HIGH afterwards.
    listed = await validate_target(parse_url("http://wiki.corp.example/"), redirects, resolver)
    assert listed.reaches_non_public
    with pytest.raises(WebTargetBlocked) as blocked:
        await validate_target(parse_url("http://other.corp.example/"), redirects, resolver)
    assert blocked.value.reason is BlockReason.REDIRECT_TO_PRIVATE_NETWORK
    with pytest.raises(WebTargetBlocked) as blocked:
        await validate_target(parse_url("http://localhost/"), redirects, resolver)
    assert blocked.value.reason is BlockReason.REDIRECT_TO_THIS_COMPUTER


@pytest.mark.parametrize("policy_name", ["public-only", "listed-high", "listed-medium"])
async def test_model_and_search_policies_check_redirects_as_the_first_url(
    policy_name: str,
) -> None:
    policy = POLICIES[policy_name]
    typed = await validate_target(parse_url("http://93.184.216.34/"), policy, StaticResolver())

    assert policy.for_redirects(typed) is policy


# --- the policy object and its texts -----------------------------------------------------------


def test_policy_is_frozen() -> None:
    policy = TargetPolicy.public_only()

    with pytest.raises(dataclasses.FrozenInstanceError):
        policy.scope = TargetPolicy.user_typed().scope  # type: ignore[misc]


@pytest.mark.parametrize("reason", list(BlockReason))
def test_every_block_reason_has_a_user_text_and_a_model_text(reason: BlockReason) -> None:
    blocked = WebTargetBlocked(reason)

    assert isinstance(reason.user_text, TranslatableText)
    assert reason.user_text.context == "WebRetrieval"
    assert str(blocked) == reason.user_text
    assert blocked.model_message == reason.model_text
    assert reason.model_text.isascii()


async def test_block_messages_never_repeat_the_address() -> None:
    url = "http://secret-token-123.attacker.example/?key=hunter2"
    resolver = StaticResolver({"secret-token-123.attacker.example": LINK_LOCAL})

    with pytest.raises(WebTargetBlocked) as blocked:
        await validate_target(parse_url(url), TargetPolicy.public_only(), resolver)

    for text in (str(blocked.value), blocked.value.model_message, blocked.value.text()):
        assert "secret-token" not in text
        assert "hunter2" not in text
        assert "169.254" not in text
