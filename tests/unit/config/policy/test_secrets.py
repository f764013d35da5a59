"""Secrets a policy ships: decrypted into memory only, and refused whole when anything is off."""

from __future__ import annotations

import logging
from collections.abc import Callable
from pathlib import Path

import pytest

from studio.config.managed_providers import KeyMode
from studio.config.organization import OrganizationPolicy
from studio.config.policy.encryption import PREFIX, encrypt
from studio.config.policy.locations import POLICY_SECRET_VARIABLE
from studio.config.secrets import SecretId
from studio.errors import SettingLockedError
from studio.kernel.definition import ToolDefinition
from studio.tools.implementation import ToolImplementation
from studio.tools.settings import ToolSettingsService, ValueSource
from tests.support.keyring_backend import FileKeyring
from tests.unit.config.policy.policy_files import (
    POLICY_SECRET,
    TOOL_ID,
    Places,
    document,
    key,
    locked,
)

SHIPPED = "shipped-key-9c2e41-do-not-leak"
"""The organisation's API key; finding it anywhere but in memory means it leaked."""
OWN = "own-key-5a7d3b-do-not-leak"
"""The user's own API key, in their keyring."""
ENDPOINT = "https://search.example.org/"
SettingsServiceFactory = Callable[..., ToolSettingsService]


def shipping(value: str) -> dict[str, object]:
    """A policy that locks the endpoint and ships ``value`` as the API key."""
    return document(
        "company", settings={**locked(endpoint=ENDPOINT), key("api_key"): {"value": value}}
    )


# A blocking read in a test harms nobody; ruff's ASYNC rules stay on for the product code.
def read(path: Path) -> bytes:
    return path.read_bytes()


def keyring_value(keyring_file: Path) -> str | None:
    secret: str | None = FileKeyring(keyring_file).get_password(
        SecretId.tool_setting(TOOL_ID, "api_key").service, "api_key"
    )
    return secret


def changed(ciphertext: str) -> str:
    """The ciphertext with one character in the middle of the sealed part replaced."""
    middle = len(PREFIX) + (len(ciphertext) - len(PREFIX)) // 2
    replacement = "A" if ciphertext[middle] != "A" else "B"
    return ciphertext[:middle] + replacement + ciphertext[middle + 1 :]


def load(places: Places, tmp_path: Path, value: str, secret: str | None) -> OrganizationPolicy:
    path = places.write(tmp_path / "chosen", "company.json", shipping(value))
    environ = {"STUDIO_POLICY_FILE": str(path)}
    if secret is not None:
        environ[POLICY_SECRET_VARIABLE] = secret
    return places.load(**environ)


def test_the_right_secret_decrypts_a_shipped_key_into_memory(
    places: Places, tmp_path: Path
) -> None:
    ciphertext = encrypt(SHIPPED, secret=POLICY_SECRET, key=key("api_key"))

    policy = load(places, tmp_path, ciphertext, POLICY_SECRET)

    assert policy.locked_tool_secrets[key("api_key")] == SHIPPED
    assert policy.is_locked(TOOL_ID, "api_key")
    assert policy.problems == ()
    assert SHIPPED not in repr(policy)
    assert ciphertext not in repr(policy)


async def test_a_decrypted_key_is_what_the_tool_runs_with(
    places: Places,
    tmp_path: Path,
    settings_service: SettingsServiceFactory,
    definition: ToolDefinition,
    sample_tool: ToolImplementation,
) -> None:
    ciphertext = encrypt(SHIPPED, secret=POLICY_SECRET, key=key("api_key"))
    service = settings_service(load(places, tmp_path, ciphertext, POLICY_SECRET))

    values = await service.effective_values(definition)
    states = {state.name: state for state in await service.field_states(definition)}
    configuration = await service.configuration_state(definition, sample_tool)

    assert values["api_key"] == SHIPPED
    assert states["api_key"].source is ValueSource.ORGANIZATION_LOCKED
    assert states["api_key"].has_value
    assert states["api_key"].value == ""
    assert SHIPPED not in repr(service.organization)
    assert configuration.is_configured


FAILURES = {
    "wrong-secret": lambda text: (text, "another-secret"),
    "moved-from-another-key": lambda _: (
        encrypt(SHIPPED, secret=POLICY_SECRET, key=key("endpoint")),
        POLICY_SECRET,
    ),
    "truncated": lambda text: (text[:-6], POLICY_SECRET),
    "cut-to-the-salt": lambda text: (text[: len(PREFIX) + 24], POLICY_SECRET),
    "changed": lambda text: (changed(text), POLICY_SECRET),
    "not-base64": lambda text: (text[:-4] + "!!!!", POLICY_SECRET),
    "no-secret-delivered": lambda text: (text, None),
}


@pytest.mark.parametrize("failure", FAILURES.values(), ids=FAILURES.keys())
async def test_a_shipped_key_that_does_not_decrypt_leaves_the_field_locked_and_empty(
    places: Places,
    tmp_path: Path,
    settings_service: SettingsServiceFactory,
    definition: ToolDefinition,
    sample_tool: ToolImplementation,
    caplog: pytest.LogCaptureFixture,
    failure: Callable[[str], tuple[str, str | None]],
) -> None:
    # The user's own key is there, and must not stand in for the organisation's.
    await settings_service().set_value(definition, "api_key", OWN)
    ciphertext, secret = failure(encrypt(SHIPPED, secret=POLICY_SECRET, key=key("api_key")))
    caplog.set_level(logging.DEBUG)

    policy = load(places, tmp_path, ciphertext, secret)
    service = settings_service(policy)
    values = await service.effective_values(definition)
    states = {state.name: state for state in await service.field_states(definition)}
    configuration = await service.configuration_state(definition, sample_tool)

    assert policy.locked_tool_secrets[key("api_key")] == ""
    assert not policy.restricts_all_tools
    assert values["api_key"] == ""
    assert states["api_key"].locked
    assert not states["api_key"].has_value
    assert not configuration.is_configured
    assert configuration.missing_required_fields == ("api_key",)
    warnings = [problem for problem in policy.problems if not problem.fatal]
    assert len(warnings) == 1
    assert "sample_search.api_key" in warnings[0].text()
    assert warnings[0].where == "/settings/sample_search.api_key/value"
    logged = "\n".join(
        [record.getMessage() for record in caplog.records]
        + [record.exc_text or "" for record in caplog.records]
    )
    assert "sample_search.api_key" in logged
    for leaked in (SHIPPED, ciphertext, ciphertext.removeprefix(PREFIX), OWN):
        assert leaked not in logged
        assert leaked not in warnings[0].text()
        assert leaked not in repr(policy)


async def test_a_plain_text_key_is_refused_and_the_users_own_is_not_used(
    places: Places,
    tmp_path: Path,
    settings_service: SettingsServiceFactory,
    definition: ToolDefinition,
    sample_tool: ToolImplementation,
    keyring_file: Path,
) -> None:
    await settings_service().set_value(definition, "api_key", OWN)

    service = settings_service(load(places, tmp_path, SHIPPED, POLICY_SECRET))
    values = await service.effective_values(definition)
    states = {state.name: state for state in await service.field_states(definition)}
    configuration = await service.configuration_state(definition, sample_tool)

    assert values["api_key"] == ""
    assert states["api_key"].locked
    assert not states["api_key"].has_value
    assert states["api_key"].value == ""
    assert configuration.missing_required_fields == ("api_key",)
    assert keyring_value(keyring_file) == OWN


async def test_the_users_own_key_is_untouched_and_returns_when_the_policy_withdraws(
    places: Places,
    tmp_path: Path,
    settings_service: SettingsServiceFactory,
    definition: ToolDefinition,
    keyring_file: Path,
) -> None:
    await settings_service().set_value(definition, "api_key", OWN)
    ciphertext = encrypt(SHIPPED, secret=POLICY_SECRET, key=key("api_key"))

    shipped = settings_service(load(places, tmp_path, ciphertext, POLICY_SECRET))
    assert (await shipped.effective_values(definition))["api_key"] == SHIPPED
    await shipped.save_values(definition, {"api_key": "", "endpoint": "https://mine/"})
    assert keyring_value(keyring_file) == OWN

    path = places.write(
        tmp_path / "chosen", "company.json", document("company", settings=locked(mode="FAST"))
    )
    withdrawn = settings_service(places.load(STUDIO_POLICY_FILE=str(path)))
    assert (await withdrawn.effective_values(definition))["api_key"] == OWN


async def test_nothing_of_a_shipped_key_reaches_the_settings_file_or_the_keyring(
    places: Places,
    tmp_path: Path,
    settings_service: SettingsServiceFactory,
    definition: ToolDefinition,
    settings_file: Path,
    keyring_file: Path,
) -> None:
    await settings_service().set_value(definition, "api_key", OWN)
    ciphertext = encrypt(SHIPPED, secret=POLICY_SECRET, key=key("api_key"))
    service = settings_service(load(places, tmp_path, ciphertext, POLICY_SECRET))

    await service.save_values(
        definition, {"api_key": "typed", "max_results": "7", "mode": "FAST", "endpoint": "x"}
    )
    await service.set_tool_enabled(TOOL_ID, False)
    await service.set_tool_enabled(TOOL_ID, True)

    stored = read(settings_file) + read(keyring_file)
    assert OWN.encode() in stored  # the search would find a key stored as the user's is
    for leaked in (SHIPPED, ciphertext.removeprefix(PREFIX), POLICY_SECRET):
        assert leaked.encode() not in stored
    assert b'"7"' in read(settings_file)


def test_shipped_provider_keys_decrypt_and_a_plain_or_wrong_one_is_refused(
    places: Places, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    def provider(name: str, api_key: str | None) -> dict[str, object]:
        entry: dict[str, object] = {
            "name": name,
            "type": "openai-compatible",
            "base_url": "https://llm.example.org/v1",
            "model": "m-1",
            "confidence": "HIGH",
        }
        return entry if api_key is None else {**entry, "api_key": api_key}

    right = encrypt(SHIPPED, secret=POLICY_SECRET, key="providers.Company GPT.api_key")
    moved = encrypt(SHIPPED, secret=POLICY_SECRET, key="providers.Company GPT.api_key")
    path = places.write(
        tmp_path,
        "providers.json",
        document(
            "providers",
            providers=[
                provider("Company GPT", right),
                provider("Moved", moved),
                provider("Plain", SHIPPED),
                provider("Own", None),
            ],
        ),
    )
    caplog.set_level(logging.DEBUG)

    policy = places.load(STUDIO_POLICY_FILE=str(path), STUDIO_POLICY_SECRET=POLICY_SECRET)

    modes = {p.settings.name: p.key_mode for p in policy.providers}
    assert modes == {
        "Company GPT": KeyMode.SHIPPED,
        "Moved": KeyMode.REFUSED,
        "Plain": KeyMode.REFUSED,
        "Own": KeyMode.EACH_USER,
    }
    company = policy.managed_provider("company gpt")
    assert company is not None
    assert company.api_key is not None
    assert company.api_key.get_secret_value() == SHIPPED
    warnings = [problem.text() for problem in policy.problems]
    assert len(warnings) == 2
    assert "providers.Moved.api_key" in warnings[0]
    assert "'Plain'" in warnings[1]
    logged = "\n".join(record.getMessage() for record in caplog.records)
    for leaked in (SHIPPED, right.removeprefix(PREFIX), moved.removeprefix(PREFIX)):
        assert leaked not in logged
        assert all(leaked not in text for text in warnings)
        assert leaked not in repr(policy)
        assert leaked not in repr(policy.providers)


def test_an_unsafe_secret_file_is_not_used_and_says_so(places: Places, tmp_path: Path) -> None:
    secret_file = places.root / "etc" / "studio" / "policy-secret"
    secret_file.parent.mkdir(parents=True)
    secret_file.write_text(POLICY_SECRET, encoding="utf-8")
    secret_file.chmod(0o666)
    ciphertext = encrypt(SHIPPED, secret=POLICY_SECRET, key=key("api_key"))

    policy = load(places, tmp_path, ciphertext, None)

    assert policy.locked_tool_secrets[key("api_key")] == ""
    texts = [problem.text() for problem in policy.problems]
    assert any("policy-secret" in text and "administrator" in text for text in texts)
    assert all(POLICY_SECRET not in text for text in texts)


async def test_an_encrypted_default_is_locked_and_the_policy_check_says_so(
    places: Places,
    tmp_path: Path,
    settings_service: SettingsServiceFactory,
    definition: ToolDefinition,
) -> None:
    await settings_service().set_value(definition, "api_key", OWN)
    ciphertext = encrypt(SHIPPED, secret=POLICY_SECRET, key=key("api_key"))
    path = places.write(
        tmp_path,
        "company.json",
        document("company", settings={key("api_key"): {"value": ciphertext, "mode": "default"}}),
    )

    policy = places.load(STUDIO_POLICY_FILE=str(path), STUDIO_POLICY_SECRET=POLICY_SECRET)
    service = settings_service(policy)

    assert (await service.effective_values(definition))["api_key"] == SHIPPED
    assert key("api_key") not in policy.default_tool_settings
    assert [problem.fatal for problem in policy.problems] == [False]
    assert "always locked" in policy.problems[0].text()
    with pytest.raises(SettingLockedError):
        await service.set_value(definition, "api_key", OWN)
