"""``studio tools``: listing, setting, clearing and switching, through the real services."""

from __future__ import annotations

import argparse
import asyncio
import io
import json
import subprocess
import sys
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

import keyring
import pytest

from studio.cli import main as cli
from studio.cli import tools as tools_command
from studio.config.organization import OrganizationPolicy
from studio.config.paths import StudioPaths
from studio.config.secrets import KeyringSecretStore
from studio.errors import SettingLockedError, UnknownSettingError
from studio.kernel.context import ToolExecutionContext
from studio.kernel.definition import ToolDefinition, ToolFunction
from studio.kernel.policy import ConfidenceLevel, ToolOutboundData
from studio.kernel.result import ToolExecutionResult
from studio.kernel.translatable import QT_TRANSLATE_NOOP, TranslatableText
from studio.services import Services
from studio.tools import options
from studio.tools.collection import ToolCollection
from studio.tools.implementation import ToolImplementation
from studio.tools.schema import ParametersBuilder, SettingsBuilder
from tests.support.keyring_backend import BACKEND_NAME

SECRET = "tok-9f2c41d7e6b3"


class SearchTool(ToolImplementation):
    outbound_data = ToolOutboundData.THIRD_PARTY_QUERIES
    returns_untrusted_content = False
    has_side_effects = False
    category = QT_TRANSLATE_NOOP("ToolCategory", "Web")

    @property
    def implementation_key(self) -> str:
        return "site_search"

    def definition(self) -> ToolDefinition:
        return ToolDefinition(
            id="site_search",
            implementation_key="site_search",
            minimum_provider_confidence=ConfidenceLevel.LOW,
            settings_schema=SettingsBuilder()
            .required("endpoint", "Endpoint")
            .optional_secret("api_key", "API key")
            .optional_choice("language", options.COMMON_LANGUAGES, "Language")
            .build(),
            function=ToolFunction(
                name="site_search",
                description="Search a site.",
                parameters=ParametersBuilder().required_string("query", "What to find.").build(),
            ),
        )

    def display_name(self) -> TranslatableText:
        return QT_TRANSLATE_NOOP("SearchTool", "Site search")

    def description(self) -> TranslatableText:
        return QT_TRANSLATE_NOOP("SearchTool", "Searches a site.")

    async def validate_configuration(self, values: Mapping[str, str]) -> str | None:
        endpoint = values.get("endpoint", "")
        return None if endpoint.startswith("https://") else "The endpoint must be an https URL."

    async def execute(
        self, arguments: Mapping[str, Any], context: ToolExecutionContext
    ) -> ToolExecutionResult:
        return ToolExecutionResult(text_content="nothing found")


class NoteTool(SearchTool):
    outbound_data = ToolOutboundData.NONE

    @property
    def implementation_key(self) -> str:
        return "read_note"

    def definition(self) -> ToolDefinition:
        return ToolDefinition(
            id="read_note",
            implementation_key="read_note",
            function=ToolFunction(name="read_note", description="Read a note."),
        )

    async def validate_configuration(self, values: Mapping[str, str]) -> str | None:
        return None


NOTES = ToolCollection(
    id="notes",
    tool_ids=("read_note",),
    display_name=QT_TRANSLATE_NOOP("NotesCollection", "Notes"),
    description=QT_TRANSLATE_NOOP("NotesCollection", "Your notes."),
)


@pytest.fixture
def open_services(tmp_path: Path) -> Callable[..., Services]:
    def make(organization: OrganizationPolicy | None = None) -> Services:
        return Services.open(
            StudioPaths.for_basedir(tmp_path / "profile"),
            implementations=[SearchTool(), NoteTool()],
            collections=[NOTES],
            organization=organization,
            secrets=KeyringSecretStore(keyring.get_keyring()),
        )

    return make


def studio(services: Services, *argv: str) -> int:
    return cli.run(cli.parse_arguments(argv), services)


def listing(services: Services, capsys: pytest.CaptureFixture[str]) -> dict[str, dict[str, Any]]:
    capsys.readouterr()
    assert studio(services, "tools", "list", "--json") == 0
    return {entry["id"]: entry for entry in json.loads(capsys.readouterr().out)}


def test_tools_list_json_describes_every_entry(
    open_services: Callable[..., Services], capsys: pytest.CaptureFixture[str]
) -> None:
    entries = listing(open_services(), capsys)

    assert list(entries) == ["site_search", "notes"]
    search = entries["site_search"]
    assert search["display_name"] == "Site search"
    assert search["kind"] == "tool"
    assert search["category"] == "Web"
    assert search["activation"] == "SELECTION"
    assert search["minimum_confidence"] == "LOW"
    assert search["outbound_data"] == "THIRD_PARTY_QUERIES"
    assert search["active"] is True
    assert search["configured"] is False
    assert search["missing_required_fields"] == ["endpoint"]
    assert search["available"] is True
    assert entries["notes"]["kind"] == "collection"
    assert entries["notes"]["tools"] == ["read_note"]
    assert entries["notes"]["configured"] is True


def test_tools_list_table_names_missing_fields(
    open_services: Callable[..., Services], capsys: pytest.CaptureFixture[str]
) -> None:
    assert studio(open_services(), "tools", "list") == 0

    out = capsys.readouterr().out
    header, search, notes = out.splitlines()
    assert header.split()[:3] == ["ID", "NAME", "KIND"]
    assert search.startswith("site_search")
    assert "no (missing: endpoint)" in search
    assert notes.startswith("notes")


def test_tools_set_plain_value_configures_tool(
    open_services: Callable[..., Services], capsys: pytest.CaptureFixture[str]
) -> None:
    services = open_services()

    assert studio(services, "tools", "set", "site_search", "endpoint", "https://s.example") == 0

    assert listing(open_services(), capsys)["site_search"]["configured"] is True


def test_tools_set_reports_the_tools_validation_message(
    open_services: Callable[..., Services], capsys: pytest.CaptureFixture[str]
) -> None:
    services = open_services()
    studio(services, "tools", "set", "site_search", "endpoint", "http://plain.example")

    entry = listing(services, capsys)["site_search"]

    assert entry["configured"] is False
    assert entry["configuration_message"] == "The endpoint must be an https URL."


def test_tools_set_secret_reads_stdin_and_keeps_it_out_of_files(
    open_services: Callable[..., Services],
    monkeypatch: pytest.MonkeyPatch,
    keyring_file: Path,
    tmp_path: Path,
) -> None:
    services = open_services()
    studio(services, "tools", "set", "site_search", "endpoint", "https://s.example")
    monkeypatch.setattr(sys, "stdin", io.StringIO(SECRET + "\n"))

    assert studio(services, "tools", "set", "site_search", "api_key") == 0

    stored = keyring.get_keyring().get_password("Studio/tool-settings/site_search", "api_key")
    assert stored == SECRET
    profile = [p.read_bytes() for p in (tmp_path / "profile").rglob("*") if p.is_file()]
    assert profile
    assert all(SECRET.encode() not in content for content in profile)


def test_tools_set_secret_on_command_line_is_refused(
    open_services: Callable[..., Services], keyring_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert studio(open_services(), "tools", "set", "site_search", "api_key", SECRET) == 1

    assert "standard input" in capsys.readouterr().err
    assert not keyring_file.exists() or SECRET not in keyring_file.read_text(encoding="utf-8")


def test_tools_unset_secret_deletes_it_from_keyring(
    open_services: Callable[..., Services], monkeypatch: pytest.MonkeyPatch, keyring_file: Path
) -> None:
    services = open_services()
    monkeypatch.setattr(sys, "stdin", io.StringIO(SECRET))
    studio(services, "tools", "set", "site_search", "api_key")

    assert studio(services, "tools", "unset", "site_search", "api_key") == 0

    assert keyring.get_keyring().get_password("Studio/tool-settings/site_search", "api_key") is None


def test_tools_set_refuses_value_outside_the_options(
    open_services: Callable[..., Services], capsys: pytest.CaptureFixture[str]
) -> None:
    assert studio(open_services(), "tools", "set", "site_search", "language", "xx-XX") == 1

    error = capsys.readouterr().err
    assert "'language'" in error
    assert "de-DE" in error


def test_tools_set_honours_organisation_lock(
    open_services: Callable[..., Services], capsys: pytest.CaptureFixture[str]
) -> None:
    organization = OrganizationPolicy(
        locked_tool_settings={"site_search.endpoint": "https://org.example"}
    )
    services = open_services(organization)

    assert studio(services, "tools", "set", "site_search", "endpoint", "https://mine.example") == 1

    assert "managed by your organisation" in capsys.readouterr().err
    assert listing(services, capsys)["site_search"]["configured"] is True


def test_tools_disable_and_enable_switch_the_entry(
    open_services: Callable[..., Services], capsys: pytest.CaptureFixture[str]
) -> None:
    services = open_services()

    assert studio(services, "tools", "disable", "notes") == 0
    assert listing(open_services(), capsys)["notes"]["active"] is False
    assert studio(services, "tools", "enable", "notes") == 0
    assert listing(open_services(), capsys)["notes"]["active"] is True


def test_tools_enable_refuses_an_entry_the_organisation_switched_off(
    open_services: Callable[..., Services], capsys: pytest.CaptureFixture[str]
) -> None:
    services = open_services(OrganizationPolicy(disabled_tool_ids=frozenset({"read_note"})))

    assert studio(services, "tools", "enable", "notes") == 1

    assert "organisation" in capsys.readouterr().err
    assert listing(services, capsys)["notes"]["disabled_by_organization"] is True


@pytest.mark.parametrize(
    ("argv", "expected"),
    [
        (("tools", "set", "nope", "f", "v"), "There is no tool 'nope'"),
        (("tools", "set", "site_search", "nope", "v"), "has no setting 'nope'"),
        (("tools", "disable", "nope"), "There is no tool or collection 'nope'"),
    ],
    ids=["unknown-tool", "unknown-field", "unknown-entry"],
)
def test_tools_commands_name_what_is_unknown(
    open_services: Callable[..., Services],
    capsys: pytest.CaptureFixture[str],
    argv: tuple[str, ...],
    expected: str,
) -> None:
    assert studio(open_services(), *argv) == 1

    assert expected in capsys.readouterr().err


def run_studio(*argv: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "studio", *argv],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )


def test_installed_command_lists_an_empty_profile_as_json(tmp_path: Path) -> None:
    result = run_studio("--basedir", str(tmp_path / "fresh"), "tools", "list", "--json")

    assert result.returncode == 0, result.stderr
    assert isinstance(json.loads(result.stdout), list)
    assert result.stderr == ""


def test_installed_command_accepts_basedir_after_the_command(tmp_path: Path) -> None:
    result = run_studio("tools", "list", "--basedir", str(tmp_path / "fresh"))

    assert result.returncode == 0, result.stderr
    assert not (tmp_path / "fresh" / "config" / "settings.json").exists()


def test_installed_command_fails_with_message_for_unknown_tool(tmp_path: Path) -> None:
    result = run_studio("--basedir", str(tmp_path), "tools", "enable", "nope")

    assert result.returncode == 1
    assert result.stderr.startswith("studio: There is no tool or collection 'nope'")


@pytest.mark.parametrize(
    ("field", "value", "expected"),
    [
        ("maxResults", "abc", "'maxResults' holds 'abc'; enter a whole number from 1 to 20."),
        ("maxResults", "99", "'maxResults' holds '99'; enter a whole number from 1 to 20."),
        (
            "searchTimeoutSeconds",
            "-5",
            "'searchTimeoutSeconds' holds '-5'; enter a whole number from 1 to 240.",
        ),
        (
            "searxng.baseUrl",
            "notaurl",
            "'searxng.baseUrl' was refused: The SearXNG address must be an absolute http or "
            "https address, such as 'http://localhost:8888'.",
        ),
        (
            "searxng.baseUrl",
            "https://alice:hunter2@search.example.org/",
            "'searxng.baseUrl' was refused: The SearXNG address must not hold a user name or "
            "password: the settings file is plain text, and Studio keeps secrets only in the "
            "system keyring. Enter the address without them, such as https://search.example.org.",
        ),
    ],
    ids=["not-a-number", "above-maximum", "negative", "not-an-address", "with-a-password"],
)
def test_installed_command_refuses_an_invalid_value_before_saving_it(
    tmp_path: Path, field: str, value: str, expected: str
) -> None:
    result = run_studio("--basedir", str(tmp_path), "tools", "set", "web_search", field, value)

    assert result.returncode == 1
    assert result.stderr == f"studio: The setting {expected}\n"
    assert "hunter2" not in result.stderr
    assert not (tmp_path / "config" / "settings.json").exists()


def test_installed_command_saves_a_valid_number_and_address(tmp_path: Path) -> None:
    for field, value in [("maxResults", "20"), ("searxng.baseUrl", "http://127.0.0.1:8888/")]:
        result = run_studio("--basedir", str(tmp_path), "tools", "set", "web_search", field, value)
        assert result.returncode == 0, result.stderr

    settings = json.loads((tmp_path / "config" / "settings.json").read_text(encoding="utf-8"))
    assert "'maxResults': '20'" in repr(settings)


def test_tools_list_reports_every_problem_at_once(tmp_path: Path) -> None:
    values = {"maxResults": "abc", "pageTimeoutSeconds": "0"}
    settings = {"tools": {"values": {"web_search": values}}}
    (tmp_path / "config").mkdir()
    (tmp_path / "config" / "settings.json").write_text(json.dumps(settings), encoding="utf-8")

    result = run_studio("--basedir", str(tmp_path), "tools", "list", "--json")

    assert result.returncode == 0, result.stderr
    entry = next(e for e in json.loads(result.stdout) if e["id"] == "web_search")
    assert entry["missing_required_fields"] == ["defaultLanguage"]
    assert entry["configuration_problems"] == [
        "The setting 'maxResults' holds 'abc'; enter a whole number from 1 to 20.",
        "The setting 'pageTimeoutSeconds' holds '0'; enter a whole number from 1 to 60.",
        "No search backend is configured. Enter the address of a SearXNG instance in "
        "'searxng.baseUrl'.",
    ]


def test_tools_set_secret_names_the_chosen_keyring_and_warns_it_is_not_secure(
    open_services: Callable[..., Services],
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    # The root conftest chose the file-backed test keyring through PYTHON_KEYRING_BACKEND.
    services = open_services()
    monkeypatch.setattr(sys, "stdin", io.StringIO(SECRET + "\n"))
    capsys.readouterr()

    assert studio(services, "tools", "set", "site_search", "api_key") == 0

    saved, warning = capsys.readouterr().err.splitlines()
    assert saved == f"Saved 'api_key' of 'site_search' in the keyring {BACKEND_NAME!r}."
    assert warning.startswith(f"studio: Warning: the keyring {BACKEND_NAME!r} is not a secure")


def allowance(services: Services, action: str, entry_id: str) -> int:
    # The grammar is `studio tools allow-untrusted ID` / `studio tools ask-untrusted ID`.
    arguments = argparse.Namespace(action=action, tool_id=entry_id)
    return asyncio.run(tools_command.handle(services, arguments))


def test_tools_allow_untrusted_and_ask_untrusted_switch_the_allowance(
    open_services: Callable[..., Services], capsys: pytest.CaptureFixture[str]
) -> None:
    services = open_services()
    assert listing(services, capsys)["notes"]["untrusted_chats"] == {
        "allowed": False,
        "locked": False,
        "origin": "",
    }

    assert allowance(services, "allow-untrusted", "notes") == 0
    assert "'notes' now runs without asking" in capsys.readouterr().err
    assert listing(open_services(), capsys)["notes"]["untrusted_chats"]["allowed"] is True
    assert services.settings.is_allowed_in_untrusted_chats("read_note", collection_id="notes")

    assert allowance(services, "ask-untrusted", "notes") == 0
    assert "'notes' now asks before it sends data out" in capsys.readouterr().err
    assert listing(open_services(), capsys)["notes"]["untrusted_chats"]["allowed"] is False


def test_tools_list_shows_the_allowance_the_organisation_decides(
    open_services: Callable[..., Services], capsys: pytest.CaptureFixture[str]
) -> None:
    organization = OrganizationPolicy(
        allowed_in_untrusted_chat_tool_ids=frozenset({"site_search"}),
        users_may_allow_in_untrusted_chats=False,
        origins={"untrusted:site_search": "corp (/etc/corp.json)"},
    )
    services = open_services(organization)

    entries = listing(services, capsys)
    assert entries["site_search"]["untrusted_chats"] == {
        "allowed": True,
        "locked": True,
        "origin": "corp (/etc/corp.json)",
    }
    assert entries["notes"]["untrusted_chats"]["locked"] is True
    assert studio(services, "tools", "list") == 0
    table = capsys.readouterr().out.splitlines()
    assert "UNTRUSTED CHATS" in table[0]
    assert "run (organisation)" in next(line for line in table if line.startswith("site_search"))
    assert "ask (organisation)" in next(line for line in table if line.startswith("notes"))
    with pytest.raises(SettingLockedError):
        allowance(services, "allow-untrusted", "notes")


def test_tools_allow_untrusted_names_an_unknown_entry(
    open_services: Callable[..., Services],
) -> None:
    with pytest.raises(UnknownSettingError, match="There is no tool or collection 'nope'"):
        allowance(open_services(), "allow-untrusted", "nope")
