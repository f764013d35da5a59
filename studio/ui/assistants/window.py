"""An assistant's window: its form on the left, the answer on the right, the provider on top.

The window renders what :mod:`studio.assistants` describes and runs what it prepares. A run has
two steps, each an :class:`asyncio.Task` with one owner (HS-16): the window's task prepares the
turn (the web page summary reads its page there, with "Reading the page…" under the answer),
then the window's :class:`~studio.ui.chat.run_controller.RunController` runs it, kept in no
chat, and the chat's own :class:`~studio.ui.chat.conversation.ConversationView` shows the answer
with its streamed Markdown, tool status, trace pill and sources.

Stop cancels whichever step runs; closing the window stops the run and hides the window, which
keeps its form for the next time; :meth:`AssistantWindow.aclose` ends it for good.
"""

from __future__ import annotations

import asyncio
import logging

from PySide6.QtCore import QEvent, Qt, Signal, Slot
from PySide6.QtGui import QCloseEvent, QFont, QGuiApplication, QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QFrame,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSplitter,
    QVBoxLayout,
    QWidget,
)

from studio.assistants.assistant import Assistant
from studio.assistants.form import FormValues
from studio.errors import StudioError
from studio.services import Services
from studio.ui import i18n
from studio.ui.assistants.form import AssistantForm
from studio.ui.chat.answer_card import AnswerCard
from studio.ui.chat.conversation import ConversationView
from studio.ui.chat.provider_picker import ProviderPicker
from studio.ui.chat.run_controller import RunController, RunRequest
from studio.ui.looks import dim
from studio.ui.onboarding.provider_setup import ProviderSetupDialog
from studio.ui.tools.selection import ToolSelectionWidget
from studio.ui.tools.settings_dialog import ToolSettingsDialog
from studio.web.guard import GuardReport

__all__ = ["AssistantWindow"]

logger = logging.getLogger(__name__)

_FORM_WIDTH = 440
_ANSWER_WIDTH = 640
_BUTTON_WIDTH = 110


class AssistantWindow(QWidget):
    """One assistant as a window of its own; see the module docstring.

    Args:
        assistant: What the window asks and runs.
        services: The profile's services.
        parent: The main window; the assistant's window stays a separate top-level window.

    Signals:
        running_changed(bool): a run started or ended, preparation included.
    """

    running_changed = Signal(bool)

    def __init__(
        self, assistant: Assistant, services: Services, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent, Qt.WindowType.Window)
        self.setObjectName(f"AssistantWindow_{assistant.component.value}")
        self.resize(_FORM_WIDTH + _ANSWER_WIDTH + 40, 720)
        self._assistant = assistant
        self._services = services
        self._prepare_task: asyncio.Task[None] | None = None
        self._running = False
        self._run_number = 0

        self._controller = RunController(services, self)
        self.provider_picker = ProviderPicker(self)
        self.form = AssistantForm(assistant.fields, self)
        self.tool_selection: ToolSelectionWidget | None = None
        if assistant.may_run_tools:
            self.tool_selection = ToolSelectionWidget(
                services.registry, services.settings, self, component=assistant.component
            )
            self.tool_selection.set_selection(
                services.registry.default_selection(assistant.component)
            )
        self.conversation = ConversationView(self)
        self._title = QLabel(self)
        self._description = dim(QLabel(self))
        self._run_button = QPushButton(self)
        self._stop_button = QPushButton(self)
        self._copy_button = QPushButton(self)
        self._lay_out()
        self._connect()
        self.refresh_providers()
        self._retranslate()

    # -- layout ------------------------------------------------------------------------------

    def _lay_out(self) -> None:
        self._title.setObjectName("AssistantTitle")
        font = self._title.font()
        font.setPointSizeF(font.pointSizeF() * 1.35)
        font.setWeight(QFont.Weight.DemiBold)
        self._title.setFont(font)
        self._description.setObjectName("AssistantDescription")
        self._description.setWordWrap(True)
        self._run_button.setObjectName("RunButton")
        self._run_button.setDefault(True)
        self._run_button.setMinimumWidth(_BUTTON_WIDTH)
        self._stop_button.setObjectName("StopButton")
        self._stop_button.setMinimumWidth(_BUTTON_WIDTH)
        self._stop_button.hide()
        self._copy_button.setObjectName("CopyButton")
        self._copy_button.setEnabled(False)

        buttons = QHBoxLayout()
        if self.tool_selection is not None:
            buttons.addWidget(self.tool_selection)
        buttons.addStretch(1)
        buttons.addWidget(self._stop_button)
        buttons.addWidget(self._run_button)
        left = QWidget(self)
        left.setObjectName("AssistantFormPane")
        column = QVBoxLayout(left)
        column.setContentsMargins(0, 0, 12, 0)
        column.setSpacing(12)
        column.addWidget(self.form, 1 if self.form.stretches() else 0)
        column.addLayout(buttons)
        if not self.form.stretches():
            # A short form keeps its button right under its fields.
            column.addStretch(1)

        answer_bar = QHBoxLayout()
        answer_bar.addStretch(1)
        answer_bar.addWidget(self._copy_button)
        right = QFrame(self)
        right.setObjectName("AssistantAnswerPane")
        answer = QVBoxLayout(right)
        answer.setContentsMargins(12, 0, 0, 0)
        answer.setSpacing(8)
        answer.addWidget(self.conversation, 1)
        answer.addLayout(answer_bar)

        splitter = QSplitter(Qt.Orientation.Horizontal, self)
        splitter.setObjectName("AssistantSplitter")
        splitter.addWidget(left)
        splitter.addWidget(right)
        splitter.setStretchFactor(1, 1)
        splitter.setSizes([_FORM_WIDTH, _ANSWER_WIDTH])
        splitter.setChildrenCollapsible(False)
        splitter.setHandleWidth(1)
        splitter.setStyleSheet(
            "QSplitter#AssistantSplitter::handle { background: palette(midlight); }"
        )

        layout = QVBoxLayout(self)
        layout.setContentsMargins(20, 16, 20, 16)
        layout.setSpacing(10)
        layout.addWidget(self._title)
        layout.addWidget(self._description)
        layout.addWidget(self.provider_picker)
        layout.addWidget(splitter, 1)

    def _connect(self) -> None:
        controller = self._controller
        self.conversation.follow(controller)
        controller.running_changed.connect(self._on_controller_running_changed)
        controller.finished.connect(self._on_controller_ended)
        controller.interrupted.connect(self._on_controller_ended)
        controller.failed.connect(self._on_controller_failed)
        self.provider_picker.provider_changed.connect(self._on_provider_picker_provider_changed)
        self.provider_picker.add_requested.connect(self._on_provider_picker_add_requested)
        if self.tool_selection is not None:
            self.tool_selection.settings_requested.connect(
                self._on_tool_selection_settings_requested
            )
        self._run_button.clicked.connect(self._on_run_button_clicked)
        self._stop_button.clicked.connect(self._on_stop_button_clicked)
        self._copy_button.clicked.connect(self._on_copy_button_clicked)
        run = QShortcut(QKeySequence("Ctrl+Return"), self)
        run.activated.connect(self._on_run_button_clicked)
        stop = QShortcut(QKeySequence(Qt.Key.Key_Escape), self)
        stop.activated.connect(self._on_stop_button_clicked)

    def _retranslate(self) -> None:
        title = i18n.translate(self._assistant.title)
        self.setWindowTitle(self.tr("{title} — Studio").format(title=title))
        self._title.setText(title)
        self._description.setText(i18n.translate(self._assistant.description))
        self._run_button.setText(i18n.translate(self._assistant.run_label))
        self._run_button.setToolTip(self.tr("Start (Ctrl+Enter)"))
        self._stop_button.setText(self.tr("Stop"))
        self._stop_button.setToolTip(self.tr("Stop the answer (Esc); what arrived so far is kept"))
        self._copy_button.setText(self.tr("Copy answer"))
        self._copy_button.setToolTip(self.tr("Copy the answer as Markdown"))
        self.conversation.set_placeholder(self.tr("The answer appears here."))

    def changeEvent(self, event: QEvent) -> None:
        """Set the texts again in a new language."""
        if event.type() == QEvent.Type.LanguageChange:
            self._retranslate()
        super().changeEvent(event)

    # -- what the menu and tests call --------------------------------------------------------

    def assistant(self) -> Assistant:
        """What the window runs."""
        return self._assistant

    def is_running(self) -> bool:
        """Whether a run is being prepared or answered."""
        return self._running

    def refresh_providers(self) -> None:
        """List the providers as they are now, keeping the choice (they change in the app)."""
        self.provider_picker.set_providers(self._services.providers.list())

    def run(self) -> None:
        """Check the form and, if it passes, start a run; what the Run button does."""
        settings = self.provider_picker.current()
        if settings is None:
            self._open_provider_setup()
            return
        values = self.form.values()
        problems = self._assistant.validate(values)
        self.form.show_problems(problems)
        if problems:
            return
        self.cancel()
        self.conversation.clear()
        label = self.tr("{name} · {model}").format(name=settings.name, model=settings.model)
        card = self.conversation.begin_answer(label)
        if self._assistant.preparation_status is not None:
            card.set_status(i18n.translate(self._assistant.preparation_status), True)
        self._run_number += 1
        self._prepare_task = asyncio.get_running_loop().create_task(
            self._prepare(self._run_number, card, values, settings.name)
        )
        self._set_running(True)

    def cancel(self) -> None:
        """Stop the run, if any; what arrived stays."""
        task, self._prepare_task = self._prepare_task, None
        if task is not None:
            task.cancel()
            card = self.conversation.last_answer()
            if card is not None:
                card.mark_interrupted()
        self._controller.cancel()
        self._set_running(self._controller.is_running())

    async def aclose(self) -> None:
        """Stop the run and close the connections; the window is not used again."""
        task = self._prepare_task
        self.cancel()
        if task is not None:
            await asyncio.gather(task, return_exceptions=True)
        await self._controller.aclose()
        if self.tool_selection is not None:
            await self.tool_selection.aclose()

    def closeEvent(self, event: QCloseEvent) -> None:
        """Stop the run; the window hides and keeps its form for the next time."""
        self.cancel()
        event.accept()

    # -- running -----------------------------------------------------------------------------

    async def _prepare(
        self, number: int, card: AnswerCard, values: FormValues, provider_name: str
    ) -> None:
        def report(guard_report: GuardReport) -> None:
            if number == self._run_number:
                card.show_guard_report(guard_report)

        selection = self.tool_selection.selection() if self.tool_selection is not None else ()
        try:
            prepared = await self._assistant.prepare(
                values,
                web=self._services.builtin,
                selected_tool_ids=selection,
                guard_reporter=report,
            )
        except StudioError as error:
            self._prepare_failed(card, error.text(i18n.translate))
            return
        except Exception:
            logger.exception("An assistant run could not be prepared.")
            message = self.tr("Something went wrong while preparing; the log has the details.")
            self._prepare_failed(card, message)
            return
        self._prepare_task = None
        card.set_status("", False)
        self._controller.start(
            RunRequest(
                chat_id=None,
                keep_in_chat=False,
                provider_name=provider_name,
                turn=prepared.turn,
                context=prepared.chat,
                sources=prepared.sources,
            )
        )

    def _prepare_failed(self, card: AnswerCard, message: str) -> None:
        self._prepare_task = None
        card.show_failure(message)
        self._set_running(self._controller.is_running())

    def _set_running(self, running: bool) -> None:
        if running == self._running:
            return
        self._running = running
        self._run_button.setVisible(not running)
        self._stop_button.setVisible(running)
        self.form.set_read_only(running)
        if self.tool_selection is not None:
            self.tool_selection.set_running(running)
        self._update_copy_button()
        self.running_changed.emit(running)

    def _update_copy_button(self) -> None:
        card = self.conversation.last_answer()
        self._copy_button.setEnabled(
            not self._running and card is not None and bool(card.text().strip())
        )

    def _open_provider_setup(self) -> None:
        dialog = ProviderSetupDialog(self._services.providers, parent=self)
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.provider_added.connect(self._on_provider_setup_provider_added)
        dialog.open()

    # -- slots -------------------------------------------------------------------------------

    @Slot()
    def _on_run_button_clicked(self) -> None:
        if not self._running:
            self.run()

    @Slot()
    def _on_stop_button_clicked(self) -> None:
        self.cancel()

    @Slot()
    def _on_copy_button_clicked(self) -> None:
        card = self.conversation.last_answer()
        if card is not None:
            QGuiApplication.clipboard().setText(card.text())

    @Slot(bool)
    def _on_controller_running_changed(self, running: bool) -> None:
        self._set_running(running or self._prepare_task is not None)

    @Slot(object)
    def _on_controller_ended(self, _record: object) -> None:
        self._update_copy_button()

    @Slot(str)
    def _on_controller_failed(self, _message: str) -> None:
        self._update_copy_button()

    @Slot(str)
    def _on_provider_picker_provider_changed(self, _name: str) -> None:
        if self.tool_selection is not None:
            current = self.provider_picker.current()
            self.tool_selection.set_provider(
                self._services.providers.context_for(current) if current is not None else None
            )

    @Slot()
    def _on_provider_picker_add_requested(self) -> None:
        self._open_provider_setup()

    @Slot(str)
    def _on_provider_setup_provider_added(self, name: str) -> None:
        self._controller.forget_providers()
        self.provider_picker.set_providers(self._services.providers.list(), current=name)

    @Slot(str)
    def _on_tool_selection_settings_requested(self, entry_id: str) -> None:
        # A saved change reaches the selection through the settings service.
        ToolSettingsDialog.open_for(
            self._services.registry, self._services.settings, entry_id, self
        )
