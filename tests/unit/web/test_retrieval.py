"""The retrieval service over real HTTP, against scripted servers on loopback (HS-24).

The service is pointed at the servers only through what production code takes anyway: a
resolver that maps test names to ``127.0.0.1`` or ``::1``, and the policy the caller chooses
(user-typed, which may read loopback). The network guard fails any test in which the service
tries to reach anything else, so a policy bug cannot send traffic off the machine.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import AsyncIterator
from pathlib import Path

import httpx
import pytest

from studio.kernel.policy import ConfidenceLevel
from studio.web.errors import (
    BlockReason,
    InvalidWebAddress,
    WebConnectionFailed,
    WebHTTPStatusError,
    WebRedirectError,
    WebRetrievalTimeout,
    WebTargetBlocked,
)
from studio.web.retrieval import (
    MAX_REDIRECTS,
    USER_AGENT,
    ContentKind,
    WebRetrievalService,
    format_url_for_log,
)
from studio.web.targets import HostAllowList, TargetPolicy
from tests.support.network import NetworkAccessBlocked, NetworkGuard
from tests.support.resolvers import StaticResolver
from tests.support.web_server import Reply, ScriptedWebServer, TestCertificates

USER_TYPED = TargetPolicy.user_typed()


@pytest.fixture
async def server() -> AsyncIterator[ScriptedWebServer]:
    running = await ScriptedWebServer().start()
    yield running
    await running.aclose()


@pytest.fixture
def resolver() -> StaticResolver:
    return StaticResolver({"site.test": ["127.0.0.1"], "other.test": ["127.0.0.1"]})


@pytest.fixture
async def service(resolver: StaticResolver) -> AsyncIterator[WebRetrievalService]:
    running = WebRetrievalService(resolver=resolver)
    yield running
    await running.aclose()


def site(server: ScriptedWebServer, path: str = "/", host: str = "site.test") -> str:
    return f"http://{host}:{server.port}{path}"


@pytest.fixture
def proxies_in_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    # A proxy would pick the endpoint itself; nothing listens here, so using it would fail.
    for name in ("HTTP_PROXY", "HTTPS_PROXY", "ALL_PROXY", "http_proxy", "https_proxy"):
        monkeypatch.setenv(name, "http://127.0.0.1:9")


# --- a plain read and what goes over the wire ------------------------------------------------


@pytest.mark.usefixtures("proxies_in_environment")
async def test_retrieve_reads_a_page_and_sends_browser_like_headers(
    server: ScriptedWebServer, service: WebRetrievalService
) -> None:
    server.route("/page?q=1", Reply.text("<title>Hi</title><p>Hello</p>"))

    document = await service.retrieve(site(server, "/page?q=1"), USER_TYPED, timeout=5)

    assert document.url == site(server, "/page?q=1")
    assert document.status == 200
    assert document.kind is ContentKind.HTML_PAGE
    assert document.media_type == "text/html"
    assert document.text == "<title>Hi</title><p>Hello</p>"
    assert document.reached_non_public_address
    assert document.redirects == ()
    [request] = server.requests
    assert request.header("Host") == f"site.test:{server.port}"
    assert request.local_address == "127.0.0.1"
    assert request.header("User-Agent") == USER_AGENT
    assert USER_AGENT.startswith("Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36")
    assert " Studio/" in USER_AGENT
    assert (request.header("Accept") or "").startswith("text/html,application/xhtml+xml")
    assert request.header("Accept-Language") == "en-US,en;q=0.9"
    assert request.header("Accept-Encoding") == "gzip, deflate"
    assert request.header("Sec-Fetch-Dest") == "document"
    assert request.header("Sec-Fetch-Mode") == "navigate"
    assert request.header("Sec-Fetch-Site") == "none"
    assert request.header("Sec-Fetch-User") == "?1"
    assert request.header("Cookie") is None
    assert request.header("Authorization") is None


async def test_user_information_in_the_url_is_never_sent(
    server: ScriptedWebServer, service: WebRetrievalService
) -> None:
    server.route("/", Reply.text("ok"))

    document = await service.retrieve(
        f"http://user:secret@site.test:{server.port}/#part", USER_TYPED, timeout=5
    )

    assert server.requests[0].header("Authorization") is None
    assert document.url == site(server)


# --- connection binding -------------------------------------------------------------------------


async def test_connection_goes_to_the_validated_address(
    resolver: StaticResolver,
    service: WebRetrievalService,
) -> None:
    dual = await ScriptedWebServer().start(ipv6=True)
    dual.route("/", Reply.text("ok"))
    resolver.answer_in_turn("six.test", ["::1"])
    try:
        await service.retrieve(site(dual, host="six.test"), USER_TYPED, timeout=5)
        await service.retrieve(site(dual), USER_TYPED, timeout=5)
    finally:
        await dual.aclose()

    assert [r.local_address for r in dual.requests] == ["::1", "127.0.0.1"]
    assert [r.header("Host") for r in dual.requests] == [
        f"six.test:{dual.port}",
        f"site.test:{dual.port}",
    ]


async def test_validated_addresses_are_tried_in_turn(
    server: ScriptedWebServer, resolver: StaticResolver, service: WebRetrievalService
) -> None:
    # Nothing listens on [::1] at this port, so the first address refuses the connection.
    server.route("/", Reply.text("ok"))
    resolver.answer_in_turn("two.test", ["::1", "127.0.0.1"])

    await service.retrieve(site(server, host="two.test"), USER_TYPED, timeout=5)

    assert [r.local_address for r in server.requests] == ["127.0.0.1"]
    assert resolver.calls == ["two.test"]


async def test_no_reachable_address_is_a_connection_failure(
    resolver: StaticResolver, service: WebRetrievalService
) -> None:
    closed = await ScriptedWebServer().start()
    await closed.aclose()

    with pytest.raises(WebConnectionFailed) as error:
        await service.retrieve(site(closed), USER_TYPED, timeout=5)

    assert error.value.host == "site.test"


async def test_tls_uses_the_name_for_sni_and_certificate_check_while_connecting_to_the_ip(
    tmp_path: Path, resolver: StaticResolver
) -> None:
    certificates = TestCertificates.issue(tmp_path, ["secure.test"])
    tls = await ScriptedWebServer().start(ssl_context=certificates.server_context())
    tls.route("/", Reply.text("secret"))
    resolver.answer_in_turn("secure.test", ["127.0.0.1"])
    service = WebRetrievalService(resolver=resolver, verify=certificates.client_context())
    try:
        document = await service.retrieve(f"https://secure.test:{tls.port}/", USER_TYPED, timeout=5)
    finally:
        await service.aclose()
        await tls.aclose()

    assert document.text == "secret"
    [request] = tls.requests
    assert request.server_name == "secure.test"
    assert request.header("Host") == f"secure.test:{tls.port}"
    assert request.local_address == "127.0.0.1"


@pytest.mark.parametrize("certified", [["elsewhere.test"], ["127.0.0.1"]])
async def test_tls_refuses_a_certificate_not_issued_for_the_name(
    tmp_path: Path, resolver: StaticResolver, certified: list[str]
) -> None:
    # A certificate for the IP the client connects to is not enough: the name must match.
    certificates = TestCertificates.issue(tmp_path, certified)
    tls = await ScriptedWebServer().start(ssl_context=certificates.server_context())
    tls.route("/", Reply.text("secret"))
    resolver.answer_in_turn("secure.test", ["127.0.0.1"])
    service = WebRetrievalService(resolver=resolver, verify=certificates.client_context())
    try:
        with pytest.raises(WebConnectionFailed):
            await service.retrieve(f"https://secure.test:{tls.port}/", USER_TYPED, timeout=5)
    finally:
        await service.aclose()
        await tls.aclose()

    assert tls.requests == []


async def test_no_connection_is_reused_between_requests(service: WebRetrievalService) -> None:
    # A pooled connection was validated for an earlier hop or read, perhaps under another
    # policy, so every request opens its own, even when the server would keep it alive.
    server = await ScriptedWebServer(keep_alive=True).start()
    server.route("/a", Reply.redirect("/b"))
    server.route("/b", Reply.text("b"))
    try:
        await service.retrieve(site(server, "/a"), USER_TYPED, timeout=5)
        await service.retrieve(site(server, "/b"), USER_TYPED, timeout=5)
    finally:
        await server.aclose()

    assert server.hits == 3
    assert server.connections == 3


# --- DNS rebinding and blocked targets ------------------------------------------------------------


def _guard_refusal(error: BaseException) -> NetworkAccessBlocked:
    """The guard's refusal, out of the exception group anyio wraps it in."""
    if isinstance(error, NetworkAccessBlocked):
        return error
    assert isinstance(error, BaseExceptionGroup)
    matched, _ = error.split(NetworkAccessBlocked)
    assert matched is not None
    return _guard_refusal(matched.exceptions[0])


async def test_rebinding_name_is_connected_to_at_its_first_validated_address_only(
    server: ScriptedWebServer,
    resolver: StaticResolver,
    service: WebRetrievalService,
    network_guard: NetworkGuard,
) -> None:
    # Public first, loopback after: the service must connect where it validated (the public
    # address, which the guard stops) and never look the name up again to find loopback.
    resolver.answer_in_turn("rebind.test", ["93.184.216.34"], ["127.0.0.1"])
    server.route("/", Reply.text("internal"))

    with network_guard.expect_blocked() as refused:
        try:
            await service.retrieve(
                site(server, host="rebind.test"), TargetPolicy.public_only(), timeout=5
            )
        except BaseExceptionGroup as group:
            raise _guard_refusal(group) from None

    assert f"('93.184.216.34', {server.port})" in str(refused.value)
    assert resolver.count("rebind.test") == 1
    assert server.hits == 0


async def test_rebinding_answer_for_a_later_hop_is_validated_again(
    server: ScriptedWebServer, resolver: StaticResolver, service: WebRetrievalService
) -> None:
    resolver.answer_in_turn("rebind.test", ["127.0.0.1"], ["169.254.169.254"])
    server.route("/a", Reply.redirect("/b"))
    server.route("/b", Reply.text("metadata"))

    with pytest.raises(WebTargetBlocked) as blocked:
        await service.retrieve(site(server, "/a", host="rebind.test"), USER_TYPED, timeout=5)

    assert blocked.value.reason is BlockReason.NEVER_ALLOWED_ADDRESS
    assert resolver.count("rebind.test") == 2
    assert [r.target for r in server.requests] == ["/a"]


@pytest.mark.parametrize(
    "policy",
    [
        TargetPolicy.public_only(),
        TargetPolicy.allow_listed(HostAllowList.parse("site.test"), ConfidenceLevel.HIGH),
    ],
    ids=["public-only", "allow-listed-high"],
)
async def test_name_resolving_to_loopback_is_blocked_without_a_connection(
    server: ScriptedWebServer, service: WebRetrievalService, policy: TargetPolicy
) -> None:
    server.route("/", Reply.text("internal"))

    with pytest.raises(WebTargetBlocked) as blocked:
        await service.retrieve(site(server), policy, timeout=5)

    assert blocked.value.reason is BlockReason.NEVER_ALLOWED_ADDRESS
    assert server.hits == 0


@pytest.mark.parametrize(
    "location",
    ["http://169.254.169.254/latest/meta-data/", "http://0.0.0.0:{port}/", "http://[fe80::1]/"],
)
async def test_redirect_to_a_never_allowed_address_is_blocked_before_sending(
    server: ScriptedWebServer, service: WebRetrievalService, location: str
) -> None:
    server.route("/", Reply.redirect(location.format(port=server.port)))

    with pytest.raises(WebTargetBlocked) as blocked:
        await service.retrieve(site(server), USER_TYPED, timeout=5)

    assert blocked.value.reason is BlockReason.NEVER_ALLOWED_ADDRESS
    assert server.hits == 1


async def test_redirect_outside_the_callers_targets_is_blocked_before_sending(
    server: ScriptedWebServer, service: WebRetrievalService
) -> None:
    asked: list[str] = []

    def on_site_only(url: httpx.URL) -> bool:
        asked.append(str(url))
        return url.host == "site.test"

    server.route("/", Reply.redirect(site(server, "/elsewhere", host="other.test"), 307))
    server.route("/elsewhere", Reply.text("not for this tool"))

    with pytest.raises(WebTargetBlocked) as blocked:
        await service.retrieve(
            site(server), TargetPolicy.user_typed(is_target_allowed=on_site_only), timeout=5
        )

    assert blocked.value.reason is BlockReason.TARGET_NOT_ALLOWED
    assert asked == [site(server), site(server, "/elsewhere", host="other.test")]
    assert server.hits == 1


async def test_redirect_to_an_unsupported_scheme_is_blocked(
    server: ScriptedWebServer, service: WebRetrievalService
) -> None:
    server.route("/", Reply.redirect("file:///etc/passwd"))

    with pytest.raises(WebTargetBlocked) as blocked:
        await service.retrieve(site(server), USER_TYPED, timeout=5)

    assert blocked.value.reason is BlockReason.UNSUPPORTED_SCHEME


# --- redirects --------------------------------------------------------------------------------


def _chain(server: ScriptedWebServer, redirects: int) -> None:
    statuses = [301, 302, 303, 307, 308]
    for hop in range(redirects):
        server.route(f"/hop{hop}", Reply.redirect(f"/hop{hop + 1}", statuses[hop % 5]))
    server.route(f"/hop{redirects}", Reply.text("arrived"))


async def test_ten_redirects_are_followed(
    server: ScriptedWebServer, service: WebRetrievalService
) -> None:
    _chain(server, MAX_REDIRECTS)

    document = await service.retrieve(site(server, "/hop0"), USER_TYPED, timeout=5)

    assert document.text == "arrived"
    assert document.url == site(server, f"/hop{MAX_REDIRECTS}")
    assert document.redirects == tuple(site(server, f"/hop{i}") for i in range(MAX_REDIRECTS))
    assert server.hits == MAX_REDIRECTS + 1


async def test_the_eleventh_redirect_is_refused_without_following_it(
    server: ScriptedWebServer, service: WebRetrievalService
) -> None:
    _chain(server, MAX_REDIRECTS + 1)

    with pytest.raises(WebRedirectError) as error:
        await service.retrieve(site(server, "/hop0"), USER_TYPED, timeout=5)

    assert error.value.limit == MAX_REDIRECTS
    assert server.hits == MAX_REDIRECTS + 1


@pytest.mark.parametrize(
    ("location", "final_path"),
    [
        ("b/page?x=1", "/dir/b/page?x=1"),
        ("../up", "/up"),
        ("/root", "/root"),
        ("?only=query", "/dir/start?only=query"),
    ],
)
async def test_relative_location_is_resolved_against_the_current_url(
    server: ScriptedWebServer, service: WebRetrievalService, location: str, final_path: str
) -> None:
    server.route("/dir/start", Reply.redirect(location))
    server.route(final_path, Reply.text("here"))

    document = await service.retrieve(site(server, "/dir/start"), USER_TYPED, timeout=5)

    assert document.url == site(server, final_path)
    assert server.requests[-1].header("Host") == f"site.test:{server.port}"


async def test_scheme_relative_location_keeps_the_scheme_and_changes_the_host(
    server: ScriptedWebServer, resolver: StaticResolver, service: WebRetrievalService
) -> None:
    server.route("/", Reply.redirect(f"//other.test:{server.port}/there"))
    server.route("/there", Reply.text("there"))

    document = await service.retrieve(site(server), USER_TYPED, timeout=5)

    assert document.url == site(server, "/there", host="other.test")
    assert server.requests[-1].header("Host") == f"other.test:{server.port}"
    assert resolver.calls == ["site.test", "other.test"]


async def test_redirect_without_location_is_an_error(
    server: ScriptedWebServer, service: WebRetrievalService
) -> None:
    server.route("/", Reply.redirect(None))

    with pytest.raises(WebRedirectError) as error:
        await service.retrieve(site(server), USER_TYPED, timeout=5)

    assert error.value.limit is None


# --- timeouts, statuses and cookies -----------------------------------------------------------


async def test_slow_server_hits_the_timeout_with_the_reference_message(
    server: ScriptedWebServer, service: WebRetrievalService
) -> None:
    server.route("/", Reply.text("too late", delay=30))
    started = time.monotonic()

    with pytest.raises(WebRetrievalTimeout) as error:
        await service.retrieve(site(server), USER_TYPED, timeout=0.5)

    assert str(error.value) == "Loading the web page timed out after 0.5 seconds."
    assert error.value.model_message == "Loading the web page timed out after 0.5 seconds."
    assert time.monotonic() - started < 5


async def test_timeout_covers_the_body_and_redirects(
    server: ScriptedWebServer, service: WebRetrievalService
) -> None:
    async def trickle() -> AsyncIterator[bytes]:
        for _ in range(100):
            yield b"<p>slow</p>"
            await asyncio.sleep(0.2)

    server.route("/", Reply.redirect("/slow"))
    server.route(
        "/slow", Reply(headers=(("Content-Type", "text/html"),), body=trickle, chunked=True)
    )

    with pytest.raises(WebRetrievalTimeout) as error:
        await service.retrieve(site(server), USER_TYPED, timeout=1)

    assert str(error.value) == "Loading the web page timed out after 1 seconds."


@pytest.mark.parametrize("status", [204, 404, 500, 304])
async def test_status_other_than_success_is_an_error(
    server: ScriptedWebServer, service: WebRetrievalService, status: int
) -> None:
    server.route("/", Reply.text("nope", status=status))

    if status == 204:
        document = await service.retrieve(site(server), USER_TYPED, timeout=5)
        assert document.status == 204
        return
    with pytest.raises(WebHTTPStatusError) as error:
        await service.retrieve(site(server), USER_TYPED, timeout=5)

    assert error.value.status == status


async def test_cookies_pass_between_hops_but_never_between_retrievals(
    server: ScriptedWebServer, service: WebRetrievalService
) -> None:
    server.route(
        "/login",
        Reply(status=302, headers=(("Set-Cookie", "session=abc; Path=/"), ("Location", "/home"))),
    )
    server.route("/home", Reply.text("home"))

    await service.retrieve(site(server, "/login"), USER_TYPED, timeout=5)
    await service.retrieve(site(server, "/home"), USER_TYPED, timeout=5)

    assert [(r.target, r.header("Cookie")) for r in server.requests] == [
        ("/login", None),
        ("/home", "session=abc"),
        ("/home", None),
    ]


async def test_invalid_url_is_refused_without_a_lookup(
    resolver: StaticResolver, service: WebRetrievalService
) -> None:
    with pytest.raises(InvalidWebAddress):
        await service.retrieve("not a url", USER_TYPED, timeout=5)

    assert resolver.calls == []


# --- logging ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("url", "logged"),
    [
        ("https://example.com/a/b", "https://example.com/a/b"),
        (
            "https://user:pw@example.com:8443/p?token=abc&q=two+words&flag#frag",
            "https://example.com:8443/p?token=*****&q=*****&*****",
        ),
        ("http://example.com/?a=&b=1", "http://example.com/?a=*****&b=*****"),
        ("http://example.com/#only-fragment", "http://example.com/"),
        ("http://[::1]:80/x?k=v", "http://[::1]:80/x?k=*****"),
        ("not a url", "not a url"),
        ("http://[broken/", "<unreadable URL>"),
    ],
)
def test_format_url_for_log_hides_credentials_fragments_and_query_values(
    url: str, logged: str
) -> None:
    assert format_url_for_log(url) == logged


def test_format_url_for_log_cuts_long_urls() -> None:
    logged = format_url_for_log("https://example.com/" + "a" * 5000)

    assert len(logged) == 2000


async def test_logs_show_the_masked_url_only(
    server: ScriptedWebServer, service: WebRetrievalService, caplog: pytest.LogCaptureFixture
) -> None:
    server.route("/?token=hunter2", Reply.text("ok"))
    caplog.set_level("DEBUG", logger="studio.web")

    await service.retrieve(site(server, "/?token=hunter2"), USER_TYPED, timeout=5)

    assert "hunter2" not in caplog.text
    assert "token=*****" in caplog.text
