"""An answer cannot carry the chat out: it loads nothing it names, and its links show their way.

Images, style sheets and backgrounds an answer names are pointed at a real HTTP server on
loopback that counts requests; it must see none, neither when the answer is drawn nor after a
palette change draws it again. Links whose address did not appear in the chat show that address,
for a stored chat read from a real database and for a run against the fake provider alike.
"""

from __future__ import annotations

import base64
import gc
import threading
import urllib.request
from collections.abc import Iterator
from datetime import UTC, datetime
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest
import shiboken6
from PySide6.QtCore import Qt, QUrl
from PySide6.QtGui import QPalette, QTextDocument
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from studio.chats.models import StoredMessage
from studio.chats.store import ChatStore
from studio.harness.turn import TurnRequest
from studio.kernel.context import ChatContext
from studio.kernel.definition import Component
from studio.services import Services
from studio.ui import theme
from studio.ui.chat.answer_card import AnswerCard
from studio.ui.chat.conversation import ConversationView
from studio.ui.chat.links import KnownAddresses
from studio.ui.chat.markdown import MarkdownView
from studio.ui.chat.run_controller import RunController, RunRequest
from tests.gui.conftest import QtAsyncio
from tests.support import fake_provider as fake
from tests.support.browser import Browser, caught_links
from tests.support.tools import SearchTool

fake_provider = fake.fake_provider

PNG = base64.b64decode(
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=="
)


class _CountingServer:
    """An HTTP server on 127.0.0.1 that answers every request with a tiny image and counts."""

    def __init__(self) -> None:
        self.paths: list[str] = []
        paths = self.paths

        class Handler(BaseHTTPRequestHandler):
            def do_GET(self) -> None:
                paths.append(self.path)
                self.send_response(200)
                self.send_header("Content-Type", "image/png")
                self.send_header("Content-Length", str(len(PNG)))
                self.end_headers()
                self.wfile.write(PNG)

            def log_message(self, format: str, *args: object) -> None:
                pass

        self._server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self._server.server_port}"
        self._thread = threading.Thread(target=self._server.serve_forever, daemon=True)
        self._thread.start()

    def close(self) -> None:
        self._server.shutdown()
        self._server.server_close()
        self._thread.join()


@pytest.fixture
def server() -> Iterator[_CountingServer]:
    made = _CountingServer()
    yield made
    made.close()


@pytest.fixture
def browser() -> Iterator[Browser]:
    with caught_links("http", "https", "file", "mailto") as receiver:
        yield receiver


def _view(qtbot: QtBot, known: tuple[str, ...] = ()) -> MarkdownView:
    view = MarkdownView()
    qtbot.addWidget(view)
    view.set_known_addresses(lambda: KnownAddresses.of(known))
    view.resize(600, 200)
    view.show()
    qtbot.wait_exposed(view)
    return view


def _draw(view: MarkdownView) -> None:
    # Layout and painting are what ask a document for its images.
    QApplication.processEvents()
    view.grab()
    QApplication.processEvents()


def _images_left(view: MarkdownView) -> int:
    count = 0
    block = view.document().begin()
    while block.isValid():
        iterator = block.begin()
        while not iterator.atEnd():
            count += iterator.fragment().charFormat().isImageFormat()
            iterator += 1
        block = block.next()
    return count


def _hostile_markdown(url: str, image_file: Path) -> str:
    return (
        f'Chart: ![the chart]({url}/inline.png?q=secret "Title")\n\n'
        f"By reference: ![logo][logo]\n\n"
        f"[logo]: {url}/reference.png\n\n"
        f'Raw: <img src="{url}/raw.png" alt="raw"> and <span style="background-image:'
        f' url({url}/background.png)">styled</span>\n\n'
        f'<link rel="stylesheet" href="{url}/style.css">\n\n'
        f'<div style="background-image: url({url}/block.png)"><img src="{url}/block-img.png">'
        f"</div>\n\n"
        f"| a | b |\n|---|---|\n| ![cell]({url}/cell.png) | 2 |\n\n"
        f"Local: ![a file]({QUrl.fromLocalFile(str(image_file)).toString()})\n"
    )


def test_the_counting_server_counts(server: _CountingServer) -> None:
    with urllib.request.urlopen(f"{server.url}/probe") as response:
        assert response.read() == PNG
    assert server.paths == ["/probe"]


def test_an_answer_loads_no_image_or_resource_it_names(
    qtbot: QtBot, qapp: QApplication, server: _CountingServer, tmp_path: Path
) -> None:
    image_file = tmp_path / "secret.png"
    image_file.write_bytes(PNG)
    view = _view(qtbot)

    view.set_markdown(_hostile_markdown(server.url, image_file))
    _draw(view)
    view.setPalette(theme.palette_for(Qt.ColorScheme.Dark))
    _draw(view)
    view.setPalette(theme.palette_for(Qt.ColorScheme.Light))
    _draw(view)

    assert server.paths == []
    assert _images_left(view) == 0
    text = view.toPlainText()
    assert f"Image not loaded: the chart ({server.url}/inline.png?q=secret)" in text
    assert f"Image not loaded: logo ({server.url}/reference.png)" in text
    # Even asked outright, neither the document nor the view loads a thing.
    file_url = QUrl.fromLocalFile(str(image_file))
    image = QTextDocument.ResourceType.ImageResource.value
    assert view.document().resource(image, file_url) is None
    assert view.loadResource(image, QUrl(f"{server.url}/asked.png")) is None
    assert server.paths == []
    # The same file is an image to a plain document: the placeholder is what kept it out.
    assert QTextDocument().resource(image, file_url) is not None


def test_images_in_tables_and_local_files_become_placeholders_too(
    qtbot: QtBot, tmp_path: Path
) -> None:
    image_file = tmp_path / "secret.png"
    image_file.write_bytes(PNG)
    address = QUrl.fromLocalFile(str(image_file)).toString()
    view = _view(qtbot)

    view.set_markdown(
        f"| a | b |\n|---|---|\n| ![cell](https://img.example/c.png) | 2 |\n\n"
        f"Local: ![a file]({address})\n"
    )
    _draw(view)

    text = view.toPlainText()
    assert "Image not loaded: cell (https://img.example/c.png)" in text
    assert f"Image not loaded: a file ({address})" in text
    assert _images_left(view) == 0


def test_an_image_placeholder_is_plain_text_with_the_address_as_tooltip(qtbot: QtBot) -> None:
    view = _view(qtbot)

    view.set_markdown("See ![a cat](https://img.example/cat.png) here.")

    assert view.toPlainText() == "See Image not loaded: a cat (https://img.example/cat.png) here."
    cursor = view.document().find("Image not loaded")
    char_format = cursor.charFormat()
    assert not char_format.isAnchor()
    assert not char_format.isImageFormat()
    assert char_format.toolTip() == "https://img.example/cat.png"
    assert view.links() == ()


def test_a_huge_data_image_is_neither_decoded_nor_shown_whole(qtbot: QtBot) -> None:
    view = _view(qtbot)
    payload = base64.b64encode(PNG * 40_000).decode("ascii")

    view.set_markdown(f"![pixel](data:image/png;base64,{payload})")
    _draw(view)

    text = view.toPlainText()
    assert text.startswith("Image not loaded: pixel (data:image/png;base64,")
    assert len(text) < 200
    assert _images_left(view) == 0


def test_a_link_to_an_address_not_in_the_chat_shows_the_address(qtbot: QtBot) -> None:
    view = _view(qtbot, known=("https://docs.example/guide",))

    view.set_markdown(
        "Read [the docs](https://evil.example/?q=secret) or [the guide](https://docs.example/guide)."
    )

    assert view.toPlainText() == ("Read the docs (https://evil.example/?q=secret) or the guide.")
    shown = {link.href: link.address_shown for link in view.links()}
    assert shown == {"https://evil.example/?q=secret": True, "https://docs.example/guide": False}
    for text, address in (
        ("the docs", "https://evil.example/?q=secret"),
        ("the guide", "https://docs.example/guide"),
    ):
        char_format = view.document().find(text).charFormat()
        assert char_format.isAnchor()
        assert char_format.anchorHref() == address
        assert char_format.toolTip() == address
    written_out = view.document().find("(https://evil.example/?q=secret)").charFormat()
    assert not written_out.isAnchor()


def test_addresses_compare_as_the_read_web_page_tool_compares_them(qtbot: QtBot) -> None:
    view = _view(qtbot, known=("HTTPS://Docs.Example:443/guide#top",))

    view.set_markdown(
        "[same](https://docs.example/guide) [other path](https://docs.example/Guide) "
        "[other query](https://docs.example/guide?x=1)"
    )

    assert [link.address_shown for link in view.links()] == [False, True, True]


def test_a_link_text_that_names_another_address_always_shows_the_target(qtbot: QtBot) -> None:
    known = ("https://bank.example/login", "https://evil.example/")
    view = _view(qtbot, known=known)

    view.set_markdown(
        "[https://bank.example/login](https://evil.example/) and [bank.example](https://evil.example/)"
        " and [log in at https://bank.example/login](https://evil.example/)"
    )

    assert view.toPlainText() == (
        "https://bank.example/login (https://evil.example/) and bank.example"
        " (https://evil.example/) and log in at (https://evil.example/)"
        " https://bank.example/login"
    )


@pytest.mark.parametrize(
    ("markdown", "shown"),
    [
        ("<https://auto.example/a?b=c>", "https://auto.example/a?b=c"),
        ("see https://bare.example/x now", "see https://bare.example/x now"),
        ("see www.bare.example now", "see www.bare.example now"),
        ("write to someone@mail.example", "write to someone@mail.example"),
    ],
    ids=["autolink", "bare-address", "bare-host", "mail-address"],
)
def test_a_link_that_is_its_own_address_is_not_written_twice(
    qtbot: QtBot, markdown: str, shown: str
) -> None:
    view = _view(qtbot)

    view.set_markdown(markdown)

    assert view.toPlainText() == shown
    (link,) = view.links()
    assert not link.address_shown


def test_a_raw_html_link_shows_its_address_too(qtbot: QtBot) -> None:
    view = _view(qtbot)

    view.set_markdown('Click <a href="https://evil.example/x">here</a>.')

    assert view.toPlainText() == "Click here (https://evil.example/x)."


def test_links_stay_honest_after_a_palette_change(qtbot: QtBot) -> None:
    view = _view(qtbot)
    view.set_markdown("[the docs](https://evil.example/?q=secret)")

    view.setPalette(theme.palette_for(Qt.ColorScheme.Dark))

    assert view.toPlainText() == "the docs (https://evil.example/?q=secret)"
    assert theme.is_dark(view.palette())
    assert view.palette().color(QPalette.ColorRole.Base) == theme.palette_for(
        Qt.ColorScheme.Dark
    ).color(QPalette.ColorRole.Base)


def test_a_click_opens_web_and_mail_links_in_the_browser_and_nothing_else(
    qtbot: QtBot, browser: Browser
) -> None:
    view = _view(qtbot)
    view.set_markdown("[a](https://a.example/) [b](file:///bin/sh) [c](mailto:c@mail.example)")

    for address in ("https://a.example/", "file:///bin/sh", "mailto:c@mail.example"):
        view.anchorClicked.emit(QUrl(address))

    assert [url.toString() for url in browser.opened] == [
        "https://a.example/",
        "mailto:c@mail.example",
    ]
    assert "[a]" not in view.toPlainText()
    assert view.toPlainText().startswith("a (https://a.example/)")


def test_a_stored_chat_shows_the_links_its_context_and_messages_gave_as_plain_links(
    qtbot: QtBot, tmp_path: Path
) -> None:
    with ChatStore(tmp_path / "chats.sqlite") as store:
        chat = store.create_chat("Links")
        store.add_user_message(chat.id, "Compare with https://user.example/page please")
        answer = store.begin_answer(chat.id, "Fake", "gpt-test")
        store.finish_answer(
            answer,
            "[yours](https://user.example/page), [found](https://tool.example/result) and "
            "[made up](https://evil.example/?q=secret)",
            traces=(),
            sources=(),
            state="complete",
        )
        store.save_context(
            chat.id, ChatContext(web_addresses_given_to_model={"https://tool.example/result"})
        )
        messages = store.messages(chat.id)
        context = store.load_context(chat.id)
    conversation = ConversationView()
    qtbot.addWidget(conversation)

    conversation.show_messages(messages, context)

    (card,) = conversation.answers()
    assert card.body().toPlainText() == (
        "yours, found and made up (https://evil.example/?q=secret)"
    )
    # Without the chat's context only the user's own address counts.
    conversation.show_messages(messages)
    (card,) = conversation.answers()
    assert [link.address_shown for link in card.body().links()] == [False, True, True]


def test_an_answer_card_from_the_store_shows_links_as_a_live_one_does(qtbot: QtBot) -> None:
    known = KnownAddresses.of(["https://tool.example/result"])
    text = "[found](https://tool.example/result) [made up](https://evil.example/)"
    live = AnswerCard(addresses=lambda: known)
    qtbot.addWidget(live)
    live.append_text(text)
    live.finish()
    message = StoredMessage(
        id=1, chat_id="c", role="assistant", text=text, created_at=datetime.now(UTC)
    )
    stored = AnswerCard.from_stored(message, addresses=lambda: known)
    qtbot.addWidget(stored)

    assert live.body().toPlainText() == stored.body().toPlainText()
    assert stored.body().toPlainText() == "found made up (https://evil.example/)"


# --- a live run ---------------------------------------------------------------------------------


def test_a_running_answer_treats_addresses_its_tools_found_as_given(
    qtbot: QtBot,
    qloop: QtAsyncio,
    services: Services,
    fake_provider: fake.FakeProviderServer,
) -> None:
    found = SearchTool.DEFAULT_SOURCES[0].url
    fake_provider.enqueue(
        fake.chat_turn(tool_calls=[fake.ToolCall(name="search_sources", arguments={"query": "x"})]),
        fake.chat_turn(
            [
                f"See [the handbook]({found}), [the page](https://user.example/p) and "
                "[more](https://evil.example/?q=secret)."
            ]
        ),
    )
    controller = RunController(services)
    conversation = ConversationView()
    qtbot.addWidget(conversation)
    conversation.follow(controller)
    conversation.add_user_message("About https://user.example/p")
    card = conversation.begin_answer("Fake · gpt-test")
    turn = TurnRequest(
        message="About https://user.example/p",
        selected_tool_ids=("search_sources",),
        component=Component.WEB_PAGE_SUMMARY_ASSISTANT,
    )
    try:
        with qtbot.wait_signal(controller.finished, timeout=10_000):
            controller.start(
                RunRequest(chat_id=None, keep_in_chat=False, provider_name="Fake", turn=turn)
            )
        assert card.body().toPlainText() == (
            "See the handbook, the page and more (https://evil.example/?q=secret)."
        )
    finally:
        qloop.run(controller.aclose())
        shiboken6.delete(controller)
        gc.collect()


def test_a_link_turns_plain_once_its_address_is_given(qtbot: QtBot) -> None:
    given: list[str] = []
    view = _view(qtbot)
    view.set_known_addresses(lambda: KnownAddresses.of(given))
    view.set_markdown("[page](https://late.example/)")
    assert view.toPlainText() == "page (https://late.example/)"

    given.append("https://late.example/")
    view.refresh_links()

    assert view.toPlainText() == "page"
