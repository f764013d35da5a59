"""``web_search``: one tool in a subpackage, as the built-in convention allows.

- :mod:`.tool`: the tool itself, its definition and its arguments.
- :mod:`.settings`: the settings schema, the backends it configures, and the checks.
- :mod:`.pages`: loading the result pages, a few at a time, within a time limit.
- :mod:`.results`: the budget, the guard and the JSON the model reads.
"""

from __future__ import annotations

from studio.tools.builtin import BuiltinServices
from studio.tools.builtin.web_search.tool import WebSearchTool
from studio.tools.implementation import ToolImplementation

__all__ = ["WebSearchTool", "tools"]


def tools(services: BuiltinServices) -> list[ToolImplementation]:
    """The tool, for discovery."""
    return [WebSearchTool(services)]
