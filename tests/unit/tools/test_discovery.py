"""Discovery finds tools in one trusted package only, once per process."""

from __future__ import annotations

import importlib
import logging
import sys
from collections.abc import Iterator

import pytest

from studio.tools import discovery
from studio.tools.definition import Component

FIXTURE = "tests.support.builtin_fixture"


@pytest.fixture(autouse=True)
def fresh_discovery() -> Iterator[None]:
    discovery.reset_discovery_cache()
    yield
    discovery.reset_discovery_cache()


@pytest.fixture
def fixture_package():
    package = importlib.import_module(FIXTURE)
    alpha = importlib.import_module(f"{FIXTURE}.alpha")
    alpha.factory_calls.clear()
    return package


def test_discovery_collects_the_tools_of_every_public_module(fixture_package):
    found = discovery.discover_builtin_tools(fixture_package)

    assert [tool.implementation_key for tool in found] == ["alpha", "beta", "gamma"]


def test_discovery_never_imports_private_modules(fixture_package):
    discovery.discover_builtin_tools(fixture_package)

    assert f"{FIXTURE}._private" not in sys.modules


def test_discovery_skips_broken_modules_with_a_warning(fixture_package, caplog):
    discovery.discover_builtin_tools(fixture_package)

    warnings = [r.getMessage() for r in caplog.records if r.levelno == logging.WARNING]
    assert any("broken_import" in m and "import" in m for m in warnings)
    assert any("broken_factory.tools()" in m for m in warnings)
    assert any("not_callable.tools" in m for m in warnings)
    assert any("mixed.tools()" in m for m in warnings)


def test_discovery_runs_once_per_process(fixture_package):
    alpha = importlib.import_module(f"{FIXTURE}.alpha")

    first = discovery.discover_builtin_tools(fixture_package)
    second = discovery.discover_builtin_tools(fixture_package)

    assert len(alpha.factory_calls) == 1
    assert first == second
    assert all(a is b for a, b in zip(first, second, strict=True))
    assert first is not second, "callers get their own list"


def test_discovery_searches_again_after_a_reset(fixture_package):
    alpha = importlib.import_module(f"{FIXTURE}.alpha")
    discovery.discover_builtin_tools(fixture_package)

    discovery.reset_discovery_cache()
    discovery.discover_builtin_tools(fixture_package)

    assert len(alpha.factory_calls) == 2


def test_builtin_package_is_the_default_and_has_no_tools_yet():
    assert discovery.discover_builtin_tools() == []


def test_discovered_tools_register(fixture_package, make_registry):
    registry = make_registry(discovery.discover_builtin_tools(fixture_package))

    assert [entry.id for entry in registry.catalog(Component.CHAT)] == ["alpha", "beta", "gamma"]
