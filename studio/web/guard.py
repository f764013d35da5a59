"""The prompt-injection guard: every tool that returns outside content filters it here.

A tool hands the guard all the texts one call produced (a page's content, title, description,
dates and authors; every mail it read) in one :meth:`PromptInjectionGuard.sanitize_batch`.
The guard scans them in a worker thread, so the event loop never waits on the scanner, and
gives back each text sanitized, in the order it came.

Findings are counted per :class:`ContentSource`, not per text: all fields of one page share
``ContentSource.web_page(url)``, so the user hears about the page, not about its title and its
body separately. Inside an :meth:`~PromptInjectionGuard.action` scope (one per user action, such
as one tool call or one answer) results are collected, and the outermost scope delivers one
:class:`GuardReport` to the reporter; the UI shows it as one notice. A call outside any scope
reports on its own.

Filtering never costs the user their answer: when the scanner fails or runs out of time, the
text passes unchanged and the report says that the source could not be checked. Tools must
therefore not depend on the filter having run.

Logs (logger ``studio.web.guard``) name sources and categories, never the content.
"""

from __future__ import annotations

import asyncio
import contextvars
import logging
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from types import TracebackType
from typing import TYPE_CHECKING

from studio.kernel.content import ContentSource
from studio.kernel.translatable import QT_TRANSLATE_NOOP, TranslatableText, fill
from studio.web.retrieval import format_url_for_log

if TYPE_CHECKING:
    # The scanner compiles its patterns and loads its model when imported, which takes longer
    # than starting the rest of the app; it is imported on the first scan, in the worker.
    from studio.injection import Finding, FindingCategory, SanitizeResult

__all__ = [
    "DEFAULT_TIMEOUT",
    "ActionScope",
    "GuardReport",
    "GuardText",
    "GuardedText",
    "PromptInjectionGuard",
    "Reporter",
    "Scanner",
    "SourceReport",
    "render_report",
    "report_messages",
]

logger = logging.getLogger(__name__)

Scanner = Callable[[str], "SanitizeResult"]
"""Scans one text; :func:`studio.injection.scan` unless a test injects another."""

DEFAULT_TIMEOUT = 20.0
"""Seconds one batch may scan before its unfinished texts pass unchecked."""

_REMOVED_ONE = QT_TRANSLATE_NOOP(
    "PromptInjectionGuard", "Studio removed suspicious instructions from {source} before using it."
)
_REMOVED_MANY = QT_TRANSLATE_NOOP(
    "PromptInjectionGuard",
    "Studio removed suspicious instructions from {n} sources before using them.",
)
_UNCHECKED_ONE = QT_TRANSLATE_NOOP(
    "PromptInjectionGuard",
    "Studio could not check {source} for prompt injections. The content is used as it is.",
)
_UNCHECKED_MANY = QT_TRANSLATE_NOOP(
    "PromptInjectionGuard",
    "Studio could not check {n} sources for prompt injections. The content is used as it is.",
)


@dataclass(frozen=True, slots=True)
class GuardText:
    """One text to filter, and the source it belongs to."""

    text: str
    source: ContentSource


@dataclass(frozen=True, slots=True)
class GuardedText:
    """One filtered text.

    Attributes:
        text: The sanitized text; the original when it could not be checked.
        source: The source it belongs to.
        findings: What was redacted (at most :data:`~studio.injection.MAX_FINDINGS`).
        redacted_count: How many spans were redacted in total.
        checked: False when the scanner failed or ran out of time.
    """

    text: str
    source: ContentSource
    findings: tuple[Finding, ...] = ()
    redacted_count: int = 0
    checked: bool = True


@dataclass(frozen=True, slots=True)
class SourceReport:
    """What was removed from one source during one action.

    Attributes:
        source: The source.
        redacted_count: How many spans were redacted from all of its texts.
        categories: The categories found, in the order first seen.
        findings: The first findings across its texts, for a "what was removed" view.
    """

    source: ContentSource
    redacted_count: int
    categories: tuple[FindingCategory, ...]
    findings: tuple[Finding, ...]


@dataclass(frozen=True, slots=True)
class GuardReport:
    """Everything one user action's filtering has to tell the user.

    Attributes:
        filtered: The sources something was removed from, in the order first seen.
        unchecked: The sources that could not be checked and were used as they are.
    """

    filtered: tuple[SourceReport, ...] = ()
    unchecked: tuple[ContentSource, ...] = ()

    @property
    def is_empty(self) -> bool:
        """Whether there is nothing to tell."""
        return not self.filtered and not self.unchecked

    @property
    def redacted_count(self) -> int:
        """How many spans were redacted across all sources."""
        return sum(report.redacted_count for report in self.filtered)


Reporter = Callable[[GuardReport], None]
"""Receives each report that is not empty; the UI shows it as one notice."""


def report_messages(
    report: GuardReport, translate: Callable[[TranslatableText], str] = str
) -> tuple[str, ...]:
    """The user-facing sentences of a report, translated, then filled in.

    Args:
        report: The report.
        translate: Renders a template in the UI language; English by default.

    Returns:
        One sentence for the filtered sources and one for the unchecked ones, where present.
    """
    messages: list[str] = []
    if report.filtered:
        sources = [entry.source for entry in report.filtered]
        messages.append(_message(_REMOVED_ONE, _REMOVED_MANY, sources, translate))
    if report.unchecked:
        messages.append(_message(_UNCHECKED_ONE, _UNCHECKED_MANY, report.unchecked, translate))
    return tuple(messages)


def render_report(report: GuardReport, translate: Callable[[TranslatableText], str] = str) -> str:
    """The report as one notice: its sentences, one per line."""
    return "\n".join(report_messages(report, translate))


def _message(
    one: TranslatableText,
    many: TranslatableText,
    sources: Sequence[ContentSource],
    translate: Callable[[TranslatableText], str],
) -> str:
    template = one if len(sources) == 1 else many
    return fill(template, {"source": sources[0].display_name, "n": len(sources)}, translate)


class _Collector:
    """Results of one action, grouped by source in the order sources first appear."""

    def __init__(self) -> None:
        self._counts: dict[ContentSource, int] = {}
        self._categories: dict[ContentSource, dict[FindingCategory, None]] = {}
        self._findings: dict[ContentSource, list[Finding]] = {}
        self._unchecked: dict[ContentSource, None] = {}

    def add(self, guarded: GuardedText) -> None:
        source = guarded.source
        if not guarded.checked:
            self._unchecked[source] = None
            return
        if not guarded.redacted_count:
            return
        self._counts[source] = self._counts.get(source, 0) + guarded.redacted_count
        categories = self._categories.setdefault(source, {})
        for finding in guarded.findings:
            categories[finding.category] = None
        kept = self._findings.setdefault(source, [])
        kept.extend(guarded.findings[: max(0, _max_findings() - len(kept))])

    def report(self) -> GuardReport:
        return GuardReport(
            filtered=tuple(
                SourceReport(
                    source=source,
                    redacted_count=count,
                    categories=tuple(self._categories[source]),
                    findings=tuple(self._findings[source]),
                )
                for source, count in self._counts.items()
            ),
            unchecked=tuple(self._unchecked),
        )


class ActionScope:
    """One user action: nested scopes join the outermost one, which reports once on exit.

    Use it as ``with guard.action():`` or ``async with guard.action():``; both work in
    coroutines. Tasks started inside the scope inherit it, so parallel page loads of one tool
    call end up in one report.
    """

    def __init__(self, guard: PromptInjectionGuard, reporter: Reporter | None = None) -> None:
        self._guard = guard
        self._reporter = reporter
        self._token: contextvars.Token[_Collector | None] | None = None

    def __enter__(self) -> ActionScope:
        if self._guard._scope.get() is None:
            self._token = self._guard._scope.set(_Collector())
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        if self._token is None:
            return
        collector = self._guard._scope.get()
        self._guard._scope.reset(self._token)
        self._token = None
        if collector is not None:
            self._guard._deliver(collector.report(), self._reporter)

    async def __aenter__(self) -> ActionScope:
        return self.__enter__()

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        self.__exit__(exc_type, exc, traceback)


class PromptInjectionGuard:
    """Filters outside content for prompt injections and reports what it removed.

    Args:
        reporter: Receives one report per user action; ``None`` only logs.
        scanner: Scans one text; tests inject failing or slow ones. By default
            :func:`studio.injection.scan`, imported by the first scan.
        timeout: Seconds one batch may scan; unfinished texts pass unchecked.
    """

    def __init__(
        self,
        *,
        reporter: Reporter | None = None,
        scanner: Scanner | None = None,
        timeout: float = DEFAULT_TIMEOUT,
    ) -> None:
        self._reporter = reporter
        self._scanner = scanner
        self._timeout = timeout
        self._scope: contextvars.ContextVar[_Collector | None] = contextvars.ContextVar(
            f"prompt_injection_scope_{id(self):x}", default=None
        )

    def action(self, reporter: Reporter | None = None) -> ActionScope:
        """A scope for one user action; only the outermost of nested scopes reports.

        Args:
            reporter: Receives this action's report instead of the guard's reporter, so the
                window that started the action can show it; used only by the outermost scope.
        """
        return ActionScope(self, reporter)

    async def sanitize(self, text: str, source: ContentSource) -> GuardedText:
        """Filter one text; prefer :meth:`sanitize_batch` for all texts of one call."""
        (guarded,) = await self.sanitize_batch([GuardText(text, source)])
        return guarded

    async def sanitize_batch(self, texts: Sequence[GuardText]) -> list[GuardedText]:
        """Filter many texts at once, in a worker thread; results come back in order.

        Blank texts are not scanned. When the scanner fails on a text, or the batch runs out
        of time, those texts come back unchanged and their sources are reported unchecked.
        """
        pending = [index for index, item in enumerate(texts) if item.text.strip()]
        outcomes: list[SanitizeResult | BaseException | None] = [None] * len(pending)
        stop = threading.Event()
        if pending:
            work = [texts[index] for index in pending]
            try:
                await asyncio.wait_for(
                    asyncio.to_thread(self._scan_all, work, outcomes, stop), self._timeout
                )
            except TimeoutError:
                logger.warning(
                    "The prompt-injection scan did not finish within %.1f s; %d text(s) pass "
                    "unchecked.",
                    self._timeout,
                    sum(outcome is None for outcome in outcomes),
                )
            except Exception as error:
                # Filtering is best effort: it must never fail the tool or the user's answer.
                logger.warning("The prompt-injection scan failed: %s", type(error).__name__)
            finally:
                stop.set()
        # A snapshot: after a timeout the worker may still be storing what nobody awaits.
        finished = list(outcomes)
        results = [GuardedText(item.text, item.source) for item in texts]
        for position, index in enumerate(pending):
            results[index] = self._guarded(texts[index], finished[position])
        self._record(results)
        return results

    def _scan_all(
        self,
        work: list[GuardText],
        outcomes: list[SanitizeResult | BaseException | None],
        stop: threading.Event,
    ) -> None:
        # Runs in a worker thread. Each outcome is stored as soon as it is known, so a timeout
        # keeps the texts that finished; the stop flag ends the work nobody waits for any more.
        for position, item in enumerate(work):
            if stop.is_set():
                return
            try:
                scanner = self._scanner or _default_scanner(item.source)
                outcomes[position] = scanner(item.text)
            except Exception as error:
                # One text that breaks the scanner must not stop the others.
                outcomes[position] = error

    @staticmethod
    def _guarded(item: GuardText, outcome: SanitizeResult | BaseException | None) -> GuardedText:
        if isinstance(outcome, BaseException):
            logger.warning(
                "Could not check %s for prompt injections (%s); it is used as it is.",
                _log_name(item.source),
                type(outcome).__name__,
            )
        if outcome is None or isinstance(outcome, BaseException):
            return GuardedText(text=item.text, source=item.source, checked=False)
        return GuardedText(
            text=outcome.sanitized_text,
            source=item.source,
            findings=outcome.findings,
            redacted_count=outcome.redacted_count,
        )

    def _record(self, results: Sequence[GuardedText]) -> None:
        collector = self._scope.get()
        if collector is not None:
            for guarded in results:
                collector.add(guarded)
            return
        own = _Collector()
        for guarded in results:
            own.add(guarded)
        self._deliver(own.report())

    def _deliver(self, report: GuardReport, reporter: Reporter | None = None) -> None:
        if report.is_empty:
            return
        if report.filtered:
            logger.warning(
                "Removed suspicious content from %d source(s): %s",
                len(report.filtered),
                "; ".join(
                    f"{_log_name(entry.source)} ({entry.redacted_count}: "
                    f"{', '.join(category.value for category in entry.categories)})"
                    for entry in report.filtered
                ),
            )
        if report.unchecked:
            logger.warning(
                "Could not check %d source(s) for prompt injections; used as they are: %s",
                len(report.unchecked),
                "; ".join(_log_name(source) for source in report.unchecked),
            )
        reporter = reporter or self._reporter
        if reporter is None:
            return
        try:
            reporter(report)
        except Exception:
            logger.exception("The prompt-injection reporter failed.")


def _default_scanner(source: ContentSource) -> Scanner:
    import studio.injection  # Heavy: see the TYPE_CHECKING imports.

    def scan(text: str) -> SanitizeResult:
        (result,) = studio.injection.scan((text,), source)
        return result

    return scan


def _max_findings() -> int:
    import studio.injection  # Loaded by the first scan.

    return studio.injection.MAX_FINDINGS


def _log_name(source: ContentSource) -> str:
    """The name a log line may carry: no user info, no query values, no fragment."""
    if source.kind != "web_page":
        return source.address
    return format_url_for_log(source.address)
