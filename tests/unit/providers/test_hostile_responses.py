"""Hostile provider answers, every class and every wire API, through the real provider and loop.

Each case of :data:`tests.support.hostile_provider.CASES` is served by a loopback
:class:`~tests.support.hostile_provider.HostileProviderServer` and answered by a real
:class:`~studio.providers.provider.Provider` driven by the real
:class:`~studio.harness.loop.ToolCallingLoop` with a real tool. Whatever the case, the run ends
within the provider's progress deadline, with either an answer or one
:class:`~studio.providers.errors.ProviderError` whose message is one line; anything else
escaping the loop is a traceback and fails the test. No ERROR is logged on the way, and every
request Studio sent was JSON a server could read.
"""

from __future__ import annotations

import json
import logging
import time
from collections.abc import Iterator

import pytest
from pydantic import SecretStr

from studio.config.profiles import ProviderType
from studio.config.providers import ProviderSettings
from studio.harness.events import LoopEvent, TextDelta, ToolCallFinished
from studio.harness.loop import ToolCallingLoop, ToolCallingLoopContext
from studio.kernel.calls import TraceStatus
from studio.kernel.context import ChatContext
from studio.kernel.policy import ConfidenceLevel
from studio.providers.base import ChatMessage, Conversation
from studio.providers.errors import ProviderError
from studio.providers.provider import Provider
from studio.tools.executor import ToolExecutor
from tests.support.hostile_provider import CASES, HostileCase, HostileProviderServer
from tests.support.tools import EchoTool, StaticSettings, runnable

DEADLINE = 1.0
"""The provider's progress deadline in these tests, in seconds."""
SLACK = 2.5
"""How much longer than the deadline a stalled run may take to end (a loaded machine)."""
QUICK = 20.0
"""The longest any other case may take."""

_TYPES = {
    "chat_completions": ProviderType.OPENAI_CHAT,
    "responses": ProviderType.OPENAI_RESPONSES,
    "anthropic": ProviderType.ANTHROPIC,
}


@pytest.fixture
def server() -> Iterator[HostileProviderServer]:
    with HostileProviderServer() as hostile:
        yield hostile
    assert not hostile.problems, hostile.problems


def _settings(server: HostileProviderServer, case: HostileCase) -> ProviderSettings:
    return ProviderSettings.from_user(
        name="Hostile host",
        type=_TYPES[case.api],
        base_url=f"{server.url}/v1",
        model="test-model",
        confidence=ConfidenceLevel.MEDIUM,
        progress_timeout=DEADLINE,
    )


async def _no_sleep(seconds: float) -> None:
    pass


@pytest.mark.parametrize("case", CASES, ids=[case.id for case in CASES])
async def test_a_hostile_answer_ends_cleanly_and_in_time(
    case: HostileCase, server: HostileProviderServer, caplog: pytest.LogCaptureFixture
) -> None:
    server.enqueue(*case.turns)
    echo = EchoTool()
    tools = [runnable(echo)]
    conversation = Conversation(
        system_prompt="You are a test assistant.",
        messages=(ChatMessage(role="user", text="Please help."),),
        tools=tuple(tool.function for tool in tools),
    )
    events: list[LoopEvent] = []
    error: ProviderError | None = None
    caplog.set_level(logging.WARNING)
    started = time.monotonic()
    async with Provider(
        _settings(server, case), SecretStr("sk-hostile"), sleep=_no_sleep
    ) as provider:
        context = ToolCallingLoopContext(
            adapter=provider.new_adapter(conversation),
            runnable_tools=tools,
            executor=ToolExecutor(StaticSettings()),
            provider=provider.context(),
            chat=ChatContext(),
        )
        try:
            async for event in ToolCallingLoop().run(context):
                events.append(event)
        except ProviderError as raised:
            error = raised
    elapsed = time.monotonic() - started

    limit = DEADLINE + SLACK if case.stalls else QUICK
    assert elapsed < limit, f"the run took {elapsed:.1f} s"
    text = "".join(event.text for event in events if isinstance(event, TextDelta))
    text.encode("utf-8")  # well-formed: it can be printed and stored
    errors = [record for record in caplog.records if record.levelno >= logging.ERROR]
    assert not errors, [record.getMessage() for record in errors]
    for request in server.requests:
        assert isinstance(json.loads(request.body), dict)
    traces = [event.trace for event in events if isinstance(event, ToolCallFinished)]

    match case.expect:
        case "error":
            assert error is not None, f"the run answered {text!r}"
            message = str(error)
            assert "\n" not in message
            assert case.message in message, message
            assert text.startswith(case.text)
        case "answer":
            assert error is None, str(error)
            assert text.endswith(case.text)
            assert all(trace.status is TraceStatus.SUCCESS for trace in traces)
            if case.name == "duplicate-call-ids":
                messages = server.last_request.json["messages"]
                (turn,) = [message for message in messages if message.get("tool_calls")]
                sent = [call["id"] for call in turn["tool_calls"]]
                answered = [
                    message["tool_call_id"] for message in messages if message["role"] == "tool"
                ]
                assert len(set(sent)) == 2
                assert answered == sent
                assert [call.arguments["text"] for call in echo.calls] == ["one", "two"]
        case "invalid-call":
            assert error is None, str(error)
            assert text.endswith(case.text)
            assert not echo.calls
            assert [trace.status for trace in traces] == [TraceStatus.ERROR]
            assert len(server.requests) == 2
            assert "JSON cannot carry" in server.last_request.body.decode()


def test_every_class_is_tried_in_every_api() -> None:
    by_api: dict[str, set[str]] = {}
    for case in CASES:
        by_api.setdefault(case.api, set()).add(case.name)
    assert by_api["chat_completions"] >= by_api["responses"] == by_api["anthropic"]
    assert len(by_api["anthropic"]) >= 20
