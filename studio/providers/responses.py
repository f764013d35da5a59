"""The OpenAI Responses adapter: stateless requests that repeat every output item.

A request is ``{model, input, stream: true, store: false, include:
["reasoning.encrypted_content"], tools}`` plus the user's additional parameters. ``tools`` is
the list of functions, or ``[]`` in a round without tools.

Why the system prompt is the first ``input`` item, with role ``developer``: the reference
puts it at the start of ``input``, and ``CreateResponse`` accepts ``system`` and ``developer``
there; OpenAI documents ``developer`` as the role for the application's instructions, which
is what the system prompt is. The top-level ``instructions`` field would work as well, but it
is a second place for the same text and keeps no order relative to the input.

Why ``store: false`` with ``include: ["reasoning.encrypted_content"]``: Studio keeps no state
on OpenAI's side. The conversation is resent each round, and a reasoning model's reasoning
items can only be resent when they carry their encrypted content.

Each round's output is recorded as it came: every item, reasoning included, in order; the API
refuses to continue a tool call whose reasoning item is missing. Results go back as
``function_call_output`` items, correlated by ``call_id``. The ID comes from the provider, so
a call without one cannot be answered: it is reported with an empty ``call_id``, and the loop
ends the answer.

A response that finishes ``incomplete`` or ``failed``, or an ``error`` event, ends the round
with a :class:`~studio.providers.errors.ProviderStreamError` naming the provider's reason.
"""

from __future__ import annotations

import functools
from typing import Any

from studio.kernel.rounds import Round
from studio.providers import _adapter, _json, tool_shapes
from studio.providers.responses_stream import AssembledResponse, ResponsesAccumulator

__all__ = ["ResponsesAdapter"]

_RESERVED = frozenset({"model", "input", "stream", "store", "include", "tools"})
_INCLUDE = ("reasoning.encrypted_content",)


class ResponsesAdapter(_adapter.StreamingAdapter[ResponsesAccumulator]):
    """Runs one answer's rounds against the Responses API; see the module docstring."""

    _path = "responses"
    _last_response: AssembledResponse | None = None

    def _new_accumulator(self) -> ResponsesAccumulator:
        return ResponsesAccumulator()

    def _request_body(self, system: str, include_tools: bool) -> dict[str, Any]:
        items: list[_json.JsonObject] = []
        if system.strip():
            items.append({"role": "developer", "content": system})
        items += _adapter.chat_messages(self._conversation)
        items += self._history
        tools = self._tools if include_tools else []
        body: dict[str, Any] = {
            "model": self._settings.model,
            "input": items,
            "stream": True,
            "store": False,
            "include": list(_INCLUDE),
            "tools": tools,
        }
        return self._merged(body, _RESERVED, tools_sent=bool(tools))

    @functools.cached_property
    def _tools(self) -> list[_json.JsonObject]:
        """The offered tools in the API's shape, converted once per answer.

        A strict schema is a deep copy of the tool's, and the tools do not change while the
        answer runs.
        """
        return [tool_shapes.to_responses_tool(function) for function in self._conversation.tools]

    def _complete_round(self, accumulator: ResponsesAccumulator) -> Round:
        response = accumulator.build()
        if response is None:
            raise self._stream_error("the stream ended before the response did", accumulator.error)
        if response.status == "failed":
            reason = response.error or "the response failed"
            raise self._stream_error("the response failed", reason)
        if response.status == "incomplete":
            why = response.incomplete_reason
            reason = f"the response is incomplete ({why})" if why else "the response is incomplete"
            raise self._stream_error("the response is incomplete", response.error or reason)
        self._last_response = response
        return Round(
            text_output=response.text,
            calls=response.calls,
            sources=response.sources,
        )

    def record_assistant_turn(self) -> None:
        """Append every output item of the last response unchanged, reasoning included."""
        response = self._last_response
        if response is None:
            return
        self._history.extend(response.output_items)
        self._request_texts.append(
            _adapter.turn_text(
                [*_reasoning_summaries(response), response.text],
                ((call.function_name, call.arguments_json) for call in response.calls),
            )
        )

    def record_tool_result(self, call_id: str, content: str, is_error: bool = False) -> None:
        """Add a ``function_call_output`` item; the API has no error flag, the output says it."""
        output = {"type": "function_call_output", "call_id": call_id, "output": content}
        self._history.append(output)
        self._request_texts.append(content)


def _reasoning_summaries(response: AssembledResponse) -> list[str]:
    # The encrypted content is opaque; the summaries are the readable part of the reasoning.
    return [
        _json.string_field(part, "text") or ""
        for item in response.output_items
        if item.get("type") == "reasoning"
        for part in _json.list_field(item, "summary")
        if isinstance(part, dict)
    ]
