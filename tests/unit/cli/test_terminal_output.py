"""What the command line prints cannot steer the terminal, and no traceback reaches it.

Every output path runs the installed command as a subprocess against servers on loopback: a
fake provider whose answers, tool names and error texts carry terminal escape sequences, and a
web server whose pages do. The bytes the command writes to standard output and standard error
hold no control character but Studio's own newlines and tabs; the hostile text is shown, as
escapes, rather than dropped.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator, Mapping
from pathlib import Path

import pytest

from tests.support import fake_provider as fake
from tests.support.json_server import JsonServer, ScriptedAnswer
from tests.support.web_pages import INJECTION, LOREM, article

fake_provider = fake.fake_provider

HOSTILE = (
    "\x1b]0;PWNED\x07"  # retitles the terminal window
    "\x1b[2J"  # clears the screen
    "\x9b31m"  # the C1 form of ESC [: red text
    "\u202eevil\u202c"  # a right-to-left override and its end
    "\u2066iso\u2069"  # an isolate
    "\x7f\x08\x00\x0b\x0c"  # DEL, backspace, NUL, vertical tab, form feed
    "\rover"  # a carriage return that overwrites the line
    "\x1b"  # a bare ESC at the end
)
"""Text from outside, as a hostile provider, page or file might send it."""

ARGUMENT = HOSTILE.replace("\x00", "")
""":data:`HOSTILE` as a command-line argument or a file name can carry it: without the NUL."""

SHOWN = "\\x1b]0;PWNED\\x07\\x1b[2J"
"""How the start of :data:`HOSTILE` reads on the terminal: visibly, as escapes."""

KEY = "sk-probe-2ba7d41c9e07db2f5b5e3"

_BIDI = frozenset("\u061c\u200e\u200f\u2028\u2029\u202a\u202b\u202c\u202d\u202e") | frozenset(
    "\u2066\u2067\u2068\u2069"
)


def controls(data: bytes) -> list[str]:
    """The characters in ``data`` that a terminal would obey, besides newline and tab."""
    text = data.decode("utf-8")
    return [
        repr(character)
        for character in text
        if (ord(character) < 0x20 and character not in "\n\t")
        or 0x7F <= ord(character) <= 0x9F
        or character in _BIDI
        or 0xD800 <= ord(character) <= 0xDFFF
    ]


def run_studio(
    profile: Path,
    *argv: str,
    stdin: str | None = None,
    env: Mapping[str, str] | None = None,
) -> subprocess.CompletedProcess[bytes]:
    result = subprocess.run(
        [sys.executable, "-m", "studio", "--basedir", str(profile), *argv],
        input=None if stdin is None else stdin.encode(),
        capture_output=True,
        timeout=60,
        check=False,
        env={**os.environ, **(env or {})},
    )
    assert not controls(result.stdout), result.stdout
    assert not controls(result.stderr), result.stderr
    assert b"Traceback" not in result.stderr, result.stderr
    return result


def add_provider(profile: Path, url: str, provider_type: str = "openai-chat") -> None:
    added = run_studio(
        profile,
        "providers",
        "add",
        "fake",
        "--type",
        provider_type,
        "--base-url",
        f"{url}/v1",
        "--model",
        "m",
        "--confidence",
        "HIGH",
        "--api-key-stdin",
        stdin=KEY,
    )
    assert added.returncode == 0, added.stderr


@pytest.fixture
def profile(tmp_path: Path) -> Path:
    return tmp_path / "profile"


@pytest.fixture
def pages() -> Iterator[JsonServer]:
    with JsonServer() as server:
        yield server


def test_an_answer_and_the_tool_names_the_model_chose_are_escaped(
    fake_provider: fake.FakeProviderServer, profile: Path
) -> None:
    add_provider(profile, fake_provider.url)
    fake_provider.enqueue(
        fake.chat_turn(
            [f"Look: {HOSTILE}", " and"],
            tool_calls=[fake.ToolCall(name=f"tool{HOSTILE}", arguments={"x": HOSTILE})],
        ),
        fake.chat_turn([f"done {HOSTILE}\n"]),
    )

    asked = run_studio(profile, "ask", "--provider", "fake", "Hi")

    assert asked.returncode == 0, asked.stderr
    assert asked.stdout.decode().startswith(f"Look: {SHOWN}")
    assert f"done {SHOWN}".encode() in asked.stdout
    # The call's line is there, and each line of tool activity stays one line.
    assert b"[1. " in asked.stderr
    assert all(line.startswith(b"[") for line in asked.stderr.splitlines())


def test_an_answer_as_json_is_escaped_and_still_parses_to_the_same_text(
    fake_provider: fake.FakeProviderServer, profile: Path
) -> None:
    add_provider(profile, fake_provider.url, "anthropic")
    fake_provider.enqueue(fake.anthropic_turn([HOSTILE]))

    asked = run_studio(profile, "ask", "--provider", "fake", "--json", "Hi")

    assert asked.returncode == 0, asked.stderr
    assert json.loads(asked.stdout)["answer"] == HOSTILE


@pytest.mark.parametrize("verbose", [(), ("--verbose",)], ids=["plain", "verbose"])
def test_a_providers_error_text_is_escaped_and_its_partial_key_masked(
    fake_provider: fake.FakeProviderServer, profile: Path, verbose: tuple[str, ...]
) -> None:
    add_provider(profile, fake_provider.url, "openai-responses")
    message = f"Incorrect API key provided: sk-probe-2ba****b5e3. {HOSTILE}"
    fake_provider.enqueue(fake.openai_error(401, message=message))

    asked = run_studio(profile, *verbose, "ask", "--provider", "fake", "Hi")

    assert asked.returncode == 1
    assert SHOWN.encode() in asked.stderr
    assert b"2ba" not in asked.stderr
    assert b"b5e3" not in asked.stderr
    assert KEY.encode() not in asked.stderr
    if not verbose:
        assert len(asked.stderr.splitlines()) == 1, asked.stderr


def test_a_page_read_is_escaped_in_its_content_title_and_guard_report(
    pages: JsonServer, profile: Path
) -> None:
    page = article(f"Title {HOSTILE}", [LOREM, f"Body {HOSTILE}", f"Now. {INJECTION}", LOREM])
    pages.route("/hostile", ScriptedAnswer.html(page))
    pages.route(
        "/hostile.txt",
        ScriptedAnswer(body=f"{LOREM}\n{HOSTILE}\n".encode(), content_type="text/plain"),
    )

    read = run_studio(profile, "read", f"{pages.url}/hostile")
    text = run_studio(profile, "read", f"{pages.url}/hostile.txt")
    as_json = run_studio(profile, "read", "--json", f"{pages.url}/hostile")

    assert read.returncode == text.returncode == as_json.returncode == 0
    assert SHOWN.encode() in read.stdout
    assert b"removed suspicious instructions" in read.stderr
    assert SHOWN.encode() in text.stdout
    assert "\x1b]0;PWNED\x07" in json.loads(as_json.stdout)["content"]["title"]


def test_a_failed_page_read_is_one_line_and_fails(pages: JsonServer, profile: Path) -> None:
    pages.route("/broken", ScriptedAnswer.html(HOSTILE, status=500))

    failed = run_studio(profile, "read", f"{pages.url}/broken")
    unreachable = run_studio(profile, "read", "http://127.0.0.1:9/")

    for result in (failed, unreachable):
        assert result.returncode == 1
        assert result.stdout == b""
        [line] = result.stderr.splitlines()
        assert line.startswith(b"studio: ")


def test_providers_list_escapes_what_a_hand_edited_file_holds(
    fake_provider: fake.FakeProviderServer, profile: Path
) -> None:
    add_provider(profile, fake_provider.url)
    path = profile / "config" / "providers.json"
    document = json.loads(path.read_text(encoding="utf-8"))
    document["providers"][0]["additional_parameters"] = {"note": HOSTILE}
    path.write_text(json.dumps(document), encoding="utf-8")

    table = run_studio(profile, "providers", "list")
    as_json = run_studio(profile, "providers", "list", "--json")
    refused = run_studio(profile, "providers", "change", "fake", "--model", f"m{ARGUMENT}")

    assert table.returncode == as_json.returncode == 0
    assert json.loads(as_json.stdout)[0]["additional_parameters"] == {"note": HOSTILE}
    assert refused.returncode == 1


def test_tools_list_escapes_the_values_its_problems_quote(profile: Path) -> None:
    settings = {"tools": {"values": {"web_search": {"maxResults": HOSTILE}}}}
    (profile / "config").mkdir(parents=True)
    (profile / "config" / "settings.json").write_text(json.dumps(settings), encoding="utf-8")

    table = run_studio(profile, "tools", "list")
    as_json = run_studio(profile, "tools", "list", "--json")
    unknown = run_studio(profile, "tools", "enable", ARGUMENT)

    assert table.returncode == as_json.returncode == 0
    assert b"maxResults" in table.stdout
    entry = next(e for e in json.loads(as_json.stdout) if e["id"] == "web_search")
    assert any("PWNED" in problem for problem in entry["configuration_problems"])
    assert unknown.returncode == 1


def test_the_notices_about_profile_files_are_escaped(tmp_path: Path) -> None:
    # The notice names where the unreadable file was kept, in a folder of a hostile name.
    profile = tmp_path / f"profile{ARGUMENT}"
    (profile / "config").mkdir(parents=True)
    (profile / "config" / "settings.json").write_text("{not json", encoding="utf-8")
    (profile / "config" / "providers.json").write_text("[1,", encoding="utf-8")

    listed = run_studio(profile, "providers", "list")

    assert listed.returncode == 0
    assert SHOWN.encode() in listed.stderr


def test_a_key_given_where_a_variable_name_belongs_is_never_repeated(profile: Path) -> None:
    for value in (KEY, "gsk_4f9XbQ2mZ7rT1vK8wY3nL6pD0sH5jC"):
        added = run_studio(profile, "providers", "add", "work", "--type", "openai-chat",
                           "--model", "gpt-4o-mini", "--confidence", "medium",
                           "--api-key-env", value)  # fmt: skip

        assert added.returncode == 1
        error = added.stderr.decode()
        assert value not in error
        assert value[4:12] not in error
        assert "looks like an API key" in error
        assert len(error.splitlines()) == 1


def test_a_variable_name_that_is_not_set_is_named(profile: Path) -> None:
    added = run_studio(profile, "providers", "add", "work", "--type", "openai-chat",
                       "--model", "gpt-4o-mini", "--confidence", "medium",
                       "--api-key-env", "STUDIO_TEST_UNSET_KEY")  # fmt: skip

    assert added.returncode == 1
    assert b"The environment variable 'STUDIO_TEST_UNSET_KEY' is not set." in added.stderr


def test_ctrl_c_ends_a_command_quietly_with_130(
    fake_provider: fake.FakeProviderServer, profile: Path
) -> None:
    add_provider(profile, fake_provider.url)
    fake_provider.enqueue(fake.chat_turn(["never ", "seen"]).slowed(30))
    process = subprocess.Popen(
        [sys.executable, "-m", "studio", "--basedir", str(profile), "ask", "--provider",
         "fake", "Hi"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )  # fmt: skip
    deadline = time.monotonic() + 30
    while not fake_provider.exchanges and time.monotonic() < deadline:
        time.sleep(0.05)
    assert fake_provider.exchanges, "the command never asked the provider"

    process.send_signal(signal.SIGINT)
    stdout, stderr = process.communicate(timeout=30)

    assert process.returncode == 130
    assert b"Traceback" not in stderr
    assert b"KeyboardInterrupt" not in stderr
    assert not controls(stdout + stderr)


def test_a_terminal_that_cannot_show_a_character_gets_its_escape(
    pages: JsonServer, profile: Path
) -> None:
    page = article("Café", [LOREM, f"Now. {INJECTION}", "Ünïcode ☃ everywhere. " * 20, LOREM])
    pages.route("/accents", ScriptedAnswer.html(page))

    read = run_studio(profile, "read", f"{pages.url}/accents", env={"PYTHONIOENCODING": "ascii"})

    assert read.returncode == 0, read.stderr
    assert b"Caf\\xe9" in read.stdout
    assert b"\\u2603" in read.stdout
    assert b"removed suspicious instructions" in read.stderr


def test_a_reader_that_stops_reading_ends_the_command_quietly(
    fake_provider: fake.FakeProviderServer, profile: Path
) -> None:
    add_provider(profile, fake_provider.url)
    fake_provider.enqueue(fake.chat_turn(["line\n"] * 40).slowed(0.05))
    process = subprocess.Popen(
        [sys.executable, "-m", "studio", "--basedir", str(profile), "ask", "--provider",
         "fake", "Hi"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )  # fmt: skip
    assert process.stdout is not None
    assert process.stdout.read(5) == b"line\n"
    process.stdout.close()  # as "| head -1" does

    _, stderr = process.communicate(timeout=60)

    assert process.returncode == 1
    assert stderr == b""
