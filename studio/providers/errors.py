"""Errors a provider request ends with, as adapters raise them and the caller shows them.

::

    StudioError                          (studio.errors)
    └── ProviderError                    a request to a model provider failed
        ├── ProviderHTTPError            the provider answered with an error status
        ├── ProviderTimeout              no answer in time
        ├── ProviderStreamError          the streamed answer broke off or could not be read
        └── InvalidToolCallingResponse   a round with neither text nor tool calls

The contract: an adapter raises one of these from
:meth:`~studio.providers.base.ProviderAdapter.execute_round`, after yielding whatever text it
could stream. The tool calling loop has passed that text on already, so nothing is lost; it
lets the error through unchanged, and whoever runs the loop shows the message. The loop raises
:class:`InvalidToolCallingResponse` itself, because only it can tell that a round was empty.

Each message is a translatable template (``QT_TRANSLATE_NOOP`` in the ``"ProviderError"``
context) plus values, like :class:`~studio.errors.ToolExecutionBlocked`: ``str(error)`` is the
English text, and :meth:`ProviderError.text` renders it in the UI language. Messages never carry
a key, a header or a request body.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Mapping

from studio.errors import StudioError
from studio.translatable import QT_TRANSLATE_NOOP, TranslatableText

__all__ = [
    "InvalidToolCallingResponse",
    "ProviderError",
    "ProviderHTTPError",
    "ProviderStreamError",
    "ProviderTimeout",
]

logger = logging.getLogger(__name__)

_HTTP = QT_TRANSLATE_NOOP(
    "ProviderError", "The provider {provider!r} answered with HTTP status {status}: {message}"
)
_TIMEOUT = QT_TRANSLATE_NOOP("ProviderError", "The provider {provider!r} did not answer in time.")
_STREAM = QT_TRANSLATE_NOOP(
    "ProviderError", "The answer of the provider {provider!r} broke off or could not be read."
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

    def __init__(self, template: TranslatableText, *, provider: str, **values: object) -> None:
        self.template = template
        self.provider = provider
        self.values: Mapping[str, object] = {"provider": provider, **values}
        super().__init__(template.format(**self.values))

    def text(self, translate: Callable[[TranslatableText], str] = str) -> str:
        """The message in the language ``translate`` renders; English if the translation breaks."""
        try:
            return translate(self.template).format(**self.values)
        except (KeyError, IndexError, ValueError):
            logger.warning("The translation of %r does not fit its values.", str(self.template))
            return str(self)


class ProviderHTTPError(ProviderError):
    """The provider answered with an HTTP error status.

    Args:
        status: The HTTP status code.
        message: What the provider said, shortened by the adapter; never a request detail.
        provider: The provider instance's name.
    """

    def __init__(self, status: int, message: str, *, provider: str) -> None:
        super().__init__(_HTTP, provider=provider, status=status, message=message)
        self.status = status
        self.message = message


class ProviderTimeout(ProviderError):
    """The provider did not answer, or stopped streaming, within the configured time."""

    def __init__(self, *, provider: str) -> None:
        super().__init__(_TIMEOUT, provider=provider)


class ProviderStreamError(ProviderError):
    """The streamed answer broke off before it was complete, or could not be read.

    Args:
        provider: The provider instance's name.
        detail: What went wrong, for the log; not part of the message.
    """

    def __init__(self, *, provider: str, detail: str = "") -> None:
        super().__init__(_STREAM, provider=provider)
        self.detail = detail


class InvalidToolCallingResponse(ProviderError):
    """The model's first round had neither text nor tool calls, so there is nothing to show.

    This usually means the provider ignores or mangles the tool definitions, which is a matter
    of the provider's configuration, not of the user's question.
    """

    def __init__(self, *, provider: str) -> None:
        super().__init__(_INVALID_TOOL_CALLING, provider=provider)
