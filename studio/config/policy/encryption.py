"""The ``ENC:v1:`` form in which a policy ships a secret.

``ENC:v1:`` followed by the standard base64 of ``salt (16 bytes) || nonce (12 bytes) ||
AES-256-GCM ciphertext and tag``. The key is derived with HKDF-SHA256 from the organisation's
policy secret and the salt; the setting's key (``"web_search.api_key"``, or
``"providers.<name>.api_key"``) is the associated data, so a ciphertext moved to another field
no longer decrypts. Unlike an unauthenticated cipher, a changed or truncated ciphertext is
refused instead of decrypting to garbage.

This keeps a shipped key from casual reading of the policy file. It does not protect the key
from anyone who controls the machine: Studio must be able to decrypt it, and so can they.
"""

from __future__ import annotations

import base64
import binascii
import os

from studio.errors import ConfigError
from studio.kernel.translatable import QT_TRANSLATE_NOOP

__all__ = ["PREFIX", "PolicySecretError", "decrypt", "encrypt", "is_encrypted"]

PREFIX = "ENC:v1:"
"""What every encrypted policy value starts with."""

_SALT_BYTES = 16
_NONCE_BYTES = 12
_TAG_BYTES = 16
_INFO = b"studio organisation policy secret v1"

_NO_SECRET = QT_TRANSLATE_NOOP(
    "PolicySecret",
    "the value of {key!r} is encrypted, but no policy secret was delivered to decrypt it "
    "(STUDIO_POLICY_SECRET, the policy secret file or the registry)",
)
_NOT_DECRYPTED = QT_TRANSLATE_NOOP(
    "PolicySecret",
    "the value of {key!r} could not be decrypted: it was encrypted with another policy secret, "
    "for another setting, or it was changed",
)
_MALFORMED = QT_TRANSLATE_NOOP(
    "PolicySecret", "the value of {key!r} is not a complete ENC:v1: value"
)
_EMPTY_SECRET = QT_TRANSLATE_NOOP("PolicySecret", "the policy secret is empty")


class PolicySecretError(ConfigError):
    """A policy value could not be encrypted or decrypted; the message never holds the value."""


def is_encrypted(text: str) -> bool:
    """Whether ``text`` is in the ``ENC:v1:`` form (it may still fail to decrypt)."""
    return text.startswith(PREFIX)


def _key(secret: str, salt: bytes) -> bytes:
    # Imported here: only a policy with encrypted values needs the cipher at all.
    from cryptography.hazmat.primitives import hashes
    from cryptography.hazmat.primitives.kdf.hkdf import HKDF

    hkdf = HKDF(algorithm=hashes.SHA256(), length=32, salt=salt, info=_INFO)
    return hkdf.derive(_utf8(secret))


def _utf8(text: str) -> bytes:
    # A secret from an environment that is not UTF-8 holds lone surrogates; they still encode,
    # the same way when encrypting and decrypting, instead of raising.
    return text.encode("utf-8", "surrogatepass")


def encrypt(plaintext: str, *, secret: str, key: str) -> str:
    """The ``ENC:v1:`` form of ``plaintext`` for the setting ``key``.

    Raises:
        PolicySecretError: the policy secret is empty.
    """
    from cryptography.hazmat.primitives.ciphers.aead import AESGCM

    if not secret:
        raise PolicySecretError(_EMPTY_SECRET)
    salt, nonce = os.urandom(_SALT_BYTES), os.urandom(_NONCE_BYTES)
    sealed = AESGCM(_key(secret, salt)).encrypt(nonce, _utf8(plaintext), _utf8(key))
    return PREFIX + base64.b64encode(salt + nonce + sealed).decode("ascii")


def decrypt(text: str, *, secret: str | None, key: str) -> str:
    """The plaintext of the ``ENC:v1:`` value ``text`` shipped for the setting ``key``.

    Raises:
        PolicySecretError: there is no secret, the value is malformed, or it does not
            decrypt with this secret for this key (wrong secret, moved, or changed).
    """
    from cryptography.exceptions import InvalidTag
    from cryptography.hazmat.primitives.ciphers.aead import AESGCM

    if not secret:
        raise PolicySecretError(_NO_SECRET, key=key)
    try:
        raw = base64.b64decode(text.removeprefix(PREFIX), validate=True)
    except (binascii.Error, ValueError):
        raise PolicySecretError(_MALFORMED, key=key) from None
    if not is_encrypted(text) or len(raw) < _SALT_BYTES + _NONCE_BYTES + _TAG_BYTES:
        raise PolicySecretError(_MALFORMED, key=key)
    salt, nonce = raw[:_SALT_BYTES], raw[_SALT_BYTES : _SALT_BYTES + _NONCE_BYTES]
    sealed = raw[_SALT_BYTES + _NONCE_BYTES :]
    try:
        plain = AESGCM(_key(secret, salt)).decrypt(nonce, sealed, _utf8(key))
    except InvalidTag:
        raise PolicySecretError(_NOT_DECRYPTED, key=key) from None
    try:
        return plain.decode("utf-8")
    except UnicodeDecodeError:
        raise PolicySecretError(_MALFORMED, key=key) from None
