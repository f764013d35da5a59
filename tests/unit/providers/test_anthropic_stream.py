from __future__ import annotations

import json
from collections.abc import Callable, Iterable
from typing import Any

import pytest

from studio.kernel.calls import ToolCall
from studio.providers import anthropic_stream
from studio.providers.anthropic_stream import (
    AnthropicMessageAccumulator,
    AssembledAnthropicMessage,
    StreamDelta,
    TextDelta,
    TokenUsage,
    UsageDelta,
)
from studio.providers.sse import ServerSentEvent

Decode = Callable[[str, int], list[ServerSentEvent]]

_SIGNATURE = "EqQBCgIYAhIM1gbcDa9GJwZA2b3hGgxBdjrkzLoky3dl1pkiMOYds"
_PING = json.dumps({"type": "ping"})  # Sent by the API, but not part of the SDK's event union.


def _message_start(input_tokens: int = 25, output_tokens: int = 1, **usage: int) -> dict[str, Any]:
    return {
        "type": "message_start",
        "message": {
            "id": "msg_01XFDUDYJgAACzvnptvVoYEL",
            "type": "message",
            "role": "assistant",
            "model": "claude-sonnet-4-5",
            "content": [],
            "stop_reason": None,
            "stop_sequence": None,
            "usage": {"input_tokens": input_tokens, "output_tokens": output_tokens, **usage},
        },
    }


def _start(index: int, block: dict[str, Any]) -> dict[str, Any]:
    return {"type": "content_block_start", "index": index, "content_block": block}


def _delta(index: int, kind: str, **fields: Any) -> dict[str, Any]:
    return {"type": "content_block_delta", "index": index, "delta": {"type": kind, **fields}}


def _text(index: int, text: str) -> dict[str, Any]:
    return _delta(index, "text_delta", text=text)


def _json_piece(index: int, piece: str) -> dict[str, Any]:
    return _delta(index, "input_json_delta", partial_json=piece)


def _stop(index: int) -> dict[str, Any]:
    return {"type": "content_block_stop", "index": index}


def _message_delta(stop_reason: str | None, output_tokens: int = 90) -> dict[str, Any]:
    return {
        "type": "message_delta",
        "delta": {"stop_reason": stop_reason, "stop_sequence": None},
        "usage": {"output_tokens": output_tokens},
    }


_MESSAGE_STOP = {"type": "message_stop"}
_TEXT_BLOCK = {"type": "text", "text": ""}
_THINKING_BLOCK = {"type": "thinking", "thinking": "", "signature": ""}


def _tool_use_block(id: str = "toolu_01A", name: str = "web_search") -> dict[str, Any]:
    return {"type": "tool_use", "id": id, "name": name, "input": {}}


def _tool_call_events(*pieces: str, index: int = 0) -> list[dict[str, Any]]:
    return [
        _start(index, _tool_use_block()),
        *(_json_piece(index, piece) for piece in pieces),
        _stop(index),
    ]


def _ended(*events: dict[str, Any]) -> list[dict[str, Any]]:
    """A whole message around ``events``, as the API sends one."""
    return [_message_start(), *events, _message_delta("end_turn"), _MESSAGE_STOP]


def _accumulate(
    payloads: Iterable[str],
) -> tuple[list[StreamDelta], AssembledAnthropicMessage | None]:
    accumulator = AnthropicMessageAccumulator()
    deltas = [delta for payload in payloads for delta in accumulator.add(payload)]
    return deltas, accumulator.build()


def _built(payloads: Iterable[str]) -> AssembledAnthropicMessage:
    message = _accumulate(payloads)[1]
    assert message is not None
    return message


def _tool_round() -> list[dict[str, Any]]:
    """Thinking, a preamble, then one call, the way Claude answers with a tool."""
    return [
        _message_start(472, 2),
        _start(0, _THINKING_BLOCK),
        _delta(0, "thinking_delta", thinking="The user wants "),
        _delta(0, "thinking_delta", thinking="today's price."),
        _delta(0, "signature_delta", signature=_SIGNATURE),
        _stop(0),
        _start(1, _TEXT_BLOCK),
        _text(1, "Let me "),
        _text(1, "look that up."),
        _stop(1),
        *_tool_call_events('{"query": ', '"oil price"', "}", index=2),
        _message_delta("tool_use", 89),
        _MESSAGE_STOP,
    ]


_TOOL_ROUND_CONTENT = (
    {"type": "thinking", "thinking": "The user wants today's price.", "signature": _SIGNATURE},
    {"type": "text", "text": "Let me look that up."},
    {"type": "tool_use", "id": "toolu_01A", "name": "web_search", "input": {"query": "oil price"}},
)


@pytest.mark.parametrize("seed", range(8))
def test_a_tool_round_survives_random_chunks(anthropic_wire, decode_in_chunks: Decode, seed: int):
    text = anthropic_wire.sse(*_tool_round(), line_end="\r\n")
    # The API sends keep-alive pings between any two events.
    text = text.replace(
        "event: content_block_stop",
        f"event: ping\r\ndata: {_PING}\r\n\r\nevent: content_block_stop",
    )

    deltas, message = _accumulate(event.data for event in decode_in_chunks(text, seed))

    assert deltas == [
        UsageDelta(usage=TokenUsage(input_tokens=472, output_tokens=2)),
        TextDelta(text="Let me "),
        TextDelta(text="look that up."),
        UsageDelta(usage=TokenUsage(input_tokens=472, output_tokens=89)),
    ]
    assert message == AssembledAnthropicMessage(
        content=_TOOL_ROUND_CONTENT,
        text="Let me look that up.",
        calls=(
            ToolCall(
                call_id="toolu_01A",
                function_name="web_search",
                arguments_json='{"query": "oil price"}',
                is_valid=True,
            ),
        ),
        stop_reason="tool_use",
        usage=TokenUsage(input_tokens=472, output_tokens=89),
    )


def test_thinking_keeps_its_signature_for_the_next_request(anthropic_wire):
    message = _built(anthropic_wire.payloads(*_tool_round()))

    assert message.content[0] == _TOOL_ROUND_CONTENT[0]


def test_redacted_thinking_goes_back_as_it_came(anthropic_wire):
    redacted = {"type": "redacted_thinking", "data": "EmwKAhgBEgy3va3pzix/LafPsn4a"}

    message = _built(anthropic_wire.payloads(*_ended(_start(0, redacted), _stop(0))))

    assert message.content == (redacted,)


def test_a_text_delta_for_a_block_that_never_started_is_salvaged(anthropic_wire):
    deltas, message = _accumulate(
        anthropic_wire.payloads(*_ended(_text(0, "Hello"), _text(0, " there"), _stop(0)))
    )

    assert TextDelta(text="Hello") in deltas
    assert message is not None
    assert message.content == ({"type": "text", "text": "Hello there"},)
    assert message.text == "Hello there"


@pytest.mark.parametrize(
    "delta",
    [
        _json_piece(0, '{"query": "x"}'),
        _delta(0, "thinking_delta", thinking="Hmm."),
        _delta(0, "signature_delta", signature=_SIGNATURE),
    ],
    ids=["tool-input", "thinking", "signature"],
)
def test_other_deltas_for_a_block_that_never_started_are_dropped(
    anthropic_wire, delta: dict[str, Any]
):
    message = _built(anthropic_wire.payloads(*_ended(delta, _stop(0))))

    assert message.content == ()
    assert message.calls == ()


def test_a_message_that_never_ended_builds_nothing(anthropic_wire):
    cut = _tool_round()[:8]  # Mid-sentence: "Let me " streamed, the rest never came.
    accumulator = AnthropicMessageAccumulator()

    deltas = [
        delta for payload in anthropic_wire.payloads(*cut) for delta in accumulator.add(payload)
    ]

    assert TextDelta(text="Let me ") in deltas
    assert accumulator.build() is None


def test_a_stop_reason_alone_ends_the_message(anthropic_wire):
    events = [_message_start(), _start(0, _TEXT_BLOCK), _text(0, "Hi"), _message_delta("end_turn")]

    message = _built(anthropic_wire.payloads(*events))

    assert message.stop_reason == "end_turn"
    assert message.text == "Hi"


def test_message_stop_alone_ends_the_message(anthropic_wire):
    events = [_message_start(), _start(0, _TEXT_BLOCK), _text(0, "Hi"), _MESSAGE_STOP]

    message = _built(anthropic_wire.payloads(*events))

    assert message.stop_reason is None
    assert message.content == ({"type": "text", "text": "Hi"},)


def test_a_message_delta_without_stop_reason_does_not_end_the_message(anthropic_wire):
    events = [_message_start(), _start(0, _TEXT_BLOCK), _text(0, "Hi"), _message_delta(None)]

    assert _accumulate(anthropic_wire.payloads(*events))[1] is None


def test_blocks_that_never_closed_are_kept(anthropic_wire):
    events = _ended(
        _start(0, _TEXT_BLOCK),
        _text(0, "Looking."),
        _start(1, _tool_use_block()),
        _json_piece(1, '{"query": "x"}'),
    )

    message = _built(anthropic_wire.payloads(*events))

    assert message.content == (
        {"type": "text", "text": "Looking."},
        {"type": "tool_use", "id": "toolu_01A", "name": "web_search", "input": {"query": "x"}},
    )


def test_blocks_are_ordered_by_index(anthropic_wire):
    events = _ended(
        _start(1, _TEXT_BLOCK),
        _start(0, _TEXT_BLOCK),
        _text(1, "second"),
        _text(0, "first "),
    )

    message = _built(anthropic_wire.payloads(*events))

    assert message.text == "first second"


def test_tool_input_that_does_not_parse_makes_the_call_invalid(anthropic_wire):
    message = _built(anthropic_wire.payloads(*_ended(*_tool_call_events('{"query": "oil'))))

    assert message.calls == (
        ToolCall(
            call_id="toolu_01A",
            function_name="web_search",
            arguments_json='{"query": "oil',
            is_valid=False,
        ),
    )
    # The API takes only an object here; the raw text stays on the call.
    assert message.content == (
        {"type": "tool_use", "id": "toolu_01A", "name": "web_search", "input": {}},
    )


def test_tool_input_that_is_not_an_object_makes_the_call_invalid(anthropic_wire):
    message = _built(anthropic_wire.payloads(*_ended(*_tool_call_events("[1, ", "2]"))))

    assert message.calls[0].arguments_json == "[1, 2]"
    assert not message.calls[0].is_valid
    assert message.content[0]["input"] == {}


@pytest.mark.parametrize("pieces", [(), ("",), (" ", "\n")], ids=["none", "empty", "blank"])
def test_an_empty_tool_input_is_an_empty_object(anthropic_wire, pieces: tuple[str, ...]):
    message = _built(anthropic_wire.payloads(*_ended(*_tool_call_events(*pieces))))

    assert message.calls == (
        ToolCall(
            call_id="toolu_01A", function_name="web_search", arguments_json="{}", is_valid=True
        ),
    )
    assert message.content[0]["input"] == {}


def test_a_tool_input_given_at_the_start_is_used_when_no_piece_follows(anthropic_wire):
    block = _tool_use_block() | {"input": {"query": "Ölpreis"}}

    message = _built(anthropic_wire.payloads(*_ended(_start(0, block), _stop(0))))

    assert message.calls[0].arguments_json == '{"query": "Ölpreis"}'
    assert message.content[0]["input"] == {"query": "Ölpreis"}


def test_a_tool_use_without_id_or_name_is_an_invalid_call():
    # The spec requires both; a host that leaves them out makes a call nobody can answer.
    events = _ended(_start(0, {"type": "tool_use", "input": {}}), _json_piece(0, "{}"))

    message = _built(json.dumps(event) for event in events)

    assert message.calls == (
        ToolCall(call_id="", function_name="", arguments_json="{}", is_valid=False),
    )


def test_input_tokens_come_from_message_start_only(anthropic_wire):
    later = _message_delta("end_turn", 50)
    later["usage"] |= {"input_tokens": 9999}
    events = [
        _message_start(10, 1, cache_creation_input_tokens=200, cache_read_input_tokens=3000),
        later,
        _MESSAGE_STOP,
    ]

    deltas, message = _accumulate(anthropic_wire.payloads(*events))

    assert deltas == [
        UsageDelta(usage=TokenUsage(input_tokens=3210, output_tokens=1)),
        UsageDelta(usage=TokenUsage(input_tokens=3210, output_tokens=50)),
    ]
    assert message is not None
    assert message.usage == TokenUsage(input_tokens=3210, output_tokens=50)


def test_an_error_event_is_kept_and_the_message_never_ends(anthropic_wire):
    error = {"type": "error", "error": {"type": "overloaded_error", "message": "Overloaded"}}
    accumulator = AnthropicMessageAccumulator()

    for payload in [
        *anthropic_wire.payloads(_message_start(), _start(0, _TEXT_BLOCK)),
        json.dumps(error),
    ]:
        accumulator.add(payload)

    assert accumulator.error == "overloaded_error: Overloaded"
    assert accumulator.build() is None


def test_blank_text_blocks_are_left_out_of_the_content(anthropic_wire):
    events = _ended(
        _start(0, _TEXT_BLOCK),
        _text(0, "\n\n"),
        _stop(0),
        _start(1, _TEXT_BLOCK),
        _stop(1),
        *_tool_call_events("{}", index=2),
    )

    message = _built(anthropic_wire.payloads(*events))

    assert [block["type"] for block in message.content] == ["tool_use"]
    assert message.text == "\n\n"


def test_citations_stay_on_their_text_block(anthropic_wire):
    citation = {
        "type": "web_search_result_location",
        "url": "https://example.org/oil",
        "title": "Oil",
        "encrypted_index": "Eo8BCioIAhgBIiQyYjQ0OWJmZi1lNm",
        "cited_text": "Oil rose.",
    }
    events = _ended(
        _start(0, _TEXT_BLOCK | {"citations": None}),
        _delta(0, "citations_delta", citation=citation),
        _text(0, "Oil rose."),
    )

    message = _built(anthropic_wire.payloads(*events))

    assert message.content == ({"type": "text", "text": "Oil rose.", "citations": [citation]},)


def test_unreadable_payloads_are_skipped(anthropic_wire):
    payloads = anthropic_wire.payloads(*_ended(_start(0, _TEXT_BLOCK), _text(0, "Hi")))

    message = _built(["", "garbage", "[DONE]", "[1]", *payloads, _PING])

    assert message.text == "Hi"


def test_the_spec_checks_the_hand_written_events(anthropic_wire):
    with pytest.raises(pytest.fail.Exception, match="breaks the spec"):
        anthropic_wire.payload(_delta(0, "text_delta"))  # no text


def test_module_exports():
    assert sorted(anthropic_stream.__all__) == [
        "AnthropicMessageAccumulator",
        "AssembledAnthropicMessage",
        "SourceDelta",
        "StreamDelta",
        "TextDelta",
        "TokenUsage",
        "UsageDelta",
    ]
