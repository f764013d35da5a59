"""One chat turn from the user's message to the finished answer, the same for every front end.

The desktop app and ``studio ask`` both run turns through :class:`ChatTurn`: it asks the
registry which tools may run, adds their instructions to the system prompt, hands the provider's
adapter to the loop and collects what the answer needs to keep (text, traces, sources). Nothing
here knows which front end is listening.
"""

from __future__ import annotations

import dataclasses
import functools
import logging
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from typing import Protocol

from studio.config.providers import is_trusted
from studio.errors import StudioError
from studio.harness.context import ToolCallingLoopContext
from studio.harness.events import (
    ConversationRecorded,
    LoopEvent,
    RequirementsRaised,
    RunFinished,
    SourcesUpdated,
    TextDelta,
    ToolCallFinished,
    ToolProgressed,
    ToolStatusChanged,
)
from studio.harness.loop import ToolCallingLoop, ToolLoop
from studio.harness.sources import merge_sources
from studio.kernel.approval import Approver
from studio.kernel.calls import ToolInvocationTrace
from studio.kernel.context import ChatContext, ProviderContext
from studio.kernel.definition import Component, ToolDefinition
from studio.kernel.policy import ConfidenceLevel, DataSecurity
from studio.kernel.result import Source
from studio.kernel.rounds import Usage
from studio.kernel.translatable import QT_TRANSLATE_NOOP, Translate
from studio.providers.base import ChatMessage, Conversation, ProviderAdapter
from studio.tools.addresses import find_web_addresses
from studio.tools.executor import ToolExecutor
from studio.tools.fencing import without_fenced
from studio.tools.implementation import ToolImplementation
from studio.tools.registry import ToolRegistry
from studio.tools.settings import ToolSettingsService

__all__ = [
    "AnswerRecord",
    "ChatTurn",
    "ModelConnection",
    "ProviderNotSelfHostedError",
    "ProviderNotTrustedError",
    "TurnRequest",
]

logger = logging.getLogger(__name__)

_NOT_TRUSTED = QT_TRANSLATE_NOOP(
    "ChatTurn",
    "This chat holds content that may only be sent to a provider with confidence {required} or "
    "higher; {provider!r} has {actual}. Choose another provider or start a new chat.",
)
_NOT_TRUSTED_IN_ASSISTANT = QT_TRANSLATE_NOOP(
    "ChatTurn",
    "This content may only be sent to a provider with confidence {required} or higher; "
    "{provider!r} has {actual}. Choose a provider with confidence {required} or higher in the "
    "assistant, or raise this provider's confidence in the settings.",
)
_NOT_SELF_HOSTED = QT_TRANSLATE_NOOP(
    "ChatTurn",
    "This chat holds content that may only be sent to a self-hosted provider; {provider!r} is "
    "not one. Choose a self-hosted provider, such as Ollama or LM Studio, or start a new chat.",
)
_NOT_SELF_HOSTED_IN_ASSISTANT = QT_TRANSLATE_NOOP(
    "ChatTurn",
    "This content may only be sent to a self-hosted provider; {provider!r} is not one. Choose "
    "a self-hosted provider, such as Ollama or LM Studio, in the assistant.",
)


class ProviderNotTrustedError(StudioError):
    """The chat's content demands a more trusted provider than the one chosen.

    The advice fits the place: a chat can be left for a new one, an assistant has no chats.
    """

    def __init__(
        self,
        *,
        provider: str,
        required: ConfidenceLevel,
        actual: ConfidenceLevel,
        component: Component = Component.CHAT,
    ):
        template = _NOT_TRUSTED if component is Component.CHAT else _NOT_TRUSTED_IN_ASSISTANT
        super().__init__(template, provider=provider, required=required.name, actual=actual.name)


class ProviderNotSelfHostedError(StudioError):
    """The chat's content may only go to a self-hosted provider, and the one chosen is not.

    The advice fits the place, as for :class:`ProviderNotTrustedError`.
    """

    def __init__(self, *, provider: str, component: Component = Component.CHAT):
        template = (
            _NOT_SELF_HOSTED if component is Component.CHAT else _NOT_SELF_HOSTED_IN_ASSISTANT
        )
        super().__init__(template, provider=provider)


class ModelConnection(Protocol):
    """What a turn needs of a provider: who it is, and a fresh adapter per answer."""

    def context(self) -> ProviderContext:
        """The provider's name, confidence and capabilities."""
        ...

    def new_adapter(self, conversation: Conversation) -> ProviderAdapter:
        """An adapter for one answer that starts from ``conversation``."""
        ...


@dataclass(frozen=True, kw_only=True)
class TurnRequest:
    """What the user asks in one turn, and where."""

    message: str
    history: tuple[ChatMessage, ...] = ()
    """The chat so far, oldest first, without the new message."""
    system_prompt: str = ""
    selected_tool_ids: tuple[str, ...] = ()
    """The user's (or assistant's) selection; normalised by the registry."""
    component: Component = Component.CHAT
    may_run_tools: bool = True
    """False where the component offers no tool selection and names no tools of its own."""


@dataclass(kw_only=True)
class AnswerRecord:
    """What an answer keeps once the turn ends, filled in while it runs."""

    text: str = ""
    traces: list[ToolInvocationTrace] = field(default_factory=list)
    sources: tuple[Source, ...] = ()
    usage: Usage | None = None
    finished: RunFinished | None = None
    """The closing event; None while running, or when the run was cancelled or failed."""

    def add(self, event: LoopEvent) -> None:
        """Keep what ``event`` contributes to the answer."""
        match event:
            case TextDelta():
                self.text += event.text
                self.usage = event.usage or self.usage
                self.sources = merge_sources(self.sources, event.sources)
            case SourcesUpdated():
                self.sources = merge_sources(self.sources, event.sources)
            case ToolCallFinished():
                self.traces.append(event.trace)
            case RunFinished():
                self.finished = event
            case (
                ToolStatusChanged()
                | ToolProgressed()
                | RequirementsRaised()
                | ConversationRecorded()
            ):
                pass


class ChatTurn:
    """Runs turns for one profile: its registry, its settings and a tool calling loop."""

    def __init__(
        self,
        registry: ToolRegistry,
        settings: ToolSettingsService,
        *,
        loop: ToolLoop | None = None,
        translate: Translate = str,
        approver: Approver | None = None,
    ) -> None:
        self._registry = registry
        self._organization = settings.organization
        self._executor = ToolExecutor(
            settings.effective_values,
            translate,
            known_tools=functools.partial(_installed, registry),
            approver=approver,
            allowed_in_untrusted_chats=functools.partial(
                _allowed_in_untrusted_chats, registry, settings
            ),
        )
        self._loop = loop or ToolCallingLoop()

    async def run(
        self, connection: ModelConnection, request: TurnRequest, chat: ChatContext
    ) -> AsyncIterator[LoopEvent]:
        """Answer ``request`` in ``chat``, yielding the run's events as they happen.

        Raises:
            ProviderNotTrustedError: the chat demands a more trusted provider, and the
                organisation does not trust this one.
            ProviderNotSelfHostedError: the chat's content may only go to a self-hosted
                provider, and this one is not.
            ProviderError: the provider request failed, after the text that streamed.
        """
        provider = connection.context()
        if not provider.trusted and is_trusted(self._organization, provider.name):
            provider = dataclasses.replace(provider, trusted=True)
        self._check_provider(provider, chat, request.component)
        runnable = await self._registry.runnable_tools(
            request.selected_tool_ids,
            provider,
            request.component,
            chat,
            request.may_run_tools,
        )
        conversation = Conversation(
            system_prompt=_join(request.system_prompt, self._registry.tool_policy_prompt(runnable)),
            messages=(*request.history, ChatMessage(role="user", text=request.message)),
            tools=tuple(tool.function for tool in runnable),
        )
        _remember_given_addresses(conversation, chat)
        context = ToolCallingLoopContext(
            adapter=connection.new_adapter(conversation),
            runnable_tools=runnable,
            executor=self._executor,
            provider=provider,
            chat=chat,
            component=request.component,
            minimum_outbound_restriction=self._organization.minimum_outbound_restriction,
        )
        async for event in self._loop.run(context):
            yield event

    @staticmethod
    def _check_provider(provider: ProviderContext, chat: ChatContext, component: Component) -> None:
        """Refuse a provider the chat's content may not go to, before anything is sent."""
        requirements = chat.requirements
        required = requirements.provider_confidence
        # The organisation's trusted providers may continue chats that ask for more confidence.
        if required != ConfidenceLevel.NONE and provider.confidence < required:
            if provider.trusted:
                logger.info("The organisation trusts %r with this chat", provider.name)
            else:
                raise ProviderNotTrustedError(
                    provider=provider.name,
                    required=required,
                    actual=provider.confidence,
                    component=component,
                )
        if requirements.data_security >= DataSecurity.SELF_HOSTED and not provider.self_hosted:
            raise ProviderNotSelfHostedError(provider=provider.name, component=component)


def _remember_given_addresses(conversation: Conversation, chat: ChatContext) -> None:
    """Record the addresses the user and the system prompt gave the model.

    Tools that may only read addresses given to the model (rather than invented by it) check
    this set. The model's own answers never count, so assistant messages are left out. The
    addresses of the user's own words, outside any fenced outside content, are also kept apart
    (``addresses_from_user``): in a chat with outside content only those need no approval.
    """
    texts = [conversation.system_prompt]
    texts += [message.text for message in conversation.messages if message.role == "user"]
    for text in texts:
        chat.web_addresses_given_to_model.update(find_web_addresses(text))
        chat.addresses_from_user.update(find_web_addresses(without_fenced(text)))


def _allowed_in_untrusted_chats(
    registry: ToolRegistry, settings: ToolSettingsService, tool_id: str
) -> bool:
    """Whether the tool, or its collection, may run without approval in chats with outside content.

    The user or the organisation decides it; see
    :meth:`~studio.tools.settings.ToolSettingsService.is_allowed_in_untrusted_chats`.
    """
    return settings.is_allowed_in_untrusted_chats(
        tool_id, collection_id=registry.collection_of(tool_id)
    )


def _installed(registry: ToolRegistry) -> list[tuple[ToolDefinition, ToolImplementation]]:
    """Every installed tool with its implementation, for the executor's refusals."""
    return [
        (definition, implementation)
        for definition in registry.definitions()
        if (implementation := registry.implementation_for(definition)) is not None
    ]


def _join(*parts: str) -> str:
    return "\n\n".join(part.strip() for part in parts if part.strip())
