import copy
import json
import subprocess
import sys
import timeit
from typing import Any

import pytest
import referencing.exceptions
from jsonschema import Draft202012Validator

from studio.tools import validation
from studio.tools.validation import argument_problems, schema_problem

CLOSING = "Please call the function again with corrected arguments."

FORECAST: dict[str, Any] = {
    "type": "object",
    "properties": {
        "city": {"type": "string", "maxLength": 20},
        "days": {"type": "integer", "minimum": 1, "maximum": 5},
        "units": {"enum": ["celsius", "fahrenheit"]},
        "start": {"type": "string", "format": "date"},
        "note": {"type": ["string", "null"], "maxLength": 5},
        "filters": {
            "type": "object",
            "properties": {"site": {"type": "string"}, "lang": {"type": "string"}},
            "required": ["site"],
            "additionalProperties": False,
        },
        "hours": {"type": "array", "items": {"type": "integer"}},
    },
    "required": ["city"],
    "additionalProperties": False,
}


def test_valid_call_returns_none():
    arguments = {
        "city": "Oslo",
        "days": 3,
        "units": "celsius",
        "start": "2024-05-31",
        "note": None,
        "filters": {"site": "met.no"},
        "hours": [6, 12],
    }
    assert argument_problems(arguments, FORECAST) is None


def test_wrong_type_names_argument_value_and_type():
    message = argument_problems({"city": 42}, FORECAST)
    assert message == f"The argument 'city' received 42, but it must be a string. {CLOSING}"


def test_missing_required_argument():
    message = argument_problems({}, FORECAST)
    assert message == f"The argument 'city' is required but missing. {CLOSING}"


def test_unknown_argument_lists_the_allowed_ones():
    message = argument_problems({"city": "Oslo", "colour": "red"}, FORECAST)
    assert message == (
        "The argument 'colour' is not known; the allowed arguments are 'city', 'days', "
        f"'filters', 'hours', 'note', 'start', 'units'. {CLOSING}"
    )


def test_out_of_range_number_gives_the_range():
    message = argument_problems({"city": "Oslo", "days": 9}, FORECAST)
    assert message == (
        f"The argument 'days' received 9, but it must be an integer from 1 to 5. {CLOSING}"
    )


def test_one_sided_and_exclusive_bounds():
    schema = {
        "type": "object",
        "properties": {
            "low": {"type": "number", "minimum": 0.5},
            "open": {"type": "number", "exclusiveMinimum": 0, "maximum": 1},
        },
    }
    message = argument_problems({"low": 0, "open": 0}, schema)
    assert message is not None
    assert "'low' received 0, but it must be a number of at least 0.5." in message
    assert "'open' received 0, but it must be a number greater than 0 and of at most 1." in message


def test_value_outside_enum_lists_the_choices():
    message = argument_problems({"city": "Oslo", "units": "kelvin"}, FORECAST)
    assert message == (
        "The argument 'units' received \"kelvin\", but it must be one of "
        f'"celsius", "fahrenheit". {CLOSING}'
    )


def test_several_problems_in_one_message_sorted_by_path():
    arguments = {"units": "kelvin", "days": 0, "zone": "CET", "filters": {"lang": 1}}
    message = argument_problems(arguments, FORECAST)
    assert message is not None
    assert message.startswith("The call has 6 problems with its arguments. ")
    assert message.endswith(CLOSING)
    names = ["'city'", "'days'", "'filters.lang'", "'filters.site'", "'units'", "'zone'"]
    positions = [message.index(f"The argument {name}") for name in names]
    assert positions == sorted(positions)
    # The same input always gives the same message, whatever the order of the keys.
    reordered = dict(reversed(list(arguments.items())))
    assert argument_problems(reordered, FORECAST) == message


def test_nested_paths_use_dots_and_indices():
    arguments = {"city": "Oslo", "filters": {"site": 3}, "hours": [1, 2, "noon"]}
    message = argument_problems(arguments, FORECAST)
    assert message is not None
    assert "The argument 'filters.site' received 3, but it must be a string." in message
    assert "The argument 'hours[2]' received \"noon\", but it must be an integer." in message


def test_nested_unknown_and_missing_properties():
    message = argument_problems({"city": "Oslo", "filters": {"page": 2}}, FORECAST)
    assert message is not None
    assert "The argument 'filters.site' is required but missing." in message
    assert (
        "The argument 'filters.page' is not known; the allowed arguments of 'filters' are "
        "'lang', 'site'." in message
    )


def test_nullable_type_list_accepts_null_and_reports_the_string_problem():
    assert argument_problems({"city": "Oslo", "note": None}, FORECAST) is None
    message = argument_problems({"city": "Oslo", "note": "too long"}, FORECAST)
    assert message == (
        "The argument 'note' received \"too long\", but it must be at most 5 characters long "
        f"(it has 8). {CLOSING}"
    )
    message = argument_problems({"city": "Oslo", "note": 7}, FORECAST)
    assert message == f"The argument 'note' received 7, but it must be a string or null. {CLOSING}"


def test_nullable_any_of_reports_the_non_null_alternative():
    schema = {
        "type": "object",
        "properties": {"tag": {"anyOf": [{"type": "string", "maxLength": 3}, {"type": "null"}]}},
    }
    assert argument_problems({"tag": None}, schema) is None
    message = argument_problems({"tag": "toolong"}, schema)
    assert message == (
        "The argument 'tag' received \"toolong\", but it must be at most 3 characters long "
        f"(it has 7). {CLOSING}"
    )
    message = argument_problems({"tag": 5}, schema)
    assert message == f"The argument 'tag' received 5, but it must be a string or null. {CLOSING}"


def test_one_of_with_wrong_shape_lists_every_alternative():
    schema = {
        "type": "object",
        "properties": {"size": {"oneOf": [{"type": "integer"}, {"const": "auto"}]}},
    }
    message = argument_problems({"size": "big"}, schema)
    assert message == (
        f'The argument \'size\' received "big", but it must be an integer or "auto". {CLOSING}'
    )


def test_any_of_objects_reports_the_closest_alternative():
    schema = {
        "type": "object",
        "properties": {
            "target": {
                "anyOf": [
                    {
                        "type": "object",
                        "properties": {"url": {"type": "string"}},
                        "required": ["url"],
                    },
                    {"type": "null"},
                ]
            }
        },
    }
    message = argument_problems({"target": {}}, schema)
    assert message == f"The argument 'target.url' is required but missing. {CLOSING}"


@pytest.mark.parametrize(
    ("format_name", "bad", "good"),
    [
        ("date", "2024-13-01", "2024-12-01"),
        ("date-time", "2024-05-31 14:30", "2024-05-31T14:30:00+02:00"),
        ("email", "nobody", "nobody@example.com"),
        ("ipv4", "300.1.1.1", "192.0.2.1"),
        ("uuid", "not-a-uuid", "123e4567-e89b-12d3-a456-426614174000"),
    ],
    ids=["date", "date-time", "email", "ipv4", "uuid"],
)
def test_format_violation_is_refused(format_name, bad, good):
    schema = {"type": "object", "properties": {"value": {"type": "string", "format": format_name}}}
    assert argument_problems({"value": good}, schema) is None
    message = argument_problems({"value": bad}, schema)
    assert message is not None
    assert message.startswith(f"The argument 'value' received {json.dumps(bad)}, but it must be ")
    assert message.endswith(CLOSING)


def test_date_format_message_gives_an_example():
    message = argument_problems({"city": "Oslo", "start": "31/05/2024"}, FORECAST)
    assert message == (
        "The argument 'start' received \"31/05/2024\", but it must be a date as YYYY-MM-DD, "
        f"for example 2024-05-31. {CLOSING}"
    )


def test_unchecked_formats_are_only_hints():
    schema = {"type": "object", "properties": {"link": {"type": "string", "format": "uri"}}}
    assert argument_problems({"link": "not a uri"}, schema) is None


def test_boolean_is_not_an_integer():
    message = argument_problems({"city": "Oslo", "days": True}, FORECAST)
    assert message == (
        f"The argument 'days' received true, but it must be an integer from 1 to 5. {CLOSING}"
    )
    numbers = {"type": "object", "properties": {"n": {"type": "number"}, "e": {"enum": [1, 2]}}}
    assert argument_problems({"n": False}, numbers) is not None
    assert argument_problems({"e": True}, numbers) is not None


def test_long_value_is_cut_after_forty_characters():
    message = argument_problems({"city": "x" * 100}, FORECAST)
    assert message is not None
    cut = '"' + "x" * 39 + "..."  # 40 characters of the JSON text, the quote included
    assert f"received {cut}, but it must be at most 20 characters long (it has 100)." in message
    assert "x" * 40 not in message


def test_unusual_property_names_are_quoted_in_the_path():
    schema = {"type": "object", "properties": {"a.b": {"type": "string"}}}
    message = argument_problems({"a.b": 1}, schema)
    assert message == f"The argument '[\"a.b\"]' received 1, but it must be a string. {CLOSING}"


def test_schema_problem_accepts_a_valid_schema():
    assert schema_problem(FORECAST) is None
    local = {
        "type": "object",
        "properties": {"when": {"$ref": "#/$defs/day"}},
        "$defs": {"day": {"type": "string", "format": "date"}},
    }
    assert schema_problem(local) is None
    message = argument_problems({"when": "soon"}, local)
    assert message is not None
    assert message.startswith("The argument 'when' received \"soon\", but it must be a date")


def test_schema_problem_type_must_be_a_string():
    problem = schema_problem({"type": "object", "properties": {"x": {"type": 5}}})
    assert problem is not None
    assert problem.startswith("The parameters schema is invalid at '/properties/x/type': ")


def test_schema_problem_root_must_be_an_object():
    assert schema_problem({"type": "array"}) == (
        'The parameters schema must describe an object: its root needs "type": "object", '
        "but '/type' is \"array\"."
    )
    assert schema_problem({"properties": {}}) is not None
    assert schema_problem(["not", "a", "schema"]) == (
        "The parameters must be a JSON Schema object, not list."
    )


def test_schema_problem_refuses_remote_references():
    schema = {
        "type": "object",
        "properties": {"x": {"$ref": "https://example.com/other.json#/x"}},
    }
    assert schema_problem(schema) == (
        "The parameters schema refers to another document at '/properties/x/$ref' "
        "('https://example.com/other.json#/x'); only references inside the schema, "
        "starting with '#', are allowed."
    )
    relative = {"type": "object", "properties": {"x": {"$ref": "other.json"}}}
    assert schema_problem(relative) is not None
    dangling = {"type": "object", "properties": {"x": {"$ref": "#/$defs/missing"}}}
    assert schema_problem(dangling) == (
        "The parameters schema's $ref at '/properties/x/$ref' points at nothing: '#/$defs/missing'."
    )


def test_schema_problem_ignores_ref_keys_in_data_and_property_names():
    schema = {
        "type": "object",
        "properties": {"$ref": {"type": "string", "default": {"$ref": "https://example.com"}}},
    }
    assert schema_problem(schema) is None


def test_argument_problems_refuses_an_unusable_schema_without_fetching():
    remote = {"type": "object", "properties": {"x": {"$ref": "https://example.com/s.json"}}}
    with pytest.raises(ValueError, match="refers to another document"):
        argument_problems({"x": 1}, remote)
    with pytest.raises(ValueError, match="not JSON data"):
        argument_problems({}, {"type": "object", "enum": [{1, 2}]})


def test_cached_validator_gives_equal_results_and_ignores_later_changes():
    schema = copy.deepcopy(FORECAST)
    first = argument_problems({"days": 0}, schema)
    assert argument_problems({"days": 0}, copy.deepcopy(FORECAST)) == first
    assert validation._cached_validator.cache_info().hits >= 1
    schema["properties"]["days"]["maximum"] = 9
    assert argument_problems({"city": "Oslo", "days": 7}, schema) is None
    assert argument_problems({"city": "Oslo", "days": 7}, FORECAST) is not None


def test_cached_validation_is_fast():
    schema = {
        "type": "object",
        "properties": {
            "query": {"type": "string", "maxLength": 200},
            "limit": {"type": "integer", "minimum": 1, "maximum": 20},
            "language": {"enum": ["en", "de", "fr"]},
            "since": {"type": "string", "format": "date"},
            "safe": {"type": "boolean"},
        },
        "required": ["query"],
        "additionalProperties": False,
    }
    arguments = {"query": "weather", "limit": 5, "language": "en", "since": "2024-01-01"}
    assert argument_problems(arguments, schema) is None
    runs = 200
    seconds = min(
        timeit.repeat(lambda: argument_problems(arguments, schema), number=runs, repeat=3)
    )
    # Building a validator and checking the meta-schema takes milliseconds; a cached call must not.
    assert seconds / runs < 0.001


def test_validators_never_retrieve_remote_documents():
    remote = {"$ref": "https://example.com/schema.json"}
    validator = Draft202012Validator(remote, registry=validation._registry())
    with pytest.raises(referencing.exceptions.Unresolvable):
        validator.is_valid(1)


def test_studio_starts_without_loading_jsonschema():
    # jsonschema costs about 80 ms to import; the services start without it, and the first
    # check of a call loads it.
    probe = "import sys, studio.services; print('jsonschema' in sys.modules)"
    result = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True)

    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "False"
