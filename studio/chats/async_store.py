"""The chat history for code on the event loop: every call on one worker thread.

A SQLite connection belongs to the thread that opened it, and the order of the calls matters
(a user's message is stored before its answer begins), so :class:`AsyncChatStore` owns one
worker thread that opens the :class:`~studio.chats.store.ChatStore` and runs every call
there, one after the other; the loop never waits for the disk. Most calls go through
:meth:`AsyncChatStore.call` with the store's own method; the few methods of its own copy,
on the loop thread, the arguments a caller may still change.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import replace
from pathlib import Path
from typing import Concatenate, ParamSpec, TypeVar

from studio.chats import rows
from studio.chats.errors import CLOSED, ChatHistoryUnavailableError, ChatStoreError
from studio.chats.models import Chat, MessageState, StoredTrace
from studio.chats.store import ChatStore, Clock
from studio.kernel.calls import ToolInvocationTrace
from studio.kernel.context import ChatContext
from studio.kernel.definition import Component
from studio.kernel.policy import ChatRequirements
from studio.kernel.result import Source
from studio.kernel.translatable import TranslatableMessage

__all__ = ["AsyncChatStore"]

P = ParamSpec("P")
T = TypeVar("T")


class AsyncChatStore:
    """A :class:`ChatStore` for code on the event loop: every call runs on one worker thread.

    The worker thread opens the store and owns its connection; calls run there one at a time,
    in the order they were made, so a write is never overtaken by a later read. A call that
    reached the worker is finished even if the caller is cancelled: a user's stop must not
    leave half of what was being saved. Build one with :meth:`open`.
    """

    def __init__(self, store: ChatStore, executor: ThreadPoolExecutor) -> None:
        self._store = store
        self._executor = executor
        self._closed = False

    @classmethod
    def open(cls, path: Path, *, clock: Clock = rows.now) -> AsyncChatStore:
        """Open the chat history at ``path`` on a new worker thread, and wait until it is open.

        Call it at start-up, before the event loop runs (like reading the settings file);
        :attr:`load_notice` then says whether a file was set aside. A file that does not exist
        yet is created by the first call instead, on the worker: a command that only reads a
        fresh profile leaves no trace in it, and a missing file has nothing to report.

        Raises:
            ChatStoreError: see :meth:`ChatStore.open`.
        """
        executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="studio-chats")
        store = ChatStore(path, clock=clock)
        if path.exists():
            try:
                executor.submit(store.open).result()
            except BaseException:
                executor.shutdown(wait=True)
                raise
        return cls(store, executor)

    @classmethod
    def open_for_start(cls, path: Path, *, clock: Clock = rows.now) -> AsyncChatStore:
        """Like :meth:`open`, but a history Studio cannot open gives one in memory instead.

        That is how the app and every command start when the file is locked by another
        program, is a folder, or was written by a newer Studio: the file is left exactly as it
        is, :attr:`load_notice` says what stands in the way and what to do, and
        :attr:`in_memory` is true (the chats of this run are not saved).
        """
        try:
            return cls.open(path, clock=clock)
        except ChatHistoryUnavailableError as error:
            executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="studio-chats")
            store = ChatStore(path, clock=clock, in_memory=True)
            try:
                executor.submit(store.open).result()
            except BaseException:
                executor.shutdown(wait=True)
                raise
            store.load_notice = error.start_notice
            return cls(store, executor)

    @property
    def in_memory(self) -> bool:
        """Whether the history lives in memory only, because the file could not be opened."""
        return self._store.in_memory

    @property
    def path(self) -> Path:
        """The database file."""
        return self._store.path

    @property
    def load_notice(self) -> TranslatableMessage | None:
        """What the user should be told about opening the file, if anything."""
        return self._store.load_notice

    async def aclose(self) -> None:
        """Finish the calls already made, close the file and end the worker thread."""
        if self._closed:
            return
        self._closed = True
        try:
            # Straight to the store: closing must not create a file that was never used.
            await asyncio.shield(asyncio.wrap_future(self._executor.submit(self._store.close)))
        finally:
            self._executor.shutdown(wait=False)

    def close(self) -> None:
        """Like :meth:`aclose`, waiting; for code that runs outside the event loop."""
        if self._closed:
            return
        self._closed = True
        try:
            self._executor.submit(self._store.close).result()
        finally:
            self._executor.shutdown(wait=True)

    async def call(
        self,
        method: Callable[Concatenate[ChatStore, P], T],
        /,
        *args: P.args,
        **kwargs: P.kwargs,
    ) -> T:
        """Run the :class:`ChatStore` method ``method`` on the worker and return its result.

        For instance ``await chats.call(ChatStore.messages, chat_id)``. The arguments are
        handed to the worker as they are: pass only values the caller does not change
        afterwards (texts, numbers, tuples). The methods below copy what a caller may go on
        changing, and are the ones to use for what they do.
        """
        return await self._run(method, self._store, *args, **kwargs)

    async def create_chat(
        self,
        title: str = "",
        *,
        component: Component = Component.CHAT,
        provider_name: str = "",
        selected_tool_ids: Sequence[str] | None = None,
        requirements: ChatRequirements | None = None,
    ) -> Chat:
        """See :meth:`ChatStore.create_chat`."""
        return await self._run(
            self._store.create_chat,
            title,
            component=component,
            provider_name=provider_name,
            selected_tool_ids=None if selected_tool_ids is None else tuple(selected_tool_ids),
            requirements=None if requirements is None else replace(requirements),
        )

    async def set_selected_tools(self, chat_id: str, tool_ids: Sequence[str] | None) -> None:
        """See :meth:`ChatStore.set_selected_tools`."""
        ids = None if tool_ids is None else tuple(tool_ids)
        await self._run(self._store.set_selected_tools, chat_id, ids)

    async def save_requirements(
        self, chat_id: str, requirements: ChatRequirements
    ) -> ChatRequirements:
        """See :meth:`ChatStore.save_requirements`."""
        # A copy: the caller's chat may tighten its requirements while the worker reads them.
        return await self._run(self._store.save_requirements, chat_id, replace(requirements))

    async def save_context(self, chat_id: str, context: ChatContext) -> ChatContext:
        """See :meth:`ChatStore.save_context`."""
        # A copy, for the same reason: the chat's tools may go on adding addresses.
        copy = ChatContext(
            requirements=replace(context.requirements),
            web_addresses_given_to_model=set(context.web_addresses_given_to_model),
        )
        return await self._run(self._store.save_context, chat_id, copy)

    async def save_partial_answer(
        self,
        answer_id: int,
        text: str,
        *,
        traces: Iterable[ToolInvocationTrace | StoredTrace] = (),
        sources: Iterable[Source] = (),
    ) -> None:
        """See :meth:`ChatStore.save_partial_answer`."""
        await self._run(
            self._store.save_partial_answer,
            answer_id,
            text,
            traces=tuple(traces),
            sources=tuple(sources),
        )

    async def finish_answer(
        self,
        answer_id: int,
        text: str,
        *,
        traces: Iterable[ToolInvocationTrace | StoredTrace] = (),
        sources: Iterable[Source] = (),
        state: MessageState = "complete",
        error_message: str = "",
    ) -> None:
        """See :meth:`ChatStore.finish_answer`."""
        # Tuples, taken now: the caller's answer record keeps growing on the loop thread.
        await self._run(
            self._store.finish_answer,
            answer_id,
            text,
            traces=tuple(traces),
            sources=tuple(sources),
            state=state,
            error_message=error_message,
        )

    async def _run(self, function: Callable[P, T], /, *args: P.args, **kwargs: P.kwargs) -> T:
        if self._closed:
            raise ChatStoreError(CLOSED, path=str(self.path))
        future = self._executor.submit(self._call, function, *args, **kwargs)
        # Shielded, so cancelling the caller does not cancel a call the worker may not have
        # started yet; if that call fails, asyncio logs the error nobody awaited.
        return await asyncio.shield(asyncio.wrap_future(future))

    def _call(self, function: Callable[P, T], /, *args: P.args, **kwargs: P.kwargs) -> T:
        """Run ``function`` on the worker, opening the store first if :meth:`open` left that."""
        if not self._store.is_open:
            self._store.open()
        return function(*args, **kwargs)
