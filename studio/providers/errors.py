"""Errors a provider request ends with, as adapters raise them and the caller shows them.

::

    StudioError                          (studio.errors)
    └── ProviderError                    a request to a model provider failed
        ├── ProviderHTTPError            the provider answered with an error status
        ├── ProviderUnreachable          no connection to the provider's host
        ├── ProviderTimeout              no answer in time
        │   └── ProviderStalled          the answer brought no new content for too long
        ├── ProviderStreamError          the streamed answer broke off, could not be read, or
        │   │                            the provider stopped it with a reason
        │   └── ProviderUnreadableAnswer the answer is in no readable character set, or too
        │                                large to read
        └── InvalidToolCallingResponse   a round with neither text nor tool calls

The contract: an adapter raises one of these from
:meth:`~studio.providers.base.ProviderAdapter.execute_round`, after yielding whatever text it
could stream. The tool calling loop has passed that text on already, so nothing is lost; it
lets the error through unchanged, and whoever runs the loop shows the message. The loop raises
:class:`InvalidToolCallingResponse` itself, because only it can tell that a round was empty.

Each message is a translatable template (``QT_TRANSLATE_NOOP`` in the ``"ProviderError"``
context) plus values, like :class:`~studio.errors.ToolExecutionBlocked`: ``str(error)`` is the
English text, and :meth:`~studio.errors.StudioError.text` renders it in the UI language.
Messages never carry a key, a header or a request body.
"""

from __future__ import annotations

import math

from studio.errors import StudioError
from studio.kernel.translatable import QT_TRANSLATE_NOOP, TranslatableText

__all__ = [
    "InvalidToolCallingResponse",
    "ProviderError",
    "ProviderHTTPError",
    "ProviderStalled",
    "ProviderStreamError",
    "ProviderTimeout",
    "ProviderUnreachable",
    "ProviderUnreadableAnswer",
]

_HTTP = QT_TRANSLATE_NOOP(
    "ProviderError", "The provider {provider!r} answered with HTTP status {status}: {message}"
)
# One template per status a user can act on: each says what is probably wrong, then quotes the
# provider, whose own words are often the most precise hint.
_UNAUTHORIZED = QT_TRANSLATE_NOOP(
    "ProviderError",
    "The provider {provider!r} refused the API key (HTTP 401). Check the key in the provider's "
    "settings. The provider said: {message}",
)
_FORBIDDEN = QT_TRANSLATE_NOOP(
    "ProviderError",
    "The provider {provider!r} does not allow this request with this API key (HTTP 403). The "
    "provider said: {message}",
)
_NOT_FOUND = QT_TRANSLATE_NOOP(
    "ProviderError",
    "The provider {provider!r} does not know the model {model!r}, or the base URL is wrong "
    "(HTTP 404). The provider said: {message}",
)
_RATE_LIMITED = QT_TRANSLATE_NOOP(
    "ProviderError",
    "The provider {provider!r} is limiting the number of requests (HTTP 429). Wait a moment "
    "and try again. The provider said: {message}",
)
_RETRY_LATER = QT_TRANSLATE_NOOP(
    "ProviderError",
    "The provider {provider!r} asked to wait {seconds} seconds before the next request (HTTP "
    "{status}). Try again after that. The provider said: {message}",
)
_SERVER_ERROR = QT_TRANSLATE_NOOP(
    "ProviderError",
    "The provider {provider!r} had a server error (HTTP {status}). Try again later. The "
    "provider said: {message}",
)
_STATUS_TEMPLATES = {401: _UNAUTHORIZED, 403: _FORBIDDEN, 429: _RATE_LIMITED}
_UNREACHABLE = QT_TRANSLATE_NOOP(
    "ProviderError",
    "Studio could not connect to the provider {provider!r} at {host!r}. Check the base URL and "
    "that the server is running.",
)
_TIMEOUT = QT_TRANSLATE_NOOP("ProviderError", "The provider {provider!r} did not answer in time.")
_STREAM = QT_TRANSLATE_NOOP(
    "ProviderError", "The answer of the provider {provider!r} broke off or could not be read."
)
_STREAM_STOPPED = QT_TRANSLATE_NOOP(
    "ProviderError", "The provider {provider!r} stopped the answer: {reason}"
)
_CHARSET = QT_TRANSLATE_NOOP(
    "ProviderError",
    "The answer of the provider {provider!r} is in the character set {charset!r}, which is not "
    "a text encoding Studio can read.",
)
_NO_BYTE_ORDER_MARK = QT_TRANSLATE_NOOP(
    "ProviderError",
    "The answer of the provider {provider!r} is in the character set {charset!r} without a byte "
    "order mark, so Studio cannot tell how to read it.",
)
_TOO_LARGE = QT_TRANSLATE_NOOP(
    "ProviderError",
    "The answer of the provider {provider!r} is too large: more than {megabytes} MiB.",
)
_LINE_TOO_LARGE = QT_TRANSLATE_NOOP(
    "ProviderError",
    "The answer of the provider {provider!r} has an event that is too large: more than "
    "{megabytes} MiB.",
)
_STALLED = QT_TRANSLATE_NOOP(
    "ProviderError",
    "The provider {provider!r} sent no new content for {seconds} seconds, so Studio stopped "
    "the answer. What arrived before is kept.",
)
_INVALID_TOOL_CALLING = QT_TRANSLATE_NOOP(
    "ProviderError",
    "The provider {provider!r} returned an invalid tool calling response. Check the provider's "
    "tool calling configuration and see the logs for details.",
)


class ProviderError(StudioError):
    """A request to a model provider failed; the message says so in words for the user.

    Args:
        template: The message, with ``{provider}`` and the other values as placeholders.
        provider: The provider instance's name, as the user knows it.
        **values: Further values the template names.
    """

    template: TranslatableText

    def __init__(self, template: TranslatableText, *, provider: str, **values: object) -> None:
        super().__init__(template, provider=provider, **values)
        self.provider = provider


class ProviderHTTPError(ProviderError):
    """The provider answered with an HTTP error status.

    The message depends on the status, so that it says what the user can do: check the key
    (401, 403), the model or base URL (404), wait (429, and any status with a long
    ``Retry-After``), or try later (5xx). Other statuses get a generic message.

    Args:
        status: The HTTP status code.
        message: What the provider said, shortened by the adapter; never a request detail.
        provider: The provider instance's name.
        model: The model the request asked for; named in the 404 message.
        retry_after: Seconds the provider asked to wait before the next request, when that
            was longer than Studio waits by itself.
    """

    def __init__(
        self,
        status: int,
        message: str,
        *,
        provider: str,
        model: str = "",
        retry_after: float | None = None,
    ) -> None:
        values: dict[str, object] = {"status": status, "message": message}
        if retry_after is not None:
            template = _RETRY_LATER
            values["seconds"] = math.ceil(retry_after)
        elif status == 404:
            template = _NOT_FOUND
            values["model"] = model
        else:
            template = _STATUS_TEMPLATES.get(status) or (_SERVER_ERROR if status >= 500 else _HTTP)
        super().__init__(template, provider=provider, **values)
        self.status = status
        self.message = message
        self.retry_after = retry_after


class ProviderUnreachable(ProviderError):
    """No connection to the provider's host could be made: wrong address, server down, offline.

    Args:
        provider: The provider instance's name.
        host: The host of the base URL, so the user can spot a typo or a stopped local server.
    """

    def __init__(self, *, provider: str, host: str) -> None:
        super().__init__(_UNREACHABLE, provider=provider, host=host)
        self.host = host


class ProviderTimeout(ProviderError):
    """The provider did not answer, or stopped streaming, within the configured time."""

    def __init__(self, *, provider: str) -> None:
        super().__init__(_TIMEOUT, provider=provider)


class ProviderStalled(ProviderTimeout):
    """The answer brought no new content (text, reasoning, tool calls) for too long.

    Bytes or keep-alive events may still have been arriving: a provider that trickles or pings
    forever is stopped like one that fell silent. The text that streamed before stays.

    Args:
        provider: The provider instance's name.
        seconds: The provider's progress timeout.
    """

    def __init__(self, *, provider: str, seconds: float) -> None:
        ProviderError.__init__(self, _STALLED, provider=provider, seconds=f"{seconds:g}")
        self.seconds = seconds


class ProviderStreamError(ProviderError):
    """The streamed answer broke off before it was complete, or could not be read.

    Also raised when the provider itself ended the answer early and said why (an ``error``
    event, a response that finished ``incomplete`` or ``failed``): then ``reason`` is that
    explanation and the message quotes it.

    Args:
        provider: The provider instance's name.
        detail: What went wrong, for the log; not part of the message.
        reason: What the provider said, shortened; part of the message when given.
    """

    def __init__(self, *, provider: str, detail: str = "", reason: str | None = None) -> None:
        if reason:
            super().__init__(_STREAM_STOPPED, provider=provider, reason=reason)
        else:
            super().__init__(_STREAM, provider=provider)
        self.detail = detail
        self.reason = reason


class InvalidToolCallingResponse(ProviderError):
    """The model's first round had neither text nor tool calls, so there is nothing to show.

    This usually means the provider ignores or mangles the tool definitions, which is a matter
    of the provider's configuration, not of the user's question.
    """

    def __init__(self, *, provider: str) -> None:
        super().__init__(_INVALID_TOOL_CALLING, provider=provider)


class ProviderUnreadableAnswer(ProviderStreamError):
    """The answer cannot be read safely: no text encoding Studio reads, or too large.

    Build it with one of the class methods, which choose the message.
    """

    def __init__(
        self, template: TranslatableText, *, provider: str, detail: str, **values: object
    ) -> None:
        ProviderError.__init__(self, template, provider=provider, **values)
        self.detail = detail
        self.reason = None

    @classmethod
    def charset(
        cls, *, provider: str, charset: str, missing_byte_order_mark: bool = False
    ) -> ProviderUnreadableAnswer:
        """The character set is not a text encoding, or UTF-16/32 came without its mark."""
        template = _NO_BYTE_ORDER_MARK if missing_byte_order_mark else _CHARSET
        return cls(template, provider=provider, detail="an unreadable charset", charset=charset)

    @classmethod
    def too_large(cls, *, provider: str, limit: int) -> ProviderUnreadableAnswer:
        """The whole answer is larger than ``limit`` bytes once decompressed."""
        return cls(
            _TOO_LARGE, provider=provider, detail="a body too large", megabytes=limit // 2**20
        )

    @classmethod
    def event_too_large(cls, *, provider: str, limit: int) -> ProviderUnreadableAnswer:
        """One line or event is longer than ``limit`` characters."""
        return cls(
            _LINE_TOO_LARGE,
            provider=provider,
            detail="an event too large",
            megabytes=limit // 2**20,
        )
