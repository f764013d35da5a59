"""The assistants end to end: opened from the main window's menu, run against the fake provider.

Each test opens a profile with the app's own :class:`Services` and drives the windows as a user
would. Answers come from the fake provider's HTTP server, so the real adapters, the tool calling
loop and the run controller run underneath; the web page summary reads its page from a threaded
server on ``127.0.0.1``, which only the user-typed policy may reach. With
``STUDIO_UPDATE_SCREENSHOTS=1`` the summary's picture is also written to
``docs/screenshots/assistant-web-summary.png``.
"""

from __future__ import annotations

import dataclasses
import gc
import os
from collections.abc import Iterator, Sequence
from pathlib import Path

import keyring
import pytest
import shiboken6
from pydantic import SecretStr
from PySide6.QtCore import Qt
from PySide6.QtGui import QGuiApplication
from PySide6.QtTest import QTest
from PySide6.QtWidgets import (
    QApplication,
    QComboBox,
    QFrame,
    QLineEdit,
    QPlainTextEdit,
    QPushButton,
)
from pytestqt.qtbot import QtBot

from studio.assistants import builtin_assistants
from studio.assistants.legal_check import LegalCheckAssistant
from studio.chats.store import ChatStore
from studio.config.paths import StudioPaths
from studio.config.profiles import ProviderType
from studio.config.providers import ProviderSettings
from studio.config.secrets import KeyringSecretStore
from studio.kernel.definition import Component
from studio.kernel.result import Source, SourceOrigin
from studio.kernel.translatable import TranslatableText
from studio.services import Services
from studio.tools.implementation import ToolImplementation
from studio.ui import theme
from studio.ui.assistants import menu as menu_module
from studio.ui.assistants.window import AssistantWindow
from studio.ui.chat.answer_card import AnswerCard
from studio.ui.main_window import MainWindow
from studio.ui.tools.selection import ToolSelectionWidget
from tests.gui.conftest import QtAsyncio
from tests.support import fake_provider as fake
from tests.support.json_server import JsonServer, ScriptedAnswer
from tests.support.tools import EchoTool
from tests.support.web_pages import INJECTION, LOREM, article

fake_provider = fake.fake_provider

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support (raise|grabbing)")

SUMMARY = Component.WEB_PAGE_SUMMARY_ASSISTANT
TRANSLATION = Component.TRANSLATION_ASSISTANT
LEGAL = Component.LEGAL_CHECK_ASSISTANT

_SCREENSHOT = Path(__file__).resolve().parents[3] / "docs" / "screenshots"

PAGE = article(
    "Tides explained",
    [LOREM, "The moon pulls the oceans twice a day; the sun adds a smaller pull.", LOREM],
    description="Why the sea rises and falls.",
    authors=["Ada Lovelace"],
)


@pytest.fixture(autouse=True)
def _qt_objects_die_on_the_main_thread() -> Iterator[None]:
    # As in the main window's tests: the garbage collector must not run on a worker thread.
    yield
    gc.collect()


class Profile:
    """A profile's services and main window, opened and closed as the app does."""

    def __init__(self, path: Path, qloop: QtAsyncio) -> None:
        self.path = path
        self.qloop = qloop
        self.opened: list[tuple[MainWindow, Services]] = []

    def window(
        self,
        provider_url: str | None,
        *,
        tools: Sequence[ToolImplementation] | None = (),
        confidence: str = "HIGH",
        name: str = "Fake",
        model: str = "gpt-test",
    ) -> MainWindow:
        services = Services.open(
            StudioPaths.for_basedir(self.path),
            implementations=tools,
            secrets=KeyringSecretStore(keyring.get_keyring()),
        )
        if provider_url is not None:
            settings = ProviderSettings.from_user(
                name=name,
                type=ProviderType.OPENAI_CHAT,
                base_url=f"{provider_url}/v1",
                model=model,
                confidence=confidence,
            )
            self.qloop.run(services.providers.add(settings, SecretStr("sk-assistants")))
        window = MainWindow(services)
        window.show()
        self.opened.append((window, services))
        return window

    def close_all(self) -> None:
        for window, services in self.opened:
            self.qloop.run(window.shutdown())
            self.qloop.run(services.aclose())
            window.close()
            shiboken6.delete(window)
        self.opened = []


@pytest.fixture
def profile(tmp_path: Path, qloop: QtAsyncio) -> Iterator[Profile]:
    opened = Profile(tmp_path / "profile", qloop)
    yield opened
    opened.close_all()


@pytest.fixture
def pages() -> Iterator[JsonServer]:
    with JsonServer() as server:
        server.route(
            "/tides",
            ScriptedAnswer(body=PAGE.encode("utf-8"), content_type="text/html; charset=utf-8"),
        )
        yield server


def open_assistant(window: MainWindow, component: Component) -> AssistantWindow:
    window.assistants_menu.action_for(component).trigger()
    assistant = window.assistants_menu.window_for(component)
    assert assistant is not None
    return assistant


def type_into(assistant: AssistantWindow, name: str, text: str) -> None:
    widget = assistant.form.input(name)
    if isinstance(widget, QComboBox):
        widget.setCurrentIndex(widget.findData(text))
        return
    assert isinstance(widget, QLineEdit | QPlainTextEdit)
    widget.clear()
    QTest.keyClicks(widget, text)


def click(assistant: AssistantWindow, name: str) -> None:
    button = assistant.findChild(QPushButton, name)
    assert button is not None
    QTest.mouseClick(button, Qt.MouseButton.LeftButton)


def run(qtbot: QtBot, assistant: AssistantWindow) -> AnswerCard:
    click(assistant, "RunButton")
    card = assistant.conversation.last_answer()
    assert card is not None
    return card


def wait_for_answer(qtbot: QtBot, assistant: AssistantWindow, card: AnswerCard) -> None:
    qtbot.wait_until(lambda: not assistant.is_running(), timeout=10_000)
    qtbot.wait_until(lambda: card.rendered_text() == card.text())


def test_each_assistant_opens_from_the_menu_once(profile: Profile) -> None:
    window = profile.window(None)
    menu = window.assistants_menu

    assert menu.title() == "&Assistants"
    assert menu in [action.menu() for action in window.menuBar().actions()]
    titles = []
    for component in (SUMMARY, TRANSLATION, LEGAL):
        assistant = open_assistant(window, component)
        assert assistant.isVisible()
        assert assistant.isWindow()
        titles.append(assistant.windowTitle())
        assert open_assistant(window, component) is assistant
    assert titles == [
        "Summarise a web page — Studio",
        "Translate a text — Studio",
        "Check a legal text — Studio",
    ]
    assert [action.text() for action in menu.actions()] == [
        "&Summarise a web page…",
        "&Translate a text…",
        "&Check a legal text…",
    ]


def test_the_menu_names_each_assistant_by_its_title_with_its_own_access_key(
    profile: Profile, monkeypatch: pytest.MonkeyPatch
) -> None:
    class TermsAssistant(LegalCheckAssistant):
        title = TranslatableText("TermsAssistant", "Terms & conditions")

    # An assistant whose title takes the access keys of the others and has an ampersand.
    monkeypatch.setattr(
        menu_module, "builtin_assistants", lambda: (*builtin_assistants()[:2], TermsAssistant())
    )
    menu = profile.window(None).assistants_menu

    texts = [action.text() for action in menu.actions()]

    assert texts == ["&Summarise a web page…", "&Translate a text…", "Terms && &conditions…"]
    assert [text.replace("&", "") for text in texts[:2]] == [
        f"{assistant.title}…" for assistant in builtin_assistants()[:2]
    ]


def test_translation_streams_the_answer_without_tools_and_keeps_no_chat(
    qtbot: QtBot, profile: Profile, fake_provider: fake.FakeProviderServer, tmp_path: Path
) -> None:
    window = profile.window(fake_provider.url, tools=[EchoTool()])
    services = profile.opened[0][1]
    profile.qloop.run(services.settings.set_default_tool_ids(TRANSLATION, ["echo"]))
    assistant = open_assistant(window, TRANSLATION)
    fake_provider.enqueue(fake.chat_turn(["Good ", "**morning**."]).slowed(0.05))

    assert assistant.tool_selection is None
    assert assistant.findChildren(ToolSelectionWidget) == []
    type_into(assistant, "text", "Guten Morgen.")
    type_into(assistant, "tone", "formal")
    card = run(qtbot, assistant)

    assert assistant.is_running()
    qtbot.wait_until(lambda: card.rendered_text().startswith("Good"))
    wait_for_answer(qtbot, assistant, card)
    assert card.text() == "Good **morning**."
    assert "**" not in card.body().toPlainText()
    assert card.notice() == ""
    request = fake_provider.last_request.json
    assert "tools" not in request
    assert "Translate the following text into English." in request["messages"][-1]["content"]
    assert "Guten Morgen." in request["messages"][-1]["content"]
    assert request["messages"][0]["role"] == "system"
    # The run is kept in no chat: the history stays empty and the main window shows nothing.
    assert profile.qloop.run(services.chats.call(ChatStore.list_chats)) == ()
    assert window.conversation.cards() == []
    assert assistant.grab().save(str(tmp_path / "assistant-translation.png"))
    # The answer can be copied.
    copy = assistant.findChild(QPushButton, "CopyButton")
    assert copy is not None
    assert copy.isEnabled()
    QTest.mouseClick(copy, Qt.MouseButton.LeftButton)
    assert QGuiApplication.clipboard().text() == "Good **morning**."


def test_an_incomplete_form_shows_its_problems_and_sends_nothing(
    qtbot: QtBot, profile: Profile, fake_provider: fake.FakeProviderServer
) -> None:
    window = profile.window(fake_provider.url)
    assistant = open_assistant(window, SUMMARY)

    type_into(assistant, "address", "example.org/news")
    click(assistant, "RunButton")

    assert assistant.form.problem("address") == (
        "Enter a complete address that starts with http:// or https://."
    )
    assert not assistant.is_running()
    assert assistant.conversation.cards() == []
    assert fake_provider.requests == []


def test_summary_of_a_loopback_page_shows_the_page_as_a_source(
    qtbot: QtBot, profile: Profile, fake_provider: fake.FakeProviderServer, pages: JsonServer
) -> None:
    window = profile.window(fake_provider.url, tools=None)
    services = profile.opened[0][1]
    profile.qloop.run(services.settings.set_default_tool_ids(SUMMARY, ["read_web_page"]))
    assistant = open_assistant(window, SUMMARY)
    assert assistant.tool_selection is not None
    assert assistant.tool_selection.component() is SUMMARY
    assert assistant.tool_selection.selection() == ("read_web_page",)
    url = f"{pages.url}/tides"
    summary = [
        "The page explains **tides**.\n\n",
        "- The moon pulls the oceans twice a day.\n",
        "- The sun adds a smaller pull, so spring tides are higher.\n",
    ]
    fake_provider.enqueue(fake.chat_turn(summary))

    type_into(assistant, "address", url)
    type_into(assistant, "focus", "what causes them")
    type_into(assistant, "length", "short")
    card = run(qtbot, assistant)
    wait_for_answer(qtbot, assistant, card)

    assert card.text() == "".join(summary)
    assert card.sources_list().sources() == (
        Source(title="Tides explained", url=url, origin=SourceOrigin.TOOL),
    )
    assert card.sources_badge().text() == "Sources (1)"
    message = fake_provider.last_request.json["messages"][-1]["content"]
    assert message.startswith(f"Summarise the web page at {url}.")
    assert "Focus on: what causes them" in message
    assert "the sun adds a smaller pull" in message
    # The summary's default tools are offered: read_web_page may read the page again.
    tools = fake_provider.last_request.json.get("tools", [])
    assert [tool["function"]["name"] for tool in tools] == ["read_web_page"]


def test_summary_of_a_page_that_cannot_be_read_says_why_without_asking_the_model(
    qtbot: QtBot, profile: Profile, fake_provider: fake.FakeProviderServer, pages: JsonServer
) -> None:
    pages.route("/gone", ScriptedAnswer(status=404, body=b"gone", content_type="text/plain"))
    window = profile.window(fake_provider.url)
    assistant = open_assistant(window, SUMMARY)

    type_into(assistant, "address", f"{pages.url}/gone")
    card = run(qtbot, assistant)
    qtbot.wait_until(lambda: not assistant.is_running(), timeout=5000)

    assert card.notice() == "The web server answered with HTTP status 404."
    assert fake_provider.requests == []


def test_summary_for_a_less_trusted_provider_refuses_a_page_from_this_computer(
    qtbot: QtBot, profile: Profile, fake_provider: fake.FakeProviderServer, pages: JsonServer
) -> None:
    window = profile.window(fake_provider.url, confidence="MEDIUM")
    assistant = open_assistant(window, SUMMARY)

    type_into(assistant, "address", f"{pages.url}/tides")
    card = run(qtbot, assistant)
    qtbot.wait_until(lambda: not assistant.is_running(), timeout=5000)

    assert "confidence HIGH or higher" in card.notice()
    assert fake_provider.requests == []


def test_legal_check_lists_no_web_search_while_the_chat_does(
    qtbot: QtBot, profile: Profile, fake_provider: fake.FakeProviderServer, tmp_path: Path
) -> None:
    window = profile.window(fake_provider.url, tools=None)
    assistant = open_assistant(window, LEGAL)
    selection = assistant.tool_selection
    assert selection is not None
    assert selection.component() is LEGAL

    qtbot.wait_until(lambda: _rows(selection) != [], timeout=5000)
    qtbot.wait_until(lambda: _rows(window.tool_selection) != [], timeout=5000)

    assert "web_search" not in _rows(selection)
    assert "read_web_page" in _rows(selection)
    assert "web_search" in _rows(window.tool_selection)
    selection.set_selection(["web_search", "read_web_page"])
    fake_provider.enqueue(fake.chat_turn(["Clause 3 is unusual."]))
    type_into(assistant, "text", "§ 3 The provider may change the price at any time.")
    card = run(qtbot, assistant)
    wait_for_answer(qtbot, assistant, card)

    selection.show_popup()
    popup = selection.findChild(QFrame, "ToolSelectionPopup")
    assert popup is not None
    assert assistant.grab().save(str(tmp_path / "assistant-legal-check.png"))
    assert popup.grab().save(str(tmp_path / "assistant-legal-check-tools.png"))
    selection.hide_popup()
    request = fake_provider.last_request.json
    names = [tool["function"]["name"] for tool in request.get("tools", [])]
    assert "web_search" not in names
    assert request["messages"][-1]["content"].startswith(
        LegalCheckAssistant()
        .user_message({"text": "x", "check": "unfair_clauses", "jurisdiction": ""})
        .split("\n", 1)[0]
    )


def test_stop_and_closing_the_window_cancel_the_run(
    qtbot: QtBot, profile: Profile, fake_provider: fake.FakeProviderServer
) -> None:
    window = profile.window(fake_provider.url)
    assistant = open_assistant(window, TRANSLATION)
    words = [f"word{number} " for number in range(40)]
    fake_provider.enqueue(fake.chat_turn(words).slowed(0.1), fake.chat_turn(words).slowed(0.1))
    type_into(assistant, "text", "Ein langer Text.")

    card = run(qtbot, assistant)
    qtbot.wait_until(lambda: card.text().startswith("word0"), timeout=5000)
    click(assistant, "StopButton")
    assert not assistant.is_running()
    assert card.notice() == "Stopped. The answer may be incomplete."

    card = run(qtbot, assistant)
    qtbot.wait_until(lambda: card.text().startswith("word0"), timeout=5000)
    assistant.close()
    assert not assistant.isVisible()
    assert not assistant.is_running()
    assert card.notice() == "Stopped. The answer may be incomplete."
    qtbot.wait_until(lambda: all(e.outcome is not None for e in fake_provider.exchanges))
    # Opened again, the window still holds the form as it was.
    assert open_assistant(window, TRANSLATION) is assistant
    assert assistant.form.values()["text"] == "Ein langer Text."


def _rows(selection: ToolSelectionWidget) -> list[str]:
    popup = selection.findChild(QFrame, "ToolSelectionPopup")
    assert popup is not None
    return [
        str(row.property("entry_id"))
        for row in popup.findChildren(QFrame, "ToolRow")
        if shiboken6.isValid(row) and row.parent() is not None and row.isVisibleTo(popup)
    ]


_TIDES_SUMMARY = """\
A short explainer on a science site about why the sea rises and falls twice a day.

## What causes tides

- **The moon** pulls the ocean on the near side of the Earth towards it; on the far side the \
water lags behind, so two bulges form.
- **The sun** adds a pull about half as strong. When sun and moon line up, at new and full \
moon, the pulls add up to *spring tides*; at half moon they partly cancel into *neap tides*.

## Why the times shift

The moon moves along its orbit while the Earth turns, so high water comes about 50 minutes \
later each day.

The page does not say how coastlines and the depth of the sea change the height of a tide.
"""


def test_screenshot_of_the_web_page_summary(
    qtbot: QtBot,
    profile: Profile,
    fake_provider: fake.FakeProviderServer,
    pages: JsonServer,
    tmp_path: Path,
) -> None:
    window = profile.window(fake_provider.url, tools=None, name="OpenAI", model="gpt-4.1")
    services = profile.opened[0][1]
    profile.qloop.run(services.settings.set_default_tool_ids(SUMMARY, ["read_web_page"]))
    assistant = open_assistant(window, SUMMARY)
    assistant.setPalette(theme.palette_for(Qt.ColorScheme.Light))
    assistant.resize(1120, 560)
    fake_provider.enqueue(fake.chat_turn([f"{line}\n" for line in _TIDES_SUMMARY.split("\n")]))

    type_into(assistant, "address", f"{pages.url}/tides")
    type_into(assistant, "focus", "what causes them")
    card = run(qtbot, assistant)
    wait_for_answer(qtbot, assistant, card)
    QTest.mouseClick(card.sources_badge(), Qt.MouseButton.LeftButton)
    QApplication.processEvents()

    picture = assistant.grab()
    assert not picture.isNull()
    assert picture.save(str(tmp_path / "assistant-web-summary.png"))
    if os.environ.get("STUDIO_UPDATE_SCREENSHOTS") == "1":
        assert picture.save(str(_SCREENSHOT / "assistant-web-summary.png"))


def test_esc_while_the_page_is_read_cancels_before_the_model_is_asked(
    qtbot: QtBot, profile: Profile, fake_provider: fake.FakeProviderServer, pages: JsonServer
) -> None:
    pages.route("/slow", dataclasses.replace(ScriptedAnswer.html(PAGE), delay=5.0))
    window = profile.window(fake_provider.url)
    assistant = open_assistant(window, SUMMARY)
    qtbot.wait_until(lambda: QApplication.activeWindow() is assistant)
    address = assistant.form.input("address")
    assert isinstance(address, QLineEdit)

    type_into(assistant, "address", f"{pages.url}/slow")
    QTest.keyClick(address, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)
    card = assistant.conversation.last_answer()
    assert card is not None

    assert assistant.is_running()
    assert card.status_line().message() == "Reading the page…"
    assert address.isReadOnly()
    QTest.keyClick(address, Qt.Key.Key_Escape)
    assert not assistant.is_running()
    assert not card.status_line().is_busy()
    assert card.notice() == "Stopped. The answer may be incomplete."
    assert fake_provider.requests == []


def test_what_the_guard_removed_from_the_page_shows_under_the_summary(
    qtbot: QtBot, profile: Profile, fake_provider: fake.FakeProviderServer, pages: JsonServer
) -> None:
    evil = article("Offers", [LOREM, f"Great deals. {INJECTION}", LOREM])
    pages.route("/offers", ScriptedAnswer.html(evil))
    window = profile.window(fake_provider.url)
    assistant = open_assistant(window, SUMMARY)
    fake_provider.enqueue(fake.chat_turn(["A page of offers."]))

    type_into(assistant, "address", f"{pages.url}/offers")
    card = run(qtbot, assistant)
    wait_for_answer(qtbot, assistant, card)

    assert f"{pages.url}/offers" in card.guard_notice()
    assert INJECTION not in fake_provider.last_request.json["messages"][-1]["content"]
