"""Fixtures for the GUI tests: asyncio running on Qt's event loop, as in the app.

The app runs one qasync loop for its whole life (HS-15), and widgets start their asyncio tasks
from slots while it runs. GUI tests get the same arrangement from :func:`qloop`:

- A ``qasync.QEventLoop`` is made on the test's ``QApplication`` and installed as the *running*
  loop of the main thread (``asyncio._set_running_loop``, the hook qasync itself uses) without
  starting a nested ``exec()``. So ``asyncio.create_task`` works in widget code and in the test,
  and the tasks advance whenever Qt processes events: inside ``qtbot.wait_signal``,
  ``qtbot.wait_until`` and friends, which is how tests wait on signals or state, never on sleeps.
- Worker threads (``asyncio.to_thread``: the keyring, the settings file) report back through
  qasync's thread-safe signal, which those same waits deliver.
- Errors an asyncio task leaves unhandled go to the loop's exception handler; the fixture
  collects them and fails the test, so a crashing background task cannot pass unnoticed.
- At the end every task still pending is cancelled and awaited (by processing events), then
  the loop is closed and uninstalled, so no task or thread outlives its test.

Why not ``qasync.QEventLoop(already_running=True)``: its ``stop()`` calls
``QCoreApplication.exit()``, which outside ``exec()`` leaves Qt's "quit now" flag set, and every
later local event loop (``qtbot.wait``) then returns at once, stalling the following tests.
Why not async test functions: pytest-asyncio would run them on its own loop, not on Qt's.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Awaitable, Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

import pytest
import qasync
import shiboken6
from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from studio.config.organization import OrganizationPolicy
from studio.config.policy.loader import load_policy
from studio.config.policy.locations import POLICY_FILE_VARIABLE, POLICY_SECRET_VARIABLE
from studio.ui import i18n

T = TypeVar("T")

_TEARDOWN_TIMEOUT_MS = 5000


@dataclass
class QtAsyncio:
    """The asyncio loop of one GUI test, and a way to await from synchronous test code."""

    loop: asyncio.AbstractEventLoop
    qtbot: QtBot
    errors: list[dict[str, Any]] = field(default_factory=list)
    """What the loop's exception handler received: unhandled errors of background tasks."""

    def run(self, awaitable: Awaitable[T], timeout: int = 5000) -> T:
        """Run ``awaitable`` as a task and process Qt events until it is done; its result.

        Raises:
            pytestqt.exceptions.TimeoutError: it did not finish within ``timeout`` ms.
        """

        async def wrapper() -> T:
            return await awaitable

        task = self.loop.create_task(wrapper())
        self.qtbot.wait_until(task.done, timeout=timeout)
        return task.result()

    def pending_tasks(self) -> set[asyncio.Task[Any]]:
        """The tasks of the loop that have not finished."""
        return {task for task in asyncio.all_tasks(self.loop) if not task.done()}


@pytest.fixture
def qloop(qapp: QApplication, qtbot: QtBot) -> Iterator[QtAsyncio]:
    """A qasync loop installed as the running asyncio loop for the test; see the module doc."""
    loop = qasync.QEventLoop(qapp)
    state = QtAsyncio(loop=loop, qtbot=qtbot)
    loop.set_exception_handler(lambda _loop, context: state.errors.append(context))
    asyncio.set_event_loop(loop)
    asyncio._set_running_loop(loop)
    try:
        yield state
        pending = state.pending_tasks()
        for task in pending:
            task.cancel()
        qtbot.wait_until(lambda: not state.pending_tasks(), timeout=_TEARDOWN_TIMEOUT_MS)
    finally:
        asyncio._set_running_loop(None)
        asyncio.set_event_loop(None)
        loop.close()
    if state.errors:
        messages = [
            f"{context.get('message')}: {context.get('exception')!r}" for context in state.errors
        ]
        pytest.fail("\n".join(["an asyncio task failed in the background:", *messages]))


@pytest.fixture
def languages(qapp: QApplication) -> Iterator[i18n.LanguageManager]:
    """The app's language manager, installed as the app does; removed with its catalogues after."""
    manager = i18n.LanguageManager(qapp)
    yield manager
    manager.uninstall()
    manager.setParent(None)
    shiboken6.delete(manager)
    QCoreApplication.sendPostedEvents()


@dataclass
class PolicyFiles:
    """A folder of organisation policy files, loaded the way Studio loads them at start."""

    folder: Path
    system: Path
    """The test's system root, so no policy installed on the machine is read."""

    def place(self, name: str) -> str:
        """How the app names the file ``name`` (its path)."""
        return str(self.folder / name)

    def write(self, name: str, content: Mapping[str, object] | str) -> str:
        """Write one policy file (a JSON document, or text as it is); its place."""
        self.folder.mkdir(parents=True, exist_ok=True)
        text = content if isinstance(content, str) else json.dumps(content, indent=2)
        (self.folder / name).write_text(text, encoding="utf-8")
        return self.place(name)

    def load(
        self,
        files: Mapping[str, Mapping[str, object] | str] | None = None,
        *,
        secret: str | None = None,
    ) -> OrganizationPolicy:
        """Write ``files``, then read every file of the folder through ``STUDIO_POLICY_FILE``."""
        for name, content in (files or {}).items():
            self.write(name, content)
        environ = {POLICY_FILE_VARIABLE: str(self.folder)}
        if secret is not None:
            environ[POLICY_SECRET_VARIABLE] = secret
        return load_policy(environ=environ, root=self.system)


@pytest.fixture
def policy_files(tmp_path: Path) -> PolicyFiles:
    """Policy files under ``tmp_path``; load them and pass the result as ``organization=``."""
    return PolicyFiles(folder=tmp_path / "policies", system=tmp_path / "system")
