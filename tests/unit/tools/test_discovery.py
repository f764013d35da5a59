"""Discovery finds tools in one trusted package only, imports it once, and builds on services."""

from __future__ import annotations

import importlib
import logging
import sys
from collections.abc import AsyncIterator, Iterator
from types import ModuleType

import pytest

from studio.kernel.definition import Component
from studio.tools import discovery
from studio.tools.builtin import BuiltinServices
from studio.tools.builtin.read_web_page import ReadWebPageTool
from studio.tools.builtin.web_search import WebSearchTool
from studio.web.guard import PromptInjectionGuard
from studio.web.retrieval import WebRetrievalService
from tests.support.resolvers import StaticResolver

FIXTURE = "tests.support.builtin_fixture"


@pytest.fixture(autouse=True)
def fresh_discovery() -> Iterator[None]:
    discovery._factories.cache_clear()
    yield
    discovery._factories.cache_clear()


async def _services() -> BuiltinServices:
    return BuiltinServices(
        retrieval=WebRetrievalService(resolver=StaticResolver()), guard=PromptInjectionGuard()
    )


@pytest.fixture
async def services() -> AsyncIterator[BuiltinServices]:
    made = await _services()
    yield made
    await made.retrieval.aclose()


def record_imports(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Note every module discovery imports from now on."""
    imported: list[str] = []
    real_import = importlib.import_module

    def recording(name: str) -> ModuleType:
        imported.append(name)
        return real_import(name)

    monkeypatch.setattr(importlib, "import_module", recording)
    return imported


@pytest.fixture
def fixture_package():
    package = importlib.import_module(FIXTURE)
    alpha = importlib.import_module(f"{FIXTURE}.alpha")
    alpha.factory_calls.clear()
    return package


def test_discovery_collects_the_tools_of_every_public_module(fixture_package, services):
    found = discovery.discover_builtin_tools(services, fixture_package)

    assert [tool.implementation_key for tool in found] == ["alpha", "beta", "gamma"]


def test_discovery_passes_the_services_to_every_factory(fixture_package, services):
    alpha = importlib.import_module(f"{FIXTURE}.alpha")

    discovery.discover_builtin_tools(services, fixture_package)

    assert alpha.factory_calls == [services]


def test_discovery_never_imports_private_modules(fixture_package, services):
    discovery.discover_builtin_tools(services, fixture_package)

    assert f"{FIXTURE}._private" not in sys.modules


def test_discovery_skips_broken_modules_with_a_warning(fixture_package, services, caplog):
    discovery.discover_builtin_tools(services, fixture_package)

    warnings = [r.getMessage() for r in caplog.records if r.levelno == logging.WARNING]
    assert any("broken_import" in m and "import" in m for m in warnings)
    assert any("broken_factory.tools()" in m for m in warnings)
    assert any("not_callable.tools" in m for m in warnings)
    assert any("mixed.tools()" in m for m in warnings)


def test_a_factory_without_the_services_parameter_is_skipped_with_a_warning(
    fixture_package, services, caplog
):
    found = discovery.discover_builtin_tools(services, fixture_package)

    assert "old" not in [tool.implementation_key for tool in found]
    assert any("old_signature.tools()" in r.getMessage() for r in caplog.records)


def test_discovery_imports_once_per_process(fixture_package, services, monkeypatch):
    discovery.discover_builtin_tools(services, fixture_package)
    imported = record_imports(monkeypatch)

    discovery.discover_builtin_tools(services, fixture_package)

    assert imported == []


async def test_each_discovery_builds_new_tools_on_the_services_it_is_given(fixture_package):
    alpha = importlib.import_module(f"{FIXTURE}.alpha")
    first_services, second_services = await _services(), await _services()

    first = discovery.discover_builtin_tools(first_services, fixture_package)
    second = discovery.discover_builtin_tools(second_services, fixture_package)

    assert alpha.factory_calls == [first_services, second_services]
    assert [t.implementation_key for t in first] == [t.implementation_key for t in second]
    assert all(a is not b for a, b in zip(first, second, strict=True))
    for made in (first_services, second_services):
        await made.retrieval.aclose()


def test_builtin_package_is_the_default_and_holds_the_web_tools(services):
    found = discovery.discover_builtin_tools(services)

    assert [tool.implementation_key for tool in found] == ["read_web_page", "web_search"]
    assert isinstance(found[0], ReadWebPageTool)
    assert isinstance(found[1], WebSearchTool)


def test_discovered_tools_register(fixture_package, services, make_registry):
    registry = make_registry(discovery.discover_builtin_tools(services, fixture_package))

    assert [entry.id for entry in registry.catalog(Component.CHAT)] == ["alpha", "beta", "gamma"]


def test_builtin_tools_pass_every_registry_rule(services, make_registry, caplog):
    registry = make_registry(discovery.discover_builtin_tools(services))

    assert [d.id for d in registry.definitions()] == ["read_web_page", "web_search"]
    assert not [r for r in caplog.records if r.name == "studio.tools.registry"]
