"""The tools page of the app's settings: every tool, its switches, its level and the defaults.

The list is :func:`catalog_status`, the same view ``studio tools list`` prints, so it includes
context tools (which nobody selects but anyone may switch off) and tools missing from this app
run. Every change goes through :class:`ToolSettingsService`; the page refreshes when the service
reports a change, so it always shows what the core holds.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Coroutine
from typing import Any

import shiboken6
from PySide6.QtCore import QCoreApplication, QEvent, QSize, Qt, Signal, Slot
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFrame,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from studio.assistants import tool_running_assistants
from studio.errors import ConfigError, SecretStoreError
from studio.kernel.definition import Component, ToolActivation
from studio.kernel.policy import ConfidenceLevel
from studio.kernel.translatable import TranslatableText
from studio.tools.catalog import EntryStatus, catalog_status
from studio.tools.registry import ToolRegistry, confidence_label
from studio.tools.settings import ToolSettingsService
from studio.ui.i18n import translate
from studio.ui.icons import tool_icon
from studio.ui.looks import (
    ATTENTION_COLOR,
    ERROR_ACCENT,
    box_style,
    describe_managed,
    dim,
    mark_managed,
)
from studio.ui.managed import broken_policy_text, managed_by, switched_off_by
from studio.ui.tools.settings_dialog import ToolSettingsDialog
from studio.ui.tools.settings_support import notify_on_change, settings_field_labels
from studio.ui.tools.untrusted_allowance import UntrustedAllowanceSwitch, untrusted_allowance_help

__all__ = ["ToolsSettingsPage"]

logger = logging.getLogger(__name__)

_ICON_SIZE = QSize(24, 24)
# The controls keep narrow columns so the tool's name and description get the room: a check box
# with a one-word label, and the level above the settings button (both as wide as the longest
# level, "untrusted" in German).
_SWITCH_WIDTH = 100
_CONFIDENCE_WIDTH = 160

_PAGE_STYLE = "\n".join(
    (
        box_style("#ToolsPageMessage", ERROR_ACCENT),
        f"#ToolEntryStatus {{ color: {ATTENTION_COLOR}; }}",
    )
)


class _EntryRow(QWidget):
    """One entry of the tool list: what it is, its switches, its minimum level, its settings.

    Signals:
        enabled_toggled(str, bool): the user switched the entry (id, on).
        untrusted_toggled(str, bool): the user let the entry run without asking in chats with
            outside content, or not (id, allowed).
        confidence_chosen(str, int): the user chose a minimum confidence (id, level).
        settings_clicked(str): the user asked for the entry's settings (id).
    """

    enabled_toggled = Signal(str, bool)
    untrusted_toggled = Signal(str, bool)
    confidence_chosen = Signal(str, int)
    settings_clicked = Signal(str)

    def __init__(self, status: EntryStatus, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        entry = status.entry
        self.entry_id = entry.id
        self.setObjectName("ToolEntryRow")
        self.setProperty("entry_id", entry.id)

        icon = QLabel(self)
        icon.setFixedSize(_ICON_SIZE)
        icon.setPixmap(
            tool_icon(entry.icon, self.style(), collection=entry.is_collection).pixmap(_ICON_SIZE)
        )
        self._name = QLabel(self)
        self._name.setObjectName("ToolEntryName")
        font = self._name.font()
        font.setBold(True)
        self._name.setFont(font)
        self._description = dim(QLabel(self))
        self._description.setObjectName("ToolEntryDescription")
        self._description.setWordWrap(True)
        self._status = QLabel(self)
        self._status.setObjectName("ToolEntryStatus")
        self._status.setWordWrap(True)
        texts = QVBoxLayout()
        texts.setSpacing(2)
        texts.addWidget(self._name)
        texts.addWidget(self._description)
        texts.addWidget(self._status)
        self.untrusted = UntrustedAllowanceSwitch(self)
        texts.addWidget(self.untrusted)
        texts.addStretch(1)

        self.switch = QCheckBox(self)
        self.switch.setObjectName("ToolEntrySwitch")
        self._switch_marker = self._managed_marker()
        self.confidence = QComboBox(self)
        self.confidence.setObjectName("ToolEntryConfidence")
        # Its size hint follows the level names, so the page can widen the column for them.
        self.confidence.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
        for level in ConfidenceLevel:
            self.confidence.addItem("", int(level))
        self._confidence_marker = self._managed_marker()
        # What the page says about the organisation's hold on the row (see set_status).
        self._switch_managed: str | None = None
        self._confidence_managed: str | None = None
        self._floor: ConfidenceLevel | None = None
        self.settings_button = QPushButton(self)
        self.settings_button.setObjectName("ToolEntrySettingsButton")

        layout = QHBoxLayout(self)
        layout.setContentsMargins(6, 8, 6, 8)
        layout.setSpacing(12)
        layout.addWidget(icon, 0, Qt.AlignmentFlag.AlignTop)
        layout.addLayout(texts, 1)
        self._switch_column = _column(
            self.switch, self._switch_marker, _SWITCH_WIDTH, stretch_control=False
        )
        self._confidence_column = _column(
            self.confidence, self._confidence_marker, _CONFIDENCE_WIDTH, below=self.settings_button
        )
        layout.addWidget(self._switch_column)
        layout.addWidget(self._confidence_column)

        self.switch.clicked.connect(self._on_switch_clicked)
        self.untrusted.toggled.connect(self._on_untrusted_toggled)
        self.confidence.activated.connect(self._on_confidence_activated)
        self.settings_button.clicked.connect(self._on_settings_button_clicked)
        self._retranslate()

    def _retranslate(self) -> None:
        # The entry's own texts come with the page's next refresh.
        self.switch.setText(self.tr("Enabled"))
        for index in range(self.confidence.count()):
            level = ConfidenceLevel(self.confidence.itemData(index))
            self.confidence.setItemText(index, translate(confidence_label(level)))
        self.settings_button.setText(self.tr("Settings…"))
        self._switch_marker.setText(self.tr("Managed by your organisation"))
        self._show_management()

    def _show_management(self) -> None:
        """Show the markers and their tooltips for what the organisation decides of the row."""
        self._switch_marker.setVisible(self._switch_managed is not None)
        describe_managed((self._switch_marker, self.switch), self._switch_managed or "")
        if self._floor is not None:
            self._confidence_marker.setText(
                self.tr("Your organisation asks for at least {level}").format(
                    level=translate(confidence_label(self._floor))
                )
            )
        else:
            self._confidence_marker.setText(self.tr("Managed by your organisation"))
        self._confidence_marker.setVisible(self._confidence_managed is not None)
        describe_managed((self._confidence_marker,), self._confidence_managed or "")
        own = self.tr("The lowest provider confidence this tool runs with")
        describe_managed((self.confidence,), self._confidence_managed or own)

    def changeEvent(self, event: QEvent) -> None:
        """Set the texts again in a new language."""
        if event.type() == QEvent.Type.LanguageChange:
            self._retranslate()
        super().changeEvent(event)

    def _managed_marker(self) -> QLabel:
        marker = mark_managed(QLabel(self))
        marker.setObjectName("ToolEntryManaged")
        marker.setWordWrap(True)
        marker.hide()
        return marker

    def set_status(
        self,
        status: EntryStatus,
        *,
        status_text: str,
        switch_managed: str | None = None,
        confidence_managed: str | None = None,
        confidence_floor: ConfidenceLevel | None = None,
        untrusted_allowed: bool = False,
        untrusted_managed: str | None = None,
    ) -> None:
        """Show ``status``; the page works out the texts and the locks from the core.

        Args:
            status: The entry and where it stands.
            status_text: The line under the description.
            switch_managed: Where the organisation switched the entry off, what the marker's
                tooltip says (the policy); None leaves the switch to the user.
            confidence_managed: Where the organisation decides the minimum confidence, what
                its marker's tooltip says; None leaves it to the user.
            confidence_floor: With ``confidence_managed``, the level users may raise: the menu
                offers it and the levels above; without one the level is fixed.
            untrusted_allowed: Whether the entry runs without asking in chats with outside
                content.
            untrusted_managed: Where the organisation decides that, what its marker's tooltip
                says; None leaves it to the user.
        """
        entry = status.entry
        self._name.setText(translate(entry.display_name))
        self._description.setText(translate(entry.description))
        self._status.setText(status_text)
        self._status.setVisible(bool(status_text))
        self.switch.setChecked(status.active)
        self.switch.setEnabled(switch_managed is None)
        self._switch_managed = switch_managed
        self._confidence_managed = confidence_managed
        self._floor = confidence_floor if confidence_managed is not None else None
        self._offer_levels(self._floor)
        self.confidence.setCurrentIndex(self.confidence.findData(int(status.minimum_confidence)))
        self.confidence.setEnabled(confidence_managed is None or self._floor is not None)
        self._show_management()
        self.untrusted.set_state(untrusted_allowed, managed=untrusted_managed)
        self.settings_button.setEnabled(entry.available)

    def _offer_levels(self, floor: ConfidenceLevel | None) -> None:
        """List the levels from ``floor`` up (all without one) in the confidence menu."""
        levels = [int(level) for level in ConfidenceLevel if floor is None or level >= floor]
        if [self.confidence.itemData(i) for i in range(self.confidence.count())] == levels:
            return
        blocker = self.confidence.blockSignals(True)
        try:
            self.confidence.clear()
            for level in levels:
                self.confidence.addItem(translate(confidence_label(ConfidenceLevel(level))), level)
        finally:
            self.confidence.blockSignals(blocker)

    def is_managed(self) -> bool:
        """Whether the organisation switched the entry off."""
        return not self._switch_marker.isHidden()

    def switch_managed_text(self) -> str:
        """What the switch's organisation marker says on hover, "" when there is none."""
        return self._switch_managed or ""

    def confidence_managed_text(self) -> str:
        """What the confidence marker says on hover, "" when the level is the user's."""
        return self._confidence_managed or ""

    def confidence_note(self) -> str:
        """The marker under the minimum confidence, "" when it is hidden."""
        return self._confidence_marker.text() if not self._confidence_marker.isHidden() else ""

    def status_text(self) -> str:
        """The status line shown under the description."""
        return self._status.text()

    def column_widths(self) -> tuple[int, int]:
        """The widths the switch and confidence columns need for this row's current texts."""
        switch = max(self.switch.sizeHint().width(), self._switch_marker.sizeHint().width())
        confidence = max(
            self.confidence.sizeHint().width(),
            self.settings_button.sizeHint().width(),
            self._confidence_marker.sizeHint().width(),
        )
        return switch, confidence

    def set_column_widths(self, switch: int, confidence: int) -> None:
        """Give the switch and confidence columns these widths, the same in every row."""
        self._switch_column.setFixedWidth(switch)
        self._confidence_column.setFixedWidth(confidence)

    @Slot(bool)
    def _on_switch_clicked(self, checked: bool) -> None:
        self.enabled_toggled.emit(self.entry_id, checked)

    @Slot(bool)
    def _on_untrusted_toggled(self, allowed: bool) -> None:
        self.untrusted_toggled.emit(self.entry_id, allowed)

    @Slot(int)
    def _on_confidence_activated(self, index: int) -> None:
        level = self.confidence.itemData(index)
        if isinstance(level, int):
            self.confidence_chosen.emit(self.entry_id, level)

    @Slot()
    def _on_settings_button_clicked(self) -> None:
        self.settings_clicked.emit(self.entry_id)


def _column(
    control: QWidget,
    marker: QLabel,
    width: int,
    *,
    stretch_control: bool = True,
    below: QWidget | None = None,
) -> QWidget:
    """A fixed-width column holding a control and its organisation marker, so rows align.

    ``below``, if given, sits under the marker at the column's width.
    """
    column = QWidget()
    column.setFixedWidth(width)
    layout = QVBoxLayout(column)
    layout.setContentsMargins(0, 0, 0, 0)
    layout.setSpacing(3)
    if stretch_control:
        layout.addWidget(control)
    else:
        # A check box only reacts to clicks on its box and text, so it keeps its own width.
        layout.addWidget(control, 0, Qt.AlignmentFlag.AlignLeft)
    layout.addWidget(marker)
    if below is not None:
        layout.addWidget(below)
    layout.addStretch(1)
    return column


class ToolsSettingsPage(QWidget):
    """The tools page of the settings: the global list and the per-component defaults.

    Construct it inside the running qasync loop (the app does): it reads the catalogue's
    state at once.

    Args:
        registry: the tools and collections to list.
        settings: where switches, levels, defaults and tool settings are read and saved.
        parent: the owning widget.

    Signals:
        refreshed(): the page shows the settings as they are now.
    """

    refreshed = Signal()
    _settings_changed = Signal()

    def __init__(
        self,
        registry: ToolRegistry,
        settings: ToolSettingsService,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.setObjectName("ToolsSettingsPage")
        self.setStyleSheet(_PAGE_STYLE)
        self._registry = registry
        self._settings = settings
        self._rows: dict[str, _EntryRow] = {}
        self._refresh_task: asyncio.Task[None] | None = None
        self._actions: set[asyncio.Task[None]] = set()
        self._dialog: ToolSettingsDialog | None = None

        self._intro = dim(QLabel(self))
        self._intro.setWordWrap(True)
        self._message_error: ConfigError | SecretStoreError | None = None
        self._message = QLabel(self)
        self._message.setObjectName("ToolsPageMessage")
        self._message.setWordWrap(True)
        self._message.hide()

        # The whole page scrolls, so every row keeps the height its wrapped texts need.
        content = QWidget()
        content.setObjectName("ToolsPageContent")
        layout = QVBoxLayout(content)
        layout.setContentsMargins(0, 0, 8, 8)
        layout.setSpacing(12)
        layout.addWidget(self._intro)
        layout.addWidget(self._message)
        layout.addWidget(self._list_box())
        layout.addWidget(self._defaults_box())
        layout.addStretch(1)
        scroll = QScrollArea(self)
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QFrame.Shape.NoFrame)
        scroll.setWidget(content)
        content.setAutoFillBackground(False)
        scroll.viewport().setAutoFillBackground(False)
        outer = QVBoxLayout(self)
        outer.setContentsMargins(0, 0, 0, 0)
        outer.addWidget(scroll)

        self._settings_changed.connect(self._on_settings_changed)
        notify_on_change(settings, self, lambda page: page._settings_changed.emit())
        self._retranslate()
        self.refresh()

    def _retranslate(self) -> None:
        self._intro.setText(
            self.tr(
                "Switch tools on or off, choose how far a provider must be trusted before a "
                "tool is offered to it, and pick the tools that new chats start with."
            )
        )
        self._list_group.setTitle(self.tr("Available tools"))
        self._untrusted_help.setText(untrusted_allowance_help())
        headings = (self.tr("Tool"), self.tr("Switch"), self.tr("Minimum confidence"))
        for label, text in zip(self._headings, headings, strict=True):
            label.setText(text)
        self._defaults_group.setTitle(self.tr("Default tools"))
        self._defaults_hint.setText(
            self.tr("The tools selected when a new chat or assistant starts in this place.")
        )
        self._place_label.setText(self.tr("Place:"))
        for index in range(self._component.count()):
            component = Component(self._component.itemData(index))
            self._component.setItemText(index, self._component_label(component))
        if self._message_error is not None:
            self._message.setText(self._message_error.text(translate))
        self._load_defaults()

    def changeEvent(self, event: QEvent) -> None:
        """Set the texts again in a new language; the rows' texts come with a refresh."""
        if event.type() == QEvent.Type.LanguageChange:
            self._retranslate()
            self.refresh()
        super().changeEvent(event)

    # Building.

    def _list_box(self) -> QGroupBox:
        box = self._list_group = QGroupBox(self)
        header = QHBoxLayout()
        header.setContentsMargins(6 + _ICON_SIZE.width() + 12, 0, 6, 0)
        header.setSpacing(12)
        self._headings: list[QLabel] = []
        for width in (0, _SWITCH_WIDTH, _CONFIDENCE_WIDTH):
            label = dim(QLabel(box))
            if width:
                label.setFixedWidth(width)
            header.addWidget(label, 0 if width else 1)
            self._headings.append(label)
        # What the switch "Run without asking in chats with outside content" means, said once
        # for every row; each switch repeats it on hover.
        self._untrusted_help = dim(QLabel(box))
        self._untrusted_help.setObjectName("ToolsPageUntrustedHelp")
        self._untrusted_help.setWordWrap(True)
        self._rows_widget = QWidget()
        self._rows_layout = QVBoxLayout(self._rows_widget)
        self._rows_layout.setContentsMargins(0, 0, 0, 0)
        self._rows_layout.setSpacing(0)
        self._rows_layout.addStretch(1)
        layout = QVBoxLayout(box)
        layout.addWidget(self._untrusted_help)
        layout.addLayout(header)
        layout.addWidget(self._rows_widget)
        return box

    def _defaults_box(self) -> QGroupBox:
        box = self._defaults_group = QGroupBox(self)
        hint = self._defaults_hint = dim(QLabel(box))
        hint.setWordWrap(True)
        self._component = QComboBox(box)
        self._component.setObjectName("ToolsDefaultsComponent")
        # The chat, then the assistants that run tools, as the Assistants menu declares them.
        self._place_titles: dict[Component, TranslatableText | None] = {Component.CHAT: None}
        for assistant in tool_running_assistants():
            self._place_titles[assistant.component] = assistant.title
        for component in self._place_titles:
            self._component.addItem("", component.value)
        self._defaults = QListWidget(box)
        self._defaults.setObjectName("ToolsDefaultsList")
        picker = QHBoxLayout()
        self._place_label = QLabel(box)
        self._place_label.setBuddy(self._component)
        picker.addWidget(self._place_label)
        picker.addWidget(self._component, 1)
        layout = QVBoxLayout(box)
        layout.addWidget(hint)
        layout.addLayout(picker)
        layout.addWidget(self._defaults, 1)
        self._component.currentIndexChanged.connect(self._on_component_current_index_changed)
        self._defaults.itemChanged.connect(self._on_defaults_item_changed)
        return box

    def _component_label(self, component: Component) -> str:
        title = self._place_titles.get(component)
        return self.tr("Chat") if title is None else translate(title)

    # Public API.

    def refresh(self) -> None:
        """Read the catalogue's state again; a refresh still running is cancelled."""
        if self._refresh_task is not None:
            self._refresh_task.cancel()
        self._refresh_task = asyncio.create_task(self._refresh(), name="tools-page-refresh")

    def selected_component(self) -> Component:
        """The place whose default tools are shown."""
        return Component(self._component.currentData())

    def set_selected_component(self, component: Component) -> None:
        """Show the default tools of ``component``."""
        self._component.setCurrentIndex(self._component.findData(component.value))

    def open_settings(self, entry_id: str) -> ToolSettingsDialog:
        """Open the settings dialog of ``entry_id`` (window-modal, not blocking)."""
        self._dialog = ToolSettingsDialog.open_for(self._registry, self._settings, entry_id, self)
        return self._dialog

    async def aclose(self) -> None:
        """Cancel the refresh and wait for changes still being saved (for the app's shutdown)."""
        if self._refresh_task is not None:
            self._refresh_task.cancel()
        pending = [task for task in (self._refresh_task, *self._actions) if task is not None]
        await asyncio.gather(*pending, return_exceptions=True)

    # Rendering.

    async def _refresh(self) -> None:
        try:
            statuses = await catalog_status(self._registry, self._settings)
        except SecretStoreError as error:
            if shiboken6.isValid(self):
                self._show_message(error)
            return
        if not shiboken6.isValid(self):
            return
        wanted = [status.entry.id for status in statuses]
        if wanted != list(self._rows):
            self._rebuild_rows(statuses)
        for status in statuses:
            confidence_managed, floor = self._confidence_management(status)
            self._rows[status.entry.id].set_status(
                status,
                status_text=self._status_text(status),
                switch_managed=self._switch_management(status),
                confidence_managed=confidence_managed,
                confidence_floor=floor,
                untrusted_allowed=self._settings.is_allowed_in_untrusted_chats(
                    status.entry.id, status.entry.member_tool_ids
                ),
                untrusted_managed=self._untrusted_management(status),
            )
        self._align_columns()
        self._load_defaults()
        # Laid out now rather than by a later event, so "refreshed" also means that every row
        # has its place and size (a row's wrapped texts set its height).
        QCoreApplication.sendPostedEvents(None, QEvent.Type.LayoutRequest)
        self.refreshed.emit()

    def _align_columns(self) -> None:
        """Size the switch and confidence columns to their widest text, at least the default.

        Every row and the heading get the same widths, so the columns line up in any language.
        """
        switch, confidence = _SWITCH_WIDTH, _CONFIDENCE_WIDTH
        for row in self._rows.values():
            row_switch, row_confidence = row.column_widths()
            switch, confidence = max(switch, row_switch), max(confidence, row_confidence)
        _, switch_heading, confidence_heading = self._headings
        switch = max(switch, switch_heading.sizeHint().width())
        confidence = max(confidence, confidence_heading.sizeHint().width())
        switch_heading.setFixedWidth(switch)
        confidence_heading.setFixedWidth(confidence)
        for row in self._rows.values():
            row.set_column_widths(switch, confidence)

    def _rebuild_rows(self, statuses: list[EntryStatus]) -> None:
        self._rows = {}
        while self._rows_layout.count() > 1:
            item = self._rows_layout.takeAt(0)
            widget = item.widget() if item is not None else None
            if widget is not None:
                widget.deleteLater()
        for index, status in enumerate(statuses):
            if index:
                line = QFrame(self._rows_widget)
                line.setFrameShape(QFrame.Shape.HLine)
                line.setFrameShadow(QFrame.Shadow.Sunken)
                self._rows_layout.insertWidget(self._rows_layout.count() - 1, line)
                line.show()
            row = _EntryRow(status, self._rows_widget)
            row.enabled_toggled.connect(self._on_row_enabled_toggled)
            row.untrusted_toggled.connect(self._on_row_untrusted_toggled)
            row.confidence_chosen.connect(self._on_row_confidence_chosen)
            row.settings_clicked.connect(self._on_row_settings_clicked)
            self._rows_layout.insertWidget(self._rows_layout.count() - 1, row)
            # Shown now rather than by a later event, so "refreshed" means the rows are there.
            row.show()
            self._rows[status.entry.id] = row

    def _status_text(self, status: EntryStatus) -> str:
        entry = status.entry
        parts = []
        if not entry.available:
            parts.append(self.tr("Not available in this app."))
        if entry.activation == ToolActivation.CONTEXT:
            parts.append(self.tr("Offered on its own when a chat's context calls for it."))
        configuration = status.configuration
        if configuration.missing_required_fields:
            fields = ", ".join(
                settings_field_labels(
                    self._registry,
                    status.entry.member_tool_ids,
                    configuration.missing_required_fields,
                )
            )
            parts.append(self.tr("Required settings are missing: {fields}").format(fields=fields))
        # Every problem is listed, next to the missing fields, so one visit fixes them all.
        parts.extend(
            self.tr("The settings need attention: {message}").format(message=translate(problem))
            for problem in configuration.problems
        )
        return " ".join(parts)

    def _switch_management(self, status: EntryStatus) -> str | None:
        """What the switch's marker says of the policy that switched the entry off, if one did."""
        organization = self._settings.organization
        if status.disabled_by_organization:
            return switched_off_by(organization, (status.entry.id, *status.entry.member_tool_ids))
        if not self._settings.tools_enabled:
            return "\n".join(
                (
                    managed_by(organization.origin("tools_enabled")),
                    self.tr("Your organisation has switched tool calling off."),
                )
            )
        return None

    def _untrusted_management(self, status: EntryStatus) -> str | None:
        """What the allowance's marker says of the policy that decides it, if one does."""
        entry = status.entry
        if not self._settings.is_untrusted_chat_allowance_locked(entry.id, entry.member_tool_ids):
            return None
        organization = self._settings.organization
        if organization.restricts_all_tools:
            return broken_policy_text(organization)
        return managed_by(
            self._settings.untrusted_chat_allowance_origin(entry.id, entry.member_tool_ids)
        )

    def _confidence_management(
        self, status: EntryStatus
    ) -> tuple[str | None, ConfidenceLevel | None]:
        """The tooltip of the confidence marker and the level users may raise, if any."""
        organization = self._settings.organization
        ids = (status.entry.id, *status.entry.member_tool_ids)
        locked = [i for i in ids if self._settings.is_minimum_confidence_locked(i)]
        if locked:
            return managed_by(organization.origin(f"confidence:{locked[0]}")), None
        floors = [
            (level, i)
            for i in ids
            if (level := self._settings.organization_minimum_confidence(i)) is not None
        ]
        if not floors:
            return None, None
        floor, tool_id = max(floors, key=lambda item: item[0])
        return managed_by(organization.origin(f"confidence:{tool_id}")), floor

    def _load_defaults(self) -> None:
        component = self.selected_component()
        selected = set(self._registry.default_selection(component))
        blocker = self._defaults.blockSignals(True)
        try:
            self._defaults.clear()
            for entry in self._registry.catalog(component):
                item = QListWidgetItem(
                    tool_icon(entry.icon, self.style(), collection=entry.is_collection),
                    translate(entry.display_name),
                )
                item.setData(Qt.ItemDataRole.UserRole, entry.id)
                item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
                checked = entry.id in selected
                item.setCheckState(Qt.CheckState.Checked if checked else Qt.CheckState.Unchecked)
                self._defaults.addItem(item)
        finally:
            self._defaults.blockSignals(blocker)

    def default_items(self) -> dict[str, bool]:
        """The entries listed as defaults for the selected place, and whether each is checked."""
        items = {}
        for index in range(self._defaults.count()):
            item = self._defaults.item(index)
            entry_id = item.data(Qt.ItemDataRole.UserRole)
            items[str(entry_id)] = item.checkState() == Qt.CheckState.Checked
        return items

    def row(self, entry_id: str) -> _EntryRow | None:
        """The list row of ``entry_id``."""
        return self._rows.get(entry_id)

    # Changing settings.

    def _start(self, change: Coroutine[Any, Any, None]) -> None:
        task = asyncio.create_task(self._apply(change), name="tools-page-change")
        self._actions.add(task)
        task.add_done_callback(self._actions.discard)

    async def _apply(self, change: Coroutine[Any, Any, None]) -> None:
        try:
            await change
        except (ConfigError, SecretStoreError) as error:
            if shiboken6.isValid(self):
                self._show_message(error)
                self.refresh()
            return
        if shiboken6.isValid(self):
            self._show_message(None)

    def _show_message(self, error: ConfigError | SecretStoreError | None) -> None:
        # The error is kept, so a language change shows it in the new language.
        self._message_error = error
        self._message.setText(error.text(translate) if error is not None else "")
        self._message.setVisible(error is not None)

    # Slots.

    @Slot(str, bool)
    def _on_row_enabled_toggled(self, entry_id: str, enabled: bool) -> None:
        entry = self._registry.entry(entry_id)
        members = entry.member_tool_ids if entry is not None else ()
        self._start(self._settings.set_tool_enabled(entry_id, enabled, member_ids=members))

    @Slot(str, bool)
    def _on_row_untrusted_toggled(self, entry_id: str, allowed: bool) -> None:
        entry = self._registry.entry(entry_id)
        members = entry.member_tool_ids if entry is not None else ()
        self._start(
            self._settings.set_allowed_in_untrusted_chats(entry_id, allowed, member_ids=members)
        )

    @Slot(str, int)
    def _on_row_confidence_chosen(self, entry_id: str, level: int) -> None:
        self._start(self._settings.set_minimum_confidence(entry_id, ConfidenceLevel(level)))

    @Slot(str)
    def _on_row_settings_clicked(self, entry_id: str) -> None:
        self.open_settings(entry_id)

    @Slot(int)
    def _on_component_current_index_changed(self, index: int) -> None:
        self._load_defaults()

    @Slot(QListWidgetItem)
    def _on_defaults_item_changed(self, item: QListWidgetItem) -> None:
        component = self.selected_component()
        listed = self.default_items()
        # Ids the list does not show (a plugin's tool not loaded now) are kept as they are.
        kept = [i for i in self._settings.default_tool_ids(component) if i not in listed]
        chosen = [entry_id for entry_id, checked in listed.items() if checked]
        ids = self._registry.normalize_selection([*kept, *chosen])
        self._start(self._settings.set_default_tool_ids(component, ids))

    @Slot()
    def _on_settings_changed(self) -> None:
        self.refresh()
