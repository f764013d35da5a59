"""Errors a web search ends with, worded for the model that asked for the search.

::

    StudioError                            (studio.errors)
    ├── ConfigError                        (studio.errors)
    │   └── SearchConfigError              a backend's settings cannot be used (also a SearchError)
    └── SearchError                        a web search could not be done
        ├── SearchConfigError
        ├── SearchBackendError             one backend did not answer usefully
        │   ├── SearchUnreachable          no connection to the backend
        │   ├── SearchTimeout              no complete answer in time
        │   ├── SearchHTTPError            an error status
        │   │   ├── SearchAccessDenied     401 or 403: JSON disabled, authentication, bot check
        │   │   └── SearchRateLimited      429: the instance's limiter throttles this client
        │   └── SearchResponseError        an answer that cannot be read
        │       ├── SearchFormatError      a web page instead of JSON: the JSON format is off
        │       └── SearchResponseTooLarge more than the response cap
        └── SearchFailed                   no backend answered: the reasons of all of them

Why a tree of its own: the model must be able to tell "the search failed" from "the search found
nothing". An empty result is never an error; every error here says plainly that the search did
not happen, and why, so the model neither invents results nor concludes that none exist. The
messages are English because they go to the model (HS-18). They name a backend's address
without its user information, and never the search query.
"""

from __future__ import annotations

from collections.abc import Sequence

from studio.errors import ConfigError, StudioError

__all__ = [
    "SearchAccessDenied",
    "SearchBackendError",
    "SearchConfigError",
    "SearchError",
    "SearchFailed",
    "SearchFormatError",
    "SearchHTTPError",
    "SearchRateLimited",
    "SearchResponseError",
    "SearchResponseTooLarge",
    "SearchTimeout",
    "SearchUnreachable",
]


class SearchError(StudioError):
    """A web search could not be done; this is never the same as "no results"."""


class SearchConfigError(SearchError, ConfigError):
    """The settings of the web search, or of one backend, cannot be used.

    It is also a :class:`~studio.errors.ConfigError`, so the settings dialog that validates a
    configuration catches it with the other configuration problems.
    """


class SearchBackendError(SearchError):
    """One search backend did not answer usefully.

    The dispatcher turns it into a note when another backend answers, and into a reason of
    :class:`SearchFailed` when none does.

    Args:
        backend: The backend's display name, such as ``"SearXNG"``.
        message: The full English message, naming the backend and what to do.
    """

    def __init__(self, backend: str, message: str) -> None:
        super().__init__(message)
        self.backend = backend


class SearchUnreachable(SearchBackendError):
    """The backend could not be reached: refused, unknown host, no route, TLS failure."""


class SearchTimeout(SearchBackendError):
    """The backend did not send a complete answer within the search timeout."""


class SearchHTTPError(SearchBackendError):
    """The backend answered with an HTTP status other than success.

    Args:
        backend: The backend's display name.
        status: The HTTP status code.
        message: The full English message.
    """

    def __init__(self, backend: str, status: int, message: str) -> None:
        super().__init__(backend, message)
        self.status = status


class SearchAccessDenied(SearchHTTPError):
    """401 or 403: the JSON format is disabled, or authentication or a bot check stands in between.

    SearXNG answers 403 to ``format=json`` unless ``json`` is listed in ``search.formats`` of
    its ``settings.yml``, which is the most common first-run problem.
    """


class SearchRateLimited(SearchHTTPError):
    """429: the backend throttles this client (for SearXNG: its limiter)."""


class SearchResponseError(SearchBackendError):
    """The backend answered, but the answer is not the JSON the client expects."""


class SearchFormatError(SearchResponseError):
    """The backend sent another media type (usually an HTML page) instead of JSON.

    Args:
        backend: The backend's display name.
        media_type: The media type the backend sent.
        message: The full English message.
    """

    def __init__(self, backend: str, media_type: str, message: str) -> None:
        super().__init__(backend, message)
        self.media_type = media_type


class SearchResponseTooLarge(SearchResponseError):
    """The answer was larger than the cap, so the client stopped reading it.

    Args:
        backend: The backend's display name.
        limit: The cap in bytes.
        message: The full English message.
    """

    def __init__(self, backend: str, limit: int, message: str) -> None:
        super().__init__(backend, message)
        self.limit = limit


class SearchFailed(SearchError):
    """No backend answered the search, so nothing is known about results.

    Args:
        reasons: One English sentence per backend, saying why it gave no answer (it failed, or
            it could not be asked for this search).
    """

    def __init__(self, reasons: Sequence[str]) -> None:
        self.reasons = tuple(reasons)
        details = " ".join(self.reasons) or "No search backend is configured."
        super().__init__(
            "The web search failed: no search backend answered. This is an error, not an empty "
            "result; nothing is known about what the web holds on this query. "
            f"{details}"
        )
