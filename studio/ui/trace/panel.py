"""The tool calls of one answer: a pill in the answer's header and the panel it opens.

The pill reads "N tool calls" and toggles a :class:`TracePanel` titled "Tool Calls (N)". The
panel lists one expandable entry per call, "<order>. <tool name>" with a status chip; an
expanded entry shows why the call did not succeed, its arguments (sensitive ones stay masked),
the passages the prompt-injection guard removed from its result (see
:mod:`~studio.ui.trace.removals`) and, while the app runs, the result the model received.
Entries are added as calls finish.
"""

from __future__ import annotations

import html
from collections.abc import Iterable

from PySide6.QtCore import QEvent, QPointF, QRectF, QSize, Qt, Signal, Slot
from PySide6.QtGui import (
    QColor,
    QFont,
    QFontDatabase,
    QIcon,
    QPainter,
    QPainterPath,
    QPaintEvent,
    QPalette,
    QPen,
    QPixmap,
    QTransform,
)
from PySide6.QtWidgets import (
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QPlainTextEdit,
    QPushButton,
    QSizePolicy,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from studio.kernel.calls import TraceStatus
from studio.ui import i18n
from studio.ui.trace import model, removals, text_height

__all__ = [
    "RESULT_MAX_LINES",
    "RESULT_PREVIEW_CHARACTERS",
    "PillButton",
    "StatusChip",
    "TraceEntry",
    "TracePanel",
    "TracePill",
    "build_icon",
]

RESULT_PREVIEW_CHARACTERS = 4000
"""How much of a result an entry shows before "Show all"."""

RESULT_MAX_LINES = 14
"""The most lines of a result shown at once; a longer one scrolls inside the box."""
_CARD_RADIUS = 8.0


class StatusChip(QWidget):
    """A rounded label naming how a call ended, in the status's colour."""

    def __init__(self, status: TraceStatus, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._status = status
        self._text = ""
        self.setSizePolicy(QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Fixed)
        font = self.font()
        font.setPointSizeF(font.pointSizeF() * 0.9)
        font.setWeight(QFont.Weight.DemiBold)
        self.setFont(font)
        self._retranslate()

    @property
    def status(self) -> TraceStatus:
        """The status the chip shows."""
        return self._status

    def text(self) -> str:
        """The translated label."""
        return self._text

    def colors(self) -> model.ChipColors:
        """The colours the chip paints with, derived from its palette."""
        return model.chip_colors(self._status, self.palette())

    def sizeHint(self) -> QSize:
        """Room for the label and rounded ends."""
        metrics = self.fontMetrics()
        return QSize(metrics.horizontalAdvance(self._text) + 18, metrics.height() + 6)

    def minimumSizeHint(self) -> QSize:
        """The chip never shrinks below its label."""
        return self.sizeHint()

    def paintEvent(self, event: QPaintEvent) -> None:
        """Draw the rounded chip and its label."""
        colors = self.colors()
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        rect = QRectF(self.rect()).adjusted(0.5, 0.5, -0.5, -0.5)
        radius = rect.height() / 2
        painter.setPen(QPen(colors.border, 1.0))
        painter.setBrush(colors.background)
        painter.drawRoundedRect(rect, radius, radius)
        painter.setPen(colors.foreground)
        painter.drawText(rect, Qt.AlignmentFlag.AlignCenter, self._text)
        painter.end()

    def changeEvent(self, event: QEvent) -> None:
        """Follow language changes; colours come from the palette at every paint."""
        if event.type() == QEvent.Type.LanguageChange:
            self._retranslate()
        super().changeEvent(event)

    def _retranslate(self) -> None:
        labels = {
            TraceStatus.SUCCESS: self.tr("Executed"),
            TraceStatus.ERROR: self.tr("Failed"),
            TraceStatus.BLOCKED: self.tr("Blocked"),
            TraceStatus.NONE: self.tr("Unknown"),
        }
        self._text = labels[self._status]
        self.setAccessibleName(self._text)
        self.updateGeometry()
        self.update()


class TraceEntry(QWidget):
    """One call in the panel: a header that expands to the call's details.

    Signals:
        put_back_requested(str): the user asked to put a removed passage into the message box;
            carries the quoted block.
    """

    put_back_requested = Signal(str)

    def __init__(self, trace: model.TraceRecord, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._trace = trace
        self._result = model.trace_result(trace)
        self._removed = removals.removals_of(trace)
        self._title = ""

        self._expanded = False
        self._toggle = QToolButton(self)
        self._toggle.setObjectName("TraceEntryToggle")
        self._toggle.setAutoRaise(True)
        self._toggle.setArrowType(Qt.ArrowType.RightArrow)
        self._toggle.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
        self._toggle.setCursor(Qt.CursorShape.PointingHandCursor)
        self._toggle.clicked.connect(self._on_toggle_clicked)
        self._chip = StatusChip(trace.status, self)
        self._chip.setObjectName("TraceStatusChip")
        self._removed_count = QLabel(self)
        self._removed_count.setObjectName("TraceRemovedCount")
        self._removed_count.setProperty("muted", True)
        self._removed_count.setVisible(bool(self._removed))

        header = QHBoxLayout()
        header.setContentsMargins(0, 0, 0, 0)
        header.addWidget(self._toggle)
        header.addStretch(1)
        header.addWidget(self._removed_count)
        header.addWidget(self._chip)

        self._details = QWidget(self)
        self._details.setObjectName("TraceEntryDetails")
        self._details.setVisible(False)
        self._message = self._text_label("TraceStatusMessage", selectable=True)
        self._arguments_title = self._heading("TraceArgumentsTitle")
        self._no_arguments = self._text_label("TraceArgumentsEmpty", muted=True)
        self._result_title = self._heading("TraceResultTitle")
        self._result_view = _ResultView(self._details)
        self._result_not_kept = self._text_label("TraceResultNotKept", muted=True)
        self._removals_title = self._heading("TraceRemovalsTitle")
        self._removals = removals.RemovedPassages(self._removed, self._details)
        self._removals.put_back_requested.connect(self.put_back_requested)
        self._build_details()

        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(4)
        layout.addLayout(header)
        layout.addWidget(self._details)
        self._retranslate()
        self._result_view.apply_colors()

    @property
    def trace(self) -> model.TraceRecord:
        """The call this entry shows."""
        return self._trace

    @property
    def chip(self) -> StatusChip:
        """The status chip in the header."""
        return self._chip

    @property
    def removed_passages(self) -> removals.RemovedPassages:
        """The passages the guard removed from the call's result; empty for most calls."""
        return self._removals

    def removed_count_text(self) -> str:
        """The header's note of how many passages were removed; empty when none was."""
        return self._removed_count.text() if self._removed else ""

    def title(self) -> str:
        """The header text, "<order>. <tool name>"."""
        return self._title

    def is_expanded(self) -> bool:
        """Whether the details show."""
        return self._expanded

    def set_expanded(self, expanded: bool) -> None:
        """Show or hide the details."""
        self._expanded = expanded
        self._toggle.setArrowType(Qt.ArrowType.DownArrow if expanded else Qt.ArrowType.RightArrow)
        self._details.setVisible(expanded)

    def changeEvent(self, event: QEvent) -> None:
        """Follow language and palette changes."""
        if event.type() == QEvent.Type.LanguageChange:
            self._retranslate()
        elif event.type() == QEvent.Type.PaletteChange:
            self._apply_colors()
        super().changeEvent(event)

    @Slot()
    def _on_toggle_clicked(self) -> None:
        self.set_expanded(not self._expanded)

    def _build_details(self) -> None:
        layout = QVBoxLayout(self._details)
        # Indented under the title, past the arrow.
        layout.setContentsMargins(24, 0, 4, 8)
        layout.setSpacing(6)
        layout.addWidget(self._message)
        layout.addWidget(self._arguments_title)
        arguments = QGridLayout()
        arguments.setContentsMargins(0, 0, 0, 0)
        arguments.setHorizontalSpacing(12)
        arguments.setVerticalSpacing(2)
        arguments.setColumnStretch(1, 1)
        for row, (name, value) in enumerate(self._trace.arguments.items()):
            key = self._text_label("TraceArgumentName", muted=True)
            key.setText(name)
            shown = self._text_label("TraceArgumentValue", selectable=True)
            shown.setText(value)
            shown.setFont(_monospace(shown.font()))
            # Names and values differ in font, so they line up on their baselines.
            arguments.addWidget(key, row, 0, Qt.AlignmentFlag.AlignBaseline)
            arguments.addWidget(shown, row, 1, Qt.AlignmentFlag.AlignBaseline)
        layout.addLayout(arguments)
        layout.addWidget(self._no_arguments)
        self._no_arguments.setVisible(not self._trace.arguments)
        layout.addWidget(self._removals_title)
        layout.addWidget(self._removals)
        self._removals_title.setVisible(bool(self._removed))
        self._removals.setVisible(bool(self._removed))
        layout.addWidget(self._result_title)
        layout.addWidget(self._result_view)
        layout.addWidget(self._result_not_kept)
        has_result = bool(self._result)
        self._result_title.setVisible(self._result is None or has_result)
        self._result_view.setVisible(has_result)
        self._result_not_kept.setVisible(self._result is None)
        if self._result:
            self._result_view.set_text(self._result)
        self._apply_colors()

    def _retranslate(self) -> None:
        name = i18n.translate(self._trace.display_name)
        self._title = f"{self._trace.order}. {name}"
        # A tool button reads "&" as a shortcut marker; "&&" shows one.
        self._toggle.setText(self._title.replace("&", "&&"))
        message = self._trace.status_text(i18n.translate)
        self._message.setText(message)
        self._message.setVisible(bool(message))
        self._arguments_title.setText(self.tr("Arguments"))
        self._no_arguments.setText(self.tr("No arguments"))
        self._result_title.setText(self.tr("Result"))
        self._result_not_kept.setText(self.tr("The result is not kept after the app closes."))
        self._result_view.retranslate()
        count = len(self._removed)
        self._removed_count.setText(self.tr("%n passage(s) removed", "", count))
        self._removals_title.setText(self.tr("Removed by the prompt-injection guard"))

    def _apply_colors(self) -> None:
        palette = self.palette()
        base = palette.color(QPalette.ColorRole.Base)
        _set_text_color(self._message, model.warning_color(base))
        muted = model.muted_color(palette)
        for label in (self._removed_count, *self._details.findChildren(QLabel)):
            if label.property("muted"):
                _set_text_color(label, muted)

    def _heading(self, name: str) -> QLabel:
        label = QLabel(self._details)
        label.setObjectName(name)
        font = label.font()
        font.setPointSizeF(font.pointSizeF() * 0.92)
        font.setWeight(QFont.Weight.DemiBold)
        label.setFont(font)
        return label

    def _text_label(self, name: str, *, selectable: bool = False, muted: bool = False) -> QLabel:
        label = QLabel(self._details)
        label.setObjectName(name)
        label.setTextFormat(Qt.TextFormat.PlainText)
        label.setWordWrap(True)
        label.setProperty("muted", muted)
        if selectable:
            label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        return label


class _ResultView(QWidget):
    """A result in monospace, scrollable, cut after a few thousand characters until asked."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._full = ""
        self._text = QPlainTextEdit(self)
        self._text.setObjectName("TraceResult")
        self._text.setReadOnly(True)
        self._text.setFont(_monospace(self._text.font()))
        self._text.setLineWrapMode(QPlainTextEdit.LineWrapMode.WidgetWidth)
        self._show_all = QPushButton(self)
        self._show_all.setObjectName("TraceResultShowAll")
        self._show_all.setFlat(True)
        self._show_all.setCursor(Qt.CursorShape.PointingHandCursor)
        self._show_all.clicked.connect(self._on_show_all_clicked)
        self._show_all.setVisible(False)
        self._note = QLabel(self)
        self._note.setObjectName("TraceResultCutNote")
        self._note.setProperty("muted", True)
        self._note.setVisible(False)
        footer = QHBoxLayout()
        footer.setContentsMargins(0, 0, 0, 0)
        footer.addWidget(self._note)
        footer.addStretch(1)
        footer.addWidget(self._show_all)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(2)
        layout.addWidget(self._text)
        layout.addLayout(footer)
        self._fit = text_height.fit_to_content(self._text, RESULT_MAX_LINES)
        self.retranslate()

    def set_text(self, text: str) -> None:
        """Show ``text``, cut after :data:`RESULT_PREVIEW_CHARACTERS` characters."""
        self._full = text
        cut = len(text) > RESULT_PREVIEW_CHARACTERS
        self._text.setPlainText(text[:RESULT_PREVIEW_CHARACTERS] + ("…" if cut else ""))
        self._show_all.setVisible(cut)
        self._note.setVisible(cut)
        self.retranslate()

    def changeEvent(self, event: QEvent) -> None:
        """Follow palette changes; a parent hears of them before its children."""
        if event.type() == QEvent.Type.PaletteChange:
            self.apply_colors()
        super().changeEvent(event)

    def apply_colors(self) -> None:
        """Shade the result like a code block: the palette's alternate base colour."""
        palette = self._text.palette()
        palette.setColor(
            QPalette.ColorRole.Base, self.palette().color(QPalette.ColorRole.AlternateBase)
        )
        self._text.setPalette(palette)

    def retranslate(self) -> None:
        """Set the texts in the UI language."""
        self._show_all.setText(self.tr("Show all"))
        self._note.setText(
            self.tr("Showing the first %n characters.", "", RESULT_PREVIEW_CHARACTERS)
        )

    @Slot()
    def _on_show_all_clicked(self) -> None:
        self._text.setPlainText(self._full)
        self._show_all.setVisible(False)
        self._note.setVisible(False)


class TracePanel(QWidget):
    """The "Tool Calls (N)" panel of one answer.

    Signals:
        count_changed(int): the number of calls changed.
        put_back_requested(str): the user asked to put a removed passage into the message
            box; carries the quoted block.
    """

    count_changed = Signal(int)
    put_back_requested = Signal(str)

    def __init__(
        self, traces: Iterable[model.TraceRecord] = (), parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.setObjectName("TracePanel")
        self._entries: list[TraceEntry] = []
        self._title = QLabel(self)
        self._title.setObjectName("TracePanelTitle")
        font = self._title.font()
        font.setWeight(QFont.Weight.Bold)
        self._title.setFont(font)
        self._list = QVBoxLayout()
        self._list.setContentsMargins(0, 0, 0, 0)
        self._list.setSpacing(2)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(12, 10, 12, 8)
        layout.setSpacing(6)
        layout.addWidget(self._title)
        layout.addLayout(self._list)
        for trace in traces:
            self._append(trace)
        self._retranslate()

    def count(self) -> int:
        """The number of calls listed."""
        return len(self._entries)

    def title(self) -> str:
        """The panel's title, "Tool Calls (N)"."""
        return self._title.text()

    def traces(self) -> tuple[model.TraceRecord, ...]:
        """The calls listed, in order."""
        return tuple(entry.trace for entry in self._entries)

    def entries(self) -> tuple[TraceEntry, ...]:
        """The entry widgets, in order."""
        return tuple(self._entries)

    def add_trace(self, trace: model.TraceRecord) -> None:
        """List a call that just finished, after the others."""
        self._append(trace)
        self._retranslate()
        self.count_changed.emit(len(self._entries))

    def set_traces(self, traces: Iterable[model.TraceRecord]) -> None:
        """Replace the listed calls, for example with those of a stored answer."""
        for entry in self._entries:
            self._list.removeWidget(entry)
            entry.deleteLater()
        self._entries.clear()
        for trace in traces:
            self._append(trace)
        self._retranslate()
        self.count_changed.emit(len(self._entries))

    def set_all_expanded(self, expanded: bool) -> None:
        """Expand or collapse every entry."""
        for entry in self._entries:
            entry.set_expanded(expanded)

    def removed_count(self) -> int:
        """How many passages the guard removed from the results of the calls listed."""
        return sum(entry.removed_passages.count() for entry in self._entries)

    def expand_removals(self) -> None:
        """Expand the entries whose results had passages removed, so they show."""
        for entry in self._entries:
            if entry.removed_passages.count():
                entry.set_expanded(True)

    def paintEvent(self, event: QPaintEvent) -> None:
        """Draw the panel as a rounded card on the palette's base colour."""
        palette = self.palette()
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        rect = QRectF(self.rect()).adjusted(0.5, 0.5, -0.5, -0.5)
        painter.setPen(QPen(palette.color(QPalette.ColorRole.Mid), 1.0))
        painter.setBrush(palette.color(QPalette.ColorRole.Base))
        painter.drawRoundedRect(rect, _CARD_RADIUS, _CARD_RADIUS)
        painter.end()

    def changeEvent(self, event: QEvent) -> None:
        """Follow language changes."""
        if event.type() == QEvent.Type.LanguageChange:
            self._retranslate()
        super().changeEvent(event)

    def _append(self, trace: model.TraceRecord) -> None:
        entry = TraceEntry(trace, self)
        entry.put_back_requested.connect(self.put_back_requested)
        self._entries.append(entry)
        self._list.addWidget(entry)

    def _retranslate(self) -> None:
        self._title.setText(self.tr("Tool Calls (%n)", "", len(self._entries)))


class PillButton(QToolButton):
    """A rounded, checkable button with an icon, a text and an expand arrow.

    The pill paints itself from its palette (no style sheet), so it follows a change between
    light and dark themes at once.
    """

    _PADDING = 9
    _GAP = 6
    _ARROW_ROOM = 30

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setCheckable(True)
        self.setCursor(Qt.CursorShape.PointingHandCursor)
        self.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
        self.setIconSize(QSize(14, 14))
        self.setAttribute(Qt.WidgetAttribute.WA_Hover)
        self.setSizePolicy(QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Fixed)

    def sizeHint(self) -> QSize:
        """Room for the icon, the text and the arrow."""
        metrics = self.fontMetrics()
        icon = 0 if self.icon().isNull() else self.iconSize().width() + self._GAP
        width = self._PADDING + icon + metrics.horizontalAdvance(self.text()) + self._ARROW_ROOM
        height = max(metrics.height(), self.iconSize().height()) + 8
        return QSize(width, height)

    def minimumSizeHint(self) -> QSize:
        """The pill never shrinks below its content."""
        return self.sizeHint()

    def paintEvent(self, event: QPaintEvent) -> None:
        """Draw the rounded outline, the icon, the text and the arrow."""
        palette = self.palette()
        active = self.isChecked() or self.underMouse() or self.hasFocus()
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        rect = QRectF(self.rect()).adjusted(0.5, 0.5, -0.5, -0.5)
        border = palette.color(QPalette.ColorRole.Highlight if active else QPalette.ColorRole.Mid)
        fill = QPalette.ColorRole.AlternateBase if self.isChecked() else QPalette.ColorRole.Base
        painter.setPen(QPen(border, 1.0))
        painter.setBrush(palette.color(fill))
        painter.drawRoundedRect(rect, rect.height() / 2, rect.height() / 2)
        x = self._PADDING
        if not self.icon().isNull():
            size = self.iconSize()
            top = (self.height() - size.height()) // 2
            self.icon().paint(painter, x, top, size.width(), size.height())
            x += size.width() + self._GAP
        text = palette.color(QPalette.ColorRole.Text)
        painter.setPen(text)
        text_rect = QRectF(x, 0, self.width() - x - self._ARROW_ROOM + 4, self.height())
        painter.drawText(text_rect, Qt.AlignmentFlag.AlignVCenter, self.text())
        pen = QPen(text, 1.5)
        pen.setCapStyle(Qt.PenCapStyle.RoundCap)
        pen.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
        painter.setPen(pen)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        center = QPointF(self.width() - 15.0, self.height() / 2)
        rise = -1.0 if self.isChecked() else 1.0
        chevron = QPainterPath(center + QPointF(-3.5, -1.75 * rise))
        chevron.lineTo(center + QPointF(0.0, 1.75 * rise))
        chevron.lineTo(center + QPointF(3.5, -1.75 * rise))
        painter.drawPath(chevron)
        painter.end()


class TracePill(PillButton):
    """The "N tool calls" button in an answer's header; it shows and hides a :class:`TracePanel`.

    The pill hides itself while the answer has no tool calls, and the panel starts hidden.
    """

    def __init__(self, panel: TracePanel, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("TracePill")
        self._panel = panel
        panel.setVisible(False)
        panel.count_changed.connect(self._on_panel_count_changed)
        self.toggled.connect(self._on_self_toggled)
        self._refresh()

    @property
    def panel(self) -> TracePanel:
        """The panel the pill shows and hides."""
        return self._panel

    def changeEvent(self, event: QEvent) -> None:
        """Follow language and palette changes."""
        if event.type() in (QEvent.Type.LanguageChange, QEvent.Type.PaletteChange):
            self._refresh()
        super().changeEvent(event)

    @Slot(int)
    def _on_panel_count_changed(self, _count: int) -> None:
        self._refresh()

    @Slot(bool)
    def _on_self_toggled(self, checked: bool) -> None:
        self._panel.setVisible(checked)

    def _refresh(self) -> None:
        count = self._panel.count()
        self.setText(self.tr("%n tool call(s)", "", count))
        if count == 1:
            name = i18n.translate(self._panel.traces()[0].display_name)
            tooltip = self.tr("Show tool call for {name}").replace("{name}", name)
        else:
            tooltip = self.tr("Show %n tool calls", "", count)
        # Tooltips guess whether text is markup, and a model may name a tool "<img ...>".
        self.setToolTip(f"<p>{html.escape(tooltip)}</p>")
        self.setAccessibleName(self.text())
        self.setIcon(build_icon(self.palette().color(QPalette.ColorRole.Text)))
        if count == 0:
            # Closes the panel too, so an emptied answer shows no empty card.
            self.setChecked(False)
        self.setVisible(count > 0)


def build_icon(color: QColor) -> QIcon:
    """A wrench, Material's "build" icon in spirit, drawn so no icon file is needed."""
    size = 64
    pixmap = QPixmap(size, size)
    pixmap.fill(Qt.GlobalColor.transparent)
    head = QPainterPath()
    head.addEllipse(QPointF(42, 22), 16, 16)
    notch = QPainterPath()
    notch.addRect(QRectF(38, 2, 8, 20))
    jaw = head.subtracted(_rotated(notch, 45, QPointF(42, 22)))
    handle = QPainterPath()
    handle.addRoundedRect(QRectF(-5, 0, 10, 46), 5, 5)
    handle = _rotated(handle, 45, QPointF(0, 0)).translated(QPointF(38, 26))
    painter = QPainter(pixmap)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.fillPath(jaw.united(handle), color)
    painter.end()
    return QIcon(pixmap)


def _rotated(path: QPainterPath, degrees: float, center: QPointF) -> QPainterPath:
    transform = QTransform()
    transform.translate(center.x(), center.y())
    transform.rotate(degrees)
    transform.translate(-center.x(), -center.y())
    return transform.map(path)


def _monospace(font: QFont) -> QFont:
    fixed = QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont)
    fixed.setStyleHint(QFont.StyleHint.TypeWriter)
    # Monospace fonts run wide; a slightly smaller size matches the prose around them.
    fixed.setPointSizeF(font.pointSizeF() * 0.92)
    return fixed


def _set_text_color(label: QLabel, color: QColor) -> None:
    palette = label.palette()
    palette.setColor(QPalette.ColorRole.WindowText, color)
    palette.setColor(QPalette.ColorRole.Text, color)
    label.setPalette(palette)
