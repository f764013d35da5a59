"""What a tool call returns: content for the model, sources for the user, demands on the chat."""

from __future__ import annotations

import enum
import json
from dataclasses import dataclass, field
from typing import Any

from studio.kernel.content import ContentSource, Removal
from studio.kernel.policy import (
    ConfidenceLevel,
    DataSecurity,
    OutboundDataRequirement,
)

__all__ = ["Source", "SourceOrigin", "ToolExecutionResult"]


class SourceOrigin(enum.Enum):
    """Who supplied a source, which decides the group it is listed under."""

    TOOL = "TOOL"
    MODEL = "MODEL"
    DATA_PROVIDER = "DATA_PROVIDER"


@dataclass(frozen=True, kw_only=True)
class Source:
    """Something the answer drew on that the user may want to check."""

    title: str
    url: str
    origin: SourceOrigin = SourceOrigin.TOOL


@dataclass(frozen=True, kw_only=True)
class ToolExecutionResult:
    """The outcome of one successful tool call.

    A result demands of the chat only what its content requires: a search that found nothing
    raises nothing.
    """

    text_content: str = ""
    json_content: Any = None
    """If set, the model receives this serialised as JSON instead of ``text_content``."""
    sources: tuple[Source, ...] = ()
    required_provider_confidence: ConfidenceLevel = ConfidenceLevel.NONE
    required_data_security: DataSecurity = DataSecurity.NOT_SPECIFIED
    required_outbound_restriction: OutboundDataRequirement | None = None
    warnings: tuple[str, ...] = field(default=())
    """User-facing notes about this call (for example content removed by the guard)."""
    untrusted_sources: tuple[ContentSource, ...] | None = None
    """The outside sources whose text is in the content; empty when none is. None when the
    tool does not say, which counts as outside content of the tool's own if the tool declares
    that it returns untrusted content (see ``ToolImplementation.returns_untrusted_content``)."""
    removals: tuple[Removal, ...] = ()
    """What the guard removed from the content before the model read it."""

    def to_model_content(self) -> str:
        """The text the model receives: the JSON content if any, else the text.

        Non-ASCII letters stay as they are, so the model reads umlauts, not escapes.
        """
        if self.json_content is not None:
            return json.dumps(self.json_content, ensure_ascii=False)
        return self.text_content
