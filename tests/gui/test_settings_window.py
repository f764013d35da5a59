"""Chat > Settings: providers, tools and language in one window, applied as they change.

The window is driven through the main window of a real profile (the app's services, the test
keyring, the chat store), the way a user opens it.
"""

from __future__ import annotations

import asyncio
import os
from pathlib import Path

import keyring
import pytest
from pydantic import SecretStr
from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import (
    QApplication,
    QComboBox,
    QDialogButtonBox,
    QLabel,
    QLineEdit,
    QMessageBox,
    QPushButton,
    QSpinBox,
    QWidget,
)
from pytestqt.qtbot import QtBot

from studio.config.profiles import ProviderType
from studio.config.providers import ProviderSettings, ProviderStore, api_key_secret_id
from studio.config.secrets import UnavailableSecretStore
from studio.kernel.policy import ConfidenceLevel
from studio.services import Services
from studio.ui import i18n, theme
from studio.ui.main_window import MainWindow
from studio.ui.onboarding.provider_setup import ProviderSetupDialog
from studio.ui.settings.providers_page import ProvidersPage
from studio.ui.settings.window import SettingsPage, SettingsWindow
from tests.gui.test_main_window import Profile, profile  # noqa: F401 (a fixture)

SECRET = "sk-settings-27182818"


async def two_providers(services: Services) -> None:
    await services.providers.add(
        ProviderSettings.from_user(
            name="Work",
            type=ProviderType.OPENAI_CHAT,
            model="gpt-4o-mini",
            confidence=ConfidenceLevel.MEDIUM,
        ),
        SecretStr(SECRET),
    )
    await services.providers.add(
        ProviderSettings.from_user(
            name="Home",
            type=ProviderType.OLLAMA,
            model="llama3.1",
            confidence=ConfidenceLevel.HIGH,
        ),
        None,
    )


def ok_button(dialog: ProviderSetupDialog) -> QPushButton:
    buttons = dialog.findChild(QDialogButtonBox)
    assert buttons is not None
    return buttons.button(QDialogButtonBox.StandardButton.Ok)


def select_first(page: ProvidersPage) -> None:
    item = page.table.topLevelItem(0)
    assert item is not None
    page.table.setCurrentItem(item)


def stored_key(name: str) -> str | None:
    secret_id = api_key_secret_id(name)
    return keyring.get_keyring().get_password(secret_id.service, secret_id.name)


def open_settings(qtbot: QtBot, profile: Profile) -> SettingsWindow:  # noqa: F811
    window = profile.window(prepare=two_providers)
    window.settings_action.trigger()
    settings = window.findChild(SettingsWindow, "SettingsWindow")
    assert settings is not None
    qtbot.wait_exposed(settings)
    qtbot.wait_until(lambda: not settings.providers_page.pending())
    return settings


def test_settings_opens_from_the_chat_menu_with_its_pages(
    qtbot: QtBot,
    profile: Profile,  # noqa: F811
    languages: i18n.LanguageManager,
) -> None:
    settings = open_settings(qtbot, profile)

    assert settings.isVisible()
    assert settings.windowTitle() == "Settings — Studio"
    assert settings.pages() == (
        SettingsPage.PROVIDERS,
        SettingsPage.TOOLS,
        SettingsPage.ORGANIZATION,
        SettingsPage.LANGUAGE,
    )
    assert settings.current_page() is SettingsPage.PROVIDERS
    settings.show_page(SettingsPage.LANGUAGE)
    assert settings.language_page is not None
    assert settings.language_page.isVisible()
    settings.show_page(SettingsPage.TOOLS)
    assert settings.tools_page.isVisible()


def test_the_providers_page_lists_each_provider_and_whether_a_key_is_kept(
    qtbot: QtBot,
    profile: Profile,  # noqa: F811
) -> None:
    settings = open_settings(qtbot, profile)
    page = settings.providers_page

    assert page.rows() == [
        ("Work", "OpenAI (Chat Completions API)", "gpt-4o-mini", "Medium", "In the keyring"),
        ("Home", "Ollama", "llama3.1", "High", "None"),
    ]
    assert SECRET not in str(page.rows())


def test_changing_a_provider_keeps_its_key_and_updates_the_picker(
    qtbot: QtBot,
    profile: Profile,  # noqa: F811
    tmp_path: Path,
) -> None:
    settings = open_settings(qtbot, profile)
    page = settings.providers_page
    select_first(page)

    QTest.mouseClick(page.change_button, Qt.MouseButton.LeftButton)
    dialog = page.findChild(ProviderSetupDialog)
    assert dialog is not None
    name = dialog.findChild(QLineEdit, "ProviderName")
    model = dialog.findChild(QLineEdit, "ProviderModel")
    key = dialog.findChild(QLineEdit, "ProviderApiKey")
    assert name is not None
    assert model is not None
    assert key is not None
    assert name.text() == "Work"
    assert name.isReadOnly()
    assert not name.hasFrame()
    assert key.text() == ""
    assert key.placeholderText() == "Leave empty to keep the stored key"
    intro = dialog.findChild(QLabel, "SetupIntro")
    assert intro is not None
    assert intro.text() == "Change how Studio reaches Work."
    dialog.grab().save(str(tmp_path / "change-provider.png"))
    model.setText("gpt-4.1")
    save = ok_button(dialog)
    assert save.text() == "Save"
    assert save.isEnabled()
    with qtbot.waitSignal(settings.providers_changed, timeout=5000) as changed:
        QTest.mouseClick(save, Qt.MouseButton.LeftButton)

    assert changed.args == ["Work"]
    qtbot.wait_until(lambda: not page.pending())
    assert page.rows()[0][:3] == ("Work", "OpenAI (Chat Completions API)", "gpt-4.1")
    assert stored_key("Work") == SECRET
    main = settings.parentWidget()
    assert main is not None
    picker_settings = main.provider_picker.current()  # type: ignore[attr-defined]
    assert picker_settings is not None
    assert (picker_settings.name, picker_settings.model) == ("Work", "gpt-4.1")


def test_removing_a_provider_asks_first_then_deletes_it_and_its_key(
    qtbot: QtBot,
    profile: Profile,  # noqa: F811
) -> None:
    settings = open_settings(qtbot, profile)
    page = settings.providers_page
    select_first(page)

    QTest.mouseClick(page.remove_button, Qt.MouseButton.LeftButton)
    question = page.findChild(QMessageBox, "RemoveProviderQuestion")
    assert question is not None
    assert "Work" in question.text()
    question.button(QMessageBox.StandardButton.Cancel).click()
    assert [row[0] for row in page.rows()] == ["Work", "Home"]

    QTest.mouseClick(page.remove_button, Qt.MouseButton.LeftButton)
    question = page.findChild(QMessageBox, "RemoveProviderQuestion")
    assert question is not None
    remove = question.findChild(QPushButton, "RemoveProviderConfirm")
    assert remove is not None
    assert remove.text() == "Remove"
    assert "API key is deleted" in question.text()
    with qtbot.waitSignal(settings.providers_changed, timeout=5000):
        remove.click()

    assert [row[0] for row in page.rows()] == ["Home"]
    assert stored_key("Work") is None
    main = settings.parentWidget()
    assert main is not None
    current = main.provider_picker.current()  # type: ignore[attr-defined]
    assert current is not None
    assert current.name == "Home"


def test_a_provider_without_a_key_is_changed_and_removed_without_mention_of_one(
    qtbot: QtBot,
    profile: Profile,  # noqa: F811
    tmp_path: Path,
) -> None:
    settings = open_settings(qtbot, profile)
    page = settings.providers_page
    qtbot.wait_until(lambda: page.rows()[1][-1] == "None")
    home = page.table.topLevelItem(1)
    assert home is not None
    page.table.setCurrentItem(home)

    dialog = page.open_setup("Home")
    key = dialog.findChild(QLineEdit, "ProviderApiKey")
    assert key is not None
    assert "keep" not in key.placeholderText()
    assert key.placeholderText().startswith("No key is stored")
    dialog.grab().save(str(tmp_path / "change-keyless-provider.png"))
    dialog.reject()

    question = page.ask_to_remove("Home")
    assert question.text() == "Remove the provider Home? Chats that used it stay."
    question.grab().save(str(tmp_path / "remove-keyless-provider.png"))
    question.reject()


def key_reads(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The providers whose key is read from the keyring from now on, in order."""
    reads: list[str] = []
    read = ProviderStore.api_key

    async def recorded(self: ProviderStore, name: str) -> SecretStr | None:
        reads.append(name)
        return await read(self, name)

    monkeypatch.setattr(ProviderStore, "api_key", recorded)
    return reads


def save_setup(qtbot: QtBot, settings: SettingsWindow, dialog: ProviderSetupDialog) -> None:
    with qtbot.waitSignal(settings.providers_changed, timeout=5000):
        QTest.mouseClick(ok_button(dialog), Qt.MouseButton.LeftButton)
    qtbot.wait_until(lambda: not settings.providers_page.pending())


def test_the_providers_page_reads_only_the_keys_a_change_may_have_changed(
    qtbot: QtBot,
    profile: Profile,  # noqa: F811
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    settings = open_settings(qtbot, profile)
    page = settings.providers_page
    reads = key_reads(monkeypatch)

    page.refresh()
    assert not page.pending()
    dialog = page.open_setup("Home")
    key = dialog.findChild(QLineEdit, "ProviderApiKey")
    assert key is not None
    key.setText("sk-home")
    save_setup(qtbot, settings, dialog)
    assert reads == ["Home"]
    assert [row[-1] for row in page.rows()] == ["In the keyring", "In the keyring"]

    page.ask_to_remove("Work").accept()
    qtbot.wait_until(lambda: [row[0] for row in page.rows()] == ["Home"])
    qtbot.wait_until(lambda: not page.pending())
    dialog = page.open_setup()
    dialog.set_type(ProviderType.LMSTUDIO)
    model = dialog.findChild(QLineEdit, "ProviderModel")
    assert model is not None
    model.setText("qwen2.5-7b-instruct")
    confidence = dialog.findChild(QComboBox, "ProviderConfidence")
    assert confidence is not None
    confidence.setCurrentIndex(0)
    save_setup(qtbot, settings, dialog)

    assert reads == ["Home", "LM Studio"]
    assert page.rows() == [
        ("Home", "Ollama", "llama3.1", "High", "In the keyring"),
        ("LM Studio", "LM Studio", "qwen2.5-7b-instruct", "High", "None"),
    ]


def test_a_key_read_before_a_change_does_not_show_over_the_change(
    qtbot: QtBot,
    profile: Profile,  # noqa: F811
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # The first read of Home's key answers from before the change, and only after it.
    release = asyncio.Event()
    read = ProviderStore.api_key
    late: list[str] = []

    async def first_read_late(self: ProviderStore, name: str) -> SecretStr | None:
        key = await read(self, name)
        if name == "Home" and not late:
            late.append(name)
            await release.wait()
        return key

    monkeypatch.setattr(ProviderStore, "api_key", first_read_late)
    window = profile.window(prepare=two_providers)
    window.settings_action.trigger()
    settings = window.findChild(SettingsWindow, "SettingsWindow")
    assert settings is not None
    page = settings.providers_page
    qtbot.wait_until(lambda: late == ["Home"])

    dialog = page.open_setup("Home")
    key = dialog.findChild(QLineEdit, "ProviderApiKey")
    assert key is not None
    key.setText("sk-home")
    with qtbot.waitSignal(settings.providers_changed, timeout=5000):
        QTest.mouseClick(ok_button(dialog), Qt.MouseButton.LeftButton)
    qtbot.wait_until(lambda: page.rows()[1][-1] == "In the keyring")
    release.set()
    qtbot.wait_until(lambda: not page.pending())

    assert page.rows()[1][-1] == "In the keyring"


def test_adding_a_provider_from_settings_lists_it(
    qtbot: QtBot,
    profile: Profile,  # noqa: F811
    tmp_path: Path,
) -> None:
    settings = open_settings(qtbot, profile)
    page = settings.providers_page

    dialog = page.open_setup()
    dialog.set_type(ProviderType.LMSTUDIO)
    model = dialog.findChild(QLineEdit, "ProviderModel")
    assert model is not None
    model.setText("qwen2.5-7b-instruct")
    confidence = dialog.findChild(QComboBox, "ProviderConfidence")
    assert confidence is not None
    confidence.setCurrentIndex(0)
    add = ok_button(dialog)
    with qtbot.waitSignal(settings.providers_changed, timeout=5000):
        QTest.mouseClick(add, Qt.MouseButton.LeftButton)

    assert [row[0] for row in page.rows()][-1] == "LM Studio"
    assert page.selected_name() == "LM Studio"


def test_closing_settings_hides_it_and_the_next_open_shows_the_same_window(
    qtbot: QtBot,
    profile: Profile,  # noqa: F811
) -> None:
    settings = open_settings(qtbot, profile)
    settings.show_page(SettingsPage.TOOLS)

    settings.close()
    assert not settings.isVisible()
    main = settings.parentWidget()
    assert main is not None
    main.settings_action.trigger()  # type: ignore[attr-defined]

    assert settings.isVisible()
    assert settings.current_page() is SettingsPage.TOOLS


@pytest.mark.parametrize("width", [980, 900], ids=["default-width", "900px"])
def test_the_tools_page_gives_the_tool_texts_the_room(
    qtbot: QtBot,
    profile: Profile,  # noqa: F811
    tmp_path: Path,
    width: int,
) -> None:
    settings = open_settings(qtbot, profile)
    settings.resize(width, 680)
    settings.show_page(SettingsPage.TOOLS)
    page = settings.tools_page
    qtbot.wait_until(lambda: bool(page.findChildren(QWidget, "ToolEntryRow")))
    QApplication.processEvents()
    settings.grab().save(str(tmp_path / f"tools-page-{width}.png"))

    for entry_row in page.findChildren(QWidget, "ToolEntryRow"):
        description = entry_row.findChild(QLabel, "ToolEntryDescription")
        assert description is not None
        # The text column takes the room; a description reads in a few lines, not eight.
        assert description.width() >= entry_row.width() * 0.4, entry_row.property("entry_id")
        lines = description.height() // description.fontMetrics().lineSpacing()
        assert lines <= 3, (entry_row.property("entry_id"), lines)


# --- The screenshot in docs/screenshots ---------------------------------------------------------

_SCREENSHOT = Path(__file__).resolve().parents[2] / "docs" / "screenshots" / "settings.png"


def test_screenshot_of_the_settings_window(
    qtbot: QtBot,
    profile: Profile,  # noqa: F811
    tmp_path: Path,
    languages: i18n.LanguageManager,
) -> None:
    """Always rendered; written to docs/screenshots with ``STUDIO_UPDATE_SCREENSHOTS=1``."""
    settings = open_settings(qtbot, profile)
    settings.setPalette(theme.palette_for(Qt.ColorScheme.Light))
    settings.resize(900, 520)
    select_first(settings.providers_page)
    qtbot.wait_until(lambda: settings.providers_page.rows()[0][-1] == "In the keyring")

    picture = settings.grab()

    assert not picture.isNull()
    update = os.environ.get("STUDIO_UPDATE_SCREENSHOTS") == "1"
    assert picture.save(str(_SCREENSHOT if update else tmp_path / "settings.png"))


def test_choosing_german_on_the_language_page_translates_the_open_windows(
    qtbot: QtBot,
    profile: Profile,  # noqa: F811
    languages: i18n.LanguageManager,
) -> None:
    settings = open_settings(qtbot, profile)
    main = settings.parentWidget()
    assert isinstance(main, MainWindow)
    settings.show_page(SettingsPage.LANGUAGE)
    page = settings.language_page
    assert page is not None
    german = page.combo.findData("de")

    page.combo.setCurrentIndex(german)
    page.combo.activated.emit(german)
    QCoreApplication.sendPostedEvents()

    def german_of(context: str, text: str) -> str:
        translated = QCoreApplication.translate(context, text)
        assert translated != text, f"no German for {text!r}"
        return translated

    assert settings.windowTitle() == german_of("SettingsWindow", "Settings — Studio")
    assert main.settings_action.text() == german_of("MainWindow", "&Settings…")
    assert settings.providers_page.add_button.text() == german_of("ProvidersPage", "&Add…")
    header = settings.providers_page.table.headerItem()
    assert header is not None
    assert header.text(4) == german_of("ProvidersPage", "API key")
    assert settings.providers_page.rows()[0][-1] == german_of("ProvidersPage", "In the keyring")
    row = settings.tools_page.row("echo")
    assert row is not None
    assert row.settings_button.text() == german_of("_EntryRow", "Settings…")


def test_a_change_sets_the_progress_timeout_and_keeps_what_the_dialog_does_not_show(
    qtbot: QtBot,
    profile: Profile,  # noqa: F811
) -> None:
    settings = open_settings(qtbot, profile)
    services = profile.open[0][1]
    work = services.providers.require("Work")
    tuned = work.model_copy(update={"additional_parameters": {"temperature": 0.2}})
    profile.qloop.run(services.providers.update(tuned))
    page = settings.providers_page

    dialog = page.open_setup("Work")
    timeout = dialog.findChild(QSpinBox, "ProviderProgressTimeout")
    assert timeout is not None
    assert timeout.value() == 120
    assert (timeout.minimum(), timeout.maximum()) == (5, 3600)
    timeout.setValue(45)
    save_setup(qtbot, settings, dialog)

    reread = ProviderStore(services.paths.providers_file, UnavailableSecretStore()).require("Work")
    assert reread.progress_timeout == 45.0
    assert reread.additional_parameters == {"temperature": 0.2}
