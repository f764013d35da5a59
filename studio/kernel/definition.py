"""What a tool is, as data: the canonical definition every adapter and check reads.

A definition may come from Studio's own code or arrive as data from elsewhere (a plugin
author's JSON). So the models accept what such data can hold, and the registry applies the
validation rules with a warning that names the rule, instead of pydantic rejecting a whole file
with an error nobody reads. Field names match the JSON keys.
"""

from __future__ import annotations

import enum
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from studio.kernel.policy import ConfidenceLevel

__all__ = [
    "SCHEMA_VERSION",
    "Component",
    "SettingsField",
    "SettingsSchema",
    "ToolActivation",
    "ToolDefinition",
    "ToolFunction",
    "ToolVisibility",
]

SCHEMA_VERSION = 1
"""The only definition schema version this Studio reads."""


class Component(enum.Enum):
    """The places in the app where tools can be offered."""

    CHAT = "CHAT"
    WEB_PAGE_SUMMARY_ASSISTANT = "WEB_PAGE_SUMMARY_ASSISTANT"
    TRANSLATION_ASSISTANT = "TRANSLATION_ASSISTANT"
    LEGAL_CHECK_ASSISTANT = "LEGAL_CHECK_ASSISTANT"
    TEXT_SUMMARY_ASSISTANT = "TEXT_SUMMARY_ASSISTANT"

    @classmethod
    def names(cls) -> frozenset[str]:
        """Every defined component name, for validating lists read from data."""
        return frozenset(member.value for member in cls)


class ToolActivation(enum.Enum):
    """How a tool reaches a request."""

    SELECTION = "SELECTION"
    """The user, a default or an assistant selects it."""
    CONTEXT = "CONTEXT"
    """It offers itself from the chat's context; nobody selects it."""


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class ToolVisibility(_Model):
    """Where a tool may be offered.

    With both lists empty the two flags decide: ``chat`` for the chat, ``assistants`` for every
    other component. As soon as either list has an entry the flags are ignored: an empty allow
    list allows every component, a non-empty one only its entries, and the deny list always wins.
    """

    chat: bool = True
    assistants: bool = True
    allowed_components: tuple[str, ...] = ()
    denied_components: tuple[str, ...] = ()

    def is_visible_in(self, component: Component) -> bool:
        """Whether the tool may be offered in ``component``."""
        if not self.allowed_components and not self.denied_components:
            return self.chat if component == Component.CHAT else self.assistants
        allowed = not self.allowed_components or component.value in self.allowed_components
        return allowed and component.value not in self.denied_components


class SettingsField(_Model):
    """One settings field. Every value is a string; flags say how it is kept and offered."""

    type: str = "string"
    title: str = ""
    """An English fallback label; the implementation supplies the translatable one."""
    description: str = ""
    secret: bool = False
    """Kept in the OS keyring, never in a settings file."""
    option_source: str | None = None
    """The name of a list the app maintains (see ``studio.tools.options``)."""
    enum: tuple[str, ...] = ()
    """The field's own choices, for definitions that arrive as data."""
    group: str = ""
    """The heading the field is shown under; empty means no group."""
    format: str = ""
    """How the string is read: ``"integer"`` is a whole number in plain digits; ``""`` (or a
    format this Studio does not know) is any text."""
    minimum: int | None = None
    """The smallest value of an ``"integer"`` field, if any."""
    maximum: int | None = None
    """The largest value of an ``"integer"`` field, if any."""


class SettingsSchema(_Model):
    """The settings a tool needs, in the shape of a JSON Schema object."""

    type: str = "object"
    properties: dict[str, SettingsField] = Field(default_factory=dict)
    required: tuple[str, ...] = ()

    def is_required(self, name: str) -> bool:
        """Whether the tool counts as unconfigured until ``name`` has a value."""
        return name in self.required

    def secret_fields(self) -> tuple[str, ...]:
        """The names of the fields kept in the keyring, in schema order."""
        return tuple(name for name, spec in self.properties.items() if spec.secret)


class ToolFunction(_Model):
    """The function the model sees: name, description and JSON Schema parameters."""

    name: str
    description: str
    """For the model only: what the tool does. Behavioural rules go in the instructions."""
    parameters: Any = Field(default_factory=lambda: {"type": "object", "properties": {}})
    """A JSON Schema object; the registry refuses anything else."""
    strict: bool = True
    """Ask hosts that enforce schemas to hold the model to this one."""


class ToolDefinition(_Model):
    """A tool as the registry, the adapters and the settings see it."""

    schema_version: int = SCHEMA_VERSION
    id: str
    implementation_key: str
    visible_in: ToolVisibility = ToolVisibility()
    minimum_provider_confidence: ConfidenceLevel = ConfidenceLevel.NONE
    settings_schema: SettingsSchema = SettingsSchema()
    system_prompt_instructions: str = ""
    """Model-facing rules appended to the system prompt while the tool can run."""
    function: ToolFunction
    activation: ToolActivation = ToolActivation.SELECTION
