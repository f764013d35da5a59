"""A built-in tool's arguments, declared once as a pydantic model.

The model gives both halves of the contract: :meth:`ToolArguments.parameters` is the JSON Schema
the function offers, and :meth:`ToolArguments.parse` turns the arguments the model sent into the
typed value the tool works with. The schema is plain, as a model reads it best and as every
host accepts it: ``{"type": "object", "properties", "required", "additionalProperties": false}``
with no titles, no ``$ref``, and optional arguments written as the type itself, not as
``anyOf [type, null]`` with ``default: null``.

The executor checks every call against the offered schema before a tool runs
(:func:`studio.tools.validation.argument_problems`), so :meth:`~ToolArguments.parse` normally
only builds the value. Called directly, with arguments that break the schema, it refuses them
with the same message the executor would give. What a schema cannot say (a blank string, a
line break, an address that is not a web address) each tool checks itself, raising
:class:`~studio.errors.ToolArgumentError` in the same style.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Mapping
from typing import Any, Self

import pydantic
from pydantic.json_schema import GenerateJsonSchema, JsonSchemaValue
from pydantic_core import core_schema

from studio.errors import ToolArgumentError
from studio.tools.validation import argument_problems, echo

__all__ = ["ToolArguments", "non_blank"]


class _OfferedSchema(GenerateJsonSchema):
    """Writes a model's JSON Schema the way a function offers it to a model."""

    def field_title_should_be_set(self, schema: Any) -> bool:
        return False

    def nullable_schema(self, schema: core_schema.NullableSchema) -> JsonSchemaValue:
        # An optional argument is left out rather than sent as null; strict hosts get the null
        # back from the adapters (studio.providers.tool_shapes.strict_parameters).
        return self.generate_inner(schema["schema"])

    def default_schema(self, schema: core_schema.WithDefaultSchema) -> JsonSchemaValue:
        json_schema = super().default_schema(schema)
        if schema.get("default") is None:
            json_schema.pop("default", None)
        return json_schema


class ToolArguments(pydantic.BaseModel):
    """The base of a built-in tool's arguments: unknown names refused, types exact, frozen.

    A subclass declares each argument as a field with a ``description``; optional arguments
    default to None. Bounds, lengths and choices go into the field (``Field(ge=1)``,
    ``max_length``, ``Literal``), so they reach the offered schema.
    """

    model_config = pydantic.ConfigDict(extra="forbid", strict=True, frozen=True)

    @classmethod
    def parameters(cls) -> dict[str, Any]:
        """The JSON Schema of the arguments, as the function offers it; a fresh copy each time.

        Raises:
            TypeError: The model needs ``$ref`` or ``anyOf`` (a nested model, a union); a
                function's arguments stay flat.
        """
        offered: dict[str, Any] = json.loads(_offered(cls))
        return offered

    @classmethod
    def parse(cls, arguments: Mapping[str, Any]) -> Self:
        """The typed arguments.

        Raises:
            ToolArgumentError: The arguments break the schema; the message names every problem,
                as the executor's check does.
        """
        try:
            return cls.model_validate(arguments)
        except pydantic.ValidationError:
            pass
        problems = argument_problems(arguments, cls.parameters())
        if problems is not None:
            raise ToolArgumentError(problems)
        # The schema accepts what strict validation does not: 2.0 for an integer. The schema
        # check passed, so the lax mode has only that left to convert.
        try:
            return cls.model_validate(arguments, strict=False)
        except pydantic.ValidationError as error:
            # The schema and the model disagree, a mistake in the tool; values stay out.
            names = ", ".join(sorted({".".join(map(str, e["loc"])) for e in error.errors()}))
            raise ToolArgumentError(
                f"The arguments fit the function's parameters but not the tool ({names})."
            ) from None


@functools.cache
def _offered(model: type[ToolArguments]) -> str:
    """The offered schema as JSON text, written once per model."""
    schema = model.model_json_schema(schema_generator=_OfferedSchema)
    text = json.dumps(schema)
    if "$ref" in schema or "$defs" in schema or '"anyOf"' in text or '"$ref"' in text:
        raise TypeError(f"The arguments of {model.__qualname__} need a flat schema.")
    offered = {
        "type": "object",
        "properties": schema.get("properties", {}),
        "required": schema.get("required", []),
        "additionalProperties": False,
    }
    return json.dumps(offered)


def non_blank(name: str, value: str, *, single_line: bool = False, optional: bool = False) -> str:
    """``value`` stripped of surrounding whitespace, refused when blank or, if asked, multi-line.

    The checks a JSON Schema cannot state plainly, for a string argument that passed the schema.

    Args:
        name: The argument's name, for the refusal.
        value: The string the model sent.
        single_line: Refuse line breaks (useful for queries and titles).
        optional: The argument may be left out, which the refusal then suggests.

    Raises:
        ToolArgumentError: The string is empty, blank or spans several lines.
    """
    text = value.strip()
    problem = None
    if not text:
        problem = "which is empty" if not value else "which is blank"
    elif single_line and len(text.splitlines()) > 1:
        problem = "which spans several lines"
    if problem is None:
        return text
    expected = "a non-blank single-line string" if single_line else "a non-blank string"
    leave_out = " Leave it out to use the default." if optional else ""
    raise ToolArgumentError(
        f"The argument {name!r} received {echo(value)}, {problem}. Pass {expected}.{leave_out}"
    )
