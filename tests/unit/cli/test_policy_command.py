"""``studio policy``: check, export and encrypt, as an administrator runs them."""

from __future__ import annotations

import io
import json
import sys
from pathlib import Path
from typing import Any

import keyring
import pytest

from studio.cli import main as cli
from studio.config.paths import StudioPaths
from studio.config.policy.document import PolicyDocument, SettingMode
from studio.config.policy.encryption import PolicySecretError, decrypt, encrypt
from studio.config.secrets import KeyringSecretStore
from studio.errors import UnknownSettingError
from studio.services import Services
from studio.tools.policy_export import export_policy
from tests.support.cli_runs import run_studio
from tests.support.tools import VaultTool

SECRET = "corp-policy-secret-7f3a"
API_KEY = "vk-5d1e9a77c3"


def write_policy(path: Path, document: dict[str, Any]) -> Path:
    path.write_text(json.dumps(document, indent=2), encoding="utf-8")
    return path


@pytest.fixture
def policy_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A policy that locks one setting and presets another, named by STUDIO_POLICY_FILE."""
    path = write_policy(
        tmp_path / "corp.json",
        {
            "id": "corp",
            "priority": 5,
            "settings": {
                "web_search.maxResults": {"value": 10},
                "web_search.defaultLanguage": {"value": "de-DE", "mode": "default"},
            },
            "disabled_tools": ["read_web_page"],
            "minimum_confidence": {"levels": {"web_search": "HIGH"}},
        },
    )
    monkeypatch.setenv("STUDIO_POLICY_FILE", str(path))
    return path


def settings_by_key(result: Any) -> dict[str, dict[str, Any]]:
    assert result.returncode == 0, result.stderr
    return {row["key"]: row for row in json.loads(result.stdout)["settings"]}


def test_check_prints_every_value_with_its_origin(tmp_path: Path, policy_file: Path) -> None:
    profile = tmp_path / "profile"
    saved = run_studio(profile, "tools", "set", "web_search", "pageTimeoutSeconds", "20")
    assert saved.returncode == 0, saved.stderr

    result = run_studio(profile, "policy", "check")

    assert result.returncode == 0, result.stderr
    label = f"corp ({policy_file})"
    lines = [" ".join(line.split()) for line in result.stdout.splitlines()]
    assert f"STUDIO_POLICY_FILE: {policy_file}" in lines
    assert f"'corp', priority 5, in force: {policy_file}" in lines
    assert f"web_search.maxResults 10 organisation lock ({label})" in lines
    assert f"web_search.defaultLanguage de-DE organisation default ({label})" in lines
    assert "web_search.pageTimeoutSeconds 20 user" in lines
    assert "web_search.searchTimeoutSeconds 30 built-in default" in lines
    assert "web_search.searxng.baseUrl (not set) unset" in lines
    assert f"read_web_page: organisation ({label})" in lines
    assert f"web_search: HIGH, organisation lock ({label})" in lines
    assert "No problems." in lines


def test_check_names_who_lets_tools_run_without_asking_in_chats_with_outside_content(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = write_policy(
        tmp_path / "corp.json",
        {
            "id": "corp",
            "untrusted_chats": {"allowed_tools": ["web_search"], "users_may_allow": False},
        },
    )
    monkeypatch.setenv("STUDIO_POLICY_FILE", str(path))
    profile = tmp_path / "profile"
    allowed = run_studio(profile, "tools", "allow-untrusted", "read_web_page")

    text = run_studio(profile, "policy", "check")
    as_json = run_studio(profile, "policy", "check", "--json")

    # The organisation does not let users allow: the command refuses, and nothing of the user's
    # is allowed.
    assert allowed.returncode != 0
    lines = [" ".join(line.split()) for line in text.stdout.splitlines()]
    label = f"corp ({path})"
    assert (
        f"Run without asking in chats with outside content (users may not allow tools: "
        f"organisation ({label})):"
    ) in lines
    assert f"web_search: organisation ({label})" in lines
    untrusted = json.loads(as_json.stdout)["untrusted_chats"]
    assert untrusted == {
        "users_may_allow": False,
        "users_may_allow_origin": f"organisation ({label})",
        "allowed": [{"id": "web_search", "origin": f"organisation ({label})"}],
    }


def test_check_json_names_places_policies_and_origins(tmp_path: Path, policy_file: Path) -> None:
    result = run_studio(tmp_path / "profile", "policy", "check", "--json")

    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout)
    assert report["places"][-1] == {"tier": "ENVIRONMENT", "place": str(policy_file)}
    assert report["policies"] == [
        {
            "id": "corp",
            "place": str(policy_file),
            "tier": "ENVIRONMENT",
            "priority": 5,
            "in_force": True,
        }
    ]
    assert report["problems"] == []
    locked = settings_by_key(result)["web_search.maxResults"]
    assert locked["value"] == "10"
    assert locked["locked"] is True
    assert locked["origin"] == f"organisation lock (corp ({policy_file}))"


def test_check_lists_the_warnings_that_need_the_installed_tools(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = write_policy(
        tmp_path / "corp.json",
        {"id": "corp", "settings": {"web_search.maxResult": {"value": 3}}},
    )
    monkeypatch.setenv("STUDIO_POLICY_FILE", str(path))

    result = run_studio(tmp_path / "profile", "policy", "check", "--json")

    assert result.returncode == 0, result.stderr
    [problem] = json.loads(result.stdout)["problems"]
    assert problem["fatal"] is False
    assert problem["where"] == "/settings/web_search.maxResult"
    assert problem["place"] == f"corp ({path})"
    assert "maxResults" in problem["message"]


def test_check_of_a_broken_file_lists_every_problem_with_its_place(tmp_path: Path) -> None:
    path = write_policy(
        tmp_path / "broken.json",
        {
            "id": "corp",
            "priority": "high",
            "settings": {"web_search.maxResults": {"value": 3, "mode": "sometimes"}},
            "disabled_tool": ["web_search"],
        },
    )

    result = run_studio(tmp_path / "profile", "policy", "check", str(path))

    assert result.returncode == 1
    errors = [line.strip() for line in result.stdout.splitlines() if "error:" in line]
    assert len(errors) == 3
    assert any(f"{path}, at /priority:" in line for line in errors)
    assert any(f"{path}, at /settings/web_search.maxResults/mode:" in line for line in errors)
    assert any(f"{path}, at /disabled_tool:" in line for line in errors)
    assert "every tool off" in result.stdout
    assert result.stderr == ""


def test_check_of_a_file_that_is_not_json_names_the_line(tmp_path: Path) -> None:
    path = tmp_path / "syntax.json"
    path.write_text('{"id": "corp",\n  "priority": }\n', encoding="utf-8")

    result = run_studio(tmp_path / "profile", "policy", "check", str(path), "--json")

    assert result.returncode == 1
    [problem] = json.loads(result.stdout)["problems"]
    assert problem == {
        "place": str(path),
        "where": "line 2, column 15",
        "message": "the policy is not JSON: Expecting value",
        "fatal": True,
    }


def test_check_of_a_valid_file_with_warnings_exits_zero(tmp_path: Path) -> None:
    path = write_policy(
        tmp_path / "corp.json", {"id": "corp", "settings": {"mailbox.server": {"value": "x"}}}
    )

    result = run_studio(tmp_path / "profile", "policy", "check", str(path))

    assert result.returncode == 0, result.stderr
    assert f"warning: corp ({path}), at /settings/mailbox.server:" in result.stdout


def test_check_of_the_installed_policies_fails_while_one_is_broken(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "broken.json"
    path.write_text("{", encoding="utf-8")
    monkeypatch.setenv("STUDIO_POLICY_FILE", str(path))

    result = run_studio(tmp_path / "profile", "policy", "check")

    assert result.returncode == 1
    assert f"error: {path}" in result.stdout
    assert "Every tool is switched off" in result.stdout
    assert "NOT in force" in result.stdout
    # The command reports the problem itself; neither the notice nor the log repeats it.
    assert result.stderr == ""


def test_exported_locked_settings_give_another_profile_the_same_values(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    source = tmp_path / "source"
    for field, value in [
        ("maxResults", "12"),
        ("defaultLanguage", "fr-FR"),
        ("searxng.baseUrl", "http://127.0.0.1:8888"),
    ]:
        saved = run_studio(source, "tools", "set", "web_search", field, value)
        assert saved.returncode == 0, saved.stderr
    exported = tmp_path / "deploy" / "exported.json"

    result = run_studio(
        source, "policy", "export", "--locked", "--id", "team", "--output", str(exported)
    )

    assert result.returncode == 0, result.stderr
    document = json.loads(exported.read_text(encoding="utf-8"))
    PolicyDocument.model_validate(document)
    assert document["settings"]["web_search.maxResults"] == {"value": "12", "mode": "locked"}
    assert "web_search.searchTimeoutSeconds" not in document["settings"]
    assert exported.stat().st_mode & 0o044 == 0o044
    before = settings_by_key(run_studio(source, "policy", "check", "--json"))
    monkeypatch.setenv("STUDIO_POLICY_FILE", str(exported))
    after = settings_by_key(run_studio(tmp_path / "fresh", "policy", "check", "--json"))
    assert {key: row["value"] for key, row in after.items()} == {
        key: row["value"] for key, row in before.items()
    }
    assert after["web_search.defaultLanguage"]["origin"] == f"organisation lock (team ({exported}))"
    assert [before[key]["source"] for key in ("web_search.maxResults",)] == ["user"]


def test_export_defaults_prints_a_policy_of_presets(tmp_path: Path) -> None:
    profile = tmp_path / "profile"
    assert (
        run_studio(profile, "tools", "set", "read_web_page", "timeoutSeconds", "45").returncode == 0
    )

    result = run_studio(profile, "policy", "export", "--defaults")

    assert result.returncode == 0, result.stderr
    document = json.loads(result.stdout)
    assert document["id"] == "exported"
    assert document["settings"] == {
        "read_web_page.timeoutSeconds": {"value": "45", "mode": "default"}
    }


def open_vault_profile(tmp_path: Path) -> Services:
    return Services.open(
        StudioPaths.for_basedir(tmp_path / "profile"),
        implementations=[VaultTool()],
        secrets=KeyringSecretStore(keyring.get_keyring()),
    )


def studio(services: Services, *argv: str) -> int:
    return cli.run(cli.parse_arguments(argv), services)


@pytest.fixture
def vault_profile(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A profile whose vault tool has an endpoint and an API key in the keyring."""
    services = open_vault_profile(tmp_path)
    assert studio(services, "tools", "set", "vault", "endpoint", "https://vault.example") == 0
    monkeypatch.setattr(sys, "stdin", io.StringIO(API_KEY + "\n"))
    assert studio(services, "tools", "set", "vault", "apiKey") == 0
    return tmp_path / "profile"


def test_export_leaves_secrets_out_unless_asked(
    tmp_path: Path, vault_profile: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    capsys.readouterr()

    assert studio(open_vault_profile(tmp_path), "policy", "export") == 0

    printed = capsys.readouterr().out
    assert json.loads(printed)["settings"] == {
        "vault.endpoint": {"value": "https://vault.example", "mode": "locked"}
    }
    assert API_KEY not in printed


def test_export_with_secrets_but_no_policy_secret_writes_nothing(
    tmp_path: Path, vault_profile: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    target = tmp_path / "exported.json"
    capsys.readouterr()

    code = studio(
        open_vault_profile(tmp_path),
        "policy",
        "export",
        "--include-secrets",
        "--output",
        str(target),
    )

    assert code == 1
    captured = capsys.readouterr()
    assert captured.out == ""
    [line] = captured.err.splitlines()
    assert "'vault.apiKey'" in line
    assert "STUDIO_POLICY_SECRET" in line
    assert API_KEY not in line
    assert not target.exists()
    assert list(tmp_path.glob(".exported.json.*")) == []


def test_export_with_secrets_encrypts_them_and_locks_them(
    tmp_path: Path,
    vault_profile: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    monkeypatch.setenv("STUDIO_POLICY_SECRET", SECRET)
    capsys.readouterr()

    assert (
        studio(open_vault_profile(tmp_path), "policy", "export", "--defaults", "--include-secrets")
        == 0
    )

    printed = capsys.readouterr().out
    assert API_KEY not in printed
    rules = json.loads(printed)["settings"]
    assert rules["vault.endpoint"] == {"value": "https://vault.example", "mode": "default"}
    assert rules["vault.apiKey"]["mode"] == "locked"
    assert decrypt(rules["vault.apiKey"]["value"], secret=SECRET, key="vault.apiKey") == API_KEY


def test_check_never_prints_a_secret(
    tmp_path: Path, vault_profile: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    capsys.readouterr()

    assert studio(open_vault_profile(tmp_path), "policy", "check") == 0
    text = capsys.readouterr().out
    assert studio(open_vault_profile(tmp_path), "policy", "check", "--json") == 0
    report = json.loads(capsys.readouterr().out)

    assert API_KEY not in text
    assert " ".join(next(line for line in text.splitlines() if "vault.apiKey" in line).split()) == (
        "vault.apiKey (set) user"
    )
    key = next(row for row in report["settings"] if row["key"] == "vault.apiKey")
    assert (key["value"], key["set"], key["secret"]) == (None, True, True)


def test_encrypt_prints_a_value_that_decrypts_for_its_key(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("STUDIO_POLICY_SECRET", SECRET)

    result = run_studio(
        tmp_path,
        "policy",
        "encrypt",
        "--key",
        "providers.Company LLM.api_key",
        input_text=API_KEY + "\n",
    )

    assert result.returncode == 0, result.stderr
    encrypted = result.stdout.strip()
    assert encrypted.startswith("ENC:v1:")
    assert API_KEY not in result.stdout + result.stderr
    assert decrypt(encrypted, secret=SECRET, key="providers.Company LLM.api_key") == API_KEY


def test_encrypted_value_is_usable_in_a_policy(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("STUDIO_POLICY_SECRET", SECRET)
    encrypted = run_studio(
        tmp_path, "policy", "encrypt", "--key", "web_search.searxng.baseUrl",
        input_text="http://127.0.0.1:8888\n",
    ).stdout.strip()  # fmt: skip
    path = write_policy(
        tmp_path / "corp.json",
        {"id": "corp", "settings": {"web_search.searxng.baseUrl": {"value": encrypted}}},
    )
    monkeypatch.setenv("STUDIO_POLICY_FILE", str(path))

    rows = settings_by_key(run_studio(tmp_path / "profile", "policy", "check", "--json"))

    row = rows["web_search.searxng.baseUrl"]
    assert (row["locked"], row["set"], row["value"]) == (True, True, None)


def test_encrypt_without_a_policy_secret_names_the_variable(tmp_path: Path) -> None:
    result = run_studio(
        tmp_path, "policy", "encrypt", "--key", "web_search.apiKey", input_text=API_KEY
    )

    assert result.returncode == 1
    assert result.stdout == ""
    [line] = result.stderr.splitlines()
    assert "STUDIO_POLICY_SECRET" in line
    assert API_KEY not in line


@pytest.mark.parametrize(
    ("key", "value", "expected"),
    [
        ("web_search.apiKey", "\n", "empty"),
        ("not a key", API_KEY, "is not a setting key"),
    ],
    ids=["empty-value", "malformed-key"],
)
def test_encrypt_refuses_what_it_cannot_use(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, key: str, value: str, expected: str
) -> None:
    monkeypatch.setenv("STUDIO_POLICY_SECRET", SECRET)

    result = run_studio(tmp_path, "policy", "encrypt", "--key", key, input_text=value)

    assert result.returncode == 1
    assert expected in result.stderr
    assert result.stdout == ""


def test_a_locked_value_cannot_be_changed_with_tools_set(tmp_path: Path, policy_file: Path) -> None:
    profile = tmp_path / "profile"

    result = run_studio(profile, "tools", "set", "web_search", "maxResults", "3")

    assert result.returncode != 0
    assert "managed by your organisation" in result.stderr
    assert not (profile / "config" / "settings.json").exists()


def test_tools_list_of_a_fresh_profile_shows_the_locked_values(
    tmp_path: Path, policy_file: Path
) -> None:
    profile = tmp_path / "fresh"

    table = run_studio(profile, "tools", "list")
    listing = run_studio(profile, "tools", "list", "--json")

    assert table.returncode == 0, table.stderr
    lines = [" ".join(line.split()) for line in table.stdout.splitlines()]
    assert "Set by your organisation:" in lines
    assert f"web_search.maxResults 10 organisation lock (corp ({policy_file}))" in lines
    entry = next(e for e in json.loads(listing.stdout) if e["id"] == "web_search")
    locked = next(row for row in entry["settings"] if row["key"] == "web_search.maxResults")
    assert (locked["value"], locked["locked"]) == ("10", True)
    assert locked["origin"] == f"organisation lock (corp ({policy_file}))"


def test_an_encrypted_secret_shipped_by_a_policy_decrypts_for_the_tool(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    path = write_policy(
        tmp_path / "corp.json",
        {
            "id": "corp",
            "settings": {
                "vault.apiKey": {"value": encrypt(API_KEY, secret=SECRET, key="vault.apiKey")}
            },
        },
    )
    monkeypatch.setenv("STUDIO_POLICY_FILE", str(path))
    monkeypatch.setenv("STUDIO_POLICY_SECRET", SECRET)
    capsys.readouterr()

    assert studio(open_vault_profile(tmp_path), "policy", "check", "--json") == 0

    report = json.loads(capsys.readouterr().out)
    key = next(row for row in report["settings"] if row["key"] == "vault.apiKey")
    assert (key["locked"], key["set"], key["value"]) == (True, True, None)
    assert report["policy_secret"] == {"delivered": True, "place": "STUDIO_POLICY_SECRET"}


async def test_export_policy_of_named_tools_refuses_to_leave_a_secret_behind(
    tmp_path: Path, vault_profile: Path
) -> None:
    services = open_vault_profile(tmp_path)
    try:
        plain = await export_policy(
            services.settings, services.registry, mode=SettingMode.LOCKED, tool_ids=["vault"]
        )
        with pytest.raises(PolicySecretError) as refused:
            await export_policy(
                services.settings,
                services.registry,
                mode=SettingMode.LOCKED,
                include_secrets=True,
                tool_ids=["vault"],
            )
        with pytest.raises(UnknownSettingError):
            await export_policy(
                services.settings, services.registry, mode=SettingMode.LOCKED, tool_ids=["nope"]
            )
    finally:
        await services.aclose()

    assert plain["id"] == "exported"
    assert list(plain["settings"]) == ["vault.endpoint"]
    assert API_KEY not in str(refused.value)


async def test_export_policy_carries_the_tools_that_run_without_asking_in_untrusted_chats(
    tmp_path: Path,
) -> None:
    services = open_vault_profile(tmp_path)
    try:
        assert "untrusted_chats" not in await export_policy(
            services.settings, services.registry, mode=SettingMode.LOCKED
        )
        await services.settings.set_allowed_in_untrusted_chats("vault", True)
        document = await export_policy(
            services.settings, services.registry, mode=SettingMode.DEFAULT
        )
    finally:
        await services.aclose()

    assert document["untrusted_chats"] == {"allowed_tools": ["vault"]}
    PolicyDocument.model_validate(document)
