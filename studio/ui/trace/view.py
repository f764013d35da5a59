"""The log of refused calls: every blocked and failed tool call of a chat, or of all chats.

A user or an administrator reads here what was refused and why: when, in which chat, which
tool, the reason, and the arguments the model sent (sensitive ones masked). The list filters by
status, by tool and by text, sorts by any column, and copies a row's details to the clipboard.
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime

from PySide6.QtCore import QEvent, QItemSelection, QModelIndex, Qt, Signal, Slot
from PySide6.QtGui import QAction, QFont, QGuiApplication, QKeyEvent, QKeySequence
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QPushButton,
    QSizePolicy,
    QSplitter,
    QStackedWidget,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from studio.ui.trace import model, text_height

__all__ = ["DETAILS_MAX_LINES", "LogItem", "TraceLogView"]

DETAILS_MAX_LINES = 12
"""The most lines of the details pane shown at once; longer details scroll."""

LogItem = tuple[str, datetime, model.TraceRecord]
"""A chat's title, when the answer was given, and one of its traces."""


class _LogTable(QTableView):
    """A table whose copy key copies a row's details, not the text of one cell.

    Signals:
        copy_requested(): the user pressed the platform's copy key.
    """

    copy_requested = Signal()

    def keyPressEvent(self, event: QKeyEvent) -> None:
        """Turn the copy key into :attr:`copy_requested`; item views would copy one cell."""
        if event.matches(QKeySequence.StandardKey.Copy):
            self.copy_requested.emit()
            event.accept()
            return
        super().keyPressEvent(event)


class TraceLogView(QWidget):
    """The blocked and failed tool calls of one chat or of all chats, filterable and sortable.

    Calls that succeeded are left out; pass every trace and the view keeps the refused ones.

    Args:
        entries: The calls to list at first.
        parent: The Qt parent.
        offers_scope: Show a choice between the open chat and all chats; the owner fills the
            entries for the chosen scope when :attr:`scope_changed` says so.

    Signals:
        scope_changed(bool): the user chose all chats (True) or the open chat (False).
    """

    scope_changed = Signal(bool)

    def __init__(
        self,
        entries: Iterable[LogItem] = (),
        parent: QWidget | None = None,
        *,
        offers_scope: bool = False,
    ) -> None:
        super().__init__(parent)
        self.setObjectName("TraceLogView")
        self._model = model.TraceTableModel(_entries(entries), self)
        self._proxy = model.TraceFilterProxyModel(self)
        self._proxy.setSourceModel(self._model)

        self._title = QLabel(self)
        self._title.setObjectName("TraceLogTitle")
        font = self._title.font()
        font.setPointSizeF(font.pointSizeF() * 1.2)
        font.setWeight(QFont.Weight.DemiBold)
        self._title.setFont(font)
        self._intro = QLabel(self)
        self._intro.setWordWrap(True)

        self._scope = QComboBox(self)
        self._scope.setObjectName("TraceLogScope")
        self._scope.addItems(["", ""])
        self._scope.setVisible(offers_scope)
        self._status = QComboBox(self)
        self._status.setObjectName("TraceLogStatusFilter")
        self._tool = QComboBox(self)
        self._tool.setObjectName("TraceLogToolFilter")
        # The filters are as wide as their longest choice, in every language and after a
        # switch; the search field gives way when the row runs short.
        for combo in (self._scope, self._status, self._tool):
            combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
            combo.setSizePolicy(QSizePolicy.Policy.Minimum, QSizePolicy.Policy.Fixed)
        self._search = QLineEdit(self)
        self._search.setObjectName("TraceLogSearch")
        self._search.setClearButtonEnabled(True)
        self._shown = QLabel(self)
        self._shown.setObjectName("TraceLogShown")

        self._table = self._build_table()
        self._empty = QLabel(self)
        self._empty.setObjectName("TraceLogEmpty")
        self._empty.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self._empty.setWordWrap(True)
        self._stack = QStackedWidget(self)
        self._stack.addWidget(self._table)
        self._stack.addWidget(self._empty)

        self._details = QPlainTextEdit(self)
        self._details.setObjectName("TraceLogDetails")
        self._details.setReadOnly(True)
        # As tall as the call's details, up to a dozen lines; the table gets the rest.
        self._details_fit = text_height.fit_to_content(
            self._details, DETAILS_MAX_LINES, fixed=False
        )
        self._copy_button = QPushButton(self)
        self._copy_button.setObjectName("TraceLogCopy")
        # The table handles the copy key itself; the action shows it in the context menu.
        self._copy_action = QAction(self)
        self._copy_action.setShortcut(QKeySequence(QKeySequence.StandardKey.Copy))
        self._copy_action.setShortcutContext(Qt.ShortcutContext.WidgetShortcut)
        self._table.addAction(self._copy_action)
        self._table.setContextMenuPolicy(Qt.ContextMenuPolicy.ActionsContextMenu)

        self._lay_out()
        self._retranslate()
        self._fill_status_filter()
        self._fill_tool_filter()
        self._connect()
        self._proxy.sort(model.Column.WHEN, Qt.SortOrder.DescendingOrder)
        self._table.horizontalHeader().setSortIndicator(
            model.Column.WHEN, Qt.SortOrder.DescendingOrder
        )
        self._update_state()

    @property
    def table_model(self) -> model.TraceTableModel:
        """The model with every refused call, unfiltered."""
        return self._model

    @property
    def table(self) -> QTableView:
        """The table that shows the filtered, sorted calls."""
        return self._table

    def set_entries(self, entries: Iterable[LogItem]) -> None:
        """Show the refused calls among ``entries`` instead of the current ones."""
        self._model.set_entries(_entries(entries))
        self._fill_tool_filter()
        self._update_state()

    def add_entry(self, chat_title: str, timestamp: datetime, trace: model.TraceRecord) -> bool:
        """Add one call if it was blocked or failed; returns whether it was added."""
        entry = model.TraceLogEntry(chat_title=chat_title, timestamp=timestamp, trace=trace)
        added = self._model.add_entry(entry)
        if added:
            self._fill_tool_filter()
            self._update_state()
        return added

    def shows_all_chats(self) -> bool:
        """Whether the chosen scope is all chats rather than the open one."""
        return self._scope.currentIndex() == 1

    def set_all_chats(self, all_chats: bool) -> None:
        """Choose all chats or the open chat; emits :attr:`scope_changed` when it changes."""
        self._scope.setCurrentIndex(1 if all_chats else 0)

    def set_status_filter(self, status_filter: model.StatusFilter) -> None:
        """Show blocked calls, failed calls or both."""
        self._status.setCurrentIndex(max(0, self._status.findData(status_filter)))

    def set_tool_filter(self, key: str | None) -> None:
        """Show the calls of one tool (its id, or the name used for an unknown tool), or all."""
        self._tool.setCurrentIndex(max(0, self._tool.findData(key)))

    def set_search_text(self, text: str) -> None:
        """Show the calls whose texts contain every word of ``text``."""
        self._search.setText(text)

    def sort_by(self, column: model.Column, order: Qt.SortOrder) -> None:
        """Sort the table by ``column``; the time sorts by value, not by its text."""
        self._table.sortByColumn(column, order)

    def visible_entries(self) -> list[model.TraceLogEntry]:
        """The entries the table shows, in the order it shows them."""
        return [
            self._model.entry(self._proxy.mapToSource(self._proxy.index(row, 0)).row())
            for row in range(self._proxy.rowCount())
        ]

    def select_row(self, row: int) -> None:
        """Select the table's ``row`` (as shown), which fills the details pane."""
        self._table.selectRow(row)

    def details(self) -> str:
        """The details of the selected call, as the pane shows them; empty without selection."""
        return self._details.toPlainText()

    def copy_details(self, row: int | None = None) -> bool:
        """Copy the details of ``row`` (as shown), or of the selected row, to the clipboard.

        Returns:
            Whether there was a row to copy.
        """
        source_row = self._source_row(row)
        if source_row is None:
            return False
        QGuiApplication.clipboard().setText(self._model.row_details(source_row))
        return True

    @Slot(int)
    def _on_scope_current_index_changed(self, index: int) -> None:
        self.scope_changed.emit(index == 1)

    @Slot(int)
    def _on_status_current_index_changed(self, _index: int) -> None:
        status_filter = self._status.currentData()
        if isinstance(status_filter, model.StatusFilter):
            self._proxy.set_status_filter(status_filter)
        self._update_state()

    @Slot(int)
    def _on_tool_current_index_changed(self, _index: int) -> None:
        key = self._tool.currentData()
        self._proxy.set_tool_filter(key if isinstance(key, str) else None)
        self._update_state()

    @Slot(str)
    def _on_search_text_changed(self, text: str) -> None:
        self._proxy.set_search_text(text)
        self._update_state()

    @Slot(QItemSelection, QItemSelection)
    def _on_selection_selection_changed(self, _new: QItemSelection, _old: QItemSelection) -> None:
        self._show_details()

    @Slot()
    def _on_copy_button_clicked(self) -> None:
        self.copy_details()

    @Slot()
    def _on_copy_action_triggered(self) -> None:
        self.copy_details()

    @Slot()
    def _on_table_copy_requested(self) -> None:
        self.copy_details()

    def _build_table(self) -> _LogTable:
        table = _LogTable(self)
        table.setObjectName("TraceLogTable")
        table.setModel(self._proxy)
        table.setSortingEnabled(True)
        table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        table.setAlternatingRowColors(True)
        table.setWordWrap(False)
        table.setTextElideMode(Qt.TextElideMode.ElideRight)
        table.verticalHeader().setVisible(False)
        header = table.horizontalHeader()
        header.setHighlightSections(False)
        for column in (model.Column.WHEN, model.Column.STATUS):
            header.setSectionResizeMode(column, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(model.Column.REASON, QHeaderView.ResizeMode.Stretch)
        header.resizeSection(model.Column.CHAT, 160)
        header.resizeSection(model.Column.TOOL, 140)
        header.resizeSection(model.Column.ARGUMENTS, 220)
        return table

    def _lay_out(self) -> None:
        filters = QHBoxLayout()
        filters.setSpacing(8)
        filters.addWidget(self._scope)
        filters.addWidget(self._status)
        filters.addWidget(self._tool)
        filters.addWidget(self._search, 1)
        filters.addWidget(self._shown)
        details = QWidget(self)
        details_layout = QVBoxLayout(details)
        details_layout.setContentsMargins(0, 0, 0, 0)
        details_layout.addWidget(self._details)
        buttons = QHBoxLayout()
        buttons.addStretch(1)
        buttons.addWidget(self._copy_button)
        details_layout.addLayout(buttons)
        splitter = QSplitter(Qt.Orientation.Vertical, self)
        splitter.addWidget(self._stack)
        splitter.addWidget(details)
        splitter.setStretchFactor(0, 1)
        splitter.setStretchFactor(1, 0)
        splitter.setChildrenCollapsible(False)
        layout = QVBoxLayout(self)
        layout.addWidget(self._title)
        layout.addWidget(self._intro)
        layout.addLayout(filters)
        layout.addWidget(splitter, 1)

    def _connect(self) -> None:
        self._scope.currentIndexChanged.connect(self._on_scope_current_index_changed)
        self._status.currentIndexChanged.connect(self._on_status_current_index_changed)
        self._tool.currentIndexChanged.connect(self._on_tool_current_index_changed)
        self._search.textChanged.connect(self._on_search_text_changed)
        selection = self._table.selectionModel()
        selection.selectionChanged.connect(self._on_selection_selection_changed)
        self._copy_button.clicked.connect(self._on_copy_button_clicked)
        self._copy_action.triggered.connect(self._on_copy_action_triggered)
        self._table.copy_requested.connect(self._on_table_copy_requested)

    def _retranslate(self) -> None:
        self._title.setText(self.tr("Blocked and failed tool calls"))
        self._intro.setText(
            self.tr(
                "Tool calls that were refused before they ran, or that failed while running, "
                "with the reason and the arguments the model sent. Sensitive values are masked."
            )
        )
        self._search.setPlaceholderText(self.tr("Search chats, tools, reasons and arguments"))
        self._details.setPlaceholderText(self.tr("Select a call to see its details."))
        self._copy_button.setText(self.tr("Copy details"))
        self._copy_action.setText(self.tr("Copy details"))
        self._scope.setItemText(0, self.tr("This chat"))
        self._scope.setItemText(1, self.tr("All chats"))

    def changeEvent(self, event: QEvent) -> None:
        """Set the texts again in a new language, filters and their choices included."""
        if event.type() == QEvent.Type.LanguageChange:
            self._retranslate()
            self._model.retranslate()
            self._fill_status_filter()
            self._fill_tool_filter()
            self._update_state()
        super().changeEvent(event)

    def _fill_status_filter(self) -> None:
        current = self._status.currentIndex()
        self._status.blockSignals(True)
        self._status.clear()
        self._status.addItem(self.tr("Blocked and failed"), model.StatusFilter.BLOCKED_AND_FAILED)
        self._status.addItem(self.tr("Blocked only"), model.StatusFilter.BLOCKED)
        self._status.addItem(self.tr("Failed only"), model.StatusFilter.FAILED)
        self._status.setCurrentIndex(max(0, current))
        self._status.blockSignals(False)

    def _fill_tool_filter(self) -> None:
        """List the tools in the log, keeping the chosen one if it is still there."""
        current = self._tool.currentData()
        self._tool.blockSignals(True)
        self._tool.clear()
        self._tool.addItem(self.tr("All tools"), None)
        for key, name in self._model.tools():
            self._tool.addItem(name, key)
        index = self._tool.findData(current) if isinstance(current, str) else 0
        self._tool.setCurrentIndex(max(0, index))
        self._tool.blockSignals(False)
        key = self._tool.currentData()
        self._proxy.set_tool_filter(key if isinstance(key, str) else None)

    def _update_state(self) -> None:
        shown, total = self._proxy.rowCount(), self._model.rowCount()
        self._shown.setText(
            self.tr("Shown: {shown} of {total}")
            .replace("{shown}", str(shown))
            .replace("{total}", str(total))
        )
        if total == 0:
            self._empty.setText(self.tr("No tool call was blocked or failed."))
        else:
            self._empty.setText(self.tr("No tool call matches the filters."))
        self._stack.setCurrentWidget(self._table if shown else self._empty)
        self._show_details()

    def _show_details(self) -> None:
        source_row = self._source_row(None)
        has_row = source_row is not None
        self._details.setPlainText(
            "" if source_row is None else self._model.row_details(source_row)
        )
        self._copy_button.setEnabled(has_row)
        self._copy_action.setEnabled(has_row)

    def _source_row(self, row: int | None) -> int | None:
        """The model row behind the table's ``row``, or behind the selection when None."""
        if row is None:
            selected = self._table.selectionModel().selectedRows()
            index = selected[0] if selected else QModelIndex()
        else:
            index = self._proxy.index(row, 0)
        if not index.isValid():
            return None
        return self._proxy.mapToSource(index).row()


def _entries(items: Iterable[LogItem]) -> list[model.TraceLogEntry]:
    return [
        model.TraceLogEntry(chat_title=title, timestamp=timestamp, trace=trace)
        for title, timestamp, trace in items
    ]
