"""Why a tool cannot be offered, and the message the selection UI shows for it.

The registry runs one chain of checks for the selection UI and for request preparation, so a
row the UI greys out is exactly a tool the request leaves out. Re-exported through
:mod:`studio.tools.registry`.
"""

from __future__ import annotations

import enum
from collections.abc import Callable
from dataclasses import dataclass

from studio.kernel.policy import ConfidenceLevel
from studio.kernel.translatable import QT_TRANSLATE_NOOP, TranslatableText, fill

__all__ = ["OfferBlockReason", "OfferCheck", "block_message", "confidence_label"]


class OfferBlockReason(enum.Enum):
    """Why a tool is not offered; the members are listed in the order they are checked."""

    TOOLS_SWITCHED_OFF = "TOOLS_SWITCHED_OFF"
    MODEL_CANNOT_USE_TOOLS = "MODEL_CANNOT_USE_TOOLS"
    NOT_AVAILABLE_HERE = "NOT_AVAILABLE_HERE"
    TOOL_SWITCHED_OFF = "TOOL_SWITCHED_OFF"
    NOT_CONFIGURED = "NOT_CONFIGURED"
    PROVIDER_CONFIDENCE_TOO_LOW = "PROVIDER_CONFIDENCE_TOO_LOW"
    OUTBOUND_DATA_RESTRICTED = "OUTBOUND_DATA_RESTRICTED"


@dataclass(frozen=True, kw_only=True)
class OfferCheck:
    """The result of checking one catalog entry, with what the UI message needs."""

    entry_id: str
    reasons: tuple[OfferBlockReason, ...] = ()
    """Every reason that applies, in check order; empty when the tool may be offered."""
    disabled_by_organization: bool = False
    disabled_by_user: bool = False
    missing_required_fields: tuple[str, ...] = ()
    configuration_message: str | None = None
    """The tool's own validation message when its required fields are all set."""
    required_confidence: ConfidenceLevel = ConfidenceLevel.NONE
    """The effective minimum provider confidence of the entry."""
    provider_confidence: ConfidenceLevel = ConfidenceLevel.NONE

    @property
    def allowed(self) -> bool:
        """Whether nothing blocks the tool."""
        return not self.reasons


TOOLS_SWITCHED_OFF = QT_TRANSLATE_NOOP("ToolOffer", "Tool use is switched off.")
MODEL_CANNOT_USE_TOOLS = QT_TRANSLATE_NOOP("ToolOffer", "The selected model cannot call tools.")
NOT_AVAILABLE_HERE = QT_TRANSLATE_NOOP("ToolOffer", "This tool is not available here.")
SWITCHED_OFF_BY_ORGANIZATION = QT_TRANSLATE_NOOP(
    "ToolOffer", "Your organisation has switched this tool off."
)
SWITCHED_OFF_BY_USER = QT_TRANSLATE_NOOP(
    "ToolOffer", "You have switched this tool off in the settings."
)
MISSING_SETTINGS = QT_TRANSLATE_NOOP(
    "ToolOffer", "Some required settings are missing ({fields}). Set them up to use this tool."
)
INVALID_SETTINGS = QT_TRANSLATE_NOOP(
    "ToolOffer", "The settings of this tool need attention: {message}"
)
CONFIDENCE_TOO_LOW = QT_TRANSLATE_NOOP(
    "ToolOffer",
    "This tool needs a provider with confidence {required} or higher; the selected provider "
    "has {provider}.",
)
OUTBOUND_DATA_RESTRICTED = QT_TRANSLATE_NOOP(
    "ToolOffer", "This chat holds content that must not leave the app through this tool."
)

_CONFIDENCE_LABELS = {
    ConfidenceLevel.NONE: QT_TRANSLATE_NOOP("ToolOffer", "none"),
    ConfidenceLevel.UNTRUSTED: QT_TRANSLATE_NOOP("ToolOffer", "untrusted"),
    ConfidenceLevel.UNKNOWN: QT_TRANSLATE_NOOP("ToolOffer", "unknown"),
    ConfidenceLevel.VERY_LOW: QT_TRANSLATE_NOOP("ToolOffer", "very low"),
    ConfidenceLevel.LOW: QT_TRANSLATE_NOOP("ToolOffer", "low"),
    ConfidenceLevel.MODERATE: QT_TRANSLATE_NOOP("ToolOffer", "moderate"),
    ConfidenceLevel.MEDIUM: QT_TRANSLATE_NOOP("ToolOffer", "medium"),
    ConfidenceLevel.HIGH: QT_TRANSLATE_NOOP("ToolOffer", "high"),
}

Translate = Callable[[TranslatableText], str]


def confidence_label(level: ConfidenceLevel) -> TranslatableText:
    """The translatable name of a confidence level, as block messages show it."""
    return _CONFIDENCE_LABELS[level]


def block_message(check: OfferCheck, translate: Translate = str) -> str:
    """All reasons of ``check`` joined into one paragraph, in check order ("" when allowed).

    Each template is translated first and filled in afterwards, so translators see the
    placeholders and never a finished sentence.
    """
    sentences = [_sentence(reason, check, translate) for reason in check.reasons]
    return " ".join(sentence for sentence in sentences if sentence)


def _sentence(reason: OfferBlockReason, check: OfferCheck, translate: Translate) -> str:
    match reason:
        case OfferBlockReason.TOOLS_SWITCHED_OFF:
            return translate(TOOLS_SWITCHED_OFF)
        case OfferBlockReason.MODEL_CANNOT_USE_TOOLS:
            return translate(MODEL_CANNOT_USE_TOOLS)
        case OfferBlockReason.NOT_AVAILABLE_HERE:
            return translate(NOT_AVAILABLE_HERE)
        case OfferBlockReason.TOOL_SWITCHED_OFF:
            return _switched_off(check, translate)
        case OfferBlockReason.NOT_CONFIGURED:
            if check.missing_required_fields:
                fields = ", ".join(check.missing_required_fields)
                return translate(MISSING_SETTINGS).format(fields=fields)
            # The tool's message may itself be translatable (a TranslatableMessage).
            return fill(INVALID_SETTINGS, {"message": check.configuration_message or ""}, translate)
        case OfferBlockReason.PROVIDER_CONFIDENCE_TOO_LOW:
            return translate(CONFIDENCE_TOO_LOW).format(
                required=translate(confidence_label(check.required_confidence)),
                provider=translate(confidence_label(check.provider_confidence)),
            )
        case OfferBlockReason.OUTBOUND_DATA_RESTRICTED:
            return translate(OUTBOUND_DATA_RESTRICTED)


def _switched_off(check: OfferCheck, translate: Translate) -> str:
    sentences = []
    if check.disabled_by_organization:
        sentences.append(translate(SWITCHED_OFF_BY_ORGANIZATION))
    if check.disabled_by_user:
        sentences.append(translate(SWITCHED_OFF_BY_USER))
    # Neither list names the tool, so tool use as a whole is off (an organisation decision).
    return " ".join(sentences) or translate(TOOLS_SWITCHED_OFF)
