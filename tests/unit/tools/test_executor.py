from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import Mapping, Sequence
from typing import Any

import pytest

from studio.errors import SecretStoreError, ToolArgumentError
from studio.kernel.calls import ToolCall, TraceStatus
from studio.kernel.context import (
    MASK,
    ChatContext,
    ProviderContext,
    SettingsValues,
    ToolExecutionContext,
)
from studio.kernel.definition import Component, ToolDefinition
from studio.kernel.policy import (
    ChatRequirements,
    ConfidenceLevel,
    DataSecurity,
    OutboundDataRequirement,
    OutboundDataRestriction,
)
from studio.kernel.result import ToolExecutionResult
from studio.kernel.translatable import TranslatableText
from studio.tools import executor as executor_module
from studio.tools.executor import (
    INVALID_CALL_CONTENT,
    ToolCallOutcome,
    ToolExecutor,
)
from studio.tools.runnable import RunnableTool
from tests.support.tools import (
    BlockingTool,
    EchoTool,
    FailingTool,
    LinksTool,
    PlainSchemaTool,
    RecordingTool,
    SearchTool,
    StaticSettings,
    WaitingTool,
    runnable,
)


class RefusingTool(RecordingTool):
    """Takes any ``url`` the schema allows and refuses it itself, as a check beyond a schema."""

    REFUSAL = "Argument 'url' must be a valid HTTP or HTTPS URL."

    tool_id = "refusing"
    function_name = "refusing"
    name = "Refusing"

    def parameters(self) -> dict[str, Any]:
        return {
            "type": "object",
            "properties": {"url": {"type": "string"}},
            "required": ["url"],
            "additionalProperties": False,
        }

    async def respond(
        self, arguments: Mapping[str, Any], context: ToolExecutionContext
    ) -> ToolExecutionResult:
        raise ToolArgumentError(self.REFUSAL)


_PROVIDER = ProviderContext(name="local", confidence=ConfidenceLevel.HIGH)
_SECRET_SETTING = "settings-secret-4d1e"


@pytest.fixture
def settings() -> StaticSettings:
    return StaticSettings(
        {"echo": {"prefix": "p", "api_key": _SECRET_SETTING}},
        secret_fields=frozenset({"api_key"}),
    )


@pytest.fixture
def executor(settings: StaticSettings) -> ToolExecutor:
    return ToolExecutor(settings)


async def _execute(
    executor: ToolExecutor,
    tools: Sequence[RunnableTool],
    function_name: str,
    arguments_json: str = "",
    *,
    chat: ChatContext | None = None,
    call_id: str = "call-1",
    order: int = 1,
) -> ToolCallOutcome:
    call = ToolCall(
        call_id=call_id, function_name=function_name, arguments_json=arguments_json, is_valid=True
    )
    return await executor.execute(
        call,
        runnable=tools,
        provider=_PROVIDER,
        chat=chat if chat is not None else ChatContext(),
        component=Component.CHAT,
        order=order,
    )


def _restricted_chat(
    level: OutboundDataRestriction = OutboundDataRestriction.ONLY_LINKS_FROM_CHAT, origin: str = ""
) -> ChatContext:
    requirement = OutboundDataRequirement(level=level, origin=origin)
    return ChatContext(requirements=ChatRequirements(outbound=requirement))


def _assert_demands_nothing(outcome: ToolCallOutcome) -> None:
    assert outcome.sources == ()
    assert outcome.required_provider_confidence == ConfidenceLevel.NONE
    assert outcome.required_data_security == DataSecurity.NOT_SPECIFIED
    assert outcome.required_outbound_restriction is None
    assert outcome.returned_web_addresses == frozenset()


# Success.


async def test_executor_success_returns_content_and_a_full_trace(executor: ToolExecutor) -> None:
    outcome = await _execute(executor, [runnable(EchoTool())], "echo", '{"text": "hello"}', order=3)

    assert outcome.content == "hello"
    assert not outcome.is_error
    trace = outcome.trace
    assert trace.status == TraceStatus.SUCCESS
    assert trace.was_executed
    assert (trace.order, trace.tool_id, trace.tool_call_id) == (3, "echo", "call-1")
    assert trace.display_name == "Echo"
    assert isinstance(trace.display_name, TranslatableText)
    assert trace.tool_icon == "echo"
    assert trace.status_message is None
    assert trace.status_text() == ""
    assert trace.arguments == {"text": "hello"}
    assert trace.result == "hello"
    _assert_demands_nothing(outcome)


async def test_executor_success_gives_the_tool_its_context(
    executor: ToolExecutor, settings: StaticSettings
) -> None:
    tool = EchoTool()
    chat = ChatContext()

    await _execute(executor, [runnable(tool)], "echo", '{"text": "hi"}', chat=chat, call_id="c7")

    (call,) = tool.calls
    assert call.arguments == {"text": "hi"}
    assert call.context.definition.id == "echo"
    assert call.context.tool_call_id == "c7"
    assert call.context.settings.value("prefix") == "p"
    assert call.context.provider is _PROVIDER
    assert call.context.chat is chat
    assert call.context.component == Component.CHAT
    assert settings.requested == ["echo"]


async def test_executor_success_carries_the_result_demands(executor: ToolExecutor) -> None:
    requirement = OutboundDataRequirement(
        level=OutboundDataRestriction.ONLY_CONFIGURED_SERVICES, origin="Work mailbox"
    )
    tool = SearchTool(outbound=requirement)

    outcome = await _execute(executor, [runnable(tool)], "search_sources", '{"query": "hr"}')

    assert outcome.trace.status == TraceStatus.SUCCESS
    assert json.loads(outcome.content)["results"][1]["title"] == "Über uns"
    assert "Über uns" in outcome.content
    assert outcome.sources == SearchTool.DEFAULT_SOURCES
    assert outcome.required_provider_confidence == ConfidenceLevel.HIGH
    assert outcome.required_data_security == DataSecurity.SELF_HOSTED
    assert outcome.required_outbound_restriction == requirement
    assert outcome.returned_web_addresses == {
        "https://intranet.example/handbook",
        "https://intranet.example/about",
    }


@pytest.mark.parametrize(
    "arguments_json",
    [pytest.param("", id="empty"), pytest.param("  \n\t", id="blank")],
)
async def test_executor_reads_blank_arguments_as_an_empty_object(
    executor: ToolExecutor, arguments_json: str
) -> None:
    tool = RecordingTool()

    outcome = await _execute(executor, [runnable(tool)], "recording", arguments_json)

    assert outcome.trace.status == TraceStatus.SUCCESS
    assert tool.calls[0].arguments == {}
    assert outcome.trace.arguments == {}


# Trace arguments.


async def test_executor_trace_renders_arguments_as_compact_json(executor: ToolExecutor) -> None:
    arguments = {
        "s": "plain text",
        "n": 3,
        "f": 1.5,
        "b": True,
        "z": None,
        "l": [1, "a"],
        "o": {"k": "Ü"},
    }

    outcome = await _execute(
        executor, [runnable(RecordingTool())], "recording", json.dumps(arguments)
    )

    assert outcome.trace.arguments == {
        "s": "plain text",
        "n": "3",
        "f": "1.5",
        "b": "true",
        "z": "null",
        "l": '[1,"a"]',
        "o": '{"k":"Ü"}',
    }


async def test_executor_trace_masks_sensitive_arguments(executor: ToolExecutor) -> None:
    arguments_json = '{"text": "hi", "secret": "hunter2-9c1b"}'

    outcome = await _execute(executor, [runnable(EchoTool())], "echo", arguments_json)

    assert outcome.trace.status == TraceStatus.SUCCESS
    assert outcome.trace.arguments == {"text": "hi", "secret": "*****"}
    assert "hunter2-9c1b" not in repr(outcome.trace)


async def test_executor_trace_never_holds_settings(executor: ToolExecutor) -> None:
    outcome = await _execute(executor, [runnable(EchoTool())], "echo", '{"text": "hi"}')

    assert _SECRET_SETTING not in repr(outcome)
    assert _SECRET_SETTING not in repr(outcome.trace.__dict__)


async def test_executor_trace_formatting_failure_logs_only_ids(
    executor: ToolExecutor, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    def fail(value: object) -> str:
        raise ValueError(f"cannot format {value!r}")

    monkeypatch.setattr(executor_module, "_compact", fail)
    caplog.set_level(logging.DEBUG)

    outcome = await _execute(
        executor, [runnable(EchoTool())], "echo", '{"text": "value-5e2f"}', call_id="c9"
    )

    assert outcome.trace.status == TraceStatus.SUCCESS
    assert outcome.trace.arguments == {}
    (record,) = [r for r in caplog.records if "format" in r.getMessage()]
    assert record.levelno == logging.WARNING
    assert record.args == ("echo", "c9")
    assert record.exc_info is None
    assert "value-5e2f" not in caplog.text


# Not available.


@pytest.mark.parametrize(
    "function_name",
    [
        pytest.param("nope", id="unknown"),
        pytest.param("Echo", id="other-case"),
        pytest.param("echo ", id="trailing-space"),
        pytest.param("", id="empty"),
    ],
)
async def test_executor_not_available_blocks_names_not_matched_exactly(
    executor: ToolExecutor, function_name: str
) -> None:
    tool = EchoTool()

    outcome = await _execute(executor, [runnable(tool)], function_name, '{"text": "x"}')

    assert outcome.content == f"Tool {function_name!r} is not available."
    assert outcome.is_error
    trace = outcome.trace
    assert trace.status == TraceStatus.BLOCKED
    assert not trace.was_executed
    assert trace.status_text() == (
        f"The model called the function {function_name!r}, which no installed tool provides."
    )
    assert trace.status_message is not None
    assert trace.status_message.context == "ToolExecutor"
    assert (trace.tool_id, trace.display_name) == ("", function_name)
    assert trace.arguments == {"text": "x"}
    assert tool.calls == []
    _assert_demands_nothing(outcome)


async def test_a_call_to_an_installed_tool_not_offered_names_it_and_masks_its_secrets() -> None:
    offered, hidden = SearchTool(), EchoTool()
    executor = ToolExecutor(
        StaticSettings(),
        known_tools=lambda: [(t.definition(), t) for t in (offered, hidden)],
    )

    outcome = await _execute(
        executor, [runnable(offered)], "echo", '{"text": "q", "secret": "hunter2"}'
    )

    trace = outcome.trace
    assert outcome.content == "Tool 'echo' is not available."
    assert trace.status == TraceStatus.BLOCKED
    assert (trace.tool_id, trace.display_name) == ("echo", hidden.display_name())
    assert trace.arguments == {"text": "q", "secret": MASK}
    assert trace.status_text().startswith(
        "The model called a tool that was not offered for this request"
    )
    assert hidden.calls == []


async def test_a_call_to_an_unknown_function_masks_what_installed_tools_call_sensitive() -> None:
    hidden = EchoTool()
    executor = ToolExecutor(StaticSettings(), known_tools=lambda: [(hidden.definition(), hidden)])

    outcome = await _execute(executor, [], "made_up", '{"secret": "hunter2", "n": 3}')

    assert outcome.trace.arguments == {"secret": MASK, "n": "3"}
    assert outcome.trace.display_name == "made_up"


async def test_executor_finds_tools_by_their_resolved_function_name(executor: ToolExecutor) -> None:
    base = runnable(EchoTool())
    renamed = RunnableTool(
        definition=base.definition,
        implementation=base.implementation,
        function=base.function.model_copy(update={"name": "echo_v2"}),
        instructions="",
    )

    by_id = await _execute(executor, [renamed], "echo", '{"text": "x"}')
    by_function = await _execute(executor, [renamed], "echo_v2", '{"text": "x"}')

    assert by_id.trace.status == TraceStatus.BLOCKED
    assert by_function.trace.status == TraceStatus.SUCCESS
    assert by_function.trace.tool_id == "echo"


# Outbound restriction.


@pytest.mark.parametrize(
    ("origin", "shown"),
    [
        pytest.param("Work mailbox", "Content from Work mailbox limits", id="with-origin"),
        pytest.param("", "This chat now limits", id="without-origin"),
    ],
)
async def test_executor_outbound_restriction_blocks_before_the_call(
    executor: ToolExecutor, origin: str, shown: str
) -> None:
    tool = LinksTool()
    chat = _restricted_chat(origin=origin)

    outcome = await _execute(executor, [runnable(tool)], "find_links", '{"query": "q"}', chat=chat)

    assert tool.calls == []
    assert outcome.trace.status == TraceStatus.BLOCKED
    assert not outcome.trace.was_executed
    assert outcome.content.startswith("Tool 'find_links' cannot run: this chat now restricts")
    assert outcome.trace.status_message is not None
    assert outcome.trace.status_message.context == "ToolExecutor"
    assert outcome.trace.status_text().startswith(shown)
    assert outcome.trace.arguments == {}
    _assert_demands_nothing(outcome)


class _SelfPolicingLinksTool(LinksTool):
    enforces_outbound_data_restriction = True


@pytest.mark.parametrize(
    ("tool", "function_name", "level"),
    [
        pytest.param(
            EchoTool(), "echo", OutboundDataRestriction.ONLY_CONFIGURED_SERVICES, id="no-outbound"
        ),
        pytest.param(
            SearchTool(),
            "search_sources",
            OutboundDataRestriction.ONLY_CONFIGURED_SERVICES,
            id="configured-service",
        ),
        pytest.param(
            _SelfPolicingLinksTool(),
            "find_links",
            OutboundDataRestriction.ONLY_LINKS_FROM_CHAT,
            id="enforces-itself",
        ),
        pytest.param(
            LinksTool(), "find_links", OutboundDataRestriction.UNRESTRICTED, id="unrestricted"
        ),
    ],
)
async def test_executor_outbound_restriction_lets_allowed_tools_run(
    executor: ToolExecutor, tool: RecordingTool, function_name: str, level: OutboundDataRestriction
) -> None:
    chat = _restricted_chat(level)
    arguments = '{"text": "x"}' if function_name == "echo" else '{"query": "x"}'

    outcome = await _execute(executor, [runnable(tool)], function_name, arguments, chat=chat)

    assert outcome.trace.status == TraceStatus.SUCCESS


# Invalid arguments.


@pytest.mark.parametrize(
    "arguments_json",
    [
        pytest.param("{", id="broken"),
        pytest.param("[1, 2]", id="array"),
        pytest.param('"{}"', id="string"),
        pytest.param("42", id="number"),
        pytest.param("null", id="null"),
        pytest.param('{"a": NaN}', id="nan"),
        pytest.param('{"a": 1} trailing', id="trailing-text"),
        pytest.param("[" * 100_000, id="too-deep"),
    ],
)
async def test_executor_invalid_arguments_end_the_call_as_an_error(
    executor: ToolExecutor, arguments_json: str
) -> None:
    tool = RecordingTool()

    outcome = await _execute(executor, [runnable(tool)], "recording", arguments_json)

    assert outcome.content == INVALID_CALL_CONTENT == "The tool call was invalid."
    assert outcome.trace.status == TraceStatus.ERROR
    assert not outcome.trace.was_executed
    assert outcome.trace.status_text() == "The model sent arguments that are not a JSON object."
    assert outcome.trace.arguments == {}
    assert tool.calls == []
    _assert_demands_nothing(outcome)


# Blocked by the tool.


async def test_executor_blocked_by_tool_returns_the_message(executor: ToolExecutor) -> None:
    tool = BlockingTool(target="the wiki")

    outcome = await _execute(executor, [runnable(tool)], "blocking")

    assert outcome.content == "Your organisation does not allow the wiki."
    assert outcome.is_error
    trace = outcome.trace
    assert trace.status == TraceStatus.BLOCKED
    assert not trace.was_executed
    assert trace.status_message is BlockingTool.MESSAGE
    assert trace.status_values == {"target": "the wiki"}
    assert trace.status_text() == outcome.content
    assert len(tool.calls) == 1
    _assert_demands_nothing(outcome)


async def test_executor_blocked_by_tool_translates_the_message(settings: StaticSettings) -> None:
    german = {BlockingTool.MESSAGE: "Ihre Organisation erlaubt {target} nicht."}

    def translate(text: TranslatableText) -> str:
        return german.get(text, text)

    executor = ToolExecutor(settings, translate)

    outcome = await _execute(executor, [runnable(BlockingTool(target="das Wiki"))], "blocking")

    assert outcome.content == "Ihre Organisation erlaubt das Wiki nicht."
    assert outcome.trace.status_text(translate) == outcome.content
    assert outcome.trace.status_text() == "Your organisation does not allow das Wiki."


async def test_executor_blocked_by_tool_falls_back_to_english_for_a_broken_translation(
    settings: StaticSettings,
) -> None:
    def translate(text: TranslatableText) -> str:
        return "Kaputt: {ziel}"

    executor = ToolExecutor(settings, translate)

    outcome = await _execute(executor, [runnable(BlockingTool(target="x"))], "blocking")

    assert outcome.content == "Your organisation does not allow x."


# Failures.


async def test_executor_failure_reports_the_error(
    executor: ToolExecutor, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.DEBUG)

    outcome = await _execute(
        executor, [runnable(FailingTool())], "failing", '{"query": "q"}', call_id="c3"
    )

    assert outcome.content == "Tool execution failed: The backend did not answer."
    assert outcome.is_error
    trace = outcome.trace
    assert trace.status == TraceStatus.ERROR
    assert trace.was_executed
    assert trace.status_text() == "The tool failed: The backend did not answer."
    assert trace.result == outcome.content
    _assert_demands_nothing(outcome)
    (record,) = [r for r in caplog.records if r.levelno == logging.ERROR]
    assert record.args == ("failing", "failed on", "c3")
    assert record.exc_info is not None


async def test_executor_failure_without_a_message_names_the_exception(
    executor: ToolExecutor,
) -> None:
    outcome = await _execute(executor, [runnable(FailingTool(TimeoutError()))], "failing")

    assert outcome.content == "Tool execution failed: TimeoutError"


async def test_executor_argument_refusal_is_an_error_for_the_model(executor: ToolExecutor) -> None:
    tool = RefusingTool()

    outcome = await _execute(executor, [runnable(tool)], "refusing", '{"url": "mailto:x"}')

    assert len(tool.calls) == 1
    assert outcome.content == f"Tool execution failed: {RefusingTool.REFUSAL}"
    assert outcome.trace.status == TraceStatus.ERROR
    assert not outcome.trace.was_executed
    assert outcome.trace.status_text() == f"The tool refused an argument: {RefusingTool.REFUSAL}"
    _assert_demands_nothing(outcome)


# The offered schema.


async def test_arguments_that_break_the_schema_never_reach_the_tool(
    executor: ToolExecutor, caplog: pytest.LogCaptureFixture
) -> None:
    tool = PlainSchemaTool()
    arguments = {"query": 7, "page": 0, "order": "random", "engine": "value-91a3"}
    caplog.set_level(logging.DEBUG)

    outcome = await _execute(executor, [runnable(tool)], "lookup", json.dumps(arguments))

    assert tool.calls == []
    assert outcome.content == (
        "Tool execution failed: The call has 5 problems with its arguments. "
        "The argument 'engine' is not known; the allowed arguments are 'order', 'page', 'query', "
        "'site'. "
        'The argument \'order\' received "random", but it must be one of "newest", "oldest". '
        "The argument 'page' received 0, but it must be an integer from 1 to 10. "
        "The argument 'query' received 7, but it must be a string. "
        "The argument 'site' is required but missing. "
        "Please call the function again with corrected arguments."
    )
    trace = outcome.trace
    assert (trace.status, trace.was_executed) == (TraceStatus.ERROR, False)
    assert trace.result == outcome.content
    assert trace.arguments["engine"] == "value-91a3"
    message = outcome.content.removeprefix("Tool execution failed: ")
    assert (
        trace.status_text() == f"The model's arguments do not fit the tool's parameters: {message}"
    )
    _assert_demands_nothing(outcome)
    assert "value-91a3" not in caplog.text


async def test_the_check_uses_the_function_offered_in_this_request(
    executor: ToolExecutor,
) -> None:
    tool = EchoTool()
    base = runnable(tool)
    tailored = base.function.model_copy(
        update={
            "parameters": {
                "type": "object",
                "properties": {"text": {"type": "string", "enum": ["a", "b"]}},
                "required": ["text"],
                "additionalProperties": False,
            }
        }
    )
    offered = RunnableTool(
        definition=base.definition,
        implementation=base.implementation,
        function=tailored,
        instructions="",
    )

    refused = await _execute(executor, [offered], "echo", '{"text": "c"}')
    accepted = await _execute(executor, [offered], "echo", '{"text": "b"}')

    assert refused.content == (
        'Tool execution failed: The argument \'text\' received "c", but it must be one of "a", '
        '"b". Please call the function again with corrected arguments.'
    )
    assert accepted.content == "b"
    assert [call.arguments for call in tool.calls] == [{"text": "b"}]


async def test_optional_arguments_sent_as_null_count_as_left_out(executor: ToolExecutor) -> None:
    tool = EchoTool()

    optional = await _execute(executor, [runnable(tool)], "echo", '{"text": "x", "secret": null}')
    required = await _execute(executor, [runnable(tool)], "echo", '{"text": null}')

    assert optional.content == "x"
    assert [call.arguments for call in tool.calls] == [{"text": "x"}]
    assert required.content == (
        "Tool execution failed: The argument 'text' received null, but it must be a string. "
        "Please call the function again with corrected arguments."
    )


async def test_an_unusable_schema_is_an_error_and_the_tool_never_runs(
    executor: ToolExecutor, caplog: pytest.LogCaptureFixture
) -> None:
    tool = PlainSchemaTool({"type": "object", "properties": {"q": {"type": "text"}}})

    outcome = await _execute(executor, [runnable(tool)], "lookup", '{"q": "value-6c0d"}')

    assert tool.calls == []
    assert outcome.content == (
        "Tool execution failed: the tool's parameters schema cannot be used, so the tool cannot "
        "be called. Continue without it."
    )
    assert (outcome.trace.status, outcome.trace.was_executed) == (TraceStatus.ERROR, False)
    assert outcome.trace.status_text().startswith(
        "The tool declares its parameters with a schema that cannot be used, so it was not run: "
        "The parameters schema is invalid at '/properties/q/type'"
    )
    (record,) = [r for r in caplog.records if r.levelno == logging.ERROR]
    assert record.args[:2] == ("lookup", "call-1")  # type: ignore[index]
    assert "value-6c0d" not in caplog.text


async def test_executor_settings_failure_is_an_error_and_skips_the_tool() -> None:
    async def broken_settings(definition: ToolDefinition) -> SettingsValues:
        raise SecretStoreError("The keyring is locked.")

    tool = EchoTool()

    outcome = await _execute(
        ToolExecutor(broken_settings), [runnable(tool)], "echo", '{"text": "x"}'
    )

    assert outcome.content == "Tool execution failed: The keyring is locked."
    assert outcome.trace.status == TraceStatus.ERROR
    assert not outcome.trace.was_executed
    assert tool.calls == []


# Cancellation.


async def test_executor_cancellation_passes_through(executor: ToolExecutor) -> None:
    tool = WaitingTool()
    task = asyncio.create_task(_execute(executor, [runnable(tool)], "waiting"))
    await tool.started.wait()

    task.cancel()

    with pytest.raises(asyncio.CancelledError):
        await task
    assert not tool.finished


async def test_executor_cancelled_error_raised_by_a_tool_passes_through(
    executor: ToolExecutor,
) -> None:
    with pytest.raises(asyncio.CancelledError):
        await _execute(executor, [runnable(FailingTool(asyncio.CancelledError()))], "failing")


# Returned web addresses.


async def test_executor_returned_addresses_exclude_echoes_of_the_arguments(
    executor: ToolExecutor,
) -> None:
    tool = LinksTool(links=("https://found.example/a", "https://found.example/b"))
    arguments = json.dumps({"query": "compare https://made.up/page and https://found.example/b"})

    outcome = await _execute(executor, [runnable(tool)], "find_links", arguments)

    assert "https://made.up/page" in outcome.content
    assert outcome.returned_web_addresses == {"https://found.example/a"}


async def test_executor_returned_addresses_exclude_echoes_written_with_json_escapes(
    executor: ToolExecutor,
) -> None:
    tool = LinksTool(links=())
    arguments = r'{"query": "https:\/\/made.up\/page \u0068ttps://made.up/other"}'

    outcome = await _execute(executor, [runnable(tool)], "find_links", arguments)

    assert "https://made.up/page" in outcome.content
    assert "https://made.up/other" in outcome.content
    assert outcome.returned_web_addresses == frozenset()


# Invalid calls.


def test_executor_invalid_call_outcome_is_an_error(executor: ToolExecutor) -> None:
    outcome = executor.create_invalid_call_outcome("", 4)

    assert outcome.content == "The tool call was invalid."
    assert outcome.is_error
    trace = outcome.trace
    assert trace.status == TraceStatus.ERROR
    assert (trace.order, trace.tool_call_id, trace.tool_id) == (4, "", "")
    assert trace.display_name == "Invalid tool call"
    assert isinstance(trace.display_name, TranslatableText)
    assert trace.display_name.context == "ToolExecutor"
    assert not trace.was_executed
    _assert_demands_nothing(outcome)


# Logging.


async def test_executor_logs_never_contain_argument_values_or_results(
    executor: ToolExecutor, caplog: pytest.LogCaptureFixture
) -> None:
    marker = "marker-b71c"
    long_text = json.dumps({"text": marker * 200})
    calls = [
        ("echo", json.dumps({"text": marker, "secret": marker})),
        ("echo", long_text),
        ("failing", json.dumps({"query": marker})),
        ("blocking", json.dumps({"why": marker})),
        ("find_links", json.dumps({"query": marker})),
        ("search_sources", json.dumps({"query": marker})),
        ("missing", json.dumps({"query": marker})),
        ("echo", '{"text": "' + marker),
    ]
    tools = [
        runnable(tool)
        for tool in (EchoTool(), FailingTool(), BlockingTool(), LinksTool(), SearchTool())
    ]
    caplog.set_level(logging.DEBUG)

    for order, (name, arguments) in enumerate(calls, start=1):
        outcome = await _execute(executor, tools, name, arguments, order=order)
        assert outcome.trace.result == outcome.content
    restricted = _restricted_chat(origin="Mailbox")
    await _execute(executor, tools, "find_links", json.dumps({"query": marker}), chat=restricted)

    assert caplog.records, "the failing and refused calls must be logged"
    logged = "\n".join(record.getMessage() for record in caplog.records) + caplog.text
    assert marker not in logged
    assert _SECRET_SETTING not in logged
    assert "intranet.example" not in logged
