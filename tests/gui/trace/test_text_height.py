"""The result box and the log's details pane: as tall as their lines, never a line cut in half."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any

from PySide6.QtWidgets import QPlainTextEdit, QWidget
from pytestqt.qtbot import QtBot

from studio.kernel.calls import TraceStatus
from studio.ui.trace.panel import RESULT_MAX_LINES, TracePanel
from studio.ui.trace.view import DETAILS_MAX_LINES, TraceLogView

Make = Callable[..., Any]

_LONG_LINE = (
    '{"title": "Result number {n} with a fairly long title", "url": "https://example.org/{n}"}'
)


def _result_lines(count: int) -> str:
    return "\n".join(_LONG_LINE.replace("{n}", str(n)) for n in range(count))


def _box(parent: QWidget, name: str) -> QPlainTextEdit:
    box = parent.findChild(QPlainTextEdit, name)
    assert box is not None, name
    return box


def _line_height(box: QPlainTextEdit) -> float:
    block = box.document().firstBlock()
    return box.blockBoundingRect(block).height() / block.layout().lineCount()


def _shows_every_line(box: QPlainTextEdit) -> bool:
    last = box.blockBoundingGeometry(box.document().lastBlock()).translated(box.contentOffset())
    return box.verticalScrollBar().value() == 0 and last.bottom() <= box.viewport().height()


def _shows_whole_lines(box: QPlainTextEdit, lines: int) -> bool:
    text_height = box.viewport().height() - 2 * box.document().documentMargin()
    return abs(text_height - lines * _line_height(box)) < 1


def _shown_panel(qtbot: QtBot, make_trace: Make, result: str) -> tuple[TracePanel, QPlainTextEdit]:
    panel = TracePanel([make_trace(result=result)])
    qtbot.addWidget(panel)
    panel.resize(600, 700)
    panel.show()
    # Expanded after it is shown, as a user opens it: the box learns its width only now.
    (entry,) = panel.entries()
    entry.set_expanded(True)
    box = _box(entry, "TraceResult")
    qtbot.wait_until(lambda: box.isVisible() and box.viewport().width() > 300)
    qtbot.wait(10)
    return panel, box


def test_a_result_of_a_few_wrapped_lines_shows_them_all(qtbot: QtBot, make_trace: Make) -> None:
    _panel, box = _shown_panel(qtbot, make_trace, _result_lines(3))

    assert box.document().blockCount() == 3
    # Each line wraps once at this width: six lines on screen, all of them whole.
    assert _shows_every_line(box)
    assert _shows_whole_lines(box, 6)


def test_a_long_result_scrolls_in_whole_lines(qtbot: QtBot, make_trace: Make) -> None:
    _panel, box = _shown_panel(qtbot, make_trace, _result_lines(40))

    assert _shows_whole_lines(box, RESULT_MAX_LINES)
    assert box.verticalScrollBar().maximum() > 0


def test_the_details_pane_shows_a_calls_details_whole(
    qtbot: QtBot, make_stored_trace: Make
) -> None:
    arguments = {f"field_{n}": f"value {n}" for n in range(4)}
    trace = make_stored_trace(status=TraceStatus.BLOCKED, arguments=arguments)
    view = TraceLogView([("Budget", datetime(2026, 3, 2, 9, 30, tzinfo=UTC), trace)])
    qtbot.addWidget(view)
    view.resize(900, 420)
    view.show()
    view.select_row(0)
    details = _box(view, "TraceLogDetails")
    lines = len(view.details().splitlines())
    assert 8 < lines <= DETAILS_MAX_LINES

    qtbot.wait_until(lambda: _shows_every_line(details))
    assert details.height() >= details.minimumHeight()
