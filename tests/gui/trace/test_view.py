"""The log of refused calls: only blocked and failed calls, filtered, sorted and copied."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from typing import Any, TypeVar

import pytest
from PySide6.QtCore import QCoreApplication, QObject, QPoint, Qt
from PySide6.QtGui import QGuiApplication
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QComboBox, QLabel, QLineEdit, QPushButton
from pytestqt.qtbot import QtBot

from studio.kernel.calls import TraceStatus
from studio.ui import i18n
from studio.ui.trace.model import Column, StatusFilter
from studio.ui.trace.view import TraceLogView

Make = Callable[..., Any]
_W = TypeVar("_W", bound=QObject)

_START = datetime(2026, 3, 2, 9, 30, tzinfo=UTC)


def _child(parent: QObject, kind: type[_W], name: str) -> _W:
    child = parent.findChild(kind, name)
    assert child is not None, name
    return child


@pytest.fixture
def view(qtbot: QtBot, make_trace: Make, make_stored_trace: Make) -> TraceLogView:
    entries = [
        ("Trip planning", _START, make_trace(1, "web_search", TraceStatus.SUCCESS)),
        (
            "Trip planning",
            _START + timedelta(minutes=1),
            make_trace(2, "read_web_page", TraceStatus.ERROR, message="The page timed out."),
        ),
        (
            "Contract review",
            _START + timedelta(days=1),
            make_stored_trace(
                1,
                "search_mails",
                TraceStatus.BLOCKED,
                arguments={"query": "renewal", "password": "*****"},
                message="This tool has been disabled by your organization.",
            ),
        ),
        (
            "Budget 2026",
            _START - timedelta(days=3),
            make_stored_trace(3, "web_search", TraceStatus.BLOCKED, arguments={"query": "tax"}),
        ),
    ]
    widget = TraceLogView(entries)
    qtbot.addWidget(widget)
    widget.resize(900, 500)
    return widget


def _chats(view: TraceLogView) -> list[str]:
    return [entry.chat_title for entry in view.visible_entries()]


def _cell(view: TraceLogView, row: int, column: Column) -> str:
    proxy = view.table.model()
    return str(proxy.data(proxy.index(row, column)))


def test_view_lists_only_blocked_and_failed_calls_newest_first(view: TraceLogView) -> None:
    assert _chats(view) == ["Contract review", "Trip planning", "Budget 2026"]
    assert view.table_model.rowCount() == 3


def test_view_shows_each_column(view: TraceLogView) -> None:
    proxy = view.table.model()
    headers = [proxy.headerData(column, Qt.Orientation.Horizontal) for column in Column]

    assert headers == ["When", "Chat", "Tool", "Status", "Reason", "Arguments"]
    assert _cell(view, 0, Column.CHAT) == "Contract review"
    assert _cell(view, 0, Column.TOOL) == "Search mails"
    assert _cell(view, 0, Column.STATUS) == "Blocked"
    assert _cell(view, 0, Column.REASON) == "This tool has been disabled by your organization."
    assert _cell(view, 0, Column.ARGUMENTS) == "query: renewal, password: *****"
    assert _cell(view, 1, Column.STATUS) == "Failed"
    assert _cell(view, 1, Column.REASON) == "The tool failed: The page timed out."


@pytest.mark.parametrize(
    ("status_filter", "chats"),
    [
        (StatusFilter.BLOCKED, ["Contract review", "Budget 2026"]),
        (StatusFilter.FAILED, ["Trip planning"]),
        (StatusFilter.BLOCKED_AND_FAILED, ["Contract review", "Trip planning", "Budget 2026"]),
    ],
    ids=["blocked", "failed", "both"],
)
def test_view_filters_by_status(
    view: TraceLogView, status_filter: StatusFilter, chats: list[str]
) -> None:
    view.set_status_filter(status_filter)

    assert _chats(view) == chats


def test_status_filter_is_a_choice_in_the_view(view: TraceLogView) -> None:
    combo = _child(view, QComboBox, "TraceLogStatusFilter")
    assert [combo.itemText(i) for i in range(combo.count())] == [
        "Blocked and failed",
        "Blocked only",
        "Failed only",
    ]

    combo.setCurrentIndex(2)

    assert _chats(view) == ["Trip planning"]


def test_view_filters_by_tool(view: TraceLogView) -> None:
    combo = _child(view, QComboBox, "TraceLogToolFilter")
    assert [combo.itemText(i) for i in range(combo.count())] == [
        "All tools",
        "Read web page",
        "Search mails",
        "Web search",
    ]

    view.set_tool_filter("web_search")
    assert _chats(view) == ["Budget 2026"]

    view.set_tool_filter(None)
    assert len(_chats(view)) == 3


@pytest.mark.parametrize(
    ("text", "chats"),
    [
        ("contract", ["Contract review"]),
        ("TIMED out", ["Trip planning"]),
        ("renewal", ["Contract review"]),
        ("password", ["Contract review"]),
        ("read_web_page", ["Trip planning"]),
        ("blocked tax", ["Budget 2026"]),
        ("nothing like this", []),
    ],
    ids=[
        "chat",
        "reason-any-case",
        "argument-value",
        "argument-name",
        "tool-id",
        "two-words",
        "no-match",
    ],
)
def test_view_filters_by_text(view: TraceLogView, text: str, chats: list[str]) -> None:
    _child(view, QLineEdit, "TraceLogSearch").setText(text)

    assert _chats(view) == chats


def test_view_combines_its_filters(view: TraceLogView) -> None:
    view.set_status_filter(StatusFilter.BLOCKED)
    view.set_tool_filter("search_mails")
    view.set_search_text("tax")

    assert _chats(view) == []
    empty = _child(view, QLabel, "TraceLogEmpty")
    assert empty.text() == "No tool call matches the filters."
    assert _child(view, QLabel, "TraceLogShown").text() == "Shown: 0 of 3"


def test_view_sorts_by_time_value_and_by_text(view: TraceLogView) -> None:
    view.sort_by(Column.WHEN, Qt.SortOrder.AscendingOrder)
    assert _chats(view) == ["Budget 2026", "Trip planning", "Contract review"]

    view.sort_by(Column.CHAT, Qt.SortOrder.AscendingOrder)
    assert _chats(view) == ["Budget 2026", "Contract review", "Trip planning"]

    view.sort_by(Column.STATUS, Qt.SortOrder.DescendingOrder)
    assert view.visible_entries()[0].trace.status is TraceStatus.ERROR


def test_clicking_a_header_sorts(qtbot: QtBot, view: TraceLogView) -> None:
    view.show()
    header = view.table.horizontalHeader()
    position = header.sectionViewportPosition(Column.CHAT) + 5

    QTest.mouseClick(
        header.viewport(),
        Qt.MouseButton.LeftButton,
        Qt.KeyboardModifier.NoModifier,
        QPoint(position, 5),
    )

    assert header.sortIndicatorSection() == Column.CHAT
    assert _chats(view) in (
        ["Budget 2026", "Contract review", "Trip planning"],
        ["Trip planning", "Contract review", "Budget 2026"],
    )


def test_view_copies_a_rows_details(view: TraceLogView) -> None:
    QGuiApplication.clipboard().clear()

    assert view.copy_details(0)

    text = QGuiApplication.clipboard().text()
    assert "Chat: Contract review" in text
    assert "Tool: Search mails (search_mails)" in text
    assert "Status: Blocked" in text
    assert "Reason: This tool has been disabled by your organization." in text
    assert "  query: renewal" in text
    assert "  password: *****" in text


def test_view_copies_the_selected_row_with_the_button(qtbot: QtBot, view: TraceLogView) -> None:
    button = _child(view, QPushButton, "TraceLogCopy")
    assert not button.isEnabled()
    view.show()

    view.select_row(1)
    QTest.mouseClick(button, Qt.MouseButton.LeftButton)

    assert "Chat: Trip planning" in view.details()
    assert QGuiApplication.clipboard().text() == view.details()


def test_copy_shortcut_copies_the_selected_row(qtbot: QtBot, view: TraceLogView) -> None:
    view.show()
    qtbot.wait_exposed(view)
    view.select_row(2)
    view.table.setFocus()
    QGuiApplication.clipboard().clear()

    QTest.keyClick(view.table, Qt.Key.Key_C, Qt.KeyboardModifier.ControlModifier)

    assert "Chat: Budget 2026" in QGuiApplication.clipboard().text()


def test_copy_without_a_selection_copies_nothing(view: TraceLogView) -> None:
    assert not view.copy_details()


def test_view_adds_calls_and_keeps_only_refused_ones(view: TraceLogView, make_trace: Make) -> None:
    assert not view.add_entry("Later", _START, make_trace(9, "web_search", TraceStatus.SUCCESS))
    assert view.add_entry(
        "Later", _START + timedelta(days=5), make_trace(9, "new_tool", TraceStatus.ERROR)
    )

    combo = _child(view, QComboBox, "TraceLogToolFilter")
    assert "new_tool" in [combo.itemText(i) for i in range(combo.count())]
    assert _chats(view)[0] == "Later"


def test_view_keeps_the_tool_filter_when_calls_arrive(view: TraceLogView, make_trace: Make) -> None:
    view.set_tool_filter("web_search")

    view.add_entry("Later", _START, make_trace(9, "read_web_page", TraceStatus.ERROR))

    assert _chats(view) == ["Budget 2026"]


def test_empty_view_says_nothing_was_refused(qtbot: QtBot, make_trace: Make) -> None:
    view = TraceLogView([("Chat", _START, make_trace())])
    qtbot.addWidget(view)

    assert _child(view, QLabel, "TraceLogEmpty").text() == "No tool call was blocked or failed."
    assert view.visible_entries() == []


def test_the_log_sets_its_texts_again_in_a_new_language(
    view: TraceLogView, languages: i18n.LanguageManager
) -> None:
    scope = _child(view, QComboBox, "TraceLogScope")
    status = _child(view, QComboBox, "TraceLogStatusFilter")
    view.set_status_filter(StatusFilter.BLOCKED)
    header = view.table_model.headerData
    english = (scope.itemText(1), status.itemText(0), header(0, Qt.Orientation.Horizontal))

    languages.apply("de")
    QCoreApplication.sendPostedEvents()

    assert scope.itemText(1) == QCoreApplication.translate("TraceLogView", "All chats")
    assert scope.itemText(1) != english[0]
    assert status.itemText(0) != english[1]
    assert status.currentData() is StatusFilter.BLOCKED
    assert header(0, Qt.Orientation.Horizontal) != english[2]
