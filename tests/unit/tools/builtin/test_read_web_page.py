"""read_web_page over real HTTP on loopback: arguments, address rules, policy, content, guard.

Pages come from a scripted server on 127.0.0.1 under test host names that a
:class:`StaticResolver` maps there. The real target policy never reads loopback, so the tool
under test gets :func:`loopback_policy` through its policy parameter; the tests of the private
host rule use the real policy and addresses no test server listens on, and prove by the network
guard that a HIGH provider passes the policy while a lower one is stopped before connecting.
"""

from __future__ import annotations

import json
import re
from collections.abc import AsyncIterator, Mapping
from typing import Any

import pytest

from studio.errors import ToolArgumentError, ToolError, ToolExecutionBlocked
from studio.injection._scanner import REDACTION_MARKER, SanitizeResult, scan
from studio.kernel.calls import TraceStatus, read_call
from studio.kernel.context import (
    ChatContext,
    ProviderContext,
    SettingsValues,
    ToolExecutionContext,
    ToolResolutionContext,
)
from studio.kernel.definition import Component, ToolDefinition
from studio.kernel.policy import (
    ConfidenceLevel,
    OutboundDataRequirement,
    OutboundDataRestriction,
    ToolOutboundData,
)
from studio.kernel.result import Source
from studio.tools.builtin import BuiltinServices, read_web_page
from studio.tools.builtin.read_web_page import (
    INVALID_URL,
    ReadWebPageTool,
    instructions,
)
from studio.tools.executor import ToolExecutor
from studio.tools.settings import field_value_problem
from studio.web.errors import BlockReason
from studio.web.guard import GuardReport, PromptInjectionGuard
from studio.web.retrieval import WebRetrievalService
from studio.web.targets import TargetPolicy
from studio.web.truncate import TRUNCATION_MARKER
from tests.support.network import NetworkAccessBlocked, NetworkGuard
from tests.support.resolvers import StaticResolver
from tests.support.tools import StaticSettings, runnable
from tests.support.web_pages import INJECTION, LOREM, CountingGuard, article, loopback_policy
from tests.support.web_server import Reply, ScriptedWebServer

ON = {"freeAddressChoice": "ON"}
TIMESTAMP = re.compile(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z")


@pytest.fixture
async def server() -> AsyncIterator[ScriptedWebServer]:
    running = await ScriptedWebServer().start()
    yield running
    await running.aclose()


@pytest.fixture
def reports() -> list[GuardReport]:
    return []


@pytest.fixture
async def services(reports: list[GuardReport]) -> AsyncIterator[BuiltinServices]:
    resolver = StaticResolver(
        {"site.test": ["127.0.0.1"], "docs.test": ["127.0.0.1"], "intranet.test": ["10.20.30.40"]}
    )
    made = BuiltinServices(
        retrieval=WebRetrievalService(resolver=resolver),
        guard=CountingGuard(reporter=reports.append),
    )
    yield made
    await made.retrieval.aclose()


@pytest.fixture
def tool(services: BuiltinServices) -> ReadWebPageTool:
    return ReadWebPageTool(services, page_policy=lambda hosts, confidence: loopback_policy())


@pytest.fixture
def real_policy_tool(services: BuiltinServices) -> ReadWebPageTool:
    return ReadWebPageTool(services)


def site(server: ScriptedWebServer, path: str = "/", host: str = "site.test") -> str:
    return f"http://{host}:{server.port}{path}"


def context(
    tool: ReadWebPageTool,
    *,
    settings: Mapping[str, str] | None = None,
    confidence: ConfidenceLevel = ConfidenceLevel.HIGH,
    given: tuple[str, ...] = (),
    restriction: OutboundDataRestriction = OutboundDataRestriction.UNRESTRICTED,
    origin: str = "",
) -> ToolExecutionContext:
    chat = ChatContext()
    chat.web_addresses_given_to_model.update(given)
    chat.requirements.require_outbound_restriction(
        OutboundDataRequirement(level=restriction, origin=origin)
    )
    return ToolExecutionContext(
        definition=tool.definition(),
        tool_call_id="call-1",
        settings=SettingsValues(settings if settings is not None else ON),
        provider=ProviderContext(name="test", confidence=confidence),
        chat=chat,
    )


async def read(tool: ReadWebPageTool, url: str, **options: Any) -> dict[str, Any]:
    result = await tool.execute({"url": url}, context(tool, **options))
    assert isinstance(result.json_content, dict)
    return result.json_content


def guard_refusal(error: BaseException) -> NetworkAccessBlocked:
    """The network guard's refusal, out of the exception group anyio may wrap it in."""
    if isinstance(error, NetworkAccessBlocked):
        return error
    assert isinstance(error, BaseExceptionGroup)
    matched, _ = error.split(NetworkAccessBlocked)
    assert matched is not None
    return guard_refusal(matched.exceptions[0])


# --- the definition ----------------------------------------------------------------------------


def test_definition_declares_what_the_tool_does_and_sends(tool: ReadWebPageTool) -> None:
    definition = tool.definition()

    assert definition.id == definition.implementation_key == definition.function.name
    assert definition.function.name == "read_web_page"
    assert definition.minimum_provider_confidence is ConfidenceLevel.VERY_LOW
    assert definition.function.parameters["required"] == ["url"]
    assert definition.function.parameters["additionalProperties"] is False
    assert list(definition.settings_schema.properties) == [
        "timeoutSeconds",
        "maxContentCharacters",
        "allowedPrivateHosts",
        "freeAddressChoice",
    ]
    assert definition.settings_schema.required == ()
    assert definition.settings_schema.properties["freeAddressChoice"].option_source == (
        "free_address_choice"
    )
    assert tool.outbound_data is ToolOutboundData.MODEL_CHOSEN_ADDRESSES
    assert tool.enforces_outbound_data_restriction
    assert tool.icon == "article"
    assert tool.category == "Web"
    assert tool.display_name() == "Read web page"
    assert tool.display_name().context == "ReadWebPageTool"


def test_settings_texts_are_translatable(tool: ReadWebPageTool) -> None:
    definition = tool.definition()
    for name, spec in definition.settings_schema.properties.items():
        label = tool.settings_field_label(name, spec)
        assert getattr(label, "context", None) == "ReadWebPageTool", name
        assert getattr(tool.settings_field_description(name, spec), "context", None)
    assert tool.settings_field_default("timeoutSeconds") == "60"
    assert tool.settings_field_default("maxContentCharacters") == "30000"
    assert tool.settings_field_default("freeAddressChoice") == "OFF"
    # One declaration per field: the schema carries the bounds, the help texts never do.
    timeout = definition.settings_schema.properties["timeoutSeconds"]
    assert (timeout.format, timeout.minimum, timeout.maximum) == ("integer", 1, 240)
    assert "240" not in tool.settings_field_description("timeoutSeconds", timeout)
    assert definition.settings_schema == read_web_page.SETTINGS.schema()


# --- settings ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("values", "message"),
    [
        ({}, None),
        ({"timeoutSeconds": "240", "maxContentCharacters": "100000"}, None),
        ({"allowedPrivateHosts": "wiki.example.de; *.corp.example\nfd00::1"}, None),
        (
            {"timeoutSeconds": "0"},
            "The setting 'timeoutSeconds' holds '0'; enter a whole number from 1 to 240.",
        ),
        (
            {"timeoutSeconds": "1.5"},
            "The setting 'timeoutSeconds' holds '1.5'; enter a whole number from 1 to 240.",
        ),
        (
            {"timeoutSeconds": "241"},
            "The setting 'timeoutSeconds' holds '241'; enter a whole number from 1 to 240.",
        ),
        (
            {"maxContentCharacters": "100001"},
            "The setting 'maxContentCharacters' holds '100001'; enter a whole number from 1 to "
            "100000.",
        ),
        (
            {"maxContentCharacters": "lots"},
            "The setting 'maxContentCharacters' holds 'lots'; enter a whole number from 1 to "
            "100000.",
        ),
        (
            {"allowedPrivateHosts": "https://wiki.example.de"},
            "The allowed private host 'https://wiki.example.de' cannot be used: write only the "
            "host name, without a scheme such as 'https://'.",
        ),
    ],
    ids=["empty", "maxima", "hosts", "zero", "fraction", "timeout-high", "chars-high", "word",
         "host-with-scheme"],
)  # fmt: skip
async def test_validate_configuration_reports_the_parser_messages(
    tool: ReadWebPageTool, values: dict[str, str], message: str | None
) -> None:
    assert await tool.validate_configuration(values) == message


def test_an_allowed_private_host_that_is_no_host_pattern_is_refused_before_it_is_saved(
    tool: ReadWebPageTool,
) -> None:
    definition = tool.definition()
    spec = definition.settings_schema.properties["allowedPrivateHosts"]

    problem = field_value_problem("allowedPrivateHosts", spec, "https://wiki.example.de", tool)

    assert problem is not None
    assert "without a scheme such as 'https://'" in problem
    assert field_value_problem("allowedPrivateHosts", spec, "wiki.example.de", tool) is None
    timeout = definition.settings_schema.properties["timeoutSeconds"]
    assert "from 1 to 240" in str(field_value_problem("timeoutSeconds", timeout, "999", tool))


# --- arguments ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("arguments", "expected"),
    [
        ({}, "The argument 'url' is required but missing."),
        ({"url": None}, "The argument 'url' received null, but it must be a string."),
        ({"url": "  "}, "The argument 'url' received \"  \", which is blank."),
        ({"url": 42}, "The argument 'url' received 42, but it must be a string."),
        ({"url": "ftp://site.test/file"}, INVALID_URL),
        ({"url": "site.test/page"}, INVALID_URL),
        ({"url": "/relative/page"}, INVALID_URL),
        ({"url": "http://"}, INVALID_URL),
        ({"url": "javascript:alert(1)"}, INVALID_URL),
        ({"url": "http://[not-an-address/"}, INVALID_URL),
        (
            {"url": "https://site.test/", "depth": 2},
            "The argument 'depth' is not known; the allowed arguments are 'url'.",
        ),
    ],
    ids=["missing", "null", "blank", "number", "ftp", "no-scheme", "relative", "no-host",
         "javascript", "unparseable", "unknown-argument"],
)  # fmt: skip
async def test_each_bad_argument_is_refused_before_anything_is_sent(
    tool: ReadWebPageTool, server: ScriptedWebServer, arguments: dict[str, Any], expected: str
) -> None:
    with pytest.raises(ToolArgumentError) as refusal:
        await tool.execute(arguments, context(tool))

    assert str(refusal.value).startswith(expected)
    assert server.hits == 0


# --- address rules ------------------------------------------------------------------------------


async def test_free_address_choice_off_refuses_an_address_not_in_the_conversation(
    tool: ReadWebPageTool, server: ScriptedWebServer
) -> None:
    secret_url = site(server, "/collect?token=abc123")

    with pytest.raises(ToolExecutionBlocked) as blocked:
        await tool.execute({"url": secret_url}, context(tool, settings={}))

    assert "word for word" in str(blocked.value)
    assert "abc123" not in str(blocked.value)
    assert "site.test" not in str(blocked.value)
    assert blocked.value.template.context == "ReadWebPageTool"
    assert server.hits == 0


@pytest.mark.parametrize(
    ("given", "asked"),
    [
        ("http://site.test:{port}/doc?a=1", "http://site.test:{port}/doc?a=1"),
        ("http://SITE.test:{port}/doc?a=1#top", "http://site.test:{port}/doc?a=1#intro"),
        ("See <http://site.test:{port}/doc?a=1>.", None),
    ],
    ids=["same", "host-case-and-fragment", "given-inside-text-does-not-count"],
)
async def test_free_address_choice_off_reads_addresses_given_to_the_model(
    tool: ReadWebPageTool, server: ScriptedWebServer, given: str, asked: str | None
) -> None:
    server.route("/doc?a=1", Reply.text(article("Doc", [LOREM, LOREM])))
    url = f"http://site.test:{server.port}/doc?a=1"
    given_address = given.format(port=server.port)
    options: dict[str, Any] = {"settings": {}, "given": (given_address,)}

    if asked is None:
        with pytest.raises(ToolExecutionBlocked):
            await read(tool, url, **options)
        assert server.hits == 0
        return
    document = await read(tool, asked.format(port=server.port), **options)

    assert document["status"] == "complete"
    assert server.hits == 1


@pytest.mark.parametrize(
    ("other", "reason"),
    [
        ("http://site.test:{port}/doc?a=2", "another query"),
        ("http://site.test:{port}/Doc?a=1", "path case"),
        ("http://site.test:8080/doc?a=1", "another port"),
        ("https://site.test:{port}/doc?a=1", "another scheme"),
        ("http://user@site.test:{port}/doc?a=1", "user information"),
    ],
    ids=["query", "path-case", "port", "scheme", "userinfo"],
)
async def test_an_address_that_makes_another_request_is_not_given(
    tool: ReadWebPageTool, server: ScriptedWebServer, other: str, reason: str
) -> None:
    url = f"http://site.test:{server.port}/doc?a=1"

    with pytest.raises(ToolExecutionBlocked):
        await read(tool, url, settings={}, given=(other.format(port=server.port),))

    assert server.hits == 0, reason


@pytest.mark.parametrize("value", ["on", "1", "ON, OFF", "true", "OFF"])
async def test_free_address_choice_reads_only_the_exact_member_name_on(
    tool: ReadWebPageTool, server: ScriptedWebServer, value: str
) -> None:
    with pytest.raises(ToolExecutionBlocked):
        await read(tool, site(server), settings={"freeAddressChoice": value})

    assert server.hits == 0


async def test_free_address_choice_on_reads_any_address(
    tool: ReadWebPageTool, server: ScriptedWebServer
) -> None:
    server.route("/", Reply.text(article("Chosen", [LOREM, LOREM])))

    document = await read(tool, site(server), settings=ON)

    assert document["content"]["title"] == "Chosen"


@pytest.mark.parametrize("origin", ["", "Work mailbox"])
async def test_only_links_from_chat_refuses_addresses_not_given_even_with_free_choice(
    tool: ReadWebPageTool, server: ScriptedWebServer, origin: str
) -> None:
    with pytest.raises(ToolExecutionBlocked) as blocked:
        await read(
            tool,
            site(server, "/x"),
            settings=ON,
            restriction=OutboundDataRestriction.ONLY_LINKS_FROM_CHAT,
            origin=origin,
        )

    assert "site.test" not in str(blocked.value)
    assert (origin in str(blocked.value)) if origin else "limits where" in str(blocked.value)
    assert server.hits == 0


async def test_only_links_from_chat_reads_a_given_address_and_follows_its_redirects(
    tool: ReadWebPageTool, server: ScriptedWebServer
) -> None:
    server.route("/given", Reply.redirect(site(server, "/elsewhere", host="docs.test")))
    server.route("/elsewhere", Reply.text(article("Moved", [LOREM, LOREM])))

    document = await read(
        tool,
        site(server, "/given"),
        settings=ON,
        given=(site(server, "/given"),),
        restriction=OutboundDataRestriction.ONLY_LINKS_FROM_CHAT,
    )

    assert document["url"] == site(server, "/elsewhere", host="docs.test")


async def test_only_configured_services_reads_nothing_and_offers_nothing(
    tool: ReadWebPageTool, server: ScriptedWebServer
) -> None:
    restriction = OutboundDataRestriction.ONLY_CONFIGURED_SERVICES

    with pytest.raises(ToolExecutionBlocked) as blocked:
        await read(tool, site(server), settings=ON, given=(site(server),), restriction=restriction)
    chat = context(tool, restriction=restriction).chat
    resolution = ToolResolutionContext(
        provider=ProviderContext(name="test", confidence=ConfidenceLevel.HIGH),
        component=Component.CHAT,
        chat=chat,
    )

    assert "configured services" in str(blocked.value)
    assert server.hits == 0
    assert await tool.resolve_function(tool.definition(), resolution) is None


# --- instructions --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("stored", "restriction", "expected", "absent"),
    [
        ({}, OutboundDataRestriction.UNRESTRICTED, "word for word", "any public address"),
        (ON, OutboundDataRestriction.UNRESTRICTED, "any public address", "word for word"),
        (ON, OutboundDataRestriction.ONLY_LINKS_FROM_CHAT, "limits where", "any public address"),
        ({"freeAddressChoice": "on"}, OutboundDataRestriction.UNRESTRICTED, "word for word", "any"),
    ],
    ids=["off", "on", "on-but-restricted", "misspelt-on-reads-off"],
)
async def test_instructions_follow_the_setting_and_the_restriction(
    services: BuiltinServices,
    stored: dict[str, str],
    restriction: OutboundDataRestriction,
    expected: str,
    absent: str,
) -> None:
    settings = StaticSettings({"read_web_page": stored})
    tool = ReadWebPageTool(
        BuiltinServices(retrieval=services.retrieval, guard=services.guard, settings=settings)
    )
    chat = ChatContext()
    chat.requirements.require_outbound_restriction(OutboundDataRequirement(level=restriction))
    resolution = ToolResolutionContext(
        provider=ProviderContext(name="test", confidence=ConfidenceLevel.LOW),
        component=Component.CHAT,
        chat=chat,
    )

    text = await tool.resolve_system_prompt_instructions(tool.definition(), resolution)

    assert expected in text
    assert absent not in text
    assert "personal" in text
    assert "untrusted" in text
    assert "Links in it may still be read" in text
    assert text == instructions(stored == ON, restriction)


def test_registered_instructions_are_the_strict_ones(tool: ReadWebPageTool) -> None:
    text = tool.definition().system_prompt_instructions

    assert "Never invent, guess or assemble an address" in text
    assert "ask the user" in text


# --- private hosts ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    "confidence", [ConfidenceLevel.MEDIUM, ConfidenceLevel.LOW, ConfidenceLevel.VERY_LOW]
)
async def test_an_allowed_private_host_is_blocked_below_high_confidence(
    real_policy_tool: ReadWebPageTool, confidence: ConfidenceLevel
) -> None:
    tool = real_policy_tool

    with pytest.raises(ToolExecutionBlocked) as blocked:
        await read(
            tool,
            "http://intranet.test/wiki",
            settings={**ON, "allowedPrivateHosts": "intranet.test"},
            confidence=confidence,
        )

    message = str(blocked.value)
    assert message == BlockReason.INSUFFICIENT_PROVIDER_CONFIDENCE.user_text
    assert "High confidence" in message
    assert "private network or a VPN" in message
    assert blocked.value.template.context == "WebRetrieval"


async def test_an_allowed_private_host_passes_the_policy_with_a_high_provider(
    real_policy_tool: ReadWebPageTool, network_guard: NetworkGuard
) -> None:
    # No server listens on 10.20.30.40: the network guard stops the connection the policy let
    # through, which proves that the policy let it through.
    with network_guard.expect_blocked() as refused:
        try:
            await read(
                real_policy_tool,
                "http://intranet.test/wiki",
                settings={**ON, "allowedPrivateHosts": "intranet.test"},
                confidence=ConfidenceLevel.HIGH,
            )
        except BaseExceptionGroup as group:
            raise guard_refusal(group) from None

    assert "10.20.30.40" in str(refused.value)


async def test_a_private_host_not_on_the_list_is_blocked_for_any_provider(
    real_policy_tool: ReadWebPageTool,
) -> None:
    with pytest.raises(ToolExecutionBlocked) as blocked:
        await read(real_policy_tool, "http://intranet.test/wiki", settings=ON)

    assert str(blocked.value) == BlockReason.PRIVATE_HOST_NOT_ALLOWED.user_text


async def test_loopback_is_never_read_for_a_model(
    real_policy_tool: ReadWebPageTool, server: ScriptedWebServer
) -> None:
    with pytest.raises(ToolExecutionBlocked) as blocked:
        await read(
            real_policy_tool,
            f"http://127.0.0.1:{server.port}/",
            settings={**ON, "allowedPrivateHosts": "127.0.0.1"},
        )

    assert str(blocked.value) == BlockReason.NEVER_ALLOWED_ADDRESS.user_text
    assert server.hits == 0


async def test_reaching_a_non_public_address_demands_a_high_provider_from_the_chat(
    tool: ReadWebPageTool, server: ScriptedWebServer
) -> None:
    server.route("/", Reply.text(article("Internal", [LOREM, LOREM])))

    result = await tool.execute({"url": site(server)}, context(tool))

    assert result.required_provider_confidence is ConfidenceLevel.HIGH


# --- content ------------------------------------------------------------------------------------


async def test_an_html_page_returns_its_article_and_metadata(
    tool: ReadWebPageTool, server: ScriptedWebServer
) -> None:
    server.route(
        "/article",
        Reply.text(
            article(
                "Tool calling explained",
                [LOREM, "A second paragraph with a [link].", LOREM],
                description="How models call tools.",
                authors=["Ada Lovelace", "Alan Turing"],
                published="2026-03-01T10:00:00Z",
                modified="2026-03-02T08:30:00Z",
                language="en-GB",
            )
        ),
    )

    result = await tool.execute({"url": site(server, "/article")}, context(tool))

    document = result.json_content
    assert document["url"] == site(server, "/article")
    assert document["status"] == "complete"
    assert TIMESTAMP.fullmatch(document["retrieved_at_utc"])
    content = document["content"]
    assert content["title"] == "Tool calling explained"
    assert content["description"] == "How models call tools."
    assert content["authors"] == ["Ada Lovelace", "Alan Turing"]
    assert "Tool calling lets a language model" in content["text_content"]
    assert "Home" not in content["text_content"]
    metadata = document["metadata"]
    assert metadata["language"] == "en-GB"
    assert metadata["published_time"] == "2026-03-01T10:00:00Z"
    assert metadata["modified_time"] == "2026-03-02T08:30:00Z"
    assert metadata["media_type"] == "text/html"
    assert metadata["warnings"] == []
    assert metadata["original_content_characters"] == len(content["text_content"])
    assert metadata["returned_content_characters"] == len(content["text_content"])
    assert result.sources == (Source(title="Tool calling explained", url=site(server, "/article")),)
    assert json.loads(result.to_model_content()) == document


@pytest.mark.parametrize(
    ("content_type", "body"),
    [
        ("text/plain; charset=utf-8", "line one\r\nline two\n\n  indented\n"),
        ("application/json", '{"b": 1,\n "a": [1, 2]}'),
        ("text/csv", "name,value\r\nä,1\r\n"),
        ("application/yaml", "key: value\nlist:\n  - one\n"),
        ("application/ld+json", '{"@type": "Thing"}'),
    ],
    ids=["plain", "json", "csv", "yaml", "plus-json"],
)
async def test_text_documents_come_back_unchanged_but_for_line_endings(
    tool: ReadWebPageTool, server: ScriptedWebServer, content_type: str, body: str
) -> None:
    server.route("/doc", Reply.text(body, content_type))

    result = await tool.execute({"url": site(server, "/doc")}, context(tool))

    document = result.json_content
    expected = body.replace("\r\n", "\n")
    assert document["content"]["text_content"] == expected
    assert document["metadata"]["media_type"] == content_type.partition(";")[0]
    # A short text document is complete: only an HTML page that short looks incomplete.
    assert document["status"] == "complete"
    assert "title" not in document["content"]
    assert result.sources == (Source(title=site(server, "/doc"), url=site(server, "/doc")),)


async def test_binary_content_is_a_failure_that_never_repeats_the_address(
    tool: ReadWebPageTool, server: ScriptedWebServer
) -> None:
    server.route("/file.pdf", Reply(headers=(("Content-Type", "application/pdf"),), body=b"%PDF"))

    with pytest.raises(ToolError) as failure:
        await tool.execute({"url": site(server, "/file.pdf")}, context(tool))

    assert "only web pages and text documents" in str(failure.value)
    assert "site.test" not in str(failure.value)


async def test_a_failed_read_never_names_the_host_to_the_model(
    tool: ReadWebPageTool,
) -> None:
    executor = ToolExecutor(StaticSettings({"read_web_page": ON}))

    outcome = await executor.execute(
        read_call(
            call_id="call-1",
            function_name="read_web_page",
            arguments_json=json.dumps({"url": "http://made-up-host.test/secret"}),
        ),
        runnable=[runnable(tool)],
        provider=ProviderContext(name="test", confidence=ConfidenceLevel.HIGH),
        chat=ChatContext(),
        component=Component.CHAT,
        order=1,
    )

    # Not a test host: the policy refuses it as a blocked target.
    assert outcome.trace.status is TraceStatus.BLOCKED
    assert "made-up-host" not in outcome.content


async def test_a_host_that_does_not_resolve_fails_without_naming_it(
    services: BuiltinServices,
) -> None:
    tool = ReadWebPageTool(services, page_policy=lambda hosts, confidence: _any_host_policy())
    executor = ToolExecutor(StaticSettings({"read_web_page": ON}))

    outcome = await executor.execute(
        read_call(
            call_id="call-1",
            function_name="read_web_page",
            arguments_json=json.dumps({"url": "http://made-up-host.test/secret"}),
        ),
        runnable=[runnable(tool)],
        provider=ProviderContext(name="test", confidence=ConfidenceLevel.HIGH),
        chat=ChatContext(),
        component=Component.CHAT,
        order=1,
    )

    assert outcome.trace.status is TraceStatus.ERROR
    assert outcome.content == "Tool execution failed: The host name could not be found."
    assert outcome.sources == ()


def _any_host_policy() -> TargetPolicy:
    return TargetPolicy.user_typed()


@pytest.mark.parametrize(
    ("limit", "paragraphs", "status"),
    [("30000", 12, "complete"), ("1200", 12, "partial")],
    ids=["fits", "truncated"],
)
async def test_content_is_cut_to_the_limit_and_the_status_says_so(
    tool: ReadWebPageTool, server: ScriptedWebServer, limit: str, paragraphs: int, status: str
) -> None:
    server.route("/long", Reply.text(article("Long", [LOREM] * paragraphs)))

    document = await read(
        tool, site(server, "/long"), settings={**ON, "maxContentCharacters": limit}
    )

    text = document["content"]["text_content"]
    metadata = document["metadata"]
    assert document["status"] == status
    assert len(text) <= int(limit)
    assert metadata["returned_content_characters"] == len(text)
    assert metadata["original_content_characters"] > 3000
    if status == "partial":
        assert text.endswith(TRUNCATION_MARKER)
        assert any("was cut to" in warning for warning in metadata["warnings"])
    else:
        assert not text.endswith(TRUNCATION_MARKER)


async def test_a_short_html_page_is_partial_with_a_warning(
    tool: ReadWebPageTool, server: ScriptedWebServer
) -> None:
    server.route("/short", Reply.text(article("Short", ["Only a few words of text here."])))

    document = await read(tool, site(server, "/short"))

    assert document["status"] == "partial"
    assert document["metadata"]["original_content_characters"] < 500
    assert any("little readable text" in w for w in document["metadata"]["warnings"])


async def test_a_page_without_readable_text_is_an_empty_response_without_a_source(
    tool: ReadWebPageTool, server: ScriptedWebServer
) -> None:
    server.route("/empty", Reply.text("<html><head><title>App</title></head><body></body></html>"))

    result = await tool.execute({"url": site(server, "/empty")}, context(tool))

    document = result.json_content
    assert document["status"] == "empty response"
    assert document["content"]["text_content"] == ""
    assert "original_content_characters" not in document["metadata"]
    assert "returned_content_characters" not in document["metadata"]
    assert result.sources == ()


# --- the guard ----------------------------------------------------------------------------------


async def test_every_returned_field_passes_the_guard_in_one_batch(
    tool: ReadWebPageTool,
    services: BuiltinServices,
    server: ScriptedWebServer,
    reports: list[GuardReport],
) -> None:
    server.route(
        "/evil",
        Reply.text(
            article(
                f"Title. {INJECTION}",
                [LOREM, f"Body. {INJECTION}", LOREM],
                description=f"Description. {INJECTION}",
                authors=["Ada Lovelace", f"Mallory. {INJECTION}"],
                published=f"2026-01-01. {INJECTION}",
                modified=f"2026-01-02. {INJECTION}",
                language="en",
            )
        ),
    )

    result = await tool.execute({"url": site(server, "/evil")}, context(tool))

    document = result.json_content
    rendered = json.dumps(document)
    assert "Ignore all previous instructions" not in rendered
    content, metadata = document["content"], document["metadata"]
    for value in (
        content["text_content"],
        content["title"],
        content["description"],
        content["authors"][1],
        metadata["published_time"],
        metadata["modified_time"],
    ):
        assert REDACTION_MARKER in value
    assert content["authors"][0] == "Ada Lovelace"
    assert any("Suspicious instructions were removed" in w for w in metadata["warnings"])
    assert result.sources[0].title == content["title"]
    guard = services.guard
    assert isinstance(guard, CountingGuard)
    assert len(guard.batches) == 1
    assert {text.source.address for text in guard.batches[0]} == {site(server, "/evil")}
    [report] = reports
    assert [entry.source.address for entry in report.filtered] == [site(server, "/evil")]
    assert report.redacted_count >= 6


async def test_the_guard_scans_only_what_is_returned(
    services: BuiltinServices, server: ScriptedWebServer
) -> None:
    scanned: list[str] = []

    def scanner(text: str) -> SanitizeResult:
        scanned.append(text)
        return scan(text)

    guarded = BuiltinServices(
        retrieval=services.retrieval, guard=PromptInjectionGuard(scanner=scanner)
    )
    tool = ReadWebPageTool(guarded, page_policy=lambda hosts, confidence: loopback_policy())
    server.route("/long", Reply.text(article("Long", [LOREM] * 10 + [INJECTION])))

    document = await read(
        tool, site(server, "/long"), settings={**ON, "maxContentCharacters": "800"}
    )

    assert max(len(text) for text in scanned) <= 800
    assert "Ignore all previous" not in document["content"]["text_content"]


async def test_tools_settings_lookup_is_optional(tool: ReadWebPageTool) -> None:
    definition: ToolDefinition = tool.definition()
    resolution = ToolResolutionContext(
        provider=ProviderContext(name="test", confidence=ConfidenceLevel.HIGH),
        component=Component.CHAT,
        chat=ChatContext(),
    )

    text = await tool.resolve_system_prompt_instructions(definition, resolution)

    assert text == definition.system_prompt_instructions
