"""Token-F1 between an extractor's Markdown and a reference article, shared by tests and benchmarks.

The metric answers one question: did the extractor keep the article's words and drop the rest?
Both sides are reduced to plain text first (Markdown syntax and link targets stripped on one side,
tags stripped on the other), then tokenised into case-folded runs of Unicode letters and digits
and compared as multisets. Underscores are not word characters here, although ``\\w`` matches
them, because Markdown uses ``_`` for emphasis and ``_word_`` must count as ``word``.
"""

from __future__ import annotations

import re
from collections import Counter

import lxml.html  # type: ignore[import-untyped]  # lxml ships no type information

# Images first, so that a linked image ``[![alt](src)](href)`` leaves ``alt`` behind.
_MD_IMAGE = re.compile(r"!\[((?:\\.|[^\[\]\\])*)\]\((?:\\.|[^()\\])*\)")
# Link text may hold one level of brackets (``[[1]](...)``); targets may hold escaped parentheses.
_MD_LINK = re.compile(r"\[((?:\\.|[^\[\]\\]|\[[^\]]*\])*)\]\((?:\\.|[^()\\])*\)")
_MD_AUTOLINK = re.compile(r"<(https?://[^>\s]+)>")
_TOKEN = re.compile(r"[^\W_]+")

_BLOCK_TAGS = frozenset(
    {
        "address", "article", "aside", "blockquote", "br", "caption", "dd", "div", "dl", "dt",
        "figcaption", "figure", "footer", "h1", "h2", "h3", "h4", "h5", "h6", "header", "hr",
        "li", "main", "nav", "ol", "p", "pre", "section", "table", "td", "th", "tr", "ul",
    }
)  # fmt: skip


def markdown_to_plain_text(markdown: str) -> str:
    """Return the words a reader sees in rendered Markdown: link targets and syntax removed."""
    text = _MD_IMAGE.sub(r"\1", markdown)
    text = _MD_LINK.sub(r"\1", text)
    return _MD_AUTOLINK.sub(r"\1", text)


def html_to_plain_text(html: str) -> str:
    """Return the text of an HTML fragment, with block boundaries kept as line breaks.

    ``text_content()`` alone would glue ``<p>end</p><p>start`` into one token ``endstart``.
    """
    if not html.strip():
        return ""
    root = lxml.html.fragment_fromstring(html, create_parent="div")
    for element in root.iter("script", "style"):
        element.drop_tree()
    for element in root.iter():
        if isinstance(element.tag, str) and element.tag.lower() in _BLOCK_TAGS:
            element.tail = "\n" + (element.tail or "")
            element.text = "\n" + (element.text or "")
    return str(root.text_content())


def tokens(text: str) -> list[str]:
    """Split text into case-folded runs of Unicode letters and digits."""
    return [token.casefold() for token in _TOKEN.findall(text)]


def token_f1(candidate: str, reference: str) -> float:
    """Return the multiset token F1 of two plain texts (1.0 when both are empty)."""
    candidate_counts = Counter(tokens(candidate))
    reference_counts = Counter(tokens(reference))
    if not candidate_counts and not reference_counts:
        return 1.0
    overlap = sum((candidate_counts & reference_counts).values())
    if overlap == 0:
        return 0.0
    precision = overlap / sum(candidate_counts.values())
    recall = overlap / sum(reference_counts.values())
    return 2 * precision * recall / (precision + recall)


def markdown_f1(markdown: str, expected_html: str) -> float:
    """Return the token F1 of extracted Markdown against the reference article HTML."""
    return token_f1(markdown_to_plain_text(markdown), html_to_plain_text(expected_html))
