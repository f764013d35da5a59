"""What the trace widgets show: the trace shape they accept, status colours, and the log model.

The panel under an answer and the log of refused calls take any object shaped like
:class:`TraceRecord`: a live :class:`~studio.tools.executor.ToolInvocationTrace` (which also
carries the call's result while the app runs) or a trace loaded from a stored chat (which never
does). Only the live type has a result, so :func:`trace_result` tells the two apart.

Status colours are derived from the palette the widget paints on, and text colours are moved
towards black or white until they reach the WCAG contrast of 4.5:1, so chips and warnings stay
readable in light and dark themes alike.
"""

from __future__ import annotations

import contextlib
import enum
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Protocol

from PySide6.QtCore import (
    QAbstractTableModel,
    QDate,
    QDateTime,
    QLocale,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    QSortFilterProxyModel,
    Qt,
    QTime,
)
from PySide6.QtGui import QColor, QGuiApplication, QPalette

from studio.kernel.calls import ToolInvocationTrace, TraceStatus
from studio.kernel.translatable import Translate
from studio.ui import i18n, theme

__all__ = [
    "MINIMUM_CONTRAST",
    "ChipColors",
    "Column",
    "StatusFilter",
    "TraceFilterProxyModel",
    "TraceLogEntry",
    "TraceRecord",
    "TraceTableModel",
    "chip_colors",
    "contrast_ratio",
    "muted_color",
    "readable_color",
    "status_color",
    "tool_key",
    "trace_result",
    "warning_color",
]

MINIMUM_CONTRAST = 4.5
"""The WCAG AA contrast ratio for normal text, which every coloured text here reaches."""

# Material-like hues; on a dark palette the text colours derived from them are lightened.
_STATUS_HUES: Mapping[TraceStatus, str] = {
    TraceStatus.SUCCESS: "#2e7d32",
    TraceStatus.ERROR: "#c62828",
    TraceStatus.BLOCKED: "#e65100",
    TraceStatus.NONE: "#757575",
}
_WARNING_HUE = "#e65100"
_REFUSED = frozenset({TraceStatus.BLOCKED, TraceStatus.ERROR})

_Index = QModelIndex | QPersistentModelIndex


class TraceRecord(Protocol):
    """The fields of a trace that the trace widgets read.

    Both the live trace and the stored one have them; only the live one has a result.
    """

    @property
    def order(self) -> int:
        """The call's position among the answer's calls, from 1."""
        ...

    @property
    def tool_id(self) -> str:
        """The tool's id; empty for a tool that was not available."""
        ...

    @property
    def display_name(self) -> str:
        """The display name, translatable for a known tool."""
        ...

    @property
    def status(self) -> TraceStatus:
        """How the call ended."""
        ...

    @property
    def arguments(self) -> Mapping[str, str]:
        """The arguments as compact JSON, sensitive ones already masked."""
        ...

    def status_text(self, translate: Translate) -> str:
        """Why the call did not succeed, in the language ``translate`` renders."""
        ...


def trace_result(trace: TraceRecord) -> str | None:
    """The content the model received, or None when the trace does not keep it (stored)."""
    return trace.result if isinstance(trace, ToolInvocationTrace) else None


@dataclass(frozen=True)
class ChipColors:
    """The colours of one status chip."""

    background: QColor
    foreground: QColor
    border: QColor


def contrast_ratio(first: QColor, second: QColor) -> float:
    """The WCAG contrast ratio of two colours, from 1 (same) to 21 (black on white)."""
    lighter, darker = sorted((_luminance(first), _luminance(second)), reverse=True)
    return (lighter + 0.05) / (darker + 0.05)


def readable_color(color: QColor, background: QColor, minimum: float = MINIMUM_CONTRAST) -> QColor:
    """``color``, moved towards black or white until it reaches ``minimum`` on ``background``."""
    if contrast_ratio(color, background) >= minimum:
        return QColor(color)
    black, white = QColor(Qt.GlobalColor.black), QColor(Qt.GlobalColor.white)
    target = (
        white if contrast_ratio(white, background) > contrast_ratio(black, background) else black
    )
    for step in range(1, 21):
        candidate = theme.mix(color, target, step / 20)
        if contrast_ratio(candidate, background) >= minimum:
            return candidate
    return target


def status_color(status: TraceStatus, background: QColor) -> QColor:
    """The colour of a status as text on ``background``."""
    return readable_color(QColor(_STATUS_HUES[status]), background)


def warning_color(background: QColor) -> QColor:
    """The colour of a warning as text on ``background``."""
    return readable_color(QColor(_WARNING_HUE), background)


def chip_colors(status: TraceStatus, palette: QPalette) -> ChipColors:
    """The colours of a status chip drawn on the palette's base colour."""
    base = palette.color(QPalette.ColorRole.Base)
    hue = QColor(_STATUS_HUES[status])
    dark = theme.is_dark(palette)
    background = theme.mix(base, hue, 0.28 if dark else 0.14)
    border = theme.mix(base, hue, 0.7 if dark else 0.55)
    return ChipColors(background, readable_color(hue, background), border)


def muted_color(palette: QPalette) -> QColor:
    """Secondary text on the palette's base colour, still readable."""
    base = palette.color(QPalette.ColorRole.Base)
    text = palette.color(QPalette.ColorRole.Text)
    return readable_color(theme.mix(text, base, 0.4), base)


def _luminance(color: QColor) -> float:
    def channel(value: float) -> float:
        return value / 12.92 if value <= 0.04045 else ((value + 0.055) / 1.055) ** 2.4

    red, green, blue = (channel(color.redF()), channel(color.greenF()), channel(color.blueF()))
    return 0.2126 * red + 0.7152 * green + 0.0722 * blue


# The log of refused calls ------------------------------------------------------------------


@dataclass(frozen=True, kw_only=True)
class TraceLogEntry:
    """One refused or failed call in the log, with where and when it happened."""

    chat_title: str
    timestamp: datetime
    """When the answer was given; a naive value is local time."""
    trace: TraceRecord


class Column(enum.IntEnum):
    """The columns of :class:`TraceTableModel`."""

    WHEN = 0
    CHAT = 1
    TOOL = 2
    STATUS = 3
    REASON = 4
    ARGUMENTS = 5


class StatusFilter(enum.Enum):
    """Which refused calls the log shows."""

    BLOCKED_AND_FAILED = "both"
    BLOCKED = "blocked"
    FAILED = "failed"

    @property
    def statuses(self) -> frozenset[TraceStatus]:
        """The trace statuses this filter keeps."""
        if self is StatusFilter.BLOCKED:
            return frozenset({TraceStatus.BLOCKED})
        if self is StatusFilter.FAILED:
            return frozenset({TraceStatus.ERROR})
        return _REFUSED


SORT_ROLE = Qt.ItemDataRole.UserRole + 1
"""A value that sorts a column correctly (the time, not its localised text)."""
STATUS_ROLE = Qt.ItemDataRole.UserRole + 2
"""The row's :class:`TraceStatus`."""
TOOL_KEY_ROLE = Qt.ItemDataRole.UserRole + 3
"""The row's tool key: the tool id, or the name the model used for an unknown tool."""
SEARCH_ROLE = Qt.ItemDataRole.UserRole + 4
"""Every text of the row, case-folded, for the search box."""


def tool_key(trace: TraceRecord) -> str:
    """What groups calls of one tool: its id, or the name the model used when there is none."""
    return trace.tool_id or str(trace.display_name)


class TraceTableModel(QAbstractTableModel):
    """The blocked and failed calls of one chat or of all chats, one row each.

    Calls that succeeded are left out when entries are added: the log is about what was refused
    and why.
    """

    def __init__(
        self, entries: Iterable[TraceLogEntry] = (), parent: QObject | None = None
    ) -> None:
        super().__init__(parent)
        self._entries: list[TraceLogEntry] = [e for e in entries if e.trace.status in _REFUSED]

    def set_entries(self, entries: Iterable[TraceLogEntry]) -> None:
        """Replace every row with the refused calls among ``entries``."""
        self.beginResetModel()
        self._entries = [entry for entry in entries if entry.trace.status in _REFUSED]
        self.endResetModel()

    def add_entry(self, entry: TraceLogEntry) -> bool:
        """Append ``entry`` if its call was refused or failed; returns whether it was added."""
        if entry.trace.status not in _REFUSED:
            return False
        row = len(self._entries)
        self.beginInsertRows(QModelIndex(), row, row)
        self._entries.append(entry)
        self.endInsertRows()
        return True

    def retranslate(self) -> None:
        """Tell the views that every text changed: the UI language did."""
        self.headerDataChanged.emit(Qt.Orientation.Horizontal, 0, len(Column) - 1)
        if self._entries:
            last = self.index(len(self._entries) - 1, len(Column) - 1)
            self.dataChanged.emit(self.index(0, 0), last)

    def entry(self, row: int) -> TraceLogEntry:
        """The entry shown in ``row``."""
        return self._entries[row]

    def entries(self) -> tuple[TraceLogEntry, ...]:
        """Every entry, in the order they were added."""
        return tuple(self._entries)

    def tools(self) -> list[tuple[str, str]]:
        """The tools that appear in the log as ``(key, translated name)``, sorted by name."""
        names: dict[str, str] = {}
        for entry in self._entries:
            key, name = tool_key(entry.trace), i18n.translate(entry.trace.display_name)
            # A known tool's display name wins over the name a model used for it.
            if entry.trace.tool_id:
                names[key] = name
            else:
                names.setdefault(key, name)
        return sorted(names.items(), key=lambda item: (item[1].casefold(), item[0]))

    def rowCount(self, parent: _Index = QModelIndex()) -> int:  # noqa: B008
        """The number of entries; table models have no children."""
        return 0 if parent.isValid() else len(self._entries)

    def columnCount(self, parent: _Index = QModelIndex()) -> int:  # noqa: B008
        """The number of columns."""
        return 0 if parent.isValid() else len(Column)

    def headerData(
        self,
        section: int,
        orientation: Qt.Orientation,
        role: int = Qt.ItemDataRole.DisplayRole,
    ) -> object:
        """The translated column titles."""
        if orientation != Qt.Orientation.Horizontal or role != Qt.ItemDataRole.DisplayRole:
            return None
        return self._column_titles().get(Column(section)) if 0 <= section < len(Column) else None

    def data(self, index: _Index, role: int = Qt.ItemDataRole.DisplayRole) -> object:
        """The cell's text, tooltip, colour, or one of the roles the filter and sort use."""
        if not index.isValid() or not 0 <= index.row() < len(self._entries):
            return None
        entry = self._entries[index.row()]
        column = Column(index.column())
        if role == Qt.ItemDataRole.DisplayRole:
            return self._display(entry, column)
        if role == Qt.ItemDataRole.ToolTipRole and column in (Column.REASON, Column.ARGUMENTS):
            return self._display(entry, column, multiline=True) or None
        if role == Qt.ItemDataRole.ForegroundRole and column == Column.STATUS:
            base = QGuiApplication.palette().color(QPalette.ColorRole.Base)
            return status_color(entry.trace.status, base)
        return self._data_role(entry, column, role)

    def row_details(self, row: int) -> str:
        """Everything about one row as plain text, for the clipboard and the details pane."""
        entry = self._entries[row]
        titles = self._column_titles()
        lines = [
            f"{titles[Column.WHEN]}: {_when_text(entry.timestamp, QLocale.FormatType.LongFormat)}",
            f"{titles[Column.CHAT]}: {entry.chat_title}",
            f"{titles[Column.TOOL]}: {self._tool_text(entry.trace)}",
            f"{titles[Column.STATUS]}: {self.status_label(entry.trace.status)}",
            f"{titles[Column.REASON]}: {entry.trace.status_text(i18n.translate)}",
            f"{titles[Column.ARGUMENTS]}:",
        ]
        if entry.trace.arguments:
            lines.extend(f"  {name}: {value}" for name, value in entry.trace.arguments.items())
        else:
            lines.append("  " + self.tr("No arguments"))
        return "\n".join(lines)

    def status_label(self, status: TraceStatus) -> str:
        """The translated name of a status, as the chips show it."""
        labels = {
            TraceStatus.SUCCESS: self.tr("Executed"),
            TraceStatus.ERROR: self.tr("Failed"),
            TraceStatus.BLOCKED: self.tr("Blocked"),
            TraceStatus.NONE: self.tr("Unknown"),
        }
        return labels[status]

    def _column_titles(self) -> dict[Column, str]:
        return {
            Column.WHEN: self.tr("When"),
            Column.CHAT: self.tr("Chat"),
            Column.TOOL: self.tr("Tool"),
            Column.STATUS: self.tr("Status"),
            Column.REASON: self.tr("Reason"),
            Column.ARGUMENTS: self.tr("Arguments"),
        }

    def _display(self, entry: TraceLogEntry, column: Column, *, multiline: bool = False) -> str:
        trace = entry.trace
        match column:
            case Column.WHEN:
                return _when_text(entry.timestamp, QLocale.FormatType.ShortFormat)
            case Column.CHAT:
                return entry.chat_title
            case Column.TOOL:
                return i18n.translate(trace.display_name)
            case Column.STATUS:
                return self.status_label(trace.status)
            case Column.REASON:
                text = trace.status_text(i18n.translate)
                return text if multiline else " ".join(text.split())
            case Column.ARGUMENTS:
                separator = "\n" if multiline else ", "
                return separator.join(f"{name}: {value}" for name, value in trace.arguments.items())

    def _data_role(self, entry: TraceLogEntry, column: Column, role: int) -> object:
        if role == SORT_ROLE:
            if column == Column.WHEN:
                return _local(entry.timestamp).timestamp()
            return self._display(entry, column).casefold()
        if role == STATUS_ROLE:
            return entry.trace.status
        if role == TOOL_KEY_ROLE:
            return tool_key(entry.trace)
        if role == SEARCH_ROLE:
            texts: Sequence[str] = [
                *(self._display(entry, each) for each in Column if each != Column.WHEN),
                entry.trace.tool_id,
                *entry.trace.arguments.keys(),
            ]
            return "\n".join(texts).casefold()
        return None

    def _tool_text(self, trace: TraceRecord) -> str:
        name = i18n.translate(trace.display_name)
        return f"{name} ({trace.tool_id})" if trace.tool_id and trace.tool_id != name else name


class TraceFilterProxyModel(QSortFilterProxyModel):
    """Filters a :class:`TraceTableModel` by status, tool and text, and sorts it by value."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._statuses = StatusFilter.BLOCKED_AND_FAILED.statuses
        self._tool: str | None = None
        self._words: tuple[str, ...] = ()
        self.setSortRole(SORT_ROLE)
        self.setDynamicSortFilter(True)

    def set_status_filter(self, status_filter: StatusFilter) -> None:
        """Show only the calls whose status ``status_filter`` keeps."""
        with self._filter_change():
            self._statuses = status_filter.statuses

    def set_tool_filter(self, key: str | None) -> None:
        """Show only calls of the tool with ``key`` (see :func:`tool_key`); None shows all."""
        with self._filter_change():
            self._tool = key or None

    def set_search_text(self, text: str) -> None:
        """Show only calls whose texts contain every word of ``text``, ignoring case."""
        with self._filter_change():
            self._words = tuple(text.casefold().split())

    def filterAcceptsRow(self, source_row: int, source_parent: _Index) -> bool:
        """Whether the row passes the status, tool and text filters."""
        model = self.sourceModel()
        index = model.index(source_row, 0, source_parent)
        if model.data(index, STATUS_ROLE) not in self._statuses:
            return False
        if self._tool is not None and model.data(index, TOOL_KEY_ROLE) != self._tool:
            return False
        haystack = str(model.data(index, SEARCH_ROLE) or "")
        return all(word in haystack for word in self._words)

    @contextlib.contextmanager
    def _filter_change(self) -> Iterator[None]:
        # Qt 6.9 replaced invalidateFilter() with this pair and deprecated the old call.
        if hasattr(self, "beginFilterChange"):
            self.beginFilterChange()
            yield
            self.endFilterChange(QSortFilterProxyModel.Direction.Rows)
        else:  # pragma: no cover - Qt before 6.9
            yield
            self.invalidateFilter()


def _local(timestamp: datetime) -> datetime:
    """``timestamp`` in local time; a naive value already is."""
    return timestamp.astimezone() if timestamp.tzinfo is not None else timestamp


def _when_text(timestamp: datetime, date_format: QLocale.FormatType) -> str:
    """``timestamp`` as the UI language writes it (the default locale, see :mod:`~studio.ui.i18n`).

    The time is always the short one with seconds added for the long format; the long
    time format would add the time zone's name, which says nothing here.
    """
    locale = QLocale()
    when = _qt_datetime(timestamp)
    date = locale.toString(when.date(), date_format)
    time = locale.toString(when.time(), QLocale.FormatType.ShortFormat)
    if date_format == QLocale.FormatType.LongFormat:
        time = locale.toString(when.time(), _with_seconds(locale))
    return f"{date} {time}"


def _with_seconds(locale: QLocale) -> str:
    """The locale's short time format with seconds, e.g. "HH:mm:ss" or "h:mm:ss AP"."""
    short = locale.timeFormat(QLocale.FormatType.ShortFormat)
    return short if "s" in short else short.replace("mm", "mm:ss", 1)


def _qt_datetime(timestamp: datetime) -> QDateTime:
    local = _local(timestamp)
    return QDateTime(
        QDate(local.year, local.month, local.day),
        QTime(local.hour, local.minute, local.second),
    )
