"""POST a JSON body and stream the Server-Sent Events back: the HTTP side of every adapter.

All three wire APIs work the same way over HTTP: one ``POST`` with a JSON body, answered by an
event stream. What can go wrong is the same too, so it is handled here once:

- **Refusals before any output.** A 429 (rate limited) or 503 (overloaded) is retried at most
  :data:`MAX_RETRIES` times. ``Retry-After`` (seconds or an HTTP date) is honoured up to
  :data:`MAX_RETRY_AFTER` seconds; a provider that asks for longer is not waited for, because a
  user watching a spinner for minutes is worse off than one told when to try again. Without the
  header Studio waits :data:`BACKOFF` seconds. Retrying is safe only here: once the body
  streams, text has reached the user and a second request would repeat it.
- **Error statuses** become :class:`~studio.providers.errors.ProviderHTTPError`, quoting what
  the provider said (``{"error": {"message": ...}}`` for OpenAI and most compatible hosts,
  ``{"type": "error", "error": {"message": ...}}`` for Anthropic), shortened to
  :data:`MESSAGE_LIMIT` characters and with the API key masked: OpenAI quotes a refused key.
- **Unreadable answers**: the body is decompressed and decoded by :mod:`studio.providers._body`,
  within :data:`~studio.providers._body.MAX_RESPONSE_BYTES` and in a real text encoding only,
  and one event may be at most :data:`~studio.providers.sse.MAX_LINE_CHARACTERS` long; past
  that, or in another encoding, the answer is
  :class:`~studio.providers.errors.ProviderUnreadableAnswer`, after the events before it.
- **Transport failures**: no connection is
  :class:`~studio.providers.errors.ProviderUnreachable`, a timeout
  :class:`~studio.providers.errors.ProviderTimeout`, and a connection that breaks while the
  body streams :class:`~studio.providers.errors.ProviderStreamError`, raised after the events
  that did arrive were yielded.

The response is opened with ``async with client.stream(...)``, so closing or cancelling the
generator closes the response and, because its body was not read to the end, its connection.
Neither messages nor log records ever carry a header, the key or the request body.
"""

from __future__ import annotations

import asyncio
import contextlib
import datetime
import email.utils
import logging
import math
import re
import zlib
from collections.abc import AsyncGenerator, Awaitable, Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

import httpx
from pydantic import SecretStr

from studio import content_coding
from studio.kernel.calls import parse_json_object
from studio.providers import _body, _json
from studio.providers.errors import (
    ProviderHTTPError,
    ProviderStreamError,
    ProviderTimeout,
    ProviderUnreachable,
    ProviderUnreadableAnswer,
)
from studio.providers.sse import MAX_LINE_CHARACTERS, EventTooLarge, ServerSentEvent, SSEDecoder

__all__ = [
    "BACKOFF",
    "MAX_RETRIES",
    "MAX_RETRY_AFTER",
    "MESSAGE_LIMIT",
    "EventStreamClient",
    "Sleep",
    "clean_message",
    "provider_message",
    "retry_after_seconds",
    "shorten",
]

logger = logging.getLogger(__name__)

Sleep = Callable[[float], Awaitable[None]]
"""Waits the given seconds; :func:`asyncio.sleep` unless a test injects its own."""

MAX_RETRIES = 2
"""How often a 429 or 503 is retried before the error is reported."""

MAX_RETRY_AFTER = 20.0
"""The longest ``Retry-After`` Studio waits for, in seconds."""

BACKOFF = (1.0, 2.0)
"""Seconds to wait before each retry when the provider sent no ``Retry-After``."""

MESSAGE_LIMIT = 300
"""The most characters of a provider's own error message that an error repeats."""

_RETRIED_STATUSES = frozenset({429, 503})
_ERROR_BODY_LIMIT = 64 * 1024
"""Bytes of an error body read at most; the message is near the start, if there is one."""
_MASK = "*****"


@dataclass(frozen=True, kw_only=True)
class EventStreamClient:
    """Sends one adapter's requests through the provider's client and streams the events back.

    Attributes:
        client: The provider's client; its base URL, headers and timeouts apply.
        provider: The provider instance's name, for messages.
        model: The model the requests ask for, named when the host does not know it.
        api_key: The key, only to mask it wherever a provider repeats it.
        sleep: Waits between retries; tests inject one that does not wait.
    """

    client: httpx.AsyncClient
    provider: str
    model: str
    api_key: SecretStr | None = field(default=None, repr=False)
    sleep: Sleep = asyncio.sleep

    async def stream(
        self, path: str, body: Mapping[str, Any]
    ) -> AsyncGenerator[ServerSentEvent, None]:
        """POST ``body`` to ``path`` (relative to the base URL) and yield the events as they come.

        Raises:
            ProviderHTTPError: the provider answered with an error status, after any retries.
            ProviderUnreachable: no connection could be made.
            ProviderTimeout: the connection or the answer took too long.
            ProviderStreamError: the connection broke, after the events before it were yielded.
            ProviderUnreadableAnswer: the answer is in no readable character set, or too large.
        """
        attempt = 0
        headers = {"accept": "text/event-stream", "accept-encoding": content_coding.ACCEPT_ENCODING}
        while True:
            try:
                async with self.client.stream("POST", path, json=body, headers=headers) as response:
                    if response.is_success:
                        # Closed at once when the caller stops early (at the end marker, or a
                        # deadline), not whenever the garbage collector gets to it.
                        async with contextlib.aclosing(self._events(response)) as events:
                            async for event in events:
                                yield event
                        return
                    delay = await self._delay_before_retry(response, attempt)
            except httpx.TimeoutException as error:
                logger.warning("The provider %r timed out (%s).", self.provider, _name(error))
                raise ProviderTimeout(provider=self.provider) from error
            except (httpx.ConnectError, httpx.ProxyError, httpx.UnsupportedProtocol) as error:
                logger.warning("The provider %r is unreachable (%s).", self.provider, _name(error))
                raise ProviderUnreachable(
                    provider=self.provider, host=self.client.base_url.host
                ) from error
            except httpx.RequestError as error:
                # RemoteProtocolError, ReadError, DecodingError...: the answer broke off.
                logger.warning("The answer of %r broke off (%s).", self.provider, _name(error))
                raise ProviderStreamError(provider=self.provider, detail=_name(error)) from error
            logger.info(
                "The provider %r is busy; retry %d of %d in %.1f s.",
                self.provider,
                attempt + 1,
                MAX_RETRIES,
                delay,
            )
            await self.sleep(delay)
            attempt += 1

    async def _events(self, response: httpx.Response) -> AsyncGenerator[ServerSentEvent, None]:
        """The events of a successful response, read within the limits of the module docstring.

        Raises:
            ProviderUnreadableAnswer: see :meth:`stream`.
            ProviderStreamError: the compressed body is broken.
        """
        decoder = SSEDecoder()
        try:
            text = _body.TextBody(
                response.headers.get("content-encoding", ""), response.charset_encoding
            )
            async for chunk in response.aiter_raw():
                for piece in text.feed(chunk):
                    for event in decoder.feed(piece):
                        yield event
            for piece in text.finish():
                for event in decoder.feed(piece):
                    yield event
        except _body.UnreadableCharset as problem:
            logger.warning("The answer of %r is in an unreadable charset.", self.provider)
            raise ProviderUnreadableAnswer.charset(
                provider=self.provider,
                charset=problem.charset,
                missing_byte_order_mark=problem.missing_byte_order_mark,
            ) from None
        except _body.BodyTooLarge:
            logger.warning("The answer of %r is too large.", self.provider)
            raise ProviderUnreadableAnswer.too_large(
                provider=self.provider, limit=_body.MAX_RESPONSE_BYTES
            ) from None
        except EventTooLarge:
            logger.warning("An event in the answer of %r is too large.", self.provider)
            raise ProviderUnreadableAnswer.event_too_large(
                provider=self.provider, limit=MAX_LINE_CHARACTERS
            ) from None
        except _body.BrokenBody as problem:
            logger.warning("The answer of %r cannot be read (%s).", self.provider, problem.detail)
            raise ProviderStreamError(provider=self.provider, detail=problem.detail) from None
        if decoder.incomplete:
            # The standard drops an event that no blank line ended; the adapter then sees a
            # stream without its end and reports that.
            logger.debug("The event stream ended inside an event.")

    async def _delay_before_retry(self, response: httpx.Response, attempt: int) -> float:
        """The seconds to wait before retrying a refused request; raises if it is not retried.

        Raises:
            ProviderHTTPError: the status is not retried, the retries are used up, or the
                provider asked to wait longer than :data:`MAX_RETRY_AFTER`.
        """
        status = response.status_code
        body = await _read_limited(response)
        message = provider_message(body, status, self.api_key)
        retry_after: float | None = None
        if status in _RETRIED_STATUSES:
            now = datetime.datetime.now(datetime.UTC)
            retry_after = retry_after_seconds(response.headers.get("retry-after"), now)
            if retry_after is not None and retry_after > MAX_RETRY_AFTER:
                logger.warning(
                    "The provider %r answered HTTP %d and asks to wait %.0f s; not waiting.",
                    self.provider,
                    status,
                    retry_after,
                )
                raise ProviderHTTPError(
                    status,
                    message,
                    provider=self.provider,
                    model=self.model,
                    retry_after=retry_after,
                )
            if attempt < MAX_RETRIES:
                return retry_after if retry_after is not None else BACKOFF[attempt]
        logger.warning("The provider %r answered HTTP %d.", self.provider, status)
        raise ProviderHTTPError(status, message, provider=self.provider, model=self.model)


async def _read_limited(response: httpx.Response) -> bytes:
    """The start of an error body, decompressed within :data:`_ERROR_BODY_LIMIT`."""
    chunks: list[bytes] = []
    size = 0
    try:
        raw = _body.raw_decoder(response.headers.get("content-encoding", ""))
        async for chunk in response.aiter_raw():
            for data in raw.decode(chunk):
                chunks.append(data)
                size += len(data)
                if size >= _ERROR_BODY_LIMIT:
                    return b"".join(chunks)[:_ERROR_BODY_LIMIT]
    except (_body.BrokenBody, zlib.error):
        # The status still says what happened; a message the body cannot give is not missed.
        pass
    return b"".join(chunks)[:_ERROR_BODY_LIMIT]


def provider_message(body: bytes, status: int, api_key: SecretStr | None = None) -> str:
    """What the provider said about an error status, in one short line.

    Reads the message of the usual JSON error shapes, or a short plain-text body; HTML error
    pages (from proxies) say nothing useful and give way to the status's reason phrase. The
    key is masked wherever it appears.
    """
    text = body.decode("utf-8", errors="replace")
    parsed = parse_json_object(text)
    if parsed is not None:
        message = _message_in(parsed) or ""
    else:
        message = "" if text.lstrip().startswith("<") else text
    return (
        clean_message(message, api_key) or httpx.codes.get_reason_phrase(status) or f"HTTP {status}"
    )


def clean_message(text: str, api_key: SecretStr | None = None) -> str:
    """A provider's message made fit to show: one line, the key masked, :func:`shorten` ed."""
    message = " ".join(text.split())
    if api_key is not None and api_key.get_secret_value():
        key = api_key.get_secret_value()
        message = message.replace(key, _MASK)

        # OpenAI quotes a refused key masked its own way, its start and end kept
        # ("sk-probe-2ba****b5e3"); a quote that begins or ends like the key is masked whole.
        def masked(quote: re.Match[str]) -> str:
            start, end = quote["start"], quote["end"]
            ours = (bool(start) and key.startswith(start)) or (bool(end) and key.endswith(end))
            return _MASK if ours else quote[0]

        message = re.sub(r"(?P<start>[\w-]*)(?:\*{2,}|\.{3,}|…)(?P<end>[\w-]*)", masked, message)
    return shorten(message)


def _message_in(body: _json.JsonObject) -> str | None:
    # OpenAI and Anthropic nest an object under "error"; some hosts put a string there, and
    # FastAPI-based servers (vLLM and others) answer {"detail": "..."} or {"message": "..."}.
    error = body.get("error")
    if isinstance(error, dict):
        return _json.string_field(error, "message") or _json.error_text(error)
    if isinstance(error, str):
        return error
    return _json.string_field(body, "message") or _json.string_field(body, "detail")


def shorten(text: str, limit: int = MESSAGE_LIMIT) -> str:
    """``text`` cut to ``limit`` characters, an ellipsis marking the cut."""
    if len(text) <= limit:
        return text
    return text[: limit - 1].rstrip() + "…"


def retry_after_seconds(value: str | None, now: datetime.datetime) -> float | None:
    """The seconds a ``Retry-After`` header asks to wait, or None if it says nothing usable.

    Args:
        value: The header: a number of seconds or an HTTP date.
        now: The current time (timezone-aware), to turn a date into seconds.
    """
    if value is None or not value.strip():
        return None
    try:
        seconds = float(value)
    except ValueError:
        pass
    else:
        return seconds if math.isfinite(seconds) and seconds >= 0 else None
    try:
        date = email.utils.parsedate_to_datetime(value.strip())
    except (TypeError, ValueError, IndexError):
        return None
    if date.tzinfo is None:
        date = date.replace(tzinfo=datetime.UTC)
    return max(0.0, (date - now).total_seconds())


def _name(error: BaseException) -> str:
    # The class name only: httpx messages may include the URL, which is harmless, but a
    # uniform log line is easier to search.
    return type(error).__name__
