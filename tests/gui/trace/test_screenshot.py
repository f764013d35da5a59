"""An offscreen picture of an answer with its tool calls and sources, for docs/screenshots.

The test always renders the picture (so the composition keeps working); with
``STUDIO_UPDATE_SCREENSHOTS=1`` it also writes ``docs/screenshots/trace.png``.
"""

from __future__ import annotations

import os
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtGui import QFont, QPalette, QPixmap
from PySide6.QtWidgets import QApplication, QHBoxLayout, QLabel, QVBoxLayout, QWidget
from pytestqt.qtbot import QtBot

from studio.kernel.calls import ToolInvocationTrace, TraceStatus
from studio.kernel.result import Source, SourceOrigin
from studio.kernel.translatable import QT_TRANSLATE_NOOP
from studio.ui import theme
from studio.ui.chat.sources import SourcesBadge, SourcesList
from studio.ui.trace.panel import TracePanel, TracePill

_SCREENSHOT = Path(__file__).resolve().parents[3] / "docs" / "screenshots" / "trace.png"

_WIDTH = 760

_ANSWER = (
    "Under the EU AI Act, providers of high-risk systems must run a risk management system, "
    "keep technical documentation and logs, and register the system before it is placed on "
    "the market. The obligations apply from August 2026 [1][2]."
)


def _traces() -> list[ToolInvocationTrace]:
    return [
        ToolInvocationTrace(
            order=1,
            tool_id="web_search",
            display_name=QT_TRANSLATE_NOOP("WebSearchTool", "Web search"),
            tool_icon="travel_explore",
            tool_call_id="call_1",
            status=TraceStatus.SUCCESS,
            was_executed=True,
            arguments={"query": "EU AI Act high-risk obligations 2026", "max_results": "5"},
            result=(
                '{"results": [\n'
                '  {"title": "AI Act: obligations for high-risk systems",\n'
                '   "url": "https://digital-strategy.ec.europa.eu/en/policies/ai-act"},\n'
                '  {"title": "Article 16: Obligations of providers",\n'
                '   "url": "https://artificialintelligenceact.eu/article/16/"}\n'
                "]}"
            ),
        ),
        ToolInvocationTrace(
            order=2,
            tool_id="read_web_page",
            display_name=QT_TRANSLATE_NOOP("ReadWebPageTool", "Read web page"),
            tool_icon="article",
            tool_call_id="call_2",
            status=TraceStatus.ERROR,
            was_executed=True,
            status_message=QT_TRANSLATE_NOOP("ToolExecutor", "The tool failed: {message}"),
            status_values={"message": "The page did not answer within 20 seconds."},
            arguments={"url": "https://eur-lex.europa.eu/eli/reg/2024/1689/oj"},
            result="Tool execution failed: The page did not answer within 20 seconds.",
        ),
        ToolInvocationTrace(
            order=3,
            tool_id="search_confluence",
            display_name=QT_TRANSLATE_NOOP("ConfluenceSearchTool", "Search Confluence"),
            tool_icon="search",
            tool_call_id="call_3",
            status=TraceStatus.BLOCKED,
            status_message=QT_TRANSLATE_NOOP(
                "ToolExecutor",
                "This chat now limits where its data may be sent, and this tool would send "
                "data beyond the configured services.",
            ),
            arguments={"query": "AI governance policy", "space": "LEGAL", "token": "*****"},
        ),
    ]


def _sources() -> list[Source]:
    return [
        Source(
            title="AI Act | Shaping Europe's digital future",
            url="https://digital-strategy.ec.europa.eu/en/policies/ai-act",
        ),
        Source(
            title="Article 16: Obligations of Providers of High-Risk AI Systems",
            url="https://artificialintelligenceact.eu/article/16/",
        ),
        # The same page again, spelt differently: listed once.
        Source(title="AI Act", url="HTTPS://Digital-Strategy.ec.europa.eu:443/en/policies/ai-act"),
        Source(
            title="Regulation (EU) 2024/1689",
            url="https://eur-lex.europa.eu/eli/reg/2024/1689/oj",
            origin=SourceOrigin.MODEL,
        ),
        Source(
            title="Re: AI Act readiness review",
            url="mailbox://legal/INBOX/4711",
            origin=SourceOrigin.DATA_PROVIDER,
        ),
    ]


def _answer_card(panel: TracePanel, sources: SourcesList) -> QWidget:
    window = QWidget()
    window.setPalette(theme.palette_for(Qt.ColorScheme.Light))
    window.setAutoFillBackground(True)
    window.setBackgroundRole(QPalette.ColorRole.Window)

    author = QLabel("Studio")
    font = author.font()
    font.setWeight(QFont.Weight.Bold)
    author.setFont(font)
    model_name = QLabel("gpt-4.1 · OpenAI")
    model_name.setEnabled(False)
    pill = TracePill(panel)
    header = QHBoxLayout()
    header.addWidget(author)
    header.addWidget(model_name)
    header.addStretch(1)
    header.addWidget(pill)

    answer = QLabel(_ANSWER)
    answer.setWordWrap(True)
    badge = SourcesBadge(sources)
    footer = QHBoxLayout()
    footer.addWidget(badge)
    footer.addStretch(1)

    layout = QVBoxLayout(window)
    layout.setContentsMargins(20, 16, 20, 16)
    layout.setSpacing(10)
    layout.addLayout(header)
    layout.addWidget(panel)
    layout.addWidget(answer)
    layout.addLayout(footer)
    layout.addWidget(sources)
    layout.addStretch(1)
    pill.setChecked(True)
    badge.setChecked(True)
    return window


def test_screenshot_of_an_expanded_trace_panel(qtbot: QtBot, tmp_path: Path) -> None:
    panel = TracePanel(_traces())
    sources = SourcesList(_sources())
    window = _answer_card(panel, sources)
    qtbot.addWidget(window)
    panel.set_all_expanded(True)
    window.resize(_WIDTH, 400)
    window.show()
    qtbot.wait_exposed(window)
    # Let the expanded entries lay out, then fit the window's height to its content.
    QApplication.processEvents()
    layout = window.layout()
    assert layout is not None
    height = layout.totalHeightForWidth(_WIDTH)
    window.resize(_WIDTH, height)
    qtbot.wait_until(lambda: window.height() == height)
    QApplication.processEvents()

    pixmap = QPixmap(window.size() * 2)
    pixmap.setDevicePixelRatio(2)
    pixmap.fill(Qt.GlobalColor.transparent)
    window.render(pixmap)

    assert [entry.chip.text() for entry in panel.entries()] == ["Executed", "Failed", "Blocked"]
    assert sources.count() == 4
    assert pixmap.save(str(tmp_path / "trace.png"))
    if os.environ.get("STUDIO_UPDATE_SCREENSHOTS") == "1":
        _SCREENSHOT.parent.mkdir(parents=True, exist_ok=True)
        assert pixmap.save(str(_SCREENSHOT))
