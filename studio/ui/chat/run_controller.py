"""The run behind an answer: the task that runs a chat session's turn, as Qt signals.

:class:`RunController` owns the :class:`asyncio.Task` of the answer being written (HS-16). The
turn itself, and how it is kept in the chat, is the
:class:`~studio.chats.session.ChatSession`'s, the same one ``studio ask`` drives; the
controller passes each of its events on as a Qt signal, so the widgets only render.

A run may also be kept in no chat (``RunRequest.keep_in_chat=False``, an assistant's answer):
it works in a context of its own, fresh unless the request brings one, and nothing is stored.

A new run cancels the one before; :meth:`RunController.cancel` stops the current one and
:meth:`RunController.aclose` stops it and waits until what it had is stored.
"""

from __future__ import annotations

import asyncio
import logging
from dataclasses import dataclass, field

from PySide6.QtCore import QObject, Signal

from studio.chats.session import (
    AnswerEnded,
    Answering,
    ChatCreated,
    ChatSession,
    ProviderPool,
    SessionEvent,
)
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
from studio.services import Services
from studio.ui import i18n
from studio.ui.trace.bridge import TraceBridge
from studio.web.guard import GuardReport

__all__ = ["RunController", "RunRequest"]

logger = logging.getLogger(__name__)


@dataclass(frozen=True, kw_only=True)
class RunRequest:
    """What the user asked for: which chat, which provider, which turn."""

    chat_id: str | None
    """The stored chat to continue, when no ``session`` is given; None starts one."""
    provider_name: str
    turn: TurnRequest
    """The message, system prompt, tools and component; a session's own history replaces the
    turn's, except in a run kept in no chat."""
    session: ChatSession | None = None
    """The session to answer in, as the window holds it; else one for ``chat_id``."""
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


class RunController(QObject):
    """Runs answers one at a time and keeps their chats; see the module docstring.

    Args:
        services: The profile's services; ``services.chats`` keeps the chats.
        parent: The Qt parent.

    Signals:
        chat_created(object): a run started a new chat; carries the
            :class:`~studio.chats.models.Chat`.
        running_changed(bool): an answer started or ended.
        chat_context(object): the run's chat is open; carries the
            :class:`~studio.kernel.context.ChatContext` it works in, live: the addresses given
            to the model grow in it while the run goes on.
        text_delta(str): more answer text (already translated when the loop wrote it).
        status(str, bool): the translated "Using tool: …" message and whether tools run.
        progress(str): how far the running call got, translated ("3 of 10 pages loaded").
        guard_report(object): the prompt-injection guard removed something from what the
            answer's tools fetched, or could not check it; a
            :class:`~studio.web.guard.GuardReport`, one per answer.
        trace(object): a tool call ended; its :class:`~studio.tools.executor.ToolInvocationTrace`.
        chat_marked(object): the chat holds outside content, now or since earlier; carries the
            first :class:`~studio.kernel.content.ContentSource` it took in.
        sources(object): the answer's sources so far, a tuple of
            :class:`~studio.kernel.result.Source`.
        conversation_recorded(object): the texts recorded for the next round, a tuple of str.
        finished(object): the answer is complete; its :class:`~studio.harness.turn.AnswerRecord`.
        interrupted(object): the answer was stopped; the record of what arrived.
        failed(str): the answer failed; the message to show under what arrived.
    """

    chat_created = Signal(object)
    running_changed = Signal(bool)
    chat_context = Signal(object)
    text_delta = Signal(str)
    status = Signal(str, bool)
    progress = Signal(str)
    guard_report = Signal(object)
    trace = Signal(object)
    chat_marked = Signal(object)
    sources = Signal(object)
    conversation_recorded = Signal(object)
    finished = Signal(object)
    interrupted = Signal(object)
    failed = Signal(str)

    def __init__(self, services: Services, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._services = services
        self.answering = Answering(
            turn=ChatTurn(services.registry, services.settings, translate=i18n.translate),
            providers=ProviderPool(services.providers),
            guard=services.builtin.guard,
            translate=i18n.translate,
        )
        """What this controller's sessions answer with; the window opens its sessions on it."""
        self._run: _Run | None = None
        self._task: asyncio.Task[None] | None = None
        self._tasks: set[asyncio.Task[None]] = set()
        self._bridge = TraceBridge(self)
        self._bridge.tool_status_changed.connect(self.status)
        self._bridge.tool_progressed.connect(self.progress)
        self._bridge.tool_call_finished.connect(self.trace)

    def is_running(self) -> bool:
        """Whether an answer is being written."""
        return self._run is not None

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
        self.answering.providers.forget()

    async def aclose(self) -> None:
        """Stop the running answer, wait until everything is stored, close connections."""
        self.cancel()
        while self._tasks:
            await asyncio.wait(set(self._tasks))
        await self.answering.providers.aclose()

    async def _execute(self, run: _Run) -> None:
        request = run.request
        try:
            session = await self._session(request)
            if not run.detached:
                self.chat_context.emit(session.context)
            await session.answer(
                request.turn.message,
                provider_name=request.provider_name,
                selected_tool_ids=request.turn.selected_tool_ids,
                system_prompt=request.turn.system_prompt,
                may_run_tools=request.turn.may_run_tools,
                on_event=lambda event: self._handle(run, event),
                on_guard_report=lambda report: self._report(run, report),
                record=run.record,
            )
        except StudioError as error:
            # The chat could not even be opened: the answer fails as any other would.
            ended = AnswerEnded(
                state="failed", record=run.record, error_message=error.text(i18n.translate)
            )
            self._handle(run, ended)

    async def _session(self, request: RunRequest) -> ChatSession:
        if request.session is not None:
            return request.session
        if not request.keep_in_chat:
            return ChatSession.unkept(
                self.answering,
                context=request.context,
                component=request.turn.component,
                history=request.turn.history,
            )
        if request.chat_id is None:
            return ChatSession.new(
                self.answering, self._services.chats, component=request.turn.component
            )
        return await ChatSession.open(self.answering, self._services.chats, request.chat_id)

    def _handle(self, run: _Run, event: SessionEvent) -> None:
        if run.detached:
            return
        match event:
            case ChatCreated():
                self.chat_created.emit(event.chat)
            case AnswerEnded():
                # The run ends before its ending is announced and stored, so a Stop pressed
                # meanwhile finds nothing to stop: every run sends exactly one ending.
                run.detached = True
                self._run = None
                self.status.emit("", False)
                if event.state == "complete":
                    self.finished.emit(event.record)
                elif event.state == "failed":
                    self.failed.emit(event.error_message)
                self.running_changed.emit(False)
            case _:
                self._emit(event)

    def _report(self, run: _Run, report: GuardReport) -> None:
        if not run.detached:
            self.guard_report.emit(report)

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
            case RequirementsRaised(untrusted_source=source) if source is not None:
                self.chat_marked.emit(source)
            case _:
                pass
