"""The chat list: start, find, rename and delete chats, with a moment to undo a deletion."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Coroutine
from typing import Any

from PySide6.QtCore import (
    QEvent,
    QModelIndex,
    QPersistentModelIndex,
    QPoint,
    QSize,
    Qt,
    QTimer,
    Signal,
    Slot,
)
from PySide6.QtGui import QAction, QKeySequence, QPalette
from PySide6.QtWidgets import (
    QAbstractItemView,
    QFrame,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListView,
    QListWidget,
    QListWidgetItem,
    QMenu,
    QPushButton,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QVBoxLayout,
    QWidget,
)

from studio.chats.async_store import AsyncChatStore
from studio.chats.models import Chat
from studio.chats.store import ChatStore
from studio.errors import StudioError
from studio.ui import theme

__all__ = ["UNDO_SECONDS", "ChatList"]

logger = logging.getLogger(__name__)

UNDO_SECONDS = 8
"""How long the "Undo" bar stays after a chat was deleted."""

_SEARCH_DELAY_MS = 250
_STYLE = """
QWidget#ChatList {{ background: {sidebar}; }}
QListWidget#ChatListView {{ background: transparent; border: none; outline: none; }}
QListWidget#ChatListView::item {{ padding: 7px 8px; border-radius: 6px; color: palette(text); }}
QListWidget#ChatListView::item:hover {{ background: {hover}; }}
QListWidget#ChatListView::item:selected {{ background: {selected}; color: palette(text); }}
QFrame#UndoBar {{ background: palette(tool-tip-base); border: 1px solid palette(mid);
    border-radius: 6px; }}
"""
_CHAT_ROLE = Qt.ItemDataRole.UserRole


class _TitleDelegate(QStyledItemDelegate):
    """Rows that ask for no width of their own, so the list lays them out as wide as it is.

    A list view makes each row as wide as its text wants and scrolls sideways for a long one;
    without that wish the row takes the viewport's width and the title is elided to it.
    """

    def sizeHint(
        self, option: QStyleOptionViewItem, index: QModelIndex | QPersistentModelIndex
    ) -> QSize:
        """The height a row needs, and no width."""
        return QSize(0, super().sizeHint(option, index).height())


class ChatList(QWidget):
    """The user's chats, newest activity first, with a search box and an undo bar.

    Every change goes through the chat store (off the GUI thread); the list shows what the
    store returns. Rename a chat in place (double-click, F2 or the context menu); delete it with
    Del or the context menu, then "Undo" within :data:`UNDO_SECONDS` seconds.

    Args:
        chats: The profile's chat store.
        parent: The Qt parent.

    Signals:
        chat_selected(object): the user opened a chat; carries its
            :class:`~studio.chats.models.Chat`.
        chat_deleted(str): the chat with this id was deleted (it may come back with Undo).
        new_chat_requested: the user wants a new, empty chat.
    """

    chat_selected = Signal(object)
    chat_deleted = Signal(str)
    new_chat_requested = Signal()

    def __init__(self, chats: AsyncChatStore, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("ChatList")
        self.setAttribute(Qt.WidgetAttribute.WA_StyledBackground)
        self._store = chats
        self._chats: dict[str, Chat] = {}
        self._deleted: Chat | None = None
        self._refresh_task: asyncio.Task[None] | None = None
        self._tasks: set[asyncio.Task[Any]] = set()

        self._new = QPushButton(self)
        self._new.setObjectName("NewChatButton")
        self._search = QLineEdit(self)
        self._search.setObjectName("ChatSearch")
        self._search.setClearButtonEnabled(True)
        self._list = QListWidget(self)
        self._list.setObjectName("ChatListView")
        self._list.setEditTriggers(
            QAbstractItemView.EditTrigger.DoubleClicked
            | QAbstractItemView.EditTrigger.EditKeyPressed
        )
        self._list.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        self._list.setFrameShape(QFrame.Shape.NoFrame)
        self._list.setUniformItemSizes(True)
        # Rows are as wide as the list and a long title ends in "…" (its tooltip has it whole);
        # the list never scrolls sideways.
        self._list.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self._list.setHorizontalScrollMode(QAbstractItemView.ScrollMode.ScrollPerPixel)
        self._list.setTextElideMode(Qt.TextElideMode.ElideRight)
        self._list.setResizeMode(QListView.ResizeMode.Adjust)
        self._list.setWordWrap(False)
        self._list.setItemDelegate(_TitleDelegate(self._list))
        self._empty = QLabel(self)
        self._empty.setObjectName("ChatListEmpty")
        self._empty.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self._empty.setEnabled(False)

        self._undo_bar = QFrame(self)
        self._undo_bar.setObjectName("UndoBar")
        self._undo_bar.setFrameShape(QFrame.Shape.StyledPanel)
        self._undo_label = QLabel(self._undo_bar)
        self._undo_label.setWordWrap(True)
        self._undo = QPushButton(self._undo_bar)
        self._undo.setObjectName("UndoButton")
        bar = QHBoxLayout(self._undo_bar)
        bar.setContentsMargins(8, 6, 8, 6)
        bar.addWidget(self._undo_label, 1)
        bar.addWidget(self._undo)
        self._undo_bar.hide()
        self._undo_timer = QTimer(self)
        self._undo_timer.setObjectName("UndoTimer")
        self._undo_timer.setSingleShot(True)
        self._undo_timer.setInterval(UNDO_SECONDS * 1000)
        self._search_timer = QTimer(self)
        self._search_timer.setSingleShot(True)
        self._search_timer.setInterval(_SEARCH_DELAY_MS)

        delete = self._delete_action = QAction(self._list)
        delete.setShortcut(QKeySequence(QKeySequence.StandardKey.Delete))
        delete.setShortcutContext(Qt.ShortcutContext.WidgetShortcut)
        self._list.addAction(delete)

        layout = QVBoxLayout(self)
        layout.setContentsMargins(10, 10, 10, 10)
        layout.setSpacing(8)
        layout.addWidget(self._new)
        layout.addWidget(self._search)
        layout.addWidget(self._list, 1)
        layout.addWidget(self._empty, 1)
        layout.addWidget(self._undo_bar)
        self._empty.hide()
        self._apply_colors()
        self._retranslate()

        self._new.clicked.connect(self._on_new_clicked)
        self._search.textChanged.connect(self._on_search_text_changed)
        self._search_timer.timeout.connect(self._on_search_timer_timeout)
        self._list.itemClicked.connect(self._on_list_item_clicked)
        self._list.itemChanged.connect(self._on_list_item_changed)
        self._list.customContextMenuRequested.connect(self._on_list_custom_context_menu_requested)
        delete.triggered.connect(self._on_delete_triggered)
        self._undo.clicked.connect(self._on_undo_clicked)
        self._undo_timer.timeout.connect(self._on_undo_timer_timeout)

    # -- what the window uses ----------------------------------------------------------------

    def refresh(self) -> None:
        """Read the chats again, filtered by the search box; the selection stays if it can."""
        if self._refresh_task is not None:
            self._refresh_task.cancel()
        self._refresh_task = self._start(self._reload(self._search.text()))

    def chats(self) -> tuple[Chat, ...]:
        """The chats listed, in order."""
        return tuple(self._chat_at(row) for row in range(self._list.count()))

    def current_chat_id(self) -> str | None:
        """The id of the selected chat, or None."""
        item = self._list.currentItem()
        return str(item.data(_CHAT_ROLE)) if item is not None else None

    def add_chat(self, chat: Chat) -> None:
        """List a chat that was just created at the top and select it, without opening it."""
        self._chats[chat.id] = chat
        self._list.blockSignals(True)
        self._list.insertItem(0, self._item(chat))
        self._list.setCurrentRow(0)
        self._list.blockSignals(False)
        self._show_empty()

    def select_chat(self, chat_id: str | None) -> None:
        """Mark ``chat_id`` as the open chat (None: no chat), without emitting a signal."""
        self._list.blockSignals(True)
        self._list.setCurrentRow(-1)
        for row in range(self._list.count()):
            if self._chat_at(row).id == chat_id:
                self._list.setCurrentRow(row)
        self._list.blockSignals(False)

    def rename(self, chat_id: str) -> None:
        """Start renaming ``chat_id`` in place."""
        for row in range(self._list.count()):
            if self._chat_at(row).id == chat_id:
                self._list.editItem(self._list.item(row))

    def delete(self, chat_id: str) -> None:
        """Delete ``chat_id``; the undo bar offers to bring it back."""
        chat = self._chats.get(chat_id)
        if chat is not None:
            self._start(self._delete(chat))

    def undo_visible(self) -> bool:
        """Whether the undo bar shows."""
        return not self._undo_bar.isHidden()

    async def aclose(self) -> None:
        """Wait for the store calls already made; the window calls it before closing the store.

        A deletion still waiting for its undo becomes final: closing ends the chance to undo.
        """
        self._undo_timer.stop()
        self._search_timer.stop()
        if self._deleted is not None:
            self._deleted = None
            self._start(self._purge())
        while self._tasks:
            await asyncio.wait(set(self._tasks))

    # -- store calls -------------------------------------------------------------------------

    def _start(self, coroutine: Coroutine[Any, Any, None]) -> asyncio.Task[None]:
        task = asyncio.get_running_loop().create_task(coroutine)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        return task

    async def _reload(self, search: str) -> None:
        try:
            chats = await self._store.call(ChatStore.list_chats, search)
        except StudioError as error:
            logger.error("The chats could not be listed: %s", error)
            return
        current = self.current_chat_id()
        self._chats = {chat.id: chat for chat in chats}
        self._list.blockSignals(True)
        self._list.clear()
        for chat in chats:
            self._list.addItem(self._item(chat))
        self._list.blockSignals(False)
        self.select_chat(current)
        self._show_empty()

    async def _rename(self, chat: Chat, title: str) -> None:
        try:
            await self._store.call(ChatStore.rename_chat, chat.id, title)
        except StudioError as error:
            logger.error("The chat could not be renamed: %s", error)
        self.refresh()

    async def _delete(self, chat: Chat) -> None:
        try:
            await self._store.call(ChatStore.delete_chat, chat.id)
        except StudioError as error:
            logger.error("The chat could not be deleted: %s", error)
            return
        self._deleted = chat
        self._retranslate()
        self._undo_bar.show()
        self._undo_timer.start()
        self.chat_deleted.emit(chat.id)
        await self._reload(self._search.text())

    async def _restore(self, chat: Chat) -> None:
        try:
            await self._store.call(ChatStore.restore_chat, chat.id)
        except StudioError as error:
            logger.error("The chat could not be restored: %s", error)
        await self._reload(self._search.text())

    async def _purge(self) -> None:
        """Remove the deleted chats for good, now that their undo has passed."""
        try:
            await self._store.call(ChatStore.purge_deleted)
        except StudioError as error:
            logger.error("The deleted chats could not be removed: %s", error)

    def changeEvent(self, event: QEvent) -> None:
        """Colour the side bar anew for a new palette; set the texts again in a new language."""
        super().changeEvent(event)
        if event.type() == QEvent.Type.PaletteChange:
            self._apply_colors()
        elif event.type() == QEvent.Type.LanguageChange:
            self._retranslate()

    def _retranslate(self) -> None:
        self._new.setText(self.tr("New chat"))
        self._new.setToolTip(self.tr("Start a new chat (Ctrl+N)"))
        self._search.setPlaceholderText(self.tr("Search chats"))
        self._undo.setText(self.tr("Undo"))
        self._delete_action.setText(self.tr("Delete"))
        if self._deleted is not None:
            self._undo_label.setText(
                self.tr("“{title}” deleted.").format(title=self._title(self._deleted))
            )
        self._list.blockSignals(True)
        for row in range(self._list.count()):
            item = self._list.item(row)
            chat = self._chats.get(str(item.data(_CHAT_ROLE)))
            if chat is not None and not chat.title:
                item.setText(self._title(chat))
        self._list.blockSignals(False)
        self._show_empty()

    # -- helpers -----------------------------------------------------------------------------

    def _apply_colors(self) -> None:
        # From the parent: this widget's own palette is what its style sheet made of it.
        palette = (self.parentWidget() or self).palette()
        window = palette.color(QPalette.ColorRole.Window)
        ink = palette.color(QPalette.ColorRole.WindowText)
        highlight = palette.color(QPalette.ColorRole.Highlight)
        style = _STYLE.format(
            sidebar=theme.side_bar(palette).name(),
            hover=theme.mix(window, ink, 0.07).name(),
            selected=theme.mix(window, highlight, 0.2).name(),
        )
        if style != self.styleSheet():
            self.setStyleSheet(style)

    def _title(self, chat: Chat) -> str:
        return chat.title or self.tr("Untitled chat")

    def _item(self, chat: Chat) -> QListWidgetItem:
        item = QListWidgetItem(self._title(chat))
        item.setData(_CHAT_ROLE, chat.id)
        item.setFlags(item.flags() | Qt.ItemFlag.ItemIsEditable)
        item.setToolTip(self._title(chat))
        return item

    def _chat_at(self, row: int) -> Chat:
        return self._chats[str(self._list.item(row).data(_CHAT_ROLE))]

    def _show_empty(self) -> None:
        empty = self._list.count() == 0
        if self._search.text().strip():
            self._empty.setText(self.tr("No chat matches the search."))
        else:
            self._empty.setText(self.tr("No chats yet."))
        self._empty.setVisible(empty)
        self._list.setVisible(not empty)

    # -- slots -------------------------------------------------------------------------------

    @Slot()
    def _on_new_clicked(self) -> None:
        self.new_chat_requested.emit()

    @Slot(str)
    def _on_search_text_changed(self, _text: str) -> None:
        self._search_timer.start()

    @Slot()
    def _on_search_timer_timeout(self) -> None:
        self.refresh()

    @Slot(QListWidgetItem)
    def _on_list_item_clicked(self, item: QListWidgetItem) -> None:
        chat = self._chats.get(str(item.data(_CHAT_ROLE)))
        if chat is not None:
            self.chat_selected.emit(chat)

    @Slot(QListWidgetItem)
    def _on_list_item_changed(self, item: QListWidgetItem) -> None:
        chat = self._chats.get(str(item.data(_CHAT_ROLE)))
        title = item.text().strip()
        if chat is None or not title or title == self._title(chat):
            if chat is not None:
                self._list.blockSignals(True)
                item.setText(self._title(chat))
                self._list.blockSignals(False)
            return
        self._start(self._rename(chat, title))

    @Slot(QPoint)
    def _on_list_custom_context_menu_requested(self, position: QPoint) -> None:
        item = self._list.itemAt(position)
        if item is None:
            return
        chat_id = str(item.data(_CHAT_ROLE))
        menu = QMenu(self)
        menu.setObjectName("ChatMenu")
        menu.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        menu.addAction(self.tr("Rename")).setData(("rename", chat_id))
        menu.addAction(self.tr("Delete")).setData(("delete", chat_id))
        menu.triggered.connect(self._on_menu_triggered)
        menu.popup(self._list.viewport().mapToGlobal(position))

    @Slot(QAction)
    def _on_menu_triggered(self, action: QAction) -> None:
        match action.data():
            case ("rename", str(chat_id)):
                self.rename(chat_id)
            case ("delete", str(chat_id)):
                self.delete(chat_id)
            case _:
                pass

    @Slot()
    def _on_delete_triggered(self) -> None:
        chat_id = self.current_chat_id()
        if chat_id is not None:
            self.delete(chat_id)

    @Slot()
    def _on_undo_clicked(self) -> None:
        self._undo_timer.stop()
        self._undo_bar.hide()
        chat, self._deleted = self._deleted, None
        if chat is not None:
            self._start(self._restore(chat))

    @Slot()
    def _on_undo_timer_timeout(self) -> None:
        self._undo_bar.hide()
        self._deleted = None
        self._start(self._purge())
