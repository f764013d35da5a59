"""Texts that the UI translates, declared in Qt-free code.

The core marks user-visible texts with :func:`QT_TRANSLATE_NOOP`. ``pyside6-lupdate`` collects
those calls by name without importing anything, and the UI translates the returned text in the
context it carries when it shows it. Outside the UI (the command line, logs) the English text is
used as it is.
"""

from __future__ import annotations

__all__ = ["QT_TRANSLATE_NOOP", "TranslatableText"]


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
