"""The policy places of each test, under its ``tmp_path``."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.unit.config.policy.policy_files import Places


@pytest.fixture
def places(tmp_path: Path) -> Places:
    """Policy places under ``tmp_path/root``; ``$XDG_CONFIG_DIRS`` is ``/xdg-a:/xdg-b``."""
    root = tmp_path / "root"
    root.mkdir()
    return Places(root=root, environ={"XDG_CONFIG_DIRS": "/xdg-a:/xdg-b"})
