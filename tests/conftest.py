"""Fixtures and hooks shared by every test: isolation from the machine and the network.

Each test runs with its own home, XDG folders and file-backed keyring under ``tmp_path``, and a
guard refuses any connection or name look-up outside loopback (HS-23, HS-24). This file must
also load without Qt: ``.ci/run`` runs ``tests/unit`` where PySide6 and pytest-qt are absent.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import keyring
import keyring.core
import pytest

from tests.support import keyring_backend
from tests.support.network import NetworkGuard

# Before anything can import Qt: tests never open a window on the developer's screen.
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

_GUI_FIXTURES = frozenset({"qapp", "qtbot"})

# The folder that holds the tests package, for subprocesses that import the test keyring.
_REPOSITORY = Path(__file__).resolve().parent.parent

# The ini keys that pytest-qt registers. When pytest-qt is not installed (the Qt-free run,
# HS-2), the conftest registers them itself, so the pyproject's qt_* settings still pass
# --strict-config.
_PYTEST_QT_INI: dict[str, tuple[str, str | None, str | None]] = {
    "qt_api": ("Qt API to use (pytest-qt)", None, None),
    "qt_no_exception_capture": ("disable automatic exception capture (pytest-qt)", None, None),
    "qt_default_raising": ("default raising of qtbot.waitSignal (pytest-qt)", None, None),
    "qt_qapp_name": ("the Qt application name (pytest-qt)", None, "pytest-qt-qapp"),
    "qt_log_level_fail": ("Qt log level that fails a test (pytest-qt)", None, "NO"),
    "qt_log_ignore": ("Qt log messages that never fail a test (pytest-qt)", "linelist", None),
}


def pytest_addoption(parser: pytest.Parser, pluginmanager: pytest.PytestPluginManager) -> None:
    if pluginmanager.has_plugin("pytest-qt") or pluginmanager.has_plugin("pytestqt.plugin"):
        return
    for name, (help_text, kind, default) in _PYTEST_QT_INI.items():
        if kind == "linelist":
            parser.addini(name, help_text, type="linelist")
        else:
            parser.addini(name, help_text, default=default)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Mark every test that needs a QApplication as ``gui`` (HS-21)."""
    for item in items:
        if _GUI_FIXTURES.intersection(getattr(item, "fixturenames", ())):
            item.add_marker(pytest.mark.gui)


@pytest.fixture(scope="session")
def _network_guard_installed() -> Iterator[NetworkGuard]:
    # Session-wide, so session and module fixtures are guarded too.
    guard = NetworkGuard()
    with pytest.MonkeyPatch.context() as patch:
        guard.install(patch)
        yield guard


@pytest.fixture(autouse=True)
def network_guard(_network_guard_installed: NetworkGuard) -> Iterator[NetworkGuard]:
    """The guard that refuses network access outside loopback; fails the test if it refused.

    A test that checks its code is refused uses ``with network_guard.expect_blocked(): ...``.
    """
    guard = _network_guard_installed
    guard.reset()
    yield guard
    violations, guard.violations = guard.violations, []
    if violations:
        pytest.fail("\n".join(["the test tried to leave loopback:", *violations]), pytrace=False)


@pytest.fixture(autouse=True)
def isolated_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Point HOME and the XDG folders at ``tmp_path``: no test touches a real profile or policy."""
    home = tmp_path / "home"
    folders = {
        "HOME": home,
        "XDG_CONFIG_HOME": home / ".config",
        "XDG_DATA_HOME": home / ".local" / "share",
        "XDG_CACHE_HOME": home / ".cache",
        "XDG_STATE_HOME": home / ".local" / "state",
        "XDG_RUNTIME_DIR": tmp_path / "runtime",
        # System-wide policy folders (XDG_CONFIG_DIRS/studio/policy.d) of the test, not the
        # machine's: a test that wants an organisation policy writes one there or names it.
        "XDG_CONFIG_DIRS": tmp_path / "xdg-config-dirs",
    }
    for variable, folder in folders.items():
        folder.mkdir(parents=True, exist_ok=True)
        monkeypatch.setenv(variable, str(folder))
    for variable in ("STUDIO_POLICY_FILE", "STUDIO_POLICY_SECRET"):
        monkeypatch.delenv(variable, raising=False)
    # Qt warns about a runtime folder that others can read, and Qt warnings fail GUI tests.
    folders["XDG_RUNTIME_DIR"].chmod(0o700)
    return home


@pytest.fixture(autouse=True)
def keyring_file(isolated_home: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The file of the test keyring: a real, file-backed keyring backend under ``tmp_path``.

    The backend is the tests' own (``tests/support/keyring_backend.py``), not an installed
    package, so the app never finds it by itself. Both this process and any subprocess a test
    starts use it (``PYTHON_KEYRING_BACKEND`` and ``PYTHONPATH`` name and find it, the isolated
    ``XDG_DATA_HOME`` places its file), so no OS keychain is touched and no prompt appears. The
    file does not exist until something stores a secret.
    """
    monkeypatch.setenv("PYTHON_KEYRING_BACKEND", keyring_backend.BACKEND_NAME)
    python_path = [str(_REPOSITORY), *filter(None, [os.environ.get("PYTHONPATH")])]
    monkeypatch.setenv("PYTHONPATH", os.pathsep.join(python_path))
    # The same place the backend computes from the environment that isolated_home set.
    path = keyring_backend.default_path()
    # Remembers the previous backend (possibly "not chosen yet") for monkeypatch to restore.
    monkeypatch.setattr(keyring.core, "_keyring_backend", keyring.core._keyring_backend)
    keyring.set_keyring(keyring_backend.FileKeyring(path))
    return path
