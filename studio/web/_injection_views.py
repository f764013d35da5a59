"""Other readings of a text that undo layout tricks, for the scanner to read again.

An instruction can be kept out of a phrase matcher's way without encoding it: one word per
line, syllables split by hyphens ("Ig-no-ra las ins-truc-cio-nes"), the sentence written
backwards, the payload split into quoted pieces that the model is told to join, or symbols
for letters ("@ll pr3v!ous"). Each function here finds the passages that use one trick and
returns them as :class:`View` objects: the span of the decoded text and how it reads with the
trick undone. The scanner reads each view like decoded text; a finding in it redacts the
span as an evasion.

Every finder is one linear regex pass; views are only made where the trick is present, and
the scanner rescans them within the same budget as decoded blocks.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from studio.web import _injection_patterns as patterns

__all__ = ["View", "views"]


@dataclass(frozen=True, slots=True)
class View:
    """A span of the decoded text, and how it reads with one trick undone."""

    start: int
    end: int
    text: str


_MAX_VIEW = 4000
"""Longer passages are cut: an instruction is short, and the rescan has a budget."""

_WORD_PER_LINE = re.compile(
    r"(?:^[ \t]{0,8}[^\s]{1,30}[ \t]{0,8}\n){4,}+[ \t]{0,8}[^\s]{1,30}", re.M
)
_SYLLABLES = re.compile(r"(?<![\w-])[^\W\d_]{1,6}(?:-[^\W\d_]{1,6}){1,8}(?![\w-])")
_LINE = re.compile(r"[^\n]{1,2000}")
_WORD = re.compile(r"[^\W\d_]{2,}")
_QUOTED = re.compile(r"[\"“”'`]([^\"“”'`\n]{2,160})[\"“”'`]")
_QUOTE_GAP = 80
_LEET_SYMBOL = re.compile(r"(?<=[A-Za-z0-9])[@$!|](?=[A-Za-z0-9])|(?<![\w@$!|])[@$](?=[A-Za-z]{2})")
_LEET_SYMBOLS = str.maketrans({"@": "a", "$": "s", "!": "i", "|": "l"})


def views(folded: str) -> list[View]:
    """Every passage of the folded text that reads differently with a trick undone."""
    found: list[View] = []
    found += _words_per_line(folded)
    found += _syllables(folded)
    found += _reversed(folded)
    found += _quoted_pieces(folded)
    found += _leet_symbols(folded)
    return found


def _words_per_line(folded: str) -> list[View]:
    """Five or more lines of one word each, read as one line."""
    result = []
    for match in _WORD_PER_LINE.finditer(folded):
        start, end = match.start(), min(match.end(), match.start() + _MAX_VIEW)
        result.append(View(start, end, folded[start:end].replace("\n", " ")))
    return result


def _syllables(folded: str) -> list[View]:
    """Lines where several words are split into hyphenated syllables, with the hyphens gone."""
    result = []
    line_start = -1
    pieces: list[str] = []
    cursor = 0
    count = 0
    end = 0
    for match in _SYLLABLES.finditer(folded):
        start = folded.rfind("\n", 0, match.start()) + 1
        if start != line_start:
            if count >= 2:
                result.append(_syllable_view(folded, line_start, end, pieces, cursor))
            line_start, pieces, cursor, count = start, [], start, 0
        pieces.append(folded[cursor : match.start()])
        pieces.append(match.group().replace("-", ""))
        cursor = end = match.end()
        if match.group().count("-") >= 2:
            count += 1
    if count >= 2:
        result.append(_syllable_view(folded, line_start, end, pieces, cursor))
    return result


def _syllable_view(folded: str, start: int, end: int, pieces: list[str], cursor: int) -> View:
    line_end = folded.find("\n", cursor)
    line_end = len(folded) if line_end < 0 else line_end
    line_end = min(line_end, start + _MAX_VIEW)
    text = "".join(pieces) + folded[cursor:line_end]
    return View(start, max(end, line_end), text[:_MAX_VIEW])


def _reversed(folded: str) -> list[View]:
    """Lines whose words mean more backwards than forwards ("snoitcurtsni ruoy erongi")."""
    if _REVERSED_KEYWORD.search(folded) is None:
        return []
    result = []
    for line in _LINE.finditer(folded):
        text = line.group()
        if _REVERSED_KEYWORD.search(text) is None:
            continue
        words = _WORD.findall(text)
        backwards = sum(1 for word in words if word[::-1] in _KEYWORDS)
        forwards = sum(1 for word in words if word in _KEYWORDS)
        if backwards >= 2 and backwards > forwards:
            result.append(View(line.start(), line.end(), text[::-1]))
    return result


def _quoted_pieces(folded: str) -> list[View]:
    """Quoted pieces close together, joined: a payload split so that no piece reads as one."""
    result = []
    group: list[re.Match[str]] = []
    for match in _QUOTED.finditer(folded):
        if group and match.start() - group[-1].end() > _QUOTE_GAP:
            result += _joined(group)
            group = []
        group.append(match)
    result += _joined(group)
    return result


def _joined(group: list[re.Match[str]]) -> list[View]:
    if len(group) < 2:
        return []
    start, end = group[0].start(), group[-1].end()
    if end - start > _MAX_VIEW:
        return []
    pieces = [match.group(1) for match in group]
    return [View(start, end, "".join(pieces)), View(start, end, " ".join(pieces))]


def _leet_symbols(folded: str) -> list[View]:
    """Lines that write letters as symbols ("@ll", "pr3v!ous"), with the symbols read back."""
    result = []
    line_start = -1
    count = 0
    for match in _LEET_SYMBOL.finditer(folded):
        start = folded.rfind("\n", 0, match.start()) + 1
        if start != line_start:
            if count:
                result.append(_leet_view(folded, line_start))
            line_start, count = start, 0
        count += 1
    if count:
        result.append(_leet_view(folded, line_start))
    return result


def _leet_view(folded: str, start: int) -> View:
    end = folded.find("\n", start)
    end = len(folded) if end < 0 else end
    end = min(end, start + _MAX_VIEW)
    return View(start, end, folded[start:end].translate(_LEET_SYMBOLS))


_KEYWORDS = frozenset(patterns.REVERSED_KEYWORDS)
_REVERSED_KEYWORD = re.compile(
    r"\b(?:" + "|".join(sorted(word[::-1] for word in _KEYWORDS)) + r")\b"
)
