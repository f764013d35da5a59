"""Builders for the two schemas a tool writes: its arguments and its settings.

Both take names from constants the tool shares with the code that reads the values, so the
schema and the reader cannot drift apart.
"""

from __future__ import annotations

from typing import Any, Self

from studio.kernel.definition import SettingsField, SettingsSchema

__all__ = ["ParametersBuilder", "SettingsBuilder"]


class ParametersBuilder:
    """Writes the JSON Schema of a function whose arguments are plain strings.

    The built-in tools declare their arguments as :class:`~studio.tools.arguments.ToolArguments`
    models instead; this stays for small definitions written by hand, such as a test's.
    Optional arguments are simply absent from ``required``, the ordinary JSON Schema way; the
    adapters convert for hosts that want it differently. Unknown arguments are refused
    (``additionalProperties: false``).
    """

    def __init__(self) -> None:
        self._properties: dict[str, dict[str, Any]] = {}
        self._required: list[str] = []

    def required_string(self, name: str, description: str) -> Self:
        """A string the model must pass."""
        if name in self._properties:
            raise ValueError(f"The argument {name!r} is declared twice.")
        self._properties[name] = {"type": "string", "description": description}
        self._required.append(name)
        return self

    def build(self) -> dict[str, Any]:
        """The finished JSON Schema object."""
        return {
            "type": "object",
            "properties": {name: dict(schema) for name, schema in self._properties.items()},
            "required": list(self._required),
            "additionalProperties": False,
        }


class SettingsBuilder:
    """Writes a settings schema field by field, as a definition that arrives as data has it.

    Built-in tools declare their fields with :mod:`studio.tools.setting_fields` instead, which
    also gives the labels, defaults and reading; this builder serves schemas without them.

    Every value is a string. A field is required or optional, plain or secret, and may offer a
    choice from an option source the app maintains or from its own list of values. Fields
    declared inside :meth:`group` are shown under that group's heading.
    """

    def __init__(self) -> None:
        self._fields: dict[str, SettingsField] = {}
        self._required: list[str] = []
        self._group = ""

    def group(self, name: str) -> Self:
        """Put the fields declared from now on under the group ``name`` ("" ends grouping)."""
        self._group = name
        return self

    def _add(self, name: str, *, required: bool, **spec: Any) -> Self:
        if name in self._fields:
            raise ValueError(f"The setting {name!r} is declared twice.")
        self._fields[name] = SettingsField(group=self._group, **spec)
        if required:
            self._required.append(name)
        return self

    def required(self, name: str, title: str = "", description: str = "") -> Self:
        """A plain value the tool cannot work without."""
        return self._add(name, required=True, title=title, description=description)

    def optional(self, name: str, title: str = "", description: str = "") -> Self:
        """A plain value the tool can do without."""
        return self._add(name, required=False, title=title, description=description)

    def optional_integer(
        self,
        name: str,
        title: str = "",
        description: str = "",
        *,
        minimum: int | None = None,
        maximum: int | None = None,
    ) -> Self:
        """An optional whole number, written in plain digits, optionally bounded."""
        return self._add(
            name,
            required=False,
            title=title,
            description=description,
            format="integer",
            minimum=minimum,
            maximum=maximum,
        )

    def required_secret(self, name: str, title: str = "", description: str = "") -> Self:
        """A secret the tool cannot work without; it lives in the OS keyring."""
        return self._add(name, required=True, secret=True, title=title, description=description)

    def optional_secret(self, name: str, title: str = "", description: str = "") -> Self:
        """A secret the tool can do without; it lives in the OS keyring."""
        return self._add(name, required=False, secret=True, title=title, description=description)

    def required_choice(
        self, name: str, option_source: str, title: str = "", description: str = ""
    ) -> Self:
        """A required choice from a list the app maintains."""
        return self._add(
            name, required=True, option_source=option_source, title=title, description=description
        )

    def optional_choice(
        self, name: str, option_source: str, title: str = "", description: str = ""
    ) -> Self:
        """An optional choice from a list the app maintains."""
        return self._add(
            name, required=False, option_source=option_source, title=title, description=description
        )

    def required_enum(self, name: str, values: tuple[str, ...], title: str = "") -> Self:
        """A required choice from the field's own ``values``."""
        return self._add(name, required=True, enum=values, title=title)

    def optional_enum(self, name: str, values: tuple[str, ...], title: str = "") -> Self:
        """An optional choice from the field's own ``values``."""
        return self._add(name, required=False, enum=values, title=title)

    def build(self) -> SettingsSchema:
        """The finished settings schema."""
        return SettingsSchema(properties=dict(self._fields), required=tuple(self._required))
