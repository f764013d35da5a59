"""A secret the organisation ships, from the policy file to the tool and nowhere else.

The policy is a real file (``STUDIO_POLICY_FILE``) with an ``ENC:v1:`` value and the policy
secret in ``STUDIO_POLICY_SECRET``; ``studio ask`` runs a real turn over loopback in which the
model calls a tool that needs the secret. The tool gets it; the profile's files, the keyring
file, the chat history, the log, the command's output and the requests to the provider never
hold it; the user's own keyring entry stays and returns when the policy withdraws the secret.
"""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any, ClassVar

import keyring
import pytest
from pydantic import SecretStr

from studio.config.paths import StudioPaths
from studio.config.policy.encryption import encrypt
from studio.config.secrets import KeyringSecretStore, SecretId
from studio.errors import SettingLockedError
from studio.kernel.context import ToolExecutionContext
from studio.kernel.definition import ToolDefinition
from studio.kernel.result import ToolExecutionResult
from studio.services import Services
from studio.tools.setting_fields import IntegerSetting, SecretSetting, TextSetting, ToolSettings
from tests.support import cli_runs
from tests.support import fake_provider as fake
from tests.support.tools import RecordingTool

fake_provider = fake.fake_provider

SHIPPED = "tok-shipped-5f1c93ab"
OWN = "tok-own-22e07d41"
POLICY_SECRET = "the organisation's policy secret"


class TokenTool(RecordingTool):
    """Looks something up with a token it must be given in its settings."""

    tool_id = "token_lookup"
    function_name = "token_lookup"
    name = "Token lookup"
    declared_settings: ClassVar[ToolSettings] = ToolSettings(
        SecretSetting(name="token", label="Token", required=True),
        TextSetting(name="endpoint", label="Endpoint"),
        IntegerSetting(name="depth", label="Depth", maximum=5),
    )

    def definition(self) -> ToolDefinition:
        return (
            super()
            .definition()
            .model_copy(update={"settings_schema": self.declared_settings.schema()})
        )

    async def respond(
        self, arguments: Mapping[str, Any], context: ToolExecutionContext
    ) -> ToolExecutionResult:
        token = context.settings.value("token")
        return ToolExecutionResult(
            text_content=f"looked up with a token of {len(token)} characters"
        )


@pytest.fixture
def profile(tmp_path: Path) -> Path:
    return tmp_path / "profile"


@pytest.fixture
def tool() -> TokenTool:
    return TokenTool()


@pytest.fixture
def open_services(profile: Path, tool: TokenTool) -> Callable[[], Services]:
    def make() -> Services:
        return Services.open(
            StudioPaths.for_basedir(profile),
            implementations=[tool],
            secrets=KeyringSecretStore(keyring.get_keyring()),
        )

    return make


def every_byte_under(folder: Path) -> bytes:
    return b"".join(path.read_bytes() for path in sorted(folder.rglob("*")) if path.is_file())


def test_a_shipped_secret_reaches_the_tool_and_nothing_else(
    fake_provider: fake.FakeProviderServer,
    open_services: Callable[[], Services],
    profile: Path,
    keyring_file: Path,
    tool: TokenTool,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    caplog: pytest.LogCaptureFixture,
) -> None:
    caplog.set_level(logging.DEBUG)
    store = KeyringSecretStore(keyring.get_keyring())
    asyncio.run(store.set(SecretId.tool_setting("token_lookup", "token"), SecretStr(OWN)))
    # The policy arrives only now, as an administrator would install it.
    value = encrypt(SHIPPED, secret=POLICY_SECRET, key="token_lookup.token")
    policy = profile.parent / "policy.json"
    policy.write_text(
        json.dumps({"id": "acme", "settings": {"token_lookup.token": {"value": value}}}),
        encoding="utf-8",
    )
    monkeypatch.setenv("STUDIO_POLICY_FILE", str(policy))
    monkeypatch.setenv("STUDIO_POLICY_SECRET", POLICY_SECRET)
    services = open_services()
    cli_runs.add_provider_to(services, monkeypatch, f"{fake_provider.url}/v1")
    fake_provider.enqueue(
        fake.chat_turn([], tool_calls=[fake.ToolCall(name="token_lookup", arguments={})]),
        fake.chat_turn(["Done."]),
    )
    capsys.readouterr()

    code = cli_runs.studio(
        services, "ask", "--chat", "new", "--provider", "fake", "--tools", "token_lookup",
        "--json", "Look it up",
    )  # fmt: skip

    captured = capsys.readouterr()
    assert code == 0, captured.err
    [trace] = json.loads(captured.out)["traces"]
    assert trace["status"] == "SUCCESS"
    assert tool.calls[0].context.settings.value("token") == SHIPPED
    secret = SHIPPED.encode()
    assert secret not in every_byte_under(profile)
    assert secret not in keyring_file.read_bytes()
    assert asyncio.run(store.get(SecretId.tool_setting("token_lookup", "token"))) == SecretStr(OWN)
    assert SHIPPED not in captured.out + captured.err
    assert SHIPPED not in caplog.text
    assert all(SHIPPED not in request.body.decode() for request in fake_provider.requests)
    assert value not in caplog.text

    # Withdrawn: the user's own token is the tool's again, and no longer managed.
    monkeypatch.delenv("STUDIO_POLICY_FILE")
    withdrawn = open_services()
    definition = tool.definition()

    async def own_state() -> tuple[str, bool]:
        values = await withdrawn.settings.effective_values(definition)
        state, *_ = await withdrawn.settings.field_states(definition)
        await withdrawn.aclose()
        return values.value("token"), state.locked

    assert asyncio.run(own_state()) == (OWN, False)


async def test_a_secret_for_another_field_or_with_another_key_leaves_the_tool_unconfigured(
    open_services: Callable[[], Services],
    profile: Path,
    tool: TokenTool,
    monkeypatch: pytest.MonkeyPatch,
    caplog: pytest.LogCaptureFixture,
) -> None:
    caplog.set_level(logging.DEBUG)
    moved = encrypt(SHIPPED, secret=POLICY_SECRET, key="other_tool.token")
    policy = profile.parent / "policy.json"
    policy.write_text(
        json.dumps({"id": "acme", "settings": {"token_lookup.token": {"value": moved}}}),
        encoding="utf-8",
    )
    monkeypatch.setenv("STUDIO_POLICY_FILE", str(policy))
    monkeypatch.setenv("STUDIO_POLICY_SECRET", POLICY_SECRET)
    services = open_services()
    definition = tool.definition()

    state = await services.settings.configuration_state(definition, tool)

    assert not state.is_configured
    field, *_ = await services.settings.field_states(definition)
    assert field.locked
    assert not field.has_value
    notices = [str(notice) for notice in services.policy_notices()]
    assert any("'token_lookup.token'" in notice for notice in notices)
    assert all(SHIPPED not in notice and moved not in notice for notice in notices)
    assert SHIPPED not in caplog.text
    assert moved not in caplog.text
    await services.aclose()


def write_policy(
    path: Path, settings: Mapping[str, object], monkeypatch: pytest.MonkeyPatch
) -> None:
    path.write_text(json.dumps({"id": "acme", "settings": settings}), encoding="utf-8")
    monkeypatch.setenv("STUDIO_POLICY_FILE", str(path))
    monkeypatch.setenv("STUDIO_POLICY_SECRET", POLICY_SECRET)


@pytest.mark.parametrize("mode", ["locked", "default"])
async def test_a_secret_shipped_as_plain_text_is_refused_and_the_user_is_told(
    mode: str,
    open_services: Callable[[], Services],
    profile: Path,
    tool: TokenTool,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    store = KeyringSecretStore(keyring.get_keyring())
    await store.set(SecretId.tool_setting("token_lookup", "token"), SecretStr(OWN))
    rule = {"value": SHIPPED, "mode": mode}
    write_policy(profile.parent / "policy.json", {"token_lookup.token": rule}, monkeypatch)
    services = open_services()
    definition = tool.definition()

    state = await services.settings.configuration_state(definition, tool)
    values = await services.settings.effective_values(definition)

    notices = [str(notice) for notice in services.policy_notices()]
    [refused] = [notice for notice in notices if "'token_lookup.token'" in notice]
    assert "plain" in refused
    assert SHIPPED not in refused
    if mode == "locked":
        # Neither the plain text nor, while the organisation locks the field, the user's own
        # key; the user cannot slip one in either.
        assert not state.is_configured
        assert values.value("token") == ""
        with pytest.raises(SettingLockedError):
            await services.settings.set_value(definition, "token", "tok-sneaked-in")
    else:
        # Secrets have no defaults: the plain text is ignored and the user's own key applies.
        assert state.is_configured
        assert values.value("token") == OWN
    await services.aclose()


async def test_a_plain_value_shipped_encrypted_reaches_the_tool_but_is_never_shown(
    open_services: Callable[[], Services],
    profile: Path,
    tool: TokenTool,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    hidden = "https://lookup.example/?key=internal"
    value = encrypt(hidden, secret=POLICY_SECRET, key="token_lookup.endpoint")
    write_policy(
        profile.parent / "policy.json", {"token_lookup.endpoint": {"value": value}}, monkeypatch
    )
    services = open_services()
    definition = tool.definition()

    values = await services.settings.effective_values(definition)
    _, endpoint, _ = await services.settings.field_states(definition)

    assert values.value("endpoint") == hidden
    assert endpoint.locked
    assert endpoint.has_value
    assert endpoint.value == ""
    await services.aclose()


async def test_a_value_shipped_encrypted_is_never_quoted_when_it_does_not_fit(
    open_services: Callable[[], Services],
    profile: Path,
    tool: TokenTool,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    hidden = "HIDDEN-depth-77"
    value = encrypt(hidden, secret=POLICY_SECRET, key="token_lookup.depth")
    settings = {
        "token_lookup.depth": {"value": value},
        "token_lookup.token": {
            "value": encrypt(SHIPPED, secret=POLICY_SECRET, key="token_lookup.token")
        },
    }
    write_policy(profile.parent / "policy.json", settings, monkeypatch)
    services = open_services()

    state = await services.settings.configuration_state(tool.definition(), tool)

    assert not state.is_configured
    assert len(state.problems) == 1
    assert "'depth'" in state.problems[0]
    assert hidden not in state.problems[0]
    await services.aclose()
