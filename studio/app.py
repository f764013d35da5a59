"""The desktop app's composition root: the only place that sets up Qt and the event loop.

Studio starts in two stages, so that a window is on screen at once:

1. :func:`run` creates the ``QApplication``, applies the theme and shows the start-up frame
   (:class:`~studio.ui.startup.StartupFrame`, drawn like the empty main window), and waits
   until it has been painted (:func:`show_frame`). Only Qt and two small UI modules are
   imported by then.
2. :func:`main` then runs on one qasync loop (HS-15): it imports the core, opens the services,
   installs the UI language, builds the main window in the frame's place and closes the frame
   once the window has painted. It waits for the window's close request, then stops the
   running answer, waits until the chats are stored and closes the services' connections
   before it returns; only then does the loop end. If a step fails, the frame closes and the
   error goes on to the caller, as before the two stages.

The modules of stage two are imported inside the functions that use them, so that none of them
loads before the frame is on screen.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, QEventLoop, QObject, QTimer, Signal
from PySide6.QtWidgets import QApplication, QWidget

from studio import __version__
from studio.ui import icons, startup
from studio.ui.theme import ThemeFollower

if TYPE_CHECKING:
    from studio.services import Services
    from studio.ui.main_window import MainWindow

__all__ = ["identify_application", "main", "run", "show_frame"]

_FRAME_PAINT_TIMEOUT_MS = 1000
"""How long stage one waits for the frame's first paint before loading anyway."""


def _startup_notices(services: Services) -> list[str]:
    """What the stores have to tell the user about reading their files; this reads them.

    The notices are translatable messages; the window shows them in the UI language.
    """
    return list(services.startup_notices())


class _FirstPaintReporter(QObject):
    """Tells when the watched window has been painted for the first time.

    The time is taken once the whole first paint pass is done (the window and its children
    painted and flushed). With a ``label`` it is also printed as ``<label> <Unix time in
    seconds>`` (``--report-first-paint``), so that a benchmark can subtract the time at which it
    launched the process.

    Args:
        watched: The window; the reporter lives as its child.
        label: What to print before the time, or None to print nothing.

    Signals:
        reported: The window has been painted (and the time printed).
    """

    reported = Signal()

    def __init__(self, watched: QWidget, label: str | None) -> None:
        super().__init__(watched)
        self._label = label
        watched.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        """Wait for the first paint event, then report after the paint pass has finished."""
        if event.type() == QEvent.Type.Paint:
            watched.removeEventFilter(self)
            QTimer.singleShot(0, self, self._report)
        return False

    def _report(self) -> None:
        if self._label is not None:
            print(f"{self._label} {time.time():.6f}", flush=True)
        self.reported.emit()


def identify_application(app: QApplication) -> None:
    """Give ``app`` Studio's name, version and icon; every window shows that icon."""
    app.setApplicationName("Studio")
    app.setApplicationVersion(__version__)
    app.setOrganizationName("Studio")
    app.setWindowIcon(icons.app_icon())


def show_frame(*, report_first_paint: bool = False) -> startup.StartupFrame:
    """Stage one: show the start-up frame and return once it has been painted.

    With ``report_first_paint`` the time of that paint is printed as ``first-frame <time>``.
    Should the window system not expose the frame within a second (it opened on a hidden
    workspace, say), Studio goes on loading all the same.
    """
    frame = startup.StartupFrame()
    reporter = _FirstPaintReporter(frame, "first-frame" if report_first_paint else None)
    painted = QEventLoop(frame)
    reporter.reported.connect(painted.quit)
    QTimer.singleShot(_FRAME_PAINT_TIMEOUT_MS, painted, painted.quit)
    frame.show()
    painted.exec()
    painted.deleteLater()
    return frame


def _discard(frame: startup.StartupFrame) -> None:
    """Close the frame for good and free it (its backing store is a full window of pixels)."""
    import shiboken6

    if shiboken6.isValid(frame):
        frame.finish()
        shiboken6.delete(frame)


async def main(
    open_services: Callable[[], Services],
    frame: startup.StartupFrame,
    *,
    smoke_test: bool = False,
    report_first_paint: bool = False,
) -> int:
    """Stage two: open the services and show the main window in the frame's place.

    Runs on the app's qasync loop and returns the exit code once the window has closed and
    everything is stored and closed. ``open_services`` is called once the frame is on screen;
    the modules it needs are imported by then. See :func:`run` for the flags.

    Raises:
        Exception: whatever opening the services or building the window raised; the frame has
            been closed by then.
    """
    import asyncio

    from studio.ui import i18n
    from studio.ui.main_window import MainWindow

    try:
        services = open_services()
    except BaseException:
        _discard(frame)
        raise
    try:
        # The user's language (else the OS's) is installed before any window sets its texts.
        app = QApplication.instance()
        assert isinstance(app, QApplication)
        # The services read the settings file once, for the tools and for the language.
        i18n.install_language(app, services.app_settings)
        # The small providers file is read off the GUI thread, before the window lists the
        # providers.
        notices = await asyncio.to_thread(_startup_notices, services)
        window = MainWindow(services)
    except BaseException:
        _discard(frame)
        await services.aclose()
        raise
    try:
        return await _show(window, services, frame, notices, smoke_test, report_first_paint)
    finally:
        _discard(frame)


async def _show(
    window: MainWindow,
    services: Services,
    frame: startup.StartupFrame,
    notices: list[str],
    smoke_test: bool,
    report_first_paint: bool,
) -> int:
    import asyncio
    import gc
    import linecache

    import shiboken6

    close_requested = asyncio.Event()
    window.close_requested.connect(close_requested.set)
    _close_on_interrupt(close_requested.set)
    if frame.is_dismissed:
        # The user closed the frame while Studio loaded: quit without showing the window.
        close_requested.set()
    else:
        reporter = _FirstPaintReporter(window, "first-paint" if report_first_paint else None)
        # The frame stays until the window covering it has painted, so nothing flickers.
        reporter.reported.connect(lambda: _discard(frame))
        if smoke_test and report_first_paint:
            # The smoke test then closes the window once it has been painted.
            reporter.reported.connect(window.close)
        frame.hand_over(window)
        window.show()
        window.start()
        # Shown after the first paint so the window is there behind the message; only when
        # the window is, since showing them marks them seen.
        QTimer.singleShot(0, window, lambda: _show_notices(window, services, notices))
    # PySide6's import hook reads the source of every module imported after it (looking for
    # "from __feature__ import"), and linecache keeps it: some 11 MiB for the core and the UI,
    # which stage two imports after Qt. A traceback reads the lines again when it needs them.
    linecache.clearcache()
    # Everything start-up built (modules, classes, schemas, widgets) lives as long as the app.
    # Frozen, it is left out of every later full garbage collection, which would otherwise
    # traverse it and hold the GIL for 40 ms at a time, stalling the window while a worker
    # thread extracts pages (benchmarks/event_loop.py).
    gc.freeze()
    if smoke_test and not report_first_paint:
        QTimer.singleShot(0, window, window.close)
    await close_requested.wait()
    window.hide()
    try:
        await window.shutdown()
    finally:
        await services.aclose()
        # Deleted here, on the GUI thread, rather than whenever the garbage collector runs.
        shiboken6.delete(window)
    return 0


def _close_on_interrupt(close: Callable[[], None]) -> None:
    """Let Ctrl+C in the terminal that started Studio close it as the window's close button does.

    Qt's loop never returns to Python for a KeyboardInterrupt, so without this Ctrl+C did
    nothing. Where the loop cannot take signal handlers (Windows), Ctrl+C stays as it was.
    """
    import asyncio
    import logging
    import signal

    try:
        asyncio.get_running_loop().add_signal_handler(signal.SIGINT, close)
    except (NotImplementedError, RuntimeError, ValueError):
        logging.getLogger(__name__).debug("Ctrl+C cannot close the app on this event loop.")


def _show_notices(window: MainWindow, services: Services, notices: list[str]) -> None:
    """Show the start-up notices, then note them as seen so the next start does not repeat them.

    A notice about a file set aside by a command is shown at every start until this has run
    (see :meth:`~studio.services.Services.mark_startup_notices_seen`); removing its marker
    is a small file's unlink, quick enough for the GUI thread.
    """
    for notice in notices:
        window.show_startup_notice(notice)
    services.mark_startup_notices_seen()


def run(
    open_services: Callable[[], Services],
    *,
    smoke_test: bool = False,
    report_first_paint: bool = False,
) -> int:
    """Start the desktop app and return its exit code when it closes.

    The start-up frame is shown first; ``open_services`` is called once it is on screen and
    opens the profile the app shows. With ``smoke_test`` the main window opens and closes again
    after one turn of the event loop, which proves that an installed or frozen app starts. With
    ``report_first_paint`` the wall-clock times of the frame's first paint
    (``first-frame <time>``) and then of the main window's (``first-paint <time>``) are printed
    to standard output (for the start-up benchmark, ``benchmarks/startup.py``); with both
    flags, the window closes once painted.
    """
    app = QApplication.instance() or QApplication(sys.argv[:1])
    assert isinstance(app, QApplication)
    identify_application(app)
    # The window's close event ends the run, so cleanup can still await.
    app.setQuitOnLastWindowClosed(False)
    ThemeFollower(app)
    frame = show_frame(report_first_paint=report_first_paint)

    # Stage two: the frame is on screen; everything else is imported from here on.
    import asyncio

    import qasync

    with asyncio.Runner(loop_factory=qasync.QEventLoop) as runner:
        return runner.run(
            main(
                open_services,
                frame,
                smoke_test=smoke_test,
                report_first_paint=report_first_paint,
            )
        )
