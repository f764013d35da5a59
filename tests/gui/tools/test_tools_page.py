"""The tools page of the settings: switches, minimum levels, defaults and the settings dialog."""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QCheckBox, QComboBox, QLabel, QListWidget, QPushButton, QWidget
from pytestqt.qtbot import QtBot

from studio.assistants import builtin_assistants
from studio.config.organization import OrganizationPolicy
from studio.kernel.definition import Component
from studio.kernel.policy import ConfidenceLevel
from studio.services import Services
from studio.ui.settings.tools_page import ToolsSettingsPage
from studio.ui.tools.settings_dialog import ToolSettingsDialog
from tests.gui.conftest import QtAsyncio

W = TypeVar("W", bound=QWidget)


def open_page(qtbot: QtBot, services: Services) -> ToolsSettingsPage:
    page = ToolsSettingsPage(services.registry, services.settings)
    qtbot.add_widget(page)
    with qtbot.wait_signal(page.refreshed, timeout=5000):
        page.show()
    return page


def row(page: ToolsSettingsPage, entry_id: str):
    found = page.row(entry_id)
    assert found is not None, entry_id
    return found


def child(widget: QWidget, kind: type[W], name: str) -> W:
    found = widget.findChild(kind, name)
    assert found is not None, name
    return found


def test_page_lists_every_entry_including_context_tools(qloop: QtAsyncio, qtbot: QtBot, services):
    page = open_page(qtbot, services)

    ids = [w.property("entry_id") for w in page.findChildren(QWidget, "ToolEntryRow")]

    assert ids == ["web_lookup", "notes", "clock", "recall"]
    recall = row(page, "recall")
    assert "Offered on its own" in recall.status_text()
    lookup = row(page, "web_lookup")
    assert lookup.status_text() == "Required settings are missing: Endpoint, API key"


def test_page_marks_a_tool_the_organisation_switched_off(
    qloop: QtAsyncio, qtbot: QtBot, make_services: Callable[..., Services]
):
    services = make_services(OrganizationPolicy(disabled_tool_ids=frozenset({"count_notes"})))
    page = open_page(qtbot, services)

    notes = row(page, "notes")
    switch = child(notes, QCheckBox, "ToolEntrySwitch")
    assert not switch.isChecked()
    assert not switch.isEnabled()
    assert notes.is_managed()
    assert not row(page, "clock").is_managed()


def test_page_switches_a_tool_off_and_on(qloop: QtAsyncio, qtbot: QtBot, services):
    page = open_page(qtbot, services)
    switch = child(row(page, "clock"), QCheckBox, "ToolEntrySwitch")
    assert switch.isChecked()

    with qtbot.wait_signal(page.refreshed, timeout=5000):
        QTest.mouseClick(switch, Qt.MouseButton.LeftButton)
    assert services.settings.is_disabled_by_user(["clock"])
    assert not switch.isChecked()

    with qtbot.wait_signal(page.refreshed, timeout=5000):
        QTest.mouseClick(switch, Qt.MouseButton.LeftButton)
    assert not services.settings.is_disabled_by_user(["clock"])


def test_page_sets_the_minimum_confidence(qloop: QtAsyncio, qtbot: QtBot, services):
    page = open_page(qtbot, services)
    levels = child(row(page, "clock"), QComboBox, "ToolEntryConfidence")
    assert levels.currentText() == "none"

    with qtbot.wait_signal(page.refreshed, timeout=5000):
        levels.setCurrentIndex(levels.findData(int(ConfidenceLevel.MEDIUM)))
        levels.activated.emit(levels.currentIndex())

    assert services.settings.minimum_confidence(["clock"], ConfidenceLevel.NONE) is (
        ConfidenceLevel.MEDIUM
    )
    assert levels.currentText() == "medium"


def test_page_locks_a_minimum_confidence_the_organisation_fixed(
    qloop: QtAsyncio, qtbot: QtBot, make_services: Callable[..., Services]
):
    organization = OrganizationPolicy(minimum_confidence_by_tool_id={"clock": ConfidenceLevel.HIGH})
    page = open_page(qtbot, make_services(organization))

    levels = child(row(page, "clock"), QComboBox, "ToolEntryConfidence")
    assert not levels.isEnabled()
    assert levels.currentText() == "high"
    assert child(row(page, "web_lookup"), QComboBox, "ToolEntryConfidence").isEnabled()


def test_page_saves_the_default_tools_of_a_component(qloop: QtAsyncio, qtbot: QtBot, services):
    page = open_page(qtbot, services)
    page.set_selected_component(Component.LEGAL_CHECK_ASSISTANT)
    assert page.default_items() == {"web_lookup": False, "notes": False, "clock": False}
    defaults = child(page, QListWidget, "ToolsDefaultsList")
    item = defaults.item(2)

    with qtbot.wait_signal(page.refreshed, timeout=5000):
        item.setCheckState(Qt.CheckState.Checked)

    assert services.settings.default_tool_ids(Component.LEGAL_CHECK_ASSISTANT) == ("clock",)
    assert services.settings.default_tool_ids(Component.CHAT) == ()
    assert page.default_items()["clock"]


def test_default_tools_are_offered_for_the_chat_and_each_assistant_that_runs_tools(
    qloop: QtAsyncio, qtbot: QtBot, services
):
    page = open_page(qtbot, services)
    places = child(page, QComboBox, "ToolsDefaultsComponent")

    shown = [(places.itemData(i), places.itemText(i)) for i in range(places.count())]

    assistants = [a for a in builtin_assistants() if a.may_run_tools]
    assert shown == [
        (Component.CHAT.value, "Chat"),
        *((a.component.value, str(a.title)) for a in assistants),
    ]
    assert Component.TRANSLATION_ASSISTANT.value not in [data for data, _ in shown]
    assert Component.TEXT_SUMMARY_ASSISTANT.value not in [data for data, _ in shown]
    assert len(shown) == 3


def test_page_opens_the_settings_dialog_of_a_row(qloop: QtAsyncio, qtbot: QtBot, services):
    page = open_page(qtbot, services)
    button = child(row(page, "notes"), QPushButton, "ToolEntrySettingsButton")

    QTest.mouseClick(button, Qt.MouseButton.LeftButton)

    dialog = page.findChild(ToolSettingsDialog)
    assert dialog is not None
    assert dialog.entry_id() == "notes"
    with qtbot.wait_signal(dialog.loaded, timeout=5000):
        pass
    dialog.reject()


def test_page_refreshes_when_settings_change_elsewhere(qloop: QtAsyncio, qtbot: QtBot, services):
    page = open_page(qtbot, services)
    switch = child(row(page, "clock"), QCheckBox, "ToolEntrySwitch")
    assert switch.isChecked()

    with qtbot.wait_signal(page.refreshed, timeout=5000):
        qloop.run(services.settings.set_tool_enabled("clock", False))

    assert not switch.isChecked()


def untrusted_box(page: ToolsSettingsPage, entry_id: str) -> QCheckBox:
    return child(row(page, entry_id), QCheckBox, "UntrustedAllowanceCheckBox")


def test_page_lets_a_tool_run_without_asking_in_chats_with_outside_content(
    qloop: QtAsyncio, qtbot: QtBot, services
):
    page = open_page(qtbot, services)
    box = untrusted_box(page, "notes")
    label = child(row(page, "notes"), QLabel, "UntrustedAllowanceLabel")
    assert label.text() == "Run without asking in chats with outside content"
    assert box.accessibleName() == label.text()
    assert not box.isChecked()
    assert box.isEnabled()
    assert "outside content may contain instructions from strangers" in box.toolTip()

    with qtbot.wait_signal(page.refreshed, timeout=5000):
        QTest.mouseClick(box, Qt.MouseButton.LeftButton)
    settings = services.settings
    assert settings.is_allowed_in_untrusted_chats("count_notes", collection_id="notes")
    assert box.isChecked()

    # The text beside the box toggles it too.
    with qtbot.wait_signal(page.refreshed, timeout=5000):
        QTest.mouseClick(label, Qt.MouseButton.LeftButton)
    assert not settings.is_allowed_in_untrusted_chats("notes", ["search_notes", "count_notes"])
    assert not box.isChecked()


def test_page_locks_and_marks_what_the_organisation_decides_for_chats_with_outside_content(
    qloop: QtAsyncio, qtbot: QtBot, make_services: Callable[..., Services]
):
    organization = OrganizationPolicy(
        allowed_in_untrusted_chat_tool_ids=frozenset({"clock"}),
        users_may_allow_in_untrusted_chats=False,
        origins={"untrusted:clock": "corp (/etc/a.json)", "untrusted_chats": "lab (/etc/b.json)"},
    )
    page = open_page(qtbot, make_services(organization))

    clock, notes = untrusted_box(page, "clock"), untrusted_box(page, "notes")
    assert clock.isChecked()
    assert not clock.isEnabled()
    assert not notes.isChecked()
    assert not notes.isEnabled()
    assert row(page, "clock").untrusted.managed_text().endswith("corp (/etc/a.json)")
    assert row(page, "notes").untrusted.managed_text().endswith("lab (/etc/b.json)")
    marker = child(row(page, "notes"), QLabel, "UntrustedAllowanceManaged")
    assert marker.isVisible()
    assert marker.text() == "Managed by your organisation"


def test_page_leaves_the_allowance_to_the_user_when_the_organisation_allows_another_tool(
    qloop: QtAsyncio, qtbot: QtBot, make_services: Callable[..., Services]
):
    organization = OrganizationPolicy(allowed_in_untrusted_chat_tool_ids=frozenset({"clock"}))
    page = open_page(qtbot, make_services(organization))

    assert not untrusted_box(page, "clock").isEnabled()
    assert untrusted_box(page, "web_lookup").isEnabled()
    assert not row(page, "web_lookup").untrusted.is_managed()
    assert not child(row(page, "web_lookup"), QLabel, "UntrustedAllowanceManaged").isVisible()
