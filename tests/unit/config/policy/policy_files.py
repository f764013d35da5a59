"""Helpers of the policy tests: policy files on a file system of their own.

Every test reads its policies with ``load_policy(environ=..., platform=..., root=...)``, so the
machine folder (``/etc/studio/policy.d``), the ``$XDG_CONFIG_DIRS`` folders and the macOS
locations are folders under ``tmp_path``; the tool is the sample tool of ``../conftest.py``.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from studio.config.organization import OrganizationPolicy
from studio.config.policy.loader import load_policy

TOOL_ID = "sample_search"
"""The sample tool of ``tests/unit/config/conftest.py``."""
POLICY_SECRET = "org-policy-secret-3e1d"
"""The secret the organisation encrypts its values with in these tests."""


def key(field_name: str) -> str:
    """The policy's key of a field of the sample tool."""
    return f"{TOOL_ID}.{field_name}"


def document(policy_id: str, **content: Any) -> dict[str, Any]:
    """A policy document with ``id`` and whatever else is given."""
    return {"id": policy_id, **content}


def locked(**values: str | int) -> dict[str, Any]:
    """``settings`` that lock fields of the sample tool."""
    return {key(name): {"value": value, "mode": "locked"} for name, value in values.items()}


def defaults(**values: str | int) -> dict[str, Any]:
    """``settings`` that give fields of the sample tool a default."""
    return {key(name): {"value": value, "mode": "default"} for name, value in values.items()}


@dataclass
class Places:
    """The system-wide policy places of one test, and a way to load what they hold."""

    root: Path
    environ: dict[str, str] = field(default_factory=dict)

    @property
    def machine(self) -> Path:
        """``/etc/studio/policy.d`` (Linux)."""
        return self.root / "etc" / "studio" / "policy.d"

    @property
    def mac_machine(self) -> Path:
        """``/Library/Application Support/Studio/policy.d`` (macOS)."""
        return self.root / "Library" / "Application Support" / "Studio" / "policy.d"

    @property
    def mac_managed(self) -> Path:
        """``/Library/Managed Preferences`` (macOS)."""
        return self.root / "Library" / "Managed Preferences"

    def xdg(self, name: str) -> Path:
        """``studio/policy.d`` in the ``$XDG_CONFIG_DIRS`` folder ``/<name>``."""
        return self.root / name / "studio" / "policy.d"

    def write(self, folder: Path, name: str, content: Mapping[str, Any] | bytes | str) -> Path:
        """Write one policy file (a document as JSON, or bytes or text as they are)."""
        folder.mkdir(parents=True, exist_ok=True)
        path = folder / name
        if isinstance(content, bytes):
            path.write_bytes(content)
        elif isinstance(content, str):
            path.write_text(content, encoding="utf-8")
        else:
            path.write_text(json.dumps(content, indent=2), encoding="utf-8")
        return path

    def load(self, *, platform: str = "linux", **environ: str) -> OrganizationPolicy:
        """Every policy under ``root``, as Studio would load them on ``platform``."""
        return load_policy(environ={**self.environ, **environ}, platform=platform, root=self.root)
