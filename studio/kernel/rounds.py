"""What a provider adapter tells the tool calling loop: rounds, calls, usage and its stream events.

Every wire API (Chat Completions, Responses, Anthropic Messages) speaks its own shapes; its
adapter translates them into these few types, so the loop handles every provider the same way
and never learns which API answered (HS-4, HS-5).

A round streams as :class:`AdapterTextDelta` events, which reach the user while the model is
still writing, followed by exactly one :class:`RoundCompleted` that carries the whole
:class:`Round`. Consumers of :data:`AdapterEvent` end their ``match`` with ``assert_never``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from studio.kernel.calls import ToolCall
from studio.kernel.result import Source

__all__ = [
    "AdapterEvent",
    "AdapterTextDelta",
    "Round",
    "RoundCompleted",
    "Usage",
]


@dataclass(frozen=True, kw_only=True)
class Usage:
    """The tokens one request consumed, as the provider counted them."""

    kind: Literal["usage"] = "usage"
    input_tokens: int = 0
    output_tokens: int = 0


@dataclass(frozen=True, kw_only=True)
class Round:
    """Everything the model produced in one round, once the round is complete."""

    kind: Literal["round"] = "round"
    text_output: str = ""
    """All text of the round; the same text the adapter streamed as deltas, if it streamed."""
    calls: tuple[ToolCall, ...] = ()
    """The tool calls, in the order the model made them."""
    sources: tuple[Source, ...] = ()
    """Sources the provider itself reported for the round (for example citations)."""


@dataclass(frozen=True, kw_only=True)
class AdapterTextDelta:
    """A piece of the model's text, reported while the round is still streaming."""

    kind: Literal["adapter-text-delta"] = "adapter-text-delta"
    text: str = ""
    usage: Usage | None = None
    """Token usage, usually on the last delta of a request."""
    sources: tuple[Source, ...] = ()


@dataclass(frozen=True, kw_only=True)
class RoundCompleted:
    """The round is complete; ends an adapter's stream for a round that can be used."""

    kind: Literal["round-completed"] = "round-completed"
    round: Round


AdapterEvent = AdapterTextDelta | RoundCompleted
"""What :meth:`studio.providers.base.ProviderAdapter.execute_round` yields."""
