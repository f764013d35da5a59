"""What every assistant is: a component, a form, a system prompt, and how a run is prepared.

An assistant turns a filled-in form into one :class:`~studio.harness.turn.TurnRequest` for its
component, in a :class:`~studio.kernel.context.ChatContext` of its own: assistant runs are not
kept as chats, so each run starts fresh. :meth:`Assistant.prepare` does whatever must happen
before the model is asked (the web page summary reads its page there) and returns the request,
that context and the sources found on the way, ready for the front end to run.
"""

from __future__ import annotations

import abc
import hashlib
from collections.abc import Sequence
from dataclasses import dataclass

from studio.assistants import form
from studio.assistants.form import FieldProblem, FormField, FormValues
from studio.errors import StudioError
from studio.harness.turn import TurnRequest
from studio.kernel.context import ChatContext
from studio.kernel.definition import Component
from studio.kernel.result import Source
from studio.kernel.translatable import TranslatableText
from studio.tools.builtin import BuiltinServices
from studio.web.guard import Reporter

__all__ = ["Assistant", "InvalidFormError", "PreparedTurn", "TextAssistant", "fenced"]


class InvalidFormError(StudioError):
    """A run was asked for with a form that does not pass :meth:`Assistant.validate`.

    The UI validates before it runs, so this means a caller skipped that step.
    """

    def __init__(self, problems: Sequence[FieldProblem]) -> None:
        self.problems = tuple(problems)
        fields = ", ".join(repr(problem.field) for problem in self.problems)
        super().__init__(f"The form cannot be used; check the fields {fields}.")


@dataclass(frozen=True, kw_only=True)
class PreparedTurn:
    """One assistant run, ready to start."""

    turn: TurnRequest
    chat: ChatContext
    """Fresh for this run; what the preparation learned (addresses, requirements) is in it."""
    sources: tuple[Source, ...] = ()
    """What the preparation read for the answer, listed with the answer's sources."""


class Assistant(abc.ABC):
    """One assistant: where it runs, what it asks, and how its request is built."""

    component: Component
    """Where its tool defaults and visibility rules come from."""
    title: TranslatableText
    """Its name, as a window title."""
    description: TranslatableText
    """One or two sentences above the form: what it does and what it sends where."""
    run_label: TranslatableText
    """The text of the button that starts a run."""
    fields: tuple[FormField, ...]
    may_run_tools: bool = True
    """False where no tool selection is shown and no tool may run (the translation)."""
    preparation_status: TranslatableText | None = None
    """Shown while :meth:`prepare` works, when that takes noticeable time."""

    def defaults(self) -> dict[str, str]:
        """The values a new form starts with."""
        return {spec.name: spec.default for spec in self.fields}

    def field(self, name: str) -> FormField:
        """The field called ``name``.

        Raises:
            KeyError: There is no such field.
        """
        for spec in self.fields:
            if spec.name == name:
                return spec
        raise KeyError(name)

    def validate(self, values: FormValues) -> tuple[FieldProblem, ...]:
        """Why ``values`` cannot be run, field by field; empty when they can."""
        return form.validate(self.fields, values)

    @abc.abstractmethod
    def system_prompt(self, values: FormValues) -> str:
        """The model-facing instructions of a run, in English."""

    @abc.abstractmethod
    async def prepare(
        self,
        values: FormValues,
        *,
        web: BuiltinServices,
        selected_tool_ids: Sequence[str] = (),
        guard_reporter: Reporter | None = None,
    ) -> PreparedTurn:
        """Build the run for ``values``.

        Args:
            values: A form that passes :meth:`validate`.
            web: The application's page retrieval and guard, for assistants that read pages.
            selected_tool_ids: The user's tool selection; ignored where no tool may run.
            guard_reporter: Receives what the prompt-injection guard removed from what the
                preparation read; the guard's own reporter when None.

        Raises:
            InvalidFormError: ``values`` do not pass :meth:`validate`.
            WebRetrievalError: A page the assistant needs could not be read.
        """

    def _checked(self, values: FormValues) -> None:
        problems = self.validate(values)
        if problems:
            raise InvalidFormError(problems)

    def _turn(
        self, values: FormValues, message: str, selected_tool_ids: Sequence[str]
    ) -> TurnRequest:
        return TurnRequest(
            message=message,
            system_prompt=self.system_prompt(values),
            selected_tool_ids=tuple(selected_tool_ids) if self.may_run_tools else (),
            component=self.component,
            may_run_tools=self.may_run_tools,
        )


class TextAssistant(Assistant):
    """An assistant whose request comes from the form alone, with nothing to read first."""

    @abc.abstractmethod
    def user_message(self, values: FormValues) -> str:
        """The model-facing request built from the form, in English around the user's text."""

    async def prepare(
        self,
        values: FormValues,
        *,
        web: BuiltinServices,
        selected_tool_ids: Sequence[str] = (),
        guard_reporter: Reporter | None = None,
    ) -> PreparedTurn:
        """The run for ``values``; see :meth:`Assistant.prepare`."""
        self._checked(values)
        turn = self._turn(values, self.user_message(values), selected_tool_ids)
        return PreparedTurn(turn=turn, chat=ChatContext())


def fenced(name: str, text: str) -> str:
    """``text`` between two marker lines the text itself cannot contain.

    The markers carry a digest of the text, so a text that tries to close its block early
    (to make what follows look like the user's words) cannot guess the closing line.

    Args:
        name: What the block holds, in upper case, such as ``"PAGE"``.
        text: The material.

    Returns:
        ``<<<NAME abcdef012345`` on its own line, the text, and ``NAME abcdef012345>>>``.
    """
    digest = hashlib.sha256(text.encode("utf-8")).hexdigest()[:12]
    body = text if text.endswith("\n") else text + "\n"
    return f"<<<{name} {digest}\n{body}{name} {digest}>>>"
