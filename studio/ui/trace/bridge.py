"""Core loop events, re-emitted as Qt signals for the trace widgets (HS-8).

The harness yields plain :data:`~studio.harness.events.LoopEvent` values; whoever consumes the
run passes each one to :meth:`TraceBridge.handle`, and widgets connect to the signals instead of
knowing the core's event types. A run that is cancelled ends without an idle status, so its
owner also resets the status line itself.
"""

from __future__ import annotations

from typing import assert_never

from PySide6.QtCore import QObject, Signal

from studio.harness.events import (
    ConversationRecorded,
    LoopEvent,
    RequirementsRaised,
    RunFinished,
    SourcesUpdated,
    TextDelta,
    ToolCallFinished,
    ToolProgressed,
    ToolStatusChanged,
)
from studio.kernel.translatable import Translate
from studio.ui import i18n

__all__ = ["TraceBridge"]


class TraceBridge(QObject):
    """Turns the trace-related events of a tool calling run into Qt signals.

    Signals:
        tool_status_changed(str, bool): the translated "Using tool: …" message (empty when
            idle) and whether tools are running.
        tool_progressed(str): how far the running call got, translated ("3 of 10 pages
            loaded").
        tool_call_finished(object): a call ended; carries its
            :class:`~studio.tools.executor.ToolInvocationTrace`.
        sources_updated(object): every source of the run so far, without duplicates, as a
            tuple of :class:`~studio.kernel.result.Source`.
    """

    tool_status_changed = Signal(str, bool)
    tool_progressed = Signal(str)
    tool_call_finished = Signal(object)
    sources_updated = Signal(object)

    def __init__(
        self, parent: QObject | None = None, *, translate: Translate = i18n.translate
    ) -> None:
        """Create a bridge.

        Args:
            parent: The Qt parent.
            translate: Renders the status message's texts; the UI language by default.
        """
        super().__init__(parent)
        self._translate = translate

    def handle(self, event: LoopEvent) -> None:
        """Emit the signal that ``event`` calls for; events about text and tokens emit none."""
        match event:
            case ToolStatusChanged():
                self.tool_status_changed.emit(event.text(self._translate), event.running)
            case ToolProgressed():
                self.tool_progressed.emit(event.text(self._translate))
            case ToolCallFinished():
                self.tool_call_finished.emit(event.trace)
            case SourcesUpdated():
                self.sources_updated.emit(event.sources)
            case TextDelta() | RequirementsRaised() | ConversationRecorded() | RunFinished():
                # The chat view renders text and the chat owner stores requirements.
                pass
            case _:
                assert_never(event)
