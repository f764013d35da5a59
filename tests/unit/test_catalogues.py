"""The translation catalogues are complete where they must be and keep every placeholder.

Qt-free: the catalogues are XML, read with the standard library, and the built-in tools' texts
come from the real registry of a profile under ``tmp_path``.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections.abc import AsyncIterator, Iterator
from dataclasses import dataclass
from pathlib import Path

import keyring
import pytest

from studio.config.paths import StudioPaths
from studio.config.secrets import KeyringSecretStore
from studio.kernel.policy import ConfidenceLevel
from studio.kernel.translatable import TranslatableText
from studio.services import Services
from studio.tools import options
from studio.tools.implementation import ToolImplementation
from studio.tools.registry import confidence_label

ROOT = Path(__file__).resolve().parents[2]
CATALOGUES = ROOT / "translations"
COMPILED = ROOT / "studio" / "translations"

PLACEHOLDER = re.compile(r"\{[^{}]*\}|%n|%[0-9]")


@dataclass(frozen=True)
class Message:
    context: str
    source: str
    numerus: bool
    finished: bool
    forms: tuple[str, ...]
    """The translation, or its plural forms; empty strings when untranslated."""


def messages(language: str) -> list[Message]:
    root = ET.parse(CATALOGUES / f"studio_{language}.ts").getroot()
    found = []
    for context in root.iter("context"):
        name = context.findtext("name", "")
        for message in context.iter("message"):
            translation = message.find("translation")
            assert translation is not None
            numerus = message.get("numerus") == "yes"
            forms = (
                tuple(form.text or "" for form in translation.iter("numerusform"))
                if numerus
                else (translation.text or "",)
            )
            found.append(
                Message(
                    context=name,
                    source=message.findtext("source", ""),
                    numerus=numerus,
                    finished=translation.get("type") not in {"unfinished", "vanished", "obsolete"},
                    forms=forms,
                )
            )
    return found


def finished_translations(language: str) -> dict[tuple[str, str], Message]:
    return {
        (message.context, message.source): message
        for message in messages(language)
        if message.finished and all(message.forms)
    }


def placeholders(text: str) -> list[str]:
    return sorted(PLACEHOLDER.findall(text))


def test_every_language_has_a_catalogue_and_a_compiled_file() -> None:
    catalogues = sorted(path.stem for path in CATALOGUES.glob("studio_*.ts"))

    assert catalogues == ["studio_de", "studio_en", "studio_fr"]
    for name in catalogues:
        assert (COMPILED / f"{name}.qm").is_file(), name


def test_the_catalogues_hold_the_same_messages() -> None:
    english = {(m.context, m.source) for m in messages("en")}

    assert english
    for language in ("de", "fr"):
        assert {(m.context, m.source) for m in messages(language)} == english, language


def test_the_catalogues_carry_no_source_locations() -> None:
    # Locations would change with every edited line and differ between machines.
    for path in CATALOGUES.glob("studio_*.ts"):
        assert "<location" not in path.read_text(encoding="utf-8"), path.name


def test_every_german_message_is_finished() -> None:
    unfinished = [
        (m.context, m.source) for m in messages("de") if not m.finished or not all(m.forms)
    ]

    assert unfinished == []


@pytest.mark.parametrize("language", ["de", "fr", "en"])
def test_translations_keep_every_placeholder(language: str) -> None:
    # A renamed {name} raises KeyError in str.format; a lost %n drops the count.
    broken = [
        (m.context, m.source, form)
        for m in messages(language)
        for form in m.forms
        if form and placeholders(form) != placeholders(m.source)
    ]

    assert broken == []


@pytest.mark.parametrize("language", ["de", "fr", "en"])
def test_plural_messages_have_two_forms(language: str) -> None:
    # English, German and French each have a singular and a plural form.
    wrong = [(m.source, m.forms) for m in messages(language) if m.numerus and len(m.forms) != 2]

    assert wrong == []


def test_the_english_catalogue_carries_the_plural_forms() -> None:
    plural = [m for m in messages("en") if m.numerus]

    assert plural
    assert [m.source for m in plural if not m.finished or not all(m.forms)] == []
    calls = next(m for m in plural if m.source == "%n tool call(s)")
    assert calls.forms == ("%n tool call", "%n tool calls")


FRENCH_MAIN_SCREENS = ["MainWindow", "ToolSelectionWidget", "_ToolPopup", "_ToolRow", "ToolOffer"]


@pytest.mark.parametrize("context", [*FRENCH_MAIN_SCREENS, "ToolSettingsDialog", "LanguagePage"])
def test_french_covers_the_main_screens(context: str) -> None:
    in_context = [m for m in messages("fr") if m.context == context]

    assert in_context, context
    assert [m.source for m in in_context if not m.finished or not all(m.forms)] == []


# The built-in tools, through the real registry.


@pytest.fixture
async def services(tmp_path: Path) -> AsyncIterator[Services]:
    opened = Services.open(
        StudioPaths.for_basedir(tmp_path / "profile"),
        secrets=KeyringSecretStore(keyring.get_keyring()),
    )
    yield opened
    await opened.aclose()


def tool_texts(implementation: ToolImplementation) -> Iterator[object]:
    definition = implementation.definition()
    yield implementation.display_name()
    yield implementation.description()
    yield implementation.category
    groups = []
    for name, spec in definition.settings_schema.properties.items():
        yield implementation.settings_field_label(name, spec)
        yield implementation.settings_field_description(name, spec)
        if spec.group and spec.group not in groups:
            groups.append(spec.group)
        if spec.option_source is not None and options.is_known(spec.option_source):
            yield from (option.label for option in options.resolve(spec.option_source))
    for group in groups:
        yield implementation.settings_group_label(group)
        yield from (label for label, _url in implementation.settings_group_links(group))


def builtin_texts(services: Services) -> list[tuple[str, object]]:
    texts: list[tuple[str, object]] = []
    for definition in services.registry.definitions():
        implementation = services.registry.implementation_for(definition)
        assert implementation is not None
        texts.extend((definition.id, text) for text in tool_texts(implementation))
    return texts


async def test_the_builtin_tools_are_registered(services: Services) -> None:
    ids = {definition.id for definition in services.registry.definitions()}

    assert {"web_search", "read_web_page"} <= ids


async def test_every_builtin_tool_text_is_marked_for_translation(services: Services) -> None:
    # A plain str is shown as it is: it never reaches the catalogue or the user's language.
    plain = [
        (tool_id, text)
        for tool_id, text in builtin_texts(services)
        if text and not isinstance(text, TranslatableText)
    ]

    assert plain == []


async def test_every_builtin_tool_text_has_a_finished_german_translation(
    services: Services,
) -> None:
    german = finished_translations("de")
    missing = [
        (tool_id, text.context, str(text))
        for tool_id, text in builtin_texts(services)
        if isinstance(text, TranslatableText) and (text.context, str(text)) not in german
    ]

    assert missing == []


@pytest.mark.parametrize(
    "source",
    [
        options.COMMON_LANGUAGES,
        options.FREE_ADDRESS_CHOICE,
        options.SAFE_SEARCH,
    ],
)
def test_every_option_label_has_a_finished_german_translation(source: str) -> None:
    german = finished_translations("de")
    labels = [option.label for option in options.resolve(source)]

    assert labels
    assert [str(label) for label in labels if (label.context, str(label)) not in german] == []


def test_every_confidence_label_has_a_finished_german_translation() -> None:
    german = finished_translations("de")
    labels = [confidence_label(level) for level in ConfidenceLevel]

    assert [str(label) for label in labels if (label.context, str(label)) not in german] == []
