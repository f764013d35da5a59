"""One canonical tool definition, three wire shapes.

Chat Completions nests the function under a ``function`` object, Responses takes the same
fields flat, and Anthropic calls the schema ``input_schema``. The difference stays here: a tool
never learns which shape was used.
"""

from __future__ import annotations

import copy
from typing import Any

from studio.kernel.definition import ToolFunction

__all__ = ["strict_parameters", "to_anthropic_tool", "to_chat_completion_tool", "to_responses_tool"]


_NOT_IN_STRICT_MODE = frozenset({"format", "maxLength", "minLength", "pattern"})
"""Keywords left out for strict mode: OpenAI refuses some of them (string lengths, most
formats) there. Studio still checks every one of them before a tool runs
(:func:`studio.tools.validation.argument_problems`), so only the model's hint is lost."""

_SUBSCHEMA = frozenset({"additionalProperties", "contains", "items", "not", "propertyNames"})
_SUBSCHEMA_MAPS = frozenset({"$defs", "definitions", "patternProperties", "properties"})
_SUBSCHEMA_LISTS = frozenset({"allOf", "anyOf", "oneOf", "prefixItems"})


def strict_parameters(parameters: dict[str, Any]) -> dict[str, Any]:
    """Rewrite a schema for OpenAI's strict mode, which wants every property required.

    An optional property then says so by allowing null: its type gains ``"null"`` and, where it
    has an enum, null is put first among the values. The required list names every property in
    the order of the properties, so that the request prefix stays stable for prompt caching.
    Nothing is lost: the executor reads an optional null as absent. The keywords strict mode
    does not take (:data:`_NOT_IN_STRICT_MODE`) are left out, at every depth.
    """
    properties = parameters.get("properties")
    if not isinstance(properties, dict) or not properties:
        return parameters
    required = parameters.get("required") or []
    optional = [name for name in properties if name not in required]
    if not optional and not _has_unsupported(parameters):
        return parameters
    converted = copy.deepcopy(parameters)
    _strip_unsupported(converted)
    if not optional:
        return converted
    for name in optional:
        spec = converted["properties"][name]
        if not isinstance(spec, dict):
            continue
        kind = spec.get("type")
        if isinstance(kind, str):
            spec["type"] = [kind, "null"]
        elif isinstance(kind, list) and "null" not in kind:
            spec["type"] = [*kind, "null"]
        if isinstance(spec.get("enum"), list) and None not in spec["enum"]:
            spec["enum"] = [None, *spec["enum"]]
    converted["required"] = list(converted["properties"])
    return converted


def _subschemas(schema: dict[str, Any]) -> list[dict[str, Any]]:
    """The schemas directly inside ``schema``, by keyword; data such as an enum is not walked."""
    found: list[Any] = []
    for keyword, value in schema.items():
        if keyword in _SUBSCHEMA:
            found.append(value)
        elif keyword in _SUBSCHEMA_MAPS and isinstance(value, dict):
            found.extend(value.values())
        elif keyword in _SUBSCHEMA_LISTS and isinstance(value, list):
            found.extend(value)
    return [item for item in found if isinstance(item, dict)]


def _has_unsupported(schema: dict[str, Any]) -> bool:
    pending = [schema]
    while pending:
        current = pending.pop()
        if not _NOT_IN_STRICT_MODE.isdisjoint(current):
            return True
        pending.extend(_subschemas(current))
    return False


def _strip_unsupported(schema: dict[str, Any]) -> None:
    pending = [schema]
    while pending:
        current = pending.pop()
        for keyword in _NOT_IN_STRICT_MODE.intersection(current):
            del current[keyword]
        pending.extend(_subschemas(current))


def _parameters(function: ToolFunction, *, strict: bool) -> dict[str, Any]:
    parameters: dict[str, Any] = function.parameters
    return strict_parameters(parameters) if strict else parameters


def to_chat_completion_tool(
    function: ToolFunction, *, host_enforces_strict: bool
) -> dict[str, Any]:
    """The Chat Completions shape; strict only where the host binds output to the schema.

    Hosts that merely accept the flag treat the rewritten schema as a demand to fill every
    argument, and models then invent placeholders, so they get the schema as written.
    """
    strict = function.strict and host_enforces_strict
    return {
        "type": "function",
        "function": {
            "name": function.name,
            "description": function.description,
            "parameters": _parameters(function, strict=strict),
            "strict": strict,
        },
    }


def to_responses_tool(function: ToolFunction) -> dict[str, Any]:
    """The Responses shape; only OpenAI speaks this API, and it enforces strict schemas."""
    return {
        "type": "function",
        "name": function.name,
        "description": function.description,
        "parameters": _parameters(function, strict=function.strict),
        "strict": function.strict,
    }


def to_anthropic_tool(function: ToolFunction) -> dict[str, Any]:
    """The Anthropic shape; it reads optional arguments the way JSON Schema writes them."""
    return {
        "name": function.name,
        "description": function.description,
        "input_schema": function.parameters,
    }
