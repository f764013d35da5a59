"""Sending a request to a validated address only, and reading the body within a hard limit.

**Connection binding.** The request URL carries the validated IP address instead of the host
name, so httpx and httpcore have nothing to look up: httpcore hands the IP literal to the
socket layer, and anyio connects to it without a DNS query. The name travels separately, in the
two places the server needs it:

* the ``Host`` header, set explicitly (httpx keeps a ``Host`` header it is given);
* the ``sni_hostname`` request extension for https, which httpcore passes to
  ``SSLContext.wrap_bio`` as ``server_hostname`` (``httpcore/_async/connection.py``,
  ``_connect``). That one value is both the SNI sent to the server and the name the certificate
  is verified against (``check_hostname``), so a certificate for the IP alone, or for another
  name, is refused. ``tests/unit/web/test_retrieval.py`` proves it against a loopback TLS server.

This is the Python counterpart of the reference's ``ConnectCallback``. The addresses are tried
in turn; only a failure to connect moves on to the next one.

**One client, no shared state.** The service keeps a single ``httpx.AsyncClient`` (HS-17), made so
that one read cannot leak into the next: ``trust_env=False`` and no proxy (a proxy would choose
the endpoint itself, and the environment could add credentials), no redirects (the service
follows them by hand), no keep-alive (a pooled connection was validated for an earlier read and
perhaps another policy), and a cookie jar that refuses everything; each read brings its own jar.

**Bounded bodies.** Bodies are read raw, through :meth:`httpx.Response.aiter_raw`, and
decompressed in steps of at most :data:`~studio.content_coding.STEP` bytes of output, so a
compressed bomb is stopped at the limit without ever being inflated in memory. Only gzip and
deflate are offered in ``Accept-Encoding``: the ``brotli`` package is not a dependency, and a
decoder that cannot bound its output must not be used.
"""

from __future__ import annotations

import http.cookiejar
import logging
import ssl
import zlib
from collections.abc import Iterator

import httpx

from studio import content_coding
from studio.web.errors import UnsupportedWebContent, WebConnectionFailed, WebContentTooLarge
from studio.web.targets import ValidatedTarget

__all__ = [
    "CHUNK_BYTES",
    "CONNECT_TIMEOUT",
    "build_client",
    "read_body",
    "send",
]

logger = logging.getLogger(__name__)

CHUNK_BYTES = 8 * 1024
"""The size of the raw chunks read from the network."""

CONNECT_TIMEOUT = 10.0
"""Seconds one address may take to connect before the next one is tried."""


def build_client(verify: ssl.SSLContext | bool = True) -> httpx.AsyncClient:
    """The HTTP client of a retrieval service, with nothing that could outlive one read.

    Args:
        verify: The TLS trust: ``True`` for the system's default roots, or a context with other
            roots (an organisation's CA). Never ``False`` in production.

    Returns:
        A client the caller must close.
    """
    # Refuses every cookie, so the client's own jar stays empty; reads keep their own jar.
    refusing = http.cookiejar.CookieJar(http.cookiejar.DefaultCookiePolicy(allowed_domains=[]))
    return httpx.AsyncClient(
        verify=verify,
        trust_env=False,
        follow_redirects=False,
        cookies=refusing,
        limits=httpx.Limits(max_keepalive_connections=0),
        timeout=httpx.Timeout(60.0, connect=CONNECT_TIMEOUT),
    )


async def send(
    client: httpx.AsyncClient,
    target: ValidatedTarget,
    headers: dict[str, str],
    *,
    seconds_left: float,
) -> httpx.Response:
    """GET ``target`` from its validated addresses, in turn, and return the streamed response.

    Args:
        client: The client from :func:`build_client`.
        target: The validated URL and its addresses.
        headers: The request headers, without ``Host`` (set here).
        seconds_left: Seconds left for the whole read; bounds every network wait.

    Returns:
        The response with its headers read and its body not yet read; the caller closes it.

    Raises:
        WebConnectionFailed: No address accepted a connection (or a TLS handshake failed).
    """
    url = target.url
    extensions: dict[str, str] = {}
    if url.scheme == "https":
        extensions["sni_hostname"] = target.host
    request_headers = {**headers, "Host": url.netloc.decode("ascii")}
    request_timeout = httpx.Timeout(seconds_left, connect=min(seconds_left, CONNECT_TIMEOUT))
    for address in target.addresses:
        request = client.build_request(
            "GET",
            url.copy_with(host=str(address)),
            headers=request_headers,
            extensions=extensions,
            timeout=request_timeout,
        )
        try:
            return await client.send(request, stream=True)
        except (httpx.ConnectError, httpx.ConnectTimeout) as error:
            # Nothing was sent: the next validated address is as good as this one.
            logger.info("Connecting to %s for %r failed: %s", address, target.host, error)
        except httpx.TimeoutException:
            # A read or write timeout: the read's own timeout reports it.
            raise
        except httpx.TransportError as error:
            logger.info("The request to %s for %r failed: %s", address, target.host, error)
            raise WebConnectionFailed(target.host) from None
    raise WebConnectionFailed(target.host)


async def read_body(response: httpx.Response, host: str, limit: int) -> bytes:
    """Read and decompress the body, refusing it as soon as it is larger than ``limit``.

    The limit applies to the body as sent (``Content-Length`` up front, then while streaming)
    and again after decompression.

    Args:
        response: A streamed response whose body has not been read.
        host: The host, for the error when the connection breaks.
        limit: The most bytes the body may have, before and after decompression.

    Returns:
        The decompressed body.

    Raises:
        WebContentTooLarge: The body is larger than ``limit``.
        UnsupportedWebContent: The ``Content-Encoding`` is not gzip, deflate or identity, or
            the compressed data is broken.
        WebConnectionFailed: The connection broke while the body was read.
    """
    declared = response.headers.get("content-length", "")
    if declared.strip().isdecimal() and int(declared) > limit:
        raise WebContentTooLarge(limit)
    encoding = response.headers.get("content-encoding", "")
    try:
        decoder = content_coding.decoder_for(encoding)
    except content_coding.UnsupportedCoding:
        raise UnsupportedWebContent(encoding=encoding.strip()) from None
    body = bytearray()
    received = 0

    def take(pieces: Iterator[bytes]) -> None:
        # One step at a time, so a bomb stops within one step of the limit.
        for piece in pieces:
            body.extend(piece)
            if len(body) > limit:
                raise WebContentTooLarge(limit)

    try:
        async for chunk in response.aiter_raw(CHUNK_BYTES):
            received += len(chunk)
            if received > limit:
                raise WebContentTooLarge(limit)
            take(decoder.decode(chunk))
        take(decoder.finish())
    except (httpx.ReadError, httpx.RemoteProtocolError) as error:
        logger.info("Reading the body from %r failed: %s", host, error)
        raise WebConnectionFailed(host) from None
    except zlib.error as error:
        logger.info("The compressed body from %r is broken: %s", host, error)
        raise UnsupportedWebContent(encoding=response.headers["content-encoding"]) from None
    return bytes(body)
