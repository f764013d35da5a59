"""Notices when the profile's files change on disk, so that the window can read them again.

The command line (``studio providers add``, ``studio tools set``), a second Studio or an editor
may change the providers and settings files while the app runs. Studio writes them atomically
(a new file renamed over the old), and so do most tools, which ends a watch on the file itself;
the watcher therefore watches the folder too, and adds the file again after every change.

Bursts of events (a temporary file made, written, renamed) are gathered for a moment before the
watcher compares each file's size, time and identity with what it saw last; only files that
really differ are reported. Studio's own writes are reported too: reading them back finds
nothing new, so they cause no second write and no loop.
"""

from __future__ import annotations

import logging
import os
from collections.abc import Sequence
from pathlib import Path

from PySide6.QtCore import QFileSystemWatcher, QObject, QTimer, Signal, Slot

__all__ = ["ProfileWatcher"]

logger = logging.getLogger(__name__)

SETTLE_MS = 300
"""How long the files must be quiet before they are compared: an atomic write's events pass."""

_Signature = tuple[int, int, int, int] | None


def _signature(path: Path) -> _Signature:
    """What tells one version of ``path`` from another: identity, size, time; None if absent."""
    try:
        status = path.stat()
    except OSError:
        return None
    return (status.st_dev, status.st_ino, status.st_size, status.st_mtime_ns)


class ProfileWatcher(QObject):
    """Reports which of ``files`` changed on disk, once their writes have settled.

    The files' folders are made if they do not exist yet (a new profile), so a file the
    command line creates later is seen too.

    Signals:
        files_changed(list): the paths (``str``) of the files whose content may have changed.
    """

    files_changed = Signal(list)

    def __init__(
        self, files: Sequence[Path], parent: QObject | None = None, *, settle_ms: int = SETTLE_MS
    ) -> None:
        super().__init__(parent)
        self._files = tuple(files)
        self._seen = {path: _signature(path) for path in self._files}
        self._watcher = QFileSystemWatcher(self)
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(settle_ms)
        for folder in dict.fromkeys(path.parent for path in self._files):
            try:
                folder.mkdir(parents=True, exist_ok=True)
            except OSError as error:
                logger.warning("Cannot watch %s for changes: %s", folder, error)
                continue
            self._watcher.addPath(os.fspath(folder))
        self._watch_files()
        self._watcher.directoryChanged.connect(self._on_watcher_changed)
        self._watcher.fileChanged.connect(self._on_watcher_changed)
        self._timer.timeout.connect(self._on_timer_timeout)

    def watched(self) -> list[str]:
        """The folders and files being watched now."""
        return [*self._watcher.directories(), *self._watcher.files()]

    def _watch_files(self) -> None:
        watched = set(self._watcher.files())
        present = [os.fspath(path) for path in self._files if path.is_file()]
        missing = [path for path in present if path not in watched]
        if missing:
            self._watcher.addPaths(missing)

    @Slot(str)
    def _on_watcher_changed(self, _path: str) -> None:
        self._timer.start()

    @Slot()
    def _on_timer_timeout(self) -> None:
        self._watch_files()
        changed: list[str] = []
        for path in self._files:
            signature = _signature(path)
            if signature != self._seen[path]:
                self._seen[path] = signature
                changed.append(os.fspath(path))
        if changed:
            self.files_changed.emit(changed)
