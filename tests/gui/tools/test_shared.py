"""What the tool widgets share: following the tool settings while a widget exists."""

from __future__ import annotations

import gc
import weakref

import shiboken6
from PySide6.QtWidgets import QWidget
from pytestqt.qtbot import QtBot

from studio.kernel.definition import Component
from studio.ui.tools.settings_support import notify_on_change
from tests.gui.conftest import QtAsyncio


def test_notify_on_change_reaches_the_widget_after_each_change(
    qloop: QtAsyncio, qtbot: QtBot, services
):
    widget = QWidget()
    qtbot.add_widget(widget)
    notified: list[QWidget] = []
    notify_on_change(services.settings, widget, notified.append)

    qloop.run(services.settings.set_default_tool_ids(Component.CHAT, ["clock"]))
    qloop.run(services.settings.set_default_tool_ids(Component.CHAT, []))

    assert notified == [widget, widget]


def test_notify_on_change_skips_a_deleted_widget_and_does_not_keep_it(
    qloop: QtAsyncio, qtbot: QtBot, services
):
    deleted, dropped = QWidget(), QWidget()
    notified: list[QWidget] = []
    notify_on_change(services.settings, deleted, notified.append)
    notify_on_change(services.settings, dropped, notified.append)
    shiboken6.delete(deleted)
    ref = weakref.ref(dropped)
    del dropped
    gc.collect()

    qloop.run(services.settings.set_default_tool_ids(Component.CHAT, ["clock"]))

    assert ref() is None
    assert notified == []
