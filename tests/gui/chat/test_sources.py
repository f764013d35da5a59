"""The sources of an answer: grouped, numbered once, listed once per page, opened safely."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from PySide6.QtCore import QPoint, Qt, QUrl
from PySide6.QtTest import QTest
from pytestqt.qtbot import QtBot

from studio.kernel.result import Source, SourceOrigin
from studio.ui.chat.sources import SourcesBadge, SourcesList, is_web_link
from tests.support.browser import Browser, caught_links


@pytest.fixture
def browser() -> Iterator[Browser]:
    """Catches http and https links instead of starting a browser."""
    with caught_links("http", "https") as receiver:
        yield receiver


def _sources() -> list[Source]:
    return [
        Source(title="Tool page", url="https://example.com/a"),
        Source(title="Model page", url="https://model.example/", origin=SourceOrigin.MODEL),
        Source(title="Tool page again", url="HTTPS://Example.COM:443/a#section"),
        Source(title="Mail", url="mailbox://inbox/42", origin=SourceOrigin.DATA_PROVIDER),
        Source(title="Second tool page", url="http://example.org/b"),
    ]


def _list(qtbot: QtBot, sources: list[Source]) -> SourcesList:
    widget = SourcesList(sources)
    qtbot.addWidget(widget)
    return widget


def test_sources_are_grouped_by_origin_in_a_fixed_order(qtbot: QtBot) -> None:
    widget = _list(qtbot, _sources())

    assert widget.group_titles() == [
        "Sources provided by the AI",
        "Sources used by tools",
        "Sources provided by the data providers",
    ]


def test_groups_without_sources_are_left_out(qtbot: QtBot) -> None:
    widget = _list(qtbot, [Source(title="A", url="https://a.example/")])

    assert widget.group_titles() == ["Sources used by tools"]


def test_sources_are_numbered_once_across_the_groups(qtbot: QtBot) -> None:
    widget = _list(qtbot, _sources())

    numbered = [(item.number, item.source.title) for item in widget.items()]

    assert numbered == [
        (1, "Model page"),
        (2, "Tool page"),
        (3, "Second tool page"),
        (4, "Mail"),
    ]


def test_the_same_page_is_listed_once_under_its_first_title(qtbot: QtBot) -> None:
    widget = _list(qtbot, _sources())

    titles = [source.title for source in widget.sources()]

    assert "Tool page again" not in titles
    assert widget.count() == 4


def test_adding_sources_merges_by_address_and_reports_the_count(qtbot: QtBot) -> None:
    widget = _list(qtbot, [Source(title="A", url="https://a.example/x")])

    with qtbot.wait_signal(widget.count_changed) as signal:
        widget.add_sources(
            [
                Source(title="A again", url="https://A.example/x#top"),
                Source(title="B", url="https://b.example/"),
            ]
        )

    assert signal.args == [2]
    assert [source.title for source in widget.sources()] == ["A", "B"]


def test_only_web_addresses_are_links(qtbot: QtBot) -> None:
    widget = _list(qtbot, _sources())

    links = {item.source.title: item.is_link() for item in widget.items()}

    assert links == {"Model page": True, "Tool page": True, "Second tool page": True, "Mail": False}
    mail = next(item for item in widget.items() if item.source.title == "Mail")
    assert mail.title_label.textFormat() == Qt.TextFormat.PlainText
    assert mail.title_label.text() == "Mail"


@pytest.mark.parametrize(
    ("url", "is_link"),
    [
        ("https://example.com/", True),
        ("http://example.com/path?q=1", True),
        ("  https://example.com/  ", True),
        ("mailbox://inbox/42", False),
        ("file:///etc/passwd", False),
        ("javascript:alert(1)", False),
        ("ftp://example.com/", False),
        ("https://", False),
        ("not a url", False),
        ("", False),
    ],
)
def test_is_web_link(url: str, is_link: bool) -> None:
    assert is_web_link(url) is is_link


def test_clicking_a_link_opens_it_in_the_system_browser(qtbot: QtBot, browser: Browser) -> None:
    widget = _list(qtbot, [Source(title="Example", url="https://example.com/a?b=c")])
    widget.show()
    qtbot.wait_exposed(widget)
    (item,) = widget.items()
    label = item.title_label

    QTest.mouseClick(
        label,
        Qt.MouseButton.LeftButton,
        Qt.KeyboardModifier.NoModifier,
        QPoint(5, label.height() // 2),
    )

    assert browser.opened == [QUrl("https://example.com/a?b=c")]


def test_a_link_opens_its_own_address_whatever_the_label_reports(
    qtbot: QtBot, browser: Browser
) -> None:
    widget = _list(qtbot, [Source(title="Example", url="https://example.com/")])
    (item,) = widget.items()

    item.title_label.linkActivated.emit("https://evil.example/")

    assert browser.opened == [QUrl("https://example.com/")]


def test_a_mailbox_source_does_not_open(qtbot: QtBot, browser: Browser) -> None:
    widget = _list(qtbot, [Source(title="Mail", url="mailbox://inbox/42")])
    (item,) = widget.items()

    assert not item.open()
    assert browser.opened == []


def test_titles_from_outside_never_become_markup(qtbot: QtBot) -> None:
    widget = _list(
        qtbot,
        [
            Source(title="<b>Bold</b> & <img src=x>", url='https://example.com/"onclick="x'),
            Source(title="<i>mail</i>", url="mailbox://inbox/1"),
        ],
    )
    web, mail = widget.items()

    assert "&lt;b&gt;Bold&lt;/b&gt; &amp; &lt;img src=x&gt;" in web.title_label.text()
    assert 'href="https://example.com/&quot;onclick=&quot;x"' in web.title_label.text()
    assert mail.title_label.text() == "<i>mail</i>"
    assert mail.title_label.textFormat() == Qt.TextFormat.PlainText


def test_a_source_without_title_shows_its_address(qtbot: QtBot) -> None:
    widget = _list(qtbot, [Source(title="", url="https://example.com/page")])
    (item,) = widget.items()

    assert ">https://example.com/page</a>" in item.title_label.text()


def test_badge_counts_the_sources_and_toggles_the_list(qtbot: QtBot) -> None:
    widget = _list(qtbot, _sources())
    badge = SourcesBadge(widget)
    qtbot.addWidget(badge)
    assert badge.text() == "Sources (4)"
    assert widget.isHidden()

    QTest.mouseClick(badge, Qt.MouseButton.LeftButton)

    assert not widget.isHidden()


def test_badge_hides_without_sources_and_follows_the_count(qtbot: QtBot) -> None:
    widget = _list(qtbot, [])
    badge = SourcesBadge(widget)
    qtbot.addWidget(badge)
    assert badge.isHidden()

    widget.set_sources([Source(title="A", url="https://a.example/")])

    assert not badge.isHidden()
    assert badge.text() == "Sources (1)"
