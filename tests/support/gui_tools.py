"""Small real tools for the GUI tests of the tool selection, the settings dialog and page.

Every tool is a genuine :class:`ToolImplementation` whose settings schema comes from
:class:`SettingsBuilder`, so the widgets render exactly what a real tool would give them. Texts
use :class:`TranslatableText` directly rather than ``QT_TRANSLATE_NOOP``, so ``pyside6-lupdate``
does not collect test strings.

- :class:`LookupTool` (``web_lookup``) has a field of every kind: required plain
  (``endpoint``), required secret (``api_key``), an optional bounded whole number with a
  default (``max_results``), an option source (``language``), an enum (``mode``) and a plain
  optional field (``depth``); two groups, one with a link; and its own check that ``depth``
  is a whole number. It asks for a HIGH provider.
- :class:`NoteSearchTool` and :class:`NoteCountTool` form the ``notes`` collection; only the
  search has settings.
- :class:`ClockTool` needs nothing; :class:`RecallTool` is a context tool.

:func:`widget_texts` collects every text a widget tree shows, for checks that a secret appears
nowhere. This module imports Qt, so only GUI tests may use it.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any, ClassVar

import keyring
from PySide6.QtWidgets import QAbstractButton, QComboBox, QLabel, QLineEdit, QWidget

from studio.config.organization import OrganizationPolicy
from studio.config.paths import StudioPaths
from studio.config.secrets import KeyringSecretStore, SecretStore
from studio.kernel.context import ProviderContext, ToolExecutionContext
from studio.kernel.definition import (
    SettingsField,
    SettingsSchema,
    ToolActivation,
    ToolDefinition,
    ToolFunction,
)
from studio.kernel.policy import ConfidenceLevel, ModelCapability, ToolOutboundData
from studio.kernel.result import ToolExecutionResult
from studio.kernel.translatable import TranslatableText
from studio.services import Services
from studio.tools import options
from studio.tools.collection import ToolCollection
from studio.tools.implementation import GroupLink, ToolImplementation
from studio.tools.schema import ParametersBuilder, SettingsBuilder

__all__ = [
    "LOOKUP_GUIDE_URL",
    "ClockTool",
    "LookupTool",
    "NoteCountTool",
    "NoteSearchTool",
    "RecallTool",
    "make_provider",
    "make_services",
    "notes_collection",
    "widget_texts",
]

_CONTEXT = "StudioGuiTestTools"

LOOKUP_GUIDE_URL = "https://lookup.example/setup"
"""The link under the lookup tool's "Service" heading."""


def _text(text: str) -> TranslatableText:
    return TranslatableText(_CONTEXT, text)


class GuiTestTool(ToolImplementation):
    """A tool made from class attributes; it answers every call with "ok"."""

    # Like an ordinary local tool: its results are its own text and it changes nothing.
    returns_untrusted_content = False
    has_side_effects = False

    tool_id: ClassVar[str] = "gui_test"
    name: ClassVar[str] = "GUI test tool"
    summary: ClassVar[str] = "A tool for GUI tests."
    minimum: ClassVar[ConfidenceLevel] = ConfidenceLevel.NONE
    activation: ClassVar[ToolActivation] = ToolActivation.SELECTION
    outbound_data = ToolOutboundData.NONE

    @property
    def implementation_key(self) -> str:
        return self.tool_id

    def settings(self) -> SettingsSchema:
        """The tool's settings schema; none unless a subclass says otherwise."""
        return SettingsBuilder().build()

    def definition(self) -> ToolDefinition:
        return ToolDefinition(
            id=self.tool_id,
            implementation_key=self.implementation_key,
            minimum_provider_confidence=self.minimum,
            settings_schema=self.settings(),
            activation=self.activation,
            function=ToolFunction(
                name=self.tool_id,
                description=f"A test tool: {self.name}.",
                parameters=ParametersBuilder().build(),
            ),
        )

    def display_name(self) -> TranslatableText:
        return _text(self.name)

    def description(self) -> TranslatableText:
        return _text(self.summary)

    async def execute(
        self, arguments: Mapping[str, Any], context: ToolExecutionContext
    ) -> ToolExecutionResult:
        return ToolExecutionResult(text_content="ok")


class LookupTool(GuiTestTool):
    """Looks things up in a configured service; every kind of settings field."""

    tool_id = "web_lookup"
    name = "Web lookup"
    summary = "Looks up current facts in the lookup service your team runs."
    minimum = ConfidenceLevel.HIGH
    icon = "studio"

    DEFAULT_MAX_RESULTS = "10"
    MAX_RESULTS_LIMIT = 100
    NOT_A_NUMBER = "The setting 'depth' must be a positive whole number."

    def settings(self) -> SettingsSchema:
        return (
            SettingsBuilder()
            .group("service")
            .required("endpoint", "Endpoint", "The address of the lookup service.")
            .required_secret("api_key", "API key", "The key the service gave you.")
            .group("results")
            .optional_integer(
                "max_results",
                "Maximum results",
                "How many results one lookup returns.",
                minimum=1,
                maximum=self.MAX_RESULTS_LIMIT,
            )
            .optional_choice("language", options.COMMON_LANGUAGES, "Language")
            .optional_enum("mode", ("FAST", "THOROUGH"), "Mode")
            .optional("depth", "Search depth", "How many pages a thorough lookup reads.")
            .build()
        )

    def settings_field_label(self, name: str, spec: SettingsField) -> str:
        return _text(spec.title or name)

    def settings_field_default(self, name: str) -> str | None:
        return self.DEFAULT_MAX_RESULTS if name == "max_results" else None

    def settings_group_label(self, group: str) -> str:
        return _text({"service": "Service", "results": "Results"}.get(group, group))

    def settings_group_links(self, group: str) -> tuple[GroupLink, ...]:
        if group == "service":
            return ((_text("Set-up guide"), LOOKUP_GUIDE_URL),)
        return ()

    async def validate_configuration(self, values: Mapping[str, str]) -> str | None:
        depth = values.get("depth", "").strip()
        if depth and not (depth.isdigit() and int(depth) > 0):
            return self.NOT_A_NUMBER
        return None


class NoteSearchTool(GuiTestTool):
    """Searches notes in a folder; part of the ``notes`` collection."""

    tool_id = "search_notes"
    name = "Search notes"
    summary = "Finds notes that mention a word."

    def settings(self) -> SettingsSchema:
        return (
            SettingsBuilder()
            .required("folder", "Notes folder", "Where your notes are kept.")
            .optional_secret("token", "Access token")
            .build()
        )


class NoteCountTool(GuiTestTool):
    """Counts notes; part of the ``notes`` collection, without settings."""

    tool_id = "count_notes"
    name = "Count notes"
    summary = "Counts the notes in the folder."


class ClockTool(GuiTestTool):
    """Tells the time; needs nothing."""

    tool_id = "clock"
    name = "Clock"
    summary = "Tells the current date and time."


class RecallTool(GuiTestTool):
    """Offers itself from the chat's context; nobody selects it."""

    tool_id = "recall"
    name = "Recall"
    summary = "Searches the documents attached to the chat."
    activation = ToolActivation.CONTEXT


def notes_collection() -> ToolCollection:
    """The ``notes`` collection of :class:`NoteSearchTool` and :class:`NoteCountTool`."""
    return ToolCollection(
        id="notes",
        tool_ids=(NoteSearchTool.tool_id, NoteCountTool.tool_id),
        display_name=_text("Notes"),
        description=_text("Search and count your notes."),
        icon="notes",
    )


def make_services(
    base: Path,
    organization: OrganizationPolicy | None = None,
    *,
    secrets: SecretStore | None = None,
) -> Services:
    """Real services on a profile under ``base`` with the test tools.

    Without ``secrets`` the test keyring backend (installed by the root conftest) is used.
    """
    store = secrets if secrets is not None else KeyringSecretStore(keyring.get_keyring())
    return Services.open(
        StudioPaths.for_basedir(base),
        implementations=[
            LookupTool(),
            NoteSearchTool(),
            NoteCountTool(),
            ClockTool(),
            RecallTool(),
        ],
        collections=[notes_collection()],
        organization=organization,
        secrets=store,
    )


def make_provider(
    confidence: ConfidenceLevel = ConfidenceLevel.HIGH, *, can_use_tools: bool = True
) -> ProviderContext:
    """A provider context; by default a trusted model that can call tools."""
    capabilities = (
        frozenset({ModelCapability.FUNCTION_CALLING, ModelCapability.CHAT_COMPLETION_API})
        if can_use_tools
        else frozenset()
    )
    return ProviderContext(name="test-provider", confidence=confidence, capabilities=capabilities)


def widget_texts(root: QWidget) -> list[str]:
    """Every text ``root`` and its descendants hold: contents, placeholders, items, tooltips."""
    texts = [root.windowTitle(), root.toolTip()]
    for widget in [root, *root.findChildren(QWidget)]:
        texts.append(widget.toolTip())
        if isinstance(widget, QLineEdit):
            texts.extend((widget.text(), widget.placeholderText(), widget.displayText()))
        elif isinstance(widget, QLabel | QAbstractButton):
            texts.append(widget.text())
        elif isinstance(widget, QComboBox):
            texts.extend(widget.itemText(i) for i in range(widget.count()))
            texts.append(widget.currentText())
    return [text for text in texts if text]
