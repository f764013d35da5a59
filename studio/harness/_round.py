"""The mechanics of the tool calling loop: one round's stream, and the calls of a round.

:mod:`studio.harness.loop` decides what happens after each round; this module does the work:
:class:`RoundStream` passes a round's text on as it streams, :func:`execute_calls` runs the
calls the model asked for, and :class:`RunState` keeps what the whole answer has used so far.

Every change to the chat (raised requirements, addresses given to the model) and every record
in the adapter happens before the events that report it are yielded: a consumer that stops
reading at any event leaves the chat as strict as the tool results already made it.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncGenerator, Sequence
from dataclasses import dataclass
from typing import Any, assert_never

from studio.harness.context import ToolCallingLoopContext
from studio.harness.events import (
    ConversationRecorded,
    LoopEvent,
    RequirementsRaised,
    RunFinished,
    RunOutcome,
    SourcesUpdated,
    TextDelta,
    ToolCallFinished,
    ToolProgressed,
    ToolStatusChanged,
)
from studio.harness.sources import merge_sources
from studio.kernel.calls import ToolCall
from studio.kernel.context import ChatContext
from studio.kernel.policy import OutboundDataRequirement, OutboundDataRestriction
from studio.kernel.result import Source
from studio.kernel.rounds import AdapterTextDelta, Round, RoundCompleted
from studio.kernel.translatable import QT_TRANSLATE_NOOP, TranslatableText
from studio.providers.base import ProviderAdapter
from studio.tools import selection
from studio.tools.executor import ToolCallOutcome
from studio.tools.implementation import ToolImplementation
from studio.tools.runnable import RunnableTool

__all__ = [
    "INVALID_CALL_NOTICE",
    "NO_ANSWER_AFTER_CALLS",
    "NO_ANSWER_AFTER_LIMIT",
    "SEPARATOR",
    "RoundStream",
    "RunState",
    "execute_calls",
]

# Notices the loop adds to the answer; the UI translates them in the "ToolCallingLoop" context.
INVALID_CALL_NOTICE = QT_TRANSLATE_NOOP("ToolCallingLoop", "The tool call was invalid.")
NO_ANSWER_AFTER_LIMIT = QT_TRANSLATE_NOOP(
    "ToolCallingLoop",
    "The model did not return a final answer after completing the available tool calls.",
)
NO_ANSWER_AFTER_CALLS = QT_TRANSLATE_NOOP(
    "ToolCallingLoop", "The model completed the tool call but did not return a final answer."
)

SEPARATOR = "\n\n"
"""Put between the text of two rounds, so a preamble and the answer do not run together."""


@dataclass(kw_only=True)
class RunState:
    """What one answer has used so far, across all its rounds."""

    tool_call_count: int = 0
    """Calls counted against the limit: executed ones and invalid ones."""
    tool_result_characters: int = 0
    """The total length of the results the model received."""
    sources: tuple[Source, ...] = ()
    """The sources of the rounds and the tool results, without duplicates."""
    has_streamed_text: bool = False
    """Non-blank text reached the consumer, so further text needs a separator."""

    def limit_instruction(self) -> str | None:
        """The instruction that ends tool use, or None while tools may still run."""
        return selection.tool_calls_unavailable_instruction(
            self.tool_call_count, self.tool_result_characters
        )

    def add_sources(self, sources: Sequence[Source]) -> SourcesUpdated | None:
        """Merge ``sources``; the event to report, or None when nothing was new."""
        merged = merge_sources(self.sources, sources)
        if len(merged) == len(self.sources):
            return None
        self.sources = merged
        return SourcesUpdated(sources=merged)

    def closing(
        self,
        outcome: RunOutcome,
        notice: TranslatableText | None = None,
        *,
        limit_reached: bool = False,
    ) -> list[LoopEvent]:
        """The last events of a run: a notice if any, the collected sources, the outcome."""
        events: list[LoopEvent] = []
        if notice is not None:
            if self.has_streamed_text:
                events.append(TextDelta(text=SEPARATOR))
            events.append(TextDelta(text=notice, sources=self.sources))
            self.has_streamed_text = True
        elif self.sources:
            events.append(TextDelta(sources=self.sources))
        events.append(self.finished(outcome, limit_reached=limit_reached))
        return events

    def finished(self, outcome: RunOutcome, *, limit_reached: bool = False) -> RunFinished:
        """The event that ends a run, with what the answer used."""
        return RunFinished(
            outcome=outcome,
            limit_reached=limit_reached,
            tool_call_count=self.tool_call_count,
            tool_result_characters=self.tool_result_characters,
        )


class RoundStream:
    """One round: its text passed on while it streams, then the round the adapter reported.

    Args:
        adapter: The answer's adapter.
        state: The answer's state; tells whether text streamed in an earlier round.
        instruction: The limit instruction; when set, the round runs without tools.
        passes_on_usage: Whether this round's token usage is passed on (first round only).
    """

    def __init__(
        self,
        adapter: ProviderAdapter,
        state: RunState,
        *,
        instruction: str | None,
        passes_on_usage: bool,
    ) -> None:
        self._adapter = adapter
        self._state = state
        self._instruction = instruction
        self._passes_on_usage = passes_on_usage
        self.round: Round | None = None
        """The completed round; None until the adapter reports it, and if it never does."""
        self.streamed_text = False
        """Non-blank text streamed in this round."""

    @property
    def answered(self) -> bool:
        """The round holds text for the user: streamed, or reported in the round."""
        return self.streamed_text or (
            self.round is not None and bool(self.round.text_output.strip())
        )

    async def events(self) -> AsyncGenerator[TextDelta, None]:
        """Run the round, yielding its text as it arrives.

        Raises:
            ProviderError: the adapter's request failed; the text before it was yielded.
        """
        stream = self._adapter.execute_round(
            self._instruction, include_tools=self._instruction is None
        )
        try:
            async for event in stream:
                match event:
                    case AdapterTextDelta():
                        for delta in self._pass_on(event):
                            yield delta
                    case RoundCompleted():
                        self.round = event.round
                    case _:
                        assert_never(event)
        finally:
            # Releases the provider's response at once when the run stops early.
            if isinstance(stream, AsyncGenerator):
                await stream.aclose()
        if self.round is not None and not self.streamed_text and self.round.text_output.strip():
            # An adapter that cannot stream reports its text only in the round.
            for delta in self._pass_on(AdapterTextDelta(text=self.round.text_output)):
                yield delta

    def _pass_on(self, delta: AdapterTextDelta) -> list[TextDelta]:
        usage = delta.usage if self._passes_on_usage else None
        if delta.usage is not None and usage is None and not delta.text and not delta.sources:
            return []
        deltas: list[TextDelta] = []
        if delta.text.strip():
            if not self.streamed_text and self._state.has_streamed_text:
                deltas.append(TextDelta(text=SEPARATOR))
            self.streamed_text = True
            self._state.has_streamed_text = True
        deltas.append(TextDelta(text=delta.text, usage=usage, sources=delta.sources))
        return deltas


async def execute_calls(
    context: ToolCallingLoopContext, state: RunState, calls: Sequence[ToolCall]
) -> AsyncGenerator[LoopEvent, None]:
    """Run the calls of one round one after another, in the order the model made them.

    The status names the tools while they run and is reset afterwards, also when recording
    fails; a cancelled run resets nothing (see :mod:`studio.harness.events`).
    """
    names = _display_names(calls, context.runnable_tools)
    if names:
        yield ToolStatusChanged.using(names)
    try:
        context.adapter.record_assistant_turn()
        yield _recorded(context.adapter)
        for call in calls:
            async for event in _run_call(context, state, call):
                yield event
    except Exception:
        if names:
            yield ToolStatusChanged.idle()
        raise
    if names:
        yield ToolStatusChanged.idle()


async def _run_call(
    context: ToolCallingLoopContext, state: RunState, call: ToolCall
) -> AsyncGenerator[LoopEvent, None]:
    adapter = context.adapter
    if not call.is_valid:
        state.tool_call_count += 1
        invalid = context.executor.create_invalid_call_outcome(call.call_id, state.tool_call_count)
        # The adapter may know why, and the model does better for being told.
        content = f"{invalid.content} {call.hint}" if call.hint else invalid.content
        state.tool_result_characters += len(content)
        adapter.record_tool_result(call.call_id, content, is_error=True)
        yield ToolCallFinished(trace=invalid.trace)
        yield _recorded(adapter)
        return
    # Checked again for every call: an earlier call of this round may have reached a limit.
    limit = state.limit_instruction()
    if limit is not None:
        adapter.record_tool_result(call.call_id, limit)
        yield _recorded(adapter)
        return
    state.tool_call_count += 1
    reports = _ProgressReports(call, context.runnable_tools)
    execution = asyncio.ensure_future(
        context.executor.execute(
            call,
            runnable=context.runnable_tools,
            provider=context.provider,
            chat=context.chat,
            component=context.component,
            order=state.tool_call_count,
            progress=reports.report,
        )
    )
    try:
        async for progressed in reports.until(execution):
            yield progressed
        outcome = execution.result()
    finally:
        # A consumer that stops reading, or a cancelled run, stops the call too.
        if not execution.done():
            execution.cancel()
            await asyncio.gather(execution, return_exceptions=True)
    state.tool_result_characters += len(outcome.content)
    events: list[LoopEvent] = []
    raised = _raise_requirements(context.chat, outcome, context.minimum_outbound_restriction)
    if raised is not None:
        events.append(raised)
    context.chat.web_addresses_given_to_model.update(outcome.returned_web_addresses)
    update = state.add_sources(outcome.sources)
    if update is not None:
        events.append(update)
    events.append(ToolCallFinished(trace=outcome.trace))
    # Blocked and failed calls are both errors to the model.
    adapter.record_tool_result(call.call_id, outcome.content, is_error=outcome.is_error)
    events.append(_recorded(adapter))
    for event in events:
        yield event


class _ProgressReports:
    """Carries what a running call reports through its ``progress`` to the run's consumer.

    A tool may report from a worker thread, so reports travel through the event loop; only the
    newest one is kept, because the UI shows nothing but the latest count.
    """

    def __init__(self, call: ToolCall, tools: Sequence[RunnableTool]) -> None:
        tool = next((tool for tool in tools if tool.name == call.function_name), None)
        self._template = (
            tool.implementation.progress_text if tool else ToolImplementation.progress_text
        )
        self._loop = asyncio.get_running_loop()
        self._latest: ToolProgressed | None = None
        self._arrived = asyncio.Event()

    def report(self, done: int, wanted: int) -> None:
        """Receive ``(done, wanted)`` from the tool, on any thread."""
        progressed = ToolProgressed(done=done, wanted=wanted, template=self._template)
        self._loop.call_soon_threadsafe(self._keep, progressed)

    def _keep(self, progressed: ToolProgressed) -> None:
        self._latest = progressed
        self._arrived.set()

    async def until(self, execution: asyncio.Future[Any]) -> AsyncGenerator[ToolProgressed, None]:
        """Yield each newest report until ``execution`` ends."""
        while not execution.done():
            arrived = asyncio.ensure_future(self._arrived.wait())
            try:
                await asyncio.wait({execution, arrived}, return_when=asyncio.FIRST_COMPLETED)
            finally:
                arrived.cancel()
            if self._latest is not None and not execution.done():
                progressed, self._latest = self._latest, None
                self._arrived.clear()
                yield progressed


def _raise_requirements(
    chat: ChatContext,
    outcome: ToolCallOutcome,
    minimum_outbound: OutboundDataRestriction = OutboundDataRestriction.UNRESTRICTED,
) -> RequirementsRaised | None:
    """Raise the chat's requirements to what ``outcome`` demands; the event if any rose.

    Blocked and failed outcomes demand nothing (the executor sees to that), so only
    successful calls raise anything, and each axis only ever tightens. A result that demands
    an outbound restriction demands at least the organisation's ``minimum_outbound``. A result
    with outside content marks the chat as having taken some in, for good.
    """
    requirements = chat.requirements
    before = (
        requirements.provider_confidence,
        requirements.data_security,
        requirements.outbound,
        requirements.untrusted_source,
    )
    requirements.require_provider_confidence(outcome.required_provider_confidence)
    requirements.require_data_security(outcome.required_data_security)
    requirements.require_outbound_restriction(
        _at_least(outcome.required_outbound_restriction, minimum_outbound)
    )
    if outcome.untrusted_sources:
        requirements.mark_untrusted(outcome.untrusted_sources[0])
    after = (
        requirements.provider_confidence,
        requirements.data_security,
        requirements.outbound,
        requirements.untrusted_source,
    )
    if after == before:
        return None
    return RequirementsRaised(
        provider_confidence=requirements.provider_confidence,
        data_security=requirements.data_security,
        outbound=requirements.outbound,
        untrusted_source=requirements.untrusted_source,
    )


def _at_least(
    requirement: OutboundDataRequirement | None, minimum: OutboundDataRestriction
) -> OutboundDataRequirement | None:
    """``requirement`` tightened to ``minimum``; the source that demanded it stays named.

    Only a demand for some restriction is tightened: a result that demands none (or
    UNRESTRICTED) leaves the chat as it is.
    """
    if requirement is None or requirement.level >= OutboundDataRestriction.UNRESTRICTED:
        return requirement
    if requirement.level <= minimum:
        return requirement
    return OutboundDataRequirement(level=minimum, origin=requirement.origin)


def _display_names(calls: Sequence[ToolCall], tools: Sequence[RunnableTool]) -> tuple[str, ...]:
    """The names of the tools the valid calls run, each once, in call order.

    A tool that is not runnable shows under the name the model used; the executor will answer
    that call with a block.
    """
    by_function = {tool.name: tool for tool in tools}
    names: dict[str, None] = {}
    for call in calls:
        if not call.is_valid or not call.function_name.strip():
            continue
        tool = by_function.get(call.function_name)
        names.setdefault(tool.implementation.display_name() if tool else call.function_name, None)
    return tuple(names)


def _recorded(adapter: ProviderAdapter) -> ConversationRecorded:
    return ConversationRecorded(request_texts=tuple(adapter.recorded_request_texts))
