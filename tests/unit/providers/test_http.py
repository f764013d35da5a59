"""The HTTP side every adapter shares: retries, status messages, transport failures, no key leaks.

The streaming tests run real httpx over loopback against the fake provider; the helpers that
read a ``Retry-After`` header or an error body are tested on their own as well.
"""

from __future__ import annotations

import asyncio
import datetime
import email.utils
import logging
import socket
from collections.abc import AsyncIterator
from typing import Any

import httpx
import pytest
from pydantic import SecretStr

from studio.providers import _http
from studio.providers.errors import (
    ProviderError,
    ProviderHTTPError,
    ProviderStreamError,
    ProviderTimeout,
    ProviderUnreachable,
)
from studio.providers.sse import ServerSentEvent
from tests.support import fake_provider as fake

SECRET = "sk-live-4f1d2b9c7e0a"
NOW = datetime.datetime(2026, 3, 1, 12, 0, 0, tzinfo=datetime.UTC)
CHAT_BODY = {
    "model": "gpt-4o-mini",
    "messages": [{"role": "user", "content": "Hi"}],
    "stream": True,
}
ANTHROPIC_BODY = {
    "model": "claude-sonnet-4-6",
    "max_tokens": 64,
    "messages": [{"role": "user", "content": "Hi"}],
    "stream": True,
}

fake_provider = fake.fake_provider


class RecordedSleep:
    """An injected sleep that records the waits and returns at once."""

    def __init__(self) -> None:
        self.waits: list[float] = []

    async def __call__(self, seconds: float) -> None:
        self.waits.append(seconds)


@pytest.fixture
def sleep() -> RecordedSleep:
    return RecordedSleep()


@pytest.fixture
async def client(fake_provider: fake.FakeProviderServer) -> AsyncIterator[httpx.AsyncClient]:
    async with httpx.AsyncClient(
        base_url=f"{fake_provider.url}/v1",
        headers={"Authorization": f"Bearer {SECRET}"},
        timeout=httpx.Timeout(5.0),
    ) as client:
        yield client


@pytest.fixture
def streamer(client: httpx.AsyncClient, sleep: RecordedSleep) -> _http.EventStreamClient:
    return _http.EventStreamClient(
        client=client,
        provider="Work OpenAI",
        model="gpt-4o-mini",
        api_key=SecretStr(SECRET),
        sleep=sleep,
    )


async def collect(
    streamer: _http.EventStreamClient, path: str = "chat/completions", body: Any = None
) -> list[ServerSentEvent]:
    return [event async for event in streamer.stream(path, body or CHAT_BODY)]


def http_date(moment: datetime.datetime) -> str:
    return email.utils.format_datetime(moment, usegmt=True)


# --- Retry-After and error bodies, on their own ---------------------------------------------------


@pytest.mark.parametrize(
    ("header", "seconds"),
    [
        ("1", 1.0),
        (" 7 ", 7.0),
        ("0.5", 0.5),
        ("0", 0.0),
        (http_date(NOW + datetime.timedelta(seconds=30)), 30.0),
        (http_date(NOW - datetime.timedelta(seconds=30)), 0.0),
        ("Sun, 01 Mar 2026 12:00:05", 5.0),
        (None, None),
        ("", None),
        ("-1", None),
        ("nan", None),
        ("inf", None),
        ("soon", None),
    ],
    ids=[
        "seconds",
        "blanks",
        "fraction",
        "zero",
        "date-ahead",
        "date-past",
        "date-without-zone",
        "absent",
        "empty",
        "negative",
        "nan",
        "infinite",
        "words",
    ],
)
def test_retry_after_seconds_reads_seconds_and_dates(header: str | None, seconds: float | None):
    assert _http.retry_after_seconds(header, NOW) == seconds


@pytest.mark.parametrize(
    ("body", "message"),
    [
        (b'{"error": {"message": "Bad key", "type": "invalid_request_error"}}', "Bad key"),
        (b'{"type": "error", "error": {"type": "overloaded_error", "message": "Busy"}}', "Busy"),
        (b'{"error": {"code": 42}}', "42"),
        (b'{"error": "model not loaded"}', "model not loaded"),
        (b'{"detail": "Not Found"}', "Not Found"),
        (b'{"message": "no such model"}', "no such model"),
        (b"upstream timed out\n", "upstream timed out"),
        (b"<html><body>502 Bad Gateway</body></html>", "Bad Gateway"),
        (b"", "Bad Gateway"),
        (b'{"unrelated": true}', "Bad Gateway"),
        (b'{"error": {"message": "line one\\n   line two"}}', "line one line two"),
    ],
    ids=[
        "openai",
        "anthropic",
        "code-only",
        "string-error",
        "detail",
        "message",
        "plain-text",
        "html",
        "empty",
        "no-message",
        "whitespace",
    ],
)
def test_provider_message_reads_the_usual_error_shapes(body: bytes, message: str):
    assert _http.provider_message(body, 502) == message


def test_provider_message_is_shortened_with_an_ellipsis():
    body = b'{"error": {"message": "' + b"x" * 1000 + b'"}}'

    message = _http.provider_message(body, 400)

    assert len(message) == _http.MESSAGE_LIMIT
    assert message.endswith("…")


def test_provider_message_masks_the_key():
    body = f'{{"error": {{"message": "Incorrect API key provided: {SECRET}."}}}}'.encode()

    message = _http.provider_message(body, 401, SecretStr(SECRET))

    assert SECRET not in message
    assert message == "Incorrect API key provided: *****."


def test_clean_message_keeps_one_short_line_without_the_key():
    text = f"Bad request\n  from {SECRET}:\t" + "y" * 400

    message = _http.clean_message(text, SecretStr(SECRET))

    assert message.startswith("Bad request from *****: yyy")
    assert len(message) == _http.MESSAGE_LIMIT


# --- The messages per status ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("status", "expected"),
    [
        (
            401,
            "The provider 'Work' refused the API key (HTTP 401). Check the key in the provider's "
            "settings. The provider said: Nope",
        ),
        (
            403,
            "The provider 'Work' does not allow this request with this API key (HTTP 403). The "
            "provider said: Nope",
        ),
        (
            404,
            "The provider 'Work' does not know the model 'gpt-x', or the base URL is wrong (HTTP "
            "404). The provider said: Nope",
        ),
        (
            429,
            "The provider 'Work' is limiting the number of requests (HTTP 429). Wait a moment and "
            "try again. The provider said: Nope",
        ),
        (
            500,
            "The provider 'Work' had a server error (HTTP 500). Try again later. The provider "
            "said: Nope",
        ),
        (
            529,
            "The provider 'Work' had a server error (HTTP 529). Try again later. The provider "
            "said: Nope",
        ),
        (400, "The provider 'Work' answered with HTTP status 400: Nope"),
        (422, "The provider 'Work' answered with HTTP status 422: Nope"),
    ],
    ids=str,
)
def test_http_error_message_says_what_the_status_means(status: int, expected: str):
    error = ProviderHTTPError(status, "Nope", provider="Work", model="gpt-x")

    assert str(error) == expected
    assert error.text() == expected
    assert (error.status, error.message, error.provider) == (status, "Nope", "Work")


def test_http_error_with_a_long_retry_after_says_when_to_try_again():
    error = ProviderHTTPError(429, "Slow down", provider="Work", retry_after=59.2)

    assert str(error) == (
        "The provider 'Work' asked to wait 60 seconds before the next request (HTTP 429). Try "
        "again after that. The provider said: Slow down"
    )
    assert error.retry_after == 59.2


def test_unreachable_names_the_host():
    error = ProviderUnreachable(provider="Local", host="localhost")

    assert str(error) == (
        "Studio could not connect to the provider 'Local' at 'localhost'. Check the base URL and "
        "that the server is running."
    )
    assert isinstance(error, ProviderError)


def test_stream_error_quotes_the_providers_reason_when_there_is_one():
    assert str(ProviderStreamError(provider="Work", reason="Overloaded")) == (
        "The provider 'Work' stopped the answer: Overloaded"
    )
    assert str(ProviderStreamError(provider="Work", detail="cut")) == (
        "The answer of the provider 'Work' broke off or could not be read."
    )


# --- Streaming over loopback ----------------------------------------------------------------------


async def test_stream_yields_the_events_and_asks_for_an_event_stream(
    streamer: _http.EventStreamClient, fake_provider: fake.FakeProviderServer
):
    fake_provider.enqueue(fake.chat_turn(["Hel", "lo"]))

    events = await collect(streamer)

    assert events[-1].data == "[DONE]"
    assert len(events) == 5
    request = fake_provider.last_request
    assert (request.method, request.path) == ("POST", "/v1/chat/completions")
    assert request.headers["accept"] == "text/event-stream"
    assert request.json == CHAT_BODY


async def test_429_is_retried_after_its_retry_after_seconds(
    streamer: _http.EventStreamClient,
    fake_provider: fake.FakeProviderServer,
    sleep: RecordedSleep,
):
    fake_provider.enqueue(fake.openai_error(429, retry_after=1), fake.chat_turn(["Hi"]))

    events = await collect(streamer)

    assert sleep.waits == [1.0]
    assert len(fake_provider.requests) == 2
    assert events[-1].data == "[DONE]"


async def test_503_is_retried_twice_with_a_short_backoff(
    streamer: _http.EventStreamClient,
    fake_provider: fake.FakeProviderServer,
    sleep: RecordedSleep,
):
    fake_provider.enqueue(fake.openai_error(503), fake.openai_error(503), fake.chat_turn(["Hi"]))

    events = await collect(streamer)

    assert sleep.waits == [1.0, 2.0]
    assert len(fake_provider.requests) == 3
    assert events


async def test_third_refusal_is_reported(
    streamer: _http.EventStreamClient,
    fake_provider: fake.FakeProviderServer,
    sleep: RecordedSleep,
):
    fake_provider.enqueue(*(fake.openai_error(429, message="Too many requests.") for _ in range(3)))

    with pytest.raises(ProviderHTTPError) as caught:
        await collect(streamer)

    assert caught.value.status == 429
    assert caught.value.retry_after is None
    assert str(caught.value) == (
        "The provider 'Work OpenAI' is limiting the number of requests (HTTP 429). Wait a moment "
        "and try again. The provider said: Too many requests."
    )
    assert sleep.waits == [1.0, 2.0]
    assert len(fake_provider.requests) == 3


async def test_long_retry_after_is_not_waited_for(
    streamer: _http.EventStreamClient,
    fake_provider: fake.FakeProviderServer,
    sleep: RecordedSleep,
):
    fake_provider.enqueue(fake.openai_error(429, message="Slow down.", retry_after=60))

    with pytest.raises(ProviderHTTPError) as caught:
        await collect(streamer)

    assert sleep.waits == []
    assert len(fake_provider.requests) == 1
    assert caught.value.retry_after == 60
    assert str(caught.value) == (
        "The provider 'Work OpenAI' asked to wait 60 seconds before the next request (HTTP 429). "
        "Try again after that. The provider said: Slow down."
    )


async def test_retry_after_as_a_date_is_honoured(
    streamer: _http.EventStreamClient,
    fake_provider: fake.FakeProviderServer,
    sleep: RecordedSleep,
):
    soon = datetime.datetime.now(datetime.UTC) + datetime.timedelta(seconds=5)
    later = soon + datetime.timedelta(minutes=5)
    fake_provider.enqueue(
        fake.openai_error(503, headers={"retry-after": http_date(soon)}),
        fake.chat_turn(["Hi"]),
        fake.openai_error(503, headers={"retry-after": http_date(later)}),
    )

    await collect(streamer)
    with pytest.raises(ProviderHTTPError) as caught:
        await collect(streamer)

    assert len(sleep.waits) == 1
    assert 0 < sleep.waits[0] <= 5
    assert caught.value.retry_after is not None
    assert caught.value.retry_after > _http.MAX_RETRY_AFTER


@pytest.mark.parametrize(
    ("error", "path", "body", "expected"),
    [
        (fake.openai_error(401), "chat/completions", CHAT_BODY, "refused the API key (HTTP 401)"),
        (fake.openai_error(403), "chat/completions", CHAT_BODY, "does not allow this request"),
        (
            fake.openai_error(404),
            "chat/completions",
            CHAT_BODY,
            "does not know the model 'gpt-4o-mini', or the base URL is wrong (HTTP 404)",
        ),
        (fake.openai_error(500), "chat/completions", CHAT_BODY, "server error (HTTP 500)"),
        (fake.openai_error(400), "chat/completions", CHAT_BODY, "with HTTP status 400"),
        (fake.anthropic_error(401), "messages", ANTHROPIC_BODY, "refused the API key"),
        (fake.anthropic_error(529), "messages", ANTHROPIC_BODY, "server error (HTTP 529)"),
        (fake.anthropic_error(413), "messages", ANTHROPIC_BODY, "with HTTP status 413"),
    ],
    ids=[
        "openai-401",
        "openai-403",
        "openai-404",
        "openai-500",
        "openai-400",
        "anthropic-401",
        "anthropic-529",
        "anthropic-413",
    ],
)
async def test_error_status_is_reported_at_once_with_the_providers_message(
    streamer: _http.EventStreamClient,
    fake_provider: fake.FakeProviderServer,
    sleep: RecordedSleep,
    error: fake.ErrorTurn,
    path: str,
    body: dict[str, Any],
    expected: str,
):
    fake_provider.enqueue(error)

    with pytest.raises(ProviderHTTPError) as caught:
        await collect(streamer, path, body)

    provider_said = error.error_body["error"]["message"]
    assert expected in str(caught.value)
    assert str(caught.value).endswith(f": {provider_said}")
    assert caught.value.status == error.status
    assert sleep.waits == []
    assert len(fake_provider.requests) == 1


async def test_long_provider_message_is_shortened(
    streamer: _http.EventStreamClient, fake_provider: fake.FakeProviderServer
):
    fake_provider.enqueue(fake.openai_error(400, message="word " * 400))

    with pytest.raises(ProviderHTTPError) as caught:
        await collect(streamer)

    assert len(caught.value.message) == _http.MESSAGE_LIMIT
    assert caught.value.message.endswith("…")


async def test_key_never_reaches_a_message_or_a_log_record(
    streamer: _http.EventStreamClient,
    fake_provider: fake.FakeProviderServer,
    caplog: pytest.LogCaptureFixture,
):
    caplog.set_level(logging.DEBUG)
    fake_provider.enqueue(
        fake.openai_error(401, message=f"Incorrect API key provided: {SECRET}. Find yours..."),
        *(fake.openai_error(503, message=f"Busy for {SECRET}") for _ in range(3)),
    )

    with pytest.raises(ProviderHTTPError) as refused:
        await collect(streamer)
    with pytest.raises(ProviderHTTPError) as busy:
        await collect(streamer)

    # The key was sent, and the provider repeated it; Studio repeats it nowhere.
    assert fake_provider.requests[0].headers["authorization"] == f"Bearer {SECRET}"
    for error in (refused.value, busy.value):
        assert SECRET not in str(error)
        assert SECRET not in repr(error.__dict__)
    assert "Incorrect API key provided: *****." in str(refused.value)
    assert caplog.records
    assert SECRET not in caplog.text
    assert SECRET not in repr(streamer)


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
    return port


async def test_unreachable_port_is_reported_with_the_host(sleep: RecordedSleep):
    async with httpx.AsyncClient(base_url=f"http://127.0.0.1:{free_port()}/v1") as client:
        streamer = _http.EventStreamClient(
            client=client, provider="Local", model="llama3.1", sleep=sleep
        )
        with pytest.raises(ProviderUnreachable) as caught:
            await collect(streamer)

    assert caught.value.host == "127.0.0.1"
    assert "'127.0.0.1'" in str(caught.value)
    assert sleep.waits == []


@pytest.fixture
async def impatient_client(
    fake_provider: fake.FakeProviderServer,
) -> AsyncIterator[httpx.AsyncClient]:
    async with httpx.AsyncClient(
        base_url=f"{fake_provider.url}/v1", timeout=httpx.Timeout(5.0, read=0.2)
    ) as client:
        yield client


async def test_silence_longer_than_the_read_timeout_is_a_timeout(
    impatient_client: httpx.AsyncClient, fake_provider: fake.FakeProviderServer
):
    fake_provider.enqueue(fake.chat_turn(["Hi"]).slowed(2.0))
    streamer = _http.EventStreamClient(client=impatient_client, provider="Slow", model="m")

    with pytest.raises(ProviderTimeout, match="'Slow' did not answer in time"):
        await collect(streamer)

    assert fake_provider.exchanges[0].wait() == "client-closed"


async def test_cut_stream_raises_after_the_events_that_arrived(
    streamer: _http.EventStreamClient, fake_provider: fake.FakeProviderServer
):
    fake_provider.enqueue(fake.chat_turn(["a", "b", "c"]).cut(after=3))
    received: list[ServerSentEvent] = []

    async def consume() -> None:
        async for event in streamer.stream("chat/completions", CHAT_BODY):
            received.append(event)

    with pytest.raises(ProviderStreamError) as caught:
        await consume()

    assert len(received) == 3
    assert caught.value.detail == "RemoteProtocolError"


async def test_closing_the_stream_closes_the_connection(
    streamer: _http.EventStreamClient, fake_provider: fake.FakeProviderServer
):
    fake_provider.enqueue(fake.chat_turn(["a", "b", "c", "d"]).slowed(0.1))

    stream = streamer.stream("chat/completions", CHAT_BODY)
    first = await anext(stream)
    await stream.aclose()

    assert first.data
    assert fake_provider.exchanges[0].wait() == "client-closed"


async def test_cancelling_the_consumer_closes_the_connection(
    streamer: _http.EventStreamClient, fake_provider: fake.FakeProviderServer
):
    fake_provider.enqueue(fake.chat_turn(["a", "b", "c", "d"]).slowed(0.2))
    first = asyncio.Event()

    async def consume() -> None:
        async for _ in streamer.stream("chat/completions", CHAT_BODY):
            first.set()

    task = asyncio.create_task(consume())
    await first.wait()
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task

    assert fake_provider.exchanges[0].wait() == "client-closed"
