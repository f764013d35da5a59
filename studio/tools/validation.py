"""Checking a model's arguments against the JSON Schema of the function it called.

Every tool, whatever its source (a built-in tool, an MCP server's ``inputSchema``, a plugin),
offers the model a function whose ``parameters`` is a JSON Schema. Before the tool runs, the
executor passes the parsed arguments and that schema to :func:`argument_problems`; before a
definition from an outside source is registered, :func:`schema_problem` checks the schema itself.

The rules:

- Schemas are read as JSON Schema Draft 2020-12, whatever their ``$schema`` says. Booleans are
  never integers or numbers (``true`` is refused where an integer is expected), while ``2.0``
  counts as the integer 2, as the specification says.
- Formats are checked for the formats that need no extra package: ``date``, ``date-time``,
  ``email``, ``idn-email``, ``ipv4``, ``ipv6``, ``uuid`` and ``regex``. jsonschema checks
  ``date-time`` only with the optional ``rfc3339-validator`` installed, so this module checks it
  itself (RFC 3339, with its offset required). Other formats (``uri``, ``hostname``, ...) are
  not checked, as the specification allows; which formats are checked never depends on what
  else happens to be installed.
- One refusal covers every problem of the call, sorted by the argument's path (``filters.site``,
  ``items[2]``), so the same call always gets the same message. Each problem names the argument,
  repeats the value received as JSON cut after 40 characters with "...", and says what would be
  valid: the type, the range ("from 1 to 5"), the choices, the length, the pattern, the format,
  or the allowed names when unknown arguments are forbidden. The message ends by inviting a
  corrected call. It quotes argument values, so it goes to the model and is never logged.
- When a value fits none of the alternatives of an ``anyOf`` or ``oneOf``, the refusal reports
  the alternative the value came closest to: a too-long string in an ``anyOf`` of a string and
  ``null`` gets the string's length problem. When the value has the wrong shape for all of them,
  it lists them all ("a string or null").
- A schema is usable when it passes the Draft 2020-12 meta-schema, its root is
  ``{"type": "object", ...}``, and every ``$ref`` and ``$dynamicRef`` points inside the schema
  (``#...``). Nothing is ever fetched: the validators use a registry that refuses every
  retrieval, and the meta-schemas come bundled with jsonschema.
- Validators are built once per distinct schema (by its canonical JSON text) and cached, so
  checking the same function's arguments again costs microseconds. jsonschema itself is
  imported on the first check (about 80 ms), not while Studio starts.
"""

from __future__ import annotations

import datetime
import functools
import json
import re
from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import TYPE_CHECKING, Any, NoReturn

if TYPE_CHECKING:
    import jsonschema
    import referencing
    from jsonschema import Draft202012Validator

__all__ = ["CHECKED_FORMATS", "ECHO_LIMIT", "argument_problems", "echo", "schema_problem"]

ECHO_LIMIT = 40
"""How many characters of a refused value a problem repeats before it adds "..."."""

CHECKED_FORMATS = (
    "date",
    "date-time",
    "email",
    "idn-email",
    "ipv4",
    "ipv6",
    "regex",
    "uuid",
)
"""The ``format`` values whose strings are checked; every other format is only a hint."""

_CLOSING = "Please call the function again with corrected arguments."
_CACHE_SIZE = 256
_LISTED_CHOICES = 20
_FORMAT_EXAMPLES = {
    "date": "a date as YYYY-MM-DD, for example 2024-05-31",
    "date-time": "a date and time as in RFC 3339, for example 2024-05-31T14:30:00Z",
    "email": "an email address",
    "idn-email": "an email address",
    "ipv4": "an IPv4 address, for example 192.0.2.1",
    "ipv6": "an IPv6 address, for example 2001:db8::1",
    "regex": "a valid regular expression",
    "uuid": "a UUID, for example 123e4567-e89b-12d3-a456-426614174000",
}
_TYPE_NOUNS = {
    "array": "a list",
    "boolean": "a boolean",
    "integer": "an integer",
    "null": "null",
    "number": "a number",
    "object": "an object",
    "string": "a string",
}
_SHAPE_KEYWORDS = frozenset({"type", "const", "enum", None})
_PLAIN_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_-]*")
_DATE_TIME = re.compile(
    r"(\d{4}-\d{2}-\d{2})[Tt](\d{2}):(\d{2}):(\d{2})(\.\d+)?([Zz]|[+-]\d{2}:\d{2})", re.ASCII
)

# Keywords whose value is a schema, a map of schemas or a list of schemas, for the walk that
# looks for references; keywords holding data ("enum", "const", "default") are not walked.
_SCHEMA_KEYWORDS = frozenset(
    {
        "additionalItems",
        "additionalProperties",
        "contains",
        "else",
        "if",
        "items",
        "not",
        "propertyNames",
        "then",
        "unevaluatedItems",
        "unevaluatedProperties",
    }
)
_SCHEMA_MAP_KEYWORDS = frozenset(
    {
        "$defs",
        "definitions",
        "dependentSchemas",
        "patternProperties",
        "properties",
    }
)
_SCHEMA_LIST_KEYWORDS = frozenset({"allOf", "anyOf", "oneOf", "prefixItems"})

Path = tuple[str | int, ...]


# Validation ----------------------------------------------------------------------------------


def argument_problems(arguments: Mapping[str, Any], parameters: Mapping[str, Any]) -> str | None:
    """Checks a call's arguments against the function's ``parameters`` schema.

    Args:
        arguments: The arguments the model sent, already parsed from JSON.
        parameters: The JSON Schema the model was offered for the function.

    Returns:
        None when the arguments are valid, otherwise one English message for the model that
        lists every problem, sorted by argument path, and invites a corrected call.

    Raises:
        ValueError: ``parameters`` is not a schema :func:`schema_problem` accepts. That is a
            mistake of the tool's author, not the model's, so it is not a refusal.
    """
    import referencing.exceptions

    validator = _validator_for(parameters)
    try:
        # Most calls are valid, and answering that alone takes half the time of listing errors.
        if validator.is_valid(arguments):
            return None
        problems = {
            problem for error in validator.iter_errors(arguments) for problem in _problems(error)
        }
    except referencing.exceptions.Unresolvable as error:
        raise ValueError(f"The schema has a reference that cannot be resolved: {error}") from None
    if not problems:
        return None
    ordered = [text for _, text in sorted(problems, key=lambda problem: _path_key(problem[0]))]
    header = (
        [f"The call has {len(ordered)} problems with its arguments."] if len(ordered) > 1 else []
    )
    return " ".join([*header, *ordered, _CLOSING])


def _validator_for(parameters: Mapping[str, Any]) -> Draft202012Validator:
    try:
        key = json.dumps(parameters, sort_keys=True, separators=(",", ":"), allow_nan=False)
    except (TypeError, ValueError, RecursionError):
        raise ValueError("The parameters schema is not JSON data.") from None
    return _cached_validator(key)


@functools.lru_cache(maxsize=_CACHE_SIZE)
def _cached_validator(key: str) -> Draft202012Validator:
    # The validator gets its own copy of the schema, decoded from the key, so a caller that
    # changes its dict afterwards cannot make the cached validator disagree with its key.
    from jsonschema import Draft202012Validator

    schema = json.loads(key)
    problem = schema_problem(schema)
    if problem is not None:
        raise ValueError(problem)
    return Draft202012Validator(schema, registry=_registry(), format_checker=_format_checker())


def _refuse_retrieval(uri: str) -> NoReturn:
    import referencing.exceptions

    # mypy does not see the attrs fields of referencing's classes; these are their documented
    # keyword arguments.
    raise referencing.exceptions.NoSuchResource(ref=uri)  # type: ignore[call-arg]


@functools.cache
def _registry() -> referencing.Registry[Any]:
    """A registry that refuses every retrieval, so no check ever reaches the network."""
    import referencing

    return referencing.Registry(retrieve=_refuse_retrieval)  # type: ignore[call-arg]


def _is_date_time(instance: object) -> bool:
    if not isinstance(instance, str):
        return True
    match = _DATE_TIME.fullmatch(instance)
    if match is None:
        return False
    day, hour, minute, second, fraction, offset = match.groups()
    # RFC 3339 allows a leap second, which datetime cannot represent; check the rest.
    second = "59" if second == "60" else second
    offset = "+00:00" if offset in {"Z", "z"} else offset
    text = f"{day}T{hour}:{minute}:{second}{fraction or ''}{offset}"
    try:
        datetime.datetime.fromisoformat(text)
    except ValueError:
        return False
    return True


@functools.cache
def _format_checker() -> jsonschema.FormatChecker:
    import jsonschema

    checker = jsonschema.FormatChecker(
        formats=[name for name in CHECKED_FORMATS if name != "date-time"]
    )
    checker.checks("date-time")(_is_date_time)
    return checker


# Problems ------------------------------------------------------------------------------------


def _problems(error: jsonschema.ValidationError) -> Iterator[tuple[Path, str]]:
    path: Path = tuple(error.absolute_path)
    keyword: Any = error.validator  # None for a ``false`` schema, whatever the stubs say.
    value: Any = error.validator_value
    schema: Any = error.schema
    instance: Any = error.instance
    if keyword is None:  # A ``false`` schema; jsonschema leaves out the property's name.
        schema_path = list(error.absolute_schema_path)
        if len(schema_path) >= 2 and schema_path[-2] == "properties":
            path = (*path, str(schema_path[-1]))
        yield path, f"{_name(path)} is not accepted here."
    elif keyword == "required":
        for missing in value:
            if isinstance(instance, Mapping) and missing not in instance:
                yield (*path, missing), f"{_name((*path, missing))} is required but missing."
    elif keyword == "additionalProperties" and value is False:
        yield from _unknown(path, instance, schema)
    elif keyword == "dependentRequired":
        for present, needed in value.items():
            for missing in needed:
                if present in instance and missing not in instance:
                    where = (*path, missing)
                    text = f"{_name(where)} is required when {_label((*path, present))!r} is given."
                    yield where, text
    elif keyword in {"anyOf", "oneOf"} and error.context:
        yield from _closest(error)
    else:
        yield path, f"{_name(path)} received {echo(instance)}, but {_expected(error)}."


def _unknown(path: Path, instance: Any, schema: Mapping[str, Any]) -> Iterator[tuple[Path, str]]:
    known = schema.get("properties", {})
    patterns = schema.get("patternProperties", {})
    allowed = ", ".join(repr(name) for name in sorted(known)) or "none"
    where = "" if not path else f" of {_label(path)!r}"
    for name in instance:
        if name in known or any(re.search(pattern, name) for pattern in patterns):
            continue
        extra = f" and names matching {', '.join(sorted(patterns))}" if patterns else ""
        text = f"{_name((*path, name))} is not known; the allowed arguments{where} are {allowed}"
        yield (*path, name), f"{text}{extra}."


def _closest(error: jsonschema.ValidationError) -> Iterator[tuple[Path, str]]:
    """The problems of the alternative the value came closest to, or one problem listing all."""
    branches: dict[int, list[jsonschema.ValidationError]] = {}
    for sub in error.context or ():
        branches.setdefault(int(sub.relative_schema_path[0]), []).append(sub)
    here = list(error.absolute_path)
    near = {
        index: errors
        for index, errors in branches.items()
        if any(
            sub.validator not in _SHAPE_KEYWORDS or list(sub.absolute_path) != here
            for sub in errors
        )
    }
    if near:
        found = {
            index: {p for sub in errors for p in _problems(sub)} for index, errors in near.items()
        }
        best = min(found, key=lambda index: (len(found[index]), index))
        yield from found[best]
        return
    alternatives: Any = error.validator_value
    shapes = [_shape(sub) for sub in alternatives if sub is not False]
    path: Path = tuple(here)
    if shapes and all(shape is not None for shape in shapes):
        expected = _either([shape for shape in shapes if shape is not None])
        yield path, f"{_name(path)} received {echo(error.instance)}, but it must be {expected}."
        return
    import jsonschema.exceptions

    yield from _problems(jsonschema.exceptions.best_match(error.context or ()))


def _shape(schema: Any) -> str | None:
    """A short noun phrase for a schema that only fixes a value's type or choices."""
    if schema is True:
        return "any value"
    if not isinstance(schema, Mapping):
        return None
    if "const" in schema:
        return _json(schema["const"])
    if "enum" in schema:
        return _choices(schema["enum"])
    if "type" in schema:
        return _type_noun(schema["type"])
    return None


def _expected(error: jsonschema.ValidationError) -> str:
    """What a valid value would be, as the end of a sentence "..., but it must be ..."."""
    keyword = error.validator
    value: Any = error.validator_value
    schema: Any = error.schema
    instance: Any = error.instance
    match keyword:
        case "type":
            numeric = _types(schema) <= {"integer", "number"} and _range(schema)
            return f"it must be {_type_noun(value)}" + (f" {_range(schema)}" if numeric else "")
        case "enum":
            return f"it must be {_choices(value)}"
        case "const":
            return f"it must be exactly {_json(value)}"
        case "minimum" | "maximum" | "exclusiveMinimum" | "exclusiveMaximum":
            noun = "an integer" if _types(schema) == {"integer"} else "a number"
            return f"it must be {noun} {_range(schema)}"
        case "multipleOf":
            return f"it must be a multiple of {_json(value)}"
        case "minLength" | "maxLength" | "minItems" | "maxItems":
            return _size(schema, keyword[3:], len(instance))
        case "minProperties" | "maxProperties":
            return _size(schema, "Properties", len(instance))
        case "pattern":
            return f"it must match the regular expression {value}"
        case "format":
            return f"it must be {_FORMAT_EXAMPLES.get(value, f'in the format {value!r}')}"
        case "uniqueItems":
            return "its items must all be different"
        case "oneOf":
            return "it matches more than one of the allowed forms and must match exactly one"
        case _:
            return f"it is not valid: {error.message}"


def _range(schema: Mapping[str, Any]) -> str:
    low, high = schema.get("minimum"), schema.get("maximum")
    if low is not None and high is not None:
        return f"from {_json(low)} to {_json(high)}"
    parts = []
    if low is not None:
        parts.append(f"of at least {_json(low)}")
    if "exclusiveMinimum" in schema:
        parts.append(f"greater than {_json(schema['exclusiveMinimum'])}")
    if high is not None:
        parts.append(f"of at most {_json(high)}")
    if "exclusiveMaximum" in schema:
        parts.append(f"less than {_json(schema['exclusiveMaximum'])}")
    return " and ".join(parts)


def _size(schema: Mapping[str, Any], measure: str, size: int) -> str:
    """The allowed length of a string, list or object, for a value of ``size``."""
    unit = {"Length": "character", "Items": "item", "Properties": "entry"}[measure]
    low: Any = schema.get("min" + measure)
    high: Any = schema.get("max" + measure)
    if low is not None and high is not None:
        bounds = f"from {low} to {_plural(high, unit)}"
    elif low is not None:
        bounds = f"at least {_plural(low, unit)}"
    else:
        bounds = f"at most {_plural(high, unit)}"
    return (
        f"it must be {bounds} long (it has {size})"
        if unit == "character"
        else (f"it must have {bounds} (it has {size})")
    )


def _plural(count: int, unit: str) -> str:
    if count == 1:
        return f"1 {unit}"
    return f"{count} {'entries' if unit == 'entry' else unit + 's'}"


def _types(schema: Any) -> set[str]:
    kind = schema.get("type") if isinstance(schema, Mapping) else None
    if isinstance(kind, str):
        return {kind}
    return set(kind) if isinstance(kind, list) else set()


def _type_noun(kind: str | Sequence[str]) -> str:
    kinds = [kind] if isinstance(kind, str) else list(kind)
    return _either([_TYPE_NOUNS.get(name, repr(name)) for name in kinds])


def _choices(values: Sequence[Any]) -> str:
    shown = [_json(value) for value in values[:_LISTED_CHOICES]]
    more = len(values) - len(shown)
    listed = ", ".join(shown) + (f" and {more} more" if more else "")
    return f"one of {listed}" if len(values) != 1 else f"exactly {shown[0]}"


def _either(phrases: Iterable[str]) -> str:
    unique = list(dict.fromkeys(phrases))
    if len(unique) <= 2:
        return " or ".join(unique)
    return ", ".join(unique[:-1]) + " or " + unique[-1]


def _name(path: Path) -> str:
    return f"The argument {_label(path)!r}" if path else "The arguments"


def _label(path: Path) -> str:
    label = ""
    for part in path:
        if isinstance(part, int):
            label += f"[{part}]"
        elif _PLAIN_NAME.fullmatch(part):
            label += f".{part}" if label else part
        else:
            label += f"[{json.dumps(part, ensure_ascii=False)}]"
    return label


def _path_key(path: Path) -> tuple[tuple[int, int, str], ...]:
    return tuple((0, part, "") if isinstance(part, int) else (1, 0, part) for part in path)


def _json(value: object) -> str:
    try:
        return json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError, RecursionError):
        return repr(value)


def echo(value: object) -> str:
    """``value`` as JSON for a refusal, cut after :data:`ECHO_LIMIT` characters with "..."."""
    rendered = _json(value)
    return rendered if len(rendered) <= ECHO_LIMIT else rendered[:ECHO_LIMIT] + "..."


# Schemas -------------------------------------------------------------------------------------


def schema_problem(parameters: Any) -> str | None:
    """Checks that a function's ``parameters`` is a usable Draft 2020-12 schema.

    Args:
        parameters: The schema a tool source declared for a function's arguments.

    Returns:
        None when the schema is usable, otherwise one English sentence with the reason and the
        JSON pointer of the offending keyword.
    """
    if not isinstance(parameters, Mapping):
        return f"The parameters must be a JSON Schema object, not {type(parameters).__name__}."
    import jsonschema.exceptions
    from jsonschema import Draft202012Validator

    # The meta-schemas ship with jsonschema, so this check resolves its references offline.
    meta = Draft202012Validator(Draft202012Validator.META_SCHEMA, format_checker=_format_checker())
    error = jsonschema.exceptions.best_match(meta.iter_errors(parameters))
    if error is not None:
        where = _where(tuple(error.absolute_path))
        return f"The parameters schema is invalid {where}: {error.message}."
    if parameters.get("type") != "object":
        return (
            "The parameters schema must describe an object: its root needs "
            f'"type": "object", but \'/type\' is {_json(parameters.get("type"))}.'
        )
    return _reference_problem(parameters, parameters, ())


def _reference_problem(schema: Any, resource: Any, path: Path) -> str | None:
    """The first reference that leaves the schema or points at nothing, walking keywords only."""
    if not isinstance(schema, Mapping):
        return None
    if "$id" in schema and path:
        resource = schema
    for keyword in ("$ref", "$dynamicRef"):
        reference = schema.get(keyword)
        if isinstance(reference, str):
            problem = _check_reference(reference, resource, keyword, (*path, keyword))
            if problem is not None:
                return problem
    for relative, child in _subschemas(schema):
        problem = _reference_problem(child, resource, (*path, *relative))
        if problem is not None:
            return problem
    return None


def _subschemas(schema: Mapping[str, Any]) -> Iterator[tuple[Path, Any]]:
    for keyword, value in sorted(schema.items()):
        if keyword in _SCHEMA_KEYWORDS and isinstance(value, list):  # "items" of older drafts
            yield from (((keyword, index), item) for index, item in enumerate(value))
        elif keyword in _SCHEMA_KEYWORDS:
            yield (keyword,), value
        elif keyword in _SCHEMA_MAP_KEYWORDS and isinstance(value, Mapping):
            yield from (((keyword, name), item) for name, item in value.items())
        elif keyword in _SCHEMA_LIST_KEYWORDS and isinstance(value, list):
            yield from (((keyword, index), item) for index, item in enumerate(value))


def _check_reference(reference: str, resource: Any, keyword: str, path: Path) -> str | None:
    where = _where(path)
    if not reference.startswith("#"):
        return (
            f"The parameters schema refers to another document {where} ({reference!r}); "
            "only references inside the schema, starting with '#', are allowed."
        )
    fragment = reference[1:]
    if not fragment.startswith("/"):
        return None  # An anchor name or the whole resource; jsonschema resolves those locally.
    target = resource
    for token in fragment[1:].split("/"):
        token = _unquote(token).replace("~1", "/").replace("~0", "~")
        if isinstance(target, Mapping) and token in target:
            target = target[token]
        elif isinstance(target, list) and token.isdigit() and int(token) < len(target):
            target = target[int(token)]
        else:
            return f"The parameters schema's {keyword} {where} points at nothing: {reference!r}."
    return None


def _unquote(token: str) -> str:
    return re.sub(r"%([0-9A-Fa-f]{2})", lambda match: chr(int(match.group(1), 16)), token)


def _where(path: Path) -> str:
    """Where a keyword is in a schema: its JSON pointer, or the root."""
    pointer = "".join("/" + str(part).replace("~", "~0").replace("/", "~1") for part in path)
    return f"at {pointer!r}" if pointer else "at the root"
