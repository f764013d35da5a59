"""Reading provider JSON without trusting its shape.

Every host that speaks one of the wire APIs bends it a little: a field is missing, null, a
number where a string was promised, or a whole line is not JSON at all. The stream accumulators
read every value through these helpers, which answer None (or an empty list) for anything that
is absent or of the wrong type, so a quirk of one host never raises in the middle of a stream.
"""

from __future__ import annotations

import json
from typing import Any

__all__ = [
    "JsonObject",
    "arguments_or_empty_object",
    "error_text",
    "int_field",
    "list_field",
    "object_field",
    "parse_object",
    "string_field",
]

JsonObject = dict[str, Any]
"""A JSON object as :func:`json.loads` returns it."""


def parse_object(text: str) -> JsonObject | None:
    """The JSON object that ``text`` holds, or None if it is not JSON or not an object."""
    try:
        value = json.loads(text)
    except (ValueError, RecursionError):
        # RecursionError: the decoder gives up on absurdly deep nesting instead of parsing it.
        return None
    return value if isinstance(value, dict) else None


def string_field(obj: JsonObject, key: str) -> str | None:
    """``obj[key]`` if it is a string."""
    value = obj.get(key)
    return value if isinstance(value, str) else None


def int_field(obj: JsonObject, key: str) -> int | None:
    """``obj[key]`` if it is a JSON integer; ``true`` and ``false`` are not integers here."""
    value = obj.get(key)
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def object_field(obj: JsonObject, key: str) -> JsonObject | None:
    """``obj[key]`` if it is a JSON object."""
    value = obj.get(key)
    return value if isinstance(value, dict) else None


def list_field(obj: JsonObject, key: str) -> list[Any]:
    """``obj[key]`` if it is a JSON array, else an empty list."""
    value = obj.get(key)
    return value if isinstance(value, list) else []


def arguments_or_empty_object(arguments: str) -> str:
    """``arguments``, or ``"{}"`` when the model sent nothing but whitespace.

    A tool without parameters receives no argument text at all from several hosts, and an
    empty string is not a JSON object; ``{}`` is what the model meant.
    """
    return arguments if arguments.strip() else "{}"


def error_text(error: object) -> str | None:
    """A one-line description of an error a provider reported inside a stream.

    Accepts the shapes the three APIs use: a bare string, or an object with a ``message`` and a
    ``code`` (OpenAI) or ``type`` (Anthropic). Returns None when there is nothing to describe.
    """
    if isinstance(error, str):
        return error.strip() or None
    if not isinstance(error, dict):
        return None
    message = (string_field(error, "message") or "").strip()
    # Some hosts put the HTTP status in "code", as a number.
    code = int_field(error, "code")
    code_text = str(code) if code is not None else string_field(error, "code")
    code_text = code_text or string_field(error, "type") or ""
    if code_text and message:
        return f"{code_text}: {message}"
    return message or code_text or None
