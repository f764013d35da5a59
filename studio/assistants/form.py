"""An assistant's form as data: its fields, their choices, and the checks a filled-in form passes.

The UI builds its widgets from these descriptions and shows the problems :func:`validate`
returns under their fields; nothing here knows about widgets. Labels, placeholders and
messages are :func:`QT_TRANSLATE_NOOP` texts, translated where they are shown. The *values* of
choices are English, because they go into the model's instructions.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Literal

from studio.kernel.translatable import QT_TRANSLATE_NOOP, TranslatableText
from studio.web.targets import is_web_address

__all__ = [
    "LANGUAGES",
    "MAX_TEXT_CHARACTERS",
    "REQUIRED",
    "Choice",
    "FieldKind",
    "FieldProblem",
    "FormField",
    "FormValues",
    "validate",
]

FormValues = Mapping[str, str]
"""What the user entered, by field name; a missing name counts as empty."""

FieldKind = Literal["address", "line", "text", "choice"]
"""How a field is entered: a web address, one line, a longer text, or one of its choices."""

MAX_TEXT_CHARACTERS = 100_000
"""The most characters a text field takes: about 25,000 tokens, which most models still read
whole, and far more than a contract or a letter needs."""

_TOO_LONG = QT_TRANSLATE_NOOP(
    "AssistantForm", "This text is too long: at most {limit} characters, it has {length}."
)
_INVALID_ADDRESS = QT_TRANSLATE_NOOP(
    "AssistantForm", "Enter a complete address that starts with http:// or https://."
)
_UNKNOWN_CHOICE = QT_TRANSLATE_NOOP("AssistantForm", "Choose one of the listed options.")
REQUIRED = QT_TRANSLATE_NOOP("AssistantForm", "Fill in this field.")
"""The message of an empty required field that names nothing better."""


@dataclass(frozen=True, kw_only=True)
class Choice:
    """One option of a choice field."""

    value: str
    """What the assistant's prompts use; English, since it reaches the model."""
    label: TranslatableText
    """What the user sees."""


@dataclass(frozen=True, kw_only=True)
class FormField:
    """One field of an assistant's form."""

    name: str
    """The key of the field's value in :data:`FormValues`."""
    label: TranslatableText
    kind: FieldKind
    required: bool = False
    required_message: TranslatableText = REQUIRED
    """Shown when a required field is left empty; says what to enter."""
    placeholder: str = ""
    """A hint shown in the empty field; translated where it is a :class:`TranslatableText`."""
    choices: tuple[Choice, ...] = ()
    """The options of a choice field, in the order shown."""
    editable: bool = False
    """Whether a choice field also takes text the user types (a language not listed)."""
    default: str = ""
    """The value a new form starts with; for a choice field, one of the choices' values."""
    max_characters: int = MAX_TEXT_CHARACTERS

    def choice(self, value: str) -> Choice | None:
        """The choice with ``value``, or None."""
        return next((choice for choice in self.choices if choice.value == value), None)


@dataclass(frozen=True, kw_only=True)
class FieldProblem:
    """Why a field's value cannot be used, in words for the user."""

    field: str
    """The name of the field."""
    template: TranslatableText
    values: Mapping[str, object] = dataclasses.field(default_factory=dict)
    """What the template's placeholders are filled with, after translation."""

    def text(self, translate: Callable[[TranslatableText], str] = str) -> str:
        """The message in the language ``translate`` renders; English if a translation breaks."""
        try:
            return translate(self.template).format(**self.values)
        except (KeyError, IndexError, ValueError):
            return self.template.format(**self.values)


def validate(fields: Sequence[FormField], values: FormValues) -> tuple[FieldProblem, ...]:
    """The problems of ``values``, at most one per field, in the order of ``fields``."""
    problems = []
    for spec in fields:
        problem = _problem(spec, values.get(spec.name, ""))
        if problem is not None:
            problems.append(problem)
    return tuple(problems)


def _problem(spec: FormField, value: str) -> FieldProblem | None:
    if not value.strip():
        if spec.required:
            return FieldProblem(field=spec.name, template=spec.required_message)
        return None
    if len(value) > spec.max_characters:
        return FieldProblem(
            field=spec.name,
            template=_TOO_LONG,
            values={"limit": spec.max_characters, "length": len(value)},
        )
    if spec.kind == "address" and not is_web_address(value):
        return FieldProblem(field=spec.name, template=_INVALID_ADDRESS)
    if spec.kind == "choice" and not spec.editable and spec.choice(value) is None:
        return FieldProblem(field=spec.name, template=_UNKNOWN_CHOICE)
    return None


LANGUAGES = (
    Choice(value="English", label=QT_TRANSLATE_NOOP("AssistantForm", "English")),
    Choice(value="German", label=QT_TRANSLATE_NOOP("AssistantForm", "German")),
    Choice(value="French", label=QT_TRANSLATE_NOOP("AssistantForm", "French")),
    Choice(value="Spanish", label=QT_TRANSLATE_NOOP("AssistantForm", "Spanish")),
    Choice(value="Italian", label=QT_TRANSLATE_NOOP("AssistantForm", "Italian")),
    Choice(value="Portuguese", label=QT_TRANSLATE_NOOP("AssistantForm", "Portuguese")),
    Choice(value="Dutch", label=QT_TRANSLATE_NOOP("AssistantForm", "Dutch")),
    Choice(value="Polish", label=QT_TRANSLATE_NOOP("AssistantForm", "Polish")),
    Choice(value="Chinese", label=QT_TRANSLATE_NOOP("AssistantForm", "Chinese")),
    Choice(value="Japanese", label=QT_TRANSLATE_NOOP("AssistantForm", "Japanese")),
)
"""Languages offered for an answer; a language field also takes any other the user types."""
