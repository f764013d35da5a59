"""Where the redirects of a user-typed read may lead, over real HTTP on loopback.

Only the address the user typed is the user's choice. A redirect may lead no deeper into the
user's own networks than that address did: from a public page not to this computer, and not to a
private network unless its host is on the allow list; from the user's NAS within private
networks; from this computer anywhere the typed address could go.

The names look public or private through a :class:`StaticResolver`, and
:class:`LoopbackRoutes` delivers connections to those addresses to the test's server, so each
hop is validated and connected to as in production and still never leaves loopback.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import keyring
import pytest

from studio.config.paths import StudioPaths
from studio.config.secrets import KeyringSecretStore
from studio.kernel.context import SettingsValues
from studio.kernel.definition import ToolDefinition
from studio.kernel.policy import ConfidenceLevel
from studio.services import Services
from studio.tools.builtin import BuiltinServices
from studio.tools.builtin.read_web_page import (
    ALLOWED_PRIVATE_HOSTS,
    TOOL_ID,
    allowed_private_hosts,
)
from studio.web import page
from studio.web.errors import BlockReason, InvalidHostPattern, WebTargetBlocked
from studio.web.retrieval import WebRetrievalService
from studio.web.targets import HostAllowList, TargetPolicy
from tests.support.resolvers import StaticResolver
from tests.support.routes import LoopbackRoutes
from tests.support.web_pages import CountingGuard
from tests.support.web_server import Reply, ScriptedWebServer

PUBLIC = "93.184.216.34"
OTHER_PUBLIC = "93.184.216.35"
NAS = "192.168.1.20"
INTRANET = "10.0.0.5"
WIKI = "10.0.0.6"

THIS_COMPUTER = BlockReason.REDIRECT_TO_THIS_COMPUTER
PRIVATE_NETWORK = BlockReason.REDIRECT_TO_PRIVATE_NETWORK


@pytest.fixture
async def server() -> AsyncIterator[ScriptedWebServer]:
    running = await ScriptedWebServer().start(ipv6=True)
    yield running
    await running.aclose()


@pytest.fixture
def routes(server: ScriptedWebServer, monkeypatch: pytest.MonkeyPatch) -> LoopbackRoutes:
    routed = LoopbackRoutes([PUBLIC, OTHER_PUBLIC, NAS, INTRANET, WIKI], server.port)
    routed.install(monkeypatch)
    return routed


@pytest.fixture
def resolver() -> StaticResolver:
    return StaticResolver(
        {
            "public.test": [PUBLIC],
            "sign-in.test": [OTHER_PUBLIC],
            "nas.test": [NAS],
            "intranet.test": [INTRANET],
            "wiki.test": [WIKI],
            "loop.test": ["127.0.0.1"],
            "loop6.test": ["::1"],
            "mapped.test": ["::ffff:127.0.0.1"],
            "mapped-private.test": ["::ffff:10.0.0.5"],
            # One private answer among public ones taints the name.
            "mixed.test": [OTHER_PUBLIC, INTRANET],
        }
    )


@pytest.fixture
async def service(
    resolver: StaticResolver, routes: LoopbackRoutes
) -> AsyncIterator[WebRetrievalService]:
    running = WebRetrievalService(resolver=resolver)
    yield running
    await running.aclose()


def at(server: ScriptedWebServer, host: str, path: str = "/") -> str:
    return f"http://{host}:{server.port}{path}"


# --- from a public page -----------------------------------------------------------------------


@pytest.mark.parametrize(
    "host",
    [
        "127.0.0.1",
        "[::1]",
        "localhost",
        "app.localhost",
        "loop.test",
        "loop6.test",
        "[::ffff:127.0.0.1]",
        "[::ffff:7f00:1]",
        "mapped.test",
        "2130706433",
        "127.1",
        "0x7f.0.0.1",
    ],
)
async def test_public_page_cannot_redirect_to_this_computer(
    server: ScriptedWebServer, resolver: StaticResolver, service: WebRetrievalService, host: str
) -> None:
    server.route("/", Reply.redirect(at(server, host, "/secret")))
    server.route("/secret", Reply.text("the user's local service"))

    with pytest.raises(WebTargetBlocked) as blocked:
        await service.retrieve(at(server, "public.test"), TargetPolicy.user_typed(), timeout=5)

    assert blocked.value.reason is THIS_COMPUTER
    assert [request.target for request in server.requests] == ["/"]
    # A localhost name is refused before anyone is asked for its address.
    assert not any("localhost" in name for name in resolver.calls)


@pytest.mark.parametrize(
    "host",
    ["10.0.0.5", "intranet.test", "[::ffff:10.0.0.5]", "mapped-private.test", "mixed.test"],
)
async def test_public_page_cannot_redirect_to_a_private_network(
    server: ScriptedWebServer, service: WebRetrievalService, host: str
) -> None:
    server.route("/", Reply.redirect(at(server, host, "/internal")))
    server.route("/internal", Reply.text("the company's intranet"))

    with pytest.raises(WebTargetBlocked) as blocked:
        await service.retrieve(at(server, "public.test"), TargetPolicy.user_typed(), timeout=5)

    assert blocked.value.reason is PRIVATE_NETWORK
    assert [request.target for request in server.requests] == ["/"]


async def test_public_page_may_redirect_to_an_allowed_private_host(
    server: ScriptedWebServer, routes: LoopbackRoutes, service: WebRetrievalService
) -> None:
    server.route("/", Reply.redirect(at(server, "wiki.test", "/page")))
    server.route("/page", Reply.text("the wiki page"))
    policy = TargetPolicy.user_typed(HostAllowList.parse("wiki.test"))

    document = await service.retrieve(at(server, "public.test"), policy, timeout=5)

    assert document.text == "the wiki page"
    assert document.reached_non_public_address
    assert routes.connections == [PUBLIC, WIKI]
    assert server.requests[-1].header("Host") == f"wiki.test:{server.port}"


async def test_allow_list_never_opens_this_computer_to_a_redirect(
    server: ScriptedWebServer, service: WebRetrievalService
) -> None:
    server.route("/", Reply.redirect(at(server, "loop.test", "/secret")))
    policy = TargetPolicy.user_typed(HostAllowList.parse("loop.test, 127.0.0.1, localhost"))

    with pytest.raises(WebTargetBlocked) as blocked:
        await service.retrieve(at(server, "public.test"), policy, timeout=5)

    assert blocked.value.reason is THIS_COMPUTER
    assert server.hits == 1


async def test_allow_list_opens_only_the_hosts_it_names(
    server: ScriptedWebServer, service: WebRetrievalService
) -> None:
    server.route("/", Reply.redirect(at(server, "intranet.test", "/internal")))
    policy = TargetPolicy.user_typed(HostAllowList.parse("wiki.test"))

    with pytest.raises(WebTargetBlocked) as blocked:
        await service.retrieve(at(server, "public.test"), policy, timeout=5)

    assert blocked.value.reason is PRIVATE_NETWORK


async def test_public_page_still_redirects_to_other_public_pages(
    server: ScriptedWebServer, routes: LoopbackRoutes, service: WebRetrievalService
) -> None:
    server.route("/", Reply.redirect(at(server, "sign-in.test", "/moved")))
    server.route("/moved", Reply.text("moved here"))

    document = await service.retrieve(
        at(server, "public.test"), TargetPolicy.user_typed(), timeout=5
    )

    assert document.text == "moved here"
    assert not document.reached_non_public_address
    assert routes.connections == [PUBLIC, OTHER_PUBLIC]


async def test_every_later_hop_keeps_the_typed_address_reach(
    server: ScriptedWebServer, service: WebRetrievalService
) -> None:
    server.route("/", Reply.redirect(at(server, "sign-in.test", "/a")))
    server.route("/a", Reply.redirect(at(server, "public.test", "/b")))
    server.route("/b", Reply.redirect(at(server, "intranet.test", "/c")))

    with pytest.raises(WebTargetBlocked) as blocked:
        await service.retrieve(at(server, "public.test"), TargetPolicy.user_typed(), timeout=5)

    assert blocked.value.reason is PRIVATE_NETWORK
    assert [request.target for request in server.requests] == ["/", "/a", "/b"]


async def test_a_public_name_that_rebinds_to_this_computer_is_not_followed(
    server: ScriptedWebServer, resolver: StaticResolver, service: WebRetrievalService
) -> None:
    # The typed name was public; the same name answering loopback for the redirect is the
    # server's doing, not the user's.
    resolver.answer_in_turn("public.test", [PUBLIC], ["127.0.0.1"])
    server.route("/", Reply.redirect("/again"))

    with pytest.raises(WebTargetBlocked) as blocked:
        await service.retrieve(at(server, "public.test"), TargetPolicy.user_typed(), timeout=5)

    assert blocked.value.reason is THIS_COMPUTER
    assert resolver.count("public.test") == 2
    assert server.hits == 1


# --- from the user's own networks -------------------------------------------------------------


async def test_typed_private_address_is_read_and_may_redirect_within_its_host(
    server: ScriptedWebServer, routes: LoopbackRoutes, service: WebRetrievalService
) -> None:
    server.route("/", Reply.redirect("/login"))
    server.route("/login", Reply.redirect(at(server, NAS, "/files")))
    server.route("/files", Reply.text("the user's files"))

    document = await service.retrieve(at(server, "nas.test"), TargetPolicy.user_typed(), timeout=5)

    assert document.text == "the user's files"
    assert document.reached_non_public_address
    assert routes.connections == [NAS, NAS, NAS]


async def test_typed_private_address_may_redirect_within_private_networks(
    server: ScriptedWebServer, routes: LoopbackRoutes, service: WebRetrievalService
) -> None:
    # An intranet page sending the user to the company's sign-in and back, as many do.
    server.route("/", Reply.redirect(at(server, "intranet.test", "/sso")))
    server.route("/sso", Reply.redirect(at(server, "sign-in.test", "/authorize")))
    server.route("/authorize", Reply.redirect(at(server, "nas.test", "/files")))
    server.route("/files", Reply.text("signed in"))

    document = await service.retrieve(at(server, "nas.test"), TargetPolicy.user_typed(), timeout=5)

    assert document.text == "signed in"
    assert routes.connections == [NAS, INTRANET, OTHER_PUBLIC, NAS]


@pytest.mark.parametrize("host", ["127.0.0.1", "[::1]", "localhost", "loop.test"])
async def test_typed_private_address_cannot_redirect_to_this_computer(
    server: ScriptedWebServer, service: WebRetrievalService, host: str
) -> None:
    server.route("/", Reply.redirect(at(server, host, "/secret")))

    with pytest.raises(WebTargetBlocked) as blocked:
        await service.retrieve(at(server, "nas.test"), TargetPolicy.user_typed(), timeout=5)

    assert blocked.value.reason is THIS_COMPUTER
    assert server.hits == 1


@pytest.mark.parametrize("typed", ["127.0.0.1", "[::1]", "loop.test"])
async def test_typed_address_on_this_computer_may_redirect_on_this_computer_and_beyond(
    server: ScriptedWebServer, service: WebRetrievalService, typed: str
) -> None:
    server.route("/", Reply.redirect(at(server, "127.0.0.1", "/next")))
    server.route("/next", Reply.redirect(at(server, "nas.test", "/files")))
    server.route("/files", Reply.text("on the NAS"))

    document = await service.retrieve(at(server, typed), TargetPolicy.user_typed(), timeout=5)

    assert document.text == "on the NAS"


@pytest.mark.parametrize("typed", ["public.test", "nas.test", "127.0.0.1"])
async def test_no_redirect_reaches_a_link_local_address(
    server: ScriptedWebServer, service: WebRetrievalService, typed: str
) -> None:
    server.route("/", Reply.redirect("http://169.254.169.254/latest/meta-data/"))
    policy = TargetPolicy.user_typed(HostAllowList.parse("169.254.169.254"))

    with pytest.raises(WebTargetBlocked) as blocked:
        await service.retrieve(at(server, typed), policy, timeout=5)

    assert blocked.value.reason is BlockReason.NEVER_ALLOWED_ADDRESS


# --- the other policies are unchanged ---------------------------------------------------------


async def test_model_chosen_address_redirects_to_an_allowed_host_with_a_high_provider(
    server: ScriptedWebServer, service: WebRetrievalService
) -> None:
    server.route("/", Reply.redirect(at(server, "wiki.test", "/page")))
    server.route("/page", Reply.text("the wiki page"))
    allowed = HostAllowList.parse("wiki.test")

    document = await service.retrieve(
        at(server, "public.test"),
        TargetPolicy.allow_listed(allowed, ConfidenceLevel.HIGH),
        timeout=5,
    )
    assert document.text == "the wiki page"

    with pytest.raises(WebTargetBlocked) as blocked:
        await service.retrieve(
            at(server, "public.test"),
            TargetPolicy.allow_listed(allowed, ConfidenceLevel.MEDIUM),
            timeout=5,
        )
    assert blocked.value.reason is BlockReason.INSUFFICIENT_PROVIDER_CONFIDENCE


async def test_search_result_redirects_only_to_public_pages(
    server: ScriptedWebServer, service: WebRetrievalService
) -> None:
    server.route("/", Reply.redirect(at(server, "wiki.test", "/page")))

    with pytest.raises(WebTargetBlocked) as blocked:
        await service.retrieve(at(server, "public.test"), TargetPolicy.public_only(), timeout=5)

    assert blocked.value.reason is BlockReason.PRIVATE_HOST_NOT_ALLOWED


# --- the read of a typed address, as `studio read` and the assistant make it -------------------


async def test_read_user_typed_page_applies_the_rule_and_the_allow_list(
    server: ScriptedWebServer, service: WebRetrievalService
) -> None:
    server.route("/", Reply.redirect(at(server, "wiki.test", "/page")))
    server.route("/page", Reply.text("<html><body><h1>Wiki</h1><p>Internal notes.</p></body>"))
    guard = CountingGuard()

    with pytest.raises(WebTargetBlocked) as blocked:
        await page.read_user_typed_page(
            at(server, "public.test"),
            retrieval=service,
            guard=guard,
            timeout=5,
            max_characters=1000,
        )
    assert blocked.value.reason is PRIVATE_NETWORK
    assert "private network" in str(blocked.value)

    reading = await page.read_user_typed_page(
        at(server, "public.test"),
        retrieval=service,
        guard=guard,
        timeout=5,
        max_characters=1000,
        allowed_hosts=HostAllowList.parse("*.example.de, wiki.test"),
    )
    assert "Internal notes." in reading.text.content
    assert reading.url == at(server, "wiki.test", "/page")
    assert reading.reached_non_public_address


def _services_with(service: WebRetrievalService, allowed: str) -> BuiltinServices:
    async def settings(definition: ToolDefinition) -> SettingsValues:
        assert definition.id == TOOL_ID
        return SettingsValues({ALLOWED_PRIVATE_HOSTS.name: allowed})

    return BuiltinServices(retrieval=service, guard=CountingGuard(), settings=settings)


async def test_allowed_private_hosts_are_the_read_web_page_setting(
    service: WebRetrievalService,
) -> None:
    listed = await allowed_private_hosts(_services_with(service, "wiki.test; *.corp.example"))

    assert listed == HostAllowList.parse("wiki.test, *.corp.example")
    assert await allowed_private_hosts(_services_with(service, "")) == HostAllowList()
    no_settings = BuiltinServices(retrieval=service, guard=CountingGuard())
    assert await allowed_private_hosts(no_settings) == HostAllowList()
    with pytest.raises(InvalidHostPattern):
        await allowed_private_hosts(_services_with(service, "https://wiki.test/"))


async def test_allowed_private_hosts_come_from_the_profile_settings(tmp_path: Path) -> None:
    services = Services.open(
        StudioPaths.for_basedir(tmp_path / "profile"),
        secrets=KeyringSecretStore(keyring.get_keyring()),
    )
    try:
        definition = services.registry.definition(TOOL_ID)
        assert definition is not None
        assert await allowed_private_hosts(services.builtin) == HostAllowList()

        await services.settings.set_value(definition, ALLOWED_PRIVATE_HOSTS.name, "wiki.test")

        assert await allowed_private_hosts(services.builtin) == HostAllowList.parse("wiki.test")
    finally:
        await services.aclose()
