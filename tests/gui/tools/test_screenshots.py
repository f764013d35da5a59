"""Offscreen pictures of the tool selection and the settings dialog, for docs/screenshots.

The tests always render the pictures (so the compositions keep working); with
``STUDIO_UPDATE_SCREENSHOTS=1`` they also write ``docs/screenshots/tool-selection.png`` and
``docs/screenshots/tool-settings.png``.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QPixmap
from PySide6.QtWidgets import QFrame, QWidget
from pytestqt.qtbot import QtBot

from studio.config.organization import OrganizationPolicy
from studio.kernel.policy import ConfidenceLevel
from studio.services import Services
from studio.ui import theme
from studio.ui.tools.selection import ToolSelectionWidget
from studio.ui.tools.settings_dialog import ToolSettingsDialog
from tests.gui.conftest import QtAsyncio
from tests.support.gui_tools import make_provider

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support (raise|grabbing)")

_SCREENSHOTS = Path(__file__).resolve().parents[3] / "docs" / "screenshots"


def _save(picture: QPixmap, name: str, tmp_path: Path) -> None:
    assert not picture.isNull()
    folder = _SCREENSHOTS if os.environ.get("STUDIO_UPDATE_SCREENSHOTS") == "1" else tmp_path
    assert picture.save(str(folder / name))


def _light(widget: QWidget) -> None:
    widget.setPalette(theme.palette_for(Qt.ColorScheme.Light))


def test_screenshot_of_the_tool_selection(
    qloop: QtAsyncio, qtbot: QtBot, make_services: Callable[..., Services], tmp_path: Path
):
    services = make_services(OrganizationPolicy(disabled_tool_ids=frozenset({"web_lookup"})))
    definition = services.registry.definition("search_notes")
    assert definition is not None
    qloop.run(services.settings.save_values(definition, {"folder": "~/Notes"}))
    widget = ToolSelectionWidget(services.registry, services.settings)
    qtbot.add_widget(widget)
    _light(widget)
    widget.show()
    with qtbot.wait_signal(widget.refreshed, timeout=5000):
        widget.set_provider(make_provider(ConfidenceLevel.LOW))
    widget.set_selection(["notes"])
    popup = widget.findChild(QFrame, "ToolSelectionPopup")
    assert popup is not None
    _light(popup)

    widget.show_popup()

    _save(popup.grab(), "tool-selection.png", tmp_path)


def test_screenshot_of_the_settings_dialog(
    qloop: QtAsyncio, qtbot: QtBot, make_services: Callable[..., Services], tmp_path: Path
):
    organization = OrganizationPolicy(
        locked_tool_settings={"web_lookup.endpoint": "https://lookup.corp.example"},
        default_tool_settings={"web_lookup.language": "de-DE"},
    )
    services = make_services(organization)
    definition = services.registry.definition("web_lookup")
    assert definition is not None
    qloop.run(services.settings.save_values(definition, {"api_key": "key", "mode": "THOROUGH"}))
    dialog = ToolSettingsDialog(services.registry, services.settings, "web_lookup")
    qtbot.add_widget(dialog)
    _light(dialog)
    with qtbot.wait_signal(dialog.loaded, timeout=5000):
        dialog.open()

    _save(dialog.grab(), "tool-settings.png", tmp_path)
