"""Tool collections: tools that only make sense together, selected and shown as one row."""

from __future__ import annotations

from dataclasses import dataclass

from studio.kernel.policy import ConfidenceLevel
from studio.kernel.translatable import QT_TRANSLATE_NOOP, TranslatableText

__all__ = ["GENERAL_CATEGORY", "ToolCollection"]

GENERAL_CATEGORY = QT_TRANSLATE_NOOP("ToolCategory", "General")
"""The category of tools and collections that name none."""


@dataclass(frozen=True, kw_only=True)
class ToolCollection:
    """A named group of selection-activated tools.

    Settings that name a collection (switched off, minimum confidence, defaults) apply to all
    of its tools. A tool outside any collection acts as a collection of one under its own id.
    """

    id: str
    tool_ids: tuple[str, ...]
    display_name: TranslatableText
    description: TranslatableText
    description_for_model: str = ""
    """What the collection does, for a model that picks an assistant's tools."""
    minimum_provider_confidence: ConfidenceLevel = ConfidenceLevel.NONE
    icon: str = "build"
    category: TranslatableText = GENERAL_CATEGORY
