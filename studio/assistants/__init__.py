"""Assistants: single-purpose forms that run one model turn each, outside any chat.

Each assistant (:class:`~studio.assistants.assistant.Assistant`) belongs to a
:class:`~studio.kernel.definition.Component`, from which the tool registry takes its default
tools and its visibility rules. It describes its form (:mod:`studio.assistants.form`), checks
what the user entered, writes the English system prompt and user message, says whether tools
may run, and prepares the run, reading a page first where it needs one. The front end renders
the form and runs the prepared turn; nothing here imports Qt.

- :class:`~studio.assistants.web_summary.WebSummaryAssistant`: Studio reads a page the user
  names and the model summarises it;
- :class:`~studio.assistants.translation.TranslationAssistant`: a translation, with no tools;
- :class:`~studio.assistants.legal_check.LegalCheckAssistant`: a review of a legal text, where
  ``web_search`` is never offered.
"""

from __future__ import annotations

from studio.assistants.assistant import Assistant
from studio.assistants.legal_check import LegalCheckAssistant
from studio.assistants.translation import TranslationAssistant
from studio.assistants.web_summary import WebSummaryAssistant

__all__ = ["builtin_assistants", "tool_running_assistants"]


def builtin_assistants() -> tuple[Assistant, ...]:
    """Studio's assistants, in the order the menu lists them; new instances on every call."""
    return (WebSummaryAssistant(), TranslationAssistant(), LegalCheckAssistant())


def tool_running_assistants() -> tuple[Assistant, ...]:
    """The assistants whose runs may use tools, in menu order; the chat comes on top of these.

    Lists of places with default tools are derived from here, so an assistant that runs no
    tools (the translation) or one that does not exist is never offered.
    """
    return tuple(assistant for assistant in builtin_assistants() if assistant.may_run_tools)
