"""How the registry reads its tools, definitions and collections, and the rules they must pass.

Definitions may come from plugin authors, so nothing here raises: an item that breaks a rule is
skipped, and one WARNING names the rule by its stable code (``R01`` to ``R28``), the item and
where it came from. The codes let a plugin author search the log and the docs for the rule.
Definitions from outside Studio's own code must also declare their arguments with a usable JSON
Schema (``R28``, :func:`studio.tools.validation.schema_problem`); the built-in tools' schemas
are checked by their tests instead, so start-up does not pay for it.
Re-exported through :mod:`studio.tools.registry`.
"""

from __future__ import annotations

import dataclasses
import enum
import logging
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, Protocol

import pydantic

from studio.kernel.definition import SCHEMA_VERSION, Component, ToolActivation, ToolDefinition
from studio.tools import options
from studio.tools.collection import ToolCollection
from studio.tools.implementation import ToolImplementation
from studio.tools.validation import schema_problem

__all__ = [
    "CodeDefinitionSource",
    "RegistryRule",
    "ToolDefinitionSource",
    "accept_collections",
    "accept_definitions",
    "accept_implementations",
    "is_json_object",
    "reject",
]

logger = logging.getLogger("studio.tools.registry")

_FUNCTION_NAME = re.compile(r"[A-Za-z0-9_-]{1,64}", re.ASCII)


class RegistryRule(enum.Enum):
    """The rules the registry applies, in the order it applies them.

    ``R28`` came last and runs with the definition rules, after ``R15`` and before ``R16``.
    """

    IMPLEMENTATION_KEY_EMPTY = ("R01", "implementation key must not be empty")
    IMPLEMENTATION_KEY_DUPLICATE = ("R02", "implementation key must be unique")
    SCHEMA_VERSION = ("R03", f"schema version must be {SCHEMA_VERSION}")
    TOOL_ID_EMPTY = ("R04", "tool id must not be empty")
    DEFINITION_KEY_EMPTY = ("R05", "definition must name an implementation key")
    FUNCTION_NAME = ("R06", "function name must be 1-64 ASCII letters, digits, '_' or '-'")
    FUNCTION_PARAMETERS = ("R07", "function parameters must be a JSON object")
    VISIBILITY_COMPONENTS = ("R08", "visibility lists must name known components")
    SETTINGS_TYPE = ("R09", "settings schema type must be 'object'")
    SETTINGS_FIELD = ("R10", "settings fields need a non-blank name and type 'string'")
    SETTINGS_GROUP = ("R11", "settings group must not be blank")
    SETTINGS_CHOICES = ("R12", "settings field cannot have both an option source and an enum")
    SETTINGS_OPTION_SOURCE = ("R13", "settings option source must be known")
    SETTINGS_REQUIRED_BLANK = ("R14", "required settings names must not be blank")
    SETTINGS_REQUIRED_UNKNOWN = ("R15", "required settings must be declared")
    NO_IMPLEMENTATION = ("R16", "definition needs a registered implementation")
    TOOL_ID_DUPLICATE = ("R17", "tool id must be unique")
    FUNCTION_NAME_DUPLICATE = ("R18", "function name must be unique")
    COLLECTION_ID_EMPTY = ("R19", "collection id must not be empty")
    COLLECTION_ID_IS_TOOL = ("R20", "collection id must not be a tool id")
    COLLECTION_ID_DUPLICATE = ("R21", "collection id must be unique")
    COLLECTION_MEMBER_UNKNOWN = ("R22", "collection members must be registered tools")
    COLLECTION_MEMBER_CONTEXT = ("R23", "collection members must be selection-activated")
    COLLECTION_MEMBER_TAKEN = ("R24", "a tool belongs to at most one collection")
    COLLECTION_EMPTY = ("R25", "collection must keep at least one tool")
    TAILORED_FUNCTION = ("R26", "tailored function must keep name, strict flag, object parameters")
    RESOLUTION_FAILED = ("R27", "tool must resolve its function and instructions")
    FUNCTION_SCHEMA = ("R28", "function parameters must be a usable JSON Schema")

    def __str__(self) -> str:
        return f"{self.value[0]} {self.value[1]}"


def reject(rule: RegistryRule, subject: str, detail: str = "", *, exc_info: bool = False) -> None:
    """Log that ``subject`` broke ``rule`` and what the registry does about it."""
    logger.warning("%s: %s (%s)", rule, subject, detail or "skipped", exc_info=exc_info)


def is_json_object(value: object) -> bool:
    """Whether ``value`` is what a JSON object parses to."""
    return isinstance(value, Mapping)


class ToolDefinitionSource(Protocol):
    """Somewhere tool definitions come from besides Studio's own code (plugins, later).

    Data from a plugin author may arrive as raw mappings; the registry validates them.
    """

    @property
    def name(self) -> str:
        """Names the source in warnings."""
        ...

    def definitions(self) -> Iterable[ToolDefinition | Mapping[str, Any]]:
        """Every definition the source offers; read once, when the registry is built."""
        ...


class CodeDefinitionSource:
    """The definitions Studio's registered implementations state about themselves."""

    name = "code"

    def __init__(self, implementations: Sequence[ToolImplementation]) -> None:
        self._implementations = tuple(implementations)

    def definitions(self) -> list[ToolDefinition]:
        """Ask every implementation; one whose ``definition()`` fails is skipped."""
        found = []
        for implementation in self._implementations:
            try:
                found.append(implementation.definition())
            except Exception:
                logger.warning(
                    "The implementation %s could not state its definition; skipped.",
                    type(implementation).__qualname__,
                    exc_info=True,
                )
        return found


def accept_implementations(
    implementations: Sequence[ToolImplementation],
) -> dict[str, ToolImplementation]:
    """The implementations by key; rules 1 and 2 (the first of a duplicate key wins)."""
    accepted: dict[str, ToolImplementation] = {}
    for implementation in implementations:
        subject = f"implementation {type(implementation).__qualname__}"
        try:
            key = implementation.implementation_key
        except Exception:
            reject(RegistryRule.IMPLEMENTATION_KEY_EMPTY, subject, "key unreadable", exc_info=True)
            continue
        if not key.strip():
            reject(RegistryRule.IMPLEMENTATION_KEY_EMPTY, subject)
        elif key in accepted:
            reject(RegistryRule.IMPLEMENTATION_KEY_DUPLICATE, f"{subject} with key {key!r}")
        else:
            accepted[key] = implementation
    return accepted


def accept_definitions(
    sources: Sequence[ToolDefinitionSource], implementations: Mapping[str, ToolImplementation]
) -> dict[str, ToolDefinition]:
    """The valid definitions of all sources by id, in source order; rules 3 to 18 and 28."""
    accepted: dict[str, ToolDefinition] = {}
    function_names: set[str] = set()
    for source in sources:
        for definition in _read(source):
            subject = f"tool {definition.id!r} from source {source.name!r}"
            problem = definition_problem(definition)
            if problem is None and not isinstance(source, CodeDefinitionSource):
                problem = _schema_rule(definition)
            if problem is not None:
                reject(problem[0], subject, problem[1])
            elif definition.implementation_key not in implementations:
                reject(RegistryRule.NO_IMPLEMENTATION, subject, definition.implementation_key)
            elif definition.id in accepted:
                reject(RegistryRule.TOOL_ID_DUPLICATE, subject)
            elif definition.function.name in function_names:
                reject(RegistryRule.FUNCTION_NAME_DUPLICATE, subject, definition.function.name)
            else:
                accepted[definition.id] = definition
                function_names.add(definition.function.name)
    return accepted


def _read(source: ToolDefinitionSource) -> list[ToolDefinition]:
    try:
        # Typed loosely on purpose: a plugin may hand over anything at all.
        items: list[object] = list(source.definitions())
    except Exception:
        logger.warning(
            "The tool source %r failed to list its definitions.", source.name, exc_info=True
        )
        return []
    read = []
    for item in items:
        if isinstance(item, ToolDefinition):
            read.append(item)
        elif isinstance(item, Mapping):
            try:
                read.append(ToolDefinition.model_validate(item))
            except pydantic.ValidationError as error:
                problems = "; ".join(
                    f"{'.'.join(map(str, e['loc'])) or 'definition'}: {e['msg']}"
                    for e in error.errors()
                )
                logger.warning(
                    "A tool definition %r from source %r is malformed; skipped (%s).",
                    item.get("id", ""),
                    source.name,
                    problems,
                )
        else:
            logger.warning(
                "The tool source %r offered a %s instead of a definition; skipped.",
                source.name,
                type(item).__name__,
            )
    return read


def definition_problem(definition: ToolDefinition) -> tuple[RegistryRule, str] | None:
    """The first of rules 3 to 15 that ``definition`` breaks, with a detail, or None."""
    for rule, check in _DEFINITION_CHECKS:
        detail = check(definition)
        if detail is not None:
            return rule, detail
    return None


def _schema_rule(definition: ToolDefinition) -> tuple[RegistryRule, str] | None:
    """Rule 28: the function's parameters are a schema the executor can check arguments with."""
    problem = schema_problem(definition.function.parameters)
    return None if problem is None else (RegistryRule.FUNCTION_SCHEMA, problem)


def _first(items: Iterable[str]) -> str | None:
    return next(iter(items), None)


def _schema_version(d: ToolDefinition) -> str | None:
    return None if d.schema_version == SCHEMA_VERSION else f"found {d.schema_version}"


def _tool_id(d: ToolDefinition) -> str | None:
    return None if d.id.strip() else f"function {d.function.name!r}"


def _definition_key(d: ToolDefinition) -> str | None:
    return None if d.implementation_key.strip() else "no implementation key"


def _function_name(d: ToolDefinition) -> str | None:
    return None if _FUNCTION_NAME.fullmatch(d.function.name) else repr(d.function.name)


def _function_parameters(d: ToolDefinition) -> str | None:
    parameters = d.function.parameters
    return None if is_json_object(parameters) else f"found {type(parameters).__name__}"


def _visibility(d: ToolDefinition) -> str | None:
    listed = (*d.visible_in.allowed_components, *d.visible_in.denied_components)
    return _first(repr(name) for name in listed if name not in Component.names())


def _settings_type(d: ToolDefinition) -> str | None:
    kind = d.settings_schema.type
    return None if kind.lower() == "object" else f"found {kind!r}"


def _settings_fields(d: ToolDefinition) -> str | None:
    fields = d.settings_schema.properties.items()
    return _first(
        repr(name) for name, spec in fields if not name.strip() or spec.type.lower() != "string"
    )


def _settings_groups(d: ToolDefinition) -> str | None:
    fields = d.settings_schema.properties.items()
    return _first(repr(name) for name, spec in fields if spec.group and not spec.group.strip())


def _settings_choices(d: ToolDefinition) -> str | None:
    fields = d.settings_schema.properties.items()
    return _first(
        repr(name) for name, spec in fields if spec.option_source is not None and spec.enum
    )


def _settings_option_sources(d: ToolDefinition) -> str | None:
    fields = d.settings_schema.properties.values()
    return _first(
        repr(spec.option_source)
        for spec in fields
        if spec.option_source is not None and not options.is_known(spec.option_source)
    )


def _required_blank(d: ToolDefinition) -> str | None:
    return _first("blank name" for name in d.settings_schema.required if not name.strip())


def _required_unknown(d: ToolDefinition) -> str | None:
    schema = d.settings_schema
    return _first(repr(name) for name in schema.required if name not in schema.properties)


_DEFINITION_CHECKS: tuple[tuple[RegistryRule, Callable[[ToolDefinition], str | None]], ...] = (
    (RegistryRule.SCHEMA_VERSION, _schema_version),
    (RegistryRule.TOOL_ID_EMPTY, _tool_id),
    (RegistryRule.DEFINITION_KEY_EMPTY, _definition_key),
    (RegistryRule.FUNCTION_NAME, _function_name),
    (RegistryRule.FUNCTION_PARAMETERS, _function_parameters),
    (RegistryRule.VISIBILITY_COMPONENTS, _visibility),
    (RegistryRule.SETTINGS_TYPE, _settings_type),
    (RegistryRule.SETTINGS_FIELD, _settings_fields),
    (RegistryRule.SETTINGS_GROUP, _settings_groups),
    (RegistryRule.SETTINGS_CHOICES, _settings_choices),
    (RegistryRule.SETTINGS_OPTION_SOURCE, _settings_option_sources),
    (RegistryRule.SETTINGS_REQUIRED_BLANK, _required_blank),
    (RegistryRule.SETTINGS_REQUIRED_UNKNOWN, _required_unknown),
)


def accept_collections(
    collections: Sequence[ToolCollection], definitions: Mapping[str, ToolDefinition]
) -> dict[str, ToolCollection]:
    """The valid collections by id, each with only its valid members; rules 19 to 25.

    A member that breaks a rule leaves the collection, not the registry: the other members
    still make sense together.
    """
    accepted: dict[str, ToolCollection] = {}
    taken: dict[str, str] = {}
    for collection in collections:
        subject = f"collection {collection.id!r}"
        if not collection.id.strip():
            reject(RegistryRule.COLLECTION_ID_EMPTY, subject)
            continue
        if collection.id in definitions:
            reject(RegistryRule.COLLECTION_ID_IS_TOOL, subject)
            continue
        if collection.id in accepted:
            reject(RegistryRule.COLLECTION_ID_DUPLICATE, subject)
            continue
        members = _accept_members(collection, definitions, taken)
        if not members:
            reject(RegistryRule.COLLECTION_EMPTY, subject)
            continue
        taken.update(dict.fromkeys(members, collection.id))
        accepted[collection.id] = dataclasses.replace(collection, tool_ids=members)
    return accepted


def _accept_members(
    collection: ToolCollection, definitions: Mapping[str, ToolDefinition], taken: Mapping[str, str]
) -> tuple[str, ...]:
    members: list[str] = []
    for tool_id in dict.fromkeys(collection.tool_ids):
        subject = f"tool {tool_id!r} in collection {collection.id!r}"
        definition = definitions.get(tool_id)
        if definition is None:
            reject(RegistryRule.COLLECTION_MEMBER_UNKNOWN, subject, "left out of the collection")
        elif definition.activation != ToolActivation.SELECTION:
            reject(RegistryRule.COLLECTION_MEMBER_CONTEXT, subject, "left out of the collection")
        elif tool_id in taken:
            reject(
                RegistryRule.COLLECTION_MEMBER_TAKEN,
                subject,
                f"already in collection {taken[tool_id]!r}; left out",
            )
        else:
            members.append(tool_id)
    return tuple(members)
