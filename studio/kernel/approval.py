"""The decision point for calls an injected instruction could use against the user.

Once a chat has taken in outside content (a web page, a search result, a mail, an MCP tool's
result), the model may be following instructions that someone other than the user wrote. From
then on a call that would send data the model chose out of Studio, or that changes something,
runs only when it is approved: the user allowed the tool for such chats, the organisation did,
or the user approves this one call. :class:`ApprovalRequest` is what the approver is asked;
:data:`Approver` answers it with a :class:`Decision`.
"""

from __future__ import annotations

import enum
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass, field

from studio.kernel.content import ContentSource

__all__ = ["ApprovalReason", "ApprovalRequest", "Approver", "Decision"]


class ApprovalReason(enum.Enum):
    """Why a call needs approval in a chat that has taken in outside content."""

    SENDS_DATA_OUT = "SENDS_DATA_OUT"
    """It would send data the model chose to a third party or to an address the model chose
    (outbound data ``THIRD_PARTY_QUERIES`` or ``MODEL_CHOSEN_ADDRESSES``)."""
    HAS_SIDE_EFFECTS = "HAS_SIDE_EFFECTS"
    """It changes something outside the conversation (writes, sends, deletes, buys)."""


class Decision(enum.Enum):
    """An approver's answer."""

    APPROVED = "APPROVED"
    DENIED = "DENIED"
    NOBODY_TO_ASK = "NOBODY_TO_ASK"
    """No approver is attached (a command line without a terminal, say), so the call cannot
    run; the tool may be allowed for such chats in its settings instead."""


@dataclass(frozen=True, kw_only=True)
class ApprovalRequest:
    """One call waiting for approval, with what the approver needs to judge it."""

    tool_id: str
    call_id: str
    function_name: str
    arguments: Mapping[str, str] = field(default_factory=dict)
    """The arguments as the trace shows them: sensitive ones masked."""
    reasons: frozenset[ApprovalReason]
    untrusted_source: ContentSource
    """The first outside content the chat took in, to tell the user why it asks."""


Approver = Callable[[ApprovalRequest], Awaitable[Decision]]
"""Decides one request; it may ask the user and wait for the answer."""
