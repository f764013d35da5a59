"""A module written for the old convention, ``tools()`` without services; skipped with a warning."""

from __future__ import annotations

from tests.support.tools import RecordingTool


class OldTool(RecordingTool):
    tool_id = "old"
    function_name = "old"
    name = "Old"


def tools() -> list[RecordingTool]:
    return [OldTool()]
