"""What an organisation decides for its users: switched-off tools, locked and default values.

The organisation layer is an input to the settings service. How it is read from a managed
configuration file is the business of that file's loader; this module only holds the result.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType

from studio.kernel.policy import ConfidenceLevel

__all__ = ["OrganizationPolicy", "setting_key"]


def setting_key(tool_id: str, field_name: str) -> str:
    """The key an organisation uses for one tool setting: ``"<tool id>.<field>"``."""
    return f"{tool_id}.{field_name}"


@dataclass(frozen=True, kw_only=True)
class OrganizationPolicy:
    """The organisation's tool settings; the default is an organisation that decides nothing."""

    tools_enabled: bool = True
    """False hides tool calling from users; administrators' settings stay."""
    disabled_tool_ids: frozenset[str] = frozenset()
    """Tool or collection ids switched off for everyone; unknown ids are ignored."""
    minimum_confidence_by_tool_id: Mapping[str, ConfidenceLevel] = field(
        default_factory=lambda: MappingProxyType({})
    )
    minimum_confidence_user_override: bool = False
    """Whether users may change the minimum confidences the organisation set."""
    locked_tool_settings: Mapping[str, str] = field(default_factory=lambda: MappingProxyType({}))
    """``"<tool id>.<field>"`` -> value the user cannot change (plain fields)."""
    locked_tool_secrets: Mapping[str, str] = field(default_factory=lambda: MappingProxyType({}))
    """``"<tool id>.<field>"`` -> secret value, already decrypted by the configuration loader."""
    default_tool_settings: Mapping[str, str] = field(default_factory=lambda: MappingProxyType({}))
    """``"<tool id>.<field>"`` -> value used until the user saves their own."""
    default_tool_ids_by_component: Mapping[str, tuple[str, ...]] = field(
        default_factory=lambda: MappingProxyType({})
    )

    def __repr__(self) -> str:
        # Locked secrets must never reach a log line through a repr.
        return (
            f"OrganizationPolicy(tools_enabled={self.tools_enabled!r}, "
            f"disabled_tool_ids={sorted(self.disabled_tool_ids)!r}, "
            f"locked={sorted(self.locked_tool_settings)!r}, "
            f"locked_secrets={sorted(self.locked_tool_secrets)!r})"
        )

    def is_locked(self, tool_id: str, field_name: str) -> bool:
        """Whether the organisation fixed this field, plain or secret."""
        key = setting_key(tool_id, field_name)
        return key in self.locked_tool_settings or key in self.locked_tool_secrets
