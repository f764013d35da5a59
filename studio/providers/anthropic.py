"""The Anthropic Messages adapter: content blocks returned unchanged, results in one message.

A request is ``{model, max_tokens, system, messages, stream: true}`` plus ``tools`` when the
round offers any, and the user's additional parameters. ``max_tokens`` is required by the API;
Studio asks for :data:`DEFAULT_MAX_TOKENS` unless the user's parameters set it. The system
prompt (with a limit instruction appended for the final round) goes in ``system``, which is
left out when there is none.

The model's turn goes back as one assistant message holding every content block exactly as it
streamed: text, ``thinking`` with its signature (the API refuses a continuation whose thinking
was altered), and ``tool_use``. The results of a round are collected as ``tool_result`` blocks
and sent as one single user message at the start of the next round: split across messages,
they teach the model to stop asking for several tools at once. Anthropic is the only API with
an error flag on a result, set for invalid, blocked and failed calls.
"""

from __future__ import annotations

from typing import Any

from studio.kernel.rounds import Round
from studio.providers import _adapter, _json, tool_shapes
from studio.providers.anthropic_stream import (
    AnthropicMessageAccumulator,
    AssembledAnthropicMessage,
)

__all__ = ["DEFAULT_MAX_TOKENS", "AnthropicAdapter"]

DEFAULT_MAX_TOKENS = 4096
"""The answer length asked for unless the user's additional parameters set ``max_tokens``."""

_RESERVED = frozenset({"model", "system", "messages", "stream", "tools"})


class AnthropicAdapter(_adapter.StreamingAdapter[AnthropicMessageAccumulator]):
    """Runs one answer's rounds against the Messages API; see the module docstring."""

    _path = "messages"
    _last_message: AssembledAnthropicMessage | None = None
    _pending_results: tuple[_json.JsonObject, ...] = ()
    """The ``tool_result`` blocks of the last round, sent with the next request."""

    def _new_accumulator(self) -> AnthropicMessageAccumulator:
        return AnthropicMessageAccumulator()

    def _request_body(self, system: str, include_tools: bool) -> dict[str, Any]:
        if self._pending_results:
            self._history.append({"role": "user", "content": list(self._pending_results)})
            self._pending_results = ()
        body: dict[str, Any] = {
            "model": self._settings.model,
            "messages": [*_adapter.chat_messages(self._conversation), *self._history],
            "stream": True,
        }
        if system.strip():
            body["system"] = system
        tools = [
            tool_shapes.to_anthropic_tool(function)
            for function in self._conversation.tools
            if include_tools
        ]
        if tools:
            body["tools"] = tools
        merged = self._merged(body, _RESERVED, tools_sent=bool(tools))
        merged.setdefault("max_tokens", DEFAULT_MAX_TOKENS)
        return merged

    def _complete_round(self, accumulator: AnthropicMessageAccumulator) -> Round:
        message = accumulator.build()
        if accumulator.error is not None:
            raise self._stream_error("the stream reported an error", accumulator.error)
        if message is None:
            raise self._stream_error("the stream ended before the message did")
        self._last_message = message
        return Round(
            text_output=message.text,
            calls=message.calls,
        )

    def record_assistant_turn(self) -> None:
        """Append the last answer as one assistant message, its blocks exactly as received."""
        message = self._last_message
        if message is None:
            return
        self._history.append({"role": "assistant", "content": list(message.content)})
        thinking = [
            _json.string_field(block, "thinking") or ""
            for block in message.content
            if block.get("type") == "thinking"
        ]
        self._request_texts.append(
            _adapter.turn_text(
                [*thinking, message.text],
                ((call.function_name, call.arguments_json) for call in message.calls),
            )
        )

    def record_tool_result(self, call_id: str, content: str, is_error: bool = False) -> None:
        """Collect a ``tool_result`` block; the round's results go out together, next request."""
        block = {"type": "tool_result", "tool_use_id": call_id, "content": content}
        self._pending_results = (*self._pending_results, {**block, "is_error": is_error})
        self._request_texts.append(content)
