"""Small real tools for tests, and helpers to run them.

Each tool is a genuine :class:`ToolImplementation` whose function declares its parameters the
two ways real tools do: as a :class:`~studio.tools.arguments.ToolArguments` model, like the
built-ins, or as a plain JSON Schema, like an MCP server's ``inputSchema``. Registry, executor
and loop tests so exercise the real contracts, the executor's schema check included.
Every tool records its calls in ``calls``. Display names use :class:`TranslatableText` directly
rather than ``QT_TRANSLATE_NOOP``, so ``pyside6-lupdate`` does not collect test strings.
"""

from __future__ import annotations

import asyncio
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Annotated, Any, ClassVar

from pydantic import Field

from studio.errors import ToolExecutionBlocked
from studio.kernel.context import SettingsValues, ToolExecutionContext
from studio.kernel.definition import ToolDefinition, ToolFunction
from studio.kernel.policy import (
    ConfidenceLevel,
    DataSecurity,
    OutboundDataRequirement,
    ToolOutboundData,
)
from studio.kernel.result import Source, ToolExecutionResult
from studio.kernel.translatable import TranslatableText
from studio.tools.arguments import ToolArguments
from studio.tools.implementation import ToolImplementation
from studio.tools.runnable import RunnableTool
from studio.tools.setting_fields import IntegerSetting, SecretSetting, TextSetting, ToolSettings

__all__ = [
    "BlockingTool",
    "EchoArguments",
    "EchoTool",
    "FailingTool",
    "LinksTool",
    "PlainSchemaTool",
    "RecordedCall",
    "RecordingTool",
    "SearchTool",
    "StaticSettings",
    "VaultTool",
    "WaitingTool",
    "runnable",
]

_CONTEXT = "StudioTestTools"


@dataclass(frozen=True, kw_only=True)
class RecordedCall:
    """One call a test tool received."""

    arguments: dict[str, Any]
    context: ToolExecutionContext


def _query_schema(
    properties: Mapping[str, Any], *, required: tuple[str, ...] = ()
) -> dict[str, Any]:
    """A plain JSON Schema for a function's arguments, as an MCP server declares one."""
    return {
        "type": "object",
        "properties": dict(properties),
        "required": list(required),
        "additionalProperties": False,
    }


class EchoArguments(ToolArguments):
    """The arguments of :class:`EchoTool`."""

    text: Annotated[str, Field(description="The text to return.", max_length=1000)]
    secret: str | None = Field(default=None, description="A value that must never show in a trace.")


class RecordingTool(ToolImplementation):
    """The base of the test tools: a definition from class attributes, and recorded calls."""

    # Like an ordinary local tool: its results are its own text and it changes nothing.
    returns_untrusted_content = False
    has_side_effects = False

    tool_id: ClassVar[str] = "recording"
    function_name: ClassVar[str] = "recording"
    name: ClassVar[str] = "Recording"
    """The English display name."""

    def __init__(self) -> None:
        self.calls: list[RecordedCall] = []

    @property
    def implementation_key(self) -> str:
        return self.tool_id

    def parameters(self) -> dict[str, Any]:
        """The function's JSON Schema; no arguments unless a subclass says otherwise."""
        return _query_schema({})

    def definition(self) -> ToolDefinition:
        return ToolDefinition(
            id=self.tool_id,
            implementation_key=self.implementation_key,
            function=ToolFunction(
                name=self.function_name,
                description=f"A test tool: {self.name}.",
                parameters=self.parameters(),
            ),
            system_prompt_instructions=f"Use {self.function_name} only in tests.",
        )

    def display_name(self) -> TranslatableText:
        return TranslatableText(_CONTEXT, self.name)

    def description(self) -> TranslatableText:
        return TranslatableText(_CONTEXT, f"{self.name}, a tool for tests.")

    async def execute(
        self, arguments: Mapping[str, Any], context: ToolExecutionContext
    ) -> ToolExecutionResult:
        self.calls.append(RecordedCall(arguments=dict(arguments), context=context))
        return await self.respond(arguments, context)

    async def respond(
        self, arguments: Mapping[str, Any], context: ToolExecutionContext
    ) -> ToolExecutionResult:
        """Answer a call; the default returns "ok"."""
        return ToolExecutionResult(text_content="ok")


class EchoTool(RecordingTool):
    """Returns its ``text`` argument; ``secret`` is optional and masked in traces.

    Its arguments are the :class:`EchoArguments` model, as a built-in declares them, so the
    executor refuses unknown or invalid arguments before the tool runs. Its data never leaves the
    app.
    """

    tool_id = "echo"
    function_name = "echo"
    name = "Echo"
    icon = "echo"
    outbound_data = ToolOutboundData.NONE
    sensitive_trace_argument_names = frozenset({"secret"})

    def parameters(self) -> dict[str, Any]:
        return EchoArguments.parameters()

    async def respond(
        self, arguments: Mapping[str, Any], context: ToolExecutionContext
    ) -> ToolExecutionResult:
        return ToolExecutionResult(text_content=EchoArguments.parse(arguments).text)


class VaultTool(RecordingTool):
    """Looks things up in a vault: a required plain field, a secret and a bounded number."""

    tool_id = "vault"
    function_name = "vault"
    name = "Vault"
    declared_settings: ClassVar[ToolSettings] = ToolSettings(
        TextSetting(name="endpoint", label="Endpoint", required=True),
        SecretSetting(name="apiKey", label="API key"),
        IntegerSetting(name="limit", label="Limit", default=5, minimum=1, maximum=10),
    )

    def definition(self) -> ToolDefinition:
        return (
            super()
            .definition()
            .model_copy(update={"settings_schema": self.declared_settings.schema()})
        )


class BlockingTool(RecordingTool):
    """Refuses every call by policy with :data:`MESSAGE`, naming ``target``."""

    MESSAGE = TranslatableText(_CONTEXT, "Your organisation does not allow {target}.")

    tool_id = "blocking"
    function_name = "blocking"
    name = "Blocking"
    outbound_data = ToolOutboundData.CONFIGURED_SERVICE

    def __init__(self, target: str = "this service") -> None:
        super().__init__()
        self.target = target

    async def respond(
        self, arguments: Mapping[str, Any], context: ToolExecutionContext
    ) -> ToolExecutionResult:
        raise ToolExecutionBlocked(self.MESSAGE, target=self.target)


class FailingTool(RecordingTool):
    """Raises ``error`` (a plain ``RuntimeError`` by default) on every call.

    Any exception works, ``asyncio.CancelledError`` included, to test what passes through.
    """

    tool_id = "failing"
    function_name = "failing"
    name = "Failing"
    outbound_data = ToolOutboundData.NONE

    def __init__(self, error: BaseException | None = None) -> None:
        super().__init__()
        self.error = error if error is not None else RuntimeError("The backend did not answer.")

    def parameters(self) -> dict[str, Any]:
        return _query_schema({"query": {"type": "string", "description": "Ignored."}})

    async def respond(
        self, arguments: Mapping[str, Any], context: ToolExecutionContext
    ) -> ToolExecutionResult:
        raise self.error


class PlainSchemaTool(RecordingTool):
    """Declares its arguments as a plain JSON Schema, like an MCP server's ``inputSchema``.

    :data:`SCHEMA` uses what such schemas use, ``$schema`` included: a string ``query`` and
    ``site`` that are required, an integer ``page`` from 1 to 10 and an ``order`` from an enum.
    A test may pass its own ``schema`` instead. Every call it runs returns "ok".
    """

    tool_id = "lookup"
    function_name = "lookup"
    name = "Lookup"

    SCHEMA: ClassVar[dict[str, Any]] = {
        "$schema": "http://json-schema.org/draft-07/schema#",
        "type": "object",
        "properties": {
            "query": {"type": "string", "description": "What to look up."},
            "site": {"type": "string", "description": "Where to look."},
            "page": {"type": "integer", "minimum": 1, "maximum": 10},
            "order": {"type": "string", "enum": ["newest", "oldest"]},
        },
        "required": ["query", "site"],
        "additionalProperties": False,
    }

    def __init__(self, schema: dict[str, Any] | None = None) -> None:
        super().__init__()
        self.schema = schema if schema is not None else self.SCHEMA

    def parameters(self) -> dict[str, Any]:
        return self.schema


class SearchTool(RecordingTool):
    """Returns JSON results with sources and demands a HIGH provider by default.

    Like a search over a configured internal service: its data goes only there, and what it
    returns tightens the chat.
    """

    tool_id = "search_sources"
    function_name = "search_sources"
    name = "Search sources"
    outbound_data = ToolOutboundData.CONFIGURED_SERVICE

    DEFAULT_SOURCES: ClassVar[tuple[Source, ...]] = (
        Source(title="Handbook", url="https://intranet.example/handbook"),
        Source(title="Über uns", url="https://intranet.example/about"),
    )

    def __init__(
        self,
        sources: tuple[Source, ...] = DEFAULT_SOURCES,
        *,
        confidence: ConfidenceLevel = ConfidenceLevel.HIGH,
        data_security: DataSecurity = DataSecurity.SELF_HOSTED,
        outbound: OutboundDataRequirement | None = None,
    ) -> None:
        super().__init__()
        self.sources = sources
        self.confidence = confidence
        self.data_security = data_security
        self.outbound = outbound

    def parameters(self) -> dict[str, Any]:
        return _query_schema(
            {"query": {"type": "string", "minLength": 1, "description": "What to search for."}},
            required=("query",),
        )

    async def respond(
        self, arguments: Mapping[str, Any], context: ToolExecutionContext
    ) -> ToolExecutionResult:
        query = str(arguments["query"])
        results = [{"title": source.title, "url": source.url} for source in self.sources]
        return ToolExecutionResult(
            json_content={"query": query, "results": results},
            sources=self.sources,
            required_provider_confidence=self.confidence,
            required_data_security=self.data_security,
            required_outbound_restriction=self.outbound,
        )


class LinksTool(RecordingTool):
    """Returns ``links`` as a Markdown list, after quoting its ``query`` back.

    The quoted query makes it a tool that echoes: addresses in the query come back in the
    result. It sends queries to third parties, like a web search.
    """

    tool_id = "find_links"
    function_name = "find_links"
    name = "Find links"
    outbound_data = ToolOutboundData.THIRD_PARTY_QUERIES

    def __init__(self, links: tuple[str, ...] = ("https://example.org/found",)) -> None:
        super().__init__()
        self.links = links

    def parameters(self) -> dict[str, Any]:
        return _query_schema(
            {"query": {"type": "string", "description": "What to find links for."}},
            required=("query",),
        )

    async def respond(
        self, arguments: Mapping[str, Any], context: ToolExecutionContext
    ) -> ToolExecutionResult:
        query = str(arguments["query"])
        lines = [f"Links for: {query}", *(f"- <{link}>" for link in self.links)]
        return ToolExecutionResult(text_content="\n".join(lines))


class WaitingTool(RecordingTool):
    """Sets ``started`` and then waits for ``release``; for cancellation and ordering tests."""

    tool_id = "waiting"
    function_name = "waiting"
    name = "Waiting"
    outbound_data = ToolOutboundData.NONE

    def __init__(self) -> None:
        super().__init__()
        self.started = asyncio.Event()
        self.release = asyncio.Event()
        self.finished = False

    async def respond(
        self, arguments: Mapping[str, Any], context: ToolExecutionContext
    ) -> ToolExecutionResult:
        self.started.set()
        await self.release.wait()
        self.finished = True
        return ToolExecutionResult(text_content="released")


def runnable(implementation: ToolImplementation) -> RunnableTool:
    """The tool as a request would run it, with its registered function and instructions."""
    definition = implementation.definition()
    return RunnableTool(
        definition=definition,
        implementation=implementation,
        function=definition.function,
        instructions=definition.system_prompt_instructions,
    )


class StaticSettings:
    """A settings lookup for the executor: fixed values per tool id, calls recorded.

    Fields named in ``secret_fields`` are secrets, as the settings service would mark them.
    """

    def __init__(
        self,
        values: Mapping[str, Mapping[str, str]] | None = None,
        *,
        secret_fields: frozenset[str] = frozenset(),
    ) -> None:
        self.values = {tool_id: dict(fields) for tool_id, fields in (values or {}).items()}
        self.secret_fields = secret_fields
        self.requested: list[str] = []

    async def __call__(self, definition: ToolDefinition) -> SettingsValues:
        self.requested.append(definition.id)
        return SettingsValues(self.values.get(definition.id, {}), self.secret_fields)
