"""The vocabulary the three stream accumulators share.

Each accumulator turns its own wire API back into a message, but what it hands out while the
answer streams is the same for all three: a piece of text, the token usage so far, or a source
the model cited (a :class:`~studio.kernel.result.Source` of origin ``MODEL``). Every
accumulator describes the tool calls of the answer as :class:`~studio.kernel.calls.ToolCall`
values, judged by :func:`~studio.kernel.calls.read_call`.

The public names are re-exported by each accumulator module.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from studio.kernel import result

__all__ = [
    "SourceDelta",
    "StreamDelta",
    "TextDelta",
    "TokenUsage",
    "UsageDelta",
]


@dataclass(frozen=True, kw_only=True)
class TokenUsage:
    """How many tokens one request consumed, as the provider counted them."""

    input_tokens: int
    """Every token of the prompt, cached ones included."""
    output_tokens: int
    """Every generated token, reasoning included."""


@dataclass(frozen=True, kw_only=True)
class TextDelta:
    """Answer text to show the user at once."""

    kind: Literal["text-delta"] = "text-delta"
    text: str
    """Never empty."""


@dataclass(frozen=True, kw_only=True)
class UsageDelta:
    """The token usage of the request as known so far.

    Usage is not additive: a later report replaces an earlier one of the same stream.
    """

    kind: Literal["usage-delta"] = "usage-delta"
    usage: TokenUsage


@dataclass(frozen=True, kw_only=True)
class SourceDelta:
    """A source the model cited, reported once per address."""

    kind: Literal["source-delta"] = "source-delta"
    source: result.Source


StreamDelta = TextDelta | UsageDelta | SourceDelta
"""What an accumulator's ``add()`` hands out while the answer streams."""
