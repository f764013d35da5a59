"""The "Using tool: …" note under an answer while its tools run."""

from __future__ import annotations

from typing import TypeVar

from PySide6.QtCore import QObject
from PySide6.QtWidgets import QWidget
from pytestqt.qtbot import QtBot

from studio.harness.events import ToolStatusChanged
from studio.ui.chat.status import BusyIndicator, ToolStatusLine
from studio.ui.trace.bridge import TraceBridge

_W = TypeVar("_W", bound=QObject)


def _child(parent: QObject, kind: type[_W], name: str) -> _W:
    child = parent.findChild(kind, name)
    assert child is not None, name
    return child


def _line(qtbot: QtBot) -> tuple[QWidget, ToolStatusLine]:
    parent = QWidget()
    line = ToolStatusLine(parent)
    qtbot.addWidget(parent)
    parent.show()
    qtbot.wait_exposed(parent)
    return parent, line


def test_status_line_is_hidden_when_idle(qtbot: QtBot) -> None:
    _, line = _line(qtbot)

    assert not line.isVisible()
    assert not line.is_busy()


def test_status_line_shows_the_message_and_spins_while_tools_run(qtbot: QtBot) -> None:
    _, line = _line(qtbot)
    busy = _child(line, BusyIndicator, "ToolStatusBusy")

    line.set_status("Using tool: Web search", True)

    assert line.isVisible()
    assert line.message() == "Using tool: Web search"
    assert busy.isVisible()
    assert busy.is_spinning()


def test_status_line_shows_progress_after_the_message(qtbot: QtBot) -> None:
    _, line = _line(qtbot)
    line.set_status("Using tool: Read web page", True)

    line.set_progress("3 of 10 pages loaded")

    assert line.progress() == "3 of 10 pages loaded"
    assert _child(line, QWidget, "ToolStatusProgress").isVisible()

    line.set_progress("")
    assert not _child(line, QWidget, "ToolStatusProgress").isVisible()


def test_status_line_hides_and_forgets_when_tools_stop(qtbot: QtBot) -> None:
    _, line = _line(qtbot)
    busy = _child(line, BusyIndicator, "ToolStatusBusy")
    line.set_status("Using tool: Web search", True)
    line.set_progress("1 of 2")

    line.set_status("", False)

    assert not line.isVisible()
    assert line.message() == ""
    assert line.progress() == ""
    assert not busy.is_spinning()


def test_status_line_clears_when_the_run_is_cancelled(qtbot: QtBot) -> None:
    _, line = _line(qtbot)
    line.set_status("Using tool: Web search", True)

    line.clear()

    assert not line.isVisible()


def test_status_line_follows_the_bridge(qtbot: QtBot) -> None:
    _, line = _line(qtbot)
    bridge = TraceBridge()
    bridge.tool_status_changed.connect(line.set_status)

    bridge.handle(ToolStatusChanged.using(["web_search", "read_web_page"]))
    assert line.message() == "Using tools: web_search, read_web_page"

    bridge.handle(ToolStatusChanged.idle())
    assert not line.isVisible()
