"""Provider settings and the provider store: the providers file plus keys in the keyring."""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import Callable
from pathlib import Path
from typing import Any

import keyring
import pytest
from pydantic import SecretStr

from studio.config import store as store_module
from studio.config.paths import StudioPaths
from studio.config.profiles import ProviderType
from studio.config.providers import (
    PROVIDERS_VERSION,
    DuplicateProviderError,
    InvalidProviderError,
    MissingApiKeyError,
    ProviderSettings,
    ProviderStore,
    UnknownProviderError,
    api_key_secret_id,
)
from studio.config.secrets import KeyringSecretStore, SecretStore, UnavailableSecretStore
from studio.config.store import Reloaded
from studio.errors import ConfigError, NoKeyringError
from studio.kernel.policy import ConfidenceLevel, ModelCapability
from studio.kernel.translatable import TranslatableMessage, TranslatableText
from studio.services import Services

SECRET = "sk-live-7d3a9e51c2"
OTHER_SECRET = "sk-live-0b44f8e6aa"


def settings(**changes: Any) -> ProviderSettings:
    values: dict[str, Any] = {
        "name": "Work OpenAI",
        "type": ProviderType.OPENAI_CHAT,
        "model": "gpt-4o-mini",
        "confidence": ConfidenceLevel.MEDIUM,
    }
    values.update(changes)
    return ProviderSettings.from_user(**values)


def local(name: str = "Local llama", **changes: Any) -> ProviderSettings:
    return settings(name=name, type=ProviderType.OLLAMA, model="llama3.1", **changes)


def stored_key(name: str) -> str | None:
    secret_id = api_key_secret_id(name)
    return keyring.get_keyring().get_password(secret_id.service, secret_id.name)


def profile_bytes(root: Path) -> list[bytes]:
    return [path.read_bytes() for path in root.rglob("*") if path.is_file()]


# Async tests read and write files through these, so the blocking calls stay out of coroutines.


def file_bytes(path: Path) -> bytes | None:
    return path.read_bytes() if path.exists() else None


def write_file(path: Path, content: bytes) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(content)


@pytest.fixture
def providers_file(studio_paths: StudioPaths) -> Path:
    return studio_paths.providers_file


@pytest.fixture
def open_store(providers_file: Path) -> Callable[..., ProviderStore]:
    """Make a store on the test profile; each one reads the file afresh."""

    def make(secrets: SecretStore | None = None) -> ProviderStore:
        backend = secrets if secrets is not None else KeyringSecretStore(keyring.get_keyring())
        return ProviderStore(providers_file, backend)

    return make


# ProviderSettings


@pytest.mark.parametrize(
    "name",
    ["a", "OpenAI", "my local.llama_3-1", "Büro KI", "x" * 64],
    ids=["one-letter", "word", "punctuation", "non-ascii-letters", "longest"],
)
def test_settings_accept_names_of_letters_digits_and_some_punctuation(name: str) -> None:
    assert settings(name=name).name == name


def test_settings_strip_blanks_around_name_and_model() -> None:
    provider = settings(name="  Work  ", model=" gpt-4o ")

    assert (provider.name, provider.model) == ("Work", "gpt-4o")


@pytest.mark.parametrize(
    ("name", "message"),
    [
        ("", "must not be blank"),
        ("   ", "must not be blank"),
        ("a/b", "'a/b' is not valid"),
        ("x" * 65, "1 to 64 letters"),
        ("tab\there", "is not valid"),
        ("smile☺", "is not valid"),
    ],
    ids=["empty", "blank", "slash", "too-long", "control-character", "symbol"],
)
def test_settings_refuse_bad_names_saying_what_is_allowed(name: str, message: str) -> None:
    with pytest.raises(InvalidProviderError, match=message):
        settings(name=name)


@pytest.mark.parametrize("model", ["", "  ", "gpt\n4", "m" * 257], ids=str.__len__)
def test_settings_refuse_bad_models(model: str) -> None:
    with pytest.raises(InvalidProviderError, match="model"):
        settings(model=model)


def test_settings_invalid_provider_error_is_a_config_error() -> None:
    assert issubclass(InvalidProviderError, ConfigError)
    for error in (DuplicateProviderError, UnknownProviderError, MissingApiKeyError):
        assert issubclass(error, ConfigError)


def test_settings_normalise_base_url_without_trailing_slash() -> None:
    provider = settings(base_url=" https://gateway.example.com/openai/v1/ ")

    assert provider.base_url == "https://gateway.example.com/openai/v1"
    assert provider.effective_base_url == "https://gateway.example.com/openai/v1"


@pytest.mark.parametrize(
    "url",
    [
        "api.example.com/v1",
        "/v1",
        "ftp://files.example.com/",
        "file:///etc/passwd",
        "http://",
        "https://example.com:99999/v1",
    ],
    ids=["no-scheme", "path-only", "ftp", "file", "no-host", "bad-port"],
)
def test_settings_refuse_base_urls_that_are_not_absolute_http(url: str) -> None:
    with pytest.raises(InvalidProviderError, match="absolute http:// or https://"):
        settings(base_url=url)


@pytest.mark.parametrize(
    "url",
    [
        f"https://user:{SECRET}@api.example.com/v1",
        f"https://api.example.com/v1?key={SECRET}",
        "https://api.example.com/v1#part",
    ],
    ids=["credentials", "query", "fragment"],
)
def test_settings_refuse_base_urls_that_could_carry_a_key(url: str) -> None:
    with pytest.raises(InvalidProviderError, match="OS keyring") as caught:
        settings(base_url=url)

    assert SECRET not in str(caught.value)


def test_settings_without_base_url_use_the_types_default() -> None:
    provider = settings()

    assert provider.base_url is None
    assert provider.effective_base_url == "https://api.openai.com/v1"


def test_settings_of_a_type_without_default_address_need_a_base_url() -> None:
    with pytest.raises(InvalidProviderError, match="'openai-compatible' has no default address"):
        settings(type=ProviderType.OPENAI_COMPATIBLE)

    provider = settings(type=ProviderType.OPENAI_COMPATIBLE, base_url="http://10.0.0.5:9000/v1")
    assert provider.effective_base_url == "http://10.0.0.5:9000/v1"


def test_settings_read_confidence_by_name_and_write_it_by_name() -> None:
    provider = settings(confidence="very_low")

    assert provider.confidence is ConfidenceLevel.VERY_LOW
    assert provider.model_dump(mode="json")["confidence"] == "VERY_LOW"


def test_settings_refuse_unknown_confidence_listing_the_levels() -> None:
    with pytest.raises(InvalidProviderError, match="use one of NONE, UNTRUSTED"):
        settings(confidence="trusted")


def test_settings_name_the_field_pydantic_refused() -> None:
    with pytest.raises(InvalidProviderError, match="'model'"):
        ProviderSettings.from_user(name="n", type="openai-chat", confidence="LOW")


def test_settings_capabilities_default_to_the_profile() -> None:
    provider = local()

    assert provider.capabilities is None
    assert provider.effective_capabilities == provider.profile.default_capabilities
    assert provider.model_dump(mode="json")["capabilities"] is None


def test_settings_capabilities_override_is_stored_by_sorted_names() -> None:
    provider = local(capabilities=["FUNCTION_CALLING", "CHAT_COMPLETION_API"])

    assert provider.effective_capabilities == {
        ModelCapability.FUNCTION_CALLING,
        ModelCapability.CHAT_COMPLETION_API,
    }
    dumped = provider.model_dump(mode="json")["capabilities"]
    assert dumped == ["CHAT_COMPLETION_API", "FUNCTION_CALLING"]


def test_settings_empty_capabilities_override_means_none() -> None:
    provider = local(capabilities=[])

    assert provider.effective_capabilities == frozenset()


def test_settings_keep_additional_parameters_that_are_json() -> None:
    parameters = {"temperature": 0.2, "reasoning": {"effort": "low"}, "stop": ["END"]}

    assert local(additional_parameters=parameters).additional_parameters == parameters


def test_settings_refuse_additional_parameters_that_are_not_json() -> None:
    with pytest.raises(InvalidProviderError, match="plain JSON values"):
        local(additional_parameters={"temperature": float("nan")})
    with pytest.raises(InvalidProviderError, match="plain JSON values"):
        local(additional_parameters={"when": object()})


def test_settings_cannot_be_changed_in_place() -> None:
    provider = local()

    with pytest.raises(ValueError, match="frozen"):
        provider.model = "other"  # type: ignore[misc]


def test_settings_schema_titles_and_describes_every_field() -> None:
    schema = ProviderSettings.model_json_schema()

    assert all(
        field.get("title") and field.get("description") for field in schema["properties"].values()
    )
    assert schema["properties"]["confidence"]["enum"] == [level.name for level in ConfidenceLevel]
    assert "api_key" not in schema["properties"]


# ProviderStore: the file


def test_paths_put_the_providers_file_beside_the_settings(studio_paths: StudioPaths) -> None:
    assert studio_paths.providers_file == studio_paths.config_dir / "providers.json"


def test_store_without_file_lists_nothing_and_creates_nothing(
    open_store: Callable[..., ProviderStore], providers_file: Path
) -> None:
    store = open_store()

    assert store.list() == ()
    assert store.get("anything") is None
    assert store.load_notice is None
    assert not providers_file.parent.exists()


async def test_store_keeps_providers_in_order_across_restarts(
    open_store: Callable[..., ProviderStore], providers_file: Path
) -> None:
    store = open_store()
    first = settings(additional_parameters={"temperature": 0.1})
    second = local(capabilities=["FUNCTION_CALLING", "CHAT_COMPLETION_API"])

    await store.add(first, SecretStr(SECRET))
    await store.add(second, None)

    reopened = open_store()
    assert reopened.list() == (first, second)
    assert reopened.get("Local llama") == second
    data = json.loads(file_bytes(providers_file) or b"")
    assert data["version"] == PROVIDERS_VERSION
    assert data["providers"][0] == {
        "name": "Work OpenAI",
        "type": "openai-chat",
        "base_url": None,
        "model": "gpt-4o-mini",
        "confidence": "MEDIUM",
        "capabilities": None,
        "additional_parameters": {"temperature": 0.1},
    }


def test_store_reads_the_file_on_first_use_only(
    open_store: Callable[..., ProviderStore], providers_file: Path
) -> None:
    providers_file.parent.mkdir(parents=True)
    providers_file.write_bytes(b"{ broken")

    store = open_store()
    Services.open(StudioPaths.for_basedir(providers_file.parent.parent), implementations=[])

    assert providers_file.exists()
    assert store.load_notice is not None
    assert not providers_file.exists()


UNREADABLE = [
    b"{ not json",
    b"[]",
    b'{"version": 99, "providers": []}',
    b'{"providers": [{"name": "a", "type": "nope", "model": "m", "confidence": "LOW"}]}',
    b'{"providers": [{"name": "a", "type": "ollama", "model": "m", "confidence": "BEST"}]}',
    b'{"providers": [{"name": "a", "type": "ollama", "confidence": "LOW"}]}',
    b'{"providers": [{"name": "a", "type": "ollama", "model": "m", "confidence": "LOW"},'
    b' {"name": "A", "type": "vllm", "model": "m", "confidence": "LOW"}]}',
    b'{"providers": [{"name": "a", "type": "openai-compatible", "model": "m",'
    b' "confidence": "LOW"}]}',
    b"\xff\xfe{}",
]
UNREADABLE_IDS = [
    "invalid-json",
    "json-list",
    "newer-version",
    "unknown-type",
    "unknown-confidence",
    "missing-model",
    "duplicate-names",
    "missing-base-url",
    "not-utf8",
]


@pytest.mark.parametrize("content", UNREADABLE, ids=UNREADABLE_IDS)
async def test_store_sets_an_unreadable_file_aside_and_starts_empty(
    open_store: Callable[..., ProviderStore], providers_file: Path, content: bytes
) -> None:
    write_file(providers_file, content)
    store = open_store()

    assert store.list() == ()

    [kept] = providers_file.parent.glob("providers.json.unreadable-*")
    assert kept.read_bytes() == content
    assert store.load_notice is not None
    assert "providers file could not be read" in store.load_notice
    assert str(kept) in store.load_notice
    await store.add(local(), None)
    assert open_store().list() == (local(),)
    assert kept.read_bytes() == content


def test_store_ignores_unknown_keys_and_never_keeps_a_key_from_the_file(
    open_store: Callable[..., ProviderStore], providers_file: Path
) -> None:
    providers_file.parent.mkdir(parents=True)
    entry = {"name": "a", "type": "ollama", "model": "m", "confidence": "LOW", "api_key": SECRET}
    providers_file.write_text(json.dumps({"providers": [entry], "future": 1}), encoding="utf-8")

    [provider] = open_store().list()

    assert provider.name == "a"
    assert SECRET not in repr(provider)
    assert SECRET not in json.dumps(provider.model_dump(mode="json"))


# ProviderStore: keys


async def test_store_add_puts_the_key_in_the_keyring_only(
    open_store: Callable[..., ProviderStore],
    tmp_path: Path,
    keyring_file: Path,
    caplog: pytest.LogCaptureFixture,
) -> None:
    caplog.set_level(logging.DEBUG)
    store = open_store()

    await store.add(settings(), SecretStr(SECRET))

    assert stored_key("Work OpenAI") == SECRET
    key = await open_store().api_key("Work OpenAI")
    assert key is not None
    assert key.get_secret_value() == SECRET
    contents = profile_bytes(tmp_path / "profile")
    assert contents
    assert all(SECRET.encode() not in content for content in contents)
    assert SECRET not in caplog.text
    assert "Work OpenAI" in caplog.text


async def test_store_add_without_key_for_a_type_that_needs_one_saves_nothing(
    open_store: Callable[..., ProviderStore], providers_file: Path
) -> None:
    store = open_store()

    with pytest.raises(MissingApiKeyError, match="'openai-chat' needs an API key"):
        await store.add(settings(), None)
    with pytest.raises(MissingApiKeyError):
        await store.add(settings(), SecretStr("  \n"))

    assert store.list() == ()
    assert file_bytes(providers_file) is None


async def test_store_add_without_key_clears_a_key_left_under_that_name(
    open_store: Callable[..., ProviderStore],
) -> None:
    secret_id = api_key_secret_id("Local llama")
    keyring.get_keyring().set_password(secret_id.service, secret_id.name, OTHER_SECRET)

    await open_store().add(local(), None)

    assert stored_key("Local llama") is None
    assert await open_store().api_key("Local llama") is None


async def test_store_add_keeps_an_optional_key(open_store: Callable[..., ProviderStore]) -> None:
    await open_store().add(local(), SecretStr(SECRET))

    assert stored_key("Local llama") == SECRET


@pytest.mark.parametrize("name", ["Work OpenAI", "work openai", "WORK OPENAI"])
async def test_store_refuses_a_duplicate_name_and_keeps_the_first_key(
    open_store: Callable[..., ProviderStore], providers_file: Path, name: str
) -> None:
    store = open_store()
    await store.add(settings(), SecretStr(SECRET))
    before = file_bytes(providers_file)

    with pytest.raises(DuplicateProviderError, match="already a provider 'Work OpenAI'"):
        await store.add(settings(name=name, model="other"), SecretStr(OTHER_SECRET))

    assert file_bytes(providers_file) == before
    assert stored_key("Work OpenAI") == SECRET
    assert [p.model for p in store.list()] == ["gpt-4o-mini"]


async def test_store_remove_deletes_the_provider_and_its_key(
    open_store: Callable[..., ProviderStore],
) -> None:
    store = open_store()
    await store.add(settings(), SecretStr(SECRET))
    await store.add(local(), None)

    removed = await store.remove("Work OpenAI")

    assert removed.name == "Work OpenAI"
    assert stored_key("Work OpenAI") is None
    assert [p.name for p in open_store().list()] == ["Local llama"]


async def test_store_remove_unknown_name_lists_the_providers(
    open_store: Callable[..., ProviderStore],
) -> None:
    store = open_store()
    await store.add(local(), None)

    with pytest.raises(UnknownProviderError, match="no provider 'nope'; the providers: 'Local"):
        await store.remove("nope")
    with pytest.raises(UnknownProviderError, match="no provider 'nope'"):
        await store.api_key("nope")


async def test_store_name_look_up_is_exact(open_store: Callable[..., ProviderStore]) -> None:
    store = open_store()
    await store.add(local(), None)

    assert store.get("local llama") is None
    with pytest.raises(UnknownProviderError):
        await store.remove("local llama")


async def test_store_without_keyring_refuses_a_key_and_saves_nothing(
    open_store: Callable[..., ProviderStore], providers_file: Path
) -> None:
    store = open_store(UnavailableSecretStore())

    with pytest.raises(NoKeyringError):
        await store.add(settings(), SecretStr(SECRET))

    assert store.list() == ()
    assert file_bytes(providers_file) is None
    await store.add(local(), None)
    assert [p.name for p in store.list()] == ["Local llama"]


async def test_store_failed_save_takes_the_key_back_out(
    open_store: Callable[..., ProviderStore],
    providers_file: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    store = open_store()

    def fail(*args: object) -> None:
        raise OSError(28, "No space left on device")

    # Only this patch is undone: undo() would also undo the test keyring's set-up.
    with monkeypatch.context() as patch:
        patch.setattr(store_module.DocumentStore, "save", fail)
        with pytest.raises(OSError, match="No space left"):
            await store.add(settings(), SecretStr(SECRET))

    assert stored_key("Work OpenAI") is None
    assert store.list() == ()
    assert file_bytes(providers_file) is None


async def test_store_failed_key_roll_back_reports_the_save_error(
    open_store: Callable[..., ProviderStore],
    monkeypatch: pytest.MonkeyPatch,
    caplog: pytest.LogCaptureFixture,
) -> None:
    class ForgetfulKeyring(KeyringSecretStore):
        async def delete(self, secret_id: Any) -> None:
            raise NoKeyringError("the keyring went away")

    store = open_store(ForgetfulKeyring(keyring.get_keyring()))

    def fail(*args: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(store_module.DocumentStore, "save", fail)
    with pytest.raises(OSError, match="No space left"):
        await store.add(settings(), SecretStr(SECRET))

    assert "stayed in the keyring" in caplog.text
    assert SECRET not in caplog.text


async def test_store_update_changes_the_provider_in_place_and_keeps_its_key(
    open_store: Callable[..., ProviderStore],
) -> None:
    store = open_store()
    await store.add(settings(), SecretStr(SECRET))
    await store.add(local(), None)

    await store.update(settings(model="gpt-4.1", confidence="LOW"))

    reopened = open_store()
    assert [(p.name, p.model) for p in reopened.list()] == [
        ("Work OpenAI", "gpt-4.1"),
        ("Local llama", local().model),
    ]
    assert reopened.list()[0].confidence is ConfidenceLevel.LOW
    assert stored_key("Work OpenAI") == SECRET


async def test_store_update_with_a_new_key_replaces_the_old_one(
    open_store: Callable[..., ProviderStore],
) -> None:
    store = open_store()
    await store.add(settings(), SecretStr(SECRET))

    await store.update(settings(), SecretStr(OTHER_SECRET))

    assert stored_key("Work OpenAI") == OTHER_SECRET


async def test_store_update_refuses_a_type_that_needs_a_key_none_is_stored_for(
    open_store: Callable[..., ProviderStore], providers_file: Path
) -> None:
    store = open_store()
    await store.add(local(), None)
    before = file_bytes(providers_file)

    with pytest.raises(MissingApiKeyError, match="needs an API key"):
        await store.update(settings(name="Local llama"))

    assert file_bytes(providers_file) == before


async def test_store_update_of_an_unknown_provider_names_the_known_ones(
    open_store: Callable[..., ProviderStore],
) -> None:
    store = open_store()
    await store.add(local(), None)

    with pytest.raises(UnknownProviderError, match="'Local llama'"):
        await store.update(settings())


async def test_store_failed_update_puts_the_old_key_back(
    open_store: Callable[..., ProviderStore],
    providers_file: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    store = open_store()
    await store.add(settings(), SecretStr(SECRET))
    before = file_bytes(providers_file)

    def fail(*args: object) -> None:
        raise OSError(28, "No space left on device")

    with monkeypatch.context() as patch:
        patch.setattr(store_module.DocumentStore, "save", fail)
        with pytest.raises(OSError, match="No space left"):
            await store.update(settings(model="gpt-4.1"), SecretStr(OTHER_SECRET))

    assert stored_key("Work OpenAI") == SECRET
    assert file_bytes(providers_file) == before
    assert [p.model for p in open_store().list()] == ["gpt-4o-mini"]


async def test_services_share_the_keyring_with_the_provider_store(tmp_path: Path) -> None:
    services = Services.open(
        StudioPaths.for_basedir(tmp_path / "profile"),
        implementations=[],
        secrets=KeyringSecretStore(keyring.get_keyring()),
    )

    await services.providers.add(settings(), SecretStr(SECRET))

    assert services.providers.path == services.paths.providers_file
    assert stored_key("Work OpenAI") == SECRET


def marked(text: TranslatableText) -> str:
    """A fake translator that shows which texts it was asked for, and in which context."""
    return f"[{text.context}] {text}"


def test_settings_refusals_are_english_and_translatable() -> None:
    with pytest.raises(InvalidProviderError) as raised:
        ProviderSettings.from_user(**{**settings().model_dump(), "base_url": "ftp://host"})

    assert str(raised.value).startswith("The base URL 'ftp://host' is not valid")
    assert raised.value.text(marked) == f"[ProviderSettings] {raised.value}"


def test_settings_refusals_of_pydantic_name_the_field_translatably() -> None:
    with pytest.raises(InvalidProviderError) as raised:
        ProviderSettings.from_user(**{**settings().model_dump(), "type": "no-such-type"})

    assert str(raised.value).startswith("The provider setting 'type' is not valid: ")
    assert raised.value.text(marked).startswith("[ProviderSettings] The provider setting 'type'")


async def test_store_errors_and_notice_are_translatable(
    open_store: Callable[..., ProviderStore], providers_file: Path
) -> None:
    write_file(providers_file, b"{")
    store = open_store()
    notice = store.load_notice
    assert isinstance(notice, TranslatableMessage)
    assert notice.text(marked).startswith("[ProviderStore] Your providers file could not be read")
    await store.add(local(), None)

    with pytest.raises(DuplicateProviderError) as raised:
        await store.add(local(), None)

    assert str(raised.value) == "There is already a provider 'Local llama'."
    assert raised.value.text(marked) == "[ProviderStore] There is already a provider 'Local llama'."


# The key a request is sent with.


async def test_request_api_key_returns_the_stored_key(
    open_store: Callable[..., ProviderStore],
) -> None:
    store = open_store()
    await store.add(settings(), SecretStr(SECRET))

    key = await store.request_api_key("Work OpenAI")

    assert key is not None
    assert key.get_secret_value() == SECRET


async def test_request_api_key_without_a_keyring_says_why(
    open_store: Callable[..., ProviderStore],
) -> None:
    await open_store().add(settings(), SecretStr(SECRET))
    store = open_store(UnavailableSecretStore())

    with pytest.raises(MissingApiKeyError) as raised:
        await store.request_api_key("Work OpenAI")

    message = str(raised.value)
    assert message.startswith(
        "No API key could be read for the provider 'Work OpenAI', whose type 'openai-chat' "
        "needs one. No secure keyring is available"
    )
    assert SECRET not in message
    assert await store.keyring_unavailable_reason() is not None


async def test_request_api_key_message_is_translated_whole(
    open_store: Callable[..., ProviderStore],
) -> None:
    await open_store().add(settings(), SecretStr(SECRET))
    store = open_store(UnavailableSecretStore())

    with pytest.raises(MissingApiKeyError) as raised:
        await store.request_api_key("Work OpenAI")

    # The reason is a translatable text of its own, rendered in the same language.
    assert raised.value.text(lambda text: text.upper()).endswith("WRITES SECRETS TO A PLAIN FILE.")


async def test_request_api_key_names_a_missing_key(
    open_store: Callable[..., ProviderStore],
) -> None:
    store = open_store()
    await store.add(settings(), SecretStr(SECRET))
    await asyncio.to_thread(
        keyring.get_keyring().delete_password, "Studio/providers/Work OpenAI", "api_key"
    )

    with pytest.raises(MissingApiKeyError, match="none is stored"):
        await store.request_api_key("Work OpenAI")

    assert await store.keyring_unavailable_reason() is None


async def test_request_api_key_of_a_type_without_keys_is_none(
    open_store: Callable[..., ProviderStore],
) -> None:
    store = open_store(UnavailableSecretStore())
    await store.add(local(), None)

    assert await store.request_api_key("Local llama") is None


async def test_find_ignores_case_as_names_do(open_store: Callable[..., ProviderStore]) -> None:
    store = open_store()
    await store.add(local("Local Llama"), None)

    found = store.find("local llama")

    assert found is not None
    assert found.name == "Local Llama"
    assert store.find("llama") is None


# Reloading after changes made elsewhere


async def test_store_reload_sees_a_provider_another_store_added(
    open_store: Callable[..., ProviderStore],
) -> None:
    app = open_store()
    assert app.list() == ()
    await open_store().add(local(), None)

    assert await app.reload() == Reloaded(changed=True)
    assert [provider.name for provider in app.list()] == ["Local llama"]
    assert await app.reload() == Reloaded(changed=False)


async def test_store_reload_after_its_own_write_reports_no_change(
    open_store: Callable[..., ProviderStore],
) -> None:
    store = open_store()
    await store.add(local(), None)

    assert await store.reload() == Reloaded(changed=False)


async def test_store_change_starts_from_the_file_so_another_stores_provider_stays(
    open_store: Callable[..., ProviderStore],
) -> None:
    app = open_store()
    assert app.list() == ()
    await open_store().add(local("From the command line"), None)

    await app.add(local("From the app"), None)

    names = [provider.name for provider in open_store().list()]
    assert names == ["From the command line", "From the app"]


async def test_store_reload_keeps_its_providers_when_the_file_broke_and_keeps_the_file(
    open_store: Callable[..., ProviderStore], providers_file: Path
) -> None:
    store = open_store()
    await store.add(local(), None)
    await asyncio.to_thread(write_file, providers_file, b"{ not json")

    reloaded = await store.reload()

    assert reloaded.changed is False
    assert reloaded.notice is not None
    [kept] = await asyncio.to_thread(
        lambda: list(providers_file.parent.glob("providers.json.unreadable-*"))
    )
    assert str(kept) in reloaded.notice
    assert await asyncio.to_thread(file_bytes, kept) == b"{ not json"
    assert [provider.name for provider in store.list()] == ["Local llama"]
    assert [provider.name for provider in open_store().list()] == ["Local llama"]
