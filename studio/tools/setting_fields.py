"""One declaration per tool setting, from which everything else about it is derived.

A built-in tool declares each settings field once: its name, label, help text, default,
bounds or option source, whether it is required or secret, and any check of its own. From that
one declaration come the settings schema (:meth:`Setting.field`, the :class:`SettingsField`
that definitions carry, also for plugin tools that arrive as JSON), the check before a value is
saved (:meth:`Setting.problem`, which the settings service also uses for fields that only exist
as data), the typed value a tool runs with (:meth:`Setting.read`), the settings dialog's
labels, hints and placeholders, and the administrators' reference ``docs/tool-settings.md``.

Every stored value is a string. An empty value means "use the default", which is never
stored. A number is a whole number in plain ASCII digits within its bounds; ``"+5"``,
``"5.0"``, ``"1e3"`` and ``"٥"`` are refused, so a value means the same to every reader of the
settings file. Bounds are data, never prose: the dialog and the documentation word them.
"""

from __future__ import annotations

import abc
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from studio.errors import ConfigError
from studio.kernel.definition import SettingsField, SettingsSchema
from studio.kernel.translatable import QT_TRANSLATE_NOOP, TranslatableMessage
from studio.tools import options
from studio.web.targets import HostAllowList

__all__ = [
    "Check",
    "ChoiceSetting",
    "HostListSetting",
    "IntegerSetting",
    "InvalidSettingValue",
    "SecretSetting",
    "Setting",
    "TextSetting",
    "ToolSettings",
    "bounds_text",
    "declared",
    "option_problem",
    "refused",
]

Check = Callable[[str], str | None]
"""A field's own check of a non-empty value: why it cannot be kept, or None."""

_SECRET_NOT_AN_OPTION = QT_TRANSLATE_NOOP(
    "ToolSettings", "The setting {name!r} holds a value that is not one of the available options."
)
_NOT_AN_OPTION = QT_TRANSLATE_NOOP(
    "ToolSettings",
    "The setting {name!r} holds the value {value!r}, which is not one of the available options "
    "({options}).",
)
_WHOLE_NUMBER = QT_TRANSLATE_NOOP(
    "ToolSettings",
    "The setting {name!r} holds {value!r}, which is not a whole number; enter one in plain digits.",
)
_WHOLE_NUMBER_FROM_TO = QT_TRANSLATE_NOOP(
    "ToolSettings",
    "The setting {name!r} holds {value!r}; enter a whole number from {minimum} to {maximum}.",
)
_WHOLE_NUMBER_AT_LEAST = QT_TRANSLATE_NOOP(
    "ToolSettings",
    "The setting {name!r} holds {value!r}; enter a whole number of at least {minimum}.",
)
_WHOLE_NUMBER_AT_MOST = QT_TRANSLATE_NOOP(
    "ToolSettings",
    "The setting {name!r} holds {value!r}; enter a whole number of at most {maximum}.",
)
_REFUSED = QT_TRANSLATE_NOOP("ToolSettings", "The setting {name!r} was refused: {problem}")
_FROM_TO = QT_TRANSLATE_NOOP("ToolSettings", "From {minimum} to {maximum}.")
_AT_LEAST = QT_TRANSLATE_NOOP("ToolSettings", "At least {minimum}.")
_AT_MOST = QT_TRANSLATE_NOOP("ToolSettings", "At most {maximum}.")

T = TypeVar("T")


class InvalidSettingValue(ConfigError):
    """A setting holds a value the tool cannot use; the message names the setting.

    Args:
        name: The settings field.
        message: The full sentence shown to the user.
    """

    def __init__(self, name: str, message: str) -> None:
        super().__init__(message)
        self.name = name


def option_problem(
    name: str, offered: tuple[str, ...], text: str, *, secret: bool = False
) -> TranslatableMessage | None:
    """Why ``text`` is not one of ``offered``, or None when it is; a secret is never quoted."""
    if text in offered:
        return None
    if secret:
        return TranslatableMessage(_SECRET_NOT_AN_OPTION, name=name)
    return TranslatableMessage(_NOT_AN_OPTION, name=name, value=text, options=", ".join(offered))


def refused(name: str, problem: str) -> TranslatableMessage:
    """The message for a value the field's own check (or the tool's) refused."""
    return TranslatableMessage(_REFUSED, name=name, problem=problem)


def bounds_text(minimum: int | None, maximum: int | None) -> TranslatableMessage | None:
    """The bounds of a number in words ("From 1 to 240."), or None when it has none."""
    if minimum is not None and maximum is not None:
        return TranslatableMessage(_FROM_TO, minimum=minimum, maximum=maximum)
    if minimum is not None:
        return TranslatableMessage(_AT_LEAST, minimum=minimum)
    if maximum is not None:
        return TranslatableMessage(_AT_MOST, maximum=maximum)
    return None


def _whole_number(text: str) -> int | None:
    return int(text) if text.isascii() and text.isdigit() else None


@dataclass(frozen=True, kw_only=True)
class Setting(abc.ABC, Generic[T]):
    """One settings field of a tool, declared once.

    Attributes:
        name: The field's key, as stored and as organisations name it (``<tool>.<name>``).
        label: The translatable label (``QT_TRANSLATE_NOOP``).
        help: The translatable help text; never repeats the bounds or the default.
        required: Whether the tool counts as unconfigured while the field is empty.
        secret: Whether the value lives in the OS keyring, never in a settings file.
        group: The heading the field is shown under; "" for none.
        check: The field's own check of a non-empty value, such as the form of an address.
    """

    name: str
    label: str
    help: str = ""
    required: bool = False
    secret: bool = False
    group: str = ""
    check: Check | None = None

    kind: str = "text"
    """How the documentation names the kind of value."""

    @property
    def default_text(self) -> str | None:
        """The value used for an empty field, as it would be stored; None when there is none."""
        return None

    def field(self) -> SettingsField:
        """The field as a definition's settings schema carries it."""
        return SettingsField(
            title=str(self.label),
            description=str(self.help),
            secret=self.secret,
            group=self.group,
            **self._field_spec(),
        )

    def _field_spec(self) -> dict[str, Any]:
        return {}

    def _form_problem(self, text: str) -> TranslatableMessage | None:
        """Why ``text`` does not have the form of the field's values, or None."""
        return None

    def problem(self, value: str) -> TranslatableMessage | None:
        """Why ``value`` cannot be kept in this field, or None when it can (or is empty).

        First the form (a choice offered, a whole number within bounds), then the field's own
        :attr:`check`. The message names the field and what would be valid.
        """
        text = value.strip()
        if not text:
            return None
        problem = self._form_problem(text)
        if problem is not None or self.check is None:
            return problem
        own = self.check(text)
        return refused(self.name, own) if own else None

    @abc.abstractmethod
    def read(self, values: Mapping[str, str]) -> T:
        """The field's typed value in ``values``; the default when it is empty.

        Raises:
            ConfigError: The value cannot be used; the message is :meth:`problem`'s.
        """

    def _text(self, values: Mapping[str, str]) -> str:
        return values.get(self.name, "").strip()

    def _checked(self, values: Mapping[str, str]) -> str:
        text = self._text(values)
        problem = self.problem(text)
        if problem is not None:
            raise InvalidSettingValue(self.name, problem)
        return text


@dataclass(frozen=True, kw_only=True)
class TextSetting(Setting[str]):
    """Any text; read without surrounding blanks."""

    default: str = ""

    @property
    def default_text(self) -> str | None:
        """The default text, or None when there is none."""
        return self.default or None

    def read(self, values: Mapping[str, str]) -> str:
        """The text, or the default when empty.

        Raises:
            InvalidSettingValue: The field's own check refuses it.
        """
        return self._checked(values) or self.default


@dataclass(frozen=True, kw_only=True)
class SecretSetting(TextSetting):
    """A text kept in the OS keyring; it has no default and is never shown back."""

    secret: bool = True
    kind: str = "secret"


@dataclass(frozen=True, kw_only=True)
class IntegerSetting(Setting[int]):
    """A whole number in plain digits, from ``minimum`` to ``maximum``."""

    default: int | None = None
    minimum: int | None = 1
    maximum: int | None = None
    kind: str = "integer"

    @property
    def default_text(self) -> str | None:
        """The default in digits."""
        return None if self.default is None else str(self.default)

    @property
    def default_value(self) -> int:
        """The default, for code that uses it outside the settings (a command's option).

        Raises:
            ValueError: The field has no default.
        """
        if self.default is None:
            raise ValueError(f"The setting {self.name!r} has no default.")
        return self.default

    def _field_spec(self) -> dict[str, Any]:
        return {"format": "integer", "minimum": self.minimum, "maximum": self.maximum}

    def _form_problem(self, text: str) -> TranslatableMessage | None:
        number = _whole_number(text)
        low, high = self.minimum, self.maximum
        if (
            number is not None
            and (low is None or number >= low)
            and (high is None or number <= high)
        ):
            return None
        if low is not None and high is not None:
            template = _WHOLE_NUMBER_FROM_TO
        elif low is not None:
            template = _WHOLE_NUMBER_AT_LEAST
        elif high is not None:
            template = _WHOLE_NUMBER_AT_MOST
        else:
            template = _WHOLE_NUMBER
        return TranslatableMessage(template, name=self.name, value=text, minimum=low, maximum=high)

    def read(self, values: Mapping[str, str]) -> int:
        """The number, or the default when empty.

        Raises:
            InvalidSettingValue: Not a whole number within the bounds.
            ValueError: Empty, and the field has no default.
        """
        text = self._checked(values)
        return int(text) if text else self.default_value


@dataclass(frozen=True, kw_only=True)
class ChoiceSetting(Setting[str]):
    """One of the values an option source offers (or, for data, the field's own ``choices``).

    Reading takes a value by its exact stored name only; anything else reads as the default,
    the safe reading for a switch whose default is its strict position (``"on"``, ``"1"`` or
    ``"ON, OFF"`` read as ``OFF``). :meth:`problem` reports such values, so the settings say so.
    """

    source: str = ""
    """The option source (see :mod:`studio.tools.options`); "" when ``choices`` are given."""
    choices: tuple[str, ...] = ()
    default: str = ""
    kind: str = "choice"

    @property
    def default_text(self) -> str | None:
        """The default choice's stored value, or None."""
        return self.default or None

    def offered(self) -> tuple[str, ...] | None:
        """The stored values offered, in display order; None when the source is not known."""
        if self.source and options.is_known(self.source):
            return options.values(self.source)
        return self.choices or None

    def _field_spec(self) -> dict[str, Any]:
        if self.source:
            return {"option_source": self.source}
        return {"enum": self.choices}

    def _form_problem(self, text: str) -> TranslatableMessage | None:
        offered = self.offered()
        if offered is None:
            return None
        return option_problem(self.name, offered, text, secret=self.secret)

    def read(self, values: Mapping[str, str]) -> str:
        """The choice, or the default when empty or not offered."""
        text = self._text(values)
        offered = self.offered()
        return text if text and (offered is None or text in offered) else self.default


def _host_list_problem(text: str) -> str | None:
    try:
        HostAllowList.parse(text)
    except ConfigError as error:
        return error.as_message()
    return None


@dataclass(frozen=True, kw_only=True)
class HostListSetting(Setting[HostAllowList]):
    """Host patterns separated by commas, semicolons or lines (see :class:`HostAllowList`)."""

    check: Check | None = _host_list_problem
    kind: str = "host list"

    def read(self, values: Mapping[str, str]) -> HostAllowList:
        """The patterns; none when empty.

        Raises:
            InvalidHostPattern: An entry is not a host pattern.
        """
        return HostAllowList.parse(self._text(values))


class ToolSettings:
    """A tool's settings declarations, in the order they are shown.

    Args:
        *settings: The declarations; each name once.

    Raises:
        ValueError: A name is declared twice.
    """

    def __init__(self, *settings: Setting[Any]) -> None:
        self._settings: dict[str, Setting[Any]] = {}
        for setting in settings:
            if setting.name in self._settings:
                raise ValueError(f"The setting {setting.name!r} is declared twice.")
            self._settings[setting.name] = setting

    def __iter__(self) -> Iterator[Setting[Any]]:
        return iter(self._settings.values())

    def __len__(self) -> int:
        return len(self._settings)

    def get(self, name: str) -> Setting[Any] | None:
        """The declaration of ``name``, or None."""
        return self._settings.get(name)

    def schema(self) -> SettingsSchema:
        """The settings schema a definition carries."""
        return SettingsSchema(
            properties={setting.name: setting.field() for setting in self},
            required=tuple(setting.name for setting in self if setting.required),
        )


def declared(name: str, spec: SettingsField, required: bool = False) -> Setting[Any]:
    """The declaration a field that only exists as data amounts to (a plugin's JSON field)."""
    common: dict[str, Any] = {
        "name": name,
        "label": spec.title or name,
        "help": spec.description,
        "required": required,
        "secret": spec.secret,
        "group": spec.group,
    }
    if spec.option_source is not None or spec.enum:
        return ChoiceSetting(source=spec.option_source or "", choices=spec.enum, **common)
    if spec.format == "integer" and not spec.secret:
        return IntegerSetting(minimum=spec.minimum, maximum=spec.maximum, **common)
    return TextSetting(**common)
