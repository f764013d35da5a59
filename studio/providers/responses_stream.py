"""Turning a streamed OpenAI Responses answer back into its output items and tool calls.

The Responses API streams typed events (``{"type": "response.output_text.delta", ...}``), one per
SSE ``data`` payload. :class:`ResponsesAccumulator` reads the ones that matter to Studio:

- ``response.output_text.delta`` is answer text, shown at once.
- ``response.output_text.annotation.added`` with a ``url_citation`` is a source, shown at once.
- ``response.output_item.added`` / ``.done`` and ``response.function_call_arguments.delta`` /
  ``.done`` build the output items; the ``.done`` versions win.
- ``response.completed``, ``response.incomplete`` and ``response.failed`` end the response with
  that status; their ``response`` carries the usage and, authoritatively, every output item.
- ``error`` ends the response as failed.

A stream *finished* when one of those four terminal events arrived; nothing after the first
of them is read, except the terminal event that follows an ``error``. A stream that stops before
(the connection dropped, the server gave up) has no trustworthy output, so :meth:`build` returns
None for it. A finished stream is returned whatever its status; the adapter decides what an
incomplete or failed response means for the user.

The next request must repeat every output item of this one, reasoning items included, or the
API refuses to continue; so the result keeps them all as raw JSON, in order.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from studio.kernel import result
from studio.kernel.calls import ToolCall, parse_json_object, read_call
from studio.providers import _json
from studio.providers._stream import (
    SourceDelta,
    StreamDelta,
    TextDelta,
    TokenUsage,
    UsageDelta,
)

__all__ = [
    "AssembledResponse",
    "ResponseStatus",
    "ResponsesAccumulator",
    "SourceDelta",
    "StreamDelta",
    "TextDelta",
    "TokenUsage",
    "UsageDelta",
]

ResponseStatus = Literal["completed", "incomplete", "failed"]
"""How a finished stream ended: the terminal event that arrived, ``error`` counting as failed."""

_TERMINAL_EVENTS: dict[str, ResponseStatus] = {
    "response.completed": "completed",
    "response.incomplete": "incomplete",
    "response.failed": "failed",
}


@dataclass(frozen=True, kw_only=True)
class AssembledResponse:
    """The response a finished stream described."""

    status: ResponseStatus
    output_items: tuple[_json.JsonObject, ...]
    """Every output item as raw JSON, in output order, to send back as input unchanged."""
    text: str
    """The answer text as it streamed (from the message items if no text streamed)."""
    calls: tuple[ToolCall, ...]
    """The ``function_call`` items in output order."""
    sources: tuple[result.Source, ...]
    """The URL citations, each address once, in the order they arrived."""
    usage: TokenUsage | None
    error: str | None
    """What the provider said went wrong, if anything."""
    incomplete_reason: str | None
    """Why an incomplete response stopped (``"max_output_tokens"``, ``"content_filter"``)."""


class _OutputSlot:
    """One output item while it streams."""

    __slots__ = ("arguments", "done", "final_arguments", "item")

    def __init__(self, item: _json.JsonObject) -> None:
        self.item = item
        self.done = False
        self.arguments: list[str] = []
        self.final_arguments: str | None = None

    def materialise(self) -> _json.JsonObject:
        """The item as it stands, completed with the argument text for an unfinished call."""
        if self.done or self.item.get("type") != "function_call":
            return self.item
        streamed = "".join(self.arguments)
        arguments = self.final_arguments if self.final_arguments is not None else streamed
        return {**self.item, "arguments": arguments}


class ResponsesAccumulator:
    """Gathers the events of one streamed response; one instance per stream."""

    def __init__(self) -> None:
        self._slots: dict[int, _OutputSlot] = {}
        self._slot_keys_by_item_id: dict[str, int] = {}
        self._text: list[str] = []
        self._sources: dict[str, result.Source] = {}
        self._final_output: list[_json.JsonObject] = []
        self._status: ResponseStatus | None = None
        self._usage: TokenUsage | None = None
        self._error: str | None = None
        self._incomplete_reason: str | None = None
        self._finished = False
        self._progress = 0

    @property
    def error(self) -> str | None:
        """What the provider said went wrong so far, if anything."""
        return self._error

    @property
    def finished(self) -> bool:
        """Whether a terminal ``response.*`` event arrived; later events are ignored."""
        return self._finished

    @property
    def progress(self) -> int:
        """How much content arrived so far; ``response.in_progress`` and the like add nothing.

        It counts characters of text, reasoning and arguments, and output items and sources.
        """
        return self._progress

    def add(self, data: str) -> list[StreamDelta]:
        """Read one SSE ``data`` payload; anything that is not a JSON event is skipped.

        Returns:
            What to show at once: text deltas, new sources, and the usage at the end.
        """
        event = parse_json_object(data) if not self._finished else None
        if event is None:
            return []
        event_type = _json.string_field(event, "type") or ""
        if event_type in _TERMINAL_EVENTS:
            self._finished = True
            return self._finish(event, _TERMINAL_EVENTS[event_type])
        match event_type:
            case "response.output_text.delta":
                return self._add_text(_json.string_field(event, "delta"))
            case "response.reasoning_summary_text.delta" | "response.reasoning_text.delta":
                self._progress += len(_json.string_field(event, "delta") or "")
            case "response.output_text.annotation.added":
                return self._add_annotation(_json.object_field(event, "annotation"))
            case "response.output_item.added" | "response.output_item.done":
                self._take_item(event, done=event_type.endswith(".done"))
            case "response.function_call_arguments.delta":
                slot = self._slot_for(event)
                delta = _json.string_field(event, "delta")
                if slot is not None and delta:
                    slot.arguments.append(delta)
                    self._progress += len(delta)
            case "response.function_call_arguments.done":
                slot = self._slot_for(event)
                if slot is not None:
                    slot.final_arguments = _json.string_field(event, "arguments")
            case "error":
                # The error event carries code and message at the top level, beside its type.
                self._error = _json.error_text(
                    {"code": event.get("code"), "message": event.get("message")}
                )
                self._status = "failed"
            case _:
                pass
        return []

    def build(self) -> AssembledResponse | None:
        """The response, or None if the stream never reached a terminal event."""
        if self._status is None:
            return None
        items = self._final_output or [
            self._slots[key].materialise() for key in sorted(self._slots)
        ]
        calls = tuple(
            read_call(
                call_id=_json.string_field(item, "call_id") or "",
                function_name=_json.string_field(item, "name") or "",
                arguments_json=_json.string_field(item, "arguments") or "",
            )
            for item in items
            if item.get("type") == "function_call"
        )
        sources = dict(self._sources)
        for annotation in _annotations(items):
            source = _url_citation(annotation)
            if source is not None:
                sources.setdefault(source.url, source)
        return AssembledResponse(
            status=self._status,
            output_items=tuple(items),
            text="".join(self._text) or "".join(_output_texts(items)),
            calls=calls,
            sources=tuple(sources.values()),
            usage=self._usage,
            error=self._error,
            incomplete_reason=self._incomplete_reason,
        )

    def _finish(self, event: _json.JsonObject, status: ResponseStatus) -> list[StreamDelta]:
        self._status = status
        response = _json.object_field(event, "response") or {}
        output = [item for item in _json.list_field(response, "output") if isinstance(item, dict)]
        if output:
            # Some proxies send the final response without its output; the items gathered from
            # the stream stand in then.
            self._final_output = output
        self._error = _json.error_text(response.get("error")) or self._error
        details = _json.object_field(response, "incomplete_details") or {}
        self._incomplete_reason = _json.string_field(details, "reason")
        usage = _json.object_field(response, "usage")
        if usage is None:
            return []
        self._usage = TokenUsage(
            input_tokens=_json.int_field(usage, "input_tokens") or 0,
            output_tokens=_json.int_field(usage, "output_tokens") or 0,
        )
        return [UsageDelta(usage=self._usage)]

    def _take_item(self, event: _json.JsonObject, *, done: bool) -> None:
        item = _json.object_field(event, "item")
        if item is None:
            return
        item_id = _json.string_field(item, "id")
        key = _json.int_field(event, "output_index")
        if key is None:
            known = self._slot_keys_by_item_id.get(item_id) if item_id else None
            key = known if known is not None else len(self._slots)
        slot = self._slots.get(key)
        if slot is None:
            slot = self._slots[key] = _OutputSlot(item)
            self._progress += 1
        elif done or not slot.done:
            slot.item = item
        slot.done = slot.done or done
        if item_id:
            self._slot_keys_by_item_id[item_id] = key

    def _slot_for(self, event: _json.JsonObject) -> _OutputSlot | None:
        key = _json.int_field(event, "output_index")
        if key is None:
            item_id = _json.string_field(event, "item_id")
            key = self._slot_keys_by_item_id.get(item_id) if item_id else None
        return self._slots.get(key) if key is not None else None

    def _add_text(self, text: str | None) -> list[StreamDelta]:
        if not text:
            return []
        self._text.append(text)
        self._progress += len(text)
        return [TextDelta(text=text)]

    def _add_annotation(self, annotation: _json.JsonObject | None) -> list[StreamDelta]:
        source = _url_citation(annotation) if annotation is not None else None
        if source is None or source.url in self._sources:
            return []
        self._sources[source.url] = source
        self._progress += 1
        return [SourceDelta(source=source)]


def _url_citation(annotation: _json.JsonObject) -> result.Source | None:
    if annotation.get("type") != "url_citation":
        return None
    url = (_json.string_field(annotation, "url") or "").strip()
    if not url:
        return None
    title = (_json.string_field(annotation, "title") or "").strip()
    return result.Source(title=title, url=url, origin=result.SourceOrigin.MODEL)


def _output_text_parts(items: list[_json.JsonObject]) -> list[_json.JsonObject]:
    return [
        part
        for item in items
        if item.get("type") == "message"
        for part in _json.list_field(item, "content")
        if isinstance(part, dict) and part.get("type") == "output_text"
    ]


def _output_texts(items: list[_json.JsonObject]) -> list[str]:
    return [_json.string_field(part, "text") or "" for part in _output_text_parts(items)]


def _annotations(items: list[_json.JsonObject]) -> list[_json.JsonObject]:
    return [
        annotation
        for part in _output_text_parts(items)
        for annotation in _json.list_field(part, "annotations")
        if isinstance(annotation, dict)
    ]
