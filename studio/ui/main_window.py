"""The main window: the chat list, the conversation, the message box and the tools below it.

The window wires widgets to the core and to each other and holds no rules of its own: it
shows one :class:`~studio.chats.session.ChatSession`, whose messages and history are the
stored chat's, the :class:`~studio.ui.chat.run_controller.RunController` runs its answers,
the chat store keeps chats, the registry decides which tools a request offers, and
:func:`~studio.harness.counting.measure_request` sizes the next request.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Coroutine
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from PySide6.QtCore import QEvent, Qt, Signal, Slot
from PySide6.QtGui import QAction, QCloseEvent, QKeySequence
from PySide6.QtWidgets import (
    QDockWidget,
    QHBoxLayout,
    QMainWindow,
    QMessageBox,
    QSplitter,
    QVBoxLayout,
    QWidget,
)

from studio.chats.models import Chat, StoredMessage
from studio.chats.session import ChatSession
from studio.chats.store import ChatStore
from studio.config.store import Reloaded
from studio.errors import ConfigError
from studio.harness import counting
from studio.harness.turn import AnswerRecord, TurnRequest
from studio.kernel.calls import ToolInvocationTrace
from studio.kernel.content import ContentSource
from studio.kernel.context import ProviderContext
from studio.kernel.definition import Component, ToolFunction
from studio.services import Services
from studio.ui import i18n, startup
from studio.ui.assistants.menu import AssistantsMenu
from studio.ui.chat.chat_list import ChatList
from studio.ui.chat.conversation import ConversationView
from studio.ui.chat.message_box import MessageBox
from studio.ui.chat.outside_content import OutsideContentNotice
from studio.ui.chat.provider_picker import ProviderPicker
from studio.ui.chat.run_controller import RunController, RunRequest
from studio.ui.onboarding.provider_setup import ProviderSetupDialog
from studio.ui.profile_watcher import ProfileWatcher
from studio.ui.settings.window import SettingsPage, SettingsWindow
from studio.ui.tools.selection import ToolSelectionWidget
from studio.ui.tools.settings_dialog import ToolSettingsDialog
from studio.ui.trace.removals import removals_of
from studio.ui.trace.view import LogItem, TraceLogView

__all__ = ["MainWindow"]

logger = logging.getLogger(__name__)

_COMPONENT = Component.CHAT


class MainWindow(QMainWindow):
    """Studio's main window; see the module docstring.

    Args:
        services: The profile's services, opened by the app.
        parent: The Qt parent (none for the app's window).

    Signals:
        close_requested: the user asked to close the window; the app then cleans up and quits.
    """

    close_requested = Signal()

    def __init__(self, services: Services, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("MainWindow")
        self.resize(startup.WINDOW_SIZE)
        self._services = services
        self._recorded: tuple[str, ...] = ()
        self._functions: tuple[ToolFunction, ...] = ()
        self._tasks: set[asyncio.Task[Any]] = set()
        self._open_task: asyncio.Task[None] | None = None
        self._settings_window: SettingsWindow | None = None
        self._functions_task: asyncio.Task[None] | None = None

        self._controller = RunController(services, self)
        self._session = self._new_session()
        self.chat_list = ChatList(services.chats, self)
        self.conversation = ConversationView(self)
        self.outside_notice = OutsideContentNotice(self)
        self.message_box = MessageBox(self)
        self.provider_picker = ProviderPicker(self)
        self.tool_selection = ToolSelectionWidget(services.registry, services.settings, self)
        self.trace_log = TraceLogView(parent=self, offers_scope=True)
        self._chat_log: list[LogItem] = []
        self._log_task: asyncio.Task[None] | None = None
        self._lay_out()
        self._build_menus()
        self._connect()
        self.provider_picker.set_providers(services.providers.list())
        # The command line, another Studio or an editor may change these files meanwhile.
        paths = services.paths
        self._profile_watcher = ProfileWatcher([paths.providers_file, paths.settings_file], self)
        self._profile_watcher.files_changed.connect(self._on_profile_watcher_files_changed)
        self._retranslate()

    # -- layout ------------------------------------------------------------------------------

    def _lay_out(self) -> None:
        below = QHBoxLayout()
        below.setContentsMargins(2, 0, 2, 0)
        below.addWidget(self.tool_selection)
        below.addStretch(1)
        chat = QWidget(self)
        chat.setObjectName("ChatPane")
        column = QVBoxLayout(chat)
        column.setContentsMargins(16, 10, 16, 12)
        column.setSpacing(8)
        column.addWidget(self.provider_picker)
        column.addWidget(self.outside_notice)
        column.addWidget(self.conversation, 1)
        column.addWidget(self.message_box)
        column.addLayout(below)
        splitter = QSplitter(Qt.Orientation.Horizontal, self)
        splitter.setObjectName("MainSplitter")
        splitter.addWidget(self.chat_list)
        splitter.addWidget(chat)
        splitter.setStretchFactor(1, 1)
        side_bar = startup.SIDE_BAR_WIDTH
        splitter.setSizes([side_bar, startup.WINDOW_SIZE.width() - side_bar])
        splitter.setChildrenCollapsible(False)
        splitter.setHandleWidth(1)
        splitter.setStyleSheet("QSplitter#MainSplitter::handle { background: palette(midlight); }")
        self.setCentralWidget(splitter)
        self._log_dock = QDockWidget(self)
        self._log_dock.setObjectName("TraceLogDock")
        self._log_dock.setWidget(self.trace_log)
        self.addDockWidget(Qt.DockWidgetArea.BottomDockWidgetArea, self._log_dock)
        self._log_dock.hide()
        # Qt gives a dock opened for the first time whatever its contents ask for, which is
        # most of the window; a third leaves the chat readable. Later openings keep the
        # height the user chose.
        self._log_dock_sized = False
        self._log_dock.visibilityChanged.connect(self._on_log_dock_visibility_changed)

    def _build_menus(self) -> None:
        self._chat_menu = self.menuBar().addMenu("")
        self._new_chat_action = self._chat_menu.addAction("")
        self._new_chat_action.setShortcut(QKeySequence(QKeySequence.StandardKey.New))
        self._new_chat_action.triggered.connect(self._on_new_chat_action_triggered)
        self._add_provider_action = self._chat_menu.addAction("")
        self._add_provider_action.triggered.connect(self._on_add_provider_action_triggered)
        self.settings_action = self._chat_menu.addAction("")
        self.settings_action.setShortcuts(_settings_shortcuts())
        # The menu shows the first shortcut only, so an empty platform key must not come first.
        self.settings_action.setShortcutVisibleInContextMenu(True)
        self.settings_action.setMenuRole(QAction.MenuRole.PreferencesRole)
        self.settings_action.triggered.connect(self._on_settings_action_triggered)
        self._chat_menu.addSeparator()
        self._quit_action = self._chat_menu.addAction("")
        self._quit_action.setShortcut(QKeySequence(QKeySequence.StandardKey.Quit))
        self._quit_action.triggered.connect(self.close)
        self.assistants_menu = AssistantsMenu(self._services, self)
        self.menuBar().addMenu(self.assistants_menu)
        self._view_menu = self.menuBar().addMenu("")
        self.trace_log_action: QAction = self._log_dock.toggleViewAction()
        self.trace_log_action.setShortcut(QKeySequence("Ctrl+Shift+L"))
        self._view_menu.addAction(self.trace_log_action)

    def _retranslate(self) -> None:
        self._chat_menu.setTitle(self.tr("&Chat"))
        self._new_chat_action.setText(self.tr("&New chat"))
        self._add_provider_action.setText(self.tr("&Add provider…"))
        self.settings_action.setText(self.tr("&Settings…"))
        self._quit_action.setText(self.tr("&Quit"))
        self.assistants_menu.setTitle(self.tr("&Assistants"))
        self._view_menu.setTitle(self.tr("&View"))
        self._log_dock.setWindowTitle(
            self.tr("Refused tool calls in all chats")
            if self.trace_log.shows_all_chats()
            else self.tr("Refused tool calls in this chat")
        )
        self.trace_log_action.setText(self.tr("&Refused tool calls"))
        title = self._chat.title if self._chat is not None else ""
        self.setWindowTitle(
            self.tr("{title} — Studio").format(title=title) if title else self.tr("Studio")
        )
        self.message_box.set_available(
            self.provider_picker.current() is not None,
            self.tr("Set up a provider to start chatting."),
        )

    def changeEvent(self, event: QEvent) -> None:
        """Set the texts again in a new language."""
        if event.type() == QEvent.Type.LanguageChange:
            self._retranslate()
        super().changeEvent(event)

    def _connect(self) -> None:
        controller = self._controller
        controller.chat_created.connect(self._on_controller_chat_created)
        controller.running_changed.connect(self._on_controller_running_changed)
        self.conversation.follow(controller)
        controller.trace.connect(self._on_controller_trace)
        controller.chat_marked.connect(self._on_controller_chat_marked)
        self.conversation.put_back_requested.connect(self._on_conversation_put_back_requested)
        self.outside_notice.show_removed_requested.connect(
            self._on_outside_notice_show_removed_requested
        )
        controller.conversation_recorded.connect(self._on_controller_conversation_recorded)
        controller.finished.connect(self._on_controller_finished)
        controller.interrupted.connect(self._on_controller_interrupted)
        controller.failed.connect(self._on_controller_failed)
        self.chat_list.chat_selected.connect(self._on_chat_list_chat_selected)
        self.chat_list.chat_deleted.connect(self._on_chat_list_chat_deleted)
        self.chat_list.new_chat_requested.connect(self._on_new_chat_action_triggered)
        self.message_box.send_requested.connect(self._on_message_box_send_requested)
        self.message_box.stop_requested.connect(self._on_message_box_stop_requested)
        self.message_box.text_changed.connect(self._on_message_box_text_changed)
        self.provider_picker.provider_changed.connect(self._on_provider_picker_provider_changed)
        self.provider_picker.add_requested.connect(self._on_add_provider_action_triggered)
        self.tool_selection.selection_changed.connect(self._on_tool_selection_selection_changed)
        self.tool_selection.settings_requested.connect(self._on_tool_selection_settings_requested)
        self.tool_selection.refreshed.connect(self._on_tool_selection_refreshed)
        self.trace_log.scope_changed.connect(self._on_trace_log_scope_changed)

    # -- what the app calls ------------------------------------------------------------------

    def start(self) -> None:
        """List the chats and, on a first start, ask for a provider; call once it shows."""
        self.chat_list.refresh()
        self.tool_selection.set_selection(self._services.registry.default_selection(_COMPONENT))
        if not self._services.providers.list():
            self.open_provider_setup(first_start=True)
        self.message_box.focus()

    def open_provider_setup(self, *, first_start: bool = False) -> ProviderSetupDialog:
        """Open the dialog that adds a provider (window-modal, without a nested loop)."""
        dialog = ProviderSetupDialog(self._services.providers, first_start=first_start, parent=self)
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.provider_added.connect(self._on_provider_setup_provider_added)
        dialog.open()
        return dialog

    def open_settings(self, page: SettingsPage | None = None) -> SettingsWindow:
        """Show the settings window (made once, kept while the app runs), at ``page`` if given."""
        if self._settings_window is None:
            window = SettingsWindow(self._services, i18n.language_manager(), self)
            window.providers_changed.connect(self._on_settings_providers_changed)
            self._settings_window = window
        if page is not None:
            self._settings_window.show_page(page)
        self._settings_window.show()
        self._settings_window.raise_()
        self._settings_window.activateWindow()
        return self._settings_window

    def current_chat(self) -> Chat | None:
        """The open chat; None before the first message of a new chat."""
        return self._chat

    def is_running(self) -> bool:
        """Whether an answer is being written."""
        return self._controller.is_running()

    def show_startup_notice(self, message: str) -> None:
        """Tell the user about something that happened while starting (a settings file kept).

        ``message`` is what a store reported, as a rule a
        :class:`~studio.kernel.translatable.TranslatableMessage`; it shows in the UI language.
        The box is window-modal but does not block: a nested event loop would stall the asyncio
        tasks that share the Qt loop.
        """
        text = i18n.translate(message)
        box = QMessageBox(QMessageBox.Icon.Warning, self.tr("Studio"), text, parent=self)
        box.setObjectName("StartupNotice")
        box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        box.open()

    async def reload_profile_files(self, files: list[Path]) -> None:
        """Read ``files`` (the providers file, the settings file) again and show what changed.

        The watcher calls this when the files change on disk; a file Studio wrote itself reads
        back unchanged and changes nothing.
        """
        paths = self._services.paths
        if paths.providers_file in files:
            await self._reloaded(self._services.providers.reload(), self._show_providers)
        if paths.settings_file in files:
            await self._reloaded(self._services.reload_settings(), self._show_language)

    async def _reloaded(
        self, reload: Coroutine[Any, Any, Reloaded], show: Callable[[], None]
    ) -> None:
        try:
            reloaded = await reload
        except ConfigError as error:
            # The file could not be read at all (permissions); what Studio holds stays.
            logger.warning("%s", error)
            return
        if reloaded.changed:
            show()
        if reloaded.notice is not None:
            self.show_startup_notice(reloaded.notice)

    def _show_providers(self) -> None:
        self._controller.forget_providers()
        self.provider_picker.set_providers(self._services.providers.list())
        if self._settings_window is not None:
            self._settings_window.providers_page.refresh()

    def _show_language(self) -> None:
        # The tool views follow the settings' listeners; the language is applied here.
        manager = i18n.language_manager()
        language = self._services.app_settings.language
        if manager is not None and manager.choice != language:
            manager.apply(language)

    async def shutdown(self) -> None:
        """Stop the answer, wait until it and every pending change are stored."""
        await self._controller.aclose()
        await self.chat_list.aclose()
        await self.assistants_menu.aclose()
        if self._settings_window is not None:
            self._settings_window.hide()
            await self._settings_window.aclose()
        for task in list(self._tasks):
            task.cancel()
        while self._tasks:
            await asyncio.wait(set(self._tasks))

    def closeEvent(self, event: QCloseEvent) -> None:
        """Ask the app to shut down cleanly instead of closing at once."""
        self.close_requested.emit()
        event.accept()

    # -- helpers -----------------------------------------------------------------------------

    def _start(self, coroutine: Coroutine[Any, Any, None]) -> asyncio.Task[None]:
        task = asyncio.get_running_loop().create_task(coroutine)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        return task

    @property
    def _chat(self) -> Chat | None:
        return self._session.chat

    def _new_session(self) -> ChatSession:
        return ChatSession.new(
            self._controller.answering, self._services.chats, component=_COMPONENT
        )

    def _show_chat(self, session: ChatSession) -> None:
        self._session = session
        chat, messages = session.chat, session.messages
        self._recorded = ()
        self.conversation.show_messages(messages, session.context)
        self.chat_list.select_chat(chat.id if chat else None)
        self._retranslate()
        self._log_traces(chat, messages)
        removed = sum(len(removals_of(trace)) for _, _, trace in self._chat_log)
        self.outside_notice.show_chat(session.context.requirements.untrusted_source, removed)
        self._update_functions()

    def _log_traces(self, chat: Chat | None, messages: tuple[StoredMessage, ...]) -> None:
        # The open chat's refused calls, kept for when the log shows this chat.
        title = chat.title if chat else ""
        self._chat_log = [
            (title, message.created_at, trace) for message in messages for trace in message.traces
        ]
        if not self.trace_log.shows_all_chats():
            self.trace_log.set_entries(self._chat_log)

    async def _log_all_chats(self) -> None:
        refused = await self._services.chats.call(ChatStore.refused_calls)
        if self.trace_log.shows_all_chats():
            self.trace_log.set_entries(
                (call.chat_title, call.answered_at, call.trace) for call in refused
            )

    async def _open(self, chat: Chat) -> None:
        session = await ChatSession.open(self._controller.answering, self._services.chats, chat.id)
        self._show_chat(session)
        chat = session.chat or chat
        if chat.provider_name:
            self.provider_picker.set_current(chat.provider_name)
        if chat.selected_tool_ids is not None:
            self.tool_selection.set_selection(chat.selected_tool_ids)

    def _update_functions(self) -> None:
        # The tools a request would offer, for the counter; the registry decides.
        if self._functions_task is not None:
            self._functions_task.cancel()
        current = self.provider_picker.current()
        if current is None:
            self._functions = ()
            self._update_request_size()
            return
        self._functions_task = self._start(
            self._measure_functions(self._services.providers.context_for(current))
        )

    async def _measure_functions(self, provider: ProviderContext) -> None:
        self._functions = await counting.offered_functions(
            self._services.registry,
            self.tool_selection.selection(),
            provider,
            _COMPONENT,
            self._session.context,
        )
        self._update_request_size()

    def _update_request_size(self) -> None:
        size = counting.measure_request(
            message=self.message_box.text(),
            history=self._session.history,
            tools=self._functions,
            recorded=self._recorded,
        )
        self.message_box.show_request_size(size)

    def _end_answer(self) -> None:
        self._recorded = ()
        self._update_request_size()
        self.chat_list.refresh()

    # -- slots -------------------------------------------------------------------------------

    @Slot(str)
    def _on_message_box_send_requested(self, text: str) -> None:
        settings = self.provider_picker.current()
        if settings is None:
            self.message_box.set_text(text)
            self.open_provider_setup()
            return
        # The running answer is stopped first, so its last signals reach its own card.
        self._controller.cancel()
        self.conversation.add_user_message(text)
        label = self.tr("{name} · {model}").format(name=settings.name, model=settings.model)
        self.conversation.begin_answer(label)
        turn = TurnRequest(
            message=text,
            selected_tool_ids=self.tool_selection.selection(),
            component=_COMPONENT,
        )
        chat_id = self._chat.id if self._chat else None
        request = RunRequest(
            chat_id=chat_id, session=self._session, provider_name=settings.name, turn=turn
        )
        self._controller.start(request)

    @Slot()
    def _on_message_box_stop_requested(self) -> None:
        self._controller.cancel()

    @Slot(str)
    def _on_message_box_text_changed(self, _text: str) -> None:
        self._update_request_size()

    @Slot(object)
    def _on_controller_chat_created(self, chat: Chat) -> None:
        self.chat_list.add_chat(chat)
        self._retranslate()

    @Slot(bool)
    def _on_controller_running_changed(self, running: bool) -> None:
        self.message_box.set_running(running)
        self.tool_selection.set_running(running)

    @Slot(object)
    def _on_controller_trace(self, trace: ToolInvocationTrace) -> None:
        item = (self._chat.title if self._chat else "", datetime.now(UTC), trace)
        self._chat_log.append(item)
        self.trace_log.add_entry(*item)
        self.outside_notice.add_removed(len(trace.removals))

    @Slot(object)
    def _on_controller_chat_marked(self, source: ContentSource) -> None:
        self.outside_notice.mark(source)

    @Slot(str)
    def _on_conversation_put_back_requested(self, block: str) -> None:
        self.message_box.insert_quote(block)

    @Slot()
    def _on_outside_notice_show_removed_requested(self) -> None:
        self.conversation.show_removed()

    @Slot(object)
    def _on_controller_conversation_recorded(self, texts: tuple[str, ...]) -> None:
        self._recorded = texts
        self._update_request_size()

    @Slot(object)
    def _on_controller_finished(self, record: AnswerRecord) -> None:
        self._end_answer()

    @Slot(object)
    def _on_controller_interrupted(self, record: AnswerRecord) -> None:
        self._end_answer()

    @Slot(str)
    def _on_controller_failed(self, _message: str) -> None:
        self._end_answer()

    @Slot(object)
    def _on_chat_list_chat_selected(self, chat: Chat) -> None:
        if self._chat is not None and chat.id == self._chat.id:
            return
        self._controller.cancel()
        if self._open_task is not None:
            self._open_task.cancel()
        self._open_task = self._start(self._open(chat))

    @Slot(str)
    def _on_chat_list_chat_deleted(self, chat_id: str) -> None:
        if self._chat is not None and self._chat.id == chat_id:
            self._controller.cancel()
            self._show_chat(self._new_session())

    @Slot()
    def _on_new_chat_action_triggered(self) -> None:
        self._controller.cancel()
        self._show_chat(self._new_session())
        # A new chat starts with the chat's default tools, not those of the chat shown before.
        self.tool_selection.set_selection(self._services.registry.default_selection(_COMPONENT))
        self.message_box.focus()

    @Slot()
    def _on_add_provider_action_triggered(self) -> None:
        self.open_provider_setup()

    @Slot(bool)
    def _on_log_dock_visibility_changed(self, visible: bool) -> None:
        if visible and not self._log_dock_sized and not self._log_dock.isFloating():
            self._log_dock_sized = True
            self.resizeDocks([self._log_dock], [self.height() // 3], Qt.Orientation.Vertical)

    @Slot(str)
    def _on_provider_setup_provider_added(self, name: str) -> None:
        self._controller.forget_providers()
        self.provider_picker.set_providers(self._services.providers.list(), current=name)
        self.message_box.focus()

    @Slot(bool)
    def _on_trace_log_scope_changed(self, all_chats: bool) -> None:
        if self._log_task is not None:
            self._log_task.cancel()
        self._retranslate()
        if all_chats:
            self._log_task = self._start(self._log_all_chats())
        else:
            self.trace_log.set_entries(self._chat_log)

    @Slot()
    def _on_settings_action_triggered(self) -> None:
        self.open_settings()

    @Slot(str)
    def _on_settings_providers_changed(self, name: str) -> None:
        # Changed providers get new connections; the picker keeps its choice if it still
        # exists, else takes the provider just added.
        self._controller.forget_providers()
        keep = self.provider_picker.current_name() or name
        self.provider_picker.set_providers(self._services.providers.list(), current=keep)

    @Slot(list)
    def _on_profile_watcher_files_changed(self, files: list[str]) -> None:
        self._start(self.reload_profile_files([Path(file) for file in files]))

    @Slot(str)
    def _on_provider_picker_provider_changed(self, _name: str) -> None:
        settings = self.provider_picker.current()
        self.tool_selection.set_provider(
            self._services.providers.context_for(settings) if settings is not None else None
        )
        self._retranslate()
        self._update_functions()

    @Slot(list)
    def _on_tool_selection_selection_changed(self, ids: list[str]) -> None:
        if self._chat is not None:
            self._start(self._services.chats.set_selected_tools(self._chat.id, ids))
        self._update_functions()

    @Slot(str)
    def _on_tool_selection_settings_requested(self, entry_id: str) -> None:
        # A saved change reaches the selection through the settings service, wherever it was
        # made (this dialog or Settings → Tools); the counter follows the selection's refresh.
        ToolSettingsDialog.open_for(
            self._services.registry, self._services.settings, entry_id, self
        )

    @Slot()
    def _on_tool_selection_refreshed(self) -> None:
        self._update_functions()


def _settings_shortcuts() -> list[QKeySequence]:
    """The platform's Preferences key first, then Ctrl+, where it differs or is missing.

    Linux and Windows define no Preferences key; an empty sequence first would leave the menu
    entry without a shortcut.
    """
    shortcuts = QKeySequence.keyBindings(QKeySequence.StandardKey.Preferences)
    fallback = QKeySequence("Ctrl+,")
    return [*(key for key in shortcuts if not key.isEmpty() and key != fallback), fallback]
