"""Every "Managed by your organisation" marker names the policy its value came from.

The policies are real files read through ``STUDIO_POLICY_FILE``, as Studio reads them at start,
and the services get the result as their organisation; the markers' tooltips and accessible
descriptions must name the policy (its id and file) behind each decision.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

from PySide6.QtTest import QTest
from PySide6.QtWidgets import QCheckBox, QComboBox, QFrame, QLabel, QLineEdit, QWidget
from pytestqt.qtbot import QtBot

from studio.config.paths import StudioPaths
from studio.kernel.policy import ConfidenceLevel
from studio.services import Services
from studio.tools.settings import ValueSource
from studio.ui.settings.tools_page import ToolsSettingsPage
from studio.ui.tools.selection import ToolSelectionWidget
from studio.ui.tools.settings_dialog import ToolSettingsDialog
from tests.gui.conftest import PolicyFiles, QtAsyncio
from tests.support import gui_tools

W = TypeVar("W", bound=QWidget)

ORG_ENDPOINT = "https://lookup.corp.example"

BASE = {
    "id": "corp-base",
    "priority": 10,
    "settings": {
        "web_lookup.endpoint": {"value": ORG_ENDPOINT, "mode": "locked"},
        "web_lookup.mode": {"value": "FAST", "mode": "locked"},
        "web_lookup.language": {"value": "de-DE", "mode": "default"},
    },
}
TEAM = {
    "id": "team-research",
    "settings": {"web_lookup.max_results": {"value": 25, "mode": "locked"}},
}


TWO_POLICIES_SWITCHING_OFF = {
    "10-base.json": {"id": "corp-base", "disabled_tools": ["clock"]},
    "20-team.json": {"id": "team-research", "disabled_tools": ["count_notes"]},
}
"""One policy switches off a tool, another a member of a collection."""


def open_dialog(qtbot: QtBot, services: Services, entry_id: str = "web_lookup"):
    dialog = ToolSettingsDialog(services.registry, services.settings, entry_id)
    qtbot.add_widget(dialog)
    with qtbot.wait_signal(dialog.loaded, timeout=5000):
        dialog.open()
    return dialog


def open_page(qtbot: QtBot, services: Services) -> ToolsSettingsPage:
    page = ToolsSettingsPage(services.registry, services.settings)
    qtbot.add_widget(page)
    with qtbot.wait_signal(page.refreshed, timeout=5000):
        page.show()
    return page


def child(widget: QWidget, kind: type[W], name: str) -> W:
    found = widget.findChild(kind, name)
    assert found is not None, name
    return found


def row(page: ToolsSettingsPage, entry_id: str):
    found = page.row(entry_id)
    assert found is not None, entry_id
    return found


def label_of(policy_files: PolicyFiles, policy_id: str, name: str) -> str:
    return f"{policy_id} ({policy_files.place(name)})"


# -- The settings dialog -------------------------------------------------------------------------


def test_a_locked_fields_marker_names_the_policy_it_came_from(
    qloop: QtAsyncio,
    qtbot: QtBot,
    make_services: Callable[..., Services],
    policy_files: PolicyFiles,
):
    organization = policy_files.load({"10-base.json": BASE, "20-team.json": TEAM})
    dialog = open_dialog(qtbot, make_services(organization))

    base = f"Managed by your organisation: {label_of(policy_files, 'corp-base', '10-base.json')}"
    team = (
        f"Managed by your organisation: {label_of(policy_files, 'team-research', '20-team.json')}"
    )
    for key, expected in (
        ("web_lookup.endpoint", base),
        ("web_lookup.mode", base),
        ("web_lookup.max_results", team),
    ):
        marker = child(dialog, QLabel, f"{key}.managed")
        assert marker.text() == "Managed by your organisation"
        assert marker.toolTip() == expected, key
        assert marker.accessibleDescription() == expected, key
        editor = child(dialog, QWidget, key)
        assert editor.toolTip() == expected, key
        assert editor.accessibleDescription() == expected, key
    # The hint of a locked field offers no built-in default it could go back to.
    assert child(dialog, QLabel, "web_lookup.max_results.hint").text() == (
        "How many results one lookup returns. From 1 to 100."
    )
    # A default is no lock: no marker, and the field stays the user's to change.
    assert dialog.findChild(QLabel, "web_lookup.language.managed") is None
    assert child(dialog, QComboBox, "web_lookup.language").isEnabled()


def test_a_locked_field_cannot_be_edited_and_saving_keeps_the_organisations_value(
    qloop: QtAsyncio,
    qtbot: QtBot,
    make_services: Callable[..., Services],
    policy_files: PolicyFiles,
):
    services = make_services(policy_files.load({"10-base.json": BASE}))
    dialog = open_dialog(qtbot, services)
    endpoint = child(dialog, QLineEdit, "web_lookup.endpoint")
    mode = child(dialog, QComboBox, "web_lookup.mode")
    assert endpoint.text() == ORG_ENDPOINT
    assert not endpoint.isEnabled()
    assert mode.currentData() == "FAST"
    assert not mode.isEnabled()

    endpoint.setFocus()
    QTest.keyClicks(endpoint, "https://mine.example")
    QTest.keyClicks(mode, "T")
    assert endpoint.text() == ORG_ENDPOINT
    assert mode.currentData() == "FAST"
    QTest.keyClicks(child(dialog, QLineEdit, "web_lookup.api_key"), "sk-own-key")

    with qtbot.wait_signal(dialog.saved, timeout=5000):
        dialog.save()

    definition = services.registry.definition("web_lookup")
    assert definition is not None
    states = {s.name: s for s in qloop.run(services.settings.field_states(definition))}
    assert states["endpoint"].value == ORG_ENDPOINT
    assert states["endpoint"].source is ValueSource.ORGANIZATION_LOCKED
    saved = json.loads(services.paths.settings_file.read_text(encoding="utf-8"))
    assert "endpoint" not in saved["tools"]["values"].get("web_lookup", {})
    assert "mode" not in saved["tools"]["values"].get("web_lookup", {})


def test_a_value_edited_into_the_settings_file_shows_the_locked_value_instead(
    qloop: QtAsyncio, qtbot: QtBot, tmp_path: Path, policy_files: PolicyFiles
):
    settings_file = StudioPaths.for_basedir(tmp_path / "edited").settings_file
    settings_file.parent.mkdir(parents=True)
    own = {"endpoint": "https://mine.example", "mode": "THOROUGH"}
    settings_file.write_text(json.dumps({"tools": {"values": {"web_lookup": own}}}), "utf-8")
    organization = policy_files.load({"10-base.json": BASE})
    services = gui_tools.make_services(tmp_path / "edited", organization)

    dialog = open_dialog(qtbot, services)

    endpoint = child(dialog, QLineEdit, "web_lookup.endpoint")
    assert endpoint.text() == ORG_ENDPOINT
    assert not endpoint.isEnabled()
    mode = child(dialog, QComboBox, "web_lookup.mode")
    assert mode.currentData() == "FAST"
    assert not mode.isEnabled()
    assert not any("https://mine.example" in text for text in gui_tools.widget_texts(dialog))
    assert child(dialog, QLabel, "web_lookup.endpoint.managed").toolTip() == (
        f"Managed by your organisation: {label_of(policy_files, 'corp-base', '10-base.json')}"
    )
    # The user's own value stays in the file, for when the organisation stops managing it.
    kept = json.loads(settings_file.read_text(encoding="utf-8"))
    assert kept["tools"]["values"]["web_lookup"] == own
    assert services.settings.overridden_by_organization() == (
        "web_lookup.endpoint",
        "web_lookup.mode",
    )


# -- The tools page ------------------------------------------------------------------------------


def test_a_switched_off_tools_marker_names_the_policy_also_for_a_collections_member(
    qloop: QtAsyncio,
    qtbot: QtBot,
    make_services: Callable[..., Services],
    policy_files: PolicyFiles,
):
    organization = policy_files.load(TWO_POLICIES_SWITCHING_OFF)
    page = open_page(qtbot, make_services(organization))

    clock, notes = row(page, "clock"), row(page, "notes")
    assert clock.is_managed()
    assert notes.is_managed()
    base = label_of(policy_files, "corp-base", "10-base.json")
    team = label_of(policy_files, "team-research", "20-team.json")
    assert clock.switch_managed_text() == f"Managed by your organisation: {base}"
    assert notes.switch_managed_text() == f"Managed by your organisation: {team}"
    for entry, text in ((clock, base), (notes, team)):
        marker = child(entry, QLabel, "ToolEntryManaged")
        assert marker.text() == "Managed by your organisation"
        assert marker.toolTip() == f"Managed by your organisation: {text}"
        switch = child(entry, QCheckBox, "ToolEntrySwitch")
        assert switch.accessibleDescription() == f"Managed by your organisation: {text}"
        assert not switch.isEnabled()
    lookup = row(page, "web_lookup")
    assert not lookup.is_managed()
    assert lookup.switch_managed_text() == ""
    assert child(lookup, QCheckBox, "ToolEntrySwitch").toolTip() == ""


def test_a_locked_minimum_confidence_names_the_policy(
    qloop: QtAsyncio,
    qtbot: QtBot,
    make_services: Callable[..., Services],
    policy_files: PolicyFiles,
):
    organization = policy_files.load(
        {"10-base.json": {"id": "corp-base", "minimum_confidence": {"levels": {"clock": "HIGH"}}}}
    )
    page = open_page(qtbot, make_services(organization))

    clock = row(page, "clock")
    levels = child(clock, QComboBox, "ToolEntryConfidence")
    expected = (
        f"Managed by your organisation: {label_of(policy_files, 'corp-base', '10-base.json')}"
    )
    assert not levels.isEnabled()
    assert levels.currentText() == "high"
    assert clock.confidence_note() == "Managed by your organisation"
    assert clock.confidence_managed_text() == expected
    assert levels.toolTip() == expected
    assert levels.accessibleDescription() == expected
    lookup = row(page, "web_lookup")
    assert lookup.confidence_note() == ""
    assert child(lookup, QComboBox, "ToolEntryConfidence").toolTip() == (
        "The lowest provider confidence this tool runs with"
    )


def test_a_raisable_minimum_offers_only_the_levels_from_the_organisations_up(
    qloop: QtAsyncio,
    qtbot: QtBot,
    make_services: Callable[..., Services],
    policy_files: PolicyFiles,
):
    organization = policy_files.load(
        {
            "10-team.json": {
                "id": "team-research",
                "minimum_confidence": {"levels": {"clock": "MEDIUM"}, "users_may_raise": True},
            }
        }
    )
    services = make_services(organization)
    page = open_page(qtbot, services)
    clock = row(page, "clock")
    levels = child(clock, QComboBox, "ToolEntryConfidence")

    offered = [ConfidenceLevel(levels.itemData(i)) for i in range(levels.count())]
    assert offered == [level for level in ConfidenceLevel if level >= ConfidenceLevel.MEDIUM]
    assert levels.isEnabled()
    assert levels.currentText() == "medium"
    assert clock.confidence_note() == "Your organisation asks for at least medium"
    assert clock.confidence_managed_text() == (
        f"Managed by your organisation: {label_of(policy_files, 'team-research', '10-team.json')}"
    )

    with qtbot.wait_signal(page.refreshed, timeout=5000):
        levels.setCurrentIndex(levels.findData(int(ConfidenceLevel.HIGH)))
        levels.activated.emit(levels.currentIndex())

    assert services.settings.minimum_confidence(["clock"], ConfidenceLevel.NONE) is (
        ConfidenceLevel.HIGH
    )
    assert levels.currentText() == "high"
    assert levels.findData(int(ConfidenceLevel.LOW)) == -1
    # Other tools keep every level.
    other = child(row(page, "web_lookup"), QComboBox, "ToolEntryConfidence")
    assert other.count() == len(ConfidenceLevel)


def test_tool_calling_switched_off_marks_every_tool_with_the_policy(
    qloop: QtAsyncio,
    qtbot: QtBot,
    make_services: Callable[..., Services],
    policy_files: PolicyFiles,
):
    organization = policy_files.load({"10-base.json": {"id": "corp-base", "tools_enabled": False}})
    page = open_page(qtbot, make_services(organization))

    base = label_of(policy_files, "corp-base", "10-base.json")
    for entry_id in ("web_lookup", "notes", "clock", "recall"):
        entry = row(page, entry_id)
        assert entry.is_managed(), entry_id
        assert entry.switch_managed_text() == (
            f"Managed by your organisation: {base}\n"
            "Your organisation has switched tool calling off."
        )
        assert not child(entry, QCheckBox, "ToolEntrySwitch").isEnabled()


def test_a_broken_policy_marks_every_tool_and_names_the_broken_file(
    qloop: QtAsyncio,
    qtbot: QtBot,
    make_services: Callable[..., Services],
    policy_files: PolicyFiles,
):
    organization = policy_files.load(
        {"10-base.json": BASE, "20-broken.json": '{"id": "lab", "priority": "high"'}
    )
    assert organization.restricts_all_tools
    page = open_page(qtbot, make_services(organization))

    broken = policy_files.place("20-broken.json")
    for entry_id in ("web_lookup", "notes", "clock", "recall"):
        entry = row(page, entry_id)
        switch = child(entry, QCheckBox, "ToolEntrySwitch")
        assert entry.is_managed(), entry_id
        assert not switch.isChecked()
        assert not switch.isEnabled()
        assert entry.switch_managed_text() == (
            f"Managed by your organisation: {broken} could not be used, so every tool is "
            "switched off until it is fixed."
        )
        assert child(entry, QLabel, "ToolEntryManaged").toolTip() == entry.switch_managed_text()


def test_the_settings_dialog_of_a_switched_off_tool_names_the_policy(
    qloop: QtAsyncio,
    qtbot: QtBot,
    make_services: Callable[..., Services],
    policy_files: PolicyFiles,
):
    organization = policy_files.load(
        {"10-base.json": {"id": "corp-base", "disabled_tools": ["count_notes"]}}
    )
    dialog = open_dialog(qtbot, make_services(organization), "notes")

    warning = child(dialog, QLabel, "ToolSettingsWarning")
    expected = (
        f"Managed by your organisation: {label_of(policy_files, 'corp-base', '10-base.json')}"
    )
    assert warning.text().startswith("Your organisation has switched this tool off")
    assert warning.toolTip() == expected
    assert warning.accessibleDescription() == expected


# -- The tool selection --------------------------------------------------------------------------


def open_selection(qtbot: QtBot, services: Services) -> ToolSelectionWidget:
    widget = ToolSelectionWidget(services.registry, services.settings)
    qtbot.add_widget(widget)
    widget.show()
    with qtbot.wait_signal(widget.refreshed, timeout=5000):
        widget.set_provider(gui_tools.make_provider())
    return widget


def selection_reason(widget: ToolSelectionWidget, entry_id: str) -> str:
    for entry in widget.findChildren(QFrame, "ToolRow"):
        if entry.property("entry_id") == entry_id:
            reason = child(entry, QLabel, "ToolRowReason")
            assert entry.toolTip() == reason.text()
            assert not child(entry, QCheckBox, "ToolRowCheckBox").isEnabled()
            return reason.text()
    raise AssertionError(f"no row for {entry_id!r}")


def test_the_selection_names_the_policy_that_switched_a_tool_off_also_for_a_member(
    qloop: QtAsyncio,
    qtbot: QtBot,
    make_services: Callable[..., Services],
    policy_files: PolicyFiles,
):
    organization = policy_files.load(TWO_POLICIES_SWITCHING_OFF)
    widget = open_selection(qtbot, make_services(organization))

    base = label_of(policy_files, "corp-base", "10-base.json")
    team = label_of(policy_files, "team-research", "20-team.json")
    assert selection_reason(widget, "clock") == (
        f"Managed by your organisation: {base}\nYour organisation has switched this tool off."
    )
    assert selection_reason(widget, "notes") == (
        f"Managed by your organisation: {team}\nYour organisation has switched this tool off. "
        "Some required settings are missing (Notes folder). Set them up to use this tool."
    )


def test_the_selection_says_a_broken_policy_switched_every_tool_off(
    qloop: QtAsyncio,
    qtbot: QtBot,
    make_services: Callable[..., Services],
    policy_files: PolicyFiles,
):
    organization = policy_files.load(
        {"10-base.json": BASE, "20-broken.json": '{"id": "lab", "priority": "high"'}
    )
    widget = open_selection(qtbot, make_services(organization))

    broken = policy_files.place("20-broken.json")
    for entry_id in ("web_lookup", "notes", "clock"):
        assert selection_reason(widget, entry_id).startswith(
            f"Managed by your organisation: {broken} could not be used, so every tool is "
            "switched off until it is fixed.\nYour organisation has switched this tool off."
        ), entry_id
