"""Errors a page read ends with, as the retrieval service raises them and callers show them.

::

    StudioError                          (studio.errors)
    ├── ConfigError                      (studio.errors)
    │   └── InvalidHostPattern           an allowed-private-hosts entry cannot be used
    └── WebRetrievalError                a page could not be read
        ├── InvalidWebAddress            not an absolute URL with a usable host
        ├── WebTargetBlocked             the target policy refused the address; has a reason
        ├── WebRedirectError             a redirect without Location, or too many of them
        ├── WebContentTooLarge           the body is larger than the limit
        ├── UnsupportedWebContent        a binary content type, or an unknown encoding
        ├── WebRetrievalTimeout          the whole read took longer than its timeout
        ├── WebHTTPStatusError           the server answered with an error status
        └── WebConnectionFailed          no connection to any validated address, or it broke
            └── WebHostNotFound          the host name did not resolve

Each error carries two texts. ``str(error)`` and :meth:`~studio.errors.StudioError.text` are for
the user: a ``QT_TRANSLATE_NOOP("WebRetrieval", ...)`` template plus values, translated where it
is shown. :attr:`WebRetrievalError.model_message` is for the model: always English, and it never
repeats the address, so a refusal cannot echo a made-up or secret-bearing URL back into the chat.
No message carries a query string, a header or a body. :class:`BlockReason` says why a target
policy (:mod:`studio.web.targets`) refused an address, with both texts.
"""

from __future__ import annotations

import enum

from studio.errors import ConfigError, StudioError
from studio.kernel.translatable import QT_TRANSLATE_NOOP, TranslatableText

__all__ = [
    "BlockReason",
    "InvalidHostPattern",
    "InvalidWebAddress",
    "UnsupportedWebContent",
    "WebConnectionFailed",
    "WebContentTooLarge",
    "WebHTTPStatusError",
    "WebHostNotFound",
    "WebRedirectError",
    "WebRetrievalError",
    "WebRetrievalTimeout",
    "WebTargetBlocked",
]

_INVALID_ADDRESS = QT_TRANSLATE_NOOP(
    "WebRetrieval", "The address is not a complete http or https URL with a valid host name."
)
_NO_LOCATION = QT_TRANSLATE_NOOP(
    "WebRetrieval", "The web server sent a redirect without saying where to."
)
_TOO_MANY_REDIRECTS = QT_TRANSLATE_NOOP(
    "WebRetrieval", "The web page redirected more than {limit} times, so Studio stopped."
)
_TOO_LARGE = QT_TRANSLATE_NOOP(
    "WebRetrieval", "The web page is larger than {megabytes} MB, so Studio did not read it."
)
_UNSUPPORTED_TYPE = QT_TRANSLATE_NOOP(
    "WebRetrieval",
    "The address leads to {media_type!r} content. Studio reads only web pages and text "
    "documents, not PDF files, images or other binary content.",
)
_UNSUPPORTED_ENCODING = QT_TRANSLATE_NOOP(
    "WebRetrieval",
    "The web server compressed the page with {encoding!r}, which Studio cannot read.",
)
# The reference's wording, so that users and support staff recognise it.
_TIMEOUT = QT_TRANSLATE_NOOP(
    "WebRetrieval", "Loading the web page timed out after {seconds} seconds."
)
_HTTP_STATUS = QT_TRANSLATE_NOOP(
    "WebRetrieval", "The web server answered with HTTP status {status}."
)
_CONNECTION_FAILED = QT_TRANSLATE_NOOP(
    "WebRetrieval", "Studio could not connect to {host!r}, or the connection broke off."
)
_HOST_NOT_FOUND = QT_TRANSLATE_NOOP("WebRetrieval", "The host name {host!r} could not be found.")


class BlockReason(enum.Enum):
    """Why a policy refused a target; each has a text for the user and one for the model."""

    UNSUPPORTED_SCHEME = "unsupported-scheme"
    LOCAL_HOST_NAME = "local-host-name"
    NEVER_ALLOWED_ADDRESS = "never-allowed-address"
    PRIVATE_HOST_NOT_ALLOWED = "private-host-not-allowed"
    INSUFFICIENT_PROVIDER_CONFIDENCE = "insufficient-provider-confidence"
    TARGET_NOT_ALLOWED = "target-not-allowed"
    REDIRECT_TO_THIS_COMPUTER = "redirect-to-this-computer"
    """A redirect of a user-typed read led to this computer, and the typed address did not."""
    REDIRECT_TO_PRIVATE_NETWORK = "redirect-to-private-network"
    """A redirect of a user-typed read led from the public internet to a private network, to a
    host that is not on the allow list."""

    @property
    def user_text(self) -> TranslatableText:
        """The message for the user, translated where it is shown."""
        return _USER_TEXTS[self]

    @property
    def model_text(self) -> str:
        """The English message for the model; it never repeats the address."""
        return _MODEL_TEXTS[self]


_USER_TEXTS = {
    BlockReason.UNSUPPORTED_SCHEME: QT_TRANSLATE_NOOP(
        "WebRetrieval", "Studio reads only http and https addresses."
    ),
    BlockReason.LOCAL_HOST_NAME: QT_TRANSLATE_NOOP(
        "WebRetrieval", "Studio does not read addresses on this computer (localhost) for a model."
    ),
    BlockReason.NEVER_ALLOWED_ADDRESS: QT_TRANSLATE_NOOP(
        "WebRetrieval",
        "The address leads to this computer, a link-local, multicast or reserved network "
        "address. Studio never reads such addresses for a model.",
    ),
    BlockReason.PRIVATE_HOST_NOT_ALLOWED: QT_TRANSLATE_NOOP(
        "WebRetrieval",
        "The address leads to a private network. Add its host to the allowed private hosts in "
        "the tool's settings if the model may read it.",
    ),
    BlockReason.INSUFFICIENT_PROVIDER_CONFIDENCE: QT_TRANSLATE_NOOP(
        "WebRetrieval",
        "Pages on a private network or a VPN can be read only while a provider with High "
        "confidence is selected.",
    ),
    BlockReason.TARGET_NOT_ALLOWED: QT_TRANSLATE_NOOP(
        "WebRetrieval", "This tool is not allowed to read this address."
    ),
    BlockReason.REDIRECT_TO_THIS_COMPUTER: QT_TRANSLATE_NOOP(
        "WebRetrieval",
        "The page redirected to an address on this computer, which Studio follows only from an "
        "address on this computer. Type that address yourself if you want to read it.",
    ),
    BlockReason.REDIRECT_TO_PRIVATE_NETWORK: QT_TRANSLATE_NOOP(
        "WebRetrieval",
        "The page redirected to an address on a private network, which Studio follows only "
        "from an address on a private network. Type that address yourself, or add its host to "
        "the allowed private hosts in the settings of the Read web page tool.",
    ),
}

_MODEL_TEXTS = {
    BlockReason.UNSUPPORTED_SCHEME: "Only http and https addresses can be read.",
    BlockReason.LOCAL_HOST_NAME: "Addresses on the local computer (localhost) cannot be read.",
    BlockReason.NEVER_ALLOWED_ADDRESS: (
        "The address leads to a loopback, link-local, multicast or reserved network address, "
        "which can never be read."
    ),
    BlockReason.PRIVATE_HOST_NOT_ALLOWED: (
        "The address leads to a private network, and its host is not allowed for this tool."
    ),
    BlockReason.INSUFFICIENT_PROVIDER_CONFIDENCE: (
        "Pages on private networks can be read only with a high-confidence provider."
    ),
    BlockReason.TARGET_NOT_ALLOWED: "This tool is not allowed to read the address.",
    BlockReason.REDIRECT_TO_THIS_COMPUTER: (
        "The page redirected to the local computer, which is not followed."
    ),
    BlockReason.REDIRECT_TO_PRIVATE_NETWORK: (
        "The page redirected to a private network, and its host is not allowed."
    ),
}


class InvalidHostPattern(ConfigError):
    """An entry of an allowed-private-hosts list is not a host pattern.

    Args:
        entry: The entry as the user or the organisation wrote it.
        problem: What is wrong and how to write it instead, as a full sentence.
    """

    def __init__(self, entry: str, problem: str) -> None:
        super().__init__(f"The allowed private host {entry!r} cannot be used: {problem}")
        self.entry = entry
        self.problem = problem


class WebRetrievalError(StudioError):
    """A page could not be read; the message says why in words for the user.

    Args:
        template: The user-facing message, with the values as placeholders.
        model_message: The English text for the model; never contains the address.
        **values: The values the template names.
    """

    template: TranslatableText

    def __init__(self, template: TranslatableText, model_message: str, **values: object) -> None:
        super().__init__(template, **values)
        self.model_message = model_message


class InvalidWebAddress(WebRetrievalError):
    """The address is not an absolute URL with a host the HTTP client can use."""

    def __init__(self) -> None:
        super().__init__(_INVALID_ADDRESS, "The address is not a valid absolute http or https URL.")


class WebTargetBlocked(WebRetrievalError):
    """The target policy refused the address, before anything was sent to it.

    Args:
        reason: Why; its texts become the messages.
    """

    def __init__(self, reason: BlockReason) -> None:
        super().__init__(reason.user_text, reason.model_text)
        self.reason = reason


class WebRedirectError(WebRetrievalError):
    """A redirect could not be followed: no ``Location``, or one hop too many.

    Args:
        limit: The most redirects a read follows, when that is what was exceeded; ``None`` for
            a redirect without a ``Location``.
    """

    def __init__(self, *, limit: int | None = None) -> None:
        if limit is None:
            super().__init__(_NO_LOCATION, "The web server sent a redirect without a target.")
        else:
            super().__init__(
                _TOO_MANY_REDIRECTS, f"The page redirected more than {limit} times.", limit=limit
            )
        self.limit = limit


class WebContentTooLarge(WebRetrievalError):
    """The body, as sent or after decompression, is larger than the limit.

    Args:
        limit: The limit in bytes.
    """

    def __init__(self, limit: int) -> None:
        megabytes = f"{limit / (1024 * 1024):g}"
        super().__init__(
            _TOO_LARGE, f"The page is larger than {megabytes} MB.", megabytes=megabytes
        )
        self.limit = limit


class UnsupportedWebContent(WebRetrievalError):
    """The server sent binary content, or compressed it in a way Studio does not read.

    Args:
        media_type: The media type, such as ``"application/pdf"``, when that is the problem.
        encoding: The ``Content-Encoding``, when that is the problem.
    """

    def __init__(self, *, media_type: str = "", encoding: str = "") -> None:
        if encoding:
            super().__init__(
                _UNSUPPORTED_ENCODING,
                f"The page uses the unsupported content encoding {encoding!r}.",
                encoding=encoding,
            )
        else:
            super().__init__(
                _UNSUPPORTED_TYPE,
                f"The address leads to {media_type!r} content; only web pages and text "
                "documents can be read.",
                media_type=media_type,
            )
        self.media_type = media_type
        self.encoding = encoding


class WebRetrievalTimeout(WebRetrievalError):
    """The whole read, redirects and body included, took longer than its timeout.

    Args:
        seconds: The timeout, as the caller gave it.
    """

    def __init__(self, seconds: float) -> None:
        shown = f"{seconds:g}"
        super().__init__(_TIMEOUT, _TIMEOUT.format(seconds=shown), seconds=shown)
        self.seconds = seconds


class WebHTTPStatusError(WebRetrievalError):
    """The server answered with a status that is neither success nor a followed redirect.

    Args:
        status: The HTTP status code.
    """

    def __init__(self, status: int) -> None:
        super().__init__(
            _HTTP_STATUS, f"The web server answered with HTTP status {status}.", status=status
        )
        self.status = status


class WebConnectionFailed(WebRetrievalError):
    """No connection could be made to any validated address, or it broke off mid-response.

    Args:
        host: The URL's host, so the user can spot a typo or a stopped server.
        template: The user-facing message, for subclasses.
        model_message: The text for the model, for subclasses.
    """

    def __init__(
        self,
        host: str,
        *,
        template: TranslatableText = _CONNECTION_FAILED,
        model_message: str = "The web server could not be reached, or the connection broke off.",
    ) -> None:
        super().__init__(template, model_message, host=host)
        self.host = host


class WebHostNotFound(WebConnectionFailed):
    """The host name did not resolve to any address (or the look-up failed or timed out).

    Args:
        host: The host name.
    """

    def __init__(self, host: str) -> None:
        super().__init__(
            host, template=_HOST_NOT_FOUND, model_message="The host name could not be found."
        )
