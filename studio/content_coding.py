"""Decompressing an HTTP body from any host in bounded steps: gzip, deflate or none.

Both the provider adapters and page retrieval read bodies raw and inflate them here, because
httpx would inflate a gzip body in one go however large it gets. Each step produces at most
:data:`STEP` bytes, so a caller that counts what it receives stops a compressed bomb at its
limit without ever holding more than one step beyond it. Only the codings in
:data:`ACCEPT_ENCODING` are offered: a decoder that cannot bound its output must not be used
(the ``brotli`` package is not a dependency for that reason).
"""

from __future__ import annotations

import zlib
from collections.abc import Iterator
from typing import Protocol

__all__ = ["ACCEPT_ENCODING", "STEP", "Decoder", "UnsupportedCoding", "decoder_for"]

ACCEPT_ENCODING = "gzip, deflate"
"""The content codings Studio offers, the ones it can decompress within a bound."""

STEP = 64 * 1024
"""The most output one decompression step produces."""


class UnsupportedCoding(ValueError):
    """The ``Content-Encoding`` names a coding Studio did not offer."""


class Decoder(Protocol):
    """Turns the raw chunks of one body into its content, at most :data:`STEP` bytes a piece.

    Both methods raise :class:`zlib.error` when the compressed data is broken.
    """

    def decode(self, data: bytes) -> Iterator[bytes]:
        """The content of the next raw chunk."""
        ...

    def finish(self) -> Iterator[bytes]:
        """What is left once the body has ended."""
        ...


class _Identity:
    def decode(self, data: bytes) -> Iterator[bytes]:
        for start in range(0, len(data), STEP):
            yield data[start : start + STEP]

    def finish(self) -> Iterator[bytes]:
        return iter(())


class _Inflate:
    """gzip or deflate, each step's output bounded."""

    def __init__(self, wbits: int, *, may_be_raw: bool = False) -> None:
        self._decompressor = zlib.decompressobj(wbits)
        # "deflate" should be zlib-wrapped (RFC 9110), but some servers send raw deflate.
        self._may_be_raw = may_be_raw

    def decode(self, data: bytes) -> Iterator[bytes]:
        if self._may_be_raw:
            self._may_be_raw = False
            try:
                first = self._decompressor.decompress(data, STEP)
            except zlib.error:
                self._decompressor = zlib.decompressobj(-zlib.MAX_WBITS)
            else:
                yield first
                data = self._decompressor.unconsumed_tail
        yield from self._drain(data)

    def finish(self) -> Iterator[bytes]:
        yield from self._drain(b"")

    def _drain(self, data: bytes) -> Iterator[bytes]:
        while True:
            piece = self._decompressor.decompress(data, STEP)
            if piece:
                yield piece
            data = self._decompressor.unconsumed_tail
            # A full step may leave output inside zlib even when all input was taken.
            if not data and len(piece) < STEP:
                return


def decoder_for(content_encoding: str) -> Decoder:
    """The decoder for a ``Content-Encoding`` header ("" or ``identity`` for none).

    Raises:
        UnsupportedCoding: the coding is not one of :data:`ACCEPT_ENCODING`, or several are
            stacked.
    """
    codings = [
        coding.strip().lower()
        for coding in content_encoding.split(",")
        if coding.strip().lower() not in ("", "identity")
    ]
    if not codings:
        return _Identity()
    if len(codings) == 1 and codings[0] in ("gzip", "x-gzip"):
        return _Inflate(16 + zlib.MAX_WBITS)
    if len(codings) == 1 and codings[0] == "deflate":
        return _Inflate(zlib.MAX_WBITS, may_be_raw=True)
    raise UnsupportedCoding(content_encoding.strip())
