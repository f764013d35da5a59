"""Finding Studio's built-in tools, from one trusted place only.

Discovery imports the modules of one package (by default :mod:`studio.tools.builtin`, see its
docstring for the convention) and collects what their ``tools(services)`` functions return. It
never looks at a user folder, ``sys.path`` at large or entry points: whatever it finds runs with
the user's rights, so the only code it loads is code that ships with Studio.

The package is searched once per process: later calls reuse the ``tools()`` functions found
then, and call them again with the services they are given. This is the one module-level cache
in the tool system, and it is acceptable because it caches *code found in a package*, which
cannot change while the process runs. The tools themselves are not cached: they hold the
services of one profile, and a second profile (or a test) must get tools of its own. The
registry built from the result stays an ordinary object (HS-6).
"""

from __future__ import annotations

import functools
import importlib
import logging
import pkgutil
from collections.abc import Callable
from types import ModuleType
from typing import Any

from studio.tools.builtin import BuiltinServices
from studio.tools.implementation import ToolImplementation

__all__ = ["FACTORY_NAME", "discover_builtin_tools"]

logger = logging.getLogger(__name__)

FACTORY_NAME = "tools"
"""The function a tool module defines: ``def tools(services) -> list[ToolImplementation]``."""

_Factory = tuple[str, Callable[..., Any]]
"""A module's name and its ``tools`` function."""


def discover_builtin_tools(
    services: BuiltinServices, package: ModuleType | None = None
) -> list[ToolImplementation]:
    """The tools of ``package`` (default :mod:`studio.tools.builtin`), built on ``services``.

    The package's modules are imported once per process; every call asks their ``tools()``
    functions again, so each caller gets tools of its own on the services it passes.

    A module that fails to import, or whose ``tools()`` fails or returns something other than
    tool implementations, is skipped with a warning: one broken tool must not keep Studio from
    starting. The registry validates the rest.

    Args:
        services: What the tools share: the page retrieval, the guard and the like.
        package: The package to search; tests pass a stand-in.

    Returns:
        The tools, in the order of their modules' names.
    """
    if package is None:
        package = importlib.import_module("studio.tools.builtin")
    tools: list[ToolImplementation] = []
    for module_name, factory in _factories(package):
        tools.extend(_tools_of(module_name, factory, services))
    return tools


@functools.cache
def _factories(package: ModuleType) -> tuple[_Factory, ...]:
    """The ``tools`` functions of ``package``, searched for on the first call only."""
    return tuple(_discover(package))


def _discover(package: ModuleType) -> list[_Factory]:
    # Only the package's own folder; iter_modules does not recurse, so a tool in a subpackage
    # exposes tools() from the subpackage's __init__.
    modules = sorted(pkgutil.iter_modules(package.__path__), key=lambda info: info.name)
    found: list[_Factory] = []
    for info in modules:
        if info.name.startswith("_"):
            continue
        name = f"{package.__name__}.{info.name}"
        try:
            module = importlib.import_module(name)
        except Exception:
            logger.warning("The tool module %s failed to import; skipped.", name, exc_info=True)
            continue
        factory = getattr(module, FACTORY_NAME, None)
        if factory is None:
            continue
        if not callable(factory):
            logger.warning("%s.%s is not a function; skipped.", name, FACTORY_NAME)
            continue
        found.append((name, factory))
    return found


def _tools_of(
    module_name: str, factory: Callable[..., Any], services: BuiltinServices
) -> list[ToolImplementation]:
    try:
        items = list(factory(services))
    except Exception:
        logger.warning("%s.%s() failed; skipped.", module_name, FACTORY_NAME, exc_info=True)
        return []
    tools = [tool for tool in items if isinstance(tool, ToolImplementation)]
    if len(tools) != len(items):
        logger.warning(
            "%s.%s() returned something other than tool implementations; those were skipped.",
            module_name,
            FACTORY_NAME,
        )
    return tools
