"""Answers as Markdown: Qt's own Markdown reader plus a little styling it does not apply.

``QTextDocument.setMarkdown`` understands GitHub's dialect (code blocks, tables, links, lists)
but draws code like prose and tables without lines. :func:`render_markdown` reads the text and
then styles the document from the palette: code blocks sit in a shaded, padded frame, inline
code is shaded, tables get thin rules and a shaded header, headings stay close to the body size.

An answer may carry what a prompt injection asked the model to write, so the view loads nothing
an answer names and lets no link hide where it goes. Its document and the view itself load no
resource at all (an image that loads is a request that can carry the chat's secrets out, and a
``file:`` or ``data:`` one reads a file or decodes any amount of data); each image becomes a
plain line naming its description and address instead. A link whose address did not appear in
the conversation shows that address after its text (see :mod:`studio.ui.chat.links`), every
link has its address as tooltip, and a click opens only web and mail addresses, in the browser.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import replace

from PySide6.QtCore import QCoreApplication, QEvent, QSizeF, Qt, QUrl, Slot
from PySide6.QtGui import (
    QColor,
    QDesktopServices,
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
    QTextOption,
    QTextTable,
)
from PySide6.QtWidgets import QFrame, QSizePolicy, QTextBrowser, QWidget

from studio.ui import theme
from studio.ui.chat.links import (
    NO_ADDRESSES,
    KnownAddresses,
    ShownLink,
    shown_address,
)

__all__ = ["MarkdownView", "render_markdown"]

_HEADING_SCALE = {1: 1.35, 2: 1.22, 3: 1.1, 4: 1.0, 5: 1.0, 6: 1.0}
"""Heading sizes relative to the body; Qt's defaults are poster-sized for a chat bubble."""


def _is_code(block: QTextBlock) -> bool:
    block_format = block.blockFormat()
    return block_format.hasProperty(QTextFormat.Property.BlockCodeFence) or bool(
        block_format.nonBreakableLines()
    )


_OPENED_SCHEMES = frozenset({"http", "https", "mailto"})
"""What a click on a link opens; a ``file:`` link could start a program, so it opens nothing."""

_IMAGE_PROPERTIES = (
    QTextFormat.Property.ObjectType,
    QTextFormat.Property.ImageName,
    QTextFormat.Property.ImageTitle,
    QTextFormat.Property.ImageAltText,
    QTextFormat.Property.ImageWidth,
    QTextFormat.Property.ImageHeight,
    QTextFormat.Property.ImageQuality,
    QTextFormat.Property.ImageMaxWidth,
)
"""What makes a character an image; without them it is text in the same font."""


def render_markdown(
    document: QTextDocument,
    text: str,
    palette: QPalette,
    known: KnownAddresses = NO_ADDRESSES,
) -> tuple[ShownLink, ...]:
    """Replace ``document``'s content with ``text`` read as Markdown, styled from ``palette``.

    Images become placeholders and links that hide an address not in ``known`` show it (see
    the module docstring).

    Returns:
        The links of the text, in order, and whether each shows its address.
    """
    document.setMarkdown(text, QTextDocument.MarkdownFeature.MarkdownDialectGitHub)
    base = palette.color(QPalette.ColorRole.Base)
    ink = palette.color(QPalette.ColorRole.Text)
    shade = theme.mix(base, ink, 0.06)
    rule = theme.mix(base, ink, 0.18)
    muted = theme.mix(base, ink, 0.72)
    _replace_images(document, shade, muted)
    links = _show_link_addresses(document, known, muted)
    mono = QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont)
    mono.setPointSizeF(max(document.defaultFont().pointSizeF() * 0.92, 7.0))
    _style_text(document, shade, mono)
    _frame_code_blocks(document, shade, rule)
    _style_tables(document, shade, rule)
    _collapse_empty_blocks(document)
    return links


def _fragments(document: QTextDocument) -> list[tuple[int, int, QTextCharFormat, str]]:
    """Every fragment of the document as (position, length, format, text), in order."""
    found = []
    block = document.begin()
    while block.isValid():
        iterator = block.begin()
        while not iterator.atEnd():
            fragment = iterator.fragment()
            if fragment.isValid():
                found.append(
                    (fragment.position(), fragment.length(), fragment.charFormat(), fragment.text())
                )
            iterator += 1
        block = block.next()
    return found


def _image_placeholder(alt: str, address: str) -> str:
    if alt:
        return QCoreApplication.translate(
            "MarkdownView", "Image not loaded: {alt} ({address})"
        ).format(alt=alt, address=address)
    return QCoreApplication.translate("MarkdownView", "Image not loaded: {address}").format(
        address=address
    )


def _touching(runs: list[tuple[int, int, str, str, QTextCharFormat]]) -> list[bool]:
    """For each link, whether it touches the one before or after with another target."""
    touching = [False] * len(runs)
    for index in range(1, len(runs)):
        before, after = runs[index - 1], runs[index]
        if before[1] == after[0] and before[2] != after[2]:
            touching[index - 1] = touching[index] = True
    return touching


def _replace_images(document: QTextDocument, shade: QColor, muted: QColor) -> None:
    # Qt's reader keeps an image as one character with an image format; nothing has asked for
    # it yet (only layout does), and as plain text nothing ever will.
    images = [
        (position + offset, char_format)
        for position, length, char_format, _text in _fragments(document)
        if char_format.isImageFormat()
        for offset in range(length)
    ]
    cursor = QTextCursor(document)
    # From the end, so earlier positions stay valid while the text grows.
    for position, char_format in reversed(images):
        image = char_format.toImageFormat()
        address = shown_address(image.name())
        alt = str(image.property(QTextFormat.Property.ImageAltText) or "").strip()
        placeholder = QTextCharFormat(char_format)
        for image_property in _IMAGE_PROPERTIES:
            placeholder.clearProperty(image_property)
        placeholder.setFontItalic(True)
        placeholder.setBackground(shade)
        placeholder.setForeground(muted)
        placeholder.setToolTip(address)
        cursor.setPosition(position)
        cursor.setPosition(position + 1, QTextCursor.MoveMode.KeepAnchor)
        cursor.insertText(_image_placeholder(alt, address), placeholder)


def _show_link_addresses(
    document: QTextDocument, known: KnownAddresses, muted: QColor
) -> tuple[ShownLink, ...]:
    # A link is a run of fragments with the same target (bold or code inside a link splits it).
    runs: list[tuple[int, int, str, str, QTextCharFormat]] = []
    for position, length, char_format, text in _fragments(document):
        href = char_format.anchorHref() if char_format.isAnchor() else ""
        if not href:
            continue
        if runs and runs[-1][1] == position and runs[-1][2] == href and "\u2029" not in text:
            start, _end, _href, joined, _format = runs[-1]
            runs[-1] = (start, position + length, href, joined + text, char_format)
        else:
            runs.append((position, position + length, href, text, char_format))
    links = tuple(
        ShownLink(text=text, href=href, address_shown=False, beside_other_link=beside)
        for (_start, _end, href, text, _format), beside in zip(runs, _touching(runs), strict=True)
    )
    links = tuple(replace(link, address_shown=link.must_show_address(known)) for link in links)
    cursor = QTextCursor(document)
    for (start, end, href, text, char_format), link in reversed(
        list(zip(runs, links, strict=True))
    ):
        address = shown_address(href)
        tooltip = QTextCharFormat()
        tooltip.setToolTip(address)
        cursor.setPosition(start)
        cursor.setPosition(end, QTextCursor.MoveMode.KeepAnchor)
        cursor.mergeCharFormat(tooltip)
        if link.address_shown:
            plain = QTextCharFormat(char_format)
            plain.setAnchor(False)
            plain.clearProperty(QTextFormat.Property.AnchorHref)
            plain.setFontUnderline(False)
            plain.setForeground(muted)
            plain.setToolTip(address)
            # Before a space the link text ends with, so the address follows the words.
            cursor.setPosition(end - (len(text) - len(text.rstrip())))
            cursor.insertText(f" ({address})", plain)
    return links


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


class _SealedDocument(QTextDocument):
    """A document that loads no resource: no image, style sheet or file, from anywhere."""

    def loadResource(self, type: int, name: QUrl | str) -> object:
        """Nothing: Qt's own loader would read files and decode ``data:`` addresses."""
        return None


class MarkdownView(QTextBrowser):
    """Read-only Markdown (or plain text) exactly as tall as its text; links open in a browser.

    It never scrolls itself: the conversation around it does. It re-styles itself when the
    palette changes (the OS switched between light and dark). It loads nothing the text names
    and shows where links go (see the module docstring); which addresses appeared in the
    conversation it asks :meth:`set_known_addresses`'s source each time it renders.
    """

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._markdown = ""
        self._links: tuple[ShownLink, ...] = ()
        self._known: Callable[[], KnownAddresses] = _no_addresses
        self.setOpenLinks(False)
        self.anchorClicked.connect(self._on_anchor_clicked)
        # An address shown in full may be longer than the line; it breaks rather than hides.
        self.setWordWrapMode(QTextOption.WrapMode.WrapAtWordBoundaryOrAnywhere)
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        self.setContextMenuPolicy(Qt.ContextMenuPolicy.DefaultContextMenu)
        # Drawn on the card's background; the palette keeps its Base, which the styling reads.
        self.viewport().setAutoFillBackground(False)
        self._adopt(self._new_document())
        self.setFixedHeight(0)

    def markdown(self) -> str:
        """The Markdown text shown."""
        return self._markdown

    def links(self) -> tuple[ShownLink, ...]:
        """The links shown, in order, and whether each shows its address after its text."""
        return self._links

    def set_known_addresses(self, source: Callable[[], KnownAddresses]) -> None:
        """Ask ``source`` for the addresses that appeared in the conversation when rendering."""
        self._known = source

    def set_markdown(self, text: str) -> None:
        """Show ``text``, read as Markdown."""
        self._markdown = text
        self._render()

    def set_plain_text(self, text: str) -> None:
        """Show ``text`` as it is, without reading it as Markdown (what the user typed)."""
        self._markdown = ""
        self._links = ()
        self.document().setPlainText(text)

    def refresh_links(self) -> None:
        """Render again if an address appeared since, or vanished, that changes a link."""
        if not self._links:
            return
        known = self._known()
        if any(link.must_show_address(known) != link.address_shown for link in self._links):
            self._render()

    def loadResource(self, type: int, name: QUrl | str) -> object:
        """Nothing: the view has no resources of its own, and loads none an answer names."""
        return None

    def changeEvent(self, event: QEvent) -> None:
        """Re-style the text for a new palette."""
        super().changeEvent(event)
        if event.type() == QEvent.Type.PaletteChange and self._markdown:
            self._render()

    def _render(self) -> None:
        # A fresh document without a layout: laid out, a document asks for its images, and
        # Qt then reads an image file itself when the resource loaders refuse it. Only the
        # finished document, its images replaced, is laid out.
        document = self._new_document()
        self._links = render_markdown(document, self._markdown, self.palette(), self._known())
        self._adopt(document)

    def _new_document(self) -> QTextDocument:
        document = _SealedDocument(self)
        document.setDefaultFont(self.font())
        document.setDocumentMargin(0)
        return document

    def _adopt(self, document: QTextDocument) -> None:
        # The view's first document is Qt's own, which Qt deletes; later ones are this view's.
        old = self.document()
        ours = isinstance(old, _SealedDocument)
        self.setDocument(document)
        if ours:
            old.deleteLater()
        layout = document.documentLayout()
        layout.documentSizeChanged.connect(self._on_layout_document_size_changed)
        self._on_layout_document_size_changed(layout.documentSize())

    @Slot(QUrl)
    def _on_anchor_clicked(self, url: QUrl) -> None:
        if url.scheme().lower() in _OPENED_SCHEMES:
            QDesktopServices.openUrl(url)

    @Slot(QSizeF)
    def _on_layout_document_size_changed(self, size: QSizeF) -> None:
        self.setFixedHeight(math.ceil(size.height()) + 2 * self.frameWidth())


def _no_addresses() -> KnownAddresses:
    return NO_ADDRESSES
