"""The tool registry: every tool this Studio knows, and the checks that decide what is offered.

The registry is an object built once in the composition root and passed down (HS-6); there is
no global list of tools. It reads its definition sources once, at construction, applies the
validation rules of :mod:`studio.tools._registration` (skipping what breaks them, with a warning
that names the rule) and never raises while doing so.

Afterwards it answers three kinds of questions:

- *What exists?* Lookups, collections and the catalog: one entry per collection or stand-alone
  tool, which is what the selection UI shows as a row and what settings name.
- *May this entry be offered?* :meth:`ToolRegistry.check` is the one chain of checks shared by
  the selection UI and by request preparation, so the two cannot drift apart;
  :meth:`ToolRegistry.offer_check` puts the UI's preconditions in front of it.
- *What runs in this request?* :meth:`ToolRegistry.runnable_tools` resolves the offered tools
  for one request, and :meth:`ToolRegistry.tool_policy_prompt` writes their instructions.
"""

from __future__ import annotations

import dataclasses
import logging
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

from studio.kernel.context import ChatContext, ProviderContext, ToolResolutionContext
from studio.kernel.definition import Component, ToolActivation, ToolDefinition
from studio.kernel.policy import (
    ConfidenceLevel,
    OutboundDataRestriction,
    ToolOutboundData,
    is_outbound_data_allowed,
    is_provider_confidence_allowed,
)
from studio.kernel.translatable import TranslatableText
from studio.tools import selection
from studio.tools._offer import OfferBlockReason, OfferCheck, block_message, confidence_label
from studio.tools._registration import (
    CodeDefinitionSource,
    RegistryRule,
    ToolDefinitionSource,
    accept_collections,
    accept_definitions,
    accept_implementations,
)
from studio.tools._resolution import resolve, tool_policy_prompt
from studio.tools.collection import ToolCollection
from studio.tools.implementation import ToolImplementation
from studio.tools.runnable import RunnableTool
from studio.tools.settings import ConfigurationState, ToolSettingsService

__all__ = [
    "CatalogEntry",
    "CodeDefinitionSource",
    "OfferBlockReason",
    "OfferCheck",
    "RegistryRule",
    "ToolDefinitionSource",
    "ToolRegistry",
    "block_message",
    "confidence_label",
]

logger = logging.getLogger("studio.tools.registry")

_OUTBOUND_ORDER = (
    ToolOutboundData.NONE,
    ToolOutboundData.CONFIGURED_SERVICE,
    ToolOutboundData.THIRD_PARTY_QUERIES,
    ToolOutboundData.MODEL_CHOSEN_ADDRESSES,
)
"""From staying in the app to going wherever the model points."""

_Tool = tuple[ToolDefinition, ToolImplementation]


@dataclass(frozen=True, kw_only=True)
class CatalogEntry:
    """One row of the tool list: a collection, or a tool outside any collection."""

    id: str
    member_tool_ids: tuple[str, ...]
    """The tools the entry stands for; a stand-alone tool lists itself."""
    display_name: TranslatableText
    description: TranslatableText
    icon: str
    activation: ToolActivation
    minimum_confidence: ConfidenceLevel
    """The entry's own minimum; settings may raise it (see :meth:`ToolRegistry.check`)."""
    outbound_data: ToolOutboundData
    """How far the most outbound member sends its arguments."""
    enforces_restriction: bool
    """Every member that sends data beyond configured services polices the restriction itself.

    Members that keep their arguments in the app or send them to configured services need no
    policing, so they do not count; this keeps the entry's summary equal to checking each member.
    """
    is_collection: bool
    category: TranslatableText
    """A heading to group entries under in listings."""
    available: bool
    """Whether any of the entry's tools exists in this app run."""


@dataclass(frozen=True, kw_only=True)
class _Target:
    """What one check looks at: the ids settings may name, and the tools themselves."""

    settings_ids: tuple[str, ...]
    own_minimum: ConfidenceLevel
    tools: tuple[_Tool, ...]


class ToolRegistry:
    """Every registered tool and collection, with the rules that offer them.

    Args:
        implementations: the tools' code; their definitions form the ``"code"`` source.
        collections: groups of tools that are selected and shown as one entry.
        definition_sources: further sources of definitions (plugins), read after the code.
        settings: the switches, levels and values of the user and the organisation.
    """

    def __init__(
        self,
        implementations: Sequence[ToolImplementation],
        collections: Sequence[ToolCollection] = (),
        definition_sources: Sequence[ToolDefinitionSource] = (),
        *,
        settings: ToolSettingsService,
    ) -> None:
        self._settings = settings
        self._implementations = accept_implementations(implementations)
        sources = [CodeDefinitionSource(list(self._implementations.values())), *definition_sources]
        self._definitions = accept_definitions(sources, self._implementations)
        self._collections = accept_collections(collections, self._definitions)
        self._collection_of = {
            tool_id: collection.id
            for collection in self._collections.values()
            for tool_id in collection.tool_ids
        }

    # Lookups.

    def definition(self, tool_id: str) -> ToolDefinition | None:
        """The registered definition of ``tool_id``, or None."""
        return self._definitions.get(tool_id)

    def definitions(self) -> tuple[ToolDefinition, ...]:
        """Every registered definition, in registration order."""
        return tuple(self._definitions.values())

    def implementation_for(self, definition: ToolDefinition) -> ToolImplementation | None:
        """The implementation that runs ``definition``, or None."""
        return self._implementations.get(definition.implementation_key)

    def is_known(self, entry_id: str) -> bool:
        """Whether ``entry_id`` names a registered tool or collection."""
        return entry_id in self._definitions or entry_id in self._collections

    def collection(self, collection_id: str) -> ToolCollection | None:
        """The registered collection, holding only the members that passed the rules."""
        return self._collections.get(collection_id)

    def collections(self) -> tuple[ToolCollection, ...]:
        """Every registered collection, in registration order."""
        return tuple(self._collections.values())

    def collection_of(self, tool_id: str) -> str | None:
        """The id of the collection ``tool_id`` belongs to, or None."""
        return self._collection_of.get(tool_id)

    def members_of(self, collection_id: str) -> tuple[str, ...]:
        """The tool ids of a collection; empty when ``collection_id`` is not one."""
        collection = self._collections.get(collection_id)
        return collection.tool_ids if collection else ()

    def is_context_tool(self, tool_id: str) -> bool:
        """Whether ``tool_id`` offers itself from the chat's context instead of being selected."""
        definition = self._definitions.get(tool_id)
        return definition is not None and definition.activation == ToolActivation.CONTEXT

    # Selections (see studio.tools.selection for the rules).

    def normalize_selection(self, ids: Iterable[str]) -> tuple[str, ...]:
        """The selection as the collections that run; see :func:`selection.normalize_selection`."""
        return selection.normalize_selection(ids, self)

    def expand_selection(self, ids: Iterable[str]) -> tuple[str, ...]:
        """The tools a selection stands for; see :func:`selection.expand_selection`."""
        return selection.expand_selection(ids, self)

    def default_selection(self, component: Component) -> tuple[str, ...]:
        """The normalised default selection of ``component``."""
        return self.normalize_selection(self._settings.default_tool_ids(component))

    # The catalog.

    def catalog(self, component: Component) -> list[CatalogEntry]:
        """The entries the selection in ``component`` lists: selectable, visible and available."""
        return [
            entry
            for entry in self._entries(lambda d: d.visible_in.is_visible_in(component))
            if entry.activation == ToolActivation.SELECTION
        ]

    def all_entries(self, *, include_unavailable: bool = False) -> list[CatalogEntry]:
        """Every available entry, context tools included, for the settings' tool list.

        With ``include_unavailable`` entries whose tools are missing in this app run (a preview
        switched off) are listed too, for administrators checking a deployment.
        """
        return self._entries(lambda d: True, include_unavailable=include_unavailable)

    def entry(self, entry_id: str) -> CatalogEntry | None:
        """The entry for a collection or tool id; a member id gives its collection's entry."""
        key = self._collection_of.get(entry_id, entry_id)
        members = [d for d in self._member_definitions(key) if self._is_available(d)]
        return self._make_entry(key, members) if members else None

    def _entries(
        self, include: Callable[[ToolDefinition], bool], *, include_unavailable: bool = False
    ) -> list[CatalogEntry]:
        entries: dict[str, CatalogEntry] = {}
        for definition in self._definitions.values():
            key = self._collection_of.get(definition.id, definition.id)
            if key in entries:
                continue
            members = [
                d
                for d in self._member_definitions(key)
                if include(d) and (include_unavailable or self._is_available(d))
            ]
            if members:
                entries[key] = self._make_entry(key, members)
        return list(entries.values())

    def _member_definitions(self, key: str) -> tuple[ToolDefinition, ...]:
        if key in self._collections:
            return tuple(self._definitions[i] for i in self._collections[key].tool_ids)
        definition = self._definitions.get(key)
        return (definition,) if definition else ()

    def _implementation(self, definition: ToolDefinition) -> ToolImplementation:
        # Rule 16 guarantees that every registered definition has its implementation.
        return self._implementations[definition.implementation_key]

    def _is_available(self, definition: ToolDefinition) -> bool:
        return self._implementation(definition).is_available

    def _make_entry(self, key: str, members: Sequence[ToolDefinition]) -> CatalogEntry:
        outbound, enforces = _outbound_summary([self._implementation(d) for d in members])
        collection = self._collections.get(key)
        if collection is not None:
            texts = (collection.display_name, collection.description, collection.icon)
            activation = ToolActivation.SELECTION
            minimum = collection.minimum_provider_confidence
            category = collection.category
        else:
            implementation = self._implementation(members[0])
            texts = (
                implementation.display_name(),
                implementation.description(),
                implementation.icon,
            )
            activation = members[0].activation
            minimum = members[0].minimum_provider_confidence
            category = implementation.category
        return CatalogEntry(
            id=key,
            member_tool_ids=tuple(d.id for d in members),
            display_name=texts[0],
            description=texts[1],
            icon=texts[2],
            activation=activation,
            minimum_confidence=minimum,
            outbound_data=outbound,
            enforces_restriction=enforces,
            is_collection=collection is not None,
            category=category,
            available=any(self._is_available(d) for d in members),
        )

    # Offer checks.

    async def check(
        self, entry_id: str, provider: ProviderContext, restriction: OutboundDataRestriction
    ) -> OfferCheck:
        """Whether an entry may be offered to ``provider`` in a chat under ``restriction``.

        ``entry_id`` is a collection id, a stand-alone tool id, or the id of a tool in a
        collection; settings that name the collection or any of its tools apply to all of
        them, and a collection's own minimum confidence replaces its members'. The checks, in
        order: switched on; available; configured; provider confidence; outbound data. Every
        reason that applies is reported.
        """
        target = self._target(entry_id)
        ids = target.settings_ids if target else (entry_id,)
        own = target.own_minimum if target else ConfidenceLevel.NONE
        reasons: list[OfferBlockReason] = []
        if not self._settings.is_tool_active(ids):
            reasons.append(OfferBlockReason.TOOL_SWITCHED_OFF)
        required = self._settings.minimum_confidence(ids, own)
        result = OfferCheck(
            entry_id=entry_id,
            disabled_by_organization=self._settings.is_disabled_by_organization(ids),
            disabled_by_user=self._settings.is_disabled_by_user(ids),
            required_confidence=required,
            provider_confidence=provider.confidence,
        )
        available = [tool for tool in target.tools if tool[1].is_available] if target else []
        if not available:
            reasons.append(OfferBlockReason.NOT_AVAILABLE_HERE)
            return dataclasses.replace(result, reasons=tuple(reasons))
        missing, problems = await self._configuration(available)
        if missing or problems:
            reasons.append(OfferBlockReason.NOT_CONFIGURED)
        if not is_provider_confidence_allowed(provider.confidence, required):
            reasons.append(OfferBlockReason.PROVIDER_CONFIDENCE_TOO_LOW)
        outbound, enforces = _outbound_summary([implementation for _, implementation in available])
        if not is_outbound_data_allowed(restriction, outbound, enforces_restriction=enforces):
            reasons.append(OfferBlockReason.OUTBOUND_DATA_RESTRICTED)
        return dataclasses.replace(
            result,
            reasons=tuple(reasons),
            missing_required_fields=missing,
            configuration_message=None if missing or not problems else problems[0],
        )

    async def offer_check(
        self, entry_id: str, provider: ProviderContext, component: Component
    ) -> OfferCheck:
        """The selection UI's check: tool use on, model able, visible here, then :meth:`check`.

        The chat's outbound restriction is not known here, so :meth:`check` runs unrestricted;
        request preparation applies the real one.
        """
        reasons: list[OfferBlockReason] = []
        if not self._settings.tools_enabled:
            reasons.append(OfferBlockReason.TOOLS_SWITCHED_OFF)
        target = self._target(entry_id)
        tools = target.tools if target else ()
        if not _model_can_use(provider, [implementation for _, implementation in tools]):
            reasons.append(OfferBlockReason.MODEL_CANNOT_USE_TOOLS)
        if not any(definition.visible_in.is_visible_in(component) for definition, _ in tools):
            reasons.append(OfferBlockReason.NOT_AVAILABLE_HERE)
        checked = await self.check(entry_id, provider, OutboundDataRestriction.UNRESTRICTED)
        switched_off_itself = checked.disabled_by_organization or checked.disabled_by_user
        for reason in checked.reasons:
            # "Tool use is off" already covers a tool that is off only because of it.
            redundant = (
                reason == OfferBlockReason.TOOL_SWITCHED_OFF
                and OfferBlockReason.TOOLS_SWITCHED_OFF in reasons
                and not switched_off_itself
            )
            if reason not in reasons and not redundant:
                reasons.append(reason)
        return dataclasses.replace(checked, reasons=tuple(reasons))

    def _target(self, entry_id: str) -> _Target | None:
        collection_id = (
            entry_id if entry_id in self._collections else self._collection_of.get(entry_id)
        )
        if collection_id is not None:
            collection = self._collections[collection_id]
            checked = collection.tool_ids if entry_id == collection_id else (entry_id,)
            return _Target(
                settings_ids=(collection_id, *collection.tool_ids),
                own_minimum=collection.minimum_provider_confidence,
                tools=tuple(self._tool(tool_id) for tool_id in checked),
            )
        definition = self._definitions.get(entry_id)
        if definition is None:
            return None
        return _Target(
            settings_ids=(entry_id,),
            own_minimum=definition.minimum_provider_confidence,
            tools=(self._tool(entry_id),),
        )

    def _tool(self, tool_id: str) -> _Tool:
        definition = self._definitions[tool_id]
        return definition, self._implementation(definition)

    async def configuration(self, entry_id: str) -> ConfigurationState:
        """The combined configuration state of an entry's tools, for listings.

        An unknown entry counts as configured: it has nothing to configure.
        """
        target = self._target(entry_id)
        missing, problems = await self._configuration(target.tools if target else ())
        return ConfigurationState(missing_required_fields=missing, problems=problems)

    async def _configuration(
        self, tools: Iterable[_Tool]
    ) -> tuple[tuple[str, ...], tuple[str, ...]]:
        missing: list[str] = []
        problems: list[str] = []
        for definition, implementation in tools:
            state = await self._settings.configuration_state(definition, implementation)
            missing.extend(state.missing_required_fields)
            problems.extend(state.problems)
        return tuple(missing), tuple(problems)

    # Requests.

    async def runnable_tools(
        self,
        selected_ids: Iterable[str],
        provider: ProviderContext,
        component: Component,
        chat: ChatContext,
        may_run_tools: bool,
    ) -> list[RunnableTool]:
        """The tools one request offers, resolved for it.

        Nothing runs when tool use is off, when ``may_run_tools`` is false (the component shows
        no tool selection and its rules name no tools), or when the model cannot call tools.
        Otherwise the candidates are the tools visible in ``component`` that are either
        context tools or part of the expanded selection; each must pass :meth:`check` under the
        chat's outbound restriction and then resolve (rules 26 and 27).
        """
        offered = await self._offered(selected_ids, provider, component, chat, may_run_tools)
        context = ToolResolutionContext(provider=provider, component=component, chat=chat)
        runnable = []
        for definition, implementation in offered:
            tool = await resolve(definition, implementation, context)
            if tool is not None:
                runnable.append(tool)
        return runnable

    async def filter_tool_ids_for_provider(
        self,
        selected_ids: Iterable[str],
        provider: ProviderContext,
        component: Component,
        chat: ChatContext | None = None,
        *,
        may_run_tools: bool = True,
    ) -> list[str]:
        """The ids of the tools a request would offer, for the token counter.

        The same filter as :meth:`runnable_tools` without resolving functions, which a token
        estimate does not need.
        """
        chat = chat if chat is not None else ChatContext()
        offered = await self._offered(selected_ids, provider, component, chat, may_run_tools)
        return [definition.id for definition, _ in offered]

    def tool_policy_prompt(self, runnable: Sequence[RunnableTool]) -> str:
        """The instructions appended to the system prompt; see :func:`tool_policy_prompt`."""
        return tool_policy_prompt(runnable)

    async def _offered(
        self,
        selected_ids: Iterable[str],
        provider: ProviderContext,
        component: Component,
        chat: ChatContext,
        may_run_tools: bool,
    ) -> list[_Tool]:
        if not self._settings.tools_enabled:
            logger.debug("Tool use is switched off; no tools are offered.")
            return []
        if not may_run_tools:
            logger.debug("Component %s may not run tools; none are offered.", component.value)
            return []
        if not provider.can_use_tools:
            logger.info("The model of provider %r cannot call tools.", provider.name)
            return []
        selected = set(self.expand_selection(selected_ids))
        restriction = chat.requirements.outbound_restriction
        offered = []
        for definition in self._definitions.values():
            if definition.activation == ToolActivation.SELECTION and definition.id not in selected:
                continue
            implementation = self._implementation(definition)
            if not definition.visible_in.is_visible_in(component):
                logger.debug("Tool %r is not visible in %s.", definition.id, component.value)
            elif not _model_can_use(provider, [implementation]):
                logger.info("Tool %r needs model capabilities the model lacks.", definition.id)
            elif reasons := (await self.check(definition.id, provider, restriction)).reasons:
                names = ", ".join(reason.name for reason in reasons)
                logger.info("Tool %r is left out of this request: %s.", definition.id, names)
            else:
                offered.append((definition, implementation))
        return offered


def _model_can_use(
    provider: ProviderContext, implementations: Iterable[ToolImplementation]
) -> bool:
    """The model can call tools at all, and has what each tool requires of it."""
    return provider.can_use_tools and all(
        implementation.required_capabilities <= provider.capabilities
        for implementation in implementations
    )


def _outbound_summary(
    implementations: Sequence[ToolImplementation],
) -> tuple[ToolOutboundData, bool]:
    """The most outbound data of ``implementations``, and whether those sending it police it."""
    outbound = max(
        (implementation.outbound_data for implementation in implementations),
        key=_OUTBOUND_ORDER.index,
    )
    beyond = [
        implementation
        for implementation in implementations
        if implementation.outbound_data
        not in (ToolOutboundData.NONE, ToolOutboundData.CONFIGURED_SERVICE)
    ]
    enforces = all(
        implementation.enforces_outbound_data_restriction
        for implementation in beyond or implementations
    )
    return outbound, enforces
