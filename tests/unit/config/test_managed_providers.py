"""The organisation's providers in the provider store: listed first, never written, keys apart."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import keyring
import pytest
from pydantic import SecretStr

from studio.config.labels import KeyState
from studio.config.organization import OrganizationPolicy
from studio.config.paths import StudioPaths
from studio.config.policy.encryption import encrypt
from studio.config.policy.keys import provider_key
from studio.config.policy.loader import load_policy
from studio.config.profiles import ProviderType
from studio.config.providers import (
    DuplicateProviderError,
    ManagedProviderError,
    MissingApiKeyError,
    ProviderSettings,
    ProviderStore,
    api_key_secret_id,
    managed_api_key_secret_id,
)
from studio.config.secrets import KeyringSecretStore
from studio.errors import ConfigError
from studio.kernel.policy import ConfidenceLevel

POLICY_SECRET = "corp-policy-secret-41"
SHIPPED_KEY = "sk-shipped-5f1e9a0c77"
USER_KEY = "sk-user-own-3b2d"
TEAM_KEY = "sk-team-each-8c4a"


def provider(name: str, **changes: Any) -> dict[str, Any]:
    values: dict[str, Any] = {
        "name": name,
        "type": "openai-chat",
        "base_url": "https://llm.corp.example/v1",
        "model": "corp-large",
        "confidence": "HIGH",
    }
    values.update(changes)
    return values


def shipped(name: str, key: str = SHIPPED_KEY, **changes: Any) -> dict[str, Any]:
    encrypted = encrypt(key, secret=POLICY_SECRET, key=provider_key(name))
    return provider(name, api_key=encrypted, **changes)


@pytest.fixture
def write_policy(tmp_path: Path) -> Callable[..., OrganizationPolicy]:
    """Write a policy file and load it as Studio does, with the policy secret delivered."""
    path = tmp_path / "policies" / "corp.json"
    root = tmp_path / "root"
    root.mkdir()

    def write(*providers: dict[str, Any], **values: Any) -> OrganizationPolicy:
        path.parent.mkdir(exist_ok=True)
        document = {"id": "corp", "providers": list(providers), **values}
        path.write_text(json.dumps(document), encoding="utf-8")
        environ = {"STUDIO_POLICY_FILE": str(path), "STUDIO_POLICY_SECRET": POLICY_SECRET}
        return load_policy(environ, root=root)

    return write


@pytest.fixture
def providers_file(studio_paths: StudioPaths) -> Path:
    return studio_paths.providers_file


@pytest.fixture
def open_store(providers_file: Path) -> Callable[..., ProviderStore]:
    def make(organization: OrganizationPolicy | None = None) -> ProviderStore:
        secrets = KeyringSecretStore(keyring.get_keyring())
        return ProviderStore(providers_file, secrets, organization=organization)

    return make


def own(name: str = "Work GPT", **changes: Any) -> ProviderSettings:
    values: dict[str, Any] = {
        "name": name,
        "type": ProviderType.OPENAI_CHAT,
        "model": "gpt-4o-mini",
        "confidence": ConfidenceLevel.MEDIUM,
    }
    values.update(changes)
    return ProviderSettings.from_user(**values)


# Async tests read files through these, so the blocking calls stay out of coroutines.


def keyring_bytes(path: Path) -> bytes:
    return path.read_bytes() if path.exists() else b""


def file_bytes(path: Path) -> bytes | None:
    return path.read_bytes() if path.exists() else None


def keyring_value(secret_id_name: str, *, managed: bool = False) -> str | None:
    secret_id = (managed_api_key_secret_id if managed else api_key_secret_id)(secret_id_name)
    return keyring.get_keyring().get_password(secret_id.service, secret_id.name)


async def test_a_shipped_key_is_used_and_never_written_anywhere(
    write_policy: Callable[..., OrganizationPolicy],
    open_store: Callable[..., ProviderStore],
    providers_file: Path,
    keyring_file: Path,
) -> None:
    store = open_store(write_policy(shipped("Corp GPT")))
    await store.add(own("Mine"), SecretStr(USER_KEY))

    assert [p.name for p in store.list()] == ["Corp GPT", "Mine"]
    key = await store.request_api_key("Corp GPT")
    assert key is not None
    assert key.get_secret_value() == SHIPPED_KEY
    assert await store.key_state("Corp GPT") is KeyState.STORED
    assert store.key_label("Corp GPT", KeyState.STORED) == "From your organisation"
    assert store.key_problem("Corp GPT") is None
    assert store.is_managed("corp gpt")
    label = store.managed_label("Corp GPT")
    assert label is not None
    assert str(label).startswith("Managed by your organisation: corp (")
    written = file_bytes(providers_file)
    assert written is not None
    assert SHIPPED_KEY.encode() not in written
    assert b"Corp GPT" not in written
    assert USER_KEY.encode() in keyring_bytes(keyring_file)
    assert SHIPPED_KEY.encode() not in keyring_bytes(keyring_file)
    assert keyring_value("Corp GPT") is None
    assert keyring_value("Corp GPT", managed=True) is None


async def test_each_user_enters_their_own_key_kept_apart_from_their_providers(
    write_policy: Callable[..., OrganizationPolicy],
    open_store: Callable[..., ProviderStore],
) -> None:
    store = open_store(write_policy(provider("Team Claude", type="anthropic", base_url=None)))
    managed = store.require("team claude")

    with pytest.raises(MissingApiKeyError, match="enter their own key") as missing:
        await store.request_api_key("Team Claude")
    assert "corp (" in str(missing.value)
    assert await store.key_state("Team Claude") is KeyState.NONE
    assert store.accepts_user_key("Team Claude")

    await store.update(managed, SecretStr(TEAM_KEY))

    key = await store.request_api_key("Team Claude")
    assert key is not None
    assert key.get_secret_value() == TEAM_KEY
    assert await store.key_state("Team Claude") is KeyState.STORED
    assert store.key_label("Team Claude", KeyState.STORED) == "In the keyring"
    assert keyring_value("Team Claude", managed=True) == TEAM_KEY
    assert keyring_value("Team Claude") is None

    await store.set_api_key("Team Claude", None)
    assert await store.api_key("Team Claude") is None


async def test_a_refused_shipped_key_leaves_the_provider_without_one_and_says_why(
    write_policy: Callable[..., OrganizationPolicy],
    open_store: Callable[..., ProviderStore],
    keyring_file: Path,
) -> None:
    plain = "sk-plain-in-policy-99"
    store = open_store(write_policy(provider("Broken GPT", api_key=plain)))
    await store.add(own("Mine"), SecretStr(USER_KEY))

    assert await store.api_key("Broken GPT") is None
    assert await store.key_state("Broken GPT") is KeyState.NONE
    assert store.key_label("Broken GPT", KeyState.NONE) == "Not usable"
    problem = store.key_problem("Broken GPT")
    assert problem is not None
    assert "could not be used" in str(problem)
    assert plain not in str(problem)
    with pytest.raises(MissingApiKeyError, match="could not be used") as refused:
        await store.request_api_key("Broken GPT")
    assert plain not in str(refused.value)
    assert not store.accepts_user_key("Broken GPT")
    with pytest.raises(ManagedProviderError):
        await store.set_api_key("Broken GPT", SecretStr(USER_KEY))
    assert plain.encode() not in keyring_bytes(keyring_file)
    assert USER_KEY.encode() in keyring_bytes(keyring_file)


async def test_a_key_that_does_not_decrypt_is_refused(
    write_policy: Callable[..., OrganizationPolicy],
    open_store: Callable[..., ProviderStore],
) -> None:
    elsewhere = encrypt(SHIPPED_KEY, secret="another-secret", key=provider_key("Corp GPT"))
    store = open_store(write_policy(provider("Corp GPT", api_key=elsewhere)))

    assert await store.api_key("Corp GPT") is None
    assert store.key_problem("Corp GPT") is not None


async def test_a_managed_provider_hides_the_users_own_until_the_policy_drops_it(
    write_policy: Callable[..., OrganizationPolicy],
    open_store: Callable[..., ProviderStore],
    providers_file: Path,
) -> None:
    await open_store().add(own("Work GPT"), SecretStr(USER_KEY))
    written = file_bytes(providers_file)

    store = open_store(write_policy(shipped("work gpt")))
    [listed] = store.list()
    assert listed.name == "work gpt"
    assert listed.base_url == "https://llm.corp.example/v1"
    key = await store.request_api_key("work gpt")
    assert key is not None
    assert key.get_secret_value() == SHIPPED_KEY
    assert store.get("Work GPT") is None
    assert store.require("Work GPT").name == "work gpt"
    await store.reload()
    assert [p.name for p in store.list()] == ["work gpt"]
    assert file_bytes(providers_file) == written

    withdrawn = open_store(write_policy())
    [back] = withdrawn.list()
    assert back == own("Work GPT")
    key = await withdrawn.request_api_key("Work GPT")
    assert key is not None
    assert key.get_secret_value() == USER_KEY
    assert not withdrawn.is_managed("Work GPT")


async def test_a_user_key_for_a_managed_provider_never_reaches_the_users_own(
    write_policy: Callable[..., OrganizationPolicy],
    open_store: Callable[..., ProviderStore],
) -> None:
    await open_store().add(own("Work GPT"), SecretStr(USER_KEY))
    store = open_store(write_policy(provider("Work GPT")))

    # The user's key for their own provider is not sent to the organisation's host.
    assert await store.api_key("Work GPT") is None
    await store.set_api_key("Work GPT", SecretStr(TEAM_KEY))

    key = await open_store().request_api_key("Work GPT")
    assert key is not None
    assert key.get_secret_value() == USER_KEY


async def test_changing_or_removing_a_managed_provider_is_refused(
    write_policy: Callable[..., OrganizationPolicy],
    open_store: Callable[..., ProviderStore],
    providers_file: Path,
) -> None:
    store = open_store(write_policy(shipped("Corp GPT"), provider("Team GPT")))
    corp = store.require("Corp GPT")
    team = store.require("Team GPT")

    with pytest.raises(ManagedProviderError, match="managed by your organisation") as changed:
        await store.update(corp.model_copy(update={"model": "other"}))
    assert "Ask your administrator" in str(changed.value)
    with pytest.raises(ManagedProviderError, match="cannot be changed or removed"):
        await store.remove("corp gpt")
    with pytest.raises(ManagedProviderError, match="only your own API key"):
        await store.update(team.model_copy(update={"confidence": ConfidenceLevel.LOW}))
    with pytest.raises(ManagedProviderError, match="cannot be changed or removed"):
        await store.remove("Team GPT")
    with pytest.raises(ManagedProviderError, match="comes from your organisation"):
        await store.update(corp, SecretStr(USER_KEY))
    assert issubclass(ManagedProviderError, ConfigError)
    assert [p.name for p in store.list()] == ["Corp GPT", "Team GPT"]
    assert file_bytes(providers_file) is None


async def test_adding_a_provider_by_a_managed_name_is_a_duplicate(
    write_policy: Callable[..., OrganizationPolicy],
    open_store: Callable[..., ProviderStore],
) -> None:
    store = open_store(write_policy(shipped("Corp GPT")))

    with pytest.raises(DuplicateProviderError, match="'Corp GPT'"):
        await store.add(own("CORP gpt"), SecretStr(USER_KEY))

    assert keyring_value("CORP gpt") is None


def test_the_context_of_a_provider_says_whether_it_is_trusted_and_self_hosted(
    write_policy: Callable[..., OrganizationPolicy],
    open_store: Callable[..., ProviderStore],
) -> None:
    local = provider("Corp Ollama", type="ollama", base_url="http://10.1.2.3:11434/v1")
    store = open_store(
        write_policy(shipped("Corp GPT"), local, trusted_providers=["corp gpt"]),
    )

    corp = store.context("Corp GPT")
    ollama = store.context("corp ollama")
    assert (corp.trusted, corp.self_hosted) == (True, False)
    assert (ollama.trusted, ollama.self_hosted) == (False, True)
    assert store.context_for(store.require("Corp GPT")) == corp
    assert not open_store().trusts("Corp GPT")


async def test_a_users_own_provider_named_like_a_trusted_one_is_not_trusted(
    write_policy: Callable[..., OrganizationPolicy],
    open_store: Callable[..., ProviderStore],
) -> None:
    store = open_store(write_policy(shipped("Corp GPT"), trusted_providers=["Corp GPT", "Own GPT"]))
    await store.add(own("Own GPT"), SecretStr(USER_KEY))

    assert store.trusts("corp gpt")
    assert not store.trusts("Own GPT")
    assert not store.context("own gpt").trusted


def test_a_trusted_name_no_policy_ships_is_warned_of_by_the_policy_that_lists_it(
    tmp_path: Path,
) -> None:
    folder = tmp_path / "policies"
    folder.mkdir()
    documents = {
        "high.json": {"id": "high", "priority": 2, "trusted_providers": ["Corp GPT", "Own GPT"]},
        "low.json": {"id": "low", "priority": 1, "providers": [provider("corp gpt")]},
    }
    for name, document in documents.items():
        (folder / name).write_text(json.dumps(document), encoding="utf-8")

    policy = load_policy({"STUDIO_POLICY_FILE": str(folder)}, root=tmp_path)

    assert [(p.place, p.where, p.fatal) for p in policy.problems] == [
        (f"high ({folder / 'high.json'})", "/trusted_providers", False)
    ]
    assert "'Own GPT' is listed as trusted, but no policy ships" in policy.problems[0].text()
    assert policy.trusted_provider_names == {"Corp GPT", "Own GPT"}


def test_a_policy_key_never_shows_in_the_policy_repr(
    write_policy: Callable[..., OrganizationPolicy],
) -> None:
    policy = write_policy(shipped("Corp GPT"))

    assert SHIPPED_KEY not in repr(policy)
    assert SHIPPED_KEY not in repr(policy.providers)
