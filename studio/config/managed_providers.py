"""What users are told about the organisation's providers, and where their keys come from.

An organisation's policy ships providers every user gets (:mod:`studio.config.organization`);
the provider store (:mod:`studio.config.providers`) lists them first, keeps them out of the
user's file and refuses changes to them. This module holds what is particular to them:

- :class:`KeyMode`: whether the policy ships a provider's key, leaves it to each user, or
  shipped one that cannot be used;
- the key column's label of a managed provider and the marker naming the policy it came from;
- why a change, a removal, a new key or a request is refused, naming that policy so the user
  knows whom to ask.

It needs nothing of the store, which builds on it. A managed provider itself
(:class:`~studio.config.providers.ManagedProvider`) is declared beside the provider settings it
holds. The messages are translatable templates (``QT_TRANSLATE_NOOP``) in the contexts the UI
already shows them in.
"""

from __future__ import annotations

import enum

from studio.config.labels import KeyState, key_state_label
from studio.kernel.translatable import QT_TRANSLATE_NOOP, TranslatableMessage, TranslatableText

__all__ = [
    "KeyMode",
    "accepts_user_key",
    "change_refused",
    "key_change_refused",
    "key_label",
    "key_not_stored",
    "key_problem",
    "managed_label",
    "removal_refused",
]

# The key column of a managed provider, beside the labels of studio.config.labels (same context).
_KEY_FROM_ORGANIZATION = QT_TRANSLATE_NOOP("ProvidersPage", "From your organisation")
_KEY_NOT_USABLE = QT_TRANSLATE_NOOP("ProvidersPage", "Not usable")
_MANAGED_BY = QT_TRANSLATE_NOOP("ProviderStore", "Managed by your organisation: {origin}")
_MANAGED_BY_UNNAMED = QT_TRANSLATE_NOOP("ProviderStore", "Managed by your organisation")
_MANAGED = QT_TRANSLATE_NOOP(
    "ProviderStore",
    "The provider {name!r} is managed by your organisation's policy {origin}, so it cannot be "
    "changed or removed here. Ask your administrator to change it.",
)
_MANAGED_KEY_ONLY = QT_TRANSLATE_NOOP(
    "ProviderStore",
    "The provider {name!r} is managed by your organisation's policy {origin}: only your own "
    "API key for it can be changed. Ask your administrator to change anything else.",
)
_MANAGED_KEY_SHIPPED = QT_TRANSLATE_NOOP(
    "ProviderStore",
    "The API key of the provider {name!r} comes from your organisation's policy {origin}, so it "
    "cannot be changed here.",
)
_MANAGED_KEY_NOT_STORED = QT_TRANSLATE_NOOP(
    "ProviderStore",
    "No API key could be read for the provider {name!r}: your organisation's policy {origin} "
    "leaves each user to enter their own key, and none is stored. Enter your key in the "
    "provider's settings.",
)
_KEY_REFUSED = QT_TRANSLATE_NOOP(
    "ProviderStore",
    "The API key your organisation's policy {origin} ships for the provider {name!r} could not "
    "be used: it is not encrypted, or it does not decrypt with the policy secret on this "
    "computer. Ask your administrator to ship the key again.",
)


class KeyMode(enum.Enum):
    """Where a managed provider's API key comes from."""

    SHIPPED = "shipped"
    """The policy ships it, encrypted; users cannot change it."""
    EACH_USER = "each-user"
    """Each user enters their own, kept in their keyring apart from their own providers' keys."""
    REFUSED = "refused"
    """The policy shipped one Studio could not use (plain text, or it did not decrypt).

    Requests to the provider are then refused before they go out, rather than sent without
    the key the organisation meant it to have.
    """


def managed_label(origin: str) -> TranslatableMessage:
    """The marker "Managed by your organisation: <policy>"; without a policy label, shorter."""
    if not origin:
        return TranslatableMessage(_MANAGED_BY_UNNAMED)
    return TranslatableMessage(_MANAGED_BY, origin=origin)


def accepts_user_key(mode: KeyMode | None) -> bool:
    """Whether the user may set or delete the key of a provider whose key comes from ``mode``.

    ``None`` is the user's own provider, whose key is always theirs; of the managed ones, only
    those whose policy leaves each user to enter their own key.
    """
    return mode is None or mode is KeyMode.EACH_USER


def key_label(mode: KeyMode | None, state: KeyState) -> TranslatableText:
    """The label the app and the command line show for a provider's key.

    Args:
        mode: Where a managed provider's key comes from; ``None`` for the user's own provider.
        state: Whether the keyring holds the key; a key the organisation ships, or could not
            ship, has a label of its own instead.
    """
    if mode is KeyMode.SHIPPED:
        return _KEY_FROM_ORGANIZATION
    if mode is KeyMode.REFUSED:
        return _KEY_NOT_USABLE
    return key_state_label(state)


def key_problem(name: str, mode: KeyMode, origin: str) -> TranslatableMessage | None:
    """Why the managed provider ``name`` has no usable key although its policy ships one.

    None unless the key the policy ``origin`` shipped was refused (:attr:`KeyMode.REFUSED`).
    """
    if mode is not KeyMode.REFUSED:
        return None
    return TranslatableMessage(_KEY_REFUSED, name=name, origin=origin)


def key_not_stored(name: str, origin: str) -> TranslatableMessage:
    """Why a request to the managed provider ``name`` cannot go out: the user entered no key."""
    return TranslatableMessage(_MANAGED_KEY_NOT_STORED, name=name, origin=origin)


def change_refused(name: str, mode: KeyMode, origin: str) -> TranslatableMessage:
    """Why the user cannot change the managed provider ``name``.

    Where the policy leaves the key to each user, the message says the key is all they can
    change.
    """
    template = _MANAGED_KEY_ONLY if mode is KeyMode.EACH_USER else _MANAGED
    return TranslatableMessage(template, name=name, origin=origin)


def removal_refused(name: str, origin: str) -> TranslatableMessage:
    """Why the user cannot remove the managed provider ``name``."""
    return TranslatableMessage(_MANAGED, name=name, origin=origin)


def key_change_refused(name: str, origin: str) -> TranslatableMessage:
    """Why the user cannot set or delete the key of ``name``: the policy ``origin`` ships it."""
    return TranslatableMessage(_MANAGED_KEY_SHIPPED, name=name, origin=origin)
