"""The language page of the app's settings: which language the UI speaks.

The choice applies at once, without a restart (the :class:`~studio.ui.i18n.LanguageManager`
installs the catalogue and every widget retranslates), and is then stored in the settings.
Languages are listed by their own names ("Deutsch", "Français"), so that a user who cannot read
the current language still finds theirs.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any

from PySide6.QtCore import QEvent, Signal, Slot
from PySide6.QtWidgets import QComboBox, QFormLayout, QGroupBox, QLabel, QVBoxLayout, QWidget

from studio.errors import ConfigError
from studio.ui import i18n

__all__ = ["LanguagePage"]

logger = logging.getLogger(__name__)


class LanguagePage(QWidget):
    """Settings > Language: a list of the languages, applied as soon as one is chosen.

    Args:
        manager: The application's language manager.
        parent: The Qt parent.

    Signals:
        language_stored(str): the choice was written to the settings (the code, "" for the OS).
    """

    language_stored = Signal(str)

    def __init__(self, manager: i18n.LanguageManager, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("LanguagePage")
        self._manager = manager
        self._tasks: set[asyncio.Task[Any]] = set()

        self._box = QGroupBox(self)
        self._intro = QLabel(self._box)
        self._intro.setWordWrap(True)
        self._label = QLabel(self._box)
        self.combo = QComboBox(self._box)
        self.combo.setObjectName("LanguageCombo")
        self.combo.addItem("", i18n.SYSTEM_DEFAULT)
        for language in i18n.LANGUAGES:
            # Each language in itself, never translated: data, not UI text.
            self.combo.addItem(language.name, language.code)
        self._label.setBuddy(self.combo)
        self._note = QLabel(self._box)
        self._note.setWordWrap(True)
        self._error = QLabel(self)
        self._error.setObjectName("LanguagePageError")
        self._error.setWordWrap(True)
        self._error.hide()

        form = QFormLayout()
        form.addRow(self._label, self.combo)
        inner = QVBoxLayout(self._box)
        inner.addWidget(self._intro)
        inner.addLayout(form)
        inner.addWidget(self._note)
        outer = QVBoxLayout(self)
        outer.addWidget(self._box)
        outer.addWidget(self._error)
        outer.addStretch(1)

        self._select(manager.choice)
        self.combo.activated.connect(self._on_combo_activated)
        self._retranslate()

    def choice(self) -> str:
        """The choice the list shows: a language code, or "" for the OS language."""
        return str(self.combo.currentData())

    def pending(self) -> bool:
        """Whether a choice is still being written to the settings."""
        return any(not task.done() for task in self._tasks)

    async def aclose(self) -> None:
        """Wait until every choice made on the page is stored."""
        while self._tasks:
            await asyncio.wait(set(self._tasks))

    def changeEvent(self, event: QEvent) -> None:
        """Set the texts again in the new language."""
        if event.type() == QEvent.Type.LanguageChange:
            # The choice may have come from elsewhere (the settings file changed on disk).
            self._select(self._manager.choice)
            self._retranslate()
        super().changeEvent(event)

    def _retranslate(self) -> None:
        self._box.setTitle(self.tr("Language"))
        self._intro.setText(
            self.tr(
                "The language of Studio's menus, dialogs and messages. A new choice applies at "
                "once."
            )
        )
        self._label.setText(self.tr("&Language:"))
        system = next(
            language.name for language in i18n.LANGUAGES if language.code == i18n.system_language()
        )
        self.combo.setItemText(0, self.tr("System default ({language})").format(language=system))
        self.combo.setToolTip(self.tr("Follows the language of your operating system by default"))
        self._note.setText(
            self.tr(
                "What Studio sends to a model, such as the descriptions of its tools, stays in "
                "English, the language models follow best."
            )
        )

    def _select(self, choice: str) -> None:
        index = self.combo.findData(choice)
        self.combo.setCurrentIndex(max(index, 0))

    def _start(self, choice: str) -> None:
        task = asyncio.get_running_loop().create_task(self._store(choice))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _store(self, choice: str) -> None:
        try:
            await self._manager.store_choice(choice)
        except ConfigError as error:
            logger.warning("The language could not be stored: %s", error)
            self._error.setText(
                self.tr("The language applies now but could not be saved: {error}").format(
                    error=error.text(i18n.translate)
                )
            )
            self._error.show()
            return
        self._error.hide()
        self.language_stored.emit(choice)

    @Slot(int)
    def _on_combo_activated(self, index: int) -> None:
        choice = str(self.combo.itemData(index))
        self._manager.apply(choice)
        self._start(choice)
