"""What can go wrong with the chat history, and the messages that say so.

Every message here is shown to the user (translated, context "ChatStore"); the errors are
:class:`~studio.errors.StudioError` subclasses, so they carry their message's values.
"""

from __future__ import annotations

import logging
import sqlite3
from pathlib import Path

from studio import __version__
from studio.chats import migrations
from studio.errors import StudioError
from studio.kernel.translatable import QT_TRANSLATE_NOOP, TranslatableMessage

__all__ = [
    "ChatHistoryUnavailableError",
    "ChatStoreError",
    "NewerChatHistoryError",
    "UnknownChatError",
    "UnknownMessageError",
    "newer",
    "unavailable",
]

logger = logging.getLogger("studio.chats.store")

# What the user may read: the notice about a file set aside, and the errors (see studio.errors).
SET_ASIDE = QT_TRANSLATE_NOOP(
    "ChatStore",
    "Your chats could not be read: the file {problem}. Studio started a new chat history and "
    "kept the old file as {kept!r}.",
)
# The problems finish the sentence "the file ...".
FOREIGN_FILE = QT_TRANSLATE_NOOP("ChatStore", "belongs to another program")
NOT_A_DATABASE = QT_TRANSLATE_NOOP("ChatStore", "is not a database ({detail})")
DAMAGED = QT_TRANSLATE_NOOP("ChatStore", "is damaged ({detail})")
ALREADY_OPEN = QT_TRANSLATE_NOOP("ChatStore", "The chat history {path!r} is already open.")
NOT_OPENED = QT_TRANSLATE_NOOP(
    "ChatStore", "The chat history {path!r} could not be opened: {error}"
)
NOT_OPEN = QT_TRANSLATE_NOOP("ChatStore", "The chat history {path!r} is not open.")
NOT_USABLE = QT_TRANSLATE_NOOP("ChatStore", "The chat history {path!r} could not be used: {error}")
CLOSED = QT_TRANSLATE_NOOP("ChatStore", "The chat history {path!r} is closed.")
UNKNOWN_CHAT = QT_TRANSLATE_NOOP("ChatStore", "There is no chat {chat_id!r}.")
UNKNOWN_ANSWER = QT_TRANSLATE_NOOP("ChatStore", "There is no answer {answer_id!r}.")
# A history Studio cannot open, but which may be fine, is never set aside: Studio starts without
# it, on a history in memory, and says what stands in the way and what to do.
FOLDER = QT_TRANSLATE_NOOP(
    "ChatStore", "The chat history {path!r} is a folder where Studio expects a file."
)
FOLDER_AT_START = QT_TRANSLATE_NOOP(
    "ChatStore",
    "Your chat history {path!r} is a folder where Studio expects a file, so Studio started "
    "without your chats and leaves the folder as it is; chats you start now are not saved. "
    "Move or rename the folder, then start Studio again.",
)
LOCKED = QT_TRANSLATE_NOOP("ChatStore", "The chat history {path!r} is locked by another program.")
LOCKED_AT_START = QT_TRANSLATE_NOOP(
    "ChatStore",
    "Your chat history {path!r} is locked by another program, perhaps another Studio, so "
    "Studio started without your chats and leaves the file as it is; chats you start now are "
    "not saved. Close the other program, then start Studio again.",
)
NEWER = QT_TRANSLATE_NOOP(
    "ChatStore",
    "The chat history {path!r} was written by a newer Studio: it is chat history version "
    "{version}, and this Studio ({studio}) reads up to version {supported}.",
)
NEWER_AT_START = QT_TRANSLATE_NOOP(
    "ChatStore",
    "Your chat history {path!r} was written by a newer Studio: it is chat history version "
    "{version}, and this Studio ({studio}) reads up to version {supported}. Studio started "
    "without your chats and leaves the file as it is; chats you start now are not saved. To "
    "open your chats, use a Studio that reads chat history version {version}: the one that "
    "wrote it, or a later one.",
)
NOT_OPENED_AT_START = QT_TRANSLATE_NOOP(
    "ChatStore",
    "Your chat history {path!r} could not be opened ({error}), so Studio started without your "
    "chats and leaves the file as it is; chats you start now are not saved. Fix the problem, "
    "then start Studio again.",
)


class ChatStoreError(StudioError):
    """The chat history cannot be opened, read or written."""


class ChatHistoryUnavailableError(ChatStoreError):
    """The file exists, may be fine, and cannot be opened: a folder, a lock, an I/O error.

    Args:
        message: The error, as for :class:`~studio.errors.StudioError`.
        start_notice: What to tell the user when Studio starts without the file.
        **values: The values ``message`` names.
    """

    def __init__(self, message: str, /, *, start_notice: TranslatableMessage, **values: object):
        super().__init__(message, **values)
        self.start_notice = start_notice
        """What to tell the user when Studio starts without the file."""


class NewerChatHistoryError(ChatHistoryUnavailableError):
    """The file was written by a newer Studio; it is never set aside or written to."""


class UnknownChatError(ChatStoreError):
    """No chat has this id (it was never created, or has been purged)."""


class UnknownMessageError(ChatStoreError):
    """No answer has this id."""


def newer(path: Path, version: int) -> NewerChatHistoryError:
    """The error for a history a newer Studio wrote; it is never set aside."""
    values = {
        "path": str(path),
        "version": version,
        "studio": __version__,
        "supported": migrations.SCHEMA_VERSION,
    }
    logger.warning("The chat history %s has version %d, newer than this Studio's", path, version)
    return NewerChatHistoryError(
        NEWER, start_notice=TranslatableMessage(NEWER_AT_START, **values), **values
    )


def unavailable(path: Path, error: sqlite3.Error | OSError) -> ChatHistoryUnavailableError:
    """The error for a history the system refused to open, saying what stands in the way."""
    logger.warning("The chat history %s could not be opened: %s", path, error)
    if path.is_dir():
        notice = TranslatableMessage(FOLDER_AT_START, path=str(path))
        return ChatHistoryUnavailableError(FOLDER, start_notice=notice, path=str(path))
    raw_code = getattr(error, "sqlite_errorcode", None)
    code = raw_code & 0xFF if isinstance(raw_code, int) else None
    if code in (sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED):
        notice = TranslatableMessage(LOCKED_AT_START, path=str(path))
        return ChatHistoryUnavailableError(LOCKED, start_notice=notice, path=str(path))
    detail = error.strerror if isinstance(error, OSError) and error.strerror else str(error)
    notice = TranslatableMessage(NOT_OPENED_AT_START, path=str(path), error=detail)
    return ChatHistoryUnavailableError(
        NOT_OPENED, start_notice=notice, path=str(path), error=detail
    )
