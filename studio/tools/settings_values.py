"""Reading a tool's setting values, which are all strings, into what the tool works with.

Every settings field holds a string (see :mod:`studio.kernel.definition`), so each tool turns
numbers and choices back into values itself. Doing that here, once, gives every tool the same
rules and the same messages:

- An empty value means "use the default"; the tool's default is never stored.
- A number must be a positive whole number, written in plain digits, within the tool's maximum.
- A choice from an option source is read by its exact stored name; anything else reads as the
  default. A stored value that is no longer offered is reported separately, by the settings
  service, before the tool's own checks run.

The readers raise :class:`InvalidSettingValue`, a :class:`~studio.errors.ConfigError` whose
message the settings dialog and ``studio tools list`` show as they are. A tool's
``validate_configuration`` calls the same readers it uses while running, so the check and the
use of a value cannot disagree.
"""

from __future__ import annotations

from collections.abc import Mapping

from studio.errors import ConfigError
from studio.kernel.translatable import QT_TRANSLATE_NOOP, TranslatableMessage
from studio.tools import options

__all__ = [
    "InvalidSettingValue",
    "read_option",
    "read_positive_int",
    "read_text",
]


_NOT_POSITIVE = QT_TRANSLATE_NOOP(
    "ToolSettings", "The setting '{name}' must be a positive integer."
)
_ABOVE_MAXIMUM = QT_TRANSLATE_NOOP(
    "ToolSettings", "The setting '{name}' must be less than or equal to {maximum}."
)


class InvalidSettingValue(ConfigError):
    """A setting holds a value the tool cannot use; the message names the setting.

    Args:
        name: The settings field.
        message: The full sentence shown to the user.
    """

    def __init__(self, name: str, message: str) -> None:
        super().__init__(message)
        self.name = name


def read_text(values: Mapping[str, str], name: str) -> str:
    """The value of ``name`` without surrounding blanks; "" when unset."""
    return values.get(name, "").strip()


def read_positive_int(
    values: Mapping[str, str], name: str, *, default: int, maximum: int | None = None
) -> int:
    """The whole number in setting ``name``, or ``default`` when it is empty.

    Only plain ASCII digits count: ``"+5"``, ``"5.0"``, ``"1e3"`` and ``"٥"`` are refused, so a
    value means the same to every reader of the settings file.

    Args:
        values: The tool's effective settings.
        name: The settings field.
        default: The tool's own default, used for an empty value.
        maximum: The largest value the tool accepts, if any.

    Returns:
        The number, from 1 to ``maximum``.

    Raises:
        InvalidSettingValue: The value is not a positive whole number, or above ``maximum``.
    """
    text = read_text(values, name)
    if not text:
        return default
    number = int(text) if text.isascii() and text.isdigit() else 0
    if number < 1:
        raise InvalidSettingValue(name, TranslatableMessage(_NOT_POSITIVE, name=name))
    if maximum is not None and number > maximum:
        raise InvalidSettingValue(
            name, TranslatableMessage(_ABOVE_MAXIMUM, name=name, maximum=maximum)
        )
    return number


def read_option(values: Mapping[str, str], name: str, source: str, *, default: str) -> str:
    """The choice in setting ``name``, read by its exact stored name from option ``source``.

    A value that ``source`` does not offer, in any spelling other than the exact one (``"on"``,
    ``"1"``, ``"ON, OFF"``), reads as ``default``. That is the safe reading for a switch whose
    default is its strict position; the settings service reports such values separately.

    Args:
        values: The tool's effective settings.
        name: The settings field.
        source: The option source the field names (see :mod:`studio.tools.options`).
        default: The value used when the field is empty or holds something not offered.

    Returns:
        One of the values ``source`` offers, or ``default``.
    """
    text = read_text(values, name)
    return text if text in options.values(source) else default
