"""A settings file edited by hand cannot beat the organisation, and the user is told so."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator, Callable
from pathlib import Path

import keyring
import pytest

from studio.config.organization import OrganizationPolicy
from studio.config.paths import StudioPaths
from studio.config.policy.encryption import PREFIX, encrypt
from studio.config.secrets import KeyringSecretStore
from studio.errors import ConfigError, SettingLockedError
from studio.kernel.definition import ToolDefinition
from studio.kernel.policy import ConfidenceLevel
from studio.services import Services
from studio.tools.implementation import ToolImplementation
from studio.tools.settings import ToolSettingsService, ValueSource
from tests.unit.config.policy.policy_files import (
    POLICY_SECRET,
    TOOL_ID,
    Places,
    document,
    key,
    locked,
)

SettingsServiceFactory = Callable[..., ToolSettingsService]
HAND = "https://hand-edited.example.org/"
COMPANY = "https://company.example.org/"


def read(path: Path) -> bytes:
    return path.read_bytes()


def write_settings(path: Path, tools: dict[str, object]) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps({"version": 1, "tools": tools}), encoding="utf-8")


def managing(places: Places, tmp_path: Path, **content: object) -> OrganizationPolicy:
    path = places.write(tmp_path / "policy", "company.json", document("company", **content))
    return places.load(STUDIO_POLICY_FILE=str(path), STUDIO_POLICY_SECRET=POLICY_SECRET)


FIXED = {
    "settings": locked(endpoint=COMPANY),
    "minimum_confidence": {"levels": {TOOL_ID: "HIGH"}},
}


@pytest.fixture
def hand_edited(settings_file: Path) -> Path:
    """A settings file with a value for a locked field and a lower minimum confidence."""
    write_settings(
        settings_file,
        {
            "values": {TOOL_ID: {"endpoint": HAND, "mode": "THOROUGH"}},
            "minimum_confidence_by_tool_id": {TOOL_ID: int(ConfidenceLevel.LOW)},
        },
    )
    return settings_file


@pytest.fixture
async def open_services(
    studio_paths: StudioPaths, sample_tool: ToolImplementation
) -> AsyncIterator[Callable[[OrganizationPolicy], Services]]:
    opened: list[Services] = []

    def open_profile(organization: OrganizationPolicy) -> Services:
        services = Services.open(
            studio_paths,
            implementations=[sample_tool],
            organization=organization,
            secrets=KeyringSecretStore(keyring.get_keyring()),
        )
        opened.append(services)
        return services

    yield open_profile
    for services in opened:
        await services.aclose()


async def test_the_organisations_values_apply_over_a_hand_edited_file(
    places: Places,
    tmp_path: Path,
    settings_service: SettingsServiceFactory,
    definition: ToolDefinition,
    hand_edited: Path,
) -> None:
    service = settings_service(managing(places, tmp_path, **FIXED))
    states = {state.name: state for state in await service.field_states(definition)}

    assert service.load_notice is None
    assert (states["endpoint"].value, states["endpoint"].source) == (
        COMPANY,
        ValueSource.ORGANIZATION_LOCKED,
    )
    assert (await service.effective_values(definition))["endpoint"] == COMPANY
    assert service.minimum_confidence([TOOL_ID], ConfidenceLevel.NONE) is ConfidenceLevel.HIGH
    assert service.is_minimum_confidence_locked(TOOL_ID)
    assert service.overridden_by_organization() == (
        "sample_search.endpoint",
        "sample_search.minimum_confidence",
    )
    notice = service.policy_notice
    assert notice is not None
    assert "'sample_search.endpoint', 'sample_search.minimum_confidence'" in str(notice)


async def test_changing_what_the_organisation_fixed_is_refused_or_skipped(
    places: Places,
    tmp_path: Path,
    settings_service: SettingsServiceFactory,
    definition: ToolDefinition,
    hand_edited: Path,
) -> None:
    service = settings_service(managing(places, tmp_path, **FIXED))

    with pytest.raises(SettingLockedError):
        await service.set_value(definition, "endpoint", "https://elsewhere/")
    with pytest.raises(SettingLockedError):
        await service.unset_value(definition, "endpoint")
    with pytest.raises(SettingLockedError):
        await service.set_minimum_confidence(TOOL_ID, ConfidenceLevel.HIGH)
    await service.save_values(definition, {"endpoint": "https://elsewhere/", "mode": "FAST"})

    stored = json.loads(read(hand_edited))["tools"]
    # The user's own values stay underneath, for when the organisation stops managing them.
    assert stored["values"][TOOL_ID] == {"endpoint": HAND, "mode": "FAST"}
    assert stored["minimum_confidence_by_tool_id"][TOOL_ID] == int(ConfidenceLevel.LOW)
    assert (await service.effective_values(definition))["endpoint"] == COMPANY


async def test_with_users_may_raise_a_higher_level_is_taken_and_a_lower_refused(
    places: Places,
    tmp_path: Path,
    settings_service: SettingsServiceFactory,
    hand_edited: Path,
) -> None:
    raisable = {"levels": {TOOL_ID: "MEDIUM"}, "users_may_raise": True}
    service = settings_service(managing(places, tmp_path, minimum_confidence=raisable))

    # The file's LOW is below the organisation's MEDIUM: MEDIUM applies, and the user is told.
    assert service.minimum_confidence([TOOL_ID], ConfidenceLevel.NONE) is ConfidenceLevel.MEDIUM
    assert service.overridden_by_organization() == ("sample_search.minimum_confidence",)
    assert not service.is_minimum_confidence_locked(TOOL_ID)

    await service.set_minimum_confidence(TOOL_ID, ConfidenceLevel.HIGH)
    assert service.minimum_confidence([TOOL_ID], ConfidenceLevel.NONE) is ConfidenceLevel.HIGH
    assert service.overridden_by_organization() == ()

    with pytest.raises(ConfigError, match="at least MEDIUM"):
        await service.set_minimum_confidence(TOOL_ID, ConfidenceLevel.LOW)
    assert service.minimum_confidence([TOOL_ID], ConfidenceLevel.NONE) is ConfidenceLevel.HIGH

    await service.set_minimum_confidence(TOOL_ID, None)
    assert service.minimum_confidence([TOOL_ID], ConfidenceLevel.NONE) is ConfidenceLevel.MEDIUM


async def test_the_services_tell_the_user_what_the_organisation_overrides(
    places: Places,
    tmp_path: Path,
    hand_edited: Path,
    open_services: Callable[[OrganizationPolicy], Services],
) -> None:
    services = open_services(managing(places, tmp_path, **FIXED))

    notices = [str(notice) for notice in services.policy_notices()]

    assert len(notices) == 1
    assert "'sample_search.endpoint', 'sample_search.minimum_confidence'" in notices[0]
    assert "your organisation manages" in notices[0]
    assert notices[0] in [str(notice) for notice in services.startup_notices(earlier=False)]
    assert services.settings.organization.locked_tool_settings[key("endpoint")] == COMPANY


async def test_the_services_say_that_a_broken_policy_switched_every_tool_off(
    places: Places, tmp_path: Path, open_services: Callable[[OrganizationPolicy], Services]
) -> None:
    broken = places.write(places.machine, "broken.json", '{"id": "company", "setings": {}}')

    services = open_services(places.load())
    notices = [str(notice) for notice in services.policy_notices()]

    assert len(notices) == 1
    assert "every tool is switched off" in notices[0]
    assert str(broken) in notices[0]
    assert "/setings" in notices[0]
    assert services.settings.is_disabled_by_organization([TOOL_ID])


async def test_the_services_warn_of_a_shipped_key_that_did_not_decrypt_without_showing_it(
    places: Places, tmp_path: Path, open_services: Callable[[OrganizationPolicy], Services]
) -> None:
    ciphertext = encrypt("shipped-4b1c", secret="another secret", key=key("api_key"))
    policy = managing(places, tmp_path, settings={key("api_key"): {"value": ciphertext}})

    services = open_services(policy)
    notices = [str(notice) for notice in services.policy_notices()]

    assert len(notices) == 1
    assert "'sample_search.api_key' could not be decrypted" in notices[0]
    assert ciphertext.removeprefix(PREFIX) not in notices[0]
    assert not services.settings.is_disabled_by_organization([TOOL_ID])
