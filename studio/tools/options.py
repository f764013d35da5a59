"""The lists of choices the app maintains for tool settings, in one place.

A settings field names a source instead of spelling its values out, so the list exists once and
the dialog shows translated labels. Labels are resolved every time they are asked for, never
cached, because the user can switch the language while the app runs.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from studio.kernel.translatable import QT_TRANSLATE_NOOP, TranslatableText

__all__ = [
    "COMMON_LANGUAGES",
    "FREE_ADDRESS_CHOICE",
    "SAFE_SEARCH",
    "Option",
    "is_known",
    "resolve",
    "values",
]

COMMON_LANGUAGES = "common_languages"
SAFE_SEARCH = "safe_search"
FREE_ADDRESS_CHOICE = "free_address_choice"


@dataclass(frozen=True)
class Option:
    """One choice: the stored value and the label shown to the user."""

    value: str
    label: TranslatableText


def _common_languages() -> tuple[Option, ...]:
    return (
        Option("all", QT_TRANSLATE_NOOP("ToolSettingsOptions", "Any language")),
        Option("ar-SA", QT_TRANSLATE_NOOP("ToolSettingsOptions", "Arabic")),
        Option("zh-CN", QT_TRANSLATE_NOOP("ToolSettingsOptions", "Chinese (simplified)")),
        Option("zh-TW", QT_TRANSLATE_NOOP("ToolSettingsOptions", "Chinese (traditional)")),
        Option("cs-CZ", QT_TRANSLATE_NOOP("ToolSettingsOptions", "Czech")),
        Option("da-DK", QT_TRANSLATE_NOOP("ToolSettingsOptions", "Danish")),
        Option("nl-NL", QT_TRANSLATE_NOOP("ToolSettingsOptions", "Dutch")),
        Option("en-GB", QT_TRANSLATE_NOOP("ToolSettingsOptions", "English (United Kingdom)")),
        Option("en-US", QT_TRANSLATE_NOOP("ToolSettingsOptions", "English (United States)")),
        Option("fi-FI", QT_TRANSLATE_NOOP("ToolSettingsOptions", "Finnish")),
        Option("fr-FR", QT_TRANSLATE_NOOP("ToolSettingsOptions", "French")),
        Option("de-DE", QT_TRANSLATE_NOOP("ToolSettingsOptions", "German (Germany)")),
        Option("de-AT", QT_TRANSLATE_NOOP("ToolSettingsOptions", "German (Austria)")),
        Option("de-CH", QT_TRANSLATE_NOOP("ToolSettingsOptions", "German (Switzerland)")),
        Option("el-GR", QT_TRANSLATE_NOOP("ToolSettingsOptions", "Greek")),
        Option("he-IL", QT_TRANSLATE_NOOP("ToolSettingsOptions", "Hebrew")),
        Option("hi-IN", QT_TRANSLATE_NOOP("ToolSettingsOptions", "Hindi")),
        Option("hu-HU", QT_TRANSLATE_NOOP("ToolSettingsOptions", "Hungarian")),
        Option("it-IT", QT_TRANSLATE_NOOP("ToolSettingsOptions", "Italian")),
        Option("ja-JP", QT_TRANSLATE_NOOP("ToolSettingsOptions", "Japanese")),
        Option("ko-KR", QT_TRANSLATE_NOOP("ToolSettingsOptions", "Korean")),
        Option("nb-NO", QT_TRANSLATE_NOOP("ToolSettingsOptions", "Norwegian")),
        Option("pl-PL", QT_TRANSLATE_NOOP("ToolSettingsOptions", "Polish")),
        Option("pt-BR", QT_TRANSLATE_NOOP("ToolSettingsOptions", "Portuguese (Brazil)")),
        Option("pt-PT", QT_TRANSLATE_NOOP("ToolSettingsOptions", "Portuguese (Portugal)")),
        Option("ro-RO", QT_TRANSLATE_NOOP("ToolSettingsOptions", "Romanian")),
        Option("ru-RU", QT_TRANSLATE_NOOP("ToolSettingsOptions", "Russian")),
        Option("es-ES", QT_TRANSLATE_NOOP("ToolSettingsOptions", "Spanish")),
        Option("sv-SE", QT_TRANSLATE_NOOP("ToolSettingsOptions", "Swedish")),
        Option("tr-TR", QT_TRANSLATE_NOOP("ToolSettingsOptions", "Turkish")),
        Option("uk-UA", QT_TRANSLATE_NOOP("ToolSettingsOptions", "Ukrainian")),
    )


def _safe_search() -> tuple[Option, ...]:
    return (
        Option("OFF", QT_TRANSLATE_NOOP("ToolSettingsOptions", "Off")),
        Option("MODERATE", QT_TRANSLATE_NOOP("ToolSettingsOptions", "Moderate")),
        Option("STRICT", QT_TRANSLATE_NOOP("ToolSettingsOptions", "Strict")),
    )


def _free_address_choice() -> tuple[Option, ...]:
    return (
        Option("OFF", QT_TRANSLATE_NOOP("ToolSettingsOptions", "Only addresses from the chat")),
        Option("ON", QT_TRANSLATE_NOOP("ToolSettingsOptions", "Any public address")),
    )


_SOURCES: dict[str, Callable[[], tuple[Option, ...]]] = {
    COMMON_LANGUAGES: _common_languages,
    SAFE_SEARCH: _safe_search,
    FREE_ADDRESS_CHOICE: _free_address_choice,
}


def is_known(source: str) -> bool:
    """Whether ``source`` names a list the app maintains."""
    return source in _SOURCES


def resolve(source: str) -> tuple[Option, ...]:
    """The current options of ``source``, labels freshly made.

    Raises:
        KeyError: ``source`` is not known.
    """
    return _SOURCES[source]()


def values(source: str) -> tuple[str, ...]:
    """The stored values ``source`` offers, in display order."""
    return tuple(option.value for option in resolve(source))
