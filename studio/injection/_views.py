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

from studio.injection import _patterns as patterns

__all__ = ["View", "views"]


@dataclass(frozen=True, slots=True)
class View:
    """A span of the decoded text, and how it reads with one trick undone."""

    start: int
    end: int
    text: str
    phrases_only: bool = False
    """Whether only phrase rules can make this view a finding (joined quotes: markup and JSON
    are full of quotes, so the view is read again only when a phrase rule matches in it)."""


_MAX_VIEW = 4000
"""Longer passages are cut into pieces: an instruction is short, and the rescan has a budget."""
_OVERLAP = 400
"""How much consecutive pieces of one long passage overlap."""

_WORD_PER_LINE = re.compile(r"(?:^[ \t]{0,8}\S{1,30}[ \t]{0,8}(?:\n|\Z)){5,}+", re.MULTILINE)
"""Five or more lines of one word. Each line, the last too, ends its own repetition: a
pattern that needed one more line after a possessive run would retry at every line, which
is quadratic."""
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
        start = match.start()
        while start < match.end():
            # A long run is read in overlapping pieces, so an instruction at its end counts.
            end = min(match.end(), start + _MAX_VIEW)
            if end < match.end():
                end = folded.rfind("\n", start, end) + 1 or end
            result.append(View(start, end, folded[start:end].replace("\n", " ").rstrip()))
            if end >= match.end():
                break
            start = max(start + 1, folded.find("\n", end - _OVERLAP, end) + 1 or end)
    return result


def _syllables(folded: str) -> list[View]:
    """Lines where several words are split into hyphenated syllables, with the hyphens gone."""
    result = []
    line_start = -1
    pieces: list[str] = []
    cursor = 0
    count = 0
    end = 0
    searched = 0
    payload = False
    for match in _SYLLABLES.finditer(folded):
        # Only the text since the last match is searched for a line break, so this is linear.
        newline = folded.rfind("\n", searched, match.start())
        start = newline + 1 if newline >= 0 else max(line_start, 0)
        searched = match.end()
        if start != line_start:
            if count >= 2 and payload:
                result.append(_syllable_view(folded, line_start, end, pieces, cursor))
            line_start, pieces, cursor, count, payload = start, [], start, 0, False
        joined = match.group().replace("-", "")
        pieces.append(folded[cursor : match.start()])
        pieces.append(joined)
        cursor = end = match.end()
        if match.group().count("-") >= 2:
            count += 1
        # Compounds ("state-of-the-art") are common; only a joined instruction word counts.
        payload = payload or _PAYLOAD_WORD.search(joined) is not None
    if count >= 2 and payload:
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
    glued = "".join(pieces)
    # Quotes are everywhere in markup and JSON; only pieces that join into an instruction word
    # (or hold one) are worth reading again.
    if _PAYLOAD_WORD.search(glued) is None:
        return []
    return [View(start, end, glued, True), View(start, end, " ".join(pieces), True)]


def _leet_symbols(folded: str) -> list[View]:
    """Lines that write letters as symbols ("@ll", "pr3v!ous"), with the symbols read back."""
    result = []
    line_start = -1
    count = 0
    searched = 0
    for match in _LEET_SYMBOL.finditer(folded):
        newline = folded.rfind("\n", searched, match.start())
        start = newline + 1 if newline >= 0 else max(line_start, 0)
        searched = match.end()
        if start != line_start:
            if count and (view := _leet_view(folded, line_start)) is not None:
                result.append(view)
            line_start, count = start, 0
        count += 1
    if count and (view := _leet_view(folded, line_start)) is not None:
        result.append(view)
    return result


def _leet_view(folded: str, start: int) -> View | None:
    end = folded.find("\n", start)
    end = len(folded) if end < 0 else end
    end = min(end, start + _MAX_VIEW)
    text = folded[start:end].translate(_LEET_SYMBOLS)
    # Addresses and prices use these symbols too; only a line with an instruction word counts.
    return View(start, end, text) if _PAYLOAD_WORD.search(text) is not None else None


_PAYLOAD_WORD = re.compile(
    r"ignor|disregard|forget|instruction|prompt|previous|system|reveal|password|secret|"
    r"send|upload|exfiltrat|assistant|jailbreak|override|bypass|vergiss|oublie|olvida|"
    r"anweisung|consigne|instruccion|istruzion|instructie|instruc|regel|rule|tell|user|usuario|"
    r"utilisateur|nutzer|gebruiker|utente|reveal|revel|decode"
)
_KEYWORDS = frozenset(patterns.REVERSED_KEYWORDS)
_REVERSED_KEYWORD = re.compile(
    r"\b(?:" + "|".join(sorted(word[::-1] for word in _KEYWORDS)) + r")\b"
)
