from __future__ import annotations

import asyncio
import logging
from collections.abc import AsyncGenerator, Callable, Mapping
from typing import Any, assert_never

import pytest

from studio.harness.events import (
    ConversationRecorded,
    LoopEvent,
    RequirementsRaised,
    RunFinished,
    SourcesUpdated,
    TextDelta,
    ToolCallFinished,
    ToolProgressed,
    ToolStatusChanged,
)
from studio.harness.loop import ToolCallingLoop, ToolCallingLoopContext, ToolLoop
from studio.kernel.calls import TraceStatus
from studio.kernel.context import ChatContext, ProviderContext, ToolExecutionContext
from studio.kernel.policy import (
    ChatRequirements,
    ConfidenceLevel,
    DataSecurity,
    OutboundDataRequirement,
    OutboundDataRestriction,
    ToolOutboundData,
)
from studio.kernel.result import Source, ToolExecutionResult
from studio.kernel.rounds import AdapterTextDelta, Round, Usage
from studio.kernel.translatable import QT_TRANSLATE_NOOP, TranslatableText
from studio.providers.errors import InvalidToolCallingResponse, ProviderStreamError
from studio.tools.executor import INVALID_CALL_CONTENT, ToolExecutor
from studio.tools.implementation import ToolImplementation
from tests.support.scripted_adapter import (
    AssistantTurnRecorded,
    Hold,
    RoundRequest,
    ScriptedAdapter,
    ToolResultRecorded,
    requested_call,
)
from tests.support.tools import (
    BlockingTool,
    EchoTool,
    FailingTool,
    LinksTool,
    RecordingTool,
    SearchTool,
    StaticSettings,
    WaitingTool,
    runnable,
)

PROVIDER = ProviderContext(name="Local model", confidence=ConfidenceLevel.HIGH)

COUNT_LIMIT = (
    "The maximum of 15 tool calls has been reached. No more tools are available. Provide the "
    "best possible final answer to the user based on the tool results already available."
)
CHARACTER_LIMIT = (
    "The maximum total of 300000 characters across tool call results has been exceeded. Do not "
    "make any more tool calls. Provide the best possible final answer to the user based on the "
    "tool results already available."
)
NO_ANSWER_AFTER_LIMIT = (
    "The model did not return a final answer after completing the available tool calls."
)
NO_ANSWER_AFTER_CALLS = "The model completed the tool call but did not return a final answer."
INVALID_RESPONSE = (
    "The provider 'Local model' returned an invalid tool calling response. Check the provider's "
    "tool calling configuration and see the logs for details."
)
WITH_TOOLS = RoundRequest(instruction=None, include_tools=True)


class SizedTool(RecordingTool):
    """Returns ``size`` characters, to reach the character limit."""

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


class StepsTool(RecordingTool):
    """Works through two steps, reporting each; waits for ``release`` after the first."""

    tool_id = "steps"
    function_name = "steps"
    name = "Steps"
    outbound_data = ToolOutboundData.NONE
    progress_text = QT_TRANSLATE_NOOP("StepsTool", "{done} of {wanted} steps done")

    def __init__(self, *, from_thread: bool = False) -> None:
        super().__init__()
        self.from_thread = from_thread
        self.release = asyncio.Event()
        self.finished = False

    async def respond(
        self, arguments: Mapping[str, Any], context: ToolExecutionContext
    ) -> ToolExecutionResult:
        progress = context.progress
        assert progress is not None
        if self.from_thread:
            await asyncio.to_thread(progress, 1, 2)
        else:
            progress(1, 2)
        await self.release.wait()
        progress(2, 2)
        self.finished = True
        return ToolExecutionResult(text_content="two steps")


@pytest.fixture
def adapter() -> ScriptedAdapter:
    return ScriptedAdapter()


@pytest.fixture
def chat() -> ChatContext:
    return ChatContext()


@pytest.fixture
def make_context(
    adapter: ScriptedAdapter, chat: ChatContext
) -> Callable[..., ToolCallingLoopContext]:
    def make(*tools: ToolImplementation) -> ToolCallingLoopContext:
        return ToolCallingLoopContext(
            adapter=adapter,
            runnable_tools=[runnable(tool) for tool in tools],
            executor=ToolExecutor(StaticSettings()),
            provider=PROVIDER,
            chat=chat,
        )

    return make


async def run(context: ToolCallingLoopContext) -> list[LoopEvent]:
    return [event async for event in ToolCallingLoop().run(context)]


async def run_into(events: list[LoopEvent], context: ToolCallingLoopContext) -> None:
    """Run the loop, keeping each event as it arrives, also when the run raises."""
    async for event in ToolCallingLoop().run(context):
        events.append(event)


def describe(event: LoopEvent) -> str:
    """One line per event, so a whole run reads as a transcript."""
    match event:
        case TextDelta():
            return f"text {event.text!r}" + (
                f" +{len(event.sources)} sources" * bool(event.sources)
            )
        case ToolStatusChanged():
            return f"status {event.message!r}" if event.running else "status idle"
        case ToolProgressed():
            return f"progress {event.text()!r}"
        case ToolCallFinished():
            trace = event.trace
            return (
                f"trace {trace.order} {trace.tool_call_id} {trace.display_name} {trace.status.name}"
            )
        case SourcesUpdated():
            return f"sources {[source.title for source in event.sources]}"
        case RequirementsRaised():
            return f"requirements {event.provider_confidence.name}"
        case ConversationRecorded():
            return f"recorded {len(event.request_texts)}"
        case RunFinished():
            return f"finished {event.outcome}"
        case _:
            assert_never(event)


def transcript(events: list[LoopEvent]) -> list[str]:
    return [describe(event) for event in events]


def answer(events: list[LoopEvent]) -> str:
    return "".join(event.text for event in events if isinstance(event, TextDelta))


def traces(events: list[LoopEvent]) -> list[tuple[int, str, str, TraceStatus]]:
    return [
        (event.trace.order, event.trace.tool_call_id, event.trace.display_name, event.trace.status)
        for event in events
        if isinstance(event, ToolCallFinished)
    ]


def finished(events: list[LoopEvent]) -> RunFinished:
    last = events[-1]
    assert isinstance(last, RunFinished)
    return last


def echo_round(call_id: str, text: str = "hi", *, preamble: str = "") -> Round:
    arguments = f'{{"text": "{text}"}}'
    return Round(text_output=preamble, calls=(requested_call(call_id, "echo", arguments),))


# The ordinary run: preamble, call, answer.


async def test_loop_streams_preamble_then_runs_the_call_then_streams_the_answer(
    adapter: ScriptedAdapter, make_context: Callable[..., ToolCallingLoopContext]
) -> None:
    echo = EchoTool()
    adapter.enqueue(
        "Let me ", "look that up.", end=echo_round("c1", preamble="Let me look that up.")
    )
    adapter.enqueue("The answer", " is hi.", end=Round(text_output="The answer is hi."))

    events = await run(make_context(echo))

    assert transcript(events) == [
        "text 'Let me '",
        "text 'look that up.'",
        "status 'Using tool: Echo'",
        "recorded 1",
        "trace 1 c1 Echo SUCCESS",
        "recorded 2",
        "status idle",
        "text '\\n\\n'",
        "text 'The answer'",
        "text ' is hi.'",
        "finished answered",
    ]
    assert answer(events) == "Let me look that up.\n\nThe answer is hi."
    assert [call.arguments for call in echo.calls] == [{"text": "hi"}]
    assert adapter.requests == [WITH_TOOLS, WITH_TOOLS]
    assert adapter.records == [
        AssistantTurnRecorded(round=echo_round("c1", preamble="Let me look that up.")),
        ToolResultRecorded(call_id="c1", content="hi", is_error=False),
    ]
    assert adapter.stream_endings == ["completed", "completed"]


async def test_loop_answers_without_tools_when_the_model_needs_none(
    adapter: ScriptedAdapter, make_context: Callable[..., ToolCallingLoopContext]
) -> None:
    adapter.enqueue("Hello.", end=Round(text_output="Hello."))

    events = await run(make_context(EchoTool()))

    assert transcript(events) == ["text 'Hello.'", "finished answered"]
    assert adapter.records == []


async def test_loop_adds_no_separator_when_no_text_streamed_before(
    adapter: ScriptedAdapter, make_context: Callable[..., ToolCallingLoopContext]
) -> None:
    adapter.enqueue(" ", end=echo_round("c1"))
    adapter.enqueue("Done.", end=Round(text_output="Done."))

    events = await run(make_context(EchoTool()))

    assert answer(events) == " Done."


async def test_loop_shows_the_text_of_a_round_that_did_not_stream(
    adapter: ScriptedAdapter, make_context: Callable[..., ToolCallingLoopContext]
) -> None:
    adapter.enqueue(end=echo_round("c1", preamble="Looking."))
    adapter.enqueue(end=Round(text_output="Found it."))

    events = await run(make_context(EchoTool()))

    assert answer(events) == "Looking.\n\nFound it."
    assert finished(events).outcome == "answered"


async def test_loop_runs_the_calls_of_a_round_in_model_order(
    adapter: ScriptedAdapter, make_context: Callable[..., ToolCallingLoopContext]
) -> None:
    echo, search = EchoTool(), SearchTool()
    calls = (
        requested_call("c1", "echo", '{"text": "one"}'),
        requested_call("c2", "search_sources", '{"query": "two"}'),
        requested_call("c3", "echo", '{"text": "three"}'),
    )
    adapter.enqueue(end=Round(calls=calls))
    adapter.enqueue("Done.", end=Round(text_output="Done."))

    events = await run(make_context(echo, search))

    assert traces(events) == [
        (1, "c1", "Echo", TraceStatus.SUCCESS),
        (2, "c2", "Search sources", TraceStatus.SUCCESS),
        (3, "c3", "Echo", TraceStatus.SUCCESS),
    ]
    assert [result.call_id for result in adapter.tool_results] == ["c1", "c2", "c3"]
    assert [call.arguments["text"] for call in echo.calls] == ["one", "three"]
    statuses = [event for event in events if isinstance(event, ToolStatusChanged)]
    assert [status.message for status in statuses] == ["Using tools: Echo, Search sources", ""]
    assert statuses[0].tool_names == ("Echo", "Search sources")
    assert isinstance(adapter.records[0], AssistantTurnRecorded)


async def test_loop_sets_the_status_before_the_calls_and_resets_it_before_the_next_round(
    adapter: ScriptedAdapter, make_context: Callable[..., ToolCallingLoopContext]
) -> None:
    adapter.enqueue(end=echo_round("c1"))
    adapter.enqueue(end=echo_round("c2"))
    adapter.enqueue("Done.", end=Round(text_output="Done."))

    events = await run(make_context(EchoTool()))

    lines = [line for line in transcript(events) if not line.startswith("recorded")]
    assert lines == [
        "status 'Using tool: Echo'",
        "trace 1 c1 Echo SUCCESS",
        "status idle",
        "status 'Using tool: Echo'",
        "trace 2 c2 Echo SUCCESS",
        "status idle",
        "text 'Done.'",
        "finished answered",
    ]


def test_tool_status_translates_the_template_and_the_tool_names() -> None:
    german = {
        "Using tool: {names}": "Verwende Werkzeug: {names}",
        "Using tools: {names}": "Verwende Werkzeuge: {names}",
        "Echo": "Echo-DE",
    }

    def translate(text: TranslatableText) -> str:
        assert text.context in {"ToolRuntimeStatus", "StudioTestTools"}
        return german[str(text)]

    one = ToolStatusChanged.using([EchoTool().display_name()])
    two = ToolStatusChanged.using([EchoTool().display_name(), "unknown_tool"])

    assert one.text(translate) == "Verwende Werkzeug: Echo-DE"
    assert two.text(translate) == "Verwende Werkzeuge: Echo-DE, unknown_tool"
    assert two.message == "Using tools: Echo, unknown_tool"
    assert ToolStatusChanged.idle().text(translate) == ""


def test_tool_calling_loop_is_a_tool_loop() -> None:
    loop: ToolLoop = ToolCallingLoop()

    assert callable(loop.run)


# Limits.


async def test_loop_asks_for_a_final_answer_without_tools_after_15_calls(
    adapter: ScriptedAdapter, make_context: Callable[..., ToolCallingLoopContext]
) -> None:
    echo = EchoTool()
    for index in range(15):
        adapter.enqueue(end=echo_round(f"c{index}"))
    adapter.enqueue("Summary.", end=Round(text_output="Summary."))

    events = await run(make_context(echo))

    assert len(echo.calls) == 15
    assert adapter.requests == [WITH_TOOLS] * 15 + [
        RoundRequest(instruction=COUNT_LIMIT, include_tools=False)
    ]
    assert answer(events) == "Summary."
    run_finished = finished(events)
    assert (run_finished.outcome, run_finished.limit_reached) == ("answered", True)
    assert run_finished.tool_call_count == 15


async def test_loop_asks_for_a_final_answer_once_results_exceed_300000_characters(
    adapter: ScriptedAdapter, make_context: Callable[..., ToolCallingLoopContext]
) -> None:
    adapter.enqueue(end=Round(calls=(requested_call("c1", "sized"),)))
    adapter.enqueue("Summary.", end=Round(text_output="Summary."))

    events = await run(make_context(SizedTool(300_001)))

    assert adapter.requests == [
        WITH_TOOLS,
        RoundRequest(instruction=CHARACTER_LIMIT, include_tools=False),
    ]
    assert finished(events).tool_result_characters == 300_001


async def test_loop_keeps_offering_tools_at_exactly_300000_characters(
    adapter: ScriptedAdapter, make_context: Callable[..., ToolCallingLoopContext]
) -> None:
    adapter.enqueue(end=Round(calls=(requested_call("c1", "sized"),)))
    adapter.enqueue("Summary.", end=Round(text_output="Summary."))

    await run(make_context(SizedTool(300_000)))

    assert adapter.requests == [WITH_TOOLS, WITH_TOOLS]


async def test_loop_answers_calls_past_the_count_limit_with_the_limit_text(
    adapter: ScriptedAdapter, make_context: Callable[..., ToolCallingLoopContext]
) -> None:
    echo = EchoTool()
    calls = tuple(requested_call(f"c{index}", "echo", '{"text": "x"}') for index in range(17))
    adapter.enqueue(end=Round(calls=calls))
    adapter.enqueue("Summary.", end=Round(text_output="Summary."))

    events = await run(make_context(echo))

    assert len(echo.calls) == 15
    assert len(traces(events)) == 15
    assert adapter.tool_results[15:] == [
        ToolResultRecorded(call_id="c15", content=COUNT_LIMIT, is_error=False),
        ToolResultRecorded(call_id="c16", content=COUNT_LIMIT, is_error=False),
    ]
    assert finished(events).tool_call_count == 15
    assert adapter.requests[-1] == RoundRequest(instruction=COUNT_LIMIT, include_tools=False)


async def test_loop_answers_calls_past_the_character_limit_with_the_limit_text(
    adapter: ScriptedAdapter, make_context: Callable[..., ToolCallingLoopContext]
) -> None:
    echo = EchoTool()
    calls = (requested_call("c1", "sized"), requested_call("c2", "echo", '{"text": "x"}'))
    adapter.enqueue(end=Round(calls=calls))
    adapter.enqueue("Summary.", end=Round(text_output="Summary."))

    events = await run(make_context(SizedTool(300_001), echo))

    assert echo.calls == []
    assert traces(events) == [(1, "c1", "Sized", TraceStatus.SUCCESS)]
    assert adapter.tool_results[1] == ToolResultRecorded(
        call_id="c2", content=CHARACTER_LIMIT, is_error=False
    )
    assert finished(events).tool_call_count == 1


# Calls that cannot run as the model sent them.


async def test_loop_answers_an_invalid_call_with_an_error_and_goes_on(
    adapter: ScriptedAdapter, make_context: Callable[..., ToolCallingLoopContext]
) -> None:
    calls = (
        requested_call("c1", "echo", '{"text": "hi"}'),
        requested_call("c2", "echo", "[1, 2]", is_valid=False),
    )
    adapter.enqueue(end=Round(calls=calls))
    adapter.enqueue("Done.", end=Round(text_output="Done."))

    events = await run(make_context(EchoTool()))

    assert traces(events) == [
        (1, "c1", "Echo", TraceStatus.SUCCESS),
        (2, "c2", "Invalid tool call", TraceStatus.ERROR),
    ]
    assert adapter.tool_results[1] == ToolResultRecorded(
        call_id="c2", content=INVALID_CALL_CONTENT, is_error=True
    )
    run_finished = finished(events)
    assert run_finished.tool_call_count == 2
    assert run_finished.tool_result_characters == len("hi") + len(INVALID_CALL_CONTENT)
    assert "status 'Using tool: Echo'" in transcript(events)


async def test_loop_shows_no_status_for_a_round_of_invalid_calls(
    adapter: ScriptedAdapter, make_context: Callable[..., ToolCallingLoopContext]
) -> None:
    adapter.enqueue(end=Round(calls=(requested_call("c1", "echo", "", is_valid=False),)))
    adapter.enqueue("Sorry.", end=Round(text_output="Sorry."))

    events = await run(make_context(EchoTool()))

    assert not any(isinstance(event, ToolStatusChanged) for event in events)
    assert traces(events) == [(1, "c1", "Invalid tool call", TraceStatus.ERROR)]


@pytest.mark.parametrize("call_id", ["", "  "], ids=["empty", "blank"])
async def test_loop_ends_with_a_notice_when_a_call_has_no_id(
    adapter: ScriptedAdapter,
    make_context: Callable[..., ToolCallingLoopContext],
    call_id: str,
) -> None:
    echo = EchoTool()
    calls = (requested_call("c1", "echo", '{"text": "a"}'), requested_call(call_id, "echo"))
    adapter.enqueue("Checking.", end=Round(text_output="Checking.", calls=calls))

    events = await run(make_context(echo))

    assert transcript(events) == [
        "text 'Checking.'",
        "trace 1  Invalid tool call ERROR",
        "text '\\n\\n'",
        "text 'The tool call was invalid.'",
        "finished invalid-call",
    ]
    assert echo.calls == []
    assert adapter.records == []
    assert adapter.requests == [WITH_TOOLS]


async def test_loop_answers_a_call_to_an_unknown_tool_with_a_block(
    adapter: ScriptedAdapter, make_context: Callable[..., ToolCallingLoopContext]
) -> None:
    adapter.enqueue(end=Round(calls=(requested_call("c1", "delete_everything"),)))
    adapter.enqueue("I cannot.", end=Round(text_output="I cannot."))

    events = await run(make_context(EchoTool()))

    [event] = [event for event in events if isinstance(event, ToolCallFinished)]
    assert event.trace.status == TraceStatus.BLOCKED
    assert event.trace.status_text() == (
        "The model called the function 'delete_everything', which no installed tool provides."
    )
    assert adapter.tool_results == [
        ToolResultRecorded(
            call_id="c1", content="Tool 'delete_everything' is not available.", is_error=True
        )
    ]
    assert "status 'Using tool: delete_everything'" in transcript(events)


async def test_loop_records_blocked_and_failed_calls_as_errors(
    adapter: ScriptedAdapter, make_context: Callable[..., ToolCallingLoopContext]
) -> None:
    calls = (
        requested_call("c1", "blocking"),
        requested_call("c2", "failing"),
        requested_call("c3", "echo", '{"text": "fine"}'),
    )
    adapter.enqueue(end=Round(calls=calls))
    adapter.enqueue("Partly.", end=Round(text_output="Partly."))

    events = await run(make_context(BlockingTool("the archive"), FailingTool(), EchoTool()))

    assert [status for *_, status in traces(events)] == [
        TraceStatus.BLOCKED,
        TraceStatus.ERROR,
        TraceStatus.SUCCESS,
    ]
    assert adapter.tool_results == [
        ToolResultRecorded(
            call_id="c1", content="Your organisation does not allow the archive.", is_error=True
        ),
        ToolResultRecorded(
            call_id="c2",
            content="Tool execution failed: The backend did not answer.",
            is_error=True,
        ),
        ToolResultRecorded(call_id="c3", content="fine", is_error=False),
    ]


# What results demand of the chat.


async def test_loop_raises_the_chat_requirements_from_successful_calls(
    adapter: ScriptedAdapter,
    make_context: Callable[..., ToolCallingLoopContext],
    chat: ChatContext,
) -> None:
    outbound = OutboundDataRequirement(
        level=OutboundDataRestriction.ONLY_CONFIGURED_SERVICES, origin="Intranet"
    )
    search = SearchTool(confidence=ConfidenceLevel.MEDIUM, outbound=outbound)
    links = LinksTool()
    calls = (
        requested_call("c1", "search_sources", '{"query": "q"}'),
        requested_call("c2", "find_links", '{"query": "q"}'),
    )
    adapter.enqueue(end=Round(calls=calls))
    adapter.enqueue("Done.", end=Round(text_output="Done."))

    events = await run(make_context(search, links))

    assert chat.requirements.provider_confidence == ConfidenceLevel.MEDIUM
    assert chat.requirements.data_security == DataSecurity.SELF_HOSTED
    assert chat.requirements.outbound == outbound
    raised = [event for event in events if isinstance(event, RequirementsRaised)]
    assert raised == [
        RequirementsRaised(
            provider_confidence=ConfidenceLevel.MEDIUM,
            data_security=DataSecurity.SELF_HOSTED,
            outbound=outbound,
        )
    ]
    # Raised in place, so the executor already applies the restriction to the next call.
    assert traces(events)[1][3] == TraceStatus.BLOCKED
    assert links.calls == []


async def test_loop_never_lowers_the_chat_requirements(
    adapter: ScriptedAdapter,
    make_context: Callable[..., ToolCallingLoopContext],
    chat: ChatContext,
) -> None:
    chat.requirements.require_provider_confidence(ConfidenceLevel.HIGH)
    chat.requirements.require_data_security(DataSecurity.SELF_HOSTED)
    context = make_context(SearchTool(confidence=ConfidenceLevel.LOW))
    adapter.enqueue(end=Round(calls=(requested_call("c1", "search_sources", '{"query": "q"}'),)))
    adapter.enqueue("Done.", end=Round(text_output="Done."))

    events = await run(context)

    assert chat.requirements.provider_confidence == ConfidenceLevel.HIGH
    assert chat.requirements.data_security == DataSecurity.SELF_HOSTED
    assert not any(isinstance(event, RequirementsRaised) for event in events)


async def test_loop_raises_nothing_for_blocked_or_failed_calls(
    adapter: ScriptedAdapter,
    make_context: Callable[..., ToolCallingLoopContext],
    chat: ChatContext,
) -> None:
    calls = (requested_call("c1", "blocking"), requested_call("c2", "failing"))
    adapter.enqueue(end=Round(calls=calls))
    adapter.enqueue("Done.", end=Round(text_output="Done."))

    events = await run(make_context(BlockingTool(), FailingTool()))

    assert chat.requirements == ChatRequirements()
    assert not any(isinstance(event, RequirementsRaised) for event in events)


async def test_loop_remembers_addresses_the_tools_found_but_not_echoes(
    adapter: ScriptedAdapter,
    make_context: Callable[..., ToolCallingLoopContext],
    chat: ChatContext,
) -> None:
    arguments = '{"query": "pages like https://made-up.example/page"}'
    adapter.enqueue(end=Round(calls=(requested_call("c1", "find_links", arguments),)))
    adapter.enqueue("Done.", end=Round(text_output="Done."))

    await run(make_context(LinksTool(("https://example.org/found",))))

    assert chat.web_addresses_given_to_model == {"https://example.org/found"}


# Usage and sources.


async def test_loop_passes_on_the_first_rounds_usage_only(
    adapter: ScriptedAdapter, make_context: Callable[..., ToolCallingLoopContext]
) -> None:
    first, later = Usage(input_tokens=10, output_tokens=2), Usage(input_tokens=50, output_tokens=5)
    source = Source(title="Docs", url="https://docs.example/")
    adapter.enqueue(
        AdapterTextDelta(text="Looking."),
        AdapterTextDelta(usage=first),
        end=echo_round("c1", preamble="Looking."),
    )
    adapter.enqueue(
        AdapterTextDelta(text="Answer.", usage=later),
        AdapterTextDelta(usage=later),
        AdapterTextDelta(usage=later, sources=(source,)),
        end=Round(text_output="Answer."),
    )

    events = await run(make_context(EchoTool()))

    deltas = [event for event in events if isinstance(event, TextDelta)]
    assert [(delta.text, delta.usage, delta.sources) for delta in deltas] == [
        ("Looking.", None, ()),
        ("", first, ()),
        ("\n\n", None, ()),
        ("Answer.", None, ()),
        ("", None, (source,)),
    ]


async def test_loop_merges_sources_without_duplicates_and_closes_with_them(
    adapter: ScriptedAdapter, make_context: Callable[..., ToolCallingLoopContext]
) -> None:
    cited = Source(title="Handbook (cited)", url="HTTPS://Intranet.Example:443/handbook#intro")
    search_call = requested_call("c1", "search_sources", '{"query": "q"}')
    again = requested_call("c2", "search_sources", '{"query": "q again"}')
    adapter.enqueue(end=Round(calls=(search_call, again), sources=(cited,)))
    adapter.enqueue("Done.", end=Round(text_output="Done."))

    events = await run(make_context(SearchTool()))

    about = SearchTool.DEFAULT_SOURCES[1]
    updates = [event.sources for event in events if isinstance(event, SourcesUpdated)]
    assert updates == [(cited,), (cited, about)]
    assert transcript(events)[-2:] == ["text '' +2 sources", "finished answered"]
    closing = events[-2]
    assert isinstance(closing, TextDelta)
    assert closing.sources == (cited, about)


# Rounds that end the run without an answer.


async def test_loop_says_so_when_the_model_stops_after_its_calls(
    adapter: ScriptedAdapter, make_context: Callable[..., ToolCallingLoopContext]
) -> None:
    adapter.enqueue("Let me check.", end=echo_round("c1", preamble="Let me check."))
    # A "tool calls" finish that lists no calls, and no text: must not loop.
    adapter.enqueue(end=Round())

    events = await run(make_context(EchoTool()))

    assert answer(events) == f"Let me check.\n\n{NO_ANSWER_AFTER_CALLS}"
    notice = events[-2]
    assert isinstance(notice, TextDelta)
    assert isinstance(notice.text, TranslatableText)
    assert notice.text.context == "ToolCallingLoop"
    assert finished(events).outcome == "no-final-answer"
    assert len(adapter.requests) == 2


async def test_loop_says_so_when_the_final_round_has_no_answer(
    adapter: ScriptedAdapter, make_context: Callable[..., ToolCallingLoopContext]
) -> None:
    for index in range(15):
        adapter.enqueue(end=echo_round(f"c{index}"))
    # The model calls a tool anyway; the final round ends the run regardless.
    adapter.enqueue(end=echo_round("c15"))

    events = await run(make_context(EchoTool()))

    assert answer(events) == NO_ANSWER_AFTER_LIMIT
    run_finished = finished(events)
    assert (run_finished.outcome, run_finished.limit_reached) == ("no-final-answer", True)
    assert len(traces(events)) == 15


@pytest.mark.parametrize("text", ["", " \n"], ids=["empty", "blank"])
async def test_loop_raises_when_the_first_round_has_neither_text_nor_calls(
    adapter: ScriptedAdapter,
    make_context: Callable[..., ToolCallingLoopContext],
    caplog: pytest.LogCaptureFixture,
    text: str,
) -> None:
    adapter.enqueue(end=Round(text_output=text))
    events: list[LoopEvent] = []

    with (
        caplog.at_level(logging.WARNING, logger="studio.harness.loop"),
        pytest.raises(InvalidToolCallingResponse) as raised,
    ):
        await run_into(events, make_context(EchoTool()))

    assert str(raised.value) == INVALID_RESPONSE
    assert raised.value.provider == "Local model"
    assert events == []
    assert "'Local model'" in caplog.text
    # The error is the one line the user sees; the log says it again only as a warning.
    assert [record.levelno for record in caplog.records] == [logging.WARNING]


async def test_loop_ends_quietly_when_round_is_incomplete(
    adapter: ScriptedAdapter, make_context: Callable[..., ToolCallingLoopContext]
) -> None:
    adapter.enqueue("Let me check.", end=echo_round("c1", preamble="Let me check."))
    adapter.enqueue("Partial", end=None)

    events = await run(make_context(SearchTool(), EchoTool()))

    assert answer(events) == "Let me check.\n\nPartial"
    assert finished(events).outcome == "incomplete"
    assert not isinstance(events[-2], ToolStatusChanged)


async def test_loop_lets_a_provider_error_through_after_the_streamed_text(
    adapter: ScriptedAdapter, make_context: Callable[..., ToolCallingLoopContext]
) -> None:
    adapter.enqueue("Let me check.", end=echo_round("c1", preamble="Let me check."))
    adapter.enqueue("The answer is", end=ProviderStreamError(provider="Local model"))
    events: list[LoopEvent] = []

    with pytest.raises(ProviderStreamError):
        await run_into(events, make_context(EchoTool()))

    assert answer(events) == "Let me check.\n\nThe answer is"
    assert not any(isinstance(event, RunFinished) for event in events)
    assert adapter.stream_endings == ["completed", "raised"]


# Cancellation.


async def test_loop_cancelled_mid_stream_keeps_the_text_and_adds_nothing(
    adapter: ScriptedAdapter, make_context: Callable[..., ToolCallingLoopContext]
) -> None:
    hold = Hold()
    adapter.enqueue("Let me check.", end=echo_round("c1", preamble="Let me check."))
    adapter.enqueue("The answer", hold, " is 42.", end=Round(text_output="The answer is 42."))
    events: list[LoopEvent] = []

    async def consume() -> None:
        await run_into(events, make_context(EchoTool()))

    task = asyncio.create_task(consume())
    await hold.reached.wait()
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task

    assert answer(events) == "Let me check.\n\nThe answer"
    assert not any(isinstance(event, RunFinished) for event in events)
    assert adapter.stream_endings == ["completed", "cancelled"]


async def test_loop_cancelled_while_a_tool_runs_records_nothing_more(
    adapter: ScriptedAdapter, make_context: Callable[..., ToolCallingLoopContext]
) -> None:
    waiting = WaitingTool()
    calls = (requested_call("c1", "waiting"),)
    adapter.enqueue("Waiting.", end=Round(text_output="Waiting.", calls=calls))
    events: list[LoopEvent] = []

    task = asyncio.create_task(run_into(events, make_context(waiting)))
    await waiting.started.wait()
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task

    assert not waiting.finished
    assert adapter.tool_results == []
    assert answer(events) == "Waiting."
    assert transcript(events)[-2:] == ["status 'Using tool: Waiting'", "recorded 1"]


async def test_loop_closed_by_its_consumer_closes_the_adapter_stream(
    adapter: ScriptedAdapter, make_context: Callable[..., ToolCallingLoopContext]
) -> None:
    adapter.enqueue("One", "Two", end=Round(text_output="OneTwo"))
    events = ToolCallingLoop().run(make_context(EchoTool()))

    assert isinstance(events, AsyncGenerator)

    first = await anext(events)
    await events.aclose()

    assert describe(first) == "text 'One'"
    assert adapter.stream_endings == ["closed"]


async def test_loop_closed_while_showing_the_status_runs_no_more_calls(
    adapter: ScriptedAdapter, make_context: Callable[..., ToolCallingLoopContext]
) -> None:
    echo = EchoTool()
    adapter.enqueue(end=echo_round("c1"))
    events = ToolCallingLoop().run(make_context(echo))
    assert isinstance(events, AsyncGenerator)

    first = await anext(events)
    await events.aclose()

    assert describe(first) == "status 'Using tool: Echo'"
    assert echo.calls == []
    assert adapter.records == []


@pytest.mark.parametrize("from_thread", [False, True], ids=["event loop", "worker thread"])
async def test_loop_passes_on_the_progress_of_a_running_call_in_the_tools_words(
    adapter: ScriptedAdapter,
    make_context: Callable[..., ToolCallingLoopContext],
    from_thread: bool,
) -> None:
    steps = StepsTool(from_thread=from_thread)
    adapter.enqueue(end=Round(calls=(requested_call("c1", "steps"),)))
    adapter.enqueue("Done.", end=Round(text_output="Done."))
    events: list[LoopEvent] = []

    async for event in ToolCallingLoop().run(make_context(steps)):
        events.append(event)
        if isinstance(event, ToolProgressed):
            steps.release.set()

    assert transcript(events) == [
        "status 'Using tool: Steps'",
        "recorded 1",
        "progress '1 of 2 steps done'",
        "trace 1 c1 Steps SUCCESS",
        "recorded 2",
        "status idle",
        "text 'Done.'",
        "finished answered",
    ]


async def test_loop_closed_while_showing_progress_stops_the_call(
    adapter: ScriptedAdapter, make_context: Callable[..., ToolCallingLoopContext]
) -> None:
    steps = StepsTool()
    adapter.enqueue(end=Round(calls=(requested_call("c1", "steps"),)))
    events = ToolCallingLoop().run(make_context(steps))
    assert isinstance(events, AsyncGenerator)

    seen = [describe(await anext(events)) for _ in range(3)]
    await events.aclose()

    assert seen[-1] == "progress '1 of 2 steps done'"
    assert not steps.finished
    assert adapter.tool_results == []


def test_progress_falls_back_to_english_when_a_translation_does_not_fit() -> None:
    progressed = ToolProgressed(done=3, wanted=10, template=StepsTool.progress_text)

    assert progressed.text(lambda _text: "{erledigt} von {gesamt}") == "3 of 10 steps done"
    assert progressed.text(lambda _text: "{done} von {wanted} Schritten") == "3 von 10 Schritten"
