"""A keyring backend made for the tests: passwords in one JSON file, in plain text.

It is not registered as a ``keyring.backends`` entry point, so keyring never picks it on its
own and nothing outside the tests can see it. The root conftest selects it for the test process
(``keyring.set_keyring``) and for the subprocesses tests start (``PYTHON_KEYRING_BACKEND`` naming
:class:`FileKeyring`, ``PYTHONPATH`` so that it imports, and the isolated ``XDG_DATA_HOME`` that
:func:`default_path` reads).

Its priority is below one, as for any backend that writes plain text: keyring would not
recommend it, so Studio accepts it only when it was chosen explicitly, and a test that needs a
backend Studio refuses can use an instance it sets itself.
"""

from __future__ import annotations

import json
from pathlib import Path

import keyring.backend
import keyring.errors
from keyring.util import platform_

__all__ = ["BACKEND_NAME", "FILE_NAME", "FileKeyring", "MemoryKeyring", "default_path"]

FILE_NAME = "studio_test_keyring.json"
"""The file's name inside keyring's data folder."""

BACKEND_NAME = f"{__name__}.FileKeyring"
"""The name ``PYTHON_KEYRING_BACKEND`` takes to select this backend."""


def default_path() -> Path:
    """Where the keyring file is, from the environment (``XDG_DATA_HOME`` on Linux)."""
    return Path(platform_.data_root(), FILE_NAME)


class FileKeyring(keyring.backend.KeyringBackend):
    """Keeps passwords in a JSON file, ``{service: {username: password}}``, read afresh each call.

    The file is created by the first password stored, never by a read.
    """

    priority = 0.5
    """Below one: keyring does not recommend a backend that writes plain text."""

    def __init__(self, path: Path | None = None) -> None:
        super().__init__()  # type: ignore[no-untyped-call]  # keyring leaves it unannotated
        self.path = default_path() if path is None else path

    def _read(self) -> dict[str, dict[str, str]]:
        try:
            text = self.path.read_text(encoding="utf-8")
        except FileNotFoundError:
            return {}
        content: dict[str, dict[str, str]] = json.loads(text)
        return content

    def _write(self, content: dict[str, dict[str, str]]) -> None:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self.path.write_text(json.dumps(content, indent=2, sort_keys=True), encoding="utf-8")

    def get_password(self, service: str, username: str) -> str | None:
        return self._read().get(service, {}).get(username)

    def set_password(self, service: str, username: str, password: str) -> None:
        content = self._read()
        content.setdefault(service, {})[username] = password
        self._write(content)

    def delete_password(self, service: str, username: str) -> None:
        content = self._read()
        try:
            del content[service][username]
        except KeyError:
            raise keyring.errors.PasswordDeleteError("no such password") from None
        if not content[service]:
            del content[service]
        self._write(content)


class MemoryKeyring(keyring.backend.KeyringBackend):
    """A backend keyring recommends (priority 5), as it does the system's own stores; in memory."""

    priority = 5

    def __init__(self) -> None:
        self.passwords: dict[tuple[str, str], str] = {}

    def get_password(self, service: str, username: str) -> str | None:
        return self.passwords.get((service, username))

    def set_password(self, service: str, username: str, password: str) -> None:
        self.passwords[(service, username)] = password

    def delete_password(self, service: str, username: str) -> None:
        try:
            del self.passwords[(service, username)]
        except KeyError:
            raise keyring.errors.PasswordDeleteError("not found") from None
