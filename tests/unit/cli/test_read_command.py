"""``studio read``: one page through the real services, from a threaded server on loopback.

The address is typed by the user, so the command may read this computer: the pages come from
``127.0.0.1`` directly, with no name to resolve.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable, Iterator
from pathlib import Path

import keyring
import pytest

from studio.cli import main as cli
from studio.config.paths import StudioPaths
from studio.config.secrets import KeyringSecretStore
from studio.injection import REDACTION_MARKER
from studio.kernel.context import ChatContext, ProviderContext, SettingsValues, ToolExecutionContext
from studio.kernel.policy import ConfidenceLevel
from studio.services import Services
from studio.tools.builtin.read_web_page import ReadWebPageTool
from studio.web.targets import TargetPolicy
from studio.web.truncate import TRUNCATION_MARKER
from tests.support.json_server import JsonServer, ScriptedAnswer
from tests.support.web_pages import INJECTION, LOREM, article

PAGE = article(
    "Reading from the terminal",
    [LOREM, "The second paragraph.", LOREM],
    description="A page for the read command.",
    authors=["Ada Lovelace"],
)


def html(text: str, status: int = 200) -> ScriptedAnswer:
    return ScriptedAnswer(
        status=status, body=text.encode("utf-8"), content_type="text/html; charset=utf-8"
    )


@pytest.fixture
def server() -> Iterator[JsonServer]:
    with JsonServer() as running:
        running.route("/article", html(PAGE))
        yield running


@pytest.fixture
def open_services(tmp_path: Path) -> Callable[[], Services]:
    def make() -> Services:
        return Services.open(
            StudioPaths.for_basedir(tmp_path / "profile"),
            implementations=[],
            secrets=KeyringSecretStore(keyring.get_keyring()),
            # As the command line opens a profile: the guard reports to standard error.
            guard_reporter=cli.print_guard_report,
        )

    return make


def studio(services: Services, *argv: str) -> int:
    return cli.run(cli.parse_arguments(argv), services)


def test_read_prints_the_main_content_as_markdown(
    server: JsonServer, open_services: Callable[[], Services], capsys: pytest.CaptureFixture[str]
) -> None:
    assert studio(open_services(), "read", f"{server.url}/article") == 0

    captured = capsys.readouterr()
    assert "# Reading from the terminal" in captured.out
    assert "The second paragraph." in captured.out
    assert "About" not in captured.out  # the navigation is not the article
    assert captured.out.endswith("\n")
    assert captured.err == ""


def test_read_prints_text_documents_unchanged(
    server: JsonServer, open_services: Callable[[], Services], capsys: pytest.CaptureFixture[str]
) -> None:
    body = "name,value\r\none,1\r\n"
    server.route("/data.csv", ScriptedAnswer(body=body.encode(), content_type="text/csv"))

    assert studio(open_services(), "read", f"{server.url}/data.csv") == 0

    assert capsys.readouterr().out == "name,value\none,1\n"


async def test_read_json_is_the_object_read_web_page_returns(
    server: JsonServer, open_services: Callable[[], Services], capsys: pytest.CaptureFixture[str]
) -> None:
    url = f"{server.url}/article"
    services = open_services()

    # The command runs its own event loop, so it runs in a thread of its own here.
    assert await asyncio.to_thread(studio, services, "read", url, "--json") == 0
    printed = json.loads(capsys.readouterr().out)
    tool = ReadWebPageTool(
        services.builtin, page_policy=lambda hosts, confidence: TargetPolicy.user_typed()
    )
    context = ToolExecutionContext(
        definition=tool.definition(),
        tool_call_id="call-1",
        settings=SettingsValues({"freeAddressChoice": "ON"}),
        provider=ProviderContext(name="test", confidence=ConfidenceLevel.HIGH),
        chat=ChatContext(),
    )
    returned = (await tool.execute({"url": url}, context)).json_content
    await services.aclose()

    assert printed.pop("retrieved_at_utc").endswith("Z")
    assert returned.pop("retrieved_at_utc").endswith("Z")
    assert printed == returned
    assert printed["status"] == "complete"
    assert printed["content"]["authors"] == ["Ada Lovelace"]


def test_read_reports_what_the_guard_removed_on_stderr(
    server: JsonServer, open_services: Callable[[], Services], capsys: pytest.CaptureFixture[str]
) -> None:
    server.route("/evil", html(article("Evil", [LOREM, f"Now. {INJECTION}", LOREM])))
    url = f"{server.url}/evil"

    assert studio(open_services(), "read", url) == 0

    captured = capsys.readouterr()
    assert REDACTION_MARKER in captured.out
    assert "Ignore all previous instructions" not in captured.out
    assert f"studio: Studio removed suspicious instructions from {url} before using it." in (
        captured.err.splitlines()
    )


def test_read_cuts_the_content_to_the_limit_and_warns(
    server: JsonServer, open_services: Callable[[], Services], capsys: pytest.CaptureFixture[str]
) -> None:
    server.route("/long", html(article("Long", [LOREM] * 20)))

    assert studio(open_services(), "read", f"{server.url}/long", "--max-characters", "900") == 0

    captured = capsys.readouterr()
    assert captured.out.rstrip("\n").endswith(TRUNCATION_MARKER)
    assert len(captured.out.rstrip("\n")) <= 900
    assert "studio: The content was cut to" in captured.err


@pytest.mark.parametrize(
    ("path", "message"),
    [
        ("/missing", "studio: The web server answered with HTTP status 404.\n"),
        ("/file.pdf", "studio: The address leads to 'application/pdf' content."),
    ],
    ids=["not-found", "binary"],
)
def test_read_fails_with_the_reason_on_stderr(
    server: JsonServer,
    open_services: Callable[[], Services],
    capsys: pytest.CaptureFixture[str],
    path: str,
    message: str,
) -> None:
    server.route("/missing", html("gone", status=404))
    server.route("/file.pdf", ScriptedAnswer(body=b"%PDF-1.7", content_type="application/pdf"))

    assert studio(open_services(), "read", f"{server.url}{path}") == 1

    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.startswith(message)


@pytest.mark.parametrize("url", ["not a url", "ftp://127.0.0.1/file"])
def test_read_refuses_what_is_not_a_web_address(
    open_services: Callable[[], Services], capsys: pytest.CaptureFixture[str], url: str
) -> None:
    assert studio(open_services(), "read", url) == 1

    err = capsys.readouterr().err
    assert err.startswith("studio: ")
    assert "http" in err


@pytest.mark.parametrize("url", ["127.0.0.1:18766/x", "example.org", "localhost:8080/a?b=1"])
def test_read_suggests_a_scheme_for_an_address_without_one(
    open_services: Callable[[], Services], capsys: pytest.CaptureFixture[str], url: str
) -> None:
    assert studio(open_services(), "read", url) == 1

    assert capsys.readouterr().err == (
        f"studio: The address {url!r} has no scheme: write it with http:// or https://, "
        f"such as 'http://{url}'.\n"
    )


def test_read_refuses_a_limit_that_is_not_a_positive_number(
    open_services: Callable[[], Services], capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exited:
        cli.parse_arguments(["read", "http://127.0.0.1/", "--max-characters", "0"])

    assert exited.value.code == 2
    assert "'0' is not a positive whole number" in capsys.readouterr().err


def test_read_is_listed_in_the_help(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        cli.parse_arguments(["--help"])

    assert "read a web page and print its main content as Markdown" in capsys.readouterr().out
