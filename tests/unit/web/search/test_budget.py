from __future__ import annotations

from dataclasses import dataclass

import pytest

from studio.web.search import errors
from studio.web.search.budget import (
    DEFAULT_MAX_TOTAL,
    DEFAULT_MIN_PER_RESULT,
    BudgetedContent,
    apply_content_budget,
    check_content_budget,
)
from studio.web.truncate import TRUNCATION_MARKER


@dataclass(frozen=True)
class Cut:
    text: str
    was_truncated: bool


class RecordingCut:
    """Cuts hard at the limit (or at a fraction of it) and remembers every limit it was given."""

    def __init__(self, keep: float = 1.0) -> None:
        self.keep = keep
        self.limits: list[int] = []

    def __call__(self, markdown: str, limit: int) -> Cut:
        self.limits.append(limit)
        return Cut(text=markdown[: int(limit * self.keep)], was_truncated=True)


def text(length: int, letter: str = "x") -> str:
    return letter * length


def lengths(budgeted: list[BudgetedContent | None]) -> list[int | None]:
    return [None if entry is None else len(entry.text) for entry in budgeted]


def test_defaults_are_the_reference_values() -> None:
    assert DEFAULT_MAX_TOTAL == 100_000
    assert DEFAULT_MIN_PER_RESULT == 2_000


def test_pages_within_the_budget_are_returned_whole() -> None:
    cut = RecordingCut()
    pages = [text(30_000), text(30_000), text(30_000)]
    budgeted = apply_content_budget(pages, truncate=cut)
    assert [entry.text for entry in budgeted if entry] == pages
    assert not any(entry.was_truncated for entry in budgeted if entry)
    assert cut.limits == []


def test_pages_without_content_take_no_part_and_keep_their_place() -> None:
    cut = RecordingCut()
    budgeted = apply_content_budget(
        [None, text(200_000), "", text(500)], max_total=100_000, min_per_result=2_000, truncate=cut
    )
    assert budgeted[0] is None
    assert budgeted[2] is None
    # Two pages with content: the first keeps 2,000 characters in reserve for the second.
    assert cut.limits == [98_000]
    assert lengths(budgeted) == [None, 98_000, None, 500]


def test_first_page_leaves_the_minimum_for_every_later_page() -> None:
    cut = RecordingCut()
    budgeted = apply_content_budget([text(200_000)] * 3, truncate=cut)
    assert cut.limits == [96_000, 2_000, 2_000]
    assert lengths(budgeted) == [96_000, 2_000, 2_000]
    assert all(entry.was_truncated for entry in budgeted if entry)
    assert sum(length or 0 for length in lengths(budgeted)) == 100_000


def test_short_pages_leave_their_unused_budget_to_later_ones() -> None:
    cut = RecordingCut()
    budgeted = apply_content_budget([text(1_000), text(200_000), text(200_000)], truncate=cut)
    # 100,000 - 1,000 = 99,000 remain; the second page reserves 2,000 for the third.
    assert cut.limits == [97_000, 2_000]
    assert lengths(budgeted) == [1_000, 97_000, 2_000]
    assert budgeted[0] is not None
    assert not budgeted[0].was_truncated


def test_the_returned_length_not_the_budget_is_subtracted() -> None:
    # A truncation that keeps only half its budget leaves the other half to the next page.
    cut = RecordingCut(keep=0.5)
    budgeted = apply_content_budget(
        [text(50_000), text(50_000)], max_total=40_000, min_per_result=2_000, truncate=cut
    )
    assert cut.limits == [38_000, 21_000]
    assert lengths(budgeted) == [19_000, 10_500]


def test_twenty_long_pages_each_get_exactly_the_minimum_at_the_tightest_budget() -> None:
    cut = RecordingCut()
    budgeted = apply_content_budget(
        [text(10_000)] * 20, max_total=40_000, min_per_result=2_000, truncate=cut
    )
    assert cut.limits == [2_000] * 20
    assert lengths(budgeted) == [2_000] * 20


def test_budgeted_content_remembers_the_original_length() -> None:
    [entry] = apply_content_budget([text(150_000)], truncate=RecordingCut())
    assert entry is not None
    assert entry.original_length == 150_000
    assert len(entry.text) == 100_000


def test_no_pages_give_no_entries() -> None:
    assert apply_content_budget([], truncate=RecordingCut()) == []
    assert apply_content_budget([None, ""], truncate=RecordingCut()) == [None, None]


def test_more_pages_than_the_minimum_allows_are_refused() -> None:
    with pytest.raises(ValueError, match="21 pages cannot each get 2000 characters"):
        apply_content_budget([text(10)] * 21, max_total=40_000, min_per_result=2_000)


def test_default_truncation_cuts_markdown_within_each_budget() -> None:
    paragraph = "A paragraph of page text that goes on for a while.\n\n"
    long_page = paragraph * 4_000  # About 212,000 characters.
    budgeted = apply_content_budget([long_page, long_page, text(500)])
    first, second, third = budgeted
    assert first is not None
    assert second is not None
    assert third is not None
    assert first.was_truncated
    assert first.text.endswith(TRUNCATION_MARKER)
    assert len(first.text) <= 100_000 - 2 * 2_000
    assert len(second.text) <= 100_000 - len(first.text) - 2_000
    assert third.text == text(500)
    assert len(first.text) + len(second.text) + len(third.text) <= 100_000


# The configuration rule


@pytest.mark.parametrize(
    ("max_total", "min_per_result"),
    [(40_000, 2_000), (100_000, 2_000), (200_000, 10_000), (20, 1)],
    ids=["tightest", "defaults", "maxima", "tiny"],
)
def test_budget_settings_accepted(max_total: int, min_per_result: int) -> None:
    check_content_budget(max_total, min_per_result)


@pytest.mark.parametrize(
    ("max_total", "min_per_result", "message"),
    [
        (39_999, 2_000, "at least 20 times"),
        (100_000, 10_000, "that is 200000 characters"),
        (0, 2_000, "positive"),
        (100_000, 0, "positive"),
        (-1, -1, "positive"),
    ],
    ids=["one-short", "minimum-too-large", "zero-total", "zero-minimum", "negative"],
)
def test_budget_settings_refused(max_total: int, min_per_result: int, message: str) -> None:
    with pytest.raises(errors.SearchConfigError, match=message):
        check_content_budget(max_total, min_per_result)


def test_apply_refuses_invalid_settings_before_cutting_anything() -> None:
    cut = RecordingCut()
    with pytest.raises(errors.SearchConfigError):
        apply_content_budget([text(10)], max_total=10_000, min_per_result=2_000, truncate=cut)
    assert cut.limits == []
