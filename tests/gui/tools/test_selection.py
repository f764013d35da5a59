"""The tool selection below the message field: rows, reasons, toggling and normalisation."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QCheckBox, QFrame, QLabel, QScrollArea, QToolButton
from pytestqt.qtbot import QtBot

from studio.config.organization import OrganizationPolicy
from studio.kernel.context import ProviderContext
from studio.kernel.definition import Component
from studio.kernel.policy import ConfidenceLevel
from studio.services import Services
from studio.ui import i18n
from studio.ui.tools.selection import ToolSelectionWidget
from tests.gui.conftest import QtAsyncio
from tests.support.gui_tools import make_provider

# The offscreen platform cannot raise a popup or let it grab the keyboard, and says so.
pytestmark = pytest.mark.qt_log_ignore("This plugin does not support (raise|grabbing)")

EVERY_REASON = (
    "Your organisation has switched this tool off. "
    "Some required settings are missing (Endpoint, API key). Set them up to use this tool. "
    "This tool needs a provider with confidence high or higher; the selected provider has low."
)


def make_selection(
    qtbot: QtBot, services: Services, provider: ProviderContext | None = None
) -> ToolSelectionWidget:
    """A selection widget checked against ``provider``, shown, with its first check done."""
    widget = ToolSelectionWidget(services.registry, services.settings)
    qtbot.add_widget(widget)
    widget.show()
    with qtbot.wait_signal(widget.refreshed, timeout=5000):
        widget.set_provider(provider if provider is not None else make_provider())
    return widget


def row_of(widget: ToolSelectionWidget, entry_id: str) -> QFrame:
    for row in widget.findChildren(QFrame, "ToolRow"):
        if row.property("entry_id") == entry_id:
            return row
    raise AssertionError(f"no row for {entry_id!r}")


def reason_of(row: QFrame) -> str:
    label = row.findChild(QLabel, "ToolRowReason")
    assert label is not None
    return label.text() if not label.isHidden() else ""


def checkbox_of(row: QFrame) -> QCheckBox:
    box = row.findChild(QCheckBox, "ToolRowCheckBox")
    assert box is not None
    return box


def test_selection_lists_one_row_per_catalog_entry(qloop: QtAsyncio, qtbot: QtBot, services):
    widget = make_selection(qtbot, services)

    ids = [row.property("entry_id") for row in widget.findChildren(QFrame, "ToolRow")]

    # The collection is one row; the context tool is never selectable.
    assert ids == ["web_lookup", "notes", "clock"]


def test_selection_disables_a_row_with_every_reason_joined(
    qloop: QtAsyncio, qtbot: QtBot, make_services: Callable[..., Services]
):
    services = make_services(OrganizationPolicy(disabled_tool_ids=frozenset({"web_lookup"})))
    widget = make_selection(qtbot, services, make_provider(ConfidenceLevel.LOW))
    row = row_of(widget, "web_lookup")

    assert reason_of(row) == EVERY_REASON
    assert row.toolTip() == EVERY_REASON
    assert not checkbox_of(row).isEnabled()
    with qtbot.assert_not_emitted(widget.selection_changed):
        QTest.mouseClick(row, Qt.MouseButton.LeftButton)
    assert widget.selection() == ()


def test_selection_row_toggles_on_a_click_anywhere_in_it(qloop: QtAsyncio, qtbot: QtBot, services):
    widget = make_selection(qtbot, services)
    widget.show_popup()
    row = row_of(widget, "clock")
    description = row.findChild(QLabel, "ToolRowDescription")
    assert description is not None
    assert reason_of(row) == ""

    with qtbot.wait_signal(widget.selection_changed) as selected:
        QTest.mouseClick(description, Qt.MouseButton.LeftButton)
    assert selected.args == [["clock"]]
    assert checkbox_of(row).isChecked()

    with qtbot.wait_signal(widget.selection_changed) as cleared:
        QTest.mouseClick(row, Qt.MouseButton.LeftButton)
    assert cleared.args == [[]]
    assert not checkbox_of(row).isChecked()


def test_selection_checkbox_toggles_once(qloop: QtAsyncio, qtbot: QtBot, services):
    widget = make_selection(qtbot, services)
    widget.show_popup()
    box = checkbox_of(row_of(widget, "clock"))

    with qtbot.wait_signal(widget.selection_changed) as selected:
        QTest.mouseClick(box, Qt.MouseButton.LeftButton)

    assert selected.args == [["clock"]]
    assert box.isChecked()


def test_selection_normalises_a_member_to_its_collection(qloop: QtAsyncio, qtbot: QtBot, services):
    widget = make_selection(qtbot, services)

    with qtbot.wait_signal(widget.selection_changed) as changed:
        widget.set_selection(["search_notes", "clock", "count_notes", "recall"])

    assert changed.args == [["notes", "clock"]]
    assert widget.selection() == ("notes", "clock")
    assert checkbox_of(row_of(widget, "notes")).isChecked()
    button = widget.findChild(QToolButton, "ToolSelectionButton")
    assert button is not None
    assert button.text() == "Tools (2)"


def test_selection_button_says_why_a_model_cannot_use_tools(
    qloop: QtAsyncio, qtbot: QtBot, services
):
    widget = make_selection(qtbot, services)
    button = widget.findChild(QToolButton, "ToolSelectionButton")
    assert button is not None
    assert button.text() == "Tools"
    assert button.toolTip() == "Select tools"

    with qtbot.wait_signal(widget.refreshed):
        widget.set_provider(make_provider(can_use_tools=False))

    assert button.toolTip() == "The selected model cannot call tools."
    assert reason_of(row_of(widget, "clock")) == "The selected model cannot call tools."


def test_selection_without_a_provider_blocks_every_row(qloop: QtAsyncio, qtbot: QtBot, services):
    widget = make_selection(qtbot, services)

    with qtbot.wait_signal(widget.refreshed):
        widget.set_provider(None)

    assert not checkbox_of(row_of(widget, "clock")).isEnabled()
    note = widget.findChild(QLabel, "ToolSelectionNote")
    assert note is not None
    assert note.text() == "Choose a model to use tools."


def test_selection_freezes_while_an_answer_runs(qloop: QtAsyncio, qtbot: QtBot, services):
    widget = make_selection(qtbot, services)
    row = row_of(widget, "clock")

    widget.set_running(True)
    with qtbot.assert_not_emitted(widget.selection_changed):
        QTest.mouseClick(row, Qt.MouseButton.LeftButton)
    note = widget.findChild(QLabel, "ToolSelectionNote")
    assert note is not None
    assert not note.isHidden()

    widget.set_running(False)
    with qtbot.wait_signal(widget.selection_changed):
        QTest.mouseClick(row, Qt.MouseButton.LeftButton)
    assert note.isHidden()


def test_selection_settings_button_asks_for_the_entrys_settings(
    qloop: QtAsyncio, qtbot: QtBot, services
):
    widget = make_selection(qtbot, services)
    button = row_of(widget, "notes").findChild(QToolButton, "ToolRowSettingsButton")
    assert button is not None

    with (
        qtbot.assert_not_emitted(widget.selection_changed),
        qtbot.wait_signal(widget.settings_requested) as requested,
    ):
        QTest.mouseClick(button, Qt.MouseButton.LeftButton)

    assert requested.args == ["notes"]


def test_selection_refreshes_when_settings_change(qloop: QtAsyncio, qtbot: QtBot, services):
    widget = make_selection(qtbot, services)
    row = row_of(widget, "web_lookup")
    assert reason_of(row).startswith("Some required settings are missing")
    definition = services.registry.definition("web_lookup")
    assert definition is not None

    with qtbot.wait_signal(widget.refreshed, timeout=5000):
        qloop.run(
            services.settings.save_values(
                definition, {"endpoint": "https://lookup.example", "api_key": "key-1"}
            )
        )

    assert reason_of(row) == ""
    assert checkbox_of(row).isEnabled()


def test_selection_lists_the_tools_of_its_component(qloop: QtAsyncio, qtbot: QtBot, services):
    widget = make_selection(qtbot, services)

    with qtbot.wait_signal(widget.refreshed):
        widget.set_component(Component.TRANSLATION_ASSISTANT)

    assert widget.component() is Component.TRANSLATION_ASSISTANT
    assert len(widget.findChildren(QFrame, "ToolRow")) == 3


def test_selection_newer_refresh_cancels_the_older(qloop: QtAsyncio, qtbot: QtBot, services):
    widget = make_selection(qtbot, services)

    widget.refresh()
    (first,) = [t for t in qloop.pending_tasks() if t.get_name() == "tool-selection-refresh"]
    with qtbot.wait_signal(widget.refreshed):
        widget.refresh()

    assert first.cancelled()


def test_selection_close_waits_for_its_refresh(qloop: QtAsyncio, qtbot: QtBot, services):
    widget = make_selection(qtbot, services)
    widget.refresh()

    qloop.run(widget.aclose())

    assert not [t for t in qloop.pending_tasks() if t.get_name() == "tool-selection-refresh"]


def rows_fit(scroll: QScrollArea) -> bool:
    rows = scroll.widget()
    assert rows is not None
    return rows.height() <= scroll.viewport().height()


def test_selection_popup_fits_its_rows_on_every_opening(
    qloop: QtAsyncio, qtbot: QtBot, services, tmp_path
):
    widget = make_selection(qtbot, services, make_provider(ConfidenceLevel.LOW))
    popup = widget.findChild(QFrame, "ToolSelectionPopup")
    assert popup is not None
    scroll = popup.findChild(QScrollArea)
    assert scroll is not None
    heights = []
    for _ in range(3):
        widget.show_popup()
        heights.append(popup.height())
        popup.grab().save(str(tmp_path / f"popup-{len(heights)}.png"))
        # Every row shows whole: nothing to scroll.
        assert not scroll.verticalScrollBar().isVisible()
        assert rows_fit(scroll)
        widget.hide_popup()
    assert len(set(heights)) == 1


def test_selection_popup_fits_its_rows_after_a_language_change(
    qloop: QtAsyncio, qtbot: QtBot, services, languages: i18n.LanguageManager, tmp_path
):
    widget = make_selection(qtbot, services, make_provider(ConfidenceLevel.LOW))
    popup = widget.findChild(QFrame, "ToolSelectionPopup")
    assert popup is not None
    scroll = popup.findChild(QScrollArea)
    assert scroll is not None
    widget.show_popup()
    english = popup.height()
    widget.hide_popup()

    for language in ("de", "en"):
        languages.apply(language)
        QCoreApplication.sendPostedEvents()
        widget.show_popup()
        popup.grab().save(str(tmp_path / f"popup-{language}.png"))
        assert len(widget.findChildren(QFrame, "ToolRow")) == 3
        assert not scroll.verticalScrollBar().isVisible()
        assert rows_fit(scroll)
        widget.hide_popup()
    assert popup.height() == english
