"""Chats that last: every chat, message, tool trace and source in one SQLite file per profile.

The file is ``<data_dir>/chats.sqlite3`` (:data:`FILE_NAME`). Every change is one transaction
in a write-ahead log with full sync, so a crash, a kill or a power cut keeps every change that
returned. An answer is written when it starts, marked "interrupted", and again when it ends:
whatever happens in between, the chat keeps everything before it, and the answer that was
streaming is at worst an empty or partial answer marked as interrupted.

Opening a file (:meth:`ChatStore.open`) upgrades one from an older Studio
(:mod:`studio.chats.migrations`). A file that cannot be used is set aside, never deleted or
emptied: one that is not a database, fails SQLite's quick check of its pages or belongs to
another program is renamed to ``chats.sqlite3.unreadable-<time>`` together with its ``-wal``,
``-shm`` and ``-journal`` files, and Studio starts a new history and says where the old one
went; the notice is kept beside the copy until the app has shown it (:mod:`studio.config.unseen`).
A file that may be fine is never set aside or written: one from a newer Studio, one another
program holds locked, a folder in its place. Opening raises
:class:`ChatHistoryUnavailableError` instead, and
:meth:`~studio.chats.async_store.AsyncChatStore.open_for_start` goes on with a history in
memory and a notice that says what stands in the way and what to do.

Threads: a connection belongs to the thread that opened it (``sqlite3`` checks). Code on the
event loop uses :class:`~studio.chats.async_store.AsyncChatStore`, which opens the store on its
own single worker thread and runs every call there, one after the other, so the loop never
waits for the disk. The errors are in :mod:`studio.chats.errors`, the conversions between rows
and models in :mod:`studio.chats.rows`.
"""

from __future__ import annotations

import contextlib
import errno
import logging
import os
import sqlite3
import uuid
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import replace
from datetime import UTC, datetime
from pathlib import Path
from types import TracebackType

from studio.chats import migrations, rows
from studio.chats.errors import (
    ALREADY_OPEN,
    DAMAGED,
    FOREIGN_FILE,
    NOT_A_DATABASE,
    NOT_OPEN,
    NOT_USABLE,
    SET_ASIDE,
    UNKNOWN_ANSWER,
    UNKNOWN_CHAT,
    ChatHistoryUnavailableError,
    ChatStoreError,
    NewerChatHistoryError,
    UnknownChatError,
    UnknownMessageError,
    newer,
    unavailable,
)
from studio.chats.models import Chat, MessageState, RefusedCall, StoredMessage, StoredTrace
from studio.config import unseen
from studio.kernel.calls import ToolInvocationTrace
from studio.kernel.context import ChatContext
from studio.kernel.definition import Component
from studio.kernel.policy import ChatRequirements
from studio.kernel.result import Source
from studio.kernel.translatable import TranslatableMessage

__all__ = [
    "FILE_NAME",
    "REFUSED_CALLS_LIMIT",
    "ChatHistoryUnavailableError",
    "ChatStore",
    "ChatStoreError",
    "Clock",
    "NewerChatHistoryError",
    "UnknownChatError",
    "UnknownMessageError",
]

logger = logging.getLogger(__name__)

FILE_NAME = "chats.sqlite3"
"""The name of the chat history in the profile's data folder."""

Clock = Callable[[], datetime]
"""Returns the current time as an aware datetime; tests pass their own."""

REFUSED_CALLS_LIMIT = 1000
"""How many refused calls the log of all chats reads at most, newest first."""

_BUSY_TIMEOUT = 5.0
"""Seconds a write waits for another Studio on the same profile before it fails."""

# The files SQLite keeps next to a database; they belong to it and move with it.
_COMPANIONS = ("-wal", "-shm", "-journal")


class ChatStore:
    """The chat history of one profile, read and written synchronously.

    Every call is one short transaction on a local file, cheap enough for a worker thread but
    not for the event loop: code there uses
    :class:`~studio.chats.async_store.AsyncChatStore`.

    Args:
        path: The database file; its folder is created when missing.
        clock: The current time; tests pass their own.
        in_memory: Keep the history in memory only, never touching ``path`` (which is then
            only named in messages): what Studio starts on when the file cannot be opened.
    """

    def __init__(self, path: Path, *, clock: Clock = rows.now, in_memory: bool = False) -> None:
        self.path = path
        self._clock = clock
        self._in_memory = in_memory
        self._connection: sqlite3.Connection | None = None
        self.load_notice: TranslatableMessage | None = None
        """What the user should be told about opening the file, if anything."""

    # -- opening and closing ---------------------------------------------------------------

    def open(self) -> TranslatableMessage | None:
        """Open the file, creating or upgrading it; set an unusable file aside first.

        Returns:
            The notice for the user when a file was set aside (also kept as
            :attr:`load_notice`), else None.

        Raises:
            NewerChatHistoryError: a newer Studio wrote the file; it is left as it was.
            ChatHistoryUnavailableError: the system refused to read, lock or create the file
                (a folder in its place, another program's lock); it is left as it was.
            ChatStoreError: an upgrade failed; the file is left as it was.
        """
        if self._connection is not None:
            raise ChatStoreError(ALREADY_OPEN, path=str(self.path))
        notice = None
        try:
            problem = None if self._in_memory else self._problem()
            if problem is not None:
                kept = _set_aside(self.path, self._clock())
                logger.warning("The chat history %s %s; kept as %s", self.path, problem, kept)
                notice = TranslatableMessage(SET_ASIDE, problem=problem, kept=str(kept))
                # Until the app has shown it: a command may have done this, unread.
                unseen.record(kept, notice)
            connection = self._connect()
            try:
                _configure(connection)
                before = migrations.migrate(connection)
                # Only after the upgrade: a failed one then leaves the file byte for byte.
                if not self._in_memory:
                    _use_write_ahead_log(connection)
            except BaseException:
                connection.close()
                raise
        except (sqlite3.Error, OSError) as error:
            raise unavailable(self.path, error) from error
        if 0 < before < migrations.SCHEMA_VERSION:
            logger.info(
                "Upgraded the chat history from version %d to %d.",
                before,
                migrations.SCHEMA_VERSION,
            )
        self._connection = connection
        self.load_notice = notice
        return notice

    @property
    def in_memory(self) -> bool:
        """Whether the history lives in memory only and never touches :attr:`path`."""
        return self._in_memory

    @property
    def is_open(self) -> bool:
        """Whether :meth:`open` succeeded and :meth:`close` has not been called since."""
        return self._connection is not None

    def close(self) -> None:
        """Close the file; SQLite folds its write-ahead log back in. Closing twice is fine."""
        if self._connection is not None:
            self._connection.close()
            self._connection = None

    def __enter__(self) -> ChatStore:
        if self._connection is None:
            self.open()
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        self.close()

    def _problem(self) -> TranslatableMessage | None:
        """Why the existing file cannot be used, or None; see :func:`_problem_with`.

        The check reads through a read-only connection: closing a writable one lets SQLite
        fold the write-ahead log into the file and delete it, and a file about to be set aside
        must keep its bytes and its log. A hot rollback journal needs writing to be read, so
        only then is the check repeated on a writable connection.
        """
        if not self.path.exists() or (self.path.is_file() and self.path.stat().st_size == 0):
            return None  # SQLite makes a new database of an empty file.
        if self.path.is_dir():
            raise IsADirectoryError(errno.EISDIR, os.strerror(errno.EISDIR), str(self.path))
        read_only = f"{self.path.resolve().as_uri()}?mode=ro"
        try:
            with contextlib.closing(
                sqlite3.connect(read_only, uri=True, timeout=_BUSY_TIMEOUT, isolation_level=None)
            ) as connection:
                return _problem_with(connection, self.path)
        except sqlite3.OperationalError as error:
            if error.sqlite_errorcode & 0xFF != sqlite3.SQLITE_READONLY:
                raise
        with contextlib.closing(self._connect()) as connection:
            return _problem_with(connection, self.path)

    def _connect(self) -> sqlite3.Connection:
        if self._in_memory:
            target: Path | str = ":memory:"
        else:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            target = self.path
        # Autocommit mode: every transaction here is explicit, BEGIN to COMMIT.
        connection = sqlite3.connect(target, timeout=_BUSY_TIMEOUT, isolation_level=None)
        connection.row_factory = sqlite3.Row
        connection.create_function("studio_contains", 2, rows.contains, deterministic=True)
        return connection

    @contextlib.contextmanager
    def _transaction(self, *, write: bool = True) -> Iterator[sqlite3.Connection]:
        """One transaction; a write takes the write lock up front, so it never has to retry."""
        if self._connection is None:
            raise ChatStoreError(NOT_OPEN, path=str(self.path))
        connection = self._connection
        try:
            connection.execute("BEGIN IMMEDIATE" if write else "BEGIN")
            try:
                yield connection
                connection.execute("COMMIT")
            except BaseException:
                if connection.in_transaction:
                    connection.execute("ROLLBACK")
                raise
        except sqlite3.Error as error:
            raise ChatStoreError(NOT_USABLE, path=str(self.path), error=str(error)) from error

    # -- chats -----------------------------------------------------------------------------

    def create_chat(
        self,
        title: str = "",
        *,
        component: Component = Component.CHAT,
        provider_name: str = "",
        selected_tool_ids: Sequence[str] | None = None,
        requirements: ChatRequirements | None = None,
    ) -> Chat:
        """Start a chat and return it."""
        requirements = requirements or ChatRequirements()
        now = rows.stamp(self._clock())
        chat_id = uuid.uuid4().hex
        with self._transaction() as connection:
            connection.execute(
                "INSERT INTO chats (id, title, created_at, updated_at, component, provider_name,"
                f" {', '.join(rows.REQUIREMENT_COLUMNS)}, selected_tool_ids)"
                f" VALUES ({', '.join('?' * (7 + len(rows.REQUIREMENT_COLUMNS)))})",
                (
                    chat_id,
                    rows.clean(title),
                    now,
                    now,
                    component.value,
                    provider_name,
                    *rows.requirements_row(requirements),
                    rows.tool_ids_text(selected_tool_ids),
                ),
            )
            return rows.chat(self._chat_row(connection, chat_id))

    def chat(self, chat_id: str) -> Chat:
        """The chat ``chat_id``, deleted or not.

        Raises:
            UnknownChatError: there is no such chat.
        """
        with self._transaction(write=False) as connection:
            return rows.chat(self._chat_row(connection, chat_id))

    def rename_chat(self, chat_id: str, title: str) -> None:
        """Give the chat a new title; renaming is not activity, so its place in the list stays."""
        self._update_chat(chat_id, "title = ?", rows.clean(title))

    def set_selected_tools(self, chat_id: str, tool_ids: Sequence[str] | None) -> None:
        """Remember the tools chosen for the chat; None goes back to the component's defaults."""
        self._update_chat(chat_id, "selected_tool_ids = ?", rows.tool_ids_text(tool_ids))

    def delete_chat(self, chat_id: str) -> None:
        """Move the chat out of the list; :meth:`restore_chat` undoes it until it is purged.

        Deleting a deleted chat keeps the time it was first deleted.
        """
        now = rows.stamp(self._clock())
        self._update_chat(chat_id, "deleted_at = coalesce(deleted_at, ?)", now)

    def restore_chat(self, chat_id: str) -> None:
        """Undo :meth:`delete_chat`: the chat is back in the list, as it was."""
        self._update_chat(chat_id, "deleted_at = NULL")

    def purge_deleted(self) -> int:
        """Remove the deleted chats for good; return how many.

        Their messages, traces and sources go with them, and SQLite overwrites the freed space
        (``secure_delete``), so a purged chat cannot be read back from the file.
        """
        with self._transaction() as connection:
            cursor = connection.execute("DELETE FROM chats WHERE deleted_at IS NOT NULL")
            return cursor.rowcount

    def list_chats(self, search: str = "") -> tuple[Chat, ...]:
        """The chats that are not deleted, the most recently active first.

        Args:
            search: Keeps only the chats whose title or any message contains this text,
                ignoring case in every alphabet; blank keeps all.
        """
        needle = rows.folded(search.strip())
        with self._transaction(write=False) as connection:
            found = connection.execute(
                "SELECT * FROM chats AS c WHERE c.deleted_at IS NULL AND (:needle = ''"
                " OR studio_contains(c.title, :needle) OR EXISTS (SELECT 1 FROM messages AS m"
                " WHERE m.chat_id = c.id AND studio_contains(m.text, :needle)))"
                " ORDER BY c.updated_at DESC, c.rowid DESC",
                {"needle": needle},
            ).fetchall()
        return tuple(rows.chat(row) for row in found)

    # -- requirements ----------------------------------------------------------------------

    def save_requirements(self, chat_id: str, requirements: ChatRequirements) -> ChatRequirements:
        """Store what the chat's content demands; each axis only ever tightens.

        A looser value than the stored one is refused for that axis: the stored, stricter one
        stays, because content that once reached the chat still demands it. On an outbound
        tie the stored origin stays, so the message keeps naming the first source.

        Returns:
            The requirements now stored, which the caller's chat should adopt.
        """
        with self._transaction() as connection:
            return self._tighten(connection, chat_id, requirements)

    def load_context(self, chat_id: str) -> ChatContext:
        """What tools know about the chat: its requirements and the addresses given to it."""
        with self._transaction(write=False) as connection:
            requirements = rows.chat(self._chat_row(connection, chat_id)).requirements
            addresses = self._addresses(connection, chat_id)
        return ChatContext(requirements=requirements, web_addresses_given_to_model=addresses)

    def save_context(self, chat_id: str, context: ChatContext) -> ChatContext:
        """Store what tools learnt about the chat, in one transaction; nothing is ever lost.

        The requirements tighten as in :meth:`save_requirements`, and the addresses given to
        the model join the stored ones: an address once given stays given.

        Returns:
            The context now stored, which the caller's chat should adopt.
        """
        with self._transaction() as connection:
            requirements = self._tighten(connection, chat_id, context.requirements)
            connection.executemany(
                "INSERT OR IGNORE INTO given_addresses (chat_id, address) VALUES (?, ?)",
                [
                    (chat_id, rows.clean(address))
                    for address in sorted(context.web_addresses_given_to_model)
                ],
            )
            addresses = self._addresses(connection, chat_id)
        return ChatContext(requirements=requirements, web_addresses_given_to_model=addresses)

    def _tighten(
        self, connection: sqlite3.Connection, chat_id: str, requirements: ChatRequirements
    ) -> ChatRequirements:
        stored = rows.chat(self._chat_row(connection, chat_id)).requirements
        kept = replace(stored)
        kept.require_provider_confidence(requirements.provider_confidence)
        kept.require_data_security(requirements.data_security)
        kept.require_outbound_restriction(requirements.outbound)
        if requirements.untrusted_source is not None:
            kept.mark_untrusted(requirements.untrusted_source)
        if (
            requirements.provider_confidence < stored.provider_confidence
            or requirements.data_security < stored.data_security
            or requirements.outbound.level > stored.outbound.level
            or (stored.is_untrusted and not requirements.is_untrusted)
        ):
            logger.info("Kept the stricter stored requirements of chat %r.", chat_id)
        assignments = ", ".join(f"{column} = ?" for column in rows.REQUIREMENT_COLUMNS)
        connection.execute(
            f"UPDATE chats SET {assignments} WHERE id = ?",  # column names are constants
            (*rows.requirements_row(kept), chat_id),
        )
        return kept

    @staticmethod
    def _addresses(connection: sqlite3.Connection, chat_id: str) -> set[str]:
        found = connection.execute(
            "SELECT address FROM given_addresses WHERE chat_id = ?", (chat_id,)
        ).fetchall()
        return {row["address"] for row in found}

    def load_requirements(self, chat_id: str) -> ChatRequirements:
        """What the chat's content demands of every later request."""
        return self.chat(chat_id).requirements

    # -- messages --------------------------------------------------------------------------

    def messages(self, chat_id: str) -> tuple[StoredMessage, ...]:
        """The chat's messages, oldest first, with their traces and sources."""
        with self._transaction(write=False) as connection:
            self._chat_row(connection, chat_id)
            found = connection.execute(
                "SELECT * FROM messages WHERE chat_id = ? ORDER BY id", (chat_id,)
            ).fetchall()
            traces = rows.grouped(
                connection.execute(
                    "SELECT t.* FROM traces AS t JOIN messages AS m ON m.id = t.message_id"
                    " WHERE m.chat_id = ? ORDER BY t.message_id, t.position",
                    (chat_id,),
                ),
                rows.trace,
            )
            sources = rows.grouped(
                connection.execute(
                    "SELECT s.* FROM sources AS s JOIN messages AS m ON m.id = s.message_id"
                    " WHERE m.chat_id = ? ORDER BY s.message_id, s.position",
                    (chat_id,),
                ),
                rows.source,
            )
        return tuple(
            rows.message(row, traces.get(row["id"], ()), sources.get(row["id"], ()))
            for row in found
        )

    def refused_calls(self, limit: int = REFUSED_CALLS_LIMIT) -> tuple[RefusedCall, ...]:
        """The blocked and failed tool calls of every chat not deleted, newest first.

        For the log that shows a user or an administrator what was refused across all chats;
        at most ``limit`` calls, so a long history stays quick to show.
        """
        with self._transaction(write=False) as connection:
            found = connection.execute(
                "SELECT t.*, c.id AS chat_id, c.title AS chat_title, m.created_at AS answered_at"
                " FROM traces AS t"
                " JOIN messages AS m ON m.id = t.message_id"
                " JOIN chats AS c ON c.id = m.chat_id"
                " WHERE c.deleted_at IS NULL AND t.status IN ('BLOCKED', 'ERROR')"
                " ORDER BY m.id DESC, t.position LIMIT ?",
                (limit,),
            ).fetchall()
        return tuple(
            RefusedCall(
                chat_id=row["chat_id"],
                chat_title=row["chat_title"],
                answered_at=datetime.fromisoformat(row["answered_at"]),
                trace=rows.trace(row),
            )
            for row in found
        )

    def add_user_message(self, chat_id: str, text: str) -> StoredMessage:
        """Add the user's message to the chat and return it."""
        now = rows.stamp(self._clock())
        with self._transaction() as connection:
            self._touch(connection, chat_id, now)
            cursor = connection.execute(
                "INSERT INTO messages (chat_id, role, text, created_at, state)"
                " VALUES (?, 'user', ?, ?, 'complete')",
                (chat_id, rows.clean(text), now),
            )
            row = connection.execute(
                "SELECT * FROM messages WHERE id = ?", (cursor.lastrowid,)
            ).fetchone()
        return rows.message(row, (), ())

    def begin_answer(self, chat_id: str, provider_name: str, model: str) -> int:
        """Start an answer before the first token arrives; return its id.

        The answer is stored empty and "interrupted", so if Studio ends before
        :meth:`finish_answer`, the chat shows a marked, cut-off answer rather than losing it
        silently. The chat remembers ``provider_name`` as the one it last answered with.
        """
        now = rows.stamp(self._clock())
        with self._transaction() as connection:
            self._touch(connection, chat_id, now)
            connection.execute(
                "UPDATE chats SET provider_name = ? WHERE id = ?", (provider_name, chat_id)
            )
            cursor = connection.execute(
                "INSERT INTO messages (chat_id, role, text, created_at, provider_name, model,"
                " state) VALUES (?, 'assistant', '', ?, ?, ?, 'interrupted')",
                (chat_id, now, provider_name, model),
            )
            answer_id = cursor.lastrowid
        assert answer_id is not None  # An INSERT always sets it.
        return answer_id

    def save_partial_answer(
        self,
        answer_id: int,
        text: str,
        *,
        traces: Iterable[ToolInvocationTrace | StoredTrace] = (),
        sources: Iterable[Source] = (),
    ) -> None:
        """Keep what a streaming answer has so far; it stays marked "interrupted".

        Callers may save now and then while a long answer streams, so a kill loses only what
        arrived since; :meth:`finish_answer` is still what ends the answer.
        """
        self._write_answer(answer_id, text, traces, sources, "interrupted", "")

    def finish_answer(
        self,
        answer_id: int,
        text: str,
        *,
        traces: Iterable[ToolInvocationTrace | StoredTrace] = (),
        sources: Iterable[Source] = (),
        state: MessageState = "complete",
        error_message: str = "",
    ) -> None:
        """Store the answer as it ended, replacing what :meth:`begin_answer` wrote.

        Args:
            answer_id: What :meth:`begin_answer` returned.
            text: The answer's text; for a stopped or failed answer, what streamed.
            traces: The answer's tool calls; their results are never stored.
            sources: The answer's sources.
            state: "complete"; "interrupted" when the user stopped it; "failed" when an error
                ended it.
            error_message: What the user was shown about the error, for a failed answer.

        Raises:
            UnknownMessageError: no answer has this id.
        """
        self._write_answer(answer_id, text, traces, sources, state, error_message)

    # -- helpers ---------------------------------------------------------------------------

    def _chat_row(self, connection: sqlite3.Connection, chat_id: str) -> sqlite3.Row:
        row: sqlite3.Row | None = connection.execute(
            "SELECT * FROM chats WHERE id = ?", (chat_id,)
        ).fetchone()
        if row is None:
            raise UnknownChatError(UNKNOWN_CHAT, chat_id=chat_id)
        return row

    def _update_chat(self, chat_id: str, assignment: str, *values: object) -> None:
        # ``assignment`` is always a literal from this class, never user text.
        with self._transaction() as connection:
            cursor = connection.execute(
                f"UPDATE chats SET {assignment} WHERE id = ?", (*values, chat_id)
            )
            if cursor.rowcount == 0:
                raise UnknownChatError(UNKNOWN_CHAT, chat_id=chat_id)

    def _touch(self, connection: sqlite3.Connection, chat_id: str, now: str) -> None:
        cursor = connection.execute("UPDATE chats SET updated_at = ? WHERE id = ?", (now, chat_id))
        if cursor.rowcount == 0:
            raise UnknownChatError(UNKNOWN_CHAT, chat_id=chat_id)

    def _write_answer(
        self,
        answer_id: int,
        text: str,
        traces: Iterable[ToolInvocationTrace | StoredTrace],
        sources: Iterable[Source],
        state: MessageState,
        error_message: str,
    ) -> None:
        stored = [
            trace if isinstance(trace, StoredTrace) else StoredTrace.from_trace(trace)
            for trace in traces
        ]
        now = rows.stamp(self._clock())
        with self._transaction() as connection:
            row = connection.execute(
                "SELECT chat_id FROM messages WHERE id = ? AND role = 'assistant'", (answer_id,)
            ).fetchone()
            if row is None:
                raise UnknownMessageError(UNKNOWN_ANSWER, answer_id=answer_id)
            self._touch(connection, row["chat_id"], now)
            connection.execute(
                "UPDATE messages SET text = ?, state = ?, error_message = ? WHERE id = ?",
                (rows.clean(text), state, rows.clean(error_message), answer_id),
            )
            connection.execute("DELETE FROM traces WHERE message_id = ?", (answer_id,))
            connection.executemany(
                "INSERT INTO traces (message_id, position, call_order, tool_id, tool_name,"
                " tool_name_context, tool_icon, tool_call_id, status, was_executed,"
                " status_message, status_message_context, status_values, arguments, removals)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                [
                    rows.trace_row(answer_id, position, trace)
                    for position, trace in enumerate(stored)
                ],
            )
            connection.execute("DELETE FROM sources WHERE message_id = ?", (answer_id,))
            connection.executemany(
                "INSERT INTO sources (message_id, position, title, url, origin)"
                " VALUES (?, ?, ?, ?, ?)",
                [
                    (
                        answer_id,
                        position,
                        rows.clean(source.title),
                        rows.clean(source.url),
                        source.origin.value,
                    )
                    for position, source in enumerate(sources)
                ],
            )


def _problem_with(connection: sqlite3.Connection, path: Path) -> TranslatableMessage | None:
    """Why the database cannot be used, as the end of a sentence; None when it can.

    Only a damaged file, or one that is not a Studio chat history, is a problem here; the
    system refusing access (permissions, a full disk, a lock) may pass, so it raises instead.

    Damage is looked for with ``PRAGMA quick_check``, not the full ``integrity_check``: this
    runs while the user waits, at every start of the app and of every command. The quick check
    still reads every page and checks the tree of every table and index, so a truncated,
    overwritten or unreadable file is found before Studio writes to it. What it leaves out,
    matching every index entry with its row, is most of the full check's time (it grows as
    N log N rather than N) and could only find an index out of step, which loses no chat. A
    crash is no reason for the full check either: the write-ahead log with full sync keeps
    the file whole through a kill or a power cut.

    Raises:
        NewerChatHistoryError: a newer Studio wrote the file.
        sqlite3.Error: the system refused access; the file may be fine.
    """
    try:
        version = migrations.version_of(connection)
        application_id = connection.execute("PRAGMA application_id").fetchone()[0]
        if version < 0 or (version > 0 and application_id != migrations.APPLICATION_ID):
            return TranslatableMessage(FOREIGN_FILE)
        if version > migrations.SCHEMA_VERSION:
            # Never set aside: the newer Studio that wrote it can still read it.
            raise newer(path, version)
        if version == 0 and connection.execute("SELECT 1 FROM sqlite_master").fetchone():
            return TranslatableMessage(FOREIGN_FILE)
        found = connection.execute("PRAGMA quick_check").fetchall()
    except sqlite3.DatabaseError as error:
        code = error.sqlite_errorcode & 0xFF
        if code == sqlite3.SQLITE_NOTADB:
            return TranslatableMessage(NOT_A_DATABASE, detail=str(error))
        if code == sqlite3.SQLITE_CORRUPT:
            return TranslatableMessage(DAMAGED, detail=str(error))
        raise
    if [tuple(row) for row in found] != [("ok",)]:
        return TranslatableMessage(DAMAGED, detail=found[0][0])
    return None


def _configure(connection: sqlite3.Connection) -> None:
    # With full sync a commit that returned survives a power cut, not only a crash.
    connection.execute("PRAGMA synchronous = FULL")
    connection.execute("PRAGMA foreign_keys = ON")
    # Deleted chats are overwritten on disk, not just unlinked from the file's structure.
    connection.execute("PRAGMA secure_delete = ON")


def _use_write_ahead_log(connection: sqlite3.Connection) -> None:
    # A commit appends to the log instead of rewriting pages in place, so a kill mid-write
    # never leaves a half-written page, and other readers see the last commit meanwhile.
    mode = connection.execute("PRAGMA journal_mode = WAL").fetchone()[0]
    if mode != "wal":
        logger.warning("The chat history uses journal mode %r; WAL is not available.", mode)


def _set_aside(path: Path, now: datetime) -> Path:
    """Rename ``path`` and its companion files to a free ``.unreadable-<time>`` name."""
    stamp = now.astimezone(UTC).strftime("%Y%m%dT%H%M%SZ")
    kept = path.with_name(f"{path.name}.unreadable-{stamp}")
    number = 1
    while any(Path(f"{kept}{suffix}").exists() for suffix in ("", *_COMPANIONS)):
        number += 1
        kept = path.with_name(f"{path.name}.unreadable-{stamp}-{number}")
    # Companions first: a log left behind under the old name could be replayed into the new,
    # empty history; the database itself last, so an interruption leaves it to be found again.
    for suffix in (*_COMPANIONS, ""):
        source = Path(f"{path}{suffix}")
        if source.exists():
            os.replace(source, Path(f"{kept}{suffix}"))
    return kept
