"""The desktop app's composition root: the only place that sets up Qt and the event loop."""

from __future__ import annotations

import asyncio
import logging
import sys

import qasync
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication

from studio import __version__
from studio.services import Services
from studio.ui.main_window import MainWindow

__all__ = ["run"]

logger = logging.getLogger(__name__)


async def _main(app: QApplication, services: Services, *, smoke_test: bool) -> int:
    window = MainWindow()
    close_requested = asyncio.Event()
    window.close_requested.connect(close_requested.set)
    window.show()
    if services.settings.load_notice:
        # Shown after the first paint so the window is there behind the message.
        notice = services.settings.load_notice
        QTimer.singleShot(0, lambda: window.show_startup_notice(notice))
    if smoke_test:
        QTimer.singleShot(0, window.close)
    await close_requested.wait()
    window.deleteLater()
    return 0


def run(services: Services, *, smoke_test: bool = False) -> int:
    """Start the desktop app on ``services`` and return its exit code when it closes.

    With ``smoke_test`` the main window opens and closes again after one turn of the event
    loop, which proves that an installed or frozen app starts.
    """
    app = QApplication.instance() or QApplication(sys.argv[:1])
    assert isinstance(app, QApplication)
    app.setApplicationName("Studio")
    app.setApplicationVersion(__version__)
    app.setOrganizationName("Studio")
    # The window's close event ends the run, so cleanup can still await.
    app.setQuitOnLastWindowClosed(False)
    with asyncio.Runner(loop_factory=qasync.QEventLoop) as runner:
        return runner.run(_main(app, services, smoke_test=smoke_test))
