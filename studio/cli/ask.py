"""``studio ask``: one chat turn from a terminal, through the same tools and harness as the app.

The answer streams to standard output as the model writes it; tool activity goes to standard
error. ``--json`` prints one object at the end instead, for scripts.
"""

from __future__ import annotations

import argparse
from typing import Any

from studio.cli.output import err, out, out_json, visible
from studio.errors import StudioError
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
from studio.harness.turn import AnswerRecord, ChatTurn, TurnRequest
from studio.kernel.context import ChatContext
from studio.kernel.definition import Component
from studio.providers.provider import Provider
from studio.services import Services
from studio.tools.registry import block_message

__all__ = ["handle"]


async def handle(services: Services, arguments: argparse.Namespace) -> int:
    """Run ``studio ask MESSAGE``; return the exit code."""
    if not arguments.message.strip():
        raise StudioError("The message is empty: write what to ask, in quotes.")
    settings = services.providers.require(arguments.provider)
    tool_ids = tuple(part.strip() for part in arguments.tools.split(",") if part.strip())
    turn = ChatTurn(services.registry, services.settings)
    request = TurnRequest(
        message=arguments.message,
        system_prompt=arguments.system,
        selected_tool_ids=tool_ids,
        component=Component.CHAT,
    )
    chat = ChatContext()
    record = AnswerRecord()
    api_key = await services.providers.request_api_key(settings.name)
    async with Provider(settings, api_key) as provider:
        await _warn_about_unusable_tools(services, provider, tool_ids)
        # One answer is one user action: the guard reports once, after it.
        async with services.builtin.guard.action():
            async for event in turn.run(provider, request, chat):
                record.add(event)
                if not arguments.json:
                    _show(event)
    if arguments.json:
        out_json(_as_json(record, chat))
    elif record.text and not record.text.endswith("\n"):
        out()
    return 0


async def _warn_about_unusable_tools(
    services: Services, provider: Provider, tool_ids: tuple[str, ...]
) -> None:
    """Say on standard error why a requested tool will not be offered, as the app greys it out."""
    for tool_id in tool_ids:
        if not services.registry.is_known(tool_id):
            known = ", ".join(e.id for e in services.registry.all_entries()) or "none installed"
            raise StudioError(f"There is no tool {tool_id!r}; the tools are: {known}.")
        check = await services.registry.offer_check(tool_id, provider.context(), Component.CHAT)
        if not check.allowed:
            err(f"studio: {tool_id!r} is not used: {block_message(check)}")


def _show(event: LoopEvent) -> None:
    match event:
        case TextDelta():
            out(event.text, end="", flush=True)
        case ToolStatusChanged():
            if event.running:
                err(f"[{visible(event.message, one_line=True)}]")
        case ToolProgressed():
            err(f"[{visible(event.text(), one_line=True)}]")
        case ToolCallFinished():
            # The tool's name is the model's choice and the status message may be the tool's:
            # each activity line stays one line.
            trace = event.trace
            note = f": {trace.status_text()}" if trace.status_message else ""
            line = f"{trace.order}. {trace.display_name} {trace.status.name}{note}"
            err(f"[{visible(line, one_line=True)}]")
        case SourcesUpdated() | RequirementsRaised() | ConversationRecorded() | RunFinished():
            pass


def _as_json(record: AnswerRecord, chat: ChatContext) -> dict[str, Any]:
    return {
        "answer": record.text,
        "traces": [
            {
                "order": trace.order,
                "tool_id": trace.tool_id,
                "status": trace.status.name,
                "arguments": trace.arguments,
                "status_message": trace.status_text() if trace.status_message else None,
            }
            for trace in record.traces
        ],
        "sources": [{"title": source.title, "url": source.url} for source in record.sources],
        "required_confidence": chat.requirements.provider_confidence.name,
    }
