"""The colour helpers and the log's table model."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from typing import Any

import pytest
from PySide6.QtCore import QLocale, Qt
from PySide6.QtGui import QColor, QPalette
from PySide6.QtWidgets import QApplication

from studio.kernel.calls import TraceStatus
from studio.ui import i18n, theme
from studio.ui.trace import model

Make = Callable[..., Any]


def test_contrast_ratio_spans_one_to_twenty_one() -> None:
    black, white = QColor("#000000"), QColor("#ffffff")

    assert model.contrast_ratio(black, white) == pytest.approx(21.0)
    assert model.contrast_ratio(white, white) == pytest.approx(1.0)


@pytest.mark.parametrize(
    "background", ["#ffffff", "#f3f4f6", "#27282c", "#000000", "#808080"], ids=str
)
@pytest.mark.parametrize("hue", ["#e65100", "#2e7d32", "#ffeb3b", "#1a237e"], ids=str)
def test_readable_color_reaches_the_contrast_on_any_background(hue: str, background: str) -> None:
    color = model.readable_color(QColor(hue), QColor(background))

    assert model.contrast_ratio(color, QColor(background)) >= model.MINIMUM_CONTRAST


def test_readable_color_keeps_a_colour_that_is_readable_already() -> None:
    assert model.readable_color(QColor("#1a237e"), QColor("#ffffff")) == QColor("#1a237e")


@pytest.mark.parametrize(
    ("scheme", "tint"), [(Qt.ColorScheme.Light, 0.14), (Qt.ColorScheme.Dark, 0.28)], ids=str
)
def test_chip_is_tinted_more_strongly_on_the_dark_theme(
    qapp: QApplication, scheme: Qt.ColorScheme, tint: float
) -> None:
    palette = theme.palette_for(scheme)
    base = palette.color(QPalette.ColorRole.Base)
    hue = QColor("#c62828")

    background = model.chip_colors(TraceStatus.ERROR, palette).background

    share = (background.redF() - base.redF()) / (hue.redF() - base.redF())
    assert share == pytest.approx(tint, abs=0.01)
    assert theme.is_dark(palette) is (scheme == Qt.ColorScheme.Dark)


def test_trace_result_is_none_for_a_stored_trace(make_trace: Make, make_stored_trace: Make) -> None:
    assert model.trace_result(make_trace(result="done")) == "done"
    assert model.trace_result(make_stored_trace()) is None


def test_table_model_gives_the_time_as_a_sortable_value(make_trace: Make) -> None:
    when = datetime(2026, 1, 2, 3, 4, 5)
    table = model.TraceTableModel(
        [
            model.TraceLogEntry(
                chat_title="A", timestamp=when, trace=make_trace(status=TraceStatus.ERROR)
            )
        ]
    )
    index = table.index(0, model.Column.WHEN)

    assert table.data(index, model.SORT_ROLE) == when.timestamp()
    assert "26" in str(table.data(index))
    assert table.data(index, model.STATUS_ROLE) is TraceStatus.ERROR
    assert (
        table.data(table.index(0, model.Column.STATUS), Qt.ItemDataRole.ForegroundRole) is not None
    )


def test_table_model_groups_an_unknown_tool_by_the_name_the_model_used(make_trace: Make) -> None:
    unknown = make_trace(tool_id="", display_name="web_search", status=TraceStatus.BLOCKED)
    known = make_trace(tool_id="web_search", status=TraceStatus.ERROR)
    table = model.TraceTableModel(
        model.TraceLogEntry(chat_title="A", timestamp=datetime(2026, 1, 1), trace=trace)
        for trace in (unknown, known)
    )

    assert table.data(table.index(0, 0), model.TOOL_KEY_ROLE) == "web_search"
    assert table.tools() == [("web_search", "Web search")]


def test_table_model_leaves_out_successful_calls(make_trace: Make) -> None:
    table = model.TraceTableModel()

    added = table.add_entry(
        model.TraceLogEntry(chat_title="A", timestamp=datetime(2026, 1, 1), trace=make_trace())
    )

    assert not added
    assert table.rowCount() == 0


@pytest.fixture
def c_locale() -> Any:
    """The default locale of a process started with ``LANG=C``, restored afterwards."""
    before = QLocale()
    QLocale.setDefault(QLocale.c())
    yield
    QLocale.setDefault(before)


def _when_cells(make_trace: Make) -> tuple[str, str]:
    when = datetime(2026, 12, 2, 15, 36, 7)
    table = model.TraceTableModel(
        [
            model.TraceLogEntry(
                chat_title="A", timestamp=when, trace=make_trace(status=TraceStatus.ERROR)
            )
        ]
    )
    return str(table.data(table.index(0, model.Column.WHEN))), table.row_details(0)


@pytest.mark.usefixtures("c_locale")
def test_dates_follow_the_ui_language_not_the_c_locale(
    make_trace: Make, languages: i18n.LanguageManager
) -> None:
    languages.apply("de")
    german_cell, german_details = _when_cells(make_trace)
    languages.apply("en")
    english_cell, english_details = _when_cells(make_trace)

    assert "02.12." in german_cell
    assert "15:36" in german_cell
    assert "Dezember" in german_details
    assert "15:36:07" in german_details
    assert "/" in english_cell
    assert "3:36" in english_cell
    assert "PM" in english_cell
    assert "December" in english_details
    assert "3:36:07" in english_details


def test_the_ui_locale_keeps_the_system_region_only_for_its_language() -> None:
    assert i18n.ui_locale("de", QLocale.c()).name() == "de_DE"
    assert i18n.ui_locale("en", QLocale.c()).name() == "en_US"
    assert i18n.ui_locale("de", QLocale("de_AT")).name() == "de_AT"
    assert i18n.ui_locale("fr", QLocale("de_AT")).name() == "fr_FR"


@pytest.mark.usefixtures("c_locale")
def test_leaving_the_ui_language_restores_the_default_locale(
    languages: i18n.LanguageManager,
) -> None:
    languages.apply("de")
    languages.uninstall()

    assert QLocale() == QLocale.c()
