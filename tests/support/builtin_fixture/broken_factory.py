"""A module whose ``tools()`` fails; discovery skips it with a warning."""

from __future__ import annotations

from tests.support.tools import RecordingTool


def tools(services: object) -> list[RecordingTool]:
    raise RuntimeError("the tool cannot be built")
