"""Texts that the UI translates, declared in Qt-free code.

The core marks user-visible texts with :func:`QT_TRANSLATE_NOOP`. ``pyside6-lupdate`` collects
those calls by name without importing anything, and the UI translates the returned text in the
context it carries when it shows it. Outside the UI (the command line, logs) the English text is
used as it is.

A message with values (a file name, a number) is a template plus values: :func:`fill` renders
it, translating the template first and filling in the values afterwards, and
:class:`TranslatableMessage` carries both as one finished English ``str`` until the UI renders
it. Errors do the same through :meth:`studio.errors.StudioError.text`.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Mapping
from types import MappingProxyType

__all__ = ["QT_TRANSLATE_NOOP", "TranslatableMessage", "TranslatableText", "Translate", "fill"]

logger = logging.getLogger(__name__)


class TranslatableText(str):
    """An English text that remembers its translation context.

    It is a ``str``, so code that does not translate can print or compare it unchanged.
    """

    __slots__ = ("context",)
    context: str

    def __new__(cls, context: str, text: str) -> TranslatableText:  # noqa: D102
        instance = super().__new__(cls, text)
        instance.context = context
        return instance

    def __reduce__(self) -> tuple[type[TranslatableText], tuple[str, str]]:
        return (TranslatableText, (self.context, str(self)))


# The upper-case name is what pyside6-lupdate looks for.
def QT_TRANSLATE_NOOP(context: str, text: str) -> TranslatableText:
    """Mark ``text`` for translation in ``context`` and return it untranslated."""
    return TranslatableText(context, text)


Translate = Callable[[TranslatableText], str]
"""Renders a marked text in some language: the UI's translator, or ``str`` for English."""


def fill(
    template: TranslatableText, values: Mapping[str, object], translate: Translate = str
) -> str:
    """``template`` rendered by ``translate``, then filled in with ``values``.

    Values that are themselves translatable (a :class:`TranslatableText`, a
    :class:`TranslatableMessage`) are rendered in the same language first. Values are filled in
    only when there are some, so a template without values may contain braces. A translation
    that does not fit the values falls back to the English template, so a broken catalogue
    never hides a message.
    """
    text = translate(template)
    if not values:
        return text
    rendered = {name: _rendered(value, translate) for name, value in values.items()}
    try:
        return text.format(**rendered)
    except (KeyError, IndexError, ValueError):
        logger.warning("The translation of %r does not fit its values.", str(template))
        return template.format(**rendered)


def _rendered(value: object, translate: Translate) -> object:
    if isinstance(value, TranslatableMessage):
        return value.text(translate)
    if isinstance(value, TranslatableText):
        return translate(value)
    return value


class TranslatableMessage(str):
    """A translatable template filled in with its values: a finished message, in English.

    It is a ``str`` holding the English text, so logs, the command line and tests use it as it
    is; the UI calls :meth:`text` with its translator (``studio.ui.i18n.translate`` does that
    by itself) and gets the message in the UI language, values filled in after translating.

    Args:
        template: The message, with the values as ``str.format`` placeholders.
        **values: The values the template names.
    """

    __slots__ = ("template", "values")
    template: TranslatableText
    values: Mapping[str, object]

    def __new__(cls, template: TranslatableText, /, **values: object) -> TranslatableMessage:  # noqa: D102
        instance = super().__new__(cls, fill(template, values))
        instance.template = template
        instance.values = MappingProxyType(values)
        return instance

    def __reduce__(self) -> tuple[Callable[..., TranslatableMessage], tuple[object, ...]]:
        return (_rebuild_message, (self.template, dict(self.values)))

    def text(self, translate: Translate = str) -> str:
        """The message in the language ``translate`` renders."""
        return fill(self.template, self.values, translate)


def _rebuild_message(template: TranslatableText, values: dict[str, object]) -> TranslatableMessage:
    return TranslatableMessage(template, **values)
