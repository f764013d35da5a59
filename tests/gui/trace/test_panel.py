"""The tool calls of an answer: the pill, the panel, its entries and their chips."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

import pytest
from PySide6.QtCore import QObject, Qt
from PySide6.QtGui import QFont, QFontDatabase
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QLabel, QPlainTextEdit, QPushButton, QToolButton, QWidget
from pytestqt.qtbot import QtBot

from studio.kernel.calls import TraceStatus
from studio.ui import theme
from studio.ui.trace import model
from studio.ui.trace.panel import (
    RESULT_PREVIEW_CHARACTERS,
    StatusChip,
    TraceEntry,
    TracePanel,
    TracePill,
)

Make = Callable[..., Any]
_W = TypeVar("_W", bound=QObject)


def _child(parent: QObject, kind: type[_W], name: str) -> _W:
    child = parent.findChild(kind, name)
    assert child is not None, name
    return child


def _panel(qtbot: QtBot, traces: list[Any]) -> tuple[TracePanel, TracePill]:
    panel = TracePanel(traces)
    pill = TracePill(panel)
    qtbot.addWidget(panel)
    qtbot.addWidget(pill)
    return panel, pill


def _labels(entry: TraceEntry, name: str) -> list[QLabel]:
    return entry.findChildren(QLabel, name)


def _shown(entry: TraceEntry, name: str) -> bool:
    (label,) = _labels(entry, name)
    return not label.isHidden()


def test_pill_names_the_tool_when_there_is_one_call(qtbot: QtBot, make_trace: Make) -> None:
    _, pill = _panel(qtbot, [make_trace()])

    assert pill.text() == "1 tool call(s)"
    assert pill.toolTip() == "<p>Show tool call for Web search</p>"
    assert not pill.isHidden()


def test_pill_counts_the_calls_when_there_are_several(qtbot: QtBot, make_trace: Make) -> None:
    panel, pill = _panel(qtbot, [make_trace(1), make_trace(2, "read_web_page")])

    assert pill.text() == "2 tool call(s)"
    assert pill.toolTip() == "<p>Show 2 tool calls</p>"
    assert panel.title() == "Tool Calls (2)"


def test_pill_hides_without_calls_and_appears_with_the_first(
    qtbot: QtBot, make_trace: Make
) -> None:
    panel, pill = _panel(qtbot, [])
    assert pill.isHidden()

    with qtbot.wait_signal(panel.count_changed) as signal:
        panel.add_trace(make_trace())

    assert signal.args == [1]
    assert not pill.isHidden()


def test_pill_shows_and_hides_the_panel(qtbot: QtBot, make_trace: Make) -> None:
    panel, pill = _panel(qtbot, [make_trace()])
    assert panel.isHidden()

    QTest.mouseClick(pill, Qt.MouseButton.LeftButton)
    assert pill.isChecked()
    assert not panel.isHidden()

    QTest.mouseClick(pill, Qt.MouseButton.LeftButton)
    assert panel.isHidden()


def test_panel_adds_calls_live_as_they_finish(qtbot: QtBot, make_trace: Make) -> None:
    panel, pill = _panel(qtbot, [make_trace(1)])

    panel.add_trace(make_trace(2, "read_web_page", TraceStatus.ERROR))
    panel.add_trace(make_trace(3, "search_mails", TraceStatus.BLOCKED))

    assert [entry.title() for entry in panel.entries()] == [
        "1. Web search",
        "2. Read web page",
        "3. Search mails",
    ]
    assert panel.title() == "Tool Calls (3)"
    assert pill.text() == "3 tool call(s)"
    assert pill.toolTip() == "<p>Show 3 tool calls</p>"


def test_panel_replaces_its_calls_with_stored_ones(
    qtbot: QtBot, make_trace: Make, make_stored_trace: Make
) -> None:
    panel, pill = _panel(qtbot, [make_trace(1), make_trace(2)])

    panel.set_traces([make_stored_trace(1, "search_mails")])

    assert [entry.title() for entry in panel.entries()] == ["1. Search mails"]
    assert pill.toolTip() == "<p>Show tool call for Search mails</p>"


@pytest.mark.parametrize(
    ("status", "text"),
    [
        (TraceStatus.SUCCESS, "Executed"),
        (TraceStatus.ERROR, "Failed"),
        (TraceStatus.BLOCKED, "Blocked"),
        (TraceStatus.NONE, "Unknown"),
    ],
    ids=["success", "error", "blocked", "none"],
)
def test_entry_chip_names_the_status(
    qtbot: QtBot, make_trace: Make, status: TraceStatus, text: str
) -> None:
    panel, _ = _panel(qtbot, [make_trace(status=status)])

    (entry,) = panel.entries()

    assert entry.chip.status is status
    assert entry.chip.text() == text


@pytest.mark.parametrize("scheme", [Qt.ColorScheme.Light, Qt.ColorScheme.Dark], ids=str)
@pytest.mark.parametrize("status", list(TraceStatus), ids=lambda status: status.name)
def test_chip_text_stays_readable_in_light_and_dark_themes(
    qtbot: QtBot, scheme: Qt.ColorScheme, status: TraceStatus
) -> None:
    chip = StatusChip(status)
    qtbot.addWidget(chip)
    chip.setPalette(theme.palette_for(scheme))

    colors = chip.colors()

    assert model.contrast_ratio(colors.foreground, colors.background) >= 4.5


def test_chips_of_different_statuses_differ_in_colour(qtbot: QtBot) -> None:
    chips = [StatusChip(status) for status in TraceStatus]
    for chip in chips:
        qtbot.addWidget(chip)

    backgrounds = {chip.colors().background.name() for chip in chips}

    assert len(backgrounds) == len(TraceStatus)


def test_entry_is_collapsed_until_expanded(qtbot: QtBot, make_trace: Make) -> None:
    panel, _ = _panel(qtbot, [make_trace()])
    (entry,) = panel.entries()
    details = _child(entry, QWidget, "TraceEntryDetails")
    assert not entry.is_expanded()
    assert details.isHidden()

    toggle = _child(entry, QToolButton, "TraceEntryToggle")
    QTest.mouseClick(toggle, Qt.MouseButton.LeftButton)

    assert entry.is_expanded()
    assert not details.isHidden()


def test_entry_shows_masked_arguments_as_they_are(qtbot: QtBot, make_trace: Make) -> None:
    trace = make_trace(arguments={"query": "weather Berlin", "api_key": "*****"})
    panel, _ = _panel(qtbot, [trace])
    (entry,) = panel.entries()

    names = [label.text() for label in _labels(entry, "TraceArgumentName")]
    values = [label.text() for label in _labels(entry, "TraceArgumentValue")]

    assert names == ["query", "api_key"]
    assert values == ["weather Berlin", "*****"]
    assert not _shown(entry, "TraceArgumentsEmpty")


def test_entry_says_when_there_are_no_arguments(qtbot: QtBot, make_trace: Make) -> None:
    panel, _ = _panel(qtbot, [make_trace(arguments={})])
    (entry,) = panel.entries()

    (empty,) = _labels(entry, "TraceArgumentsEmpty")

    assert empty.text() == "No arguments"
    assert not empty.isHidden()
    assert _labels(entry, "TraceArgumentValue") == []


def test_entry_shows_why_a_call_failed_in_the_warning_colour(
    qtbot: QtBot, make_trace: Make
) -> None:
    trace = make_trace(status=TraceStatus.ERROR, message="The page took too long.")
    panel, _ = _panel(qtbot, [trace])
    (entry,) = panel.entries()

    (message,) = _labels(entry, "TraceStatusMessage")

    assert message.text() == "The tool failed: The page took too long."
    assert not message.isHidden()
    base = message.palette().color(message.backgroundRole())
    color = message.palette().color(message.foregroundRole())
    assert color == model.warning_color(entry.palette().color(entry.palette().ColorRole.Base))
    assert model.contrast_ratio(color, base) >= 3.0


def test_entry_of_a_successful_call_has_no_status_message(qtbot: QtBot, make_trace: Make) -> None:
    panel, _ = _panel(qtbot, [make_trace()])
    (entry,) = panel.entries()

    assert not _shown(entry, "TraceStatusMessage")


def test_entry_shows_the_result_of_a_live_call(qtbot: QtBot, make_trace: Make) -> None:
    panel, _ = _panel(qtbot, [make_trace(result='{"results": []}')])
    (entry,) = panel.entries()

    result = _child(entry, QPlainTextEdit, "TraceResult")

    assert result.toPlainText() == '{"results": []}'
    assert result.isReadOnly()
    # What the code asks for, not what fontconfig resolved it to on this machine.
    fixed = QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont)
    assert result.font().family() == fixed.family()
    assert result.font().styleHint() == QFont.StyleHint.TypeWriter
    assert not _shown(entry, "TraceResultNotKept")


def test_entry_of_a_stored_call_says_the_result_is_not_kept(
    qtbot: QtBot, make_stored_trace: Make
) -> None:
    trace = make_stored_trace(status=TraceStatus.BLOCKED, arguments={"query": "x"})
    panel, _ = _panel(qtbot, [trace])
    (entry,) = panel.entries()

    (note,) = _labels(entry, "TraceResultNotKept")

    assert note.text() == "The result is not kept after the app closes."
    assert not note.isHidden()
    result_view = _child(entry, QPlainTextEdit, "TraceResult").parentWidget()
    assert result_view is not None
    assert result_view.isHidden()
    assert [label.text() for label in _labels(entry, "TraceStatusMessage")] == [
        "Tool is not available in the current context."
    ]


def test_entry_cuts_a_long_result_until_show_all(qtbot: QtBot, make_trace: Make) -> None:
    long_result = "x" * (RESULT_PREVIEW_CHARACTERS + 500)
    panel, _ = _panel(qtbot, [make_trace(result=long_result)])
    (entry,) = panel.entries()
    result = _child(entry, QPlainTextEdit, "TraceResult")
    show_all = _child(entry, QPushButton, "TraceResultShowAll")
    entry.set_expanded(True)
    panel.show()

    assert len(result.toPlainText()) == RESULT_PREVIEW_CHARACTERS + 1
    assert result.toPlainText().endswith("…")
    assert show_all.text() == "Show all"
    assert show_all.isVisible()

    QTest.mouseClick(show_all, Qt.MouseButton.LeftButton)

    assert result.toPlainText() == long_result
    assert not show_all.isVisible()


def test_pill_tooltip_shows_markup_in_a_tool_name_as_text(qtbot: QtBot, make_trace: Make) -> None:
    _, pill = _panel(qtbot, [make_trace(tool_id="", display_name="<img src='x'>")])

    assert pill.toolTip() == "<p>Show tool call for &lt;img src=&#x27;x&#x27;&gt;</p>"


def test_pill_closes_the_panel_when_its_calls_are_removed(qtbot: QtBot, make_trace: Make) -> None:
    panel, pill = _panel(qtbot, [make_trace()])
    pill.setChecked(True)

    panel.set_traces([])

    assert not pill.isChecked()
    assert panel.isHidden()
    assert pill.isHidden()


def test_entry_shows_an_ampersand_in_a_tool_name(qtbot: QtBot, make_trace: Make) -> None:
    panel, _ = _panel(qtbot, [make_trace(tool_id="search & read")])
    (entry,) = panel.entries()

    assert entry.title() == "1. search & read"
    assert _child(entry, QToolButton, "TraceEntryToggle").text() == "1. search && read"


def test_panel_follows_a_switch_to_the_dark_theme(qtbot: QtBot, make_trace: Make) -> None:
    panel, _ = _panel(qtbot, [make_trace(status=TraceStatus.ERROR)])
    (entry,) = panel.entries()
    (message,) = _labels(entry, "TraceStatusMessage")
    dark = theme.palette_for(Qt.ColorScheme.Dark)

    panel.setPalette(dark)

    base = dark.color(dark.ColorRole.Base)
    color = message.palette().color(message.foregroundRole())
    assert model.contrast_ratio(color, base) >= 4.5
    result = _child(entry, QPlainTextEdit, "TraceResult")
    assert result.palette().color(result.palette().ColorRole.Base) == dark.color(
        dark.ColorRole.AlternateBase
    )
