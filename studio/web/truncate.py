r"""Shorten extracted Markdown to a character budget, cutting between paragraphs if possible.

Both ``read_web_page`` (one page, ``maxContentCharacters``) and ``web_search`` (a budget shared by
its pages) cut page content the same way, so the rules live here once. They follow the
reference's ``MarkdownTruncator`` to the character, because the search budget subtracts each
returned length from what the next page may use. With ``n = limit - len(marker) - 2``:

1. Content of at most ``limit`` characters is returned as it is.
2. Otherwise it is cut and ``\n\n[Page content truncated]`` appended, so the result still fits.
   The cut is at the last blank line (``\n\n``) lying within the first ``n + 1`` characters,
   the reference's backward search from index ``n``; if that keeps fewer than ``n // 2``
   characters, at the last line break there; if that too keeps fewer, at exactly ``n``.
   Whitespace before the cut is trimmed.
3. A limit too small for the marker and its blank line leaves no room for them: the result is
   the first ``limit`` characters, unmarked (``was_truncated`` still says what happened). The
   reference does this up to ``len(marker)`` and throws at ``len(marker) + 1``; here that one
   value is treated like the smaller ones.

Truncation comes before the prompt-injection filter, which then only scans what is returned.
"""

from __future__ import annotations

import dataclasses

__all__ = ["TRUNCATION_MARKER", "TruncatedText", "truncate_markdown"]

TRUNCATION_MARKER = "[Page content truncated]"


@dataclasses.dataclass(frozen=True, kw_only=True)
class TruncatedText:
    """Markdown after truncation, with what the caller reports about it."""

    text: str
    """The content to return, never longer than the limit."""
    was_truncated: bool
    """Whether anything was cut off."""
    original_characters: int
    """The length of the content before truncation."""


def truncate_markdown(markdown: str, limit: int) -> TruncatedText:
    """Fit Markdown into ``limit`` characters, cutting at a paragraph or line where possible.

    Args:
        markdown: The extracted page content.
        limit: The most characters the result may have.

    Returns:
        The content, cut and marked if it was longer than ``limit``.

    Raises:
        ValueError: If ``limit`` is negative, which only a budget miscalculation produces.
    """
    if limit < 0:
        raise ValueError(f"The limit must not be negative, got {limit!r}.")
    original = len(markdown)
    if original <= limit:
        return TruncatedText(text=markdown, was_truncated=False, original_characters=original)
    if limit < len(TRUNCATION_MARKER) + 2:
        return TruncatedText(
            text=markdown[:limit], was_truncated=True, original_characters=original
        )

    content_limit = limit - len(TRUNCATION_MARKER) - 2
    half = content_limit // 2
    # The reference searches backward from index content_limit, inclusive; rfind's end is not.
    cut = markdown.rfind("\n\n", 0, content_limit + 1)
    if cut < half:
        cut = markdown.rfind("\n", 0, content_limit + 1)
    if cut < half:
        cut = content_limit
    text = f"{markdown[:cut].rstrip()}\n\n{TRUNCATION_MARKER}"
    return TruncatedText(text=text, was_truncated=True, original_characters=original)
