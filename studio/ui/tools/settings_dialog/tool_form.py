"""The fields of one tool in the settings dialog, grouped under their headings and links."""

from __future__ import annotations

import html
from collections.abc import Callable, Sequence

from PySide6.QtCore import QEvent, Qt, QUrl, Signal, Slot
from PySide6.QtGui import QDesktopServices
from PySide6.QtWidgets import QFormLayout, QLabel, QVBoxLayout, QWidget

from studio.tools.settings import FieldState, ToolSettingsService
from studio.ui.i18n import translate
from studio.ui.looks import dim
from studio.ui.tools.settings_dialog.field_editor import FieldEditor, SettingsTool

__all__ = ["ToolForm"]


class ToolForm(QWidget):
    """The fields of one tool, grouped under their headings.

    Signals:
        changed(): a field changed.
    """

    changed = Signal()

    def __init__(
        self, tool: SettingsTool, states: Sequence[FieldState], parent: QWidget | None = None
    ):
        super().__init__(parent)
        self.tool = tool
        self._fields: dict[str, FieldEditor] = {}
        self._labels: dict[str, QLabel] = {}
        self._group_texts: dict[str, tuple[QLabel, QLabel | None]] = {}
        self._legend: QLabel | None = None

        # One form for every group, so the labels of all groups share one column.
        self._form = QFormLayout()
        self._form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
        self._form.setLabelAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignTop)
        self._form.setHorizontalSpacing(14)
        self._form.setVerticalSpacing(10)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(2, 2, 8, 2)
        layout.setSpacing(12)
        layout.addLayout(self._form)

        groups: dict[str, list[FieldState]] = {}
        for state in states:
            groups.setdefault(state.spec.group, []).append(state)
        for index, (group, members) in enumerate(groups.items()):
            self._add_heading(group, first=index == 0)
            for state in members:
                editor = FieldEditor(state, tool, self)
                editor.changed.connect(self._on_field_changed)
                label = QLabel(self)
                label.setBuddy(editor.editor)
                # As tall as the input and no taller, so it lines up with the input and not
                # with the middle of the input and its hints.
                label.setFixedHeight(editor.editor.sizeHint().height())
                self._form.addRow(label, editor)
                self._fields[state.name] = editor
                self._labels[state.name] = label
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

    def changeEvent(self, event: QEvent) -> None:
        """Set the texts again in a new language."""
        if event.type() == QEvent.Type.LanguageChange:
            self._retranslate()
        super().changeEvent(event)

    def _add_heading(self, group: str, *, first: bool) -> None:
        implementation = self.tool.implementation
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
            link_label: QLabel | None = None
            if implementation.settings_group_links(group):
                link_label = QLabel(self)
                link_label.setObjectName(f"{self.tool.definition.id}.{group}.links")
                link_label.setTextFormat(Qt.TextFormat.RichText)
                link_label.setTextInteractionFlags(Qt.TextInteractionFlag.LinksAccessibleByMouse)
                link_label.linkActivated.connect(self._on_link_label_link_activated)
                self._form.addRow(link_label)
            self._group_texts[group] = (heading, link_label)

    def fields(self) -> dict[str, FieldEditor]:
        """The field editors by field name."""
        return dict(self._fields)

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
        self.changed.emit()

    @Slot(str)
    def _on_link_label_link_activated(self, link: str) -> None:
        QDesktopServices.openUrl(QUrl(link))
