"""``studio providers``: adding, listing and removing, through the real services and keyring."""

from __future__ import annotations

import io
import json
import logging
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import keyring
import pytest

from studio.cli import main as cli
from studio.config.paths import StudioPaths
from studio.config.profiles import ProviderType, profile_for
from studio.config.secrets import KeyringSecretStore, UnavailableSecretStore
from studio.services import Services
from tests.support.keyring_backend import BACKEND_NAME, MemoryKeyring

SECRET = "sk-proj-41c9e07db2f5"
KEY_VARIABLE = "STUDIO_TEST_PROVIDER_KEY"


@pytest.fixture
def profile(tmp_path: Path) -> Path:
    return tmp_path / "profile"


@pytest.fixture
def open_services(profile: Path) -> Callable[[], Services]:
    def make() -> Services:
        return Services.open(
            StudioPaths.for_basedir(profile),
            implementations=[],
            secrets=KeyringSecretStore(keyring.get_keyring()),
        )

    return make


def studio(services: Services, *argv: str) -> int:
    return cli.run(cli.parse_arguments(argv), services)


def add(services: Services, name: str, *options: str) -> int:
    return studio(services, "providers", "add", name, *options)


def stored_key(name: str) -> str | None:
    return keyring.get_keyring().get_password(f"Studio/providers/{name}", "api_key")


def listing(services: Services, capsys: pytest.CaptureFixture[str]) -> dict[str, dict[str, Any]]:
    capsys.readouterr()
    assert studio(services, "providers", "list", "--json") == 0
    return {entry["name"]: entry for entry in json.loads(capsys.readouterr().out)}


def profile_bytes(profile: Path) -> list[bytes]:
    return [path.read_bytes() for path in profile.rglob("*") if path.is_file()]


OPENAI = ("--type", "openai-chat", "--model", "gpt-4o-mini", "--confidence", "medium")
OLLAMA = ("--type", "ollama", "--model", "llama3.1", "--confidence", "HIGH")


def test_providers_add_reads_key_from_environment_into_keyring_only(
    open_services: Callable[[], Services],
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    caplog: pytest.LogCaptureFixture,
    profile: Path,
) -> None:
    caplog.set_level(logging.DEBUG)
    monkeypatch.setenv(KEY_VARIABLE, SECRET)
    services = open_services()

    assert add(services, "Work", *OPENAI, "--api-key-env", KEY_VARIABLE) == 0
    added = capsys.readouterr()
    entry = listing(open_services(), capsys)["Work"]

    assert stored_key("Work") == SECRET
    assert entry["api_key_stored"] is True
    contents = profile_bytes(profile)
    assert contents
    assert all(SECRET.encode() not in content for content in contents)
    assert "Added the provider 'Work'" in added.err
    assert SECRET not in added.out + added.err + json.dumps(entry) + caplog.text


def test_providers_add_reads_key_from_stdin_without_the_newline(
    open_services: Callable[[], Services],
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO(SECRET + "\n"))

    assert add(open_services(), "Claude", "--type", "anthropic", "--model", "claude-sonnet-4-5",
               "--confidence", "high", "--api-key-stdin") == 0  # fmt: skip

    assert stored_key("Claude") == SECRET
    out, err = capsys.readouterr()
    assert SECRET not in out + err


def test_providers_add_without_key_for_a_cloud_type_says_how_to_give_one(
    open_services: Callable[[], Services], capsys: pytest.CaptureFixture[str], profile: Path
) -> None:
    assert add(open_services(), "Work", *OPENAI) == 1

    error = capsys.readouterr().err
    assert error.startswith("studio: The provider type 'openai-chat' needs an API key")
    assert "--api-key-env VAR" in error
    assert "--api-key-stdin" in error
    assert len(error.splitlines()) == 1
    assert not StudioPaths.for_basedir(profile).providers_file.exists()


@pytest.mark.parametrize(
    ("value", "message"),
    [(None, "is not set"), ("", "is empty"), ("   ", "is empty")],
    ids=["unset", "empty", "blank"],
)
def test_providers_add_refuses_a_missing_environment_variable(
    open_services: Callable[[], Services],
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    value: str | None,
    message: str,
) -> None:
    if value is None:
        monkeypatch.delenv(KEY_VARIABLE, raising=False)
    else:
        monkeypatch.setenv(KEY_VARIABLE, value)
    services = open_services()

    assert add(services, "Work", *OPENAI, "--api-key-env", KEY_VARIABLE) == 1

    assert f"The environment variable '{KEY_VARIABLE}' {message}." in capsys.readouterr().err
    assert listing(services, capsys) == {}


def test_providers_add_refuses_empty_stdin(
    open_services: Callable[[], Services],
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO("\n"))

    assert add(open_services(), "Work", *OPENAI, "--api-key-stdin") == 1

    assert "Standard input held no API key." in capsys.readouterr().err


def test_providers_add_self_hosted_type_needs_no_key(
    open_services: Callable[[], Services], capsys: pytest.CaptureFixture[str]
) -> None:
    assert add(open_services(), "Local", *OLLAMA) == 0

    entry = listing(open_services(), capsys)["Local"]
    assert entry == {
        "name": "Local",
        "type": "ollama",
        "base_url": "http://localhost:11434/v1",
        "model": "llama3.1",
        "confidence": "HIGH",
        "capabilities": ["CHAT_COMPLETION_API", "FUNCTION_CALLING"],
        "additional_parameters": {},
        "progress_timeout": 120.0,
        "api_key_stored": False,
        "api_key": "none",
    }


@pytest.mark.parametrize(
    "provider_type",
    [t for t in ProviderType if profile_for(t).default_base_url is not None],
    ids=lambda t: t.value,
)
def test_providers_add_base_url_defaults_to_the_types(
    open_services: Callable[[], Services],
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    provider_type: ProviderType,
) -> None:
    monkeypatch.setenv(KEY_VARIABLE, SECRET)
    argv = ("--type", provider_type.value, "--model", "m", "--confidence", "LOW")

    assert add(open_services(), "P", *argv, "--api-key-env", KEY_VARIABLE) == 0

    entry = listing(open_services(), capsys)["P"]
    assert entry["base_url"] == profile_for(provider_type).default_base_url


def test_providers_add_openai_compatible_needs_base_url(
    open_services: Callable[[], Services], capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ("--type", "openai-compatible", "--model", "qwen3", "--confidence", "LOW")
    services = open_services()

    assert add(services, "Gateway", *argv) == 1
    assert "give one with --base-url URL" in capsys.readouterr().err
    assert add(services, "Gateway", *argv, "--base-url", "http://10.1.2.3:4000/v1/") == 0
    assert listing(services, capsys)["Gateway"]["base_url"] == "http://10.1.2.3:4000/v1"


def test_providers_add_refuses_a_relative_base_url(
    open_services: Callable[[], Services], capsys: pytest.CaptureFixture[str]
) -> None:
    assert add(open_services(), "Local", *OLLAMA, "--base-url", "localhost:11434/v1") == 1

    assert "is not valid: give an absolute http://" in capsys.readouterr().err


def test_providers_add_refuses_a_duplicate_name(
    open_services: Callable[[], Services],
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    services = open_services()
    assert add(services, "Local", *OLLAMA) == 0
    monkeypatch.setenv(KEY_VARIABLE, SECRET)

    assert add(services, "local", *OPENAI, "--api-key-env", KEY_VARIABLE) == 1

    assert "There is already a provider 'Local'." in capsys.readouterr().err
    assert stored_key("local") is None
    assert list(listing(open_services(), capsys)) == ["Local"]


def test_providers_add_refuses_an_invalid_name(
    open_services: Callable[[], Services], capsys: pytest.CaptureFixture[str]
) -> None:
    assert add(open_services(), "team/local", *OLLAMA) == 1

    assert "The provider name 'team/local' is not valid" in capsys.readouterr().err


def test_providers_add_unknown_type_is_refused_with_the_valid_types(
    capsys: pytest.CaptureFixture[str],
) -> None:
    with pytest.raises(SystemExit) as exit_info:
        cli.parse_arguments(["providers", "add", "X", "--type", "gemini", "--model", "m",
                             "--confidence", "LOW"])  # fmt: skip

    assert exit_info.value.code == 2
    error = capsys.readouterr().err
    assert "invalid choice: 'gemini'" in error
    assert all(f"'{provider_type.value}'" in error for provider_type in ProviderType)


def test_providers_add_unknown_confidence_is_refused_with_the_levels(
    capsys: pytest.CaptureFixture[str],
) -> None:
    with pytest.raises(SystemExit) as exit_info:
        cli.parse_arguments(["providers", "add", "X", *OLLAMA[:4], "--confidence", "total"])

    assert exit_info.value.code == 2
    assert "'total' is not a confidence level; use one of NONE" in capsys.readouterr().err


def test_providers_add_takes_one_key_source_only(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_info:
        cli.parse_arguments(
            ["providers", "add", "X", *OPENAI, "--api-key-env", "V", "--api-key-stdin"]
        )

    assert exit_info.value.code == 2
    assert "not allowed with argument" in capsys.readouterr().err


def test_providers_add_has_no_option_for_the_key_itself(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_info:
        cli.parse_arguments(["providers", "add", "X", *OPENAI, "--api-key", SECRET])

    assert exit_info.value.code == 2
    error = capsys.readouterr().err
    assert "--api-key" in error
    assert SECRET not in error


def test_providers_list_table(
    open_services: Callable[[], Services],
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    services = open_services()
    monkeypatch.setenv(KEY_VARIABLE, SECRET)
    add(services, "Work", *OPENAI, "--api-key-env", KEY_VARIABLE)
    add(services, "Local", *OLLAMA)
    capsys.readouterr()

    assert studio(services, "providers", "list") == 0

    header, work, local = capsys.readouterr().out.splitlines()
    assert header.split() == ["NAME", "TYPE", "BASE", "URL", "MODEL", "CONFIDENCE",
                              "CAPABILITIES", "API", "KEY"]  # fmt: skip
    assert work.split() == ["Work", "openai-chat", "https://api.openai.com/v1", "gpt-4o-mini",
                            "Medium", "CHAT_COMPLETION_API,FUNCTION_CALLING", "In", "the",
                            "keyring"]  # fmt: skip
    assert local.split()[0] == "Local"
    assert local.endswith("  None")


def test_providers_list_says_unreadable_when_no_keyring_can_tell(
    open_services: Callable[[], Services],
    profile: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    monkeypatch.setenv(KEY_VARIABLE, SECRET)
    add(open_services(), "Work", *OPENAI, "--api-key-env", KEY_VARIABLE)
    without_keyring = Services.open(
        StudioPaths.for_basedir(profile), implementations=[], secrets=UnavailableSecretStore()
    )

    entry = listing(without_keyring, capsys)["Work"]
    assert (entry["api_key"], entry["api_key_stored"]) == ("unreadable", False)

    assert studio(without_keyring, "providers", "list") == 0
    assert capsys.readouterr().out.splitlines()[1].endswith("  Unreadable")


def test_providers_list_empty_profile_says_how_to_add_one(
    open_services: Callable[[], Services], capsys: pytest.CaptureFixture[str]
) -> None:
    assert studio(open_services(), "providers", "list") == 0

    assert "studio providers add" in capsys.readouterr().out


def test_providers_list_sets_a_corrupt_file_aside_and_says_so(
    open_services: Callable[[], Services], capsys: pytest.CaptureFixture[str], profile: Path
) -> None:
    providers_file = StudioPaths.for_basedir(profile).providers_file
    providers_file.parent.mkdir(parents=True)
    providers_file.write_bytes(b'{"providers": [{"name": "x"')

    assert studio(open_services(), "providers", "list", "--json") == 0

    out, err = capsys.readouterr()
    [kept] = providers_file.parent.glob("providers.json.unreadable-*")
    assert json.loads(out) == []
    assert str(kept) in err
    assert kept.read_bytes() == b'{"providers": [{"name": "x"'


def test_providers_remove_deletes_the_key(
    open_services: Callable[[], Services],
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    services = open_services()
    monkeypatch.setenv(KEY_VARIABLE, SECRET)
    add(services, "Work", *OPENAI, "--api-key-env", KEY_VARIABLE)

    assert studio(services, "providers", "remove", "Work") == 0

    assert "Removed the provider 'Work'" in capsys.readouterr().err
    assert stored_key("Work") is None
    assert listing(open_services(), capsys) == {}


def test_providers_remove_unknown_name_fails_with_one_line(
    open_services: Callable[[], Services], capsys: pytest.CaptureFixture[str]
) -> None:
    assert studio(open_services(), "providers", "remove", "nope") == 1

    error = capsys.readouterr().err
    assert error == "studio: There is no provider 'nope'; the providers: none are set up.\n"


def test_providers_change_keeps_what_it_is_not_told_and_the_key(
    open_services: Callable[[], Services],
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    monkeypatch.setenv(KEY_VARIABLE, SECRET)
    add(open_services(), "Work", *OPENAI, "--api-key-env", KEY_VARIABLE)

    assert studio(open_services(), "providers", "change", "work", "--model", "gpt-4.1",
                  "--confidence", "low") == 0  # fmt: skip

    changed = capsys.readouterr().err
    entry = listing(open_services(), capsys)["Work"]
    assert (entry["type"], entry["model"], entry["confidence"]) == ("openai-chat", "gpt-4.1", "LOW")
    assert stored_key("Work") == SECRET
    assert "Changed the provider 'Work'" in changed
    assert SECRET not in changed


def test_providers_change_replaces_the_key_from_stdin(
    open_services: Callable[[], Services],
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    monkeypatch.setenv(KEY_VARIABLE, SECRET)
    add(open_services(), "Work", *OPENAI, "--api-key-env", KEY_VARIABLE)
    monkeypatch.setattr(sys, "stdin", io.StringIO("sk-new-key\n"))

    assert studio(open_services(), "providers", "change", "Work", "--api-key-stdin") == 0

    assert stored_key("Work") == "sk-new-key"
    assert listing(open_services(), capsys)["Work"]["model"] == "gpt-4o-mini"


def test_providers_change_without_a_change_or_provider_says_so(
    open_services: Callable[[], Services], capsys: pytest.CaptureFixture[str]
) -> None:
    add(open_services(), "Home", *OLLAMA)
    capsys.readouterr()

    assert studio(open_services(), "providers", "change", "Home") == 1
    assert capsys.readouterr().err.startswith("studio: Nothing to change: give --model")
    assert studio(open_services(), "providers", "change", "Away", "--model", "x") == 1
    assert (
        capsys.readouterr().err == "studio: There is no provider 'Away'; the providers: 'Home'.\n"
    )


def run_studio(*argv: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "studio", *argv],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )


def test_installed_command_lists_an_empty_profile_as_json(tmp_path: Path) -> None:
    result = run_studio("--basedir", str(tmp_path / "fresh"), "providers", "list", "--json")

    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout) == []
    assert result.stderr == ""
    assert not (tmp_path / "fresh").exists()


def test_installed_command_adds_a_provider_with_its_key_in_the_keyring(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, keyring_file: Path
) -> None:
    # The subprocess inherits the test keyring (conftest sets the backend and XDG folders).
    monkeypatch.setenv(KEY_VARIABLE, SECRET)
    basedir = str(tmp_path / "fresh")

    added = run_studio("--basedir", basedir, "providers", "add", "Work", *OPENAI,
                       "--api-key-env", KEY_VARIABLE)  # fmt: skip
    listed = run_studio("--basedir", basedir, "providers", "list", "--json")

    assert added.returncode == 0, added.stderr
    assert listed.returncode == 0, listed.stderr
    [entry] = json.loads(listed.stdout)
    assert entry["api_key_stored"] is True
    assert stored_key("Work") == SECRET
    assert keyring_file.exists()
    assert all(SECRET not in text for text in (added.stdout, added.stderr, listed.stdout))
    assert all(SECRET.encode() not in content for content in profile_bytes(tmp_path / "fresh"))


# Where the key went.


def test_a_key_in_a_chosen_plain_text_keyring_is_said_to_be_there_with_a_warning(
    open_services: Callable[[], Services],
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    # The root conftest chose the file-backed test keyring through PYTHON_KEYRING_BACKEND.
    monkeypatch.setenv(KEY_VARIABLE, SECRET)
    assert add(open_services(), "Work", *OPENAI, "--api-key-env", KEY_VARIABLE) == 0
    added = capsys.readouterr().err.splitlines()
    monkeypatch.setattr(sys, "stdin", io.StringIO("sk-new-key\n"))
    assert studio(open_services(), "providers", "change", "Work", "--api-key-stdin") == 0
    changed = capsys.readouterr().err.splitlines()

    place = f"the keyring {BACKEND_NAME!r}"
    warning = f"studio: Warning: {place} is not a secure store, so it may keep the key unencrypted"
    assert added[0].endswith(f"Its API key is in {place}.")
    assert changed[0].endswith(f"Its new API key is in {place}.")
    for lines in (added, changed):
        assert "OS keyring" not in lines[0]
        assert len(lines) == 2
        assert lines[1].startswith(warning)


def test_a_key_in_the_keyring_keyring_picked_is_in_the_os_keyring(
    open_services: Callable[[], Services],
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    monkeypatch.delenv("PYTHON_KEYRING_BACKEND")
    keyring.set_keyring(MemoryKeyring())
    monkeypatch.setenv(KEY_VARIABLE, SECRET)

    assert add(open_services(), "Work", *OPENAI, "--api-key-env", KEY_VARIABLE) == 0

    [added] = capsys.readouterr().err.splitlines()
    assert added.endswith("Its API key is in the OS keyring.")


def test_providers_progress_timeout_is_set_on_add_and_on_change_and_checked(
    open_services: Callable[[], Services], capsys: pytest.CaptureFixture[str]
) -> None:
    assert add(open_services(), "Local", *OLLAMA, "--progress-timeout", "30") == 0
    assert listing(open_services(), capsys)["Local"]["progress_timeout"] == 30.0

    assert studio(open_services(), "providers", "change", "Local", "--progress-timeout", "600") == 0
    assert listing(open_services(), capsys)["Local"]["progress_timeout"] == 600.0

    for refused in ("0", "-5", "3601", "nan"):
        capsys.readouterr()
        code = studio(
            open_services(), "providers", "change", "Local", "--progress-timeout", refused
        )
        assert code == 1
        error = capsys.readouterr().err
        assert error.startswith("studio: "), error
        assert error.count("\n") == 1, error
        assert listing(open_services(), capsys)["Local"]["progress_timeout"] == 600.0
