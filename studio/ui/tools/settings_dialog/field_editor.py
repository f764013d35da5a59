"""The input of one settings field: a choice, a line (masked for a secret), its hint and marker.

A field with an option source or its own choices is a combo box, anything else a line edit; a
secret's line echoes as a password and never holds the stored value. The hint under the input
is the field's help text, its bounds ("From 1 to 240.") and its default, all rendered in the UI
language whenever it changes.
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QEvent, Signal, Slot
from PySide6.QtWidgets import (
    QComboBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from studio.kernel.definition import ToolDefinition
from studio.tools import options
from studio.tools.implementation import ToolImplementation
from studio.tools.setting_fields import bounds_text
from studio.tools.settings import FieldState, ValueSource
from studio.ui.i18n import translate
from studio.ui.looks import describe_managed, dim, mark_managed
from studio.ui.managed import managed_by

__all__ = ["FieldEditor", "SettingsTool"]


@dataclass(frozen=True, kw_only=True)
class SettingsTool:
    """One member of the entry whose settings the dialog shows: its definition and behaviour."""

    definition: ToolDefinition
    implementation: ToolImplementation


class FieldEditor(QWidget):
    """The input of one settings field, with its hint, its organisation marker and its state.

    Signals:
        changed(): the user edited the value (or asked to remove a stored secret).
    """

    changed = Signal()

    def __init__(
        self,
        state: FieldState,
        tool: SettingsTool,
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
            describe_managed((self, self._marker, self.editor), self.managed_text())
        if self._combo is not None:
            self._retranslate_combo(self._combo)
        self._show_placeholder()

    def managed_text(self) -> str:
        """What the marker's tooltip says: that the organisation manages it, and which policy."""
        return managed_by(self.state.origin)

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
        spec = self.state.spec
        bounds = bounds_text(spec.minimum, spec.maximum) if spec.format == "integer" else None
        if bounds is not None:
            parts.append(translate(bounds))
        # A locked field shows the organisation's value; a default it cannot go back to would
        # only mislead.
        if self._default and not self.state.locked:
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
