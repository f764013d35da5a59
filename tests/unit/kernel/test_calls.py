"""The one rule for a usable tool call, the same for every wire API."""

from __future__ import annotations

import json
from collections.abc import Callable

import pytest

from studio.kernel.calls import (
    NON_JSON_NUMBER_HINT,
    ToolCall,
    parse_arguments,
    read_call,
)
from studio.providers.anthropic_stream import AnthropicMessageAccumulator
from studio.providers.chat_completions_stream import ChatCompletionAccumulator
from studio.providers.responses_stream import ResponsesAccumulator


@pytest.mark.parametrize(
    ("arguments", "valid", "stored"),
    [
        pytest.param("{}", True, "{}", id="empty-object"),
        pytest.param(' {"a": [1, {"b": null}]} ', True, ' {"a": [1, {"b": null}]} ', id="object"),
        pytest.param("", True, "{}", id="none"),
        pytest.param("  \n", True, "{}", id="blank"),
        pytest.param("[]", False, "[]", id="array"),
        pytest.param("1", False, "1", id="number"),
        pytest.param("null", False, "null", id="null"),
        pytest.param('"{}"', False, '"{}"', id="string"),
        pytest.param("{", False, "{", id="broken"),
        pytest.param('{"a": NaN}', False, '{"a": NaN}', id="nan"),
        pytest.param('{"a": -Infinity}', False, '{"a": -Infinity}', id="infinity"),
        pytest.param('{"a": 1e400}', False, '{"a": 1e400}', id="too-large"),
    ],
)
def test_a_call_is_usable_only_with_a_json_object_of_finite_numbers(
    arguments: str, valid: bool, stored: str
) -> None:
    call = read_call(call_id="c1", function_name="echo", arguments_json=arguments)

    assert (call.is_valid, call.arguments_json) == (valid, stored)


def test_a_blank_function_name_makes_the_call_unusable() -> None:
    assert not read_call(call_id="c1", function_name="  ", arguments_json="{}").is_valid


def test_a_number_json_cannot_carry_comes_with_a_hint_the_model_can_act_on() -> None:
    assert read_call(call_id="c", function_name="f", arguments_json='{"a": NaN}').hint == (
        NON_JSON_NUMBER_HINT
    )
    assert read_call(call_id="c", function_name="f", arguments_json="{").hint is None


def test_a_lone_surrogate_in_the_arguments_is_replaced() -> None:
    call = read_call(call_id="c", function_name="f", arguments_json='{"a": "x\\ud800"}')

    assert call.is_valid
    assert json.loads(call.arguments_json) == {"a": "x\ufffd"}


def test_the_executor_reads_arguments_by_the_same_rule() -> None:
    assert parse_arguments("") == {}
    assert parse_arguments('{"a": 1}') == {"a": 1}
    assert parse_arguments('{"a": NaN}') is None
    assert parse_arguments("[1]") is None


# The same call through each wire API's stream reader.


def _chat_completions(arguments: str) -> tuple[ToolCall, ...]:
    accumulator = ChatCompletionAccumulator()
    function = {"name": "echo", "arguments": arguments}
    call = {"index": 0, "id": "c1", "type": "function", "function": function}
    choice = {"index": 0, "delta": {"tool_calls": [call]}, "finish_reason": "tool_calls"}
    accumulator.add(json.dumps({"choices": [choice]}))
    message = accumulator.build()
    assert message is not None
    return message.tool_calls


def _responses(arguments: str) -> tuple[ToolCall, ...]:
    accumulator = ResponsesAccumulator()
    item = {"type": "function_call", "call_id": "c1", "name": "echo", "arguments": arguments}
    response = {"status": "completed", "output": [item]}
    accumulator.add(json.dumps({"type": "response.completed", "response": response}))
    built = accumulator.build()
    assert built is not None
    return built.calls


def _anthropic(arguments: str) -> tuple[ToolCall, ...]:
    accumulator = AnthropicMessageAccumulator()
    block = {"type": "tool_use", "id": "c1", "name": "echo", "input": {}}
    delta = {"type": "input_json_delta", "partial_json": arguments}
    for event in (
        {"type": "message_start", "message": {"usage": {"input_tokens": 1}}},
        {"type": "content_block_start", "index": 0, "content_block": block},
        {"type": "content_block_delta", "index": 0, "delta": delta},
        {"type": "message_delta", "delta": {"stop_reason": "tool_use"}},
        {"type": "message_stop"},
    ):
        accumulator.add(json.dumps(event))
    message = accumulator.build()
    assert message is not None
    return message.calls


_READERS: dict[str, Callable[[str], tuple[ToolCall, ...]]] = {
    "chat_completions": _chat_completions,
    "responses": _responses,
    "anthropic": _anthropic,
}


@pytest.mark.parametrize("reader", _READERS.values(), ids=_READERS.keys())
@pytest.mark.parametrize(
    ("arguments", "valid"),
    [
        pytest.param('{"text": "hi"}', True, id="object"),
        pytest.param('{"a": NaN}', False, id="nan"),
        pytest.param('{"a": Infinity}', False, id="infinity"),
        pytest.param('{"a": 1e400}', False, id="too-large"),
        pytest.param("[1, 2]", False, id="array"),
    ],
)
def test_every_wire_api_judges_a_call_by_the_same_rule(
    reader: Callable[[str], tuple[ToolCall, ...]], arguments: str, valid: bool
) -> None:
    (call,) = reader(arguments)

    assert call == read_call(call_id="c1", function_name="echo", arguments_json=arguments)
    assert call.is_valid is valid
