"""The app settings service keeps the UI language in the settings file, next to the tools."""

from __future__ import annotations

import json
from pathlib import Path

import keyring
import pytest

from studio.config.app_settings import AppSettingsService
from studio.config.models import UserSettings
from studio.config.secrets import KeyringSecretStore
from studio.config.store import SettingsStore
from studio.errors import ConfigError
from studio.tools.settings import ToolSettingsService


def service(path: Path) -> AppSettingsService:
    return AppSettingsService(SettingsStore(path))


def test_the_language_follows_the_system_until_chosen(tmp_path: Path) -> None:
    settings = service(tmp_path / "settings.json")

    assert settings.language == ""
    assert not (tmp_path / "settings.json").exists()


async def test_a_chosen_language_is_stored_and_read_back(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"

    await service(path).set_language("de")

    assert service(path).language == "de"
    assert json.loads(path.read_text(encoding="utf-8"))["appearance"] == {"language": "de"}


async def test_storing_the_language_keeps_the_tool_settings(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    store = SettingsStore(path)
    settings = UserSettings()
    settings.tools.disabled_tool_ids = ["web_search"]
    store.save(settings)
    app = service(path)

    await app.set_language("fr")
    await app.set_language("")

    loaded = store.load().settings
    assert loaded.tools.disabled_tool_ids == ["web_search"]
    assert loaded.appearance.language == ""


def test_a_settings_file_without_the_section_still_loads(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"version": 1, "tools": {}}), encoding="utf-8")

    settings = service(path)

    assert settings.language == ""
    assert settings.load_notice is None


@pytest.mark.parametrize("language", ["German", "de DE", "../de", "d", "x" * 40])
async def test_only_language_codes_are_stored(tmp_path: Path, language: str) -> None:
    settings = service(tmp_path / "settings.json")

    with pytest.raises(ConfigError, match="not a language code"):
        await settings.set_language(language)

    assert settings.language == ""


@pytest.mark.parametrize("language", ["de", "pt_BR", "zh-Hant", "fil"])
async def test_language_codes_are_accepted(tmp_path: Path, language: str) -> None:
    settings = service(tmp_path / "settings.json")

    await settings.set_language(language)

    assert settings.language == language


async def test_a_tool_settings_change_keeps_the_chosen_language(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    tools = ToolSettingsService(SettingsStore(path), KeyringSecretStore(keyring.get_keyring()))
    app = service(path)

    await app.set_language("de")
    await tools.set_tool_enabled("web_search", False)

    assert service(path).language == "de"


async def test_a_refused_language_code_is_said_in_translatable_words(tmp_path: Path) -> None:
    settings = service(tmp_path / "settings.json")

    with pytest.raises(ConfigError) as raised:
        await settings.set_language("German")

    assert str(raised.value) == "'German' is not a language code such as 'de' or 'pt_BR'"
    assert raised.value.text(lambda text: f"[{text.context}] {text}") == (
        "[AppSettings] 'German' is not a language code such as 'de' or 'pt_BR'"
    )
