"""Every built-in tool offers a parameters schema the executor can check arguments against.

The registry checks the schemas of definitions from outside Studio's code when it registers
them (rule R28); the built-ins' schemas are checked here, so start-up does not pay for it.
"""

from __future__ import annotations

import json
from collections.abc import AsyncIterator

import pytest

from studio.kernel.definition import ToolDefinition
from studio.tools import discovery
from studio.tools.builtin import BuiltinServices
from studio.tools.validation import schema_problem
from studio.web.guard import PromptInjectionGuard
from studio.web.retrieval import WebRetrievalService
from tests.support.resolvers import StaticResolver


@pytest.fixture
async def definitions() -> AsyncIterator[list[ToolDefinition]]:
    services = BuiltinServices(
        retrieval=WebRetrievalService(resolver=StaticResolver()), guard=PromptInjectionGuard()
    )
    yield [tool.definition() for tool in discovery.discover_builtin_tools(services)]
    await services.retrieval.aclose()


def test_every_builtin_offers_a_usable_plain_schema(definitions: list[ToolDefinition]) -> None:
    assert {definition.id for definition in definitions} >= {"read_web_page", "web_search"}
    for definition in definitions:
        parameters = definition.function.parameters
        assert schema_problem(parameters) is None, definition.id
        assert parameters["type"] == "object"
        assert parameters["additionalProperties"] is False
        assert set(parameters["required"]) <= set(parameters["properties"])
        text = json.dumps(parameters)
        for keyword in ("$ref", "$defs", "anyOf", "title", "default"):
            assert f'"{keyword}"' not in text, (definition.id, keyword)
