"""``studio ask``: one turn through the real services, harness and adapters, over loopback."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import keyring
import pytest

from studio.config.paths import StudioPaths
from studio.config.secrets import KeyringSecretStore, UnavailableSecretStore
from studio.services import Services
from tests.support import cli_runs, openapi_schemas
from tests.support import fake_provider as fake
from tests.support.tools import BlockingTool, EchoTool

fake_provider = fake.fake_provider

KEY = "sk-ask-27182818"


@pytest.fixture
def profile(tmp_path: Path) -> Path:
    return tmp_path / "profile"


@pytest.fixture
def open_services(profile: Path) -> Callable[[], Services]:
    def make() -> Services:
        return Services.open(
            StudioPaths.for_basedir(profile),
            implementations=[EchoTool(), BlockingTool()],
            secrets=KeyringSecretStore(keyring.get_keyring()),
        )

    return make


studio = cli_runs.studio


def add_provider(
    services: Services,
    monkeypatch: pytest.MonkeyPatch,
    url: str,
    provider_type: str = "openai-chat",
    confidence: str = "HIGH",
) -> None:
    cli_runs.add_provider_to(
        services,
        monkeypatch,
        f"{url}/v1",
        provider_type=provider_type,
        confidence=confidence,
        key=KEY,
    )


def test_ask_streams_the_answer_to_stdout(
    fake_provider: fake.FakeProviderServer,
    open_services: Callable[[], Services],
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    services = open_services()
    add_provider(services, monkeypatch, fake_provider.url)
    fake_provider.enqueue(fake.chat_turn(["Hello", ", world."]))
    capsys.readouterr()

    assert studio(services, "ask", "--provider", "fake", "--system", "Be brief.", "Hi") == 0

    assert capsys.readouterr().out == "Hello, world.\n"
    request = fake_provider.requests[0]
    openapi_schemas.validate_request("chat_completions", request.json)
    assert request.headers["authorization"] == f"Bearer {KEY}"
    assert request.json["messages"][0] == {"role": "system", "content": "Be brief."}
    assert request.json["messages"][-1] == {"role": "user", "content": "Hi"}
    assert "tools" not in request.json


def test_ask_json_reports_traces_with_masked_arguments(
    fake_provider: fake.FakeProviderServer,
    open_services: Callable[[], Services],
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    services = open_services()
    add_provider(services, monkeypatch, fake_provider.url, "anthropic")
    arguments = {"text": "ping", "secret": "hunter2"}
    fake_provider.enqueue(
        fake.anthropic_turn(
            ["Let me check."], tool_uses=[fake.ToolCall(name="echo", arguments=arguments)]
        ),
        fake.anthropic_turn(["It said ping."]),
    )
    capsys.readouterr()

    assert studio(services, "ask", "--provider", "fake", "--tools", "echo", "--json", "Go") == 0

    result = json.loads(capsys.readouterr().out)
    assert result["answer"] == "Let me check.\n\nIt said ping."
    [trace] = result["traces"]
    assert trace["order"] == 1
    assert trace["tool_id"] == "echo"
    assert trace["status"] == "SUCCESS"
    assert trace["arguments"]["secret"] == "*****"
    assert trace["arguments"]["text"] == "ping"
    assert result["sources"] == []
    assert result["required_confidence"] == "NONE"
    tools = fake_provider.requests[0].json["tools"]
    assert [tool["name"] for tool in tools] == ["echo"]
    for request in fake_provider.requests:
        openapi_schemas.validate_request("anthropic", request.json)


def test_ask_reports_a_blocked_call_in_the_traces(
    fake_provider: fake.FakeProviderServer,
    open_services: Callable[[], Services],
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    services = open_services()
    add_provider(services, monkeypatch, fake_provider.url, "openai-responses")
    fake_provider.enqueue(
        fake.responses_turn(function_calls=[fake.ToolCall(name="blocking", arguments={})]),
        fake.responses_turn(["That was refused."]),
    )
    capsys.readouterr()

    assert studio(services, "ask", "--provider", "fake", "--tools", "blocking", "--json", "Go") == 0

    result = json.loads(capsys.readouterr().out)
    [trace] = result["traces"]
    assert trace["status"] == "BLOCKED"
    assert trace["status_message"]
    assert result["answer"] == "That was refused."


def test_ask_fails_with_the_providers_message(
    fake_provider: fake.FakeProviderServer,
    open_services: Callable[[], Services],
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    services = open_services()
    add_provider(services, monkeypatch, fake_provider.url)
    fake_provider.enqueue(fake.openai_error(401, message="Incorrect API key provided."))
    capsys.readouterr()

    assert studio(services, "ask", "--provider", "fake", "Hi") == 1

    captured = capsys.readouterr()
    assert captured.out == ""
    assert "'fake'" in captured.err
    assert "401" in captured.err
    assert KEY not in captured.err


def test_ask_names_unknown_providers_and_tools(
    fake_provider: fake.FakeProviderServer,
    open_services: Callable[[], Services],
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    services = open_services()

    assert studio(services, "ask", "--provider", "nope", "Hi") == 1
    assert "There is no provider 'nope'" in capsys.readouterr().err

    add_provider(services, monkeypatch, fake_provider.url)
    capsys.readouterr()
    assert studio(services, "ask", "--provider", "fake", "--tools", "nope", "Hi") == 1
    assert "There is no tool 'nope'" in capsys.readouterr().err


def test_ask_warns_when_a_requested_tool_cannot_be_offered(
    fake_provider: fake.FakeProviderServer,
    open_services: Callable[[], Services],
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    services = open_services()
    add_provider(services, monkeypatch, fake_provider.url)
    studio(services, "tools", "disable", "echo")
    fake_provider.enqueue(fake.chat_turn(["No tools today."]))
    capsys.readouterr()

    assert studio(services, "ask", "--provider", "fake", "--tools", "echo", "Hi") == 0

    captured = capsys.readouterr()
    assert "'echo' is not used" in captured.err
    assert captured.out == "No tools today.\n"
    assert "tools" not in fake_provider.requests[0].json


def test_installed_command_asks_a_provider(
    fake_provider: fake.FakeProviderServer, profile: Path
) -> None:
    cli_runs.add_provider(profile, "fake", f"{fake_provider.url}/v1", KEY)
    fake_provider.enqueue(fake.chat_turn(["Streamed ", "answer."]))

    asked = cli_runs.run_studio(profile, "ask", "--provider", "fake", "Hello?")

    assert asked.returncode == 0, asked.stderr
    assert asked.stdout == "Streamed answer.\n"
    assert KEY not in asked.stderr


def test_ask_refuses_before_sending_when_no_keyring_can_read_the_key(
    fake_provider: fake.FakeProviderServer,
    open_services: Callable[[], Services],
    profile: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    add_provider(open_services(), monkeypatch, fake_provider.url)
    without_keyring = Services.open(
        StudioPaths.for_basedir(profile), implementations=[], secrets=UnavailableSecretStore()
    )
    capsys.readouterr()

    assert studio(without_keyring, "ask", "--provider", "fake", "Hi") == 1

    err = capsys.readouterr().err
    assert err.startswith(
        "studio: No API key could be read for the provider 'fake', whose type 'openai-chat' "
        "needs one. No secure keyring is available"
    )
    assert err.count("\n") == 1
    assert fake_provider.requests == []


def test_ask_refuses_before_sending_when_no_key_is_stored(
    fake_provider: fake.FakeProviderServer,
    open_services: Callable[[], Services],
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    services = open_services()
    add_provider(services, monkeypatch, fake_provider.url)
    keyring.get_keyring().delete_password("Studio/providers/fake", "api_key")
    capsys.readouterr()

    assert studio(services, "ask", "--provider", "fake", "Hi") == 1

    assert "'fake': none is stored" in capsys.readouterr().err
    assert fake_provider.requests == []


def test_ask_finds_the_provider_whatever_the_case(
    fake_provider: fake.FakeProviderServer,
    open_services: Callable[[], Services],
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    services = open_services()
    add_provider(services, monkeypatch, fake_provider.url)
    fake_provider.enqueue(fake.chat_turn(["Found."]))
    capsys.readouterr()

    assert studio(services, "ask", "--provider", "FAKE", "Hi") == 0

    assert capsys.readouterr().out == "Found.\n"


@pytest.mark.parametrize("message", ["", "  \n"], ids=["empty", "blank"])
def test_ask_refuses_a_blank_message(
    fake_provider: fake.FakeProviderServer,
    open_services: Callable[[], Services],
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    message: str,
) -> None:
    services = open_services()
    add_provider(services, monkeypatch, fake_provider.url)
    capsys.readouterr()

    assert studio(services, "ask", "--provider", "fake", message) == 1

    err = capsys.readouterr().err
    assert err == "studio: The message is empty: write what to ask, in quotes.\n"
    assert fake_provider.requests == []


def test_installed_command_reports_a_refused_key_in_one_line(
    fake_provider: fake.FakeProviderServer, profile: Path
) -> None:
    base = [sys.executable, "-m", "studio", "--basedir", str(profile)]
    added = subprocess.run(
        [*base, "providers", "add", "fake", "--type", "openai-chat", "--base-url",
         f"{fake_provider.url}/v1", "--model", "m", "--confidence", "HIGH", "--api-key-stdin"],
        input=KEY, capture_output=True, text=True, timeout=60, check=False,
    )  # fmt: skip
    assert added.returncode == 0, added.stderr
    fake_provider.enqueue(fake.openai_error(401, message="Incorrect API key provided."))

    asked = subprocess.run(
        [*base, "ask", "--provider", "fake", "Hi"],
        capture_output=True, text=True, timeout=60, check=False,
    )  # fmt: skip

    assert asked.returncode == 1
    assert asked.stderr.startswith("studio: ")
    assert asked.stderr.count("\n") == 1, asked.stderr
    assert "401" in asked.stderr

    fake_provider.enqueue(fake.openai_error(401, message="Incorrect API key provided."))
    verbose = subprocess.run(
        [*base[:3], "--verbose", *base[3:], "ask", "--provider", "fake", "Hi"],
        capture_output=True, text=True, timeout=60, check=False,
    )  # fmt: skip

    assert verbose.returncode == 1
    assert "WARNING studio.providers._http: The provider 'fake' answered HTTP 401." in (
        verbose.stderr
    )
    assert verbose.stderr.endswith(asked.stderr)
