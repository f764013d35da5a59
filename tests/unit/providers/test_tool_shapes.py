from __future__ import annotations

import copy
from typing import Any

import pytest

from studio.kernel.definition import ToolFunction
from studio.providers.tool_shapes import (
    strict_parameters,
    to_anthropic_tool,
    to_chat_completion_tool,
    to_responses_tool,
)
from studio.tools.validation import argument_problems


def search_parameters() -> dict[str, Any]:
    return {
        "type": "object",
        "properties": {
            "query": {"type": "string", "description": "What to look for."},
            "time_range": {
                "type": "string",
                "description": "How recent.",
                "enum": ["day", "month", "year"],
            },
            "limit": {"type": "integer", "description": "How many.", "minimum": 1, "maximum": 20},
        },
        "required": ["query"],
        "additionalProperties": False,
    }


def test_strict_parameters_make_optional_arguments_nullable_and_required() -> None:
    parameters = search_parameters()
    original = copy.deepcopy(parameters)

    strict = strict_parameters(parameters)

    assert strict["required"] == ["query", "time_range", "limit"]
    assert strict["properties"]["query"]["type"] == "string"
    assert strict["properties"]["time_range"]["type"] == ["string", "null"]
    assert strict["properties"]["time_range"]["enum"] == [None, "day", "month", "year"]
    assert strict["properties"]["limit"]["type"] == ["integer", "null"]
    assert "enum" not in strict["properties"]["limit"]
    assert strict["additionalProperties"] is False
    assert parameters == original


@pytest.mark.parametrize(
    "parameters",
    [
        {"type": "object", "properties": {}, "required": [], "additionalProperties": False},
        {
            "type": "object",
            "properties": {"url": {"type": "string", "description": "The page."}},
            "required": ["url"],
            "additionalProperties": False,
        },
    ],
    ids=["no-properties", "all-required"],
)
def test_strict_parameters_leave_schemas_without_optional_arguments_unchanged(
    parameters: dict[str, Any],
) -> None:
    assert strict_parameters(parameters) is parameters


def test_strict_parameters_append_null_to_a_list_of_types_once() -> None:
    parameters = {
        "type": "object",
        "properties": {"value": {"type": ["string", "number"]}, "other": {"type": ["null"]}},
        "required": [],
    }

    strict = strict_parameters(parameters)

    assert strict["properties"]["value"]["type"] == ["string", "number", "null"]
    assert strict["properties"]["other"]["type"] == ["null"]


def constrained_parameters() -> dict[str, Any]:
    return {
        "type": "object",
        "properties": {
            "query": {"type": "string", "minLength": 1, "maxLength": 400, "pattern": "^[^\\n]*$"},
            "since": {"type": "string", "format": "date"},
            "pattern": {"type": "string"},
            "tags": {"type": "array", "items": {"type": "string", "maxLength": 20}, "maxItems": 5},
            "filters": {
                "type": "object",
                "properties": {"format": {"type": "string", "enum": ["pdf", "html"]}},
                "additionalProperties": False,
            },
        },
        "required": ["query", "since", "pattern", "tags", "filters"],
        "additionalProperties": False,
    }


def test_strict_parameters_leave_out_what_strict_mode_refuses_at_every_depth() -> None:
    parameters = constrained_parameters()

    strict = strict_parameters(parameters)

    assert strict["properties"]["query"] == {"type": "string"}
    assert strict["properties"]["since"] == {"type": "string"}
    assert strict["properties"]["tags"] == {
        "type": "array",
        "items": {"type": "string"},
        "maxItems": 5,
    }
    # Arguments named like the keywords stay: only keywords go.
    assert strict["properties"]["pattern"] == {"type": "string"}
    assert strict["properties"]["filters"]["properties"]["format"]["enum"] == ["pdf", "html"]
    assert strict["required"] == parameters["required"]
    assert parameters == constrained_parameters()


def test_what_strict_mode_leaves_out_is_still_checked_against_the_offered_schema() -> None:
    tool = ToolFunction(name="find", description="Find.", parameters=constrained_parameters())
    sent = to_responses_tool(tool)["parameters"]
    arguments = {
        "query": "a\nb",
        "since": "yesterday",
        "pattern": "x",
        "tags": ["t" * 21],
        "filters": {},
    }

    assert argument_problems(arguments, sent) is None
    problems = argument_problems(arguments, tool.parameters)
    assert problems is not None
    for name in ("'query'", "'since'", "'tags[0]'"):
        assert name in problems


def test_anthropic_and_relaxed_hosts_keep_the_constraints() -> None:
    tool = ToolFunction(name="find", description="Find.", parameters=constrained_parameters())

    assert to_anthropic_tool(tool)["input_schema"] == constrained_parameters()
    relaxed = to_chat_completion_tool(tool, host_enforces_strict=False)
    assert relaxed["function"]["parameters"] == constrained_parameters()


def function(strict: bool = True) -> ToolFunction:
    return ToolFunction(
        name="web_search", description="Search.", parameters=search_parameters(), strict=strict
    )


def test_chat_completion_tool_is_strict_only_where_the_host_enforces_it() -> None:
    enforced = to_chat_completion_tool(function(), host_enforces_strict=True)
    relaxed = to_chat_completion_tool(function(), host_enforces_strict=False)

    assert enforced["type"] == "function"
    assert enforced["function"]["strict"] is True
    assert enforced["function"]["parameters"]["required"] == ["query", "time_range", "limit"]
    assert relaxed["function"]["strict"] is False
    assert relaxed["function"]["parameters"] == search_parameters()


def test_chat_completion_tool_never_strict_when_the_definition_is_not() -> None:
    shape = to_chat_completion_tool(function(strict=False), host_enforces_strict=True)

    assert shape["function"]["strict"] is False
    assert shape["function"]["parameters"] == search_parameters()


def test_responses_tool_is_flat_and_follows_the_definition() -> None:
    shape = to_responses_tool(function())

    assert set(shape) == {"type", "name", "description", "parameters", "strict"}
    assert shape["name"] == "web_search"
    assert shape["strict"] is True
    assert shape["parameters"]["properties"]["limit"]["type"] == ["integer", "null"]


def test_anthropic_tool_keeps_the_schema_as_written() -> None:
    shape = to_anthropic_tool(function())

    assert shape == {
        "name": "web_search",
        "description": "Search.",
        "input_schema": search_parameters(),
    }
