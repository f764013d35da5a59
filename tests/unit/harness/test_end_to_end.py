"""The whole answer path, real parts only: loop, adapters, executor and tools over loopback HTTP.

Each test runs once per wire API against the fake provider. The real
:class:`~studio.harness.loop.ToolCallingLoop` drives the real adapter of a real
:class:`~studio.providers.provider.Provider`, the real
:class:`~studio.tools.executor.ToolExecutor` runs the test tools, and every request the
provider receives is validated against the official schema of its API when the test ends.
Arguments that break the schema a request offered are refused by the executor before the tool
runs, for a built-in (``web_search``) and for a tool with a plain JSON Schema alike.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import pytest
from pydantic import SecretStr

from studio.config.profiles import ProviderType
from studio.config.providers import ProviderSettings
from studio.harness.events import LoopEvent, RunFinished, TextDelta, ToolCallFinished
from studio.harness.loop import ToolCallingLoop, ToolCallingLoopContext
from studio.kernel.calls import ToolInvocationTrace, TraceStatus
from studio.kernel.context import ChatContext, ToolExecutionContext
from studio.kernel.policy import ConfidenceLevel, ToolOutboundData
from studio.kernel.result import ToolExecutionResult
from studio.providers.base import ChatMessage, Conversation
from studio.providers.errors import ProviderError, ProviderHTTPError
from studio.providers.provider import Provider
from studio.tools import selection
from studio.tools.builtin import BuiltinServices
from studio.tools.builtin.web_search import WebSearchTool
from studio.tools.executor import INVALID_CALL_CONTENT, ToolExecutor
from studio.tools.implementation import ToolImplementation
from studio.web.guard import PromptInjectionGuard
from studio.web.retrieval import WebRetrievalService
from tests.support import fake_provider as fake
from tests.support import openapi_schemas
from tests.support.resolvers import StaticResolver
from tests.support.sse_builders import CREATED
from tests.support.tools import (
    BlockingTool,
    EchoTool,
    FailingTool,
    PlainSchemaTool,
    RecordingTool,
    StaticSettings,
    runnable,
)

SECRET = "sk-e2e-31415926"
SYSTEM = "You are a test assistant."
COUNT_LIMIT = selection.tool_calls_unavailable_instruction(selection.MAX_TOOL_CALLS, 0)
CHARACTER_LIMIT = selection.tool_calls_unavailable_instruction(
    0, selection.MAX_TOOL_RESULT_CHARACTERS + 1
)
RETRY = "Please call the function again with corrected arguments."

fake_provider = fake.fake_provider


class SizedTool(RecordingTool):
    """Returns ``size`` characters, to reach the character limit in one call."""

    tool_id = "sized"
    function_name = "sized"
    name = "Sized"
    outbound_data = ToolOutboundData.NONE

    def __init__(self, size: int) -> None:
        super().__init__()
        self.size = size

    async def respond(
        self, arguments: Mapping[str, Any], context: ToolExecutionContext
    ) -> ToolExecutionResult:
        return ToolExecutionResult(text_content="x" * self.size)


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


# --- The three wire APIs, seen from a test --------------------------------------------------------


@dataclass(frozen=True, kw_only=True)
class Format:
    """How one wire API scripts a turn and where its requests keep what the tests look at."""

    name: str
    provider_type: ProviderType
    api: openapi_schemas.Api

    @property
    def supplies_missing_ids(self) -> bool:
        """Whether Studio can answer a call sent without an ID: only where the ID is its own."""
        return self.api == "chat_completions"

    def turn(
        self,
        text: Sequence[str] = (),
        calls: Sequence[fake.ToolCall] = (),
        reasoning: tuple[str, str] | None = None,
    ) -> fake.ModelTurn:
        """A model turn: text deltas, then calls; ``reasoning`` is (text, signature)."""
        match self.api:
            case "chat_completions":
                deltas = () if reasoning is None else (reasoning[0],)
                return fake.chat_turn(text, tool_calls=calls, reasoning_deltas=deltas)
            case "responses":
                item = None
                if reasoning is not None:
                    item = fake.Reasoning(summary=(reasoning[0],), encrypted_content=reasoning[1])
                return fake.responses_turn(text, function_calls=calls, reasoning=item)
            case "anthropic":
                return fake.anthropic_turn(text, tool_uses=calls, thinking=reasoning)

    def error(self, status: int) -> fake.ErrorTurn:
        if self.api == "anthropic":
            return fake.anthropic_error(status)
        return fake.openai_error(status)

    def call_without_id(self) -> fake.Turn:
        """A turn with an ``echo`` call that has no ID (and the text "Checking." if it fits)."""
        match self.api:
            case "chat_completions":
                return _chat_call_without_id()
            case "responses":
                return _responses_call_without_id()
            case "anthropic":
                return _anthropic_call_without_id()

    def system(self, body: Mapping[str, Any]) -> str:
        match self.api:
            case "chat_completions":
                first = body["messages"][0]
                return str(first["content"]) if first["role"] == "system" else ""
            case "responses":
                first = body["input"][0]
                return str(first["content"]) if first.get("role") == "developer" else ""
            case "anthropic":
                return str(body.get("system", ""))

    def tools(self, body: Mapping[str, Any]) -> list[Any]:
        """The tools the request offers; Responses sends ``[]`` where the others send none."""
        return list(body.get("tools") or [])

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

    def reasoning(self, body: Mapping[str, Any]) -> tuple[str, str | None]:
        """The reasoning the request sends back: its text, and its signature if the API has one."""
        match self.api:
            case "chat_completions":
                (turn,) = (
                    m
                    for m in body["messages"]
                    if m.get("role") == "assistant" and "tool_calls" in m
                )
                return turn["reasoning_content"], None
            case "responses":
                (item,) = (item for item in body["input"] if item.get("type") == "reasoning")
                return item["summary"][0]["text"], item["encrypted_content"]
            case "anthropic":
                (turn,) = (
                    m
                    for m in body["messages"]
                    if isinstance(m["content"], list) and m["role"] == "assistant"
                )
                block = turn["content"][0]
                assert block["type"] == "thinking"
                return block["thinking"], block["signature"]


def named(event: dict[str, Any]) -> str:
    return f"event: {event['type']}\ndata: {json.dumps(event)}"


# The turn builders always give a call an ID, so these streams add one by hand.


def _chat_call_without_id() -> fake.Turn:
    function = {"name": "echo", "arguments": '{"text": "x"}'}
    fragment = {"index": 0, "type": "function", "function": function}
    chunk = {
        "id": "chatcmpl-raw",
        "object": "chat.completion.chunk",
        "created": CREATED,
        "model": "test-model",
        "choices": [{"index": 0, "delta": {"tool_calls": [fragment]}, "finish_reason": None}],
    }
    turn = fake.chat_turn(["Checking."], finish_reason="tool_calls")
    return turn.with_unreadable_lines(f"data: {json.dumps(chunk)}", after=2)


def _responses_call_without_id() -> fake.Turn:
    # Without a message item: a completed response with output would override the raw item.
    item = {
        "id": "fc_raw",
        "type": "function_call",
        "name": "echo",
        "arguments": '{"text": "x"}',
        "status": "completed",
    }
    events = [
        {"type": f"response.output_item.{stage}", "output_index": 0, "item": item}
        for stage in ("added", "done")
    ]
    return fake.responses_turn().with_unreadable_lines(*map(named, events), after=2)


def _anthropic_call_without_id() -> fake.Turn:
    tool_use = {"type": "tool_use", "id": "", "name": "echo", "input": {}}
    delta = {"type": "input_json_delta", "partial_json": '{"text": "x"}'}
    events = [
        {"type": "content_block_start", "index": 1, "content_block": tool_use},
        {"type": "content_block_delta", "index": 1, "delta": delta},
        {"type": "content_block_stop", "index": 1},
    ]
    turn = fake.anthropic_turn(["Checking."], stop_reason="tool_use")
    # After the text block closes, before message_delta ends the message.
    return turn.with_unreadable_lines(*map(named, events), after=5)


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
    async def no_sleep(seconds: float) -> None:
        pass

    settings = ProviderSettings.from_user(
        name="Test host",
        type=wire.provider_type,
        base_url=f"{server.url}/v1",
        model="test-model",
        confidence=ConfidenceLevel.MEDIUM,
    )
    async with Provider(settings, SecretStr(SECRET), sleep=no_sleep) as provider:
        yield provider


# --- Running an answer ----------------------------------------------------------------------------


@dataclass
class Answer:
    """What one run yielded, and how it ended."""

    events: list[LoopEvent] = field(default_factory=list)
    error: BaseException | None = None

    @property
    def text(self) -> str:
        return "".join(event.text for event in self.events if isinstance(event, TextDelta))

    @property
    def traces(self) -> list[ToolInvocationTrace]:
        return [event.trace for event in self.events if isinstance(event, ToolCallFinished)]

    @property
    def finished(self) -> RunFinished:
        last = self.events[-1]
        assert isinstance(last, RunFinished), f"the run ended with {last!r}"
        return last


def make_context(provider: Provider, tools: Sequence[ToolImplementation]) -> ToolCallingLoopContext:
    runnables = [runnable(tool) for tool in tools]
    conversation = Conversation(
        system_prompt=SYSTEM,
        messages=(ChatMessage(role="user", text="Please help."),),
        tools=tuple(tool.function for tool in runnables),
    )
    return ToolCallingLoopContext(
        adapter=provider.new_adapter(conversation),
        runnable_tools=runnables,
        executor=ToolExecutor(StaticSettings()),
        provider=provider.context(),
        chat=ChatContext(),
    )


async def answer(provider: Provider, *tools: ToolImplementation) -> Answer:
    """Run one answer to its end; an error is kept, after the events before it."""
    result = Answer()
    try:
        async for event in ToolCallingLoop().run(make_context(provider, tools)):
            result.events.append(event)
    except ProviderError as error:
        result.error = error
    return result


def call(name: str, call_id: str, arguments: str | dict[str, Any] = "{}") -> fake.ToolCall:
    return fake.ToolCall(name=name, arguments=arguments, id=call_id)


# --- Answers --------------------------------------------------------------------------------------


async def test_answer_without_tools(
    provider: Provider, server: fake.FakeProviderServer, wire: Format
):
    server.enqueue(wire.turn(["Hello", " there."]))

    result = await answer(provider)

    assert result.text == "Hello there."
    assert result.finished.outcome == "answered"
    (request,) = server.requests
    assert wire.tools(request.json) == []
    assert wire.system(request.json) == SYSTEM


async def test_one_call_then_the_answer(
    provider: Provider, server: fake.FakeProviderServer, wire: Format
):
    echo = EchoTool()
    server.enqueue(
        wire.turn(["Let me check."], [call("echo", "call_a", {"text": "pong"})]),
        wire.turn(["It said pong."]),
    )

    result = await answer(provider, echo)

    assert result.text == "Let me check.\n\nIt said pong."
    assert result.finished.outcome == "answered"
    assert result.finished.tool_call_count == 1
    assert [recorded.arguments for recorded in echo.calls] == [{"text": "pong"}]
    assert [trace.status for trace in result.traces] == [TraceStatus.SUCCESS]
    first, second = (request.json for request in server.requests)
    assert len(wire.tools(first)) == 1
    assert len(wire.tools(second)) == 1
    assert [(call_id, content) for call_id, content, _ in wire.results(second)] == [
        ("call_a", "pong")
    ]


async def test_several_calls_in_one_round_run_in_order(
    provider: Provider, server: fake.FakeProviderServer, wire: Format
):
    echo = EchoTool()
    server.enqueue(
        wire.turn(
            calls=[call("echo", "call_a", {"text": "a"}), call("echo", "call_b", {"text": "b"})]
        ),
        wire.turn(["Both done."]),
    )

    result = await answer(provider, echo)

    assert result.text == "Both done."
    assert [recorded.arguments["text"] for recorded in echo.calls] == ["a", "b"]
    assert [
        (call_id, content) for call_id, content, _ in wire.results(server.last_request.json)
    ] == [
        ("call_a", "a"),
        ("call_b", "b"),
    ]


async def test_call_limit_ends_tool_use_with_a_final_round_without_tools(
    provider: Provider, server: fake.FakeProviderServer, wire: Format
):
    calls = [call("echo", f"call_{i}", {"text": str(i)}) for i in range(selection.MAX_TOOL_CALLS)]
    server.enqueue(wire.turn(calls=calls), wire.turn(["Final answer."]))

    result = await answer(provider, EchoTool())

    assert result.text == "Final answer."
    assert (result.finished.outcome, result.finished.limit_reached) == ("answered", True)
    assert result.finished.tool_call_count == selection.MAX_TOOL_CALLS
    final = server.last_request.json
    assert wire.tools(final) == []
    assert wire.system(final) == f"{SYSTEM}\n\n{COUNT_LIMIT}"
    assert len(wire.results(final)) == selection.MAX_TOOL_CALLS
    assert wire.system(server.requests[0].json) == SYSTEM


async def test_character_limit_ends_tool_use_with_a_final_round_without_tools(
    provider: Provider, server: fake.FakeProviderServer, wire: Format
):
    size = selection.MAX_TOOL_RESULT_CHARACTERS + 1
    server.enqueue(wire.turn(calls=[call("sized", "call_big")]), wire.turn(["Final answer."]))

    result = await answer(provider, SizedTool(size))

    assert result.finished.limit_reached
    assert result.finished.tool_result_characters == size
    final = server.last_request.json
    assert wire.tools(final) == []
    assert wire.system(final) == f"{SYSTEM}\n\n{CHARACTER_LIMIT}"
    assert [len(content) for _, content, _ in wire.results(final)] == [size]


async def test_invalid_arguments_are_answered_as_an_invalid_call(
    provider: Provider, server: fake.FakeProviderServer, wire: Format
):
    echo = EchoTool()
    server.enqueue(wire.turn(calls=[call("echo", "call_bad", '{"text": ')]), wire.turn(["Sorry."]))

    result = await answer(provider, echo)

    assert echo.calls == []
    assert result.text == "Sorry."
    assert [trace.status for trace in result.traces] == [TraceStatus.ERROR]
    ((call_id, content, is_error),) = wire.results(server.last_request.json)
    assert (call_id, content) == ("call_bad", INVALID_CALL_CONTENT)
    assert is_error in (None, True)


async def test_unknown_tool_is_answered_as_not_available(
    provider: Provider, server: fake.FakeProviderServer, wire: Format
):
    server.enqueue(
        wire.turn(calls=[call("web_lookup", "call_x", {"q": "news"})]), wire.turn(["No tool."])
    )

    result = await answer(provider, EchoTool())

    assert result.text == "No tool."
    assert [trace.status for trace in result.traces] == [TraceStatus.BLOCKED]
    ((_, content, is_error),) = wire.results(server.last_request.json)
    assert content == "Tool 'web_lookup' is not available."
    assert is_error in (None, True)


async def test_call_without_id_is_supplied_or_ends_the_answer(
    provider: Provider, server: fake.FakeProviderServer, wire: Format
):
    echo = EchoTool()
    server.enqueue(wire.call_without_id())
    if wire.supplies_missing_ids:
        server.enqueue(wire.turn(["Done."]))

    result = await answer(provider, echo)

    if wire.supplies_missing_ids:
        assert result.finished.outcome == "answered"
        assert [recorded.arguments for recorded in echo.calls] == [{"text": "x"}]
        ((call_id, content, _),) = wire.results(server.last_request.json)
        assert call_id.startswith("call_")
        assert content == "x"
    else:
        # The call cannot be answered, so the answer ends with the text that came with it.
        streamed = {"responses": "", "anthropic": "Checking.\n\n"}[wire.name]
        assert result.finished.outcome == "invalid-call"
        assert result.text == f"{streamed}{INVALID_CALL_CONTENT}"
        assert echo.calls == []
        assert len(server.requests) == 1


async def test_blocked_and_failed_tools_are_errors_to_the_model(
    provider: Provider, server: fake.FakeProviderServer, wire: Format
):
    server.enqueue(
        wire.turn(calls=[call("blocking", "call_block"), call("failing", "call_fail")]),
        wire.turn(["Neither worked."]),
    )

    result = await answer(provider, BlockingTool(), FailingTool())

    assert result.text == "Neither worked."
    assert [trace.status for trace in result.traces] == [TraceStatus.BLOCKED, TraceStatus.ERROR]
    results = wire.results(server.last_request.json)
    assert [(call_id, content) for call_id, content, _ in results] == [
        ("call_block", "Your organisation does not allow this service."),
        ("call_fail", "Tool execution failed: The backend did not answer."),
    ]
    assert {is_error for _, _, is_error in results} <= {None, True}
    if wire.api == "anthropic":
        assert [is_error for _, _, is_error in results] == [True, True]


async def test_reasoning_goes_back_with_the_turn(
    provider: Provider, server: fake.FakeProviderServer, wire: Format
):
    server.enqueue(
        wire.turn(
            ["Checking."],
            [call("echo", "call_r", {"text": "r"})],
            reasoning=("Deep thought.", "sig-opaque-1"),
        ),
        wire.turn(["Done."]),
    )

    result = await answer(provider, EchoTool())

    assert result.finished.outcome == "answered"
    text, signature = wire.reasoning(server.last_request.json)
    assert text == "Deep thought."
    assert signature == (None if wire.api == "chat_completions" else "sig-opaque-1")


# --- Stopping and failing -------------------------------------------------------------------------


async def test_cancelling_mid_stream_keeps_the_text_and_closes_the_connection(
    provider: Provider, server: fake.FakeProviderServer, wire: Format
):
    server.enqueue(wire.turn(["One ", "two ", "three ", "four."]).slowed(0.1))
    received: list[LoopEvent] = []
    first_text = asyncio.Event()

    async def consume() -> None:
        async for event in ToolCallingLoop().run(make_context(provider, [EchoTool()])):
            received.append(event)
            if isinstance(event, TextDelta) and event.text:
                first_text.set()

    task = asyncio.create_task(consume())
    await first_text.wait()
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task

    text = "".join(event.text for event in received if isinstance(event, TextDelta))
    assert text.startswith("One ")
    assert text != "One two three four."
    assert not any(isinstance(event, RunFinished) for event in received)
    assert server.exchanges[0].wait() == "client-closed"


@pytest.mark.parametrize("status", [401, 403, 404, 429, 500, 503], ids=str)
async def test_error_status_reaches_the_caller_after_the_text_before_it(
    provider: Provider, server: fake.FakeProviderServer, wire: Format, status: int
):
    retried = 1 + 2 if status in (429, 503) else 1
    server.enqueue(
        wire.turn(["Let me check."], [call("echo", "call_a", {"text": "a"})]),
        *[wire.error(status)] * retried,
    )

    result = await answer(provider, EchoTool())

    assert isinstance(result.error, ProviderHTTPError)
    assert result.error.status == status
    assert result.error.provider == "Test host"
    assert result.text == "Let me check."
    assert [trace.status for trace in result.traces] == [TraceStatus.SUCCESS]
    assert len(server.requests) == 1 + retried


# --- Arguments that break the offered schema ------------------------------------------------------
# Each refused call's result on the wire is one message that names every problem.


@pytest.fixture
async def web_search() -> AsyncIterator[RecordedWebSearch]:
    services = BuiltinServices(
        retrieval=WebRetrievalService(resolver=StaticResolver()), guard=PromptInjectionGuard()
    )
    yield RecordedWebSearch(services)
    await services.retrieval.aclose()


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
            calls=[
                call("web_search", "call_search", search_arguments),
                call("lookup", "call_lookup", lookup_arguments),
            ]
        ),
        wire.turn(["Both calls were refused."]),
    )

    result = await answer(provider, web_search, lookup)

    assert result.error is None
    assert web_search.calls == []
    assert lookup.calls == []
    assert [(trace.status, trace.was_executed) for trace in result.traces] == [
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
            f'"year". {RETRY}',
        ),
        (
            "call_lookup",
            "Tool execution failed: The call has 5 problems with its arguments. "
            "The argument 'engine' is not known; the allowed arguments are 'order', 'page', "
            "'query', 'site'. "
            'The argument \'order\' received "random", but it must be one of "newest", "oldest". '
            "The argument 'page' received 11, but it must be an integer from 1 to 10. "
            "The argument 'query' received 7, but it must be a string. "
            f"The argument 'site' is required but missing. {RETRY}",
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
        wire.turn(calls=[call("lookup", "call_1", {"query": "q"})]),
        # As a strict host sends it: every optional argument, as null.
        wire.turn(calls=[call("lookup", "call_2", corrected)]),
        wire.turn(["Found it."]),
    )

    result = await answer(provider, lookup)

    assert result.error is None
    assert [trace.status for trace in result.traces] == [TraceStatus.ERROR, TraceStatus.SUCCESS]
    assert [recorded.arguments for recorded in lookup.calls] == [{"query": "q", "site": "s"}]
    results = wire.results(server.last_request.json)
    assert [(call_id, content) for call_id, content, _ in results] == [
        ("call_1", f"Tool execution failed: The argument 'site' is required but missing. {RETRY}"),
        ("call_2", "ok"),
    ]
