r"""A tool call, from the stream that carried it to the trace the user sees.

Every wire API describes a call in its own shapes; each stream reader turns it into one
:class:`ToolCall` through :func:`read_call`, so that one rule decides for every provider whether a
call can be used at all: its function name is not blank and its arguments form a JSON object
whose numbers JSON can carry. ``{"a": NaN}`` is therefore the same invalid call whichever API
sent it, and the executor parses the arguments with the same :func:`parse_arguments`.

What a provider sends must also fit into the next request, which is strict JSON in UTF-8, so
text is made well formed where it enters: :func:`parse_json_object` replaces a lone surrogate
(``"\ud800"``, which JSON can spell but UTF-8 cannot carry) with U+FFFD in every string, and
refuses numbers JSON cannot carry (``NaN``, ``Infinity``, ``1e400``) like any other text that
is not JSON. :func:`read_call` gives the arguments the same treatment.

When a call has run or been refused, :class:`ToolInvocationTrace` is what the user sees of it.
"""

from __future__ import annotations

import enum
import json
import math
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

from studio.kernel.content import Removal
from studio.kernel.translatable import TranslatableText, Translate, fill

__all__ = [
    "NON_JSON_NUMBER_HINT",
    "JsonObject",
    "ToolCall",
    "ToolInvocationTrace",
    "TraceStatus",
    "parse_arguments",
    "parse_json_object",
    "read_call",
    "well_formed",
]

JsonObject = dict[str, Any]
"""A JSON object as :func:`json.loads` returns it."""

NON_JSON_NUMBER_HINT = (
    "Its arguments hold a number JSON cannot carry (NaN, Infinity or one too large); "
    "send finite numbers, or the value as a string."
)
"""What the model reads after the invalid-call result for such arguments."""

_LONE_SURROGATE = re.compile("[\ud800-\udfff]")
_SURROGATE_ESCAPE = re.compile(r"\\u[dD][89a-fA-F][0-9a-fA-F]{2}")
"""A JSON escape that may decode to a lone surrogate; a pair decodes to one character."""


@dataclass(frozen=True, kw_only=True)
class ToolCall:
    """One tool call the model asked for in a round.

    Made by :func:`read_call`, which decides :attr:`is_valid`; the loop answers an invalid call
    with an error result instead of running it.
    """

    kind: Literal["tool-call"] = "tool-call"
    call_id: str
    """The id that correlates the call with its result. Blank when the provider sent none and
    the adapter could not supply one, which makes the whole round unusable."""
    function_name: str
    """The function name exactly as the model wrote it; the executor matches it exactly."""
    arguments_json: str
    """The arguments as JSON text, made well formed; ``"{}"`` when the model sent none."""
    is_valid: bool
    """The name is not blank and the arguments form a JSON object JSON can carry."""
    hint: str | None = None
    """For an invalid call, a sentence that tells the model what to send instead, when the
    reason is known; it follows the invalid-call result."""


def read_call(*, call_id: str, function_name: str, arguments_json: str) -> ToolCall:
    """Describe one call as it streamed and decide whether it can be used at all.

    Blank arguments become ``"{}"`` (several hosts send nothing for a tool without
    parameters), and a lone surrogate in them is replaced with U+FFFD.
    """
    arguments = _well_formed_arguments(arguments_json if arguments_json.strip() else "{}")
    is_valid = bool(function_name.strip()) and parse_json_object(arguments) is not None
    return ToolCall(
        call_id=call_id,
        function_name=function_name,
        arguments_json=arguments,
        is_valid=is_valid,
        hint=NON_JSON_NUMBER_HINT if _has_non_json_number(arguments) else None,
    )


def parse_arguments(text: str) -> JsonObject | None:
    """A call's arguments as a dict: ``{}`` for a blank text, None unless a JSON object."""
    if not text.strip():
        return {}
    return parse_json_object(text)


def parse_json_object(text: str) -> JsonObject | None:
    """The JSON object that ``text`` holds, or None if it is not JSON or not an object.

    Every string in it is well formed (:func:`well_formed`), and a number JSON cannot carry
    makes the whole text unreadable.
    """
    try:
        value = json.loads(text, parse_constant=_refuse_constant, parse_float=_finite_float)
        if not isinstance(value, dict):
            return None
        if _SURROGATE_ESCAPE.search(text) is not None:
            value = _well_formed_value(value)
    except (ValueError, RecursionError):
        # RecursionError: the decoder gives up on absurdly deep nesting instead of parsing it.
        return None
    assert isinstance(value, dict)
    return value


def well_formed(text: str) -> str:
    """``text`` with every lone surrogate replaced by U+FFFD, so that UTF-8 can carry it."""
    return _LONE_SURROGATE.sub("\ufffd", text)


def _well_formed_arguments(arguments: str) -> str:
    """Arguments whose strings are all well formed once parsed; others come back unchanged."""
    arguments = well_formed(arguments)
    if _SURROGATE_ESCAPE.search(arguments) is None:
        return arguments
    parsed = parse_json_object(arguments)
    if parsed is None:
        return arguments
    return json.dumps(parsed, ensure_ascii=False)


def _has_non_json_number(text: str) -> bool:
    """Whether ``text`` is a JSON object but for a ``NaN``, an ``Infinity`` or a huge number."""
    if parse_json_object(text) is not None:
        return False
    try:
        value = json.loads(text)
    except (ValueError, RecursionError):
        return False
    return isinstance(value, dict)


def _refuse_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a JSON number")


def _finite_float(text: str) -> float:
    number = float(text)
    if not math.isfinite(number):
        raise ValueError("the number is too large for JSON")
    return number


def _well_formed_value(value: Any) -> Any:
    if isinstance(value, str):
        return well_formed(value)
    if isinstance(value, dict):
        return {well_formed(key): _well_formed_value(item) for key, item in value.items()}
    if isinstance(value, list):
        return [_well_formed_value(item) for item in value]
    return value


class TraceStatus(enum.IntEnum):
    """How a tool call ended, as the trace shows it."""

    NONE = 0
    SUCCESS = 1
    ERROR = 2
    BLOCKED = 3


@dataclass(frozen=True, kw_only=True)
class ToolInvocationTrace:
    """What the user sees of one tool call.

    A trace is kept with the answer, except :attr:`result`, which exists only while the app
    runs: whoever stores traces must leave it out.
    """

    order: int
    """The call's position among the answer's calls, from 1."""
    tool_id: str
    """The tool's id; empty when the model called a tool that is not available."""
    display_name: str
    """The tool's name for the user: a :class:`TranslatableText` for a known tool (the UI
    translates it), otherwise the function name the model used."""
    tool_icon: str
    tool_call_id: str
    status: TraceStatus
    was_executed: bool = False
    """The tool ran: it returned a result or failed while working. False when the call was
    refused before the tool did anything."""
    status_message: TranslatableText | None = None
    """Why the call did not succeed; translate it, then fill in :attr:`status_values`."""
    status_values: Mapping[str, object] = field(default_factory=dict)
    arguments: dict[str, str] = field(default_factory=dict)
    """Each argument as compact JSON (strings as they are); sensitive ones are masked."""
    result: str = field(default="", repr=False)
    """The content the model received. Runtime only: never persisted."""
    removals: tuple[Removal, ...] = field(default=(), repr=False)
    """What the guard removed from the result before the model read it, per source."""

    def status_text(self, translate: Translate = str) -> str:
        """The status message in the language ``translate`` renders, values filled in."""
        if self.status_message is None:
            return ""
        return fill(self.status_message, self.status_values, translate)
