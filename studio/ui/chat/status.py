"""The small "Using tool: …" note under an answer while its tools run.

The note shows the status message of the run (translated by whoever produced it, see
:class:`~studio.ui.trace.bridge.TraceBridge`), an optional progress text such as "3 of 10 pages
loaded" and a busy indicator. It hides itself when no tool runs.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QRectF, QSize, Qt, QTimer, Slot
from PySide6.QtGui import QColor, QHideEvent, QPainter, QPaintEvent, QPalette, QPen, QShowEvent
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QSizePolicy, QWidget

from studio.ui.trace import model

__all__ = ["BusyIndicator", "ToolStatusLine"]

_SPIN_INTERVAL_MS = 50
_SPIN_STEP_DEGREES = 30


class BusyIndicator(QWidget):
    """A small spinning arc; it turns only while it is visible."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._angle = 0
        self._timer = QTimer(self)
        self._timer.setInterval(_SPIN_INTERVAL_MS)
        self._timer.timeout.connect(self._on_timer_timeout)
        self.setSizePolicy(QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Fixed)

    def is_spinning(self) -> bool:
        """Whether the arc is turning."""
        return self._timer.isActive()

    def sizeHint(self) -> QSize:
        """As high as a line of text."""
        side = self.fontMetrics().height()
        return QSize(side, side)

    def showEvent(self, event: QShowEvent) -> None:
        """Start turning."""
        self._timer.start()
        super().showEvent(event)

    def hideEvent(self, event: QHideEvent) -> None:
        """Stop turning, so a hidden indicator costs nothing."""
        self._timer.stop()
        super().hideEvent(event)

    def paintEvent(self, event: QPaintEvent) -> None:
        """Draw a faint ring and a highlighted arc at the current angle."""
        side = min(self.width(), self.height()) - 4.0
        rect = QRectF((self.width() - side) / 2, (self.height() - side) / 2, side, side)
        color = self.palette().color(QPalette.ColorRole.Highlight)
        faint = QColor(color)
        faint.setAlphaF(0.25)
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        pen = QPen(faint, 2.0)
        painter.setPen(pen)
        painter.drawEllipse(rect)
        pen.setColor(color)
        pen.setCapStyle(Qt.PenCapStyle.RoundCap)
        painter.setPen(pen)
        # Qt measures arcs in sixteenths of a degree, counter-clockwise.
        painter.drawArc(rect, -self._angle * 16, 100 * 16)
        painter.end()

    @Slot()
    def _on_timer_timeout(self) -> None:
        self._angle = (self._angle + _SPIN_STEP_DEGREES) % 360
        self.update()


class ToolStatusLine(QFrame):
    """An outlined note, "Using tool: …", under the answer that is being written.

    Connect :meth:`set_status` to
    :attr:`TraceBridge.tool_status_changed <studio.ui.trace.bridge.TraceBridge>`; the owner of
    the run calls :meth:`clear` when the run ends or is cancelled.
    """

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("ToolStatusLine")
        self._busy = BusyIndicator(self)
        self._busy.setObjectName("ToolStatusBusy")
        self._message = QLabel(self)
        self._message.setObjectName("ToolStatusMessage")
        self._message.setTextFormat(Qt.TextFormat.PlainText)
        self._progress = QLabel(self)
        self._progress.setObjectName("ToolStatusProgress")
        self._progress.setTextFormat(Qt.TextFormat.PlainText)
        self._progress.setVisible(False)
        font = self._message.font()
        font.setPointSizeF(font.pointSizeF() * 0.95)
        self._message.setFont(font)
        self._progress.setFont(font)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(8, 4, 10, 4)
        layout.setSpacing(8)
        layout.addWidget(self._busy)
        layout.addWidget(self._message)
        layout.addWidget(self._progress)
        layout.addStretch(1)
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Fixed)
        self.setVisible(False)
        self._apply_colors()

    def message(self) -> str:
        """The status message shown; empty when idle."""
        return self._message.text()

    def progress(self) -> str:
        """The progress text shown; empty when there is none."""
        return self._progress.text()

    def is_busy(self) -> bool:
        """Whether the note shows, that is, whether tools run."""
        return not self.isHidden()

    @Slot(str, bool)
    def set_status(self, message: str, running: bool) -> None:
        """Show ``message`` while ``running``; hide the note (and its progress) otherwise."""
        if not running or not message:
            self.clear()
            return
        if message != self._message.text():
            # Progress belongs to the calls the old message named.
            self.set_progress("")
        self._message.setText(message)
        self._message.setToolTip(message)
        self.setVisible(True)

    @Slot(str)
    def set_progress(self, text: str) -> None:
        """Show a progress text such as "3 of 10 pages loaded" after the message; empty hides it."""
        self._progress.setText(text)
        self._progress.setVisible(bool(text))

    def paintEvent(self, event: QPaintEvent) -> None:
        """Draw the outline of an info note in the palette's highlight colour."""
        palette = self.palette()
        highlight = palette.color(QPalette.ColorRole.Highlight)
        fill = QColor(highlight)
        fill.setAlphaF(0.08)
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setPen(QPen(highlight, 1.0))
        painter.setBrush(fill)
        painter.drawRoundedRect(QRectF(self.rect()).adjusted(0.5, 0.5, -0.5, -0.5), 6.0, 6.0)
        painter.end()

    def changeEvent(self, event: QEvent) -> None:
        """Follow palette changes."""
        if event.type() == QEvent.Type.PaletteChange:
            self._apply_colors()
        super().changeEvent(event)

    @Slot()
    def clear(self) -> None:
        """Hide the note and forget its texts: no tool runs any more."""
        self._message.clear()
        self._progress.clear()
        self._progress.setVisible(False)
        self.setVisible(False)

    def _apply_colors(self) -> None:
        palette = self._progress.palette()
        palette.setColor(QPalette.ColorRole.WindowText, model.muted_color(self.palette()))
        self._progress.setPalette(palette)
