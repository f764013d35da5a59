"""The run behind an answer: one task that asks the provider, runs tools and keeps the chat.

:class:`RunController` owns the :class:`asyncio.Task` of the answer being written (HS-16). It
runs the same :class:`~studio.harness.turn.ChatTurn` as ``studio ask`` and passes each event on
as a Qt signal, so the widgets only render. Around the turn it keeps the chat: the user's
message is stored before the provider is asked, the answer is begun empty and finished with
what arrived, as "complete", "interrupted" (stopped) or "failed" (with the error the user saw),
and the chat's requirements are saved whenever a tool result raises them.

A run may also be kept in no chat (``RunRequest.keep_in_chat=False``, an assistant's answer):
it works in a context of its own, fresh unless the request brings one, and nothing is stored.

A new run cancels the one before; :meth:`RunController.cancel` stops the current one and
:meth:`RunController.aclose` stops it and waits until what it had is stored.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Sequence
from dataclasses import dataclass, field, replace

from PySide6.QtCore import QObject, Signal

from studio.chats.models import Chat, MessageState, StoredMessage
from studio.chats.store import ChatStore
from studio.config.providers import ProviderSettings
from studio.errors import StudioError
from studio.harness.events import (
    ConversationRecorded,
    LoopEvent,
    RequirementsRaised,
    SourcesUpdated,
    TextDelta,
)
from studio.harness.turn import AnswerRecord, ChatTurn, TurnRequest
from studio.kernel.context import ChatContext
from studio.kernel.result import Source
from studio.providers.base import ChatMessage
from studio.providers.provider import Provider
from studio.services import Services
from studio.ui import i18n
from studio.ui.trace.bridge import TraceBridge
from studio.web.guard import GuardReport

__all__ = ["PARTIAL_SAVE_SECONDS", "RunController", "RunRequest", "history_of"]

logger = logging.getLogger(__name__)

_TITLE_LENGTH = 60

PARTIAL_SAVE_SECONDS = 5.0
"""How often a streaming answer's text so far is stored, at most."""


@dataclass(frozen=True, kw_only=True)
class RunRequest:
    """What the user asked for: which chat (None starts one), which provider, which turn."""

    chat_id: str | None
    provider_name: str
    turn: TurnRequest
    keep_in_chat: bool = True
    """False for a run no chat keeps (an assistant's): no chat is created and nothing is
    stored; ``chat_id`` is then ignored and the run works in ``context``."""
    context: ChatContext | None = None
    """The context of a run not kept in a chat, as its preparation left it; a fresh one when
    None."""
    sources: tuple[Source, ...] = ()
    """Sources the answer starts with, such as the page an assistant read for it."""


@dataclass(kw_only=True)
class _Run:
    """The state of one run, shared by its task and the controller."""

    request: RunRequest
    record: AnswerRecord = field(default_factory=AnswerRecord)
    detached: bool = False
    """The controller moved on (stop, a newer run, closing) or the run has ended: the task only
    stores now."""


def history_of(messages: Sequence[StoredMessage]) -> tuple[ChatMessage, ...]:
    """The chat so far as a provider receives it: every message with text, oldest first.

    A stopped or failed answer keeps what streamed, so the model sees what the user saw.
    """
    return tuple(
        ChatMessage(role=message.role, text=message.text)
        for message in messages
        if message.text.strip()
    )


def _title_for(message: str) -> str:
    line = message.strip().splitlines()[0] if message.strip() else ""
    return line if len(line) <= _TITLE_LENGTH else line[: _TITLE_LENGTH - 1].rstrip() + "…"


class RunController(QObject):
    """Runs answers one at a time and keeps their chats; see the module docstring.

    Args:
        services: The profile's services; ``services.chats`` keeps the chats.
        parent: The Qt parent.

    Signals:
        chat_created(object): a run started a new chat; carries the
            :class:`~studio.chats.models.Chat`.
        running_changed(bool): an answer started or ended.
        text_delta(str): more answer text (already translated when the loop wrote it).
        status(str, bool): the translated "Using tool: …" message and whether tools run.
        progress(str): how far the running call got, translated ("3 of 10 pages loaded").
        guard_report(object): the prompt-injection guard removed something from what the
            answer's tools fetched, or could not check it; a
            :class:`~studio.web.guard.GuardReport`, one per answer.
        trace(object): a tool call ended; its :class:`~studio.tools.executor.ToolInvocationTrace`.
        sources(object): the answer's sources so far, a tuple of
            :class:`~studio.kernel.result.Source`.
        conversation_recorded(object): the texts recorded for the next round, a tuple of str.
        finished(object): the answer is complete; its :class:`~studio.harness.turn.AnswerRecord`.
        interrupted(object): the answer was stopped; the record of what arrived.
        failed(str): the answer failed; the message to show under what arrived.
    """

    chat_created = Signal(object)
    running_changed = Signal(bool)
    text_delta = Signal(str)
    status = Signal(str, bool)
    progress = Signal(str)
    guard_report = Signal(object)
    trace = Signal(object)
    sources = Signal(object)
    conversation_recorded = Signal(object)
    finished = Signal(object)
    interrupted = Signal(object)
    failed = Signal(str)

    def __init__(self, services: Services, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._services = services
        self._turn = ChatTurn(services.registry, services.settings, translate=i18n.translate)
        self._run: _Run | None = None
        self._task: asyncio.Task[None] | None = None
        self._tasks: set[asyncio.Task[None]] = set()
        self._providers: dict[str, Provider] = {}
        self._chats: dict[str, ChatContext] = {}
        self._bridge = TraceBridge(self)
        self._bridge.tool_status_changed.connect(self.status)
        self._bridge.tool_progressed.connect(self.progress)
        self._bridge.tool_call_finished.connect(self.trace)

    def is_running(self) -> bool:
        """Whether an answer is being written."""
        return self._run is not None

    def chat_context(self, chat_id: str | None) -> ChatContext | None:
        """The live context of a chat this controller ran, if it has one."""
        return self._chats.get(chat_id) if chat_id else None

    def start(self, request: RunRequest) -> None:
        """Start answering ``request``; a running answer is stopped first and kept."""
        self.cancel()
        run = _Run(request=request, record=AnswerRecord(sources=request.sources))
        self._run = run
        task = asyncio.get_running_loop().create_task(self._execute(run))
        self._task = task
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        self.running_changed.emit(True)
        if request.sources:
            self.sources.emit(request.sources)

    def cancel(self) -> None:
        """Stop the running answer, if any; what arrived stays and is stored as interrupted."""
        run, task = self._run, self._task
        if run is None or task is None:
            return
        run.detached = True
        self._run = None
        task.cancel()
        self.status.emit("", False)
        self.interrupted.emit(run.record)
        self.running_changed.emit(False)

    def forget_providers(self) -> None:
        """Reconnect on the next run: the user changed the providers."""
        providers, self._providers = self._providers, {}
        for provider in providers.values():
            self._keep(asyncio.get_running_loop().create_task(provider.aclose()))

    async def aclose(self) -> None:
        """Stop the running answer, wait until everything is stored, close connections."""
        self.cancel()
        while self._tasks:
            await asyncio.wait(set(self._tasks))
        providers, self._providers = self._providers, {}
        for provider in providers.values():
            await provider.aclose()

    def _keep(self, task: asyncio.Task[None]) -> None:
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _execute(self, run: _Run) -> None:
        chats = self._services.chats
        request = run.request
        answer_id: int | None = None
        state: MessageState = "complete"
        error_message = ""
        try:
            chat_id: str | None = None
            if request.keep_in_chat:
                chat_id = request.chat_id or await self._new_chat(run)
                context = await self._context(chat_id)
                await chats.call(ChatStore.add_user_message, chat_id, request.turn.message)
            else:
                context = request.context if request.context is not None else ChatContext()
            settings = self._settings(request.provider_name)
            if chat_id is not None:
                answer_id = await chats.call(
                    ChatStore.begin_answer, chat_id, settings.name, settings.model
                )
            provider = await self._provider(settings)
            await self._stream(run, provider, context, chat_id, answer_id)
        except asyncio.CancelledError:
            state = "interrupted"
            raise
        except Exception as error:
            state, error_message = "failed", self._failure_text(error)
        finally:
            if not run.detached:
                # The run ends before its ending is announced and stored, so a Stop pressed
                # meanwhile finds nothing to stop: every run sends exactly one ending.
                run.detached = True
                self._run = None
                self.status.emit("", False)
                if state == "complete":
                    self.finished.emit(run.record)
                elif state == "failed":
                    self.failed.emit(error_message)
                self.running_changed.emit(False)
            if answer_id is not None:
                await self._store_answer(answer_id, run.record, state, error_message)

    async def _stream(
        self,
        run: _Run,
        provider: Provider,
        context: ChatContext,
        chat_id: str | None,
        answer_id: int | None,
    ) -> None:
        # One answer is one user action: the guard reports once, to this answer.
        async with self._services.builtin.guard.action(lambda report: self._report(run, report)):
            await self._follow(run, context, provider, chat_id, answer_id)

    def _report(self, run: _Run, report: GuardReport) -> None:
        if not run.detached:
            self.guard_report.emit(report)

    async def _follow(
        self,
        run: _Run,
        context: ChatContext,
        provider: Provider,
        chat_id: str | None,
        answer_id: int | None,
    ) -> None:
        chats = self._services.chats
        clock = asyncio.get_running_loop().time
        saved_at = clock()
        async for loop_event in self._turn.run(provider, run.request.turn, context):
            run.record.add(loop_event)
            if not run.detached:
                self._emit(loop_event)
            if chat_id is None or answer_id is None:
                continue  # A run kept in no chat stores nothing.
            if isinstance(loop_event, RequirementsRaised):
                stored = await chats.save_requirements(chat_id, context.requirements)
                context.requirements = replace(stored)
            elif isinstance(loop_event, TextDelta) and clock() - saved_at >= PARTIAL_SAVE_SECONDS:
                # A long answer is kept now and then, so a crash loses only the last seconds.
                record = run.record
                await chats.save_partial_answer(
                    answer_id, record.text, traces=record.traces, sources=record.sources
                )
                saved_at = clock()

    async def _new_chat(self, run: _Run) -> str:
        request = run.request
        chat = await self._services.chats.create_chat(
            _title_for(request.turn.message),
            component=request.turn.component,
            provider_name=request.provider_name,
            selected_tool_ids=request.turn.selected_tool_ids,
        )
        if not run.detached:
            self.chat_created.emit(chat)
        return chat.id

    async def load_chat(self, chat: Chat) -> tuple[StoredMessage, ...]:
        """Read ``chat``'s messages and keep its requirements for the next run."""
        messages = await self._services.chats.call(ChatStore.messages, chat.id)
        if chat.id not in self._chats:
            self._chats[chat.id] = ChatContext(requirements=replace(chat.requirements))
        return messages

    async def _context(self, chat_id: str) -> ChatContext:
        context = self._chats.get(chat_id)
        if context is None:
            requirements = await self._services.chats.call(ChatStore.load_requirements, chat_id)
            context = self._chats.setdefault(chat_id, ChatContext(requirements=requirements))
        return context

    def _settings(self, name: str) -> ProviderSettings:
        settings = self._services.providers.get(name)
        if settings is None:
            message = self.tr("The provider {name} is no longer set up.")
            raise StudioError(message.format(name=repr(name)))
        return settings

    async def _provider(self, settings: ProviderSettings) -> Provider:
        # One provider (and HTTP client) per name, reused across answers; replaced when its
        # settings changed.
        provider = self._providers.get(settings.name)
        if provider is not None and provider.settings == settings:
            return provider
        # Refuses a provider that needs a key when none can be read, before any request.
        api_key = await self._services.providers.request_api_key(settings.name)
        if provider is not None:
            await provider.aclose()
        provider = self._providers[settings.name] = Provider(settings, api_key)
        return provider

    async def _store_answer(
        self, answer_id: int, record: AnswerRecord, state: MessageState, error_message: str
    ) -> None:
        try:
            await self._services.chats.finish_answer(
                answer_id,
                record.text,
                traces=record.traces,
                sources=record.sources,
                state=state,
                error_message=error_message,
            )
        except StudioError as error:
            logger.error("The answer could not be stored: %s", error)

    def _emit(self, loop_event: LoopEvent) -> None:
        # Tool status, progress and finished calls take the trace widgets' one path.
        self._bridge.handle(loop_event)
        match loop_event:
            case TextDelta():
                if loop_event.text:
                    self.text_delta.emit(i18n.translate(loop_event.text))
                if loop_event.sources:
                    self.sources.emit(self._run.record.sources if self._run else ())
            case SourcesUpdated():
                # The record's list: it starts with the sources the request brought.
                self.sources.emit(self._run.record.sources if self._run else loop_event.sources)
            case ConversationRecorded():
                self.conversation_recorded.emit(loop_event.request_texts)
            case _:
                pass

    def _failure_text(self, error: Exception) -> str:
        if isinstance(error, StudioError):
            # A provider's failure, an untrusted provider, the chat history: in the UI language.
            return error.text(i18n.translate)
        logger.exception("An answer failed unexpectedly.", exc_info=error)
        return self.tr("Something went wrong while answering; the log has the details.")
