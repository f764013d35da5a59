from __future__ import annotations

import random

import pytest

from studio.web import truncate
from studio.web.truncate import TRUNCATION_MARKER, truncate_markdown

MARKER = TRUNCATION_MARKER
# With a limit of 150, the content may use n = 150 - 24 - 2 = 124 characters; half of that is 62.
LIMIT = 150
N = LIMIT - len(MARKER) - 2
HALF = N // 2


def test_marker_is_the_reference_wording():
    assert MARKER == "[Page content truncated]"
    assert len(MARKER) == 24


def test_truncate_returns_short_content_unchanged():
    result = truncate_markdown("# Title\n\nShort.", LIMIT)

    assert result == truncate.TruncatedText(
        text="# Title\n\nShort.", was_truncated=False, original_characters=15
    )


def test_truncate_keeps_content_of_exactly_the_limit():
    markdown = "x" * LIMIT

    result = truncate_markdown(markdown, LIMIT)

    assert result.text == markdown
    assert not result.was_truncated


def test_truncate_cuts_content_one_character_over_the_limit():
    result = truncate_markdown("x" * (LIMIT + 1), LIMIT)

    assert result.was_truncated
    assert result.original_characters == LIMIT + 1
    assert result.text == "x" * N + "\n\n" + MARKER
    assert len(result.text) == LIMIT


def test_truncate_cuts_at_the_last_blank_line():
    markdown = "A" * 60 + "\n\n" + "B" * 50 + "\n\n" + "C" * 200

    result = truncate_markdown(markdown, LIMIT)

    assert result.text == "A" * 60 + "\n\n" + "B" * 50 + "\n\n" + MARKER


def test_truncate_uses_a_blank_line_that_ends_exactly_at_the_content_limit():
    # The blank line starts at N - 1, so its second newline is character N.
    markdown = "A" * (N - 1) + "\n\n" + "B" * 100

    result = truncate_markdown(markdown, LIMIT)

    assert result.text == "A" * (N - 1) + "\n\n" + MARKER


def test_truncate_accepts_a_blank_line_at_exactly_half():
    markdown = "A" * HALF + "\n\n" + "B" * 200

    result = truncate_markdown(markdown, LIMIT)

    assert result.text == "A" * HALF + "\n\n" + MARKER


def test_truncate_falls_back_to_the_last_newline_when_the_blank_line_is_before_half():
    markdown = "A" * 10 + "\n\n" + "B" * 80 + "\n" + "C" * 200

    result = truncate_markdown(markdown, LIMIT)

    assert result.text == "A" * 10 + "\n\n" + "B" * 80 + "\n\n" + MARKER


def test_truncate_falls_back_to_the_last_newline_when_there_is_no_blank_line():
    markdown = "A" * 100 + "\n" + "B" * 200

    result = truncate_markdown(markdown, LIMIT)

    assert result.text == "A" * 100 + "\n\n" + MARKER


def test_truncate_hard_cuts_when_every_break_is_before_half():
    markdown = "A" * 10 + "\n\n" + "B" * (HALF - 14) + "\n" + "C" * 300

    result = truncate_markdown(markdown, LIMIT)

    assert result.text == markdown[:N] + "\n\n" + MARKER
    assert len(result.text) == LIMIT


def test_truncate_hard_cuts_text_without_line_breaks():
    result = truncate_markdown("word " * 100, LIMIT)

    assert result.text == ("word " * 100)[:N].rstrip() + "\n\n" + MARKER


def test_truncate_trims_whitespace_before_the_marker():
    markdown = "A" * 70 + "   \n  \n\n" + "B" * 200

    result = truncate_markdown(markdown, LIMIT)

    assert result.text == "A" * 70 + "\n\n" + MARKER


@pytest.mark.parametrize("limit", [0, 1, 10, len(MARKER), len(MARKER) + 1])
def test_truncate_returns_a_plain_prefix_when_the_marker_does_not_fit(limit):
    markdown = "Paragraph one.\n\n" * 10

    result = truncate_markdown(markdown, limit)

    assert result.text == markdown[:limit]
    assert result.was_truncated
    assert result.original_characters == len(markdown)


def test_truncate_returns_only_the_marker_when_it_just_fits():
    result = truncate_markdown("x" * 100, len(MARKER) + 2)

    assert result.text == "\n\n" + MARKER


def test_truncate_refuses_a_negative_limit():
    with pytest.raises(ValueError, match="-1"):
        truncate_markdown("text", -1)


def test_truncate_never_exceeds_the_limit():
    generator = random.Random(20240501)
    pieces = ["word ", "\n", "\n\n", "# Heading\n", "- item\n", "   ", "ünïcödé "]
    for _ in range(300):
        markdown = "".join(generator.choice(pieces) for _ in range(generator.randrange(1, 400)))
        limit = generator.randrange(0, len(markdown) + 10)

        result = truncate_markdown(markdown, limit)

        assert len(result.text) <= limit, (markdown, limit)
        assert result.was_truncated == (len(markdown) > limit)
        assert result.original_characters == len(markdown)
