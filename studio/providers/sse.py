"""An incremental decoder for Server-Sent Events, the framing all three wire APIs stream in.

It follows the event stream interpretation of the WHATWG HTML standard ("Server-sent events",
section 9.2.6), minus the parts that belong to a browser's ``EventSource`` (reconnecting):

- A line ends with CRLF, LF or CR. A blank line dispatches the event gathered so far.
- A line starting with a colon is a comment and is ignored (hosts send them as keep-alives).
- ``field: value`` loses one space after the colon; a line without a colon is a field with an
  empty value. Fields other than ``event``, ``data`` and ``id`` are ignored, ``retry`` too: it
  sets the reconnection time, and reconnecting is left out.
- Several ``data`` lines are joined with line feeds. Without any ``data`` line, a blank line
  dispatches nothing.
- ``id`` sets the last event ID, which later events keep until another ``id`` changes it; an ID
  containing U+0000 is ignored.
- One byte order mark at the very start of the stream is dropped.

The decoder takes text, not bytes, so that the caller's HTTP client decodes UTF-8 incrementally
(``httpx.Response.aiter_text()``). Text may be cut anywhere, even between the CR and LF of one
line ending.

One line, and one event's ``data``, may be at most :data:`MAX_LINE_CHARACTERS` long, a bound
the standard does not set but a client with finite memory must: past it :meth:`SSEDecoder.feed`
raises :class:`EventTooLarge` as soon as the limit is passed, without waiting for the line to
end.

A stream that ends without a blank line after its last event leaves that event undispatched:
the standard discards it, because the connection may have dropped halfway through the event.
:attr:`SSEDecoder.incomplete` tells whether that happened.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

__all__ = ["MAX_LINE_CHARACTERS", "EventTooLarge", "SSEDecoder", "ServerSentEvent"]

MAX_LINE_CHARACTERS = 4 * 1024 * 1024
"""The longest line, and the longest ``data`` of one event, a decoder accepts: 4 Mi characters.

The largest event a model sends carries a whole tool call's arguments or a whole output item,
a few hundred kilobytes at most.
"""

_LINE_END = re.compile(r"\r\n|\r|\n")
_BYTE_ORDER_MARK = "\ufeff"


class EventTooLarge(ValueError):
    """A line, or the data of one event, is longer than the decoder's limit."""


@dataclass(frozen=True, kw_only=True)
class ServerSentEvent:
    """One dispatched event."""

    event: str
    """The event type; ``"message"`` when the event had no ``event`` field."""
    data: str
    """The ``data`` lines joined with line feeds; may be empty."""
    id: str | None
    """The last event ID at dispatch: None until an ``id`` field appears in the stream, and
    ``""`` after an empty ``id`` field reset it."""


class SSEDecoder:
    """Turns text chunks of one event stream into events, keeping what is not complete yet.

    One decoder belongs to one stream. Example::

        decoder = SSEDecoder()
        async for text in response.aiter_text():
            for event in decoder.feed(text):
                handle(event.data)

    Args:
        max_line: The longest line and event ``data`` accepted, in characters.
    """

    def __init__(self, *, max_line: int = MAX_LINE_CHARACTERS) -> None:
        self._max_line = max_line
        self._pending_size = 0
        self._data_size = 0
        # The start of a line whose end has not arrived yet, in the pieces it came in, so that
        # a long line fed in many small chunks is neither rescanned nor recopied per chunk.
        self._pending_line: list[str] = []
        self._after_cr = False
        self._started = False
        self._event_type = ""
        self._data_lines: list[str] = []
        self._id_buffer: str | None = None
        self._last_event_id: str | None = None

    @property
    def incomplete(self) -> bool:
        """Whether the text so far ends inside an event that a blank line has not dispatched."""
        return bool(self._pending_line or self._data_lines or self._event_type)

    def feed(self, text: str) -> list[ServerSentEvent]:
        """Decode the next chunk of the stream.

        Returns:
            The events this chunk completed, in stream order; often none.

        Raises:
            EventTooLarge: a line or an event passed the limit.
        """
        if not text:
            return []
        if not self._started:
            self._started = True
            text = text.removeprefix(_BYTE_ORDER_MARK)
        if self._after_cr and text.startswith("\n"):
            # The LF of a CRLF whose CR ended the previous chunk; that line is already done.
            text = text[1:]
        events: list[ServerSentEvent] = []
        position = 0
        for line_end in _LINE_END.finditer(text):
            line = text[position : line_end.start()]
            if self._pending_line:
                if self._pending_size + len(line) > self._max_line:
                    raise EventTooLarge
                line = "".join([*self._pending_line, line])
                self._pending_line.clear()
                self._pending_size = 0
            elif len(line) > self._max_line:
                raise EventTooLarge
            self._read_line(line, events)
            position = line_end.end()
        if position < len(text):
            rest = text[position:]
            self._pending_size += len(rest)
            if self._pending_size > self._max_line:
                raise EventTooLarge
            self._pending_line.append(rest)
        # A CR at the very end may be the first half of a CRLF cut by the chunking.
        self._after_cr = text.endswith("\r")
        return events

    def _read_line(self, line: str, events: list[ServerSentEvent]) -> None:
        if not line:
            self._dispatch(events)
            return
        if line.startswith(":"):
            return
        name, colon, value = line.partition(":")
        if colon and value.startswith(" "):
            value = value[1:]
        match name:
            case "event":
                self._event_type = value
            case "data":
                self._data_size += len(value) + 1
                if self._data_size > self._max_line:
                    raise EventTooLarge
                self._data_lines.append(value)
            case "id":
                if "\0" not in value:
                    self._id_buffer = value
            case _:
                pass

    def _dispatch(self, events: list[ServerSentEvent]) -> None:
        # The standard updates the last event ID even when there is no data to dispatch.
        self._last_event_id = self._id_buffer
        data_lines, self._data_lines = self._data_lines, []
        self._data_size = 0
        event_type, self._event_type = self._event_type, ""
        if not data_lines:
            return
        events.append(
            ServerSentEvent(
                event=event_type or "message",
                data="\n".join(data_lines),
                id=self._last_event_id,
            )
        )
