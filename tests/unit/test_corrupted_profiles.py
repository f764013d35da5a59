"""Every corrupted-profile case through the installed command: it runs, says so, keeps the file.

Each case (see :mod:`tests.support.profile_files`) runs ``studio tools list`` in a real
process on a profile broken that way. The command must do its work, print the notice as one
line on standard error with no traceback, and leave the original where the case says.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from studio.chats.store import ChatStore
from studio.config.paths import StudioPaths
from tests.support.profile_files import (
    BROKEN_PROFILES,
    OUT_OF_RANGE_SETTINGS,
    BrokenProfile,
    chats_file,
    locked_chats,
    snapshot,
)


def run_studio(basedir: Path, *argv: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "studio", "--basedir", str(basedir), *argv],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def assert_told_in_one_line(result: subprocess.CompletedProcess[str], words: str) -> None:
    assert result.returncode == 0, result.stderr
    assert "Traceback" not in result.stderr
    [line] = [line for line in result.stderr.splitlines() if words in line]
    assert line.strip()


@pytest.mark.parametrize("case", BROKEN_PROFILES, ids=[case.id for case in BROKEN_PROFILES])
def test_command_on_a_broken_profile_runs_says_so_and_keeps_the_original(
    tmp_path: Path, case: BrokenProfile
) -> None:
    paths = StudioPaths.for_basedir(tmp_path)
    path = case.apply(paths)
    before = snapshot(path)

    result = run_studio(tmp_path, "tools", "list")

    assert_told_in_one_line(result, case.words)
    assert result.stdout.strip()
    assert case.original_kept(path, before)


def test_command_next_to_a_locked_chat_history_runs_says_so_and_keeps_it(tmp_path: Path) -> None:
    paths = StudioPaths.for_basedir(tmp_path)
    path = chats_file(paths)
    path.parent.mkdir(parents=True)

    with ChatStore(path) as store:
        store.create_chat("Mine")
    before = snapshot(path)

    with locked_chats(path):
        result = run_studio(tmp_path, "tools", "list")

    assert_told_in_one_line(result, "is locked by another program")
    assert snapshot(path) == before


def test_command_on_a_setting_out_of_range_keeps_every_other_setting(tmp_path: Path) -> None:
    paths = StudioPaths.for_basedir(tmp_path)
    paths.config_dir.mkdir(parents=True)
    paths.settings_file.write_bytes(OUT_OF_RANGE_SETTINGS)

    result = run_studio(tmp_path, "tools", "list")

    assert result.returncode == 0, result.stderr
    tools = json.loads(paths.settings_file.read_text(encoding="utf-8"))["tools"]
    assert tools["disabled_tool_ids"] == ["clock"]
    assert tools["minimum_confidence_by_tool_id"] == {"web_lookup": 90}
    [copy] = paths.config_dir.glob("settings.json.before-reset-*")
    assert copy.read_bytes() == OUT_OF_RANGE_SETTINGS


@pytest.mark.parametrize(
    ("file_name", "command"),
    [
        ("settings.json", ["tools", "disable", "web_search"]),
        (
            "providers.json",
            ["providers", "add", "Local", "--type", "ollama", "--model", "llama3",
             "--confidence", "HIGH"],
        ),
    ],
    ids=["tools-disable", "providers-add"],
)  # fmt: skip
def test_a_change_to_a_file_that_is_a_folder_fails_in_one_line_and_keeps_it(
    tmp_path: Path, file_name: str, command: list[str]
) -> None:
    paths = StudioPaths.for_basedir(tmp_path)
    folder = paths.config_dir / file_name
    folder.mkdir(parents=True)
    (folder / "inside.txt").write_text("kept", encoding="utf-8")

    result = run_studio(tmp_path, *command)

    assert result.returncode == 1
    assert "Traceback" not in result.stderr
    assert result.stderr.splitlines()[-1] == (
        f"studio: {str(folder)!r} is a folder where Studio expects a file, so Studio cannot "
        "read or change it. Move or rename the folder, then try again."
    )
    assert snapshot(folder) == {"inside.txt": b"kept"}
