"""The desktop app starts, shows its main window and shuts down cleanly."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path


def test_app_starts_and_quits_in_a_fresh_profile(tmp_path: Path) -> None:
    environment = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}

    result = subprocess.run(
        [sys.executable, "-m", "studio", "--basedir", str(tmp_path), "--smoke-test"],
        capture_output=True,
        text=True,
        timeout=60,
        env=environment,
        check=False,
    )

    assert result.returncode == 0, result.stderr
    assert "Traceback" not in result.stderr
    assert not (tmp_path / "config" / "settings.json").exists()


def test_app_reports_the_frames_then_its_first_paint_then_the_smoke_test_closes_it(
    tmp_path: Path,
) -> None:
    environment = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    command = [sys.executable, "-m", "studio", "--basedir", str(tmp_path)]

    launched = time.time()
    result = subprocess.run(
        [*command, "--smoke-test", "--report-first-paint"],
        capture_output=True,
        text=True,
        timeout=60,
        env=environment,
        check=False,
    )
    ended = time.time()

    assert result.returncode == 0, result.stderr
    frame_line, window_line = result.stdout.splitlines()
    frame_label, frame_painted = frame_line.split()
    label, painted = window_line.split()
    assert frame_label == "first-frame"
    assert label == "first-paint"
    assert launched < float(frame_painted) < float(painted) < ended


def test_app_freezes_what_start_up_built_for_the_garbage_collector(tmp_path: Path) -> None:
    environment = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    code = (
        "import gc, sys\n"
        "from studio.__main__ import main\n"
        "code = main(['--basedir', sys.argv[1], '--smoke-test'])\n"
        "print(gc.get_freeze_count())\n"
        "sys.exit(code)\n"
    )

    result = subprocess.run(
        [sys.executable, "-c", code, str(tmp_path)],
        capture_output=True,
        text=True,
        timeout=60,
        env=environment,
        check=False,
    )

    assert result.returncode == 0, result.stderr
    assert int(result.stdout.strip()) > 10_000


def test_app_keeps_an_unreadable_settings_file_and_still_starts(tmp_path: Path) -> None:
    settings = tmp_path / "config" / "settings.json"
    settings.parent.mkdir(parents=True)
    settings.write_text("{ not json", encoding="utf-8")
    environment = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}

    result = subprocess.run(
        [sys.executable, "-m", "studio", "--basedir", str(tmp_path), "--smoke-test"],
        capture_output=True,
        text=True,
        timeout=60,
        env=environment,
        check=False,
    )

    assert result.returncode == 0, result.stderr
    kept = list(settings.parent.glob("settings.json.unreadable-*"))
    assert [path.read_text(encoding="utf-8") for path in kept] == ["{ not json"]


def test_ctrl_c_in_the_terminal_closes_the_app_cleanly(tmp_path: Path) -> None:
    environment = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    app = subprocess.Popen(
        [sys.executable, "-m", "studio", "--basedir", str(tmp_path), "--report-first-paint"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=environment,
    )
    try:
        assert app.stdout is not None
        lines = [app.stdout.readline(), app.stdout.readline()]
        assert lines[1].startswith("first-paint"), lines

        app.send_signal(signal.SIGINT)
        _, errors = app.communicate(timeout=30)
    finally:
        if app.poll() is None:
            app.kill()
            app.wait()

    assert app.returncode == 0, errors
    assert "Traceback" not in errors
    assert "KeyboardInterrupt" not in errors
