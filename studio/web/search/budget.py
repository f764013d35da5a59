"""Sharing one character budget among the pages a search returns.

A search may load up to twenty pages, and all of their text goes into the model's context. The
budget caps the total, and hands it out in rank order so that the best results get the most
room, without starving the rest: while page ``i`` is measured, every page after it keeps a
reserve of ``min_per_result`` characters. A page shorter than its share leaves the difference to
the pages after it; a longer one is truncated at a Markdown boundary.

::

    remaining = max_total
    for i, page in enumerate(pages_with_content):
        budget_i = remaining - min_per_result * (n - i - 1)
        returned = page if len(page) <= budget_i else truncate(page, budget_i)
        remaining -= len(returned)

The settings guarantee the reserve always fits: ``max_total`` must be at least
``min_per_result`` times :data:`~studio.web.search.backend.MAX_LIMIT`, the most results one
search returns (:func:`check_content_budget`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Protocol

from studio.kernel.translatable import QT_TRANSLATE_NOOP
from studio.web import truncate as truncation
from studio.web.search import errors
from studio.web.search.backend import MAX_LIMIT

__all__ = [
    "DEFAULT_MAX_TOTAL",
    "DEFAULT_MIN_PER_RESULT",
    "BudgetedContent",
    "Truncate",
    "TruncatedLike",
    "apply_content_budget",
    "check_content_budget",
]

_NOT_POSITIVE = QT_TRANSLATE_NOOP(
    "WebSearchTool",
    "The content budget and the minimum content per result must be positive numbers.",
)
_TOO_SMALL = QT_TRANSLATE_NOOP(
    "WebSearchTool",
    "The total content budget ({total} characters) must be at least {times} times the minimum "
    "content per result ({minimum} characters), that is {needed} characters, so that every "
    "result gets its minimum.",
)

DEFAULT_MAX_TOTAL = 100_000
"""Characters of page content one search returns at most, all pages together."""

DEFAULT_MIN_PER_RESULT = 2_000
"""Characters every page with content keeps in reserve while the pages before it are measured."""


class TruncatedLike(Protocol):
    """What a truncation returns: the shortened text and whether anything was cut."""

    @property
    def text(self) -> str:
        """The text, at most as long as the limit."""
        ...

    @property
    def was_truncated(self) -> bool:
        """Whether the text was shortened."""
        ...


Truncate = Callable[[str, int], TruncatedLike]
"""Shortens Markdown to at most the given number of characters, marker included."""


@dataclass(frozen=True, kw_only=True)
class BudgetedContent:
    """The part of one page's content a search result returns."""

    text: str
    """The content to return, within the page's budget."""
    was_truncated: bool
    """Whether the content was cut to fit."""
    original_length: int
    """The length of the full content, in characters."""


def check_content_budget(max_total: int, min_per_result: int) -> None:
    """Refuse budget settings under which the reserve for the later pages might not fit.

    Args:
        max_total: The characters all pages may return together.
        min_per_result: The characters reserved for each page.

    Raises:
        SearchConfigError: A value is not positive, or ``max_total`` is less than
            ``min_per_result`` times the most results one search returns.
    """
    if max_total < 1 or min_per_result < 1:
        raise errors.SearchConfigError(_NOT_POSITIVE)
    if max_total < min_per_result * MAX_LIMIT:
        raise errors.SearchConfigError(
            _TOO_SMALL,
            total=max_total,
            times=MAX_LIMIT,
            minimum=min_per_result,
            needed=min_per_result * MAX_LIMIT,
        )


def apply_content_budget(
    pages: Sequence[str | None],
    max_total: int = DEFAULT_MAX_TOTAL,
    min_per_result: int = DEFAULT_MIN_PER_RESULT,
    truncate: Truncate = truncation.truncate_markdown,
) -> list[BudgetedContent | None]:
    """Fit the pages' content into the budget, best-ranked first.

    Args:
        pages: Each result's Markdown content in rank order; ``None`` or an empty text for a
            result without content, which takes no part.
        max_total: The characters all pages may return together.
        min_per_result: The characters reserved for each page with content after the current
            one.
        truncate: Shortens one page to its budget: :func:`studio.web.truncate.truncate_markdown`,
            which cuts between paragraphs and marks the cut. The result must not be longer
            than the budget it is given, or the reserve of the later pages shrinks.

    Returns:
        One entry per page, in the same order: what to return, or ``None`` where the page had
        no content.

    Raises:
        SearchConfigError: The budget settings are invalid; see :func:`check_content_budget`.
        ValueError: More pages have content than the budget can give their minimum, which the
            limit of :data:`~studio.web.search.backend.MAX_LIMIT` results rules out.
    """
    check_content_budget(max_total, min_per_result)
    with_content = [(index, page) for index, page in enumerate(pages) if page]
    count = len(with_content)
    if count * min_per_result > max_total:
        raise ValueError(
            f"{count} pages cannot each get {min_per_result} characters of {max_total}."
        )
    budgeted: list[BudgetedContent | None] = [None] * len(pages)
    remaining = max_total
    for position, (index, content) in enumerate(with_content):
        budget = remaining - min_per_result * (count - position - 1)
        if len(content) > budget:
            text = truncate(content, budget).text
            truncated = True
        else:
            text = content
            truncated = False
        budgeted[index] = BudgetedContent(
            text=text, was_truncated=truncated, original_length=len(content)
        )
        remaining -= len(text)
    return budgeted
