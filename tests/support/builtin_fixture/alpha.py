"""A tool module as the convention wants it; counts how often discovery asks it."""

from __future__ import annotations

from tests.support.tools import RecordingTool

factory_calls: list[None] = []


class AlphaTool(RecordingTool):
    tool_id = "alpha"
    function_name = "alpha"
    name = "Alpha"


def tools() -> list[RecordingTool]:
    factory_calls.append(None)
    return [AlphaTool()]
