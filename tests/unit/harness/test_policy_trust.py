"""What the organisation decides about a turn: trusted providers, self-hosted data, outbound."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import keyring
import pytest
from pydantic import SecretStr

from studio.config.managed_providers import KeyMode
from studio.config.organization import OrganizationPolicy
from studio.config.policy.loader import load_policy
from studio.config.profiles import ProviderType
from studio.config.providers import ManagedProvider, ProviderSettings, ProviderStore
from studio.config.secrets import KeyringSecretStore
from studio.config.store import SettingsStore
from studio.errors import ToolExecutionBlocked
from studio.harness.events import RequirementsRaised
from studio.harness.turn import (
    AnswerRecord,
    ChatTurn,
    ProviderNotSelfHostedError,
    ProviderNotTrustedError,
    TurnRequest,
)
from studio.kernel.calls import ToolCall, TraceStatus, read_call
from studio.kernel.context import ChatContext, ProviderContext, SettingsValues, ToolExecutionContext
from studio.kernel.definition import Component
from studio.kernel.policy import (
    ConfidenceLevel,
    DataSecurity,
    OutboundDataRequirement,
    OutboundDataRestriction,
)
from studio.kernel.rounds import Round
from studio.providers.base import Conversation, ProviderAdapter
from studio.tools.builtin import BuiltinServices
from studio.tools.builtin.read_web_page import ReadWebPageTool
from studio.tools.implementation import ToolImplementation
from studio.tools.registry import ToolRegistry
from studio.tools.settings import ToolSettingsService
from studio.web.errors import BlockReason
from studio.web.guard import PromptInjectionGuard
from studio.web.retrieval import WebRetrievalService
from tests.support.resolvers import StaticResolver
from tests.support.scripted_adapter import ScriptedAdapter
from tests.support.tools import EchoTool, SearchTool


class Connection:
    """A provider as the chat sees it: real settings, a scripted answer."""

    def __init__(self, settings: ProviderSettings, adapter: ScriptedAdapter | None = None) -> None:
        self.settings = settings
        self.adapter = adapter or ScriptedAdapter()
        self.conversations: list[Conversation] = []

    def context(self) -> ProviderContext:
        return self.settings.context()

    def new_adapter(self, conversation: Conversation) -> ProviderAdapter:
        self.conversations.append(conversation)
        return self.adapter


def hosted(name: str = "Corp GPT", confidence: ConfidenceLevel = ConfidenceLevel.LOW) -> Connection:
    settings = ProviderSettings.from_user(
        name=name, type=ProviderType.OPENAI_CHAT, model="gpt-4o-mini", confidence=confidence
    )
    return Connection(settings)


def ollama(name: str = "Local llama") -> Connection:
    settings = ProviderSettings.from_user(
        name=name, type=ProviderType.OLLAMA, model="llama3.1", confidence=ConfidenceLevel.LOW
    )
    return Connection(settings)


def trusting(*shipped: Connection, trusted: set[str]) -> OrganizationPolicy:
    """A policy that ships the providers of ``shipped`` and lists ``trusted`` as trusted."""
    providers = tuple(
        ManagedProvider(settings=c.settings, key_mode=KeyMode.EACH_USER, origin="corp (policy)")
        for c in shipped
    )
    return OrganizationPolicy(trusted_provider_names=frozenset(trusted), providers=providers)


@pytest.fixture
def make_turn(tmp_path: Path) -> Callable[..., ChatTurn]:
    def make(
        organization: OrganizationPolicy | None = None,
        tools: list[ToolImplementation] | None = None,
    ) -> ChatTurn:
        settings = ToolSettingsService(
            SettingsStore(tmp_path / "settings.json"),
            KeyringSecretStore(keyring.get_keyring()),
            organization,
        )
        registry = ToolRegistry(tools if tools is not None else [EchoTool()], settings=settings)
        return ChatTurn(registry, settings)

    return make


def answered(connection: Connection, text: str = "Sure.") -> Connection:
    connection.adapter.enqueue(text, end=Round(text_output=text))
    return connection


async def run(
    turn: ChatTurn,
    connection: Connection,
    chat: ChatContext,
    *,
    tool_ids: tuple[str, ...] = (),
    component: Component = Component.CHAT,
) -> AnswerRecord:
    request = TurnRequest(message="Go on", selected_tool_ids=tool_ids, component=component)
    record = AnswerRecord()
    async for event in turn.run(connection, request, chat):
        record.add(event)
    return record


def call(function_name: str, arguments_json: str) -> ToolCall:
    return read_call(call_id="c1", function_name=function_name, arguments_json=arguments_json)


def high_chat() -> ChatContext:
    chat = ChatContext()
    chat.requirements.require_provider_confidence(ConfidenceLevel.HIGH)
    return chat


def self_hosted_chat() -> ChatContext:
    chat = ChatContext()
    chat.requirements.require_data_security(DataSecurity.SELF_HOSTED)
    return chat


async def test_a_trusted_provider_continues_a_chat_that_asks_for_more_confidence(
    make_turn: Callable[..., ChatTurn],
) -> None:
    connection = answered(hosted("Corp GPT", ConfidenceLevel.LOW))
    turn = make_turn(trusting(connection, trusted={"corp gpt"}))

    record = await run(turn, connection, high_chat())

    assert record.text == "Sure."
    assert len(connection.conversations) == 1


async def test_the_turns_tools_see_that_the_provider_is_trusted(
    make_turn: Callable[..., ChatTurn],
) -> None:
    echo = EchoTool()
    connection = hosted("Corp GPT", ConfidenceLevel.HIGH)
    turn = make_turn(trusting(connection, trusted={"Corp GPT"}), [echo])
    connection.adapter.enqueue(end=Round(calls=(call("echo", '{"text":"x"}'),)))
    answered(connection, "Done.")

    record = await run(turn, connection, ChatContext(), tool_ids=("echo",))

    assert [trace.status for trace in record.traces] == [TraceStatus.SUCCESS]
    [recorded] = echo.calls
    provider = recorded.context.provider
    assert provider.trusted
    assert not provider.self_hosted


async def test_an_untrusted_provider_is_refused_a_chat_that_asks_for_more_confidence(
    make_turn: Callable[..., ChatTurn],
) -> None:
    turn = make_turn(trusting(hosted("Other GPT"), trusted={"Other GPT"}))
    connection = hosted("Corp GPT", ConfidenceLevel.LOW)

    with pytest.raises(ProviderNotTrustedError, match="HIGH"):
        await run(turn, connection, high_chat())

    assert connection.conversations == []


@pytest.mark.parametrize(
    "shipped",
    [[], [{"name": "Team GPT", "type": "openai-chat", "model": "m", "confidence": "HIGH"}]],
    ids=["ships-none", "ships-another"],
)
async def test_a_users_own_provider_with_a_trusted_name_may_not_continue_a_high_chat(
    tmp_path: Path, make_turn: Callable[..., ChatTurn], shipped: list[dict[str, str]]
) -> None:
    # Anyone can call their provider "Corp GPT" and point it anywhere: the name trusts nothing.
    path = tmp_path / "corp.json"
    document = {"id": "corp", "trusted_providers": ["Corp GPT"], "providers": shipped}
    path.write_text(json.dumps(document), encoding="utf-8")
    policy = load_policy({"STUDIO_POLICY_FILE": str(path)}, root=tmp_path)
    store = ProviderStore(
        tmp_path / "providers.json", KeyringSecretStore(keyring.get_keyring()), organization=policy
    )
    own = hosted("Corp GPT", ConfidenceLevel.LOW)
    await store.add(own.settings, SecretStr("sk-own-1"))

    assert not store.trusts("corp gpt")
    assert not store.context("Corp GPT").trusted
    with pytest.raises(ProviderNotTrustedError, match="HIGH"):
        await run(make_turn(policy), own, high_chat())
    assert own.conversations == []
    [warning] = policy.problems
    assert not warning.fatal
    assert warning.text() == (
        f"corp ({path}), at /trusted_providers: 'Corp GPT' is listed as trusted, but no policy "
        "ships a provider of that name; only providers a policy ships can be trusted"
    )


async def test_a_self_hosted_chat_is_refused_for_a_hosted_provider_even_a_trusted_one(
    make_turn: Callable[..., ChatTurn],
) -> None:
    connection = hosted("Corp GPT", ConfidenceLevel.HIGH)
    turn = make_turn(trusting(connection, trusted={"Corp GPT"}))

    with pytest.raises(ProviderNotSelfHostedError) as refused:
        await run(turn, connection, self_hosted_chat())

    message = str(refused.value)
    assert "'Corp GPT'" in message
    assert "self-hosted provider" in message
    assert "start a new chat" in message
    assert connection.conversations == []


async def test_a_self_hosted_assistant_run_advises_without_chats(
    make_turn: Callable[..., ChatTurn],
) -> None:
    connection = hosted("Corp GPT", ConfidenceLevel.HIGH)

    with pytest.raises(ProviderNotSelfHostedError) as refused:
        await run(
            make_turn(),
            connection,
            self_hosted_chat(),
            component=Component.WEB_PAGE_SUMMARY_ASSISTANT,
        )

    message = str(refused.value)
    assert "chat" not in message.lower()
    assert "in the assistant" in message


async def test_a_self_hosted_chat_goes_on_with_ollama(make_turn: Callable[..., ChatTurn]) -> None:
    connection = answered(ollama())

    record = await run(make_turn(), connection, self_hosted_chat())

    assert record.text == "Sure."


async def test_a_chat_that_allows_any_host_goes_to_a_hosted_provider(
    make_turn: Callable[..., ChatTurn],
) -> None:
    chat = ChatContext()
    chat.requirements.require_data_security(DataSecurity.ALLOW_ANY)

    record = await run(make_turn(), answered(hosted()), chat)

    assert record.text == "Sure."


async def test_a_demanded_outbound_restriction_is_tightened_to_the_organisations_minimum(
    make_turn: Callable[..., ChatTurn],
) -> None:
    inbox = OutboundDataRequirement(
        level=OutboundDataRestriction.ONLY_LINKS_FROM_CHAT, origin="Team inbox"
    )
    search = SearchTool(
        confidence=ConfidenceLevel.NONE, data_security=DataSecurity.ALLOW_ANY, outbound=inbox
    )
    policy = OrganizationPolicy(
        minimum_outbound_restriction=OutboundDataRestriction.ONLY_CONFIGURED_SERVICES
    )
    connection = hosted(confidence=ConfidenceLevel.HIGH)
    connection.adapter.enqueue(end=Round(calls=(call("search_sources", '{"query":"plans"}'),)))
    answered(connection, "Found them.")
    chat = ChatContext()
    raised: list[RequirementsRaised] = []

    async for event in make_turn(policy, tools=[search]).run(
        connection, TurnRequest(message="Search", selected_tool_ids=("search_sources",)), chat
    ):
        if isinstance(event, RequirementsRaised):
            raised.append(event)

    expected = OutboundDataRequirement(
        level=OutboundDataRestriction.ONLY_CONFIGURED_SERVICES, origin="Team inbox"
    )
    assert chat.requirements.outbound == expected
    assert [event.outbound for event in raised] == [expected]


@pytest.mark.parametrize(
    ("demanded", "minimum", "kept"),
    [
        (
            None,
            OutboundDataRestriction.ONLY_CONFIGURED_SERVICES,
            OutboundDataRestriction.UNRESTRICTED,
        ),
        (
            OutboundDataRestriction.UNRESTRICTED,
            OutboundDataRestriction.ONLY_CONFIGURED_SERVICES,
            OutboundDataRestriction.UNRESTRICTED,
        ),
        (
            OutboundDataRestriction.ONLY_CONFIGURED_SERVICES,
            OutboundDataRestriction.ONLY_LINKS_FROM_CHAT,
            OutboundDataRestriction.ONLY_CONFIGURED_SERVICES,
        ),
        (
            OutboundDataRestriction.ONLY_LINKS_FROM_CHAT,
            OutboundDataRestriction.UNRESTRICTED,
            OutboundDataRestriction.ONLY_LINKS_FROM_CHAT,
        ),
    ],
    ids=["no-demand", "unrestricted-demand", "stricter-than-minimum", "no-minimum"],
)
async def test_the_outbound_minimum_applies_only_where_a_result_demands_a_restriction(
    make_turn: Callable[..., ChatTurn],
    demanded: OutboundDataRestriction | None,
    minimum: OutboundDataRestriction,
    kept: OutboundDataRestriction,
) -> None:
    outbound = None if demanded is None else OutboundDataRequirement(level=demanded, origin="Box")
    search = SearchTool(
        confidence=ConfidenceLevel.NONE, data_security=DataSecurity.ALLOW_ANY, outbound=outbound
    )
    connection = hosted(confidence=ConfidenceLevel.HIGH)
    connection.adapter.enqueue(end=Round(calls=(call("search_sources", '{"query":"x"}'),)))
    answered(connection, "Done.")
    chat = ChatContext()

    turn = make_turn(OrganizationPolicy(minimum_outbound_restriction=minimum), tools=[search])
    await run(turn, connection, chat, tool_ids=("search_sources",))

    assert chat.requirements.outbound_restriction is kept


async def test_a_trusted_provider_below_high_still_may_not_read_an_allowed_private_host() -> None:
    # Trust lets a provider continue a chat; only confidence opens private hosts.
    resolver = StaticResolver({"intranet.test": ["10.20.30.40"]})
    services = BuiltinServices(
        retrieval=WebRetrievalService(resolver=resolver), guard=PromptInjectionGuard()
    )
    tool = ReadWebPageTool(services)
    context = ToolExecutionContext(
        definition=tool.definition(),
        tool_call_id="c1",
        settings=SettingsValues(
            {"freeAddressChoice": "ON", "allowedPrivateHosts": "intranet.test"}
        ),
        provider=ProviderContext(name="Corp GPT", confidence=ConfidenceLevel.MEDIUM, trusted=True),
        chat=ChatContext(),
    )

    try:
        with pytest.raises(ToolExecutionBlocked) as blocked:
            await tool.execute({"url": "http://intranet.test/wiki"}, context)
    finally:
        await services.retrieval.aclose()

    assert str(blocked.value) == BlockReason.INSUFFICIENT_PROVIDER_CONFIDENCE.user_text
