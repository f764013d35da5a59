"""The rule files: each way a file can be broken is refused with its file and rule named."""

from __future__ import annotations

import time

import pytest

from studio.injection import _rules
from studio.injection._rules import RuleFileError

SHARED = """
[classes]
COMMON = "all any"
"""

RULE = (
    '    { name = "drop-all", category = "override", pattern = "drop @COMMON @THINGS",'
    ' unless_before = "@COMMON if" },\n'
)
GOOD = f"""
rules = [
{RULE}]

[classes]
THINGS = "rules instructions system+prompt"

[words]
imperatives = "drop tell"
"""


def _parse(*files: tuple[str, str]) -> _rules.RuleBook:
    return _rules.parse(files)


def test_a_good_file_is_read_with_classes_of_its_own_and_of_the_shared_file():
    book = _parse(("en.toml", GOOD), ("shared.toml", SHARED))

    (rule,) = book.rules
    assert rule.name == "drop-all"
    assert rule.unless_before == "all any if"
    assert set(book.classes) == {"THINGS", "COMMON"}
    assert book.words == {"imperatives": ("drop", "tell")}


def test_the_shipped_files_load_quickly_and_hold_every_language():
    start = time.perf_counter()
    book = _rules.load()
    elapsed = time.perf_counter() - start

    assert elapsed < 1.0
    names = {rule.name for rule in book.rules}
    assert {"ignore-all-prior", "de-ignore-prior", "fr-ignore-prior", "es-ignore-prior"} <= names
    assert {"it-ignore-prior", "nl-ignore-prior", "pt-ignore-prior", "ml-remember"} <= names


def _rule_file(rule: str, classes: str = 'THINGS = "rules"') -> str:
    return f"rules = [\n    {{ {rule} }},\n]\n\n[classes]\n{classes}\n"


@pytest.mark.parametrize(
    ("text", "rule", "problem"),
    [
        (
            _rule_file('name = "a", category = "override", pattern = "drop @THINGS", colour = 1'),
            "a",
            "unknown key(s) 'colour'",
        ),
        (
            _rule_file('name = "a", category = "override", pattern = "drop @STUFF"'),
            "a",
            "unknown word class '@STUFF'",
        ),
        (
            _rule_file(
                'name = "a", category = "override", pattern = "drop", unless_before = "@NONE"'
            ),
            "a",
            "unknown word class '@NONE' in a gate",
        ),
        (
            _rule_file('name = "a", category = "override", pattern = "drop @THINGS{3,1}"'),
            "a",
            "bad pattern: the repeat in '@THINGS{3,1}' is empty",
        ),
        (
            _rule_file('name = "a", category = "override", pattern = "drop? @THINGS"'),
            "a",
            "bad pattern: its first word must not be optional",
        ),
        (
            _rule_file('name = "a", category = "override", pattern = "* drop"'),
            "a",
            "bad pattern: it must start with a word",
        ),
        (
            _rule_file('name = "a", category = "override", pattern = "drop Rules!"'),
            "a",
            "bad pattern: cannot read 'Rules!'",
        ),
        (
            _rule_file('name = "a", category = "mischief", pattern = "drop"'),
            "a",
            "unknown category 'mischief'",
        ),
        (
            _rule_file('name = "a", category = "override", pattern = "drop", strength = "mild"'),
            "a",
            "strength must be 'strong' or 'weak', not 'mild'",
        ),
        (_rule_file('name = "a", category = "override"'), "a", "'pattern' is missing"),
    ],
    ids=[
        "unknown-key",
        "unknown-class",
        "unknown-class-in-gate",
        "empty-repeat",
        "optional-first-word",
        "no-first-word",
        "unreadable-word",
        "unknown-category",
        "unknown-strength",
        "missing-pattern",
    ],
)
def test_a_broken_rule_is_refused_naming_file_and_rule(text, rule, problem):
    with pytest.raises(RuleFileError) as raised:
        _parse(("de.toml", text))

    assert raised.value.file == "de.toml"
    assert raised.value.rule == rule
    assert raised.value.problem == problem
    assert str(raised.value) == f"de.toml, rule {rule!r}: {problem}"


def test_a_rule_name_used_twice_is_refused_across_files():
    other = GOOD.replace("[classes]\nTHINGS", "[classes]\nOTHER_THINGS").replace(
        "@THINGS", "@OTHER_THINGS"
    )

    with pytest.raises(RuleFileError, match=r"^fr\.toml, rule 'drop-all': .* en\.toml too$"):
        _parse(("en.toml", GOOD), ("shared.toml", SHARED), ("fr.toml", other))


def test_a_rule_name_used_twice_is_refused_within_one_file():
    twice = GOOD.replace("rules = [\n", "rules = [\n" + RULE)

    with pytest.raises(RuleFileError, match=r"^en\.toml, rule 'drop-all': .* en\.toml too$"):
        _parse(("en.toml", twice), ("shared.toml", SHARED))


def test_a_word_class_of_another_language_is_unknown():
    french = _rule_file('name = "b", category = "override", pattern = "drop @THINGS"', "")

    with pytest.raises(RuleFileError, match=r"^fr\.toml, rule 'b': unknown word class"):
        _parse(("en.toml", GOOD), ("shared.toml", SHARED), ("fr.toml", french))


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ('rules = []\ncolour = "red"\n', "unknown key(s) 'colour'"),
        ('[words]\nverbs = "drop"\n', "unknown word list 'verbs'"),
        ('[classes]\nthings = "rules"\n', "the word class name 'things' is not upper case"),
        ('[classes]\nTHINGS = "rules!"\n', "the word class 'THINGS' has a bad entry 'rules!'"),
        ('[leet]\n"0" = "oo"\n', "'leet' must map one character to one character"),
    ],
    ids=["unknown-file-key", "unknown-word-list", "class-name", "class-entry", "leet"],
)
def test_a_broken_file_is_refused_naming_the_file(text, problem):
    with pytest.raises(RuleFileError) as raised:
        _parse(("nl.toml", text))

    assert (raised.value.file, raised.value.rule, raised.value.problem) == ("nl.toml", "", problem)


def test_a_word_class_defined_twice_is_refused():
    with pytest.raises(RuleFileError, match=r"^shared\.toml: the word class 'THINGS' .* en\.toml"):
        _parse(("en.toml", GOOD), ("shared.toml", '[classes]\nTHINGS = "rules"\n'))


def test_a_file_that_is_no_toml_is_refused_naming_the_file():
    with pytest.raises(RuleFileError, match=r"^pt\.toml: not valid TOML"):
        _parse(("pt.toml", "rules = [\n"))
