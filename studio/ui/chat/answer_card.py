"""One message of the conversation as a card: the user's question or the assistant's answer.

An answer card renders Markdown and hosts what belongs to the answer: the "N tool calls" pill
and its panel, the sources badge and its list, and the "Using tool: …" line while tools run.
Streamed text is collected and drawn at most about 30 times a second, and only this card's
text is laid out again, never the whole chat.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Literal

from PySide6.QtCore import QEvent, Qt, QTimer, Slot
from PySide6.QtGui import QFont, QPalette
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QPushButton, QVBoxLayout, QWidget

from studio.chats.models import StoredMessage
from studio.kernel.result import Source
from studio.ui import i18n, theme
from studio.ui.chat.links import KnownAddresses
from studio.ui.chat.markdown import MarkdownView
from studio.ui.chat.sources import SourcesBadge, SourcesList
from studio.ui.chat.status import ToolStatusLine
from studio.ui.looks import WARNING_ACCENT, box_style
from studio.ui.trace import model
from studio.ui.trace.panel import TracePanel, TracePill
from studio.web.guard import GuardReport, render_report

__all__ = ["RENDER_INTERVAL_MS", "AnswerCard", "UserCard"]

RENDER_INTERVAL_MS = 33
"""At most one re-render of a streaming answer per this many milliseconds (about 30 fps)."""

_CARD_STYLE = """
QFrame#{name} {{
    background: {background};
    border: 1px solid {border};
    border-radius: 10px;
}}
"""


def _apply_card_style(card: QFrame, *, tint: float) -> None:
    """Frame ``card`` in the base colour, tinted towards the highlight by ``tint``.

    The colours come from the parent's palette: the card's own palette is what its style
    sheet made of it, and reading it back would tint the tint on every palette change.
    """
    source = card.parentWidget() or card
    palette = source.palette()
    base = palette.color(QPalette.ColorRole.Base)
    highlight = palette.color(QPalette.ColorRole.Highlight)
    ink = palette.color(QPalette.ColorRole.Text)
    background = theme.mix(base, highlight, tint)
    border = theme.mix(background, ink, 0.13)
    style = _CARD_STYLE.format(
        name=card.objectName(), background=background.name(), border=border.name()
    )
    if style != card.styleSheet():
        card.setStyleSheet(style)


def _role_label(parent: QWidget) -> QLabel:
    label = QLabel(parent)
    label.setObjectName("CardRole")
    font = label.font()
    font.setWeight(QFont.Weight.DemiBold)
    label.setFont(font)
    return label


class UserCard(QFrame):
    """The user's message: plain text, as typed."""

    def __init__(self, text: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("UserCard")
        self._message = text
        self._text = MarkdownView(self)
        self._text.setObjectName("UserText")
        self._text.set_plain_text(text)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(16, 10, 16, 12)
        layout.setSpacing(4)
        self._role = _role_label(self)
        layout.addWidget(self._role)
        layout.addWidget(self._text)
        _apply_card_style(self, tint=0.07)
        self._retranslate()

    def _retranslate(self) -> None:
        self._role.setText(self.tr("You"))

    def text(self) -> str:
        """The message."""
        return self._message

    def changeEvent(self, event: QEvent) -> None:
        """Tint the card anew for a new palette; set the texts again in a new language."""
        super().changeEvent(event)
        if event.type() == QEvent.Type.PaletteChange:
            _apply_card_style(self, tint=0.07)
        elif event.type() == QEvent.Type.LanguageChange:
            self._retranslate()


class AnswerCard(QFrame):
    """The assistant's answer: Markdown text, tool calls, sources and the live tool status.

    Args:
        label: Who answers, such as "Local · llama3.1"; shown next to "Assistant".
        parent: The Qt parent.
        addresses: The addresses that appeared in the conversation so far, asked for at each
            render; a link to any other shows its address. None: no address appeared.
    """

    def __init__(
        self,
        label: str = "",
        parent: QWidget | None = None,
        *,
        addresses: Callable[[], KnownAddresses] | None = None,
    ) -> None:
        super().__init__(parent)
        self.setObjectName("AnswerCard")
        _apply_card_style(self, tint=0.0)
        self._text = ""
        self._rendered = ""
        self._ending: Literal["complete", "interrupted", "failed"] = "complete"
        self._failure = ""
        self._body = MarkdownView(self)
        self._body.setObjectName("AnswerText")
        if addresses is not None:
            self._body.set_known_addresses(addresses)
        self._status = ToolStatusLine(self)
        self._trace_panel = TracePanel(parent=self)
        self._trace_pill = TracePill(self._trace_panel, self)
        self._sources_list = SourcesList(parent=self)
        self._sources_badge = SourcesBadge(self._sources_list, self)
        self._notice = QLabel(self)
        self._notice.setObjectName("AnswerNotice")
        self._notice.setWordWrap(True)
        self._notice.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self._notice.hide()
        self._guard_reports: list[GuardReport] = []
        self._guard_notice = QLabel(self)
        self._guard_notice.setObjectName("GuardNotice")
        self._guard_notice.setWordWrap(True)
        self._guard_notice.setTextFormat(Qt.TextFormat.PlainText)
        self._guard_notice.setStyleSheet(box_style("QLabel#GuardNotice", WARNING_ACCENT))
        self._guard_notice.hide()
        self._show_removed = QPushButton(self)
        self._show_removed.setObjectName("GuardShowRemoved")
        self._show_removed.setCursor(Qt.CursorShape.PointingHandCursor)
        self._show_removed.clicked.connect(self._on_show_removed_clicked)
        self._show_removed.hide()
        self._trace_panel.count_changed.connect(self._on_trace_panel_count_changed)
        self._meta = QLabel(label, self)
        self._meta.setObjectName("AnswerMeta")
        self._meta.setEnabled(False)

        header = QHBoxLayout()
        header.setSpacing(8)
        self._role = _role_label(self)
        header.addWidget(self._role)
        header.addWidget(self._meta)
        header.addStretch(1)
        header.addWidget(self._sources_badge)
        header.addWidget(self._trace_pill)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(16, 10, 16, 12)
        layout.setSpacing(8)
        layout.addLayout(header)
        # The calls come before the text, as they came before the answer.
        layout.addWidget(self._trace_panel)
        layout.addWidget(self._body)
        layout.addWidget(self._status)
        layout.addWidget(self._guard_notice)
        layout.addWidget(self._show_removed, 0, Qt.AlignmentFlag.AlignLeft)
        layout.addWidget(self._notice)
        layout.addWidget(self._sources_list)

        self._render_timer = QTimer(self)
        self._render_timer.setSingleShot(True)
        self._render_timer.setInterval(RENDER_INTERVAL_MS)
        self._render_timer.timeout.connect(self._on_render_timer_timeout)
        self._retranslate()

    def _retranslate(self) -> None:
        self._role.setText(self.tr("Assistant"))
        if self._ending == "interrupted":
            self._show_notice(self.tr("Stopped. The answer may be incomplete."), error=False)
        elif self._ending == "failed":
            self._show_notice(self._failure or self.tr("The answer failed."), error=True)
        if self._guard_reports:
            self._guard_notice.setText(self._guard_text())
        self._show_removed.setText(self.tr("Show the removed passages"))

    @classmethod
    def from_stored(
        cls,
        message: StoredMessage,
        parent: QWidget | None = None,
        *,
        addresses: Callable[[], KnownAddresses] | None = None,
    ) -> AnswerCard:
        """An answer as the chat store kept it, with its traces, sources and how it ended.

        ``addresses`` is as for the constructor: those of the chat as it was stored.
        """
        label = cls._label(message.provider_name, message.model)
        card = cls(label, parent, addresses=addresses)
        card._text = message.text
        card.render_now()
        card._trace_panel.set_traces(message.traces)
        card._sources_list.set_sources(message.sources)
        if message.state == "interrupted":
            card.mark_interrupted()
        elif message.state == "failed":
            card.show_failure(message.error_message)
        return card

    @staticmethod
    def _label(provider_name: str, model_name: str) -> str:
        return " · ".join(part for part in (provider_name, model_name) if part)

    # -- what the conversation and tests read ------------------------------------------------

    def text(self) -> str:
        """Everything the answer received so far, rendered or not."""
        return self._text

    def rendered_text(self) -> str:
        """The text as drawn now (the stream may be a frame ahead)."""
        return self._body.markdown()

    def body(self) -> MarkdownView:
        """The view that renders the answer."""
        return self._body

    def status_line(self) -> ToolStatusLine:
        """The "Using tool: …" line."""
        return self._status

    def trace_pill(self) -> TracePill:
        """The "N tool calls" pill."""
        return self._trace_pill

    def trace_panel(self) -> TracePanel:
        """The panel of tool calls the pill opens."""
        return self._trace_panel

    def sources_badge(self) -> SourcesBadge:
        """The badge with the number of sources."""
        return self._sources_badge

    def sources_list(self) -> SourcesList:
        """The list of sources the badge opens."""
        return self._sources_list

    def show_removed_button(self) -> QPushButton:
        """The button under the guard's notice that opens the removed passages."""
        return self._show_removed

    def show_removed(self) -> bool:
        """Open the tool calls whose results had passages removed; whether there were any."""
        if not self._trace_panel.removed_count():
            return False
        self._trace_pill.setChecked(True)
        self._trace_panel.expand_removals()
        return True

    def guard_notice(self) -> str:
        """What the prompt-injection guard told about this answer's content; empty if nothing."""
        return self._guard_notice.text() if not self._guard_notice.isHidden() else ""

    def notice(self) -> str:
        """The note under the answer (stopped, or why it failed); empty when there is none."""
        return self._notice.text() if not self._notice.isHidden() else ""

    # -- what the run changes ----------------------------------------------------------------

    def append_text(self, text: str) -> None:
        """Add streamed text; it is drawn with the next frame."""
        self._text += text
        if not self._render_timer.isActive():
            self._render_timer.start()

    def render_now(self) -> None:
        """Draw everything received so far at once (at the end of a stream)."""
        self._render_timer.stop()
        if self._text != self._rendered:
            self._rendered = self._text
            self._body.set_markdown(self._text)
        self._body.setVisible(bool(self._text))

    def refresh_links(self) -> None:
        """Show the links anew if the conversation's addresses changed what they must show."""
        self._body.refresh_links()

    def set_status(self, message: str, running: bool) -> None:
        """Show or hide the "Using tool: …" line."""
        self._status.set_status(message, running)

    def add_trace(self, trace: model.TraceRecord) -> None:
        """List a tool call that just ended."""
        self._trace_panel.add_trace(trace)

    def set_sources(self, sources: Iterable[Source]) -> None:
        """Show the answer's sources so far."""
        self._sources_list.set_sources(sources)

    def show_guard_report(self, report: GuardReport) -> None:
        """Say what the prompt-injection guard removed, or could not check, before the model saw it.

        An answer may bring several reports (a page an assistant read, then its tools); each
        adds its sentences. They follow the language.
        """
        if report.is_empty:
            return
        self._guard_reports.append(report)
        self._guard_notice.setText(self._guard_text())
        self._guard_notice.show()
        self._update_show_removed()

    def _update_show_removed(self) -> None:
        # The calls' traces keep the passages; a report may arrive before or after them.
        shown = bool(self._guard_reports) and self._trace_panel.removed_count() > 0
        self._show_removed.setVisible(shown)

    def _guard_text(self) -> str:
        return "\n".join(render_report(report, i18n.translate) for report in self._guard_reports)

    def finish(self) -> None:
        """The answer is complete."""
        self.render_now()
        self._status.clear()

    def mark_interrupted(self) -> None:
        """The answer was stopped; what arrived stays."""
        self.render_now()
        self._status.clear()
        self._ending = "interrupted"
        self._retranslate()

    def show_failure(self, message: str) -> None:
        """The answer ended with an error; say why under what arrived."""
        self.render_now()
        self._status.clear()
        self._ending, self._failure = "failed", message
        self._retranslate()

    def _show_notice(self, text: str, *, error: bool) -> None:
        self._notice.setText(text)
        role = "bright-text" if error else "placeholder-text"
        self._notice.setStyleSheet(f"QLabel {{ color: palette({role}); }}")
        self._notice.show()

    def changeEvent(self, event: QEvent) -> None:
        """Draw the card anew for a new palette; set the texts again in a new language."""
        super().changeEvent(event)
        if event.type() == QEvent.Type.PaletteChange:
            _apply_card_style(self, tint=0.0)
        elif event.type() == QEvent.Type.LanguageChange:
            self._retranslate()

    @Slot()
    def _on_render_timer_timeout(self) -> None:
        self.render_now()

    @Slot(int)
    def _on_trace_panel_count_changed(self, _count: int) -> None:
        self._update_show_removed()

    @Slot()
    def _on_show_removed_clicked(self) -> None:
        self.show_removed()
