"""The tool selection below the message field: a compact button and a popup with one row per tool.

Each row is an entry of the registry's catalog (a collection is one row). Whether a row can be
switched on, and why not, is what :meth:`ToolRegistry.offer_check` answers; the row shows every
reason it gives, joined into one paragraph by :func:`block_message`, below the policy that
switched it off where the organisation did. The widget keeps the selection in the registry's
normalised form, so what it emits is what request preparation reads.

Offer checks read settings and the keyring, so they run in an asyncio task the widget owns
(HS-16); a newer refresh cancels an older one, and the settings service's change notifications
start a new one.

Every text is set at render time (names, descriptions and reasons come from the core and go
through :func:`~studio.ui.i18n.translate` there), and each widget renders again on
``QEvent.LanguageChange``, so the selection follows a language switch at once.
"""

from __future__ import annotations

import asyncio
import dataclasses
import logging
from collections.abc import Iterable

import shiboken6
from PySide6.QtCore import QEvent, QPoint, QSize, Qt, Signal, Slot
from PySide6.QtGui import QMouseEvent
from PySide6.QtWidgets import (
    QCheckBox,
    QFrame,
    QHBoxLayout,
    QLabel,
    QScrollArea,
    QSizePolicy,
    QStyle,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from studio.kernel.context import ProviderContext
from studio.kernel.definition import Component
from studio.tools.registry import (
    CatalogEntry,
    OfferBlockReason,
    OfferCheck,
    ToolRegistry,
    block_message,
)
from studio.tools.settings import ToolSettingsService
from studio.ui.i18n import translate
from studio.ui.icons import tool_icon
from studio.ui.looks import ATTENTION_COLOR, WARNING_ACCENT, box_style, dim
from studio.ui.managed import switched_off_by
from studio.ui.tools.settings_support import notify_on_change, settings_field_labels

__all__ = ["ToolSelectionWidget"]

logger = logging.getLogger(__name__)

_POPUP_WIDTH = 460
_POPUP_MAX_HEIGHT = 480
_ICON_SIZE = QSize(24, 24)

_POPUP_STYLE = "\n".join(
    (
        "#ToolSelectionPopup { background: palette(base); border: 1px solid palette(mid); }",
        "#ToolSelectionPopup QScrollArea, #ToolRowList { background: palette(base); }",
        "#ToolRow { border-radius: 4px; }",
        "#ToolRow:hover { background: palette(alternate-base); }",
        f"#ToolRowReason {{ color: {ATTENTION_COLOR}; }}",
        box_style("#ToolSelectionNote", WARNING_ACCENT),
    )
)


class _ToolRow(QFrame):
    """One catalog entry: icon, name, description, the reasons it is blocked, and its controls.

    Signals:
        toggled(str, bool): the user switched the entry on or off (id, new state).
        settings_clicked(str): the user asked for the entry's settings (id).
    """

    toggled = Signal(str, bool)
    settings_clicked = Signal(str)

    def __init__(self, entry: CatalogEntry, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.entry_id = entry.id
        self.setObjectName("ToolRow")
        self.setProperty("entry_id", entry.id)
        self.setAttribute(Qt.WidgetAttribute.WA_Hover)

        self._icon = QLabel(self)
        self._icon.setObjectName("ToolRowIcon")
        self._icon.setFixedSize(_ICON_SIZE)
        self._name = QLabel(self)
        self._name.setObjectName("ToolRowName")
        font = self._name.font()
        font.setBold(True)
        self._name.setFont(font)
        self._description = dim(QLabel(self))
        self._description.setObjectName("ToolRowDescription")
        self._description.setWordWrap(True)
        self._reason = QLabel(self)
        self._reason.setObjectName("ToolRowReason")
        self._reason.setWordWrap(True)
        self._reason.hide()
        self._checkbox = QCheckBox(self)
        self._checkbox.setObjectName("ToolRowCheckBox")
        self._settings_button = QToolButton(self)
        self._settings_button.setObjectName("ToolRowSettingsButton")
        self._settings_button.setAutoRaise(True)

        texts = QVBoxLayout()
        texts.setSpacing(2)
        texts.addWidget(self._name)
        texts.addWidget(self._description)
        texts.addWidget(self._reason)
        texts.addStretch(1)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(8, 8, 8, 8)
        layout.setSpacing(10)
        layout.addWidget(self._icon, 0, Qt.AlignmentFlag.AlignTop)
        layout.addLayout(texts, 1)
        layout.addWidget(self._checkbox, 0, Qt.AlignmentFlag.AlignTop)
        layout.addWidget(self._settings_button, 0, Qt.AlignmentFlag.AlignTop)

        self._checkbox.clicked.connect(self._on_checkbox_clicked)
        self._settings_button.clicked.connect(self._on_settings_button_clicked)
        self._retranslate()
        self.set_entry(entry)

    def _retranslate(self) -> None:
        # The entry's own texts and the reasons come with set_entry() and set_state(), which
        # the selection calls again on a language change.
        self._settings_button.setText(self.tr("Settings"))
        self._settings_button.setToolTip(self.tr("Open the settings of this tool"))

    def changeEvent(self, event: QEvent) -> None:
        """Set the texts again in a new language."""
        if event.type() == QEvent.Type.LanguageChange:
            self._retranslate()
        super().changeEvent(event)

    def set_entry(self, entry: CatalogEntry) -> None:
        """Show the entry's icon, name and description, translated now."""
        icon = tool_icon(entry.icon, self.style(), collection=entry.is_collection)
        self._icon.setPixmap(icon.pixmap(_ICON_SIZE))
        name = translate(entry.display_name)
        self._name.setText(name)
        self._description.setText(translate(entry.description))
        self._checkbox.setAccessibleName(name)

    def set_state(self, *, checked: bool, reason: str, toggleable: bool) -> None:
        """Show the entry's state.

        Args:
            checked: whether the entry is selected.
            reason: why it is blocked, "" when nothing blocks it.
            toggleable: whether the user may switch it now.
        """
        self._checkbox.setChecked(checked)
        self._checkbox.setEnabled(toggleable)
        self._name.setEnabled(not reason)
        self._description.setEnabled(not reason)
        self._reason.setText(reason)
        self._reason.setVisible(bool(reason))
        self.setToolTip(reason)
        self.setCursor(
            Qt.CursorShape.PointingHandCursor if toggleable else Qt.CursorShape.ArrowCursor
        )

    @property
    def reason(self) -> str:
        """The paragraph of reasons shown in the row, "" when nothing blocks it."""
        return self._reason.text()

    def mousePressEvent(self, event: QMouseEvent) -> None:
        """Accept the press, so the release that toggles the row comes here."""
        event.accept()

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        """A click anywhere in the row toggles it, as a click on its checkbox would."""
        inside = self.rect().contains(event.position().toPoint())
        if event.button() == Qt.MouseButton.LeftButton and inside:
            # click() does nothing while the checkbox is disabled, so blocked rows stay put.
            self._checkbox.click()
        event.accept()

    @Slot(bool)
    def _on_checkbox_clicked(self, checked: bool) -> None:
        self.toggled.emit(self.entry_id, checked)

    @Slot()
    def _on_settings_button_clicked(self) -> None:
        self.settings_clicked.emit(self.entry_id)


class _ToolPopup(QFrame):
    """The list of rows that opens from the selection button.

    Signals:
        row_toggled(str, bool): a row was switched by the user.
        settings_requested(str): a row's settings button was clicked.
    """

    row_toggled = Signal(str, bool)
    settings_requested = Signal(str)

    def __init__(self, parent: QWidget) -> None:
        super().__init__(parent, Qt.WindowType.Popup)
        self.setObjectName("ToolSelectionPopup")
        self.setStyleSheet(_POPUP_STYLE)
        self.setFixedWidth(_POPUP_WIDTH)
        self._rows: dict[str, _ToolRow] = {}

        self._title = QLabel(self)
        font = self._title.font()
        font.setBold(True)
        font.setPointSizeF(font.pointSizeF() * 1.15)
        self._title.setFont(font)
        self._count = QLabel(self)
        self._count.setObjectName("ToolSelectionCount")
        header = self._header = QHBoxLayout()
        header.addWidget(self._title)
        header.addStretch(1)
        header.addWidget(self._count)

        self._note = QLabel(self)
        self._note.setObjectName("ToolSelectionNote")
        self._note.setWordWrap(True)
        self._note.hide()
        self._empty = QLabel(self)
        self._empty.setObjectName("ToolSelectionEmpty")
        self._empty.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self._empty.hide()

        self._list = QWidget()
        self._list.setObjectName("ToolRowList")
        self._list_layout = QVBoxLayout(self._list)
        self._list_layout.setContentsMargins(0, 0, 0, 0)
        self._list_layout.setSpacing(2)
        self._list_layout.addStretch(1)
        self._scroll = QScrollArea(self)
        self._scroll.setWidgetResizable(True)
        self._scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self._scroll.setFrameShape(QFrame.Shape.NoFrame)
        self._scroll.setWidget(self._list)

        self._layout = QVBoxLayout(self)
        self._layout.setContentsMargins(10, 10, 10, 10)
        self._layout.setSpacing(8)
        self._layout.addLayout(header)
        self._layout.addWidget(self._note)
        self._layout.addWidget(self._empty)
        self._layout.addWidget(self._scroll, 1)
        self._retranslate()

    def _retranslate(self) -> None:
        self._title.setText(self.tr("Tools"))
        self._empty.setText(self.tr("No tools are available here."))

    def changeEvent(self, event: QEvent) -> None:
        """Set the texts again in a new language."""
        if event.type() == QEvent.Type.LanguageChange:
            self._retranslate()
        super().changeEvent(event)

    def rows(self) -> list[_ToolRow]:
        """The rows, in catalog order."""
        return list(self._rows.values())

    def set_entries(self, entries: list[CatalogEntry]) -> None:
        """Show one row per entry, reusing the rows of entries that stay."""
        wanted = [entry.id for entry in entries]
        if wanted != list(self._rows):
            self._rows = {}
            # Everything but the final stretch: the old rows and their separators.
            while self._list_layout.count() > 1:
                item = self._list_layout.takeAt(0)
                widget = item.widget() if item is not None else None
                if widget is not None:
                    widget.deleteLater()
            for index, entry in enumerate(entries):
                if index:
                    separator = QFrame(self._list)
                    separator.setObjectName("ToolRowSeparator")
                    separator.setFrameShape(QFrame.Shape.HLine)
                    self._list_layout.insertWidget(self._list_layout.count() - 1, separator)
                    separator.show()
                row = _ToolRow(entry, self._list)
                row.toggled.connect(self.row_toggled)
                row.settings_clicked.connect(self.settings_requested)
                self._list_layout.insertWidget(self._list_layout.count() - 1, row)
                # Shown now rather than by a later event, so "refreshed" means the rows are there.
                row.show()
                self._rows[entry.id] = row
        else:
            for entry in entries:
                self._rows[entry.id].set_entry(entry)
        self._empty.setVisible(not entries)
        self._scroll.setVisible(bool(entries))

    def row(self, entry_id: str) -> _ToolRow | None:
        """The row of ``entry_id``, if it is listed."""
        return self._rows.get(entry_id)

    def set_note(self, text: str) -> None:
        """Show ``text`` above the rows ("" hides it)."""
        self._note.setText(text)
        self._note.setVisible(bool(text))

    def set_count(self, text: str) -> None:
        """Show how many entries are selected."""
        self._count.setText(text)

    def fit_height(self, maximum: int = _POPUP_MAX_HEIGHT) -> None:
        """Take the height the rows need at the popup's width, up to ``maximum``, then scroll.

        Everything is measured at the fixed width from the layouts, not from the last shown
        geometry, so each opening (and each language) gives the same answer.
        """
        # Style sheets apply fonts and margins at polish time, which a first opening and new
        # rows have not had yet.
        self.ensurePolished()
        for child in self.findChildren(QWidget):
            child.ensurePolished()
        margins = self.contentsMargins() + self._layout.contentsMargins()
        width = _POPUP_WIDTH - margins.left() - margins.right()
        spacing = self._layout.spacing()
        parts = [self._header.sizeHint().height()]
        for label in (self._note, self._empty):
            if not label.isHidden():
                parts.append(label.heightForWidth(width))
        if not self._scroll.isHidden():
            self._list_layout.invalidate()
            # Wrapped reasons make a row taller the narrower it is, so ask for this width.
            rows = self._list_layout.totalHeightForWidth(width)
            if rows < 0:
                rows = self._list_layout.totalSizeHint().height()
            parts.append(rows)
        needed = sum(parts) + spacing * (len(parts) - 1) + margins.top() + margins.bottom()
        self.setFixedHeight(min(needed, maximum))


class ToolSelectionWidget(QWidget):
    """The compact "Tools" button below the message field and the popup it opens.

    Construct it inside the running qasync loop (the app does): it starts checking the tools
    at once. Until :meth:`set_provider` names a provider, every row is blocked.

    Args:
        registry: the tools and the rules that offer them.
        settings: the tool settings; their changes refresh the rows.
        parent: the owning widget.
        component: where in the app the selection is shown.

    Signals:
        selection_changed(list): the normalised selection (entry ids) after every change.
        settings_requested(str): the user asked for the settings of an entry (its id).
        refreshed(): the rows show the result of the latest offer checks.
    """

    selection_changed = Signal(list)
    settings_requested = Signal(str)
    refreshed = Signal()
    _settings_changed = Signal()

    def __init__(
        self,
        registry: ToolRegistry,
        settings: ToolSettingsService,
        parent: QWidget | None = None,
        *,
        component: Component = Component.CHAT,
    ) -> None:
        super().__init__(parent)
        self.setObjectName("ToolSelection")
        self._registry = registry
        self._settings = settings
        self._component = component
        self._provider: ProviderContext | None = None
        self._running = False
        self._selection: tuple[str, ...] = ()
        self._entries: list[CatalogEntry] = []
        self._checks: dict[str, OfferCheck] = {}
        self._failed = False
        self._refresh_task: asyncio.Task[None] | None = None

        self._button = QToolButton(self)
        self._button.setObjectName("ToolSelectionButton")
        self._button.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
        self._button.setIcon(self.style().standardIcon(QStyle.StandardPixmap.SP_FileDialogListView))
        self._button.setSizePolicy(QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Fixed)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self._button)

        self._popup = _ToolPopup(self)
        self._button.clicked.connect(self._on_button_clicked)
        self._popup.row_toggled.connect(self._on_popup_row_toggled)
        self._popup.settings_requested.connect(self._on_popup_settings_requested)
        self._settings_changed.connect(self._on_settings_changed)
        notify_on_change(settings, self, lambda widget: widget._settings_changed.emit())
        self._render()
        self.refresh()

    # Public API.

    def selection(self) -> tuple[str, ...]:
        """The selected entry ids, normalised."""
        return self._selection

    def set_selection(self, ids: Iterable[str]) -> None:
        """Select ``ids`` (normalised first); emits :attr:`selection_changed` if it changed."""
        self._apply_selection(ids)

    def provider(self) -> ProviderContext | None:
        """The provider the rows are checked against."""
        return self._provider

    def set_provider(self, provider: ProviderContext | None) -> None:
        """Check the rows against ``provider``; None means no model is chosen."""
        self._provider = provider
        self.refresh()

    def component(self) -> Component:
        """Where the selection is shown."""
        return self._component

    def set_component(self, component: Component) -> None:
        """List the tools of ``component``."""
        self._component = component
        self.refresh()

    def is_running(self) -> bool:
        """Whether an answer is being written, which freezes the selection."""
        return self._running

    def set_running(self, running: bool) -> None:
        """Freeze the selection while an answer runs, and release it afterwards."""
        self._running = running
        self._render()

    def refresh(self) -> None:
        """Check every entry again; a refresh still running is cancelled."""
        if self._refresh_task is not None:
            self._refresh_task.cancel()
        self._refresh_task = asyncio.create_task(self._refresh(), name="tool-selection-refresh")

    def show_popup(self) -> None:
        """Open the list of tools next to the button, above it when there is room."""
        available = self._button.screen().availableGeometry()
        self._popup.fit_height(self._popup_maximum_height())
        if not self._popup.isVisible():
            # Rows measure a little shorter before they were ever shown, so measure again.
            self._popup.show()
            self._popup.fit_height(self._popup_maximum_height())
        anchor = self._button.mapToGlobal(QPoint(0, 0))
        height = self._popup.height()
        y = anchor.y() - height - 4
        if y < available.top():
            y = anchor.y() + self._button.height() + 4
        x = max(available.left(), min(anchor.x(), available.right() - self._popup.width()))
        self._popup.move(x, y)
        self._popup.show()

    def _popup_maximum_height(self) -> int:
        """The popup may take most of the window, never more than fits on the screen."""
        screen = self._button.screen().availableGeometry().height()
        window = self.window().height()
        return max(_POPUP_MAX_HEIGHT, min(int(window * 0.9), screen - 40))

    def hide_popup(self) -> None:
        """Close the list of tools."""
        self._popup.hide()

    async def aclose(self) -> None:
        """Cancel a running refresh and wait for it to end (for the app's shutdown)."""
        task, self._refresh_task = self._refresh_task, None
        if task is not None and not task.done():
            task.cancel()
            await asyncio.gather(task, return_exceptions=True)

    def changeEvent(self, event: QEvent) -> None:
        """Render the button and every row again in a new language."""
        if event.type() == QEvent.Type.LanguageChange:
            self._render()
        super().changeEvent(event)

    # Checking and rendering.

    async def _refresh(self) -> None:
        entries = self._registry.catalog(self._component)
        provider = self._provider
        checks: dict[str, OfferCheck] = {}
        failed = False
        try:
            if provider is not None:
                for entry in entries:
                    checks[entry.id] = await self._registry.offer_check(
                        entry.id, provider, self._component
                    )
        except Exception:
            # The keyring or a tool's own check may fail; the rows must still render.
            logger.exception("The tools could not be checked.")
            failed = True
        if not shiboken6.isValid(self):
            return
        self._entries, self._checks, self._failed = entries, checks, failed
        self._render()
        self.refreshed.emit()

    def _apply_selection(self, ids: Iterable[str]) -> None:
        normalised = self._registry.normalize_selection(ids)
        changed = normalised != self._selection
        self._selection = normalised
        self._render()
        if changed:
            self.selection_changed.emit(list(normalised))

    def _render(self) -> None:
        listed = {entry.id for entry in self._entries}
        count = sum(1 for entry_id in self._selection if entry_id in listed)
        self._button.setText(self.tr("Tools (%n)", "", count) if count else self.tr("Tools"))
        availability = self._availability_message()
        self._button.setToolTip(availability or self.tr("Select tools"))
        self._popup.set_count(self.tr("%n selected", "", count))
        self._popup.set_note(self._note(availability))
        self._popup.set_entries(self._entries)
        for entry in self._entries:
            row = self._popup.row(entry.id)
            assert row is not None
            check = self._checks.get(entry.id)
            if check is not None and check.missing_required_fields:
                # The check names fields by id; the user knows them by their labels.
                labels = settings_field_labels(
                    self._registry, entry.member_tool_ids, check.missing_required_fields
                )
                check = dataclasses.replace(check, missing_required_fields=tuple(labels))
            reason = block_message(check, translate) if check is not None else ""
            managed = self._managed_text(entry, check)
            if managed:
                reason = f"{managed}\n{reason}"
            blocked = check is None or not check.allowed
            row.set_state(
                checked=entry.id in self._selection,
                reason=reason,
                toggleable=not blocked and not self._running,
            )
        if self._popup.isVisible():
            self._popup.fit_height(self._popup_maximum_height())

    def _managed_text(self, entry: CatalogEntry, check: OfferCheck | None) -> str:
        """Which policy switched the entry off, "" when none did or none is named.

        A broken policy switched every tool off; the row says so, naming the broken files.
        """
        if check is None or not check.disabled_by_organization:
            return ""
        organization = self._settings.organization
        ids = (entry.id, *entry.member_tool_ids)
        if not organization.restricts_all_tools and not any(
            organization.origin(f"disabled:{tool_id}") for tool_id in ids
        ):
            # The reason already says the organisation did it; there is no policy to name.
            return ""
        return switched_off_by(organization, ids)

    def _availability_message(self) -> str:
        """Why no tool can be used at all right now, or ""."""
        if self._provider is None:
            return self.tr("Choose a model to use tools.")
        for reason, applies in (
            (OfferBlockReason.TOOLS_SWITCHED_OFF, not self._settings.tools_enabled),
            (OfferBlockReason.MODEL_CANNOT_USE_TOOLS, not self._provider.can_use_tools),
        ):
            if applies:
                return block_message(OfferCheck(entry_id="", reasons=(reason,)), translate)
        return ""

    def _note(self, availability: str) -> str:
        if self._running:
            return self.tr("The selection cannot change while an answer is being written.")
        if self._failed:
            return self.tr("The tools could not be checked. See the log for details.")
        return availability

    # Slots.

    @Slot()
    def _on_button_clicked(self) -> None:
        self.show_popup()

    @Slot(str, bool)
    def _on_popup_row_toggled(self, entry_id: str, checked: bool) -> None:
        if checked:
            self._apply_selection([*self._selection, entry_id])
        else:
            self._apply_selection(i for i in self._selection if i != entry_id)

    @Slot(str)
    def _on_popup_settings_requested(self, entry_id: str) -> None:
        self.settings_requested.emit(entry_id)

    @Slot()
    def _on_settings_changed(self) -> None:
        self.refresh()
