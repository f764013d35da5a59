"""The words Studio shows for a provider's confidence and the state of its API key.

The app (translated) and the command line (in English) show these same labels, so a user who
reads ``studio providers list`` and the providers page sees one vocabulary. What scripts and
files read stays the stable machine form: a confidence level by its name (``HIGH``, as
``--confidence`` takes it) and a key state by its value (``stored``).
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from types import MappingProxyType

from studio.kernel.policy import ConfidenceLevel
from studio.kernel.translatable import QT_TRANSLATE_NOOP, TranslatableText

__all__ = ["KeyState", "confidence_label", "key_state_label"]


class KeyState(enum.Enum):
    """Whether the keyring holds a provider's API key; the value is the machine form."""

    STORED = "stored"
    NONE = "none"
    UNREADABLE = "unreadable"
    """No usable keyring, or the keyring failed: it cannot say whether a key is stored."""


_CONFIDENCE: Mapping[ConfidenceLevel, TranslatableText] = MappingProxyType(
    {
        ConfidenceLevel.NONE: QT_TRANSLATE_NOOP("ProviderLabels", "None"),
        ConfidenceLevel.UNTRUSTED: QT_TRANSLATE_NOOP("ProviderLabels", "Untrusted"),
        ConfidenceLevel.UNKNOWN: QT_TRANSLATE_NOOP("ProviderLabels", "Unknown"),
        ConfidenceLevel.VERY_LOW: QT_TRANSLATE_NOOP("ProviderLabels", "Very low"),
        ConfidenceLevel.LOW: QT_TRANSLATE_NOOP("ProviderLabels", "Low"),
        ConfidenceLevel.MODERATE: QT_TRANSLATE_NOOP("ProviderLabels", "Moderate"),
        ConfidenceLevel.MEDIUM: QT_TRANSLATE_NOOP("ProviderLabels", "Medium"),
        ConfidenceLevel.HIGH: QT_TRANSLATE_NOOP("ProviderLabels", "High"),
    }
)

_KEY_STATE: Mapping[KeyState, TranslatableText] = MappingProxyType(
    {
        # The providers page's context, where these first appeared: it tells translators
        # that "None" means no key (not a confidence of none).
        KeyState.STORED: QT_TRANSLATE_NOOP("ProvidersPage", "In the keyring"),
        KeyState.NONE: QT_TRANSLATE_NOOP("ProvidersPage", "None"),
        KeyState.UNREADABLE: QT_TRANSLATE_NOOP("ProvidersPage", "Unreadable"),
    }
)


def confidence_label(level: ConfidenceLevel) -> TranslatableText:
    """The label of a provider's confidence level, as the app and the command line show it."""
    return _CONFIDENCE[level]


def key_state_label(state: KeyState) -> TranslatableText:
    """The label of a provider's key state, as the app and the command line show it."""
    return _KEY_STATE[state]
