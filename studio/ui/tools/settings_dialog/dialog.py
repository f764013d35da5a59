"""The settings dialog of one catalog entry: a tool, or a collection with a tab per member."""

from __future__ import annotations

import asyncio
import functools
from collections.abc import Callable

import shiboken6
from PySide6.QtCore import QEvent, QSize, Qt, Signal, Slot
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFrame,
    QHBoxLayout,
    QLabel,
    QScrollArea,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from studio.errors import ConfigError, SecretStoreError
from studio.kernel.translatable import TranslatableText
from studio.tools.registry import CatalogEntry, ToolRegistry
from studio.tools.settings import FieldState, ToolSettingsService
from studio.ui.i18n import translate
from studio.ui.icons import tool_icon
from studio.ui.looks import ERROR_ACCENT, WARNING_ACCENT, box_style, describe_managed, dim
from studio.ui.managed import switched_off_by
from studio.ui.tools.settings_dialog.field_editor import SettingsTool
from studio.ui.tools.settings_dialog.tool_form import ToolForm

__all__ = ["ToolSettingsDialog"]

_HEADER_ICON = QSize(40, 40)
_MAX_FIELDS_HEIGHT = 560
_MIN_FIELDS_HEIGHT = 160

_DIALOG_STYLE = "\n".join(
    (
        box_style("#ToolSettingsWarning", WARNING_ACCENT),
        box_style("#ToolSettingsMessage", ERROR_ACCENT),
    )
)


class ToolSettingsDialog(QDialog):
    """The settings of one catalog entry: a tool, or a collection with a tab per member.

    Open it with ``open()`` (never ``exec()``, which would stall the asyncio loop). It reads
    the field states in the background as soon as it is made, inside the running qasync loop.

    Args:
        registry: where the entry, its tools and their implementations come from.
        settings: reads the fields' states and saves the values.
        entry_id: a collection id, a tool id, or the id of a tool in a collection.
        parent: the owning widget.

    Signals:
        loaded(): the fields are shown (or why they cannot be).
        saved(): the values were saved; the dialog then closes.
    """

    loaded = Signal()
    saved = Signal()

    def __init__(
        self,
        registry: ToolRegistry,
        settings: ToolSettingsService,
        entry_id: str,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.setObjectName("ToolSettingsDialog")
        self.setStyleSheet(_DIALOG_STYLE)
        self.resize(620, 360)
        self._registry = registry
        self._settings = settings
        self._entry = registry.entry(entry_id)
        self._forms: list[ToolForm] = []
        self._tabs: QTabWidget | None = None
        self._load_task: asyncio.Task[None] | None = None
        self._save_task: asyncio.Task[None] | None = None
        self._entry_id = entry_id
        # The notes in the body and their texts, rendered again on a language change.
        self._notes: dict[QLabel, Callable[[], str]] = {}
        self._message_text: Callable[[], str] | None = None

        self._body = QVBoxLayout()
        self._placeholder = self._note(lambda: self.tr("Loading the settings…"))
        self._placeholder.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self._body.addWidget(self._placeholder, 1)
        self._message = QLabel(self)
        self._message.setObjectName("ToolSettingsMessage")
        self._message.setWordWrap(True)
        self._message.hide()
        self._buttons = QDialogButtonBox(self)
        self._save_button = self._buttons.addButton(QDialogButtonBox.StandardButton.Save)
        self._save_button.setEnabled(False)
        self._cancel_button = self._buttons.addButton(QDialogButtonBox.StandardButton.Cancel)
        self._buttons.accepted.connect(self._on_buttons_accepted)
        self._buttons.rejected.connect(self._on_buttons_rejected)

        layout = QVBoxLayout(self)
        layout.setContentsMargins(18, 18, 18, 14)
        layout.setSpacing(12)
        layout.addLayout(self._header())
        self._warning: QLabel | None = None
        if self._entry is not None and self._is_disabled_by_organization(self._entry):
            self._warning = QLabel(self)
            self._warning.setObjectName("ToolSettingsWarning")
            self._warning.setWordWrap(True)
            layout.addWidget(self._warning)
        layout.addLayout(self._body, 1)
        layout.addWidget(self._message)
        layout.addWidget(self._buttons)
        self._retranslate()

        if self._entry is None:
            self._set_note(
                self._placeholder, lambda: self.tr("This tool is not available in this app.")
            )
            self._show_close_only()
        else:
            self._load_task = asyncio.create_task(
                self._load(self._entry), name="tool-settings-load"
            )

    # Public API.

    @classmethod
    def open_for(
        cls,
        registry: ToolRegistry,
        settings: ToolSettingsService,
        entry_id: str,
        parent: QWidget,
    ) -> ToolSettingsDialog:
        """Open the settings of ``entry_id`` over ``parent``.

        Window-modal without a nested event loop (which would stall the asyncio tasks sharing
        the Qt loop); the dialog deletes itself when it closes.
        """
        dialog = cls(registry, settings, entry_id, parent)
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.open()
        return dialog

    def entry_id(self) -> str | None:
        """The id of the entry shown, or None when it is not known."""
        return self._entry.id if self._entry else None

    def is_saving(self) -> bool:
        """Whether a save is in progress."""
        return self._save_task is not None and not self._save_task.done()

    def message(self) -> str:
        """The error shown above the buttons, "" when there is none."""
        return self._message.text() if not self._message.isHidden() else ""

    def save(self) -> None:
        """Validate and save, as the Save button does."""
        if self.is_saving() or not self._forms:
            return
        self._save_task = asyncio.create_task(self._save(), name="tool-settings-save")

    def done(self, result: int) -> None:
        """Close; a load still running is cancelled.

        Cancelling is refused while a save is writing, so the values are saved whole; the save
        itself closes the dialog with "accepted" once it is done.
        """
        if self.is_saving() and result != QDialog.DialogCode.Accepted.value:
            return
        if self._load_task is not None:
            self._load_task.cancel()
        super().done(result)

    def changeEvent(self, event: QEvent) -> None:
        """Set the texts again in a new language."""
        if event.type() == QEvent.Type.LanguageChange:
            self._retranslate()
        super().changeEvent(event)

    # Building.

    def _retranslate(self) -> None:
        entry = self._entry
        name = translate(entry.display_name) if entry else self._entry_id
        self.setWindowTitle(self.tr("Tool settings: {name}").format(name=name))
        self._title.setText(name)
        self._description.setText(translate(entry.description) if entry else "")
        if self._warning is not None:
            self._warning.setText(
                self.tr(
                    "Your organisation has switched this tool off, so it is not offered in "
                    "chats. Its settings can still be changed."
                )
            )
            describe_managed((self._warning,), self._switched_off_by())
        for note, text in self._notes.items():
            note.setText(text())
        if self._tabs is not None:
            for index, form in enumerate(self._forms):
                self._tabs.setTabText(index, translate(form.tool.implementation.display_name()))
        if self._message_text is not None:
            self._message.setText(self._message_text())

    def _header(self) -> QHBoxLayout:
        entry = self._entry
        header = QHBoxLayout()
        header.setSpacing(14)
        icon = QLabel(self)
        icon.setObjectName("ToolSettingsIcon")
        icon.setFixedSize(_HEADER_ICON)
        icon.setPixmap(
            tool_icon(
                entry.icon if entry else "",
                self.style(),
                collection=bool(entry and entry.is_collection),
            ).pixmap(_HEADER_ICON)
        )
        self._title = QLabel(self)
        self._title.setObjectName("ToolSettingsName")
        font = self._title.font()
        font.setPointSizeF(font.pointSizeF() * 1.35)
        font.setBold(True)
        self._title.setFont(font)
        self._description = QLabel(self)
        self._description.setObjectName("ToolSettingsDescription")
        self._description.setWordWrap(True)
        texts = QVBoxLayout()
        texts.setSpacing(4)
        texts.addWidget(self._title)
        texts.addWidget(self._description)
        header.addWidget(icon, 0, Qt.AlignmentFlag.AlignTop)
        header.addLayout(texts, 1)
        return header

    def _switched_off_by(self) -> str:
        """The tooltip of the warning: the policy that switched the entry off."""
        ids = (self._entry.id, *self._entry.member_tool_ids) if self._entry else ()
        return switched_off_by(self._settings.organization, ids)

    def _is_disabled_by_organization(self, entry: CatalogEntry) -> bool:
        return self._settings.is_disabled_by_organization((entry.id, *entry.member_tool_ids))

    def _tools(self, entry: CatalogEntry) -> list[SettingsTool]:
        tools = []
        for tool_id in entry.member_tool_ids:
            definition = self._registry.definition(tool_id)
            implementation = self._registry.implementation_for(definition) if definition else None
            if definition is not None and implementation is not None:
                tools.append(SettingsTool(definition=definition, implementation=implementation))
        return tools

    async def _load(self, entry: CatalogEntry) -> None:
        pages: list[tuple[SettingsTool, list[FieldState]]] = []
        without: list[TranslatableText] = []
        try:
            for tool in self._tools(entry):
                if tool.definition.settings_schema.properties:
                    pages.append((tool, await self._settings.field_states(tool.definition)))
                else:
                    without.append(tool.implementation.display_name())
        except SecretStoreError as error:
            if shiboken6.isValid(self):
                reason = functools.partial(error.text, translate)
                self._set_note(
                    self._placeholder,
                    lambda: self.tr("The settings could not be read: {error}").format(
                        error=reason()
                    ),
                )
                self._show_close_only()
                self.loaded.emit()
            return
        if not shiboken6.isValid(self):
            return
        self._build(entry, pages, without)
        self.loaded.emit()

    def _build(
        self,
        entry: CatalogEntry,
        pages: list[tuple[SettingsTool, list[FieldState]]],
        without: list[TranslatableText],
    ) -> None:
        self._body.removeWidget(self._placeholder)
        del self._notes[self._placeholder]
        self._placeholder.setParent(None)
        self._placeholder.deleteLater()
        if not pages:
            note = self._note(lambda: self.tr("This tool has no settings."))
            note.setAlignment(Qt.AlignmentFlag.AlignCenter)
            self._add_to_body(note, 1)
            self._show_close_only()
            return
        self._forms = [ToolForm(tool, states) for tool, states in pages]
        if entry.is_collection:
            self._tabs = QTabWidget(self)
            self._tabs.setObjectName("ToolSettingsTabs")
            for form in self._forms:
                name = translate(form.tool.implementation.display_name())
                self._tabs.addTab(_scrolled(form), name)
            self._add_to_body(self._tabs, 1)
            if without:
                note = self._note(
                    lambda: self.tr(
                        "These tools of the collection have no settings: {names}"
                    ).format(names=", ".join(translate(name) for name in without))
                )
                dim(note)
                self._add_to_body(note)
        else:
            self._add_to_body(_scrolled(self._forms[0]), 1)
        for form in self._forms:
            form.changed.connect(self._on_form_changed)
        self._save_button.setEnabled(True)
        self._fit_to_fields()

    def _fit_to_fields(self) -> None:
        """Grow or shrink to show every field without scrolling, within a sensible height."""
        tallest = max(form.sizeHint().height() for form in self._forms)
        tab_bar = self._tabs.tabBar().sizeHint().height() + 16 if self._tabs else 0
        body = self._tabs if self._tabs is not None else self._forms[0].parentWidget()
        while body is not None and not isinstance(body, QScrollArea | QTabWidget):
            body = body.parentWidget()
        if body is None:
            return
        body.setMinimumHeight(min(tallest + tab_bar, _MAX_FIELDS_HEIGHT))
        width = self.width()
        self.adjustSize()
        self.resize(max(width, self.width()), self.height())
        # Fitted once; the user may still make the dialog smaller and scroll.
        body.setMinimumHeight(_MIN_FIELDS_HEIGHT)

    def _note(self, text: Callable[[], str]) -> QLabel:
        note = QLabel(self)
        note.setObjectName("ToolSettingsNote")
        note.setWordWrap(True)
        self._set_note(note, text)
        return note

    def _set_note(self, note: QLabel, text: Callable[[], str]) -> None:
        """Show ``text()`` in ``note``, now and again after a language change."""
        self._notes[note] = text
        note.setText(text())

    def _add_to_body(self, widget: QWidget, stretch: int = 0) -> None:
        self._body.addWidget(widget, stretch)
        # A widget added to a dialog already on screen is otherwise shown only by a later
        # event; showing it now lets "loaded" mean that the fields are there.
        widget.show()

    def _show_close_only(self) -> None:
        self._buttons.clear()
        close = self._buttons.addButton(QDialogButtonBox.StandardButton.Close)
        close.setDefault(True)

    # Saving.

    async def _save(self) -> None:
        self._set_busy(True)
        try:
            await self._validate_and_save()
        finally:
            if shiboken6.isValid(self):
                self._set_busy(False)

    async def _validate_and_save(self) -> None:
        for index, form in enumerate(self._forms):
            problem = await form.problem(self._settings)
            if problem is not None:
                if self._tabs is not None:
                    self._tabs.setCurrentIndex(index)
                self._show_message(problem)
                return
        try:
            for form in self._forms:
                await self._settings.save_values(
                    form.tool.definition,
                    form.values_to_save(),
                    implementation=form.tool.implementation,
                )
        except (ConfigError, SecretStoreError) as error:
            # What the user typed stays in the fields, so they can try again.
            self._show_message(functools.partial(error.text, translate))
            return
        for form in self._forms:
            form.forget_secrets()
        self._show_message(None)
        self.saved.emit()
        self.accept()

    def _set_busy(self, busy: bool) -> None:
        self._save_button.setEnabled(not busy and bool(self._forms))
        self._cancel_button.setEnabled(not busy)
        for form in self._forms:
            form.setEnabled(not busy)

    def _show_message(self, text: Callable[[], str] | None) -> None:
        """Show ``text()`` above the buttons, in the UI language of the moment; None hides it."""
        self._message_text = text
        self._message.setText(text() if text is not None else "")
        self._message.setVisible(text is not None)

    # Slots.

    @Slot()
    def _on_buttons_accepted(self) -> None:
        self.save()

    @Slot()
    def _on_buttons_rejected(self) -> None:
        self.reject()

    @Slot()
    def _on_form_changed(self) -> None:
        if self._message.isVisible():
            self._show_message(None)


def _scrolled(widget: QWidget) -> QScrollArea:
    area = QScrollArea()
    area.setWidgetResizable(True)
    area.setFrameShape(QFrame.Shape.NoFrame)
    area.setWidget(widget)
    # The fields sit on the dialog's own background, not on a panel of their own.
    widget.setAutoFillBackground(False)
    area.viewport().setAutoFillBackground(False)
    return area
