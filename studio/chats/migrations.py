"""The chat database's schema, as the steps that build it from an empty file.

Each :class:`Migration` takes the database from the version before it to its own
:attr:`~Migration.version`, which SQLite keeps in ``PRAGMA user_version``. A new file runs
every step from version 0; a file from an older Studio runs only the steps it lacks. A released
step is never edited: a change to the schema is a new step at the end, so every database ends
up the same whatever its age.

All pending steps run in one transaction together with the version number, so an upgrade that
fails or is interrupted leaves the file exactly as the older Studio wrote it.

Timestamps are ISO 8601 texts in UTC with microseconds, so comparing them as text orders them
in time. Tables are not ``STRICT``, because the SQLite that ships with some Pythons predates it;
``CHECK`` constraints guard the closed sets instead.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence
from dataclasses import dataclass

__all__ = ["APPLICATION_ID", "MIGRATIONS", "SCHEMA_VERSION", "Migration", "migrate", "version_of"]

APPLICATION_ID = 0x5374646F
"""Marks a SQLite file as a Studio chat history (``PRAGMA application_id``, "Stdo"), so a
database some other program wrote is never mistaken for one."""


@dataclass(frozen=True, kw_only=True)
class Migration:
    """One step of the schema: the statements that take the previous version to this one."""

    version: int
    """The version the database has after this step."""
    description: str
    statements: tuple[str, ...]
    """Run in order, inside the upgrade's transaction; so no ``VACUUM`` and no pragmas that
    SQLite ignores inside a transaction (``foreign_keys``, ``journal_mode``)."""


_CHATS_V1 = """
CREATE TABLE chats (
    id TEXT PRIMARY KEY NOT NULL,
    title TEXT NOT NULL,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL,
    deleted_at TEXT,
    component TEXT NOT NULL,
    provider_name TEXT NOT NULL DEFAULT '',
    provider_confidence INTEGER NOT NULL DEFAULT 0,
    data_security INTEGER NOT NULL DEFAULT 0,
    outbound_level INTEGER NOT NULL DEFAULT 2,
    outbound_origin TEXT NOT NULL DEFAULT ''
)
"""

_MESSAGES_V1 = """
CREATE TABLE messages (
    id INTEGER PRIMARY KEY,
    chat_id TEXT NOT NULL REFERENCES chats (id) ON DELETE CASCADE,
    role TEXT NOT NULL CHECK (role IN ('user', 'assistant')),
    text TEXT NOT NULL,
    created_at TEXT NOT NULL,
    provider_name TEXT NOT NULL DEFAULT '',
    model TEXT NOT NULL DEFAULT '',
    state TEXT NOT NULL CHECK (state IN ('complete', 'interrupted', 'failed')),
    error_message TEXT NOT NULL DEFAULT ''
)
"""

# A trace keeps what the user saw of a call and never its result: the result is what the model
# read, and it lives only while the answer runs. There is deliberately no column for it.
_TRACES_V1 = """
CREATE TABLE traces (
    message_id INTEGER NOT NULL REFERENCES messages (id) ON DELETE CASCADE,
    position INTEGER NOT NULL,
    call_order INTEGER NOT NULL,
    tool_id TEXT NOT NULL,
    tool_name TEXT NOT NULL,
    tool_name_context TEXT,
    tool_icon TEXT NOT NULL,
    tool_call_id TEXT NOT NULL,
    status TEXT NOT NULL,
    was_executed INTEGER NOT NULL CHECK (was_executed IN (0, 1)),
    status_message TEXT,
    status_message_context TEXT,
    status_values TEXT NOT NULL DEFAULT '{}',
    arguments TEXT NOT NULL DEFAULT '{}',
    PRIMARY KEY (message_id, position)
)
"""

_SOURCES_V1 = """
CREATE TABLE sources (
    message_id INTEGER NOT NULL REFERENCES messages (id) ON DELETE CASCADE,
    position INTEGER NOT NULL,
    title TEXT NOT NULL,
    url TEXT NOT NULL,
    origin TEXT NOT NULL,
    PRIMARY KEY (message_id, position)
)
"""

_GIVEN_ADDRESSES_V3 = """
CREATE TABLE given_addresses (
    chat_id TEXT NOT NULL REFERENCES chats (id) ON DELETE CASCADE,
    address TEXT NOT NULL,
    PRIMARY KEY (chat_id, address)
)
"""

_MARK_CHATS_WITH_RESULTS_V4 = """
UPDATE chats SET
    untrusted_kind = 'tool',
    untrusted_address = 'tool://' || (
        SELECT traces.tool_id FROM traces JOIN messages ON messages.id = traces.message_id
        WHERE messages.chat_id = chats.id AND traces.status = 'SUCCESS'
        ORDER BY messages.id, traces.position LIMIT 1
    )
WHERE EXISTS (
    SELECT 1 FROM traces JOIN messages ON messages.id = traces.message_id
    WHERE messages.chat_id = chats.id AND traces.status = 'SUCCESS'
)
"""

MIGRATIONS: tuple[Migration, ...] = (
    Migration(
        version=1,
        description="chats, messages, traces without results, sources and requirements",
        statements=(
            f"PRAGMA application_id = {APPLICATION_ID}",
            _CHATS_V1,
            "CREATE INDEX chats_by_update ON chats (deleted_at, updated_at)",
            _MESSAGES_V1,
            "CREATE INDEX messages_by_chat ON messages (chat_id, id)",
            _TRACES_V1,
            _SOURCES_V1,
        ),
    ),
    Migration(
        version=2,
        description="the tools each chat selected",
        # NULL, not an empty list, for the chats that exist: they never chose, so the
        # component's default tools keep applying to them.
        statements=("ALTER TABLE chats ADD COLUMN selected_tool_ids TEXT",),
    ),
    Migration(
        version=3,
        description="the web addresses each chat gave its model",
        # Tools that may read only addresses given to the model check them; kept with the chat,
        # so a link a search found earlier is still given when the chat is opened again.
        statements=(_GIVEN_ADDRESSES_V3,),
    ),
    Migration(
        version=4,
        description="whether each chat has taken in outside content, and the first source",
        # NULL kind: the chat has taken in none. Older chats did not record it, but their
        # answers may repeat what a tool brought in, so a chat with a successful call starts
        # marked by the first such tool.
        statements=(
            "ALTER TABLE chats ADD COLUMN untrusted_kind TEXT",
            "ALTER TABLE chats ADD COLUMN untrusted_address TEXT NOT NULL DEFAULT ''",
            "ALTER TABLE chats ADD COLUMN untrusted_label TEXT NOT NULL DEFAULT ''",
            _MARK_CHATS_WITH_RESULTS_V4,
        ),
    ),
    Migration(
        version=5,
        description="the passages the prompt-injection guard removed from each call's result",
        statements=("ALTER TABLE traces ADD COLUMN removals TEXT NOT NULL DEFAULT '[]'",),
    ),
)
"""Every step, oldest first; the version numbers count up from 1 without gaps."""

SCHEMA_VERSION = MIGRATIONS[-1].version
"""The version this Studio writes; a newer file is not opened."""


def version_of(connection: sqlite3.Connection) -> int:
    """The schema version recorded in the database; 0 for a new, empty file."""
    version: int = connection.execute("PRAGMA user_version").fetchone()[0]
    return version


def migrate(connection: sqlite3.Connection, migrations: Sequence[Migration] = MIGRATIONS) -> int:
    """Bring the database up to the last of ``migrations`` in one transaction.

    The connection must be in autocommit mode (``isolation_level=None``), so that the
    transaction here is the only one. The version is read again once the transaction holds
    the write lock, so two Studios opening the same old file upgrade it once.

    Args:
        connection: An open connection to the database.
        migrations: The steps, oldest first; only tests pass their own.

    Returns:
        The version the database had before.

    Raises:
        sqlite3.Error: a step failed; the database is left as it was.
    """
    connection.execute("BEGIN IMMEDIATE")
    try:
        before = version_of(connection)
        for migration in migrations:
            if migration.version <= before:
                continue
            for statement in migration.statements:
                connection.execute(statement)
            # The version is part of the transaction, so it moves only with the schema.
            connection.execute(f"PRAGMA user_version = {int(migration.version)}")
        connection.execute("COMMIT")
    except BaseException:
        # SQLite has already rolled back after some errors (a full disk, say).
        if connection.in_transaction:
            connection.execute("ROLLBACK")
        raise
    return before
