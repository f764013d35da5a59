"""Running the installed ``studio`` command in a subprocess, as a user's terminal would."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

__all__ = ["add_provider", "run_studio"]


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
