"""What a tool calling run reports to whoever shows it: the UI, the command line, a test.

A run is an async stream of :data:`LoopEvent` values. Text arrives as :class:`TextDelta` while
the model writes; between rounds, :class:`ToolStatusChanged` says which tools run,
:class:`ToolProgressed` how far a long call got, and :class:`ToolCallFinished` delivers each
call's trace as soon as the call ends, so finished calls show while later ones still run. A
run that ends normally closes with :class:`RunFinished`.

A run that is cancelled, or whose consumer stops reading, ends without further events: the
consumer treats that as the status being reset, because an async generator cannot report
anything while it is being closed. A run that fails raises after the events it produced.

Consumers end their ``match`` over :data:`LoopEvent` with ``assert_never``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from studio.kernel.calls import ToolInvocationTrace
from studio.kernel.content import ContentSource
from studio.kernel.policy import ConfidenceLevel, DataSecurity, OutboundDataRequirement
from studio.kernel.result import Source
from studio.kernel.rounds import Usage
from studio.kernel.translatable import QT_TRANSLATE_NOOP, TranslatableText, Translate, fill

__all__ = [
    "ConversationRecorded",
    "LoopEvent",
    "RequirementsRaised",
    "RunFinished",
    "RunOutcome",
    "SourcesUpdated",
    "TextDelta",
    "ToolCallFinished",
    "ToolProgressed",
    "ToolStatusChanged",
]

# Shown under the answer while tools run; the UI translates them in the "ToolRuntimeStatus"
# context and fills in the translated tool names.
_USING_TOOL = QT_TRANSLATE_NOOP("ToolRuntimeStatus", "Using tool: {names}")
_USING_TOOLS = QT_TRANSLATE_NOOP("ToolRuntimeStatus", "Using tools: {names}")


@dataclass(frozen=True, kw_only=True)
class TextDelta:
    """A piece of the answer, to append to what is shown.

    Most text is the model's, passed on as it streams. A text the loop writes itself (a notice
    such as "The model did not return a final answer ...") is a :class:`TranslatableText`, so
    the UI can show it in its own language.
    """

    kind: Literal["text-delta"] = "text-delta"
    text: str = ""
    usage: Usage | None = None
    """Token usage; only the first round's usage is passed on, because later rounds resend the
    tool conversation, which is not part of the chat once the answer stands."""
    sources: tuple[Source, ...] = ()
    """Sources to add to the answer; merge them by address (see :mod:`studio.harness.sources`).
    The run's closing delta carries every source the rounds and the tools reported."""


@dataclass(frozen=True, kw_only=True)
class ToolStatusChanged:
    """Tools started or stopped running; shown as a small note under the streaming answer.

    Build it with :meth:`using` or :meth:`idle`. :attr:`message` is English, for logs and the
    command line; the UI calls :meth:`text` with its translator instead.
    """

    kind: Literal["tool-status-changed"] = "tool-status-changed"
    running: bool
    tool_names: tuple[str, ...] = ()
    """The display names of the running tools; a :class:`TranslatableText` for a known tool,
    the name the model used otherwise."""
    message: str = ""
    """"Using tool: X" or "Using tools: X, Y" in English; empty when idle."""

    @classmethod
    def using(cls, tool_names: Sequence[str]) -> ToolStatusChanged:
        """The status while the tools named ``tool_names`` run."""
        names = tuple(tool_names)
        return cls(running=True, tool_names=names, message=_status_text(names, str))

    @classmethod
    def idle(cls) -> ToolStatusChanged:
        """The status once no tool runs any more."""
        return cls(running=False)

    def text(self, translate: Translate = str) -> str:
        """The message in the language ``translate`` renders; empty when idle."""
        return _status_text(self.tool_names, translate) if self.running else ""


@dataclass(frozen=True, kw_only=True)
class ToolProgressed:
    """A running call worked through some of its items (the pages a search loads, say).

    :attr:`template` is the tool's wording with ``{done}`` and ``{wanted}``; the UI translates it
    with :meth:`text` and shows it beside the "Using tool: …" note until the status changes.
    """

    kind: Literal["tool-progressed"] = "tool-progressed"
    done: int
    wanted: int
    template: TranslatableText

    def text(self, translate: Translate = str) -> str:
        """The progress in the language ``translate`` renders, e.g. "3 of 10 pages loaded"."""
        return fill(self.template, {"done": self.done, "wanted": self.wanted}, translate)


@dataclass(frozen=True, kw_only=True)
class ToolCallFinished:
    """One tool call ended; its trace joins the answer's list of tool calls."""

    kind: Literal["tool-call-finished"] = "tool-call-finished"
    trace: ToolInvocationTrace


@dataclass(frozen=True, kw_only=True)
class SourcesUpdated:
    """New sources arrived with a round or a tool result; the UI may list them early."""

    kind: Literal["sources-updated"] = "sources-updated"
    sources: tuple[Source, ...]
    """Every source the rounds and the tools reported in this run so far, without duplicates."""


@dataclass(frozen=True, kw_only=True)
class RequirementsRaised:
    """A tool result tightened what the chat demands of later requests.

    The chat's requirements are already raised in place when this arrives; the event tells the
    owner of the chat to store them and to re-check the provider for the next message.
    """

    kind: Literal["requirements-raised"] = "requirements-raised"
    provider_confidence: ConfidenceLevel
    data_security: DataSecurity
    outbound: OutboundDataRequirement
    untrusted_source: ContentSource | None = None
    """The first outside content the chat took in, once it has taken in any."""


@dataclass(frozen=True, kw_only=True)
class ConversationRecorded:
    """The adapter recorded a model turn or a tool result; the token counter may move."""

    kind: Literal["conversation-recorded"] = "conversation-recorded"
    request_texts: tuple[str, ...]
    """The texts the adapter has recorded for the next request, for live token counting."""


RunOutcome = Literal["answered", "no-final-answer", "invalid-call", "incomplete"]
"""How a run ended: the model answered; it stopped without an answer; it sent a tool call that
could not be answered; or the provider's round never completed."""


@dataclass(frozen=True, kw_only=True)
class RunFinished:
    """The run ended normally; always its last event."""

    kind: Literal["run-finished"] = "run-finished"
    outcome: RunOutcome
    limit_reached: bool = False
    """A tool-call limit was reached, so the last round ran without tools."""
    tool_call_count: int = 0
    tool_result_characters: int = 0


LoopEvent = (
    TextDelta
    | ToolStatusChanged
    | ToolProgressed
    | ToolCallFinished
    | SourcesUpdated
    | RequirementsRaised
    | ConversationRecorded
    | RunFinished
)
"""Everything a tool calling run yields."""


def _status_text(tool_names: tuple[str, ...], translate: Translate) -> str:
    if not tool_names:
        return ""
    template = _USING_TOOL if len(tool_names) == 1 else _USING_TOOLS
    names = ", ".join(
        translate(name) if isinstance(name, TranslatableText) else name for name in tool_names
    )
    # Replacing rather than formatting: a translation with a stray brace still shows.
    return translate(template).replace("{names}", names)
