"""Which tools run without asking in chats with outside content: the user's and the
organisation's allowances, collections, and what the organisation locks."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from studio.config.organization import OrganizationPolicy
from studio.errors import SettingLockedError
from studio.tools.settings import ToolSettingsService

SettingsServiceFactory = Callable[..., ToolSettingsService]

MEMBERS = ("search_notes", "count_notes")


async def test_no_tool_runs_without_asking_until_the_user_allows_it(
    settings_service: SettingsServiceFactory,
) -> None:
    service = settings_service()
    assert not service.is_allowed_in_untrusted_chats("clock")
    assert not service.is_untrusted_chat_allowance_locked("clock")

    await service.set_allowed_in_untrusted_chats("clock", True)

    assert service.is_allowed_in_untrusted_chats("clock")
    # Saved in the user's file: a new service reads it back.
    assert settings_service().is_allowed_in_untrusted_chats("clock")
    await service.set_allowed_in_untrusted_chats("clock", False)
    assert not settings_service().is_allowed_in_untrusted_chats("clock")


async def test_a_collections_allowance_covers_its_tools_but_a_tools_not_its_siblings(
    settings_service: SettingsServiceFactory,
) -> None:
    service = settings_service()
    await service.set_allowed_in_untrusted_chats("notes", True, member_ids=MEMBERS)

    assert service.is_allowed_in_untrusted_chats("notes", MEMBERS)
    assert service.is_allowed_in_untrusted_chats("count_notes", collection_id="notes")
    assert not service.is_allowed_in_untrusted_chats("count_notes")

    await service.set_allowed_in_untrusted_chats("notes", False, member_ids=MEMBERS)
    await service.set_allowed_in_untrusted_chats("count_notes", True)
    assert service.is_allowed_in_untrusted_chats("count_notes", collection_id="notes")
    assert not service.is_allowed_in_untrusted_chats("search_notes", collection_id="notes")
    # A collection counts as allowed only when every one of its tools is.
    assert not service.is_allowed_in_untrusted_chats("notes", MEMBERS)
    await service.set_allowed_in_untrusted_chats("search_notes", True)
    assert service.is_allowed_in_untrusted_chats("notes", MEMBERS)


async def test_asking_again_for_a_collection_clears_its_tools_allowances(
    settings_service: SettingsServiceFactory,
) -> None:
    service = settings_service()
    await service.set_allowed_in_untrusted_chats("count_notes", True)

    await service.set_allowed_in_untrusted_chats("notes", False, member_ids=MEMBERS)

    assert not service.is_allowed_in_untrusted_chats("count_notes", collection_id="notes")
    assert service.held_settings().tools.allowed_in_untrusted_chat_tool_ids == []


async def test_the_organisations_allowance_adds_to_the_users_and_is_locked(
    settings_service: SettingsServiceFactory,
) -> None:
    organization = OrganizationPolicy(
        allowed_in_untrusted_chat_tool_ids=frozenset({"notes"}),
        origins={"untrusted:notes": "corp (/etc/corp.json)"},
    )
    service = settings_service(organization)
    await service.set_allowed_in_untrusted_chats("clock", True)

    assert service.is_allowed_in_untrusted_chats("clock")
    assert service.is_allowed_in_untrusted_chats("search_notes", collection_id="notes")
    assert service.is_untrusted_chat_allowance_locked("notes", MEMBERS)
    assert not service.is_untrusted_chat_allowance_locked("clock")
    assert service.untrusted_chat_allowance_origin("notes", MEMBERS) == "corp (/etc/corp.json)"
    with pytest.raises(SettingLockedError, match="managed by your organisation"):
        await service.set_allowed_in_untrusted_chats("notes", False, member_ids=MEMBERS)
    assert service.is_allowed_in_untrusted_chats("notes", MEMBERS)


async def test_when_users_may_not_allow_their_allowances_are_ignored_and_locked(
    settings_service: SettingsServiceFactory,
) -> None:
    await settings_service().set_allowed_in_untrusted_chats("clock", True)
    organization = OrganizationPolicy(
        allowed_in_untrusted_chat_tool_ids=frozenset({"notes"}),
        users_may_allow_in_untrusted_chats=False,
        origins={"untrusted_chats": "corp (/etc/corp.json)"},
    )
    service = settings_service(organization)

    assert not service.is_allowed_in_untrusted_chats("clock")
    # The organisation's own allowance still holds.
    assert service.is_allowed_in_untrusted_chats("notes", MEMBERS)
    assert service.is_untrusted_chat_allowance_locked("clock")
    assert service.untrusted_chat_allowance_origin("clock") == "corp (/etc/corp.json)"
    with pytest.raises(SettingLockedError):
        await service.set_allowed_in_untrusted_chats("clock", True)
    # The user's choice stays in the file, and the notice says the organisation overrides it.
    assert service.held_settings().tools.allowed_in_untrusted_chat_tool_ids == ["clock"]
    assert service.overridden_by_organization() == ("clock.allowed_in_untrusted_chats",)
    assert service.policy_notice is not None


async def test_a_broken_policy_allows_nothing_and_locks_every_allowance(
    settings_service: SettingsServiceFactory,
) -> None:
    await settings_service().set_allowed_in_untrusted_chats("clock", True)
    # Even a policy object that says otherwise: a broken policy could have decided anything.
    organization = OrganizationPolicy(
        restricts_all_tools=True, allowed_in_untrusted_chat_tool_ids=frozenset({"notes"})
    )
    service = settings_service(organization)

    assert not service.is_allowed_in_untrusted_chats("clock")
    assert not service.is_allowed_in_untrusted_chats("notes", MEMBERS)
    assert service.is_untrusted_chat_allowance_locked("clock")
    with pytest.raises(SettingLockedError):
        await service.set_allowed_in_untrusted_chats("clock", True)
