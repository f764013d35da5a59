"""The one service every page read in Studio goes through.

``web_search``, ``read_web_page`` and anything that later reads a page for the user call
:meth:`WebRetrievalService.retrieve` with the policy that fits who chose the URL
(:mod:`studio.web.targets`). For every hop, the first URL and each redirect target, the service:

1. checks the scheme, the host name and the caller's ``is_target_allowed`` rule, each redirect
   target under the policy the first URL leaves (:meth:`TargetPolicy.for_redirects
   <studio.web.targets.TargetPolicy.for_redirects>`);
2. resolves the host once and classifies every address (:mod:`studio.web.addresses`);
3. connects to those addresses only, never looking the name up again (``studio.web._transport``);
4. follows a redirect by hand, at most :data:`MAX_REDIRECTS` times, starting again at 1.

A response is refused as soon as its headers show a binary content type, and its body is
refused once it is larger than :data:`MAX_CONTENT_BYTES`, as sent or decompressed. The whole
read, DNS and redirects included, runs under one timeout. Each read has its own cookie jar, so
cookies pass between the hops of one read but never to another read.

The service reports what it learnt about the target in the result: above all
:attr:`RetrievedDocument.reached_non_public_address`, which tells the caller to raise the
chat's required provider confidence to HIGH.
"""

from __future__ import annotations

import asyncio
import codecs
import enum
import logging
import re
import ssl
import urllib.parse
from dataclasses import dataclass

import httpx

from studio import __version__, content_coding
from studio.web import _transport
from studio.web.errors import (
    InvalidWebAddress,
    UnsupportedWebContent,
    WebHTTPStatusError,
    WebRedirectError,
    WebRetrievalError,
    WebRetrievalTimeout,
)
from studio.web.resolution import DnsResolver, Resolver
from studio.web.targets import TargetPolicy, ValidatedTarget, parse_url, validate_target

__all__ = [
    "MAX_CONTENT_BYTES",
    "MAX_LOGGED_URL_CHARACTERS",
    "MAX_REDIRECTS",
    "REQUEST_HEADERS",
    "USER_AGENT",
    "ContentKind",
    "RetrievedDocument",
    "WebRetrievalService",
    "classify_content_type",
    "format_url_for_log",
]

logger = logging.getLogger(__name__)

MAX_REDIRECTS = 10
"""The most redirects one read follows; the 11th is an error."""

MAX_CONTENT_BYTES = 5 * 1024 * 1024
"""The largest body Studio reads, both as sent and after decompression."""

MAX_LOGGED_URL_CHARACTERS = 2000
"""Where :func:`format_url_for_log` cuts a URL."""

USER_AGENT = (
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) "
    f"Studio/{__version__}"
)
"""A browser-like User-Agent with Studio's own product token: many sites refuse bare clients."""

REQUEST_HEADERS = {
    "User-Agent": USER_AGENT,
    "Accept": "text/html,application/xhtml+xml,application/xml;q=0.9,text/plain;q=0.8,*/*;q=0.7",
    "Accept-Language": "en-US,en;q=0.9",
    "Accept-Encoding": content_coding.ACCEPT_ENCODING,
    # A top-level navigation the user started, as a browser would describe it.
    "Sec-Fetch-Dest": "document",
    "Sec-Fetch-Mode": "navigate",
    "Sec-Fetch-Site": "none",
    "Sec-Fetch-User": "?1",
}
"""The headers of every request; ``Host`` and ``Cookie`` are added per hop."""

_REDIRECT_STATUSES = frozenset({301, 302, 303, 307, 308})

_TEXT_APPLICATION_TYPES = frozenset(
    {"json", "xml", "x-ndjson", "javascript", "x-javascript", "yaml", "x-yaml", "toml", "sql"}
)

_SNIFF_BYTES = 1024
"""How far into a document its own charset declaration is looked for (as browsers do)."""

_XML_DECLARATION = re.compile(rb"""^\s*<\?xml[^>]*?encoding\s*=\s*["']([A-Za-z0-9._:-]+)["']""")
_META_CHARSET = re.compile(rb"""<meta\b[^>]*?charset\s*=\s*["']?\s*([A-Za-z0-9._:-]+)""", re.I)
_BOMS = (
    (codecs.BOM_UTF8, "utf-8"),
    (codecs.BOM_UTF16_LE, "utf-16-le"),
    (codecs.BOM_UTF16_BE, "utf-16-be"),
)


class ContentKind(enum.Enum):
    """What a response holds, as far as Studio reads it."""

    HTML_PAGE = "html-page"
    """A web page: converted to Markdown by the caller."""
    TEXT_DOCUMENT = "text-document"
    """Plain text, JSON, XML, YAML and similar: returned as it is."""


@dataclass(frozen=True, kw_only=True)
class RetrievedDocument:
    """A page Studio read, with what the caller needs to judge it.

    Attributes:
        url: The final URL, after redirects, without user information and fragment.
        status: The HTTP status of the final response.
        media_type: The media type in lower case, without parameters; empty when the server
            sent none.
        kind: HTML page or text document.
        charset: The Python codec name the body was decoded with.
        text: The decoded body; line endings unified to LF for text documents.
        reached_non_public_address: True when any hop went to a non-public address; the
            caller then raises the chat's required provider confidence to HIGH.
        redirects: The URLs that answered with a redirect, in order; empty without redirects.
    """

    url: str
    status: int
    media_type: str
    kind: ContentKind
    charset: str
    text: str
    reached_non_public_address: bool
    redirects: tuple[str, ...] = ()


class WebRetrievalService:
    """Reads web pages under a target policy; one instance serves the whole application.

    Args:
        resolver: Looks up host names; DNS by default. Tests inject a table of answers.
        verify: The TLS trust: ``True`` for the default roots, or a context with an
            organisation's roots.
    """

    def __init__(
        self, *, resolver: Resolver | None = None, verify: ssl.SSLContext | bool = True
    ) -> None:
        self._resolver: Resolver = resolver if resolver is not None else DnsResolver()
        self._client = _transport.build_client(verify)

    async def aclose(self) -> None:
        """Close the HTTP client; call once when the application shuts down."""
        await self._client.aclose()

    # The service owns the timeout, instead of leaving it to an asyncio.timeout() around the
    # call (ASYNC109): it is part of the contract, bounds every network wait inside httpx as
    # well, and is named in the error the user sees.
    async def retrieve(
        self,
        url: str,
        policy: TargetPolicy,
        *,
        timeout: float,  # noqa: ASYNC109
    ) -> RetrievedDocument:
        """Read ``url`` under ``policy``, following redirects, within ``timeout`` seconds.

        Args:
            url: An absolute http or https URL.
            policy: Chosen by the caller according to who chose the URL; see
                :class:`~studio.web.targets.TargetPolicy`.
            timeout: Seconds for the whole read, DNS, redirects and body included.

        Returns:
            The decoded page or document.

        Raises:
            InvalidWebAddress: ``url`` or a redirect target is not a usable URL.
            WebTargetBlocked: The policy refused the first URL or a redirect target; nothing
                was sent to it.
            WebRedirectError: A redirect had no ``Location``, or there were too many.
            WebHTTPStatusError: The final status is not a success.
            UnsupportedWebContent: Binary content, or an unknown content coding.
            WebContentTooLarge: The body is larger than :data:`MAX_CONTENT_BYTES`.
            WebRetrievalTimeout: The read took longer than ``timeout``.
            WebConnectionFailed: No connection, a broken one, or the host was not found.
        """
        logged = format_url_for_log(url)
        logger.info("Reading web page %s", logged)
        try:
            async with asyncio.timeout(timeout):
                deadline = asyncio.get_running_loop().time() + timeout
                return await self._follow(parse_url(url), policy, deadline)
        except (TimeoutError, httpx.TimeoutException):
            logger.info("Reading %s timed out after %s seconds", logged, timeout)
            raise WebRetrievalTimeout(timeout) from None
        except WebRetrievalError as error:
            logger.info("Reading %s failed: %s", logged, error)
            raise

    async def _follow(
        self, url: httpx.URL, policy: TargetPolicy, deadline: float
    ) -> RetrievedDocument:
        cookies = httpx.Cookies()
        redirects: list[str] = []
        reached_non_public = False
        loop = asyncio.get_running_loop()
        hop_policy = policy
        for hop in range(MAX_REDIRECTS + 1):
            # Everything about the hop is checked before a single byte is sent to it.
            target = await validate_target(url, hop_policy, self._resolver)
            if hop == 0:
                # Redirects are not the caller's choice; the policy says what they may reach.
                hop_policy = policy.for_redirects(target)
            reached_non_public = reached_non_public or target.reaches_non_public
            headers = dict(REQUEST_HEADERS)
            cookie = _cookie_header(cookies, target.url)
            if cookie:
                headers["Cookie"] = cookie
            remaining = max(deadline - loop.time(), 0.001)
            response = await _transport.send(self._client, target, headers, seconds_left=remaining)
            try:
                _store_cookies(cookies, target.url, response)
                if response.status_code in _REDIRECT_STATUSES:
                    url = _redirect_target(target, response)
                    redirects.append(str(target.url))
                    logger.debug("Redirected to %s", format_url_for_log(str(url)))
                    continue
                return await self._read(target, response, reached_non_public, tuple(redirects))
            finally:
                await response.aclose()
        raise WebRedirectError(limit=MAX_REDIRECTS)

    async def _read(
        self,
        target: ValidatedTarget,
        response: httpx.Response,
        reached_non_public: bool,
        redirects: tuple[str, ...],
    ) -> RetrievedDocument:
        if not 200 <= response.status_code < 300:
            raise WebHTTPStatusError(response.status_code)
        media_type, declared_charset = _parse_content_type(response.headers.get("content-type"))
        kind = classify_content_type(media_type)
        if kind is None:
            # Refused on the headers alone: the body is never read.
            raise UnsupportedWebContent(media_type=media_type)
        body = await _transport.read_body(response, target.host, MAX_CONTENT_BYTES)
        charset = _choose_charset(declared_charset, body)
        text = body.decode(charset, errors="replace").removeprefix("\ufeff")
        if kind is ContentKind.TEXT_DOCUMENT:
            text = text.replace("\r\n", "\n").replace("\r", "\n")
        return RetrievedDocument(
            url=str(target.url),
            status=response.status_code,
            media_type=media_type,
            kind=kind,
            charset=charset,
            text=text,
            reached_non_public_address=reached_non_public,
            redirects=redirects,
        )


def classify_content_type(media_type: str) -> ContentKind | None:
    """Whether Studio reads a media type, and as what.

    Args:
        media_type: The media type in lower case, without parameters (``"text/html"``).

    Returns:
        :attr:`ContentKind.HTML_PAGE` for no type, HTML and XHTML;
        :attr:`ContentKind.TEXT_DOCUMENT` for ``text/*``, the textual ``application/`` types
        and any ``application/*+json`` or ``+xml``; ``None`` for everything else (PDF, images,
        ``image/svg+xml``, archives), which is refused.
    """
    if media_type in ("", "text/html", "application/xhtml+xml"):
        return ContentKind.HTML_PAGE
    top, _, sub = media_type.partition("/")
    if top == "text" and sub:
        return ContentKind.TEXT_DOCUMENT
    if top == "application" and (sub in _TEXT_APPLICATION_TYPES or sub.endswith(("+json", "+xml"))):
        return ContentKind.TEXT_DOCUMENT
    return None


def format_url_for_log(url: str) -> str:
    """``url`` as it may appear in a log: no user information, no fragment, no query values.

    Every query value becomes ``*****`` (a parameter without ``=`` counts as a value), because
    queries carry tokens and personal data; the names stay, for debugging. The result is cut
    at :data:`MAX_LOGGED_URL_CHARACTERS`.

    Args:
        url: Any URL, well-formed or not.

    Returns:
        The URL, safe to log.
    """
    try:
        parts = urllib.parse.urlsplit(url)
    except ValueError:
        return "<unreadable URL>"
    netloc = parts.netloc.rpartition("@")[2]
    query = "&".join(_masked(parameter) for parameter in parts.query.split("&"))
    text = urllib.parse.urlunsplit((parts.scheme, netloc, parts.path, query, ""))
    return text[:MAX_LOGGED_URL_CHARACTERS]


def _masked(parameter: str) -> str:
    if not parameter:
        return parameter
    name, equals, _value = parameter.partition("=")
    return f"{name}=*****" if equals else "*****"


def _redirect_target(target: ValidatedTarget, response: httpx.Response) -> httpx.URL:
    location = response.headers.get("location", "").strip()
    if not location:
        raise WebRedirectError()
    try:
        return target.url.join(location)
    except (httpx.InvalidURL, ValueError):
        raise InvalidWebAddress() from None


def _cookie_header(cookies: httpx.Cookies, url: httpx.URL) -> str | None:
    # The jar judges cookies by the URL with the host name, not the IP the request goes to.
    probe = httpx.Request("GET", url)
    cookies.set_cookie_header(probe)
    header: str | None = probe.headers.get("cookie")
    return header


def _store_cookies(cookies: httpx.Cookies, url: httpx.URL, response: httpx.Response) -> None:
    if "set-cookie" in response.headers:
        named = httpx.Response(
            response.status_code, headers=response.headers, request=httpx.Request("GET", url)
        )
        cookies.extract_cookies(named)


def _parse_content_type(header: str | None) -> tuple[str, str | None]:
    if not header:
        return "", None
    media_type, *parameters = header.split(";")
    charset = None
    for parameter in parameters:
        name, _, value = parameter.partition("=")
        if name.strip().lower() == "charset":
            charset = value.strip().strip("\"'") or None
    return media_type.strip().lower(), charset


def _choose_charset(declared: str | None, body: bytes) -> str:
    """The codec for ``body``: from the header, else from the document, else UTF-8."""
    for label in (declared, _sniff_charset(body)):
        codec = _text_codec(label)
        if codec is not None:
            return codec
    return "utf-8"


def _sniff_charset(body: bytes) -> str | None:
    for bom, name in _BOMS:
        if body.startswith(bom):
            return name
    head = body[:_SNIFF_BYTES]
    match = _XML_DECLARATION.match(head) or _META_CHARSET.search(head)
    return bytes(match.group(1)).decode("ascii") if match else None


def _text_codec(label: str | None) -> str | None:
    """Python's name for a charset label, or ``None`` if unknown or not a text encoding."""
    if not label:
        return None
    try:
        name = codecs.lookup(label).name
        # bytes.decode refuses codecs that are not text encodings (base64, zlib, rot13), but
        # only once it has bytes to decode.
        b"a".decode(name, errors="replace")
    except LookupError:
        return None
    return name
