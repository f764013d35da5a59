"""The levels and rules that decide which tools may run for which provider.

The enums keep the reference system's member names and values, so stored values and
organisation files read the same way. Every rule here is a pure function: the registry, the
executor and the selection UI all ask these, so none of them can drift from the others.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field

from studio.kernel.content import ContentSource

__all__ = [
    "ChatRequirements",
    "ConfidenceLevel",
    "DataSecurity",
    "ModelCapability",
    "OutboundDataRequirement",
    "OutboundDataRestriction",
    "ToolOutboundData",
    "is_outbound_data_allowed",
    "is_provider_confidence_allowed",
]


class ConfidenceLevel(enum.IntEnum):
    """How far the user trusts a provider with their data; higher is more trusted."""

    NONE = 0
    UNTRUSTED = 1
    UNKNOWN = 10
    VERY_LOW = 90
    LOW = 100
    MODERATE = 150
    MEDIUM = 200
    HIGH = 300

    @classmethod
    def parse(cls, text: str) -> ConfidenceLevel:
        """Read a level by its name, case-insensitively (``"high"`` -> ``HIGH``).

        Raises:
            ValueError: the text names no level; the message lists the valid names.
        """
        try:
            return cls[text.strip().upper()]
        except KeyError:
            names = ", ".join(level.name for level in cls)
            raise ValueError(f"{text!r} is not a confidence level; use one of {names}.") from None


class DataSecurity(enum.IntEnum):
    """Where data in a chat may be processed; only ever tightened within a chat."""

    NOT_SPECIFIED = 0
    ALLOW_ANY = 1
    SELF_HOSTED = 2


class OutboundDataRestriction(enum.IntEnum):
    """How far the arguments of a tool call may leave the app, strictest first.

    The strictest level is deliberately the zero value: an unreadable stored value becomes the
    strictest, never the loosest.
    """

    ONLY_CONFIGURED_SERVICES = 0
    ONLY_LINKS_FROM_CHAT = 1
    UNRESTRICTED = 2


class ToolOutboundData(enum.Enum):
    """Where a tool sends the arguments the model chose."""

    NONE = "NONE"
    """Nothing leaves the app."""
    CONFIGURED_SERVICE = "CONFIGURED_SERVICE"
    """Only to a service the user or organisation configured (a wiki, an embedding provider)."""
    THIRD_PARTY_QUERIES = "THIRD_PARTY_QUERIES"
    """Queries go to third parties, such as web search engines."""
    MODEL_CHOSEN_ADDRESSES = "MODEL_CHOSEN_ADDRESSES"
    """The model picks the address; the default for a tool that declares nothing."""


class ModelCapability(enum.Enum):
    """What a model can do that tools may depend on."""

    FUNCTION_CALLING = "FUNCTION_CALLING"
    CHAT_COMPLETION_API = "CHAT_COMPLETION_API"
    RESPONSES_API = "RESPONSES_API"
    MESSAGES_API = "MESSAGES_API"


TOOL_CALLING_APIS = frozenset(
    {
        ModelCapability.CHAT_COMPLETION_API,
        ModelCapability.RESPONSES_API,
        ModelCapability.MESSAGES_API,
    }
)
"""A model needs at least one of these APIs, besides function calling, to use tools."""


def can_use_tools(capabilities: frozenset[ModelCapability]) -> bool:
    """Whether a model with these capabilities can take part in tool calling at all."""
    return ModelCapability.FUNCTION_CALLING in capabilities and bool(
        capabilities & TOOL_CALLING_APIS
    )


def is_provider_confidence_allowed(provider: ConfidenceLevel, minimum: ConfidenceLevel) -> bool:
    """A minimum of NONE asks nothing; otherwise the provider must reach the minimum."""
    return minimum == ConfidenceLevel.NONE or provider >= minimum


def is_outbound_data_allowed(
    restriction: OutboundDataRestriction,
    outbound_data: ToolOutboundData,
    *,
    enforces_restriction: bool,
) -> bool:
    """Whether a tool may run in a chat under ``restriction``.

    Below UNRESTRICTED only tools whose arguments stay in the app or go to configured services
    run, unless the tool polices the restriction itself.
    """
    return (
        restriction == OutboundDataRestriction.UNRESTRICTED
        or outbound_data in (ToolOutboundData.NONE, ToolOutboundData.CONFIGURED_SERVICE)
        or enforces_restriction
    )


@dataclass(frozen=True, kw_only=True)
class OutboundDataRequirement:
    """A restriction a tool result demands of the chat, with the source that demanded it."""

    level: OutboundDataRestriction
    origin: str = ""
    """What demanded it, for the message shown to the user (for example a mailbox name)."""


@dataclass(kw_only=True)
class ChatRequirements:
    """What a chat's content demands of every later request; each axis only ever tightens."""

    provider_confidence: ConfidenceLevel = ConfidenceLevel.NONE
    data_security: DataSecurity = DataSecurity.NOT_SPECIFIED
    outbound: OutboundDataRequirement = field(
        default_factory=lambda: OutboundDataRequirement(level=OutboundDataRestriction.UNRESTRICTED)
    )
    untrusted_source: ContentSource | None = None
    """The first outside content the chat took in; None while it has taken in none. Once set,
    tools that send model-chosen data out or change things need the user's approval."""

    @property
    def is_untrusted(self) -> bool:
        """Whether the chat has taken in content written by someone other than the user."""
        return self.untrusted_source is not None

    def mark_untrusted(self, source: ContentSource) -> None:
        """Remember that the chat took in outside content; the first source stays named."""
        if self.untrusted_source is None:
            self.untrusted_source = source

    @property
    def outbound_restriction(self) -> OutboundDataRestriction:
        """The strictest outbound restriction demanded so far."""
        return self.outbound.level

    def require_provider_confidence(self, level: ConfidenceLevel) -> None:
        """Raise the required provider confidence to ``level`` if it is higher."""
        self.provider_confidence = max(self.provider_confidence, level)

    def require_data_security(self, level: DataSecurity) -> None:
        """Tighten the data security to ``level`` if it is stricter."""
        self.data_security = max(self.data_security, level)

    def require_outbound_restriction(self, requirement: OutboundDataRequirement | None) -> None:
        """Keep the stricter of the current restriction and ``requirement``.

        On a tie the first demand is kept, so the message names the first source.
        """
        if requirement is not None and requirement.level < self.outbound.level:
            self.outbound = requirement
