r"""Reading provider JSON without trusting its shape.

Every host that speaks one of the wire APIs bends it a little: a field is missing, null, a
number where a string was promised, or a whole line is not JSON at all. The stream accumulators
read every value through these helpers, which answer None (or an empty list) for anything that
is absent or of the wrong type, so a quirk of one host never raises in the middle of a stream.

What a provider sends must also fit into the next request, which is strict JSON in UTF-8. So
text is made well formed once, where it enters: :func:`parse_object` replaces a lone surrogate
(``"\ud800"``, which JSON can spell but UTF-8 cannot carry) with U+FFFD in every string of the
object, and refuses numbers JSON cannot carry (``NaN``, ``Infinity``, ``1e400``) like any other
text that is not JSON. Tool arguments are JSON inside a string and get the same treatment from
:func:`well_formed_arguments`.
"""

from __future__ import annotations

import json
import math
import re
from typing import Any

__all__ = [
    "NON_JSON_NUMBER_HINT",
    "JsonObject",
    "arguments_or_empty_object",
    "error_text",
    "has_non_json_number",
    "int_field",
    "list_field",
    "object_field",
    "parse_object",
    "string_field",
    "well_formed",
    "well_formed_arguments",
]

JsonObject = dict[str, Any]
"""A JSON object as :func:`json.loads` returns it."""


_LONE_SURROGATE = re.compile("[\ud800-\udfff]")
_SURROGATE_ESCAPE = re.compile(r"\\u[dD][89a-fA-F][0-9a-fA-F]{2}")
"""A JSON escape that may decode to a lone surrogate; a pair decodes to one character."""


def parse_object(text: str) -> JsonObject | None:
    """The JSON object that ``text`` holds, or None if it is not JSON or not an object.

    Every string in it is well formed (:func:`well_formed`), and a number JSON cannot carry
    makes the whole text unreadable.
    """
    try:
        value = json.loads(text, parse_constant=_refuse_constant, parse_float=_finite_float)
        if not isinstance(value, dict):
            return None
        if _SURROGATE_ESCAPE.search(text) is not None:
            value = _well_formed_value(value)
    except (ValueError, RecursionError):
        # RecursionError: the decoder gives up on absurdly deep nesting instead of parsing it.
        return None
    assert isinstance(value, dict)
    return value


def well_formed(text: str) -> str:
    """``text`` with every lone surrogate replaced by U+FFFD, so that UTF-8 can carry it."""
    return _LONE_SURROGATE.sub("\ufffd", text)


def well_formed_arguments(arguments: str) -> str:
    """Tool arguments whose strings are all well formed once parsed.

    Arguments that spell a lone surrogate as an escape are written anew with U+FFFD in its
    place; any others, valid or not, are returned unchanged.
    """
    arguments = well_formed(arguments)
    if _SURROGATE_ESCAPE.search(arguments) is None:
        return arguments
    parsed = parse_object(arguments)
    if parsed is None:
        return arguments
    return json.dumps(parsed, ensure_ascii=False)


NON_JSON_NUMBER_HINT = (
    "Its arguments hold a number JSON cannot carry (NaN, Infinity or one too large); "
    "send finite numbers, or the value as a string."
)
"""What the model reads after the invalid-call result for such arguments."""


def has_non_json_number(text: str) -> bool:
    """Whether ``text`` is a JSON object but for a ``NaN``, an ``Infinity`` or a huge number."""
    if parse_object(text) is not None:
        return False
    try:
        value = json.loads(text)
    except (ValueError, RecursionError):
        return False
    return isinstance(value, dict)


def _refuse_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a JSON number")


def _finite_float(text: str) -> float:
    number = float(text)
    if not math.isfinite(number):
        raise ValueError("the number is too large for JSON")
    return number


def _well_formed_value(value: Any) -> Any:
    if isinstance(value, str):
        return well_formed(value)
    if isinstance(value, dict):
        return {well_formed(key): _well_formed_value(item) for key, item in value.items()}
    if isinstance(value, list):
        return [_well_formed_value(item) for item in value]
    return value


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
