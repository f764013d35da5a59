"""The UI shows the chosen language, switches at runtime and sends every text through tr().

The catalogues are the shipped ``.qm`` files, found the way an installed app finds them. The
pseudo-locale test compiles a catalogue at test time that wraps every source text in ⟦…⟧;
any text left unwrapped in the windows it builds bypassed ``tr()`` or ``translate()``.
"""

from __future__ import annotations

import html
import os
import re
import shutil
import subprocess
import sys
import textwrap
import xml.etree.ElementTree as ET
from collections.abc import Callable, Iterator
from pathlib import Path

import keyring
import pytest
import shiboken6
from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtGui import Qt as GuiQt
from PySide6.QtWidgets import (
    QAbstractButton,
    QApplication,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QDockWidget,
    QGroupBox,
    QLabel,
    QLineEdit,
    QMainWindow,
    QMenu,
    QMessageBox,
    QPlainTextEdit,
    QTableView,
    QTabWidget,
    QTextEdit,
    QTreeView,
    QWidget,
)
from pytestqt.qtbot import QtBot

from studio.config.app_settings import AppSettingsService
from studio.config.paths import StudioPaths
from studio.config.profiles import ProviderType
from studio.config.providers import ProviderSettings
from studio.config.secrets import KeyringSecretStore
from studio.config.store import SettingsStore
from studio.errors import ConfigError
from studio.kernel.context import ProviderContext
from studio.kernel.definition import Component
from studio.kernel.policy import ConfidenceLevel, ModelCapability
from studio.services import Services
from studio.tools.registry import OfferBlockReason, OfferCheck, block_message
from studio.ui import i18n
from studio.ui.main_window import MainWindow
from studio.ui.onboarding.provider_setup import ProviderSetupDialog
from studio.ui.settings.language_page import LanguagePage
from studio.ui.tools.selection import ToolSelectionWidget
from studio.ui.tools.settings_dialog import ToolSettingsDialog
from tests.gui.conftest import QtAsyncio

ROOT = Path(__file__).resolve().parents[2]

ASSISTANTS = (
    Component.WEB_PAGE_SUMMARY_ASSISTANT,
    Component.TRANSLATION_ASSISTANT,
    Component.LEGAL_CHECK_ASSISTANT,
)


@pytest.fixture
def services(tmp_path: Path, qloop: QtAsyncio) -> Iterator[Services]:
    """The app's services with Studio's real built-in tools, on a profile under tmp_path."""
    opened = Services.open(
        StudioPaths.for_basedir(tmp_path / "profile"),
        secrets=KeyringSecretStore(keyring.get_keyring()),
    )
    yield opened
    qloop.run(opened.aclose())


@pytest.fixture
def make_window(services: Services, qloop: QtAsyncio) -> Iterator[Callable[[], MainWindow]]:
    windows: list[MainWindow] = []

    def make() -> MainWindow:
        window = MainWindow(services)
        windows.append(window)
        window.show()
        window.start()
        return window

    yield make
    for window in windows:
        qloop.run(window.shutdown())
        window.close()
        shiboken6.delete(window)


def deliver_language_change() -> None:
    # Installing a translator posts LanguageChange; Qt hands it to every widget when it runs.
    QCoreApplication.sendPostedEvents()
    QCoreApplication.processEvents()


def menu_texts(window: QMainWindow) -> list[str]:
    texts = []
    for action in window.menuBar().actions():
        texts.append(action.text())
        menu = action.menu()
        if isinstance(menu, QMenu):
            texts.extend(item.text() for item in menu.actions() if not item.isSeparator())
    return texts


def tool_provider() -> ProviderContext:
    """A provider whose model calls tools, trusted enough for the web tools but not all."""
    return ProviderContext(
        name="Local",
        confidence=ConfidenceLevel.LOW,
        capabilities=frozenset({ModelCapability.FUNCTION_CALLING, ModelCapability.RESPONSES_API}),
    )


# The language manager.


def test_the_english_catalogue_gives_english_plurals(
    languages: i18n.LanguageManager,
) -> None:
    assert languages.apply("en") == "en"

    one = QCoreApplication.translate("TracePill", "%n tool call(s)", None, 1)
    three = QCoreApplication.translate("TracePill", "%n tool call(s)", None, 3)

    assert (one, three) == ("1 tool call", "3 tool calls")


def test_german_installs_studios_and_qts_own_catalogue(languages: i18n.LanguageManager) -> None:
    assert languages.apply("de") == "de"

    assert QCoreApplication.translate("MainWindow", "&Quit") == "&Beenden"
    assert QCoreApplication.translate("TracePill", "%n tool call(s)", None, 2) == (
        "2 Werkzeugaufrufe"
    )
    # Qt's own texts (standard buttons) come from qtbase_de.qm.
    assert QCoreApplication.translate("QPlatformTheme", "Cancel") == "Abbrechen"


@pytest.mark.parametrize(
    ("language", "expected"),
    [
        ("de", "der gewählte Anbieter hat die Stufe „nicht vertrauenswürdig“."),
        ("fr", "le fournisseur choisi a le niveau « non fiable »."),
    ],
    ids=["german", "french"],
)
def test_a_confidence_block_reason_quotes_the_level_names(
    languages: i18n.LanguageManager, language: str, expected: str
) -> None:
    languages.apply(language)
    check = OfferCheck(
        entry_id="web_search",
        reasons=(OfferBlockReason.PROVIDER_CONFIDENCE_TOO_LOW,),
        required_confidence=ConfidenceLevel.HIGH,
        provider_confidence=ConfidenceLevel.UNTRUSTED,
    )

    assert block_message(check, i18n.translate).endswith(expected)


def test_an_unknown_choice_follows_the_system(languages: i18n.LanguageManager) -> None:
    language = languages.apply("xx")

    assert languages.choice == i18n.SYSTEM_DEFAULT
    assert language == i18n.system_language()


def test_switching_back_to_english_removes_the_german_texts(
    languages: i18n.LanguageManager,
) -> None:
    languages.apply("de")
    languages.apply("en")

    assert QCoreApplication.translate("MainWindow", "&Quit") == "&Quit"


def test_every_offered_language_ships_a_catalogue() -> None:
    for language in i18n.LANGUAGES:
        path = i18n.catalogue_file(language.code)
        assert path is not None, language.code
        assert path.is_file()
        assert path.parent == ROOT / "studio" / "translations"


def test_the_system_language_is_the_first_supported_ui_language() -> None:
    from PySide6.QtCore import QLocale

    assert i18n.system_language(QLocale("fr_CA")) == "fr"
    assert i18n.system_language(QLocale("ja_JP")) == "en"


def test_install_language_applies_the_stored_choice(
    qapp: QApplication, tmp_path: Path, qloop: QtAsyncio
) -> None:
    settings = AppSettingsService(SettingsStore(tmp_path / "settings.json"))
    qloop.run(settings.set_language("de"))
    stored = AppSettingsService(SettingsStore(tmp_path / "settings.json"))

    manager = i18n.install_language(qapp, stored)
    try:
        assert i18n.language_manager(qapp) is manager
        assert manager.language == "de"
        assert manager.choice == "de"
        assert QCoreApplication.translate("MainWindow", "&Quit") == "&Beenden"
    finally:
        manager.uninstall()
        manager.setParent(None)
        shiboken6.delete(manager)


@pytest.mark.parametrize(
    ("environment", "expected"),
    [
        ({"LANGUAGE": "de", "LANG": "de_DE.UTF-8"}, "&Beenden"),
        ({"LANGUAGE": "fr", "LANG": "fr_FR.UTF-8"}, "&Quitter"),
        ({"LANGUAGE": "ja", "LANG": "ja_JP.UTF-8"}, "&Quit"),
    ],
    ids=["de", "fr", "unsupported"],
)
def test_a_fresh_process_follows_the_os_language(
    environment: dict[str, str], expected: str
) -> None:
    # A new process, as the installed app starts: QLocale.system() reads the environment once.
    script = textwrap.dedent(
        """
        from PySide6.QtCore import QCoreApplication
        from PySide6.QtWidgets import QApplication
        from studio.ui import i18n

        app = QApplication([])
        i18n.install_language(app)
        print(QCoreApplication.translate("MainWindow", "&Quit"))
        """
    )
    clean = {key: value for key, value in os.environ.items() if not key.startswith("LC_")}
    result = subprocess.run(
        [sys.executable, "-c", script],
        capture_output=True,
        text=True,
        encoding="utf-8",
        timeout=60,
        env={**clean, "QT_QPA_PLATFORM": "offscreen", "PYTHONIOENCODING": "utf-8", **environment},
        check=False,
    )

    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == expected


# Switching at runtime.


def test_the_language_page_switches_and_stores_the_language(
    qtbot: QtBot, qapp: QApplication, tmp_path: Path, qloop: QtAsyncio
) -> None:
    settings = AppSettingsService(SettingsStore(tmp_path / "settings.json"))
    manager = i18n.install_language(qapp, settings)
    try:
        manager.apply("en")
        page = LanguagePage(manager)
        qtbot.addWidget(page)
        page.show()
        box = page.findChild(QGroupBox)
        assert box is not None
        assert box.title() == "Language"
        assert page.combo.itemText(0).startswith("System default (")

        with qtbot.wait_signal(page.language_stored, timeout=5000):
            page.combo.setCurrentIndex(page.combo.findData("de"))
            page.combo.activated.emit(page.combo.currentIndex())
        deliver_language_change()

        assert manager.language == "de"
        assert box.title() == "Sprache"
        assert page.combo.itemText(0).startswith("Systemstandard (")
        assert [page.combo.itemText(i) for i in range(1, page.combo.count())] == [
            "English",
            "Deutsch",
            "Français",
        ]
        assert AppSettingsService(SettingsStore(tmp_path / "settings.json")).language == "de"
    finally:
        manager.uninstall()
        manager.setParent(None)
        shiboken6.delete(manager)
        deliver_language_change()


def test_retranslate_on_language_change_calls_back(
    qtbot: QtBot, languages: i18n.LanguageManager
) -> None:
    label = QLabel()
    qtbot.addWidget(label)

    def retranslate() -> None:
        label.setText(QCoreApplication.translate("MainWindow", "&Quit"))

    i18n.retranslate_on_language_change(label, retranslate)
    retranslate()
    languages.apply("en")
    deliver_language_change()
    assert label.text() == "&Quit"

    languages.apply("de")
    deliver_language_change()

    assert label.text() == "&Beenden"


def test_the_main_window_built_after_the_switch_is_german(
    languages: i18n.LanguageManager, make_window: Callable[[], MainWindow]
) -> None:
    languages.apply("de")

    window = make_window()

    assert window.windowTitle() == "Studio"
    assert "&Beenden" in menu_texts(window)
    assert "&Ansicht" in menu_texts(window)
    button = window.tool_selection.findChild(QAbstractButton, "ToolSelectionButton")
    assert button is not None
    assert button.text() == "Werkzeuge"


def test_switching_at_runtime_translates_the_main_window(
    tmp_path: Path, languages: i18n.LanguageManager, make_window: Callable[[], MainWindow]
) -> None:
    languages.apply("en")
    window = make_window()
    edit = window.message_box.findChild(QPlainTextEdit, "MessageEdit")
    assert edit is not None
    assert "&Quit" in menu_texts(window)

    languages.apply("de")
    deliver_language_change()

    assert "&Beenden" in menu_texts(window)
    assert "&Ansicht" in menu_texts(window)
    # The assistants' entries are their titles, each with an access key of its own.
    assert {"&Webseite zusammenfassen…", "&Text übersetzen…", "&Rechtstext prüfen…"} <= set(
        menu_texts(window)
    )
    assert edit.placeholderText() == "Richten Sie einen Anbieter ein, um zu chatten."
    # "Studio" is "Studio" in German too; a pseudo catalogue shows that the title follows.
    assert window.windowTitle() == "Studio"
    languages.install_catalogue(pseudo_catalogue(tmp_path))
    deliver_language_change()
    assert window.windowTitle() == "⟦Studio⟧"


def test_switching_at_runtime_translates_the_tool_selection(
    qtbot: QtBot, languages: i18n.LanguageManager, services: Services
) -> None:
    languages.apply("en")
    selection = ToolSelectionWidget(services.registry, services.settings)
    qtbot.addWidget(selection)
    with qtbot.wait_signal(selection.refreshed, timeout=5000):
        selection.set_provider(tool_provider())
    button = selection.findChild(QAbstractButton, "ToolSelectionButton")
    assert button is not None
    assert button.text() == "Tools"

    languages.apply("de")
    deliver_language_change()

    assert button.text() == "Werkzeuge"


def test_switching_at_runtime_translates_the_settings_dialog(
    qtbot: QtBot, languages: i18n.LanguageManager, services: Services
) -> None:
    languages.apply("en")
    dialog = ToolSettingsDialog(services.registry, services.settings, "web_search")
    qtbot.addWidget(dialog)
    with qtbot.wait_signal(dialog.loaded, timeout=5000):
        dialog.open()
    assert dialog.windowTitle() == "Tool settings: Web search"

    languages.apply("de")
    deliver_language_change()

    assert dialog.windowTitle() == "Werkzeugeinstellungen: Websuche"


def test_the_settings_dialog_opened_in_german_is_german(
    qtbot: QtBot, languages: i18n.LanguageManager, services: Services
) -> None:
    languages.apply("de")

    dialog = ToolSettingsDialog(services.registry, services.settings, "web_search")
    qtbot.addWidget(dialog)
    with qtbot.wait_signal(dialog.loaded, timeout=5000):
        dialog.open()

    assert dialog.windowTitle() == "Werkzeugeinstellungen: Websuche"
    texts = visible_texts([dialog])
    assert "SearXNG-Adresse" in {text.rstrip(":* ") for _, text in texts}


# The pseudo-locale: every text the user sees must come through a catalogue.

OPEN, CLOSE = "⟦", "⟧"
WRAPPED = re.compile(f"{OPEN}[^{OPEN}{CLOSE}]*{CLOSE}")
# What may show unwrapped: punctuation, digits, separators and markup left around wrapped texts.
RESIDUE = re.compile(r"[\s\W\d_]*")


def pseudo_catalogue(folder: Path) -> Path:
    """Compile a catalogue that wraps every source text of studio_en.ts in ⟦…⟧."""
    tree = ET.parse(ROOT / "translations" / "studio_en.ts")
    root = tree.getroot()
    # English plural rules: two forms, both wrapped.
    root.set("language", "en")
    for message in root.iter("message"):
        source = message.findtext("source", "")
        translation = message.find("translation")
        assert translation is not None
        for child in list(translation):
            translation.remove(child)
        translation.attrib.pop("type", None)
        if message.get("numerus") == "yes":
            translation.text = None
            for _ in range(2):
                ET.SubElement(translation, "numerusform").text = f"{OPEN}{source}{CLOSE}"
        else:
            translation.text = f"{OPEN}{source}{CLOSE}"
    catalogue = folder / "studio_pseudo.ts"
    tree.write(catalogue, encoding="utf-8", xml_declaration=True)
    compiled = folder / "studio_pseudo.qm"
    lrelease = Path(sys.executable).with_name("pyside6-lrelease")
    tool = str(lrelease) if lrelease.is_file() else shutil.which("pyside6-lrelease")
    assert tool, "pyside6-lrelease is part of PySide6-Essentials"
    subprocess.run([tool, "-silent", str(catalogue), "-qm", str(compiled)], check=True, timeout=60)
    return compiled


def plain(text: str) -> str:
    """``text`` without markup, entities and mnemonics."""
    if GuiQt.mightBeRichText(text):
        text = re.sub(r"<[^>]+>", " ", text)
    return html.unescape(text).replace("&&", "").replace("&", "")


def is_data(text: str, data: set[str]) -> bool:
    """Texts that are not UI texts: ids, names, addresses and other values."""
    stripped = text.strip()
    return (
        stripped in data
        or re.fullmatch(r"[a-z0-9_.:/-]+", stripped) is not None
        or stripped.startswith(("http://", "https://"))
    )


def untranslated(text: str, data: set[str]) -> bool:
    text = plain(text)
    while WRAPPED.search(text):
        text = WRAPPED.sub(" ", text)
    rest = " ".join(part for part in re.split(r"\s{2,}|\n", text) if not is_data(part, data))
    return RESIDUE.fullmatch(rest) is None


def own_texts(widget: QWidget) -> Iterator[str]:
    """The texts a widget of a kind that holds texts shows as its contents."""
    if isinstance(widget, QLabel):
        yield widget.text()
    elif isinstance(widget, QAbstractButton):
        box = widget.parent()
        # Standard buttons come from Qt's own catalogue (qtbase_<lang>.qm).
        if not (
            isinstance(box, QDialogButtonBox)
            and box.standardButton(widget) != QDialogButtonBox.StandardButton.NoButton
        ):
            yield widget.text()
    elif isinstance(widget, QGroupBox):
        yield widget.title()
    elif isinstance(widget, QLineEdit | QPlainTextEdit | QTextEdit):
        yield widget.placeholderText()
    elif isinstance(widget, QComboBox):
        yield from (widget.itemText(index) for index in range(widget.count()))
    elif isinstance(widget, QTabWidget):
        yield from (widget.tabText(index) for index in range(widget.count()))
    elif isinstance(widget, QTableView | QTreeView):
        yield from header_texts(widget)


def header_texts(view: QTableView | QTreeView) -> Iterator[str]:
    header = view.horizontalHeader() if isinstance(view, QTableView) else view.header()
    if view.model() is None or header.isHidden():
        return
    for section in range(header.count()):
        value = view.model().headerData(
            section, Qt.Orientation.Horizontal, Qt.ItemDataRole.DisplayRole
        )
        if isinstance(value, str):
            yield value


def widget_texts(widget: QWidget) -> Iterator[str]:
    """The texts ``widget`` itself shows: its contents, title, items, placeholder and tooltip."""
    yield widget.toolTip()
    if widget.isWindow() or isinstance(widget, QDockWidget):
        yield widget.windowTitle()
    yield from own_texts(widget)
    if isinstance(widget, QMainWindow):
        yield from menu_texts(widget)


def visible_texts(roots: list[QWidget]) -> list[tuple[str, str]]:
    """(where, text) for every non-empty text of the visible widgets under ``roots``."""
    found: list[tuple[str, str]] = []
    for root in roots:
        for widget in [root, *root.findChildren(QWidget)]:
            if not widget.isVisible():
                continue
            where = f"{type(widget).__name__}#{widget.objectName()}"
            found.extend((where, text) for text in widget_texts(widget) if text.strip())
    return found


# The offscreen platform cannot raise the tool popup or let it grab the keyboard, and says so.
@pytest.mark.qt_log_ignore("This plugin does not support (raise|grabbing)")
def test_every_visible_text_comes_from_a_catalogue(
    qtbot: QtBot,
    tmp_path: Path,
    languages: i18n.LanguageManager,
    services: Services,
    make_window: Callable[[], MainWindow],
) -> None:
    languages.apply("en")
    languages.install_catalogue(pseudo_catalogue(tmp_path))
    texts: list[tuple[str, str]] = []
    # The main window, with the provider setup a first start opens over it.
    window = make_window()
    qtbot.wait_until(lambda: len(QApplication.topLevelWidgets()) > 1)
    window.trace_log_action.trigger()
    texts += visible_texts([window])
    for dialog in window.findChildren(QDialog):
        dialog.close()
    # The tool selection's popup, its rows checked against a provider.
    with qtbot.wait_signal(window.tool_selection.refreshed, timeout=5000):
        window.tool_selection.set_provider(tool_provider())
    window.tool_selection.show_popup()
    popups = [w for w in QApplication.topLevelWidgets() if w.isVisible() and w is not window]
    assert popups
    texts += visible_texts(popups)
    window.tool_selection.hide_popup()
    # A tool's settings dialog and the language page.
    dialog = ToolSettingsDialog(services.registry, services.settings, "web_search", window)
    with qtbot.wait_signal(dialog.loaded, timeout=5000):
        dialog.open()
    texts += visible_texts([dialog])
    dialog.close()
    # Every page of the settings window, as Chat > Settings opens it.
    settings = window.open_settings()
    for settings_page in settings.pages():
        settings.show_page(settings_page)
        texts += visible_texts([settings])
    settings.close()
    # The assistants, each in its own window.
    for component in ASSISTANTS:
        assistant = window.assistants_menu.open_assistant(component)
        texts += visible_texts([assistant])
        assistant.close()
    data = {language.name for language in i18n.LANGUAGES} | {"Local"}

    bypassing = sorted({(where, text) for where, text in texts if untranslated(text, data)})

    assert len(texts) > 100
    shown = {text for _, text in texts}
    for settings_text in ("Providers", "Default tools", "Copy answer", "Legal text"):
        assert f"⟦{settings_text}⟧" in shown, settings_text
    assert bypassing == []


# Switching at runtime reaches every text of the tool selection and of an open settings dialog.


def popup_of(selection: ToolSelectionWidget) -> QWidget:
    popup = selection.findChild(QWidget, "ToolSelectionPopup")
    assert popup is not None
    return popup


def label_texts(root: QWidget, name: str) -> list[str]:
    return [label.text() for label in root.findChildren(QLabel, name) if label.isVisible()]


@pytest.mark.qt_log_ignore("This plugin does not support (raise|grabbing)")
def test_switching_at_runtime_translates_every_text_of_the_tool_selection(
    qtbot: QtBot, tmp_path: Path, languages: i18n.LanguageManager, services: Services
) -> None:
    languages.apply("en")
    selection = ToolSelectionWidget(services.registry, services.settings)
    qtbot.addWidget(selection)
    selection.show()
    with qtbot.wait_signal(selection.refreshed, timeout=5000):
        selection.set_provider(tool_provider())
    selection.show_popup()
    popup = popup_of(selection)
    english_names = label_texts(popup, "ToolRowName")
    english_reasons = label_texts(popup, "ToolRowReason")
    assert "Web search" in english_names
    assert english_reasons

    languages.apply("de")
    deliver_language_change()

    names = label_texts(popup, "ToolRowName")
    assert "Websuche" in names
    assert len(names) == len(english_names)
    assert set(names).isdisjoint({"Web search", "Read web page"})
    reasons = label_texts(popup, "ToolRowReason")
    assert len(reasons) == len(english_reasons)
    assert set(reasons).isdisjoint(english_reasons)
    buttons = popup.findChildren(QAbstractButton, "ToolRowSettingsButton")
    assert buttons
    assert {button.text() for button in buttons} == {"Einstellungen"}
    # And nothing is left behind: every visible text follows a catalogue installed now.
    languages.install_catalogue(pseudo_catalogue(tmp_path))
    deliver_language_change()
    texts = visible_texts([selection, popup])
    assert len(texts) > 10
    assert [(where, text) for where, text in texts if untranslated(text, {"Local"})] == []


def test_switching_at_runtime_translates_every_text_of_the_settings_dialog(
    qtbot: QtBot, tmp_path: Path, languages: i18n.LanguageManager, services: Services
) -> None:
    languages.apply("en")
    dialog = ToolSettingsDialog(services.registry, services.settings, "web_search")
    qtbot.addWidget(dialog)
    with qtbot.wait_signal(dialog.loaded, timeout=5000):
        dialog.open()
    not_set = [combo for combo in dialog.findChildren(QComboBox) if combo.itemText(0) == "Not set"]
    assert not_set

    languages.apply("de")
    deliver_language_change()

    assert dialog.windowTitle() == "Werkzeugeinstellungen: Websuche"
    assert "SearXNG-Adresse" in {text.rstrip(":* ") for _, text in visible_texts([dialog])}
    german_not_set = QCoreApplication.translate("FieldEditor", "Not set")
    assert german_not_set != "Not set"
    assert {combo.itemText(0) for combo in not_set} == {german_not_set}
    # And nothing is left behind: every visible text follows a catalogue installed now.
    languages.install_catalogue(pseudo_catalogue(tmp_path))
    deliver_language_change()
    texts = visible_texts([dialog])
    assert len(texts) > 20
    assert [(where, text) for where, text in texts if untranslated(text, set())] == []


# Core errors and notices show in the UI language.


def compiled_catalogue(folder: Path, messages: dict[tuple[str, str], str]) -> Path:
    """A German catalogue with just ``messages`` ((context, source) → translation).

    The shipped catalogues gain the texts of new core messages when they are next refreshed;
    this one shows meanwhile that the UI takes them through translation where it shows them.
    """
    root = ET.Element("TS", version="2.1", language="de", sourcelanguage="en")
    for (context, source), translation in messages.items():
        element = ET.SubElement(root, "context")
        ET.SubElement(element, "name").text = context
        message = ET.SubElement(element, "message")
        ET.SubElement(message, "source").text = source
        ET.SubElement(message, "translation").text = translation
    catalogue = folder / "studio_messages.ts"
    ET.ElementTree(root).write(catalogue, encoding="utf-8", xml_declaration=True)
    compiled = folder / "studio_messages.qm"
    lrelease = Path(sys.executable).with_name("pyside6-lrelease")
    tool = str(lrelease) if lrelease.is_file() else shutil.which("pyside6-lrelease")
    assert tool, "pyside6-lrelease is part of PySide6-Essentials"
    subprocess.run([tool, "-silent", str(catalogue), "-qm", str(compiled)], check=True, timeout=60)
    return compiled


def test_a_startup_notice_shows_in_the_ui_language(
    qtbot: QtBot,
    tmp_path: Path,
    languages: i18n.LanguageManager,
    make_window: Callable[[], MainWindow],
) -> None:
    settings_file = tmp_path / "broken" / "settings.json"
    settings_file.parent.mkdir()
    settings_file.write_bytes(b"[]")
    notice = SettingsStore(settings_file).load().notice
    assert notice is not None
    [kept] = settings_file.parent.glob("settings.json.unreadable-*")
    languages.apply("de")
    languages.install_catalogue(
        compiled_catalogue(
            tmp_path,
            {
                ("SettingsStore", str(notice.template)): (
                    "Ihre Einstellungsdatei konnte nicht als Einstellungen gelesen werden "
                    "({reason}). Studio hat mit den Standardeinstellungen begonnen und die "
                    "Originaldatei als {kept!r} behalten."
                ),
                ("SettingsStore", "the file does not hold a JSON object"): (
                    "die Datei enthält kein JSON-Objekt"
                ),
            },
        )
    )
    window = make_window()

    window.show_startup_notice(notice)

    box = window.findChild(QMessageBox, "StartupNotice")
    assert box is not None
    assert box.text() == (
        "Ihre Einstellungsdatei konnte nicht als Einstellungen gelesen werden (die Datei enthält "
        "kein JSON-Objekt). Studio hat mit den Standardeinstellungen begonnen und die "
        f"Originaldatei als {str(kept)!r} behalten."
    )
    # The notice itself stays English, for the log.
    assert notice.startswith("Your settings file could not be read")


def test_a_refused_provider_setting_is_named_in_the_ui_language(
    qtbot: QtBot, tmp_path: Path, languages: i18n.LanguageManager, services: Services
) -> None:
    with pytest.raises(ConfigError) as refused:
        ProviderSettings.from_user(
            name="Local", type="vllm", model="m", base_url="ftp://host", confidence="HIGH"
        )
    template = refused.value.template
    assert template is not None
    languages.apply("de")
    languages.install_catalogue(
        compiled_catalogue(
            tmp_path,
            {
                (template.context, str(template)): (
                    "Die Basis-URL {url!r} ist ungültig: Geben Sie eine absolute http://- oder "
                    "https://-Adresse an, etwa https://api.example.com/v1."
                )
            },
        )
    )
    dialog = ProviderSetupDialog(services.providers, first_start=False)
    qtbot.addWidget(dialog)
    dialog.open()
    dialog.set_type(ProviderType.VLLM)
    for name, value in {
        "ProviderName": "Local",
        "ProviderModel": "m",
        "ProviderBaseUrl": "ftp://host",
    }.items():
        field = dialog.findChild(QLineEdit, name)
        assert field is not None, name
        field.setText(value)
    confidence = dialog.findChild(QComboBox, "ProviderConfidence")
    assert confidence is not None
    confidence.setCurrentIndex(confidence.findData(ConfidenceLevel.HIGH))
    add = dialog.findChild(QAbstractButton, "AddButton")
    assert add is not None

    add.click()

    assert dialog.error_text() == (
        "Die Basis-URL 'ftp://host' ist ungültig: Geben Sie eine absolute http://- oder "
        "https://-Adresse an, etwa https://api.example.com/v1."
    )
    # Back in English, the problem shown follows.
    languages.apply("en")
    deliver_language_change()
    assert dialog.error_text() == str(refused.value)
