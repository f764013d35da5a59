"""Secrets live in the OS keyring and nowhere else.

Everything that stores or reads a secret goes through a :class:`SecretStore`. The keyring-backed
store refuses to work where the only backend would write plain text or nothing at all: losing
the ability to save a key is better than leaving it readable on disk. A backend the user chose
is respected even so; :func:`keyring_backend` names it, so that Studio can say where a secret
went and warn (:data:`KEYRING_NOT_SECURE`) when that is not a secure store.
"""

from __future__ import annotations

import asyncio
import configparser
import logging
import os
from dataclasses import dataclass
from typing import Protocol

import keyring
import keyring.backend
import keyring.backends.chainer
import keyring.backends.fail
import keyring.errors
from pydantic import SecretStr

from studio.errors import NoKeyringError, SecretStoreError
from studio.kernel.translatable import QT_TRANSLATE_NOOP

__all__ = [
    "KEYRING_NOT_SECURE",
    "KeyringBackendInfo",
    "KeyringSecretStore",
    "SecretId",
    "SecretStore",
    "SystemSecretStore",
    "UnavailableSecretStore",
    "keyring_backend",
    "open_keyring",
    "open_system_store",
    "unavailable_reason",
]

logger = logging.getLogger(__name__)

NO_KEYRING_MESSAGE = QT_TRANSLATE_NOOP(
    "SecretStore",
    "No secure keyring is available, so Studio cannot store secrets. On Linux, install and "
    "start a Secret Service provider such as GNOME Keyring (package gnome-keyring) or KWallet, "
    "then restart Studio; Windows and macOS use their built-in credential stores. Studio never "
    "writes secrets to a plain file.",
)

KEYRING_NOT_SECURE = QT_TRANSLATE_NOOP(
    "SecretStore",
    "Warning: the keyring {backend!r} is not a secure store, so it may keep the key "
    "unencrypted, readable by anyone who can read your files. To keep keys safe, let Studio "
    "use your system's keyring: remove the choice of backend from PYTHON_KEYRING_BACKEND or "
    "keyring's configuration file.",
)
"""Said after a secret went to a backend the user chose but keyring does not count as secure."""

# One sentence per action, so that each translates as a whole.
_FAILED = {
    "read": QT_TRANSLATE_NOOP(
        "SecretStore", "The keyring could not read the secret {name!r} of {owner!r}: {error}"
    ),
    "write": QT_TRANSLATE_NOOP(
        "SecretStore", "The keyring could not write the secret {name!r} of {owner!r}: {error}"
    ),
    "delete": QT_TRANSLATE_NOOP(
        "SecretStore", "The keyring could not delete the secret {name!r} of {owner!r}: {error}"
    ),
}
_FAILED_WITH = {
    "read": QT_TRANSLATE_NOOP(
        "SecretStore", "The keyring could not read the secret {name!r} of {owner!r} ({kind})."
    ),
    "write": QT_TRANSLATE_NOOP(
        "SecretStore", "The keyring could not write the secret {name!r} of {owner!r} ({kind})."
    ),
    "delete": QT_TRANSLATE_NOOP(
        "SecretStore", "The keyring could not delete the secret {name!r} of {owner!r} ({kind})."
    ),
}


@dataclass(frozen=True, kw_only=True)
class SecretId:
    """Names one secret: which store it belongs to, whose it is and which field."""

    store: str
    owner: str
    name: str

    @classmethod
    def tool_setting(cls, tool_id: str, field_name: str) -> SecretId:
        """The secret of a tool's settings field."""
        return cls(store="tool-settings", owner=tool_id, name=field_name)

    @property
    def service(self) -> str:
        """The keyring service name, shown in the OS's keyring manager."""
        return f"Studio/{self.store}/{self.owner}"


@dataclass(frozen=True, kw_only=True)
class KeyringBackendInfo:
    """Which keyring backend holds the secrets, for telling the user where a secret went."""

    name: str
    """The backend's class as ``PYTHON_KEYRING_BACKEND`` names it, such as
    ``keyrings.alt.file.PlaintextKeyring``; for a chain, its first backend, which is written."""
    chosen: bool
    """The user chose the backend (``PYTHON_KEYRING_BACKEND`` or keyring's configuration file)
    rather than keyring picking it."""
    secure: bool
    """keyring recommends the backend, as it does the system's own encrypted stores. One it
    does not recommend (a plain-text file, say) may keep secrets readable on disk; Studio
    uses such a backend only when the user chose it."""

    @classmethod
    def of(cls, backend: keyring.backend.KeyringBackend) -> KeyringBackendInfo:
        """Describe ``backend``."""
        written = backend
        if isinstance(backend, keyring.backends.chainer.ChainerBackend) and backend.backends:
            written = backend.backends[0]
        kind = type(written)
        return cls(
            name=f"{kind.__module__}.{kind.__qualname__}",
            chosen=_explicitly_configured(),
            secure=_recommended(backend),
        )


class SecretStore(Protocol):
    """Somewhere secrets are kept; every call may block, so all of them are async."""

    async def get(self, secret_id: SecretId) -> SecretStr | None:
        """The secret, or None when none is stored."""

    async def set(self, secret_id: SecretId, value: SecretStr) -> None:
        """Store ``value``, replacing what was there."""

    async def delete(self, secret_id: SecretId) -> None:
        """Remove the secret; removing a missing one is not an error."""


class KeyringSecretStore:
    """A :class:`SecretStore` on top of the ``keyring`` package.

    Keyring calls can block (a locked keychain asks the user), so they run in a worker thread.
    """

    def __init__(self, backend: keyring.backend.KeyringBackend) -> None:
        self._backend = backend

    @property
    def backend(self) -> KeyringBackendInfo:
        """Which backend the secrets go to."""
        return KeyringBackendInfo.of(self._backend)

    @classmethod
    def from_system(cls) -> KeyringSecretStore:
        """Use the backend ``keyring`` chose, unless it cannot keep secrets safe.

        A backend the user configured explicitly (``PYTHON_KEYRING_BACKEND`` or keyring's own
        configuration file) is respected. A backend keyring merely fell back to, one it
        does not recommend (a plain-text file) or none at all, is refused.

        Raises:
            NoKeyringError: there is no safe backend; the message says what to install.
        """
        try:
            backend = keyring.get_keyring()
        except Exception as error:
            # keyring raises whatever loading the configured backend raised: an ImportError
            # for a missing module, a RuntimeError for one that cannot start (no D-Bus).
            logger.warning("The keyring backend cannot be loaded: %s", error)
            raise NoKeyringError(NO_KEYRING_MESSAGE) from error
        if _stores_nothing(backend):
            raise NoKeyringError(NO_KEYRING_MESSAGE)
        if not _explicitly_configured() and not _recommended(backend):
            logger.warning("Refusing the keyring backend %s: it is not secure.", type(backend))
            raise NoKeyringError(NO_KEYRING_MESSAGE)
        return cls(backend)

    async def get(self, secret_id: SecretId) -> SecretStr | None:
        """The secret, or None when none is stored."""
        value = await asyncio.to_thread(self._call, "read", secret_id)
        return SecretStr(value) if value else None

    async def set(self, secret_id: SecretId, value: SecretStr) -> None:
        """Store ``value``, replacing what was there."""
        await asyncio.to_thread(self._call, "write", secret_id, value.get_secret_value())

    async def delete(self, secret_id: SecretId) -> None:
        """Remove the secret; removing a missing one is not an error."""
        await asyncio.to_thread(self._call, "delete", secret_id)

    def _call(self, action: str, secret_id: SecretId, value: str = "") -> str | None:
        try:
            if action == "read":
                return self._backend.get_password(secret_id.service, secret_id.name)
            if action == "write":
                self._backend.set_password(secret_id.service, secret_id.name, value)
            else:
                self._backend.delete_password(secret_id.service, secret_id.name)
        except keyring.errors.PasswordDeleteError:
            return None
        except keyring.errors.NoKeyringError as error:
            raise NoKeyringError(NO_KEYRING_MESSAGE) from error
        except keyring.errors.KeyringError as error:
            # The backend's message describes the backend, never the secret.
            raise SecretStoreError(
                _FAILED[action], name=secret_id.name, owner=secret_id.owner, error=str(error)
            ) from error
        except Exception as error:
            # Other backends raise what they like (keyrings.alt: ValueError, OSError). Only the
            # type is named: an unknown backend's message might quote what it was given.
            raise SecretStoreError(
                _FAILED_WITH[action],
                name=secret_id.name,
                owner=secret_id.owner,
                kind=type(error).__name__,
            ) from error
        return None


def _stores_nothing(backend: keyring.backend.KeyringBackend) -> bool:
    if isinstance(backend, keyring.backends.fail.Keyring):
        return True
    if isinstance(backend, keyring.backends.chainer.ChainerBackend):
        return not backend.backends
    return type(backend).__module__ == "keyring.backends.null"


def _recommended(backend: keyring.backend.KeyringBackend) -> bool:
    if isinstance(backend, keyring.backends.chainer.ChainerBackend):
        # The chainer claims a high priority as soon as it chains two backends, even two
        # plain-text files. Secrets are written to the first, so that one decides.
        chained = backend.backends
        return bool(chained) and keyring.core.recommended(chained[0])
    return keyring.core.recommended(backend)


def _explicitly_configured() -> bool:
    if os.environ.get("PYTHON_KEYRING_BACKEND"):
        return True
    # keyring reads its own configuration file from here; it has no public accessor. The file
    # may exist for other options: only a default-keyring entry is a choice of backend.
    config_file = keyring.core._config_path()  # type: ignore[no-untyped-call]
    config = configparser.RawConfigParser()
    try:
        config.read(config_file, encoding="utf-8")
    except (configparser.Error, UnicodeDecodeError):
        return False
    return config.has_option("backend", "default-keyring")


class UnavailableSecretStore:
    """Stands in where no safe keyring exists: nothing is stored, saving says why."""

    def __init__(self, reason: str = NO_KEYRING_MESSAGE) -> None:
        self.reason = reason

    async def get(self, secret_id: SecretId) -> SecretStr | None:
        """Nothing is stored, so there is nothing to read."""
        return None

    async def set(self, secret_id: SecretId, value: SecretStr) -> None:
        """Refuse: there is nowhere safe to put the secret."""
        raise NoKeyringError(self.reason)

    async def delete(self, secret_id: SecretId) -> None:
        """Nothing is stored, so there is nothing to delete."""


class SystemSecretStore:
    """The OS keyring, opened on first use.

    Finding the backend can be slow (it may start D-Bus services), and many runs never touch a
    secret, so the search waits until one is needed and then runs in a worker thread. Where no
    safe keyring exists, reads find nothing and saving raises :class:`NoKeyringError`.
    """

    def __init__(self) -> None:
        self._store: SecretStore | None = None
        self._opening = asyncio.Lock()

    async def _opened(self) -> SecretStore:
        async with self._opening:
            if self._store is None:
                self._store = await asyncio.to_thread(open_keyring)
            return self._store

    async def get(self, secret_id: SecretId) -> SecretStr | None:
        """The secret, or None when none is stored."""
        return await (await self._opened()).get(secret_id)

    async def set(self, secret_id: SecretId, value: SecretStr) -> None:
        """Store ``value``, replacing what was there."""
        await (await self._opened()).set(secret_id, value)

    async def delete(self, secret_id: SecretId) -> None:
        """Remove the secret; removing a missing one is not an error."""
        await (await self._opened()).delete(secret_id)

    async def unavailable_reason(self) -> str | None:
        """Why no secret can be read or stored (opening the keyring if needed), or None."""
        store = await self._opened()
        return store.reason if isinstance(store, UnavailableSecretStore) else None

    async def backend(self) -> KeyringBackendInfo | None:
        """Which backend the secrets go to (opening the keyring if needed), or None if none."""
        store = await self._opened()
        return await keyring_backend(store) if isinstance(store, KeyringSecretStore) else None


async def unavailable_reason(store: SecretStore) -> str | None:
    """Why ``store`` can hold no secrets at all, or None when it can.

    Reads from a store without a keyring find nothing, which looks like "nothing stored";
    this tells the two apart. The reason is a translatable text where the store has one.
    """
    if isinstance(store, UnavailableSecretStore):
        return store.reason
    if isinstance(store, SystemSecretStore):
        return await store.unavailable_reason()
    return None


async def keyring_backend(store: SecretStore) -> KeyringBackendInfo | None:
    """Which keyring backend ``store`` keeps its secrets in; None when it is no keyring.

    This reads keyring's configuration file (whether the user chose the backend), so it runs
    in a worker thread.
    """
    if isinstance(store, SystemSecretStore):
        return await store.backend()
    if isinstance(store, KeyringSecretStore):
        return await asyncio.to_thread(lambda: store.backend)
    return None


def open_keyring() -> SecretStore:
    """Open the OS keyring now (this may block), or a stand-in that explains why not."""
    try:
        return KeyringSecretStore.from_system()
    except NoKeyringError as error:
        # The message has no values: its template keeps it translatable.
        return UnavailableSecretStore(error.template or str(error))


def open_system_store() -> SecretStore:
    """The OS keyring, or a stand-in that explains why secrets cannot be saved."""
    return SystemSecretStore()
