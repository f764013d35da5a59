"""Errors and messages carry a translatable template: English as text, translated where shown."""

from __future__ import annotations

import logging
import pickle

import pytest

from studio.errors import ConfigError, StudioError, ToolExecutionBlocked
from studio.kernel.translatable import (
    QT_TRANSLATE_NOOP,
    TranslatableMessage,
    TranslatableText,
    fill,
)

GERMAN = {
    "The file {path!r} is broken: {reason}": "Die Datei {path!r} ist defekt: {reason}",
    "settings file": "Einstellungsdatei",
    "Your {what} is gone.": "Ihre {what} ist weg.",
    "Nothing {here}": "Nichts {there}",
}


def german(text: TranslatableText) -> str:
    """A fake translator, as the UI's would answer."""
    assert isinstance(text, TranslatableText)
    return GERMAN.get(str(text), str(text))


BROKEN = QT_TRANSLATE_NOOP("Tests", "The file {path!r} is broken: {reason}")


def test_an_error_with_a_template_is_english_as_a_string() -> None:
    error = ConfigError(BROKEN, path="/tmp/a.json", reason="no JSON")

    assert str(error) == "The file '/tmp/a.json' is broken: no JSON"
    assert error.template is BROKEN
    assert dict(error.values) == {"path": "/tmp/a.json", "reason": "no JSON"}


def test_an_error_with_a_template_renders_in_the_language_given() -> None:
    error = ConfigError(BROKEN, path="/tmp/a.json", reason="no JSON")

    assert error.text(german) == "Die Datei '/tmp/a.json' ist defekt: no JSON"
    assert error.text() == str(error)


def test_an_error_without_a_template_shows_its_english_message() -> None:
    error = StudioError("Something plain {with braces}")

    assert error.template is None
    assert error.text(german) == "Something plain {with braces}"


def test_only_a_template_takes_values() -> None:
    with pytest.raises(TypeError):
        StudioError("plain {x}", x=1)


def test_a_translation_that_does_not_fit_falls_back_to_english(
    caplog: pytest.LogCaptureFixture,
) -> None:
    error = StudioError(QT_TRANSLATE_NOOP("Tests", "Nothing {here}"), here="at all")

    with caplog.at_level(logging.WARNING):
        assert error.text(german) == "Nothing at all"
    assert "does not fit its values" in caplog.text


def test_translatable_values_are_rendered_in_the_same_language() -> None:
    label = QT_TRANSLATE_NOOP("Tests", "settings file")
    message = TranslatableMessage(QT_TRANSLATE_NOOP("Tests", "Your {what} is gone."), what=label)

    assert message == "Your settings file is gone."
    assert message.text(german) == "Ihre Einstellungsdatei ist weg."
    nested = TranslatableMessage(BROKEN, path="x", reason=message)
    assert nested.text(german) == "Die Datei 'x' ist defekt: Ihre Einstellungsdatei ist weg."


def test_a_message_is_its_english_text_and_survives_pickling() -> None:
    message = TranslatableMessage(BROKEN, path="/tmp/a.json", reason="no JSON")

    copied = pickle.loads(pickle.dumps(message))

    assert isinstance(copied, TranslatableMessage)
    assert copied == "The file '/tmp/a.json' is broken: no JSON"
    assert copied.text(german) == message.text(german)


def test_an_error_made_from_a_message_keeps_its_template() -> None:
    message = TranslatableMessage(BROKEN, path="p", reason="r")

    error = ConfigError(message)

    assert str(error) == message
    assert error.text(german) == "Die Datei 'p' ist defekt: r"


def test_a_template_without_values_may_hold_braces() -> None:
    template = QT_TRANSLATE_NOOP("Tests", "Use {braces} as they are")

    assert fill(template, {}) == "Use {braces} as they are"
    assert str(ToolExecutionBlocked(template)) == "Use {braces} as they are"
