"""The bridge re-emits the trace-related loop events as Qt signals, one per event."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from pytestqt.qtbot import QtBot

from studio.harness.events import (
    ConversationRecorded,
    LoopEvent,
    RequirementsRaised,
    RunFinished,
    SourcesUpdated,
    TextDelta,
    ToolCallFinished,
    ToolStatusChanged,
)
from studio.kernel.policy import (
    ConfidenceLevel,
    DataSecurity,
    OutboundDataRequirement,
    OutboundDataRestriction,
)
from studio.kernel.result import Source
from studio.kernel.translatable import QT_TRANSLATE_NOOP, TranslatableText
from studio.ui.trace.bridge import TraceBridge

Make = Callable[..., Any]


def _record(bridge: TraceBridge) -> list[tuple[str, tuple[object, ...]]]:
    emitted: list[tuple[str, tuple[object, ...]]] = []
    bridge.tool_status_changed.connect(lambda *args: emitted.append(("status", args)))
    bridge.tool_call_finished.connect(lambda *args: emitted.append(("finished", args)))
    bridge.sources_updated.connect(lambda *args: emitted.append(("sources", args)))
    return emitted


def test_bridge_emits_the_translated_status_while_tools_run(qtbot: QtBot) -> None:
    german = {"Using tools: {names}": "Verwendet Werkzeuge: {names}", "Web search": "Websuche"}

    def translate(text: TranslatableText) -> str:
        return german.get(str(text), str(text))

    bridge = TraceBridge(translate=translate)
    names = [QT_TRANSLATE_NOOP("WebSearchTool", "Web search"), "made_up_tool"]

    with qtbot.wait_signal(bridge.tool_status_changed) as signal:
        bridge.handle(ToolStatusChanged.using(names))

    assert signal.args == ["Verwendet Werkzeuge: Websuche, made_up_tool", True]


def test_bridge_emits_an_empty_status_when_tools_stop(qtbot: QtBot) -> None:
    bridge = TraceBridge()

    with qtbot.wait_signal(bridge.tool_status_changed) as signal:
        bridge.handle(ToolStatusChanged.idle())

    assert signal.args == ["", False]


def test_bridge_emits_each_finished_call(qtbot: QtBot, make_trace: Make) -> None:
    bridge = TraceBridge()
    trace = make_trace()

    with qtbot.wait_signal(bridge.tool_call_finished) as signal:
        bridge.handle(ToolCallFinished(trace=trace))

    assert signal.args == [trace]


def test_bridge_emits_the_sources_so_far(qtbot: QtBot) -> None:
    bridge = TraceBridge()
    sources = (Source(title="A", url="https://a.example/"),)

    with qtbot.wait_signal(bridge.sources_updated) as signal:
        bridge.handle(SourcesUpdated(sources=sources))

    assert signal.args == [sources]


def test_bridge_emits_one_signal_per_event_in_order(make_trace: Make) -> None:
    bridge = TraceBridge()
    emitted = _record(bridge)
    trace = make_trace()
    sources = (Source(title="A", url="https://a.example/"),)

    events: list[LoopEvent] = [
        ToolStatusChanged.using(["web_search"]),
        ToolCallFinished(trace=trace),
        SourcesUpdated(sources=sources),
        ToolStatusChanged.idle(),
    ]
    for event in events:
        bridge.handle(event)

    assert emitted == [
        ("status", ("Using tool: web_search", True)),
        ("finished", (trace,)),
        ("sources", (sources,)),
        ("status", ("", False)),
    ]


@pytest.mark.parametrize(
    "event",
    [
        TextDelta(text="Hello"),
        RequirementsRaised(
            provider_confidence=ConfidenceLevel.NONE,
            data_security=DataSecurity.NOT_SPECIFIED,
            outbound=OutboundDataRequirement(level=OutboundDataRestriction.UNRESTRICTED),
        ),
        ConversationRecorded(request_texts=("Hi",)),
        RunFinished(outcome="answered"),
    ],
    ids=["text-delta", "requirements-raised", "conversation-recorded", "run-finished"],
)
def test_bridge_ignores_events_that_are_not_about_tools(event: LoopEvent) -> None:
    bridge = TraceBridge()
    emitted = _record(bridge)

    bridge.handle(event)

    assert emitted == []
