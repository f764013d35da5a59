"""Where outside content came from: the one name every source of untrusted text shares.

Web pages, search results, mails, local documents and MCP tool results are written by someone
other than the user. Each piece of such content carries a :class:`ContentSource`: the guard
groups its findings by it, the harness fences tool results with it, and a chat remembers the
first one that made it untrusted.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

__all__ = ["MAX_REMOVED_PASSAGE_CHARACTERS", "ContentSource", "Removal", "SourceKind"]

MAX_REMOVED_PASSAGE_CHARACTERS = 2000
"""The most of one removed passage that is kept for the user to see and put back."""

SourceKind = Literal["web_page", "mail", "document", "mcp", "tool"]
"""What sort of content a source is; ``tool`` is a tool's own result of no finer kind."""


@dataclass(frozen=True, slots=True)
class ContentSource:
    """Where outside content came from; the unit findings are grouped and reported by.

    Two sources are equal when their kind and address are; the label is only for display.
    """

    kind: SourceKind
    """What sort of content it is."""
    address: str
    """The page's URL, ``mailbox://<mailbox ID>/<mail ID>``, a document's path, or
    ``mcp://<server>/<tool>`` and ``tool://<tool id>`` for tool results."""
    label: str = field(default="", compare=False)
    """What the user sees in a notice; the address when empty."""

    @classmethod
    def web_page(cls, url: str, *, label: str = "") -> ContentSource:
        """A web page, by its final URL; every field of the page shares this source."""
        return cls(kind="web_page", address=url, label=label)

    @classmethod
    def mail(cls, mailbox_id: str, mail_id: str, *, label: str = "") -> ContentSource:
        """One mail of a mailbox, by IDs only: subjects and addresses never reach a log."""
        return cls(kind="mail", address=f"mailbox://{mailbox_id}/{mail_id}", label=label)

    @classmethod
    def tool(cls, tool_id: str, *, label: str = "") -> ContentSource:
        """The result of a tool that names no finer source (a plugin's tool, say)."""
        return cls(kind="tool", address=f"tool://{tool_id}", label=label)

    @property
    def display_name(self) -> str:
        """The name the user sees."""
        return self.label or self.address


@dataclass(frozen=True, slots=True)
class Removal:
    """One passage the prompt-injection guard removed from outside content.

    The passage is suspicious content: it is shown to the user on request and may be put back
    into the chat by the user, but never logged.
    """

    source: ContentSource
    category: str
    """What the passage tried to do, as the guard names it (``override``, ``exfiltration``)."""
    rule: str
    """The rule or stage that found it, for the curious and for reports of mistakes."""
    passage: str
    """The removed text as the source had it, at most
    :data:`MAX_REMOVED_PASSAGE_CHARACTERS` long."""
