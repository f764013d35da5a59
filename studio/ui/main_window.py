"""The main window."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QCloseEvent
from PySide6.QtWidgets import QLabel, QMainWindow, QMessageBox, QWidget

__all__ = ["MainWindow"]


class MainWindow(QMainWindow):
    """Studio's main window.

    Signals:
        close_requested: the user asked to close the window; the app then cleans up and quits.
    """

    close_requested = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("Studio"))
        self.setObjectName("MainWindow")
        self.resize(1100, 720)
        placeholder = QLabel(self.tr("Welcome to Studio."), self)
        placeholder.setObjectName("WelcomeLabel")
        placeholder.setAlignment(Qt.AlignmentFlag.AlignCenter)
        font = placeholder.font()
        font.setPointSizeF(font.pointSizeF() * 1.6)
        placeholder.setFont(font)
        self.setCentralWidget(placeholder)

    def show_startup_notice(self, message: str) -> None:
        """Tell the user about something that happened while starting (a settings file kept).

        The box is window-modal but does not block: a nested event loop would stall the
        asyncio tasks that share the Qt loop.
        """
        box = QMessageBox(QMessageBox.Icon.Warning, self.tr("Studio"), message, parent=self)
        box.setObjectName("StartupNotice")
        box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        box.open()

    def closeEvent(self, event: QCloseEvent) -> None:
        """Ask the app to shut down cleanly instead of closing at once."""
        self.close_requested.emit()
        event.accept()
