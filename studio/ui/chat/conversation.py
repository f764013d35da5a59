"""The conversation: the open chat's messages as cards, the newest answer streaming at the end."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QEvent, Qt, Signal, Slot
from PySide6.QtGui import QFont
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QScrollArea, QVBoxLayout, QWidget

from studio.chats.models import StoredMessage
from studio.harness.turn import AnswerRecord
from studio.kernel.calls import ToolInvocationTrace
from studio.kernel.context import ChatContext
from studio.kernel.result import Source
from studio.ui.chat.answer_card import AnswerCard, UserCard
from studio.ui.chat.links import AddressBook
from studio.ui.chat.run_controller import RunController
from studio.web.guard import GuardReport

__all__ = ["MAX_COLUMN_WIDTH", "ConversationView"]

MAX_COLUMN_WIDTH = 860
"""The widest the column of messages gets; longer lines are tiring to read."""

_BOTTOM_SLACK = 24
"""How close to the end counts as "at the end", in pixels, for following a stream."""


class ConversationView(QScrollArea):
    """The messages of one chat, top to bottom, in a centred column.

    While an answer streams, the view follows it as long as the user stays at the end; once
    they scroll up to read, it stays where they are. :meth:`follow` connects a
    :class:`~studio.ui.chat.run_controller.RunController`, whose run fills the answer card that
    :meth:`begin_answer` added last.

    The answers' links show their addresses unless those appeared in the chat: in the user's
    messages shown here or among the addresses given to the model in the chat's context (a
    stored chat's from :meth:`show_messages`, a running one's from the controller).

    Signals:
        put_back_requested(str): the user asked to put a passage the guard removed into the
            message box; carries the quoted block.
    """

    put_back_requested = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("Conversation")
        self.setWidgetResizable(True)
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self._follow = True
        self._streaming: AnswerCard | None = None
        self._addresses = AddressBook()

        canvas = QWidget(self)
        canvas.setObjectName("ConversationCanvas")
        self._column = QWidget(canvas)
        self._column.setMaximumWidth(MAX_COLUMN_WIDTH)
        self._cards = QVBoxLayout(self._column)
        self._cards.setContentsMargins(0, 16, 0, 16)
        self._cards.setSpacing(12)
        self._cards.addStretch(1)
        row = QHBoxLayout(canvas)
        row.setContentsMargins(20, 0, 20, 0)
        row.addStretch(0)
        row.addWidget(self._column, 1)
        row.addStretch(0)
        self._row = row
        self.setWidget(canvas)
        # The cards sit on the window's own background.
        self.viewport().setAutoFillBackground(False)
        canvas.setAutoFillBackground(False)

        self._placeholder = QLabel(self._column)
        self._placeholder.setObjectName("ConversationPlaceholder")
        self._placeholder.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self._placeholder.setWordWrap(True)
        self._placeholder.setEnabled(False)
        font = self._placeholder.font()
        font.setPointSizeF(font.pointSizeF() * 1.25)
        font.setWeight(QFont.Weight.Medium)
        self._placeholder.setFont(font)
        self._cards.insertWidget(0, self._placeholder)
        self._placeholder_text = ""
        self.set_placeholder("")

        bar = self.verticalScrollBar()
        bar.rangeChanged.connect(self._on_scroll_bar_range_changed)
        bar.valueChanged.connect(self._on_scroll_bar_value_changed)

    def set_placeholder(self, text: str) -> None:
        """What an empty conversation says (translated); empty for the standard invitation."""
        self._placeholder_text = text
        self._placeholder.setText(text or self.tr("Start a conversation: type a message below."))

    def changeEvent(self, event: QEvent) -> None:
        """Set the texts again in a new language."""
        if event.type() == QEvent.Type.LanguageChange:
            self.set_placeholder(self._placeholder_text)
        super().changeEvent(event)

    def follow(self, controller: RunController) -> None:
        """Show the runs of ``controller`` in the answer card added last."""
        controller.chat_context.connect(self._on_run_chat_context)
        controller.text_delta.connect(self._on_run_text_delta)
        controller.status.connect(self._on_run_status)
        controller.progress.connect(self._on_run_progress)
        controller.guard_report.connect(self._on_run_guard_report)
        controller.trace.connect(self._on_run_trace)
        controller.sources.connect(self._on_run_sources)
        controller.finished.connect(self._on_run_finished)
        controller.interrupted.connect(self._on_run_interrupted)
        controller.failed.connect(self._on_run_failed)

    def clear(self) -> None:
        """Remove every message."""
        self._streaming = None
        self._addresses.clear()
        for card in self.cards():
            self._cards.removeWidget(card)
            card.deleteLater()
        self._placeholder.show()
        self._follow = True

    def cards(self) -> list[UserCard | AnswerCard]:
        """The message cards, oldest first."""
        found: list[UserCard | AnswerCard] = []
        for index in range(self._cards.count()):
            item = self._cards.itemAt(index)
            widget = item.widget() if item is not None else None
            if isinstance(widget, UserCard | AnswerCard):
                found.append(widget)
        return found

    def answers(self) -> list[AnswerCard]:
        """The answer cards, oldest first."""
        return [card for card in self.cards() if isinstance(card, AnswerCard)]

    def last_answer(self) -> AnswerCard | None:
        """The newest answer, if any."""
        answers = self.answers()
        return answers[-1] if answers else None

    def show_messages(
        self, messages: Sequence[StoredMessage], context: ChatContext | None = None
    ) -> None:
        """Show a stored chat, replacing what was shown.

        Args:
            messages: The chat's messages, oldest first.
            context: The chat's stored context, whose addresses given to the model the
                answers' links may show as plain links; None when there is none yet.
        """
        self.clear()
        self._addresses.follow(context)
        for message in messages:
            if message.role == "user":
                self._addresses.add_text(message.text)
        for message in messages:
            if message.role == "user":
                self._append(UserCard(message.text, self._column))
            else:
                card = AnswerCard.from_stored(
                    message, self._column, addresses=self._addresses.known
                )
                self._append(card)
        self._follow = True

    def add_user_message(self, text: str) -> UserCard:
        """Show the message the user just sent."""
        self._addresses.add_text(text)
        card = UserCard(text, self._column)
        self._append(card)
        self._follow = True
        return card

    def begin_answer(self, label: str) -> AnswerCard:
        """Add an empty answer card that the run will fill."""
        card = AnswerCard(label, self._column, addresses=self._addresses.known)
        card.render_now()
        self._append(card)
        self._follow = True
        self._streaming = card
        return card

    def show_removed(self) -> bool:
        """Open the tool calls whose results had passages removed and scroll to the first.

        Returns:
            Whether any answer had passages removed.
        """
        first: AnswerCard | None = None
        for card in self.answers():
            if card.show_removed() and first is None:
                first = card
        if first is None:
            return False
        self._follow = False
        # The cards grow as the entries open; the layout settles before scrolling.
        self._cards.activate()
        self._row.activate()
        self.ensureWidgetVisible(first.trace_panel(), 0, 0)
        return True

    def _append(self, card: QWidget) -> None:
        if isinstance(card, AnswerCard):
            card.trace_panel().put_back_requested.connect(self.put_back_requested)
        self._placeholder.hide()
        # Before the stretch, which keeps the cards at the top of a short chat.
        self._cards.insertWidget(self._cards.count() - 1, card)

    @Slot(int, int)
    def _on_scroll_bar_range_changed(self, _minimum: int, maximum: int) -> None:
        if self._follow:
            self.verticalScrollBar().setValue(maximum)

    @Slot(int)
    def _on_scroll_bar_value_changed(self, value: int) -> None:
        self._follow = value >= self.verticalScrollBar().maximum() - _BOTTOM_SLACK

    def _refresh_links(self) -> None:
        # An answer's tools, or a later message, may have given an earlier answer's addresses.
        for card in self.answers():
            card.refresh_links()

    @Slot(object)
    def _on_run_chat_context(self, context: ChatContext) -> None:
        if self._streaming is not None:
            self._addresses.follow(context)

    @Slot(str)
    def _on_run_text_delta(self, text: str) -> None:
        if self._streaming is not None:
            self._streaming.append_text(text)

    @Slot(str, bool)
    def _on_run_status(self, message: str, running: bool) -> None:
        if self._streaming is not None:
            self._streaming.set_status(message, running)

    @Slot(str)
    def _on_run_progress(self, text: str) -> None:
        if self._streaming is not None:
            self._streaming.status_line().set_progress(text)

    @Slot(object)
    def _on_run_guard_report(self, report: GuardReport) -> None:
        if self._streaming is not None:
            self._streaming.show_guard_report(report)

    @Slot(object)
    def _on_run_trace(self, trace: ToolInvocationTrace) -> None:
        if self._streaming is not None:
            self._streaming.add_trace(trace)

    @Slot(object)
    def _on_run_sources(self, sources: tuple[Source, ...]) -> None:
        if self._streaming is not None:
            self._streaming.set_sources(sources)

    @Slot(object)
    def _on_run_finished(self, record: AnswerRecord) -> None:
        if self._streaming is not None:
            self._streaming.set_sources(record.sources)
            self._streaming.finish()
        self._streaming = None
        self._refresh_links()

    @Slot(object)
    def _on_run_interrupted(self, _record: AnswerRecord) -> None:
        if self._streaming is not None:
            self._streaming.mark_interrupted()
        self._streaming = None
        self._refresh_links()

    @Slot(str)
    def _on_run_failed(self, message: str) -> None:
        if self._streaming is not None:
            self._streaming.show_failure(message)
        self._streaming = None
        self._refresh_links()
