"""A built-in tool's arguments as a pydantic model: the schema it offers and the value it parses."""

from __future__ import annotations

import json
from typing import Annotated, Literal

import pydantic
import pytest
from pydantic import Field

from studio.errors import ToolArgumentError
from studio.tools.arguments import ToolArguments, non_blank
from studio.tools.validation import ECHO_LIMIT, argument_problems, echo, schema_problem


class Search(ToolArguments):
    query: Annotated[str, Field(description="What to find.", max_length=20)]
    order: Literal["newest", "oldest"] | None = Field(default=None, description="The order.")
    page: Annotated[int, Field(ge=1, le=5)] | None = Field(default=None, description="The page.")
    exact: bool | None = None


class Inner(pydantic.BaseModel):
    name: str


class Nested(ToolArguments):
    inner: Inner


def test_the_offered_schema_is_plain() -> None:
    assert Search.parameters() == {
        "type": "object",
        "properties": {
            "query": {"type": "string", "description": "What to find.", "maxLength": 20},
            "order": {"type": "string", "description": "The order.", "enum": ["newest", "oldest"]},
            "page": {"type": "integer", "description": "The page.", "minimum": 1, "maximum": 5},
            "exact": {"type": "boolean"},
        },
        "required": ["query"],
        "additionalProperties": False,
    }
    text = json.dumps(Search.parameters())
    for keyword in ("$ref", "$defs", "anyOf", "title", "default"):
        assert f'"{keyword}"' not in text
    assert schema_problem(Search.parameters()) is None


def test_parameters_are_a_fresh_copy_each_time() -> None:
    first = Search.parameters()
    first["properties"].clear()

    assert Search.parameters()["properties"]


def test_a_model_that_needs_references_is_refused() -> None:
    with pytest.raises(TypeError, match="flat schema"):
        Nested.parameters()


def test_parse_gives_the_typed_value() -> None:
    parsed = Search.parse({"query": "tools", "order": "oldest", "page": 2, "exact": True})

    assert (parsed.query, parsed.order, parsed.page, parsed.exact) == ("tools", "oldest", 2, True)
    assert Search.parse({"query": "q"}).page is None
    with pytest.raises(pydantic.ValidationError):
        parsed.page = 3  # type: ignore[misc]


def test_parse_takes_a_whole_float_for_an_integer_as_the_schema_does() -> None:
    assert argument_problems({"query": "q", "page": 2.0}, Search.parameters()) is None

    assert Search.parse({"query": "q", "page": 2.0}).page == 2


@pytest.mark.parametrize(
    "arguments",
    [
        {"query": 1},
        {},
        {"query": "q", "page": "2"},
        {"query": "q", "page": 9},
        {"query": "q", "order": "random"},
        {"query": "q", "engine": "x"},
        {"query": "q", "exact": "true"},
        {"query": "x" * 21},
    ],
    ids=["type", "missing", "string-number", "range", "enum", "unknown", "string-bool", "long"],
)
def test_parse_refuses_as_the_executor_does(arguments: dict[str, object]) -> None:
    with pytest.raises(ToolArgumentError) as refusal:
        Search.parse(arguments)

    assert str(refusal.value) == argument_problems(arguments, Search.parameters())


@pytest.mark.parametrize(
    ("value", "single_line", "optional", "expected"),
    [
        ("", False, False, "The argument 'x' received \"\", which is empty. Pass a non-blank "
         "string."),
        ("  ", False, True, "The argument 'x' received \"  \", which is blank. Pass a non-blank "
         "string. Leave it out to use the default."),
        ("a\nb", True, False, "The argument 'x' received \"a\\nb\", which spans several lines. "
         "Pass a non-blank single-line string."),
    ],
    ids=["empty", "blank-optional", "two-lines"],
)  # fmt: skip
def test_non_blank_refuses_what_a_schema_cannot_say(
    value: str, single_line: bool, optional: bool, expected: str
) -> None:
    with pytest.raises(ToolArgumentError) as refusal:
        non_blank("x", value, single_line=single_line, optional=optional)

    assert str(refusal.value) == expected


def test_non_blank_strips_and_allows_line_breaks_unless_told() -> None:
    assert non_blank("x", "  a\nb ") == "a\nb"
    assert non_blank("x", " a ", single_line=True) == "a"


def test_echo_cuts_long_values() -> None:
    assert echo("a" * 100) == json.dumps("a" * 100)[:ECHO_LIMIT] + "..."
    assert echo(2) == "2"
