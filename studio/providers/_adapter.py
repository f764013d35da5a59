"""What the three adapters share: one round's request, stream and completion, and their helpers.

Each wire API differs in how it writes the request and how it records a turn, but a round runs
the same way for all three: build the body, POST it, feed every event to the API's accumulator
until the API's end marker, pass text, usage and sources on as they arrive, and turn what the
accumulator built into a :class:`~studio.kernel.rounds.Round`. :class:`StreamingAdapter`
does that once; an adapter module implements :meth:`StreamingAdapter._request_body` and
:meth:`StreamingAdapter._complete_round` plus the two ``record_*`` methods.
"""

from __future__ import annotations

import abc
import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator, Iterable, Mapping, Sequence
from typing import Any, ClassVar, Generic, Protocol, TypeVar, assert_never

import httpx
from pydantic import SecretStr

from studio.config.providers import ProviderSettings
from studio.kernel.result import Source
from studio.kernel.rounds import (
    AdapterEvent,
    AdapterTextDelta,
    Round,
    RoundCompleted,
    Usage,
)
from studio.providers import _http, _json
from studio.providers._stream import (
    SourceDelta,
    StreamDelta,
    TextDelta,
    UsageDelta,
)
from studio.providers.base import Conversation, ProviderAdapter
from studio.providers.errors import ProviderStalled, ProviderStreamError

__all__ = [
    "Accumulator",
    "StreamingAdapter",
    "adapter_delta",
    "chat_messages",
    "merge_parameters",
    "system_text",
    "turn_text",
]

logger = logging.getLogger(__name__)

_AFTER_END = 2.0
"""Seconds a host may go on sending after its stream's end marker before Studio hangs up."""


class Accumulator(Protocol):
    """What every stream accumulator offers: read one payload, and an error the stream named."""

    @property
    def error(self) -> str | None:
        """The error the provider reported inside the stream, if any."""
        ...

    @property
    def finished(self) -> bool:
        """Whether the stream's end marker arrived; nothing after it is read."""
        ...

    @property
    def progress(self) -> int:
        """A count that grows when content arrives (text, reasoning, tool calls), and only then.

        Keep-alive events, and bytes that complete no event, leave it as it is.
        """
        ...

    def add(self, data: str) -> list[StreamDelta]:
        """Read one SSE ``data`` payload; returns what to show at once."""
        ...


AccumulatorT = TypeVar("AccumulatorT", bound=Accumulator)


class StreamingAdapter(ProviderAdapter, Generic[AccumulatorT]):
    """A round over HTTP and SSE, whatever the wire API; see the module docstring.

    Args:
        settings: The provider instance: model, profile and additional API parameters.
        api_key: The key; only used to mask it if the provider repeats it in an error.
        client: The provider's HTTP client, which carries the base URL and the key header.
        conversation: What this answer starts from.
        sleep: Waits between retries of a refused request; tests inject one that returns.
    """

    _path: ClassVar[str]
    """The endpoint, relative to the provider's base URL."""

    def __init__(
        self,
        settings: ProviderSettings,
        api_key: SecretStr | None,
        client: httpx.AsyncClient,
        conversation: Conversation,
        *,
        sleep: _http.Sleep = asyncio.sleep,
    ) -> None:
        self._settings = settings
        self._conversation = conversation
        self._http = _http.EventStreamClient(
            client=client,
            provider=settings.name,
            model=settings.model,
            api_key=api_key,
            sleep=sleep,
        )
        self._history: list[_json.JsonObject] = []
        """The tool conversation of this answer in the API's own shapes, oldest first."""
        self._request_texts: list[str] = []

    @property
    def recorded_request_texts(self) -> Sequence[str]:
        """The turn texts and results recorded so far, for token counting."""
        return tuple(self._request_texts)

    async def execute_round(
        self, final_response_instruction: str | None, include_tools: bool
    ) -> AsyncIterator[AdapterEvent]:
        """Send the conversation so far and stream the model's round.

        Raises:
            ProviderError: the request failed or the stream broke off; the text that streamed
                before was yielded.
            ProviderStalled: no content arrived for the provider's ``progress_timeout``, from
                the request on: a trickle of bytes or endless keep-alive events do not count.
        """
        system = system_text(self._conversation.system_prompt, final_response_instruction)
        body = self._request_body(system, include_tools)
        accumulator = self._new_accumulator()
        loop = asyncio.get_running_loop()
        allowed = self._settings.progress_timeout
        progress = accumulator.progress
        deadline = loop.time() + allowed
        ended = False
        async with contextlib.aclosing(self._http.stream(self._path, body)) as events:
            while True:
                # Only the wait for the next event is timed, never the consumer's work between
                # two events: a yield must not carry the deadline into the caller.
                try:
                    async with asyncio.timeout_at(deadline) as waiting:
                        event = await anext(events)
                except StopAsyncIteration:
                    break
                except TimeoutError:
                    if not waiting.expired():
                        raise
                    if ended:
                        # The host goes on after the end: hang up, the answer is complete.
                        break
                    raise self._stalled(allowed) from None
                if ended:
                    # What a host sends after the end (a repeated stream) is not the answer.
                    # It is read to the end of the body, briefly, so that the response closes
                    # as usual instead of being dropped halfway.
                    continue
                delta = adapter_delta(accumulator.add(event.data))
                if accumulator.finished:
                    ended = True
                    deadline = loop.time() + min(allowed, _AFTER_END)
                elif accumulator.progress != progress:
                    progress = accumulator.progress
                    deadline = loop.time() + allowed
                if delta is not None:
                    yield delta
        yield RoundCompleted(round=self._complete_round(accumulator))

    def _stalled(self, seconds: float) -> ProviderStalled:
        logger.warning(
            "The answer of %r brought no new content for %g s; stopped.",
            self._settings.name,
            seconds,
        )
        return ProviderStalled(provider=self._settings.name, seconds=seconds)

    @abc.abstractmethod
    def _new_accumulator(self) -> AccumulatorT:
        """A fresh accumulator for one round's stream."""

    @abc.abstractmethod
    def _request_body(self, system: str, include_tools: bool) -> dict[str, Any]:
        """The JSON body of the next request.

        Args:
            system: The system prompt of this round, a limit instruction already appended.
            include_tools: Whether to offer the conversation's tools.
        """

    @abc.abstractmethod
    def _complete_round(self, accumulator: AccumulatorT) -> Round:
        """The round the finished stream described; remember what the turn must record.

        Raises:
            ProviderStreamError: the stream never finished, or the provider ended it with an
                error (see :meth:`_stream_error`).
        """

    def _stream_error(self, detail: str, reason: str | None = None) -> ProviderStreamError:
        """The error for a stream that cannot be used; ``reason`` is what the provider said."""
        reason = _http.clean_message(reason, self._http.api_key) if reason else None
        logger.warning("The answer of %r cannot be used: %s.", self._settings.name, detail)
        return ProviderStreamError(provider=self._settings.name, detail=detail, reason=reason)

    def _merged(
        self, own: dict[str, Any], reserved: frozenset[str], *, tools_sent: bool
    ) -> dict[str, Any]:
        """``own`` plus the user's additional parameters, which never override ``reserved``."""
        if not tools_sent:
            # Asking for a tool choice without tools makes the APIs refuse the request.
            reserved |= {"tool_choice"}
        return merge_parameters(own, self._settings.additional_parameters, reserved)


def merge_parameters(
    own: Mapping[str, Any], additional: Mapping[str, Any], reserved: frozenset[str]
) -> dict[str, Any]:
    """The request body: the user's additional parameters, then the adapter's own keys.

    Keys in ``reserved`` are dropped from ``additional`` even when the adapter does not send
    them in this request: ``tools`` must be absent from a round without tools, and
    ``parallel_tool_calls`` is the harness's decision. The adapter's own keys win over the rest.
    """
    dropped = sorted(key for key in additional if key in reserved)
    if dropped:
        logger.debug("Ignored the additional API parameters %s.", ", ".join(dropped))
    body = {key: value for key, value in additional.items() if key not in reserved}
    body.update(own)
    return body


def system_text(system_prompt: str, instruction: str | None) -> str:
    """The system prompt of one round: the limit instruction after a blank line, if any."""
    if not instruction:
        return system_prompt
    return f"{system_prompt}\n\n{instruction}" if system_prompt.strip() else instruction


def chat_messages(conversation: Conversation) -> list[_json.JsonObject]:
    """The chat so far as plain ``{role, content}`` messages, a shape all three APIs accept."""
    return [{"role": message.role, "content": message.text} for message in conversation.messages]


def adapter_delta(deltas: Sequence[StreamDelta]) -> AdapterTextDelta | None:
    """One event for what one payload carried: its text, its usage, its sources; or None."""
    texts: list[str] = []
    usage: Usage | None = None
    sources: list[Source] = []
    for delta in deltas:
        match delta:
            case TextDelta():
                texts.append(delta.text)
            case UsageDelta():
                usage = Usage(
                    input_tokens=delta.usage.input_tokens, output_tokens=delta.usage.output_tokens
                )
            case SourceDelta():
                sources.append(delta.source)
            case _:
                assert_never(delta)
    if not texts and usage is None and not sources:
        return None
    return AdapterTextDelta(text="".join(texts), usage=usage, sources=tuple(sources))


def turn_text(texts: Iterable[str], calls: Iterable[tuple[str, str]]) -> str:
    """One recorded turn as text for token counting: its texts, then ``name(arguments)`` each."""
    parts = [*texts, *(f"{name}({arguments})" for name, arguments in calls)]
    return "\n".join(part for part in parts if part)
