"""The prompt-injection scanner: finds instructions hidden in outside content and redacts them.

Every source of text written by someone other than the user (web pages, search results,
mails, local documents, MCP tool results) is scanned the same way: :func:`scan` takes the texts
one source produced and gives back, for each in order, the text with every suspicious span
replaced by :data:`REDACTION_MARKER` and a :class:`Finding` for each span removed (its
category, where it was, the exact text removed and the rule or stage that found it).

Importing this package loads the scanner: its rule files (``rules/``, checked when read) and
its two small models. Code that only holds results, such as
:class:`studio.web.guard.PromptInjectionGuard`, imports it when it first scans.

The stages live in private modules: ``_decoded_text`` (escapes, invisible characters, words),
``_rules`` and ``_patterns`` (the rule files), ``_matcher`` (phrase rules over words),
``_address``, ``_reader`` and ``_wording`` (text that addresses the model), ``_views`` (layout
tricks undone), ``_signals`` (every check, weighed) and ``_scanner`` (one text, redacted).
"""

from __future__ import annotations

from collections.abc import Sequence

from studio.injection import _scanner
from studio.injection._category import FindingCategory
from studio.injection._scanner import (
    MAX_FINDINGS,
    MAX_SNIPPET_CHARACTERS,
    REDACTION_MARKER,
    Finding,
    SanitizeResult,
)
from studio.kernel.content import ContentSource

__all__ = [
    "MAX_FINDINGS",
    "MAX_SNIPPET_CHARACTERS",
    "REDACTION_MARKER",
    "Finding",
    "FindingCategory",
    "SanitizeResult",
    "scan",
]


def scan(texts: Sequence[str], source: ContentSource) -> list[SanitizeResult]:
    """Find and redact prompt injections in the texts of one source.

    Args:
        texts: Content from outside Studio, each already truncated to what the model will
            see; all the fields of one page or one mail, say.
        source: Where the texts came from. Every kind of source goes through the same stages,
            so the source does not change what is found; callers name it so that every
            content source calls the scanner the same way.

    Returns:
        One result per text, in order: the sanitized text, the findings (at most
        :data:`MAX_FINDINGS`) and the true number of redacted spans.

    Raises:
        TypeError: ``texts`` is one string rather than a sequence of them.
    """
    if isinstance(texts, str):
        raise TypeError(f"scan() takes a sequence of texts from {source.kind}, not one string")
    return [_scanner.scan(text) for text in texts]
