"""Plain-text boxes as tall as their text, up to a number of whole lines, then scrolling.

A read-only :class:`~PySide6.QtWidgets.QPlainTextEdit` has no height of its own: a layout gives
it whatever is left, which may be two lines of a ten-line result or half of a line. The fit
here follows the text as it wraps: whenever the document is laid out anew (new text, a new
width, a new font), the box takes the height of its lines, at most ``max_lines`` of them. The
height is always a whole number of lines, and the box scrolls by lines, so no line is ever cut
in half.
"""

from __future__ import annotations

import math

from PySide6.QtCore import QEvent, QObject, QSizeF, QTimer, Slot
from PySide6.QtGui import QFont, QFontMetricsF, QTextLayout, QTextOption
from PySide6.QtWidgets import QPlainTextEdit

__all__ = ["ContentHeight", "fit_to_content"]


class ContentHeight(QObject):
    """Keeps a plain-text box as tall as its lines, up to ``max_lines``; see the module doc.

    Args:
        edit: The box; the fit is its child and lives as long as it does.
        max_lines: The most lines shown at once; longer texts scroll.
        fixed: Fix the height (True), or only hold it as the minimum height, so that a
            splitter or a layout may give the box more room (False).
    """

    def __init__(self, edit: QPlainTextEdit, max_lines: int, *, fixed: bool = True) -> None:
        super().__init__(edit)
        self._edit = edit
        self._max_lines = max_lines
        self._fixed = fixed
        edit.document().documentLayout().documentSizeChanged.connect(
            self._on_layout_document_size_changed
        )
        edit.installEventFilter(self)
        self.refit()

    def height_for_lines(self) -> int:
        """The height that shows the text's lines, at most ``max_lines`` of them, in whole.

        The lines are counted by laying each paragraph out at the box's width, as the box
        does: the box itself lays out only the paragraphs in view, so its own count of a long
        text is an estimate.
        """
        edit = self._edit
        document = edit.document()
        width = edit.viewport().width() - 2 * document.documentMargin()
        option = QTextOption(document.defaultTextOption())
        option.setWrapMode(edit.wordWrapMode())
        lines = 0
        block = document.firstBlock()
        while block.isValid() and lines < self._max_lines:
            lines += _line_count(block.text(), edit.font(), option, width)
            block = block.next()
        lines = max(1, min(lines, self._max_lines))
        margins = edit.contentsMargins()  # These include the frame.
        chrome = 2 * document.documentMargin() + margins.top() + margins.bottom()
        return math.ceil(lines * self._line_height() + chrome)

    def _line_height(self) -> float:
        """The height of one line as the box draws it."""
        block = self._edit.document().firstBlock()
        count = block.layout().lineCount() if block.isValid() else 0
        if count > 0:
            return self._edit.blockBoundingRect(block).height() / count
        return float(QFontMetricsF(self._edit.font()).lineSpacing())

    def refit(self) -> None:
        """Size the box to its text now."""
        height = self.height_for_lines()
        if self._fixed:
            if self._edit.height() != height or self._edit.minimumHeight() != height:
                self._edit.setFixedHeight(height)
        elif self._edit.minimumHeight() != height:
            self._edit.setMinimumHeight(height)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        """Refit after a change of font or width, once the box has laid its text out anew."""
        if event.type() in (QEvent.Type.FontChange, QEvent.Type.StyleChange, QEvent.Type.Resize):
            QTimer.singleShot(0, self, self.refit)
        return False

    @Slot(QSizeF)
    def _on_layout_document_size_changed(self, _size: QSizeF) -> None:
        self.refit()


def fit_to_content(edit: QPlainTextEdit, max_lines: int, *, fixed: bool = True) -> ContentHeight:
    """Keep ``edit`` as tall as its lines, up to ``max_lines``; see :class:`ContentHeight`."""
    return ContentHeight(edit, max_lines, fixed=fixed)


def _line_count(text: str, font: QFont, option: QTextOption, width: float) -> int:
    """How many lines ``text`` (one paragraph) takes at ``width``."""
    if not text or width <= 0:
        return 1
    layout = QTextLayout(text, font)
    layout.setTextOption(option)
    layout.beginLayout()
    count = 0
    while True:
        line = layout.createLine()
        if not line.isValid():
            break
        line.setLineWidth(width)
        count += 1
    layout.endLayout()
    return max(1, count)
