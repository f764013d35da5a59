"""The start-up frame: the window Studio puts on screen at once, while the rest loads.

Importing Studio's core and opening a profile take most of a second; a bare Qt window takes a
tenth of that. So the app first shows this frame, a ``QMainWindow`` of the main window's size
and title drawn like the empty main window (the window colour, the side bar's tint and its
divider, a busy cursor and three quiet dots), lets it paint, and only then loads the rest. The
main window then takes the frame's place (:meth:`StartupFrame.hand_over`).

This module is imported before everything else of the UI, so it imports Qt and the theme only;
the main window takes its size and side-bar width from here.
"""

from __future__ import annotations

from PySide6.QtCore import QPoint, QRect, QSize, Qt
from PySide6.QtGui import QCloseEvent, QPainter, QPaintEvent, QPalette
from PySide6.QtWidgets import QApplication, QMainWindow, QMenuBar, QWidget

from studio.ui import theme

__all__ = ["SIDE_BAR_WIDTH", "WINDOW_SIZE", "StartupFrame"]

WINDOW_SIZE = QSize(1200, 800)
"""The main window's size when it opens."""

SIDE_BAR_WIDTH = 260
"""The width of the side bar (the chat list) when the main window opens."""

_DIVIDER_WIDTH = 1
_DOT_DIAMETER = 6
_DOT_GAP = 8


class StartupFrame(QMainWindow):
    """The first window of a start: the empty main window's backdrop, until the real one is built.

    Closing it by hand while Studio loads means "do not open after all": the frame then hides,
    :attr:`is_dismissed` turns true, and the app quits instead of showing the main window.
    """

    def __init__(self) -> None:
        super().__init__()
        self.setObjectName("StartupFrame")
        self.resize(WINDOW_SIZE)
        # The product's name, as the main window's title shows it before a chat is open.
        self.setWindowTitle(QApplication.applicationName())
        self.setCursor(Qt.CursorShape.BusyCursor)
        self._finished = False
        self._dismissed = False
        self.setCentralWidget(_Backdrop(self))
        # The main window's menus sit in a bar this high (none inside the window where the
        # platform has a global menu bar), so the backdrop starts where its contents will.
        bar = self.menuBar()
        if not bar.isNativeMenuBar():
            bar.setFixedHeight(_menu_bar_height())

    @property
    def is_dismissed(self) -> bool:
        """Whether the user closed the frame while Studio was loading."""
        return self._dismissed

    def hand_over(self, window: QMainWindow) -> None:
        """Place ``window`` exactly where the frame is, in the same state, before it is shown."""
        state = self.windowState() & ~Qt.WindowState.WindowActive
        # Size and position (pos() includes the window system's frame, as move() expects) rather
        # than restoreGeometry(), which would move a window larger than the screen.
        window.resize(self.size())
        window.move(self.pos())
        window.setWindowState(state)

    def finish(self) -> None:
        """Close the frame for good: the main window has taken its place, or the start failed."""
        self._finished = True
        self.close()

    def closeEvent(self, event: QCloseEvent) -> None:
        """Note a close by the user, which cancels the start; the frame hides either way."""
        if not self._finished:
            self._dismissed = True
        super().closeEvent(event)


def _menu_bar_height() -> int:
    """The height of a menu bar with menus in the app's font and style."""
    probe = QMenuBar()
    probe.addMenu("M")
    height = probe.sizeHint().height()
    probe.deleteLater()
    return height


class _Backdrop(QWidget):
    """Paints the empty main window: the side bar's tint, its divider and three busy dots."""

    def paintEvent(self, event: QPaintEvent) -> None:
        """Draw the backdrop; the window colour is the widget's own background."""
        palette = self.palette()
        painter = QPainter(self)
        side_bar = QRect(0, 0, SIDE_BAR_WIDTH, self.height())
        painter.fillRect(side_bar, theme.side_bar(palette))
        divider = QRect(SIDE_BAR_WIDTH, 0, _DIVIDER_WIDTH, self.height())
        painter.fillRect(divider, palette.color(QPalette.ColorRole.Midlight))
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(palette.color(QPalette.ColorRole.PlaceholderText))
        pane = QRect(SIDE_BAR_WIDTH + _DIVIDER_WIDTH, 0, self.width(), self.height())
        middle = QPoint(
            pane.left() + (self.width() - pane.left()) // 2, pane.top() + pane.height() // 2
        )
        for step in (-1, 0, 1):
            centre = middle + QPoint(step * (_DOT_DIAMETER + _DOT_GAP), 0)
            painter.drawEllipse(centre, _DOT_DIAMETER // 2, _DOT_DIAMETER // 2)
        painter.end()
