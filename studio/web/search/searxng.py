"""The SearXNG backend: one JSON request to an instance the user runs or trusts.

A SearXNG instance is a service the user configured, usually on ``localhost`` or the local
network. It is therefore reached through its own ``httpx.AsyncClient``, which the caller creates
with an explicit timeout and passes in, and never through the page retrieval, which refuses
private addresses by design. The instance decides which engines and categories to use; the
client sends neither.

The client reads at most :data:`MAX_RESPONSE_BYTES` of the answer, counting the decoded bytes as
they stream in, so a misbehaving instance or proxy cannot fill the memory. It never loads a
result's address: those are data for the page retrieval to judge later.

What goes wrong with a real instance is common and fixable by its administrator, so each failure
becomes its own :mod:`~studio.web.search.errors` type with a hint: a 403 usually means the JSON
format is switched off, a 429 the limiter, an HTML page a proxy or the same missing format.
Logged addresses never show the query (their query values are masked) nor a password.
"""

from __future__ import annotations

import asyncio
import dataclasses
import json
import logging
import math
from collections.abc import Mapping
from typing import Any, NoReturn
from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit

import httpx

from studio.kernel.translatable import QT_TRANSLATE_NOOP
from studio.web.search import errors
from studio.web.search.backend import (
    BackendCapabilities,
    BackendKind,
    SafeSearch,
    SearchHit,
    SearchPage,
    SearchQuery,
)

__all__ = [
    "DEFAULT_TIMEOUT",
    "MAX_PAGE",
    "MAX_RESPONSE_BYTES",
    "SearXNGBackend",
    "normalize_base_url",
    "redact_url",
]

_NOT_AN_ADDRESS = QT_TRANSLATE_NOOP(
    "WebSearchTool",
    "The SearXNG address must be an absolute http or https address, such as "
    "'http://localhost:8888'.",
)
_UNREADABLE_ADDRESS = QT_TRANSLATE_NOOP(
    "WebSearchTool",
    "The SearXNG address must be an absolute http or https address, such as "
    "'http://localhost:8888'. It cannot be read.",
)

logger = logging.getLogger(__name__)

MAX_RESPONSE_BYTES = 1024 * 1024
"""The largest answer read; a normal page of JSON results is a few dozen kilobytes."""

MAX_PAGE = 20
"""The last result page a SearXNG instance is asked for."""

DEFAULT_TIMEOUT = 30.0
"""Seconds one search may take, connection and whole answer included."""

_NAME = BackendKind.SEARXNG.display_name
_MASK = "*****"
_SEARCH_PATH = "/search"
_SAFE_SEARCH_VALUES = {SafeSearch.OFF: "0", SafeSearch.MODERATE: "1", SafeSearch.STRICT: "2"}
_CAPABILITIES = BackendCapabilities(
    filters_safe_search=True, max_page=MAX_PAGE, supports_time_range=True, supports_language=True
)


def normalize_base_url(raw: str) -> str:
    """The instance's base address, ready to have ``/search`` appended.

    Users paste the start page, the search page or a whole results address, so a trailing
    ``/search`` is dropped (the client adds it back), as are trailing slashes, the query and the
    fragment. User information stays: it is how a password-protected instance is reached.

    Args:
        raw: The address from the settings.

    Returns:
        The absolute http(s) base address with a lower-case scheme and host, without a trailing
        slash, for example ``"http://localhost:8888"`` or ``"https://example.org/searx"``.

    Raises:
        SearchConfigError: The address is not an absolute http or https address with a host.
    """
    text = raw.strip()
    try:
        parts = urlsplit(text)
        port = parts.port
    except ValueError as error:
        raise errors.SearchConfigError(_UNREADABLE_ADDRESS) from error
    scheme = parts.scheme.lower()
    if scheme not in ("http", "https") or not parts.hostname:
        raise errors.SearchConfigError(_NOT_AN_ADDRESS)
    path = parts.path.rstrip("/")
    if path.lower().endswith(_SEARCH_PATH):
        path = path[: -len(_SEARCH_PATH)].rstrip("/")
    userinfo, _, _ = parts.netloc.rpartition("@")
    host = parts.hostname.lower()
    if ":" in host:
        host = f"[{host}]"
    netloc = f"{userinfo}@{host}" if userinfo else host
    if port is not None:
        netloc = f"{netloc}:{port}"
    return urlunsplit((scheme, netloc, path, "", ""))


def redact_url(url: str | httpx.URL) -> str:
    """``url`` as it may be logged or shown: every query value and any password masked.

    Args:
        url: Any address, such as a search request's.

    Returns:
        The address with each query value replaced by ``*****`` and the user information, if
        any, by ``*****@``.
    """
    parts = urlsplit(str(url))
    netloc = parts.netloc
    if "@" in netloc:
        netloc = f"{_MASK}@{netloc.rpartition('@')[2]}"
    pairs = parse_qsl(parts.query, keep_blank_values=True)
    query = urlencode([(name, _MASK) for name, _ in pairs], safe="*")
    return urlunsplit((parts.scheme, netloc, parts.path, query, ""))


class SearXNGBackend:
    """Searches one SearXNG instance through its JSON API.

    Args:
        base_url: The instance's address from the settings; see :func:`normalize_base_url`.
        client: The client to send the request with. The caller owns it and closes it; its
            base URL and redirect policy are not relied upon.
        timeout: Seconds the whole search may take: connecting, waiting and reading.

    Raises:
        SearchConfigError: ``base_url`` cannot be used.
        ValueError: ``timeout`` is not positive.
    """

    def __init__(
        self, base_url: str, client: httpx.AsyncClient, *, timeout: float = DEFAULT_TIMEOUT
    ) -> None:
        if timeout <= 0:
            raise ValueError(f"The search timeout must be positive, not {timeout}.")
        self._base_url = normalize_base_url(base_url)
        self._client = client
        self._timeout = timeout
        self._where = redact_url(self._base_url)

    @property
    def kind(self) -> BackendKind:
        """Always :attr:`BackendKind.SEARXNG`."""
        return BackendKind.SEARXNG

    @property
    def capabilities(self) -> BackendCapabilities:
        """Everything the dispatcher checks for, up to :data:`MAX_PAGE` pages."""
        return _CAPABILITIES

    @property
    def search_url(self) -> str:
        """The address every search is sent to, without its query."""
        return self._base_url + _SEARCH_PATH

    async def search(self, query: SearchQuery) -> SearchPage:
        """Ask the instance for one page of results.

        Args:
            query: The search; its limit is applied later, when candidates are collected.

        Returns:
            The hits, best first, and a note naming the engines that did not answer.

        Raises:
            SearchBackendError: The instance could not be reached, refused, was too slow, or
                sent something other than a JSON answer of at most :data:`MAX_RESPONSE_BYTES`.
            ValueError: The page is beyond :data:`MAX_PAGE`; the dispatcher never asks for one.
        """
        if query.page > MAX_PAGE:
            raise ValueError(f"SearXNG serves pages up to {MAX_PAGE}, not {query.page}.")
        request = self._client.build_request(
            "GET",
            self.search_url,
            params=_parameters(query),
            # The per-operation limits must not cut in before the overall one below.
            timeout=httpx.Timeout(self._timeout),
        )
        logger.debug("Searching with SearXNG: GET %s", redact_url(request.url))
        try:
            async with asyncio.timeout(self._timeout):
                body = await self._fetch(request)
        except (TimeoutError, httpx.TimeoutException) as error:
            logger.warning("SearXNG timed out: GET %s", redact_url(request.url))
            raise errors.SearchTimeout(
                _NAME,
                f"The search failed: the SearXNG instance at {self._where} did not answer within "
                f"{self._timeout:g} seconds. Nothing is known about results; try again later.",
            ) from error
        except (httpx.ConnectError, httpx.ProxyError, httpx.UnsupportedProtocol) as error:
            logger.warning("SearXNG is unreachable (%s): %s", type(error).__name__, self._where)
            raise errors.SearchUnreachable(
                _NAME,
                f"The search failed: the SearXNG instance at {self._where} could not be reached. "
                "Check that it is running and that the web search settings give its address.",
            ) from error
        except httpx.RequestError as error:
            logger.warning("The SearXNG answer broke off (%s).", type(error).__name__)
            raise errors.SearchResponseError(
                _NAME,
                f"The search failed: the answer of the SearXNG instance at {self._where} broke "
                "off or could not be decoded. Try again later.",
            ) from error
        return self._page(body)

    async def _fetch(self, request: httpx.Request) -> bytes:
        response = await self._client.send(request, stream=True)
        try:
            self._check_status(response)
            self._check_media_type(response)
            return await self._read_capped(response)
        finally:
            await response.aclose()

    def _check_status(self, response: httpx.Response) -> None:
        status = response.status_code
        if response.is_success:
            return
        logger.warning("SearXNG answered %d: GET %s", status, redact_url(response.request.url))
        start = f"The search failed: the SearXNG instance at {self._where}"
        if status in (401, 403):
            raise errors.SearchAccessDenied(
                _NAME,
                status,
                f"{start} refused it (HTTP {status}). Most often its JSON format is switched off: "
                "'search.formats' in its settings.yml must list 'json'. Otherwise it asks for "
                "authentication or a bot check that this client cannot pass.",
            )
        if status == 429:
            raise errors.SearchRateLimited(
                _NAME,
                status,
                f"{start} is rate-limiting this client (HTTP 429): its limiter throttles the "
                "requests. Try again later. For a private instance, the administrator can set "
                "'server.limiter' to false in settings.yml, or let this client through with "
                "'pass_ip' in limiter.toml.",
            )
        hint = ""
        if response.is_redirect:
            hint = " It redirects elsewhere: give the address it redirects to in the settings."
        elif status == 404:
            hint = " Check that the settings give the address of the SearXNG start page."
        raise errors.SearchHTTPError(
            _NAME, status, f"{start} answered with HTTP status {status} instead of results.{hint}"
        )

    def _check_media_type(self, response: httpx.Response) -> None:
        # A missing header is tolerated: the body is then judged as JSON or not by parsing.
        media_type = response.headers.get("content-type", "").partition(";")[0].strip().lower()
        if not media_type or media_type == "application/json" or media_type.endswith("+json"):
            return
        raise errors.SearchFormatError(
            _NAME,
            media_type,
            f"The search failed: the SearXNG instance at {self._where} sent {media_type!r} "
            "instead of JSON. Enable the JSON format in its settings.yml ('search.formats' must "
            "contain 'json'), and check that no proxy or login page stands in front of it.",
        )

    async def _read_capped(self, response: httpx.Response) -> bytes:
        declared = response.headers.get("content-length", "")
        if declared.isdigit() and int(declared) > MAX_RESPONSE_BYTES:
            self._too_large()
        body = bytearray()
        async for chunk in response.aiter_bytes():
            body += chunk
            if len(body) > MAX_RESPONSE_BYTES:
                self._too_large()
        return bytes(body)

    def _too_large(self) -> NoReturn:
        raise errors.SearchResponseTooLarge(
            _NAME,
            MAX_RESPONSE_BYTES,
            f"The search failed: the answer of the SearXNG instance at {self._where} is larger "
            f"than {MAX_RESPONSE_BYTES // 1024} KiB, so it was not read.",
        )

    def _page(self, body: bytes) -> SearchPage:
        try:
            document = json.loads(body)
        except (ValueError, RecursionError) as error:
            raise self._unreadable("is not valid JSON") from error
        if not isinstance(document, dict) or not isinstance(document.get("results"), list):
            raise self._unreadable("has no list of results")
        results: list[Any] = document["results"]
        hits = _ranked_hits(results)
        notes = _unresponsive_engines_note(document.get("unresponsive_engines"))
        logger.debug("SearXNG sent %d results, %d usable.", len(results), len(hits))
        return SearchPage(hits=hits, notes=notes, candidate_count=len(results))

    def _unreadable(self, what: str) -> errors.SearchResponseError:
        return errors.SearchResponseError(
            _NAME,
            f"The search failed: the answer of the SearXNG instance at {self._where} {what}.",
        )


def _parameters(query: SearchQuery) -> dict[str, str]:
    # Only what the model or the settings chose: unset filters leave the instance's defaults.
    parameters = {"q": query.query, "format": "json"}
    if query.language:
        parameters["language"] = query.language
    if query.time_range:
        parameters["time_range"] = query.time_range
    if query.page > 1:
        parameters["pageno"] = str(query.page)
    if query.safe_search is not None:
        parameters["safesearch"] = _SAFE_SEARCH_VALUES[query.safe_search]
    return parameters


def _ranked_hits(results: list[Any]) -> tuple[SearchHit, ...]:
    usable = [hit for hit in map(_hit, results) if hit is not None]
    # Scores make a ranking across engines; without any, the instance's order is the ranking.
    if any(hit.score is not None for hit in usable):
        usable.sort(key=lambda hit: (-(hit.score or 0.0), hit.title))
    return tuple(dataclasses.replace(hit, rank=rank) for rank, hit in enumerate(usable, start=1))


def _hit(result: object) -> SearchHit | None:
    # Results without an address (answers, key-value boxes of offline engines) are skipped.
    if not isinstance(result, Mapping):
        return None
    url = result.get("url")
    if not isinstance(url, str) or not url.strip():
        return None
    published = _text(result.get("publishedDate")) or _text(result.get("published_date"))
    return SearchHit(
        url=url.strip(),
        title=_text(result.get("title")),
        snippet=_text(result.get("content")),
        published_date=published or None,
        score=_score(result.get("score")),
        rank=0,
        backend=BackendKind.SEARXNG,
    )


def _text(value: object) -> str:
    return value.strip() if isinstance(value, str) else ""


def _score(value: object) -> float | None:
    if isinstance(value, bool) or not isinstance(value, int | float):
        return None
    return float(value) if math.isfinite(value) else None


def _unresponsive_engines_note(value: object) -> tuple[str, ...]:
    if not isinstance(value, list) or not value:
        return ()
    engines = []
    for entry in value:
        if isinstance(entry, list | tuple) and entry:
            name = str(entry[0])
            engines.append(f"{name} ({entry[1]})" if len(entry) > 1 and entry[1] else name)
        else:
            engines.append(str(entry))
    return (
        "The following search engines of the SearXNG instance did not answer: "
        + ", ".join(engines)
        + ". Their results are missing, so an empty or short result list may be incomplete.",
    )
