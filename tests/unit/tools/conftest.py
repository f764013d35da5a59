"""Fixtures for the registry, selection and discovery tests.

The registry is built on the real settings service: a settings file under ``tmp_path`` and the
file-backed test keyring the root conftest installs. Tools are made by :func:`make_tool`, a
configurable :class:`ToolImplementation`, because these tests vary every flag a tool declares.
"""

from __future__ import annotations

import itertools
from collections.abc import Awaitable, Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

import keyring
import pytest

from studio.config.organization import OrganizationPolicy
from studio.config.secrets import KeyringSecretStore
from studio.config.store import SettingsStore
from studio.kernel.context import ProviderContext, ToolExecutionContext, ToolResolutionContext
from studio.kernel.definition import (
    SettingsSchema,
    ToolActivation,
    ToolDefinition,
    ToolFunction,
    ToolVisibility,
)
from studio.kernel.policy import ConfidenceLevel, ModelCapability, ToolOutboundData
from studio.kernel.result import ToolExecutionResult
from studio.kernel.translatable import TranslatableText
from studio.tools.collection import ToolCollection
from studio.tools.implementation import ToolImplementation
from studio.tools.registry import ToolDefinitionSource, ToolRegistry
from studio.tools.settings import ToolSettingsService

TOOL_CAPABLE = frozenset({ModelCapability.FUNCTION_CALLING, ModelCapability.CHAT_COMPLETION_API})

EVERYWHERE = ToolVisibility()
NO_SETTINGS = SettingsSchema()

FunctionResolver = Callable[[ToolDefinition, ToolResolutionContext], Awaitable[ToolFunction | None]]
InstructionsResolver = Callable[[ToolDefinition, ToolResolutionContext], Awaitable[str]]


def parameters() -> dict[str, Any]:
    return {"type": "object", "properties": {}, "required": [], "additionalProperties": False}


class FakeTool(ToolImplementation):
    """A tool whose definition and behaviour the test chooses."""

    # Like an ordinary local tool: its results are its own text and it changes nothing.
    returns_untrusted_content = False
    has_side_effects = False

    def __init__(
        self,
        tool_id: str,
        *,
        key: str | None,
        function_name: str | None,
        activation: ToolActivation,
        visible_in: ToolVisibility,
        minimum: ConfidenceLevel,
        settings_schema: SettingsSchema,
        instructions: str,
        available: bool,
        resolve_function: FunctionResolver | None,
        resolve_instructions: InstructionsResolver | None,
        validation_message: str | None,
        definition_error: Exception | None,
    ) -> None:
        self.tool_id = tool_id
        self._key = tool_id if key is None else key
        self._definition = ToolDefinition(
            id=tool_id,
            implementation_key=self._key,
            visible_in=visible_in,
            minimum_provider_confidence=minimum,
            settings_schema=settings_schema,
            system_prompt_instructions=instructions,
            function=ToolFunction(
                name=function_name or tool_id,
                description=f"The test tool {tool_id}.",
                parameters=parameters(),
            ),
            activation=activation,
        )
        self.available = available
        self._resolve_function = resolve_function
        self._resolve_instructions = resolve_instructions
        self.validation_message = validation_message
        self.definition_error = definition_error

    @property
    def implementation_key(self) -> str:
        return self._key

    @property
    def is_available(self) -> bool:
        return self.available

    def definition(self) -> ToolDefinition:
        if self.definition_error is not None:
            raise self.definition_error
        return self._definition

    def display_name(self) -> TranslatableText:
        return TranslatableText("StudioTestTools", f"Tool {self.tool_id}")

    def description(self) -> TranslatableText:
        return TranslatableText("StudioTestTools", f"Does {self.tool_id}.")

    async def validate_configuration(self, values: Mapping[str, str]) -> str | None:
        return self.validation_message

    async def resolve_function(
        self, definition: ToolDefinition, context: ToolResolutionContext
    ) -> ToolFunction | None:
        if self._resolve_function is not None:
            return await self._resolve_function(definition, context)
        return await super().resolve_function(definition, context)

    async def resolve_system_prompt_instructions(
        self, definition: ToolDefinition, context: ToolResolutionContext
    ) -> str:
        if self._resolve_instructions is not None:
            return await self._resolve_instructions(definition, context)
        return await super().resolve_system_prompt_instructions(definition, context)

    async def execute(
        self, arguments: Mapping[str, Any], context: ToolExecutionContext
    ) -> ToolExecutionResult:
        return ToolExecutionResult(text_content="ok")


def _make_tool(
    tool_id: str,
    *,
    outbound: ToolOutboundData = ToolOutboundData.NONE,
    enforces: bool = False,
    capabilities: frozenset[ModelCapability] = frozenset({ModelCapability.FUNCTION_CALLING}),
    key: str | None = None,
    function_name: str | None = None,
    activation: ToolActivation = ToolActivation.SELECTION,
    visible_in: ToolVisibility = EVERYWHERE,
    minimum: ConfidenceLevel = ConfidenceLevel.NONE,
    settings_schema: SettingsSchema = NO_SETTINGS,
    instructions: str = "",
    available: bool = True,
    resolve_function: FunctionResolver | None = None,
    resolve_instructions: InstructionsResolver | None = None,
    validation_message: str | None = None,
    definition_error: Exception | None = None,
) -> FakeTool:
    # The data flags are class variables of ToolImplementation, so each tool gets its own class.
    cls = type(
        f"FakeTool_{tool_id or 'blank'}",
        (FakeTool,),
        {
            "outbound_data": outbound,
            "enforces_outbound_data_restriction": enforces,
            "required_capabilities": capabilities,
        },
    )
    tool: FakeTool = cls(
        tool_id,
        key=key,
        function_name=function_name,
        activation=activation,
        visible_in=visible_in,
        minimum=minimum,
        settings_schema=settings_schema,
        instructions=instructions,
        available=available,
        resolve_function=resolve_function,
        resolve_instructions=resolve_instructions,
        validation_message=validation_message,
        definition_error=definition_error,
    )
    return tool


@pytest.fixture
def make_tool() -> Callable[..., FakeTool]:
    """Makes a :class:`FakeTool`; tools send nothing out unless the test says so."""
    return _make_tool


def collection(
    collection_id: str,
    *tool_ids: str,
    minimum: ConfidenceLevel = ConfidenceLevel.NONE,
) -> ToolCollection:
    return ToolCollection(
        id=collection_id,
        tool_ids=tool_ids,
        display_name=TranslatableText("StudioTestTools", f"Collection {collection_id}"),
        description=TranslatableText("StudioTestTools", "A test collection."),
        minimum_provider_confidence=minimum,
        icon="folder",
    )


@pytest.fixture
def make_collection() -> Callable[..., ToolCollection]:
    """Makes a :class:`ToolCollection` from its id and member ids."""
    return collection


@pytest.fixture
def make_settings(tmp_path: Path) -> Callable[..., ToolSettingsService]:
    """Makes a real settings service: its own file under ``tmp_path``, the test keyring."""
    numbers = itertools.count()

    def make(organization: OrganizationPolicy | None = None) -> ToolSettingsService:
        store = SettingsStore(tmp_path / f"settings-{next(numbers)}.json")
        return ToolSettingsService(store, KeyringSecretStore(keyring.get_keyring()), organization)

    return make


@pytest.fixture
def settings(make_settings: Callable[..., ToolSettingsService]) -> ToolSettingsService:
    """A settings service for an organisation that decides nothing."""
    return make_settings()


@pytest.fixture
def make_registry(settings: ToolSettingsService) -> Callable[..., ToolRegistry]:
    """Builds a registry, on the ``settings`` fixture unless the test passes its own."""

    def make(
        implementations: Sequence[ToolImplementation],
        *,
        collections: Sequence[ToolCollection] = (),
        sources: Sequence[ToolDefinitionSource] = (),
        settings_service: ToolSettingsService | None = None,
    ) -> ToolRegistry:
        return ToolRegistry(
            implementations,
            collections=collections,
            definition_sources=sources,
            settings=settings_service or settings,
        )

    return make


def provider(
    confidence: ConfidenceLevel = ConfidenceLevel.HIGH,
    capabilities: frozenset[ModelCapability] = TOOL_CAPABLE,
) -> ProviderContext:
    return ProviderContext(name="test-provider", confidence=confidence, capabilities=capabilities)


@pytest.fixture
def make_provider() -> Callable[..., ProviderContext]:
    """Makes a provider context; by default a trusted model that can call tools."""
    return provider
