"""The request size the counter below the message field shows."""

from __future__ import annotations

import json
from pathlib import Path

import keyring
import pytest

from studio.config.secrets import KeyringSecretStore
from studio.config.store import SettingsStore
from studio.harness.counting import (
    RequestSize,
    measure_request,
    offered_functions,
    tools_json,
)
from studio.kernel.context import ProviderContext
from studio.kernel.policy import ConfidenceLevel, ModelCapability
from studio.providers.base import ChatMessage
from studio.tools.registry import ToolRegistry
from studio.tools.settings import ToolSettingsService
from tests.support.tools import EchoTool, SearchTool

TOOL_CAPABLE = frozenset({ModelCapability.FUNCTION_CALLING, ModelCapability.CHAT_COMPLETION_API})


@pytest.fixture
def registry(tmp_path: Path) -> ToolRegistry:
    settings = ToolSettingsService(
        SettingsStore(tmp_path / "settings.json"), KeyringSecretStore(keyring.get_keyring())
    )
    return ToolRegistry([EchoTool(), SearchTool()], settings=settings)


def provider(confidence: ConfidenceLevel = ConfidenceLevel.HIGH) -> ProviderContext:
    return ProviderContext(name="Fake", confidence=confidence, capabilities=TOOL_CAPABLE)


@pytest.mark.parametrize(
    ("characters", "tokens"), [(0, 0), (1, 1), (4, 1), (5, 2), (400, 100)], ids=str
)
def test_request_size_estimates_four_characters_per_token(characters: int, tokens: int) -> None:
    assert RequestSize(characters=characters).estimated_tokens == tokens


def test_measure_request_counts_prompt_history_message_and_recorded_texts() -> None:
    size = measure_request(
        message="Hello",
        system_prompt="Be brief.",
        history=(ChatMessage(role="user", text="Hi"), ChatMessage(role="assistant", text="Yes?")),
        recorded=("call", "result"),
    )

    assert size.characters == len("Hello") + len("Be brief.") + 2 + 4 + 4 + 6


def test_measure_request_counts_the_tool_definitions_as_json(registry: ToolRegistry) -> None:
    functions = tuple(definition.function for definition in registry.definitions())

    with_tools = measure_request(message="Hello", tools=functions)

    assert with_tools.characters == len("Hello") + len(tools_json(functions))
    names = [entry["name"] for entry in json.loads(tools_json(functions))]
    assert sorted(names) == ["echo", "search_sources"]


def test_tools_json_of_no_tools_is_not_counted() -> None:
    assert measure_request(message="", tools=()).characters == 0


async def test_offered_functions_are_those_of_the_selection(registry: ToolRegistry) -> None:
    both = await offered_functions(registry, ["echo", "search_sources"], provider())
    one = await offered_functions(registry, ["echo"], provider())

    assert sorted(function.name for function in both) == ["echo", "search_sources"]
    assert [function.name for function in one] == ["echo"]


async def test_offered_functions_are_empty_for_a_model_without_tools(
    registry: ToolRegistry,
) -> None:
    no_tools = ProviderContext(name="Plain", confidence=ConfidenceLevel.HIGH)

    assert await offered_functions(registry, ["echo"], no_tools) == ()
