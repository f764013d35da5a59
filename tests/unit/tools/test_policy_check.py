"""The checks of a policy that need the installed tools: warnings, each with its place."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from studio.config.organization import OrganizationPolicy, PolicyProblem
from studio.config.policy.encryption import encrypt
from studio.config.policy.loader import merge, read_file
from studio.config.policy.locations import DeliveredSecret
from studio.kernel.translatable import QT_TRANSLATE_NOOP
from studio.tools.collection import ToolCollection
from studio.tools.policy_check import policy_problems
from studio.tools.registry import ToolRegistry
from studio.tools.settings import ToolSettingsService
from tests.support.tools import VaultTool

SECRET = "policy-secret-for-tests"
API_KEY = "vk-5d1e9a77c3"


BOXES = ToolCollection(
    id="boxes",
    tool_ids=("vault",),
    display_name=QT_TRANSLATE_NOOP("BoxesCollection", "Boxes"),
    description=QT_TRANSLATE_NOOP("BoxesCollection", "Boxes of things."),
)


@pytest.fixture
def registry(make_settings: Callable[..., ToolSettingsService]) -> ToolRegistry:
    return ToolRegistry([VaultTool()], collections=[BOXES], settings=make_settings())


@pytest.fixture
def load(tmp_path: Path) -> Callable[[dict[str, Any]], OrganizationPolicy]:
    def make(document: dict[str, Any]) -> OrganizationPolicy:
        path = tmp_path / "corp.json"
        path.write_text(json.dumps(document), encoding="utf-8")
        parsed = read_file(path)
        assert parsed.problems == ()
        return merge([parsed], DeliveredSecret(value=SECRET, place="STUDIO_POLICY_SECRET"))

    return make


def problems_of(
    load: Callable[[dict[str, Any]], OrganizationPolicy],
    registry: ToolRegistry,
    **document: Any,
) -> list[PolicyProblem]:
    return policy_problems(load({"id": "corp", **document}), registry)


def test_a_policy_the_tools_can_use_has_no_problems(
    load: Callable[[dict[str, Any]], OrganizationPolicy], registry: ToolRegistry
) -> None:
    settings = {
        "vault.endpoint": {"value": "https://vault.example"},
        "vault.limit": {"value": 7, "mode": "default"},
        "vault.apiKey": {"value": encrypt(API_KEY, secret=SECRET, key="vault.apiKey")},
    }
    found = problems_of(
        load,
        registry,
        settings=settings,
        disabled_tools=["boxes"],
        minimum_confidence={"levels": {"vault": "HIGH"}},
        default_tools={"CHAT": ["boxes"]},
    )

    assert found == []


def test_a_setting_of_a_tool_not_installed_is_kept_with_a_warning(
    load: Callable[[dict[str, Any]], OrganizationPolicy],
    registry: ToolRegistry,
    tmp_path: Path,
) -> None:
    policy = load({"id": "corp", "settings": {"mailbox.server": {"value": "imap.example"}}})

    [problem] = policy_problems(policy, registry)

    assert policy.locked_tool_settings["mailbox.server"] == "imap.example"
    assert problem.fatal is False
    assert problem.place == f"corp ({tmp_path / 'corp.json'})"
    assert problem.where == "/settings/mailbox.server"
    assert "'mailbox'" in problem.text()
    assert "not installed" in problem.text()
    assert "kept" in problem.text()


def test_a_field_the_tool_does_not_have_lists_the_fields_it_has(
    load: Callable[[dict[str, Any]], OrganizationPolicy], registry: ToolRegistry
) -> None:
    [problem] = problems_of(load, registry, settings={"vault.endpont": {"value": "x"}})

    assert problem.where == "/settings/vault.endpont"
    assert "no setting 'endpont'" in problem.text()
    assert "endpoint, apiKey, limit" in problem.text()


@pytest.mark.parametrize("mode", ["locked", "default"])
def test_a_secret_in_plain_text_is_refused_without_repeating_it(
    load: Callable[[dict[str, Any]], OrganizationPolicy], registry: ToolRegistry, mode: str
) -> None:
    [problem] = problems_of(
        load, registry, settings={"vault.apiKey": {"value": API_KEY, "mode": mode}}
    )

    assert problem.fatal is False
    assert problem.where == "/settings/vault.apiKey/value"
    assert "refused" in problem.text()
    assert "ENC:v1:" in problem.text()
    assert API_KEY not in problem.text()
    assert API_KEY not in repr(problem)


def test_an_encrypted_value_for_a_plain_field_is_fine(
    load: Callable[[dict[str, Any]], OrganizationPolicy], registry: ToolRegistry
) -> None:
    value = encrypt("https://hidden.example", secret=SECRET, key="vault.endpoint")

    assert problems_of(load, registry, settings={"vault.endpoint": {"value": value}}) == []


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        (11, "The setting 'limit' holds '11'; enter a whole number from 1 to 10."),
        ("many", "The setting 'limit' holds 'many'; enter a whole number from 1 to 10."),
    ],
    ids=["above-maximum", "not-a-number"],
)
def test_a_plain_value_that_fails_the_fields_checks_is_named(
    load: Callable[[dict[str, Any]], OrganizationPolicy],
    registry: ToolRegistry,
    value: object,
    expected: str,
) -> None:
    [problem] = problems_of(load, registry, settings={"vault.limit": {"value": value}})

    assert problem.where == "/settings/vault.limit/value"
    assert expected in problem.text()


def test_unknown_ids_are_kept_and_each_warned_about_where_it_stands(
    load: Callable[[dict[str, Any]], OrganizationPolicy], registry: ToolRegistry
) -> None:
    policy = load(
        {
            "id": "corp",
            "disabled_tools": ["ghost"],
            "minimum_confidence": {"levels": {"phantom": "HIGH", "vault": "LOW"}},
            "default_tools": {"CHAT": ["vault", "spectre"]},
            "untrusted_chats": {"allowed_tools": ["vault", "wraith"]},
        }
    )

    found = policy_problems(policy, registry)

    assert [(p.where, p.fatal) for p in found] == [
        ("/disabled_tools", False),
        ("/minimum_confidence/levels/phantom", False),
        ("/untrusted_chats/allowed_tools", False),
        ("/default_tools/CHAT/1", False),
    ]
    assert ["'ghost'" in found[0].text(), "'phantom'" in found[1].text()] == [True, True]
    assert "'wraith'" in found[2].text()
    assert "without asking" in found[2].text()
    assert found[2].place.startswith("corp")
    assert "'spectre'" in found[3].text()
    assert "ghost" in policy.disabled_tool_ids
    assert "phantom" in policy.minimum_confidence_by_tool_id
    assert "wraith" in policy.allowed_in_untrusted_chat_tool_ids


def test_a_policy_built_in_code_is_named_as_the_organisation_policy(
    registry: ToolRegistry,
) -> None:
    policy = OrganizationPolicy(locked_tool_settings={"vault.limit": "0"})

    [problem] = policy_problems(policy, registry)

    assert problem.place == "organisation policy"
    assert "from 1 to 10" in problem.text()
