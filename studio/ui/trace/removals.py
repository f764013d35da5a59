"""The passages the prompt-injection guard removed from a call's result, and putting one back.

A call's trace keeps what the guard removed (:class:`~studio.kernel.content.Removal`), per
source. :class:`RemovedPassages` lists them under the call's details, grouped by source, each
with a short phrase for what it tried to do and a button that hands the passage, quoted and
named by its source, to whoever owns the message box: the user may send it on purpose when the
guard was wrong.

A removed passage is hostile content. It is only ever shown as plain text, in a box that
interprets no markup and loads nothing; tooltips, which Qt may read as rich text, get their
texts escaped.
"""

from __future__ import annotations

import html
from collections.abc import Iterable, Mapping
from urllib.parse import urlsplit

from PySide6.QtCore import QEvent, Qt, Signal, Slot
from PySide6.QtGui import QPalette
from PySide6.QtWidgets import (
    QFrame,
    QHBoxLayout,
    QLabel,
    QPlainTextEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from studio.chats.models import StoredTrace
from studio.kernel.calls import ToolInvocationTrace
from studio.kernel.content import ContentSource, Removal
from studio.kernel.translatable import QT_TRANSLATE_NOOP, TranslatableText
from studio.ui import i18n
from studio.ui.trace import model, text_height

__all__ = [
    "PASSAGE_MAX_LINES",
    "RemovedPassage",
    "RemovedPassages",
    "by_source",
    "category_label",
    "put_back_text",
    "removals_of",
    "rich_text_tooltip",
    "source_name",
]

PASSAGE_MAX_LINES = 6
"""The most lines of a passage shown at once; a longer one scrolls inside its box."""


# One short phrase per category of studio.injection.FindingCategory, by its value.
_CATEGORY_LABELS: Mapping[str, TranslatableText] = {
    "override": QT_TRANSLATE_NOOP("RemovedPassages", "tried to overrule your instructions"),
    "role_override": QT_TRANSLATE_NOOP(
        "RemovedPassages", "pretended to be the system or the assistant"
    ),
    "exfiltration": QT_TRANSLATE_NOOP("RemovedPassages", "tried to send data away"),
    "jailbreak": QT_TRANSLATE_NOOP("RemovedPassages", "tried to lift the model's safety rules"),
    "agent_manipulation": QT_TRANSLATE_NOOP(
        "RemovedPassages", "tried to make the model act for it"
    ),
    "delimiter_evasion": QT_TRANSLATE_NOOP("RemovedPassages", "faked the end of the content"),
    "markup_evasion": QT_TRANSLATE_NOOP("RemovedPassages", "hid instructions in the page's markup"),
    "encoding_evasion": QT_TRANSLATE_NOOP("RemovedPassages", "hid instructions in encoded text"),
    "persistence": QT_TRANSLATE_NOOP("RemovedPassages", "tried to be remembered for later chats"),
    "evasion": QT_TRANSLATE_NOOP("RemovedPassages", "disguised an instruction"),
}
_UNKNOWN_CATEGORY = QT_TRANSLATE_NOOP("RemovedPassages", "looked like an instruction to the model")
_FROM = QT_TRANSLATE_NOOP("RemovedPassages", "From {source}:")


def removals_of(trace: model.TraceRecord) -> tuple[Removal, ...]:
    """What the guard removed from the call's result; live and stored traces both keep it."""
    if isinstance(trace, ToolInvocationTrace | StoredTrace):
        return trace.removals
    return ()


def category_label(category: str) -> str:
    """What a passage of ``category`` tried to do, as a short phrase in the UI language."""
    return i18n.translate(_CATEGORY_LABELS.get(category, _UNKNOWN_CATEGORY))


def source_name(source: ContentSource) -> str:
    """The short name of a source: a web page's host, otherwise what the source says."""
    if source.kind == "web_page" and not source.label:
        host = urlsplit(source.address).hostname
        if host:
            return host
    return source.display_name


def put_back_text(removal: Removal) -> str:
    """The passage as a quoted block under a line naming its source, for the message box.

    A web page is named by its full address, other sources by their name.
    """
    source = removal.source
    name = source.address if source.kind == "web_page" else source.display_name
    heading = i18n.translate(_FROM).replace("{source}", name)
    quoted = "\n".join(f"> {line}" if line else ">" for line in removal.passage.splitlines())
    return f"{heading}\n{quoted or '>'}"


def by_source(removals: Iterable[Removal]) -> list[tuple[ContentSource, list[Removal]]]:
    """``removals`` grouped by source, sources and passages in the order they came."""
    groups: dict[ContentSource, list[Removal]] = {}
    for removal in removals:
        groups.setdefault(removal.source, []).append(removal)
    return list(groups.items())


def rich_text_tooltip(text: str) -> str:
    """``text`` as a tooltip that shows literally: Qt guesses whether a tooltip is markup."""
    return f"<p>{html.escape(text)}</p>"


class RemovedPassage(QWidget):
    """One removed passage: what it tried, its text, and a button that puts it back.

    Signals:
        put_back_requested(str): the user asked to put the passage into the message box;
            carries the quoted block (see :func:`put_back_text`).
    """

    put_back_requested = Signal(str)

    def __init__(self, removal: Removal, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("RemovedPassage")
        self._removal = removal
        self._category = QLabel(self)
        self._category.setObjectName("RemovedPassageCategory")
        self._category.setTextFormat(Qt.TextFormat.PlainText)
        self._category.setWordWrap(True)
        self._text = QPlainTextEdit(self)
        self._text.setObjectName("RemovedPassageText")
        self._text.setReadOnly(True)
        self._text.setTabChangesFocus(True)
        self._text.setUndoRedoEnabled(False)
        self._text.setLineWrapMode(QPlainTextEdit.LineWrapMode.WidgetWidth)
        self._text.setPlainText(removal.passage)
        self._fit = text_height.fit_to_content(self._text, PASSAGE_MAX_LINES)
        self._put_back = QPushButton(self)
        self._put_back.setObjectName("PutBackButton")
        self._put_back.clicked.connect(self._on_put_back_clicked)
        row = QHBoxLayout()
        row.setContentsMargins(0, 0, 0, 0)
        row.addWidget(self._category, 1)
        row.addWidget(self._put_back, 0, Qt.AlignmentFlag.AlignTop)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(3)
        layout.addLayout(row)
        layout.addWidget(self._text)
        self._retranslate()
        self._apply_colors()

    @property
    def removal(self) -> Removal:
        """The passage this widget shows."""
        return self._removal

    def category_text(self) -> str:
        """The phrase for what the passage tried to do, as shown."""
        return self._category.text()

    def passage_view(self) -> QPlainTextEdit:
        """The plain-text box that shows the passage."""
        return self._text

    def put_back_button(self) -> QPushButton:
        """The "Put back into my message" button."""
        return self._put_back

    def changeEvent(self, event: QEvent) -> None:
        """Follow language and palette changes."""
        if event.type() == QEvent.Type.LanguageChange:
            self._retranslate()
        elif event.type() == QEvent.Type.PaletteChange:
            self._apply_colors()
        super().changeEvent(event)

    @Slot()
    def _on_put_back_clicked(self) -> None:
        self.put_back_requested.emit(put_back_text(self._removal))

    def _retranslate(self) -> None:
        label = category_label(self._removal.category)
        self._category.setText(label)
        self._text.setAccessibleName(self.tr("Removed passage: {what}").replace("{what}", label))
        self._put_back.setText(self.tr("Put back into my message"))
        self._put_back.setToolTip(
            rich_text_tooltip(
                self.tr(
                    "Adds this passage to your message as a quote; nothing is sent until you "
                    "send it."
                )
            )
        )

    def _apply_colors(self) -> None:
        palette = self._category.palette()
        palette.setColor(QPalette.ColorRole.WindowText, model.muted_color(self.palette()))
        self._category.setPalette(palette)
        # Shaded like the result: a block of quoted content, not the app's own text.
        shaded = self._text.palette()
        shaded.setColor(
            QPalette.ColorRole.Base, self.palette().color(QPalette.ColorRole.AlternateBase)
        )
        self._text.setPalette(shaded)


class RemovedPassages(QWidget):
    """Every passage the guard removed from one call's result, grouped by source.

    Signals:
        put_back_requested(str): the user asked to put a passage into the message box; carries
            the quoted block.
    """

    put_back_requested = Signal(str)

    def __init__(self, removals: Iterable[Removal], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("RemovedPassages")
        self._passages: list[RemovedPassage] = []
        self._sources: list[tuple[ContentSource, QLabel]] = []
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(6)
        for source, group in by_source(removals):
            heading = QLabel(self)
            heading.setObjectName("RemovedPassagesSource")
            heading.setTextFormat(Qt.TextFormat.PlainText)
            heading.setWordWrap(True)
            heading.setToolTip(rich_text_tooltip(source.address))
            layout.addWidget(heading)
            self._sources.append((source, heading))
            box = QFrame(self)
            box.setObjectName("RemovedPassagesGroup")
            group_layout = QVBoxLayout(box)
            group_layout.setContentsMargins(10, 0, 0, 0)
            group_layout.setSpacing(8)
            for removal in group:
                passage = RemovedPassage(removal, box)
                passage.put_back_requested.connect(self.put_back_requested)
                group_layout.addWidget(passage)
                self._passages.append(passage)
            layout.addWidget(box)
        self._retranslate()

    def count(self) -> int:
        """The number of passages listed."""
        return len(self._passages)

    def passages(self) -> tuple[RemovedPassage, ...]:
        """The passage widgets, grouped by source, in order."""
        return tuple(self._passages)

    def source_headings(self) -> list[str]:
        """The heading above each source's passages, as shown."""
        return [label.text() for _, label in self._sources]

    def changeEvent(self, event: QEvent) -> None:
        """Follow language changes."""
        if event.type() == QEvent.Type.LanguageChange:
            self._retranslate()
        super().changeEvent(event)

    def _retranslate(self) -> None:
        for source, label in self._sources:
            label.setText(self.tr("From {source}").replace("{source}", source_name(source)))
