from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import Awaitable, Callable
from pathlib import Path
from types import MappingProxyType
from typing import Any

import pytest

from studio.config.organization import OrganizationPolicy
from studio.config.secrets import SecretId
from studio.errors import ConfigError, SettingLockedError, UnknownSettingError
from studio.kernel.definition import Component, SettingsField, ToolDefinition
from studio.kernel.policy import ConfidenceLevel
from studio.kernel.translatable import TranslatableText
from studio.tools.implementation import ToolImplementation
from studio.tools.settings import (
    FieldState,
    ToolSettingsService,
    ValueSource,
    field_value_problem,
    option_value_problem,
)
from tests.support.keyring_backend import FileKeyring

TOOL_ID = "sample_search"
"""The sample tool of conftest.py."""
SECRET = "sk-live-7f3a9c1e-do-not-leak"
"""A secret distinctive enough that finding it anywhere means it leaked."""
OTHER_SECRET = "org-key-42b8d0aa-do-not-leak"
SettingsServiceFactory = Callable[..., ToolSettingsService]
ToolFactory = Callable[..., Any]

USER = "https://user.example.org/"
LOCKED = "https://locked.example.org/"
DEFAULT = "https://default.example.org/"


def organization(
    *,
    locked: dict[str, str] | None = None,
    locked_secrets: dict[str, str] | None = None,
    defaults: dict[str, str] | None = None,
    disabled: frozenset[str] = frozenset(),
    confidence: dict[str, ConfidenceLevel] | None = None,
    user_override: bool = False,
    tools_enabled: bool = True,
) -> OrganizationPolicy:
    def keyed(values: dict[str, str] | None) -> MappingProxyType[str, str]:
        return MappingProxyType({f"{TOOL_ID}.{k}": v for k, v in (values or {}).items()})

    return OrganizationPolicy(
        tools_enabled=tools_enabled,
        disabled_tool_ids=disabled,
        minimum_confidence_by_tool_id=MappingProxyType(confidence or {}),
        minimum_confidence_raisable=frozenset(confidence or {}) if user_override else frozenset(),
        locked_tool_settings=keyed(locked),
        locked_tool_secrets=keyed(locked_secrets),
        default_tool_settings=keyed(defaults),
    )


# The tests read files through these helpers: a blocking read in a test harms nobody, and ruff's
# ASYNC rules stay on for the product code.
def read(path: Path) -> bytes:
    return path.read_bytes()


def exists(path: Path) -> bool:
    return path.exists()


def write(path: Path, data: bytes) -> None:
    path.write_bytes(data)


def keyring_secret(keyring_file: Path, name: str) -> str | None:
    """What the test keyring file holds for ``name`` of the sample tool, read afresh."""
    backend = FileKeyring(keyring_file)
    secret: str | None = backend.get_password(SecretId.tool_setting(TOOL_ID, name).service, name)
    return secret


async def field_state(
    service: ToolSettingsService, definition: ToolDefinition, name: str
) -> FieldState:
    states = {state.name: state for state in await service.field_states(definition)}
    return states[name]


async def configure_fully(service: ToolSettingsService, definition: ToolDefinition) -> None:
    await service.set_value(definition, "endpoint", USER)
    await service.set_value(definition, "api_key", SECRET)


# Precedence.


@pytest.mark.parametrize(
    ("user", "locked", "default", "expected", "source"),
    [
        (USER, LOCKED, DEFAULT, LOCKED, ValueSource.ORGANIZATION_LOCKED),
        (None, LOCKED, None, LOCKED, ValueSource.ORGANIZATION_LOCKED),
        (USER, None, DEFAULT, USER, ValueSource.USER),
        (USER, None, None, USER, ValueSource.USER),
        (None, None, DEFAULT, DEFAULT, ValueSource.ORGANIZATION_DEFAULT),
        (None, None, None, "", ValueSource.UNSET),
    ],
    ids=[
        "locked-beats-user-and-default",
        "locked-alone",
        "user-beats-default",
        "user-alone",
        "default-alone",
        "unset",
    ],
)
async def test_plain_field_precedence(
    settings_service: SettingsServiceFactory,
    definition: ToolDefinition,
    user: str | None,
    locked: str | None,
    default: str | None,
    expected: str,
    source: ValueSource,
) -> None:
    if user is not None:
        await settings_service().set_value(definition, "endpoint", user)
    service = settings_service(
        organization(
            locked={"endpoint": locked} if locked else None,
            defaults={"endpoint": default} if default else None,
        )
    )

    state = await field_state(service, definition, "endpoint")
    values = await service.effective_values(definition)

    assert (state.value, state.source, state.has_value) == (expected, source, bool(expected))
    assert state.locked == (source == ValueSource.ORGANIZATION_LOCKED)
    assert state.organization_default == default
    assert values["endpoint"] == expected


@pytest.mark.parametrize(
    ("user_secret", "locked_secret", "expected", "source"),
    [
        (SECRET, OTHER_SECRET, OTHER_SECRET, ValueSource.ORGANIZATION_LOCKED),
        (None, OTHER_SECRET, OTHER_SECRET, ValueSource.ORGANIZATION_LOCKED),
        (SECRET, None, SECRET, ValueSource.KEYRING),
        (None, None, "", ValueSource.UNSET),
    ],
    ids=["locked-beats-keyring", "locked-alone", "keyring", "unset"],
)
async def test_secret_field_precedence(
    settings_service: SettingsServiceFactory,
    definition: ToolDefinition,
    user_secret: str | None,
    locked_secret: str | None,
    expected: str,
    source: ValueSource,
) -> None:
    if user_secret is not None:
        await settings_service().set_value(definition, "api_key", user_secret)
    service = settings_service(
        organization(locked_secrets={"api_key": locked_secret} if locked_secret else None)
    )

    state = await field_state(service, definition, "api_key")
    values = await service.effective_values(definition)

    assert (state.source, state.has_value) == (source, bool(expected))
    assert values["api_key"] == expected


async def test_secret_field_ignores_organization_default(
    settings_service: SettingsServiceFactory,
    definition: ToolDefinition,
    sample_tool: ToolImplementation,
) -> None:
    service = settings_service(organization(defaults={"api_key": OTHER_SECRET}))

    state = await field_state(service, definition, "api_key")
    values = await service.effective_values(definition)
    configuration = await service.configuration_state(definition, sample_tool)

    assert (state.source, state.has_value, state.value) == (ValueSource.UNSET, False, "")
    assert state.organization_default is None
    assert values["api_key"] == ""
    assert "api_key" in configuration.missing_required_fields


# Saving around locks.


async def test_save_values_skips_locked_fields(
    settings_service: SettingsServiceFactory,
    definition: ToolDefinition,
    settings_file: Path,
    keyring_file: Path,
) -> None:
    service = settings_service(
        organization(locked={"endpoint": LOCKED}, locked_secrets={"api_key": OTHER_SECRET})
    )

    await service.save_values(definition, {"endpoint": USER, "api_key": SECRET, "max_results": "7"})

    stored = json.loads(read(settings_file))["tools"]["values"][TOOL_ID]
    assert stored == {"max_results": "7"}
    assert keyring_secret(keyring_file, "api_key") is None
    assert (await service.effective_values(definition))["endpoint"] == LOCKED


async def test_set_value_on_locked_field_raises_and_keeps_user_value(
    settings_service: SettingsServiceFactory, definition: ToolDefinition, settings_file: Path
) -> None:
    await settings_service().set_value(definition, "endpoint", USER)
    before = read(settings_file)
    service = settings_service(organization(locked={"endpoint": LOCKED}))

    with pytest.raises(SettingLockedError) as raised:
        await service.set_value(definition, "endpoint", "https://other.example.org/")
    with pytest.raises(SettingLockedError):
        await service.unset_value(definition, "endpoint")

    assert (raised.value.tool_id, raised.value.field) == (TOOL_ID, "endpoint")
    assert read(settings_file) == before
    unlocked = settings_service()
    assert (await field_state(unlocked, definition, "endpoint")).value == USER


async def test_locked_secret_leaves_user_keyring_entry_untouched(
    settings_service: SettingsServiceFactory, definition: ToolDefinition, keyring_file: Path
) -> None:
    await settings_service().set_value(definition, "api_key", SECRET)
    service = settings_service(organization(locked_secrets={"api_key": OTHER_SECRET}))

    with pytest.raises(SettingLockedError):
        await service.set_value(definition, "api_key", "typed-over")
    with pytest.raises(SettingLockedError):
        await service.unset_value(definition, "api_key")
    await service.save_values(definition, {"api_key": ""})

    assert (await service.effective_values(definition))["api_key"] == OTHER_SECRET
    assert keyring_secret(keyring_file, "api_key") == SECRET
    after_lock_ends = settings_service()
    assert (await after_lock_ends.effective_values(definition))["api_key"] == SECRET
    state = await field_state(after_lock_ends, definition, "api_key")
    assert state.source == ValueSource.KEYRING


# Secrets reach the keyring only.


async def test_secret_set_value_reaches_keyring_only(
    settings_service: SettingsServiceFactory,
    definition: ToolDefinition,
    settings_file: Path,
    keyring_file: Path,
    caplog: pytest.LogCaptureFixture,
    sample_tool: ToolImplementation,
) -> None:
    caplog.set_level(logging.DEBUG)
    service = settings_service()

    await service.set_value(definition, "endpoint", USER)
    await service.set_value(definition, "api_key", f"  {SECRET}  ")
    await service.save_values(definition, {"api_key": SECRET, "max_results": "3"})
    await service.field_states(definition)
    await service.configuration_state(definition, sample_tool)

    assert SECRET.encode() not in read(settings_file)
    assert SECRET not in caplog.text
    assert all(SECRET not in str(record.args) for record in caplog.records)
    assert keyring_secret(keyring_file, "api_key") == SECRET
    assert (await service.effective_values(definition))["api_key"] == SECRET


@pytest.mark.parametrize(
    "clear",
    [
        lambda service, definition: service.set_value(definition, "api_key", ""),
        lambda service, definition: service.set_value(definition, "api_key", "   "),
        lambda service, definition: service.unset_value(definition, "api_key"),
        lambda service, definition: service.save_values(definition, {"api_key": ""}),
    ],
    ids=["set-empty", "set-blank", "unset", "save-empty"],
)
async def test_secret_emptied_is_deleted_from_keyring(
    settings_service: SettingsServiceFactory,
    definition: ToolDefinition,
    keyring_file: Path,
    clear: Callable[[ToolSettingsService, ToolDefinition], Awaitable[None]],
) -> None:
    service = settings_service()
    await service.set_value(definition, "api_key", SECRET)

    await clear(service, definition)

    assert keyring_secret(keyring_file, "api_key") is None
    assert SECRET.encode() not in read(keyring_file)
    state = await field_state(service, definition, "api_key")
    assert (state.source, state.has_value) == (ValueSource.UNSET, False)


async def test_save_values_leaves_secret_alone_when_not_sent(
    settings_service: SettingsServiceFactory, definition: ToolDefinition, keyring_file: Path
) -> None:
    service = settings_service()
    await service.set_value(definition, "api_key", SECRET)

    await service.save_values(definition, {"endpoint": USER})

    assert keyring_secret(keyring_file, "api_key") == SECRET


@pytest.mark.parametrize(
    "locked_secret", [None, OTHER_SECRET], ids=["keyring-secret", "locked-secret"]
)
async def test_settings_values_repr_hides_secret(
    settings_service: SettingsServiceFactory,
    definition: ToolDefinition,
    locked_secret: str | None,
) -> None:
    await settings_service().set_value(definition, "api_key", SECRET)
    service = settings_service(
        organization(locked_secrets={"api_key": locked_secret} if locked_secret else None)
    )

    values = await service.effective_values(definition)

    assert values["api_key"] in (SECRET, OTHER_SECRET)
    for shown in (repr(values), str(values), f"{values}", f"{values!r}"):
        assert SECRET not in shown
        assert OTHER_SECRET not in shown
        assert "*****" in shown


def test_organization_policy_repr_hides_secret() -> None:
    policy = organization(locked={"endpoint": LOCKED}, locked_secrets={"api_key": OTHER_SECRET})

    for shown in (repr(policy), str(policy), f"{policy}"):
        assert OTHER_SECRET not in shown
        assert f"{TOOL_ID}.api_key" in shown


@pytest.mark.parametrize(
    "locked_secret", [None, OTHER_SECRET], ids=["keyring-secret", "locked-secret"]
)
async def test_field_state_never_carries_secret(
    settings_service: SettingsServiceFactory,
    definition: ToolDefinition,
    locked_secret: str | None,
) -> None:
    await settings_service().set_value(definition, "api_key", SECRET)
    service = settings_service(
        organization(locked_secrets={"api_key": locked_secret} if locked_secret else None)
    )

    states = await service.field_states(definition)
    state = next(state for state in states if state.name == "api_key")

    assert (state.value, state.has_value, state.organization_default) == ("", True, None)
    assert SECRET not in repr(states)
    assert OTHER_SECRET not in repr(states)


async def test_field_state_of_empty_locked_secret_has_no_value(
    settings_service: SettingsServiceFactory,
    definition: ToolDefinition,
    sample_tool: ToolImplementation,
) -> None:
    # The configuration loader leaves a locked secret it could not decrypt empty.
    service = settings_service(organization(locked_secrets={"api_key": ""}))

    state = await field_state(service, definition, "api_key")
    configuration = await service.configuration_state(definition, sample_tool)

    assert (state.source, state.has_value) == (ValueSource.ORGANIZATION_LOCKED, False)
    assert "api_key" in configuration.missing_required_fields


# Configuration state.


@pytest.mark.parametrize(
    ("values", "missing"),
    [
        ({}, ("endpoint", "api_key")),
        ({"endpoint": USER}, ("api_key",)),
        ({"api_key": SECRET, "max_results": "3"}, ("endpoint",)),
        ({"endpoint": USER, "api_key": SECRET}, ()),
    ],
    ids=["nothing-set", "secret-missing", "plain-missing", "all-set"],
)
async def test_configuration_state_lists_missing_required_fields_in_order(
    settings_service: SettingsServiceFactory,
    definition: ToolDefinition,
    values: dict[str, str],
    missing: tuple[str, ...],
    sample_tool: ToolImplementation,
) -> None:
    service = settings_service()
    await service.save_values(definition, values)

    state = await service.configuration_state(definition, sample_tool)

    assert state.missing_required_fields == missing
    assert state.is_configured == (not missing)


async def test_configuration_state_treats_blank_default_as_missing(
    settings_service: SettingsServiceFactory,
    definition: ToolDefinition,
    sample_tool: ToolImplementation,
) -> None:
    service = settings_service(organization(defaults={"endpoint": "   "}))
    await service.set_value(definition, "api_key", SECRET)

    state = await service.configuration_state(definition, sample_tool)

    assert state.missing_required_fields == ("endpoint",)


@pytest.mark.parametrize(
    ("field", "value"),
    [("language", "xx-XX"), ("mode", "SLOW")],
    ids=["option-source", "enum"],
)
async def test_configuration_state_reports_value_no_longer_offered(
    settings_service: SettingsServiceFactory,
    definition: ToolDefinition,
    settings_file: Path,
    field: str,
    value: str,
    make_tool: ToolFactory,
) -> None:
    await configure_fully(settings_service(), definition)
    data = json.loads(read(settings_file))
    data["tools"]["values"][TOOL_ID][field] = value
    write(settings_file, json.dumps(data).encode())
    tool = make_tool()

    state = await settings_service().configuration_state(definition, tool)

    assert not state.is_configured
    assert state.missing_required_fields == ()
    assert state.message is not None
    assert repr(field) in state.message
    assert repr(value) in state.message
    assert tool.validated == []


async def test_configuration_state_reports_locked_value_not_offered(
    settings_service: SettingsServiceFactory,
    definition: ToolDefinition,
    sample_tool: ToolImplementation,
) -> None:
    await configure_fully(settings_service(), definition)
    service = settings_service(organization(locked={"language": "xx-XX"}))

    state = await service.configuration_state(definition, sample_tool)

    assert state.message is not None
    assert "'language'" in state.message
    assert "'xx-XX'" in state.message


@pytest.mark.parametrize(
    ("field", "value"),
    [("language", "xx-XX"), ("language", "de-de"), ("mode", "SLOW")],
    ids=["unknown-language", "wrong-case", "enum"],
)
async def test_set_value_refuses_value_not_among_options(
    settings_service: SettingsServiceFactory,
    definition: ToolDefinition,
    settings_file: Path,
    field: str,
    value: str,
) -> None:
    service = settings_service()
    await service.set_value(definition, "max_results", "3")
    before = read(settings_file)

    with pytest.raises(ConfigError, match=repr(field)) as raised:
        await service.set_value(definition, field, value)

    assert not isinstance(raised.value, SettingLockedError)
    assert repr(value) in str(raised.value)
    assert read(settings_file) == before


@pytest.mark.parametrize(
    "values",
    [
        {"endpoint": USER, "api_key": SECRET, "language": "xx-XX"},
        {"max_results": "3", "mode": "SLOW", "api_key": SECRET},
    ],
    ids=["option-source", "enum"],
)
async def test_save_values_refuses_value_not_among_options_and_saves_nothing(
    settings_service: SettingsServiceFactory,
    definition: ToolDefinition,
    settings_file: Path,
    keyring_file: Path,
    values: dict[str, str],
) -> None:
    service = settings_service()

    with pytest.raises(ConfigError, match="not one of the available options"):
        await service.save_values(definition, values)

    assert not exists(settings_file)
    assert keyring_secret(keyring_file, "api_key") is None


@pytest.mark.parametrize(
    ("field", "value"),
    [("language", "de-DE"), ("language", "all"), ("mode", "THOROUGH")],
    ids=["language", "any-language", "enum"],
)
async def test_set_value_accepts_offered_option(
    settings_service: SettingsServiceFactory, definition: ToolDefinition, field: str, value: str
) -> None:
    service = settings_service()

    await service.set_value(definition, field, value)

    assert (await field_state(settings_service(), definition, field)).value == value


async def test_set_value_refuses_unknown_field(
    settings_service: SettingsServiceFactory, definition: ToolDefinition
) -> None:
    with pytest.raises(UnknownSettingError, match="'colour'"):
        await settings_service().set_value(definition, "colour", "blue")


async def test_configuration_state_returns_validation_message(
    settings_service: SettingsServiceFactory, definition: ToolDefinition, make_tool: ToolFactory
) -> None:
    service = settings_service()
    await configure_fully(service, definition)
    tool = make_tool(validation_message="The endpoint does not answer.")

    state = await service.configuration_state(definition, tool)

    assert state.message == "The endpoint does not answer."
    assert not state.is_configured
    assert tool.validated[0]["api_key"] == SECRET


async def test_configuration_state_is_configured_when_valid(
    settings_service: SettingsServiceFactory,
    definition: ToolDefinition,
    sample_tool: ToolImplementation,
) -> None:
    service = settings_service()
    await configure_fully(service, definition)

    state = await service.configuration_state(definition, sample_tool)

    assert state.is_configured
    assert (state.missing_required_fields, state.message) == ((), None)


async def test_configuration_state_survives_crashing_validation(
    settings_service: SettingsServiceFactory,
    definition: ToolDefinition,
    caplog: pytest.LogCaptureFixture,
    make_tool: ToolFactory,
) -> None:
    caplog.set_level(logging.DEBUG)
    service = settings_service()
    await configure_fully(service, definition)
    # Real clients put keys into URLs and error messages; the log must not repeat them.
    tool = make_tool(validation_error=RuntimeError(f"GET /search?key={SECRET} failed"))

    state = await service.configuration_state(definition, tool)

    assert not state.is_configured
    assert state.message
    assert SECRET not in state.message
    assert any(record.levelno >= logging.ERROR for record in caplog.records)
    assert TOOL_ID in caplog.text
    assert SECRET not in caplog.text


async def test_configuration_state_says_a_crashed_check_in_the_ui_language(
    settings_service: SettingsServiceFactory,
    definition: ToolDefinition,
    make_tool: ToolFactory,
) -> None:
    service = settings_service()
    await configure_fully(service, definition)
    tool = make_tool(validation_error=RuntimeError("boom"))

    state = await service.configuration_state(definition, tool)

    assert isinstance(state.message, TranslatableText)
    assert state.message.context == "ToolSettings"


async def test_configuration_state_checks_unsaved_values_in_place_of_the_saved_ones(
    settings_service: SettingsServiceFactory,
    definition: ToolDefinition,
    make_tool: ToolFactory,
    settings_file: Path,
) -> None:
    service = settings_service()
    await service.set_value(definition, "endpoint", USER)
    tool = make_tool()

    state = await service.configuration_state(
        definition, tool, unsaved={"endpoint": "", "api_key": SECRET, "mode": "SLOW"}
    )

    assert state.missing_required_fields == ("endpoint",)
    assert [problem.split(",")[0] for problem in state.problems] == [
        "The setting 'mode' holds the value 'SLOW'"
    ]
    state = await service.configuration_state(definition, tool, unsaved={"api_key": SECRET})
    assert state.is_configured
    assert [(values["endpoint"], values["api_key"]) for values in tool.validated] == [
        (USER, SECRET)
    ]
    # Checking saves nothing.
    assert (await field_state(service, definition, "endpoint")).value == USER
    assert not (await field_state(service, definition, "api_key")).has_value
    assert SECRET not in read(settings_file).decode()


# Tool switches.


async def test_tool_switch_user_disables_and_enables(
    settings_service: SettingsServiceFactory,
) -> None:
    service = settings_service()

    await service.set_tool_enabled(TOOL_ID, False)
    await service.set_tool_enabled(TOOL_ID, False)

    assert not service.is_tool_active([TOOL_ID])
    reread = settings_service()
    assert reread.is_disabled_by_user([TOOL_ID])
    await reread.set_tool_enabled(TOOL_ID, True)
    assert reread.is_tool_active([TOOL_ID])
    assert settings_service().is_tool_active([TOOL_ID])


async def test_tool_switch_organization_disabled_cannot_be_enabled(
    settings_service: SettingsServiceFactory, settings_file: Path
) -> None:
    service = settings_service(organization(disabled=frozenset({TOOL_ID})))

    with pytest.raises(SettingLockedError):
        await service.set_tool_enabled(TOOL_ID, True)

    assert service.is_disabled_by_organization([TOOL_ID])
    assert not service.is_tool_active([TOOL_ID])
    assert not exists(settings_file)


MAILBOXES = ["mailboxes", "search_mails", "read_mail", "count_mails"]


@pytest.mark.parametrize(
    ("user_disabled", "organization_disabled", "tools_enabled"),
    [
        ("search_mails", None, True),
        ("mailboxes", None, True),
        (None, "read_mail", True),
        (None, "mailboxes", True),
        (None, None, False),
    ],
    ids=[
        "user-member",
        "user-collection",
        "organization-member",
        "organization-collection",
        "tools-off",
    ],
)
async def test_tool_switch_member_counts_for_collection(
    settings_service: SettingsServiceFactory,
    user_disabled: str | None,
    organization_disabled: str | None,
    tools_enabled: bool,
) -> None:
    if user_disabled:
        await settings_service().set_tool_enabled(user_disabled, False)
    service = settings_service(
        organization(
            disabled=frozenset({organization_disabled} if organization_disabled else ()),
            tools_enabled=tools_enabled,
        )
    )

    assert not service.is_tool_active(MAILBOXES)
    assert service.is_tool_active([TOOL_ID]) == tools_enabled


async def test_tool_switch_unknown_disabled_ids_are_harmless(
    settings_service: SettingsServiceFactory,
) -> None:
    service = settings_service(organization(disabled=frozenset({"no_such_tool"})))

    assert service.is_tool_active(MAILBOXES)


# Minimum confidence.


@pytest.mark.parametrize(
    ("organization_levels", "user_override", "user_levels", "expected"),
    [
        ({}, False, {}, ConfidenceLevel.LOW),
        ({}, False, {"search_mails": ConfidenceLevel.VERY_LOW}, ConfidenceLevel.VERY_LOW),
        (
            {},
            False,
            {"search_mails": ConfidenceLevel.MEDIUM, "mailboxes": ConfidenceLevel.MODERATE},
            ConfidenceLevel.MEDIUM,
        ),
        (
            {"read_mail": ConfidenceLevel.HIGH},
            False,
            {"mailboxes": ConfidenceLevel.VERY_LOW},
            ConfidenceLevel.HIGH,
        ),
        ({"mailboxes": ConfidenceLevel.MEDIUM}, False, {}, ConfidenceLevel.MEDIUM),
        ({"mailboxes": ConfidenceLevel.MEDIUM}, True, {}, ConfidenceLevel.MEDIUM),
        (
            {"mailboxes": ConfidenceLevel.MEDIUM},
            True,
            {"mailboxes": ConfidenceLevel.HIGH},
            ConfidenceLevel.HIGH,
        ),
    ],
    ids=[
        "own-minimum",
        "user-lower-than-own",
        "highest-of-user-levels",
        "highest-across-organization-and-user",
        "organization-locked",
        "organization-overridable-unset",
        "user-raises-organization",
    ],
)
async def test_minimum_confidence_combines_levels(
    settings_service: SettingsServiceFactory,
    organization_levels: dict[str, ConfidenceLevel],
    user_override: bool,
    user_levels: dict[str, ConfidenceLevel],
    expected: ConfidenceLevel,
) -> None:
    service = settings_service(
        organization(confidence=organization_levels, user_override=user_override)
    )
    for tool_id, level in user_levels.items():
        await service.set_minimum_confidence(tool_id, level)

    assert service.minimum_confidence(MAILBOXES, ConfidenceLevel.LOW) == expected
    assert settings_service(service.organization).minimum_confidence(
        MAILBOXES, ConfidenceLevel.LOW
    ) == (expected)


async def test_minimum_confidence_locked_by_organization(
    settings_service: SettingsServiceFactory,
) -> None:
    await settings_service().set_minimum_confidence("mailboxes", ConfidenceLevel.VERY_LOW)
    service = settings_service(organization(confidence={"mailboxes": ConfidenceLevel.MEDIUM}))

    with pytest.raises(SettingLockedError):
        await service.set_minimum_confidence("mailboxes", ConfidenceLevel.HIGH)
    with pytest.raises(SettingLockedError):
        await service.set_minimum_confidence("mailboxes", None)

    assert service.is_minimum_confidence_locked("mailboxes")
    assert not service.is_minimum_confidence_locked("search_mails")
    assert service.minimum_confidence(["mailboxes"], ConfidenceLevel.NONE) == (
        ConfidenceLevel.MEDIUM
    )
    assert settings_service().minimum_confidence(["mailboxes"], ConfidenceLevel.NONE) == (
        ConfidenceLevel.VERY_LOW
    )


async def test_minimum_confidence_cleared_falls_back_to_own(
    settings_service: SettingsServiceFactory,
) -> None:
    service = settings_service()
    await service.set_minimum_confidence(TOOL_ID, ConfidenceLevel.HIGH)

    await service.set_minimum_confidence(TOOL_ID, None)

    assert settings_service().minimum_confidence([TOOL_ID], ConfidenceLevel.LOW) == (
        ConfidenceLevel.LOW
    )


# Defaults, listeners and concurrency.


async def test_default_tool_ids_user_choice_beats_organization(
    settings_service: SettingsServiceFactory,
) -> None:
    policy = OrganizationPolicy(
        default_tool_ids_by_component=MappingProxyType({"CHAT": ("web_search",)})
    )
    service = settings_service(policy)
    assert service.default_tool_ids(Component.CHAT) == ("web_search",)
    assert service.default_tool_ids(Component.TRANSLATION_ASSISTANT) == ()

    await service.set_default_tool_ids(Component.CHAT, [])

    assert settings_service(policy).default_tool_ids(Component.CHAT) == ()


async def test_settings_service_notifies_listeners_of_every_change(
    settings_service: SettingsServiceFactory, definition: ToolDefinition
) -> None:
    service = settings_service()
    heard: list[str] = []
    service.add_listener(lambda: heard.append("changed"))

    await service.set_value(definition, "endpoint", USER)
    await service.save_values(definition, {"max_results": "3", "mode": "FAST"})
    await service.set_tool_enabled(TOOL_ID, False)

    assert heard == ["changed"] * 3


async def test_settings_service_keeps_every_concurrent_change(
    settings_service: SettingsServiceFactory, definition: ToolDefinition
) -> None:
    service = settings_service()

    await asyncio.gather(
        service.set_value(definition, "endpoint", USER),
        service.set_value(definition, "max_results", "3"),
        service.set_tool_enabled("web_search", False),
        service.set_minimum_confidence(TOOL_ID, ConfidenceLevel.HIGH),
    )

    for current in (service, settings_service()):
        values = await current.effective_values(definition)
        assert (values["endpoint"], values["max_results"]) == (USER, "3")
        assert not current.is_tool_active(["web_search"])
        assert current.minimum_confidence([TOOL_ID], ConfidenceLevel.NONE) == (ConfidenceLevel.HIGH)


def test_option_value_problem_never_shows_a_secret_value() -> None:
    secret_field = SettingsField(secret=True, enum=("A", "B"))

    message = option_value_problem("token", secret_field, "s3cr3t-value")

    assert message is not None
    assert "token" in message
    assert "s3cr3t-value" not in message


# Checks of one value before it is stored.

NUMBER = SettingsField(format="integer", minimum=1, maximum=20)


@pytest.mark.parametrize(
    ("spec", "value", "expected"),
    [
        (NUMBER, "abc", "The setting 'n' holds 'abc'; enter a whole number from 1 to 20."),
        (NUMBER, "21", "The setting 'n' holds '21'; enter a whole number from 1 to 20."),
        (NUMBER, "0", "The setting 'n' holds '0'; enter a whole number from 1 to 20."),
        (NUMBER, "+5", "The setting 'n' holds '+5'; enter a whole number from 1 to 20."),
        (
            SettingsField(format="integer", minimum=1),
            "-5",
            "The setting 'n' holds '-5'; enter a whole number of at least 1.",
        ),
        (
            SettingsField(format="integer", maximum=9),
            "10",
            "The setting 'n' holds '10'; enter a whole number of at most 9.",
        ),
        (
            SettingsField(format="integer"),
            "1.5",
            "The setting 'n' holds '1.5', which is not a whole number; enter one in plain digits.",
        ),
        (NUMBER, " 20 ", None),
        (NUMBER, "", None),
        (SettingsField(), "abc", None),
    ],
    ids=[
        "text",
        "above",
        "below",
        "signed",
        "at-least",
        "at-most",
        "unbounded",
        "valid",
        "empty",
        "plain-text-field",
    ],
)
def test_field_value_problem_checks_whole_numbers_and_bounds(
    spec: SettingsField, value: str, expected: str | None
) -> None:
    assert field_value_problem("n", spec, value) == expected


def refuse_plain_addresses(name: str, value: str) -> str | None:
    return None if value.startswith("https://") else "Enter an https address."


async def test_set_value_refuses_what_the_tools_own_field_check_refuses(
    settings_service: SettingsServiceFactory,
    definition: ToolDefinition,
    sample_tool: ToolImplementation,
    settings_file: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    service = settings_service()
    tool = sample_tool
    monkeypatch.setattr(tool, "setting_problem", refuse_plain_addresses)

    with pytest.raises(ConfigError) as raised:
        await service.set_value(definition, "endpoint", "notaurl", implementation=tool)

    assert str(raised.value) == "The setting 'endpoint' was refused: Enter an https address."
    assert not exists(settings_file)
    await service.set_value(definition, "endpoint", USER, implementation=tool)
    assert (await field_state(settings_service(), definition, "endpoint")).value == USER


async def test_configuration_state_reports_every_missing_and_invalid_field(
    settings_service: SettingsServiceFactory,
    definition: ToolDefinition,
    sample_tool: ToolImplementation,
    settings_file: Path,
) -> None:
    values = {"language": "xx-XX", "mode": "SLOW"}
    await asyncio.to_thread(settings_file.parent.mkdir, parents=True)
    write(settings_file, json.dumps({"tools": {"values": {TOOL_ID: values}}}).encode())
    state = await settings_service().configuration_state(definition, sample_tool)

    assert state.missing_required_fields == ("endpoint", "api_key")
    assert [problem.split(",")[0] for problem in state.problems] == [
        "The setting 'language' holds the value 'xx-XX'",
        "The setting 'mode' holds the value 'SLOW'",
    ]
    assert state.message is None
    assert not state.is_configured


async def test_configuration_state_lists_the_tools_whole_problems_with_missing_fields(
    settings_service: SettingsServiceFactory, definition: ToolDefinition, make_tool: ToolFactory
) -> None:
    service = settings_service()
    tool = make_tool(validation_message="Checked only when nothing else is wrong.")
    tool.configuration_problems = lambda values: (
        "Nothing to search in.",
        "The language and the mode disagree.",
    )

    state = await service.configuration_state(definition, tool, unsaved={"mode": "SLOW"})

    assert state.missing_required_fields == ("endpoint", "api_key")
    assert state.problems[1:] == ("Nothing to search in.", "The language and the mode disagree.")
    assert state.problems[0].startswith("The setting 'mode' holds the value 'SLOW'")
    assert tool.validated == []
