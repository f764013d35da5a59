"""Preparing and running assistant turns: the page read, the tools offered, the context kept.

The summary reads its page from a threaded server on ``127.0.0.1``, as ``studio read`` does in
its tests: the user typed the address, so the user-typed policy lets the read reach this
computer, which the policy of a model-chosen address never would.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import AsyncIterator, Callable, Iterator
from pathlib import Path

import keyring
import pytest

from studio.assistants.legal_check import LegalCheckAssistant
from studio.assistants.translation import TranslationAssistant
from studio.assistants.web_summary import PageWithoutTextError, WebSummaryAssistant
from studio.config.paths import StudioPaths
from studio.config.secrets import KeyringSecretStore
from studio.harness.turn import AnswerRecord, ChatTurn
from studio.kernel.content import ContentSource
from studio.kernel.context import ProviderContext
from studio.kernel.definition import Component
from studio.kernel.policy import ConfidenceLevel, ModelCapability
from studio.kernel.result import Source, SourceOrigin
from studio.kernel.rounds import Round
from studio.providers.base import Conversation, ProviderAdapter
from studio.services import Services
from studio.tools.addresses import is_given
from studio.tools.fencing import UNTRUSTED_CONTENT_RULE
from studio.tools.implementation import ToolImplementation
from studio.tools.registry import OfferBlockReason
from studio.web import page
from studio.web.errors import WebHTTPStatusError, WebTargetBlocked
from studio.web.guard import GuardReport
from studio.web.targets import HostAllowList, TargetPolicy
from tests.support.json_server import JsonServer, ScriptedAnswer
from tests.support.scripted_adapter import ScriptedAdapter
from tests.support.tools import EchoTool
from tests.support.web_pages import INJECTION, LOREM, article

CAPABLE = frozenset({ModelCapability.FUNCTION_CALLING, ModelCapability.CHAT_COMPLETION_API})
PROVIDER = ProviderContext(name="test", confidence=ConfidenceLevel.HIGH, capabilities=CAPABLE)

PAGE = article(
    "Tides explained",
    [LOREM, "The moon pulls the oceans twice a day.", LOREM],
    description="Why the sea rises and falls.",
    authors=["Ada Lovelace"],
)


def html(text: str) -> ScriptedAnswer:
    return ScriptedAnswer(body=text.encode("utf-8"), content_type="text/html; charset=utf-8")


OpenServices = Callable[[list[ToolImplementation] | None], Services]


class Connection:
    """A provider connection that hands out one scripted adapter and keeps the conversations."""

    def __init__(self, adapter: ScriptedAdapter, provider: ProviderContext = PROVIDER) -> None:
        self.adapter = adapter
        self.provider = provider
        self.conversations: list[Conversation] = []

    def context(self) -> ProviderContext:
        return self.provider

    def new_adapter(self, conversation: Conversation) -> ProviderAdapter:
        self.conversations.append(conversation)
        return self.adapter


@pytest.fixture
def server() -> Iterator[JsonServer]:
    with JsonServer() as running:
        running.route("/tides", html(PAGE))
        yield running


@pytest.fixture
def reports() -> list[GuardReport]:
    return []


@pytest.fixture
def open_services(tmp_path: Path, reports: list[GuardReport]) -> OpenServices:
    opened: list[Services] = []

    def make(tools: list[ToolImplementation] | None = None) -> Services:
        services = Services.open(
            StudioPaths.for_basedir(tmp_path / f"profile{len(opened)}"),
            implementations=tools,
            secrets=KeyringSecretStore(keyring.get_keyring()),
            guard_reporter=reports.append,
        )
        opened.append(services)
        return services

    return make


@pytest.fixture
async def services(open_services: OpenServices) -> AsyncIterator[Services]:
    opened = open_services([EchoTool()])
    yield opened
    await opened.aclose()


def summary_values(url: str, **more: str) -> dict[str, str]:
    return {**WebSummaryAssistant().defaults(), "address": url, **more}


async def test_summary_reads_a_loopback_page_with_the_user_typed_policy(
    server: JsonServer, services: Services
) -> None:
    url = f"{server.url}/tides"
    assistant = WebSummaryAssistant()

    prepared = await assistant.prepare(
        summary_values(url, focus="the moon", language="German", length="short"),
        web=services.builtin,
        selected_tool_ids=("echo",),
    )

    message = prepared.turn.message
    assert message.startswith(f"Summarise the web page at {url}.\nLength: Short: three to five")
    assert "Focus on: the moon\nWrite the summary in German." in message
    assert "Title: Tides explained\nDescription: Why the sea rises and falls." in message
    assert "The moon pulls the oceans twice a day." in message
    # The page reaches the model fenced as outside content, and marks the run's chat.
    assert '<untrusted-content id="' in message
    assert f'origin="web page {url}">' in message
    assert UNTRUSTED_CONTENT_RULE in assistant.system_prompt(summary_values(url))
    assert prepared.chat.requirements.untrusted_source == ContentSource.web_page(url)
    assert prepared.turn.component is Component.WEB_PAGE_SUMMARY_ASSISTANT
    assert prepared.turn.selected_tool_ids == ("echo",)
    assert prepared.turn.may_run_tools
    assert prepared.sources == (Source(title="Tides explained", url=url, origin=SourceOrigin.TOOL),)
    # This computer is not public: only a HIGH provider may read what came from it.
    assert prepared.chat.requirements.provider_confidence is ConfidenceLevel.HIGH
    # A model-chosen address never reaches loopback, so the read above was the user's.
    with pytest.raises(WebTargetBlocked):
        await page.read_page(
            url,
            TargetPolicy.allow_listed(HostAllowList(), ConfidenceLevel.HIGH),
            retrieval=services.builtin.retrieval,
            guard=services.builtin.guard,
            timeout=5,
            max_characters=1000,
        )


async def test_summary_records_the_page_address_as_given_to_the_model(
    server: JsonServer, services: Services
) -> None:
    server.route("/old", ScriptedAnswer(status=301, headers=(("Location", "/tides"),)))
    typed = f"{server.url}/old"

    prepared = await WebSummaryAssistant().prepare(summary_values(typed), web=services.builtin)

    final = f"{server.url}/tides"
    assert is_given(typed, prepared.chat.web_addresses_given_to_model)
    assert is_given(final, prepared.chat.web_addresses_given_to_model)
    # Where the redirect led is the server's choice: it reaches the model inside the fence only.
    [inside] = re.findall(r"<untrusted-content .*?</untrusted-content", prepared.turn.message, re.S)
    assert f"Address: {final}\n" in inside
    assert prepared.turn.message.count(final) == 2  # the fence's origin and the Address line
    assert prepared.sources[0].url == final

    adapter = ScriptedAdapter()
    adapter.enqueue("A summary.", end=Round(text_output="A summary."))
    turn = ChatTurn(services.registry, services.settings)
    async for _event in turn.run(Connection(adapter), prepared.turn, prepared.chat):
        pass
    assert is_given(final, prepared.chat.web_addresses_given_to_model)


async def test_summary_reads_inside_one_guard_action(
    server: JsonServer, services: Services, reports: list[GuardReport]
) -> None:
    server.route("/evil", html(article("Evil", [LOREM, f"Now. {INJECTION}", LOREM])))

    prepared = await WebSummaryAssistant().prepare(
        summary_values(f"{server.url}/evil"), web=services.builtin
    )

    assert INJECTION not in prepared.turn.message
    assert "Suspicious instructions were removed from this page" in prepared.turn.message
    [report] = reports
    assert [source.source.address for source in report.filtered] == [f"{server.url}/evil"]

    mine: list[GuardReport] = []
    await WebSummaryAssistant().prepare(
        summary_values(f"{server.url}/evil"), web=services.builtin, guard_reporter=mine.append
    )
    assert len(mine) == 1
    assert len(reports) == 1


async def test_summary_stops_before_the_model_when_the_page_has_no_text(
    server: JsonServer, services: Services
) -> None:
    server.route("/blank", html("<html><body><script>app()</script></body></html>"))
    server.route("/gone", ScriptedAnswer(status=404, body=b"no"))
    assistant = WebSummaryAssistant()

    with pytest.raises(PageWithoutTextError) as raised:
        await assistant.prepare(summary_values(f"{server.url}/blank"), web=services.builtin)
    assert "no readable text" in raised.value.text()
    with pytest.raises(WebHTTPStatusError):
        await assistant.prepare(summary_values(f"{server.url}/gone"), web=services.builtin)


async def test_translation_runs_without_tools_whatever_is_selected(services: Services) -> None:
    assistant = TranslationAssistant()
    values = {"text": "Guten Morgen", "target_language": "English", "tone": ""}
    await services.settings.set_default_tool_ids(Component.TRANSLATION_ASSISTANT, ["echo"])

    prepared = await assistant.prepare(values, web=services.builtin, selected_tool_ids=("echo",))

    assert not prepared.turn.may_run_tools
    assert prepared.turn.selected_tool_ids == ()
    assert prepared.sources == ()
    assert prepared.chat.web_addresses_given_to_model == set()
    adapter = ScriptedAdapter()
    adapter.enqueue("Good morning", end=Round(text_output="Good morning"))
    connection = Connection(adapter)
    record = AnswerRecord()
    turn = ChatTurn(services.registry, services.settings)
    # Even a turn that names the tool offers nothing once the component may not run tools.
    request = dataclasses.replace(prepared.turn, selected_tool_ids=("echo",))
    async for event in turn.run(connection, request, prepared.chat):
        record.add(event)

    [conversation] = connection.conversations
    assert conversation.tools == ()
    assert conversation.system_prompt == assistant.system_prompt(values)
    assert record.text == "Good morning"


async def test_legal_check_never_offers_web_search_while_chat_does(
    open_services: OpenServices,
) -> None:
    services = open_services(None)  # Studio's own tools, web_search among them
    try:
        web_search = services.registry.definition("web_search")
        assert web_search is not None
        await services.settings.set_value(web_search, "searxng.baseUrl", "http://127.0.0.1:9")
        await services.settings.set_value(web_search, "defaultLanguage", "en-US")
        registry = services.registry
        legal = Component.LEGAL_CHECK_ASSISTANT

        in_legal = await registry.offer_check("web_search", PROVIDER, legal)
        in_chat = await registry.offer_check("web_search", PROVIDER, Component.CHAT)

        assert OfferBlockReason.NOT_AVAILABLE_HERE in in_legal.reasons
        assert in_chat.allowed, in_chat.reasons
        assert "web_search" not in [entry.id for entry in registry.catalog(legal)]
        assert "web_search" in [entry.id for entry in registry.catalog(Component.CHAT)]
        assert "read_web_page" in [entry.id for entry in registry.catalog(legal)]
        prepared = await LegalCheckAssistant().prepare(
            {"text": "§ 1 Terms.", "check": "unfair_clauses", "jurisdiction": ""},
            web=services.builtin,
            selected_tool_ids=("web_search", "read_web_page"),
        )
        assert prepared.turn.may_run_tools
        offered = await registry.filter_tool_ids_for_provider(
            prepared.turn.selected_tool_ids, PROVIDER, prepared.turn.component, prepared.chat
        )
        assert offered == ["read_web_page"]
        in_a_chat = await registry.filter_tool_ids_for_provider(
            prepared.turn.selected_tool_ids, PROVIDER, Component.CHAT
        )
        assert sorted(in_a_chat) == ["read_web_page", "web_search"]
    finally:
        await services.aclose()
