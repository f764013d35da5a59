"""Hostile answers through the installed ``studio ask`` command, in a subprocess of its own.

The command must end every case in one line on standard error (or with the answer on standard
output), never with a traceback, whichever class of hostile answer the provider sends.
"""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.support.hostile_provider import CASES, HostileCase, HostileProviderServer

KEY = "sk-hostile-ask-1618"
_TYPES = {
    "chat_completions": "openai-chat",
    "responses": "openai-responses",
    "anthropic": "anthropic",
}
# One case per class that ends within the default progress timeout, each API once or more.
_CHOSEN = {
    ("charset-rot13", "chat_completions"),
    ("utf16-without-bom", "responses"),
    ("lone-surrogate-text", "anthropic"),
    ("gzip-bomb", "chat_completions"),
    ("repeated-stream", "responses"),
    ("empty-round", "anthropic"),
}
ASK_CASES = [case for case in CASES if (case.name, case.api) in _CHOSEN]


@pytest.fixture
def server() -> Iterator[HostileProviderServer]:
    with HostileProviderServer() as hostile:
        yield hostile
    assert not hostile.problems, hostile.problems


def test_every_chosen_case_exists() -> None:
    assert len(ASK_CASES) == len(_CHOSEN)


@pytest.mark.parametrize("case", ASK_CASES, ids=[case.id for case in ASK_CASES])
def test_studio_ask_ends_a_hostile_answer_in_one_line(
    case: HostileCase, server: HostileProviderServer, tmp_path: Path
) -> None:
    base = [sys.executable, "-m", "studio", "--basedir", str(tmp_path / "profile")]
    added = subprocess.run(
        [*base, "providers", "add", "hostile", "--type", _TYPES[case.api], "--base-url",
         f"{server.url}/v1", "--model", "m", "--confidence", "HIGH", "--api-key-stdin"],
        input=KEY, capture_output=True, text=True, timeout=60, check=False,
    )  # fmt: skip
    assert added.returncode == 0, added.stderr
    server.enqueue(*case.turns)

    asked = subprocess.run(
        [*base, "ask", "--provider", "hostile", "Hi"],
        capture_output=True, timeout=60, check=False,
    )  # fmt: skip

    stderr = asked.stderr.decode("utf-8")
    stdout = asked.stdout.decode("utf-8")
    assert "Traceback" not in stderr
    if case.expect == "error":
        assert asked.returncode == 1, stdout
        assert stderr.startswith("studio: ")
        assert stderr.count("\n") == 1, stderr
        assert case.message in stderr
    else:
        assert asked.returncode == 0, stderr
        assert case.text in stdout
