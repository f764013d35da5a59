"""The two-stage start: the frame is on screen first, and the main window takes its place."""

from __future__ import annotations

import gc
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
import shiboken6
from PySide6.QtCore import QEvent, QObject, QPoint, QSize
from PySide6.QtWidgets import QApplication, QWidget

from studio import app
from studio.chats.store import ChatStore, ChatStoreError
from studio.services import Services
from studio.ui import i18n, startup, theme
from studio.ui.main_window import MainWindow
from tests.gui.conftest import QtAsyncio
from tests.support.gui_tools import make_services


class PaintLog(QObject):
    """Records, in order, the top-level windows Qt sends a paint event (by object name)."""

    def __init__(self) -> None:
        super().__init__()
        self.painted: list[str] = []

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if (
            event.type() == QEvent.Type.Paint
            and isinstance(watched, QWidget)
            and watched.isWindow()
            and watched.objectName() in {"StartupFrame", "MainWindow"}
        ):
            self.painted.append(watched.objectName())
        return False


@pytest.fixture
def paints(qapp: QApplication) -> Iterator[PaintLog]:
    log = PaintLog()
    qapp.installEventFilter(log)
    yield log
    qapp.removeEventFilter(log)


@pytest.fixture(autouse=True)
def _app_state_restored(qapp: QApplication) -> Iterator[None]:
    """Undo what the app's start does to the shared process: the language, the frozen heap."""
    yield
    manager = i18n.language_manager(qapp)
    if manager is not None:
        manager.uninstall()
        manager.setParent(None)
        shiboken6.delete(manager)
    gc.unfreeze()
    gc.collect()


def main_windows(qapp: QApplication) -> list[MainWindow]:
    return [widget for widget in qapp.topLevelWidgets() if isinstance(widget, MainWindow)]


def test_the_frame_is_painted_before_the_services_open(
    qloop: QtAsyncio, paints: PaintLog, tmp_path: Path
) -> None:
    frame = app.show_frame()
    seen: dict[str, object] = {}

    def open_slowly() -> Services:
        # What a user sees while Studio loads: the frame, painted and on screen.
        seen["visible"] = frame.isVisible()
        seen["exposed"] = frame.windowHandle().isExposed()
        seen["painted"] = list(paints.painted)
        return make_services(tmp_path)

    assert paints.painted == ["StartupFrame"]
    assert qloop.run(app.main(open_slowly, frame, smoke_test=True), timeout=20_000) == 0

    assert seen == {"visible": True, "exposed": True, "painted": ["StartupFrame"]}
    assert not shiboken6.isValid(frame)


def test_the_frame_looks_like_the_main_window_it_stands_for(qapp: QApplication) -> None:
    frame = app.show_frame()
    try:
        assert frame.windowTitle() == qapp.applicationName()
        assert frame.size() == startup.WINDOW_SIZE
        image = frame.grab().toImage()
        palette = frame.palette()
        side_bar = image.pixelColor(startup.SIDE_BAR_WIDTH // 2, image.height() // 2)
        pane = image.pixelColor(startup.SIDE_BAR_WIDTH + 40, image.height() // 4)
        assert side_bar.name() == theme.side_bar(palette).name()
        assert pane.name() == palette.color(palette.ColorRole.Window).name()
    finally:
        app._discard(frame)


def test_the_main_window_takes_the_frames_place_and_the_frame_closes_after_it_painted(
    qloop: QtAsyncio, paints: PaintLog, qapp: QApplication, tmp_path: Path
) -> None:
    frame = app.show_frame()
    # Where the user moved and sized the frame while Studio loaded.
    frame.move(QPoint(40, 30))
    frame.resize(QSize(1000, 700))
    expected = frame.geometry()
    at_close: dict[str, object] = {}

    def on_frame_destroyed() -> None:
        (window,) = main_windows(qapp)
        at_close["window"] = (window.isVisible(), window.geometry())
        at_close["painted"] = list(paints.painted)

    frame.destroyed.connect(on_frame_destroyed)

    code = qloop.run(
        app.main(lambda: make_services(tmp_path), frame, smoke_test=True, report_first_paint=True),
        timeout=20_000,
    )

    assert code == 0
    assert at_close["window"] == (True, expected)
    # The frame went only after the window over it had painted: no gap, no flicker.
    painted = at_close["painted"]
    assert isinstance(painted, list)
    assert painted[0] == "StartupFrame"
    assert "MainWindow" in painted
    assert main_windows(qapp) == []


def test_an_error_while_opening_the_services_closes_the_frame_and_is_raised(
    qloop: QtAsyncio,
) -> None:
    frame = app.show_frame()

    def fail() -> Services:
        raise RuntimeError("the keyring is locked")

    with pytest.raises(RuntimeError, match="the keyring is locked"):
        qloop.run(app.main(fail, frame))

    assert not shiboken6.isValid(frame)


def test_an_error_while_building_the_window_closes_the_frame_and_the_services(
    qloop: QtAsyncio, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    frame = app.show_frame()
    opened: list[Services] = []

    def open_services() -> Services:
        opened.append(make_services(tmp_path))
        return opened[0]

    def broken(_services: Services) -> MainWindow:
        raise ValueError("no window today")

    monkeypatch.setattr("studio.ui.main_window.MainWindow", broken)

    with pytest.raises(ValueError, match="no window today"):
        qloop.run(app.main(open_services, frame), timeout=20_000)

    assert not shiboken6.isValid(frame)
    with pytest.raises(ChatStoreError, match="closed"):
        qloop.run(opened[0].chats.call(ChatStore.list_chats))


def test_closing_the_frame_while_studio_loads_quits_without_the_window(
    qloop: QtAsyncio, qapp: QApplication, tmp_path: Path
) -> None:
    frame = app.show_frame()
    frame.close()

    assert frame.is_dismissed
    assert qloop.run(app.main(lambda: make_services(tmp_path), frame), timeout=20_000) == 0
    assert not shiboken6.isValid(frame)
    assert main_windows(qapp) == []


def run_app(code: str, basedir: Path) -> subprocess.CompletedProcess[str]:
    environment = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    return subprocess.run(
        [sys.executable, "-c", code, str(basedir)],
        capture_output=True,
        text=True,
        timeout=60,
        env=environment,
        check=False,
    )


def test_a_start_that_fails_after_the_frame_reports_the_error_like_before(
    tmp_path: Path,
) -> None:
    code = (
        "import sys\n"
        "from studio import app\n"
        "def fail():\n"
        "    raise RuntimeError('the profile is locked')\n"
        "sys.exit(app.run(fail, report_first_paint=True))\n"
    )

    result = run_app(code, tmp_path)

    assert result.returncode == 1
    assert result.stdout.startswith("first-frame ")
    assert "first-paint" not in result.stdout
    assert "Traceback" in result.stderr
    assert "RuntimeError: the profile is locked" in result.stderr


def test_the_services_open_after_the_frame_is_painted_in_a_real_start(tmp_path: Path) -> None:
    code = (
        "import sys, time\n"
        "from studio.__main__ import _open_services\n"
        "from studio.cli import arguments\n"
        "from studio import app\n"
        "parsed = arguments.parse_arguments(['--basedir', sys.argv[1]])\n"
        "def open_services():\n"
        "    print(f'opening {time.time():.6f}', flush=True)\n"
        "    return _open_services(parsed)\n"
        "sys.exit(app.run(open_services, smoke_test=True, report_first_paint=True))\n"
    )

    result = run_app(code, tmp_path)

    assert result.returncode == 0, result.stderr
    lines = [line.split() for line in result.stdout.splitlines()]
    assert [label for label, _ in lines] == ["first-frame", "opening", "first-paint"]
    times: list[float] = [float(value) for _, value in lines]
    assert times == sorted(times)
