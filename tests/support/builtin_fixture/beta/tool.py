"""The subpackage's tool; discovery reaches it only through the subpackage's ``tools()``."""

from __future__ import annotations

from tests.support.tools import RecordingTool


class BetaTool(RecordingTool):
    tool_id = "beta"
    function_name = "beta"
    name = "Beta"


def tools(services: object) -> list[RecordingTool]:
    raise AssertionError("discovery does not recurse into subpackages")
