"""Scripted Anthropic Messages turns for the fake provider (see ``sse_builders``).

A streamed answer is ``message_start`` (the prompt's usage), then each content block between
``content_block_start`` and ``content_block_stop`` (a thinking block with ``thinking_delta``
pieces and one ``signature_delta``, a text block with ``text_delta`` pieces, ``tool_use`` blocks
with ``input_json_delta`` pieces), a ``ping`` after the first block opens, then ``message_delta``
(the stop reason and the output tokens) and ``message_stop``. Every event has its ``event:`` line.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from typing import Any, Literal

from tests.support.openapi_schemas import Api
from tests.support.sse_builders import Json, ModelTurn, SseEvent, ToolCall, Usage

__all__ = ["AnthropicTurn", "StopReason", "anthropic_turn"]

StopReason = Literal[
    "end_turn",
    "max_tokens",
    "stop_sequence",
    "tool_use",
    "pause_turn",
    "refusal",
    "model_context_window_exceeded",
]
"""Why an Anthropic message ended."""


@dataclasses.dataclass(frozen=True, kw_only=True)
class AnthropicTurn(ModelTurn):
    """An Anthropic Messages answer (build it with :func:`anthropic_turn`)."""

    text_deltas: tuple[str, ...] = ()
    tool_uses: tuple[ToolCall, ...] = ()
    thinking_deltas: tuple[str, ...] = ()
    signature: str | None = None
    usage: Usage = dataclasses.field(default_factory=Usage)
    stop_reason: StopReason | None = None
    id: str = "msg_fake"

    @property
    def apis(self) -> frozenset[Api]:
        return frozenset({"anthropic"})

    @property
    def resolved_stop_reason(self) -> StopReason:
        """The scripted stop reason, else ``tool_use`` or ``end_turn``."""
        if self.stop_reason is not None:
            return self.stop_reason
        return "tool_use" if self.tool_uses else "end_turn"

    def tool_use_id(self, index: int) -> str:
        """The id of the ``index``-th tool use."""
        return self.tool_uses[index].id or f"toolu_fake{index}"

    def _message(self, request: Mapping[str, Any], content: list[Json]) -> Json:
        return {
            "id": self.id,
            "type": "message",
            "role": "assistant",
            "content": content,
            "model": request.get("model") or "claude-sonnet-4-6",
            "stop_reason": None,
            "stop_sequence": None,
            "usage": {
                "input_tokens": self.usage.input_tokens,
                "cache_creation_input_tokens": 0,
                "cache_read_input_tokens": self.usage.cached_input_tokens,
                "output_tokens": self.usage.output_tokens,
                "service_tier": "standard",
            },
        }

    def _blocks(self) -> list[tuple[Json, list[Json]]]:
        """Each content block as it opens, with the deltas that fill it."""
        blocks: list[tuple[Json, list[Json]]] = []
        if self.signature is not None:
            deltas = [{"type": "thinking_delta", "thinking": text} for text in self.thinking_deltas]
            deltas.append({"type": "signature_delta", "signature": self.signature})
            blocks.append(({"type": "thinking", "thinking": "", "signature": ""}, deltas))
        if self.text_deltas:
            deltas = [{"type": "text_delta", "text": text} for text in self.text_deltas]
            blocks.append(({"type": "text", "text": ""}, deltas))
        for index, call in enumerate(self.tool_uses):
            opening = {"type": "tool_use", "id": self.tool_use_id(index), "name": call.name}
            # The input streams as JSON text; the first delta is empty, as the API sends it.
            fragments = ["", *call.argument_deltas()]
            deltas = [{"type": "input_json_delta", "partial_json": part} for part in fragments]
            blocks.append(({**opening, "input": {}}, deltas))
        return blocks

    def events(self, request: Mapping[str, Any]) -> list[SseEvent]:
        start = self._message(request, [])
        # message_start reports the prompt; its output count is the first token's.
        start["usage"]["output_tokens"] = 1
        payloads: list[Json] = [{"type": "message_start", "message": start}]
        for index, (opening, deltas) in enumerate(self._blocks()):
            payloads.append(
                {"type": "content_block_start", "index": index, "content_block": opening}
            )
            if index == 0:
                payloads.append({"type": "ping"})
            payloads.extend(
                {"type": "content_block_delta", "index": index, "delta": delta} for delta in deltas
            )
            payloads.append({"type": "content_block_stop", "index": index})
        if len(payloads) == 1:
            payloads.append({"type": "ping"})
        payloads.append(
            {
                "type": "message_delta",
                "delta": {"stop_reason": self.resolved_stop_reason, "stop_sequence": None},
                "usage": {"output_tokens": self.usage.output_tokens},
            }
        )
        payloads.append({"type": "message_stop"})
        return [SseEvent.of(payload, named=True) for payload in payloads]

    def body(self, request: Mapping[str, Any]) -> Json:
        content: list[Json] = []
        if self.signature is not None:
            thinking = "".join(self.thinking_deltas)
            content.append({"type": "thinking", "thinking": thinking, "signature": self.signature})
        if self.text_deltas:
            content.append({"type": "text", "text": "".join(self.text_deltas)})
        content.extend(
            {
                "type": "tool_use",
                "id": self.tool_use_id(index),
                "name": call.name,
                "input": call.parsed_arguments(),
            }
            for index, call in enumerate(self.tool_uses)
        )
        message = self._message(request, content)
        message["stop_reason"] = self.resolved_stop_reason
        return message


def anthropic_turn(
    text_deltas: Sequence[str] = (),
    *,
    tool_uses: Sequence[ToolCall] = (),
    thinking: tuple[str | Sequence[str], str] | None = None,
    usage: Usage | None = None,
    stop_reason: StopReason | None = None,
    id: str = "msg_fake",
) -> AnthropicTurn:
    """An Anthropic Messages answer: a thinking block, a text block, then ``tool_use`` blocks.

    Args:
        text_deltas: The ``text_delta`` pieces of the text block (none: no text block).
        tool_uses: The ``tool_use`` blocks; their input streams as ``input_json_delta`` pieces.
        thinking: ``(text, signature)``: a thinking block streamed as ``thinking_delta`` pieces
            (give a sequence to choose them) and one ``signature_delta``.
        usage: The counts of ``message_start`` (input) and ``message_delta`` (output).
        stop_reason: Defaults to ``tool_use`` when there are tool uses, else ``end_turn``.
        id: The message id.
    """
    thinking_deltas: tuple[str, ...] = ()
    signature = None
    if thinking is not None:
        text, signature = thinking
        thinking_deltas = _halves(text) if isinstance(text, str) else tuple(text)
    return AnthropicTurn(
        text_deltas=tuple(text_deltas),
        tool_uses=tuple(tool_uses),
        thinking_deltas=thinking_deltas,
        signature=signature,
        usage=usage or Usage(),
        stop_reason=stop_reason,
        id=id,
    )


def _halves(text: str) -> tuple[str, ...]:
    middle = len(text) // 2
    return tuple(part for part in (text[:middle], text[middle:]) if part)
