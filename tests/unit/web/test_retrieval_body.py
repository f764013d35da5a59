"""What comes back from a read: size limits, compression, content types and character sets.

Like ``test_retrieval.py``, against a scripted server on loopback, reached through a resolver
that maps ``site.test`` to ``127.0.0.1`` and the user-typed policy.
"""

from __future__ import annotations

import asyncio
import gzip
import struct
import time
import tracemalloc
import zlib
from collections.abc import AsyncIterator, Callable

import pytest

from studio.web.errors import UnsupportedWebContent, WebConnectionFailed, WebContentTooLarge
from studio.web.retrieval import (
    MAX_CONTENT_BYTES,
    ContentKind,
    WebRetrievalService,
    classify_content_type,
)
from studio.web.targets import TargetPolicy
from tests.support.resolvers import StaticResolver
from tests.support.web_server import Reply, ScriptedWebServer

USER_TYPED = TargetPolicy.user_typed()
MIB = 1024 * 1024


@pytest.fixture
async def server() -> AsyncIterator[ScriptedWebServer]:
    running = await ScriptedWebServer().start()
    yield running
    await running.aclose()


@pytest.fixture
async def service() -> AsyncIterator[WebRetrievalService]:
    running = WebRetrievalService(resolver=StaticResolver({"site.test": ["127.0.0.1"]}))
    yield running
    await running.aclose()


def site(server: ScriptedWebServer, path: str = "/") -> str:
    return f"http://site.test:{server.port}{path}"


async def until(condition: Callable[[], bool], seconds: float = 3.0) -> None:
    """Wait for the server to notice what the client did; fail after ``seconds``."""
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, "the server never saw it"
        await asyncio.sleep(0.01)


# --- sizes, compression and content types -----------------------------------------------------


async def test_body_larger_than_its_content_length_limit_is_refused_before_reading(
    server: ScriptedWebServer, service: WebRetrievalService
) -> None:
    server.route(
        "/",
        Reply(
            headers=(
                ("Content-Type", "text/plain"),
                ("Content-Length", str(MAX_CONTENT_BYTES + 1)),
            ),
            body=b"x" * (MAX_CONTENT_BYTES + 1),
            content_length=False,
            wait_for_close=3,
        ),
    )

    with pytest.raises(WebContentTooLarge) as error:
        await service.retrieve(site(server), USER_TYPED, timeout=5)

    assert error.value.limit == MAX_CONTENT_BYTES
    await until(lambda: server.closed_before_body == ["/"])


async def test_body_of_exactly_the_limit_is_read(
    server: ScriptedWebServer, service: WebRetrievalService
) -> None:
    server.route("/", Reply.text("x" * MAX_CONTENT_BYTES, "text/plain"))

    document = await service.retrieve(site(server), USER_TYPED, timeout=10)

    assert len(document.text) == MAX_CONTENT_BYTES


async def test_streamed_body_is_cut_off_at_the_limit(
    server: ScriptedWebServer, service: WebRetrievalService
) -> None:
    sent: list[int] = []

    async def endless() -> AsyncIterator[bytes]:
        for _ in range(1024):  # 64 MiB, far more than the client may read
            sent.append(64 * 1024)
            yield b"y" * (64 * 1024)

    server.route("/", Reply(headers=(("Content-Type", "text/plain"),), body=endless, chunked=True))

    with pytest.raises(WebContentTooLarge):
        await service.retrieve(site(server), USER_TYPED, timeout=10)

    await until(lambda: server.open_connections == 0)
    assert sum(sent) < 16 * MIB


def gzip_bomb(size: int = 1024 * MIB, step: int = MIB) -> bytes:
    """``size`` zero bytes, gzip-compressed in ``step``-sized blocks (about 1 MB for 1 GiB).

    After a full flush, deflate forgets the data before it, so every block of zeros compresses
    to the same bytes; compressing one block and repeating it builds the bomb in milliseconds.
    """
    compressor = zlib.compressobj(9, zlib.DEFLATED, -zlib.MAX_WBITS)
    block = compressor.compress(bytes(step)) + compressor.flush(zlib.Z_FULL_FLUSH)
    crc = 0
    for _ in range(size // step):
        crc = zlib.crc32(bytes(step), crc)
    header = b"\x1f\x8b\x08\x00\x00\x00\x00\x00\x02\xff"
    trailer = compressor.flush() + struct.pack("<II", crc, size & 0xFFFFFFFF)
    return header + block * (size // step) + trailer


def test_gzip_bomb_is_what_it_claims() -> None:
    bomb = gzip_bomb(size=8 * MIB)
    assert gzip.decompress(bomb) == bytes(8 * MIB)
    assert len(gzip_bomb()) < 1.2 * MIB


async def test_gzip_bomb_is_stopped_at_the_limit_with_bounded_memory(
    server: ScriptedWebServer, service: WebRetrievalService
) -> None:
    bomb = gzip_bomb()
    server.route(
        "/",
        Reply(headers=(("Content-Type", "text/html"), ("Content-Encoding", "gzip")), body=bomb),
    )

    tracemalloc.start()
    try:
        with pytest.raises(WebContentTooLarge):
            await service.retrieve(site(server), USER_TYPED, timeout=10)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()

    assert peak < 20 * MIB


@pytest.mark.parametrize(
    ("encoding", "compress"),
    [
        ("gzip", gzip.compress),
        ("x-gzip", gzip.compress),
        ("deflate", zlib.compress),
        ("deflate", lambda data: zlib.compress(data, wbits=-zlib.MAX_WBITS)),
        ("identity", lambda data: data),
    ],
    ids=["gzip", "x-gzip", "deflate-zlib", "deflate-raw", "identity"],
)
async def test_compressed_bodies_are_decompressed(
    server: ScriptedWebServer, service: WebRetrievalService, encoding: str, compress: object
) -> None:
    text = "<p>Grüße</p>" * 10_000
    assert callable(compress)
    server.route(
        "/",
        Reply(
            headers=(("Content-Type", "text/html; charset=utf-8"), ("Content-Encoding", encoding)),
            body=compress(text.encode("utf-8")),
        ),
    )

    document = await service.retrieve(site(server), USER_TYPED, timeout=5)

    assert document.text == text


@pytest.mark.parametrize("encoding", ["br", "zstd", "compress", "gzip, gzip"])
async def test_unknown_content_encoding_is_refused(
    server: ScriptedWebServer, service: WebRetrievalService, encoding: str
) -> None:
    server.route(
        "/", Reply(headers=(("Content-Type", "text/html"), ("Content-Encoding", encoding)))
    )

    with pytest.raises(UnsupportedWebContent) as error:
        await service.retrieve(site(server), USER_TYPED, timeout=5)

    assert error.value.encoding == encoding


@pytest.mark.parametrize(
    "media_type",
    ["application/pdf", "image/png", "image/svg+xml", "application/octet-stream", "video/mp4"],
)
async def test_binary_content_is_refused_as_soon_as_the_headers_arrive(
    server: ScriptedWebServer, service: WebRetrievalService, media_type: str
) -> None:
    server.route(
        "/",
        Reply(
            headers=(("Content-Type", media_type),),
            body=b"\x00binary" * 100_000,
            wait_for_close=3,
        ),
    )

    with pytest.raises(UnsupportedWebContent) as error:
        await service.retrieve(site(server), USER_TYPED, timeout=5)

    assert error.value.media_type == media_type
    await until(lambda: server.closed_before_body == ["/"])


@pytest.mark.parametrize(
    ("content_type", "kind"),
    [
        ("", ContentKind.HTML_PAGE),
        ("text/html", ContentKind.HTML_PAGE),
        ("application/xhtml+xml", ContentKind.HTML_PAGE),
        ("text/plain", ContentKind.TEXT_DOCUMENT),
        ("text/csv", ContentKind.TEXT_DOCUMENT),
        ("text/markdown", ContentKind.TEXT_DOCUMENT),
        ("application/json", ContentKind.TEXT_DOCUMENT),
        ("application/xml", ContentKind.TEXT_DOCUMENT),
        ("application/x-ndjson", ContentKind.TEXT_DOCUMENT),
        ("application/javascript", ContentKind.TEXT_DOCUMENT),
        ("application/x-javascript", ContentKind.TEXT_DOCUMENT),
        ("application/yaml", ContentKind.TEXT_DOCUMENT),
        ("application/x-yaml", ContentKind.TEXT_DOCUMENT),
        ("application/toml", ContentKind.TEXT_DOCUMENT),
        ("application/sql", ContentKind.TEXT_DOCUMENT),
        ("application/ld+json", ContentKind.TEXT_DOCUMENT),
        ("application/problem+json", ContentKind.TEXT_DOCUMENT),
        ("application/rss+xml", ContentKind.TEXT_DOCUMENT),
        ("application/pdf", None),
        ("application/zip", None),
        ("application/octet-stream", None),
        ("image/svg+xml", None),
        ("image/png", None),
        ("audio/mpeg", None),
        ("multipart/form-data", None),
        ("application/jsonx", None),
        ("text", None),
    ],
)
def test_classify_content_type(content_type: str, kind: ContentKind | None) -> None:
    assert classify_content_type(content_type) is kind


async def test_text_documents_come_back_with_unified_line_endings(
    server: ScriptedWebServer, service: WebRetrievalService
) -> None:
    server.route(
        "/data", Reply(headers=(("Content-Type", "Application/JSON"),), body=b'{\r\n"a": 1\r}\n')
    )

    document = await service.retrieve(site(server, "/data"), USER_TYPED, timeout=5)

    assert document.kind is ContentKind.TEXT_DOCUMENT
    assert document.media_type == "application/json"
    assert document.text == '{\n"a": 1\n}\n'


# --- character sets ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("content_type", "body", "charset", "text"),
    [
        (
            "text/html; charset=ISO-8859-1",
            "<p>Grüße</p>".encode("latin-1"),
            "iso8859-1",
            "<p>Grüße</p>",
        ),
        ('text/plain; charset="windows-1252"', "€".encode("cp1252"), "cp1252", "€"),
        (
            "text/html",
            '<meta charset="windows-1251"><p>Привет</p>'.encode("cp1251"),
            "cp1251",
            '<meta charset="windows-1251"><p>Привет</p>',
        ),
        (
            "text/html",
            b'<meta http-equiv="Content-Type" content="text/html; charset=iso-8859-15">\xa4',
            "iso8859-15",
            '<meta http-equiv="Content-Type" content="text/html; charset=iso-8859-15">€',
        ),
        (
            "application/xml",
            '<?xml version="1.0" encoding="ISO-8859-1"?><a>ü</a>'.encode("latin-1"),
            "iso8859-1",
            '<?xml version="1.0" encoding="ISO-8859-1"?><a>ü</a>',
        ),
        ("text/plain", "\ufeffBOM ü".encode("utf-16-le"), "utf-16-le", "BOM ü"),
        ("text/plain", "\ufeffüber".encode(), "utf-8", "über"),
        ("text/html", "<p>ünïcödé</p>".encode(), "utf-8", "<p>ünïcödé</p>"),
        ("text/html", b"<p>broken \xff byte</p>", "utf-8", "<p>broken \ufffd byte</p>"),
        (
            "text/html; charset=no-such-charset",
            '<meta charset="latin-1">é'.encode("latin-1"),
            "iso8859-1",
            '<meta charset="latin-1">é',
        ),
        ("text/html; charset=base64", b"<p>plain</p>", "utf-8", "<p>plain</p>"),
    ],
    ids=[
        "header",
        "quoted-header",
        "meta-charset",
        "http-equiv",
        "xml-declaration",
        "utf16-bom",
        "utf8-bom",
        "default-utf8",
        "invalid-bytes-replaced",
        "unknown-header-charset",
        "non-text-codec-refused",
    ],
)
async def test_charset_comes_from_header_then_document_then_utf8(
    server: ScriptedWebServer,
    service: WebRetrievalService,
    content_type: str,
    body: bytes,
    charset: str,
    text: str,
) -> None:
    server.route("/", Reply(headers=(("Content-Type", content_type),), body=body))

    document = await service.retrieve(site(server), USER_TYPED, timeout=5)

    assert document.charset == charset
    assert document.text == text


async def test_broken_compressed_body_is_refused(
    server: ScriptedWebServer, service: WebRetrievalService
) -> None:
    server.route(
        "/",
        Reply(
            headers=(("Content-Type", "text/html"), ("Content-Encoding", "gzip")),
            body=b"\x1f\x8b\x08\x00 this is not deflate data at all",
        ),
    )

    with pytest.raises(UnsupportedWebContent) as error:
        await service.retrieve(site(server), USER_TYPED, timeout=5)

    assert error.value.encoding == "gzip"


async def test_body_cut_short_by_the_server_is_a_connection_failure(
    server: ScriptedWebServer, service: WebRetrievalService
) -> None:
    server.route(
        "/",
        Reply(
            headers=(("Content-Type", "text/html"), ("Content-Length", "1000")),
            body=b"<p>only the beginning",
            content_length=False,
        ),
    )

    with pytest.raises(WebConnectionFailed) as error:
        await service.retrieve(site(server), USER_TYPED, timeout=5)

    assert error.value.host == "site.test"
