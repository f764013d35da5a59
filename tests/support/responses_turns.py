"""Scripted OpenAI Responses turns for the fake provider (see ``sse_builders``).

A streamed answer is ``response.created`` and ``response.in_progress``, then each output item
between ``response.output_item.added`` and ``response.output_item.done`` (a reasoning item with
its summary parts, a message with one ``output_text`` part, function calls with their argument
deltas), then ``response.completed`` carrying the whole response. Every event has a
``sequence_number``. Like the real API, ``encrypted_content`` comes back only when the request
lists ``reasoning.encrypted_content`` in ``include``.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from typing import Any

from tests.support.openapi_schemas import Api
from tests.support.sse_builders import CREATED, Json, ModelTurn, SseEvent, ToolCall, Usage

__all__ = ["Reasoning", "ResponsesTurn", "responses_turn"]


@dataclasses.dataclass(frozen=True, kw_only=True)
class Reasoning:
    """A reasoning output item: summary texts and the opaque state to send back."""

    summary: tuple[str, ...] = ()
    encrypted_content: str = "gAAAAABfake-encrypted-reasoning"
    id: str = "rs_fake"


def _usage(usage: Usage) -> Json:
    return {
        "input_tokens": usage.input_tokens,
        "input_tokens_details": {
            "cached_tokens": usage.cached_input_tokens,
            "cache_write_tokens": 0,
        },
        "output_tokens": usage.output_tokens,
        "output_tokens_details": {"reasoning_tokens": usage.reasoning_tokens},
        "total_tokens": usage.input_tokens + usage.output_tokens,
    }


def _echoed_tool(tool: Any) -> Any:
    """A request's tool as the response repeats it: function tools with every field set."""
    if not isinstance(tool, dict) or tool.get("type") != "function":
        return tool
    return {
        "description": None,
        "strict": True,
        **tool,
        "parameters": tool.get("parameters"),
    }


@dataclasses.dataclass(frozen=True, kw_only=True)
class ResponsesTurn(ModelTurn):
    """An OpenAI Responses answer (build it with :func:`responses_turn`)."""

    text_deltas: tuple[str, ...] = ()
    function_calls: tuple[ToolCall, ...] = ()
    reasoning: Reasoning | None = None
    usage: Usage = dataclasses.field(default_factory=Usage)
    id: str = "resp_fake"

    @property
    def apis(self) -> frozenset[Api]:
        return frozenset({"responses"})

    def call_id(self, index: int) -> str:
        """The ``call_id`` of the ``index``-th function call."""
        return self.function_calls[index].id or f"call_fake{index}"

    @property
    def message_id(self) -> str:
        """The id of the message item."""
        return f"msg_{self.id.removeprefix('resp_')}"

    def _response(self, request: Mapping[str, Any], status: str, output: list[Json]) -> Json:
        reasoning = request.get("reasoning")
        response: Json = {
            "id": self.id,
            "object": "response",
            "created_at": CREATED,
            "status": status,
            "error": None,
            "incomplete_details": None,
            "instructions": request.get("instructions"),
            "max_output_tokens": request.get("max_output_tokens"),
            "model": request.get("model") or "gpt-5.4",
            "output": output,
            "parallel_tool_calls": request.get("parallel_tool_calls", True),
            "previous_response_id": request.get("previous_response_id"),
            "reasoning": {"effort": None, "summary": None, **(reasoning or {})},
            "service_tier": "default",
            "store": request.get("store", True),
            "temperature": request.get("temperature", 1.0),
            "text": request.get("text") or {"format": {"type": "text"}},
            "tool_choice": request.get("tool_choice", "auto"),
            "tools": [_echoed_tool(tool) for tool in request.get("tools") or []],
            "top_p": request.get("top_p", 1.0),
            "truncation": request.get("truncation", "disabled"),
            "metadata": request.get("metadata") or {},
        }
        if status == "completed":
            response["completed_at"] = CREATED + 1
            response["usage"] = _usage(self.usage)
        return response

    def _items(self, request: Mapping[str, Any]) -> list[tuple[Json, Json]]:
        """Each output item as added (in progress) and as done."""
        items: list[tuple[Json, Json]] = []
        if self.reasoning is not None:
            added: Json = {"id": self.reasoning.id, "type": "reasoning", "summary": []}
            if "reasoning.encrypted_content" in (request.get("include") or ()):
                added["encrypted_content"] = self.reasoning.encrypted_content
            summary = [{"type": "summary_text", "text": text} for text in self.reasoning.summary]
            items.append((added, {**added, "summary": summary}))
        if self.text_deltas:
            part = {"type": "output_text", "text": "".join(self.text_deltas)}
            message = {"id": self.message_id, "type": "message", "role": "assistant"}
            items.append(
                (
                    {**message, "status": "in_progress", "content": []},
                    {**message, "status": "completed", "content": [_part(part)]},
                )
            )
        for index, call in enumerate(self.function_calls):
            item = {
                "id": f"fc_fake{index}",
                "type": "function_call",
                "call_id": self.call_id(index),
                "name": call.name,
            }
            items.append(
                (
                    {**item, "status": "in_progress", "arguments": ""},
                    {**item, "status": "completed", "arguments": call.arguments_text},
                )
            )
        return items

    def events(self, request: Mapping[str, Any]) -> list[SseEvent]:
        payloads: list[Json] = [
            {"type": "response.created", "response": self._response(request, "in_progress", [])},
            {
                "type": "response.in_progress",
                "response": self._response(request, "in_progress", []),
            },
        ]
        done_items: list[Json] = []
        for output_index, (added, done) in enumerate(self._items(request)):
            where = {"item_id": added["id"], "output_index": output_index}
            payloads.append(
                {"type": "response.output_item.added", "output_index": output_index, "item": added}
            )
            if done["type"] == "reasoning":
                payloads.extend(_summary_events(done, where))
            elif done["type"] == "message":
                payloads.extend(_text_events(self.text_deltas, where))
            else:
                index = len([item for item in done_items if item["type"] == "function_call"])
                payloads.extend(_argument_events(self.function_calls[index], done, where))
            payloads.append(
                {"type": "response.output_item.done", "output_index": output_index, "item": done}
            )
            done_items.append(done)
        completed = self._response(request, "completed", done_items)
        payloads.append({"type": "response.completed", "response": completed})
        return [
            SseEvent.of({**payload, "sequence_number": number}, named=True)
            for number, payload in enumerate(payloads)
        ]

    def body(self, request: Mapping[str, Any]) -> Json:
        return self._response(request, "completed", [done for _, done in self._items(request)])


def _part(part: Json) -> Json:
    return {**part, "annotations": [], "logprobs": []}


def _summary_events(item: Json, where: Json) -> list[Json]:
    events: list[Json] = []
    for summary_index, part in enumerate(item["summary"]):
        at = {**where, "summary_index": summary_index}
        text = part["text"]
        events.append(
            {
                "type": "response.reasoning_summary_part.added",
                **at,
                "part": {"type": "summary_text", "text": ""},
            }
        )
        middle = len(text) // 2
        events.extend(
            {"type": "response.reasoning_summary_text.delta", **at, "delta": delta}
            for delta in (text[:middle], text[middle:])
            if delta
        )
        events.append({"type": "response.reasoning_summary_text.done", **at, "text": text})
        events.append({"type": "response.reasoning_summary_part.done", **at, "part": part})
    return events


def _text_events(deltas: Sequence[str], where: Json) -> list[Json]:
    at = {**where, "content_index": 0}
    text = "".join(deltas)
    return [
        {
            "type": "response.content_part.added",
            **at,
            "part": _part({"type": "output_text", "text": ""}),
        },
        *(
            {"type": "response.output_text.delta", **at, "delta": delta, "logprobs": []}
            for delta in deltas
        ),
        {"type": "response.output_text.done", **at, "text": text, "logprobs": []},
        {
            "type": "response.content_part.done",
            **at,
            "part": _part({"type": "output_text", "text": text}),
        },
    ]


def _argument_events(call: ToolCall, item: Json, where: Json) -> list[Json]:
    return [
        *(
            {"type": "response.function_call_arguments.delta", **where, "delta": delta}
            for delta in call.argument_deltas()
        ),
        {
            "type": "response.function_call_arguments.done",
            **where,
            "name": item["name"],
            "arguments": item["arguments"],
        },
    ]


def responses_turn(
    text_deltas: Sequence[str] = (),
    *,
    function_calls: Sequence[ToolCall] = (),
    reasoning: Reasoning | Sequence[str] | None = None,
    usage: Usage | None = None,
    id: str = "resp_fake",
) -> ResponsesTurn:
    """An OpenAI Responses answer: a reasoning item, a message, then function calls.

    Args:
        text_deltas: The ``response.output_text.delta`` pieces (none: no message item).
        function_calls: ``function_call`` items; ``ToolCall.id`` is the ``call_id``.
        reasoning: A reasoning item first, or just its summary texts.
        usage: The counts in ``response.completed``.
        id: The response id (the message item's id is derived from it).
    """
    if reasoning is not None and not isinstance(reasoning, Reasoning):
        reasoning = Reasoning(summary=tuple(reasoning))
    return ResponsesTurn(
        text_deltas=tuple(text_deltas),
        function_calls=tuple(function_calls),
        reasoning=reasoning,
        usage=usage or Usage(),
        id=id,
    )
