"""What a tool learns about the request it serves: provider, chat, component and settings."""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Iterator, Mapping
from dataclasses import dataclass, field

from studio.kernel.approval import ApprovalReason, Decision
from studio.kernel.definition import Component, ToolDefinition
from studio.kernel.policy import (
    ChatRequirements,
    ConfidenceLevel,
    ModelCapability,
    can_use_tools,
)

__all__ = [
    "AskApproval",
    "ChatContext",
    "Progress",
    "ProviderContext",
    "SettingsValues",
    "ToolExecutionContext",
    "ToolResolutionContext",
]

MASK = "*****"
"""Shown instead of a secret or sensitive value."""

Progress = Callable[[int, int], None]
"""Receives ``(done, wanted)`` from a call that works through several items."""

AskApproval = Callable[[frozenset[ApprovalReason]], Awaitable[Decision]]
"""Asks whether the running call may go on for these reasons (see :mod:`studio.kernel.approval`);
a tool that asks for its own approval (``asks_own_approval``) asks it for the part that sends
model-chosen data."""


@dataclass(frozen=True, kw_only=True)
class ProviderContext:
    """What the tool system needs to know about the provider and model of a request."""

    name: str
    confidence: ConfidenceLevel
    capabilities: frozenset[ModelCapability] = frozenset()
    trusted: bool = False
    """The organisation trusts this provider with any chat content (its trusted providers):
    it may continue a chat that asks for a higher confidence than its own."""
    self_hosted: bool = False
    """The host runs on a machine the user or the organisation controls, so it may receive
    content that must stay on self-hosted providers."""

    @property
    def can_use_tools(self) -> bool:
        """Whether the model can take part in tool calling at all."""
        return can_use_tools(self.capabilities)


@dataclass(kw_only=True)
class ChatContext:
    """The chat a request belongs to, as far as tools are concerned."""

    requirements: ChatRequirements = field(default_factory=ChatRequirements)
    web_addresses_given_to_model: set[str] = field(default_factory=set)
    """Addresses that reached the model from the user, the system prompt or a tool result."""
    addresses_from_user: set[str] = field(default_factory=set)
    """The given addresses that came from the user's messages or the system prompt, outside any
    fenced outside content; found again from the conversation at every turn, never stored."""


class SettingsValues(Mapping[str, str]):
    """A tool's effective settings; secret values never show in ``repr`` or logs."""

    def __init__(self, values: Mapping[str, str], secret_fields: frozenset[str] = frozenset()):
        self._values = dict(values)
        self._secret_fields = secret_fields

    def __getitem__(self, key: str) -> str:
        return self._values[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._values)

    def __len__(self) -> int:
        return len(self._values)

    def __repr__(self) -> str:
        shown = {
            key: MASK if key in self._secret_fields and value else value
            for key, value in self._values.items()
        }
        return f"SettingsValues({shown!r})"

    def value(self, key: str) -> str:
        """The value of ``key`` with surrounding blanks removed, or "" when unset."""
        return self._values.get(key, "").strip()

    @property
    def secret_fields(self) -> frozenset[str]:
        """The fields whose values are masked wherever these values are shown."""
        return self._secret_fields


@dataclass(frozen=True, kw_only=True)
class ToolResolutionContext:
    """The request a tool tailors its function and instructions to."""

    provider: ProviderContext
    component: Component
    chat: ChatContext


@dataclass(frozen=True, kw_only=True)
class ToolExecutionContext:
    """Everything a tool may use while it runs one call."""

    definition: ToolDefinition
    tool_call_id: str
    settings: SettingsValues
    provider: ProviderContext
    chat: ChatContext
    component: Component = Component.CHAT
    progress: Progress | None = None
    """Receives ``(done, wanted)`` while a long call works through several items (the pages a
    search loads, say), so the UI can show how far it got; None when nobody shows it."""
    approve: AskApproval | None = None
    """The decision point for this call in a chat that has taken in outside content; None
    when nobody can be asked, which a tool must read as :attr:`Decision.NOBODY_TO_ASK`."""
