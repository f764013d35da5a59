from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator, Callable
from pathlib import Path

import keyring
import pytest

from studio.config import store as store_module
from studio.config.models import UserSettings
from studio.config.paths import StudioPaths
from studio.config.secrets import KeyringSecretStore
from studio.config.store import Reloaded, SettingsStore
from studio.errors import ConfigError
from studio.services import Services


@pytest.fixture
def paths(tmp_path: Path) -> StudioPaths:
    return StudioPaths.for_basedir(tmp_path / "profile")


@pytest.fixture
def reads(monkeypatch: pytest.MonkeyPatch) -> list[Path]:
    """The JSON files (settings, providers) read and parsed from now on, in order."""
    read: list[Path] = []
    load = store_module.DocumentStore.load

    def counted(self: store_module.DocumentStore[UserSettings]) -> object:
        read.append(self.path)
        return load(self)

    monkeypatch.setattr(store_module.DocumentStore, "load", counted)
    return read


@pytest.fixture
async def open_services(paths: StudioPaths) -> AsyncIterator[Callable[[], Services]]:
    opened: list[Services] = []

    def open_profile() -> Services:
        services = Services.open(
            paths, implementations=[], secrets=KeyringSecretStore(keyring.get_keyring())
        )
        opened.append(services)
        return services

    yield open_profile
    for services in opened:
        await services.aclose()


def test_services_read_the_settings_file_once_for_the_tools_and_the_language(
    paths: StudioPaths, reads: list[Path], open_services: Callable[[], Services]
) -> None:
    settings = UserSettings()
    settings.tools.disabled_tool_ids = ["web_search"]
    settings.appearance.language = "de"
    SettingsStore(paths.settings_file).save(settings)

    services = open_services()

    assert reads.count(paths.settings_file) == 1
    assert services.app_settings.language == "de"
    assert services.settings.is_disabled_by_user(["web_search"])
    assert services.settings.load_notice is None


async def test_services_set_an_unreadable_settings_file_aside_once_and_keep_both_changes(
    paths: StudioPaths, reads: list[Path], open_services: Callable[[], Services]
) -> None:
    paths.settings_file.parent.mkdir(parents=True)
    paths.settings_file.write_text("{ not json", encoding="utf-8")

    services = open_services()

    assert reads.count(paths.settings_file) == 1
    [kept] = paths.settings_file.parent.glob("settings.json.unreadable-*")
    assert kept.read_text(encoding="utf-8") == "{ not json"
    assert services.settings.load_notice is not None
    assert str(kept) in services.settings.load_notice
    assert services.app_settings.language == ""

    await services.app_settings.set_language("fr")
    await services.settings.set_tool_enabled("web_search", False)

    reopened = open_services()
    assert reopened.app_settings.language == "fr"
    assert reopened.settings.is_disabled_by_user(["web_search"])
    assert reopened.settings.load_notice is None


# Reading the settings file again after a change made elsewhere


async def test_reload_settings_takes_a_change_made_elsewhere_and_tells_the_listeners(
    paths: StudioPaths, open_services: Callable[[], Services]
) -> None:
    services = open_services()
    heard: list[str] = []
    services.settings.add_listener(lambda: heard.append("changed"))

    await open_services().settings.set_tool_enabled("web_search", False)

    assert await services.reload_settings() == Reloaded(changed=True)
    assert services.settings.is_disabled_by_user(["web_search"])
    assert heard == ["changed"]
    assert await services.reload_settings() == Reloaded(changed=False)
    assert heard == ["changed"]


async def test_reload_settings_after_its_own_write_reports_no_change(
    open_services: Callable[[], Services],
) -> None:
    services = open_services()
    await services.settings.set_tool_enabled("web_search", False)
    await services.app_settings.set_language("de")

    assert await services.reload_settings() == Reloaded(changed=False)


async def test_reload_settings_takes_a_language_chosen_elsewhere(
    open_services: Callable[[], Services],
) -> None:
    services = open_services()

    await open_services().app_settings.set_language("fr")

    assert await services.reload_settings() == Reloaded(changed=True)
    assert services.app_settings.language == "fr"


async def test_reload_settings_keeps_its_settings_when_the_file_broke_and_keeps_the_file(
    paths: StudioPaths, open_services: Callable[[], Services]
) -> None:
    services = open_services()
    await services.settings.set_tool_enabled("web_search", False)
    await services.app_settings.set_language("de")
    await asyncio.to_thread(paths.settings_file.write_text, "{ not json", encoding="utf-8")

    reloaded = await services.reload_settings()

    assert reloaded.changed is False
    assert reloaded.notice is not None
    [kept] = await asyncio.to_thread(
        lambda: list(paths.config_dir.glob("settings.json.unreadable-*"))
    )
    assert str(kept) in reloaded.notice
    assert await asyncio.to_thread(kept.read_text, encoding="utf-8") == "{ not json"
    reopened = open_services()
    assert reopened.settings.is_disabled_by_user(["web_search"])
    assert reopened.app_settings.language == "de"
    assert reopened.settings.load_notice is None


async def test_services_repeat_a_file_set_aside_until_marked_seen(
    paths: StudioPaths, open_services: Callable[[], Services]
) -> None:
    paths.settings_file.parent.mkdir(parents=True)
    paths.settings_file.write_text("{ not json", encoding="utf-8")
    chats = paths.data_dir / "chats.sqlite3"
    chats.parent.mkdir(parents=True)
    chats.write_bytes(b"not a database " * 100)

    # A command: it prints these and leaves them to be shown by the app.
    printed = open_services().startup_notices()
    # The app's next start shows the same notices, and marks them seen.
    app_start = open_services()
    shown = app_start.startup_notices()
    app_start.mark_startup_notices_seen()

    assert len(printed) == 2
    assert "Your settings file could not be read" in printed[0]
    assert "Your chats could not be read" in printed[1]
    assert shown == printed
    assert open_services().startup_notices() == []


async def test_services_start_on_defaults_when_the_settings_file_is_a_folder(
    paths: StudioPaths, open_services: Callable[[], Services]
) -> None:
    paths.settings_file.mkdir(parents=True)

    services = open_services()

    [notice] = services.startup_notices()
    assert "is a folder where Studio expects a file" in notice
    assert services.settings_set_aside is None
    assert paths.settings_file.is_dir()
    with pytest.raises(ConfigError, match="cannot read or change it"):
        await services.app_settings.set_language("de")
    assert paths.settings_file.is_dir()


async def test_reload_settings_takes_an_edit_and_names_the_one_value_it_reset(
    paths: StudioPaths, open_services: Callable[[], Services]
) -> None:
    services = open_services()
    edited = {
        "version": 1,
        "tools": {
            "disabled_tool_ids": ["web_search"],
            "minimum_confidence_by_tool_id": {"read_web_page": 1000},
        },
    }
    paths.settings_file.parent.mkdir(parents=True)
    await asyncio.to_thread(paths.settings_file.write_text, json.dumps(edited), encoding="utf-8")

    reloaded = await services.reload_settings()

    assert reloaded.changed
    assert reloaded.notice is not None
    assert "'tools.minimum_confidence_by_tool_id.read_web_page'" in reloaded.notice
    assert services.settings.is_disabled_by_user(["web_search"])


async def test_a_file_set_aside_is_told_by_the_opening_that_did_it_and_then_only_to_the_app(
    paths: StudioPaths, open_services: Callable[[], Services]
) -> None:
    paths.settings_file.parent.mkdir(parents=True)
    paths.settings_file.write_text("{ not json", encoding="utf-8")
    command = open_services()
    assert len(command.startup_notices(earlier=False)) == 1

    later_command = open_services()
    app = open_services()

    assert later_command.startup_notices(earlier=False) == []
    [notice] = app.startup_notices()
    assert "settings.json.unreadable-" in notice
    app.mark_startup_notices_seen()
    assert open_services().startup_notices() == []
