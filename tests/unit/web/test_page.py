"""The shared page steps: filtering a page's fields in one batch, and the result's timestamp."""

from __future__ import annotations

import datetime

from studio.injection import REDACTION_MARKER, SanitizeResult
from studio.kernel.content import ContentSource
from studio.web.page import PageText, guard_pages, utc_timestamp
from tests.support.web_pages import INJECTION, CountingGuard


async def test_guard_pages_filters_every_field_of_every_page_in_one_batch() -> None:
    guard = CountingGuard()
    evil = PageText(
        content=f"Text. {INJECTION}",
        title=f"Title. {INJECTION}",
        description=None,
        authors=("Ada", f"Eve. {INJECTION}"),
        language="en",
        published_time=f"Today. {INJECTION}",
        modified_time=None,
        media_type=f"text/{INJECTION}",
    )
    clean = PageText(content="Plain text.", title="Plain")
    first, second = (
        ContentSource.web_page("https://a.example/"),
        ContentSource.web_page("https://b.example/"),
    )

    guarded = await guard_pages(guard, [(evil, first), (clean, second)])

    [batch] = guard.batches
    assert {item.source for item in batch} == {first, second}
    page = guarded[0].text
    for value in (page.content, page.title, page.authors[1], page.published_time, page.media_type):
        assert value is not None
        assert REDACTION_MARKER in value
    assert page.authors[0] == "Ada"
    assert page.language == "en"
    assert page.description is None
    assert page.modified_time is None
    assert guarded[0].redacted_count == 5
    assert guarded[0].checked
    assert guarded[1].text == clean
    assert guarded[1].redacted_count == 0


async def test_a_field_the_scanner_cannot_check_passes_unchanged_and_says_so() -> None:
    def failing(text: str) -> SanitizeResult:
        raise RuntimeError("scanner down")

    guard = CountingGuard(scanner=failing)
    text = PageText(content=INJECTION, title="T")

    [guarded] = await guard_pages(guard, [(text, ContentSource.web_page("https://a.example/"))])

    assert guarded.text == text
    assert not guarded.checked


def test_utc_timestamp_is_iso_8601_in_utc_with_a_z() -> None:
    moment = datetime.datetime(
        2026, 11, 29, 9, 15, 3, 120344, tzinfo=datetime.timezone(datetime.timedelta(hours=1))
    )

    assert utc_timestamp(moment) == "2026-11-29T08:15:03.120344Z"
