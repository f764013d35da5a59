"""The app's own settings outside the tools: for now, the user's UI language.

The values live in the same settings file as the tool settings (``UserSettings.appearance``)
and are written through the same :class:`~studio.config.store.SettingsStore`. Every change
reads the file again, changes its own section and writes it back, so it keeps what other
services wrote since.
"""

from __future__ import annotations

import asyncio
import re

from studio.config.models import UserSettings
from studio.config.store import LoadResult, SettingsStore
from studio.errors import ConfigError
from studio.kernel.translatable import QT_TRANSLATE_NOOP

__all__ = ["LANGUAGE_CODE", "AppSettingsService"]

LANGUAGE_CODE = re.compile(r"[a-z]{2,3}(?:[_-][A-Za-z0-9]{2,8})*")
"""What a stored language looks like: "de", "pt_BR", "zh-Hant"; "" means the OS language."""

_NOT_A_LANGUAGE = QT_TRANSLATE_NOOP(
    "AppSettings", "{language!r} is not a language code such as 'de' or 'pt_BR'"
)
_NOT_WRITTEN = QT_TRANSLATE_NOOP("AppSettings", "The settings file cannot be written: {error}")


class AppSettingsService:
    """Reads and writes the app settings of one profile.

    Args:
        store: The profile's settings file.
        loaded: The file as the caller has just read it from ``store`` (the services read it
            once for both settings services); when None it is read once, now.
    """

    def __init__(self, store: SettingsStore, *, loaded: LoadResult | None = None) -> None:
        self._store = store
        if loaded is None:
            loaded = store.load()
        self._language = loaded.settings.appearance.language
        self.load_notice = loaded.notice
        """What the user should be told about reading the settings file, if anything."""
        self._update_lock = asyncio.Lock()

    @property
    def language(self) -> str:
        """The UI language the user chose, as a code; "" follows the operating system."""
        return self._language

    def adopt(self, settings: UserSettings) -> bool:
        """Take ``settings``, just read again from the file.

        Returns:
            Whether the language differs from the one held before.
        """
        changed = settings.appearance.language != self._language
        self._language = settings.appearance.language
        return changed

    async def set_language(self, language: str) -> None:
        """Store ``language`` (a code such as "de", or "" for the OS language).

        Raises:
            ConfigError: ``language`` is not a language code, or the file cannot be written.
        """
        if language and LANGUAGE_CODE.fullmatch(language) is None:
            raise ConfigError(_NOT_A_LANGUAGE, language=language)
        async with self._update_lock:
            await asyncio.to_thread(self._write_language, language)
            self._language = language

    def _write_language(self, language: str) -> None:
        try:
            settings = self._store.load().settings
            settings.appearance.language = language
            self._store.save(settings)
        except OSError as error:
            raise ConfigError(_NOT_WRITTEN, error=str(error)) from error
