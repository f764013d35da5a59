"""What the user is told at start-up about profile files that could not be read."""

from __future__ import annotations

import asyncio
import gc
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
import shiboken6
from PySide6.QtWidgets import QApplication, QMessageBox, QWidget

from studio import app
from studio.chats.store import ChatStore
from studio.config.paths import StudioPaths
from studio.config.policy.locations import POLICY_FILE_VARIABLE
from studio.ui import i18n
from studio.ui.main_window import MainWindow
from studio.ui.settings.window import SettingsPage
from tests.gui.conftest import QtAsyncio
from tests.support.gui_tools import make_services
from tests.support.profile_files import (
    BROKEN_PROFILES,
    BrokenProfile,
    chats_file,
    locked_chats,
    snapshot,
)

BROKEN_SETTINGS = b'{"version": 1, "tools": '
BROKEN_PROVIDERS = b"[not json at all"


@pytest.fixture(autouse=True)
def _app_state_restored(qapp: QApplication) -> Iterator[None]:
    """Undo what the app's start does to the shared process: the language, the frozen heap."""
    yield
    manager = i18n.language_manager(qapp)
    if manager is not None:
        manager.uninstall()
        manager.setParent(None)
        shiboken6.delete(manager)
    gc.unfreeze()
    gc.collect()


@pytest.fixture
def start_app(qloop: QtAsyncio, qapp: QApplication) -> Iterator[Callable[[Path], MainWindow]]:
    """Starts the app on a profile and returns its window; closes it at the end."""
    tasks: list[asyncio.Task[int]] = []

    def start(base: Path) -> MainWindow:
        frame = app.show_frame()
        tasks.append(qloop.loop.create_task(app.main(lambda: make_services(base), frame)))
        qloop.qtbot.wait_until(lambda: main_windows(qapp) != [], timeout=20_000)
        [window] = main_windows(qapp)
        return window

    yield start
    for window in main_windows(qapp):
        for box in notices(window):
            box.close()
        window.close()
    for task in tasks:
        qloop.qtbot.wait_until(task.done, timeout=20_000)
        assert task.result() == 0


def main_windows(qapp: QApplication) -> list[MainWindow]:
    return [widget for widget in qapp.topLevelWidgets() if isinstance(widget, MainWindow)]


def notices(window: MainWindow) -> list[QMessageBox]:
    return [box for box in window.findChildren(QMessageBox, "StartupNotice") if box.isVisible()]


def test_unreadable_settings_and_providers_files_give_one_notice_naming_both(
    qloop: QtAsyncio, start_app: Callable[[Path], MainWindow], tmp_path: Path
) -> None:
    paths = StudioPaths.for_basedir(tmp_path)
    paths.config_dir.mkdir(parents=True)
    paths.settings_file.write_bytes(BROKEN_SETTINGS)
    paths.providers_file.write_bytes(BROKEN_PROVIDERS)

    window = start_app(tmp_path)
    qloop.qtbot.wait_until(lambda: notices(window) != [], timeout=5000)
    # Any further notice would be opened by the same turn of the event loop.
    qloop.qtbot.wait(100)

    [box] = notices(window)
    [settings_kept] = paths.config_dir.glob("settings.json.unreadable-*")
    [providers_kept] = paths.config_dir.glob("providers.json.unreadable-*")
    text = box.text()
    assert "settings file" in text
    assert "providers file" in text
    assert "could not be read as settings" in text
    assert str(settings_kept) in text
    assert str(providers_kept) in text
    # In words: nothing of what the JSON parser said.
    assert "Expecting" not in text
    assert "line 1" not in text
    assert "char" not in text
    assert settings_kept.read_bytes() == BROKEN_SETTINGS
    assert providers_kept.read_bytes() == BROKEN_PROVIDERS


@pytest.mark.parametrize(
    ("file_name", "words"),
    [
        ("settings.json", "Your settings file could not be read as settings"),
        ("providers.json", "Your providers file could not be read as a list of providers"),
    ],
    ids=["settings", "providers"],
)
def test_one_unreadable_file_is_named_in_words_with_its_kept_original(
    qloop: QtAsyncio,
    start_app: Callable[[Path], MainWindow],
    tmp_path: Path,
    file_name: str,
    words: str,
) -> None:
    paths = StudioPaths.for_basedir(tmp_path)
    paths.config_dir.mkdir(parents=True)
    (paths.config_dir / file_name).write_bytes(BROKEN_PROVIDERS)

    window = start_app(tmp_path)
    qloop.qtbot.wait_until(lambda: notices(window) != [], timeout=5000)
    qloop.qtbot.wait(100)

    [box] = notices(window)
    [kept] = paths.config_dir.glob(f"{file_name}.unreadable-*")
    assert box.text().startswith(words)
    assert str(kept) in box.text()
    assert "Expecting" not in box.text()
    assert kept.read_bytes() == BROKEN_PROVIDERS


# -- every corrupted-profile case: the app starts, says so, and keeps the original -----------


def started_with_notice(
    qloop: QtAsyncio, start_app: Callable[[Path], MainWindow], base: Path, words: str
) -> tuple[MainWindow, str]:
    window = start_app(base)
    qloop.qtbot.wait_until(lambda: notices(window) != [], timeout=20_000)
    qloop.qtbot.wait(100)
    [box] = [box for box in notices(window) if words in box.text()]
    return window, box.text()


@pytest.mark.parametrize("case", BROKEN_PROFILES, ids=[case.id for case in BROKEN_PROFILES])
def test_app_on_a_broken_profile_starts_says_so_and_keeps_the_original(
    qloop: QtAsyncio,
    start_app: Callable[[Path], MainWindow],
    tmp_path: Path,
    case: BrokenProfile,
) -> None:
    paths = StudioPaths.for_basedir(tmp_path)
    path = case.apply(paths)
    before = snapshot(path)

    window, text = started_with_notice(qloop, start_app, tmp_path, case.words)

    assert window.isVisible()
    assert "Traceback" not in text
    assert case.original_kept(path, before)


def test_app_next_to_a_locked_chat_history_starts_without_chats_and_keeps_it(
    qloop: QtAsyncio, start_app: Callable[[Path], MainWindow], tmp_path: Path
) -> None:
    path = chats_file(StudioPaths.for_basedir(tmp_path))
    path.parent.mkdir(parents=True)
    with ChatStore(path) as store:
        store.create_chat("Mine")
    before = snapshot(path)

    with locked_chats(path):
        window, text = started_with_notice(
            qloop, start_app, tmp_path, "is locked by another program"
        )

    assert "Close the other program, then start Studio again." in text
    assert window.isVisible()
    assert snapshot(path) == before


def test_app_shows_a_history_a_command_set_aside_until_it_has_been_shown(
    qloop: QtAsyncio, start_app: Callable[[Path], MainWindow], tmp_path: Path, qapp: QApplication
) -> None:
    paths = StudioPaths.for_basedir(tmp_path)
    path = chats_file(paths)
    path.parent.mkdir(parents=True)
    path.write_bytes(b"not a database at all " * 200)
    # What a command does: it opens the profile, sets the history aside and prints the notice.
    command = make_services(tmp_path)
    [printed] = command.startup_notices()
    command.chats.close()
    assert "Your chats could not be read" in printed

    window, text = started_with_notice(qloop, start_app, tmp_path, "Your chats could not be read")
    assert text == printed
    for box in notices(window):
        box.close()
    window.close()
    qloop.qtbot.wait_until(lambda: main_windows(qapp) == [], timeout=20_000)

    again = make_services(tmp_path)
    try:
        assert again.startup_notices() == []
    finally:
        again.chats.close()
    [kept] = path.parent.glob(f"{path.name}.unreadable-*[!lmh]")
    assert kept.read_bytes() == b"not a database at all " * 200


# -- an organisation policy that cannot be used ------------------------------------------------


def test_a_broken_policy_file_is_told_at_start_and_every_tool_shows_switched_off(
    qloop: QtAsyncio,
    start_app: Callable[[Path], MainWindow],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    policy = tmp_path / "policy" / "corp.json"
    policy.parent.mkdir()
    policy.write_text('{"id": "corp", "disabled_tools": "clock"}', encoding="utf-8")
    # Read by the services as the app opens them, as an administrator's deployment is.
    monkeypatch.setenv(POLICY_FILE_VARIABLE, str(policy))

    window, text = started_with_notice(
        qloop, start_app, tmp_path / "profile", "Your organisation's policy could not be used"
    )

    assert "every tool is switched off until it is fixed" in text
    assert str(policy) in text
    assert "/disabled_tools" in text
    assert "studio policy check" in text
    for box in notices(window):
        box.close()
    settings = window.open_settings(SettingsPage.TOOLS)
    page = settings.tools_page
    qloop.qtbot.wait_until(lambda: bool(page.findChildren(QWidget, "ToolEntryRow")), timeout=5000)
    rows = page.findChildren(QWidget, "ToolEntryRow")
    assert rows
    for widget in rows:
        entry = page.row(str(widget.property("entry_id")))
        assert entry is not None
        assert entry.is_managed(), widget.property("entry_id")
        assert not entry.switch.isChecked()
        assert not entry.switch.isEnabled()
        assert entry.switch_managed_text() == (
            f"Managed by your organisation: {policy} could not be used, so every tool is "
            "switched off until it is fixed."
        )
    settings.show_page(SettingsPage.ORGANIZATION)
    card = settings.organization_page.card(str(policy))
    assert card is not None
    assert card.state.text() == "Not in force: none of it applies"
    assert any("/disabled_tools" in problem for problem in card.problem_texts())
    settings.close()
