"""What the chat widget tests share: a profile with one tool and the fake provider set up."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import keyring
import pytest
from pydantic import SecretStr

from studio.config.paths import StudioPaths
from studio.config.profiles import ProviderType
from studio.config.providers import ProviderSettings
from studio.config.secrets import KeyringSecretStore
from studio.services import Services
from tests.gui.conftest import QtAsyncio
from tests.support import fake_provider as fake
from tests.support.tools import SearchTool

fake_provider = fake.fake_provider


@pytest.fixture
def services(
    tmp_path: Path, qloop: QtAsyncio, fake_provider: fake.FakeProviderServer
) -> Iterator[Services]:
    """A profile with :class:`SearchTool` and the provider "Fake" on the fake provider."""
    opened = Services.open(
        StudioPaths.for_basedir(tmp_path / "profile"),
        implementations=[SearchTool()],
        secrets=KeyringSecretStore(keyring.get_keyring()),
    )
    settings = ProviderSettings.from_user(
        name="Fake",
        type=ProviderType.OPENAI_CHAT,
        base_url=f"{fake_provider.url}/v1",
        model="gpt-test",
        confidence="HIGH",
    )
    qloop.run(opened.providers.add(settings, SecretStr("sk-chat-tests")))
    yield opened
    qloop.run(opened.aclose())
