"""The organisation's providers from a terminal: listed as managed, used by ``studio ask``."""

from __future__ import annotations

import io
import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import keyring
import pytest

from studio.cli import main as cli
from studio.config.paths import StudioPaths
from studio.config.policy.encryption import encrypt
from studio.config.policy.keys import provider_key
from studio.config.policy.locations import POLICY_FILE_VARIABLE, POLICY_SECRET_VARIABLE
from studio.config.secrets import KeyringSecretStore
from studio.services import Services
from tests.support import fake_provider as fake
from tests.support import openapi_schemas

fake_provider = fake.fake_provider

POLICY_SECRET = "corp-policy-secret-77"
SHIPPED_KEY = "sk-corp-shipped-1a2b3c4d"
TEAM_KEY = "sk-team-own-9f8e"


@pytest.fixture
def profile(tmp_path: Path) -> Path:
    return tmp_path / "profile"


@pytest.fixture
def write_policy(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> Callable[[list[dict[str, Any]]], Path]:
    """Install a policy file as an administrator would, with its secret delivered."""

    def write(providers: list[dict[str, Any]]) -> Path:
        path = tmp_path / "policy" / "corp.json"
        path.parent.mkdir(exist_ok=True)
        path.write_text(json.dumps({"id": "corp", "providers": providers}), encoding="utf-8")
        monkeypatch.setenv(POLICY_FILE_VARIABLE, str(path))
        monkeypatch.setenv(POLICY_SECRET_VARIABLE, POLICY_SECRET)
        return path

    return write


@pytest.fixture
def open_services(profile: Path) -> Callable[[], Services]:
    def make() -> Services:
        # The policy is read from the system, as at every start.
        return Services.open(
            StudioPaths.for_basedir(profile),
            implementations=[],
            secrets=KeyringSecretStore(keyring.get_keyring()),
        )

    return make


def studio(services: Services, *argv: str) -> int:
    return cli.run(cli.parse_arguments(argv), services)


def managed(name: str, base_url: str, **values: Any) -> dict[str, Any]:
    return {
        "name": name,
        "type": "openai-chat",
        "base_url": base_url,
        "model": "corp-model",
        "confidence": "HIGH",
        **values,
    }


def shipped(name: str, base_url: str) -> dict[str, Any]:
    key = encrypt(SHIPPED_KEY, secret=POLICY_SECRET, key=provider_key(name))
    return managed(name, base_url, api_key=key)


def test_ask_uses_the_policy_provider_and_its_shipped_key(
    fake_provider: fake.FakeProviderServer,
    write_policy: Callable[[list[dict[str, Any]]], Path],
    open_services: Callable[[], Services],
    profile: Path,
    keyring_file: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    write_policy([shipped("Corp GPT", f"{fake_provider.url}/v1")])
    services = open_services()
    fake_provider.enqueue(fake.chat_turn(["Hello from corp."]))

    assert studio(services, "ask", "--provider", "corp gpt", "Hi") == 0

    assert capsys.readouterr().out == "Hello from corp.\n"
    [request] = fake_provider.requests
    openapi_schemas.validate_request("chat_completions", request.json)
    assert request.headers["authorization"] == f"Bearer {SHIPPED_KEY}"
    assert request.json["model"] == "corp-model"
    on_disk = [path.read_bytes() for path in profile.rglob("*") if path.is_file()]
    if keyring_file.exists():
        on_disk.append(keyring_file.read_bytes())
    assert not any(SHIPPED_KEY.encode() in content for content in on_disk)


def test_list_marks_the_organisations_providers(
    write_policy: Callable[[list[dict[str, Any]]], Path],
    open_services: Callable[[], Services],
    capsys: pytest.CaptureFixture[str],
) -> None:
    policy = write_policy(
        [shipped("Corp GPT", "https://llm.corp.example/v1"), managed("Team", "https://t.example")]
    )
    services = open_services()

    assert studio(services, "providers", "list") == 0
    table = capsys.readouterr().out
    assert f"Corp GPT: managed by corp ({policy})" in table
    assert f"Team: managed by corp ({policy})" in table
    assert "From your organisation" in table
    assert SHIPPED_KEY not in table

    assert studio(services, "providers", "list", "--json") == 0
    entries = {entry["name"]: entry for entry in json.loads(capsys.readouterr().out)}
    assert entries["Corp GPT"]["managed_by"] == f"corp ({policy})"
    assert entries["Corp GPT"]["api_key_from_organization"] is True
    assert entries["Corp GPT"]["api_key"] == "stored"
    assert entries["Team"]["api_key_from_organization"] is False
    assert entries["Team"]["api_key"] == "none"


def test_change_and_remove_of_a_managed_provider_are_refused(
    write_policy: Callable[[list[dict[str, Any]]], Path],
    open_services: Callable[[], Services],
    profile: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    write_policy([shipped("Corp GPT", "https://llm.corp.example/v1")])
    services = open_services()

    assert studio(services, "providers", "change", "Corp GPT", "--model", "other") == 1
    error = capsys.readouterr().err
    assert error.startswith("studio: The provider 'Corp GPT' is managed by your organisation")
    assert "Ask your administrator" in error
    assert studio(services, "providers", "remove", "corp gpt") == 1
    assert "cannot be changed or removed" in capsys.readouterr().err
    assert not StudioPaths.for_basedir(profile).providers_file.exists()


def test_each_user_enters_their_own_key_for_a_managed_provider(
    fake_provider: fake.FakeProviderServer,
    write_policy: Callable[[list[dict[str, Any]]], Path],
    open_services: Callable[[], Services],
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    write_policy([managed("Team", f"{fake_provider.url}/v1")])
    services = open_services()

    assert studio(services, "ask", "--provider", "Team", "Hi") == 1
    assert "enter their own key" in capsys.readouterr().err
    monkeypatch.setattr(sys, "stdin", io.StringIO(TEAM_KEY + "\n"))
    assert studio(services, "providers", "change", "Team", "--api-key-stdin") == 0
    fake_provider.enqueue(fake.chat_turn(["Hi, team."]))

    assert studio(services, "ask", "--provider", "Team", "Hi") == 0

    assert capsys.readouterr().out.endswith("Hi, team.\n")
    [request] = fake_provider.requests
    assert request.headers["authorization"] == f"Bearer {TEAM_KEY}"
