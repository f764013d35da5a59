r"""Reading provider JSON without trusting its shape.

Every host that speaks one of the wire APIs bends it a little: a field is missing, null, a
number where a string was promised, or a whole line is not JSON at all. The stream accumulators
read every value through these helpers, which answer None (or an empty list) for anything that
is absent or of the wrong type, so a quirk of one host never raises in the middle of a stream.

What a provider sends must also fit into the next request, which is strict JSON in UTF-8, so
every object is read with :func:`~studio.kernel.calls.parse_json_object`, which makes its strings
well formed and refuses numbers JSON cannot carry; tool arguments get the same treatment from
:func:`~studio.kernel.calls.read_call`.
"""

from __future__ import annotations

from typing import Any

from studio.kernel.calls import JsonObject

__all__ = [
    "JsonObject",
    "error_text",
    "int_field",
    "list_field",
    "object_field",
    "string_field",
]


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
