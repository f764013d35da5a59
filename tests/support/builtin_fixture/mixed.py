"""A module whose ``tools()`` returns something besides tools; only the tools are kept."""

from __future__ import annotations

from tests.support.tools import RecordingTool


class GammaTool(RecordingTool):
    tool_id = "gamma"
    function_name = "gamma"
    name = "Gamma"


def tools(services: object) -> list[object]:
    return [GammaTool(), "not a tool"]
