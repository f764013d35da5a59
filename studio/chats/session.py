"""A chat being answered: what the window and ``studio ask`` both hold, and how a turn is kept.

A :class:`ChatSession` is one chat as its user sees it: the stored chat (or none yet), its
messages, the history a provider receives and the :class:`~studio.kernel.context.ChatContext`
its tools work in. :meth:`ChatSession.answer` runs one turn and keeps it, in this order: a new
chat is created (titled after its first message), the user's message is stored, the answer is
begun empty before the provider is asked, it is saved now and then while it streams
(:data:`PARTIAL_SAVE_SECONDS`), and it is finished as "complete", "interrupted" (cancelled) or
"failed" (with the error the user saw). Whenever a tool result raises what the chat demands,
the requirements are stored and the stricter stored value adopted; what tools learnt about
the chat (its requirements, the web addresses given to the model) is stored with it, so a chat
opened again later, in the app or from the command line, keeps it.

A session kept in no chat (:meth:`ChatSession.unkept`, an assistant's answer) works in a
context of its own and stores nothing.

:class:`ProviderPool` keeps one provider, and so one HTTP connection pool, per provider name
across answers, and replaces it when its settings changed.

The session is Qt-free: the window's run controller owns the task that runs
:meth:`ChatSession.answer` and turns its events into signals; ``studio ask`` prints them.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace

from studio.chats.async_store import AsyncChatStore
from studio.chats.models import Chat, MessageState, StoredMessage
from studio.chats.store import ChatStore
from studio.config.providers import ProviderSettings, ProviderStore
from studio.errors import StudioError
from studio.harness.events import LoopEvent, RequirementsRaised, TextDelta
from studio.harness.turn import AnswerRecord, ChatTurn, TurnRequest
from studio.kernel.context import ChatContext
from studio.kernel.definition import Component
from studio.kernel.translatable import QT_TRANSLATE_NOOP, TranslatableMessage, Translate
from studio.providers.base import ChatMessage
from studio.providers.provider import Provider
from studio.web.guard import PromptInjectionGuard, Reporter

__all__ = [
    "PARTIAL_SAVE_SECONDS",
    "AnswerEnded",
    "Answering",
    "ChatCreated",
    "ChatSession",
    "ProviderPool",
    "SessionEvent",
    "history_of",
    "title_for",
]

logger = logging.getLogger(__name__)

PARTIAL_SAVE_SECONDS = 5.0
"""How often a streaming answer's text so far is stored, at most."""

TITLE_LENGTH = 60
"""How many characters of its first message a new chat's title keeps, at most."""

_NO_LONGER_SET_UP = QT_TRANSLATE_NOOP("ChatSession", "The provider {name} is no longer set up.")
_WENT_WRONG = QT_TRANSLATE_NOOP(
    "ChatSession", "Something went wrong while answering; the log has the details."
)


def history_of(messages: Sequence[StoredMessage]) -> tuple[ChatMessage, ...]:
    """The chat so far as a provider receives it: every message with text, oldest first.

    A stopped or failed answer keeps what streamed, so the model sees what the user saw.
    """
    return tuple(
        ChatMessage(role=message.role, text=message.text)
        for message in messages
        if message.text.strip()
    )


def title_for(message: str) -> str:
    """The title of a chat that starts with ``message``: its first line, shortened."""
    line = message.strip().splitlines()[0] if message.strip() else ""
    return line if len(line) <= TITLE_LENGTH else line[: TITLE_LENGTH - 1].rstrip() + "…"


class _CallbackFailed(Exception):
    """The caller's ``on_event`` raised ``error``; not a failure of the answer."""

    def __init__(self, error: Exception) -> None:
        super().__init__(str(error))
        self.error = error


@dataclass(frozen=True)
class ChatCreated:
    """The answer started a new chat, now stored."""

    chat: Chat


@dataclass(frozen=True)
class AnswerEnded:
    """How the answer ended; announced before the answer is stored, and returned after."""

    state: MessageState
    """"complete", "interrupted" (cancelled) or "failed"."""
    record: AnswerRecord
    error_message: str = ""
    """What the user is shown about the error of a failed answer, in their language."""
    error: Exception | None = None
    """The error that ended a failed answer."""


SessionEvent = LoopEvent | ChatCreated | AnswerEnded
"""What :meth:`ChatSession.answer` passes to its ``on_event`` callback."""


class ProviderPool:
    """One :class:`~studio.providers.provider.Provider` per name, reused across answers.

    A provider whose settings changed is replaced (and closed); :meth:`forget` closes them all,
    so the next answer connects again; :meth:`aclose` closes them for good.

    Args:
        providers: The profile's provider settings and keys.
    """

    def __init__(self, providers: ProviderStore) -> None:
        self._store = providers
        self._providers: dict[str, Provider] = {}
        self._closing: set[asyncio.Task[None]] = set()

    def settings(self, name: str) -> ProviderSettings:
        """The provider called ``name`` as set up now.

        Raises:
            StudioError: it is no longer set up.
        """
        settings = self._store.get(name)
        if settings is None:
            raise StudioError(_NO_LONGER_SET_UP, name=repr(name))
        return settings

    async def provider(self, settings: ProviderSettings) -> Provider:
        """The provider for ``settings``: the one kept, unless its settings changed.

        The API key is asked for first, so a provider that needs a key none can be read for
        is refused before any request.
        """
        provider = self._providers.get(settings.name)
        if provider is not None and provider.settings == settings:
            return provider
        api_key = await self._store.request_api_key(settings.name)
        if provider is not None:
            await provider.aclose()
        provider = self._providers[settings.name] = Provider(settings, api_key)
        return provider

    def forget(self) -> None:
        """Connect again on the next answer: the user changed the providers.

        The providers kept are closed in the background; :meth:`aclose` waits for that.
        """
        providers, self._providers = self._providers, {}
        loop = asyncio.get_running_loop()
        for provider in providers.values():
            task = loop.create_task(provider.aclose())
            self._closing.add(task)
            task.add_done_callback(self._closing.discard)

    async def aclose(self) -> None:
        """Close every provider, including those :meth:`forget` is still closing."""
        providers, self._providers = self._providers, {}
        for provider in providers.values():
            await provider.aclose()
        while self._closing:
            await asyncio.wait(set(self._closing))


@dataclass(frozen=True, kw_only=True)
class Answering:
    """What answering needs, shared by every session of a window or a command."""

    turn: ChatTurn
    providers: ProviderPool
    guard: PromptInjectionGuard
    translate: Translate = str
    """Renders the error a failed answer shows (and stores) in the user's language."""
    clock: Callable[[], float] = time.monotonic
    """Seconds, for the partial saves; tests pass their own."""


@dataclass(kw_only=True)
class _Kept:
    """Where a kept session stores its chat."""

    store: AsyncChatStore
    component: Component
    chat: Chat | None = None


@dataclass(kw_only=True)
class ChatSession:
    """One chat and how it is answered; build one with :meth:`open`, :meth:`new` or :meth:`unkept`.

    See the module docstring for what an answer stores and when.
    """

    answering: Answering
    context: ChatContext = field(default_factory=ChatContext)
    """What the chat's tools work in: its requirements and the addresses given to the model."""
    component: Component = Component.CHAT
    _kept: _Kept | None = None
    _messages: list[StoredMessage] = field(default_factory=list)
    _history: list[ChatMessage] = field(default_factory=list)
    _pending: AnswerRecord | None = None
    """The answer being written, or stopped and not yet ended: the history's last turn."""

    @classmethod
    async def open(cls, answering: Answering, store: AsyncChatStore, chat_id: str) -> ChatSession:
        """The stored chat ``chat_id``, with its messages and what its tools learnt.

        Raises:
            UnknownChatError: there is no such chat.
        """
        chat = await store.call(ChatStore.chat, chat_id)
        messages = await store.call(ChatStore.messages, chat_id)
        context = await store.call(ChatStore.load_context, chat_id)
        return cls(
            answering=answering,
            context=context,
            component=chat.component,
            _kept=_Kept(store=store, component=chat.component, chat=chat),
            _messages=list(messages),
            _history=list(history_of(messages)),
        )

    @classmethod
    def new(
        cls, answering: Answering, store: AsyncChatStore, *, component: Component = Component.CHAT
    ) -> ChatSession:
        """A chat not stored yet: its first answer creates it."""
        return cls(
            answering=answering, component=component, _kept=_Kept(store=store, component=component)
        )

    @classmethod
    def unkept(
        cls,
        answering: Answering,
        *,
        context: ChatContext | None = None,
        component: Component = Component.CHAT,
        history: Sequence[ChatMessage] = (),
    ) -> ChatSession:
        """A session no chat keeps (an assistant's): it works in ``context`` and stores nothing."""
        return cls(
            answering=answering,
            context=context if context is not None else ChatContext(),
            component=component,
            _history=list(history),
        )

    @property
    def chat(self) -> Chat | None:
        """The stored chat; None before a new chat's first answer, and for an unkept session."""
        return self._kept.chat if self._kept is not None else None

    @property
    def is_kept(self) -> bool:
        """Whether the session stores its chat."""
        return self._kept is not None

    @property
    def messages(self) -> tuple[StoredMessage, ...]:
        """The stored messages, oldest first, as last read or written."""
        return tuple(self._messages)

    @property
    def history(self) -> tuple[ChatMessage, ...]:
        """The chat so far as the provider receives it with the next message.

        An answer still being written (or stopped, and still being stored) counts with what
        arrived so far, so a message sent right after a stop carries it, as the user saw it.
        """
        pending = self._pending
        if pending is None or not pending.text.strip():
            return tuple(self._history)
        return (*self._history, ChatMessage(role="assistant", text=pending.text))

    async def answer(
        self,
        message: str,
        *,
        provider_name: str,
        selected_tool_ids: Sequence[str] = (),
        system_prompt: str = "",
        may_run_tools: bool = True,
        on_event: Callable[[SessionEvent], None] = lambda event: None,
        on_guard_report: Reporter | None = None,
        record: AnswerRecord | None = None,
    ) -> AnswerEnded:
        """Answer ``message`` and keep the turn; see the module docstring.

        A failure ends the answer as "failed" rather than raising (``AnswerEnded.error`` has
        it). Cancelling ends it as "interrupted", stores it, and raises
        :class:`asyncio.CancelledError` again; so does an error ``on_event`` raises on a
        turn's event (a reader of the output that went away), which is raised again as it is.

        Args:
            message: What the user asks.
            provider_name: The provider to ask, by its exact name.
            selected_tool_ids: The tools the model may use; a new chat remembers them.
            system_prompt: The system prompt of this turn.
            may_run_tools: False where the component offers no tool selection.
            on_event: Receives the turn's events as they happen, a :class:`ChatCreated` when a
                new chat was stored, and the :class:`AnswerEnded` before the answer is stored.
            on_guard_report: Receives the prompt-injection guard's report of this answer
                instead of the guard's own reporter.
            record: The record to fill, for a caller that shows it while it grows; one
                starting with sources (a page an assistant read) keeps them.
        """
        answering = self.answering
        record = record if record is not None else AnswerRecord()
        self._settle()
        turn = TurnRequest(
            message=message,
            history=self.history,
            system_prompt=system_prompt,
            selected_tool_ids=tuple(selected_tool_ids),
            component=self.component,
            may_run_tools=may_run_tools,
        )
        self._history.append(ChatMessage(role="user", text=message))
        self._pending = record
        kept = self._kept
        answer_id: int | None = None
        ended = AnswerEnded(state="complete", record=record)
        callback_error: Exception | None = None
        try:
            chat_id: str | None = None
            if kept is not None:
                chat_id = await self._chat_id(kept, turn, provider_name, on_event)
                self._messages.append(
                    await kept.store.call(ChatStore.add_user_message, chat_id, message)
                )
            settings = answering.providers.settings(provider_name)
            if kept is not None and chat_id is not None:
                answer_id = await kept.store.call(
                    ChatStore.begin_answer, chat_id, settings.name, settings.model
                )
            provider = await answering.providers.provider(settings)
            # One answer is one user action: the guard reports once, to this answer.
            async with answering.guard.action(on_guard_report):
                await self._follow(provider, turn, record, on_event, chat_id, answer_id)
        except asyncio.CancelledError:
            ended = AnswerEnded(state="interrupted", record=record)
            raise
        except _CallbackFailed as failure:
            # Whoever followed the answer went away (a closed pipe): it ends there, is kept
            # as stopped, and the caller's own error is theirs to handle.
            ended = AnswerEnded(state="interrupted", record=record)
            callback_error = failure.error
        except Exception as error:
            ended = AnswerEnded(
                state="failed",
                record=record,
                error_message=self._failure_text(error),
                error=error,
            )
        finally:
            if self._pending is record:
                self._settle()
            on_event(ended)
            if kept is not None and kept.chat is not None:
                await self._store(kept, kept.chat.id, answer_id, ended)
        if callback_error is not None:
            raise callback_error
        return ended

    def _settle(self) -> None:
        """Move the answer in flight, as far as it got, into the history for good."""
        pending, self._pending = self._pending, None
        if pending is not None and pending.text.strip():
            self._history.append(ChatMessage(role="assistant", text=pending.text))

    async def _chat_id(
        self,
        kept: _Kept,
        turn: TurnRequest,
        provider_name: str,
        on_event: Callable[[SessionEvent], None],
    ) -> str:
        if kept.chat is None:
            kept.chat = await kept.store.create_chat(
                title_for(turn.message),
                component=kept.component,
                provider_name=provider_name,
                selected_tool_ids=turn.selected_tool_ids,
                requirements=self.context.requirements,
            )
            on_event(ChatCreated(kept.chat))
        return kept.chat.id

    async def _follow(
        self,
        provider: Provider,
        turn: TurnRequest,
        record: AnswerRecord,
        on_event: Callable[[SessionEvent], None],
        chat_id: str | None,
        answer_id: int | None,
    ) -> None:
        kept, clock = self._kept, self.answering.clock
        saved_at = clock()
        async for loop_event in self.answering.turn.run(provider, turn, self.context):
            record.add(loop_event)
            try:
                on_event(loop_event)
            except Exception as error:
                raise _CallbackFailed(error) from error
            if kept is None or chat_id is None or answer_id is None:
                continue  # A session kept in no chat stores nothing.
            if isinstance(loop_event, RequirementsRaised):
                await self._save_context(kept, chat_id)
            elif isinstance(loop_event, TextDelta) and clock() - saved_at >= PARTIAL_SAVE_SECONDS:
                # A long answer is kept now and then, so a crash loses only the last seconds.
                await kept.store.save_partial_answer(
                    answer_id, record.text, traces=record.traces, sources=record.sources
                )
                saved_at = clock()

    async def _save_context(self, kept: _Kept, chat_id: str) -> None:
        """Store what the tools learnt; adopt the stricter stored requirements."""
        stored = await kept.store.save_context(chat_id, self.context)
        self.context.requirements = replace(stored.requirements)
        self.context.web_addresses_given_to_model |= stored.web_addresses_given_to_model

    async def _store(
        self, kept: _Kept, chat_id: str, answer_id: int | None, ended: AnswerEnded
    ) -> None:
        record = ended.record
        try:
            if answer_id is not None:
                await kept.store.finish_answer(
                    answer_id,
                    record.text,
                    traces=record.traces,
                    sources=record.sources,
                    state=ended.state,
                    error_message=ended.error_message,
                )
            await self._save_context(kept, chat_id)
            self._messages = list(await kept.store.call(ChatStore.messages, chat_id))
        except StudioError as error:
            logger.error("The answer could not be stored: %s", error)

    def _failure_text(self, error: Exception) -> str:
        if isinstance(error, StudioError):
            # A provider's failure, an untrusted provider, the chat history: in the UI language.
            return error.text(self.answering.translate)
        logger.exception("An answer failed unexpectedly.", exc_info=error)
        return TranslatableMessage(_WENT_WRONG).text(self.answering.translate)
