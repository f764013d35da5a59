"""The settings dialog of one tool or collection, generated from the tools' settings schemas.

Nothing here is written for a particular tool (HS-19): the fields, their groups and kinds come
from the definition's settings schema, their texts, defaults, visibility and warnings from the
implementation, and their current state from :meth:`ToolSettingsService.field_states`. Saving
goes through :meth:`ToolSettingsService.save_values`, which sends secrets to the keyring.

A stored secret is never read into the dialog: its field stays empty with a placeholder saying
that one is stored. Leaving it untouched keeps it; "Remove" clears it when the dialog saves.

Every text is set by a ``_retranslate`` method that ``__init__`` calls and ``changeEvent``
calls again on ``QEvent.LanguageChange``; texts that depend on what happened (the note while
loading, the message above the buttons) are kept as functions that render them, so an open
dialog follows a language switch. Labels from the tools and option sources are looked up at
render time, never kept.
"""

from __future__ import annotations

import asyncio
import functools
import html
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import shiboken6
from PySide6.QtCore import QEvent, QSize, Qt, QUrl, Signal, Slot
from PySide6.QtGui import QDesktopServices
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QFrame,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QScrollArea,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from studio.errors import ConfigError, SecretStoreError
from studio.kernel.context import MASK
from studio.kernel.definition import ToolDefinition
from studio.kernel.translatable import TranslatableText
from studio.tools import options
from studio.tools.implementation import ToolImplementation
from studio.tools.registry import CatalogEntry, ToolRegistry
from studio.tools.settings import FieldState, ToolSettingsService, ValueSource
from studio.ui.i18n import translate
from studio.ui.icons import tool_icon
from studio.ui.looks import ERROR_ACCENT, WARNING_ACCENT, box_style, dim, mark_managed

__all__ = ["ToolSettingsDialog"]

_HEADER_ICON = QSize(40, 40)
_MAX_FIELDS_HEIGHT = 560
_MIN_FIELDS_HEIGHT = 160

_DIALOG_STYLE = "\n".join(
    (
        box_style("#ToolSettingsWarning", WARNING_ACCENT),
        box_style("#ToolSettingsFieldWarnings", WARNING_ACCENT),
        box_style("#ToolSettingsMessage", ERROR_ACCENT),
    )
)


@dataclass(frozen=True, kw_only=True)
class _Tool:
    """One member of the entry whose settings the dialog shows."""

    definition: ToolDefinition
    implementation: ToolImplementation


class _FieldEditor(QWidget):
    """The input of one settings field, with its hint, its organisation marker and its state.

    Signals:
        changed(): the user edited the value (or asked to remove a stored secret).
    """

    changed = Signal()

    def __init__(
        self,
        state: FieldState,
        tool: _Tool,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.state = state
        self.name = state.name
        self._implementation = tool.implementation
        self._remove_requested = False
        self._stored = state.spec.secret and state.has_value
        key = f"{tool.definition.id}.{state.name}"
        self._default = (
            None
            if state.spec.secret
            else state.organization_default
            or self._implementation.settings_field_default(state.name)
        )
        self._combo: QComboBox | None = None
        self._line: QLineEdit | None = None
        self._remove: QPushButton | None = None

        row = QHBoxLayout()
        row.setContentsMargins(0, 0, 0, 0)
        if state.spec.option_source is not None or state.spec.enum:
            self._combo = self._make_combo()
            self._combo.setObjectName(key)
            row.addWidget(self._combo, 1)
        else:
            self._line = self._make_line()
            self._line.setObjectName(key)
            row.addWidget(self._line, 1)
            if state.spec.secret and state.has_value and not state.locked:
                self._remove = QPushButton(self)
                self._remove.setObjectName(f"{key}.remove")
                self._remove.clicked.connect(self._on_remove_clicked)
                row.addWidget(self._remove)

        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(3)
        layout.addLayout(row)
        self._hint: QLabel | None = None
        # Whether there is a hint does not depend on the language; its text does.
        if self._hint_text():
            self._hint = dim(QLabel(self))
            self._hint.setObjectName(f"{key}.hint")
            self._hint.setWordWrap(True)
            layout.addWidget(self._hint)
        self._marker: QLabel | None = None
        if state.locked:
            self._marker = mark_managed(QLabel(self))
            self._marker.setObjectName(f"{key}.managed")
            layout.addWidget(self._marker)
        self._retranslate()

    def label(self) -> str:
        """The field's label in the UI language."""
        return translate(self._implementation.settings_field_label(self.name, self.state.spec))

    def _retranslate(self) -> None:
        if self._remove is not None:
            self._remove.setText(self.tr("Remove"))
            self._remove.setToolTip(self.tr("Remove the stored secret when you save"))
        if self._hint is not None:
            self._hint.setText(self._hint_text())
        if self._marker is not None:
            self._marker.setText(self.tr("Managed by your organisation"))
            self.setToolTip(self.tr("Managed by your organisation"))
        if self._combo is not None:
            self._retranslate_combo(self._combo)
        self._show_placeholder()

    def _retranslate_combo(self, combo: QComboBox) -> None:
        labels = dict(self._choices())
        if not self.state.required:
            labels[""] = self.tr("Not set")
        for index in range(combo.count()):
            value = combo.itemData(index)
            # A stored value that is no longer offered keeps showing as it is.
            if value in labels:
                combo.setItemText(index, labels[value])
        # Shown only while nothing is chosen.
        combo.setPlaceholderText(self.tr("Choose…"))

    def _show_placeholder(self) -> None:
        if self._line is None:
            return
        if not self.state.spec.secret:
            # Only the user's own value is editable text; the organisation's default stays the
            # placeholder, so saving does not turn it into the user's value.
            self._line.setPlaceholderText(self._default or "")
        # The stored secret is never read back; the placeholder only says whether one exists.
        elif self.state.locked:
            self._line.setPlaceholderText(self.tr("Set by your organisation"))
        elif self._remove_requested:
            self._line.setPlaceholderText(self.tr("Removed when you save"))
        elif self._stored:
            self._line.setPlaceholderText(self.tr("Stored in the keyring"))
        else:
            self._line.setPlaceholderText(self.tr("Not set"))

    def changeEvent(self, event: QEvent) -> None:
        """Set the texts again in a new language."""
        if event.type() == QEvent.Type.LanguageChange:
            self._retranslate()
        super().changeEvent(event)

    def _make_line(self) -> QLineEdit:
        line = QLineEdit(self)
        state = self.state
        if state.spec.secret:
            line.setEchoMode(QLineEdit.EchoMode.Password)
        elif state.locked or state.source == ValueSource.USER:
            line.setText(state.value)
        line.setEnabled(not state.locked)
        line.textEdited.connect(self._on_line_text_edited)
        return line

    def _make_combo(self) -> QComboBox:
        combo = QComboBox(self)
        state = self.state
        # The items get their texts in _retranslate().
        if not state.required:
            combo.addItem("", "")
        for value, _label in self._choices():
            combo.addItem("", value)
        current = state.value if state.locked or state.source == ValueSource.USER else ""
        index = combo.findData(current)
        if current and index < 0:
            # A stored value that is no longer offered stays visible; saving reports it.
            combo.addItem(current, current)
            index = combo.count() - 1
        combo.setCurrentIndex(index)
        combo.setEnabled(not state.locked)
        combo.currentIndexChanged.connect(self._on_combo_current_index_changed)
        return combo

    def _choices(self) -> list[tuple[str, str]]:
        spec = self.state.spec
        if spec.option_source is not None and options.is_known(spec.option_source):
            # Resolved now and never kept: the labels follow the UI language.
            return [
                (option.value, translate(option.label))
                for option in options.resolve(spec.option_source)
            ]
        return [(value, value) for value in spec.enum]

    def _hint_text(self) -> str:
        description = translate(
            self._implementation.settings_field_description(self.name, self.state.spec)
        )
        parts = [description] if description else []
        if self._default:
            shown = dict(self._choices()).get(self._default, self._default)
            parts.append(self.tr("Default: {value}").format(value=shown))
        return " ".join(parts)

    # What the dialog reads back.

    @property
    def editor(self) -> QWidget:
        """The input widget."""
        widget: QWidget | None = self._combo if self._combo is not None else self._line
        assert widget is not None
        return widget

    def _entered(self) -> str:
        if self._combo is not None:
            data = self._combo.currentData()
            return data.strip() if isinstance(data, str) else ""
        assert self._line is not None
        return self._line.text().strip()

    def live_value(self) -> str:
        """The value as the tool's visibility rules and warnings see it while editing.

        A stored secret that is kept counts as set without being read: it shows as a mask.
        """
        if self.state.spec.secret:
            entered = self._entered()
            if entered:
                return entered
            kept = self._stored and not self._remove_requested
            return MASK if kept else ""
        override = self.would_be_value()
        return self.state.value if override is None else override

    def would_be_value(self) -> str | None:
        """The effective value after saving, or None when saving leaves the field as it is."""
        if self.state.locked:
            return None
        entered = self._entered()
        if self.state.spec.secret:
            if entered:
                return entered
            return "" if self._remove_requested else None
        return entered or (self.state.organization_default or "")

    def value_to_save(self) -> str | None:
        """What to send to the settings service; None sends nothing for this field."""
        if self.state.locked:
            return None
        entered = self._entered()
        if self.state.spec.secret and not entered:
            return "" if self._remove_requested else None
        return entered

    def forget_secret(self) -> None:
        """Clear a typed secret once it is saved, so no widget holds it any longer."""
        if self.state.spec.secret and self._line is not None:
            self._stored = bool(self._line.text().strip()) or (
                self._stored and not self._remove_requested
            )
            self._line.clear()
            self._remove_requested = False
            self._show_placeholder()

    # Slots.

    @Slot(str)
    def _on_line_text_edited(self, text: str) -> None:
        self.changed.emit()

    @Slot(int)
    def _on_combo_current_index_changed(self, index: int) -> None:
        self.changed.emit()

    @Slot()
    def _on_remove_clicked(self) -> None:
        assert self._line is not None
        assert self._remove is not None
        self._remove_requested = True
        self._line.clear()
        self._show_placeholder()
        self._remove.setEnabled(False)
        self.changed.emit()


class _ToolForm(QWidget):
    """The fields of one tool, grouped, with its live warnings.

    Signals:
        changed(): a field changed; visibility and warnings have been re-evaluated.
    """

    changed = Signal()

    def __init__(self, tool: _Tool, states: Sequence[FieldState], parent: QWidget | None = None):
        super().__init__(parent)
        self.tool = tool
        self._fields: dict[str, _FieldEditor] = {}
        self._labels: dict[str, QLabel] = {}
        self._headings: dict[str, list[QWidget]] = {}
        self._group_texts: dict[str, tuple[QLabel, QLabel | None]] = {}
        self._field_group: dict[str, str] = {}
        self._legend: QLabel | None = None

        self._warnings = QLabel(self)
        self._warnings.setObjectName("ToolSettingsFieldWarnings")
        self._warnings.setWordWrap(True)
        self._warnings.hide()
        # One form for every group, so the labels of all groups share one column.
        self._form = QFormLayout()
        self._form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
        self._form.setLabelAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignTop)
        self._form.setHorizontalSpacing(14)
        self._form.setVerticalSpacing(10)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(2, 2, 8, 2)
        layout.setSpacing(12)
        layout.addWidget(self._warnings)
        layout.addLayout(self._form)

        groups: dict[str, list[FieldState]] = {}
        for state in states:
            groups.setdefault(state.spec.group, []).append(state)
        for index, (group, members) in enumerate(groups.items()):
            self._add_heading(group, first=index == 0)
            for state in members:
                editor = _FieldEditor(state, tool, self)
                editor.changed.connect(self._on_field_changed)
                label = QLabel(self)
                label.setBuddy(editor.editor)
                # As tall as the input and no taller, so it lines up with the input and not
                # with the middle of the input and its hints.
                label.setFixedHeight(editor.editor.sizeHint().height())
                self._form.addRow(label, editor)
                self._fields[state.name] = editor
                self._labels[state.name] = label
                self._field_group[state.name] = group
        if any(state.required for state in states):
            self._legend = dim(QLabel(self))
            layout.addWidget(self._legend)
        layout.addStretch(1)
        self._retranslate()

    def _retranslate(self) -> None:
        implementation = self.tool.implementation
        for name, label in self._labels.items():
            required = self._fields[name].state.required
            label.setText(self._fields[name].label() + (" *" if required else ""))
        for group, (heading, links) in self._group_texts.items():
            heading.setText(translate(implementation.settings_group_label(group)))
            if links is not None:
                links.setText(
                    " · ".join(
                        f'<a href="{html.escape(url, quote=True)}">'
                        f"{html.escape(translate(label))}</a>"
                        for label, url in implementation.settings_group_links(group)
                    )
                )
        if self._legend is not None:
            self._legend.setText(self.tr("Fields marked * are required."))
        # The warnings are texts too.
        self.update_dynamic()

    def changeEvent(self, event: QEvent) -> None:
        """Set the texts again in a new language."""
        if event.type() == QEvent.Type.LanguageChange:
            self._retranslate()
        super().changeEvent(event)

    def _add_heading(self, group: str, *, first: bool) -> None:
        implementation = self.tool.implementation
        headings: list[QWidget] = []
        if group:
            heading = QLabel(self)
            heading.setObjectName("ToolSettingsGroupHeading")
            font = heading.font()
            font.setBold(True)
            font.setPointSizeF(font.pointSizeF() * 1.1)
            heading.setFont(font)
            if not first:
                heading.setContentsMargins(0, 10, 0, 0)
            self._form.addRow(heading)
            headings.append(heading)
            link_label: QLabel | None = None
            if implementation.settings_group_links(group):
                link_label = QLabel(self)
                link_label.setObjectName(f"{self.tool.definition.id}.{group}.links")
                link_label.setTextFormat(Qt.TextFormat.RichText)
                link_label.setTextInteractionFlags(Qt.TextInteractionFlag.LinksAccessibleByMouse)
                link_label.linkActivated.connect(self._on_link_label_link_activated)
                self._form.addRow(link_label)
                headings.append(link_label)
            self._group_texts[group] = (heading, link_label)
        self._headings[group] = headings

    def fields(self) -> dict[str, _FieldEditor]:
        """The field editors by field name."""
        return dict(self._fields)

    def live_values(self) -> dict[str, str]:
        """The values as the tool's visibility rules and warnings see them while editing."""
        return {name: field.live_value() for name, field in self._fields.items()}

    def update_dynamic(self) -> None:
        """Ask the tool again which fields to show and what to warn about."""
        implementation = self.tool.implementation
        values = self.live_values()
        shown_groups: set[str] = set()
        for name, field in self._fields.items():
            visible = implementation.is_settings_field_visible(name, values)
            self._form.setRowVisible(field, visible)
            if visible:
                shown_groups.add(self._field_group[name])
        for group, headings in self._headings.items():
            for heading in headings:
                self._form.setRowVisible(heading, group in shown_groups)
        warnings = [translate(text) for text in implementation.settings_warnings(values)]
        self._warnings.setText("\n".join(warnings))
        self._warnings.setVisible(bool(warnings))

    async def problem(self, settings: ToolSettingsService) -> Callable[[], str] | None:
        """What keeps the values entered from being saved, or None when they may be saved.

        The settings service checks the values the tool would have after saving, as it checks
        the saved ones: the required fields must not be blank, each value must fit its field,
        then the tool's own check runs on them.

        Returns:
            A function that says what is wrong in the UI language of the moment it is called.
        """
        unsaved = {
            name: value
            for name, field in self._fields.items()
            if (value := field.would_be_value()) is not None
        }
        state = await settings.configuration_state(
            self.tool.definition, self.tool.implementation, unsaved=unsaved
        )
        missing = [self._fields[name] for name in state.missing_required_fields]
        problems = state.problems
        if not missing and not problems:
            return None

        def message() -> str:
            # Every problem at once: the missing fields first, then each value's problem.
            lines = [translate(problem) for problem in problems]
            if missing:
                lines.insert(
                    0,
                    self.tr("Please configure the required settings: {fields}").format(
                        fields=", ".join(field.label() for field in missing)
                    ),
                )
            return "\n".join(lines)

        return message

    def values_to_save(self) -> dict[str, str]:
        """The values for :meth:`ToolSettingsService.save_values`; kept secrets are left out."""
        values = {}
        for name, field in self._fields.items():
            value = field.value_to_save()
            if value is not None:
                values[name] = value
        return values

    def forget_secrets(self) -> None:
        """Clear every typed secret after saving."""
        for field in self._fields.values():
            field.forget_secret()

    @Slot()
    def _on_field_changed(self) -> None:
        self.update_dynamic()
        self.changed.emit()

    @Slot(str)
    def _on_link_label_link_activated(self, link: str) -> None:
        QDesktopServices.openUrl(QUrl(link))


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
        self._forms: list[_ToolForm] = []
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

    def _is_disabled_by_organization(self, entry: CatalogEntry) -> bool:
        return self._settings.is_disabled_by_organization((entry.id, *entry.member_tool_ids))

    def _tools(self, entry: CatalogEntry) -> list[_Tool]:
        tools = []
        for tool_id in entry.member_tool_ids:
            definition = self._registry.definition(tool_id)
            implementation = self._registry.implementation_for(definition) if definition else None
            if definition is not None and implementation is not None:
                tools.append(_Tool(definition=definition, implementation=implementation))
        return tools

    async def _load(self, entry: CatalogEntry) -> None:
        pages: list[tuple[_Tool, list[FieldState]]] = []
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
        pages: list[tuple[_Tool, list[FieldState]]],
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
        self._forms = [_ToolForm(tool, states) for tool, states in pages]
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
