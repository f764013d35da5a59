"""The base class every tool implements: what it is, how it is shown, and what it does.

One object carries both the definition and the behaviour. User-visible texts (name,
description, settings labels) come from the implementation, never from the definition, so they
can be translated; they are marked with ``QT_TRANSLATE_NOOP`` and translated by the UI.
Model-facing texts (the function description, argument descriptions, instructions) stay English.
"""

from __future__ import annotations

import abc
from collections.abc import Mapping
from typing import Any, ClassVar

from studio.kernel.context import ToolExecutionContext, ToolResolutionContext
from studio.kernel.definition import SettingsField, ToolDefinition, ToolFunction
from studio.kernel.policy import ModelCapability, ToolOutboundData
from studio.kernel.result import ToolExecutionResult
from studio.kernel.translatable import QT_TRANSLATE_NOOP, TranslatableText
from studio.tools.collection import GENERAL_CATEGORY
from studio.tools.setting_fields import ToolSettings

__all__ = ["GroupLink", "ToolImplementation"]

_PROGRESS = QT_TRANSLATE_NOOP("ToolProgress", "{done} of {wanted}")

GroupLink = tuple[str, str]
"""A link shown under a settings group heading: ``(label, url)``."""


class ToolImplementation(abc.ABC):
    """A tool Studio can run.

    Subclasses state their definition and run calls. Everything else has a safe default: a tool
    that says nothing about its outbound data counts as sending model-chosen addresses out, as
    returning content from outside Studio and as changing things, the strictest assumptions.
    """

    icon: ClassVar[str] = "build"
    """The name of an icon Studio ships (``studio/ui/icons``), without its suffix."""
    category: ClassVar[TranslatableText] = GENERAL_CATEGORY
    """A heading to group the tool under in listings (for example "Web")."""
    outbound_data: ClassVar[ToolOutboundData] = ToolOutboundData.MODEL_CHOSEN_ADDRESSES
    enforces_outbound_data_restriction: ClassVar[bool] = False
    """The tool checks the chat's outbound restriction itself, so the registry offers it."""
    asks_own_approval: ClassVar[bool] = False
    """In a chat that has taken in outside content, the tool asks for approval itself
    (:func:`studio.tools.approvals.require_approval`) for the part of a call that sends
    model-chosen data out, instead of the executor asking before every call."""
    returns_untrusted_content: ClassVar[bool] = True
    """Its results carry text written outside Studio (pages, mails, another program's output):
    they reach the model fenced as data and mark the chat as having taken in outside content.
    A result says which sources its text came from (``untrusted_sources``). The messages of the
    errors a tool raises on purpose (``ToolError`` and its kinds) reach the model as the tool's
    own words, unfenced: they must never carry outside text. Any other exception's message is
    fenced like a result."""
    has_side_effects: ClassVar[bool] = True
    """A call changes something beyond the conversation (writes, sends, deletes), so in a chat
    that has taken in outside content it runs only when approved."""
    sensitive_trace_argument_names: ClassVar[frozenset[str]] = frozenset()
    """Arguments shown masked in traces."""
    required_capabilities: ClassVar[frozenset[ModelCapability]] = frozenset(
        {ModelCapability.FUNCTION_CALLING}
    )
    """What the model must be able to do for this tool to be offered."""
    declared_settings: ClassVar[ToolSettings] = ToolSettings()
    """The tool's settings fields, each declared once; the definition's settings schema is
    ``declared_settings.schema()``, and the labels, help texts and defaults below come from it."""
    settings_group_labels: ClassVar[Mapping[str, str]] = {}
    """Translatable headings of settings groups, by group name."""
    progress_text: ClassVar[TranslatableText] = _PROGRESS
    """How the UI words the ``(done, wanted)`` a call reports through its context's
    ``progress``, e.g. "3 of 10 pages loaded"."""

    @property
    @abc.abstractmethod
    def implementation_key(self) -> str:
        """The key definitions use to find this implementation."""

    @property
    def is_available(self) -> bool:
        """Whether the tool exists in this app run at all (asked often: keep it cheap)."""
        return True

    @abc.abstractmethod
    def definition(self) -> ToolDefinition:
        """The tool's canonical definition."""

    @abc.abstractmethod
    def display_name(self) -> TranslatableText:
        """The name shown to the user."""

    @abc.abstractmethod
    def description(self) -> TranslatableText:
        """What the tool does, in words for the user."""

    # Settings texts and behaviour shown in the settings dialog.

    def settings_field_label(self, name: str, spec: SettingsField) -> str:
        """The translatable label of settings field ``name``; the schema's title if undeclared."""
        setting = self.declared_settings.get(name)
        return setting.label if setting is not None else spec.title or name

    def settings_field_description(self, name: str, spec: SettingsField) -> str:
        """The translatable help text of settings field ``name``."""
        setting = self.declared_settings.get(name)
        return setting.help if setting is not None else spec.description

    def settings_field_default(self, name: str) -> str | None:
        """The value the tool uses when the field is empty, shown as a placeholder."""
        setting = self.declared_settings.get(name)
        return setting.default_text if setting is not None else None

    def settings_group_label(self, group: str) -> str:
        """The heading of settings group ``group``."""
        return self.settings_group_labels.get(group, group)

    def settings_group_links(self, group: str) -> tuple[GroupLink, ...]:
        """Links shown under the heading of ``group`` (for example set-up guides)."""
        return ()

    def setting_problem(self, name: str, value: str) -> str | None:
        """Why ``value`` cannot be saved in field ``name``, judged on its own; None if it can.

        The settings service asks before it stores a value, after the field's declaration
        (choices, whole numbers and their bounds, its own ``check``). Only checks that need no
        other field belong here; ``value`` is never empty and never a secret's.
        """
        return None

    def configuration_problems(self, values: Mapping[str, str]) -> tuple[str, ...]:
        """Problems of the configuration as a whole that stand whatever else is missing.

        Asked on every check, next to the required fields and the field checks, so that all
        of a tool's problems are listed together (such as "no backend is configured" while a
        required field is empty too). ``values`` may hold missing and invalid values: read
        them defensively. Never put a secret into a message. Checks that need every field to
        be valid belong in :meth:`validate_configuration`.
        """
        return ()

    async def validate_configuration(self, values: Mapping[str, str]) -> str | None:
        """Check values beyond "required fields are set"; return a message if invalid.

        ``values`` are the effective values, secrets included. Never put a secret into the
        message.
        """
        return None

    # Per request.

    async def resolve_function(
        self, definition: ToolDefinition, context: ToolResolutionContext
    ) -> ToolFunction | None:
        """The function offered in this request; None leaves the tool out of it.

        Keep it cheap and stable for the same chat, down to the order of listed items:
        providers cache the request prefix.
        """
        return definition.function

    async def resolve_system_prompt_instructions(
        self, definition: ToolDefinition, context: ToolResolutionContext
    ) -> str:
        """The model-facing instructions for this request."""
        return definition.system_prompt_instructions

    @abc.abstractmethod
    async def execute(
        self, arguments: Mapping[str, Any], context: ToolExecutionContext
    ) -> ToolExecutionResult:
        """Run one call.

        Raises:
            ToolExecutionBlocked: an intentional policy block (a BLOCKED trace).
            ToolArgumentError: an argument was refused; the message helps the model fix it.
        """
