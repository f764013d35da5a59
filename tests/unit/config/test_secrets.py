from __future__ import annotations

import json
import logging
import traceback
from collections.abc import Awaitable, Callable
from pathlib import Path
from types import MappingProxyType

import keyring
import keyring.backend
import keyring.backends.chainer
import keyring.backends.fail
import keyring.core
import keyring.errors
import pytest
from pydantic import SecretStr

from studio.config.organization import OrganizationPolicy
from studio.config.secrets import (
    KEYRING_NOT_SECURE,
    NO_KEYRING_MESSAGE,
    KeyringBackendInfo,
    KeyringSecretStore,
    SecretId,
    SecretStore,
    UnavailableSecretStore,
    keyring_backend,
    open_keyring,
    open_system_store,
)
from studio.errors import (
    NoKeyringError,
    SecretStoreError,
    SettingLockedError,
    UnknownSettingError,
)
from studio.kernel.definition import ToolDefinition
from studio.kernel.translatable import TranslatableMessage
from studio.tools.implementation import ToolImplementation
from studio.tools.settings import ToolSettingsService
from tests.support.keyring_backend import BACKEND_NAME, FileKeyring, MemoryKeyring

SECRET = "tvly-5c1d2e9b-do-not-leak"
"""A secret distinctive enough that finding it anywhere means it leaked."""
SECRET_ID = SecretId.tool_setting("web_search", "api_key")


class RefusingKeyring(MemoryKeyring):
    """A recommended backend whose every write fails, as a locked or broken keychain does."""

    def set_password(self, service: str, username: str, password: str) -> None:
        raise keyring.errors.PasswordSetError("the keychain is locked")


# Blocking file access in a test harms nobody; these helpers keep ruff's ASYNC rules quiet.
def read(path: Path) -> bytes:
    return path.read_bytes()


def exists(path: Path) -> bool:
    return path.exists()


def keyringrc_path() -> Path:
    # keyring reads its configuration file from here and has no public accessor for it.
    path: Path = keyring.core._config_path()  # type: ignore[no-untyped-call]  # unannotated
    return path


def files_under(root: Path) -> set[Path]:
    return {path for path in root.rglob("*") if path.is_file()}


def all_text(error: BaseException) -> str:
    """An exception's message, its traceback and every exception chained to it."""
    parts = ["".join(traceback.format_exception(error))]
    current: BaseException | None = error
    while current is not None:
        parts += [str(current), repr(current), repr(current.args)]
        current = current.__cause__ or current.__context__
    return "\n".join(parts)


@pytest.fixture
def no_keyring_choice(monkeypatch: pytest.MonkeyPatch) -> None:
    """The user configured no keyring backend: no environment variable, no keyringrc.cfg."""
    monkeypatch.delenv("PYTHON_KEYRING_BACKEND", raising=False)
    # init_backend() remembers its limit for the chainer; put it back afterwards.
    monkeypatch.setattr(keyring.backend, "_limit", None)
    assert not keyringrc_path().exists()


def plain_file_keyring(tmp_path: Path) -> FileKeyring:
    """A backend that writes plain text, as keyrings.alt's do: one Studio must refuse."""
    return FileKeyring(tmp_path / "plain" / "keyring.json")


def write_keyringrc(text: str) -> None:
    path = keyringrc_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")


# The keyring-backed store.


async def test_keyring_store_round_trip(keyring_file: Path) -> None:
    store = KeyringSecretStore.from_system()

    assert await store.get(SECRET_ID) is None
    await store.set(SECRET_ID, SecretStr(SECRET))
    stored = await store.get(SECRET_ID)
    other = await store.get(SecretId.tool_setting("web_search", "other"))
    await store.delete(SECRET_ID)
    await store.delete(SECRET_ID)

    assert stored is not None
    assert stored.get_secret_value() == SECRET
    assert SECRET not in repr(stored)
    assert other is None
    assert await store.get(SECRET_ID) is None
    assert SECRET.encode() not in read(keyring_file)


def test_secret_id_names_store_owner_and_field() -> None:
    assert SECRET_ID.service == "Studio/tool-settings/web_search"
    assert SECRET_ID.name == "api_key"


async def test_keyring_store_backend_error_names_no_secret() -> None:
    store = KeyringSecretStore(RefusingKeyring())

    with pytest.raises(SecretStoreError) as raised:
        await store.set(SECRET_ID, SecretStr(SECRET))

    assert "'api_key'" in str(raised.value)
    assert "'web_search'" in str(raised.value)
    assert SECRET not in all_text(raised.value)


# Choosing the system backend.


def fail_backend() -> keyring.backend.KeyringBackend:
    return keyring.backends.fail.Keyring()  # type: ignore[no-untyped-call]  # unannotated


def choose_by_environment(monkeypatch: pytest.MonkeyPatch, name: str) -> None:
    monkeypatch.setenv("PYTHON_KEYRING_BACKEND", name)
    keyring.core.init_backend()


@pytest.mark.parametrize(
    "choose",
    [
        lambda patch: choose_by_environment(patch, "keyring.backends.fail.Keyring"),
        lambda patch: choose_by_environment(patch, "keyring.backends.null.Keyring"),
        lambda patch: keyring.set_keyring(fail_backend()),
    ],
    ids=["environment-fail", "environment-null", "set-fail"],
)
def test_keyring_store_from_system_refuses_backend_that_stores_nothing(
    monkeypatch: pytest.MonkeyPatch, choose: Callable[[pytest.MonkeyPatch], None]
) -> None:
    choose(monkeypatch)

    with pytest.raises(NoKeyringError) as raised:
        KeyringSecretStore.from_system()

    assert "gnome-keyring" in str(raised.value)
    assert "KWallet" in str(raised.value)
    assert isinstance(open_keyring(), UnavailableSecretStore)


@pytest.mark.parametrize(
    "choose",
    [
        lambda path: keyring.set_keyring(plain_file_keyring(path)),
        # keyring detects every backend class that is loaded, as it would a plain-text one
        # that an installed package brought.
        lambda path: keyring.core.init_backend(lambda backend: isinstance(backend, FileKeyring)),
    ],
    ids=["set-keyring", "auto-detected"],
)
@pytest.mark.usefixtures("no_keyring_choice")
def test_keyring_store_from_system_refuses_fallback_plaintext(
    tmp_path: Path, choose: Callable[[Path], None], caplog: pytest.LogCaptureFixture
) -> None:
    choose(tmp_path)
    assert isinstance(keyring.get_keyring(), FileKeyring)

    with pytest.raises(NoKeyringError, match="gnome-keyring"):
        KeyringSecretStore.from_system()

    assert "not secure" in caplog.text


@pytest.mark.usefixtures("no_keyring_choice")
def test_keyring_store_from_system_refuses_chain_of_plaintext_backends(tmp_path: Path) -> None:
    class PlainChain(keyring.backends.chainer.ChainerBackend):
        # Two file keyrings make the chainer claim a high priority of its own.
        backends = (plain_file_keyring(tmp_path), FileKeyring(tmp_path / "second.json"))

    keyring.set_keyring(PlainChain())  # type: ignore[no-untyped-call]  # unannotated

    with pytest.raises(NoKeyringError):
        KeyringSecretStore.from_system()


@pytest.mark.usefixtures("no_keyring_choice")
def test_keyring_store_from_system_accepts_chain_led_by_secure_backend(tmp_path: Path) -> None:
    class SecureChain(keyring.backends.chainer.ChainerBackend):
        backends = (MemoryKeyring(), plain_file_keyring(tmp_path))

    keyring.set_keyring(SecureChain())  # type: ignore[no-untyped-call]  # unannotated

    assert isinstance(KeyringSecretStore.from_system(), KeyringSecretStore)


@pytest.mark.usefixtures("no_keyring_choice")
def test_keyring_store_from_system_accepts_recommended_backend() -> None:
    keyring.set_keyring(MemoryKeyring())

    assert isinstance(KeyringSecretStore.from_system(), KeyringSecretStore)


def test_keyring_store_from_system_respects_explicit_environment_choice() -> None:
    # The root conftest chose the file-backed test keyring through PYTHON_KEYRING_BACKEND.
    assert isinstance(keyring.get_keyring(), FileKeyring)

    assert isinstance(KeyringSecretStore.from_system(), KeyringSecretStore)


@pytest.mark.usefixtures("no_keyring_choice")
def test_keyring_store_from_system_respects_keyringrc_choice() -> None:
    write_keyringrc(f"[backend]\ndefault-keyring={BACKEND_NAME}\n")
    keyring.core.init_backend()

    assert isinstance(KeyringSecretStore.from_system(), KeyringSecretStore)


@pytest.mark.usefixtures("no_keyring_choice")
def test_keyring_store_from_system_keyringrc_without_choice_is_no_choice(tmp_path: Path) -> None:
    # A keyringrc.cfg may exist for other options; only default-keyring is a choice.
    write_keyringrc("[backend]\nkeyring-path=/nowhere\n")
    keyring.set_keyring(plain_file_keyring(tmp_path))

    with pytest.raises(NoKeyringError):
        KeyringSecretStore.from_system()


@pytest.mark.parametrize(
    "backend",
    ["keyring.backends.SecretService.Keyring", "no_such_module.Keyring"],
    ids=["not-viable", "missing"],
)
def test_keyring_store_from_system_refuses_backend_that_cannot_load(
    monkeypatch: pytest.MonkeyPatch, backend: str
) -> None:
    # SecretService cannot start without a D-Bus session, as on a headless machine.
    monkeypatch.delenv("DBUS_SESSION_BUS_ADDRESS", raising=False)
    monkeypatch.setenv("PYTHON_KEYRING_BACKEND", backend)
    monkeypatch.setattr(keyring.core, "_keyring_backend", None)

    with pytest.raises(NoKeyringError, match="gnome-keyring"):
        KeyringSecretStore.from_system()
    assert isinstance(open_keyring(), UnavailableSecretStore)


# No safe keyring at all.


@pytest.mark.usefixtures("no_keyring_choice")
async def test_open_system_store_without_safe_backend_stores_nothing(tmp_path: Path) -> None:
    keyring.set_keyring(plain_file_keyring(tmp_path))
    before = files_under(tmp_path)

    store = open_system_store()
    with pytest.raises(NoKeyringError) as raised:
        await store.set(SECRET_ID, SecretStr(SECRET))
    await store.delete(SECRET_ID)

    assert "gnome-keyring" in str(raised.value)
    assert SECRET not in all_text(raised.value)
    assert await store.get(SECRET_ID) is None
    assert files_under(tmp_path) == before


@pytest.mark.usefixtures("no_keyring_choice")
async def test_settings_service_without_safe_keyring_refuses_secret(
    settings_service: Callable[..., ToolSettingsService],
    definition: ToolDefinition,
    sample_tool: ToolImplementation,
    settings_file: Path,
    keyring_file: Path,
    caplog: pytest.LogCaptureFixture,
) -> None:
    caplog.set_level(logging.DEBUG)
    # The test keyring's own file: were the plain-text backend accepted, the file would appear.
    keyring.set_keyring(FileKeyring(keyring_file))
    service = settings_service(secrets=open_system_store())

    await service.set_value(definition, "endpoint", "https://search.example.org/")
    with pytest.raises(NoKeyringError) as raised:
        await service.set_value(definition, "api_key", SECRET)

    assert "gnome-keyring" in str(raised.value)
    assert "KWallet" in str(raised.value)
    assert SECRET not in all_text(raised.value)
    assert SECRET.encode() not in read(settings_file)
    assert json.loads(read(settings_file))["tools"]["values"] == {
        "sample_search": {"endpoint": "https://search.example.org/"}
    }
    assert not exists(keyring_file)
    assert SECRET not in caplog.text
    state = await service.configuration_state(definition, sample_tool)
    assert state.missing_required_fields == ("api_key",)


LOCKED_SECRET = OrganizationPolicy(
    locked_tool_secrets=MappingProxyType({"sample_search.api_key": "org-key-do-not-leak"})
)


def refusing_store() -> SecretStore:
    return KeyringSecretStore(RefusingKeyring())


def set_secret(service: ToolSettingsService, definition: ToolDefinition) -> Awaitable[None]:
    return service.set_value(definition, "api_key", SECRET)


def save_secret(service: ToolSettingsService, definition: ToolDefinition) -> Awaitable[None]:
    return service.save_values(definition, {"endpoint": "https://x.example/", "api_key": SECRET})


def set_unknown(service: ToolSettingsService, definition: ToolDefinition) -> Awaitable[None]:
    return service.set_value(definition, "api_token", SECRET)


@pytest.mark.parametrize(
    ("organization", "make_store", "save", "expected"),
    [
        (LOCKED_SECRET, None, set_secret, SettingLockedError),
        (None, UnavailableSecretStore, set_secret, NoKeyringError),
        (None, refusing_store, set_secret, SecretStoreError),
        (None, refusing_store, save_secret, SecretStoreError),
        (None, None, set_unknown, UnknownSettingError),
    ],
    ids=["locked", "no-keyring", "keyring-refuses", "keyring-refuses-dialog", "unknown-field"],
)
async def test_settings_service_errors_never_contain_secret(
    settings_service: Callable[..., ToolSettingsService],
    definition: ToolDefinition,
    organization: OrganizationPolicy | None,
    make_store: Callable[[], SecretStore] | None,
    save: Callable[[ToolSettingsService, ToolDefinition], Awaitable[None]],
    expected: type[Exception],
) -> None:
    service = settings_service(organization, secrets=make_store() if make_store else None)

    with pytest.raises(expected) as raised:
        await save(service, definition)

    assert SECRET not in all_text(raised.value)


async def test_without_a_keyring_the_refusal_is_translatable() -> None:
    store = UnavailableSecretStore()

    with pytest.raises(NoKeyringError) as raised:
        await store.set(SecretId(store="tools", owner="web_search", name="key"), SecretStr("x"))

    assert str(raised.value) == NO_KEYRING_MESSAGE
    assert raised.value.text(lambda text: f"[{text.context}]") == "[SecretStore]"


async def test_a_keyring_failure_is_said_in_translatable_words() -> None:
    class Failing(keyring.backend.KeyringBackend):
        priority = 1

        def get_password(self, service: str, username: str) -> str | None:
            raise keyring.errors.KeyringLocked("locked")

        def set_password(self, service: str, username: str, password: str) -> None:
            raise keyring.errors.KeyringLocked("locked")

        def delete_password(self, service: str, username: str) -> None:
            raise keyring.errors.KeyringLocked("locked")

    store = KeyringSecretStore(Failing())  # type: ignore[no-untyped-call]  # unannotated

    with pytest.raises(SecretStoreError) as raised:
        await store.get(SecretId(store="tools", owner="web_search", name="key"))

    assert (
        str(raised.value) == "The keyring could not read the secret 'key' of 'web_search': locked"
    )
    assert raised.value.text(lambda text: f"[{text.context}] {text}").startswith(
        "[SecretStore] The keyring could not read the secret 'key'"
    )


# Which backend holds the secrets.


async def test_a_chosen_plain_text_backend_is_named_and_not_counted_secure() -> None:
    # The root conftest chose the file-backed test keyring through PYTHON_KEYRING_BACKEND.
    store = open_system_store()

    backend = await keyring_backend(store)

    assert backend == KeyringBackendInfo(name=BACKEND_NAME, chosen=True, secure=False)
    assert await keyring_backend(KeyringSecretStore(keyring.get_keyring())) == backend


@pytest.mark.usefixtures("no_keyring_choice")
async def test_a_backend_keyring_picked_is_not_a_choice_and_is_secure() -> None:
    keyring.set_keyring(MemoryKeyring())

    backend = await keyring_backend(open_system_store())

    assert backend is not None
    assert backend.name.endswith(".MemoryKeyring")
    assert (backend.chosen, backend.secure) == (False, True)


@pytest.mark.usefixtures("no_keyring_choice")
def test_a_chain_is_named_by_the_backend_it_writes_to(tmp_path: Path) -> None:
    class PlainFirst(keyring.backends.chainer.ChainerBackend):
        backends = (plain_file_keyring(tmp_path), MemoryKeyring())

    write_keyringrc(f"[backend]\ndefault-keyring={BACKEND_NAME}\n")
    store = KeyringSecretStore(PlainFirst())  # type: ignore[no-untyped-call]  # unannotated

    assert store.backend == KeyringBackendInfo(name=BACKEND_NAME, chosen=True, secure=False)


async def test_a_store_without_a_keyring_names_no_backend() -> None:
    assert await keyring_backend(UnavailableSecretStore()) is None


def test_the_warning_about_a_backend_that_is_not_secure_is_translatable() -> None:
    warning = TranslatableMessage(KEYRING_NOT_SECURE, backend=BACKEND_NAME)

    assert f"the keyring {BACKEND_NAME!r} is not a secure store" in warning
    assert "unencrypted" in warning
    assert warning.text(lambda text: f"[{text.context}]") == "[SecretStore]"
