"""Loading the pages of a search's results, a few at a time, within a time limit for all.

A search returns up to twenty candidates, and their pages load best in parallel, but not all
at once: :data:`MAX_PARALLEL_RETRIEVALS` pages are read at a time, so a search does not open
twenty connections in one burst. Extraction follows each read outside that limit, taking its
turn in the worker thread (see :func:`studio.web.extract.extract_page_in_worker`). Each page has its
own timeout; the whole batch has another one, after which the pages that finished are kept and
the rest are marked :attr:`PageOutcome.RETRIEVAL_TIMED_OUT`. A search that found ten good pages
must not come back empty because one server never answers.

Every load uses the caller's target policy, which is public-only for search results: a result's
address comes from a search engine, and whoever ranks for a query chooses it.
"""

from __future__ import annotations

import asyncio
import enum
import logging
from collections.abc import Sequence
from dataclasses import dataclass

from studio.kernel.context import Progress
from studio.web import page
from studio.web.errors import WebRetrievalError, WebRetrievalTimeout, WebTargetBlocked
from studio.web.page import LoadedPage
from studio.web.retrieval import WebRetrievalService, format_url_for_log
from studio.web.search.candidates import SearchCandidate
from studio.web.targets import TargetPolicy

__all__ = [
    "MAX_PARALLEL_RETRIEVALS",
    "PageAttempt",
    "PageLoad",
    "PageOutcome",
    "load_result_pages",
]

logger = logging.getLogger(__name__)

MAX_PARALLEL_RETRIEVALS = 4
"""How many result pages load at the same time."""


class PageOutcome(enum.Enum):
    """What became of one result's page."""

    RETRIEVED = "retrieved"
    """Read, with readable content."""
    NO_READABLE_CONTENT = "no-readable-content"
    """Read, but no readable text was found."""
    BLOCKED = "blocked"
    """The target policy refused the address or a redirect target; nothing was sent there."""
    PAGE_TIMED_OUT = "page-timed-out"
    """The page took longer than its own timeout."""
    RETRIEVAL_TIMED_OUT = "retrieval-timed-out"
    """The time for all pages ran out before this one finished (or started)."""
    FAILED = "failed"
    """Anything else: an error status, a refused content type, no connection."""


@dataclass(frozen=True, kw_only=True)
class PageAttempt:
    """One candidate and what loading its page gave."""

    candidate: SearchCandidate
    outcome: PageOutcome
    page: LoadedPage | None = None
    """The loaded page; only for :attr:`PageOutcome.RETRIEVED`."""
    final_url: str | None = None
    """Where the load ended after redirects, when a page was read at all."""
    reason: str = ""
    """Why there is no page, in English for the model; never repeats the address."""


@dataclass(frozen=True, kw_only=True)
class PageLoad:
    """The attempts of one search, in candidate order."""

    attempts: tuple[PageAttempt, ...]
    timed_out: bool
    """Whether the time for all pages ran out with pages still loading."""

    @property
    def unfinished(self) -> int:
        """How many pages the overall timeout cut off."""
        return sum(a.outcome is PageOutcome.RETRIEVAL_TIMED_OUT for a in self.attempts)


async def load_result_pages(
    candidates: Sequence[SearchCandidate],
    *,
    retrieval: WebRetrievalService,
    policy: TargetPolicy,
    page_timeout: float,
    overall_timeout: float,
    progress: Progress | None = None,
) -> PageLoad:
    """Load every candidate's page, :data:`MAX_PARALLEL_RETRIEVALS` at a time.

    Args:
        candidates: The distinct results, best first.
        retrieval: The application's retrieval service.
        policy: The target policy of every load; public-only for search results.
        page_timeout: Seconds one page may take to load, from when its turn comes.
        overall_timeout: Seconds all pages together may take; what is still loading then is
            cancelled.
        progress: Told ``(done, wanted)`` at the start and after each page.

    Returns:
        One attempt per candidate, in the order given.
    """
    wanted = len(candidates)
    done = 0
    slots = asyncio.Semaphore(MAX_PARALLEL_RETRIEVALS)
    _report(progress, 0, wanted)

    async def attempt(candidate: SearchCandidate) -> PageAttempt:
        nonlocal done
        result = await _load(candidate, retrieval, policy, page_timeout, slots)
        done += 1
        _report(progress, done, wanted)
        return result

    tasks: list[asyncio.Task[PageAttempt]] = []
    timed_out = False
    try:
        async with asyncio.timeout(overall_timeout), asyncio.TaskGroup() as group:
            tasks = [group.create_task(attempt(candidate)) for candidate in candidates]
    except TimeoutError:
        # Raised only by the overall timeout: a page's own timeout is a WebRetrievalTimeout,
        # which becomes an attempt inside the task.
        timed_out = True
        logger.info("Loading result pages stopped after %s seconds.", overall_timeout)
    attempts = tuple(
        task.result()
        if task.done() and not task.cancelled()
        else PageAttempt(
            candidate=candidate,
            outcome=PageOutcome.RETRIEVAL_TIMED_OUT,
            reason=f"Loading stopped when the {overall_timeout:g} seconds for all pages ran out.",
        )
        for task, candidate in zip(tasks, candidates, strict=True)
    )
    return PageLoad(attempts=attempts, timed_out=timed_out)


async def _load(
    candidate: SearchCandidate,
    retrieval: WebRetrievalService,
    policy: TargetPolicy,
    page_timeout: float,
    slots: asyncio.Semaphore,
) -> PageAttempt:
    try:
        # The slot bounds the reads only; extraction waits for its turn in the worker without
        # keeping the next page from loading.
        async with slots:
            document = await retrieval.retrieve(candidate.url, policy, timeout=page_timeout)
        loaded = await page.extract_document(document)
    except WebTargetBlocked as blocked:
        return _failed(candidate, PageOutcome.BLOCKED, blocked.model_message)
    except WebRetrievalTimeout:
        reason = f"The page did not load within {page_timeout:g} seconds."
        return _failed(candidate, PageOutcome.PAGE_TIMED_OUT, reason)
    except WebRetrievalError as error:
        return _failed(candidate, PageOutcome.FAILED, error.model_message)
    except Exception:
        # One page that breaks the extraction must not cost the search its other results.
        logger.warning(
            "Loading result page %s failed.", format_url_for_log(candidate.url), exc_info=True
        )
        return _failed(candidate, PageOutcome.FAILED, "The page could not be read.")
    if not loaded.has_content:
        return PageAttempt(
            candidate=candidate,
            outcome=PageOutcome.NO_READABLE_CONTENT,
            final_url=loaded.url,
            reason="The page has no readable text; it may need JavaScript or a login.",
        )
    return PageAttempt(
        candidate=candidate, outcome=PageOutcome.RETRIEVED, page=loaded, final_url=loaded.url
    )


def _failed(candidate: SearchCandidate, outcome: PageOutcome, reason: str) -> PageAttempt:
    return PageAttempt(candidate=candidate, outcome=outcome, reason=reason)


def _report(progress: Progress | None, done: int, wanted: int) -> None:
    if progress is None:
        return
    try:
        progress(done, wanted)
    except Exception:
        # Showing progress is a courtesy; a broken display must not fail the search.
        logger.warning("The progress callback failed.", exc_info=True)
