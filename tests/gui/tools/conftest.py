"""Fixtures for the tool widgets' tests: real services on a profile under ``tmp_path``.

The services are the app's own (:class:`Services`): a real settings file, the file-backed test
keyring from the root conftest, the registry with the tools of :mod:`tests.support.gui_tools`,
and an organisation policy the test passes in code.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from pathlib import Path

import pytest

from studio.config.organization import OrganizationPolicy
from studio.config.secrets import SecretStore
from studio.services import Services
from tests.support import gui_tools


@pytest.fixture
def make_services(tmp_path: Path) -> Callable[..., Services]:
    """Make services on a fresh profile; pass an organisation policy or a secret store."""
    numbers = itertools.count()

    def make(
        organization: OrganizationPolicy | None = None, *, secrets: SecretStore | None = None
    ) -> Services:
        base = tmp_path / f"profile-{next(numbers)}"
        return gui_tools.make_services(base, organization, secrets=secrets)

    return make


@pytest.fixture
def services(make_services: Callable[..., Services]) -> Services:
    """Services for an organisation that decides nothing."""
    return make_services()
