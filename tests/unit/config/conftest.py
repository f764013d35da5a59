"""Shared fixtures for the settings tests: a small tool, its definition and a service factory."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

import pytest

from studio.config.organization import OrganizationPolicy
from studio.config.paths import StudioPaths
from studio.config.secrets import KeyringSecretStore, SecretStore
from studio.config.store import SettingsStore
from studio.kernel.context import ToolExecutionContext
from studio.kernel.definition import ToolDefinition, ToolFunction
from studio.kernel.result import ToolExecutionResult
from studio.kernel.translatable import QT_TRANSLATE_NOOP, TranslatableText
from studio.tools import options
from studio.tools.implementation import ToolImplementation
from studio.tools.schema import ParametersBuilder, SettingsBuilder
from studio.tools.settings import ToolSettingsService

TOOL_ID = "sample_search"
"""The id of the sample tool; the test modules spell it out as well."""


class SampleTool(ToolImplementation):
    """A tool with one field of every kind: plain, secret, required, option source and enum.

    Required, in this order: ``endpoint`` (plain) and ``api_key`` (secret). Optional:
    ``max_results`` (plain), ``language`` (option source) and ``mode`` (own values).
    """

    # Like an ordinary local tool: its results are its own text and it changes nothing.
    returns_untrusted_content = False
    has_side_effects = False

    def __init__(
        self,
        *,
        validation_message: str | None = None,
        validation_error: Exception | None = None,
    ) -> None:
        self.validation_message = validation_message
        self.validation_error = validation_error
        self.validated: list[dict[str, str]] = []

    @property
    def implementation_key(self) -> str:
        return "sample"

    def definition(self) -> ToolDefinition:
        settings = (
            SettingsBuilder()
            .group("Service")
            .required("endpoint", "Endpoint")
            .required_secret("api_key", "API key")
            .group("Results")
            .optional("max_results", "Maximum results")
            .optional_choice("language", options.COMMON_LANGUAGES, "Language")
            .optional_enum("mode", ("FAST", "THOROUGH"), "Mode")
            .build()
        )
        parameters = ParametersBuilder().required_string("query", "What to look for.").build()
        return ToolDefinition(
            id=TOOL_ID,
            implementation_key=self.implementation_key,
            settings_schema=settings,
            function=ToolFunction(
                name=TOOL_ID, description="Searches the sample index.", parameters=parameters
            ),
        )

    def display_name(self) -> TranslatableText:
        return QT_TRANSLATE_NOOP("SampleTool", "Sample search")

    def description(self) -> TranslatableText:
        return QT_TRANSLATE_NOOP("SampleTool", "Searches the sample index.")

    async def validate_configuration(self, values: Mapping[str, str]) -> str | None:
        self.validated.append(dict(values))
        if self.validation_error is not None:
            raise self.validation_error
        return self.validation_message

    async def execute(
        self, arguments: Mapping[str, Any], context: ToolExecutionContext
    ) -> ToolExecutionResult:
        return ToolExecutionResult(text_content="nothing found")


@pytest.fixture
def make_tool() -> Callable[..., SampleTool]:
    """Make a sample tool whose ``validate_configuration`` answers as told."""
    return SampleTool


@pytest.fixture
def sample_tool(make_tool: Callable[..., SampleTool]) -> SampleTool:
    return make_tool()


@pytest.fixture
def definition(sample_tool: SampleTool) -> ToolDefinition:
    return sample_tool.definition()


@pytest.fixture
def studio_paths(tmp_path: Path) -> StudioPaths:
    return StudioPaths.for_basedir(tmp_path / "profile")


@pytest.fixture
def settings_file(studio_paths: StudioPaths) -> Path:
    return studio_paths.settings_file


@pytest.fixture
def settings_service(settings_file: Path) -> Callable[..., ToolSettingsService]:
    """Make a service on the test profile; each call reads the settings file afresh.

    Without ``secrets`` the service uses the system store, which is the test keyring backend.
    """

    def make(
        organization: OrganizationPolicy | None = None, *, secrets: SecretStore | None = None
    ) -> ToolSettingsService:
        store = secrets if secrets is not None else KeyringSecretStore.from_system()
        return ToolSettingsService(SettingsStore(settings_file), store, organization)

    return make
