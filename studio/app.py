"""The desktop app's composition root: the only place that sets up Qt and the event loop.

One qasync loop runs Qt and asyncio together (HS-15). ``_main`` shows the window, waits for the
window's close request, then stops the running answer, waits until the chats are stored and
closes the services' connections before it returns; only then does the loop end.
"""

from __future__ import annotations

import asyncio
import gc
import logging
import sys
import time

import qasync
import shiboken6
from PySide6.QtCore import QEvent, QObject, QTimer, Signal
from PySide6.QtWidgets import QApplication

from studio import __version__
from studio.config.app_settings import AppSettingsService
from studio.services import Services
from studio.ui import i18n
from studio.ui.main_window import MainWindow
from studio.ui.theme import ThemeFollower

__all__ = ["run"]

logger = logging.getLogger(__name__)


def _startup_notices(services: Services) -> list[str]:
    """What the stores have to tell the user about reading their files; this reads them.

    The notices are translatable messages; the window shows them in the UI language.
    """
    notices = [
        services.settings.load_notice,
        services.providers.load_notice,
        services.chats.load_notice,
    ]
    return [notice for notice in notices if notice]


class _FirstPaintReporter(QObject):
    """Prints the wall-clock time of the watched window's first paint (``--report-first-paint``).

    The time is taken once the whole first paint pass is done (the window and its children
    painted and flushed), and printed as ``first-paint <Unix time in seconds>``, so that a
    benchmark can subtract the time at which it launched the process.

    Signals:
        reported: The time has been printed.
    """

    reported = Signal()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        """Wait for the first paint event, then report after the paint pass has finished."""
        if event.type() == QEvent.Type.Paint:
            watched.removeEventFilter(self)
            QTimer.singleShot(0, self, self._report)
        return False

    def _report(self) -> None:
        print(f"first-paint {time.time():.6f}", flush=True)
        self.reported.emit()


async def _main(services: Services, *, smoke_test: bool, report_first_paint: bool) -> int:
    # The small settings and providers files are read off the GUI thread, before the window
    # lists the providers.
    notices = await asyncio.to_thread(_startup_notices, services)
    window = MainWindow(services)
    close_requested = asyncio.Event()
    window.close_requested.connect(close_requested.set)
    if report_first_paint:
        reporter = _FirstPaintReporter(window)
        window.installEventFilter(reporter)
        if smoke_test:
            # The smoke test then closes the window once it has been painted.
            reporter.reported.connect(window.close)
    window.show()
    window.start()
    # Everything start-up built (modules, classes, schemas, widgets) lives as long as the app.
    # Frozen, it is left out of every later full garbage collection, which would otherwise
    # traverse it and hold the GIL for 40 ms at a time, stalling the window while a worker
    # thread extracts pages (benchmarks/event_loop.py).
    gc.freeze()
    for notice in notices:
        # Shown after the first paint so the window is there behind the message.
        QTimer.singleShot(0, window, lambda notice=notice: window.show_startup_notice(notice))
    if smoke_test and not report_first_paint:
        QTimer.singleShot(0, window, window.close)
    await close_requested.wait()
    window.hide()
    try:
        await window.shutdown()
    finally:
        await _close(services)
        # Deleted here, on the GUI thread, rather than whenever the garbage collector runs.
        shiboken6.delete(window)
    return 0


async def _close(services: Services) -> None:
    # Services that hold connections close them in aclose(); the chat history closes either way
    # (closing it twice is harmless), so every answer already stored stays stored.
    aclose = getattr(services, "aclose", None)
    if aclose is not None:
        await aclose()
    await services.chats.aclose()


def run(services: Services, *, smoke_test: bool = False, report_first_paint: bool = False) -> int:
    """Start the desktop app on ``services`` and return its exit code when it closes.

    With ``smoke_test`` the main window opens and closes again after one turn of the event
    loop, which proves that an installed or frozen app starts. With ``report_first_paint`` the
    wall-clock time of the main window's first paint is printed to standard output (for the
    start-up benchmark, ``benchmarks/startup.py``); with both, the window closes once painted.
    """
    app = QApplication.instance() or QApplication(sys.argv[:1])
    assert isinstance(app, QApplication)
    # The user's language (else the OS's) is installed before any window sets its texts.
    i18n.install_language(app, AppSettingsService.for_paths(services.paths))
    app.setApplicationName("Studio")
    app.setApplicationVersion(__version__)
    app.setOrganizationName("Studio")
    # The window's close event ends the run, so cleanup can still await.
    app.setQuitOnLastWindowClosed(False)
    ThemeFollower(app)
    with asyncio.Runner(loop_factory=qasync.QEventLoop) as runner:
        return runner.run(
            _main(services, smoke_test=smoke_test, report_first_paint=report_first_paint)
        )
