"""Turning a streamed Anthropic Messages answer back into the content blocks it described.

The Messages API streams ``message_start``; then, for each content block, ``content_block_start``,
any number of ``content_block_delta`` and ``content_block_stop``; then ``message_delta`` (with
the stop reason) and ``message_stop``. ``ping`` and ``error`` may come in between.
:class:`AnthropicMessageAccumulator` rebuilds the blocks per index:

- Only ``message_start`` says how many input tokens this request used; ``message_delta`` only
  brings the output count up to date.
- A delta for a block that never started is kept only if it is text, as a new text block: a
  ``tool_use`` without its ID and name cannot be answered, and thinking without its signature
  would make the API refuse the next request.
- Either a stop reason in ``message_delta`` or ``message_stop`` ends the message. Blocks that
  never received their ``content_block_stop`` are kept as they are. ``message_stop`` also ends
  the stream: nothing after it is read (a repeated stream would double the answer).
- A stream that ends before the message did (the connection dropped mid-sentence, or an
  ``error`` event arrived instead) has no trustworthy message, so :meth:`build` returns None.
- Tool input arrives as pieces of JSON text. An empty input is ``{}``. Input that does not form
  a JSON object is kept as text on the call, which is then invalid; the block that goes back
  carries ``{}`` instead, because the API accepts nothing else there.

The next request must repeat the assistant's blocks as they came, thinking signatures included;
:attr:`AssembledAnthropicMessage.content` holds them ready to send.
"""

from __future__ import annotations

import json
from dataclasses import dataclass

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
    "AnthropicMessageAccumulator",
    "AssembledAnthropicMessage",
    "SourceDelta",
    "StreamDelta",
    "TextDelta",
    "TokenUsage",
    "UsageDelta",
]


@dataclass(frozen=True, kw_only=True)
class AssembledAnthropicMessage:
    """The assistant message a stream described, as it goes back in the next request."""

    content: tuple[_json.JsonObject, ...]
    """The content blocks in index order, as request JSON: ``text``, ``thinking`` with its
    signature, ``redacted_thinking``, ``tool_use`` with its parsed ``input``, and any other block
    exactly as it started. Blank text blocks are left out, because the API rejects them."""
    text: str
    """The text of all text blocks, joined."""
    calls: tuple[ToolCall, ...]
    """The ``tool_use`` blocks in index order; ``arguments`` holds the input as JSON text."""
    stop_reason: str | None
    usage: TokenUsage | None


class _Block:
    """One content block while it streams, built from its start and its deltas."""

    __slots__ = ("citations", "pieces", "signature", "start")

    def __init__(self, start: _json.JsonObject) -> None:
        self.start = start
        self.pieces: list[str] = []
        self.signature: list[str] = []
        self.citations: list[_json.JsonObject] = []

    @property
    def type(self) -> str:
        return _json.string_field(self.start, "type") or ""

    def apply(self, delta: _json.JsonObject) -> str | None:
        """Add one delta; a delta that does not fit the block's type is ignored.

        Returns:
            The text to show at once, if the delta added answer text.
        """
        match self.type, _json.string_field(delta, "type"):
            case "text", "text_delta":
                text = _json.string_field(delta, "text")
                if text:
                    self.pieces.append(text)
                    return text
            case "text", "citations_delta":
                citation = _json.object_field(delta, "citation")
                if citation is not None:
                    self.citations.append(citation)
            case "thinking", "thinking_delta":
                self.pieces.append(_json.string_field(delta, "thinking") or "")
            case "thinking", "signature_delta":
                self.signature.append(_json.string_field(delta, "signature") or "")
            case "tool_use", "input_json_delta":
                self.pieces.append(_json.string_field(delta, "partial_json") or "")
            case _:
                pass
        return None

    def joined(self, start_field: str) -> str:
        """The block's text: what its start held in ``start_field``, then every piece."""
        return (_json.string_field(self.start, start_field) or "") + "".join(self.pieces)

    def input_text(self) -> str:
        """The tool input as JSON text; the start's ``input`` when no piece arrived."""
        streamed = "".join(self.pieces)
        initial = _json.object_field(self.start, "input")
        if not streamed.strip() and initial:
            return json.dumps(initial, ensure_ascii=False)
        return streamed

    def request_json(self) -> _json.JsonObject | None:
        """The block as the next request must carry it; None for a blank text block."""
        match self.type:
            case "text":
                text = self.joined("text")
                if not text.strip():
                    return None
                citations = _json.list_field(self.start, "citations") + self.citations
                block: _json.JsonObject = {"type": "text", "text": text}
                return {**block, "citations": citations} if citations else block
            case "thinking":
                signature = (_json.string_field(self.start, "signature") or "") + "".join(
                    self.signature
                )
                return {
                    "type": "thinking",
                    "thinking": self.joined("thinking"),
                    "signature": signature,
                }
            case "tool_use":
                return {
                    "type": "tool_use",
                    "id": _json.string_field(self.start, "id") or "",
                    "name": _json.string_field(self.start, "name") or "",
                    "input": parse_json_object(self.input_text()) or {},
                }
            case _:
                # redacted_thinking and blocks Studio does not build go back as they came.
                return self.start


class AnthropicMessageAccumulator:
    """Gathers the events of one streamed message; one instance per stream."""

    def __init__(self) -> None:
        self._blocks: dict[int, _Block] = {}
        self._ended = False
        self._stop_reason: str | None = None
        self._input_tokens: int | None = None
        self._output_tokens: int | None = None
        self._error: str | None = None
        self._finished = False
        self._progress = 0

    @property
    def error(self) -> str | None:
        """What an ``error`` event said, if one arrived; the adapter reports it."""
        return self._error

    @property
    def finished(self) -> bool:
        """Whether ``message_stop`` arrived; later events are ignored."""
        return self._finished

    @property
    def progress(self) -> int:
        """How much content arrived so far: blocks started, and the characters of their deltas.

        ``ping`` and the other events that bring no content leave it as it is.
        """
        return self._progress

    def add(self, data: str) -> list[StreamDelta]:
        """Read one SSE ``data`` payload; anything that is not a JSON event is skipped.

        Returns:
            What to show at once: text deltas, and the usage when it changed.
        """
        event = parse_json_object(data) if not self._finished else None
        if event is None:
            return []
        match _json.string_field(event, "type"):
            case "message_start":
                message = _json.object_field(event, "message") or {}
                return self._take_usage(_json.object_field(message, "usage"), with_input=True)
            case "content_block_start":
                index = _json.int_field(event, "index")
                start = _json.object_field(event, "content_block")
                if index is not None and start is not None and index not in self._blocks:
                    self._blocks[index] = _Block(start)
                    self._progress += 1
            case "content_block_delta":
                return self._apply_delta(event)
            case "message_delta":
                delta = _json.object_field(event, "delta") or {}
                stop_reason = _json.string_field(delta, "stop_reason")
                if stop_reason:
                    self._stop_reason = stop_reason
                    self._ended = True
                return self._take_usage(_json.object_field(event, "usage"), with_input=False)
            case "message_stop":
                self._ended = True
                self._finished = True
            case "error":
                self._error = _json.error_text(event.get("error")) or "error"
            case _:
                # content_block_stop changes nothing: unclosed blocks are kept anyway. ping is
                # a keep-alive.
                pass
        return []

    def build(self) -> AssembledAnthropicMessage | None:
        """The message, or None if the stream ended before the message did."""
        if not self._ended:
            return None
        blocks = [self._blocks[index] for index in sorted(self._blocks)]
        content = tuple(wire for block in blocks if (wire := block.request_json()) is not None)
        calls = tuple(
            read_call(
                call_id=_json.string_field(block.start, "id") or "",
                function_name=_json.string_field(block.start, "name") or "",
                arguments_json=block.input_text(),
            )
            for block in blocks
            if block.type == "tool_use"
        )
        return AssembledAnthropicMessage(
            content=content,
            text="".join(block.joined("text") for block in blocks if block.type == "text"),
            calls=calls,
            stop_reason=self._stop_reason,
            usage=self._usage(),
        )

    def _apply_delta(self, event: _json.JsonObject) -> list[StreamDelta]:
        index = _json.int_field(event, "index")
        delta = _json.object_field(event, "delta")
        if index is None or delta is None:
            return []
        block = self._blocks.get(index)
        if block is None:
            if delta.get("type") != "text_delta":
                return []
            block = self._blocks[index] = _Block({"type": "text", "text": ""})
        pieces = len(block.pieces) + len(block.signature) + len(block.citations)
        text = block.apply(delta)
        if len(block.pieces) + len(block.signature) + len(block.citations) > pieces:
            self._progress += 1 + len(text or "")
        return [TextDelta(text=text)] if text else []

    def _take_usage(self, usage: _json.JsonObject | None, *, with_input: bool) -> list[StreamDelta]:
        if usage is None:
            return []
        if with_input:
            # Anthropic counts cached prompt tokens apart from input_tokens; all of them were
            # part of this request's prompt.
            counts = (
                _json.int_field(usage, key)
                for key in (
                    "input_tokens",
                    "cache_creation_input_tokens",
                    "cache_read_input_tokens",
                )
            )
            self._input_tokens = sum(count for count in counts if count is not None)
        self._output_tokens = _json.int_field(usage, "output_tokens") or self._output_tokens
        known = self._usage()
        return [UsageDelta(usage=known)] if known is not None else []

    def _usage(self) -> TokenUsage | None:
        if self._input_tokens is None and self._output_tokens is None:
            return None
        return TokenUsage(
            input_tokens=self._input_tokens or 0, output_tokens=self._output_tokens or 0
        )
