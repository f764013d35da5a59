"""A tool that lives in a subpackage exposes ``tools()`` from the subpackage itself."""

from __future__ import annotations

from tests.support.builtin_fixture.beta.tool import BetaTool


def tools(services: object) -> list[BetaTool]:
    return [BetaTool()]
