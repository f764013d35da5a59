"""A tool that may run in one request, as the registry resolved it for that request.

This module is tiny on purpose: the registry produces these and the executor consumes them, and
neither should have to import the other.
"""

from __future__ import annotations

from dataclasses import dataclass

from studio.kernel.definition import ToolDefinition, ToolFunction
from studio.tools.implementation import ToolImplementation

__all__ = ["RunnableTool"]


@dataclass(frozen=True, kw_only=True)
class RunnableTool:
    """One tool offered in one request, with what it resolved to for that request."""

    definition: ToolDefinition
    implementation: ToolImplementation
    function: ToolFunction
    """The function offered in this request; the model calls it by ``function.name``."""
    instructions: str
    """The model-facing instructions resolved for this request ("" when there are none)."""

    @property
    def name(self) -> str:
        """The function name the model uses to call this tool."""
        return self.function.name
