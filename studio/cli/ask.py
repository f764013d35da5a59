"""``studio ask``: one chat turn from a terminal, through the same tools and harness as the app.

The answer streams to standard output as the model writes it; tool activity goes to standard
error. ``--json`` prints one object at the end instead, for scripts.

``--chat new`` keeps the turn in a new stored chat, and ``--chat ID`` continues one, exactly
as the app does: the same :class:`~studio.chats.session.ChatSession` stores the message, the
answer (saved now and then while it streams) and what the tools learnt, and the chat's stored
requirements hold for the provider asked. The app lists the chat; ``studio chats`` shows it.
"""

from __future__ import annotations

import argparse
from typing import Any

from studio.chats.session import (
    AnswerEnded,
    Answering,
    ChatCreated,
    ChatSession,
    ProviderPool,
    SessionEvent,
)
from studio.cli.chats import live_chat
from studio.cli.output import err, out, out_json, visible
from studio.errors import StudioError
from studio.harness.events import (
    ConversationRecorded,
    RequirementsRaised,
    RunFinished,
    SourcesUpdated,
    TextDelta,
    ToolCallFinished,
    ToolProgressed,
    ToolStatusChanged,
)
from studio.harness.turn import ChatTurn
from studio.kernel.content import ContentSource
from studio.kernel.definition import Component
from studio.providers.provider import Provider
from studio.services import Services
from studio.tools.registry import block_message

__all__ = ["handle"]


async def handle(services: Services, arguments: argparse.Namespace) -> int:
    """Run ``studio ask MESSAGE``; return the exit code."""
    if not arguments.message.strip():
        raise StudioError("The message is empty: write what to ask, in quotes.")
    answering = Answering(
        turn=ChatTurn(services.registry, services.settings),
        providers=ProviderPool(services.providers),
        guard=services.builtin.guard,
    )
    try:
        return await _ask(services, arguments, answering)
    finally:
        await answering.providers.aclose()


async def _ask(services: Services, arguments: argparse.Namespace, answering: Answering) -> int:
    session = await _session(services, arguments.chat, answering)
    chat = session.chat
    provider_name = arguments.provider or (chat.provider_name if chat is not None else "")
    if not provider_name:
        raise StudioError("Name the provider to ask: --provider NAME.")
    settings = services.providers.require(provider_name)
    if arguments.tools is not None:
        tool_ids = tuple(part.strip() for part in arguments.tools.split(",") if part.strip())
    else:
        tool_ids = (chat.selected_tool_ids or ()) if chat is not None else ()
    # Refuses a provider that needs a key when none can be read, before any request.
    provider = await answering.providers.provider(settings)
    await _warn_about_unusable_tools(services, provider, tool_ids, session.component)
    if chat is not None and arguments.tools is not None:
        # The chat remembers the tools chosen for it, as when they are chosen in the app.
        await services.chats.set_selected_tools(chat.id, tool_ids)

    def on_event(event: SessionEvent) -> None:
        if isinstance(event, ChatCreated):
            if not arguments.json:
                err(f"studio: chat {event.chat.id}")
        elif not arguments.json:
            _show(event)

    ended = await session.answer(
        arguments.message,
        provider_name=settings.name,
        selected_tool_ids=tool_ids,
        system_prompt=arguments.system,
        on_event=on_event,
    )
    if ended.error is not None:
        # Stored as the app stores it; the command then fails with the error's own message.
        raise ended.error
    if arguments.json:
        out_json(_as_json(ended, session))
    elif ended.record.text and not ended.record.text.endswith("\n"):
        out()
    return 0


async def _session(services: Services, chat: str | None, answering: Answering) -> ChatSession:
    if chat is None:
        return ChatSession.unkept(answering)
    if chat == "new":
        return ChatSession.new(answering, services.chats)
    return await ChatSession.open(answering, services.chats, (await live_chat(services, chat)).id)


async def _warn_about_unusable_tools(
    services: Services, provider: Provider, tool_ids: tuple[str, ...], component: Component
) -> None:
    """Say on standard error why a requested tool will not be offered, as the app greys it out."""
    for tool_id in tool_ids:
        if not services.registry.is_known(tool_id):
            known = ", ".join(e.id for e in services.registry.all_entries()) or "none installed"
            raise StudioError(f"There is no tool {tool_id!r}; the tools are: {known}.")
        context = services.providers.context_for(provider.settings)
        check = await services.registry.offer_check(tool_id, context, component)
        if not check.allowed:
            err(f"studio: {tool_id!r} is not used: {block_message(check)}")


def _show(event: SessionEvent) -> None:
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
        case (
            SourcesUpdated()
            | RequirementsRaised()
            | ConversationRecorded()
            | RunFinished()
            | ChatCreated()
            | AnswerEnded()
        ):
            pass


def _as_json(ended: AnswerEnded, session: ChatSession) -> dict[str, Any]:
    record = ended.record
    return {
        "chat_id": session.chat.id if session.chat is not None else None,
        "state": ended.state,
        "answer": record.text,
        "traces": [
            {
                "order": trace.order,
                "tool_id": trace.tool_id,
                "status": trace.status.name,
                "arguments": trace.arguments,
                "status_message": trace.status_text() if trace.status_message else None,
                "removed": [
                    {
                        "source": removal.source.address,
                        "category": removal.category,
                        "passage": removal.passage,
                    }
                    for removal in trace.removals
                ],
            }
            for trace in record.traces
        ],
        "sources": [{"title": source.title, "url": source.url} for source in record.sources],
        "required_confidence": session.context.requirements.provider_confidence.name,
        "outside_content": _source_json(session.context.requirements.untrusted_source),
    }


def _source_json(source: ContentSource | None) -> dict[str, str] | None:
    """The first outside content the chat took in, or None while it has taken in none."""
    if source is None:
        return None
    return {"kind": source.kind, "address": source.address}
