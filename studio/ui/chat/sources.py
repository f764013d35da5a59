"""The sources of an answer: a badge with their count and the list it opens.

The list groups sources by who supplied them, under "Sources provided by the AI", "Sources used
by tools" and "Sources provided by the data providers", numbered once across the groups. The
same page reported twice (a search finds it, a read opens it, or the address is spelt
differently) is listed once, compared by normalised address
(:func:`studio.harness.sources.normalize_url`).

Only web addresses (http and https) become links, and they open in the system browser; anything
else, such as a ``mailbox://`` address, is shown as text.
"""

from __future__ import annotations

import html
from collections.abc import Iterable

from PySide6.QtCore import QEvent, QPointF, QRectF, Qt, QUrl, Signal, Slot
from PySide6.QtGui import QColor, QDesktopServices, QFont, QIcon, QPainter, QPalette, QPen, QPixmap
from PySide6.QtWidgets import QGridLayout, QLabel, QVBoxLayout, QWidget

from studio.harness import sources as harness_sources
from studio.kernel.result import Source, SourceOrigin
from studio.ui.trace import model, panel

__all__ = ["LINK_SCHEMES", "SourceItem", "SourcesBadge", "SourcesList", "is_web_link"]

LINK_SCHEMES = frozenset({"http", "https"})
"""The schemes a source may open in the browser with."""

# The order of the groups in the list.
_GROUP_ORDER = (SourceOrigin.MODEL, SourceOrigin.TOOL, SourceOrigin.DATA_PROVIDER)


def is_web_link(url: str) -> bool:
    """Whether ``url`` is a valid http or https address with a host, so it may be opened."""
    address = QUrl(url.strip())
    return address.isValid() and address.scheme().lower() in LINK_SCHEMES and bool(address.host())


class SourceItem(QWidget):
    """One numbered source: its title, as a link for a web address, and where it is."""

    def __init__(self, number: int, source: Source, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._number = number
        self._source = source
        self._is_link = is_web_link(source.url)
        title = source.title.strip() or source.url.strip()

        self._number_label = QLabel(f"{number}.", self)
        self._number_label.setObjectName("SourceNumber")
        self._number_label.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignTop)
        self._title = QLabel(self)
        self._title.setObjectName("SourceTitle")
        self._title.setWordWrap(True)
        # Tooltips guess whether text is markup; an escaped paragraph is always shown as text.
        self._title.setToolTip(f"<p>{html.escape(source.url)}</p>")
        if self._is_link:
            self._title.setTextFormat(Qt.TextFormat.RichText)
            self._title.setTextInteractionFlags(
                Qt.TextInteractionFlag.LinksAccessibleByMouse
                | Qt.TextInteractionFlag.LinksAccessibleByKeyboard
            )
            # The slot opens the source's own address, never the text of the clicked link.
            self._title.setOpenExternalLinks(False)
            self._title.linkActivated.connect(self._on_title_link_activated)
        else:
            self._title.setTextFormat(Qt.TextFormat.PlainText)
            self._title.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self._title_text = title
        self._where = QLabel(self)
        self._where.setObjectName("SourceLocation")
        self._where.setTextFormat(Qt.TextFormat.PlainText)
        self._where.setText(_location(source.url) if source.url.strip() != title else "")
        self._where.setVisible(bool(self._where.text()))
        small = self._where.font()
        small.setPointSizeF(small.pointSizeF() * 0.9)
        self._where.setFont(small)

        layout = QGridLayout(self)
        layout.setContentsMargins(0, 2, 0, 2)
        layout.setHorizontalSpacing(6)
        layout.setVerticalSpacing(0)
        layout.addWidget(self._number_label, 0, 0, 2, 1)
        layout.addWidget(self._title, 0, 1)
        layout.addWidget(self._where, 1, 1)
        layout.setColumnMinimumWidth(0, self.fontMetrics().horizontalAdvance("00."))
        layout.setColumnStretch(1, 1)
        self._apply_colors()

    @property
    def number(self) -> int:
        """The source's number, counted across the groups."""
        return self._number

    @property
    def source(self) -> Source:
        """The source shown."""
        return self._source

    @property
    def title_label(self) -> QLabel:
        """The label with the title (and the link, for a web address)."""
        return self._title

    def is_link(self) -> bool:
        """Whether the title is a link that opens the source in the browser."""
        return self._is_link

    def open(self) -> bool:
        """Open the source in the system browser; False for anything but a web address."""
        if not self._is_link:
            return False
        return QDesktopServices.openUrl(QUrl(self._source.url.strip()))

    def changeEvent(self, event: QEvent) -> None:
        """Follow palette changes."""
        if event.type() == QEvent.Type.PaletteChange:
            self._apply_colors()
        super().changeEvent(event)

    @Slot(str)
    def _on_title_link_activated(self, _link: str) -> None:
        self.open()

    def _apply_colors(self) -> None:
        if self._is_link:
            # Escaped: a title or address is text from outside and must not become markup.
            # Set again on palette changes, because the label keeps the link colour it had.
            link = html.escape(self._source.url.strip(), quote=True)
            color = self.palette().color(QPalette.ColorRole.Link).name()
            self._title.setText(
                f'<a href="{link}" style="color: {color}">{html.escape(self._title_text)}</a>'
            )
        else:
            self._title.setText(self._title_text)
        muted = model.muted_color(self.palette())
        for label in (self._number_label, self._where):
            palette = label.palette()
            palette.setColor(QPalette.ColorRole.WindowText, muted)
            label.setPalette(palette)


class SourcesList(QWidget):
    """The sources of one answer, grouped by origin and numbered across the groups.

    Signals:
        count_changed(int): the number of distinct sources changed.
    """

    count_changed = Signal(int)

    def __init__(self, sources: Iterable[Source] = (), parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("SourcesList")
        self._sources: tuple[Source, ...] = ()
        self._items: list[SourceItem] = []
        self._headings: list[QLabel] = []
        self._layout = QVBoxLayout(self)
        self._layout.setContentsMargins(0, 0, 0, 0)
        self._layout.setSpacing(2)
        self._sources = harness_sources.merge_sources((), sources)
        self._rebuild()

    def sources(self) -> tuple[Source, ...]:
        """The distinct sources, in the order they are listed."""
        return tuple(item.source for item in self._items)

    def count(self) -> int:
        """The number of distinct sources."""
        return len(self._items)

    def items(self) -> tuple[SourceItem, ...]:
        """The listed sources, in order."""
        return tuple(self._items)

    def group_titles(self) -> list[str]:
        """The headings of the groups that have sources, in order."""
        return [heading.text() for heading in self._headings]

    @Slot(object)
    def set_sources(self, sources: Iterable[Source]) -> None:
        """List ``sources`` instead of the current ones, each address once.

        Connect :attr:`TraceBridge.sources_updated <studio.ui.trace.bridge.TraceBridge>` here:
        it carries every source of the run so far.
        """
        self._sources = harness_sources.merge_sources((), sources)
        self._rebuild()

    @Slot(object)
    def add_sources(self, sources: Iterable[Source]) -> None:
        """Add the sources of ``sources`` whose address is not listed yet."""
        merged = harness_sources.merge_sources(self._sources, sources)
        if len(merged) != len(self._sources):
            self._sources = merged
            self._rebuild()

    def changeEvent(self, event: QEvent) -> None:
        """Follow language and palette changes."""
        if event.type() in (QEvent.Type.LanguageChange, QEvent.Type.PaletteChange):
            self._retitle()
        super().changeEvent(event)

    def _rebuild(self) -> None:
        previous = len(self._items)
        while (child := self._layout.takeAt(0)) is not None:
            if (widget := child.widget()) is not None:
                widget.deleteLater()
        self._items.clear()
        self._headings.clear()
        number = 0
        for origin in _GROUP_ORDER:
            group = [source for source in self._sources if source.origin == origin]
            if not group:
                continue
            heading = QLabel(self)
            heading.setObjectName("SourcesGroupTitle")
            heading.setProperty("origin", origin.value)
            font = heading.font()
            font.setWeight(QFont.Weight.DemiBold)
            heading.setFont(font)
            if self._headings:
                self._layout.addSpacing(6)
            self._layout.addWidget(heading)
            self._headings.append(heading)
            for source in group:
                number += 1
                item = SourceItem(number, source, self)
                self._layout.addWidget(item)
                self._items.append(item)
        self._retitle()
        if len(self._items) != previous:
            self.count_changed.emit(len(self._items))

    def _retitle(self) -> None:
        titles = {
            SourceOrigin.MODEL.value: self.tr("Sources provided by the AI"),
            SourceOrigin.TOOL.value: self.tr("Sources used by tools"),
            SourceOrigin.DATA_PROVIDER.value: self.tr("Sources provided by the data providers"),
        }
        for heading in self._headings:
            heading.setText(titles[str(heading.property("origin"))])


class SourcesBadge(panel.PillButton):
    """A small button with the number of sources; it shows and hides a :class:`SourcesList`.

    The badge hides itself while there are no sources, and the list starts hidden.
    """

    def __init__(self, sources: SourcesList, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("SourcesBadge")
        self._list = sources
        sources.setVisible(False)
        sources.count_changed.connect(self._on_sources_count_changed)
        self.toggled.connect(self._on_self_toggled)
        self._refresh()

    @property
    def sources_list(self) -> SourcesList:
        """The list the badge shows and hides."""
        return self._list

    def changeEvent(self, event: QEvent) -> None:
        """Follow language and palette changes."""
        if event.type() in (QEvent.Type.LanguageChange, QEvent.Type.PaletteChange):
            self._refresh()
        super().changeEvent(event)

    @Slot(int)
    def _on_sources_count_changed(self, _count: int) -> None:
        self._refresh()

    @Slot(bool)
    def _on_self_toggled(self, checked: bool) -> None:
        self._list.setVisible(checked)

    def _refresh(self) -> None:
        count = self._list.count()
        self.setText(self.tr("Sources (%n)", "", count))
        self.setToolTip(self.tr("Show the sources of this answer"))
        self.setAccessibleName(self.text())
        self.setIcon(_link_icon(self.palette().color(QPalette.ColorRole.Text)))
        if count == 0:
            self.setChecked(False)
        self.setVisible(count > 0)


def _location(url: str) -> str:
    """Where a source is, for the line under its title: the host of a web address."""
    text = url.strip()
    if is_web_link(text):
        host = QUrl(text).host()
        return host.removeprefix("www.")
    return text


def _link_icon(color: QColor) -> QIcon:
    """Two chain links, drawn so no icon file is needed."""
    size = 64
    pixmap = QPixmap(size, size)
    pixmap.fill(Qt.GlobalColor.transparent)
    painter = QPainter(pixmap)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setPen(QPen(color, 7.0))
    painter.translate(QPointF(size / 2, size / 2))
    painter.rotate(-45)
    for offset in (-13.0, 13.0):
        painter.drawRoundedRect(QRectF(offset - 15, -9, 30, 18), 9, 9)
    painter.end()
    return QIcon(pixmap)
