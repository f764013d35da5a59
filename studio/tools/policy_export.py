"""The current tool settings as an organisation policy, for administrators to deploy.

An administrator sets Studio up once, the way every user should have it, and exports the
result: every field that has a value (the user's own, or the organisation's), locked or as a
default, the minimum confidences as fixed requirements, and the tools that run without asking
in chats with outside content (users may still allow others, unless a policy says they may
not). Fields without a value stay out, so a user's empty field never locks the built-in
default in place. Secrets are left out unless asked for; then they travel only as ``ENC:v1:``
values and always locked. If one cannot be encrypted, nothing is exported: half a policy would
silently miss a key.
"""

from __future__ import annotations

import json
import os
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import pydantic

from studio.config.organization import setting_key
from studio.config.policy.document import SCHEMA_ID, PolicyDocument, SettingMode
from studio.config.policy.encryption import PolicySecretError, encrypt
from studio.config.policy.keys import pointer
from studio.config.store import write_atomically
from studio.errors import ConfigError, UnknownSettingError
from studio.kernel.definition import ToolDefinition
from studio.kernel.policy import ConfidenceLevel
from studio.kernel.translatable import QT_TRANSLATE_NOOP
from studio.tools.registry import ToolRegistry
from studio.tools.settings import ToolSettingsService

__all__ = ["export_policy", "write_policy"]

_NO_SECRET = QT_TRANSLATE_NOOP(
    "PolicyExport",
    "{key!r} is a secret and can only be exported encrypted, but no policy secret was "
    "delivered (STUDIO_POLICY_SECRET, the policy secret file or the registry); nothing was "
    "exported",
)
_UNKNOWN_TOOL = QT_TRANSLATE_NOOP(
    "PolicyExport", "There is no tool {tool!r} to export; the tools are: {known}."
)
_NOT_A_POLICY = QT_TRANSLATE_NOOP(
    "PolicyExport", "The export would not be a valid policy ({problem}); nothing was exported."
)


def _definitions(
    registry: ToolRegistry, tool_ids: Sequence[str] | None
) -> tuple[ToolDefinition, ...]:
    if tool_ids is None:
        return registry.definitions()
    chosen = []
    for tool_id in tool_ids:
        definition = registry.definition(tool_id)
        if definition is None:
            known = ", ".join(d.id for d in registry.definitions()) or "none"
            raise UnknownSettingError(_UNKNOWN_TOOL, tool=tool_id, known=known)
        chosen.append(definition)
    return tuple(chosen)


def _encrypted(value: str, *, secret: str | None, key: str) -> str:
    if not secret:
        raise PolicySecretError(_NO_SECRET, key=key)
    return encrypt(value, secret=secret, key=key)


async def _settings_of(
    settings: ToolSettingsService,
    definition: ToolDefinition,
    *,
    mode: SettingMode,
    include_secrets: bool,
    secret: str | None,
) -> dict[str, dict[str, str]]:
    rules: dict[str, dict[str, str]] = {}
    values = await settings.effective_values(definition)
    for state in await settings.field_states(definition):
        key = setting_key(definition.id, state.name)
        value = values.get(state.name, "").strip()
        if not value:
            continue
        # A plain field the organisation shipped encrypted is kept as hidden as it came.
        if not state.hidden:
            rules[key] = {"value": value, "mode": mode.value}
        elif include_secrets:
            encrypted = _encrypted(value, secret=secret, key=key)
            rules[key] = {"value": encrypted, "mode": SettingMode.LOCKED.value}
    return rules


def _confidence_levels(
    settings: ToolSettingsService, tool_ids: Sequence[str] | None
) -> dict[str, str]:
    held = settings.held_settings().tools.minimum_confidence_by_tool_id
    ids = set(held) | set(settings.organization.minimum_confidence_by_tool_id)
    if tool_ids is not None:
        ids &= set(tool_ids)
    # With no level of its own, an id's effective level is what the settings name for it.
    return {
        tool_id: settings.minimum_confidence((tool_id,), ConfidenceLevel.NONE).name
        for tool_id in sorted(ids)
    }


def _untrusted_chat_allowances(
    settings: ToolSettingsService, tool_ids: Sequence[str] | None
) -> list[str]:
    """The ids that run without asking in chats with outside content, the user's included."""
    held = settings.held_settings().tools.allowed_in_untrusted_chat_tool_ids
    ids = set(held) | set(settings.organization.allowed_in_untrusted_chat_tool_ids)
    if tool_ids is not None:
        ids &= set(tool_ids)
    return sorted(i for i in ids if settings.is_allowed_in_untrusted_chats(i))


async def export_policy(
    settings: ToolSettingsService,
    registry: ToolRegistry,
    *,
    mode: SettingMode,
    include_secrets: bool = False,
    secret: str | None = None,
    policy_id: str = "exported",
    tool_ids: Sequence[str] | None = None,
) -> dict[str, Any]:
    """The effective tool settings as a policy document, ready to be written as JSON.

    Args:
        settings: Whose values are exported: the user's, else the organisation's.
        registry: The installed tools.
        mode: Whether the plain values are exported locked or as defaults.
        include_secrets: Export secret fields too, encrypted and always locked.
        secret: The policy secret the secrets are encrypted with.
        policy_id: The exported policy's ``id``.
        tool_ids: The tools to export; every installed tool when None.

    Returns:
        A document that validates as :class:`PolicyDocument`.

    Raises:
        PolicySecretError: a secret is to be exported and there is no policy secret, or it
            could not be encrypted; nothing is exported.
        UnknownSettingError: ``tool_ids`` names a tool that is not installed.
        ConfigError: the document would not be a valid policy (an id it cannot use).
    """
    rules: dict[str, dict[str, str]] = {}
    for definition in _definitions(registry, tool_ids):
        rules |= await _settings_of(
            settings, definition, mode=mode, include_secrets=include_secrets, secret=secret
        )
    document: dict[str, Any] = {"$schema": SCHEMA_ID, "id": policy_id, "settings": rules}
    if levels := _confidence_levels(settings, tool_ids):
        document["minimum_confidence"] = {"levels": levels}
    if allowed := _untrusted_chat_allowances(settings, tool_ids):
        document["untrusted_chats"] = {"allowed_tools": allowed}
    try:
        PolicyDocument.model_validate(document)
    except pydantic.ValidationError as error:
        first = error.errors(include_url=False, include_input=False)[0]
        where = pointer(first["loc"])
        raise ConfigError(_NOT_A_POLICY, problem=f"{where}: {first['msg']}") from None
    return document


def write_policy(path: Path, document: Mapping[str, Any]) -> None:
    """Write an exported policy to ``path``, whole or not at all, for every user to read.

    Every user's Studio must read a deployed policy, so the file gets the permissions the
    umask allows instead of the private ones of :func:`write_atomically` (its encrypted values
    need the policy secret, which is delivered apart from it).

    Raises:
        OSError: the file could not be written; nothing was.
    """
    write_atomically(path, json.dumps(document, indent=2, ensure_ascii=False) + "\n")
    mask = os.umask(0)
    os.umask(mask)
    path.chmod(0o666 & ~mask)
