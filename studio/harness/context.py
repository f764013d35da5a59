"""What one tool calling run works with: the adapter, the tools, and the chat it belongs to."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from studio.kernel.context import ChatContext, ProviderContext
from studio.kernel.definition import Component
from studio.kernel.policy import OutboundDataRestriction
from studio.providers.base import ProviderAdapter
from studio.tools.executor import ToolExecutor
from studio.tools.runnable import RunnableTool

__all__ = ["ToolCallingLoopContext"]


@dataclass(frozen=True, kw_only=True)
class ToolCallingLoopContext:
    """Everything one answer's tool calling run needs; built by whoever starts the run.

    The adapter belongs to this run alone. The chat is shared with its owner on purpose: its
    requirements and the addresses given to the model are raised in place as tool results
    arrive, so they hold even if the run is cancelled right after a call.
    """

    adapter: ProviderAdapter
    """The adapter of this answer's provider API; never shared with another run."""
    runnable_tools: Sequence[RunnableTool]
    """The tools this request offers, as the registry resolved them."""
    executor: ToolExecutor
    provider: ProviderContext
    """The provider and model of the request; its name appears in error messages."""
    chat: ChatContext
    """The chat; its requirements are only ever raised."""
    component: Component = Component.CHAT
    """Where in the app the request comes from."""
    minimum_outbound_restriction: OutboundDataRestriction = OutboundDataRestriction.UNRESTRICTED
    """The organisation's least restriction: a tool result that demands any restriction
    demands at least this one (the strictest level wins)."""
