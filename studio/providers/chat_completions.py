"""The Chat Completions adapter: every OpenAI-compatible host, from OpenAI to a local llama.cpp.

A request is ``{model, messages, stream: true, stream_options: {include_usage: true}}`` plus
the tools and the user's additional parameters. The messages are the system prompt (with a
limit instruction appended for the final round), the chat so far, and the tool conversation of
this answer: each assistant turn with its ``tool_calls``, then one ``role: "tool"`` message per
result. The API has no error flag for results; a failure travels in the content.

Hosts differ in what they accept, so the profile decides two things:

- ``strict`` is set on a tool only where the host binds output to the schema
  (``profile.enforces_strict_schemas``); elsewhere the schema goes as written.
- ``parallel_tool_calls: false`` is sent with tools, because Studio runs calls one after
  another, except to hosts that reject the parameter (``profile.may_ask_for_sequential_calls``).
  A user's additional parameters never set it.

The model's calls are normalised before anyone acts on them (:func:`prepare_call`): the ID only
has to match between Studio's request and its answer, so a missing one is supplied, and so is
one for a call that repeats the ID of an earlier call of the round; blanks
around the name of one of the offered tools are trimmed; and a call is valid only with a
function type, a usable name and arguments that form a JSON object. In the history sent back,
an unusable name becomes ``invalid_tool_call`` and broken arguments become ``"{}"`` (a usable
name is kept), because some hosts (vLLM) refuse the whole next request otherwise.
"""

from __future__ import annotations

import dataclasses
import functools
import logging
import re
import uuid
from collections.abc import Collection
from dataclasses import dataclass
from typing import Any

from studio.kernel.calls import ToolCall, parse_json_object
from studio.kernel.rounds import Round
from studio.providers import _adapter, _json, tool_shapes
from studio.providers.chat_completions_stream import (
    AssembledChatMessage,
    ChatCompletionAccumulator,
    StreamDelta,
)

__all__ = ["INVALID_TOOL_CALL_NAME", "ChatCompletionsAdapter", "prepare_call"]

logger = logging.getLogger(__name__)

INVALID_TOOL_CALL_NAME = "invalid_tool_call"
"""The name an invalid call carries in the history sent back."""

_FUNCTION_NAME = re.compile(r"[A-Za-z0-9_-]{1,64}", re.ASCII)
_RESERVED = frozenset(
    {"model", "messages", "stream", "stream_options", "tools", "parallel_tool_calls"}
)
_DONE = "[DONE]"


def prepare_call(call: ToolCall, offered: Collection[str]) -> tuple[ToolCall, _json.JsonObject]:
    """Supply a missing ID, trim blanks around an offered tool's name, and judge the name.

    Logs why a call is invalid, never its name or arguments, which are the model's text.

    Args:
        call: The call as it streamed.
        offered: The function names offered in this answer.

    Returns:
        The call as the loop sees it, and the call as the next request repeats it in the
        assistant message's ``tool_calls``.
    """
    call_id = call.call_id or f"call_{uuid.uuid4().hex}"
    if not call.call_id:
        logger.info("Supplied an ID for a tool call that came without one.")
    name = call.function_name
    if name != name.strip() and name.strip() in offered:
        name = name.strip()
        logger.info("Trimmed blanks around the name of the tool call %r.", name)
    name_valid = name in offered or _FUNCTION_NAME.fullmatch(name) is not None
    if not name_valid:
        logger.warning("A tool call is invalid: its name is not a valid function name.")
    arguments_valid = parse_json_object(call.arguments_json) is not None
    # Only what a host would refuse is replaced: a name it cannot read, arguments it cannot
    # parse. A readable name stays, so the model sees which of its calls was refused.
    function = {
        "name": name if name_valid else INVALID_TOOL_CALL_NAME,
        "arguments": call.arguments_json if arguments_valid else "{}",
    }
    prepared = dataclasses.replace(
        call, call_id=call_id, function_name=name, is_valid=call.is_valid and name_valid
    )
    return prepared, {"id": call_id, "type": "function", "function": function}


class _Accumulator(ChatCompletionAccumulator):
    """Also notes the closing ``[DONE]``, which tells a finished stream from a cut one."""

    def __init__(self) -> None:
        super().__init__()
        self.saw_done = False

    def add(self, data: str) -> list[StreamDelta]:
        if data.strip() == _DONE:
            self.saw_done = True
        return super().add(data)


@dataclass(frozen=True, kw_only=True)
class _Turn:
    message: AssembledChatMessage
    wire_calls: tuple[_json.JsonObject, ...]


class ChatCompletionsAdapter(_adapter.StreamingAdapter[_Accumulator]):
    """Runs one answer's rounds against a Chat Completions host; see the module docstring."""

    _path = "chat/completions"
    _last_turn: _Turn | None = None

    def _new_accumulator(self) -> _Accumulator:
        return _Accumulator()

    def _request_body(self, system: str, include_tools: bool) -> dict[str, Any]:
        messages: list[_json.JsonObject] = []
        if system.strip():
            messages.append({"role": "system", "content": system})
        messages += _adapter.chat_messages(self._conversation)
        messages += self._history
        body: dict[str, Any] = {
            "model": self._settings.model,
            "messages": messages,
            "stream": True,
            "stream_options": {"include_usage": True},
        }
        tools = self._tools if include_tools else []
        if tools:
            body["tools"] = tools
            if self._settings.profile.may_ask_for_sequential_calls:
                body["parallel_tool_calls"] = False
        return self._merged(body, _RESERVED, tools_sent=bool(tools))

    @functools.cached_property
    def _tools(self) -> list[_json.JsonObject]:
        """The offered tools in the API's shape, converted once per answer.

        The tools stay the same for the whole answer, and a strict schema is a deep copy of the
        tool's, so converting them again in every round would only repeat the same work.
        """
        strict = self._settings.profile.enforces_strict_schemas
        return [
            tool_shapes.to_chat_completion_tool(function, host_enforces_strict=strict)
            for function in self._conversation.tools
        ]

    def _complete_round(self, accumulator: _Accumulator) -> Round:
        message = accumulator.build()
        if message is None:
            raise self._stream_error("no chunk of the stream could be read")
        if accumulator.error is not None:
            raise self._stream_error("the host reported an error", accumulator.error)
        if message.finish_reason is None and not accumulator.saw_done:
            raise self._stream_error("the stream ended without a finish reason or [DONE]")
        offered = {function.name for function in self._conversation.tools}
        prepared = [prepare_call(call, offered) for call in _unique_ids(message.tool_calls)]
        if message.finish_reason == "tool_calls" and not prepared:
            logger.warning("The host %r announced tool calls but sent none.", self._settings.name)
        self._last_turn = _Turn(message=message, wire_calls=tuple(wire for _, wire in prepared))
        return Round(text_output=message.content or "", calls=tuple(call for call, _ in prepared))

    def record_assistant_turn(self) -> None:
        """Add the last answer as an assistant message with its normalised ``tool_calls``."""
        if self._last_turn is None:
            return
        message, calls = self._last_turn.message, self._last_turn.wire_calls
        entry: _json.JsonObject = {"role": "assistant"}
        if message.content:
            entry["content"] = message.content
        if message.reasoning_content:
            entry["reasoning_content"] = message.reasoning_content
        if calls:
            entry["tool_calls"] = list(calls)
        self._history.append(entry)
        self._request_texts.append(
            _adapter.turn_text(
                [message.reasoning_content or "", message.content or ""],
                (_name_and_arguments(call) for call in calls),
            )
        )

    def record_tool_result(self, call_id: str, content: str, is_error: bool = False) -> None:
        """Add one ``role: "tool"`` message; the API has no error flag, the content says it."""
        self._history.append({"role": "tool", "tool_call_id": call_id, "content": content})
        self._request_texts.append(content)


def _unique_ids(calls: tuple[ToolCall, ...]) -> list[ToolCall]:
    """The calls, a repeated ID cleared so that :func:`prepare_call` supplies one of its own.

    Each result goes back under its call's ID; two calls under one ID would leave the host
    unable to tell which result answers which.
    """
    seen: set[str] = set()
    unique: list[ToolCall] = []
    for call in calls:
        if call.call_id and call.call_id in seen:
            logger.info(
                "Two tool calls of one answer came with the same ID; the second gets its own."
            )
            call = dataclasses.replace(call, call_id="")
        seen.add(call.call_id)
        unique.append(call)
    return unique


def _name_and_arguments(wire_call: _json.JsonObject) -> tuple[str, str]:
    function = wire_call["function"]
    return function["name"], function["arguments"]
