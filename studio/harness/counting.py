"""How much a request will send: the characters, and a rough token estimate for the UI.

The counter below the message field shows what the next request carries before it is sent: the
system prompt, the chat so far, the new message and the JSON of the tool definitions the
request would offer. While an answer runs, the texts the adapter has recorded for the next
round (tool calls and their results) count as well, so the number moves during a long round.

The token figure is an estimate, about four characters per token, and the UI says so: the real
count depends on the model's tokenizer, which Studio does not ship.
"""

from __future__ import annotations

import json
import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from studio.kernel.context import ChatContext, ProviderContext
from studio.kernel.definition import Component, ToolFunction
from studio.providers.base import ChatMessage
from studio.tools.registry import ToolRegistry

__all__ = [
    "CHARACTERS_PER_TOKEN",
    "RequestSize",
    "measure_request",
    "offered_functions",
    "tools_json",
]

CHARACTERS_PER_TOKEN = 4
"""The rule of thumb behind the estimate; close for English prose, rougher for code."""


@dataclass(frozen=True, kw_only=True)
class RequestSize:
    """The size of one request as the counter shows it."""

    characters: int
    """Every character the request carries: prompt, chat, message and tool definitions."""

    @property
    def estimated_tokens(self) -> int:
        """About how many tokens that is; an estimate, never a provider's count."""
        return math.ceil(self.characters / CHARACTERS_PER_TOKEN)


def tools_json(functions: Iterable[ToolFunction]) -> str:
    """The tool definitions as compact JSON, about as a provider receives them.

    Each API wraps the functions a little differently; the name, description and parameter
    schema are what every one of them sends, so those are what is counted.
    """
    return json.dumps(
        [function.model_dump(mode="json") for function in functions],
        ensure_ascii=False,
        separators=(",", ":"),
    )


def measure_request(
    *,
    message: str,
    system_prompt: str = "",
    history: Sequence[ChatMessage] = (),
    tools: Sequence[ToolFunction] = (),
    recorded: Sequence[str] = (),
) -> RequestSize:
    """The size of the request that sending ``message`` now would make.

    Args:
        message: The text in the message field.
        system_prompt: The chat's system prompt.
        history: The chat so far, without the new message.
        tools: The functions the request would offer (see :func:`offered_functions`).
        recorded: The texts the running answer's adapter recorded for its next round.

    Returns:
        The total number of characters, with its token estimate.
    """
    characters = len(system_prompt) + len(message)
    characters += sum(len(entry.text) for entry in history)
    characters += sum(len(text) for text in recorded)
    if tools:
        characters += len(tools_json(tools))
    return RequestSize(characters=characters)


async def offered_functions(
    registry: ToolRegistry,
    selected_ids: Iterable[str],
    provider: ProviderContext,
    component: Component = Component.CHAT,
    chat: ChatContext | None = None,
) -> tuple[ToolFunction, ...]:
    """The functions a request from ``component`` to ``provider`` would offer the model.

    The registry's own filter decides, so the counter agrees with the request; a collection
    counts with all the tools it brings.
    """
    ids = await registry.filter_tool_ids_for_provider(selected_ids, provider, component, chat)
    definitions = (registry.definition(tool_id) for tool_id in ids)
    return tuple(definition.function for definition in definitions if definition is not None)
