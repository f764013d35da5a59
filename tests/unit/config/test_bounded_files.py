"""Profile files built to break the parser: nested too deep, or too large, are set aside."""

from __future__ import annotations

import json
import threading
from pathlib import Path

import keyring
import pytest

from studio.config import json_text
from studio.config.models import UserSettings
from studio.config.paths import StudioPaths
from studio.config.providers import ProviderStore
from studio.config.secrets import KeyringSecretStore
from studio.config.store import MAX_FILE_BYTES, SettingsStore


def nested(levels: int, opener: str = "[", closer: str = "]") -> bytes:
    return (opener * levels + closer * levels).encode()


DEEP_SETTINGS = b'{"version": 1, "tools": ' + nested(3000) + b"}"
DEEP_PROVIDERS = b'{"version": 1, "providers": ' + nested(100_000) + b"}"


@pytest.fixture
def paths(tmp_path: Path) -> StudioPaths:
    paths = StudioPaths.for_basedir(tmp_path / "profile")
    paths.config_dir.mkdir(parents=True)
    return paths


def test_nesting_depth_counts_brackets_outside_strings_only() -> None:
    assert json_text.nesting_depth('{"a": [1, {"b": "[[[{{{"}]}') == 3
    assert json_text.nesting_depth('"\\"[[[" ') == 0
    assert json_text.nesting_depth("42") == 0
    assert json_text.nesting_depth(nested(100_000).decode()) == 100_000


def test_loads_refuses_deep_nesting_in_words_without_recursing() -> None:
    with pytest.raises(ValueError, match="nests more than 64 levels") as caught:
        json_text.loads(nested(1_000_000).decode())

    [message] = caught.value.args
    assert message.template.context == "JsonText"


def test_loads_reads_nesting_up_to_the_limit() -> None:
    text = nested(json_text.MAX_DEPTH).decode()

    assert json_text.loads(text) is not None


@pytest.mark.parametrize(
    ("file_name", "content"),
    [("settings.json", DEEP_SETTINGS), ("providers.json", DEEP_PROVIDERS)],
    ids=["settings-3000-levels", "providers-100000-levels"],
)
def test_a_deeply_nested_file_is_set_aside_in_words(
    paths: StudioPaths, file_name: str, content: bytes
) -> None:
    (paths.config_dir / file_name).write_bytes(content)

    if file_name == "settings.json":
        notice = SettingsStore(paths.settings_file).load().notice
    else:
        store = ProviderStore(paths.providers_file, KeyringSecretStore(keyring.get_keyring()))
        assert store.list() == ()
        notice = store.load_notice

    [kept] = paths.config_dir.glob(f"{file_name}.unreadable-*")
    assert kept.read_bytes() == content
    assert not (paths.config_dir / file_name).exists()
    assert notice is not None
    assert "nests more than 64 levels deep" in notice
    assert str(kept) in notice


def test_a_deep_file_is_set_aside_on_a_thread_with_a_small_stack(paths: StudioPaths) -> None:
    # The app reads the providers file on a worker thread; on some systems those have small
    # stacks, where a recursing parser would crash the process rather than raise.
    paths.providers_file.write_bytes(DEEP_PROVIDERS)
    notices: list[str | None] = []
    previous = threading.stack_size(256 * 1024)
    try:
        store = ProviderStore(paths.providers_file, KeyringSecretStore(keyring.get_keyring()))
        worker = threading.Thread(target=lambda: notices.append(store.load_notice))
        worker.start()
        worker.join(timeout=30)
    finally:
        threading.stack_size(previous)

    [notice] = notices
    assert notice is not None
    assert "nests more than 64 levels deep" in notice


def test_a_file_larger_than_the_limit_is_set_aside_unread(paths: StudioPaths) -> None:
    padding = " " * MAX_FILE_BYTES
    content = f'{{"version": 1,{padding}"tools": {{}}}}'.encode()
    paths.settings_file.write_bytes(content)

    loaded = SettingsStore(paths.settings_file).load()

    assert loaded.settings == UserSettings()
    assert loaded.notice is not None
    assert "the file is larger than 4 MiB" in loaded.notice
    [kept] = paths.config_dir.glob("settings.json.unreadable-*")
    assert kept.stat().st_size == len(content)


def test_a_file_just_under_the_limit_is_read(paths: StudioPaths) -> None:
    settings = UserSettings()
    settings.appearance.language = "de"
    text = json.dumps(settings.model_dump(mode="json"))
    paths.settings_file.write_text(text + " " * (MAX_FILE_BYTES - len(text)), encoding="utf-8")

    loaded = SettingsStore(paths.settings_file).load()

    assert loaded.notice is None
    assert loaded.settings.appearance.language == "de"
