r"""The views of a text that the scanner matches on, with positions that lead back to it.

The scanner never matches the raw text: an attacker hides words behind HTML entities
(``&#105;gnore``), JSON escapes (``\\u0069gnore``), percent escapes, zero-width characters and
look-alike letters. :class:`DecodedText` undoes the escapes and drops invisible characters, and
keeps a map from every decoded position to the original one, so that a redaction replaces
exactly the characters the page really had. :func:`tokenize` then turns the decoded text into
normalized words (lower case, accents removed, digits and look-alikes read as letters).
"""

from __future__ import annotations

import functools
import html.entities
import re
import unicodedata
from bisect import bisect_right
from dataclasses import dataclass, field

from studio.injection import _patterns as patterns

__all__ = ["DecodedText", "Tokens", "WordFlag", "decode", "fold", "normalize_word", "tokenize"]

# Characters that render as nothing. Joiners (U+200C, U+200D) are handled apart: emoji and
# several scripts need them, so they leave the output only next to ASCII text.
_INVISIBLE_CLASS = (
    "\u00ad\u034f\u061c\u115f\u1160\u17b4\u17b5\u180e\u200b\u200e\u200f\u202a-\u202e"
    "\u2060-\u2064\u2066-\u206f\u3164\ufeff\uffa0\ufff9-\ufffb"
    "\U000e0000-\U000e007f\U000e0100-\U000e01ef"
)
_TAG_FIRST, _TAG_LAST = 0xE0000, 0xE007F
_HIDDEN_TAG_RUN = 8
"""A run of this many Unicode tag characters is a hidden message, not a flag emoji."""

_SPECIAL = re.compile(
    rf"(?P<invisible>[{_INVISIBLE_CLASS}]+|[\ufe00-\ufe0f]{{2,}})"
    r"|(?P<joiner>[\u200c\u200d]+)"
    r"|(?P<pair>\\u[dD][89abAB][0-9a-fA-F]{2}\\u[dD][c-fC-F][0-9a-fA-F]{2})"
    r"|(?P<uni>\\u[0-9a-fA-F]{4}|\\u\{[0-9a-fA-F]{1,6}\}|\\U[0-9a-fA-F]{8}|\\x[0-9a-fA-F]{2})"
    r"|(?P<num>&#[xX][0-9a-fA-F]{1,6};?|&#[0-9]{1,7};?)"
    r"|(?P<named>&[A-Za-z][A-Za-z0-9]{1,31};)"
    r"|(?P<utf8>%[cdCD][0-9a-fA-F]%[89abAB][0-9a-fA-F]|%[eE][0-9a-fA-F](?:%[89abAB][0-9a-fA-F]){2})"
    r"|(?P<percent>%[2-7][0-9a-fA-F])"
)
_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")
_INVISIBLE_ONLY = re.compile(f"[{_INVISIBLE_CLASS}\u200c\u200d]")


class WordFlag:
    """Bits that say how a word was read; a match that needed one is an evasion."""

    TYPO = 1
    """The word's middle letters were shuffled ("ignroe")."""
    LEET = 2
    """Digits stood for letters ("1gn0r3")."""
    CONFUSABLE = 4
    """Letters of another script or width stood for Latin ones."""
    SPACED = 8
    """The word was spelled out letter by letter or glued to its neighbours."""
    MIXED_CASE = 16
    """The word's case changed mid-word ("iGnOrE") or it was glued in camelCase."""


@dataclass(slots=True)
class DecodedText:
    """A text with its escapes decoded and invisible characters removed.

    Attributes:
        original: The text as it came.
        text: The decoded text the scanner matches on.
        removed: Spans of the original to drop from the output: invisible characters.
        hidden_runs: Spans of the original holding a hidden Unicode-tag message, with the
            message decoded.
    """

    original: str
    text: str
    removed: list[tuple[int, int]] = field(default_factory=list)
    hidden_runs: list[tuple[int, int, str]] = field(default_factory=list)
    _seg_d: list[int] = field(default_factory=list)
    _seg_o: list[int] = field(default_factory=list)
    _seg_dlen: list[int] = field(default_factory=list)
    _seg_olen: list[int] = field(default_factory=list)
    _seg_identity: list[bool] = field(default_factory=list)
    _escaped_letters: list[tuple[int, int]] = field(default_factory=list)

    @property
    def identical(self) -> bool:
        """Whether nothing was decoded or removed, so positions are the same in both."""
        return not self._seg_d

    def to_original(self, start: int, end: int) -> tuple[int, int]:
        """Map the decoded span ``[start, end)`` to the span of the original it came from."""
        if self.identical:
            return start, end
        return self._map_start(start), self._map_end(end)

    def has_escaped_letters(self, start: int, end: int) -> bool:
        """Whether a letter or digit in the decoded span was written as an escape."""
        spans = self._escaped_letters
        index = bisect_right(spans, (start, len(self.text) + 1)) - 1
        if index >= 0 and spans[index][1] > start:
            return True
        index += 1
        return index < len(spans) and spans[index][0] < end

    def _map_start(self, position: int) -> int:
        index = bisect_right(self._seg_d, position) - 1
        if index < 0:
            return 0
        d_start, o_start = self._seg_d[index], self._seg_o[index]
        if position >= d_start + self._seg_dlen[index]:
            return o_start + self._seg_olen[index]
        if self._seg_identity[index]:
            return o_start + (position - d_start)
        return o_start

    def _map_end(self, position: int) -> int:
        if position <= 0:
            return self._map_start(0)
        index = bisect_right(self._seg_d, position - 1) - 1
        if index < 0:
            return 0
        d_start, o_start = self._seg_d[index], self._seg_o[index]
        if self._seg_identity[index]:
            return o_start + (position - d_start)
        return o_start + self._seg_olen[index]

    def _add(self, d_start: int, o_start: int, dlen: int, olen: int, identity: bool) -> None:
        if dlen == 0:
            return
        self._seg_d.append(d_start)
        self._seg_o.append(o_start)
        self._seg_dlen.append(dlen)
        self._seg_olen.append(olen)
        self._seg_identity.append(identity)


def decode(text: str) -> DecodedText:
    r"""Decode escapes and drop invisible characters, remembering where everything came from.

    HTML and XML character references (numeric and named), JSON and JavaScript ``\\u``
    escapes, ``\\x`` escapes, percent escapes of printable ASCII and percent-escaped UTF-8
    letters are decoded. Invisible characters are dropped; the decoded text is what the
    scanner matches on.
    """
    matches = list(_SPECIAL.finditer(text))
    result = DecodedText(original=text, text=text)
    if not matches:
        return result
    pieces: list[str] = []
    d_pos = 0
    o_pos = 0
    for match in matches:
        start, end = match.span()
        if start > o_pos:
            chunk = text[o_pos:start]
            pieces.append(chunk)
            result._add(d_pos, o_pos, len(chunk), len(chunk), True)
            d_pos += len(chunk)
        replacement = _replacement(match, text, result)
        if replacement is None:
            chunk = match.group()
            pieces.append(chunk)
            result._add(d_pos, start, len(chunk), len(chunk), True)
            d_pos += len(chunk)
        elif replacement:
            pieces.append(replacement)
            result._add(d_pos, start, len(replacement), end - start, False)
            if any(character.isalnum() for character in replacement):
                result._escaped_letters.append((d_pos, d_pos + len(replacement)))
            d_pos += len(replacement)
        o_pos = end
    if o_pos < len(text):
        chunk = text[o_pos:]
        pieces.append(chunk)
        result._add(d_pos, o_pos, len(chunk), len(chunk), True)
    result.text = "".join(pieces)
    return result


def _replacement(match: re.Match[str], text: str, result: DecodedText) -> str | None:
    """What one special sequence reads as; ``None`` keeps it, ``""`` drops it."""
    kind = match.lastgroup
    raw = match.group()
    start, end = match.span()
    if kind == "invisible":
        result.removed.append((start, end))
        if max(raw) >= "\U000e0000":
            _note_hidden_run(raw, start, result)
        return ""
    if kind == "joiner":
        # Joiners shape emoji and Indic or Arabic script; only next to ASCII are they a trick.
        before = text[start - 1] if start > 0 else " "
        after = text[end] if end < len(text) else " "
        if before.isascii() and after.isascii():
            result.removed.append((start, end))
        return ""
    if kind == "pair":
        high, low = int(raw[2:6], 16), int(raw[8:12], 16)
        return _printable(chr(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00)))
    if kind == "uni":
        digits = raw[3:-1] if raw.startswith("\\u{") else raw[2:]
        return _printable(_chr(int(digits, 16)))
    if kind == "num":
        body = raw[2:].rstrip(";")
        value = int(body[1:], 16) if body[:1] in "xX" else int(body)
        return _printable(_chr(value))
    if kind == "named":
        decoded = html.entities.html5.get(raw[1:])
        return None if decoded is None else _printable(decoded)
    if kind == "utf8":
        # A percent-escaped UTF-8 letter ("instru%C3%A7%C3%B5es"): decoded when it is a letter.
        try:
            letter = bytes(int(raw[index + 1 : index + 3], 16) for index in range(0, len(raw), 3))
            decoded = letter.decode("utf-8")
        except UnicodeDecodeError:
            return None
        return decoded if decoded.isalpha() else None
    # Percent escapes: only printable ASCII (0x20-0x7F) is decoded, so URLs stay readable.
    return _printable(chr(int(raw[1:], 16)))


def _chr(value: int) -> str:
    if 0xD800 <= value <= 0xDFFF or value > 0x10FFFF:
        return "\ufffd"
    return chr(value)


def _printable(decoded: str) -> str:
    """Decoded text as the scanner sees it: invisible characters and controls read as nothing."""
    decoded = _INVISIBLE_ONLY.sub("", decoded)
    return _CONTROL.sub("", decoded)


def _note_hidden_run(raw: str, start: int, result: DecodedText) -> None:
    """Record runs of Unicode tag characters long enough to carry a message."""
    run_start = -1
    letters: list[str] = []
    for offset, character in enumerate([*raw, "\0"]):
        code = ord(character)
        if _TAG_FIRST <= code <= _TAG_LAST:
            if run_start < 0:
                run_start = offset
            if 0xE0020 <= code <= 0xE007E:
                letters.append(chr(code - _TAG_FIRST))
            continue
        if run_start >= 0 and len(letters) >= _HIDDEN_TAG_RUN:
            # A non-BMP character takes one index in a Python string, so offsets are exact.
            result.hidden_runs.append((start + run_start, start + offset, "".join(letters)))
        run_start = -1
        letters = []


@dataclass(slots=True)
class Tokens:
    """The normalized words of a decoded text, as parallel lists (cheaper than one object each).

    Attributes:
        words: Lower case, accents removed, typos and look-alikes undone.
        starts: Start of each word in the decoded text.
        ends: End of each word in the decoded text.
        flags: :class:`WordFlag` bits saying how each word was read.
    """

    words: list[str] = field(default_factory=list)
    starts: list[int] = field(default_factory=list)
    ends: list[int] = field(default_factory=list)
    flags: list[int] = field(default_factory=list)

    def add(self, word: str, start: int, end: int, flags: int) -> None:
        """Append one word."""
        self.words.append(word)
        self.starts.append(start)
        self.ends.append(end)
        self.flags.append(flags)


_WORD = re.compile(r"[^\W_]+")
_CAMEL_HUMP = re.compile(r"[a-z][A-Z]")
_CAMEL = re.compile(r"[A-Z]?[a-z]+|[A-Z]+(?![a-z])|[0-9]+")
_LEET_TABLE = str.maketrans(patterns.LEET)


def _typo_tables() -> tuple[frozenset[tuple[str, str, int]], dict[str, str]]:
    keys = set()
    by_signature = {}
    for keyword in patterns.TYPO_KEYWORDS:
        keys.add((keyword[0], keyword[-1], len(keyword)))
        by_signature[keyword[0] + "".join(sorted(keyword[1:-1])) + keyword[-1]] = keyword
    return frozenset(keys), by_signature


_TYPO_KEYS, _TYPO_SIGNATURES = _typo_tables()
_TYPO_FOUR = frozenset((first, last) for first, last, length in _TYPO_KEYS if length == 4)
"""First and last letters of the four-letter keywords ("your"), so that other four-letter
words keep the fast path."""


def _fuzzy_table() -> dict[str, str]:
    """Each fuzzy keyword, and each of its one-letter deletions, mapped to the keyword."""
    table: dict[str, str] = {}
    for keyword in patterns.FUZZY_KEYWORDS:
        table.setdefault(keyword, keyword)
        for index in range(len(keyword)):
            table.setdefault(keyword[:index] + keyword[index + 1 :], keyword)
    return table


_FUZZY = _fuzzy_table()
_FUZZY_MIN = 8
"""Only words this long are read fuzzily: one wrong letter in a short word is another word."""
_FUZZY_MAX = 16
"""Longer words are no misspelt keyword, and probing every deletion of them would cost."""


def fuzzy_keyword(word: str) -> str | None:
    """The keyword ``word`` misspells by one letter (wrong, missing or extra), or ``None``.

    Symmetric deletion: two words are one edit apart when deleting at most one letter from
    each makes them equal, so a lookup costs one probe per letter of the word.
    """
    if not _FUZZY_MIN <= len(word) <= _FUZZY_MAX:
        return None
    found = _FUZZY.get(word)
    if found is not None:
        return found
    for index in range(len(word)):
        found = _FUZZY.get(word[:index] + word[index + 1 :])
        if found is not None:
            return found
    return None


@functools.lru_cache(maxsize=4096)
def _fold_character(character: str) -> str:
    lowered = character.lower()
    if len(lowered) != 1:
        lowered = character
    if lowered.isascii():
        return lowered
    folded = unicodedata.normalize("NFKD", lowered)
    base = "".join(c for c in folded if not unicodedata.combining(c))
    return base if len(base) == 1 else lowered


def fold(text: str) -> str:
    """``text`` in lower case without accents, with exactly one character per character.

    Regexes written in plain ASCII run on the folded text, and their positions are positions
    in ``text``.
    """
    if text.isascii():
        return text.lower()
    table = {ord(c): f for c in set(text) if (f := _fold_character(c)) != c}
    return text.translate(table)


def normalize_word(raw: str) -> tuple[str, int]:
    """One word as the rules see it, and the :class:`WordFlag` bits of how it was read."""
    flags = 0
    if raw.isascii():
        word = raw.lower()
        if not word.isalpha() and not word.isdigit():
            leet = word.translate(_LEET_TABLE)
            if leet != word and leet.isalpha():
                word = leet
                flags |= WordFlag.LEET
    else:
        compatible = unicodedata.normalize("NFKC", raw)
        if compatible != raw and compatible.isascii():
            flags |= WordFlag.CONFUSABLE
        folded = unicodedata.normalize("NFKD", compatible.casefold())
        word = "".join(c for c in folded if not unicodedata.combining(c))
        if not word.isascii() and any("a" <= c <= "z" for c in word):
            mapped = "".join(patterns.CONFUSABLES.get(c, c) for c in word)
            if mapped != word:
                word = mapped
                flags |= WordFlag.CONFUSABLE
        elif not word.isascii() and all(c in patterns.CONFUSABLES for c in word):
            word = "".join(patterns.CONFUSABLES[c] for c in word)
            flags |= WordFlag.CONFUSABLE
    if 4 <= len(word) <= 14 and (word[0], word[-1], len(word)) in _TYPO_KEYS:
        keyword = _TYPO_SIGNATURES.get(word[0] + "".join(sorted(word[1:-1])) + word[-1])
        if keyword is not None and keyword != word:
            word = keyword
            flags |= WordFlag.TYPO
    return word, flags


def tokenize(text: str, *, base_flags: int = 0, keep: frozenset[str] = frozenset()) -> Tokens:
    """Split decoded text into normalized words; camelCase and snake_case split too.

    Args:
        text: The decoded text.
        base_flags: :class:`WordFlag` bits every word gets (for re-read, disguised text).
        keep: Words never split at a case change, such as brand names ("ChatGPT").
    """
    tokens = Tokens()
    words, starts, ends, all_flags = tokens.words, tokens.starts, tokens.ends, tokens.flags
    for match in _WORD.finditer(text):
        raw = match.group()
        start = match.start()
        flags = base_flags
        if raw.isascii():
            if (
                raw.isalpha()
                and raw.islower()
                and not (5 <= len(raw) <= 14 or (len(raw) == 4 and (raw[0], raw[3]) in _TYPO_FOUR))
            ):
                # The fast path for most words: nothing to undo.
                words.append(raw)
                starts.append(start)
                ends.append(match.end())
                all_flags.append(flags)
                continue
            humps = len(_CAMEL_HUMP.findall(raw))
            # Case changing again and again inside a word is a disguise ("iGnOrE") or glue
            # ("IgnoreAllPrevious"); one change is a name ("iPhone", "PayPal").
            if humps > 1:
                flags |= WordFlag.MIXED_CASE
            if humps and raw.lower() not in keep:
                parts = list(_CAMEL.finditer(raw))
                # Only real camelCase is split; "iGnOrE" and "iPhone" stay one word.
                if all(len(part.group()) > 2 for part in parts):
                    for part in parts:
                        word, word_flags = normalize_word(part.group())
                        tokens.add(
                            word, start + part.start(), start + part.end(), word_flags | flags
                        )
                    continue
        word, word_flags = normalize_word(raw)
        if _FUZZY_MIN <= len(word) <= _FUZZY_MAX and keep and word not in keep and word.isalpha():
            keyword = fuzzy_keyword(word)
            if keyword is not None and keyword != word:
                word = keyword
                word_flags |= WordFlag.TYPO
        tokens.add(word, start, match.end(), word_flags | flags)
    return tokens
