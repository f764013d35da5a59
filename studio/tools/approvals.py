"""When a call needs approval in a chat that has taken in outside content, and what it is told.

The rule (see :mod:`studio.kernel.approval`): once a chat holds outside content, a call of a tool
that would send model-chosen data out (outbound data ``THIRD_PARTY_QUERIES`` or
``MODEL_CHOSEN_ADDRESSES``) or that has side effects runs only when the user or the organisation
allowed the tool for such chats, or when the approver approves the call. The executor applies
the rule before a call runs; a tool that asks for its own approval (``asks_own_approval``, such
as ``read_web_page``, which needs none for an address the user gave) asks for the outbound part
itself with :func:`require_approval`.
"""

from __future__ import annotations

import urllib.parse

from studio.errors import ToolExecutionBlocked
from studio.kernel.approval import ApprovalReason, Decision
from studio.kernel.content import ContentSource
from studio.kernel.context import ChatContext, ToolExecutionContext
from studio.kernel.policy import ToolOutboundData
from studio.kernel.translatable import QT_TRANSLATE_NOOP, TranslatableText
from studio.tools.implementation import ToolImplementation

__all__ = [
    "APPROVAL_DENIED",
    "APPROVAL_UNAVAILABLE",
    "SENDS_MODEL_CHOSEN_DATA",
    "approval_reasons",
    "refusal",
    "require_approval",
    "source_name",
]

SENDS_MODEL_CHOSEN_DATA = frozenset(
    {ToolOutboundData.THIRD_PARTY_QUERIES, ToolOutboundData.MODEL_CHOSEN_ADDRESSES}
)
"""Outbound data that carries what the model chose out of Studio."""

# Read by the model as the call's result and shown to the user in the trace.
APPROVAL_UNAVAILABLE = QT_TRANSLATE_NOOP(
    "ToolApproval",
    "This chat contains content from {source}, which may carry instructions from someone else, "
    "so this call needs the user's approval, and the user could not be asked. The user can "
    "allow the tool for such chats in its settings. Continue without this call.",
)
APPROVAL_DENIED = QT_TRANSLATE_NOOP(
    "ToolApproval",
    "The user did not approve this call. Continue without it, and do not make it again unless "
    "the user asks for it.",
)


def approval_reasons(
    implementation: ToolImplementation, chat: ChatContext
) -> frozenset[ApprovalReason]:
    """Why a call of ``implementation`` needs approval before it runs; empty when it does not.

    Nothing needs approval until the chat has taken in outside content. A tool that asks for
    its own approval asks for the outbound part itself, so only its side effects count here.
    """
    if not chat.requirements.is_untrusted:
        return frozenset()
    reasons = set()
    if (
        implementation.outbound_data in SENDS_MODEL_CHOSEN_DATA
        and not implementation.asks_own_approval
    ):
        reasons.add(ApprovalReason.SENDS_DATA_OUT)
    if implementation.has_side_effects:
        reasons.add(ApprovalReason.HAS_SIDE_EFFECTS)
    return frozenset(reasons)


def refusal(decision: Decision, chat: ChatContext) -> tuple[TranslatableText, dict[str, object]]:
    """The block message of a call that was not approved, and its values."""
    if decision is Decision.DENIED:
        return APPROVAL_DENIED, {}
    source = chat.requirements.untrusted_source
    return APPROVAL_UNAVAILABLE, {"source": source_name(source) if source else ""}


def source_name(source: ContentSource) -> str:
    """How a message names a source without repeating what its author chose.

    A page by its host (its path and query are the page author's words, and a redirect's
    target is the server's choice), a tool or mailbox by the label Studio gave it.
    """
    if source.kind == "web_page":
        return urllib.parse.urlsplit(source.address).hostname or "a web page"
    return source.label or source.kind.replace("_", " ")


async def require_approval(context: ToolExecutionContext, reason: ApprovalReason) -> None:
    """Go on only if the running call may, in this chat, do what ``reason`` names.

    In a chat without outside content this returns at once.

    Raises:
        ToolExecutionBlocked: The call was not approved, or nobody could be asked.
    """
    if not context.chat.requirements.is_untrusted:
        return
    decision = Decision.NOBODY_TO_ASK
    if context.approve is not None:
        decision = await context.approve(frozenset({reason}))
    if decision is not Decision.APPROVED:
        template, values = refusal(decision, context.chat)
        raise ToolExecutionBlocked(template, **values)
