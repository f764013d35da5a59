"""The end marker of each wire API ends the stream, and repeated call IDs stay apart."""

from __future__ import annotations

import json
from typing import Any

import pytest

from studio.providers.anthropic_stream import AnthropicMessageAccumulator
from studio.providers.chat_completions_stream import ChatCompletionAccumulator, TextDelta
from studio.providers.responses_stream import ResponsesAccumulator


def _chat_text(text: str) -> str:
    return json.dumps({"choices": [{"index": 0, "delta": {"content": text}}]})


@pytest.mark.parametrize("done", ["[DONE]", " [DONE] "])
def test_nothing_after_done_is_read(done: str) -> None:
    accumulator = ChatCompletionAccumulator()
    deltas = [
        delta
        for data in (_chat_text("ok"), done, _chat_text("ok"))
        for delta in accumulator.add(data)
    ]

    assert deltas == [TextDelta(text="ok")]
    assert accumulator.finished
    message = accumulator.build()
    assert message is not None
    assert message.content == "ok"


def test_nothing_after_message_stop_is_read() -> None:
    block = {
        "type": "content_block_start",
        "index": 0,
        "content_block": {"type": "text", "text": ""},
    }
    delta = {
        "type": "content_block_delta",
        "index": 0,
        "delta": {"type": "text_delta", "text": "ok"},
    }
    stream = [block, delta, {"type": "message_stop"}, block, delta]
    accumulator = AnthropicMessageAccumulator()
    deltas = [item for event in stream for item in accumulator.add(json.dumps(event))]

    assert deltas == [TextDelta(text="ok")]
    message = accumulator.build()
    assert message is not None
    assert message.text == "ok"


def test_nothing_after_a_terminal_response_event_is_read() -> None:
    delta: dict[str, Any] = {"type": "response.output_text.delta", "output_index": 0, "delta": "ok"}
    completed = {"type": "response.completed", "response": {"status": "completed", "output": []}}
    accumulator = ResponsesAccumulator()
    deltas = [
        item
        for event in (delta, completed, delta, completed)
        for item in accumulator.add(json.dumps(event))
    ]

    assert deltas == [TextDelta(text="ok")]
    built = accumulator.build()
    assert built is not None
    assert built.text == "ok"


def _fragment(index: int, call_id: str, arguments: str) -> str:
    call = {
        "index": index,
        "id": call_id,
        "type": "function",
        "function": {"name": "echo", "arguments": arguments},
    }
    return json.dumps({"choices": [{"index": 0, "delta": {"tool_calls": [call]}}]})


def test_two_calls_with_one_id_and_two_indexes_stay_apart() -> None:
    accumulator = ChatCompletionAccumulator()
    for data in (
        _fragment(0, "call_same", '{"text": "one"}'),
        _fragment(1, "call_same", '{"text": "two"}'),
    ):
        accumulator.add(data)
    message = accumulator.build()
    assert message is not None

    assert [call.arguments_json for call in message.tool_calls] == [
        '{"text": "one"}',
        '{"text": "two"}',
    ]
