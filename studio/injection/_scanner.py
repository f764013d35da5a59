r"""The scanner's pipeline for one text: finds instructions hidden in it and redacts them.

Text that a tool fetched from outside Studio (a web page, a search result, a mail) is written by
whoever controls it. :func:`scan` looks for text that tries to steer the model instead of
informing it, and replaces each suspicious sentence with :data:`REDACTION_MARKER`, so the model
sees that something was removed but never reads it. Invisible characters that only serve to hide
or disguise text are dropped silently.

How it reads a text:

1. Escapes are decoded (HTML and XML character references, JSON ``\\u`` escapes, percent
   escapes) and invisible characters dropped; positions map back to the original text.
2. The decoded text is split into normalized words: case-folded, accents removed, whitespace
   collapsed, camelCase split, digits and look-alike letters read as letters, typoglycemia
   ("ignroe") undone for a list of keywords.
3. Phrase rules (data files in ``rules/``, read by :mod:`studio.injection._rules` and
   :mod:`studio.injection._patterns`) match the words, written by mechanism in seven
   languages (a verb that drops something × an object only a model has, persistence plus an
   instruction, data sent to a written address); addresses to the model
   followed by an imperative are found on their own (:mod:`studio.injection._address`);
   sentences in any wording that address an automated reader ("note for any automated
   reader", "if you are an AI", "whoever is summarising this") and ask it to change its own
   behaviour (its instructions, output, memory, tools, user or the user's data, a ranking) are
   scored by a small logistic regression over word-family features, trained on development
   data only, and redacted whole (:mod:`studio.injection._reader`); every sentence, in
   whatever shape, is also scored by a second model over its words, four-letter word pieces,
   word pairs and word families, which catches personas, fake operator notices and orders to
   agents that name no reader (:mod:`studio.injection._wording`);
   structural patterns match markup, chat-template tokens, fake turns, fake end markers and
   data-leaking links; letters spelled out one by one and glued words are re-read; layout
   tricks (one word per line, hyphenated syllables, reversed lines, split quotes, symbol
   leetspeak) are undone and read again (:mod:`studio.injection._views`); base64 and hex
   blocks are decoded and scanned again.
4. Weak signals count only next to another signal; each finding grows to its sentence; touching
   findings merge, and each merged span becomes one marker. A merged span is named for how it
   was hidden, else for the most specific thing it asked (addressing the model is the generic
   case). Each finding keeps the exact text it removed and the rule or stage that named it.

Precision rule for pages that *discuss* prompt injection: a quoted attack phrase ("ignore all
previous instructions") is redacted wherever it appears, in quotes, code blocks or attributed
speech alike, because the model cannot tell a quotation from an instruction either; only the
quoting sentence is lost. Talking *about* attacks without quoting one is never redacted.

Every pattern is linear: regexes have bounded or possessive repetition, markup is found with
``str.find``, decoded blocks and views are rescanned at most twice within a budget of the
input's length.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from studio.injection import _decoded_text as decoded_text
from studio.injection import _patterns as patterns
from studio.injection._category import FindingCategory
from studio.injection._decoded_text import DecodedText
from studio.injection._signals import Budget, Signal, detect

__all__ = [
    "MAX_FINDINGS",
    "MAX_SNIPPET_CHARACTERS",
    "REDACTION_MARKER",
    "Finding",
    "FindingCategory",
    "SanitizeResult",
    "scan",
]

MAX_FINDINGS = 8
"""At most this many findings are reported per text; ``redacted_count`` stays the true total."""
MAX_SNIPPET_CHARACTERS = 240
"""A finding's snippet is cut to this length."""
REDACTION_MARKER = "[Studio removed suspicious content here]"
"""What replaces each redacted span, so the model knows that something was taken out."""


@dataclass(frozen=True, slots=True)
class Finding:
    """One redacted span.

    Attributes:
        category: What the span tried to do, or how it was hidden.
        snippet: The span as the scanner read it (escapes decoded, whitespace collapsed), at
            most :data:`MAX_SNIPPET_CHARACTERS` long. It is suspicious content: show it to the
            user on request, never log it.
        start: Start of the span in the original text.
        end: End of the span in the original text.
        removed: The original text of the span, exactly as it was before the marker replaced
            it, so the user can see what was removed and put it back. Suspicious content too:
            never log it.
        rule: The phrase rule (its name in the rule files, such as ``ignore-all-prior``) or
            the stage (such as ``markup``, ``reader``, ``wording``, ``encoded``) that named
            the finding.
    """

    category: FindingCategory
    snippet: str
    start: int
    end: int
    removed: str
    rule: str


@dataclass(frozen=True, slots=True)
class SanitizeResult:
    """The outcome of one scan.

    Attributes:
        sanitized_text: The text with each suspicious span replaced by the marker and invisible
            characters removed; the text itself when nothing was found.
        findings: The first :data:`MAX_FINDINGS` redactions, in text order.
        redacted_count: How many spans were redacted in total.
        invisible_count: How many runs of invisible characters were dropped silently. They
            are no finding: right-to-left pages use such marks legitimately.
    """

    sanitized_text: str
    findings: tuple[Finding, ...] = ()
    redacted_count: int = 0
    invisible_count: int = 0


_LEFT_REACH = 240
_RIGHT_REACH = 400
_CONTINUATIONS = 2
_MERGE_GAP = re.compile(r"[\s.,;:!?\-–—\"'“”‘’()\[\]]{0,6}")
_SENTENCE_END = re.compile(r"[.!?。！？](?=[\s\"'”’)\]]|$)|\n")
_FIRST_WORD = re.compile(r"[\s\"'“‘(\[*_-]{0,6}([^\W\d_]+)")
_WHITESPACE = re.compile(r"\s+")
_TECHNIQUES = (
    FindingCategory.MARKUP_EVASION,
    FindingCategory.ENCODING_EVASION,
    FindingCategory.EVASION,
)


_HIDDEN_TAGS = "hidden-tags"
"""The stage that finds messages spelled in invisible Unicode tag characters."""


@dataclass(slots=True)
class _Region:
    start: int
    end: int
    categories: list[FindingCategory] = field(default_factory=list)
    rules: list[str] = field(default_factory=list)
    """The rule or stage behind each entry of ``categories``."""


def scan(text: str) -> SanitizeResult:
    """Find and redact prompt injections in ``text``.

    Args:
        text: Content from outside Studio, already truncated to what the model will see.

    Returns:
        The sanitized text, the findings (at most :data:`MAX_FINDINGS`) and the true counts.
    """
    if not text:
        return SanitizeResult(sanitized_text=text)
    decoded = decoded_text.decode(text)
    signals = detect(decoded, 0, Budget(len(text)))
    regions: list[_Region] = []
    for signal in signals:
        start, end = (signal.start, signal.end) if signal.block else _grow(decoded.text, signal)
        start, end = decoded.to_original(start, end)
        regions.append(_Region(start, end, [signal.category], [signal.source]))
    for start, end, _message in decoded.hidden_runs:
        regions.append(_Region(start, end, [FindingCategory.EVASION], [_HIDDEN_TAGS]))
    regions = _merge(text, regions)
    if not regions and not decoded.removed:
        return SanitizeResult(sanitized_text=text)
    findings = tuple(_finding(decoded, text, region) for region in regions[:MAX_FINDINGS])
    invisible = _outside(decoded.removed, regions)
    return SanitizeResult(
        sanitized_text=_rebuild(text, regions, invisible),
        findings=findings,
        redacted_count=len(regions),
        invisible_count=len(invisible),
    )


# --- Redaction -------------------------------------------------------------------------------


def _grow(text: str, signal: Signal) -> tuple[int, int]:
    """Grow a signal to its sentence, plus the sentences that carry the instruction on."""
    low = max(0, signal.start - _LEFT_REACH)
    start = low
    for match in _SENTENCE_END.finditer(text, low, signal.start):
        start = match.end()
    if start == low and low > 0:
        space = text.find(" ", low, signal.start)
        start = space + 1 if space >= 0 else signal.start
    while start < signal.end and text[start].isspace():
        start += 1
    end = _sentence_end(text, signal.end)
    for _ in range(_CONTINUATIONS):
        if end >= len(text) or text[end - 1 : end] == "\n" or text[end : end + 1] == "\n":
            break
        first = _FIRST_WORD.match(text, end)
        if first is None or "\n" in text[end : first.start(1)]:
            break
        if first.group(1).casefold() not in patterns.CONTINUATION_WORDS:
            break
        end = _sentence_end(text, first.end())
    return start, end


def _sentence_end(text: str, position: int) -> int:
    high = min(len(text), position + _RIGHT_REACH)
    match = _SENTENCE_END.search(text, position, high)
    if match is not None:
        return match.start() if match.group() == "\n" else match.end()
    if high >= len(text):
        return len(text)
    space = text.rfind(" ", position, high)
    return space if space > position else high


def _merge(text: str, regions: list[_Region]) -> list[_Region]:
    """Join regions that overlap or touch (only punctuation or spaces between)."""
    regions.sort(key=lambda region: region.start)
    merged: list[_Region] = []
    for region in regions:
        if merged:
            last = merged[-1]
            if region.start <= last.end or (
                region.start - last.end <= 6
                and _MERGE_GAP.fullmatch(text, last.end, region.start) is not None
            ):
                last.end = max(last.end, region.end)
                last.categories.extend(region.categories)
                last.rules.extend(region.rules)
                continue
        merged.append(region)
    return merged


def _finding(decoded: DecodedText, text: str, region: _Region) -> Finding:
    index = _naming_index(region)
    return Finding(
        category=region.categories[index],
        snippet=_snippet(decoded, text, region),
        start=region.start,
        end=region.end,
        removed=text[region.start : region.end],
        rule=region.rules[index],
    )


def _naming_index(region: _Region) -> int:
    """Which of the region's signals names it.

    How a region was hidden, if it was; else what it tried. Addressing the model is the generic
    case, so a region that also asks for something specific is named for that.
    """
    categories = region.categories
    for technique in _TECHNIQUES:
        if technique in categories:
            return categories.index(technique)
    for index, category in enumerate(categories):
        if category is not FindingCategory.AGENT_MANIPULATION:
            return index
    return 0


def _snippet(decoded: DecodedText, text: str, region: _Region) -> str:
    raw = text[region.start : region.end]
    readable = decoded_text.decode(raw).text if not decoded.identical else raw
    collapsed = _WHITESPACE.sub(" ", readable).strip()
    if len(collapsed) > MAX_SNIPPET_CHARACTERS:
        collapsed = collapsed[: MAX_SNIPPET_CHARACTERS - 1] + "…"
    return collapsed


def _outside(spans: list[tuple[int, int]], regions: list[_Region]) -> list[tuple[int, int]]:
    """The parts of invisible spans that no region covers (both lists sorted, disjoint)."""
    pieces: list[tuple[int, int]] = []
    index = 0
    for start, end in spans:
        while index < len(regions) and regions[index].end <= start:
            index += 1
        cursor = start
        probe = index
        while probe < len(regions) and regions[probe].start < end:
            if regions[probe].start > cursor:
                pieces.append((cursor, regions[probe].start))
            cursor = max(cursor, regions[probe].end)
            probe += 1
        if cursor < end:
            pieces.append((cursor, end))
    return pieces


def _rebuild(text: str, regions: list[_Region], invisible: list[tuple[int, int]]) -> str:
    cuts = [(region.start, region.end, REDACTION_MARKER) for region in regions]
    cuts += [(start, end, "") for start, end in invisible]
    cuts.sort()
    pieces: list[str] = []
    position = 0
    for start, end, replacement in cuts:
        if start < position:
            continue
        pieces.append(text[position:start])
        pieces.append(replacement)
        position = end
    pieces.append(text[position:])
    return "".join(pieces)
