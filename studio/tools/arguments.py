"""Reading the arguments a model passed to a tool, and refusing the ones that do not fit.

A model corrects a call well when the refusal tells it exactly what went wrong, so every
refusal names the argument, repeats the value received (cut short), says what would have been
valid and, for an optional argument, reminds the model that it may leave the argument out.
Refusals are :class:`~studio.errors.ToolArgumentError`; the executor returns their message to the
model, which is why they are English and never translated.

The rules are the same for every tool:

- ``null`` counts as absent.
- An empty or blank string, or an empty list, is refused rather than taken as absent: the model
  meant something, and a silent default would hide its mistake.
- Booleans are JSON booleans only; ``"true"`` and ``1`` are refused. Integers are JSON integers
  only; ``2.0`` and ``"2"`` are refused.
- Choices match exactly, case included.
- Free strings come back with surrounding whitespace removed.
"""

from __future__ import annotations

import json
import math
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, NoReturn

from studio.errors import ToolArgumentError

__all__ = ["ECHO_LIMIT", "ArgumentReader", "echo"]

ECHO_LIMIT = 40
"""How many characters of a refused value a refusal repeats before it adds "..."."""

_LEAVE_IT_OUT = " Leave it out to use the default."


class ArgumentReader:
    """Reads one call's arguments, already parsed from JSON, the way its tool declared them.

    Each ``required_*`` method returns the value or raises; each ``optional_*`` method returns
    None when the argument is absent or null. Invalid values raise in both cases.

    Example::

        reader = ArgumentReader(arguments)
        reader.reject_unknown((QUERY, PAGE))
        query = reader.required_string(QUERY, max_length=400, single_line=True)
        page = reader.optional_integer(PAGE, minimum=1, maximum=5) or 1
    """

    def __init__(self, arguments: Mapping[str, Any]) -> None:
        self._arguments = arguments

    def is_given(self, name: str) -> bool:
        """Whether the model passed ``name`` with a value other than null."""
        return self._arguments.get(name) is not None

    def reject_unknown(self, allowed_names: Iterable[str]) -> None:
        """Refuse any argument whose name is not in ``allowed_names``.

        A null value counts as absent here too, so hosts that send every optional argument as
        null pass.

        Raises:
            ToolArgumentError: names the unexpected arguments and lists the valid ones.
        """
        allowed = list(dict.fromkeys(allowed_names))
        unknown = [
            name
            for name, value in self._arguments.items()
            if name not in allowed and value is not None
        ]
        if not unknown:
            return
        noun = "argument" if len(unknown) == 1 else "arguments"
        valid = f"only {_names(allowed)}" if allowed else "no arguments"
        raise ToolArgumentError(
            f"This tool does not take the {noun} {_names(unknown)}. It takes {valid}."
        )

    # Strings.

    def required_string(
        self, name: str, *, max_length: int | None = None, single_line: bool = False
    ) -> str:
        """A non-blank string, stripped of surrounding whitespace.

        Args:
            name: The argument's name.
            max_length: The most characters allowed after stripping.
            single_line: Refuse line breaks (useful for queries and titles).

        Raises:
            ToolArgumentError: absent, null, not a string, blank, too long or multi-line.
        """
        value = self._read_string(name, max_length, single_line, optional=False)
        assert value is not None  # A required read raises rather than return None.
        return value

    def optional_string(
        self, name: str, *, max_length: int | None = None, single_line: bool = False
    ) -> str | None:
        """Like :meth:`required_string`, but None when absent or null."""
        return self._read_string(name, max_length, single_line, optional=True)

    def _read_string(
        self, name: str, max_length: int | None, single_line: bool, *, optional: bool
    ) -> str | None:
        _check_limit("max_length", max_length)
        expected = _string_expectation(max_length, single_line)
        value = self._value(name, expected, optional=optional)
        if value is None:
            return None
        if not isinstance(value, str):
            _refuse(name, value, "which is not a string", expected, optional=optional)
        text = value.strip()
        if not text:
            problem = "which is empty" if not value else "which is blank"
            _refuse(name, value, problem, expected, optional=optional)
        if single_line and len(text.splitlines()) > 1:
            _refuse(name, value, "which spans several lines", expected, optional=optional)
        if max_length is not None and len(text) > max_length:
            problem = f"which is {len(text)} characters long"
            _refuse(name, value, problem, expected, optional=optional)
        return text

    # Numbers.

    def required_integer(
        self, name: str, *, minimum: int | None = None, maximum: int | None = None
    ) -> int:
        """A JSON integer within the bounds, which are inclusive.

        Raises:
            ToolArgumentError: absent, null, not an integer, or out of bounds.
        """
        value = self._read_integer(name, minimum, maximum, optional=False)
        assert value is not None  # A required read raises rather than return None.
        return value

    def optional_integer(
        self, name: str, *, minimum: int | None = None, maximum: int | None = None
    ) -> int | None:
        """Like :meth:`required_integer`, but None when absent or null."""
        return self._read_integer(name, minimum, maximum, optional=True)

    def _read_integer(
        self, name: str, minimum: int | None, maximum: int | None, *, optional: bool
    ) -> int | None:
        _check_bounds(minimum, maximum)
        expected = _number_expectation("a whole number", minimum, maximum)
        value = self._value(name, expected, optional=optional)
        if value is None:
            return None
        if isinstance(value, bool) or not isinstance(value, int):
            _refuse(name, value, "which is not a whole number", expected, optional=optional)
        _check_range(name, value, minimum, maximum, expected, optional=optional)
        return value

    def required_number(
        self, name: str, *, minimum: float | None = None, maximum: float | None = None
    ) -> float:
        """A finite JSON number (integer or not) within the bounds, which are inclusive.

        Raises:
            ToolArgumentError: absent, null, not a finite number, or out of bounds.
        """
        value = self._read_number(name, minimum, maximum, optional=False)
        assert value is not None  # A required read raises rather than return None.
        return value

    def optional_number(
        self, name: str, *, minimum: float | None = None, maximum: float | None = None
    ) -> float | None:
        """Like :meth:`required_number`, but None when absent or null."""
        return self._read_number(name, minimum, maximum, optional=True)

    def _read_number(
        self, name: str, minimum: float | None, maximum: float | None, *, optional: bool
    ) -> float | None:
        _check_bounds(minimum, maximum)
        expected = _number_expectation("a number", minimum, maximum)
        value = self._value(name, expected, optional=optional)
        if value is None:
            return None
        number = _finite_float(value)
        if number is None:
            _refuse(name, value, "which is not a finite number", expected, optional=optional)
        _check_range(name, number, minimum, maximum, expected, optional=optional)
        return number

    # Booleans.

    def required_boolean(self, name: str) -> bool:
        """A JSON ``true`` or ``false``; strings and numbers are refused.

        Raises:
            ToolArgumentError: absent, null or not a JSON boolean.
        """
        value = self._read_boolean(name, optional=False)
        assert value is not None  # A required read raises rather than return None.
        return value

    def optional_boolean(self, name: str) -> bool | None:
        """Like :meth:`required_boolean`, but None when absent or null."""
        return self._read_boolean(name, optional=True)

    def _read_boolean(self, name: str, *, optional: bool) -> bool | None:
        expected = "true or false, as a JSON boolean without quotes"
        value = self._value(name, expected, optional=optional)
        if value is None or isinstance(value, bool):
            return value
        _refuse(name, value, "which is not a JSON boolean", expected, optional=optional)

    # Choices.

    def required_choice(self, name: str, choices: Sequence[str]) -> str:
        """One of ``choices``, matched exactly (case and whitespace included).

        Raises:
            ToolArgumentError: absent, null or not one of the choices.
        """
        value = self._read_choice(name, choices, optional=False)
        assert value is not None  # A required read raises rather than return None.
        return value

    def optional_choice(self, name: str, choices: Sequence[str]) -> str | None:
        """Like :meth:`required_choice`, but None when absent or null."""
        return self._read_choice(name, choices, optional=True)

    def _read_choice(self, name: str, choices: Sequence[str], *, optional: bool) -> str | None:
        _check_choices(choices)
        expected = f"one of {_values(choices)}"
        value = self._value(name, expected, optional=optional)
        if value is None:
            return None
        if not isinstance(value, str) or value not in choices:
            _refuse(name, value, "which is not one of the choices", expected, optional=optional)
        return value

    # Lists.

    def required_string_list(self, name: str, *, choices: Sequence[str] | None = None) -> list[str]:
        """A non-empty list of non-blank strings, each one of ``choices`` if given.

        Items without ``choices`` come back stripped of surrounding whitespace; items with
        ``choices`` must match one exactly.

        Raises:
            ToolArgumentError: absent, null, not a list, empty, or with an invalid item.
        """
        value = self._read_string_list(name, choices, optional=False)
        assert value is not None  # A required read raises rather than return None.
        return value

    def optional_string_list(
        self, name: str, *, choices: Sequence[str] | None = None
    ) -> list[str] | None:
        """Like :meth:`required_string_list`, but None when absent or null."""
        return self._read_string_list(name, choices, optional=True)

    def _read_string_list(
        self, name: str, choices: Sequence[str] | None, *, optional: bool
    ) -> list[str] | None:
        if choices is not None:
            _check_choices(choices)
            expected = f"a non-empty list of strings, each one of {_values(choices)}"
        else:
            expected = "a non-empty list of non-blank strings"
        value = self._value(name, expected, optional=optional)
        if value is None:
            return None
        if not isinstance(value, list):
            _refuse(name, value, "which is not a list", expected, optional=optional)
        if not value:
            _refuse(name, value, "which is an empty list", expected, optional=optional)
        items: list[str] = []
        for item in value:
            problem = _list_item_problem(item, choices)
            if problem is not None:
                _refuse(name, value, problem, expected, optional=optional)
            items.append(item if choices is not None else item.strip())
        return items

    # Shared.

    def _value(self, name: str, expected: str, *, optional: bool) -> Any:
        """The raw value of ``name``, None when optional and absent or null."""
        value = self._arguments.get(name)
        if value is not None or optional:
            return value
        received = "received null" if name in self._arguments else "was not given"
        raise ToolArgumentError(
            f"The argument {name!r} is required but {received}. Pass {expected}."
        )


def echo(value: object) -> str:
    """``value`` rendered as JSON for a refusal, cut after :data:`ECHO_LIMIT` characters."""
    try:
        rendered = json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError, RecursionError):
        rendered = repr(value)
    return rendered if len(rendered) <= ECHO_LIMIT else rendered[:ECHO_LIMIT] + "..."


def _refuse(name: str, value: object, problem: str, expected: str, *, optional: bool) -> NoReturn:
    message = f"The argument {name!r} received {echo(value)}, {problem}. Pass {expected}."
    raise ToolArgumentError(message + (_LEAVE_IT_OUT if optional else ""))


def _check_range(
    name: str,
    value: float,
    minimum: float | None,
    maximum: float | None,
    expected: str,
    *,
    optional: bool,
) -> None:
    if minimum is not None and value < minimum:
        _refuse(name, value, "which is below the minimum", expected, optional=optional)
    if maximum is not None and value > maximum:
        _refuse(name, value, "which is above the maximum", expected, optional=optional)


def _finite_float(value: object) -> float | None:
    if isinstance(value, bool) or not isinstance(value, int | float):
        return None
    try:
        number = float(value)
    except OverflowError:  # An integer too large for a float.
        return None
    return number if math.isfinite(number) else None


def _list_item_problem(item: object, choices: Sequence[str] | None) -> str | None:
    if not isinstance(item, str):
        return f"whose item {echo(item)} is not a string"
    if choices is not None:
        return None if item in choices else f"whose item {echo(item)} is not one of the choices"
    return None if item.strip() else f"whose item {echo(item)} is blank"


def _string_expectation(max_length: int | None, single_line: bool) -> str:
    kind = "a non-blank single-line string" if single_line else "a non-blank string"
    return kind if max_length is None else f"{kind} of at most {max_length} characters"


def _number_expectation(kind: str, minimum: float | None, maximum: float | None) -> str:
    if minimum is not None and maximum is not None:
        return f"{kind} from {_number(minimum)} to {_number(maximum)}"
    if minimum is not None:
        return f"{kind} of at least {_number(minimum)}"
    if maximum is not None:
        return f"{kind} of at most {_number(maximum)}"
    return kind


def _number(value: float) -> str:
    """A bound as a model reads it best: ``1`` rather than ``1.0``."""
    if isinstance(value, float) and value.is_integer() and abs(value) < 1e15:
        return str(int(value))
    return str(value)


def _values(choices: Iterable[str]) -> str:
    return ", ".join(json.dumps(choice, ensure_ascii=False) for choice in choices)


def _names(names: Iterable[str]) -> str:
    return ", ".join(repr(name) for name in names)


# Mistakes in a tool's own code, not the model's: they raise ValueError, not a refusal.


def _check_limit(label: str, limit: int | None) -> None:
    if limit is not None and limit < 1:
        raise ValueError(f"{label} must be at least 1, not {limit!r}.")


def _check_bounds(minimum: float | None, maximum: float | None) -> None:
    if minimum is not None and maximum is not None and minimum > maximum:
        raise ValueError(f"The minimum {minimum!r} is above the maximum {maximum!r}.")


def _check_choices(choices: Sequence[str]) -> None:
    if isinstance(choices, str) or not choices:
        raise ValueError(f"choices must be a non-empty sequence of strings, not {choices!r}.")
