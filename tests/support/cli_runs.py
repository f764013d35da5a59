"""Running the installed ``studio`` command in a subprocess, as a user's terminal would."""

from __future__ import annotations

import io
import subprocess
import sys
from pathlib import Path

import pytest

from studio.cli import main as cli
from studio.services import Services

__all__ = ["add_provider", "add_provider_to", "run_studio", "studio"]


def studio(services: Services, *argv: str) -> int:
    """``studio ARGV...`` run in this process on ``services``; its output goes to capsys."""
    return cli.run(cli.parse_arguments(argv), services)


def add_provider_to(
    services: Services,
    monkeypatch: pytest.MonkeyPatch,
    base_url: str,
    *,
    name: str = "fake",
    provider_type: str = "openai-chat",
    confidence: str = "HIGH",
    key: str = "sk-test-4c1d",
) -> None:
    """``studio providers add`` in this process, the key from standard input."""
    monkeypatch.setattr(sys, "stdin", io.StringIO(key + "\n"))
    argv = ("providers", "add", name, "--type", provider_type, "--base-url", base_url)
    options = ("--model", "m", "--confidence", confidence, "--api-key-stdin")
    assert studio(services, *argv, *options) == 0


def run_studio(
    profile: Path, *argv: str, input_text: str | None = None
) -> subprocess.CompletedProcess[str]:
    """``studio --basedir PROFILE ARGV...`` with this Python; its output is captured."""
    return subprocess.run(
        [sys.executable, "-m", "studio", "--basedir", str(profile), *argv],
        input=input_text,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )


def add_provider(profile: Path, name: str, base_url: str, key: str) -> None:
    """Add an OpenAI Chat Completions provider of HIGH confidence, its key from stdin."""
    added = run_studio(
        profile,
        "providers",
        "add",
        name,
        "--type",
        "openai-chat",
        "--base-url",
        base_url,
        "--model",
        "m",
        "--confidence",
        "HIGH",
        "--api-key-stdin",
        input_text=key,
    )
    assert added.returncode == 0, added.stderr
