"""``studio policy``: what an administrator needs to deploy an organisation policy.

``check`` shows where Studio looks for policies on this system, which it found and which are
in force, every problem with its place, and every tool setting with the policy (or the user)
its value comes from; with a file, it checks that file alone, before it is deployed.
``export`` turns this profile's tool settings into a policy, and ``encrypt`` produces the
``ENC:v1:`` form of a secret for one. No secret value is ever printed: a secret setting shows
only whether it is set, and the policy secret only where it came from.
"""

from __future__ import annotations

import argparse
import getpass
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from studio.cli import tools
from studio.cli.output import err, out, out_json, visible
from studio.config.organization import OrganizationPolicy, PolicyProblem
from studio.config.policy.document import SettingMode
from studio.config.policy.encryption import encrypt
from studio.config.policy.keys import is_encryption_key
from studio.config.policy.loader import merge, read_file
from studio.config.policy.locations import (
    POLICY_FILE_VARIABLE,
    POLICY_SECRET_VARIABLE,
    Tier,
    policy_secret,
    searched_places,
)
from studio.errors import StudioError
from studio.kernel.policy import ConfidenceLevel
from studio.services import Services
from studio.tools.policy_check import policy_problems
from studio.tools.policy_export import export_policy, write_policy
from studio.tools.settings import ToolSettingsService

__all__ = ["handle"]

_EXIT_BROKEN = 1

_TIER_NAMES = {
    Tier.MANAGED: "managed",
    Tier.MACHINE: "machine",
    Tier.SYSTEM_CONFIG_DIRS: "XDG_CONFIG_DIRS",
    Tier.ENVIRONMENT: POLICY_FILE_VARIABLE,
}
"""How the kinds of location are named in the text output."""

"""A tool setting's key, as policies write it."""


async def handle(services: Services, arguments: argparse.Namespace) -> int:
    """Run ``studio policy <action>``; return the exit code."""
    match arguments.action:
        case "check":
            if arguments.file is not None:
                return _check_file(services, arguments.file, as_json=arguments.json)
            return await _check(services, as_json=arguments.json)
        case "export":
            return await _export(services, arguments)
        case _:
            return _encrypt(arguments.key)


# Checking.


def _problem_json(problem: PolicyProblem) -> dict[str, Any]:
    return {
        "place": problem.place,
        "where": problem.where,
        "message": str(problem.message),
        "fatal": problem.fatal,
    }


def _problem_lines(problems: Sequence[PolicyProblem]) -> list[str]:
    if not problems:
        return ["  No problems."]
    return [f"  {'error' if p.fatal else 'warning'}: {p.text()}" for p in problems]


def _exit_code(problems: Sequence[PolicyProblem]) -> int:
    return _EXIT_BROKEN if any(problem.fatal for problem in problems) else 0


def _check_file(services: Services, path: Path, *, as_json: bool) -> int:
    parsed = read_file(path)
    document = parsed.document
    problems = list(parsed.problems)
    if document is not None:
        # Merged alone, as if it were the only policy: its secrets are tried, its keys checked.
        merged = merge([parsed], policy_secret(os.environ))
        problems = [*merged.problems, *policy_problems(merged, services.registry)]
    if as_json:
        out_json(
            {
                "file": str(path),
                "valid": document is not None,
                "id": document.id if document else None,
                "priority": document.priority if document else None,
                "problems": [_problem_json(problem) for problem in problems],
            }
        )
        return _exit_code(problems)
    if document is not None:
        out(f"{path}: the policy {document.id!r} (priority {document.priority}) is valid.")
    else:
        out(
            f"{path}: the policy cannot be used; installed, it would switch every tool off "
            "until it is fixed."
        )
    out("Problems:")
    for line in _problem_lines(problems):
        out(line)
    return _exit_code(problems)


def _switched_off(services: Services) -> list[dict[str, str]]:
    organization = services.settings.organization
    found = [
        {"id": tool_id, "origin": f"organisation ({organization.origin(f'disabled:{tool_id}')})"}
        for tool_id in sorted(organization.disabled_tool_ids)
    ]
    found += [
        {"id": tool_id, "origin": "user"}
        for tool_id in services.settings.held_settings().tools.disabled_tool_ids
        if tool_id not in organization.disabled_tool_ids
    ]
    return found


def _untrusted_chats(services: Services) -> dict[str, Any]:
    """Which tools run without asking in chats with outside content, and who decided it."""
    organization = services.settings.organization
    decided = organization.origin("untrusted_chats")
    allowed = [
        {"id": tool_id, "origin": f"organisation ({organization.origin(f'untrusted:{tool_id}')})"}
        for tool_id in sorted(organization.allowed_in_untrusted_chat_tool_ids)
    ]
    own = services.settings.held_settings().tools.allowed_in_untrusted_chat_tool_ids
    users_may = organization.users_may_allow_in_untrusted_chats
    allowed += [
        {"id": tool_id, "origin": "user" if users_may else "user, ignored by the organisation"}
        for tool_id in own
        if tool_id not in organization.allowed_in_untrusted_chat_tool_ids
    ]
    return {
        "users_may_allow": users_may,
        "users_may_allow_origin": f"organisation ({decided})" if decided else "built-in default",
        "allowed": allowed,
    }


def _confidence_origin(settings: ToolSettingsService, tool_id: str, level: ConfidenceLevel) -> str:
    """Where the effective minimum ``level`` of ``tool_id`` comes from, in words."""
    floor = settings.organization_minimum_confidence(tool_id)
    label = settings.organization.origin(f"confidence:{tool_id}")
    if floor is None:
        return "user"
    if settings.is_minimum_confidence_locked(tool_id):
        return f"organisation lock ({label})"
    if level > floor:
        return f"user (the organisation asks for at least {floor.name})"
    return f"organisation minimum ({label}); users may raise it"


def _confidences(services: Services) -> list[dict[str, str]]:
    settings = services.settings
    own = settings.held_settings().tools.minimum_confidence_by_tool_id
    ids = sorted(set(own) | set(settings.organization.minimum_confidence_by_tool_id))
    rows = []
    for tool_id in ids:
        level = settings.minimum_confidence_of(tool_id)
        assert level is not None  # the settings name every one of these ids
        origin = _confidence_origin(settings, tool_id, level)
        rows.append({"id": tool_id, "level": level.name, "origin": origin})
    return rows


def _tools_enabled(organization: OrganizationPolicy) -> dict[str, Any]:
    origin = organization.origin("tools_enabled")
    return {
        "value": organization.tools_enabled,
        "origin": f"organisation ({origin})" if origin else "built-in default",
    }


async def _check(services: Services, *, as_json: bool) -> int:
    organization = services.settings.organization
    problems = [*organization.problems, *policy_problems(organization, services.registry)]
    places = searched_places(os.environ)
    secret = policy_secret(os.environ)
    rows = await tools.setting_rows(services)
    switched_off = _switched_off(services)
    confidences = _confidences(services)
    untrusted = _untrusted_chats(services)
    enabled = _tools_enabled(organization)
    if as_json:
        out_json(
            {
                "places": [{"tier": tier.name, "place": place} for tier, place in places],
                "policies": [
                    {
                        "id": source.policy_id or None,
                        "place": source.place,
                        "tier": Tier(source.tier).name,
                        "priority": source.priority,
                        "in_force": source.in_force,
                    }
                    for source in organization.sources
                ],
                "policy_secret": {"delivered": bool(secret.value), "place": secret.place or None},
                "problems": [_problem_json(problem) for problem in problems],
                "tools_enabled": enabled,
                "every_tool_off": organization.restricts_all_tools,
                "settings": [row.to_json() for row in rows],
                "switched_off": switched_off,
                "minimum_confidence": confidences,
                "untrusted_chats": untrusted,
            }
        )
        return _exit_code(problems)
    out("Places searched, highest precedence first:")
    for tier, place in places:
        out(f"  {_TIER_NAMES[tier]}: {visible(place, one_line=True)}")
    out("Policies found:")
    for source in organization.sources:
        state = "in force" if source.in_force else "NOT in force"
        name = repr(source.policy_id) if source.policy_id else "(not read)"
        out(f"  {name}, priority {source.priority}, {state}: {source.place}")
    if not organization.sources:
        out("  None.")
    out(f"Policy secret: {'from ' + secret.place if secret.value else 'none delivered'}")
    out("Problems:")
    for line in _problem_lines(problems):
        out(line)
    out(f"Tool calling: {'on' if enabled['value'] else 'off'} ({enabled['origin']})")
    if organization.restricts_all_tools:
        out("Every tool is switched off, because a policy cannot be used.")
    out("Tool settings:")
    out(_indented(tools.settings_table(rows)) if rows else "  No tool has settings.")
    _print_list("Switched off:", [f"{_id(item)}: {item['origin']}" for item in switched_off])
    _print_list(
        "Minimum confidences:",
        [f"{_id(item)}: {item['level']}, {item['origin']}" for item in confidences],
    )
    may = "may" if untrusted["users_may_allow"] else "may not"
    _print_list(
        "Run without asking in chats with outside content "
        f"(users {may} allow tools: {untrusted['users_may_allow_origin']}):",
        [f"{_id(item)}: {item['origin']}" for item in untrusted["allowed"]],
    )
    return _exit_code(problems)


def _print_list(heading: str, lines: list[str]) -> None:
    out(heading)
    for line in lines or ["None."]:
        out(f"  {line}")


def _id(item: dict[str, Any]) -> str:
    return visible(str(item["id"]), one_line=True)


def _indented(text: str) -> str:
    return "\n".join(f"  {line}" for line in text.splitlines())


# Exporting and encrypting.


async def _export(services: Services, arguments: argparse.Namespace) -> int:
    delivered = policy_secret(os.environ)
    document = await export_policy(
        services.settings,
        services.registry,
        mode=SettingMode(arguments.mode),
        include_secrets=arguments.include_secrets,
        secret=delivered.value,
        policy_id=arguments.policy_id,
    )
    if arguments.output is None:
        out_json(document)
        return 0
    write_policy(arguments.output, document)
    count = len(document["settings"])
    err(f"Wrote the policy {document['id']!r} with {count} settings to {arguments.output}.")
    return 0


def _read_value(key: str) -> str:
    if sys.stdin.isatty():
        return getpass.getpass(f"{key}: ")
    text = sys.stdin.read()
    # A piped value ends with the newline that echo or a here-string adds; it is not part of it.
    return text.removesuffix("\n").removesuffix("\r") if text.endswith("\n") else text


def _encrypt(key: str) -> int:
    if not is_encryption_key(key):
        raise StudioError(
            f"{key!r} is not a setting key: write TOOL_ID.FIELD, such as "
            "'web_search.maxResults', or providers.NAME.api_key for a provider's API key."
        )
    delivered = policy_secret(os.environ)
    if not delivered.value:
        reason = f" ({delivered.problem})" if delivered.problem else ""
        raise StudioError(
            f"No policy secret to encrypt with: set {POLICY_SECRET_VARIABLE} to your "
            f"organisation's policy secret{reason}."
        )
    value = _read_value(key)
    if not value.strip():
        raise StudioError("The value on standard input is empty; nothing was encrypted.")
    out(encrypt(value, secret=delivered.value, key=key))
    return 0
