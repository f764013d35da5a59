"""An assistant's form, built from its field descriptions: labels, inputs and their problems.

The widget knows no assistant: it renders the :class:`~studio.assistants.form.FormField`
descriptions it is given, hands back what the user entered, and shows under each field the
problem the core found with it.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from PySide6.QtCore import QEvent, Signal, Slot
from PySide6.QtGui import QFont
from PySide6.QtWidgets import (
    QComboBox,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from studio.assistants.form import FieldProblem, FormField
from studio.ui import i18n
from studio.ui.looks import ERROR_ACCENT

__all__ = ["AssistantForm"]

_Input = QLineEdit | QPlainTextEdit | QComboBox

_TEXT_MINIMUM_HEIGHT = 140


class AssistantForm(QWidget):
    """One label, input and problem line per field, top to bottom.

    Args:
        fields: What to ask, in order.
        parent: The Qt parent.

    Signals:
        changed: the user changed a value.
    """

    changed = Signal()

    def __init__(self, fields: Sequence[FormField], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("AssistantForm")
        self._fields = tuple(fields)
        self._labels: dict[str, QLabel] = {}
        self._inputs: dict[str, _Input] = {}
        self._problems: dict[str, QLabel] = {}
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(4)
        for index, spec in enumerate(self._fields):
            label = QLabel(self)
            label.setObjectName(f"FieldLabel_{spec.name}")
            font = label.font()
            font.setWeight(QFont.Weight.DemiBold)
            label.setFont(font)
            widget = self._make_input(spec)
            label.setBuddy(widget)
            problem = QLabel(self)
            problem.setObjectName(f"FieldProblem_{spec.name}")
            problem.setWordWrap(True)
            problem.setStyleSheet(f"QLabel {{ color: {ERROR_ACCENT}; }}")
            problem.hide()
            if index:
                layout.addSpacing(8)
            layout.addWidget(label)
            layout.addWidget(widget, 1 if spec.kind == "text" else 0)
            layout.addWidget(problem)
            self._labels[spec.name] = label
            self._inputs[spec.name] = widget
            self._problems[spec.name] = problem
        self._retranslate()

    def _make_input(self, spec: FormField) -> _Input:
        widget: _Input
        if spec.kind == "text":
            edit = QPlainTextEdit(self)
            edit.setMinimumHeight(_TEXT_MINIMUM_HEIGHT)
            edit.setTabChangesFocus(True)
            edit.setPlainText(spec.default)
            edit.textChanged.connect(self._on_input_changed)
            widget = edit
        elif spec.kind == "choice":
            combo = QComboBox(self)
            combo.setEditable(spec.editable)
            combo.setInsertPolicy(QComboBox.InsertPolicy.NoInsert)
            combo.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
            for choice in spec.choices:
                combo.addItem(i18n.translate(choice.label), choice.value)
            combo.currentTextChanged.connect(self._on_text_changed)
            widget = combo
        else:
            line = QLineEdit(self)
            line.setClearButtonEnabled(True)
            line.setText(spec.default)
            line.textChanged.connect(self._on_text_changed)
            widget = line
        widget.setObjectName(f"Field_{spec.name}")
        if isinstance(widget, QComboBox):
            self._set_combo(widget, spec, spec.default)
        return widget

    def _retranslate(self) -> None:
        for spec in self._fields:
            label = i18n.translate(spec.label)
            self._labels[spec.name].setText(label)
            widget = self._inputs[spec.name]
            widget.setAccessibleName(label)
            placeholder = i18n.translate(spec.placeholder)
            if isinstance(widget, QComboBox):
                value = self._combo_value(widget)
                widget.blockSignals(True)
                for index, choice in enumerate(spec.choices):
                    widget.setItemText(index, i18n.translate(choice.label))
                widget.blockSignals(False)
                self._set_combo(widget, spec, value)
                line = widget.lineEdit()
                if line is not None:
                    line.setPlaceholderText(placeholder)
            else:
                widget.setPlaceholderText(placeholder)

    def changeEvent(self, event: QEvent) -> None:
        """Set the texts again in a new language."""
        if event.type() == QEvent.Type.LanguageChange:
            self._retranslate()
        super().changeEvent(event)

    # -- values ------------------------------------------------------------------------------

    def stretches(self) -> bool:
        """Whether the form grows with the window: it does when it has a text field."""
        return any(spec.kind == "text" for spec in self._fields)

    def input(self, name: str) -> QWidget:
        """The input of the field ``name``, for focus and tests."""
        return self._inputs[name]

    def values(self) -> dict[str, str]:
        """What the user entered, by field name; a choice gives its value, not its label."""
        values: dict[str, str] = {}
        for spec in self._fields:
            widget = self._inputs[spec.name]
            if isinstance(widget, QPlainTextEdit):
                values[spec.name] = widget.toPlainText()
            elif isinstance(widget, QComboBox):
                values[spec.name] = self._combo_value(widget)
            else:
                values[spec.name] = widget.text()
        return values

    def set_read_only(self, read_only: bool) -> None:
        """Keep the values as they are while a run uses them."""
        for widget in self._inputs.values():
            if isinstance(widget, QComboBox):
                widget.setEnabled(not read_only)
            else:
                widget.setReadOnly(read_only)

    # -- problems ----------------------------------------------------------------------------

    def show_problems(self, problems: Iterable[FieldProblem]) -> None:
        """Show each problem under its field, clear the others, focus the first one's input."""
        found = {problem.field: problem for problem in problems}
        for name, label in self._problems.items():
            problem = found.get(name)
            label.setText(problem.text(i18n.translate) if problem is not None else "")
            label.setVisible(problem is not None)
        first = next((spec.name for spec in self._fields if spec.name in found), None)
        if first is not None:
            self._inputs[first].setFocus()

    def problem(self, name: str) -> str:
        """The problem shown under the field ``name``; empty when there is none."""
        label = self._problems[name]
        return label.text() if not label.isHidden() else ""

    # -- helpers -----------------------------------------------------------------------------

    @staticmethod
    def _combo_value(combo: QComboBox) -> str:
        text = combo.currentText()
        index = combo.findText(text)
        if index >= 0:
            data = combo.itemData(index)
            return data if isinstance(data, str) else text
        # Typed by the user: an editable field takes any value.
        return text

    @staticmethod
    def _set_combo(combo: QComboBox, spec: FormField, value: str) -> None:
        index = combo.findData(value)
        if index >= 0:
            combo.setCurrentIndex(index)
        elif spec.editable:
            combo.setEditText(value)
        elif combo.count():
            combo.setCurrentIndex(0)

    @Slot()
    def _on_input_changed(self) -> None:
        self.changed.emit()

    @Slot(str)
    def _on_text_changed(self, _text: str) -> None:
        self.changed.emit()
