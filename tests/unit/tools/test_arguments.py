from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from studio.errors import ToolArgumentError
from studio.tools.arguments import ECHO_LIMIT, ArgumentReader, echo

Read = Callable[[ArgumentReader], object]

_CHOICES = ("day", "week")


def _refusal(arguments: dict[str, Any], read: Read) -> str:
    with pytest.raises(ToolArgumentError) as caught:
        read(ArgumentReader(arguments))
    return str(caught.value)


# Each case: the value of argument "x", how it is read, the echo and the valid values the
# refusal must contain, and whether the argument is optional. Kept as a table (fmt: skip) because
# one case per line pair reads better than ruff's seven.
_REFUSALS = [
    pytest.param(42, lambda r: r.required_string("x"), "42", "a non-blank string", False,
                 id="string-not-a-string"),
    pytest.param("", lambda r: r.required_string("x"), '""', "a non-blank string", False,
                 id="string-empty"),
    pytest.param("  \t ", lambda r: r.optional_string("x"), '"  \\t "', "a non-blank string", True,
                 id="string-whitespace-only"),
    pytest.param("abcdef", lambda r: r.required_string("x", max_length=5), '"abcdef"',
                 "a non-blank string of at most 5 characters", False, id="string-too-long"),
    pytest.param("a\nb", lambda r: r.optional_string("x", single_line=True), '"a\\nb"',
                 "a non-blank single-line string", True, id="string-several-lines"),
    pytest.param(2.0, lambda r: r.required_integer("x"), "2.0", "a whole number", False,
                 id="integer-float"),
    pytest.param("2", lambda r: r.required_integer("x"), '"2"', "a whole number", False,
                 id="integer-string"),
    pytest.param(True, lambda r: r.optional_integer("x"), "true", "a whole number", True,
                 id="integer-boolean"),
    pytest.param(0, lambda r: r.required_integer("x", minimum=1, maximum=5), "0",
                 "a whole number from 1 to 5", False, id="integer-below-minimum"),
    pytest.param(6, lambda r: r.optional_integer("x", minimum=1, maximum=5), "6",
                 "a whole number from 1 to 5", True, id="integer-above-maximum"),
    pytest.param(-1, lambda r: r.optional_integer("x", minimum=0), "-1",
                 "a whole number of at least 0", True, id="integer-only-minimum"),
    pytest.param(11, lambda r: r.required_integer("x", maximum=10), "11",
                 "a whole number of at most 10", False, id="integer-only-maximum"),
    pytest.param("0.5", lambda r: r.required_number("x"), '"0.5"', "a number", False,
                 id="number-string"),
    pytest.param(False, lambda r: r.required_number("x"), "false", "a number", False,
                 id="number-boolean"),
    pytest.param(float("inf"), lambda r: r.optional_number("x"), "Infinity", "a number", True,
                 id="number-infinite"),
    pytest.param(10**400, lambda r: r.required_number("x"), "1000000000", "a number", False,
                 id="number-too-large-for-a-float"),
    pytest.param(1.5, lambda r: r.optional_number("x", minimum=0.0, maximum=1.0), "1.5",
                 "a number from 0 to 1", True, id="number-above-maximum"),
    pytest.param(-0.5, lambda r: r.required_number("x", minimum=0.25), "-0.5",
                 "a number of at least 0.25", False, id="number-below-minimum"),
    pytest.param("true", lambda r: r.required_boolean("x"), '"true"', "true or false", False,
                 id="boolean-string"),
    pytest.param(1, lambda r: r.optional_boolean("x"), "1", "true or false", True,
                 id="boolean-number"),
    pytest.param("Day", lambda r: r.required_choice("x", _CHOICES), '"Day"',
                 'one of "day", "week"', False, id="choice-other-case"),
    pytest.param(" day", lambda r: r.optional_choice("x", _CHOICES), '" day"',
                 'one of "day", "week"', True, id="choice-padded"),
    pytest.param("", lambda r: r.required_choice("x", _CHOICES), '""',
                 'one of "day", "week"', False, id="choice-empty"),
    pytest.param(["day"], lambda r: r.required_choice("x", _CHOICES), '["day"]',
                 'one of "day", "week"', False, id="choice-in-a-list"),
    pytest.param("web", lambda r: r.required_string_list("x"), '"web"',
                 "a non-empty list of non-blank strings", False, id="list-not-a-list"),
    pytest.param([], lambda r: r.optional_string_list("x"), "[]",
                 "a non-empty list of non-blank strings", True, id="list-empty"),
    pytest.param(["a", 1], lambda r: r.required_string_list("x"), "whose item 1 is not a string",
                 "a non-empty list of non-blank strings", False, id="list-item-not-a-string"),
    pytest.param(["a", " "], lambda r: r.required_string_list("x"), 'whose item " " is blank',
                 "a non-empty list of non-blank strings", False, id="list-item-blank"),
    pytest.param(["day", "year"], lambda r: r.optional_string_list("x", choices=_CHOICES),
                 'whose item "year" is not one of the choices',
                 'a non-empty list of strings, each one of "day", "week"', True,
                 id="list-item-not-a-choice"),
]  # fmt: skip


@pytest.mark.parametrize(("value", "read", "shown", "valid", "optional"), _REFUSALS)
def test_reader_refusal_names_argument_value_and_valid_values(
    value: object, read: Read, shown: str, valid: str, optional: bool
) -> None:
    message = _refusal({"x": value}, read)

    assert "'x'" in message
    assert shown in message
    assert valid in message
    assert ("Leave it out" in message) is optional


def test_reader_refusal_reads_as_one_instruction() -> None:
    message = _refusal({"page": 0}, lambda r: r.optional_integer("page", minimum=1, maximum=5))

    assert message == (
        "The argument 'page' received 0, which is below the minimum. "
        "Pass a whole number from 1 to 5. Leave it out to use the default."
    )


def test_reader_refusal_echoes_a_long_value_cut_at_forty_characters() -> None:
    message = _refusal({"x": "y" * 100}, lambda r: r.required_string("x", max_length=10))

    shown = '"' + "y" * (ECHO_LIMIT - 1) + "..."
    assert f"received {shown}," in message
    assert "y" * ECHO_LIMIT not in message


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        pytest.param("y" * 38, '"' + "y" * 38 + '"', id="forty-characters-whole"),
        pytest.param("y" * 39, '"' + "y" * 39 + "...", id="forty-one-characters-cut"),
        pytest.param("Über", '"Über"', id="non-ascii-unescaped"),
        pytest.param({"a": [1, None]}, '{"a": [1, null]}', id="json-rendered"),
    ],
)
def test_echo_renders_json_and_cuts_at_the_limit(value: object, expected: str) -> None:
    assert echo(value) == expected


@pytest.mark.parametrize(
    "read",
    [
        pytest.param(lambda r: r.required_string("x"), id="string"),
        pytest.param(lambda r: r.required_integer("x"), id="integer"),
        pytest.param(lambda r: r.required_number("x"), id="number"),
        pytest.param(lambda r: r.required_boolean("x"), id="boolean"),
        pytest.param(lambda r: r.required_choice("x", _CHOICES), id="choice"),
        pytest.param(lambda r: r.required_string_list("x"), id="string-list"),
    ],
)
@pytest.mark.parametrize(
    ("arguments", "received"),
    [
        pytest.param({}, "was not given", id="absent"),
        pytest.param({"x": None}, "received null", id="null"),
    ],
)
def test_reader_refuses_missing_required_argument(
    read: Read, arguments: dict[str, Any], received: str
) -> None:
    message = _refusal(arguments, read)

    assert message.startswith(f"The argument 'x' is required but {received}. Pass ")
    assert "Leave it out" not in message


@pytest.mark.parametrize(
    "read",
    [
        pytest.param(lambda r: r.optional_string("x", max_length=3), id="string"),
        pytest.param(lambda r: r.optional_integer("x", minimum=1), id="integer"),
        pytest.param(lambda r: r.optional_number("x", maximum=0.0), id="number"),
        pytest.param(lambda r: r.optional_boolean("x"), id="boolean"),
        pytest.param(lambda r: r.optional_choice("x", _CHOICES), id="choice"),
        pytest.param(lambda r: r.optional_string_list("x", choices=_CHOICES), id="string-list"),
    ],
)
@pytest.mark.parametrize(
    "arguments",
    [pytest.param({}, id="absent"), pytest.param({"x": None}, id="null")],
)
def test_reader_treats_null_like_an_absent_optional_argument(
    read: Read, arguments: dict[str, Any]
) -> None:
    assert read(ArgumentReader(arguments)) is None


@pytest.mark.parametrize(
    ("value", "read", "expected"),
    [
        pytest.param("  hello  ", lambda r: r.required_string("x"), "hello", id="string-stripped"),
        pytest.param("abc\n", lambda r: r.optional_string("x", single_line=True, max_length=3),
                     "abc", id="string-trailing-newline"),
        pytest.param(1, lambda r: r.required_integer("x", minimum=1, maximum=5), 1,
                     id="integer-at-minimum"),
        pytest.param(5, lambda r: r.optional_integer("x", minimum=1, maximum=5), 5,
                     id="integer-at-maximum"),
        pytest.param(3, lambda r: r.required_number("x"), 3.0, id="number-from-integer"),
        pytest.param(0.5, lambda r: r.optional_number("x", minimum=0.5), 0.5,
                     id="number-at-minimum"),
        pytest.param(True, lambda r: r.required_boolean("x"), True, id="boolean-true"),
        pytest.param(False, lambda r: r.optional_boolean("x"), False, id="boolean-false"),
        pytest.param("week", lambda r: r.required_choice("x", _CHOICES), "week", id="choice"),
        pytest.param([" a ", "b"], lambda r: r.required_string_list("x"), ["a", "b"],
                     id="list-items-stripped"),
        pytest.param(["week", "day"], lambda r: r.optional_string_list("x", choices=_CHOICES),
                     ["week", "day"], id="list-of-choices"),
    ],
)  # fmt: skip
def test_reader_returns_valid_values(value: object, read: Read, expected: object) -> None:
    result = read(ArgumentReader({"x": value}))

    assert result == expected
    assert type(result) is type(expected)


def test_reader_reject_unknown_names_them_and_lists_the_valid_ones() -> None:
    message = _refusal(
        {"query": "q", "pages": 2, "lang": "de"},
        lambda r: r.reject_unknown(("query", "page", "query")),
    )

    assert message == (
        "This tool does not take the arguments 'pages', 'lang'. It takes only 'query', 'page'."
    )


def test_reader_reject_unknown_uses_the_singular_for_one_name() -> None:
    message = _refusal({"pages": 2}, lambda r: r.reject_unknown(["page"]))

    assert message == "This tool does not take the argument 'pages'. It takes only 'page'."


def test_reader_reject_unknown_says_when_a_tool_takes_no_arguments() -> None:
    message = _refusal({"x": 1}, lambda r: r.reject_unknown([]))

    assert message.endswith("It takes no arguments.")


@pytest.mark.parametrize(
    "arguments",
    [
        pytest.param({}, id="nothing"),
        pytest.param({"query": "q"}, id="known"),
        pytest.param({"query": "q", "extra": None}, id="unknown-but-null"),
    ],
)
def test_reader_reject_unknown_accepts_known_and_null_arguments(arguments: dict[str, Any]) -> None:
    ArgumentReader(arguments).reject_unknown(["query"])


@pytest.mark.parametrize(
    ("arguments", "given"),
    [
        pytest.param({"x": ""}, True, id="empty-string"),
        pytest.param({"x": False}, True, id="false"),
        pytest.param({"x": None}, False, id="null"),
        pytest.param({}, False, id="absent"),
    ],
)
def test_reader_is_given_treats_only_null_and_absence_as_missing(
    arguments: dict[str, Any], given: bool
) -> None:
    assert ArgumentReader(arguments).is_given("x") is given


@pytest.mark.parametrize(
    "read",
    [
        pytest.param(lambda r: r.optional_integer("x", minimum=5, maximum=1), id="integer-bounds"),
        pytest.param(
            lambda r: r.required_number("x", minimum=1.0, maximum=0.0), id="number-bounds"
        ),
        pytest.param(lambda r: r.optional_string("x", max_length=0), id="max-length"),
        pytest.param(lambda r: r.required_choice("x", ()), id="no-choices"),
        pytest.param(lambda r: r.optional_choice("x", "day"), id="choices-as-string"),
        pytest.param(lambda r: r.optional_string_list("x", choices=[]), id="no-list-choices"),
    ],
)
def test_reader_raises_value_error_for_mistakes_in_the_tool(read: Read) -> None:
    with pytest.raises(ValueError, match=r"."):
        read(ArgumentReader({"x": "day"}))
