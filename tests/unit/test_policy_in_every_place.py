"""The organisation's minimum confidences hold in the chat, the assistants and ``studio ask``.

The policy is a real file named by ``STUDIO_POLICY_FILE`` and read by ``Services.open`` as
the app and every command read it; nothing is passed in by hand.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import keyring
import pytest

from studio.config.paths import StudioPaths
from studio.config.secrets import KeyringSecretStore
from studio.kernel.context import ChatContext, ProviderContext
from studio.kernel.definition import Component
from studio.kernel.policy import ConfidenceLevel, ModelCapability
from studio.services import Services
from tests.support import cli_runs
from tests.support import fake_provider as fake
from tests.support.tools import EchoTool

fake_provider = fake.fake_provider

TOOL_CALLING = frozenset({ModelCapability.FUNCTION_CALLING, ModelCapability.CHAT_COMPLETION_API})


@pytest.fixture
def policy_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> Callable[[dict[str, object]], Path]:
    def write(document: dict[str, object]) -> Path:
        path = tmp_path / "policy.json"
        path.write_text(json.dumps(document), encoding="utf-8")
        monkeypatch.setenv("STUDIO_POLICY_FILE", str(path))
        return path

    return write


@pytest.fixture
def open_services(tmp_path: Path) -> Callable[[], Services]:
    def make() -> Services:
        return Services.open(
            StudioPaths.for_basedir(tmp_path / "profile"),
            implementations=[EchoTool()],
            secrets=KeyringSecretStore(keyring.get_keyring()),
        )

    return make


def provider(level: ConfidenceLevel) -> ProviderContext:
    return ProviderContext(name="fake", confidence=level, capabilities=TOOL_CALLING)


@pytest.mark.parametrize("component", list(Component))
async def test_the_policy_minimum_applies_in_every_component(
    component: Component,
    policy_file: Callable[[dict[str, object]], Path],
    open_services: Callable[[], Services],
) -> None:
    policy_file({"id": "acme", "minimum_confidence": {"levels": {"echo": "HIGH"}}})
    services = open_services()
    registry = services.registry

    async def offered(level: ConfidenceLevel) -> list[str]:
        tools = await registry.runnable_tools(
            ["echo"], provider(level), component, ChatContext(), True
        )
        return [tool.definition.id for tool in tools]

    assert await offered(ConfidenceLevel.MEDIUM) == []
    assert await offered(ConfidenceLevel.HIGH) == ["echo"]
    # A user cannot lower what the organisation fixed, from any place.
    with pytest.raises(Exception, match="managed by your organisation"):
        await services.settings.set_minimum_confidence("echo", ConfidenceLevel.LOW)
    await services.aclose()


def test_studio_ask_offers_no_tool_the_policy_keeps_from_the_provider(
    fake_provider: fake.FakeProviderServer,
    policy_file: Callable[[dict[str, object]], Path],
    open_services: Callable[[], Services],
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    policy_file({"id": "acme", "minimum_confidence": {"levels": {"echo": "HIGH"}}})
    services = open_services()
    cli_runs.add_provider_to(services, monkeypatch, f"{fake_provider.url}/v1", confidence="MEDIUM")
    fake_provider.enqueue(fake.chat_turn(["Without tools."]))
    capsys.readouterr()

    assert cli_runs.studio(services, "ask", "--provider", "fake", "--tools", "echo", "Hi") == 0

    captured = capsys.readouterr()
    assert "'echo' is not used" in captured.err
    assert captured.out == "Without tools.\n"
    assert "tools" not in fake_provider.requests[0].json


def test_a_broken_policy_switches_every_tool_off_for_studio_ask(
    fake_provider: fake.FakeProviderServer,
    policy_file: Callable[[dict[str, object]], Path],
    open_services: Callable[[], Services],
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    path = policy_file({"id": "acme"})
    path.write_text('{"id": "acme", "disabled_tools": ["web_search"', encoding="utf-8")
    services = open_services()
    cli_runs.add_provider_to(services, monkeypatch, f"{fake_provider.url}/v1", confidence="HIGH")
    fake_provider.enqueue(fake.chat_turn(["Without tools."]))
    capsys.readouterr()

    assert cli_runs.studio(services, "ask", "--provider", "fake", "--tools", "echo", "Hi") == 0

    assert "tools" not in fake_provider.requests[0].json
    notices = [str(notice) for notice in services.policy_notices()]
    assert len(notices) == 1
    assert "every tool is switched off" in notices[0]
    assert str(path) in notices[0]
    assert "line 1" in notices[0]


def test_a_command_tells_a_broken_policy_once_in_words(
    tmp_path: Path, policy_file: Callable[[dict[str, object]], Path]
) -> None:
    path = policy_file({"id": "acme"})
    path.write_text('{"id": "acme",', encoding="utf-8")

    listed = cli_runs.run_studio(tmp_path / "profile", "tools", "list")
    verbose = cli_runs.run_studio(tmp_path / "profile", "--verbose", "tools", "list")

    assert listed.returncode == 0
    assert listed.stderr.count(str(path)) == 1
    assert "every tool is switched off" in listed.stderr
    assert "ERROR" not in listed.stderr
    # The log line is there for whoever asks for details.
    assert "ERROR" in verbose.stderr


async def test_the_policy_decides_which_tools_run_without_asking_in_chats_with_outside_content(
    policy_file: Callable[[dict[str, object]], Path],
    open_services: Callable[[], Services],
) -> None:
    policy_file(
        {"id": "acme", "untrusted_chats": {"allowed_tools": ["echo"], "users_may_allow": False}}
    )
    services = open_services()
    settings = services.settings

    assert settings.is_allowed_in_untrusted_chats("echo")
    assert settings.is_untrusted_chat_allowance_locked("echo")
    assert settings.untrusted_chat_allowance_origin("echo").startswith("acme (")
    with pytest.raises(Exception, match="managed by your organisation"):
        await settings.set_allowed_in_untrusted_chats("echo", False)
    await services.aclose()
