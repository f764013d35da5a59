"""The profile watcher reports real changes to its files, once per burst, and nothing else."""

from __future__ import annotations

from pathlib import Path

from pytestqt.qtbot import QtBot

from studio.config.store import write_atomically
from studio.ui.profile_watcher import ProfileWatcher


def test_a_file_replaced_atomically_is_reported_once(qtbot: QtBot, tmp_path: Path) -> None:
    target = tmp_path / "config" / "providers.json"
    write_atomically(target, "{}\n")
    watcher = ProfileWatcher([target], settle_ms=50)

    with qtbot.wait_signal(watcher.files_changed, timeout=5000) as heard:
        write_atomically(target, '{"version": 1}\n')
        write_atomically(target, '{"version": 1, "providers": []}\n')

    assert heard.args == [[str(target)]]
    with qtbot.assert_not_emitted(watcher.files_changed, wait=300):
        pass


def test_a_file_created_after_the_start_in_a_new_folder_is_reported(
    qtbot: QtBot, tmp_path: Path
) -> None:
    target = tmp_path / "new profile" / "config" / "settings.json"
    watcher = ProfileWatcher([target], settle_ms=50)
    assert str(target.parent) in watcher.watched()

    with qtbot.wait_signal(watcher.files_changed, timeout=5000) as heard:
        write_atomically(target, "{}\n")

    assert heard.args == [[str(target)]]


def test_each_later_change_is_reported_after_the_watch_on_the_file_ended(
    qtbot: QtBot, tmp_path: Path
) -> None:
    target = tmp_path / "settings.json"
    write_atomically(target, "{}\n")
    watcher = ProfileWatcher([target], settle_ms=50)

    for text in ('{"a": 1}\n', '{"a": 2}\n', '{"a": 3}\n'):
        with qtbot.wait_signal(watcher.files_changed, timeout=5000) as heard:
            write_atomically(target, text)
        assert heard.args == [[str(target)]]


def test_other_files_in_the_folder_and_a_removed_watched_file(qtbot: QtBot, tmp_path: Path) -> None:
    providers = tmp_path / "providers.json"
    settings = tmp_path / "settings.json"
    write_atomically(providers, "{}\n")
    write_atomically(settings, "{}\n")
    watcher = ProfileWatcher([providers, settings], settle_ms=50)

    with qtbot.assert_not_emitted(watcher.files_changed, wait=400):
        (tmp_path / "notes.txt").write_text("not Studio's", encoding="utf-8")
    with qtbot.wait_signal(watcher.files_changed, timeout=5000) as heard:
        settings.unlink()

    assert heard.args == [[str(settings)]]
