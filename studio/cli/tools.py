"""``studio tools``: the tool catalogue and the user's tool settings, from a terminal.

Changes go through the same settings service as the app's dialogs, so organisation locks hold
here too and secrets go only to the keyring. The list names every value the organisation sets
and the policy it comes from; a secret's value is never printed, only whether it is set.
``allow-untrusted`` and ``ask-untrusted`` pair like ``enable`` and ``disable``: whether an entry
runs without asking in chats with outside content, or asks first.
"""

from __future__ import annotations

import argparse
import getpass
import sys
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from studio.cli.output import err, out, out_json, visible
from studio.cli.stored import where_stored
from studio.config.organization import setting_key
from studio.errors import StudioError, UnknownSettingError
from studio.kernel.definition import ToolDefinition
from studio.services import Services
from studio.tools.catalog import EntryStatus, catalog_status
from studio.tools.registry import CatalogEntry
from studio.tools.settings import FieldState, ToolSettingsService, ValueSource

__all__ = ["SettingRow", "handle", "setting_rows", "settings_table"]

_BY_ORGANIZATION = (ValueSource.ORGANIZATION_LOCKED, ValueSource.ORGANIZATION_DEFAULT)


async def handle(services: Services, arguments: argparse.Namespace) -> int:
    """Run ``studio tools <action>``; return the exit code."""
    match arguments.action:
        case "list":
            return await _list(services, arguments)
        case "set":
            return await _set(services, arguments)
        case "unset":
            return await _unset(services, arguments)
        case "allow-untrusted" | "ask-untrusted":
            return await _allow_untrusted(services, arguments)
        case _:
            return await _switch(services, arguments)


async def _list(services: Services, arguments: argparse.Namespace) -> int:
    statuses = await catalog_status(services.registry, services.settings)
    rows = await setting_rows(services)
    if arguments.json:
        out_json([_entry_json(status, rows, services.settings) for status in statuses])
        return 0
    out(_table(statuses, services.settings))
    managed = [row for row in rows if row.source in _BY_ORGANIZATION]
    if managed:
        out()
        out("Set by your organisation:")
        out(settings_table(managed))
    return 0


def _entry_json(
    status: EntryStatus, rows: Sequence[SettingRow], settings: ToolSettingsService
) -> dict[str, Any]:
    data = status.to_json()
    data["untrusted_chats"] = _untrusted_chats_json(status, settings)
    data["settings"] = [row.to_json() for row in rows if row.tool_id in data["tools"]]
    return data


def _untrusted_chats_json(status: EntryStatus, settings: ToolSettingsService) -> dict[str, Any]:
    """Whether the entry runs without asking in chats with outside content, and who decides."""
    entry = status.entry
    members = entry.member_tool_ids
    locked = settings.is_untrusted_chat_allowance_locked(entry.id, members)
    return {
        "allowed": settings.is_allowed_in_untrusted_chats(entry.id, members),
        "locked": locked,
        "origin": settings.untrusted_chat_allowance_origin(entry.id, members) if locked else "",
    }


@dataclass(frozen=True, kw_only=True)
class SettingRow:
    """One tool setting as the command line shows it: its value (never a secret's) and origin."""

    tool_id: str
    field: str
    hidden: bool
    """A secret, or a plain field the organisation shipped encrypted: only "set" is shown."""
    value: str
    """The effective value, or the built-in default when nothing sets one; "" when hidden."""
    has_value: bool
    source: ValueSource
    origin: str
    """Where the value comes from, in words: "organisation lock (corp (/etc/...))", "user"."""

    @property
    def key(self) -> str:
        """The setting's key, as policies name it."""
        return setting_key(self.tool_id, self.field)

    @property
    def shown(self) -> str:
        """The value as printed: "(set)" or "(not set)" for a hidden one."""
        if self.hidden or not self.value:
            return "(set)" if self.has_value else "(not set)"
        return self.value

    def to_json(self) -> dict[str, Any]:
        """The row for scripts; a hidden value is null."""
        return {
            "key": self.key,
            "tool": self.tool_id,
            "field": self.field,
            "secret": self.hidden,
            "value": None if self.hidden else self.value or None,
            "set": self.has_value,
            "source": self.source.value,
            "locked": self.source is ValueSource.ORGANIZATION_LOCKED,
            "origin": self.origin,
        }


def _origin(state: FieldState, default: str | None) -> str:
    match state.source:
        case ValueSource.ORGANIZATION_LOCKED:
            return f"organisation lock ({state.origin})" if state.origin else "organisation lock"
        case ValueSource.ORGANIZATION_DEFAULT:
            return (
                f"organisation default ({state.origin})" if state.origin else "organisation default"
            )
        case ValueSource.USER | ValueSource.KEYRING:
            return "user"
        case _:
            return "built-in default" if default else "unset"


async def setting_rows(
    services: Services, definitions: Iterable[ToolDefinition] | None = None
) -> list[SettingRow]:
    """Every settings field of the tools (every installed tool by default), in schema order."""
    registry = services.registry
    settings = services.settings
    rows = []
    for definition in registry.definitions() if definitions is None else definitions:
        implementation = registry.implementation_for(definition)
        for state in await settings.field_states(definition):
            hidden = state.hidden
            default = implementation.settings_field_default(state.name) if implementation else None
            unset = state.source is ValueSource.UNSET
            value = "" if hidden else (default or "") if unset else state.value
            rows.append(
                SettingRow(
                    tool_id=definition.id,
                    field=state.name,
                    hidden=hidden,
                    value=value,
                    has_value=state.has_value,
                    source=state.source,
                    origin=_origin(state, None if hidden else default),
                )
            )
    return rows


def settings_table(rows: Sequence[SettingRow]) -> str:
    """The rows as a table of key, value and origin, escaped for the terminal."""
    table: list[tuple[str, ...]] = [("KEY", "VALUE", "ORIGIN")]
    table += [
        tuple(visible(cell, one_line=True) for cell in (row.key, row.shown, row.origin))
        for row in rows
    ]
    widths = [max(len(row[column]) for row in table) for column in range(3)]
    return "\n".join(
        "  ".join(cell.ljust(width) for cell, width in zip(row, widths, strict=True)).rstrip()
        for row in table
    )


def _table(statuses: Sequence[EntryStatus], settings: ToolSettingsService) -> str:
    if not statuses:
        return "No tools are installed."
    header = ("ID", "NAME", "KIND", "CATEGORY", "ACTIVATION", "MIN CONFIDENCE", "OUTBOUND",
              "UNTRUSTED CHATS", "ACTIVE", "CONFIGURED", "AVAILABLE")  # fmt: skip
    rows: list[tuple[str, ...]] = [header]
    for status in statuses:
        data = status.to_json()
        untrusted = _untrusted_chats_json(status, settings)
        cells = (
            data["id"],
            data["display_name"],
            data["kind"],
            data["category"],
            data["activation"],
            data["minimum_confidence"],
            data["outbound_data"],
            _untrusted_cell(untrusted),
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


def _untrusted_cell(untrusted: Mapping[str, Any]) -> str:
    """The table cell: ``run`` or ``ask`` first in chats with outside content, and who decides."""
    cell = "run" if untrusted["allowed"] else "ask"
    return f"{cell} (organisation)" if untrusted["locked"] else cell


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


def _entry(services: Services, entry_id: str) -> CatalogEntry:
    entry = services.registry.entry(entry_id)
    if entry is None:
        entries = services.registry.all_entries(include_unavailable=True)
        known = ", ".join(entry.id for entry in entries) or "none"
        raise UnknownSettingError(
            f"There is no tool or collection {entry_id!r}; the entries are: {known}."
        )
    return entry


async def _allow_untrusted(services: Services, arguments: argparse.Namespace) -> int:
    entry = _entry(services, arguments.tool_id)
    allowed = arguments.action == "allow-untrusted"
    await services.settings.set_allowed_in_untrusted_chats(
        entry.id, allowed, member_ids=entry.member_tool_ids
    )
    what = "runs without asking" if allowed else "asks before it sends data out or changes things"
    err(f"{entry.id!r} now {what} in chats with outside content.")
    return 0


async def _switch(services: Services, arguments: argparse.Namespace) -> int:
    entry = _entry(services, arguments.tool_id)
    await services.settings.set_tool_enabled(
        entry.id, arguments.enabled, member_ids=entry.member_tool_ids
    )
    err(f"Switched {arguments.tool_id!r} {_on_off(arguments.enabled)}.")
    return 0
