"""The phrase rules and word lists of the prompt-injection scanner, loaded from the rule files.

The data lives in ``rules/`` (one TOML file per language, plus ``shared.toml``; the format is
described in :mod:`studio.injection._rules`). This module reads and checks those files once,
when the scanner is first imported, and gives the stages the names they read.

A *strong* rule is a finding on its own. A *weak* rule is a finding only when another rule of a
different family matched within :data:`WEAK_WINDOW` characters: ordinary pages use phrases
like "new instructions:" or "from now on", but rarely two of them close together, while
injected text piles them up. The rules cover English, German, French, Spanish, Italian, Dutch
and Portuguese. They are Studio's own wording, paraphrased from public attack taxonomies.
"""

from __future__ import annotations

from studio.injection import _rules

__all__ = [
    "AI_ADDRESS_WORDS",
    "CONFUSABLES",
    "CONTINUATION_WORDS",
    "FUZZY_KEYWORDS",
    "IMPERATIVES",
    "LEET",
    "MODEL_ACTIONS",
    "PLACEHOLDER_DATA_WORDS",
    "PLACEHOLDER_STRONG_WORDS",
    "REVERSED_KEYWORDS",
    "RULES",
    "TYPO_KEYWORDS",
    "WEAK_WINDOW",
    "WORD_CLASSES",
    "words",
]

WEAK_WINDOW = 140
"""How close (in characters) two weak signals of different families must be to count."""


def words(text: str) -> list[str]:
    """The words of a space-separated list."""
    return text.split()


_BOOK = _rules.load()

RULES: tuple[_rules.RuleSpec, ...] = _BOOK.rules
"""Every phrase rule, file by file."""
WORD_CLASSES: dict[str, str] = _BOOK.classes
"""The word classes the rules name as ``@NAME``; entries separated by whitespace."""


def _list(name: str) -> tuple[str, ...]:
    return _BOOK.words.get(name, ())


TYPO_KEYWORDS: tuple[str, ...] = _list("typo_keywords")
"""Words that typoglycemia (a shuffled middle: "ignroe", "prevoius") is undone for."""
FUZZY_KEYWORDS: tuple[str, ...] = _list("fuzzy_keywords")
"""Long words read through one wrong, missing or extra letter ("instrucsions", "précédantes")."""
LEET: dict[str, str] = _BOOK.leet
"""Digits read as letters in tokens that mix both ("1gn0r3")."""
CONFUSABLES: dict[str, str] = _BOOK.confusables
"""Letters that look like Latin ones; mapped only inside words that mix scripts."""
AI_ADDRESS_WORDS: frozenset[str] = frozenset(_list("ai_address_words"))
"""Words that show hidden markup talks to a model rather than to a person."""
PLACEHOLDER_DATA_WORDS: tuple[str, ...] = _list("placeholder_data_words")
"""Words inside a URL placeholder (``{chat_history}``) that mean "put the user's data here"."""
PLACEHOLDER_STRONG_WORDS: tuple[str, ...] = _list("placeholder_strong_words")
"""Placeholder words that betray exfiltration even in a plain link, not only in an image."""
CONTINUATION_WORDS: frozenset[str] = frozenset(_list("continuation_words"))
"""First words of a following sentence that continue an injected instruction."""
IMPERATIVES: frozenset[str] = frozenset(_list("imperatives"))
"""Imperatives that open an instruction to the model, in the seven languages (folded)."""
REVERSED_KEYWORDS: tuple[str, ...] = _list("reversed_keywords")
"""Words that, found backwards, show a line written in reverse ("snoitcurtsni ruoy erongi")."""
MODEL_ACTIONS: frozenset[str] = frozenset(_list("model_actions"))
"""Verbs that, right after a header like "New directive:", give an order only a model
carries out: what to say, answer, add or leave out."""
