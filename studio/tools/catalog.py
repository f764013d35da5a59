"""The tool catalogue with each entry's state, as administrators and the settings list see it.

``studio tools list`` prints this and the app's settings list renders it, so both show the same
state for the same profile.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from studio.kernel.policy import ConfidenceLevel
from studio.tools.registry import CatalogEntry, ToolRegistry
from studio.tools.settings import ConfigurationState, ToolSettingsService

__all__ = ["EntryStatus", "catalog_status"]


@dataclass(frozen=True, kw_only=True)
class EntryStatus:
    """One catalogue entry and where it stands in this profile."""

    entry: CatalogEntry
    minimum_confidence: ConfidenceLevel
    """The effective minimum: settings may raise the entry's own."""
    active: bool
    """Switched on by the organisation and the user."""
    disabled_by_organization: bool
    configuration: ConfigurationState

    def to_json(self) -> dict[str, Any]:
        """The entry as JSON for scripts: stable keys, English texts, enum names."""
        entry = self.entry
        return {
            "id": entry.id,
            "display_name": str(entry.display_name),
            "kind": "collection" if entry.is_collection else "tool",
            "category": str(entry.category),
            "tools": list(entry.member_tool_ids),
            "activation": entry.activation.value,
            "minimum_confidence": self.minimum_confidence.name,
            "outbound_data": entry.outbound_data.value,
            "enforces_outbound_restriction": entry.enforces_restriction,
            "active": self.active,
            "disabled_by_organization": self.disabled_by_organization,
            "configured": self.configuration.is_configured,
            "missing_required_fields": list(self.configuration.missing_required_fields),
            "configuration_message": self.configuration.message,
            "configuration_problems": list(self.configuration.problems),
            "available": entry.available,
        }


async def catalog_status(
    registry: ToolRegistry, settings: ToolSettingsService
) -> list[EntryStatus]:
    """Every entry of the catalogue, context tools and unavailable ones included."""
    statuses = []
    for entry in registry.all_entries(include_unavailable=True):
        ids = (entry.id, *entry.member_tool_ids) if entry.is_collection else (entry.id,)
        statuses.append(
            EntryStatus(
                entry=entry,
                minimum_confidence=settings.minimum_confidence(ids, entry.minimum_confidence),
                active=settings.is_tool_active(ids),
                disabled_by_organization=settings.is_disabled_by_organization(ids),
                configuration=await registry.configuration(entry.id),
            )
        )
    return statuses
