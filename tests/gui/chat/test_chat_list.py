"""The chat list's rendering: long titles end in an ellipsis instead of scrolling sideways."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QListWidget, QVBoxLayout, QWidget
from pytestqt.qtbot import QtBot

from studio.chats.async_store import AsyncChatStore
from studio.ui.chat.chat_list import ChatList
from tests.gui.conftest import QtAsyncio

_LONG_TITLE = "Quarterly planning for the marketing budget and the travel of the whole team " * 2


@pytest.fixture
def store(tmp_path: Path) -> Iterator[AsyncChatStore]:
    chats = AsyncChatStore.open(tmp_path / "chats.sqlite3")
    yield chats
    chats.close()


@pytest.fixture
def chat_list(qtbot: QtBot, qloop: QtAsyncio, store: AsyncChatStore) -> Iterator[ChatList]:
    qloop.run(store.create_chat(_LONG_TITLE))
    qloop.run(store.create_chat("Short"))
    # The list takes its colours from its parent, the window's side bar.
    window = QWidget()
    qtbot.addWidget(window)
    widget = ChatList(store, window)
    QVBoxLayout(window).addWidget(widget)
    window.resize(240, 400)
    window.show()
    widget.refresh()
    qtbot.wait_until(lambda: len(widget.chats()) == 2)
    yield widget
    qloop.run(widget.aclose())


def _view(chat_list: ChatList) -> QListWidget:
    view = chat_list.findChild(QListWidget, "ChatListView")
    assert view is not None
    return view


def test_the_chat_list_never_scrolls_sideways(qtbot: QtBot, chat_list: ChatList) -> None:
    view = _view(chat_list)
    qtbot.wait_until(lambda: view.viewport().width() > 0)

    assert not view.horizontalScrollBar().isVisible()
    assert view.horizontalScrollBar().maximum() == 0
    # Every row fits the viewport, so the delegate elides what does not fit.
    for row in range(view.count()):
        assert view.visualItemRect(view.item(row)).right() <= view.viewport().rect().right()
    assert view.horizontalScrollBarPolicy() == Qt.ScrollBarPolicy.ScrollBarAlwaysOff


def test_a_long_chat_title_ends_in_an_ellipsis(chat_list: ChatList) -> None:
    view = _view(chat_list)
    titles = [view.item(row).text() for row in range(view.count())]
    row = titles.index(_LONG_TITLE)
    item = view.item(row)

    assert view.textElideMode() == Qt.TextElideMode.ElideRight
    assert item.toolTip() == _LONG_TITLE
    rect = view.visualItemRect(item)
    # What the delegate draws into that rect: the title elided at the right.
    shown = view.fontMetrics().elidedText(_LONG_TITLE, Qt.TextElideMode.ElideRight, rect.width())
    assert shown.endswith("…")
    assert rect.width() <= view.viewport().width()
