"""What a redacted span tried to do, or how it was hidden: the categories of findings.

Every stage of the scanner names its signals by one of these; the rule files name a category
per rule by its value.
"""

from __future__ import annotations

import enum

__all__ = ["FindingCategory"]


class FindingCategory(enum.StrEnum):
    """What a redacted span tried to do, or how it was hidden."""

    OVERRIDE = "override"
    """Tells the model to drop its instructions ("ignore all previous instructions")."""
    ROLE_OVERRIDE = "role_override"
    """Fakes a system or assistant turn, or gives the model a new identity."""
    EXFILTRATION = "exfiltration"
    """Asks for the conversation, the system prompt or secrets, or leaks them through a link."""
    JAILBREAK = "jailbreak"
    """Tries to lift the model's safety rules (DAN, "developer mode", "no restrictions")."""
    AGENT_MANIPULATION = "agent_manipulation"
    """Addresses the model to make it call tools, visit pages or deceive the user."""
    DELIMITER_EVASION = "delimiter_evasion"
    """Fakes the end of the content to start "new instructions"."""
    MARKUP_EVASION = "markup_evasion"
    """Hides instructions in HTML comments or invisible elements."""
    ENCODING_EVASION = "encoding_evasion"
    """Hides instructions in base64, hex or character escapes."""
    PERSISTENCE = "persistence"
    """Tries to make an instruction outlive the conversation ("remember this for all...")."""
    EVASION = "evasion"
    """Disguises an instruction: spelled-out letters, shuffled letters, look-alikes, tags."""
