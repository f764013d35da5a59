"""The vocabulary the three stream accumulators share.

Each accumulator turns its own wire API back into a message, but what it hands out while the
answer streams is the same for all three: a piece of text, the token usage so far, or a source
the model cited (a :class:`~studio.tools.result.Source` of origin ``MODEL``). The tool calls of
the Responses and Anthropic APIs also share one view, because both APIs fix a call's ID and
arguments on the provider's side; Chat Completions keeps its own call type, whose fields go back
to the host verbatim.

The public names are re-exported by each accumulator module.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from studio.providers import _json
from studio.tools import result

__all__ = [
    "SourceDelta",
    "StreamDelta",
    "StreamedCall",
    "TextDelta",
    "TokenUsage",
    "UsageDelta",
    "streamed_call",
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


@dataclass(frozen=True, kw_only=True)
class StreamedCall:
    """A tool call as the model requested it, before Studio decides anything about it."""

    call_id: str
    """The provider's ID for the call; empty when the provider sent none, which makes the call
    impossible to answer."""
    name: str
    """The function name exactly as the model wrote it."""
    arguments: str
    """The arguments as JSON text as received, made well formed; ``"{}"`` when the model sent
    none."""
    is_valid: bool
    """Whether the name is not blank and the arguments form a JSON object."""
    hint: str | None = None
    """What the model should send instead, when the call is invalid for a known reason."""


def streamed_call(*, call_id: str, name: str, arguments: str) -> StreamedCall:
    """Describe one call and decide whether its name and arguments can be used at all.

    Arguments that hold a number JSON cannot carry (``NaN``, ``Infinity``) make the call
    invalid; a lone surrogate in them is replaced
    (:func:`~studio.providers._json.well_formed_arguments`).
    """
    arguments = _json.well_formed_arguments(_json.arguments_or_empty_object(arguments))
    is_valid = bool(name.strip()) and _json.parse_object(arguments) is not None
    hint = _json.NON_JSON_NUMBER_HINT if _json.has_non_json_number(arguments) else None
    return StreamedCall(
        call_id=call_id, name=name, arguments=arguments, is_valid=is_valid, hint=hint
    )
