"""Translating texts the Qt-free core marked with ``QT_TRANSLATE_NOOP``, at render time."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication

from studio.translatable import TranslatableText

__all__ = ["translate"]


def translate(text: str) -> str:
    """``text`` in the UI language when the core marked it for translation, else unchanged.

    Texts are translated where they are shown, never cached, so a language switch shows at the
    next render.
    """
    if isinstance(text, TranslatableText):
        return QCoreApplication.translate(text.context, str(text))
    return text
