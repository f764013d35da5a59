"""Scripted OpenAI Chat Completions turns for the fake provider (see ``sse_builders``).

A streamed answer is a series of ``chat.completion.chunk`` objects: one with the role, then the
content deltas, then each tool call opening with its index, id, type and name and streaming its
arguments in fragments, then an empty delta with the finish reason. With
``stream_options.include_usage`` every chunk carries ``"usage": null`` and a last chunk with no
choices carries the usage. ``data: [DONE]`` ends the stream.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from typing import Any, Literal

from tests.support.openapi_schemas import Api
from tests.support.sse_builders import CREATED, Json, ModelTurn, SseEvent, ToolCall, Usage

__all__ = ["ChatTurn", "FinishReason", "chat_turn"]

FinishReason = Literal["stop", "length", "tool_calls", "content_filter", "function_call"]
"""Why a Chat Completions choice ended."""


def _chat_usage(usage: Usage) -> Json:
    return {
        "prompt_tokens": usage.input_tokens,
        "completion_tokens": usage.output_tokens,
        "total_tokens": usage.input_tokens + usage.output_tokens,
        "prompt_tokens_details": {"cached_tokens": usage.cached_input_tokens, "audio_tokens": 0},
        "completion_tokens_details": {
            "reasoning_tokens": usage.reasoning_tokens,
            "audio_tokens": 0,
            "accepted_prediction_tokens": 0,
            "rejected_prediction_tokens": 0,
        },
    }


@dataclasses.dataclass(frozen=True, kw_only=True)
class ChatTurn(ModelTurn):
    """A Chat Completions answer (build it with :func:`chat_turn`)."""

    text_deltas: tuple[str, ...] = ()
    tool_calls: tuple[ToolCall, ...] = ()
    reasoning_deltas: tuple[str, ...] = ()
    usage: Usage = dataclasses.field(default_factory=Usage)
    finish_reason: FinishReason | None = None
    id: str = "chatcmpl-fake"

    @property
    def apis(self) -> frozenset[Api]:
        return frozenset({"chat_completions"})

    @property
    def resolved_finish_reason(self) -> FinishReason:
        """The scripted finish reason, else ``tool_calls`` or ``stop``."""
        if self.finish_reason is not None:
            return self.finish_reason
        return "tool_calls" if self.tool_calls else "stop"

    def call_id(self, index: int) -> str:
        """The id of the ``index``-th tool call."""
        return self.tool_calls[index].id or f"call_fake{index}"

    def _common(self, request: Mapping[str, Any], kind: str) -> Json:
        return {
            "id": self.id,
            "object": kind,
            "created": CREATED,
            "model": request.get("model") or "gpt-4o-mini",
            "service_tier": "default",
            "system_fingerprint": "fp_fake",
        }

    def events(self, request: Mapping[str, Any]) -> list[SseEvent]:
        options = request.get("stream_options")
        include_usage = isinstance(options, dict) and options.get("include_usage") is True
        base = self._common(request, "chat.completion.chunk")
        if include_usage:
            # With include_usage, every chunk carries "usage": null except the last one.
            base["usage"] = None

        def chunk(delta: Json, finish_reason: FinishReason | None = None) -> SseEvent:
            choice = {"index": 0, "delta": delta, "logprobs": None, "finish_reason": finish_reason}
            return SseEvent.of({**base, "choices": [choice]}, named=False)

        has_text = bool(self.text_deltas) or not self.tool_calls
        events = [
            chunk({"role": "assistant", "content": "" if has_text else None, "refusal": None})
        ]
        # reasoning_content is not OpenAI's: DeepSeek, vLLM and others stream it this way.
        events.extend(chunk({"reasoning_content": delta}) for delta in self.reasoning_deltas)
        events.extend(chunk({"content": delta}) for delta in self.text_deltas)
        for index, call in enumerate(self.tool_calls):
            opening = {"name": call.name, "arguments": ""}
            head = {"index": index, "id": self.call_id(index), "type": "function"}
            events.append(chunk({"tool_calls": [{**head, "function": opening}]}))
            events.extend(
                chunk({"tool_calls": [{"index": index, "function": {"arguments": fragment}}]})
                for fragment in call.argument_deltas()
            )
        events.append(chunk({}, self.resolved_finish_reason))
        if include_usage:
            usage_chunk = {**base, "choices": [], "usage": _chat_usage(self.usage)}
            events.append(SseEvent.of(usage_chunk, named=False))
        events.append(SseEvent(data="[DONE]"))
        return events

    def body(self, request: Mapping[str, Any]) -> Json:
        message: Json = {
            "role": "assistant",
            "content": "".join(self.text_deltas) if self.text_deltas else None,
            "refusal": None,
            "annotations": [],
        }
        if self.reasoning_deltas:
            message["reasoning_content"] = "".join(self.reasoning_deltas)
        if self.tool_calls:
            message["tool_calls"] = [
                {
                    "id": self.call_id(index),
                    "type": "function",
                    "function": {"name": call.name, "arguments": call.arguments_text},
                }
                for index, call in enumerate(self.tool_calls)
            ]
        choice = {
            "index": 0,
            "message": message,
            "logprobs": None,
            "finish_reason": self.resolved_finish_reason,
        }
        return {
            **self._common(request, "chat.completion"),
            "choices": [choice],
            "usage": _chat_usage(self.usage),
        }


def chat_turn(
    text_deltas: Sequence[str] = (),
    *,
    tool_calls: Sequence[ToolCall] = (),
    reasoning_deltas: Sequence[str] = (),
    usage: Usage | None = None,
    finish_reason: FinishReason | None = None,
    id: str = "chatcmpl-fake",
) -> ChatTurn:
    """A Chat Completions answer: text deltas, then tool calls split into fragments.

    Args:
        text_deltas: The ``content`` deltas, in order.
        tool_calls: The calls; each opens with id, type and name, then streams its arguments.
        reasoning_deltas: ``reasoning_content`` deltas before the text (a non-OpenAI extension).
        usage: The usage chunk's counts (sent when the request sets
            ``stream_options.include_usage``); defaults to :class:`Usage`'s.
        finish_reason: Defaults to ``tool_calls`` when there are calls, else ``stop``.
        id: The completion id every chunk repeats.
    """
    return ChatTurn(
        text_deltas=tuple(text_deltas),
        tool_calls=tuple(tool_calls),
        reasoning_deltas=tuple(reasoning_deltas),
        usage=usage or Usage(),
        finish_reason=finish_reason,
        id=id,
    )
