"""Every window and dialog, in German and in French: no label, button or choice cuts its text.

Translations run longer than English, and a text cut at its widget's edge ("Dieser Ch") reads
as a defect. Each window is rendered offscreen at the size the app gives it, in the language
installed the way the app installs it, and every visible QLabel, button and combo box item is
measured with the widget's own font metrics, which is what the user sees; so the check holds
whatever fonts the machine has. A word-wrapped label fits when its height suffices.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import keyring
import pytest
import shiboken6
from PySide6.QtCore import QCoreApplication, QSize
from PySide6.QtGui import QTextDocument
from PySide6.QtWidgets import (
    QAbstractButton,
    QCheckBox,
    QComboBox,
    QLabel,
    QPushButton,
    QRadioButton,
    QStyle,
    QStyleOptionButton,
    QStyleOptionComboBox,
    QToolButton,
    QWidget,
)
from pytestqt.qtbot import QtBot

from studio.config.paths import StudioPaths
from studio.config.secrets import KeyringSecretStore
from studio.kernel.definition import Component
from studio.services import Services
from studio.ui import i18n
from studio.ui.main_window import MainWindow
from studio.ui.settings.window import SettingsPage
from studio.ui.tools.selection import ToolSelectionWidget
from studio.ui.tools.settings_dialog import ToolSettingsDialog
from tests.gui.conftest import QtAsyncio

_LANGUAGES = ("de", "fr")

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support (raise|grabbing|propagate)")


def _without_mnemonics(text: str) -> str:
    return text.replace("&&", "\0").replace("&", "").replace("\0", "&")


def _plain(label: QLabel) -> str:
    text = label.text()
    if label.textFormat().name != "PlainText" and ("<" in text and ">" in text):
        document = QTextDocument()
        document.setHtml(text)
        return document.toPlainText()
    return _without_mnemonics(text) if label.buddy() is not None else text


def _label_problem(label: QLabel) -> str | None:
    if not label.text() or (label.pixmap() is not None and not label.pixmap().isNull()):
        return None
    rect = label.contentsRect()
    room = rect.width() - 2 * label.margin() - max(0, label.indent())
    if label.wordWrap():
        if label.heightForWidth(label.width()) > label.height():
            return f"needs {label.heightForWidth(label.width())}px height, has {label.height()}"
        return None
    metrics = label.fontMetrics()
    lines = _plain(label).splitlines() or [""]
    wide = max(metrics.horizontalAdvance(line) for line in lines)
    if wide > room:
        return f"needs {wide}px, has {room}"
    tall = metrics.lineSpacing() * len(lines)
    if tall > rect.height() + metrics.leading() + 1:
        return f"needs {tall}px height, has {rect.height()}"
    return None


def _paints_itself(button: QAbstractButton) -> bool:
    """A button whose class draws it; the style's content rects say nothing about it."""
    for cls in type(button).__mro__:
        if cls in (QPushButton, QToolButton, QCheckBox, QRadioButton, QAbstractButton):
            return False
        if "paintEvent" in cls.__dict__:
            return True
    return False


def _button_problem(button: QAbstractButton) -> str | None:
    text = _without_mnemonics(button.text())
    if not text:
        return None
    advance = button.fontMetrics().horizontalAdvance(text)
    if _paints_itself(button) or isinstance(button, QToolButton):
        hint = button.sizeHint().width()
        return f"needs {hint}px, has {button.width()}" if button.width() < hint else None
    option = QStyleOptionButton()
    option.initFrom(button)
    option.text = button.text()
    option.icon = button.icon()
    option.iconSize = button.iconSize()
    element = QStyle.SubElement.SE_PushButtonContents
    if isinstance(button, QCheckBox):
        element = QStyle.SubElement.SE_CheckBoxContents
    elif isinstance(button, QRadioButton):
        element = QStyle.SubElement.SE_RadioButtonContents
    room = button.style().subElementRect(element, option, button).width()
    if not button.icon().isNull():
        room -= button.iconSize().width() + 4
    return f"needs {advance}px, has {room}" if advance > room else None


def _combo_problems(combo: QComboBox) -> list[str]:
    option = QStyleOptionComboBox()
    option.initFrom(combo)
    option.editable = combo.isEditable()
    field = combo.style().subControlRect(
        QStyle.ComplexControl.CC_ComboBox, option, QStyle.SubControl.SC_ComboBoxEditField, combo
    )
    metrics = combo.fontMetrics()
    problems = []
    for index in range(combo.count()):
        text = combo.itemText(index)
        room = field.width()
        if not combo.itemIcon(index).isNull():
            room -= combo.iconSize().width() + 4
        advance = metrics.horizontalAdvance(text)
        if advance > room:
            problems.append(f"item {text!r} needs {advance}px, has {room}")
    return problems


def clipped_texts(top: QWidget) -> list[str]:
    """Every visible text in ``top`` that does not fit its widget, described."""
    found = []
    widgets = [top, *top.findChildren(QWidget)]
    for widget in widgets:
        if not widget.isVisible() or widget.width() <= 0:
            continue
        name = f"{type(widget).__name__}({widget.objectName()!r})"
        if isinstance(widget, QLabel):
            problem = _label_problem(widget)
            if problem:
                found.append(f"{name} {widget.text()!r}: {problem}")
        elif isinstance(widget, QAbstractButton):
            problem = _button_problem(widget)
            if problem:
                found.append(f"{name} {widget.text()!r}: {problem}")
        elif isinstance(widget, QComboBox):
            found.extend(f"{name} {problem}" for problem in _combo_problems(widget))
    return found


@pytest.fixture
def services(tmp_path: Path, qloop: QtAsyncio) -> Iterator[Services]:
    opened = Services.open(
        StudioPaths.for_basedir(tmp_path / "profile"),
        secrets=KeyringSecretStore(keyring.get_keyring()),
    )
    yield opened
    qloop.run(opened.aclose())


@pytest.fixture(params=_LANGUAGES)
def language(request: pytest.FixtureRequest, languages: i18n.LanguageManager) -> str:
    code: str = request.param
    languages.apply(code)
    QCoreApplication.sendPostedEvents()
    return code


@pytest.fixture
def window(
    services: Services, qloop: QtAsyncio, qtbot: QtBot, language: str
) -> Iterator[MainWindow]:
    # The app installs the language with the manager the language fixture made.
    made = MainWindow(services)
    made.show()
    made.start()
    qtbot.wait_until(lambda: made.isVisible())
    qtbot.wait(50)
    yield made
    qloop.run(made.shutdown())
    made.close()
    shiboken6.delete(made)


def _settle(qtbot: QtBot, widget: QWidget) -> None:
    widget.show()
    qtbot.wait_until(widget.isVisible)
    qtbot.wait(50)


def _assert_fits(widget: QWidget, what: str) -> None:
    clipped = clipped_texts(widget)
    assert not clipped, f"{what}:\n" + "\n".join(clipped)


def test_the_main_window_fits_its_texts(qtbot: QtBot, window: MainWindow) -> None:
    _settle(qtbot, window)
    _assert_fits(window, "main window")


def test_the_refused_calls_log_fits_its_texts(qtbot: QtBot, window: MainWindow) -> None:
    window.trace_log_action.trigger()
    _settle(qtbot, window.trace_log)
    _assert_fits(window.trace_log, "refused calls log")


@pytest.mark.parametrize("code", _LANGUAGES)
def test_the_refused_calls_log_fits_its_texts_after_a_switch_and_when_narrow(
    qtbot: QtBot, services: Services, qloop: QtAsyncio, languages: i18n.LanguageManager, code: str
) -> None:
    languages.apply("en")
    QCoreApplication.sendPostedEvents()
    made = MainWindow(services)
    made.show()
    made.start()
    try:
        made.trace_log_action.trigger()
        _settle(qtbot, made.trace_log)
        languages.apply(code)
        QCoreApplication.sendPostedEvents()
        qtbot.wait(50)
        _assert_fits(made.trace_log, "refused calls log after the switch")
        made.resize(640, made.height())
        qtbot.wait(50)
        _assert_fits(made.trace_log, "refused calls log, narrow")
    finally:
        qloop.run(made.shutdown())
        made.close()
        shiboken6.delete(made)


@pytest.mark.parametrize("page", list(SettingsPage), ids=lambda page: page.value)
def test_each_settings_page_fits_its_texts(
    qtbot: QtBot,
    window: MainWindow,
    page: SettingsPage,
    language: str,
    request: pytest.FixtureRequest,
) -> None:
    settings = window.open_settings(page)
    _settle(qtbot, settings)
    _assert_fits(settings, f"settings, {page.value}")
    settings.close()


def test_the_provider_setup_fits_its_texts(qtbot: QtBot, window: MainWindow) -> None:
    dialog = window.open_provider_setup()
    _settle(qtbot, dialog)
    _assert_fits(dialog, "provider setup")
    dialog.close()


def test_the_tool_selection_popup_fits_its_texts(qtbot: QtBot, window: MainWindow) -> None:
    selection = window.findChild(ToolSelectionWidget)
    assert selection is not None
    qtbot.wait_until(lambda: bool(selection.findChildren(QAbstractButton)))
    selection.show_popup()
    popups = [w for w in selection.findChildren(QWidget) if w.isWindow() and w.isVisible()]
    assert popups
    qtbot.wait(50)
    for popup in popups:
        _assert_fits(popup, "tool selection popup")
    selection.hide_popup()


@pytest.mark.parametrize("tool_id", ["web_search", "read_web_page"])
def test_the_tool_settings_dialog_fits_its_texts(
    qtbot: QtBot, services: Services, window: MainWindow, tool_id: str
) -> None:
    dialog = ToolSettingsDialog(services.registry, services.settings, tool_id, window)
    _settle(qtbot, dialog)
    _assert_fits(dialog, f"tool settings, {tool_id}")
    dialog.close()


@pytest.mark.parametrize(
    "component",
    [
        Component.WEB_PAGE_SUMMARY_ASSISTANT,
        Component.TRANSLATION_ASSISTANT,
        Component.LEGAL_CHECK_ASSISTANT,
    ],
    ids=lambda component: component.value.lower(),
)
def test_each_assistant_window_fits_its_texts(
    qtbot: QtBot, window: MainWindow, component: Component
) -> None:
    action = window.assistants_menu.action_for(component)
    action.trigger()
    assistant = window.assistants_menu.window_for(component)
    assert assistant is not None
    _settle(qtbot, assistant)
    _assert_fits(assistant, f"assistant {component.value}")


def test_the_check_finds_a_cut_text(qtbot: QtBot) -> None:
    """The measurement itself: a label, a button and a choice too narrow for their texts."""
    top = QWidget()
    qtbot.addWidget(top)
    label = QLabel("Blockiert und fehlgeschlagen", top)
    button = QPushButton("Blockiert und fehlgeschlagen", top)
    combo = QComboBox(top)
    combo.addItems(["Dieser Chat", "Alle Chats"])
    for widget in (label, button, combo):
        widget.setFixedSize(QSize(60, 30))
    top.show()
    qtbot.wait_until(top.isVisible)

    assert len(clipped_texts(top)) == 4
    for widget in (label, button, combo):
        widget.setFixedSize(QSize(600, 30))
    assert clipped_texts(top) == []
