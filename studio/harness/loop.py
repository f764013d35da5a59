"""The tool calling loop: ask the model, run what it asks for, ask again, until it answers.

One loop drives every provider through its :class:`~studio.providers.base.ProviderAdapter`.
Everything that is the same for all providers is decided here, once: the limits on the number
and size of tool calls, asking for a final answer once a limit is reached, refusing unusable
calls, the running-tool status, collecting sources and raising the chat's requirements.

A run, step by step:

1. Before every round the limits are checked. Once one is reached, the round runs without
   tools and with the limit instruction, and its text is the final answer.
2. The round's text streams to the consumer as it arrives; only the first round's token usage
   is passed on, and a blank line separates the text of two rounds.
3. The round decides how to go on: a call without an id ends the run ("The tool call was
   invalid."); a final round ends it; a round without calls ends it with its text, or with a
   notice when there is none; a first round with neither text nor calls raises
   :class:`~studio.providers.errors.InvalidToolCallingResponse`.
4. Otherwise the calls run one after another in the model's order, each result recorded in the
   adapter, and the next round begins.

A round with no calls always ends the run, so a malformed round (a "tool calls" finish that
lists none) cannot make the loop spin. Cancellation passes through: what streamed stays with
the consumer, and no notice is added.
"""

from __future__ import annotations

import contextlib
import logging
from collections.abc import AsyncIterator
from typing import Protocol

from studio.harness import _round
from studio.harness.context import ToolCallingLoopContext
from studio.harness.events import LoopEvent, ToolCallFinished
from studio.kernel.rounds import Round
from studio.providers.errors import InvalidToolCallingResponse

__all__ = ["ToolCallingLoop", "ToolCallingLoopContext", "ToolLoop"]

logger = logging.getLogger(__name__)


class ToolLoop(Protocol):
    """A way of running one answer with tools; another loop (an agent mode) can replace it.

    Implementations use the adapter only through its public contract, so adapters work with
    any loop unchanged.
    """

    def run(self, context: ToolCallingLoopContext) -> AsyncIterator[LoopEvent]:
        """Run one answer, yielding what the user sees; see :mod:`studio.harness.events`."""
        ...


class ToolCallingLoop:
    """The standard loop: rounds of model text and sequential tool calls, within the limits.

    The loop keeps no state between runs, so one instance serves every answer.
    """

    async def run(self, context: ToolCallingLoopContext) -> AsyncIterator[LoopEvent]:
        """Run one answer until the model answers, a limit ends it, or it fails.

        Args:
            context: The adapter, tools and chat of this answer.

        Yields:
            The run's events; a run that ends normally ends with
            :class:`~studio.harness.events.RunFinished`.

        Raises:
            ProviderError: a request failed (raised by the adapter, after the text that
                streamed before it), or the first round was empty
                (:class:`~studio.providers.errors.InvalidToolCallingResponse`).
            asyncio.CancelledError: the run was cancelled; nothing is added to the answer.
        """
        state = _round.RunState()
        passes_on_usage = True
        while True:
            instruction = state.limit_instruction()
            stream = _round.RoundStream(
                context.adapter,
                state,
                instruction=instruction,
                passes_on_usage=passes_on_usage,
            )
            passes_on_usage = False
            async with contextlib.aclosing(stream.events()) as deltas:
                async for delta in deltas:
                    yield delta
            if stream.round is None:
                # The round never completed and the adapter raised nothing: end without a word.
                yield state.finished("incomplete")
                return
            update = state.add_sources(stream.round.sources)
            if update is not None:
                yield update
            ending = _ending(
                context, state, stream.round, stream.answered, limit_reached=instruction is not None
            )
            if ending is not None:
                for event in ending:
                    yield event
                return
            async with contextlib.aclosing(
                _round.execute_calls(context, state, stream.round.calls)
            ) as events:
                async for event in events:
                    yield event


def _ending(
    context: ToolCallingLoopContext,
    state: _round.RunState,
    round_: Round,
    answered: bool,
    *,
    limit_reached: bool,
) -> list[LoopEvent] | None:
    """The closing events if ``round_`` ends the run, or None when its calls are to run.

    Raises:
        InvalidToolCallingResponse: the round has neither text nor calls, and no call ran yet.
    """
    if any(not call.call_id.strip() for call in round_.calls):
        # Without an id no result can be correlated with its call, so the conversation cannot
        # go on. The call counts, and its trace shows what happened.
        state.tool_call_count += 1
        invalid = context.executor.create_invalid_call_outcome("", state.tool_call_count)
        return [
            ToolCallFinished(trace=invalid.trace),
            *state.closing("invalid-call", _round.INVALID_CALL_NOTICE),
        ]
    if limit_reached:
        if answered:
            return state.closing("answered", limit_reached=True)
        return state.closing("no-final-answer", _round.NO_ANSWER_AFTER_LIMIT, limit_reached=True)
    if round_.calls:
        return None
    if answered:
        return state.closing("answered")
    if state.tool_call_count > 0:
        return state.closing("no-final-answer", _round.NO_ANSWER_AFTER_CALLS)
    # A warning, not an error: the error raised next is what the user is shown, in one line,
    # and a command shows warnings only with --verbose.
    logger.warning(
        "The provider %r returned a round with neither text nor tool calls (%d sources).",
        context.provider.name,
        len(round_.sources),
    )
    raise InvalidToolCallingResponse(provider=context.provider.name)
