"""The rule files of the prompt-injection scanner: their format, and how they are read.

The phrase rules and the word lists the scanner's stages read ship as data, one TOML file per
language in ``rules/`` (``en.toml``, ``de.toml``, ``fr.toml``, ``es.toml``, ``it.toml``,
``nl.toml``, ``pt.toml``) plus ``shared.toml`` for what belongs to no one language. Every file
has the same shape, and every part is optional::

    rules = [
        { name = "ignore-prior", category = "override", pattern = "@IGNORE @FILL{0,3} @INSTR" },
    ]

    [classes]          # word classes the patterns of this file name as @NAME
    IGNORE = "ignore disregard forget pay+no+attention+to"

    [words]            # word lists for the other stages, merged across files
    imperatives = "ignore tell say"

    [leet]             # digits read as letters, one character each
    "0" = "o"

    [confusables]      # look-alike letters read as Latin ones, one character each
    "а" = "a"

A rule has a ``name`` (unique over all files), a ``category`` (a value of
:class:`~studio.injection._category.FindingCategory`) and a ``pattern``; optionally a
``strength`` (``strong``, the default, or ``weak``), a ``family`` (weak rules of one family
never confirm each other), ``cross_sentences`` (whether a match may span a sentence end) and
two gates, ``unless_before`` and ``unless_next``: words that turn a match off when they come
earlier in its sentence or right after it. A gate may name a word class as ``@NAME``.

Patterns are written over normalized words (lower case, accents removed, so ``précédentes``
is written ``precedentes``). A pattern is a sequence of items separated by spaces:

- ``word``, ``word|other`` or ``instruct*`` (a prefix): one word from the alternatives;
  ``a+b`` is a sequence of words inside one alternative (``system+prompt``).
- ``@NAME``: one entry of the word class ``NAME``; entries are separated by whitespace.
- ``*``: any one word.
- ``,``: punctuation (or the end of the text) between the words before and after; it
  consumes no word. It lets ``if you are an AI ,`` match while ``if you are an AI researcher``
  does not.
- ``?`` or ``{m,n}`` after an item repeats it.

The first item must be a required word, so that the matcher can look rules up by it. A rule
sees the classes of its own file and of ``shared.toml``; class names are unique over all
files. Word lists of the same name are joined in the order the files are read.

:func:`load` reads the shipped files once, when the scanner starts, and checks them: an unknown
key, a wrong type, an unknown category or word class, a pattern that cannot be read and a
rule name used twice each raise :class:`RuleFileError`, naming the file and the rule.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from importlib import resources
from typing import Literal, cast

from studio.injection._category import FindingCategory

__all__ = [
    "FILE_NAMES",
    "WORD_LISTS",
    "RuleBook",
    "RuleFileError",
    "RuleSpec",
    "load",
    "parse",
    "read_item",
]

Strength = Literal["strong", "weak"]

FILE_NAMES = (
    "en.toml",
    "de.toml",
    "fr.toml",
    "es.toml",
    "it.toml",
    "nl.toml",
    "pt.toml",
    "shared.toml",
)
"""The shipped files, in the order they are read (and their rules tried)."""
SHARED = "shared.toml"
"""The file whose word classes every file's rules may name."""
WORD_LISTS = frozenset(
    {
        "ai_address_words",
        "continuation_words",
        "fuzzy_keywords",
        "imperatives",
        "model_actions",
        "placeholder_data_words",
        "placeholder_strong_words",
        "reversed_keywords",
        "typo_keywords",
    }
)
"""The word lists a ``[words]`` table may hold."""

_FILE_KEYS = frozenset({"rules", "classes", "words", "leet", "confusables"})
_RULE_KEYS = frozenset(
    {
        "name",
        "category",
        "pattern",
        "strength",
        "family",
        "cross_sentences",
        "unless_before",
        "unless_next",
    }
)
_REQUIRED = ("name", "category", "pattern")
_TEXT_KEYS = ("name", "category", "pattern", "strength", "family", "unless_before", "unless_next")
_CATEGORIES = frozenset(category.value for category in FindingCategory)
_CLASS_NAME = re.compile(r"[A-Z][A-Z0-9_]*")
_RULE_NAME = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*")
_ENTRY = re.compile(r"[a-z0-9]+(?:\+[a-z0-9]+)*")
_WORDS = re.compile(r"[a-z0-9]+\*?(?:\+[a-z0-9]+\*?)*")


_ITEM = re.compile(r"^(?P<body>.+?)(?P<quantifier>\?|\{\d+,\d+\})?$")
"""One item of a pattern: its body and an optional ``?`` or ``{m,n}``."""


def read_item(item: str) -> tuple[str, int, int]:
    """An item of a pattern as its body and how often it repeats (at least, at most).

    Raises:
        ValueError: The item cannot be read.
    """
    match = _ITEM.match(item)
    if match is None:
        raise ValueError(f"cannot read the pattern item {item!r}")
    body, quantifier = match.group("body"), match.group("quantifier")
    low, high = 1, 1
    if quantifier == "?":
        low = 0
    elif quantifier:
        low, high = (int(part) for part in quantifier[1:-1].split(","))
    return body, low, high


@dataclass(frozen=True, kw_only=True)
class RuleSpec:
    """One phrase rule: a pattern in the language above, plus the gates that keep it precise."""

    name: str
    """A short identifier; findings name it, so the user can see which rule removed a text."""
    category: str
    """The finding category (a value of ``FindingCategory``)."""
    pattern: str
    """The pattern over normalized words."""
    strength: Strength = "strong"
    """Whether one match is a finding on its own."""
    family: str = ""
    """Weak rules of one family never confirm each other; defaults to the rule's name."""
    cross_sentences: bool = False
    """Whether the match may span a sentence end; most rules stay inside one sentence."""
    unless_before: str = ""
    """Words that, earlier in the same sentence, turn the match off (conditions like "if")."""
    unless_next: str = ""
    """Words that, right after the match, turn it off ("forget everything you know *about*")."""


@dataclass(frozen=True, slots=True)
class RuleBook:
    """Everything the rule files hold, checked and merged.

    Attributes:
        rules: Every rule, file by file in the order of :data:`FILE_NAMES`.
        classes: Every word class by name; entries separated by whitespace.
        words: Every word list by name, joined over the files.
        leet: Digits read as letters.
        confusables: Look-alike letters read as Latin ones.
    """

    rules: tuple[RuleSpec, ...]
    classes: dict[str, str]
    words: dict[str, tuple[str, ...]]
    leet: dict[str, str]
    confusables: dict[str, str]


class RuleFileError(ValueError):
    """A rule file cannot be used; the message names the file and, where known, the rule.

    Attributes:
        file: The file's name.
        rule: The rule's name, or ``""`` when the problem is not inside one rule.
        problem: What is wrong.
    """

    def __init__(self, file: str, problem: str, rule: str = "") -> None:
        where = f"{file}, rule {rule!r}" if rule else file
        super().__init__(f"{where}: {problem}")
        self.file = file
        self.rule = rule
        self.problem = problem


def load() -> RuleBook:
    """Read and check the rule files shipped with the package.

    Raises:
        RuleFileError: A file is broken.
    """
    folder = resources.files("studio.injection").joinpath("rules")
    return parse((name, folder.joinpath(name).read_text("utf-8")) for name in FILE_NAMES)


def parse(files: Iterable[tuple[str, str]]) -> RuleBook:
    """Check and merge rule files given as ``(file name, TOML text)`` pairs, in this order.

    Raises:
        RuleFileError: A file is broken.
    """
    tables: list[tuple[str, dict[str, object]]] = []
    for name, text in files:
        try:
            tables.append((name, tomllib.loads(text)))
        except tomllib.TOMLDecodeError as error:
            raise RuleFileError(name, f"not valid TOML ({error})") from None
    for name, table in tables:
        unknown = sorted(set(table) - _FILE_KEYS)
        if unknown:
            raise RuleFileError(name, f"unknown key(s) {', '.join(map(repr, unknown))}")
    classes_by_file = {name: _classes(name, table.get("classes", {})) for name, table in tables}
    classes = _merged_classes(classes_by_file)
    shared = classes_by_file.get(SHARED, {})
    rules: list[RuleSpec] = []
    seen: dict[str, str] = {}
    for name, table in tables:
        visible = {**shared, **classes_by_file[name]}
        for spec in _rules(name, table.get("rules", []), visible):
            if spec.name in seen:
                raise RuleFileError(name, f"the name is used in {seen[spec.name]} too", spec.name)
            seen[spec.name] = name
            rules.append(spec)
    words: dict[str, list[str]] = {}
    leet: dict[str, str] = {}
    confusables: dict[str, str] = {}
    for name, table in tables:
        for list_name, entries in _word_lists(name, table.get("words", {})).items():
            words.setdefault(list_name, []).extend(entries)
        leet.update(_letters(name, "leet", table.get("leet", {})))
        confusables.update(_letters(name, "confusables", table.get("confusables", {})))
    return RuleBook(
        rules=tuple(rules),
        classes=classes,
        words={list_name: tuple(entries) for list_name, entries in words.items()},
        leet=leet,
        confusables=confusables,
    )


def _merged_classes(classes_by_file: Mapping[str, Mapping[str, str]]) -> dict[str, str]:
    classes: dict[str, str] = {}
    owners: dict[str, str] = {}
    for name, own in classes_by_file.items():
        for class_name, entries in own.items():
            if class_name in owners:
                raise RuleFileError(
                    name, f"the word class {class_name!r} is defined in {owners[class_name]} too"
                )
            owners[class_name] = name
            classes[class_name] = entries
    return classes


def _table(file: str, key: str, value: object) -> Mapping[str, object]:
    if not isinstance(value, dict):
        raise RuleFileError(file, f"{key!r} must be a table")
    return cast("dict[str, object]", value)


def _classes(file: str, value: object) -> dict[str, str]:
    result: dict[str, str] = {}
    for name, entries in _table(file, "classes", value).items():
        if not _CLASS_NAME.fullmatch(name):
            raise RuleFileError(file, f"the word class name {name!r} is not upper case")
        if not isinstance(entries, str) or not entries.split():
            raise RuleFileError(file, f"the word class {name!r} must be a non-empty string")
        for entry in entries.split():
            if not _ENTRY.fullmatch(entry):
                raise RuleFileError(file, f"the word class {name!r} has a bad entry {entry!r}")
        result[name] = entries
    return result


def _word_lists(file: str, value: object) -> dict[str, list[str]]:
    result: dict[str, list[str]] = {}
    for name, entries in _table(file, "words", value).items():
        if name not in WORD_LISTS:
            raise RuleFileError(file, f"unknown word list {name!r}")
        if not isinstance(entries, str):
            raise RuleFileError(file, f"the word list {name!r} must be a string")
        words = entries.split()
        upper = [word for word in words if word != word.casefold()]
        if upper:
            raise RuleFileError(file, f"the word list {name!r} has words not in lower case")
        result[name] = words
    return result


def _letters(file: str, key: str, value: object) -> dict[str, str]:
    table = _table(file, key, value)
    for letter, reading in table.items():
        if len(letter) != 1 or not isinstance(reading, str) or len(reading) != 1:
            raise RuleFileError(file, f"{key!r} must map one character to one character")
    return cast("dict[str, str]", dict(table))


def _rules(file: str, value: object, classes: Mapping[str, str]) -> list[RuleSpec]:
    if not isinstance(value, list):
        raise RuleFileError(file, "'rules' must be a list of tables")
    specs: list[RuleSpec] = []
    for position, entry in enumerate(value, start=1):
        if not isinstance(entry, dict):
            raise RuleFileError(file, f"rule number {position} is not a table")
        specs.append(_rule(file, position, cast("dict[str, object]", entry), classes))
    return specs


def _rule(
    file: str, position: int, entry: Mapping[str, object], classes: Mapping[str, str]
) -> RuleSpec:
    raw_name = entry.get("name")
    name = raw_name if isinstance(raw_name, str) else f"number {position}"
    unknown = sorted(set(entry) - _RULE_KEYS)
    if unknown:
        raise RuleFileError(file, f"unknown key(s) {', '.join(map(repr, unknown))}", name)
    for key in _REQUIRED:
        if key not in entry:
            raise RuleFileError(file, f"{key!r} is missing", name)
    for key in _TEXT_KEYS:
        if key in entry and not isinstance(entry[key], str):
            raise RuleFileError(file, f"{key!r} must be a string", name)
    if not _RULE_NAME.fullmatch(name):
        raise RuleFileError(file, "a name is lower-case words joined by '-'", name)
    text = cast("dict[str, str]", {key: entry[key] for key in _TEXT_KEYS if key in entry})
    if text["category"] not in _CATEGORIES:
        raise RuleFileError(file, f"unknown category {text['category']!r}", name)
    strength = text.get("strength", "strong")
    if strength not in ("strong", "weak"):
        raise RuleFileError(file, f"strength must be 'strong' or 'weak', not {strength!r}", name)
    cross = entry.get("cross_sentences", False)
    if not isinstance(cross, bool):
        raise RuleFileError(file, "'cross_sentences' must be true or false", name)
    _check_pattern(file, name, text["pattern"], classes)
    return RuleSpec(
        name=name,
        category=text["category"],
        pattern=text["pattern"],
        strength=cast("Strength", strength),
        family=text.get("family", ""),
        cross_sentences=cross,
        unless_before=_gate(file, name, text.get("unless_before", ""), classes),
        unless_next=_gate(file, name, text.get("unless_next", ""), classes),
    )


def _check_pattern(file: str, rule: str, pattern: str, classes: Mapping[str, str]) -> None:
    items = pattern.split()
    if not items:
        raise RuleFileError(file, "the pattern is empty", rule)
    for index, item in enumerate(items):
        try:
            body, low, high = read_item(item)
        except ValueError as error:
            raise RuleFileError(file, f"bad pattern: {error}", rule) from None
        if high < 1 or low > high:
            raise RuleFileError(file, f"bad pattern: the repeat in {item!r} is empty", rule)
        if body in ("*", ","):
            if index == 0:
                raise RuleFileError(file, "bad pattern: it must start with a word", rule)
            continue
        if index == 0 and low < 1:
            raise RuleFileError(file, "bad pattern: its first word must not be optional", rule)
        for alternative in body.split("|"):
            if alternative.startswith("@"):
                if alternative[1:] not in classes:
                    raise RuleFileError(file, f"unknown word class {alternative!r}", rule)
            elif not _WORDS.fullmatch(alternative):
                raise RuleFileError(file, f"bad pattern: cannot read {alternative!r}", rule)


def _gate(file: str, rule: str, gate: str, classes: Mapping[str, str]) -> str:
    """The gate's words, with each ``@NAME`` replaced by the entries of that class."""
    words: list[str] = []
    for word in gate.split():
        if not word.startswith("@"):
            words.append(word)
        elif word[1:] in classes:
            words.extend(classes[word[1:]].split())
        else:
            raise RuleFileError(file, f"unknown word class {word!r} in a gate", rule)
    return " ".join(words)
