from __future__ import annotations

import json
import os
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path

import pytest

from studio.config import store as store_module
from studio.config.models import SETTINGS_VERSION, UserSettings
from studio.config.store import SettingsStore
from studio.kernel.definition import ToolDefinition
from studio.kernel.policy import ConfidenceLevel
from studio.kernel.translatable import TranslatableMessage, TranslatableText
from studio.tools.settings import ToolSettingsService, ValueSource


def saved_settings() -> UserSettings:
    settings = UserSettings()
    settings.tools.disabled_tool_ids = ["web_search"]
    settings.tools.minimum_confidence_by_tool_id = {"mailboxes": ConfidenceLevel.HIGH}
    settings.tools.values = {"sample_search": {"endpoint": "https://search.example.org/"}}
    settings.tools.default_tool_ids_by_component = {"CHAT": ["read_web_page"]}
    return settings


def unreadable_copies(settings_file: Path) -> list[Path]:
    return sorted(settings_file.parent.glob(f"{settings_file.name}.unreadable-*"))


def write_settings(settings_file: Path, content: bytes) -> None:
    settings_file.parent.mkdir(parents=True, exist_ok=True)
    settings_file.write_bytes(content)


UNREADABLE = [
    b"{ this is not json",
    b"",
    b'[{"version": 1}]',
    b'"just a string"',
    b'{"version": "1"}',
    b'{"version": 0}',
    f'{{"version": {SETTINGS_VERSION + 1}, "tools": {{}}}}'.encode(),
    b'\xff\xfe{"version": 1}',
]
UNREADABLE_IDS = [
    "invalid-json",
    "empty",
    "json-list",
    "json-string",
    "version-as-text",
    "version-zero",
    "newer-version",
    "not-utf8",
]


def test_store_missing_file_gives_defaults_without_notice(settings_file: Path) -> None:
    result = SettingsStore(settings_file).load()

    assert result.settings == UserSettings()
    assert result.notice is None
    assert not settings_file.parent.exists()


def test_store_round_trips_settings(settings_file: Path) -> None:
    store = SettingsStore(settings_file)

    store.save(saved_settings())
    result = store.load()

    assert result.settings == saved_settings()
    assert result.notice is None
    assert json.loads(settings_file.read_bytes())["version"] == SETTINGS_VERSION


def test_store_save_replaces_file_and_leaves_no_temporary_file(settings_file: Path) -> None:
    store = SettingsStore(settings_file)
    store.save(UserSettings())
    old_inode = settings_file.stat().st_ino

    store.save(saved_settings())

    assert settings_file.stat().st_ino != old_inode
    assert list(settings_file.parent.iterdir()) == [settings_file]
    assert store.load().settings == saved_settings()


@pytest.mark.parametrize("step", ["fsync", "replace"], ids=["flush-fails", "replace-fails"])
def test_store_failed_save_keeps_old_file(
    settings_file: Path, monkeypatch: pytest.MonkeyPatch, step: str
) -> None:
    store = SettingsStore(settings_file)
    store.save(saved_settings())
    before = settings_file.read_bytes()

    def fail(*args: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, step, fail)
    with pytest.raises(OSError, match="No space left"):
        store.save(UserSettings())
    monkeypatch.undo()

    assert settings_file.read_bytes() == before
    assert list(settings_file.parent.iterdir()) == [settings_file]


@pytest.mark.parametrize("content", UNREADABLE, ids=UNREADABLE_IDS)
def test_store_sets_aside_unreadable_file(settings_file: Path, content: bytes) -> None:
    write_settings(settings_file, content)

    result = SettingsStore(settings_file).load()

    assert result.settings == UserSettings()
    [kept] = unreadable_copies(settings_file)
    assert kept.read_bytes() == content
    assert not settings_file.exists()
    assert result.notice is not None
    assert str(kept) in result.notice


@pytest.mark.parametrize("content", UNREADABLE, ids=UNREADABLE_IDS)
async def test_settings_service_starts_on_defaults_after_unreadable_file(
    settings_service: Callable[..., ToolSettingsService],
    definition: ToolDefinition,
    settings_file: Path,
    content: bytes,
) -> None:
    write_settings(settings_file, content)

    service = settings_service()

    [kept] = unreadable_copies(settings_file)
    assert service.load_notice is not None
    assert str(kept) in service.load_notice
    assert service.is_tool_active(["web_search"])
    states = await service.field_states(definition)
    assert {state.source for state in states} == {ValueSource.UNSET}
    await service.set_value(definition, "endpoint", "https://search.example.org/")
    assert settings_service().load_notice is None
    assert kept.read_bytes() == content


def test_settings_service_without_file_has_no_notice(
    settings_service: Callable[..., ToolSettingsService], settings_file: Path
) -> None:
    service = settings_service()

    assert service.load_notice is None
    assert service.is_tool_active(["web_search"])
    assert not settings_file.exists()


def test_store_set_aside_never_overwrites_an_earlier_copy(
    settings_file: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    class FrozenClock(datetime):
        @classmethod
        def now(cls, tz: object = None) -> FrozenClock:
            return cls(2026, 1, 2, 3, 4, 5, tzinfo=UTC)

    monkeypatch.setattr(store_module, "datetime", FrozenClock)
    settings_file.parent.mkdir(parents=True)
    store = SettingsStore(settings_file)

    notices = []
    for content in (b"first broken file", b"second broken file"):
        settings_file.write_bytes(content)
        notices.append(store.load().notice)

    kept = unreadable_copies(settings_file)
    assert sorted(path.read_bytes() for path in kept) == [
        b"first broken file",
        b"second broken file",
    ]
    assert all(notice and any(str(path) in notice for path in kept) for notice in notices)


def test_store_ignores_unknown_keys(settings_file: Path) -> None:
    write_settings(
        settings_file,
        json.dumps({"version": 1, "window": {"width": 800}, "tools": {"future": True}}).encode(),
    )

    result = SettingsStore(settings_file).load()

    assert (result.settings, result.notice) == (UserSettings(), None)
    assert settings_file.exists()
    assert os.listdir(settings_file.parent) == [settings_file.name]


def test_store_reads_file_saved_with_byte_order_mark(settings_file: Path) -> None:
    text = json.dumps(saved_settings().model_dump(mode="json"))
    write_settings(settings_file, b"\xef\xbb\xbf" + text.encode("utf-8"))

    loaded = SettingsStore(settings_file).load()

    assert loaded.notice is None
    assert loaded.settings == saved_settings()


def marked(text: TranslatableText) -> str:
    """A fake translator that shows which texts it was asked for, and in which context."""
    return f"[{text.context}] {text}"


def test_store_notice_about_a_file_set_aside_is_english_and_translatable(
    settings_file: Path,
) -> None:
    write_settings(settings_file, b"[]")

    notice = SettingsStore(settings_file).load().notice

    [kept] = unreadable_copies(settings_file)
    assert isinstance(notice, TranslatableMessage)
    assert notice == (
        "Your settings file could not be read as settings (the file does not hold a JSON "
        "object), so Studio started with default settings. The original file is kept as "
        f"{str(kept)!r}."
    )
    assert notice.text(marked) == (
        "[SettingsStore] Your settings file could not be read as settings ([SettingsStore] the "
        "file does not hold a JSON object), so Studio started with default settings. The "
        f"original file is kept as {str(kept)!r}."
    )


def test_store_notice_names_a_newer_file_in_translatable_words(settings_file: Path) -> None:
    write_settings(settings_file, json.dumps({"version": SETTINGS_VERSION + 1}).encode())

    notice = SettingsStore(settings_file).load().notice

    assert notice is not None
    assert "the file was written by a newer Studio" in notice
    assert "([SettingsStore] the file was written by a newer Studio" in notice.text(marked)


# -- values Studio cannot use are reset one by one; the rest of the file is kept --------------

RESET = [
    (
        {"tools": {"minimum_confidence_by_tool_id": {"web_search": 1000, "mailboxes": 300}}},
        ["tools.minimum_confidence_by_tool_id.web_search"],
    ),
    ({"tools": {"disabled_tool_ids": "web_search"}}, ["tools.disabled_tool_ids"]),
    (
        {"tools": {"values": {"sample_search": {"endpoint": 5, "mode": "FAST"}}}},
        ["tools.values.sample_search.endpoint"],
    ),
    (
        {"tools": {"disabled_tool_ids": ["clock", 7, "web_search", None]}},
        [
            "tools.disabled_tool_ids.3",
            "tools.disabled_tool_ids.1",
        ],
    ),
    ({"tools": None}, ["tools"]),
    ({"appearance": {"language": 42}}, ["appearance.language"]),
]
RESET_IDS = [
    "confidence-out-of-range",
    "wrong-list-type",
    "wrong-value-type",
    "wrong-list-items",
    "null-section",
    "language-a-number",
]


@pytest.mark.parametrize(("broken", "names"), RESET, ids=RESET_IDS)
def test_store_resets_only_the_values_it_cannot_use_and_keeps_the_rest(
    settings_file: Path, broken: dict[str, object], names: list[str]
) -> None:
    data = saved_settings().model_dump(mode="json")
    data["appearance"]["language"] = "de"
    for section, values in broken.items():
        if values is None or not isinstance(values, dict):
            data[section] = values
        else:
            data[section].update(values)
    content = json.dumps(data).encode()
    write_settings(settings_file, content)

    loaded = SettingsStore(settings_file).load()

    assert loaded.notice is not None
    assert loaded.notice.template.context == "SettingsStore"
    assert loaded.notice.startswith(
        "Studio reset what it could not use in your settings file to the defaults ("
        + ", ".join(repr(name) for name in names)
        + ") and kept the rest of your settings."
    )
    assert loaded.kept is None
    assert loaded.copy is not None
    assert str(loaded.copy) in loaded.notice
    assert loaded.copy.read_bytes() == content
    assert unreadable_copies(settings_file) == []
    # The rest is kept, and the file now holds it without the values reset.
    again = SettingsStore(settings_file).load()
    assert again.notice is None
    assert again.settings == loaded.settings
    settings = loaded.settings
    if "tools" not in broken:
        assert settings.tools == saved_settings().tools
    if "appearance" not in broken:
        assert settings.appearance.language == "de"


def test_store_keeps_the_valid_entries_beside_a_confidence_out_of_range(
    settings_file: Path,
) -> None:
    write_settings(
        settings_file,
        b'{"version": 1, "tools": {"minimum_confidence_by_tool_id": '
        b'{"web_search": 1000, "mailboxes": 300}, "disabled_tool_ids": ["clock"]}}',
    )

    settings = SettingsStore(settings_file).load().settings

    assert settings.tools.minimum_confidence_by_tool_id == {"mailboxes": ConfidenceLevel.HIGH}
    assert settings.tools.disabled_tool_ids == ["clock"]


def test_store_resets_values_for_now_when_the_file_cannot_be_written(
    settings_file: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    content = b'{"version": 1, "tools": {"minimum_confidence_by_tool_id": {"web_search": 1000}}}'
    write_settings(settings_file, content)

    def fail(*args: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", fail)
    loaded = SettingsStore(settings_file).load()
    monkeypatch.undo()

    assert loaded.notice == (
        "Studio could not use some values in your settings file "
        "('tools.minimum_confidence_by_tool_id.web_search'), so it uses the defaults for them "
        "for now and keeps the rest of your settings; the file itself is left as it is."
    )
    assert loaded.settings.tools.minimum_confidence_by_tool_id == {}
    assert settings_file.read_bytes() == content
    assert os.listdir(settings_file.parent) == [settings_file.name]


def test_store_names_at_most_ten_reset_values(settings_file: Path) -> None:
    levels = {f"tool_{number:02}": 1000 for number in range(12)}
    write_settings(
        settings_file,
        json.dumps({"tools": {"minimum_confidence_by_tool_id": levels}}).encode(),
    )

    notice = SettingsStore(settings_file).load().notice

    assert notice is not None
    assert notice.count("tools.minimum_confidence_by_tool_id.") == 10
    assert ", … (+2))" in notice
