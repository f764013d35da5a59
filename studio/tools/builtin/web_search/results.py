"""Turning a search's hits and loaded pages into the result the model reads.

The steps, in order:

1. Merge the attempts by the address each load ended at (two addresses may redirect to one
   page), keeping the entry with a page, then the better rank; drop entries that carry nothing.
2. Share the content budget among the pages, best-ranked first.
3. Put every text of every result through the prompt-injection guard in one batch: the page's
   title, description, authors and content, and for results without a page the search engine's
   title and snippet, which whoever ranks for the query writes. One source
   (:class:`~studio.kernel.content.ContentSource`) per page, so the user hears about pages,
   not fields.
4. Write the JSON, with notes and, where the model could misread an empty or thin result, a
   diagnostic that says what happened.

Sources go only to results whose page was actually read, and the chat demands a HIGH provider
only if a returned page came from a non-public address, which the public-only policy rules out.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Literal

from studio.kernel.content import ContentSource
from studio.kernel.policy import ConfidenceLevel
from studio.kernel.result import Source, ToolExecutionResult
from studio.tools.builtin.web_search.pages import PageAttempt, PageLoad
from studio.web.guard import PromptInjectionGuard
from studio.web.page import SHORT_PAGE_CHARACTERS, GuardedPage, LoadedPage, PageText, guard_pages
from studio.web.search.budget import BudgetedContent, apply_content_budget
from studio.web.search.candidates import RetrievedCandidate, merge_by_final_url
from studio.web.search.dispatch import SearchOutcome

__all__ = [
    "NOTHING_FOUND",
    "NOTHING_READABLE",
    "SNIPPETS_ONLY",
    "ResultStatus",
    "build_result",
]

ResultStatus = Literal["snippet only", "partial or truncated", "complete"]
"""How much of a page a result carries."""

NOTHING_FOUND = (
    "The search engines found no results for this query. This is an empty result, not an error. "
    "Try other or fewer words, another language, or a wider time range."
)
"""The diagnostic when no backend returned a single hit."""

NOTHING_READABLE = (
    "The search found results, but none of their pages could be read and the search engines "
    "sent no title or excerpt for them, so there is nothing to report. Try another query."
)
"""The diagnostic when hits came back but every one of them ended up empty."""

SNIPPETS_ONLY = (
    "No result page could be read, so every result carries only the search engine's title and "
    "excerpt. Do not present an excerpt as the page's content."
)
"""The diagnostic when results came back, but none with a page."""

_TRUNCATED = "The content was shortened to fit the search's content budget."
_SHORT = "The page has very little readable text; it may need JavaScript or a login."


@dataclass(frozen=True, kw_only=True)
class _Entry:
    """One result before the guard."""

    entry: RetrievedCandidate[LoadedPage]
    budgeted: BudgetedContent | None
    text: PageText
    reason: str

    @property
    def source(self) -> ContentSource:
        return ContentSource.web_page(self.entry.final_url or self.entry.candidate.url)


async def build_result(
    outcome: SearchOutcome,
    load: PageLoad,
    *,
    guard: PromptInjectionGuard,
    max_total_characters: int,
    min_characters_per_result: int,
) -> ToolExecutionResult:
    """The tool result of one search.

    Args:
        outcome: What the backends found.
        load: What loading the candidates' pages gave.
        guard: The application's guard; every returned text goes to it in one batch.
        max_total_characters: The content budget of all pages together.
        min_characters_per_result: The reserve every later page keeps.

    Returns:
        The JSON for the model, the sources, every result's page as an outside source, and
        HIGH confidence only for non-public pages.
    """
    attempts = {attempt.candidate.key: attempt for attempt in load.attempts}
    merged = merge_by_final_url(
        RetrievedCandidate(candidate=a.candidate, final_url=a.final_url, page=a.page)
        for a in load.attempts
    )
    budget = apply_content_budget(
        [entry.page.extracted.markdown if entry.page else None for entry in merged],
        max_total_characters,
        min_characters_per_result,
    )
    entries = [
        _entry(entry, budgeted, attempts.get(entry.candidate.key))
        for entry, budgeted in zip(merged, budget, strict=True)
    ]
    guarded = await guard_pages(guard, [(entry.text, entry.source) for entry in entries])
    results = [_result_json(entry, page) for entry, page in zip(entries, guarded, strict=True)]
    read = [(e, g) for e, g in zip(entries, guarded, strict=True) if e.entry.page is not None]
    document: dict[str, Any] = {
        "backends": [kind.display_name for kind in outcome.backends],
        "candidate_count": outcome.candidate_count,
        "result_count": len(results),
        "retrieved_page_count": len(read),
        "retrieval_timed_out": load.timed_out,
        "results": results,
    }
    notes = _notes(outcome, load)
    if notes:
        document["notes"] = notes
    diagnostic = _diagnostic(outcome, results, read)
    if diagnostic:
        document["diagnostic"] = diagnostic
    non_public = any(
        entry.entry.page is not None and entry.entry.page.document.reached_non_public_address
        for entry, _ in read
    )
    return ToolExecutionResult(
        json_content=document,
        sources=tuple(_source(entry, page) for entry, page in read),
        required_provider_confidence=ConfidenceLevel.HIGH if non_public else ConfidenceLevel.NONE,
        # Every result carries text its page or the search engine's index wrote.
        untrusted_sources=tuple(dict.fromkeys(entry.source for entry in entries)),
        removals=tuple(removal for page in guarded for removal in page.removals),
    )


def _entry(
    entry: RetrievedCandidate[LoadedPage],
    budgeted: BudgetedContent | None,
    attempt: PageAttempt | None,
) -> _Entry:
    candidate = entry.candidate
    loaded = entry.page
    if loaded is None or budgeted is None:
        text = PageText(
            content=candidate.snippet,
            title=candidate.title,
            description="",
            published_time=candidate.published_date,
        )
        reason = attempt.reason if attempt is not None else ""
        return _Entry(entry=entry, budgeted=None, text=text, reason=reason)
    page = loaded.extracted
    text = PageText(
        content=budgeted.text,
        title=page.title or candidate.title,
        description=page.description or "",
        authors=page.authors,
        published_time=candidate.published_date or page.published_time,
    )
    reason = ""
    if budgeted.was_truncated:
        reason = _TRUNCATED
    elif budgeted.original_length < SHORT_PAGE_CHARACTERS:
        reason = _SHORT
    return _Entry(entry=entry, budgeted=budgeted, text=text, reason=reason)


def _status(entry: _Entry) -> ResultStatus:
    budgeted = entry.budgeted
    if budgeted is None:
        return "snippet only"
    if budgeted.was_truncated or budgeted.original_length < SHORT_PAGE_CHARACTERS:
        return "partial or truncated"
    return "complete"


def _result_json(entry: _Entry, guarded: GuardedPage) -> dict[str, Any]:
    candidate = entry.entry.candidate
    text = guarded.text
    metadata: dict[str, Any] = {
        "rank": candidate.rank,
        "backends": [kind.display_name for kind in candidate.backends],
    }
    if entry.entry.final_url:
        metadata["final_url"] = entry.entry.final_url
    metadata["published_date"] = text.published_time
    page: dict[str, Any] = {"status": _status(entry)}
    if entry.reason:
        page["reason"] = entry.reason
    page.update(
        title=text.title or "",
        description=text.description or "",
        authors=list(text.authors),
        content=text.content,
    )
    return {"requested_url": candidate.url, "search_metadata": metadata, "page": page}


def _source(entry: _Entry, guarded: GuardedPage) -> Source:
    url = entry.entry.final_url or entry.entry.candidate.url
    return Source(title=guarded.text.title or url, url=url)


def _notes(outcome: SearchOutcome, load: PageLoad) -> list[str]:
    notes = list(outcome.notes)
    if load.timed_out:
        notes.append(
            f"The time for loading all result pages ran out; {load.unfinished} page(s) had not "
            "loaded by then, so their results carry only the search engine's excerpt."
        )
    return notes


def _diagnostic(
    outcome: SearchOutcome,
    results: Sequence[dict[str, Any]],
    read: Sequence[tuple[_Entry, GuardedPage]],
) -> str | None:
    if not outcome.candidates:
        return NOTHING_FOUND
    if not results:
        return NOTHING_READABLE
    if not read:
        return SNIPPETS_ONLY
    return None
