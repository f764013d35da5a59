"""What an organisation decides for its users: switched-off tools, locked and default values.

The organisation layer is an input to the settings service and the provider store. The files
it comes from are read and merged by :mod:`studio.config.policy.loader`; this module holds the
result, with where each decision came from, so the app can say "Managed by your organisation"
and name the policy.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType

from studio.config.providers import ManagedProvider
from studio.kernel.policy import ConfidenceLevel, OutboundDataRestriction
from studio.kernel.translatable import QT_TRANSLATE_NOOP, TranslatableMessage, Translate

__all__ = [
    "OrganizationPolicy",
    "PolicyProblem",
    "PolicySource",
    "setting_key",
]

_AT = QT_TRANSLATE_NOOP("PolicyProblem", "{place}, at {where}: {message}")
_IN = QT_TRANSLATE_NOOP("PolicyProblem", "{place}: {message}")


def setting_key(tool_id: str, field_name: str) -> str:
    """The key an organisation uses for one tool setting: ``"<tool id>.<field>"``."""
    return f"{tool_id}.{field_name}"


def _empty() -> Mapping[str, str]:
    return MappingProxyType({})


@dataclass(frozen=True, kw_only=True)
class PolicyProblem:
    """Something wrong in a policy, with its place: the file and, inside it, where."""

    place: str
    """The file, registry value or preferences."""
    where: str = ""
    """A JSON pointer (``/settings/web_search.max_results/mode``), a line and column, or ""."""
    message: TranslatableMessage | str
    """What is wrong; a validation message stays English, like the schema it comes from."""
    fatal: bool = True
    """Whether it kept the whole policy from being used; else it is a warning."""

    def text(self, translate: Translate = str) -> str:
        """The problem in one line, in the user's language where the message has a template."""
        message = (
            self.message.text(translate)
            if isinstance(self.message, TranslatableMessage)
            else self.message
        )
        if self.where:
            return TranslatableMessage(
                _AT, place=self.place, where=self.where, message=message
            ).text(translate)
        return TranslatableMessage(_IN, place=self.place, message=message).text(translate)

    def __str__(self) -> str:
        return self.text()

    @classmethod
    def warning(cls, place: str, where: str, message: TranslatableMessage | str) -> PolicyProblem:
        """A problem that costs one value, not the whole policy."""
        return cls(place=place, where=where, message=message, fatal=False)


@dataclass(frozen=True, kw_only=True)
class PolicySource:
    """One policy that was found: where, which, and whether it is in force."""

    place: str
    tier: int
    """The kind of location (:class:`~studio.config.policy.locations.Tier`)."""
    policy_id: str = ""
    priority: int = 0
    in_force: bool = False
    """False for a policy that could not be read or is not valid."""

    @property
    def label(self) -> str:
        """How notices and markers name it: its id and its place."""
        return f"{self.policy_id} ({self.place})" if self.policy_id else self.place

    @property
    def precedence(self) -> tuple[int, int]:
        """What decides which policy wins: a higher tier, then a higher priority.

        Sort by it, highest first, and keep equal ones in the order the locations list them.
        """
        return (self.tier, self.priority)


@dataclass(frozen=True, kw_only=True)
class OrganizationPolicy:
    """The organisation's decisions; the default is an organisation that decides nothing."""

    tools_enabled: bool = True
    """False hides tool calling from users; administrators' settings stay."""
    disabled_tool_ids: frozenset[str] = frozenset()
    """Tool or collection ids switched off for everyone; ids of tools not installed are kept."""
    restricts_all_tools: bool = False
    """A policy could not be read: every tool it could have restricted, so every tool, is off.

    What else it could have decided is then strict too, unless a policy of a higher tier
    decided it: no preview features, no trusted providers, the strictest outbound restriction.
    """
    allowed_in_untrusted_chat_tool_ids: frozenset[str] = frozenset()
    """Tool or collection ids that run without asking in chats that took in outside content,
    where they would otherwise ask first; ids of tools not installed are kept."""
    users_may_allow_in_untrusted_chats: bool = True
    """Whether users may let tools run without asking in such chats; when False their own
    allowances are ignored. A policy that could not be read makes it False."""
    minimum_confidence_by_tool_id: Mapping[str, ConfidenceLevel] = field(
        default_factory=lambda: MappingProxyType({})
    )
    minimum_confidence_raisable: frozenset[str] = frozenset()
    """Ids whose organisation minimum users may raise (never lower); the others are fixed."""
    locked_tool_settings: Mapping[str, str] = field(default_factory=_empty)
    """``"<tool id>.<field>"`` -> value the user cannot change (plain fields)."""
    locked_tool_secrets: Mapping[str, str] = field(default_factory=_empty)
    """``"<tool id>.<field>"`` -> secret value, decrypted by the loader; "" when it did not
    decrypt, which leaves the field locked and the tool unconfigured."""
    default_tool_settings: Mapping[str, str] = field(default_factory=_empty)
    """``"<tool id>.<field>"`` -> value used until the user saves their own."""
    default_tool_ids_by_component: Mapping[str, tuple[str, ...]] = field(
        default_factory=lambda: MappingProxyType({})
    )
    trusted_provider_names: frozenset[str] = frozenset()
    """Providers that may continue chats asking for a higher confidence than their own."""
    providers: tuple[ManagedProvider, ...] = ()
    preview_features: bool | None = None
    """Whether users may use preview features; None leaves it to them."""
    minimum_outbound_restriction: OutboundDataRestriction = OutboundDataRestriction.UNRESTRICTED
    """The least restriction a source that asks for one gets (the strictest level wins)."""
    origins: Mapping[str, str] = field(default_factory=_empty)
    """Per decision, the label of the policy it came from: setting keys as they are, and
    ``tools_enabled``, ``disabled:<id>``, ``confidence:<id>``, ``defaults:<component>``,
    ``provider:<name>``, ``trusted_providers`` (the list), ``trusted:<name>``,
    ``preview_features``, ``outbound``, ``untrusted:<id>`` (an allowance in chats with outside
    content) and ``untrusted_chats`` (whether users may allow)."""
    sources: tuple[PolicySource, ...] = ()
    """Every policy found, in the order the locations list them, in force or not.

    Sorted by :attr:`PolicySource.precedence`, highest first, they are in the order in which
    they win."""
    problems: tuple[PolicyProblem, ...] = ()
    """Everything wrong with them, fatal or not, in the order of :attr:`sources`."""

    def __repr__(self) -> str:
        # Locked secrets must never reach a log line through a repr.
        return (
            f"OrganizationPolicy(tools_enabled={self.tools_enabled!r}, "
            f"disabled_tool_ids={sorted(self.disabled_tool_ids)!r}, "
            f"restricts_all_tools={self.restricts_all_tools!r}, "
            f"locked={sorted(self.locked_tool_settings)!r}, "
            f"locked_secrets={sorted(self.locked_tool_secrets)!r}, "
            f"providers={[p.settings.name for p in self.providers]!r})"
        )

    @property
    def in_force(self) -> tuple[PolicySource, ...]:
        """The policies that apply."""
        return tuple(source for source in self.sources if source.in_force)

    def is_locked(self, tool_id: str, field_name: str) -> bool:
        """Whether the organisation fixed this field, plain or secret."""
        key = setting_key(tool_id, field_name)
        return key in self.locked_tool_settings or key in self.locked_tool_secrets

    def origin(self, key: str) -> str:
        """The label of the policy behind decision ``key`` (see :attr:`origins`), or ""."""
        return self.origins.get(key, "")

    def managed_provider(self, name: str) -> ManagedProvider | None:
        """The organisation's provider called ``name`` (case-insensitively), if any."""
        folded = name.casefold()
        return next((p for p in self.providers if p.settings.name.casefold() == folded), None)
