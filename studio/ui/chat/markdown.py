"""Answers as Markdown: Qt's own Markdown reader plus a little styling it does not apply.

``QTextDocument.setMarkdown`` understands GitHub's dialect (code blocks, tables, links, lists)
but draws code like prose and tables without lines. :func:`render_markdown` reads the text and
then styles the document from the palette: code blocks sit in a shaded, padded frame, inline
code is shaded, tables get thin rules and a shaded header, headings stay close to the body size.
"""

from __future__ import annotations

import math

from PySide6.QtCore import QEvent, QSizeF, Qt, Slot
from PySide6.QtGui import (
    QColor,
    QFont,
    QFontDatabase,
    QPalette,
    QTextBlock,
    QTextBlockFormat,
    QTextCharFormat,
    QTextCursor,
    QTextDocument,
    QTextFormat,
    QTextFrameFormat,
    QTextLength,
    QTextTable,
)
from PySide6.QtWidgets import QFrame, QSizePolicy, QTextBrowser, QWidget

from studio.ui import theme

__all__ = ["MarkdownView", "render_markdown"]

_HEADING_SCALE = {1: 1.35, 2: 1.22, 3: 1.1, 4: 1.0, 5: 1.0, 6: 1.0}
"""Heading sizes relative to the body; Qt's defaults are poster-sized for a chat bubble."""


def _is_code(block: QTextBlock) -> bool:
    block_format = block.blockFormat()
    return block_format.hasProperty(QTextFormat.Property.BlockCodeFence) or bool(
        block_format.nonBreakableLines()
    )


def render_markdown(document: QTextDocument, text: str, palette: QPalette) -> None:
    """Replace ``document``'s content with ``text`` read as Markdown, styled from ``palette``."""
    document.setMarkdown(text, QTextDocument.MarkdownFeature.MarkdownDialectGitHub)
    base = palette.color(QPalette.ColorRole.Base)
    ink = palette.color(QPalette.ColorRole.Text)
    shade = theme.mix(base, ink, 0.06)
    rule = theme.mix(base, ink, 0.18)
    mono = QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont)
    mono.setPointSizeF(max(document.defaultFont().pointSizeF() * 0.92, 7.0))
    _style_text(document, shade, mono)
    _frame_code_blocks(document, shade, rule)
    _style_tables(document, shade, rule)
    _collapse_empty_blocks(document)


def _style_text(document: QTextDocument, shade: QColor, mono: QFont) -> None:
    cursor = QTextCursor(document)
    body_size = document.defaultFont().pointSizeF()
    block = document.begin()
    while block.isValid():
        block_format = block.blockFormat()
        level = block_format.headingLevel()
        if _is_code(block):
            code = QTextCharFormat()
            code.setFont(mono)
            cursor.setPosition(block.position())
            cursor.setPosition(
                block.position() + block.length() - 1, QTextCursor.MoveMode.KeepAnchor
            )
            cursor.mergeCharFormat(code)
        else:
            if level:
                heading = QTextCharFormat()
                heading.setFontPointSize(body_size * _HEADING_SCALE.get(level, 1.0))
                heading.setFontWeight(QFont.Weight.DemiBold)
                cursor.setPosition(block.position())
                cursor.setPosition(
                    block.position() + block.length() - 1, QTextCursor.MoveMode.KeepAnchor
                )
                cursor.mergeCharFormat(heading)
            _shade_inline_code(cursor, block, shade, mono)
        block = block.next()


def _shade_inline_code(cursor: QTextCursor, block: QTextBlock, shade: QColor, mono: QFont) -> None:
    fragments = []
    iterator = block.begin()
    while not iterator.atEnd():
        fragment = iterator.fragment()
        if fragment.isValid() and fragment.charFormat().fontFixedPitch():
            fragments.append((fragment.position(), fragment.length()))
        iterator += 1
    for position, length in fragments:
        code = QTextCharFormat()
        code.setBackground(shade)
        code.setFont(mono)
        cursor.setPosition(position)
        cursor.setPosition(position + length, QTextCursor.MoveMode.KeepAnchor)
        cursor.mergeCharFormat(code)


def _frame_code_blocks(document: QTextDocument, shade: QColor, rule: QColor) -> None:
    # Runs of code blocks move into one frame each, which draws the shaded box with padding.
    runs: list[tuple[int, int]] = []
    block = document.begin()
    while block.isValid():
        if _is_code(block) and block.textList() is None:
            start = block.position()
            end = block.position() + block.length() - 1
            while block.next().isValid() and _is_code(block.next()):
                block = block.next()
                end = block.position() + block.length() - 1
            runs.append((start, end))
        block = block.next()
    frame_format = QTextFrameFormat()
    frame_format.setBackground(shade)
    frame_format.setPadding(8)
    frame_format.setBorder(1)
    frame_format.setBorderBrush(rule)
    frame_format.setBorderStyle(QTextFrameFormat.BorderStyle.BorderStyle_Solid)
    frame_format.setTopMargin(6)
    frame_format.setBottomMargin(6)
    flush = QTextBlockFormat()
    flush.setTopMargin(0)
    flush.setBottomMargin(0)
    cursor = QTextCursor(document)
    # From the end, so earlier positions stay valid while frames are inserted.
    for start, end in reversed(runs):
        cursor.setPosition(start)
        cursor.setPosition(end, QTextCursor.MoveMode.KeepAnchor)
        cursor.mergeBlockFormat(flush)
        cursor.insertFrame(frame_format)


def _collapse_empty_blocks(document: QTextDocument) -> None:
    # Markdown has no empty paragraphs; Qt leaves one after each code block, and inserting a
    # frame leaves another before it. Outside frames, tables and lists they are only gaps.
    collapsed = QTextBlockFormat()
    collapsed.setTopMargin(0)
    collapsed.setBottomMargin(0)
    collapsed.setLineHeight(0, QTextBlockFormat.LineHeightTypes.FixedHeight.value)
    cursor = QTextCursor(document)
    root = document.rootFrame()
    block = document.begin()
    while block.isValid():
        cursor.setPosition(block.position())
        if not block.text() and block.textList() is None and cursor.currentFrame() == root:
            cursor.mergeBlockFormat(collapsed)
        block = block.next()


def _style_tables(document: QTextDocument, shade: QColor, rule: QColor) -> None:
    for frame in document.rootFrame().childFrames():
        if not isinstance(frame, QTextTable):
            continue
        table_format = frame.format().toTableFormat()
        table_format.setBorder(1)
        table_format.setBorderBrush(rule)
        table_format.setBorderStyle(QTextFrameFormat.BorderStyle.BorderStyle_Solid)
        table_format.setBorderCollapse(True)
        table_format.setCellSpacing(0)
        table_format.setCellPadding(5)
        table_format.setTopMargin(4)
        table_format.setBottomMargin(8)
        table_format.setWidth(QTextLength(QTextLength.Type.VariableLength, 0))
        frame.setFormat(table_format)
        _style_cells(document, frame, shade)


def _style_cells(document: QTextDocument, table: QTextTable, shade: QColor) -> None:
    # After a code block, Qt's reader opens the first cell with an empty paragraph and puts the
    # text in a second one with prose margins; the empty one goes and spacing is set here.
    tight = QTextBlockFormat()
    tight.setTopMargin(0)
    tight.setBottomMargin(0)
    bold = QTextCharFormat()
    bold.setFontWeight(QFont.Weight.DemiBold)
    cursor = QTextCursor(document)
    for row in range(table.rows()):
        for column in range(table.columns()):
            cell = table.cellAt(row, column)
            cursor.setPosition(cell.firstPosition())
            if not cursor.block().text() and cell.lastPosition() > cell.firstPosition():
                cursor.deleteChar()
                cell = table.cellAt(row, column)
                cursor.setPosition(cell.firstPosition())
            cursor.setPosition(cell.lastPosition(), QTextCursor.MoveMode.KeepAnchor)
            cursor.mergeBlockFormat(tight)
            if row == 0:
                cursor.mergeCharFormat(bold)
                cell_format = cell.format()
                cell_format.setBackground(shade)
                cell.setFormat(cell_format)


class MarkdownView(QTextBrowser):
    """Read-only Markdown (or plain text) exactly as tall as its text; links open in a browser.

    It never scrolls itself: the conversation around it does. It re-styles itself when the
    palette changes (the OS switched between light and dark).
    """

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._markdown = ""
        self.setOpenExternalLinks(True)
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        self.setContextMenuPolicy(Qt.ContextMenuPolicy.DefaultContextMenu)
        # Drawn on the card's background; the palette keeps its Base, which the styling reads.
        self.viewport().setAutoFillBackground(False)
        self.document().setDocumentMargin(0)
        layout = self.document().documentLayout()
        layout.documentSizeChanged.connect(self._on_layout_document_size_changed)
        self.setFixedHeight(0)

    def markdown(self) -> str:
        """The Markdown text shown."""
        return self._markdown

    def set_markdown(self, text: str) -> None:
        """Show ``text``, read as Markdown."""
        self._markdown = text
        render_markdown(self.document(), text, self.palette())

    def set_plain_text(self, text: str) -> None:
        """Show ``text`` as it is, without reading it as Markdown (what the user typed)."""
        self._markdown = ""
        self.document().setPlainText(text)

    def changeEvent(self, event: QEvent) -> None:
        """Re-style the text for a new palette."""
        super().changeEvent(event)
        if event.type() == QEvent.Type.PaletteChange and self._markdown:
            render_markdown(self.document(), self._markdown, self.palette())

    @Slot(QSizeF)
    def _on_layout_document_size_changed(self, size: QSizeF) -> None:
        self.setFixedHeight(math.ceil(size.height()) + 2 * self.frameWidth())
