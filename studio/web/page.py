"""Reading one page for a model or a user: retrieval, extraction, truncation and the guard.

Every page Studio hands to a model goes through the same steps, whoever asked for it:

1. :class:`~studio.web.retrieval.WebRetrievalService` reads it under the caller's policy;
2. an HTML page becomes Markdown in a worker thread (:func:`studio.web.extract.extract_page`),
   a text document stays as it is;
3. the content is cut to the caller's limit (:func:`studio.web.truncate.truncate_markdown`);
4. every field that reaches the model goes through the prompt-injection guard, after the cut,
   so only what is returned is scanned.

:func:`read_page` runs all four for one page and gives back a :class:`PageReading`, whose
:meth:`~PageReading.to_json` is the result ``read_web_page`` returns and ``studio read --json``
prints. :func:`read_user_typed_page` is the read of an address the user typed (``studio read``,
the "summarise a web page" assistant): one guard action around :func:`read_page` under
:meth:`TargetPolicy.user_typed`, whose redirects may lead no deeper into the user's networks
than the typed address. ``web_search`` shares the budget among several pages instead
of cutting each one, so it uses the steps on their own: :func:`load_page` for 1 and 2,
:func:`guard_pages` for 4.
"""

from __future__ import annotations

import datetime
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

from studio.kernel.content import MAX_REMOVED_PASSAGE_CHARACTERS, ContentSource, Removal
from studio.web import extract
from studio.web.extract import ExtractedPage
from studio.web.guard import GuardedText, GuardText, PromptInjectionGuard, Reporter
from studio.web.retrieval import ContentKind, RetrievedDocument, WebRetrievalService
from studio.web.targets import HostAllowList, TargetPolicy
from studio.web.truncate import truncate_markdown

__all__ = [
    "SHORT_PAGE_CHARACTERS",
    "GuardedPage",
    "LoadedPage",
    "PageReading",
    "PageStatus",
    "PageText",
    "extract_document",
    "guard_pages",
    "load_page",
    "read_page",
    "read_user_typed_page",
    "removals_of",
    "utc_timestamp",
]

SHORT_PAGE_CHARACTERS = 500
"""An HTML page with less readable text than this probably needs JavaScript or a login."""

PageStatus = Literal["empty response", "partial", "complete"]
"""How much of a page a reading holds: nothing readable; cut, or so short that it is probably
incomplete; or all of it."""


@dataclass(frozen=True, kw_only=True)
class LoadedPage:
    """A page that was read and extracted, not yet cut or filtered."""

    document: RetrievedDocument
    """What the retrieval service read, with the final URL and what it reached."""
    extracted: ExtractedPage
    """The readable content and the page's metadata, or the text document as it is."""

    @property
    def url(self) -> str:
        """The final URL, after redirects."""
        return self.document.url

    @property
    def has_content(self) -> bool:
        """Whether any readable text was found."""
        return bool(self.extracted.markdown.strip())


async def load_page(
    retrieval: WebRetrievalService,
    url: str,
    policy: TargetPolicy,
    *,
    timeout: float,  # noqa: ASYNC109  # The retrieval service owns the timeout; see retrieve().
) -> LoadedPage:
    """Read ``url`` under ``policy`` and extract its content, off the event loop.

    Args:
        retrieval: The application's retrieval service.
        url: An absolute http or https URL.
        policy: Chosen by the caller according to who chose the URL.
        timeout: Seconds for the read, redirects included; extraction is not counted.

    Returns:
        The page with its content as Markdown (HTML) or unchanged (text documents).

    Raises:
        WebRetrievalError: The page could not be read; see
            :meth:`~studio.web.retrieval.WebRetrievalService.retrieve`.
    """
    return await extract_document(await retrieval.retrieve(url, policy, timeout=timeout))


async def extract_document(document: RetrievedDocument) -> LoadedPage:
    """Extract a retrieved document: an HTML page in a worker thread, a text document as it is.

    Callers that limit how many pages load at once call this after giving their slot back:
    extractions take turns in the worker anyway, and a slot held while waiting for that turn
    would keep the next page from loading.
    """
    if document.kind is ContentKind.HTML_PAGE:
        extracted = await extract.extract_page_in_worker(document.text, document.url)
    else:
        extracted = extract.extract_text_document(document.text, document.media_type)
    return LoadedPage(document=document, extracted=extracted)


@dataclass(frozen=True, kw_only=True)
class PageText:
    """The texts of one page that reach a model; each one is written by whoever runs the page."""

    content: str = ""
    title: str | None = None
    description: str | None = None
    authors: tuple[str, ...] = ()
    language: str | None = None
    published_time: str | None = None
    modified_time: str | None = None
    media_type: str | None = None
    """A media type is sent by the server too, and a text type may be any words after ``text/``."""

    @classmethod
    def of(cls, page: ExtractedPage, content: str, media_type: str | None = None) -> PageText:
        """The texts of an extracted page, with ``content`` as its (possibly cut) content."""
        return cls(
            content=content,
            title=page.title,
            description=page.description,
            authors=page.authors,
            language=page.language,
            published_time=page.published_time,
            modified_time=page.modified_time,
            media_type=media_type or page.media_type,
        )

    def _fields(self) -> list[str]:
        single = (self.title, self.description, self.language, self.published_time)
        rest = (self.modified_time, self.media_type)
        return [self.content, *(value or "" for value in (*single, *rest)), *self.authors]

    def _replaced(self, texts: Sequence[str]) -> PageText:
        content, title, description, language, published, modified, media_type, *authors = texts
        return PageText(
            content=content,
            title=_optional(self.title, title),
            description=_optional(self.description, description),
            authors=tuple(authors),
            language=_optional(self.language, language),
            published_time=_optional(self.published_time, published),
            modified_time=_optional(self.modified_time, modified),
            media_type=_optional(self.media_type, media_type),
        )


def _optional(original: str | None, text: str) -> str | None:
    return None if original is None else text


@dataclass(frozen=True, kw_only=True)
class GuardedPage:
    """One page's texts after the guard."""

    text: PageText
    """The texts as the model may read them."""
    redacted_count: int = 0
    """How many spans the guard removed from the page, all fields together."""
    removals: tuple[Removal, ...] = ()
    """The passages it removed, as far as the guard reports them."""
    checked: bool = True
    """False when any field could not be checked and is used as it is."""


async def guard_pages(
    guard: PromptInjectionGuard, pages: Sequence[tuple[PageText, ContentSource]]
) -> list[GuardedPage]:
    """Filter every text of every page in one batch: one scan request, one report per source.

    Args:
        guard: The application's guard.
        pages: Each page's texts and the source they are reported under (the page's URL).

    Returns:
        The filtered pages, in the order given.
    """
    batch: list[GuardText] = []
    for text, source in pages:
        batch.extend(GuardText(value, source) for value in text._fields())
    guarded = await guard.sanitize_batch(batch)
    results: list[GuardedPage] = []
    start = 0
    for text, _source in pages:
        end = start + len(text._fields())
        part = guarded[start:end]
        results.append(
            GuardedPage(
                text=text._replaced([item.text for item in part]),
                redacted_count=sum(item.redacted_count for item in part),
                removals=tuple(removal for item in part for removal in removals_of(item)),
                checked=all(item.checked for item in part),
            )
        )
        start = end
    return results


def removals_of(guarded: GuardedText) -> tuple[Removal, ...]:
    """What the guard removed from one text, as the trace keeps it."""
    return tuple(
        Removal(
            source=guarded.source,
            category=finding.category.value,
            rule=finding.rule,
            passage=finding.removed[:MAX_REMOVED_PASSAGE_CHARACTERS],
        )
        for finding in guarded.findings
    )


def utc_timestamp(moment: datetime.datetime) -> str:
    """``moment`` in ISO 8601 in UTC, ending in ``Z`` (``2026-11-29T08:15:03.120344Z``)."""
    utc = moment.astimezone(datetime.UTC).replace(tzinfo=None)
    return utc.isoformat(timespec="microseconds") + "Z"


@dataclass(frozen=True, kw_only=True)
class PageReading:
    """One page as a model or a user gets it: cut to the limit and filtered."""

    url: str
    """The final URL, after redirects."""
    status: PageStatus
    retrieved_at: datetime.datetime
    """When the read finished, in UTC."""
    kind: ContentKind
    text: PageText
    """The filtered texts; ``text.content`` is what is returned of the content."""
    original_characters: int
    """The length of the content before it was cut."""
    truncated: bool
    reached_non_public_address: bool
    """True when any hop went to a non-public address; the chat must then demand a HIGH
    provider from here on."""
    warnings: tuple[str, ...] = field(default=())
    """English notes for the model about what it reads."""
    removals: tuple[Removal, ...] = ()
    """The passages the guard removed from the page."""

    def to_json(self) -> dict[str, Any]:
        """The result object of ``read_web_page``; optional members only when they have a value."""
        text = self.text
        content: dict[str, Any] = {"text_content": text.content}
        _put(content, "title", text.title)
        _put(content, "description", text.description)
        if text.authors:
            content["authors"] = list(text.authors)
        metadata: dict[str, Any] = {}
        _put(metadata, "language", text.language)
        _put(metadata, "published_time", text.published_time)
        _put(metadata, "modified_time", text.modified_time)
        _put(metadata, "media_type", text.media_type)
        metadata["warnings"] = list(self.warnings)
        if text.content:
            metadata["original_content_characters"] = self.original_characters
            metadata["returned_content_characters"] = len(text.content)
        return {
            "url": self.url,
            "status": self.status,
            "retrieved_at_utc": utc_timestamp(self.retrieved_at),
            "content": content,
            "metadata": metadata,
        }


def _put(target: dict[str, Any], key: str, value: str | None) -> None:
    if value:
        target[key] = value


async def read_page(
    url: str,
    policy: TargetPolicy,
    *,
    retrieval: WebRetrievalService,
    guard: PromptInjectionGuard,
    timeout: float,  # noqa: ASYNC109  # The retrieval service owns the timeout; see retrieve().
    max_characters: int,
) -> PageReading:
    """Read one page, cut its content to ``max_characters`` and filter every field.

    Args:
        url: An absolute http or https URL.
        policy: Chosen by the caller according to who chose the URL: the model
            (:meth:`TargetPolicy.allow_listed`) or the user (:meth:`TargetPolicy.user_typed`).
        retrieval: The application's retrieval service.
        guard: The application's guard; all fields of the page go to it in one batch.
        timeout: Seconds for the read, redirects included.
        max_characters: The most characters of content returned.

    Returns:
        The page as the model reads it.

    Raises:
        WebRetrievalError: The page could not be read.
    """
    loaded = await load_page(retrieval, url, policy, timeout=timeout)
    retrieved_at = datetime.datetime.now(datetime.UTC)
    document = loaded.document
    cut = truncate_markdown(loaded.extracted.markdown if loaded.has_content else "", max_characters)
    text = PageText.of(loaded.extracted, cut.text, document.media_type or None)
    (guarded,) = await guard_pages(guard, [(text, ContentSource.web_page(document.url))])
    short = (
        document.kind is ContentKind.HTML_PAGE and cut.original_characters < SHORT_PAGE_CHARACTERS
    )
    status: PageStatus
    if not cut.text:
        status = "empty response"
    elif cut.was_truncated or short:
        status = "partial"
    else:
        status = "complete"
    return PageReading(
        url=document.url,
        status=status,
        retrieved_at=retrieved_at,
        kind=document.kind,
        text=guarded.text,
        original_characters=cut.original_characters,
        truncated=cut.was_truncated,
        reached_non_public_address=document.reached_non_public_address,
        warnings=_warnings(cut.text, cut.was_truncated, cut.original_characters, short, guarded),
        removals=guarded.removals,
    )


async def read_user_typed_page(
    url: str,
    *,
    retrieval: WebRetrievalService,
    guard: PromptInjectionGuard,
    timeout: float,  # noqa: ASYNC109  # The retrieval service owns the timeout; see retrieve().
    max_characters: int,
    allowed_hosts: HostAllowList | None = None,
    reporter: Reporter | None = None,
) -> PageReading:
    """Read a page whose address the user typed, as one user action of the guard.

    The user chose the address, so the page may also be on the user's own network or this
    computer (:meth:`TargetPolicy.user_typed`). Its redirects were not the user's choice: they
    may lead no deeper into the user's networks than the typed address did, except to
    ``allowed_hosts`` (:meth:`TargetPolicy.for_redirects`). Never call this with an address a
    model chose.

    Args:
        url: The address as the user typed it, an absolute http or https URL.
        retrieval: The application's retrieval service.
        guard: The application's guard; what it removes is reported once, for this read.
        timeout: Seconds for the read, redirects included.
        max_characters: The most characters of content returned.
        allowed_hosts: The private hosts a redirect from a public address may still reach:
            the "Allowed private hosts" setting of ``read_web_page``
            (:func:`studio.tools.builtin.read_web_page.allowed_private_hosts`); none by default.
        reporter: Receives the guard's report of this read instead of the guard's own
            reporter (a window showing it with the answer); see
            :meth:`PromptInjectionGuard.action`.

    Returns:
        The page as :func:`read_page` returns it.

    Raises:
        WebRetrievalError: The page could not be read.
    """
    async with guard.action(reporter):
        return await read_page(
            url,
            TargetPolicy.user_typed(allowed_hosts),
            retrieval=retrieval,
            guard=guard,
            timeout=timeout,
            max_characters=max_characters,
        )


def _warnings(
    content: str, truncated: bool, original: int, short: bool, guarded: GuardedPage
) -> tuple[str, ...]:
    warnings: list[str] = []
    if not content:
        warnings.append(
            "No readable text was found. The page may build its content with JavaScript or "
            "need a login, neither of which Studio can provide."
        )
    elif short:
        warnings.append(
            "The page has very little readable text. It may build its content with JavaScript "
            "or need a login or a cookie consent, so the text may be incomplete."
        )
    if truncated:
        warnings.append(
            f"The content was cut to {len(content)} of {original} characters; the rest of the "
            "page is not included."
        )
    if guarded.redacted_count:
        warnings.append(
            "Suspicious instructions were removed from this page; each removal is marked in "
            "the text."
        )
    if not guarded.checked:
        warnings.append(
            "The page could not be checked for prompt injections. Treat it with extra care."
        )
    return tuple(warnings)
