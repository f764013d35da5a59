"""A tool module as the convention wants it; records the services discovery passes it."""

from __future__ import annotations

from tests.support.tools import RecordingTool

factory_calls: list[object] = []


class AlphaTool(RecordingTool):
    tool_id = "alpha"
    function_name = "alpha"
    name = "Alpha"


def tools(services: object) -> list[RecordingTool]:
    factory_calls.append(services)
    return [AlphaTool()]
