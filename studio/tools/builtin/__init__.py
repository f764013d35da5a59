"""Studio's built-in tools, one module (or subpackage) per tool, and the services they share.

:func:`studio.tools.discovery.discover_builtin_tools` imports every public module of this
package and calls its ``tools()`` function with the :class:`BuiltinServices` of the profile::

    def tools(services: BuiltinServices) -> list[ToolImplementation]:
        return [WebSearchTool(services)]

A module without ``tools()`` is a helper and is left alone; modules whose names start with an
underscore are never imported by discovery. Only this package is searched: tools are code that
ships with Studio, never files from a user folder or packages found through entry points.

Tools get what they share through their constructor instead of building it themselves: one
page retrieval service and one prompt-injection guard serve the whole application, so every
page read goes through the same checks and the user hears about filtered content in one place.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

import httpx

from studio.kernel.translatable import QT_TRANSLATE_NOOP
from studio.tools.executor import SettingsLookup
from studio.web.guard import PromptInjectionGuard
from studio.web.retrieval import WebRetrievalService

__all__ = ["SERVICE_TIMEOUT", "WEB_CATEGORY", "BuiltinServices", "new_service_client"]

WEB_CATEGORY = QT_TRANSLATE_NOOP("ToolCategory", "Web")
"""The category of the tools that search and read the web."""

SERVICE_TIMEOUT = httpx.Timeout(30.0, connect=10.0)
"""The default timeout of a client for a configured service; tools set their own per request."""


def new_service_client() -> httpx.AsyncClient:
    """A fresh client for a service the user or the organisation configured (SearXNG, say).

    Such a service often runs on the user's own machine or network, which the page retrieval
    refuses by design, so it gets an ordinary client instead: proxies from the environment
    apply, as for any other configured service, and redirects are not followed, so a service
    cannot send its answer elsewhere.
    """
    return httpx.AsyncClient(timeout=SERVICE_TIMEOUT, follow_redirects=False)


@dataclass(frozen=True, kw_only=True)
class BuiltinServices:
    """What the built-in tools share; built once per profile by :class:`studio.services.Services`.

    Whoever builds it owns the retrieval service and closes it when the application ends.
    """

    retrieval: WebRetrievalService
    """Reads every web page a tool loads, under the policy the tool chooses."""
    guard: PromptInjectionGuard
    """Filters every text fetched from outside before a model sees it."""
    service_client: Callable[[], httpx.AsyncClient] = field(default=new_service_client)
    """Makes the client for one call to a configured service; the caller closes it.

    A client per call, rather than one for the process: a tool call asks a service once or
    twice, and a client that lives only as long as the call never outlives the event loop it
    was used on (the command line runs a new loop per command, tests one per test) and never
    carries cookies or connections from one call to the next.
    """
    settings: SettingsLookup | None = None
    """Reads a tool's effective settings outside a call, for instructions that depend on them;
    None when no settings exist (a tool then assumes its defaults)."""
