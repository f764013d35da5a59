"""Turning a streamed Chat Completions answer back into one assistant message.

Every OpenAI-compatible host streams ``chat.completion.chunk`` objects, one per SSE ``data``
payload, and each host bends the format a little. :class:`ChatCompletionAccumulator` reads them
leniently:

- A payload that is not a JSON object is skipped. The closing ``[DONE]`` ends the stream:
  nothing after it is read (a host that repeats the stream would double the answer).
- Usage is read before the choices, because it may come on a chunk whose ``choices`` is empty.
- Only the first choice (``index`` 0) is read; Studio never asks for more than one.
- Reasoning text comes as ``reasoning_content`` or, from some hosts, as ``reasoning``.
- Tool calls arrive as fragments. A fragment belongs to the call with the same ``index``;
  failing that, to the call with the same ``id``, unless both have indexes of their own: two
  calls with one ID and two indexes stay apart (the adapter gives the second an ID of its
  own). A fragment that names an index or ID not seen before starts a new call; one that names
  neither continues the most recently started call (or starts the first). For ``id``, ``type``
  and ``name`` the first non-empty value wins; ``arguments`` pieces are appended.

The accumulator does no HTTP. Each call it assembles is judged by the rule every wire API shares
(:func:`~studio.kernel.calls.read_call`), and a call whose type is not ``function`` is invalid
too; the adapter then supplies missing IDs and checks names against the offered tools.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, replace

from studio.kernel.calls import ToolCall, parse_json_object, read_call
from studio.providers import _json
from studio.providers._stream import (
    SourceDelta,
    StreamDelta,
    TextDelta,
    TokenUsage,
    UsageDelta,
)

__all__ = [
    "AssembledChatMessage",
    "ChatCompletionAccumulator",
    "SourceDelta",
    "StreamDelta",
    "TextDelta",
    "TokenUsage",
    "UsageDelta",
]

logger = logging.getLogger(__name__)

_DONE = "[DONE]"
_DEFAULT_CALL_TYPE = "function"


@dataclass(frozen=True, kw_only=True)
class AssembledChatMessage:
    """The assistant message a whole stream described."""

    content: str | None
    """The answer text; None rather than ``""`` when there was none, because some hosts reject
    an assistant message with empty content."""
    reasoning_content: str | None
    """The reasoning text the host streamed, if any."""
    tool_calls: tuple[ToolCall, ...]
    """The calls in the order they started."""
    finish_reason: str | None
    """Why the model stopped (``"stop"``, ``"tool_calls"``, ``"length"``...), if the host said."""
    usage: TokenUsage | None
    """The last usage the host reported; None when it reported none."""


class _CallFragments:
    """The pieces of one tool call gathered so far."""

    __slots__ = ("arguments", "id", "index", "name", "type")

    def __init__(self) -> None:
        self.index: int | None = None
        self.id = ""
        self.type = ""
        self.name = ""
        self.arguments: list[str] = []

    def assemble(self) -> ToolCall:
        call = read_call(
            call_id=self.id, function_name=self.name, arguments_json="".join(self.arguments)
        )
        if (self.type or _DEFAULT_CALL_TYPE) != _DEFAULT_CALL_TYPE:
            logger.warning("A tool call is invalid: it is not a function call.")
            return replace(call, is_valid=False)
        return call


class ChatCompletionAccumulator:
    """Gathers the chunks of one streamed chat completion; one instance per stream."""

    def __init__(self) -> None:
        self._any_chunk_read = False
        self._content: list[str] = []
        self._reasoning: list[str] = []
        self._calls: list[_CallFragments] = []
        self._calls_by_index: dict[int, _CallFragments] = {}
        self._calls_by_id: dict[str, _CallFragments] = {}
        self._finish_reason: str | None = None
        self._usage: TokenUsage | None = None
        self._error: str | None = None
        self._finished = False
        self._progress = 0

    @property
    def error(self) -> str | None:
        """The last error a host reported inside the stream (``{"error": {...}}``), if any."""
        return self._error

    @property
    def finished(self) -> bool:
        """Whether ``[DONE]`` arrived; later payloads are ignored."""
        return self._finished

    @property
    def progress(self) -> int:
        """How much content arrived so far: characters of text, reasoning and tool calls."""
        return self._progress

    def add(self, data: str) -> list[StreamDelta]:
        """Read one SSE ``data`` payload.

        Returns:
            What to show at once: text deltas, and the usage when the chunk carried it.
        """
        payload = data.strip()
        if self._finished:
            return []
        if payload == _DONE:
            self._finished = True
            return []
        chunk = parse_json_object(payload)
        if chunk is None:
            return []
        self._any_chunk_read = True
        deltas: list[StreamDelta] = []
        error = _json.error_text(chunk.get("error"))
        if error is not None:
            self._error = error
        usage = _read_usage(chunk)
        if usage is not None:
            self._usage = usage
            deltas.append(UsageDelta(usage=usage))
        choice = _first_choice(chunk)
        if choice is not None:
            deltas.extend(self._read_choice(choice))
        return deltas

    def build(self) -> AssembledChatMessage | None:
        """The message the stream described, or None if no chunk of it could be read."""
        if not self._any_chunk_read:
            return None
        return AssembledChatMessage(
            content="".join(self._content) or None,
            reasoning_content="".join(self._reasoning) or None,
            tool_calls=tuple(call.assemble() for call in self._calls),
            finish_reason=self._finish_reason,
            usage=self._usage,
        )

    def _read_choice(self, choice: _json.JsonObject) -> list[StreamDelta]:
        finish_reason = _json.string_field(choice, "finish_reason")
        if finish_reason:
            self._finish_reason = finish_reason
        delta = _json.object_field(choice, "delta")
        if delta is None:
            return []
        reasoning = _json.string_field(delta, "reasoning_content") or _json.string_field(
            delta, "reasoning"
        )
        if reasoning:
            # Hosts that send both fields send the same text twice; the first one is kept.
            self._reasoning.append(reasoning)
            self._progress += len(reasoning)
        for fragment in _json.list_field(delta, "tool_calls"):
            if isinstance(fragment, dict):
                self._add_fragment(fragment)
        content = _json.string_field(delta, "content")
        if not content:
            return []
        self._content.append(content)
        self._progress += len(content)
        return [TextDelta(text=content)]

    def _add_fragment(self, fragment: _json.JsonObject) -> None:
        index = _json.int_field(fragment, "index")
        call_id = _json.string_field(fragment, "id") or ""
        call = self._find_call(index, call_id)
        if call is None:
            call = _CallFragments()
            self._calls.append(call)
        if index is not None:
            self._calls_by_index.setdefault(index, call)
            if call.index is None:
                call.index = index
        if call_id:
            self._calls_by_id.setdefault(call_id, call)
        call.id = call.id or call_id
        call.type = call.type or _json.string_field(fragment, "type") or ""
        function = _json.object_field(fragment, "function") or {}
        name = call.name
        call.name = call.name or _json.string_field(function, "name") or ""
        arguments = _json.string_field(function, "arguments")
        if arguments:
            call.arguments.append(arguments)
        self._progress += len(call.name) - len(name) + len(arguments or "")

    def _find_call(self, index: int | None, call_id: str) -> _CallFragments | None:
        if index is not None and index in self._calls_by_index:
            return self._calls_by_index[index]
        if call_id in self._calls_by_id:
            call = self._calls_by_id[call_id]
            # A call that has an index of its own is another call, whatever its ID says.
            return call if index is None or call.index is None else None
        if index is None and not call_id and self._calls:
            return self._calls[-1]
        return None


def _first_choice(chunk: _json.JsonObject) -> _json.JsonObject | None:
    # A host that sends several choices would otherwise mix their fragments into one message.
    for choice in _json.list_field(chunk, "choices"):
        if isinstance(choice, dict) and _json.int_field(choice, "index") in (0, None):
            return choice
    return None


def _read_usage(chunk: _json.JsonObject) -> TokenUsage | None:
    usage = _json.object_field(chunk, "usage")
    if usage is None:
        return None
    prompt = _json.int_field(usage, "prompt_tokens")
    completion = _json.int_field(usage, "completion_tokens")
    if prompt is None and completion is None:
        return None
    return TokenUsage(input_tokens=prompt or 0, output_tokens=completion or 0)
