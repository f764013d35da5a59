from __future__ import annotations

import json
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

import pytest

from studio.kernel.calls import ToolCall
from studio.kernel.result import Source, SourceOrigin
from studio.providers import responses_stream
from studio.providers.responses_stream import (
    AssembledResponse,
    ResponsesAccumulator,
    SourceDelta,
    StreamDelta,
    TextDelta,
    TokenUsage,
    UsageDelta,
)
from studio.providers.sse import ServerSentEvent

Decode = Callable[[str, int], list[ServerSentEvent]]

_MESSAGE_ID = "msg_67c9fdcf37fc8190ba82116e33fb28c5"
_USAGE = {
    "input_tokens": 120,
    "input_tokens_details": {"cached_tokens": 0, "cache_write_tokens": 0},
    "output_tokens": 45,
    "output_tokens_details": {"reasoning_tokens": 30},
    "total_tokens": 165,
}


def _numbered(*events: dict[str, Any]) -> list[dict[str, Any]]:
    return [{**event, "sequence_number": number} for number, event in enumerate(events, 1)]


def _response(status: str, output: list[dict[str, Any]], **fields: Any) -> dict[str, Any]:
    response = {
        "id": "resp_67c9fdcecf488190bdd9a0409de3a1ec",
        "object": "response",
        "created_at": 1741290958,
        "status": status,
        "error": None,
        "incomplete_details": None,
        "instructions": "You are a helpful assistant.",
        "model": "gpt-5.4",
        "output": output,
        "parallel_tool_calls": False,
        "metadata": {},
        "tool_choice": "auto",
        "temperature": 1.0,
        "top_p": 1.0,
        "tools": [],
    }
    return response | fields


def _message(text: str, *annotations: dict[str, Any], status: str = "completed") -> dict[str, Any]:
    part = {"type": "output_text", "text": text, "annotations": list(annotations), "logprobs": []}
    return {
        "id": _MESSAGE_ID,
        "type": "message",
        "role": "assistant",
        "status": status,
        "content": [part] if text else [],
    }


def _function_call(
    name: str, arguments: str, call_id: str = "call_1", status: str = "completed"
) -> dict[str, Any]:
    return {
        "id": f"fc_{call_id}",
        "type": "function_call",
        "call_id": call_id,
        "name": name,
        "arguments": arguments,
        "status": status,
    }


def _reasoning(encrypted: str = "gAAAAABo-encrypted") -> dict[str, Any]:
    return {
        "id": "rs_68af4030592c",
        "type": "reasoning",
        "summary": [{"type": "summary_text", "text": "**Looking it up**"}],
        "encrypted_content": encrypted,
    }


def _citation(url: str, title: str) -> dict[str, Any]:
    return {"type": "url_citation", "url": url, "title": title, "start_index": 0, "end_index": 5}


def _added(index: int, item: dict[str, Any]) -> dict[str, Any]:
    return {"type": "response.output_item.added", "output_index": index, "item": item}


def _done(index: int, item: dict[str, Any]) -> dict[str, Any]:
    return {"type": "response.output_item.done", "output_index": index, "item": item}


def _text(delta: str, index: int = 0) -> dict[str, Any]:
    return {
        "type": "response.output_text.delta",
        "item_id": _MESSAGE_ID,
        "output_index": index,
        "content_index": 0,
        "delta": delta,
        "logprobs": [],
    }


def _annotation(annotation: dict[str, Any], number: int = 0) -> dict[str, Any]:
    return {
        "type": "response.output_text.annotation.added",
        "item_id": _MESSAGE_ID,
        "output_index": 0,
        "content_index": 0,
        "annotation_index": number,
        "annotation": annotation,
    }


def _arguments(index: int, delta: str, item_id: str = "fc_call_1") -> dict[str, Any]:
    return {
        "type": "response.function_call_arguments.delta",
        "item_id": item_id,
        "output_index": index,
        "delta": delta,
    }


def _arguments_done(index: int, name: str, arguments: str) -> dict[str, Any]:
    return {
        "type": "response.function_call_arguments.done",
        "item_id": "fc_call_1",
        "output_index": index,
        "name": name,
        "arguments": arguments,
    }


def _completed(*output: dict[str, Any], **fields: Any) -> dict[str, Any]:
    return {
        "type": "response.completed",
        "response": _response("completed", list(output), **fields),
    }


def _accumulate(payloads: Iterable[str]) -> tuple[list[StreamDelta], AssembledResponse | None]:
    accumulator = ResponsesAccumulator()
    deltas = [delta for payload in payloads for delta in accumulator.add(payload)]
    return deltas, accumulator.build()


def _built(payloads: Iterable[str]) -> AssembledResponse:
    response = _accumulate(payloads)[1]
    assert response is not None
    return response


def _source(url: str, title: str) -> Source:
    return Source(title=title, url=url, origin=SourceOrigin.MODEL)


def _tool_round() -> list[dict[str, Any]]:
    """Reasoning, a preamble, then one call, the way a reasoning model answers with a tool."""
    call = _function_call("web_search", '{"query": "oil price"}')
    streaming_call = _function_call("web_search", "", status="in_progress")
    return _numbered(
        _added(0, _reasoning("") | {"summary": []}),
        _done(0, _reasoning()),
        _added(1, _message("", status="in_progress")),
        _text("Let me "),
        _text("check."),
        _done(1, _message("Let me check.")),
        _added(2, streaming_call),
        _arguments(2, '{"query": '),
        _arguments(2, '"oil price"}'),
        _arguments_done(2, "web_search", '{"query": "oil price"}'),
        _done(2, call),
        _completed(_reasoning(), _message("Let me check."), call, usage=_USAGE),
    )


@pytest.mark.parametrize("seed", range(8))
def test_spec_example_streams_its_text_and_items(
    openai_examples: Path, decode_in_chunks: Decode, seed: int
):
    text = (openai_examples / "responses_streaming.response.txt").read_text(encoding="utf-8")
    # The transcript stops before the blank line that ends its last event on the wire.
    events = decode_in_chunks(text + "\n", seed)

    deltas, response = _accumulate(event.data for event in events)

    final = json.loads(events[-1].data)["response"]
    usage = TokenUsage(input_tokens=37, output_tokens=11)
    assert deltas == [TextDelta(text="Hi"), UsageDelta(usage=usage)]
    # The example elides most text deltas ("..."); what streamed is what the user saw.
    assert response == AssembledResponse(
        status="completed",
        output_items=tuple(final["output"]),
        text="Hi",
        calls=(),
        sources=(),
        usage=usage,
        error=None,
        incomplete_reason=None,
    )


@pytest.mark.parametrize("seed", range(8))
def test_a_tool_round_survives_random_chunks(responses_wire, decode_in_chunks: Decode, seed: int):
    text = responses_wire.sse(*_tool_round(), line_end="\r\n")

    deltas, response = _accumulate(event.data for event in decode_in_chunks(text, seed))

    assert deltas == [
        TextDelta(text="Let me "),
        TextDelta(text="check."),
        UsageDelta(usage=TokenUsage(input_tokens=120, output_tokens=45)),
    ]
    assert response is not None
    assert response.text == "Let me check."
    assert response.calls == (
        ToolCall(
            call_id="call_1",
            function_name="web_search",
            arguments_json='{"query": "oil price"}',
            is_valid=True,
        ),
    )


def test_every_output_item_is_kept_in_order_reasoning_included(responses_wire):
    response = _built(responses_wire.payloads(*_tool_round()))

    assert [item["type"] for item in response.output_items] == [
        "reasoning",
        "message",
        "function_call",
    ]
    assert response.output_items[0] == _reasoning()


def test_items_come_from_the_done_events_when_the_final_response_lists_none(responses_wire):
    events = _tool_round()
    events[-1]["response"]["output"] = []

    response = _built(responses_wire.payloads(*events))

    # The done version of the reasoning item, with its complete encrypted content.
    assert response.output_items == (
        _reasoning(),
        _message("Let me check."),
        _function_call("web_search", '{"query": "oil price"}'),
    )


def test_the_final_response_output_wins_over_the_done_events(responses_wire):
    events = _tool_round()
    events[-1]["response"]["output"][0] = _reasoning("gAAAAABo-final")

    response = _built(responses_wire.payloads(*events))

    assert response.output_items[0] == _reasoning("gAAAAABo-final")


def test_a_call_that_never_got_its_done_event_takes_the_streamed_arguments(responses_wire):
    response = _built(
        responses_wire.payloads(
            *_numbered(
                _added(0, _function_call("clock", "", status="in_progress")),
                _arguments(0, '{"zone": '),
                _arguments(0, '"UTC"}'),
                _completed(),
            )
        )
    )

    assert response.output_items == (
        _function_call("clock", '{"zone": "UTC"}', status="in_progress"),
    )
    assert response.calls == (
        ToolCall(
            call_id="call_1", function_name="clock", arguments_json='{"zone": "UTC"}', is_valid=True
        ),
    )


def test_the_arguments_done_event_wins_over_the_pieces(responses_wire):
    response = _built(
        responses_wire.payloads(
            *_numbered(
                _added(0, _function_call("clock", "", status="in_progress")),
                _arguments(0, '{"zone": "U'),
                _arguments_done(0, "clock", '{"zone": "UTC"}'),
                _completed(),
            )
        )
    )

    assert response.calls[0].arguments_json == '{"zone": "UTC"}'


@pytest.mark.parametrize(
    ("name", "arguments", "expected_arguments", "is_valid"),
    [
        ("clock", '{"zone": "UTC"}', '{"zone": "UTC"}', True),
        ("clock", "", "{}", True),
        ("clock", '{"zone": ', '{"zone": ', False),
        ("clock", "[1, 2]", "[1, 2]", False),
        ("clock", '"UTC"', '"UTC"', False),
        ("", "{}", "{}", False),
        ("  ", "{}", "{}", False),
    ],
    ids=["valid", "empty-arguments", "broken-json", "array", "string", "no-name", "blank-name"],
)
def test_a_call_is_valid_with_a_name_and_an_object_of_arguments(
    responses_wire, name: str, arguments: str, expected_arguments: str, is_valid: bool
):
    call = _function_call(name, arguments)

    response = _built(responses_wire.payloads(*_numbered(_done(0, call), _completed(call))))

    assert response.calls == (
        ToolCall(
            call_id="call_1",
            function_name=name,
            arguments_json=expected_arguments,
            is_valid=is_valid,
        ),
    )


def test_a_call_without_call_id_is_kept_with_an_empty_id():
    # call_id is required by the spec; a host that leaves it out makes the call unanswerable.
    call = _function_call("clock", "{}")
    del call["call_id"]
    payloads = [json.dumps(event) for event in _numbered(_done(0, call), _completed(call))]

    response = _built(payloads)

    assert response.calls == (
        ToolCall(call_id="", function_name="clock", arguments_json="{}", is_valid=True),
    )


def test_citation_sources_stream_live_once_per_address(responses_wire):
    first = _citation("https://example.org/a", "Example A")
    other = {"type": "file_citation", "file_id": "file-1", "filename": "notes.txt", "index": 0}
    events = _numbered(
        _added(0, _message("", status="in_progress")),
        _text("Oil rose."),
        _annotation(first),
        _annotation(other, 1),
        _annotation(first, 2),
        _annotation(_citation("https://example.org/b", ""), 3),
        _completed(_message("Oil rose.", first)),
    )

    deltas, response = _accumulate(responses_wire.payloads(*events))

    sources = (_source("https://example.org/a", "Example A"), _source("https://example.org/b", ""))
    assert deltas == [
        TextDelta(text="Oil rose."),
        SourceDelta(source=sources[0]),
        SourceDelta(source=sources[1]),
    ]
    assert response is not None
    assert response.sources == sources


def test_citations_of_the_final_items_are_sources_too(responses_wire):
    message = _message("Oil rose.", _citation("https://example.org/a", "Example A"))

    response = _built(responses_wire.payloads(*_numbered(_completed(message))))

    assert response.sources == (_source("https://example.org/a", "Example A"),)
    # No text streamed, so the text comes from the message item.
    assert response.text == "Oil rose."


def test_a_stream_cut_before_its_end_builds_nothing(responses_wire):
    events = _tool_round()[:-1]
    accumulator = ResponsesAccumulator()

    deltas = [
        delta for payload in responses_wire.payloads(*events) for delta in accumulator.add(payload)
    ]

    assert deltas == [TextDelta(text="Let me "), TextDelta(text="check.")]
    assert accumulator.build() is None


def test_an_incomplete_response_is_built_with_its_reason(responses_wire):
    event = {
        "type": "response.incomplete",
        "response": _response(
            "incomplete",
            [_message("Oil ro", status="incomplete")],
            incomplete_details={"reason": "max_output_tokens"},
            usage=_USAGE,
        ),
    }

    response = _built(responses_wire.payloads(*_numbered(_text("Oil ro"), event)))

    assert response.status == "incomplete"
    assert response.incomplete_reason == "max_output_tokens"
    assert response.text == "Oil ro"
    assert response.usage == TokenUsage(input_tokens=120, output_tokens=45)


def test_a_failed_response_is_built_with_its_error(responses_wire):
    error = {"code": "server_error", "message": "The model failed to generate a response."}
    event = {"type": "response.failed", "response": _response("failed", [], error=error)}

    response = _built(responses_wire.payloads(*_numbered(event)))

    assert response.status == "failed"
    assert response.error == "server_error: The model failed to generate a response."
    assert response.usage is None


def test_an_error_event_ends_the_stream_as_failed(responses_wire):
    error = {
        "type": "error",
        "code": "ERR_SOMETHING",
        "message": "Something went wrong",
        "param": None,
    }
    accumulator = ResponsesAccumulator()

    for payload in responses_wire.payloads(*_numbered(_text("Oil"), error)):
        accumulator.add(payload)

    assert accumulator.error == "ERR_SOMETHING: Something went wrong"
    response = accumulator.build()
    assert response is not None
    assert (response.status, response.error, response.text) == (
        "failed",
        "ERR_SOMETHING: Something went wrong",
        "Oil",
    )


def test_events_that_carry_no_answer_text_are_ignored(responses_wire):
    summary = {
        "type": "response.reasoning_summary_text.delta",
        "item_id": "rs_68af4030592c",
        "output_index": 0,
        "summary_index": 0,
        "delta": "**Thinking**",
    }
    created = {"type": "response.created", "response": _response("in_progress", [])}

    deltas, response = _accumulate(
        ["", "garbage", "[DONE]", *responses_wire.payloads(*_numbered(created, summary))]
    )

    assert deltas == []
    assert response is None


def test_the_spec_checks_the_hand_written_events(responses_wire):
    with pytest.raises(pytest.fail.Exception, match="breaks the spec"):
        responses_wire.payload(_text("no sequence number"))


def test_module_exports():
    assert sorted(responses_stream.__all__) == [
        "AssembledResponse",
        "ResponseStatus",
        "ResponsesAccumulator",
        "SourceDelta",
        "StreamDelta",
        "TextDelta",
        "TokenUsage",
        "UsageDelta",
    ]
