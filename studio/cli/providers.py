"""``studio providers``: set up, list and remove model providers from a terminal.

Changes go through the same provider store as the app, so the providers file and the keyring
stay in step. The organisation's providers are listed too, marked as managed; changing or
removing one is refused, except that a user may enter their own key where the policy leaves
the key to each user (``studio providers change NAME --api-key-stdin``).

An API key is never taken from the command line, where it would end up in the shell history
and the process list: it comes from a named environment variable or from standard input, and
goes only to the keyring: the OS keyring, or the backend the user chose for keyring, which the
commands then name (:mod:`studio.cli.stored`).
"""

from __future__ import annotations

import argparse
import os
import re
from collections.abc import Sequence
from typing import Any

from pydantic import SecretStr

from studio.cli import tools
from studio.cli.output import err, out, out_json, visible
from studio.cli.stored import where_stored
from studio.config.labels import KeyState, confidence_label
from studio.config.profiles import ProviderType, profile_for
from studio.config.providers import MissingApiKeyError, ProviderSettings, ProviderStore
from studio.errors import StudioError
from studio.services import Services

__all__ = ["handle"]


async def handle(services: Services, arguments: argparse.Namespace) -> int:
    """Run ``studio providers <action>``; return the exit code."""
    match arguments.action:
        case "add":
            return await _add(services, arguments)
        case "change":
            return await _change(services, arguments)
        case "list":
            return await _list(services, arguments)
        case _:
            return await _remove(services, arguments)


_VARIABLE_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
"""An environment variable's name as shells write one."""


async def _add(services: Services, arguments: argparse.Namespace) -> int:
    # argparse checked the name against the choices.
    provider_type = ProviderType(arguments.provider_type)
    if arguments.base_url is None and profile_for(provider_type).default_base_url is None:
        # The settings would refuse this too, but could not name the option to use.
        raise StudioError(
            f"The provider type {provider_type.value!r} has no default address: give one with "
            "--base-url URL."
        )
    settings = ProviderSettings.from_user(
        name=arguments.name,
        type=provider_type,
        base_url=arguments.base_url,
        model=arguments.model,
        confidence=arguments.confidence,
        **_progress_timeout(arguments),
    )
    api_key = _api_key(arguments, settings)
    await services.providers.add(settings, api_key)
    stored, warning = await where_stored() if api_key is not None else ("", None)
    err(
        f"Added the provider {settings.name!r} ({settings.type.value}, "
        f"{settings.effective_base_url})." + (f" Its API key is in {stored}." if stored else "")
    )
    if warning:
        err(f"studio: {warning}")
    return 0


def _progress_timeout(arguments: argparse.Namespace) -> dict[str, float]:
    """The progress timeout the command gives, as settings values (none when not given)."""
    seconds: float | None = arguments.progress_timeout
    return {} if seconds is None else {"progress_timeout": seconds}


async def _change(services: Services, arguments: argparse.Namespace) -> int:
    current = services.providers.require(arguments.name)
    changes: dict[str, Any] = {}
    if arguments.model is not None:
        changes["model"] = arguments.model
    if arguments.base_url is not None:
        changes["base_url"] = arguments.base_url.strip() or None
    if arguments.confidence is not None:
        changes["confidence"] = arguments.confidence
    changes.update(_progress_timeout(arguments))
    api_key = _given_api_key(arguments)
    if not changes and api_key is None:
        raise StudioError(
            "Nothing to change: give --model, --base-url, --confidence, --progress-timeout or a "
            "new API key with --api-key-env VAR or --api-key-stdin."
        )
    values = {**current.model_dump(exclude={"capabilities"}), **changes}
    values["capabilities"] = current.capabilities
    settings = ProviderSettings.from_user(**values)
    await services.providers.update(settings, api_key)
    stored, warning = await where_stored() if api_key is not None else ("", None)
    err(
        f"Changed the provider {settings.name!r} ({settings.type.value}, {settings.model}, "
        f"{settings.effective_base_url}, confidence {confidence_label(settings.confidence)})."
        + (f" Its new API key is in {stored}." if stored else "")
    )
    if warning:
        err(f"studio: {warning}")
    return 0


def _given_api_key(arguments: argparse.Namespace) -> SecretStr | None:
    """The key named by --api-key-env or piped in with --api-key-stdin; None when neither."""
    if arguments.api_key_env is not None:
        variable = arguments.api_key_env
        value = os.environ.get(variable) if _VARIABLE_NAME.fullmatch(variable) else None
        if value is None and _looks_like_a_key(variable):
            # "--api-key-env $OPENAI_API_KEY" hands over the key itself: never repeat it.
            raise StudioError(
                "The value given to --api-key-env looks like an API key, not the name of an "
                "environment variable, so Studio did not use it. Give the variable's name "
                "without the $, such as --api-key-env OPENAI_API_KEY, or pipe the key in with "
                "--api-key-stdin."
            )
        if value is None:
            raise StudioError(f"The environment variable {variable!r} is not set.")
        if not value.strip():
            raise StudioError(f"The environment variable {variable!r} is empty.")
        return SecretStr(value)
    if arguments.api_key_stdin:
        value = tools._read_secret("API key")
        if not value.strip():
            raise StudioError("Standard input held no API key.")
        return SecretStr(value)
    return None


def _looks_like_a_key(variable: str) -> bool:
    """Whether a value given for a variable's name is more likely a key (never to be echoed).

    Anything a shell could not name a variable is; so is a long name or one mixing upper and
    lower case with digits, as keys do (``gsk_...``) and names seldom do.
    """
    if not _VARIABLE_NAME.fullmatch(variable) or len(variable) > 48:
        return True
    mixed = not variable.isupper() and not variable.islower()
    return mixed and any(character.isdigit() for character in variable) and len(variable) >= 16


def _api_key(arguments: argparse.Namespace, settings: ProviderSettings) -> SecretStr | None:
    api_key = _given_api_key(arguments)
    if api_key is not None:
        return api_key
    if settings.profile.requires_api_key:
        raise MissingApiKeyError(
            f"The provider type {settings.type.value!r} needs an API key: name an environment "
            "variable that holds it with --api-key-env VAR, or pipe it in with --api-key-stdin. "
            "Studio keeps it in the OS keyring."
        )
    return None


async def _list(services: Services, arguments: argparse.Namespace) -> int:
    store = services.providers
    entries = [
        _entry(provider, await store.key_state(provider.name), store) for provider in store.list()
    ]
    if arguments.json:
        out_json([_json_entry(entry) for entry in entries])
        return 0
    out(_table(entries))
    for entry in entries:
        if entry["managed_by"] is not None:
            name = visible(entry["name"], one_line=True)
            out(f"{name}: managed by {visible(entry['managed_by'], one_line=True)}")
    return 0


def _entry(provider: ProviderSettings, api_key: KeyState, store: ProviderStore) -> dict[str, Any]:
    # Effective values: what requests will use, whether the user set them or the type did.
    managed = store.managed(provider.name)
    return {
        "name": provider.name,
        "type": provider.type.value,
        "base_url": provider.effective_base_url,
        "model": provider.model,
        "confidence": provider.confidence,
        "capabilities": sorted(capability.value for capability in provider.effective_capabilities),
        "additional_parameters": provider.additional_parameters,
        "progress_timeout": provider.progress_timeout,
        "api_key": api_key,
        # The policy that manages the provider, as notices name it; None for the user's own.
        "managed_by": None if managed is None else managed.origin,
        "api_key_from_organization": managed is not None
        and not store.accepts_user_key(provider.name)
        and api_key is KeyState.STORED,
        # The same words as the providers page: a shipped key is not in the keyring.
        "api_key_label": str(store.key_label(provider.name, api_key)),
    }


def _json_entry(entry: dict[str, Any]) -> dict[str, Any]:
    # Scripts read the machine forms: the level's name, as --confidence takes it, and the
    # key state's value. Only the organisation's providers carry "managed_by" (the policy) and
    # "api_key_from_organization".
    api_key: KeyState = entry["api_key"]
    hidden = {"api_key_label"}
    if entry["managed_by"] is None:
        hidden |= {"managed_by", "api_key_from_organization"}
    shown = {key: value for key, value in entry.items() if key not in hidden}
    return {
        **shown,
        "confidence": entry["confidence"].name,
        "api_key_stored": api_key is KeyState.STORED,
        "api_key": api_key.value,
    }


def _table(entries: Sequence[dict[str, Any]]) -> str:
    if not entries:
        return "No providers are set up; add one with 'studio providers add'."
    header = ("NAME", "TYPE", "BASE URL", "MODEL", "CONFIDENCE", "CAPABILITIES", "API KEY")
    rows: list[tuple[str, ...]] = [header]
    for entry in entries:
        cells = (
            entry["name"],
            entry["type"],
            entry["base_url"],
            entry["model"],
            # People read the same labels as the app shows (in English here).
            str(confidence_label(entry["confidence"])),
            ",".join(entry["capabilities"]) or "-",
            entry["api_key_label"],
        )
        # Escaped before measuring, so that the columns line up as printed.
        rows.append(tuple(visible(cell, one_line=True) for cell in cells))
    widths = [max(len(row[column]) for row in rows) for column in range(len(header))]
    return "\n".join(
        "  ".join(cell.ljust(width) for cell, width in zip(row, widths, strict=True)).rstrip()
        for row in rows
    )


async def _remove(services: Services, arguments: argparse.Namespace) -> int:
    removed = await services.providers.remove(arguments.name)
    err(f"Removed the provider {removed.name!r} and its API key, if it had one.")
    return 0
