"""The message box: where the user writes, sends and stops, with the size of what will be sent."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QLocale, QSize, Qt, Signal, Slot
from PySide6.QtGui import QFontMetrics, QKeyEvent, QTextCursor
from PySide6.QtWidgets import (
    QFrame,
    QHBoxLayout,
    QLabel,
    QPlainTextEdit,
    QPushButton,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from studio.harness.counting import RequestSize

__all__ = ["MessageBox"]

_STYLE = """
QFrame#MessageBox {
    background: palette(base);
    border: 1px solid palette(mid);
    border-radius: 10px;
}
QPlainTextEdit#MessageEdit { background: transparent; border: none; }
"""

_MIN_LINES = 2
_MAX_LINES = 10


class _MessageEdit(QPlainTextEdit):
    """A plain text field where Enter submits, Shift+Enter breaks the line and Esc stops.

    Signals:
        submitted: Enter was pressed without Shift.
        escaped: Esc was pressed.
    """

    submitted = Signal()
    escaped = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setTabChangesFocus(True)
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        self.document().contentsChanged.connect(self._on_document_contents_changed)
        self._on_document_contents_changed()

    def keyPressEvent(self, event: QKeyEvent) -> None:
        """Submit on Enter, stop on Esc, type everything else."""
        key = event.key()
        if key in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            if event.modifiers() & Qt.KeyboardModifier.ShiftModifier:
                self.insertPlainText("\n")
            else:
                self.submitted.emit()
            event.accept()
            return
        if key == Qt.Key.Key_Escape:
            self.escaped.emit()
            event.accept()
            return
        super().keyPressEvent(event)

    @Slot()
    def _on_document_contents_changed(self) -> None:
        # Grows with the text up to a limit, then scrolls.
        metrics = QFontMetrics(self.font())
        lines = self.document().size().height() if self.document().size().height() else 1
        shown = min(max(int(lines), _MIN_LINES), _MAX_LINES)
        margins = self.contentsMargins()
        # The box scrolls by a line unless its lines have a pixel to spare.
        height = shown * metrics.lineSpacing() + 2 * int(self.document().documentMargin()) + 1
        self.setFixedHeight(height + margins.top() + margins.bottom())


class MessageBox(QFrame):
    """The field for the next message, its Send and Stop buttons and a live size counter.

    The counter shows what sending now would carry: the system prompt, the chat so far, the
    message and the tool definitions, in characters and as an estimated token count. The
    window computes the size (:func:`studio.harness.counting.measure_request`) whenever
    :attr:`text_changed` fires and hands it to :meth:`show_request_size`.

    Signals:
        send_requested(str): the user sent the text (Enter or Send); the box is cleared.
        stop_requested: the user asked to stop the running answer (Esc or Stop).
        text_changed(str): the text changed; the counter needs a new size.
    """

    send_requested = Signal(str)
    stop_requested = Signal()
    text_changed = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("MessageBox")
        self.setStyleSheet(_STYLE)
        self._running = False
        self._available = True

        self._unavailable_reason = ""
        self._size = RequestSize(characters=0)
        self._edit = _MessageEdit(self)
        self._edit.setObjectName("MessageEdit")
        self._counter = QLabel(self)
        self._counter.setObjectName("RequestSize")
        self._send = QPushButton(self)
        self._send.setObjectName("SendButton")
        self._send.setDefault(True)
        self._stop = QPushButton(self)
        self._stop.setObjectName("StopButton")
        self._stop.hide()

        buttons = QHBoxLayout()
        buttons.setContentsMargins(0, 0, 0, 0)
        buttons.addWidget(self._counter, 1)
        buttons.addWidget(self._stop)
        buttons.addWidget(self._send)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(12, 10, 10, 8)
        layout.setSpacing(6)
        layout.addWidget(self._edit)
        layout.addLayout(buttons)

        self._edit.submitted.connect(self._on_edit_submitted)
        self._edit.escaped.connect(self._on_edit_escaped)
        self._edit.textChanged.connect(self._on_edit_text_changed)
        self._send.clicked.connect(self._on_send_clicked)
        self._stop.clicked.connect(self._on_stop_clicked)
        self._retranslate()
        self._update_buttons()

    def _retranslate(self) -> None:
        if self._available:
            self._edit.setPlaceholderText(
                self.tr("Ask anything. Enter sends, Shift+Enter adds a line.")
            )
        else:
            self._edit.setPlaceholderText(self._unavailable_reason)
        self._edit.setAccessibleName(self.tr("Message"))
        self._counter.setToolTip(
            self.tr(
                "What sending now would carry: system prompt, chat so far, this message and the "
                "tool definitions. Tokens are estimated at four characters each; the model's "
                "own count differs."
            )
        )
        self._send.setText(self.tr("Send"))
        self._send.setToolTip(self.tr("Send the message (Enter)"))
        self._stop.setText(self.tr("Stop"))
        self._stop.setToolTip(self.tr("Stop the answer (Esc); what arrived so far is kept"))
        self.show_request_size(self._size)

    def changeEvent(self, event: QEvent) -> None:
        """Set the texts again in a new language."""
        if event.type() == QEvent.Type.LanguageChange:
            self._retranslate()
        super().changeEvent(event)

    def text(self) -> str:
        """The text in the field, as typed."""
        return self._edit.toPlainText()

    def set_text(self, text: str) -> None:
        """Replace the text in the field."""
        self._edit.setPlainText(text)

    def insert_quote(self, block: str) -> None:
        """Add ``block`` (a quoted passage) as a paragraph of its own after the text; send nothing.

        The cursor and the keyboard focus wait on a new line under it, so the user can say
        why they put it back.
        """
        text = self.text()
        if not text.strip() or text.endswith("\n\n"):
            separator = ""
        elif text.endswith("\n"):
            separator = "\n"
        else:
            separator = "\n\n"
        cursor = self._edit.textCursor()
        cursor.movePosition(QTextCursor.MoveOperation.End)
        # One edit block: a single undo takes the whole quote out again.
        cursor.beginEditBlock()
        if not text.strip():
            cursor.select(QTextCursor.SelectionType.Document)
        cursor.insertText(f"{separator}{block}\n")
        cursor.endEditBlock()
        self._edit.setTextCursor(cursor)
        self._edit.ensureCursorVisible()
        self.focus()

    def focus(self) -> None:
        """Put the keyboard focus in the field."""
        self._edit.setFocus(Qt.FocusReason.OtherFocusReason)

    def send_button(self) -> QPushButton:
        """The Send button."""
        return self._send

    def request_size_label(self) -> QLabel:
        """The counter of what sending now would carry."""
        return self._counter

    def is_running(self) -> bool:
        """Whether an answer is running (the Stop button shows)."""
        return self._running

    def set_running(self, running: bool) -> None:
        """Show Stop while an answer runs; sending again starts a new answer instead."""
        self._running = running
        self._update_buttons()

    def set_available(self, available: bool, reason: str = "") -> None:
        """Allow sending only when a provider is chosen; ``reason`` (translated) says why not."""
        self._available = available
        self._unavailable_reason = reason
        self._retranslate()
        self._update_buttons()

    def show_request_size(self, size: RequestSize) -> None:
        """Show the size of what sending now would carry."""
        self._size = size
        locale = QLocale()
        self._counter.setText(
            self.tr("Characters: {characters} · Tokens (estimate): ~{tokens}").format(
                characters=locale.toString(size.characters),
                tokens=locale.toString(size.estimated_tokens),
            )
        )

    def sizeHint(self) -> QSize:
        """As wide as the window allows, as tall as its text."""
        hint = super().sizeHint()
        return QSize(max(hint.width(), 400), hint.height())

    def _update_buttons(self) -> None:
        self._send.setEnabled(self._available and bool(self.text().strip()))
        self._stop.setVisible(self._running)

    def _send_now(self) -> None:
        text = self.text()
        if not (self._available and text.strip()):
            return
        self._edit.clear()
        self.send_requested.emit(text)

    @Slot()
    def _on_edit_submitted(self) -> None:
        self._send_now()

    @Slot()
    def _on_send_clicked(self) -> None:
        self._send_now()

    @Slot()
    def _on_edit_escaped(self) -> None:
        if self._running:
            self.stop_requested.emit()

    @Slot()
    def _on_stop_clicked(self) -> None:
        self.stop_requested.emit()

    @Slot()
    def _on_edit_text_changed(self) -> None:
        self._update_buttons()
        self.text_changed.emit(self.text())
