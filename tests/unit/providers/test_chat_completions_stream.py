from __future__ import annotations

import json
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

import pytest

from studio.kernel.calls import ToolCall, read_call
from studio.providers import chat_completions_stream
from studio.providers.chat_completions_stream import (
    AssembledChatMessage,
    ChatCompletionAccumulator,
    StreamDelta,
    TextDelta,
    TokenUsage,
    UsageDelta,
)
from studio.providers.sse import ServerSentEvent

Decode = Callable[[str, int], list[ServerSentEvent]]


def _chunk(delta: dict[str, Any] | None = None, **choice: Any) -> dict[str, Any]:
    """A ``chat.completion.chunk`` with one choice; ``choice`` overrides its fields."""
    return {
        "id": "chatcmpl-1",
        "object": "chat.completion.chunk",
        "created": 1694268190,
        "model": "gpt-4o-mini",
        "choices": [
            {"index": 0, "delta": delta or {}, "logprobs": None, "finish_reason": None} | choice
        ],
    }


def _usage_chunk(prompt: int, completion: int) -> dict[str, Any]:
    # The last chunk when stream_options.include_usage is set: usage and no choices.
    return _chunk() | {
        "choices": [],
        "usage": {
            "prompt_tokens": prompt,
            "completion_tokens": completion,
            "total_tokens": prompt + completion,
        },
    }


def _calls(*fragments: dict[str, Any]) -> dict[str, Any]:
    return {"tool_calls": list(fragments)}


def _fragment(
    index: int | None = None,
    id: str | None = None,
    name: str | None = None,
    arguments: str | None = None,
    type: str | None = None,
) -> dict[str, Any]:
    function = {
        key: value for key, value in (("name", name), ("arguments", arguments)) if value is not None
    }
    fields = (("index", index), ("id", id), ("type", type), ("function", function or None))
    return {key: value for key, value in fields if value is not None}


def _off_spec(*events: dict[str, Any]) -> list[str]:
    """Payloads that real hosts send but the OpenAI schema forbids (usually: no ``index``)."""
    return [json.dumps(event) for event in events]


def _accumulate(payloads: Iterable[str]) -> tuple[list[StreamDelta], AssembledChatMessage | None]:
    accumulator = ChatCompletionAccumulator()
    deltas = [delta for payload in payloads for delta in accumulator.add(payload)]
    return deltas, accumulator.build()


def _built(payloads: Iterable[str]) -> AssembledChatMessage:
    message = _accumulate(payloads)[1]
    assert message is not None
    return message


def _call(id: str, name: str, arguments: str) -> ToolCall:
    return read_call(call_id=id, function_name=name, arguments_json=arguments)


def _spec_example_as_sse(openai_examples: Path, line_end: str) -> str:
    text = (openai_examples / "chat_streaming.response.txt").read_text(encoding="utf-8")
    # The transcript shows bare payloads; on the wire each is the data of one SSE event. Its
    # "...." line (elided chunks) thus arrives as an unreadable payload, which must be skipped.
    payloads = [line for line in text.splitlines() if line.strip()] + ["[DONE]"]
    return "".join(f"data: {payload}{line_end}{line_end}" for payload in payloads)


@pytest.mark.parametrize("line_end", ["\n", "\r\n"], ids=["lf", "crlf"])
@pytest.mark.parametrize("seed", range(8))
def test_spec_example_streams_its_text(
    openai_examples: Path, decode_in_chunks: Decode, seed: int, line_end: str
):
    events = decode_in_chunks(_spec_example_as_sse(openai_examples, line_end), seed)

    deltas, message = _accumulate(event.data for event in events)

    assert deltas == [TextDelta(text="Hello")]
    assert message == AssembledChatMessage(
        content="Hello", reasoning_content=None, tool_calls=(), finish_reason="stop", usage=None
    )


@pytest.mark.parametrize("seed", range(8))
def test_tool_call_stream_survives_random_chunks(chat_wire, decode_in_chunks: Decode, seed: int):
    text = (
        chat_wire.sse(
            _chunk({"role": "assistant", "content": "Let me look."}),
            _chunk(_calls(_fragment(0, "call_a", "web_search", "", "function"))),
            _chunk(_calls(_fragment(0, arguments='{"query": "Ölpreis – heute"'))),
            _chunk(_calls(_fragment(0, arguments="}"))),
            _chunk(finish_reason="tool_calls"),
            _usage_chunk(20, 9),
            line_end="\r\n",
        )
        + "data: [DONE]\r\n\r\n"
    )

    deltas, message = _accumulate(event.data for event in decode_in_chunks(text, seed))

    assert deltas == [
        TextDelta(text="Let me look."),
        UsageDelta(usage=TokenUsage(input_tokens=20, output_tokens=9)),
    ]
    assert message == AssembledChatMessage(
        content="Let me look.",
        reasoning_content=None,
        tool_calls=(_call("call_a", "web_search", '{"query": "Ölpreis – heute"}'),),
        finish_reason="tool_calls",
        usage=TokenUsage(input_tokens=20, output_tokens=9),
    )


@pytest.mark.parametrize(
    "payload",
    ["", "not json", '{"id": ', "[1, 2]", '"text"', "null", "[" * 100_000],
    ids=["empty", "prose", "cut", "array", "string", "null", "too-deep"],
)
def test_unreadable_payloads_are_skipped(chat_wire, payload: str):
    deltas, message = _accumulate([payload, chat_wire.payload(_chunk({"content": "ok"}))])

    assert deltas == [TextDelta(text="ok")]
    assert message is not None
    assert message.content == "ok"


def test_build_is_none_when_no_payload_was_readable():
    assert _accumulate([]) == ([], None)
    assert _accumulate(["", "garbage", "[DONE]"]) == ([], None)


def test_usage_is_read_from_a_chunk_without_choices(chat_wire):
    deltas, message = _accumulate(chat_wire.payloads(_usage_chunk(37, 11)))

    assert deltas == [UsageDelta(usage=TokenUsage(input_tokens=37, output_tokens=11))]
    assert message == AssembledChatMessage(
        content=None,
        reasoning_content=None,
        tool_calls=(),
        finish_reason=None,
        usage=TokenUsage(input_tokens=37, output_tokens=11),
    )


def test_usage_read_on_a_chunk_with_choices_and_the_last_report_wins(chat_wire):
    # Some hosts report the usage so far on every chunk.
    first = _chunk({"content": "a"}) | {"usage": _usage_chunk(5, 1)["usage"]}
    last = _chunk({"content": "b"}) | {"usage": _usage_chunk(5, 2)["usage"]}

    deltas, message = _accumulate(chat_wire.payloads(first, last))

    assert deltas == [
        UsageDelta(usage=TokenUsage(input_tokens=5, output_tokens=1)),
        TextDelta(text="a"),
        UsageDelta(usage=TokenUsage(input_tokens=5, output_tokens=2)),
        TextDelta(text="b"),
    ]
    assert message is not None
    assert message.usage == TokenUsage(input_tokens=5, output_tokens=2)


def test_null_usage_is_no_usage(chat_wire):
    deltas, message = _accumulate(chat_wire.payloads(_chunk({"content": "x"}) | {"usage": None}))

    assert deltas == [TextDelta(text="x")]
    assert message is not None
    assert message.usage is None


def test_content_streams_live_and_empty_pieces_are_not_shown(chat_wire):
    deltas, message = _accumulate(
        chat_wire.payloads(
            _chunk({"role": "assistant", "content": ""}),
            _chunk({"content": "Hel"}),
            _chunk({"content": None}),
            _chunk({"content": "lo"}),
        )
    )

    assert deltas == [TextDelta(text="Hel"), TextDelta(text="lo")]
    assert message is not None
    assert message.content == "Hello"


def test_content_that_stayed_empty_is_no_content(chat_wire):
    message = _built(
        chat_wire.payloads(
            _chunk({"role": "assistant", "content": ""}),
            _chunk(_calls(_fragment(0, "call_a", "clock", "{}", "function"))),
        )
    )

    assert message.content is None
    assert message.tool_calls == (_call("call_a", "clock", "{}"),)


@pytest.mark.parametrize("field", ["reasoning_content", "reasoning"])
def test_reasoning_is_accumulated_under_either_name(chat_wire, field: str):
    deltas, message = _accumulate(
        chat_wire.payloads(
            _chunk({field: "Think"}), _chunk({field: "ing."}), _chunk({"content": "Answer"})
        )
    )

    assert deltas == [TextDelta(text="Answer")]
    assert message is not None
    assert message.reasoning_content == "Thinking."
    assert message.content == "Answer"


def test_reasoning_sent_under_both_names_is_kept_once(chat_wire):
    message = _built(chat_wire.payloads(_chunk({"reasoning_content": "a", "reasoning": "a"})))

    assert message.reasoning_content == "a"


def test_fragments_correlate_by_index(chat_wire):
    message = _built(
        chat_wire.payloads(
            _chunk(_calls(_fragment(0, "call_a", "web_search", "", "function"))),
            _chunk(_calls(_fragment(1, "call_b", "read_web_page", "", "function"))),
            _chunk(_calls(_fragment(1, arguments='{"url": '), _fragment(0, arguments='{"q'))),
            _chunk(_calls(_fragment(0, arguments='uery": "x"}'))),
            _chunk(_calls(_fragment(1, arguments='"https://example.org"}'))),
        )
    )

    assert message.tool_calls == (
        _call("call_a", "web_search", '{"query": "x"}'),
        _call("call_b", "read_web_page", '{"url": "https://example.org"}'),
    )


def test_a_known_index_wins_over_a_different_id(chat_wire):
    message = _built(
        chat_wire.payloads(
            _chunk(_calls(_fragment(0, "call_a", "clock", '{"zone":', "function"))),
            _chunk(_calls(_fragment(0, "call_other", arguments=' "UTC"}'))),
        )
    )

    assert message.tool_calls == (_call("call_a", "clock", '{"zone": "UTC"}'),)


def test_fragments_without_index_correlate_by_id():
    message = _built(
        _off_spec(
            _chunk(_calls(_fragment(None, "call_a", "clock", '{"zone": '))),
            _chunk(_calls(_fragment(None, "call_b", "web_search", '{"query": '))),
            _chunk(_calls(_fragment(None, "call_a", arguments='"UTC"}'))),
            _chunk(_calls(_fragment(None, "call_b", arguments='"news"}'))),
        )
    )

    assert message.tool_calls == (
        read_call(call_id="call_a", function_name="clock", arguments_json='{"zone": "UTC"}'),
        read_call(call_id="call_b", function_name="web_search", arguments_json='{"query": "news"}'),
    )


def test_a_fragment_with_a_known_id_and_a_new_index_joins_that_call():
    message = _built(
        _off_spec(
            _chunk(_calls(_fragment(None, "call_a", "clock", '{"zone": '))),
            _chunk(_calls(_fragment(3, "call_a", arguments='"UTC"'))),
            _chunk(_calls(_fragment(3, arguments="}"))),
        )
    )

    assert message.tool_calls == (_call("call_a", "clock", '{"zone": "UTC"}'),)


def test_a_fragment_without_index_or_id_continues_the_last_opened_call():
    message = _built(
        _off_spec(
            _chunk(_calls(_fragment(None, "call_a", "clock", "{}"))),
            _chunk(_calls(_fragment(None, "call_b", "web_search", '{"query":'))),
            _chunk(_calls(_fragment(arguments=' "news"}'))),
        )
    )

    assert message.tool_calls == (
        _call("call_a", "clock", "{}"),
        _call("call_b", "web_search", '{"query": "news"}'),
    )


def test_a_fragment_before_any_call_opens_one(chat_wire):
    message = _built(chat_wire.payloads(_chunk(_calls(_fragment(0, arguments='{"a": 1}')))))

    assert message.tool_calls == (
        read_call(call_id="", function_name="", arguments_json='{"a": 1}'),
    )


def test_a_fragment_with_neither_index_nor_id_opens_the_first_call():
    message = _built(_off_spec(_chunk(_calls(_fragment(name="clock")))))

    assert message.tool_calls == (_call("", "clock", "{}"),)


def test_a_new_index_without_id_opens_a_new_call(chat_wire):
    message = _built(
        chat_wire.payloads(
            _chunk(_calls(_fragment(0, "call_a", "clock", "{}", "function"))),
            _chunk(_calls(_fragment(1, name="clock", arguments="{}"))),
        )
    )

    assert message.tool_calls == (_call("call_a", "clock", "{}"), _call("", "clock", "{}"))


def test_first_non_empty_id_type_and_name_win(chat_wire):
    message = _built(
        chat_wire.payloads(
            _chunk(_calls(_fragment(0, "", "", "", "function"))),
            _chunk(_calls(_fragment(0, "call_a", "web_search"))),
            _chunk(_calls(_fragment(0, "call_z", "read_web_page", "{}", "function"))),
        )
    )
    # And a type that a host sent first, though only "function" is in the spec.
    odd_type = _built(
        _off_spec(
            _chunk(_calls(_fragment(0, "call_a", "clock", type="custom"))),
            _chunk(_calls(_fragment(0, type="function"))),
        )
    )

    assert message.tool_calls == (_call("call_a", "web_search", "{}"),)
    assert not odd_type.tool_calls[0].is_valid


def test_arguments_are_appended_verbatim(chat_wire):
    pieces = ['{"query"', ": ", '"a b', '"', ",", ' "page": 2', "}"]

    message = _built(
        chat_wire.payloads(
            _chunk(_calls(_fragment(0, "call_a", "web_search", "", "function"))),
            *(_chunk(_calls(_fragment(0, arguments=piece))) for piece in pieces),
        )
    )

    assert message.tool_calls[0].arguments_json == '{"query": "a b", "page": 2}'


def test_broken_arguments_are_kept_as_they_came(chat_wire):
    message = _built(
        chat_wire.payloads(_chunk(_calls(_fragment(0, "call_a", "clock", '{"zone": ', "function"))))
    )

    assert message.tool_calls[0].arguments_json == '{"zone": '


@pytest.mark.parametrize("arguments", [None, "", "  \n"], ids=["none", "empty", "blank"])
def test_missing_arguments_become_an_empty_object(chat_wire, arguments: str | None):
    message = _built(
        chat_wire.payloads(_chunk(_calls(_fragment(0, "call_a", "clock", arguments, "function"))))
    )

    assert message.tool_calls == (_call("call_a", "clock", "{}"),)


def test_a_call_without_type_is_a_function_call(chat_wire):
    message = _built(chat_wire.payloads(_chunk(_calls(_fragment(0, "call_a", "clock", "{}")))))

    assert message.tool_calls[0].is_valid


def test_finish_reason_is_recorded(chat_wire):
    message = _built(
        chat_wire.payloads(
            _chunk(_calls(_fragment(0, "call_a", "clock", "{}", "function"))),
            _chunk(finish_reason="tool_calls"),
            _usage_chunk(1, 1),
        )
    )

    assert message.finish_reason == "tool_calls"


def test_only_the_first_choice_is_read(chat_wire):
    second = {"index": 1, "delta": {"content": "other"}, "logprobs": None, "finish_reason": None}
    both = _chunk({"content": "mine"})
    both["choices"].insert(0, second)
    only_second = _chunk() | {"choices": [second]}

    deltas, message = _accumulate(chat_wire.payloads(both, only_second))

    assert deltas == [TextDelta(text="mine")]
    assert message is not None
    assert message.content == "mine"


def test_an_error_inside_the_stream_is_kept_for_the_adapter():
    accumulator = ChatCompletionAccumulator()
    accumulator.add(json.dumps({"error": {"message": "Upstream timed out", "code": 504}}))

    assert accumulator.error == "504: Upstream timed out"
    assert accumulator.build() == AssembledChatMessage(
        content=None, reasoning_content=None, tool_calls=(), finish_reason=None, usage=None
    )


def test_module_exports():
    assert sorted(chat_completions_stream.__all__) == [
        "AssembledChatMessage",
        "ChatCompletionAccumulator",
        "SourceDelta",
        "StreamDelta",
        "TextDelta",
        "TokenUsage",
        "UsageDelta",
    ]
