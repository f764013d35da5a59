"""``studio providers``: set up, list and remove model providers from a terminal.

Changes go through the same provider store as the app, so the providers file and the keyring
stay in step. An API key is never taken from the command line, where it would end up in the
shell history and the process list: it comes from a named environment variable or from
standard input, and goes only to the OS keyring.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Sequence
from typing import Any

from pydantic import SecretStr

from studio.cli import tools
from studio.config.providers import MissingApiKeyError, ProviderSettings
from studio.errors import StudioError
from studio.providers.profiles import ProviderType, profile_for
from studio.services import Services
from studio.tools.policy import ConfidenceLevel

__all__ = ["add_commands"]

_TYPES = [provider_type.value for provider_type in ProviderType]
_LEVELS = [level.name for level in ConfidenceLevel]


def add_commands(commands: Any, common: argparse.ArgumentParser) -> None:
    """Add ``providers`` and its subcommands to the command line."""
    providers = commands.add_parser(
        "providers", parents=[common], help="set up the model providers Studio talks to"
    )
    actions = providers.add_subparsers(dest="action", metavar="ACTION", required=True)

    adding = actions.add_parser(
        "add",
        parents=[common],
        help="add a provider (its API key goes to the OS keyring, never the command line)",
    )
    adding.add_argument("name", metavar="NAME", help="how the provider is called in Studio")
    adding.add_argument(
        "--type",
        dest="provider_type",
        required=True,
        choices=_TYPES,
        metavar="TYPE",
        help=f"the kind of host: {', '.join(_TYPES)}",
    )
    adding.add_argument(
        "--base-url",
        metavar="URL",
        help="the API's address (default: the type's usual one; required for openai-compatible)",
    )
    adding.add_argument("--model", required=True, help="the model id as the host names it")
    adding.add_argument(
        "--confidence",
        required=True,
        type=_confidence,
        metavar="LEVEL",
        help=f"how far you trust the provider: {', '.join(_LEVELS)}",
    )
    key = adding.add_mutually_exclusive_group()
    key.add_argument(
        "--api-key-env", metavar="VAR", help="read the API key from the environment variable VAR"
    )
    key.add_argument(
        "--api-key-stdin", action="store_true", help="read the API key from standard input"
    )
    adding.set_defaults(handler=_add)

    listing = actions.add_parser("list", parents=[common], help="print the providers")
    listing.add_argument("--json", action="store_true", help="print JSON instead of a table")
    listing.set_defaults(handler=_list)

    removing = actions.add_parser(
        "remove", parents=[common], help="remove a provider and delete its API key"
    )
    removing.add_argument("name", metavar="NAME")
    removing.set_defaults(handler=_remove)


def _confidence(text: str) -> ConfidenceLevel:
    # ArgumentTypeError keeps the message, which lists the valid levels.
    try:
        return ConfidenceLevel.parse(text)
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def _show_load_notice(services: Services) -> None:
    notice = services.providers.load_notice
    if notice:
        print(notice, file=sys.stderr)


async def _add(services: Services, arguments: argparse.Namespace) -> int:
    _show_load_notice(services)
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
    )
    api_key = _api_key(arguments, settings)
    await services.providers.add(settings, api_key)
    stored = " Its API key is in the OS keyring." if api_key is not None else ""
    print(
        f"Added the provider {settings.name!r} ({settings.type.value}, "
        f"{settings.effective_base_url}).{stored}",
        file=sys.stderr,
    )
    return 0


def _api_key(arguments: argparse.Namespace, settings: ProviderSettings) -> SecretStr | None:
    if arguments.api_key_env is not None:
        variable = arguments.api_key_env
        value = os.environ.get(variable)
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
    if settings.profile.requires_api_key:
        raise MissingApiKeyError(
            f"The provider type {settings.type.value!r} needs an API key: name an environment "
            "variable that holds it with --api-key-env VAR, or pipe it in with --api-key-stdin. "
            "Studio keeps it in the OS keyring."
        )
    return None


async def _list(services: Services, arguments: argparse.Namespace) -> int:
    _show_load_notice(services)
    entries = [
        _entry(provider, await services.providers.api_key(provider.name) is not None)
        for provider in services.providers.list()
    ]
    if arguments.json:
        print(json.dumps(entries, indent=2, ensure_ascii=False))
    else:
        print(_table(entries))
    return 0


def _entry(provider: ProviderSettings, api_key_stored: bool) -> dict[str, Any]:
    # Effective values: what requests will use, whether the user set them or the type did.
    return {
        "name": provider.name,
        "type": provider.type.value,
        "base_url": provider.effective_base_url,
        "model": provider.model,
        "confidence": provider.confidence.name,
        "capabilities": sorted(capability.value for capability in provider.effective_capabilities),
        "additional_parameters": provider.additional_parameters,
        "api_key_stored": api_key_stored,
    }


def _table(entries: Sequence[dict[str, Any]]) -> str:
    if not entries:
        return "No providers are set up; add one with 'studio providers add'."
    header = ("NAME", "TYPE", "BASE URL", "MODEL", "CONFIDENCE", "CAPABILITIES", "API KEY")
    rows = [header]
    for entry in entries:
        rows.append(
            (
                entry["name"],
                entry["type"],
                entry["base_url"],
                entry["model"],
                entry["confidence"],
                ",".join(entry["capabilities"]) or "-",
                "stored" if entry["api_key_stored"] else "none",
            )
        )
    widths = [max(len(row[column]) for row in rows) for column in range(len(header))]
    return "\n".join(
        "  ".join(cell.ljust(width) for cell, width in zip(row, widths, strict=True)).rstrip()
        for row in rows
    )


async def _remove(services: Services, arguments: argparse.Namespace) -> int:
    _show_load_notice(services)
    removed = await services.providers.remove(arguments.name)
    print(f"Removed the provider {removed.name!r} and its API key, if it had one.", file=sys.stderr)
    return 0
