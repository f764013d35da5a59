"""A provider adapter that plays back scripted rounds and records what the loop asks of it.

Loop tests queue rounds with :meth:`ScriptedAdapter.enqueue`: each is a list of steps (text,
:class:`AdapterTextDelta` or a :class:`Hold`) followed by how the round ends: a
:class:`Round` (reported as ``RoundCompleted``), ``None`` (the stream ends without a round) or
an exception (raised after the steps). Asking for more rounds than were queued fails the test,
which is how tests prove that the loop stops.

The adapter records each round request (instruction, include_tools), each call to
``record_assistant_turn`` and ``record_tool_result`` in order, and how each stream ended.
"""

from __future__ import annotations

import asyncio
from collections import deque
from collections.abc import AsyncIterator, Sequence
from dataclasses import dataclass, field
from typing import Literal

from studio.kernel.calls import ToolCall
from studio.kernel.rounds import (
    AdapterEvent,
    AdapterTextDelta,
    Round,
    RoundCompleted,
)
from studio.providers.base import ProviderAdapter

__all__ = [
    "AssistantTurnRecorded",
    "Hold",
    "RoundRequest",
    "ScriptedAdapter",
    "ScriptedRound",
    "StreamEnding",
    "ToolResultRecorded",
    "requested_call",
]

StreamEnding = Literal["completed", "raised", "closed", "cancelled"]


@dataclass(frozen=True, kw_only=True)
class Hold:
    """A pause in a scripted stream: sets ``reached``, then waits until ``release`` is set."""

    reached: asyncio.Event = field(default_factory=asyncio.Event)
    release: asyncio.Event = field(default_factory=asyncio.Event)


Step = str | AdapterTextDelta | Hold


@dataclass(frozen=True, kw_only=True)
class ScriptedRound:
    """One queued round: the steps it streams and how it ends."""

    steps: tuple[Step, ...] = ()
    end: Round | BaseException | None


@dataclass(frozen=True, kw_only=True)
class RoundRequest:
    """What the loop passed to one ``execute_round`` call."""

    instruction: str | None
    include_tools: bool


@dataclass(frozen=True, kw_only=True)
class AssistantTurnRecorded:
    """``record_assistant_turn`` was called after ``round``."""

    round: Round | None


@dataclass(frozen=True, kw_only=True)
class ToolResultRecorded:
    """``record_tool_result`` was called with these values."""

    call_id: str
    content: str
    is_error: bool


def requested_call(
    call_id: str, function_name: str, arguments_json: str = "{}", *, is_valid: bool = True
) -> ToolCall:
    """A call the model asked for; valid unless said otherwise."""
    return ToolCall(
        call_id=call_id,
        function_name=function_name,
        arguments_json=arguments_json,
        is_valid=is_valid,
    )


class ScriptedAdapter(ProviderAdapter):
    """Plays back queued rounds in order; see the module docstring."""

    def __init__(self) -> None:
        self._queue: deque[ScriptedRound] = deque()
        self._last_round: Round | None = None
        self._request_texts: list[str] = []
        self.requests: list[RoundRequest] = []
        self.records: list[AssistantTurnRecorded | ToolResultRecorded] = []
        self.stream_endings: list[StreamEnding] = []

    def enqueue(self, *steps: Step, end: Round | BaseException | None) -> ScriptedAdapter:
        """Queue a round; returns the adapter, so rounds can be chained."""
        self._queue.append(ScriptedRound(steps=steps, end=end))
        return self

    @property
    def tool_results(self) -> list[ToolResultRecorded]:
        """The recorded tool results, in order."""
        return [record for record in self.records if isinstance(record, ToolResultRecorded)]

    @property
    def remaining(self) -> int:
        """Queued rounds the loop has not asked for."""
        return len(self._queue)

    async def execute_round(
        self, final_response_instruction: str | None, include_tools: bool
    ) -> AsyncIterator[AdapterEvent]:
        self.requests.append(
            RoundRequest(instruction=final_response_instruction, include_tools=include_tools)
        )
        if not self._queue:
            raise AssertionError(f"The loop asked for round {len(self.requests)}, not scripted.")
        scripted = self._queue.popleft()
        ending: StreamEnding = "completed"
        try:
            for step in scripted.steps:
                if isinstance(step, Hold):
                    step.reached.set()
                    await step.release.wait()
                elif isinstance(step, str):
                    yield AdapterTextDelta(text=step)
                else:
                    yield step
            if isinstance(scripted.end, BaseException):
                ending = "raised"
                raise scripted.end
            if scripted.end is not None:
                self._last_round = scripted.end
                yield RoundCompleted(round=scripted.end)
        except GeneratorExit:
            ending = "closed"
            raise
        except asyncio.CancelledError:
            ending = "cancelled"
            raise
        finally:
            self.stream_endings.append(ending)

    def record_assistant_turn(self) -> None:
        self.records.append(AssistantTurnRecorded(round=self._last_round))
        if self._last_round is not None:
            calls = (
                f"{call.function_name}({call.arguments_json})" for call in self._last_round.calls
            )
            self._request_texts.append(" ".join([self._last_round.text_output, *calls]).strip())

    def record_tool_result(self, call_id: str, content: str, is_error: bool = False) -> None:
        self.records.append(ToolResultRecorded(call_id=call_id, content=content, is_error=is_error))
        self._request_texts.append(content)

    @property
    def recorded_request_texts(self) -> Sequence[str]:
        return tuple(self._request_texts)
