"""The notice under an answer that says what the prompt-injection guard removed."""

from __future__ import annotations

from PySide6.QtWidgets import QWidget
from pytestqt.qtbot import QtBot

from studio.injection import FindingCategory
from studio.kernel.content import ContentSource
from studio.ui.chat.answer_card import AnswerCard
from studio.web.guard import GuardReport, SourceReport

PAGE = ContentSource.web_page("https://recipes.example/lemon-cake")
RESULT = ContentSource.web_page("https://shop.example/offer")


def _removed(source: ContentSource) -> GuardReport:
    return GuardReport(
        filtered=(
            SourceReport(
                source=source,
                redacted_count=1,
                categories=(FindingCategory.OVERRIDE,),
                findings=(),
            ),
        )
    )


def _card(qtbot: QtBot) -> tuple[QWidget, AnswerCard]:
    parent = QWidget()
    qtbot.addWidget(parent)
    card = AnswerCard("Local · llama3.1", parent)
    parent.show()
    qtbot.wait_exposed(parent)
    return parent, card


def test_an_answer_without_reports_shows_no_notice(qtbot: QtBot) -> None:
    _parent, card = _card(qtbot)

    card.show_guard_report(GuardReport())

    assert card.guard_notice() == ""


def test_every_report_of_an_answer_adds_its_sentences(qtbot: QtBot) -> None:
    _parent, card = _card(qtbot)

    card.show_guard_report(_removed(PAGE))
    card.show_guard_report(GuardReport(unchecked=(RESULT,)))

    assert card.guard_notice().splitlines() == [
        "Studio removed suspicious instructions from https://recipes.example/lemon-cake before "
        "using it.",
        "Studio could not check https://shop.example/offer for prompt injections. The content "
        "is used as it is.",
    ]
