"""The settings dialog generated from a tool's schema, saving through the real services."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import ClassVar

import pytest
from PySide6.QtCore import Qt, QTranslator, QUrl
from PySide6.QtTest import QTest
from PySide6.QtWidgets import (
    QAbstractButton,
    QApplication,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QLabel,
    QLineEdit,
    QPushButton,
    QTabWidget,
    QWidget,
)
from pytestqt.qtbot import QtBot

from studio.config.organization import OrganizationPolicy
from studio.config.paths import StudioPaths
from studio.config.secrets import NO_KEYRING_MESSAGE, UnavailableSecretStore
from studio.services import Services
from studio.tools.settings import FieldState, ValueSource
from studio.ui.tools.settings_dialog import ToolSettingsDialog
from tests.gui.conftest import QtAsyncio
from tests.support import gui_tools
from tests.support.browser import caught_links
from tests.support.gui_tools import LOOKUP_GUIDE_URL, LookupTool, widget_texts

SECRET = "sk-live-4f1d9c2b7a"
ORG_ENDPOINT = "https://lookup.corp.example"


def open_dialog(qtbot: QtBot, services: Services, entry_id: str = "web_lookup"):
    dialog = ToolSettingsDialog(services.registry, services.settings, entry_id)
    qtbot.add_widget(dialog)
    with qtbot.wait_signal(dialog.loaded, timeout=5000):
        dialog.open()
    return dialog


def line(dialog: QDialog, key: str) -> QLineEdit:
    widget = dialog.findChild(QLineEdit, key)
    assert widget is not None, key
    return widget


def combo(dialog: QDialog, key: str) -> QComboBox:
    widget = dialog.findChild(QComboBox, key)
    assert widget is not None, key
    return widget


def label(dialog: QDialog, name: str) -> QLabel:
    widget = dialog.findChild(QLabel, name)
    assert widget is not None, name
    return widget


def type_into(qtbot: QtBot, field: QLineEdit, text: str) -> None:
    field.setFocus()
    field.selectAll()
    QTest.keyClicks(field, text)


def field_states(qloop: QtAsyncio, services: Services, tool_id: str) -> dict[str, FieldState]:
    definition = services.registry.definition(tool_id)
    assert definition is not None
    return {state.name: state for state in qloop.run(services.settings.field_states(definition))}


def click_save(qtbot: QtBot, dialog: ToolSettingsDialog) -> None:
    buttons = dialog.findChild(QDialogButtonBox)
    assert buttons is not None
    save = buttons.button(QDialogButtonBox.StandardButton.Save)
    QTest.mouseClick(save, Qt.MouseButton.LeftButton)
    qtbot.wait_until(lambda: not dialog.is_saving(), timeout=5000)


def test_dialog_shows_the_tools_header(qloop: QtAsyncio, qtbot: QtBot, services):
    dialog = open_dialog(qtbot, services)

    assert label(dialog, "ToolSettingsName").text() == "Web lookup"
    assert label(dialog, "ToolSettingsDescription").text() == LookupTool.summary
    assert dialog.findChild(QLabel, "ToolSettingsWarning") is None
    assert dialog.windowTitle() == "Tool settings: Web lookup"


def test_dialog_warns_when_the_organisation_switched_the_tool_off(
    qloop: QtAsyncio, qtbot: QtBot, make_services: Callable[..., Services]
):
    services = make_services(OrganizationPolicy(disabled_tool_ids=frozenset({"web_lookup"})))

    dialog = open_dialog(qtbot, services)

    assert (
        label(dialog, "ToolSettingsWarning")
        .text()
        .startswith("Your organisation has switched this tool off")
    )


def test_dialog_groups_fields_under_translated_headings_with_links(
    qloop: QtAsyncio, qtbot: QtBot, services
):
    dialog = open_dialog(qtbot, services)
    headings = [w.text() for w in dialog.findChildren(QLabel, "ToolSettingsGroupHeading")]
    links = label(dialog, "web_lookup.service.links")
    with caught_links("https") as browser:
        links.linkActivated.emit(LOOKUP_GUIDE_URL)

    assert headings == ["Service", "Results"]
    assert "Set-up guide" in links.text()
    assert browser.opened == [QUrl(LOOKUP_GUIDE_URL)]


def test_dialog_shows_defaults_as_placeholders_and_hints(
    qloop: QtAsyncio, qtbot: QtBot, make_services: Callable[..., Services]
):
    organization = OrganizationPolicy(default_tool_settings={"web_lookup.language": "de-DE"})
    dialog = open_dialog(qtbot, make_services(organization))

    assert line(dialog, "web_lookup.max_results").placeholderText() == "10"
    assert line(dialog, "web_lookup.max_results").text() == ""
    assert label(dialog, "web_lookup.max_results.hint").text() == (
        "How many results one lookup returns. From 1 to 100. Default: 10"
    )
    language = combo(dialog, "web_lookup.language")
    assert language.currentText() == "Not set"
    assert language.itemText(1) == "Any language"
    assert label(dialog, "web_lookup.language.hint").text() == "Default: German (Germany)"
    mode = combo(dialog, "web_lookup.mode")
    assert [mode.itemText(i) for i in range(mode.count())] == ["Not set", "FAST", "THOROUGH"]


def test_dialog_disables_locked_fields_and_marks_them(
    qloop: QtAsyncio, qtbot: QtBot, make_services: Callable[..., Services]
):
    organization = OrganizationPolicy(
        locked_tool_settings={"web_lookup.endpoint": ORG_ENDPOINT},
        locked_tool_secrets={"web_lookup.api_key": "org-secret-value"},
    )
    dialog = open_dialog(qtbot, make_services(organization))

    endpoint = line(dialog, "web_lookup.endpoint")
    api_key = line(dialog, "web_lookup.api_key")
    assert not endpoint.isEnabled()
    assert endpoint.text() == ORG_ENDPOINT
    assert label(dialog, "web_lookup.endpoint.managed").text() == "Managed by your organisation"
    assert label(dialog, "web_lookup.endpoint.managed").isVisibleTo(dialog)
    assert not api_key.isEnabled()
    assert api_key.text() == ""
    assert label(dialog, "web_lookup.api_key.managed").isVisibleTo(dialog)
    assert line(dialog, "web_lookup.max_results").isEnabled()
    assert dialog.findChild(QLabel, "web_lookup.max_results.managed") is None
    assert not any("org-secret-value" in text for text in widget_texts(dialog))


def test_dialog_names_missing_required_settings_and_saves_nothing(
    qloop: QtAsyncio, qtbot: QtBot, services
):
    dialog = open_dialog(qtbot, services)
    type_into(qtbot, line(dialog, "web_lookup.max_results"), "5")

    click_save(qtbot, dialog)

    assert dialog.message() == "Please configure the required settings: Endpoint, API key"
    assert dialog.isVisible()
    assert field_states(qloop, services, "web_lookup")["max_results"].source is ValueSource.UNSET
    assert not services.paths.settings_file.exists()


def test_dialog_names_missing_settings_and_a_value_that_does_not_fit_together(
    qloop: QtAsyncio, qtbot: QtBot, tmp_path: Path
):
    settings_file = StudioPaths.for_basedir(tmp_path / "edited").settings_file
    settings_file.parent.mkdir(parents=True)
    settings_file.write_text(
        json.dumps({"tools": {"values": {"web_lookup": {"mode": "SLOW"}}}}), encoding="utf-8"
    )
    services = gui_tools.make_services(tmp_path / "edited")
    dialog = open_dialog(qtbot, services)

    click_save(qtbot, dialog)

    lines = dialog.message().split("\n")
    assert lines[0] == "Please configure the required settings: Endpoint, API key"
    assert lines[1].startswith("The setting 'mode' holds the value 'SLOW'")
    assert dialog.isVisible()


def test_dialog_shows_the_tools_own_validation_and_saves_nothing(
    qloop: QtAsyncio, qtbot: QtBot, services
):
    dialog = open_dialog(qtbot, services)
    type_into(qtbot, line(dialog, "web_lookup.endpoint"), "https://lookup.example")
    type_into(qtbot, line(dialog, "web_lookup.api_key"), SECRET)
    type_into(qtbot, line(dialog, "web_lookup.depth"), "many")

    click_save(qtbot, dialog)

    assert dialog.message() == LookupTool.NOT_A_NUMBER
    states = field_states(qloop, services, "web_lookup")
    assert states["endpoint"].source is ValueSource.UNSET
    assert not states["api_key"].has_value


def test_dialog_refuses_a_number_outside_the_declared_bounds(
    qloop: QtAsyncio, qtbot: QtBot, services
):
    dialog = open_dialog(qtbot, services)
    type_into(qtbot, line(dialog, "web_lookup.endpoint"), "https://lookup.example")
    type_into(qtbot, line(dialog, "web_lookup.api_key"), SECRET)
    type_into(qtbot, line(dialog, "web_lookup.max_results"), "500")

    click_save(qtbot, dialog)

    assert dialog.message() == (
        "The setting 'max_results' holds '500'; enter a whole number from 1 to 100."
    )
    assert field_states(qloop, services, "web_lookup")["max_results"].source is ValueSource.UNSET


def test_dialog_says_what_the_core_says_when_the_tools_check_fails(
    qloop: QtAsyncio, qtbot: QtBot, services, monkeypatch: pytest.MonkeyPatch, caplog
):
    async def crash(self: LookupTool, values: object) -> str | None:
        raise RuntimeError(f"GET /lookup?key={SECRET} failed")

    monkeypatch.setattr(LookupTool, "validate_configuration", crash)
    dialog = open_dialog(qtbot, services)
    type_into(qtbot, line(dialog, "web_lookup.endpoint"), "https://lookup.example")
    type_into(qtbot, line(dialog, "web_lookup.api_key"), SECRET)

    click_save(qtbot, dialog)

    assert dialog.message() == "The tool's settings could not be checked. See the logs for details."
    assert dialog.isVisible()
    assert not field_states(qloop, services, "web_lookup")["api_key"].has_value
    assert "web_lookup" in caplog.text
    assert SECRET not in caplog.text


def test_dialog_refuses_a_saved_value_that_no_longer_fits_its_field(
    qloop: QtAsyncio, qtbot: QtBot, tmp_path: Path
):
    # A value the dialog cannot offer any more, such as one edited into the settings file.
    settings_file = StudioPaths.for_basedir(tmp_path / "edited").settings_file
    settings_file.parent.mkdir(parents=True)
    values = {"endpoint": "https://lookup.example", "mode": "SLOW"}
    settings_file.write_text(
        json.dumps({"tools": {"values": {"web_lookup": values}}}), encoding="utf-8"
    )
    services = gui_tools.make_services(tmp_path / "edited")
    definition = services.registry.definition("web_lookup")
    assert definition is not None
    qloop.run(services.settings.set_value(definition, "api_key", SECRET))
    dialog = open_dialog(qtbot, services)
    type_into(qtbot, line(dialog, "web_lookup.max_results"), "5")

    click_save(qtbot, dialog)

    assert dialog.message().startswith("The setting 'mode' holds the value 'SLOW'")
    assert dialog.isVisible()
    assert field_states(qloop, services, "web_lookup")["max_results"].source is ValueSource.UNSET


def test_dialog_saves_through_the_settings_service(qloop: QtAsyncio, qtbot: QtBot, services):
    dialog = open_dialog(qtbot, services)
    type_into(qtbot, line(dialog, "web_lookup.endpoint"), "https://lookup.example")
    type_into(qtbot, line(dialog, "web_lookup.api_key"), SECRET)
    language = combo(dialog, "web_lookup.language")
    language.setCurrentIndex(language.findData("fr-FR"))

    with qtbot.wait_signal(dialog.saved, timeout=5000):
        click_save(qtbot, dialog)

    assert dialog.result() == QDialog.DialogCode.Accepted
    states = field_states(qloop, services, "web_lookup")
    assert (states["endpoint"].value, states["endpoint"].source) == (
        "https://lookup.example",
        ValueSource.USER,
    )
    assert (states["language"].value, states["language"].source) == ("fr-FR", ValueSource.USER)
    assert (states["api_key"].has_value, states["api_key"].source) == (True, ValueSource.KEYRING)
    assert states["max_results"].source is ValueSource.UNSET


def test_dialog_never_shows_a_secret_after_saving(qloop: QtAsyncio, qtbot: QtBot, services):
    dialog = open_dialog(qtbot, services)
    type_into(qtbot, line(dialog, "web_lookup.endpoint"), "https://lookup.example")
    type_into(qtbot, line(dialog, "web_lookup.api_key"), SECRET)
    with qtbot.wait_signal(dialog.saved, timeout=5000):
        click_save(qtbot, dialog)

    assert not any(SECRET in text for text in widget_texts(dialog))

    reopened = open_dialog(qtbot, services)
    api_key = line(reopened, "web_lookup.api_key")
    assert api_key.text() == ""
    assert api_key.placeholderText() == "Stored in the keyring"
    assert api_key.echoMode() == QLineEdit.EchoMode.Password
    assert not any(SECRET in text for text in widget_texts(reopened))


def test_dialog_keeps_an_untouched_secret_and_removes_it_on_request(
    qloop: QtAsyncio, qtbot: QtBot, services
):
    definition = services.registry.definition("web_lookup")
    assert definition is not None
    qloop.run(
        services.settings.save_values(
            definition, {"endpoint": "https://lookup.example", "api_key": SECRET}
        )
    )
    dialog = open_dialog(qtbot, services)
    type_into(qtbot, line(dialog, "web_lookup.max_results"), "7")
    with qtbot.wait_signal(dialog.saved, timeout=5000):
        click_save(qtbot, dialog)
    assert field_states(qloop, services, "web_lookup")["api_key"].has_value

    dialog = open_dialog(qtbot, services)
    remove = dialog.findChild(QPushButton, "web_lookup.api_key.remove")
    assert remove is not None
    QTest.mouseClick(remove, Qt.MouseButton.LeftButton)
    click_save(qtbot, dialog)

    # API key is required: removing it is refused like any other missing setting.
    assert dialog.message() == "Please configure the required settings: API key"
    assert field_states(qloop, services, "web_lookup")["api_key"].has_value


def test_dialog_removes_an_optional_secret(qloop: QtAsyncio, qtbot: QtBot, services):
    definition = services.registry.definition("search_notes")
    assert definition is not None
    qloop.run(services.settings.save_values(definition, {"folder": "/notes", "token": SECRET}))
    dialog = open_dialog(qtbot, services, "notes")
    remove = dialog.findChild(QPushButton, "search_notes.token.remove")
    assert remove is not None

    QTest.mouseClick(remove, Qt.MouseButton.LeftButton)
    with qtbot.wait_signal(dialog.saved, timeout=5000):
        click_save(qtbot, dialog)

    states = field_states(qloop, services, "search_notes")
    assert not states["token"].has_value
    assert states["folder"].value == "/notes"


def test_dialog_shows_a_keyring_failure_and_keeps_the_input(
    qloop: QtAsyncio, qtbot: QtBot, make_services: Callable[..., Services]
):
    services = make_services(secrets=UnavailableSecretStore())
    dialog = open_dialog(qtbot, services)
    type_into(qtbot, line(dialog, "web_lookup.endpoint"), "https://lookup.example")
    type_into(qtbot, line(dialog, "web_lookup.api_key"), SECRET)

    with qtbot.assert_not_emitted(dialog.saved):
        click_save(qtbot, dialog)

    assert dialog.message() == NO_KEYRING_MESSAGE
    assert dialog.isVisible()
    assert line(dialog, "web_lookup.api_key").text() == SECRET
    assert line(dialog, "web_lookup.endpoint").text() == "https://lookup.example"


def test_dialog_of_a_collection_has_a_tab_per_member_with_settings(
    qloop: QtAsyncio, qtbot: QtBot, services
):
    dialog = open_dialog(qtbot, services, "count_notes")

    tabs = dialog.findChild(QTabWidget, "ToolSettingsTabs")
    assert tabs is not None
    assert [tabs.tabText(i) for i in range(tabs.count())] == ["Search notes"]
    assert label(dialog, "ToolSettingsName").text() == "Notes"
    notes = [w.text() for w in dialog.findChildren(QLabel, "ToolSettingsNote")]
    assert notes == ["These tools of the collection have no settings: Count notes"]


def test_dialog_of_a_tool_without_settings_says_so(qloop: QtAsyncio, qtbot: QtBot, services):
    dialog = open_dialog(qtbot, services, "clock")

    notes = [w.text() for w in dialog.findChildren(QLabel, "ToolSettingsNote")]
    buttons = dialog.findChild(QDialogButtonBox)
    assert buttons is not None
    assert "This tool has no settings." in notes
    assert buttons.standardButtons() == QDialogButtonBox.StandardButton.Close


@pytest.mark.parametrize("entry_id", ["missing_tool"], ids=["unknown"])
def test_dialog_of_an_unknown_entry_says_it_is_not_available(
    qloop: QtAsyncio, qtbot: QtBot, services, entry_id: str
):
    dialog = ToolSettingsDialog(services.registry, services.settings, entry_id)
    qtbot.add_widget(dialog)

    notes = [w.text() for w in dialog.findChildren(QLabel, "ToolSettingsNote")]
    assert notes == ["This tool is not available in this app."]
    assert dialog.entry_id() is None


class _German(QTranslator):
    """Translates a few core texts, to show that the dialog translates when it renders."""

    TEXTS: ClassVar[dict[tuple[str, str], str]] = {
        ("StudioGuiTestTools", "Web lookup"): "Netzsuche",
        ("StudioGuiTestTools", "Service"): "Dienst",
        ("ToolSettingsOptions", "Any language"): "Beliebige Sprache",
    }

    def translate(
        self, context: str, source: str, disambiguation: str | None = None, n: int = -1
    ) -> str:
        return self.TEXTS.get((context, source), source)


def test_dialog_translates_core_texts_when_it_renders(
    qloop: QtAsyncio, qtbot: QtBot, qapp: QApplication, services
):
    translator = _German()
    qapp.installTranslator(translator)
    try:
        dialog = open_dialog(qtbot, services)
    finally:
        qapp.removeTranslator(translator)

    assert label(dialog, "ToolSettingsName").text() == "Netzsuche"
    headings = [w.text() for w in dialog.findChildren(QLabel, "ToolSettingsGroupHeading")]
    assert headings == ["Dienst", "Results"]
    assert combo(dialog, "web_lookup.language").itemText(1) == "Beliebige Sprache"


class _Wrapping(QTranslator):
    """Wraps every text of every context in ⟦…⟧: what it missed bypassed translation."""

    def translate(
        self, context: str, source: str, disambiguation: str | None = None, n: int = -1
    ) -> str:
        return f"⟦{source}⟧"

    def isEmpty(self) -> bool:
        # An empty translator would not make Qt announce a language change.
        return False


def wrapped(text: str) -> bool:
    """Whether ``text`` (markup and values aside) came through the wrapping translator."""
    rest = re.sub(r"<[^>]+>", " ", text).replace("&", "")
    while re.search("⟦[^⟦⟧]*⟧", rest):
        rest = re.sub("⟦[^⟦⟧]*⟧", " ", rest)
    return re.fullmatch(r"[\s\W\d*]*", rest) is not None


def strip(text: str, data: list[str]) -> str:
    for value in data:
        if value:
            text = text.replace(value, "")
    return text


def shown_texts(dialog: QDialog) -> dict[str, str]:
    """Every visible text of ``dialog`` that the user reads, by where it is."""
    texts = {"title": dialog.windowTitle()}
    for widget in dialog.findChildren(QWidget):
        if not widget.isVisibleTo(dialog):
            continue
        where = f"{type(widget).__name__}#{widget.objectName()}"
        if widget.toolTip():
            texts[f"{where}.tooltip"] = widget.toolTip()
        if isinstance(widget, QLabel | QAbstractButton) and widget.text():
            texts[where] = widget.text()
        if isinstance(widget, QLineEdit) and widget.placeholderText():
            texts[f"{where}.placeholder"] = widget.placeholderText()
        if isinstance(widget, QComboBox):
            for index in range(widget.count()):
                if widget.itemData(index):
                    texts[f"{where}.{index}"] = widget.itemText(index)
                else:
                    texts[f"{where}.unset"] = widget.itemText(index)
        if isinstance(widget, QTabWidget):
            for index in range(widget.count()):
                texts[f"{where}.tab{index}"] = widget.tabText(index)
    return texts


@pytest.mark.parametrize("entry_id", ["web_lookup", "notes"])
def test_an_open_dialog_sets_every_text_again_when_the_language_changes(
    qloop: QtAsyncio,
    qtbot: QtBot,
    qapp: QApplication,
    make_services: Callable[..., Services],
    entry_id: str,
):
    organization = OrganizationPolicy(
        disabled_tool_ids=frozenset({entry_id}),
        locked_tool_settings={"web_lookup.endpoint": ORG_ENDPOINT},
    )
    services = make_services(organization)
    definition = services.registry.definition("web_lookup")
    assert definition is not None
    qloop.run(services.settings.save_values(definition, {"api_key": SECRET}))
    dialog = open_dialog(qtbot, services, entry_id)
    if entry_id == "web_lookup":
        type_into(qtbot, line(dialog, "web_lookup.max_results"), "80")
        line(dialog, "web_lookup.api_key").clear()
        remove = dialog.findChild(QPushButton, "web_lookup.api_key.remove")
        assert remove is not None
        QTest.mouseClick(remove, Qt.MouseButton.LeftButton)
        click_save(qtbot, dialog)  # the required key is removed: a message
        assert dialog.message()
    before = shown_texts(dialog)

    translator = _Wrapping()
    qapp.installTranslator(translator)
    try:
        QApplication.sendPostedEvents()
        QApplication.processEvents()
        after = shown_texts(dialog)
    finally:
        qapp.removeTranslator(translator)
        QApplication.sendPostedEvents()
        QApplication.processEvents()

    # Values, enum members and the test tools' help texts, which are not marked for translation.
    data = [ORG_ENDPOINT, "80", "FAST", "THOROUGH"]
    for tool_id in ("web_lookup", "search_notes"):
        definition = services.registry.definition(tool_id)
        assert definition is not None
        data += [spec.description for spec in definition.settings_schema.properties.values()]
    assert after.keys() == before.keys()
    assert {where: text for where, text in after.items() if not wrapped(strip(text, data))} == {}
    assert shown_texts(dialog) == before
