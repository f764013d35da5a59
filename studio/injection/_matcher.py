"""Matching the phrase rules of the rule files (:mod:`studio.injection._rules`) over words.

Each rule starts with a word from a known set, so the matcher looks rules up by the current word
(a dictionary hit, like the first step of Aho-Corasick) and only then follows the rule's bounded
slots. Every slot repeats at most a few times, so the work per word is bounded and the whole
scan is linear in the length of the text.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

from studio.injection._rules import RuleSpec, read_item

if TYPE_CHECKING:
    from studio.injection._decoded_text import Tokens

__all__ = ["CompiledRule", "PhraseMatch", "PhraseMatcher"]

_BREAK = re.compile(r"[.!?。！？…][\s\"'”’)\]]|\n")
_PUNCT = re.compile(r"[,:;.!?()\[\]\"“”—–\n-]")

Word = tuple[str, bool]
"""A word of a rule, and whether it is a prefix."""


@dataclass(frozen=True, slots=True)
class _Slot:
    kind: Literal["words", "any", "punct"]
    single: frozenset[str]
    prefixes: tuple[str, ...]
    multi: tuple[tuple[Word, ...], ...]
    low: int
    high: int
    multi_by_first: dict[str, tuple[tuple[Word, ...], ...]]
    """Multi-word alternatives by their first word, so a slot checks only those that can fit."""
    multi_by_prefix: tuple[tuple[Word, ...], ...]


@dataclass(frozen=True, slots=True)
class CompiledRule:
    """A rule ready to match."""

    spec: RuleSpec
    slots: tuple[_Slot, ...]
    unless_before: frozenset[str]
    unless_next: frozenset[str]
    required: tuple[frozenset[str], ...]
    """For each later slot that must match, the words it can start with: a rule that stays in
    one sentence can only match where its sentence holds one word of each."""
    second: dict[str, frozenset[str]]
    """For a first word, the words the second word must be one of, when that is known: a
    cheap check before the walk, since rules starting with a common word ("a", "the") are
    tried often."""

    @property
    def family(self) -> str:
        """The family that weak matches of this rule belong to."""
        return self.spec.family or self.spec.name


@dataclass(frozen=True, slots=True)
class PhraseMatch:
    """One rule matched the words ``[first, last)``."""

    rule: CompiledRule
    first: int
    last: int


def _alternatives(body: str, classes: dict[str, str]) -> list[tuple[Word, ...]]:
    result: list[tuple[Word, ...]] = []
    for alternative in body.split("|"):
        if alternative.startswith("@"):
            result.extend(_alternatives("|".join(classes[alternative[1:]].split()), classes))
            continue
        words = tuple(
            (word[:-1], True) if word.endswith("*") and len(word) > 1 else (word, False)
            for word in alternative.split("+")
        )
        result.append(words)
    return result


def _compile_item(item: str, classes: dict[str, str]) -> _Slot:
    body, low, high = read_item(item)
    if body == "*":
        return _Slot("any", frozenset(), (), (), low, high, {}, ())
    if body == ",":
        return _Slot("punct", frozenset(), (), (), low, high, {}, ())
    alternatives = _alternatives(body, classes)
    single = frozenset(words[0][0] for words in alternatives if len(words) == 1 and not words[0][1])
    prefixes = tuple(words[0][0] for words in alternatives if len(words) == 1 and words[0][1])
    multi = tuple(words for words in alternatives if len(words) > 1)
    by_first: dict[str, list[tuple[Word, ...]]] = {}
    for words in multi:
        if not words[0][1]:
            by_first.setdefault(words[0][0], []).append(words)
    by_prefix = tuple(words for words in multi if words[0][1])
    return _Slot(
        "words",
        single,
        prefixes,
        multi,
        low,
        high,
        {first: tuple(group) for first, group in by_first.items()},
        by_prefix,
    )


def compile_rule(spec: RuleSpec, classes: dict[str, str]) -> CompiledRule:
    """Compile one rule; the first item must be a required word so the rule can be indexed."""
    slots = tuple(_compile_item(item, classes) for item in spec.pattern.split())
    if slots[0].kind != "words" or slots[0].low < 1:
        raise ValueError(f"the rule {spec.name!r} must start with a required word")
    return CompiledRule(
        spec=spec,
        slots=slots,
        unless_before=frozenset(spec.unless_before.split()),
        unless_next=frozenset(spec.unless_next.split()),
        second=_second_words(slots),
        required=_required_words(slots),
    )


def _required_words(slots: tuple[_Slot, ...]) -> tuple[frozenset[str], ...]:
    required = []
    for slot in slots[1:]:
        if slot.kind != "words" or slot.low < 1 or slot.prefixes or slot.multi_by_prefix:
            continue
        required.append(slot.single | frozenset(slot.multi_by_first))
    return tuple(required)


def _second_words(slots: tuple[_Slot, ...]) -> dict[str, frozenset[str]]:
    """By first word, the possible second words of a rule, where they are known."""
    first = slots[0]
    if first.high != 1:
        return {}
    after: frozenset[str] | None = None
    if len(slots) > 1:
        second = slots[1]
        known = second.kind == "words" and second.low >= 1 and not second.prefixes
        if known and not second.multi_by_prefix:
            after = second.single | frozenset(second.multi_by_first)
    result: dict[str, frozenset[str]] = {}
    for word in {*first.single, *(words[0][0] for words in first.multi if not words[0][1])}:
        options: set[str] = set()
        if word in first.single:
            if after is None:
                continue
            options |= after
        continuations = first.multi_by_first.get(word, ())
        if any(words[1][1] for words in continuations):
            continue
        options.update(words[1][0] for words in continuations)
        result[word] = frozenset(options)
    return result


class _Context:
    """The words being matched and lazily computed facts about the gaps between them."""

    __slots__ = (
        "_bags",
        "_breaks",
        "_sentence",
        "_sentence_starts",
        "ends",
        "n",
        "starts",
        "text",
        "words",
    )

    def __init__(self, text: str, tokens: Tokens) -> None:
        self.text = text
        self.words = tokens.words
        self.starts = tokens.starts
        self.ends = tokens.ends
        self.n = len(tokens.words)
        self._breaks: dict[int, bool] = {}
        self._sentence: list[int] = []
        self._sentence_starts: list[int] = []
        self._bags: dict[int, frozenset[str]] = {}

    def could_match(self, rule: CompiledRule, index: int) -> bool:
        """Whether the sentence of word ``index`` holds a word for each required slot."""
        if not rule.required or rule.spec.cross_sentences:
            return True
        if not self._sentence:
            self._split_sentences()
        sentence = self._sentence[index]
        bag = self._bags.get(sentence)
        if bag is None:
            low = self._sentence_starts[sentence]
            high = (
                self._sentence_starts[sentence + 1]
                if sentence + 1 < len(self._sentence_starts)
                else self.n
            )
            bag = self._bags[sentence] = frozenset(self.words[low:high])
        return all(not words.isdisjoint(bag) for words in rule.required)

    def _split_sentences(self) -> None:
        """Number the sentences, one linear pass over the sentence breaks of the text."""
        breaks = [match.start() for match in _BREAK.finditer(self.text)]
        position = 0
        sentence = 0
        self._sentence_starts.append(0)
        for index in range(self.n):
            if index:
                found = False
                while position < len(breaks) and breaks[position] < self.starts[index]:
                    found = found or breaks[position] >= self.ends[index - 1]
                    position += 1
                if found:
                    sentence += 1
                    self._sentence_starts.append(index)
            self._sentence.append(sentence)

    def breaks_before(self, index: int) -> bool:
        """Whether a sentence ends between word ``index - 1`` and word ``index``."""
        cached = self._breaks.get(index)
        if cached is None:
            gap = self.text[self.ends[index - 1] : self.starts[index]]
            cached = self._breaks[index] = _BREAK.search(gap) is not None
        return cached

    def punctuation_before(self, index: int) -> bool:
        """Whether punctuation (or the end of the text) separates word ``index`` from the last."""
        if index >= self.n:
            return True
        if index == 0:
            return False
        gap = self.text[self.ends[index - 1] : self.starts[index]]
        return _PUNCT.search(gap) is not None


class PhraseMatcher:
    """All rules, indexed by the words they can start with."""

    def __init__(self, specs: Iterable[RuleSpec], classes: dict[str, str]) -> None:
        self.rules = tuple(compile_rule(spec, classes) for spec in specs)
        self._by_word: dict[str, list[CompiledRule]] = {}
        self._by_prefix: list[tuple[str, CompiledRule]] = []
        lexicon: set[str] = set()
        for rule in self.rules:
            first = rule.slots[0]
            starts = set(first.single) | {words[0][0] for words in first.multi if not words[0][1]}
            for word in starts:
                self._by_word.setdefault(word, []).append(rule)
            for prefix in (*first.prefixes, *(w[0][0] for w in first.multi if w[0][1])):
                self._by_prefix.append((prefix, rule))
            for slot in rule.slots:
                lexicon.update(slot.single)
                lexicon.update(word for words in slot.multi for word, _ in words)
        self.lexicon = frozenset(word for word in lexicon if word.isalpha())

    def find(self, text: str, tokens: Tokens) -> list[PhraseMatch]:
        """Every rule match in ``tokens`` (the words of ``text``), in text order."""
        context = _Context(text, tokens)
        found: list[PhraseMatch] = []
        by_word = self._by_word
        prefixes = self._by_prefix
        for index, word in enumerate(context.words):
            candidates = by_word.get(word)
            if candidates is None and not prefixes:
                continue
            following = context.words[index + 1] if index + 1 < context.n else ""
            for rule in candidates or ():
                allowed = rule.second.get(word)
                if allowed is not None and following not in allowed:
                    continue
                if not context.could_match(rule, index):
                    continue
                last = self._match(rule, context, index)
                if last > index:
                    found.append(PhraseMatch(rule, index, last))
            for prefix, rule in prefixes:
                if word.startswith(prefix):
                    last = self._match(rule, context, index)
                    if last > index:
                        found.append(PhraseMatch(rule, index, last))
        return found

    def _match(self, rule: CompiledRule, context: _Context, first: int) -> int:
        last = _walk(rule, context, first, 0, first)
        if last < 0 or not self._gates_pass(rule, context, first, last):
            return -1
        return last

    @staticmethod
    def _gates_pass(rule: CompiledRule, context: _Context, first: int, last: int) -> bool:
        if rule.unless_before:
            index = first
            while index > 0 and first - index < 8 and not context.breaks_before(index):
                index -= 1
                if context.words[index] in rule.unless_before:
                    return False
        if rule.unless_next and last < context.n and not context.breaks_before(last):
            return context.words[last] not in rule.unless_next
        return True


def _walk(rule: CompiledRule, context: _Context, first: int, slot_index: int, position: int) -> int:
    """Match the slots from ``slot_index`` on at word ``position``; the end, or -1."""
    slots = rule.slots
    if slot_index == len(slots):
        return position
    slot = slots[slot_index]
    if slot.kind == "punct":
        if context.punctuation_before(position):
            return _walk(rule, context, first, slot_index + 1, position)
        return -1 if slot.low else _walk(rule, context, first, slot_index + 1, position)
    frontier = [position]
    for repeat in range(slot.high + 1):
        if repeat >= slot.low:
            # Fewest repetitions first, so optional filler stays as short as possible.
            for candidate in frontier:
                end = _walk(rule, context, first, slot_index + 1, candidate)
                if end >= 0:
                    return end
        if repeat == slot.high:
            break
        advanced: list[int] = []
        for candidate in frontier:
            advanced.extend(_advance(rule, slot, context, first, candidate))
        if not advanced:
            break
        frontier = advanced if len(advanced) == 1 else sorted(set(advanced))
    return -1


def _advance(
    rule: CompiledRule, slot: _Slot, context: _Context, first: int, position: int
) -> list[int]:
    """The positions after one repetition of ``slot`` at word ``position``."""
    if position >= context.n:
        return []
    cross = rule.spec.cross_sentences
    if position > first and not cross and context.breaks_before(position):
        return []
    if slot.kind == "any":
        return [position + 1]
    word = context.words[position]
    ends: list[int] = []
    if word in slot.single or (slot.prefixes and word.startswith(slot.prefixes)):
        ends.append(position + 1)
    candidates = slot.multi_by_first.get(word, ())
    if slot.multi_by_prefix:
        candidates = (*candidates, *slot.multi_by_prefix)
    for words in candidates:
        end = position + len(words)
        if end > context.n:
            continue
        for offset, (expected, is_prefix) in enumerate(words):
            actual = context.words[position + offset]
            if offset and not cross and context.breaks_before(position + offset):
                break
            if not (actual.startswith(expected) if is_prefix else actual == expected):
                break
        else:
            ends.append(end)
    return ends
