"""Profiles broken the ways hostile input and bad luck break them, for the CLI and app tests.

Each :class:`BrokenProfile` writes one corrupted case into a fresh profile and knows what the
user must be told and which original must survive. :func:`locked_chats` holds a chat history
locked from another process, as a second program would.
"""

from __future__ import annotations

import contextlib
import sqlite3
import subprocess
import sys
import textwrap
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

from studio.chats import migrations
from studio.chats.store import FILE_NAME, ChatStore
from studio.config.paths import StudioPaths

__all__ = [
    "BROKEN_PROFILES",
    "OUT_OF_RANGE_SETTINGS",
    "BrokenProfile",
    "chats_file",
    "locked_chats",
    "newer_chats",
    "snapshot",
]


def chats_file(paths: StudioPaths) -> Path:
    return paths.data_dir / FILE_NAME


def nested(levels: int) -> bytes:
    return b"[" * levels + b"]" * levels


def newer_chats(path: Path) -> None:
    """A chat history with one chat, marked as written by a newer Studio."""
    with ChatStore(path) as store:
        store.create_chat("From the future")
    connection = sqlite3.connect(path, isolation_level=None)
    connection.execute(f"PRAGMA user_version = {migrations.SCHEMA_VERSION + 1}")
    connection.close()


def _folder(path: Path) -> None:
    path.mkdir(parents=True)
    (path / "inside.txt").write_text("kept", encoding="utf-8")


def _write(path: Path, content: bytes) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(content)


@dataclass(frozen=True)
class BrokenProfile:
    """One corrupted-profile case."""

    id: str
    file: Callable[[StudioPaths], Path]
    """The file the case breaks."""
    make: Callable[[Path], None]
    """Writes the broken file at the path given."""
    words: str
    """What the notice must say."""
    set_aside: bool
    """Whether the original is moved aside (and kept there) rather than left in place."""
    copied: str | None = None
    """The kind of copy (``<file>.<kind>-<time>``) the original is kept as, when the file
    itself is written again; None when it is left as it is or moved aside."""

    def apply(self, paths: StudioPaths) -> Path:
        """Break ``paths``'s file; return that file."""
        path = self.file(paths)
        path.parent.mkdir(parents=True, exist_ok=True)
        self.make(path)
        return path

    def original_kept(self, path: Path, before: dict[str, bytes]) -> bool:
        """Whether the original survived, byte for byte, where the case says it should be."""
        if self.copied is not None:
            [copy] = path.parent.glob(f"{path.name}.{self.copied}-*")
            return copy.read_bytes() == before[""]
        if self.set_aside:
            copies = [
                copy
                for copy in path.parent.glob(f"{path.name}.unreadable-*")
                if not copy.name.endswith(("-wal", "-shm", "-journal"))
            ]
            return len(copies) == 1 and copies[0].read_bytes() == before[""]
        return snapshot(path) == before


def snapshot(path: Path) -> dict[str, bytes]:
    """The bytes of a file (or of the files in a folder), to compare before and after."""
    if path.is_dir():
        return {child.name: child.read_bytes() for child in sorted(path.iterdir())}
    return {"": path.read_bytes()}


OUT_OF_RANGE_SETTINGS = (
    b'{"version": 1, "tools": {"disabled_tool_ids": ["clock"], '
    b'"minimum_confidence_by_tool_id": {"web_search": 1000, "web_lookup": 90}}}'
)
"""Settings with one confidence level no level has, among values that are fine."""

BROKEN_PROFILES = [
    BrokenProfile(
        "settings-nested-3000",
        lambda paths: paths.settings_file,
        lambda path: _write(path, b'{"version": 1, "tools": ' + nested(3000) + b"}"),
        "nests more than 64 levels deep",
        set_aside=True,
    ),
    BrokenProfile(
        "providers-nested-100000",
        lambda paths: paths.providers_file,
        lambda path: _write(path, b'{"version": 1, "providers": ' + nested(100_000) + b"}"),
        "nests more than 64 levels deep",
        set_aside=True,
    ),
    BrokenProfile(
        "settings-folder",
        lambda paths: paths.settings_file,
        _folder,
        "is a folder where Studio expects a file",
        set_aside=False,
    ),
    BrokenProfile(
        "providers-folder",
        lambda paths: paths.providers_file,
        _folder,
        "is a folder where Studio expects a file",
        set_aside=False,
    ),
    BrokenProfile(
        "chats-folder",
        chats_file,
        _folder,
        "is a folder where Studio expects a file",
        set_aside=False,
    ),
    BrokenProfile(
        "chats-newer",
        chats_file,
        newer_chats,
        f"it is chat history version {migrations.SCHEMA_VERSION + 1}",
        set_aside=False,
    ),
    BrokenProfile(
        "settings-out-of-range",
        lambda paths: paths.settings_file,
        lambda path: _write(path, OUT_OF_RANGE_SETTINGS),
        "Studio reset what it could not use in your settings file to the defaults "
        "('tools.minimum_confidence_by_tool_id.web_search')",
        set_aside=False,
        copied="before-reset",
    ),
    BrokenProfile(
        "chats-damaged",
        chats_file,
        lambda path: _write(path, b"not a database at all " * 200),
        "Your chats could not be read: the file is not a database",
        set_aside=True,
    ),
]

_LOCKER = textwrap.dedent(
    """
    import sqlite3, sys
    connection = sqlite3.connect(sys.argv[1], isolation_level=None)
    connection.execute("PRAGMA locking_mode = EXCLUSIVE")
    connection.execute("BEGIN EXCLUSIVE")
    print("locked", flush=True)
    sys.stdin.read()
    connection.execute("ROLLBACK")
    """
)


@contextlib.contextmanager
def locked_chats(path: Path) -> Iterator[None]:
    """Hold an exclusive lock on the chat history ``path`` from another process meanwhile."""
    with subprocess.Popen(
        [sys.executable, "-c", _LOCKER, str(path)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    ) as locker:
        assert locker.stdin is not None
        assert locker.stdout is not None
        try:
            assert locker.stdout.readline().strip() == "locked"
            yield
        finally:
            locker.stdin.close()
            locker.wait(timeout=30)
