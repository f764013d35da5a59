from __future__ import annotations

from collections.abc import Callable, Iterable
from pathlib import Path

import pytest

from studio.providers.sse import ServerSentEvent, SSEDecoder

Decode = Callable[[str, int], list[ServerSentEvent]]


def _decode(chunks: Iterable[str]) -> list[ServerSentEvent]:
    decoder = SSEDecoder()
    return [event for chunk in chunks for event in decoder.feed(chunk)]


def _event(data: str, event: str = "message", id: str | None = None) -> ServerSentEvent:
    return ServerSentEvent(event=event, data=data, id=id)


# A stream that uses every feature once, with CRLF line ends so that cuts can split them.
_RICH_STREAM = (
    ": keep-alive\r\n"
    "\r\n"
    "event: message_start\r\n"
    'data: {"type": "message_start"}\r\n'
    "\r\n"
    "id: 7\r\n"
    "data: first line\r\n"
    "data:second line\r\n"
    "retry: 1500\r\n"
    "\r\n"
    "event: ping\r\n"
    "data\r\n"
    "\r\n"
)
_RICH_EVENTS = [
    _event('{"type": "message_start"}', "message_start"),
    _event("first line\nsecond line", id="7"),
    _event("", "ping", id="7"),
]


def test_decoder_reads_event_type_data_and_id():
    events = _decode(["event: delta\ndata: hello\nid: abc\n\n"])

    assert events == [_event("hello", "delta", "abc")]


def test_decoder_names_an_event_without_event_field_message():
    assert _decode(["data: x\n\n"]) == [_event("x")]


def test_decoder_joins_data_lines_with_line_feeds():
    assert _decode(["data: one\ndata: two\ndata:\ndata: four\n\n"]) == [_event("one\ntwo\n\nfour")]


def test_decoder_ignores_comments():
    events = _decode([": keep-alive\n\n", "data: a\n: between the lines\ndata: b\n\n"])

    assert events == [_event("a\nb")]


@pytest.mark.parametrize("line_end", ["\n", "\r\n", "\r"], ids=["lf", "crlf", "cr"])
def test_decoder_accepts_every_line_ending(line_end: str):
    text = _RICH_STREAM.replace("\r\n", line_end)

    assert _decode([text]) == _RICH_EVENTS


def test_decoder_accepts_mixed_line_endings():
    assert _decode(["data: a\rdata: b\ndata: c\r\n\r\rdata: d\n\n"]) == [
        _event("a\nb\nc"),
        _event("d"),
    ]


def test_decoder_survives_a_cut_at_every_position():
    for cut in range(len(_RICH_STREAM) + 1):
        events = _decode([_RICH_STREAM[:cut], _RICH_STREAM[cut:]])
        assert events == _RICH_EVENTS, f"cut at {cut}: {_RICH_STREAM[:cut]!r}"


def test_decoder_survives_one_character_at_a_time():
    assert _decode(_RICH_STREAM) == _RICH_EVENTS


@pytest.mark.parametrize("seed", range(20))
def test_decoder_survives_random_chunks(seed: int, decode_in_chunks: Decode):
    assert decode_in_chunks(_RICH_STREAM, seed) == _RICH_EVENTS


def test_decoder_does_not_take_the_lf_of_a_cut_crlf_for_a_blank_line():
    decoder = SSEDecoder()

    assert decoder.feed("data: a\r") == []
    assert decoder.feed("") == []
    assert decoder.feed("\ndata: b\r") == []
    assert decoder.feed("\n\r\n") == [_event("a\nb")]


def test_decoder_takes_a_cr_then_a_later_lf_for_two_line_ends():
    decoder = SSEDecoder()

    assert decoder.feed("data: a\r") == []
    assert decoder.feed("x") == []
    assert decoder.feed("\n") == []
    assert decoder.feed("\n") == [_event("a")]


def test_decoder_does_not_dispatch_a_last_event_without_blank_line():
    decoder = SSEDecoder()

    events = decoder.feed("data: complete\n\ndata: cut off\n")

    assert events == [_event("complete")]
    assert decoder.incomplete


@pytest.mark.parametrize(
    "tail",
    ["", "data: partial", "event: x\n", "data: x\n"],
    ids=["nothing", "line", "type", "data"],
)
def test_decoder_says_whether_the_stream_stopped_inside_an_event(tail: str):
    decoder = SSEDecoder()
    decoder.feed("data: complete\n\n" + tail)

    assert decoder.incomplete == bool(tail)


def test_decoder_removes_only_one_space_after_the_colon():
    assert _decode(["data:  two spaces\ndata:none\n\n"]) == [_event(" two spaces\nnone")]


def test_decoder_reads_a_line_without_colon_as_a_field_with_empty_value():
    assert _decode(["data\n\n", "event\ndata: x\n\n"]) == [_event(""), _event("x")]


def test_decoder_dispatches_nothing_without_data_and_forgets_the_type():
    assert _decode(["event: lonely\n\n", "data: x\n\n"]) == [_event("x")]


def test_decoder_keeps_the_last_event_id_until_it_changes():
    events = _decode(
        [
            "data: before\n\n",
            "id: 1\ndata: a\n\n",
            "data: b\n\n",
            "id: bad\0id\ndata: c\n\n",
            "id\ndata: d\n\n",
        ]
    )

    assert [event.id for event in events] == [None, "1", "1", "1", ""]


def test_decoder_updates_the_last_event_id_even_without_data():
    assert _decode(["id: 42\n\n", "data: x\n\n"]) == [_event("x", id="42")]


@pytest.mark.parametrize("value", ["1500", "15s", ""], ids=["digits", "unit", "empty"])
def test_decoder_ignores_the_retry_field(value: str):
    assert _decode([f"retry: {value}\ndata: x\n\n"]) == [_event("x")]


def test_decoder_ignores_unknown_fields():
    assert _decode(["foo: bar\ndata: x\nDATA: y\n\n"]) == [_event("x")]


def test_decoder_drops_one_byte_order_mark_at_the_start_only():
    events = _decode(["", "\ufeffdata: a\n\n", "\ufeffdata: b\n\n"])

    # The second mark is not at the start, so its line names a field "\ufeffdata", ignored.
    assert events == [_event("a")]


def test_decoder_reads_the_spec_example_of_a_responses_stream(openai_examples: Path):
    text = (openai_examples / "responses_streaming.response.txt").read_text(encoding="utf-8")
    decoder = SSEDecoder()

    events = decoder.feed(text)
    # The transcript stops before the blank line that ends its last event on the wire, so that
    # event is held back, as it would be if the connection had dropped there.
    held_back = decoder.incomplete
    events += decoder.feed("\n")

    assert held_back
    assert not decoder.incomplete
    # The example elides events with "..." lines: a field named "...", which is ignored.
    data_lines = [line for line in text.splitlines() if line.startswith("data: ")]
    assert [event.data for event in events] == [line.removeprefix("data: ") for line in data_lines]
    assert [event.event for event in events][:2] == ["response.created", "response.in_progress"]
    assert events[-1].event == "response.completed"
