"""Running one tool call the model asked for, and turning whatever happens into an outcome.

The executor never raises for anything a tool or a model does wrong: every call ends as a
:class:`ToolCallOutcome` with content for the model and a trace for the user. Only cancellation
passes through, so a user's stop ends the run.

Before a tool runs, the call's arguments are checked against the ``parameters`` of the function
the model was offered for this request (a context tool's tailored function, where it has one).
Arguments that break it never reach the tool: the model gets one message naming every problem
(:func:`studio.tools.validation.argument_problems`) and can call again. Optional arguments sent
as null count as left out.

What an outcome demands of the chat (confidence, data security, an outbound restriction) comes
only from a successful call; a blocked or failed call demands nothing.

In a chat that has taken in outside content, a call that would send model-chosen data out or
change things reaches the decision point first (:mod:`studio.tools.approvals`): it runs only
when the tool is allowed for such chats or the approver approves it, and otherwise ends BLOCKED
without having run. A successful result that carries outside content reaches the model fenced
(:mod:`studio.tools.fencing`); the trace keeps the result as the tool returned it.

Log records carry the tool id and the call id, never argument values, results or settings; the
traceback of a failing tool is logged too, so tools keep those out of exception messages.
Settings never reach a trace, and arguments the tool declares sensitive appear there masked.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Awaitable, Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

from studio.errors import StudioError, ToolArgumentError, ToolExecutionBlocked
from studio.kernel.approval import ApprovalReason, ApprovalRequest, Approver, Decision
from studio.kernel.calls import ToolCall, ToolInvocationTrace, TraceStatus, parse_arguments
from studio.kernel.content import ContentSource
from studio.kernel.context import (
    MASK,
    ChatContext,
    Progress,
    ProviderContext,
    SettingsValues,
    ToolExecutionContext,
)
from studio.kernel.definition import Component, ToolDefinition
from studio.kernel.policy import (
    ConfidenceLevel,
    DataSecurity,
    OutboundDataRequirement,
    is_outbound_data_allowed,
)
from studio.kernel.result import Source, ToolExecutionResult
from studio.kernel.translatable import QT_TRANSLATE_NOOP, TranslatableText, Translate, fill
from studio.tools import fencing
from studio.tools.addresses import find_web_addresses, without_echoes
from studio.tools.approvals import approval_reasons, refusal
from studio.tools.runnable import RunnableTool
from studio.tools.validation import argument_problems

if TYPE_CHECKING:
    from studio.tools.implementation import ToolImplementation

__all__ = [
    "INVALID_CALL_CONTENT",
    "SettingsLookup",
    "ToolCallOutcome",
    "ToolExecutor",
]

logger = logging.getLogger(__name__)

SettingsLookup = Callable[[ToolDefinition], Awaitable[SettingsValues]]
"""Returns a tool's effective settings, secrets included."""
KnownTools = Callable[[], Iterable[tuple[ToolDefinition, "ToolImplementation"]]]
"""Returns every installed tool with its implementation."""
AllowedInUntrustedChats = Callable[[str], bool]
"""Whether the user or the organisation let the tool with this id run without approval in
chats that have taken in outside content."""

INVALID_CALL_CONTENT = "The tool call was invalid."
"""What the model reads for a call that cannot be run as sent."""

_DEFAULT_ICON = "build"

# User-facing status messages; the UI translates them in the "ToolExecutor" context.
_NOT_OFFERED = QT_TRANSLATE_NOOP(
    "ToolExecutor",
    "The model called a tool that was not offered for this request: it is not selected here, "
    "or it is switched off, not configured or not allowed for this provider.",
)
_UNKNOWN_FUNCTION = QT_TRANSLATE_NOOP(
    "ToolExecutor", "The model called the function {function!r}, which no installed tool provides."
)
_OUTBOUND_BLOCKED = QT_TRANSLATE_NOOP(
    "ToolExecutor",
    "This chat now limits where its data may be sent, and this tool would send data beyond "
    "the configured services.",
)
_OUTBOUND_BLOCKED_BY = QT_TRANSLATE_NOOP(
    "ToolExecutor",
    "Content from {origin} limits where this chat's data may be sent, and this tool would send "
    "data beyond the configured services.",
)
_INVALID_ARGUMENTS = QT_TRANSLATE_NOOP(
    "ToolExecutor", "The model sent arguments that are not a JSON object."
)
_ARGUMENTS_REFUSED = QT_TRANSLATE_NOOP("ToolExecutor", "The tool refused an argument: {message}")
_ARGUMENTS_INVALID = QT_TRANSLATE_NOOP(
    "ToolExecutor", "The model's arguments do not fit the tool's parameters: {message}"
)
_SCHEMA_UNUSABLE = QT_TRANSLATE_NOOP(
    "ToolExecutor",
    "The tool declares its parameters with a schema that cannot be used, so it was not run: "
    "{message}",
)
_FAILED = QT_TRANSLATE_NOOP("ToolExecutor", "The tool failed: {message}")
_INVALID_CALL_NAME = QT_TRANSLATE_NOOP("ToolExecutor", "Invalid tool call")
_INVALID_CALL = QT_TRANSLATE_NOOP(
    "ToolExecutor", "The model sent a tool call that could not be read."
)


@dataclass(frozen=True, kw_only=True)
class ToolCallOutcome:
    """The result of one call: content for the model, a trace, and demands on the chat."""

    content: str
    """What the model receives as the call's result."""
    trace: ToolInvocationTrace
    sources: tuple[Source, ...] = ()
    required_provider_confidence: ConfidenceLevel = ConfidenceLevel.NONE
    required_data_security: DataSecurity = DataSecurity.NOT_SPECIFIED
    required_outbound_restriction: OutboundDataRequirement | None = None
    returned_web_addresses: frozenset[str] = frozenset()
    """Addresses in the content that the call's own arguments do not contain. Echoes are left
    out so that a made-up address cannot become "given to the model" by being repeated."""
    untrusted_sources: tuple[ContentSource, ...] = ()
    """The outside sources whose text the content carries; the chat is marked by the first."""

    @property
    def is_error(self) -> bool:
        """Whether the model should read the content as an error (blocked or failed)."""
        return self.trace.status != TraceStatus.SUCCESS


class ToolExecutor:
    """Runs the calls of a tool-calling run, one at a time."""

    def __init__(
        self,
        settings_values: SettingsLookup,
        translate: Translate = str,
        *,
        known_tools: KnownTools | None = None,
        approver: Approver | None = None,
        allowed_in_untrusted_chats: AllowedInUntrustedChats | None = None,
    ) -> None:
        """Create an executor.

        Args:
            settings_values: Returns a tool's effective settings.
            translate: Renders block messages in the UI language; English by default. Block
                messages reach the model in that language too, so it can quote them.
            known_tools: Every installed tool, for telling a call to a tool that was not
                offered from a call to a function that does not exist; none by default.
            approver: Decides calls that need approval in chats with outside content; without
                one, nobody can be asked and such calls are blocked.
            allowed_in_untrusted_chats: Whether a tool, by id, may run in such chats without
                approval; no tool may by default.
        """
        self._settings_values = settings_values
        self._translate = translate
        self._known_tools = known_tools or (lambda: ())
        self._approver = approver
        self._allowed_in_untrusted_chats = allowed_in_untrusted_chats or (lambda _tool_id: False)

    async def execute(
        self,
        call: ToolCall,
        *,
        runnable: Sequence[RunnableTool],
        provider: ProviderContext,
        chat: ChatContext,
        component: Component,
        order: int,
        progress: Progress | None = None,
    ) -> ToolCallOutcome:
        """Run ``call`` if the request allows it.

        Args:
            call: The call as the model sent it; its function name is matched exactly.
            runnable: The tools this request may run.
            provider: The provider and model of the request.
            chat: The chat, whose outbound restriction is checked again before the call.
            component: Where in the app the request comes from.
            order: The call's position among the answer's calls, from 1.
            progress: Receives ``(done, wanted)`` from a tool that works through several items.

        Returns:
            The outcome; blocked and failed calls are outcomes too, never exceptions.

        Raises:
            asyncio.CancelledError: the run was cancelled; it always passes through.
        """
        call_id, function_name, arguments_json = (
            call.call_id,
            call.function_name,
            call.arguments_json,
        )
        tool = next((tool for tool in runnable if tool.function.name == function_name), None)
        if tool is None:
            logger.info("Tool %r is not runnable in call %r.", function_name, call_id)
            return self._not_offered(call_id, order, function_name, arguments_json)
        implementation = tool.implementation
        traced = _Call(
            call_id=call_id,
            order=order,
            tool_id=tool.definition.id,
            display_name=implementation.display_name(),
            tool_icon=implementation.icon,
        )
        if not is_outbound_data_allowed(
            chat.requirements.outbound_restriction,
            implementation.outbound_data,
            enforces_restriction=implementation.enforces_outbound_data_restriction,
        ):
            return _outbound_blocked(traced, function_name, chat.requirements.outbound.origin)
        arguments = parse_arguments(arguments_json)
        if arguments is None:
            logger.warning("Tool %r got invalid arguments in call %r.", traced.tool_id, call_id)
            return traced.outcome(
                INVALID_CALL_CONTENT, TraceStatus.ERROR, message=_INVALID_ARGUMENTS
            )
        trace_arguments = _trace_arguments(
            traced, arguments, implementation.sensitive_trace_argument_names
        )
        traced = replace(traced, arguments=trace_arguments)
        parameters = tool.function.parameters
        arguments = _without_optional_nulls(arguments, parameters)
        refused = _schema_refusal(traced, arguments, parameters)
        if refused is not None:
            return refused
        reasons = approval_reasons(implementation, chat)
        if reasons:
            decision = await self._decide(traced, function_name, reasons, chat)
            if decision is not Decision.APPROVED:
                return self._not_approved(traced, decision, chat)
        request = _Request(provider=provider, chat=chat, component=component, progress=progress)
        return await self._run(traced, tool, arguments, arguments_json, request)

    async def _decide(
        self,
        call: _Call,
        function_name: str,
        reasons: frozenset[ApprovalReason],
        chat: ChatContext,
    ) -> Decision:
        """The decision point: allowed for such chats, else the approver's answer."""
        source = chat.requirements.untrusted_source
        if source is None or self._allowed_in_untrusted_chats(call.tool_id):
            return Decision.APPROVED
        if self._approver is None:
            decision = Decision.NOBODY_TO_ASK
        else:
            request = ApprovalRequest(
                tool_id=call.tool_id,
                call_id=call.call_id,
                function_name=function_name,
                arguments=call.arguments,
                reasons=reasons,
                untrusted_source=source,
            )
            decision = await self._approver(request)
        logger.info(
            "Call %r of tool %r needs approval (%s): %s.",
            call.call_id,
            call.tool_id,
            ", ".join(sorted(reason.value for reason in reasons)),
            decision.value,
        )
        return decision

    def _not_approved(self, call: _Call, decision: Decision, chat: ChatContext) -> ToolCallOutcome:
        template, values = refusal(decision, chat)
        content = fill(template, values, self._translate)
        return call.outcome(content, TraceStatus.BLOCKED, message=template, values=values)

    def _not_offered(
        self, call_id: str, order: int, function_name: str, arguments_json: str
    ) -> ToolCallOutcome:
        """A blocked call to a tool this request did not offer, with what the model sent.

        An installed tool is named as the trace names it when it runs; its own sensitive
        arguments are masked. For a function no tool provides, every argument name any
        installed tool declares sensitive is masked, since the model may have mixed them up.
        """
        known = list(self._known_tools())
        match = next((pair for pair in known if pair[0].function.name == function_name), None)
        if match is not None:
            definition, implementation = match
            call = _Call(
                call_id=call_id,
                order=order,
                tool_id=definition.id,
                display_name=implementation.display_name(),
                tool_icon=implementation.icon,
            )
            sensitive = implementation.sensitive_trace_argument_names
            message, values = _NOT_OFFERED, {}
        else:
            call = _Call(call_id=call_id, order=order, display_name=function_name)
            sensitive = frozenset().union(
                *(implementation.sensitive_trace_argument_names for _, implementation in known)
            )
            message, values = _UNKNOWN_FUNCTION, {"function": function_name}
        arguments = parse_arguments(arguments_json)
        if arguments:
            call = replace(call, arguments=_trace_arguments(call, arguments, sensitive))
        return call.outcome(
            f"Tool {function_name!r} is not available.",
            TraceStatus.BLOCKED,
            message=message,
            values=values,
        )

    def create_invalid_call_outcome(self, call_id: str, order: int) -> ToolCallOutcome:
        """The outcome of a call that cannot be run as sent (no id, a malformed name)."""
        call = _Call(call_id=call_id, order=order, display_name=_INVALID_CALL_NAME)
        return call.outcome(INVALID_CALL_CONTENT, TraceStatus.ERROR, message=_INVALID_CALL)

    async def _run(
        self,
        call: _Call,
        tool: RunnableTool,
        arguments: dict[str, Any],
        arguments_json: str,
        request: _Request,
    ) -> ToolCallOutcome:
        started = False
        try:
            settings = await self._settings_values(tool.definition)

            async def approve(reasons: frozenset[ApprovalReason]) -> Decision:
                return await self._decide(call, tool.function.name, reasons, request.chat)

            context = ToolExecutionContext(
                definition=tool.definition,
                tool_call_id=call.call_id,
                settings=settings,
                provider=request.provider,
                chat=request.chat,
                component=request.component,
                progress=request.progress,
                approve=approve,
            )
            started = True
            result = await tool.implementation.execute(arguments, context)
            content = result.to_model_content()
        except ToolExecutionBlocked as blocked:
            logger.info("Tool %r blocked call %r.", call.tool_id, call.call_id)
            values = dict(blocked.values)
            content = fill(blocked.template, values, self._translate)
            return call.outcome(
                content, TraceStatus.BLOCKED, message=blocked.template, values=values
            )
        except ToolArgumentError as refusal:
            # The refusal repeats a value the model sent, so it is not logged.
            logger.info("Tool %r refused an argument of call %r.", call.tool_id, call.call_id)
            message = _error_message(refusal)
            return call.outcome(
                f"Tool execution failed: {message}",
                TraceStatus.ERROR,
                message=_ARGUMENTS_REFUSED,
                values={"message": message},
            )
        except Exception as error:
            # The traceback is logged for diagnosis, so tools keep secrets and argument values
            # out of exception messages; a refusal that repeats a value is a ToolArgumentError.
            what = "failed on" if started else "could not read its settings for"
            logger.exception("Tool %r %s call %r.", call.tool_id, what, call.call_id)
            message = _error_message(error)
            failed = call.outcome(
                f"Tool execution failed: {message}",
                TraceStatus.ERROR,
                message=_FAILED,
                values={"message": message},
                executed=started,
            )
            return _fenced_failure(failed, tool, error, message)
        echoed = [arguments_json, *_texts_in(arguments)]
        untrusted = _untrusted_sources(tool, result)
        return ToolCallOutcome(
            content=fencing.fence(content, untrusted) if untrusted else content,
            trace=replace(
                call.trace(content, TraceStatus.SUCCESS, executed=True), removals=result.removals
            ),
            sources=result.sources,
            required_provider_confidence=result.required_provider_confidence,
            required_data_security=result.required_data_security,
            required_outbound_restriction=result.required_outbound_restriction,
            returned_web_addresses=frozenset(without_echoes(find_web_addresses(content), echoed)),
            untrusted_sources=untrusted,
        )


@dataclass(frozen=True, kw_only=True)
class _Request:
    provider: ProviderContext
    chat: ChatContext
    component: Component
    progress: Progress | None


@dataclass(frozen=True, kw_only=True)
class _Call:
    """What every trace of one call shares."""

    call_id: str
    order: int
    tool_id: str = ""
    display_name: str
    tool_icon: str = _DEFAULT_ICON
    arguments: dict[str, str] = field(default_factory=dict)

    def trace(
        self,
        content: str,
        status: TraceStatus,
        *,
        message: TranslatableText | None = None,
        values: Mapping[str, object] | None = None,
        executed: bool = False,
    ) -> ToolInvocationTrace:
        return ToolInvocationTrace(
            order=self.order,
            tool_id=self.tool_id,
            display_name=self.display_name,
            tool_icon=self.tool_icon,
            tool_call_id=self.call_id,
            status=status,
            was_executed=executed,
            status_message=message,
            status_values=dict(values or {}),
            arguments=self.arguments,
            result=content,
        )

    def outcome(
        self,
        content: str,
        status: TraceStatus,
        *,
        message: TranslatableText | None = None,
        values: Mapping[str, object] | None = None,
        executed: bool = False,
    ) -> ToolCallOutcome:
        """An outcome that demands nothing of the chat: for blocked and failed calls."""
        trace = self.trace(content, status, message=message, values=values, executed=executed)
        return ToolCallOutcome(content=content, trace=trace)


def _fenced_failure(
    failed: ToolCallOutcome, tool: RunnableTool, error: Exception, message: str
) -> ToolCallOutcome:
    """A failure whose message may quote outside text, fenced like a result.

    Studio's own errors are worded by Studio or by the tool on purpose; any other exception of
    a tool that returns outside content (a library's, say) may carry what a server sent.
    """
    if isinstance(error, StudioError) or not tool.implementation.returns_untrusted_content:
        return failed
    source = _tool_source(tool)
    return replace(
        failed,
        content=f"Tool execution failed: {fencing.fence(message, [source])}",
        untrusted_sources=(source,),
    )


def _tool_source(tool: RunnableTool) -> ContentSource:
    """The tool itself as a source of outside content."""
    return ContentSource.tool(tool.definition.id, label=tool.implementation.display_name())


def _untrusted_sources(
    tool: RunnableTool, result: ToolExecutionResult
) -> tuple[ContentSource, ...]:
    """The outside sources of a result: as the result names them, else the tool's own.

    A result that does not say has none if its tool declares no outside content, and counts
    as one source, the tool itself, if it does.
    """
    if result.untrusted_sources is not None:
        return result.untrusted_sources
    if not tool.implementation.returns_untrusted_content:
        return ()
    return (_tool_source(tool),)


def _outbound_blocked(call: _Call, function_name: str, origin: str) -> ToolCallOutcome:
    logger.info("The outbound restriction blocked tool %r in call %r.", call.tool_id, call.call_id)
    content = (
        f"Tool {function_name!r} cannot run: this chat now restricts where its data may be "
        "sent, and this tool would send data beyond the configured services. Continue without "
        "this tool."
    )
    if origin:
        return call.outcome(
            content, TraceStatus.BLOCKED, message=_OUTBOUND_BLOCKED_BY, values={"origin": origin}
        )
    return call.outcome(content, TraceStatus.BLOCKED, message=_OUTBOUND_BLOCKED)


def _without_optional_nulls(
    arguments: dict[str, Any], parameters: Mapping[str, Any]
) -> dict[str, Any]:
    """The arguments without the optional ones the model sent as null.

    Hosts in strict mode send every optional argument, as null when the model leaves it out
    (see :func:`studio.providers.tool_shapes.strict_parameters`). Null and absent mean the same
    to a tool, so an optional null is left out before the schema check and the tool.
    """
    required = parameters.get("required")
    names = set(required) if isinstance(required, list) else set()
    if all(value is not None or name in names for name, value in arguments.items()):
        return arguments
    return {name: value for name, value in arguments.items() if value is not None or name in names}


def _schema_refusal(
    call: _Call, arguments: Mapping[str, Any], parameters: Mapping[str, Any]
) -> ToolCallOutcome | None:
    """An error outcome for arguments that break the offered schema, or None when they fit.

    The problems quote the values the model sent, so they go to the model and the trace, and
    the log names only the tool and the call.
    """
    try:
        problems = argument_problems(arguments, parameters)
    except ValueError as error:
        # The schema's fault, not the model's; the reason names schema keywords, never values.
        reason = _error_message(error)
        logger.error(
            "Tool %r has an unusable parameters schema; call %r not run: %s",
            call.tool_id,
            call.call_id,
            reason,
        )
        return call.outcome(
            "Tool execution failed: the tool's parameters schema cannot be used, so the tool "
            "cannot be called. Continue without it.",
            TraceStatus.ERROR,
            message=_SCHEMA_UNUSABLE,
            values={"message": reason},
        )
    if problems is None:
        return None
    logger.info("The arguments of call %r do not fit tool %r.", call.call_id, call.tool_id)
    return call.outcome(
        f"Tool execution failed: {problems}",
        TraceStatus.ERROR,
        message=_ARGUMENTS_INVALID,
        values={"message": problems},
    )


def _trace_arguments(
    call: _Call, arguments: Mapping[str, Any], sensitive: frozenset[str]
) -> dict[str, str]:
    try:
        return {
            name: MASK if name in sensitive else _compact(value)
            for name, value in arguments.items()
        }
    except (TypeError, ValueError, RecursionError):
        logger.warning(
            "Could not format the arguments of tool %r in call %r.", call.tool_id, call.call_id
        )
        return {}


def _compact(value: object) -> str:
    if isinstance(value, str):
        return value
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def _texts_in(value: object) -> Iterator[str]:
    """Every string in a parsed JSON value, keys included, without recursion."""
    pending = [value]
    while pending:
        item = pending.pop()
        if isinstance(item, str):
            yield item
        elif isinstance(item, dict):
            pending.extend(item.keys())
            pending.extend(item.values())
        elif isinstance(item, list):
            pending.extend(item)


def _error_message(error: BaseException) -> str:
    return str(error).strip() or type(error).__name__
