"""Reading a provider's response body as text, within a hard limit and in a real text encoding.

httpx would decompress and decode the body itself, but it trusts the headers too far for an
answer from an arbitrary host: a gzip body inflates in one go however large it gets, and
``charset=`` may name any Python codec, ``rot13`` and ``zlib`` included, which then raise in
the middle of the stream. So the body is read raw and handled here:

- **Decompression** (gzip or deflate, the codings Studio asks for) produces at most
  :data:`~studio.content_coding.STEP` bytes at a time, and the whole body may inflate to at most
  :data:`MAX_RESPONSE_BYTES`; a bomb is stopped there without ever being inflated in memory,
  as retrieval does with pages (:mod:`studio.web._transport`).
- **Decoding** honours only a ``charset`` that is a text encoding reading the ASCII framing of
  the events as ASCII (UTF-8, Latin-1, the Windows code pages...), plus UTF-16 and UTF-32 when
  the body starts with their byte order mark, which says how to read them. Anything else, and
  a codec that fails while decoding, is :class:`UnreadableCharset`. Malformed bytes in a
  readable encoding become U+FFFD, so the text is always well formed.

Nothing here is specific to one wire API.
"""

from __future__ import annotations

import codecs
import zlib
from collections.abc import Iterator

from studio import content_coding

__all__ = [
    "MAX_RESPONSE_BYTES",
    "BodyTooLarge",
    "BrokenBody",
    "TextBody",
    "UnreadableCharset",
    "raw_decoder",
]

MAX_RESPONSE_BYTES = 64 * 1024 * 1024
"""The most bytes one answer may have once decompressed: 64 MiB.

The longest answers a model writes (a hundred thousand tokens, each in a JSON event of a few
hundred bytes) stay well below it.
"""

_PROBE = b"data: {}\r\n\n"
"""The ASCII an event stream is framed in; a codec must read it unchanged."""

_BYTE_ORDER_MARKS = {
    "utf-16": (codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE),
    "utf-32": (codecs.BOM_UTF32_LE, codecs.BOM_UTF32_BE),
}


class UnreadableCharset(Exception):
    """The declared character set is not a text encoding Studio reads, or the body is not in it.

    Attributes:
        charset: The label as the provider declared it.
        missing_byte_order_mark: UTF-16 or UTF-32 was declared without a byte order mark.
    """

    def __init__(self, charset: str, *, missing_byte_order_mark: bool = False) -> None:
        super().__init__(charset)
        self.charset = charset
        self.missing_byte_order_mark = missing_byte_order_mark


class BodyTooLarge(Exception):
    """The body inflated to more than :data:`MAX_RESPONSE_BYTES`."""


class BrokenBody(Exception):
    """The body's compression is unknown or broken; ``detail`` says which, for the log."""

    def __init__(self, detail: str) -> None:
        super().__init__(detail)
        self.detail = detail


def raw_decoder(content_encoding: str) -> content_coding.Decoder:
    """The decompressor for a ``Content-Encoding`` header (:mod:`studio.content_coding`).

    Raises:
        BrokenBody: the coding is not one Studio offered.
    """
    try:
        return content_coding.decoder_for(content_encoding)
    except content_coding.UnsupportedCoding:
        raise BrokenBody("an unsupported content encoding") from None


class TextBody:
    """Turns the raw chunks of one body into text, decompressed, decoded and bounded.

    Args:
        content_encoding: The response's ``Content-Encoding`` header.
        charset: The ``charset`` of its ``Content-Type``, if any; UTF-8 without one.
        limit: The most decompressed bytes the body may have.

    Raises:
        BrokenBody: the content coding is not one Studio offered.
        UnreadableCharset: the charset is not a text encoding Studio reads.
    """

    def __init__(
        self, content_encoding: str, charset: str | None, *, limit: int = MAX_RESPONSE_BYTES
    ) -> None:
        self._raw = raw_decoder(content_encoding)
        self._charset = charset
        self._limit = limit
        self._size = 0
        self._head = b""
        self._codec = _codec_name(charset)
        self._decoder: codecs.IncrementalDecoder | None = None

    def feed(self, chunk: bytes) -> Iterator[str]:
        """The text of the next raw chunk, in pieces of bounded size.

        Raises:
            BodyTooLarge: the body inflated past the limit.
            BrokenBody: the compressed data is broken.
            UnreadableCharset: the body cannot be decoded in its character set.
        """
        try:
            for data in self._raw.decode(chunk):
                yield from self._text(data, final=False)
        except zlib.error:
            raise BrokenBody("broken compressed data") from None

    def finish(self) -> Iterator[str]:
        """The rest of the text once the body ended; raises as :meth:`feed` does."""
        try:
            for data in self._raw.finish():
                yield from self._text(data, final=False)
        except zlib.error:
            raise BrokenBody("broken compressed data") from None
        yield from self._text(b"", final=True)

    def _text(self, data: bytes, *, final: bool) -> Iterator[str]:
        self._size += len(data)
        if self._size > self._limit:
            raise BodyTooLarge
        decoder = self._decoder
        if decoder is None:
            # The byte order mark is looked for in the first bytes; keep them until there
            # are enough.
            self._head += data
            if len(self._head) < 4 and not final:
                return
            decoder = self._decoder = self._start(self._head)
            data, self._head = self._head, b""
        try:
            text = decoder.decode(data, final)
        except (UnicodeError, TypeError, ValueError, LookupError):
            raise UnreadableCharset(self._charset or "utf-8") from None
        if not isinstance(text, str):
            raise UnreadableCharset(self._charset or "utf-8")
        if text:
            yield text

    def _start(self, head: bytes) -> codecs.IncrementalDecoder:
        codec = self._codec
        for family, marks in _BYTE_ORDER_MARKS.items():
            if codec.startswith(family):
                if not any(head.startswith(mark) for mark in marks):
                    raise UnreadableCharset(self._charset or codec, missing_byte_order_mark=True)
                # The generic codec reads the mark and the byte order it names.
                return codecs.getincrementaldecoder(family)("replace")
        return codecs.getincrementaldecoder(codec)("replace")


def _codec_name(charset: str | None) -> str:
    """Python's name for ``charset`` if Studio reads it; see the module docstring.

    Raises:
        UnreadableCharset: the charset is unknown or not a text encoding fit for an event stream.
    """
    if charset is None or not charset.strip():
        return "utf-8"
    try:
        info = codecs.lookup(charset.strip())
    except (LookupError, ValueError):
        raise UnreadableCharset(charset) from None
    name = info.name
    if any(name.startswith(family) for family in _BYTE_ORDER_MARKS):
        return name
    # rot13, base64, hex, zlib, uu... are codecs, but not text encodings.
    if not getattr(info, "_is_text_encoding", True):
        raise UnreadableCharset(charset)
    try:
        # idna and punycode are text encodings of another kind: they refuse "replace" or
        # rewrite the ASCII the events are framed in. EBCDIC code pages do not read it as ASCII.
        probe = info.incrementaldecoder("replace").decode(_PROBE + b"\xff", True)
    except (UnicodeError, TypeError, ValueError, LookupError):
        raise UnreadableCharset(charset) from None
    if not isinstance(probe, str) or not probe.startswith(_PROBE.decode("ascii")):
        raise UnreadableCharset(charset)
    return name
