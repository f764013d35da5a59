"""Arguments that break the offered schema never reach a tool, on all three wire APIs.

The real loop drives the real adapter against the fake provider over loopback HTTP, and the real
executor checks each call against the schema the request offered. One tool is a built-in
(``web_search``, whose schema comes from its pydantic model), the other declares a plain JSON
Schema as an MCP server would. Each refused call's result on the wire is one message that names
every problem, and every request passes the official schema of its API.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator, Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

import pytest
from pydantic import SecretStr

from studio.config.profiles import ProviderType
from studio.config.providers import ProviderSettings
from studio.harness.events import ToolCallFinished
from studio.harness.loop import ToolCallingLoop, ToolCallingLoopContext
from studio.kernel.calls import TraceStatus
from studio.kernel.context import ChatContext, ToolExecutionContext
from studio.kernel.policy import ConfidenceLevel
from studio.kernel.result import ToolExecutionResult
from studio.providers.base import ChatMessage, Conversation
from studio.providers.provider import Provider
from studio.tools.builtin import BuiltinServices
from studio.tools.builtin.web_search import WebSearchTool
from studio.tools.executor import ToolExecutor
from studio.tools.implementation import ToolImplementation
from studio.web.guard import PromptInjectionGuard
from studio.web.retrieval import WebRetrievalService
from tests.support import fake_provider as fake
from tests.support import openapi_schemas
from tests.support.resolvers import StaticResolver
from tests.support.tools import RecordingTool, StaticSettings, runnable

fake_provider = fake.fake_provider

_CLOSING = "Please call the function again with corrected arguments."


class PlainSchemaTool(RecordingTool):
    """Declares its arguments as a plain JSON Schema, like an MCP server's ``inputSchema``."""

    tool_id = "lookup"
    function_name = "lookup"
    name = "Lookup"

    SCHEMA: ClassVar[dict[str, Any]] = {
        "$schema": "http://json-schema.org/draft-07/schema#",
        "type": "object",
        "properties": {
            "query": {"type": "string", "description": "What to look up."},
            "site": {"type": "string", "description": "Where to look."},
            "page": {"type": "integer", "minimum": 1, "maximum": 10},
            "order": {"type": "string", "enum": ["newest", "oldest"]},
        },
        "required": ["query", "site"],
        "additionalProperties": False,
    }

    def parameters(self) -> dict[str, Any]:
        return self.SCHEMA


class RecordedWebSearch(WebSearchTool):
    """The built-in search, noting every call that reaches it."""

    def __init__(self, services: BuiltinServices) -> None:
        super().__init__(services)
        self.calls: list[dict[str, Any]] = []

    async def execute(
        self, arguments: Mapping[str, Any], context: ToolExecutionContext
    ) -> ToolExecutionResult:
        self.calls.append(dict(arguments))
        return await super().execute(arguments, context)


@dataclass(frozen=True, kw_only=True)
class Format:
    name: str
    provider_type: ProviderType
    api: openapi_schemas.Api

    def turn(self, text: list[str], calls: list[fake.ToolCall] | None = None) -> fake.ModelTurn:
        match self.api:
            case "chat_completions":
                return fake.chat_turn(text, tool_calls=calls or ())
            case "responses":
                return fake.responses_turn(text, function_calls=calls or ())
            case "anthropic":
                return fake.anthropic_turn(text, tool_uses=calls or ())

    def results(self, body: Mapping[str, Any]) -> list[tuple[str, str, bool | None]]:
        """Every tool result in the request: (call id, content, the API's error flag or None)."""
        match self.api:
            case "chat_completions":
                return [
                    (message["tool_call_id"], message["content"], None)
                    for message in body["messages"]
                    if message["role"] == "tool"
                ]
            case "responses":
                return [
                    (item["call_id"], item["output"], None)
                    for item in body["input"]
                    if item.get("type") == "function_call_output"
                ]
            case "anthropic":
                return [
                    (block["tool_use_id"], block["content"], block["is_error"])
                    for message in body["messages"]
                    if message["role"] == "user" and isinstance(message["content"], list)
                    for block in message["content"]
                    if block["type"] == "tool_result"
                ]


FORMATS = [
    Format(name="chat", provider_type=ProviderType.OPENAI_CHAT, api="chat_completions"),
    Format(name="responses", provider_type=ProviderType.OPENAI_RESPONSES, api="responses"),
    Format(name="anthropic", provider_type=ProviderType.ANTHROPIC, api="anthropic"),
]


@pytest.fixture(params=FORMATS, ids=[f.name for f in FORMATS])
def wire(request: pytest.FixtureRequest) -> Format:
    wire_format: Format = request.param
    return wire_format


@pytest.fixture
def server(
    fake_provider: fake.FakeProviderServer, wire: Format
) -> Iterator[fake.FakeProviderServer]:
    yield fake_provider
    for request in fake_provider.requests:
        assert request.api == wire.api
        openapi_schemas.validate_request(wire.api, request.json)


@pytest.fixture
async def provider(server: fake.FakeProviderServer, wire: Format) -> AsyncIterator[Provider]:
    settings = ProviderSettings.from_user(
        name="Test host",
        type=wire.provider_type,
        base_url=f"{server.url}/v1",
        model="test-model",
        confidence=ConfidenceLevel.MEDIUM,
    )
    async with Provider(settings, SecretStr("sk-refusals-2718")) as provider:
        yield provider


@pytest.fixture
async def web_search() -> AsyncIterator[RecordedWebSearch]:
    services = BuiltinServices(
        retrieval=WebRetrievalService(resolver=StaticResolver()), guard=PromptInjectionGuard()
    )
    yield RecordedWebSearch(services)
    await services.retrieval.aclose()


async def run(provider: Provider, *tools: ToolImplementation) -> list[ToolCallFinished]:
    runnables = [runnable(tool) for tool in tools]
    conversation = Conversation(
        system_prompt="You are a test assistant.",
        messages=(ChatMessage(role="user", text="Please look it up."),),
        tools=tuple(tool.function for tool in runnables),
    )
    context = ToolCallingLoopContext(
        adapter=provider.new_adapter(conversation),
        runnable_tools=runnables,
        executor=ToolExecutor(StaticSettings()),
        provider=provider.context(),
        chat=ChatContext(),
    )
    return [
        event
        async for event in ToolCallingLoop().run(context)
        if isinstance(event, ToolCallFinished)
    ]


async def test_arguments_that_break_the_offered_schema_never_reach_the_tool(
    provider: Provider,
    server: fake.FakeProviderServer,
    wire: Format,
    web_search: RecordedWebSearch,
) -> None:
    lookup = PlainSchemaTool()
    search_arguments = {"page": 0, "time_range": "week", "limit": "5", "engines": "google"}
    lookup_arguments = {"query": 7, "page": 11, "order": "random", "engine": "x"}
    server.enqueue(
        wire.turn(
            [],
            [
                fake.ToolCall(name="web_search", arguments=search_arguments, id="call_search"),
                fake.ToolCall(name="lookup", arguments=lookup_arguments, id="call_lookup"),
            ],
        ),
        wire.turn(["Both calls were refused."]),
    )

    finished = await run(provider, web_search, lookup)

    assert web_search.calls == []
    assert lookup.calls == []
    assert [(event.trace.status, event.trace.was_executed) for event in finished] == [
        (TraceStatus.ERROR, False),
        (TraceStatus.ERROR, False),
    ]
    results = wire.results(server.last_request.json)
    assert [(call_id, content) for call_id, content, _ in results] == [
        (
            "call_search",
            "Tool execution failed: The call has 5 problems with its arguments. "
            "The argument 'engines' is not known; the allowed arguments are 'language', 'limit', "
            "'page', 'query', 'time_range'. "
            "The argument 'limit' received \"5\", but it must be an integer from 1 to 20. "
            "The argument 'page' received 0, but it must be an integer from 1 to 20. "
            "The argument 'query' is required but missing. "
            'The argument \'time_range\' received "week", but it must be one of "day", "month", '
            f'"year". {_CLOSING}',
        ),
        (
            "call_lookup",
            "Tool execution failed: The call has 5 problems with its arguments. "
            "The argument 'engine' is not known; the allowed arguments are 'order', 'page', "
            "'query', 'site'. "
            'The argument \'order\' received "random", but it must be one of "newest", "oldest". '
            "The argument 'page' received 11, but it must be an integer from 1 to 10. "
            "The argument 'query' received 7, but it must be a string. "
            f"The argument 'site' is required but missing. {_CLOSING}",
        ),
    ]
    if wire.api == "anthropic":
        assert [is_error for _, _, is_error in results] == [True, True]


async def test_a_corrected_call_then_runs_with_its_optional_nulls_left_out(
    provider: Provider, server: fake.FakeProviderServer, wire: Format
) -> None:
    lookup = PlainSchemaTool()
    corrected = {"query": "q", "site": "s", "page": None, "order": None}
    server.enqueue(
        wire.turn([], [fake.ToolCall(name="lookup", arguments={"query": "q"}, id="call_1")]),
        # As a strict host sends it: every optional argument, as null.
        wire.turn([], [fake.ToolCall(name="lookup", arguments=corrected, id="call_2")]),
        wire.turn(["Found it."]),
    )

    finished = await run(provider, lookup)

    assert [event.trace.status for event in finished] == [TraceStatus.ERROR, TraceStatus.SUCCESS]
    assert [call.arguments for call in lookup.calls] == [{"query": "q", "site": "s"}]
    results = wire.results(server.last_request.json)
    assert [(call_id, content) for call_id, content, _ in results] == [
        (
            "call_1",
            f"Tool execution failed: The argument 'site' is required but missing. {_CLOSING}",
        ),
        ("call_2", "ok"),
    ]
