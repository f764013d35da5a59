"""The note above the conversation that says the open chat holds content from outside.

Once a chat has taken in a web page, search results or another outside source, the core marks
it for good (:attr:`~studio.kernel.policy.ChatRequirements.untrusted_source`) and tools that
send data out or change things need the user's approval. The note says so in one calm line,
naming the first source, and counts the passages the prompt-injection guard removed from the
chat's tool results. It shows while either applies and hides for a chat where neither does.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, Qt, Signal, Slot
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QPushButton, QSizePolicy, QWidget

from studio.kernel.content import ContentSource
from studio.ui.looks import box_style
from studio.ui.trace.removals import rich_text_tooltip, source_name

__all__ = ["OutsideContentNotice"]

# An information, not a warning: the accent is the palette's highlight, as for the tool status.
_STYLE = box_style("QFrame#OutsideContentNotice", "palette(highlight)")


class OutsideContentNotice(QFrame):
    """One line on the open chat's outside content and the passages the guard removed.

    Signals:
        show_removed_requested: the user asked to see the removed passages.
    """

    show_removed_requested = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("OutsideContentNotice")
        self.setStyleSheet(_STYLE)
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Fixed)
        self._source: ContentSource | None = None
        self._removed = 0
        self._message = QLabel(self)
        self._message.setObjectName("OutsideContentMessage")
        self._message.setTextFormat(Qt.TextFormat.PlainText)
        self._message.setWordWrap(True)
        self._message.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Preferred)
        self._count = QLabel(self)
        self._count.setObjectName("OutsideContentRemoved")
        self._count.setTextFormat(Qt.TextFormat.PlainText)
        self._show = QPushButton(self)
        self._show.setObjectName("OutsideContentShowRemoved")
        self._show.setCursor(Qt.CursorShape.PointingHandCursor)
        self._show.clicked.connect(self._on_show_clicked)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(12)
        layout.addWidget(self._message, 1)
        layout.addWidget(self._count)
        layout.addWidget(self._show)
        # Without the sentence, the count alone keeps to the left.
        layout.addStretch(0)
        self._refresh()

    def source(self) -> ContentSource | None:
        """The first outside source of the chat; None while it has taken in none."""
        return self._source

    def removed_count(self) -> int:
        """How many passages the guard removed from the chat's tool results."""
        return self._removed

    def message(self) -> str:
        """The sentence about the outside content; empty for an unmarked chat."""
        return self._message.text() if self._source is not None else ""

    def removed_text(self) -> str:
        """The count of removed passages as shown; empty when none was removed."""
        return self._count.text() if self._removed else ""

    def show_chat(self, source: ContentSource | None, removed: int) -> None:
        """Show the state of a chat just opened: its first outside source and its removals."""
        self._source = source
        self._removed = max(0, removed)
        self._refresh()

    def mark(self, source: ContentSource) -> None:
        """The chat took in outside content; the first source stays named."""
        if self._source is None:
            self._source = source
            self._refresh()

    def add_removed(self, count: int) -> None:
        """The guard removed ``count`` more passages from a tool result of the chat."""
        if count > 0:
            self._removed += count
            self._refresh()

    def changeEvent(self, event: QEvent) -> None:
        """Set the texts again in a new language."""
        if event.type() == QEvent.Type.LanguageChange:
            self._refresh()
        super().changeEvent(event)

    @Slot()
    def _on_show_clicked(self) -> None:
        self.show_removed_requested.emit()

    def _refresh(self) -> None:
        source = self._source
        if source is not None:
            self._message.setText(
                self.tr(
                    "This chat contains content from outside ({source}). Tools that send data "
                    "out or change things now need your approval."
                ).replace("{source}", source_name(source))
            )
            self._message.setToolTip(rich_text_tooltip(source.address))
        self._message.setVisible(source is not None)
        self._count.setText(self.tr("%n suspicious passage(s) removed", "", self._removed))
        self._count.setVisible(self._removed > 0)
        self._show.setText(self.tr("Show passages"))
        self._show.setToolTip(
            rich_text_tooltip(self.tr("Open the tool calls they were removed from"))
        )
        self._show.setVisible(self._removed > 0)
        self.setAccessibleName(
            " ".join(text for text in (self.message(), self.removed_text()) if text)
        )
        self.setVisible(source is not None or self._removed > 0)
