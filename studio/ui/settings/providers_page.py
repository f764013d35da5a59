"""The providers page of the app's settings: every provider, and adding, changing or removing one.

The list is what :class:`~studio.config.providers.ProviderStore` holds; adding and changing
happen in :class:`~studio.ui.onboarding.provider_setup.ProviderSetupDialog`, the dialog a new
user meets first, so both paths check and store a provider the same way. Whether a key is
stored is read from the keyring off the GUI thread, once for each provider and again after the
page changes it; the key itself is never shown.

The organisation's providers are listed first, marked as managed: they cannot be changed or
removed, but where the policy leaves the key to each user, Change lets the user enter theirs.
"""

from __future__ import annotations

import asyncio
import logging
from collections import Counter
from collections.abc import Coroutine
from typing import Any

from PySide6.QtCore import QEvent, Qt, Signal, Slot
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QMessageBox,
    QPushButton,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from studio.config.labels import KeyState, confidence_label
from studio.config.providers import ProviderSettings, ProviderStore
from studio.errors import StudioError
from studio.ui import i18n
from studio.ui.onboarding.provider_setup import ProviderSetupDialog

__all__ = ["ProvidersPage"]

logger = logging.getLogger(__name__)

_NAME, _TYPE, _MODEL, _CONFIDENCE, _KEY = range(5)

# What the setup dialog is told about a stored key; None where the keyring has not said.
_KEY_STORED: dict[KeyState | None, bool] = {KeyState.STORED: True, KeyState.NONE: False}


class ProvidersPage(QWidget):
    """Settings > Providers: the list, with Add, Change and Remove.

    Args:
        providers: The profile's providers.
        parent: The Qt parent.

    Signals:
        providers_changed(str): a provider was added, changed or removed; carries the name of
            the one added or changed ("" after a removal), for the picker to select.
    """

    providers_changed = Signal(str)

    def __init__(self, providers: ProviderStore, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("ProvidersPage")
        self._providers = providers
        # Whether each provider has a key in the keyring, as last read; a refresh reads only
        # the providers missing here. A change on this page forgets the provider it changed and
        # counts the change, so that a read under way meanwhile cannot store the state before it.
        self._keys: dict[str, KeyState] = {}
        self._key_changes: Counter[str] = Counter()
        self._tasks: set[asyncio.Task[Any]] = set()

        self._intro = QLabel(self)
        self._intro.setWordWrap(True)
        self.table = QTreeWidget(self)
        self.table.setObjectName("ProvidersTable")
        self.table.setRootIsDecorated(False)
        self.table.setUniformRowHeights(True)
        self.table.setAlternatingRowColors(True)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.setColumnCount(5)
        self.table.setStyleSheet("QTreeWidget::item { padding: 5px 6px; }")
        header = self.table.header()
        header.setStretchLastSection(False)
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(_MODEL, QHeaderView.ResizeMode.Stretch)
        self._empty = QLabel(self)
        self._empty.setObjectName("ProvidersEmpty")
        self._empty.setWordWrap(True)
        self._empty.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.add_button = QPushButton(self)
        self.add_button.setObjectName("AddProviderButton")
        self.change_button = QPushButton(self)
        self.change_button.setObjectName("ChangeProviderButton")
        self.remove_button = QPushButton(self)
        self.remove_button.setObjectName("RemoveProviderButton")
        self._managed = QLabel(self)
        self._managed.setObjectName("ProvidersManagedMarker")
        self._managed.setWordWrap(True)
        font = self._managed.font()
        font.setItalic(True)
        self._managed.setFont(font)
        self._managed.hide()
        self._error = QLabel(self)
        self._error.setObjectName("ProvidersPageError")
        self._error.setWordWrap(True)
        self._error.setStyleSheet("QLabel { color: palette(bright-text); }")
        self._error.hide()

        buttons = QHBoxLayout()
        buttons.addWidget(self.add_button)
        buttons.addWidget(self.change_button)
        buttons.addWidget(self.remove_button)
        buttons.addStretch(1)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self._intro)
        layout.addWidget(self.table, 1)
        layout.addWidget(self._empty)
        layout.addWidget(self._managed)
        layout.addLayout(buttons)
        layout.addWidget(self._error)

        self.add_button.clicked.connect(self._on_add_button_clicked)
        self.change_button.clicked.connect(self._on_change_button_clicked)
        self.remove_button.clicked.connect(self._on_remove_button_clicked)
        self.table.itemSelectionChanged.connect(self._update_buttons)
        self.table.itemDoubleClicked.connect(self._on_table_item_double_clicked)
        self._retranslate()
        self.refresh()

    # -- what the window and tests use ----------------------------------------------------------

    def refresh(self, *, select: str = "") -> None:
        """List the providers as the store holds them now; select ``select`` if given."""
        current = select or self.selected_name()
        self.table.clear()
        for settings in self._providers.list():
            item = QTreeWidgetItem(self.table)
            item.setData(_NAME, Qt.ItemDataRole.UserRole, settings.name)
            self._fill(item, settings)
            if settings.name == current:
                self.table.setCurrentItem(item)
        items = self._items()
        if self.table.currentItem() is None and items:
            self.table.setCurrentItem(items[0])
        has_providers = bool(items)
        self.table.setVisible(has_providers)
        self._empty.setVisible(not has_providers)
        self._update_buttons()
        # A keyring that could not answer is asked again.
        unread = [
            settings.name
            for settings in self._providers.list()
            if self._keys.get(settings.name, KeyState.UNREADABLE) is KeyState.UNREADABLE
        ]
        if unread:
            self._start(self._read_keys(unread))

    def selected_name(self) -> str:
        """The name of the selected provider; "" when none is selected."""
        item = self.table.currentItem()
        return str(item.data(_NAME, Qt.ItemDataRole.UserRole)) if item is not None else ""

    def rows(self) -> list[tuple[str, ...]]:
        """The texts of each row, as shown."""
        columns = range(self.table.columnCount())
        return [tuple(item.text(column) for column in columns) for item in self._items()]

    def _items(self) -> list[QTreeWidgetItem]:
        items = map(self.table.topLevelItem, range(self.table.topLevelItemCount()))
        return [item for item in items if item is not None]

    def error_text(self) -> str:
        """The error shown under the list; empty when there is none."""
        return self._error.text() if not self._error.isHidden() else ""

    def managed_text(self) -> str:
        """The marker shown while a managed provider is selected; empty otherwise."""
        return self._managed.text() if not self._managed.isHidden() else ""

    def managed_tooltip(self, name: str) -> str:
        """What hovering the provider called ``name`` says of its policy; "" for the user's own."""
        label = self._providers.managed_label(name)
        return "" if label is None else i18n.translate(label)

    def open_setup(self, name: str = "") -> ProviderSetupDialog:
        """Open the dialog that adds a provider, or changes the one called ``name``."""
        editing = self._providers.get(name) if name else None
        dialog = ProviderSetupDialog(
            self._providers,
            editing=editing,
            key_stored=_KEY_STORED.get(self._keys.get(name)) if name else None,
            parent=self,
        )
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.provider_added.connect(self._on_dialog_provider_saved)
        dialog.open()
        return dialog

    def ask_to_remove(self, name: str) -> QMessageBox:
        """Ask whether to remove the provider called ``name`` (window-modal, no nested loop)."""
        if self._keys.get(name) is not KeyState.NONE:
            # Also when the keyring has not answered yet: better to mention a key that is not
            # there than to delete one unannounced.
            question = self.tr(
                "Remove the provider {name}? Its API key is deleted from the keyring. Chats "
                "that used it stay."
            )
        else:
            question = self.tr("Remove the provider {name}? Chats that used it stay.")
        box = QMessageBox(
            QMessageBox.Icon.Question,
            self.tr("Remove provider"),
            question.format(name=name),
            QMessageBox.StandardButton.Cancel,
            self,
        )
        box.setObjectName("RemoveProviderQuestion")
        box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        remove = box.addButton(self.tr("Remove"), QMessageBox.ButtonRole.AcceptRole)
        remove.setObjectName("RemoveProviderConfirm")
        box.setDefaultButton(QMessageBox.StandardButton.Cancel)
        box.accepted.connect(lambda: self._start(self._remove(name)))
        box.open()
        return box

    def pending(self) -> bool:
        """Whether a removal or a keyring read is still running."""
        return any(not task.done() for task in self._tasks)

    async def aclose(self) -> None:
        """Wait until every change started on the page is done."""
        while self._tasks:
            await asyncio.wait(set(self._tasks))

    # -- texts -----------------------------------------------------------------------------------

    def _retranslate(self) -> None:
        self._intro.setText(
            self.tr(
                "The model providers Studio can ask. API keys are kept in your system's keyring, "
                "never in a file; the confidence you give a provider decides which tools it may "
                "use."
            )
        )
        self.table.setHeaderLabels(
            [
                self.tr("Name"),
                self.tr("Type"),
                self.tr("Model"),
                self.tr("Confidence"),
                self.tr("API key"),
            ]
        )
        self._empty.setText(self.tr("No provider is set up yet. Add one to start chatting."))
        self.add_button.setText(self.tr("&Add…"))
        self.change_button.setText(self.tr("&Change…"))
        self.remove_button.setText(self.tr("&Remove"))
        for item in self._items():
            settings = self._providers.get(str(item.data(_NAME, Qt.ItemDataRole.UserRole)))
            if settings is not None:
                self._fill(item, settings)

    def changeEvent(self, event: QEvent) -> None:
        """Set the texts again in a new language."""
        if event.type() == QEvent.Type.LanguageChange:
            self._retranslate()
        super().changeEvent(event)

    def _fill(self, item: QTreeWidgetItem, settings: ProviderSettings) -> None:
        address = settings.effective_base_url
        item.setText(_NAME, settings.name)
        item.setText(_TYPE, i18n.translate(settings.profile.display_name))
        item.setText(_MODEL, settings.model)
        item.setToolTip(_MODEL, address)
        item.setText(_CONFIDENCE, i18n.translate(confidence_label(settings.confidence)))
        state = self._keys.get(settings.name)
        # Empty until the keyring has answered.
        label = None if state is None else self._providers.key_label(settings.name, state)
        item.setText(_KEY, "" if label is None else i18n.translate(label))
        managed = self.managed_tooltip(settings.name)
        for column in (_NAME, _TYPE, _CONFIDENCE):
            item.setToolTip(column, managed)
        problem = self._providers.key_problem(settings.name)
        item.setToolTip(_KEY, "" if problem is None else i18n.translate(problem))
        font = item.font(_NAME)
        font.setItalic(bool(managed))
        item.setFont(_NAME, font)

    # -- work ------------------------------------------------------------------------------------

    def _start(self, coroutine: Coroutine[Any, Any, None]) -> None:
        task = asyncio.get_running_loop().create_task(coroutine)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _read_keys(self, names: list[str]) -> None:
        # The keyring may be slow or locked; the column fills in when it answers.
        for name in names:
            changes = self._key_changes[name]
            try:
                state = await self._providers.key_state(name)
            except StudioError as error:
                # Removed meanwhile (by this page or another program); the list follows.
                logger.info("No key state for %r: %s", name, error)
                continue
            if self._key_changes[name] == changes:
                self._keys[name] = state
        self._retranslate()

    def _forget_key(self, name: str) -> None:
        self._keys.pop(name, None)
        self._key_changes[name] += 1

    async def _remove(self, name: str) -> None:
        try:
            await self._providers.remove(name)
        except StudioError as error:
            self._show_error(
                self.tr("The provider could not be removed: {problem}").format(
                    problem=error.text(i18n.translate)
                )
            )
            return
        except OSError as error:
            logger.warning("The providers file could not be saved: %s", error)
            self._show_error(
                self.tr("The provider could not be removed: {problem}").format(problem=error)
            )
            return
        self._forget_key(name)
        self._show_error("")
        self.refresh()
        self.providers_changed.emit("")

    def _show_error(self, message: str) -> None:
        self._error.setText(message)
        self._error.setVisible(bool(message))

    # -- slots -----------------------------------------------------------------------------------

    @Slot()
    def _update_buttons(self) -> None:
        name = self.selected_name()
        managed = bool(name) and self._providers.is_managed(name)
        # A managed provider changes only by its user's own key, where the policy allows one.
        self.change_button.setEnabled(bool(name) and self._providers.accepts_user_key(name))
        self.remove_button.setEnabled(bool(name) and not managed)
        if managed:
            self._managed.setText(
                self.tr("Managed by your organisation; you can enter your own API key.")
                if self._providers.accepts_user_key(name)
                else self.tr("Managed by your organisation")
            )
            self._managed.setToolTip(self.managed_tooltip(name))
        self._managed.setVisible(managed)

    @Slot()
    def _on_add_button_clicked(self) -> None:
        self.open_setup()

    @Slot()
    def _on_change_button_clicked(self) -> None:
        if self.selected_name():
            self.open_setup(self.selected_name())

    @Slot()
    def _on_remove_button_clicked(self) -> None:
        if self.selected_name():
            self.ask_to_remove(self.selected_name())

    @Slot(QTreeWidgetItem, int)
    def _on_table_item_double_clicked(self, item: QTreeWidgetItem, _column: int) -> None:
        name = str(item.data(_NAME, Qt.ItemDataRole.UserRole))
        if self._providers.accepts_user_key(name):
            self.open_setup(name)

    @Slot(str)
    def _on_dialog_provider_saved(self, name: str) -> None:
        self._forget_key(name)
        self.refresh(select=name)
        self.providers_changed.emit(name)
