"""Finding Studio's built-in tools, from one trusted place only.

Discovery imports the modules of one package (by default :mod:`studio.tools.builtin`, see its
docstring for the convention) and collects what their ``tools()`` functions return. It never
looks at a user folder, ``sys.path`` at large or entry points: whatever it finds runs with the
user's rights, so the only code it loads is code that ships with Studio.

Discovery runs once per process and package; later calls return the same implementations. This
is the one module-level cache in the tool system, and it is acceptable because it caches *code
found in a package*, which cannot change while the process runs. The registry built from the
result stays an ordinary object (HS-6).
"""

from __future__ import annotations

import importlib
import logging
import pkgutil
from types import ModuleType

from studio.tools.implementation import ToolImplementation

__all__ = ["FACTORY_NAME", "discover_builtin_tools", "reset_discovery_cache"]

logger = logging.getLogger(__name__)

FACTORY_NAME = "tools"
"""The function a tool module defines: ``def tools() -> list[ToolImplementation]``."""

_discovered: dict[str, tuple[ToolImplementation, ...]] = {}


def discover_builtin_tools(package: ModuleType | None = None) -> list[ToolImplementation]:
    """The tools of ``package`` (default :mod:`studio.tools.builtin`), found once per process.

    A module that fails to import, or whose ``tools()`` fails or returns something other than
    tool implementations, is skipped with a warning: one broken tool must not keep Studio from
    starting. The registry validates the rest.
    """
    if package is None:
        package = importlib.import_module("studio.tools.builtin")
    found = _discovered.get(package.__name__)
    if found is None:
        found = _discovered[package.__name__] = tuple(_discover(package))
    return list(found)


def reset_discovery_cache() -> None:
    """Forget what was discovered, so the next call searches again (for tests)."""
    _discovered.clear()


def _discover(package: ModuleType) -> list[ToolImplementation]:
    # Only the package's own folder; iter_modules does not recurse, so a tool in a subpackage
    # exposes tools() from the subpackage's __init__.
    modules = sorted(pkgutil.iter_modules(package.__path__), key=lambda info: info.name)
    found: list[ToolImplementation] = []
    for info in modules:
        if info.name.startswith("_"):
            continue
        name = f"{package.__name__}.{info.name}"
        try:
            module = importlib.import_module(name)
        except Exception:
            logger.warning("The tool module %s failed to import; skipped.", name, exc_info=True)
            continue
        found.extend(_tools_of(module))
    return found


def _tools_of(module: ModuleType) -> list[ToolImplementation]:
    factory = getattr(module, FACTORY_NAME, None)
    if factory is None:
        return []
    if not callable(factory):
        logger.warning("%s.%s is not a function; skipped.", module.__name__, FACTORY_NAME)
        return []
    try:
        made = list(factory())
    except Exception:
        logger.warning("%s.%s() failed; skipped.", module.__name__, FACTORY_NAME, exc_info=True)
        return []
    tools = [tool for tool in made if isinstance(tool, ToolImplementation)]
    if len(tools) != len(made):
        logger.warning(
            "%s.%s() returned something other than tool implementations; those were skipped.",
            module.__name__,
            FACTORY_NAME,
        )
    return tools
