"""Per field: the organisation's lock, then the user's value, then its default, then built-in."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from studio.errors import SettingLockedError
from studio.kernel.definition import Component, ToolDefinition
from studio.tools.settings import FieldState, ToolSettingsService, ValueSource
from tests.unit.config.policy.policy_files import TOOL_ID, Places, defaults, document, locked

SettingsServiceFactory = Callable[..., ToolSettingsService]


async def states(service: ToolSettingsService, definition: ToolDefinition) -> dict[str, FieldState]:
    return {state.name: state for state in await service.field_states(definition)}


def write_policy(places: Places, tmp_path: Path, **content: object) -> Path:
    return places.write(tmp_path / "policy", "company.json", document("company", **content))


async def test_each_field_takes_the_first_of_lock_user_default_and_built_in(
    places: Places,
    tmp_path: Path,
    settings_service: SettingsServiceFactory,
    definition: ToolDefinition,
) -> None:
    user = settings_service()
    await user.save_values(
        definition, {"endpoint": "https://mine/", "max_results": "8", "mode": "THOROUGH"}
    )
    path = write_policy(
        places,
        tmp_path,
        settings={
            **locked(endpoint="https://company/"),
            # A default under the user's own value.
            **defaults(max_results=3),
            # A default where the user has nothing.
            **defaults(language="de"),
        },
    )

    service = settings_service(places.load(STUDIO_POLICY_FILE=str(path)))
    found = await states(service, definition)
    values = await service.effective_values(definition)

    assert {name: (state.value, state.source) for name, state in found.items()} == {
        "endpoint": ("https://company/", ValueSource.ORGANIZATION_LOCKED),
        "api_key": ("", ValueSource.UNSET),
        "max_results": ("8", ValueSource.USER),
        "language": ("de", ValueSource.ORGANIZATION_DEFAULT),
        "mode": ("THOROUGH", ValueSource.USER),
    }
    assert found["max_results"].organization_default == "3"
    assert found["endpoint"].origin.startswith("company (")
    assert found["language"].origin.startswith("company (")
    assert found["mode"].origin == ""
    assert values["endpoint"] == "https://company/"
    assert values["language"] == "de"


async def test_a_higher_tier_lock_beats_a_lower_tier_default_and_the_user(
    places: Places,
    tmp_path: Path,
    settings_service: SettingsServiceFactory,
    definition: ToolDefinition,
) -> None:
    await settings_service().set_value(definition, "mode", "THOROUGH")
    path = write_policy(places, tmp_path, priority=1_000_000, settings=defaults(mode="THOROUGH"))
    places.write(
        places.machine,
        "machine.json",
        document("machine", priority=-1, settings=locked(mode="FAST")),
    )

    service = settings_service(places.load(STUDIO_POLICY_FILE=str(path)))

    assert (await states(service, definition))["mode"].source is ValueSource.ORGANIZATION_LOCKED
    assert (await service.effective_values(definition))["mode"] == "FAST"
    with pytest.raises(SettingLockedError):
        await service.set_value(definition, "mode", "THOROUGH")


async def test_per_key_the_higher_tier_decides_even_a_default_over_a_lower_lock(
    places: Places,
    tmp_path: Path,
    settings_service: SettingsServiceFactory,
    definition: ToolDefinition,
) -> None:
    await settings_service().set_value(definition, "endpoint", "https://mine/")
    path = write_policy(places, tmp_path, settings=locked(endpoint="https://chosen/"))
    places.write(
        places.machine,
        "machine.json",
        document("machine", settings=defaults(endpoint="https://machine/")),
    )

    service = settings_service(places.load(STUDIO_POLICY_FILE=str(path)))
    found = (await states(service, definition))["endpoint"]

    assert (found.value, found.source) == ("https://mine/", ValueSource.USER)
    assert found.organization_default == "https://machine/"
    assert found.origin.startswith("machine (")


@pytest.mark.parametrize("withdrawn", ["lock", "default"])
async def test_the_users_value_returns_when_a_lock_or_default_is_withdrawn(
    places: Places,
    tmp_path: Path,
    settings_service: SettingsServiceFactory,
    definition: ToolDefinition,
    settings_file: Path,
    withdrawn: str,
) -> None:
    await settings_service().set_value(definition, "endpoint", "https://mine/")
    rule = locked if withdrawn == "lock" else defaults
    path = write_policy(places, tmp_path, settings=rule(endpoint="https://company/"))
    managed = settings_service(places.load(STUDIO_POLICY_FILE=str(path)))
    expected = "https://company/" if withdrawn == "lock" else "https://mine/"
    assert (await managed.effective_values(definition))["endpoint"] == expected
    # Saving around the lock leaves the user's value in the file.
    await managed.save_values(definition, {"endpoint": "https://other/", "max_results": "4"})

    write_policy(places, tmp_path, settings=locked(mode="FAST"))
    released = settings_service(places.load(STUDIO_POLICY_FILE=str(path)))
    found = await states(released, definition)

    mine = "https://mine/" if withdrawn == "lock" else "https://other/"
    assert (found["endpoint"].value, found["endpoint"].source) == (mine, ValueSource.USER)
    assert found["endpoint"].origin == ""
    assert found["max_results"].value == "4"


async def test_without_a_policy_nothing_is_managed(
    places: Places, settings_service: SettingsServiceFactory, definition: ToolDefinition
) -> None:
    service = settings_service(places.load())

    found = await states(service, definition)

    assert {state.source for state in found.values()} == {ValueSource.UNSET}
    assert not service.is_disabled_by_organization([TOOL_ID])
    assert service.overridden_by_organization() == ()


async def test_organisation_default_tools_apply_until_the_user_chooses_their_own(
    places: Places, tmp_path: Path, settings_service: SettingsServiceFactory
) -> None:
    path = write_policy(places, tmp_path, default_tools={"CHAT": ["web_search", TOOL_ID]})
    service = settings_service(places.load(STUDIO_POLICY_FILE=str(path)))

    assert service.default_tool_ids(Component.CHAT) == ("web_search", TOOL_ID)
    assert service.default_tool_ids(Component.TRANSLATION_ASSISTANT) == ()
    await service.set_default_tool_ids(Component.CHAT, [])
    assert service.default_tool_ids(Component.CHAT) == ()


async def test_a_tool_the_organisation_switched_off_cannot_be_switched_on(
    places: Places, tmp_path: Path, settings_service: SettingsServiceFactory
) -> None:
    path = write_policy(places, tmp_path, disabled_tools=["collection_x"])
    service = settings_service(places.load(STUDIO_POLICY_FILE=str(path)))

    assert service.is_disabled_by_organization([TOOL_ID, "collection_x"])
    assert not service.is_disabled_by_organization([TOOL_ID])
    with pytest.raises(SettingLockedError):
        await service.set_tool_enabled(TOOL_ID, True, member_ids=["collection_x"])


def test_tools_switched_off_for_everyone_hide_tool_calling(
    places: Places, tmp_path: Path, settings_service: SettingsServiceFactory
) -> None:
    path = write_policy(places, tmp_path, tools_enabled=False)
    service = settings_service(places.load(STUDIO_POLICY_FILE=str(path)))

    assert not service.tools_enabled
    assert not service.is_tool_active([TOOL_ID])
