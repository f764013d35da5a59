"""The contract between the tool calling loop and one provider API.

One loop drives every provider. A provider does not implement that loop; it hands the loop a
:class:`ProviderAdapter`, which translates between the loop's normalized vocabulary
(:mod:`studio.kernel.rounds`) and its API's wire format. Adding a provider API therefore means
writing an adapter, and replacing the loop (an agent mode, say) leaves the adapters as they are.
"""

from __future__ import annotations

import abc
from collections.abc import AsyncIterator, Sequence
from dataclasses import dataclass
from typing import Literal

from studio.kernel.definition import ToolFunction
from studio.kernel.rounds import AdapterEvent

__all__ = ["ChatMessage", "Conversation", "ProviderAdapter"]


@dataclass(frozen=True, kw_only=True)
class ChatMessage:
    """One message of the chat so far, as the user and the model wrote it."""

    role: Literal["user", "assistant"]
    text: str


@dataclass(frozen=True, kw_only=True)
class Conversation:
    """What one answer starts from: the adapter adds the tool conversation to it.

    Tool results of earlier answers are not part of it: they lived only in the adapter that
    produced them.
    """

    system_prompt: str
    """The effective system prompt, the tool usage instructions already appended."""
    messages: tuple[ChatMessage, ...]
    """The chat so far, oldest first; the last one is the user's new message."""
    tools: tuple[ToolFunction, ...] = ()
    """The functions offered in this answer, each resolved for this request."""


class ProviderAdapter(abc.ABC):
    """Runs the rounds of one streamed answer against one provider API.

    An adapter is stateful: it accumulates the conversation the next round has to see (the
    model's turns and the tool results), so it belongs to exactly one answer and is never
    shared or reused. That conversation dies with the adapter; tool results do not reach later
    messages of the chat.

    Errors: a request that fails raises a :class:`~studio.providers.errors.ProviderError`
    subclass from :meth:`execute_round`, after yielding whatever text streamed before the
    failure. The loop lets it through, and its caller shows the message.

    Cancellation: a user's stop cancels the task that iterates the loop; the adapter lets
    :class:`asyncio.CancelledError` through and closes its response when its stream is closed.
    """

    @abc.abstractmethod
    def execute_round(
        self, final_response_instruction: str | None, include_tools: bool
    ) -> AsyncIterator[AdapterEvent]:
        """Send the conversation so far and stream the model's round.

        Implement it as an async generator (``async def`` with ``yield``). The loop closes it
        with ``aclose()`` when the run stops early, so response bodies are released then.

        Args:
            final_response_instruction: When set, a tool-call limit was reached: append it to
                the system prompt, after a blank line, for this round only.
            include_tools: Whether to offer the tools. False for the final round, in which the
                model must answer with text.

        Yields:
            :class:`~studio.kernel.rounds.AdapterTextDelta` events while the text streams,
            then exactly one :class:`~studio.kernel.rounds.RoundCompleted`. The text of the
            deltas adds up to the round's ``text_output``; an adapter that cannot stream may
            yield no deltas, and the loop then shows ``text_output``. An adapter that ends
            without ``RoundCompleted`` and without raising ends the run quietly.

        Raises:
            ProviderError: the request failed; see the class docstring.
        """

    @abc.abstractmethod
    def record_assistant_turn(self) -> None:
        """Record the model's last round as it was returned, so the next round sees it.

        Called once per round that asked for tools, before any of its results is recorded.
        Some APIs require the turn unchanged (reasoning items, thinking blocks), so keep what
        the provider sent rather than rebuilding it from the :class:`Round`.
        """

    @abc.abstractmethod
    def record_tool_result(self, call_id: str, content: str, is_error: bool = False) -> None:
        """Record the result of one call of the last round, correlated by ``call_id``.

        Args:
            call_id: The id of the call, as the round reported it.
            content: What the model reads as the result.
            is_error: The call failed or was blocked; APIs with an error flag set it.
        """

    @property
    @abc.abstractmethod
    def recorded_request_texts(self) -> Sequence[str]:
        """The texts recorded for the next request (turns and results), for token counting."""
