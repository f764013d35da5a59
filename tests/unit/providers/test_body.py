"""Reading a provider's body: only text encodings, bounded decompression, bounded events."""

from __future__ import annotations

import codecs
import gzip
import zlib
from collections.abc import Callable

import pytest

from studio import content_coding
from studio.providers._body import BodyTooLarge, BrokenBody, TextBody, UnreadableCharset
from studio.providers.sse import EventTooLarge, SSEDecoder

STREAM = 'data: {"text": "Grüße"}\n\n'


def _read(body: TextBody, *chunks: bytes) -> str:
    return "".join([piece for chunk in chunks for piece in body.feed(chunk)] + list(body.finish()))


@pytest.mark.parametrize(
    "charset", ["rot13", "base64", "hex", "zlib", "bz2", "idna", "punycode", "uu", "cp037", "nope"]
)
def test_a_charset_that_is_no_text_encoding_for_events_is_refused(charset: str) -> None:
    with pytest.raises(UnreadableCharset) as refused:
        _read(TextBody("", charset), STREAM.encode())

    assert refused.value.charset == charset
    assert not refused.value.missing_byte_order_mark


@pytest.mark.parametrize("charset", [None, "utf-8", "UTF8", "latin-1", "windows-1252", "ascii"])
def test_a_text_encoding_is_honoured(charset: str | None) -> None:
    encoded = STREAM.encode(charset or "utf-8", errors="replace")

    assert _read(TextBody("", charset), encoded) == encoded.decode(charset or "utf-8")


@pytest.mark.parametrize("charset", ["utf-16", "utf-16-le", "utf-32", "UTF-32BE"])
def test_utf_16_and_32_need_their_byte_order_mark(charset: str) -> None:
    family = "utf-16" if "16" in charset else "utf-32"
    with pytest.raises(UnreadableCharset) as refused:
        _read(TextBody("", charset), STREAM.encode(f"{family}-le"))
    assert refused.value.missing_byte_order_mark

    with_mark = STREAM.encode(family)  # the mark first, then the native order
    assert _read(TextBody("", charset), with_mark[:3], with_mark[3:]) == STREAM


def test_malformed_bytes_become_replacement_characters() -> None:
    assert _read(TextBody("", "utf-8"), b"data: \xff\xfe\n\n") == "data: \ufffd\ufffd\n\n"


def _raw_deflate(data: bytes) -> bytes:
    compressor = zlib.compressobj(9, zlib.DEFLATED, -zlib.MAX_WBITS)
    return compressor.compress(data) + compressor.flush()


_PACKERS: dict[str, Callable[[bytes], bytes]] = {
    "gzip": gzip.compress,
    "deflate": zlib.compress,
    "raw-deflate": _raw_deflate,
}


@pytest.mark.parametrize("coding", sorted(_PACKERS))
def test_a_compressed_body_inflates_only_up_to_the_limit(coding: str) -> None:
    small = (STREAM * 10).encode()
    big = b"data: " + b"x" * 10_000_000 + b"\n\n"
    pack = _PACKERS[coding]
    header = "deflate" if coding == "raw-deflate" else coding
    assert _read(TextBody(header, None, limit=1_000_000), pack(small)) == small.decode()
    body = TextBody(header, None, limit=1_000_000)
    with pytest.raises(BodyTooLarge):
        _read(body, pack(big))


def test_a_compressed_line_past_the_line_limit_is_refused_within_one_step_of_it() -> None:
    # A gzip bomb of one line is stopped by the line limit, long before the body limit: the
    # decoder inflates at most one step beyond it.
    line_limit = 100_000
    bomb = gzip.compress(b"data: " + b"x" * 10_000_000 + b"\n\n")
    body = TextBody("gzip", None)
    decoder = SSEDecoder(max_line=line_limit)
    inflated: list[int] = []

    def read_all() -> None:
        for start in range(0, len(bomb), 1024):
            for piece in body.feed(bomb[start : start + 1024]):
                inflated.append(len(piece))
                decoder.feed(piece)

    with pytest.raises(EventTooLarge):
        read_all()
    assert line_limit < sum(inflated) <= line_limit + content_coding.STEP


def test_an_unknown_coding_or_broken_data_is_a_broken_body() -> None:
    with pytest.raises(BrokenBody):
        TextBody("br", None)
    with pytest.raises(BrokenBody):
        _read(TextBody("gzip", None), b"\x1f\x8b not gzip at all")


def test_a_line_or_an_event_past_the_limit_is_refused_before_it_ends() -> None:
    decoder = SSEDecoder(max_line=100)
    decoder.feed("data: " + "x" * 50)
    with pytest.raises(EventTooLarge):
        decoder.feed("x" * 60)

    many_lines = SSEDecoder(max_line=100)
    with pytest.raises(EventTooLarge):
        many_lines.feed("data: xxxxxxxxxx\n" * 20)

    assert [event.data for event in SSEDecoder(max_line=100).feed("data: ok\n\n" * 50)] == [
        "ok"
    ] * 50


def test_the_codec_registry_still_has_the_codecs_refused() -> None:
    # The refusals above mean something only while Python knows these codecs.
    for name in ("rot13", "base64", "zlib", "idna", "uu"):
        codecs.lookup(name)
