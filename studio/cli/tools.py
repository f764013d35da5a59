"""``studio tools``: the tool catalogue and the user's tool settings, from a terminal.

Changes go through the same settings service as the app's dialogs, so organisation locks hold
here too and secrets go only to the keyring.
"""

from __future__ import annotations

import argparse
import getpass
import sys
from collections.abc import Sequence

from studio.cli.output import err, out, out_json, visible
from studio.cli.stored import where_stored
from studio.errors import StudioError, UnknownSettingError
from studio.kernel.definition import ToolDefinition
from studio.services import Services
from studio.tools.catalog import EntryStatus, catalog_status

__all__ = ["handle"]


async def handle(services: Services, arguments: argparse.Namespace) -> int:
    """Run ``studio tools <action>``; return the exit code."""
    match arguments.action:
        case "list":
            return await _list(services, arguments)
        case "set":
            return await _set(services, arguments)
        case "unset":
            return await _unset(services, arguments)
        case _:
            return await _switch(services, arguments)


async def _list(services: Services, arguments: argparse.Namespace) -> int:
    statuses = await catalog_status(services.registry, services.settings)
    if arguments.json:
        out_json([status.to_json() for status in statuses])
    else:
        out(_table(statuses))
    return 0


def _table(statuses: Sequence[EntryStatus]) -> str:
    if not statuses:
        return "No tools are installed."
    header = ("ID", "NAME", "KIND", "CATEGORY", "ACTIVATION", "MIN CONFIDENCE", "OUTBOUND",
              "ACTIVE", "CONFIGURED", "AVAILABLE")  # fmt: skip
    rows: list[tuple[str, ...]] = [header]
    for status in statuses:
        data = status.to_json()
        cells = (
            data["id"],
            data["display_name"],
            data["kind"],
            data["category"],
            data["activation"],
            data["minimum_confidence"],
            data["outbound_data"],
            _yes_no(data["active"]),
            _yes_no(data["configured"]) + _configuration_note(status),
            _yes_no(data["available"]),
        )
        # A tool's texts are its author's: escaped before measuring, so the columns line up.
        rows.append(tuple(visible(cell, one_line=True) for cell in cells))
    widths = [max(len(row[column]) for row in rows) for column in range(len(header))]
    return "\n".join(
        "  ".join(cell.ljust(width) for cell, width in zip(row, widths, strict=True)).rstrip()
        for row in rows
    )


def _on_off(flag: bool) -> str:
    return "on" if flag else "off"


def _yes_no(flag: bool) -> str:
    return "yes" if flag else "no"


def _configuration_note(status: EntryStatus) -> str:
    configuration = status.configuration
    notes = list(configuration.problems)
    if configuration.missing_required_fields:
        notes.insert(0, f"missing: {', '.join(configuration.missing_required_fields)}")
    return f" ({'; '.join(notes)})" if notes else ""


def _definition(services: Services, tool_id: str) -> ToolDefinition:
    definition = services.registry.definition(tool_id)
    if definition is None:
        known = ", ".join(d.id for d in services.registry.definitions()) or "none installed"
        raise UnknownSettingError(f"There is no tool {tool_id!r}; the tools are: {known}.")
    return definition


async def _set(services: Services, arguments: argparse.Namespace) -> int:
    definition = _definition(services, arguments.tool_id)
    spec = definition.settings_schema.properties.get(arguments.field)
    if spec is not None and spec.secret:
        if arguments.value is not None:
            raise StudioError(
                f"{arguments.field!r} is a secret: leave the value off the command line and "
                "type or pipe it on standard input instead, so it stays out of your shell history."
            )
        value = _read_secret(arguments.field)
    elif arguments.value is None:
        raise StudioError(f"Give a value for {arguments.field!r}, or use 'studio tools unset'.")
    else:
        value = arguments.value
    await services.settings.set_value(
        definition,
        arguments.field,
        value,
        implementation=services.registry.implementation_for(definition),
    )
    if spec is not None and spec.secret:
        stored, warning = await where_stored()
        err(f"Saved {arguments.field!r} of {definition.id!r} in {stored}.")
        if warning:
            err(f"studio: {warning}")
    else:
        err(f"Saved {arguments.field!r} of {definition.id!r}.")
    return 0


def _read_secret(field: str) -> str:
    if sys.stdin.isatty():
        return getpass.getpass(f"{field}: ")
    # A piped value ends with the newline that echo or a here-string adds; it is not part of it.
    return sys.stdin.read().rstrip("\r\n")


async def _unset(services: Services, arguments: argparse.Namespace) -> int:
    definition = _definition(services, arguments.tool_id)
    await services.settings.unset_value(definition, arguments.field)
    err(f"Cleared {arguments.field!r} of {definition.id!r}.")
    return 0


async def _switch(services: Services, arguments: argparse.Namespace) -> int:
    entry = services.registry.entry(arguments.tool_id)
    if entry is None:
        entries = services.registry.all_entries(include_unavailable=True)
        known = ", ".join(entry.id for entry in entries) or "none"
        raise UnknownSettingError(
            f"There is no tool or collection {arguments.tool_id!r}; the entries are: {known}."
        )
    await services.settings.set_tool_enabled(
        entry.id, arguments.enabled, member_ids=entry.member_tool_ids
    )
    err(f"Switched {arguments.tool_id!r} {_on_off(arguments.enabled)}.")
    return 0
