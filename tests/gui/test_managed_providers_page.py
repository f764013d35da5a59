"""Settings > Providers with an organisation policy: managed providers marked, locked, keyed."""

from __future__ import annotations

from pathlib import Path

import keyring
from pydantic import SecretStr
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QDialogButtonBox, QLineEdit, QPushButton
from pytestqt.qtbot import QtBot

from studio.config.organization import OrganizationPolicy
from studio.config.policy.encryption import encrypt
from studio.config.policy.keys import provider_key
from studio.config.profiles import ProviderType
from studio.config.providers import ProviderSettings, ProviderStore, managed_api_key_secret_id
from studio.config.secrets import KeyringSecretStore
from studio.kernel.policy import ConfidenceLevel
from studio.ui.settings.providers_page import ProvidersPage
from tests.gui.conftest import PolicyFiles, QtAsyncio

SECRET = "corp-policy-secret-3"
SHIPPED_KEY = "sk-corp-gui-5e6f7a"
TEAM_KEY = "sk-team-gui-0d1c"


def corp_policy(policy_files: PolicyFiles) -> tuple[OrganizationPolicy, str]:
    base = {"type": "openai-chat", "base_url": "https://llm.corp.example/v1", "model": "m"}
    shipped = encrypt(SHIPPED_KEY, secret=SECRET, key=provider_key("Corp GPT"))
    place = policy_files.write(
        "corp.json",
        {
            "id": "corp",
            "providers": [
                {"name": "Corp GPT", "confidence": "HIGH", "api_key": shipped, **base},
                {"name": "Team", "confidence": "MEDIUM", **base},
            ],
        },
    )
    return policy_files.load(secret=SECRET), place


def open_page(
    qloop: QtAsyncio, qtbot: QtBot, policy_files: PolicyFiles, tmp_path: Path
) -> tuple[ProvidersPage, ProviderStore, str]:
    organization, place = corp_policy(policy_files)
    store = ProviderStore(
        tmp_path / "providers.json",
        KeyringSecretStore(keyring.get_keyring()),
        organization=organization,
    )
    home = ProviderSettings.from_user(
        name="Home", type=ProviderType.OLLAMA, model="llama3.1", confidence=ConfidenceLevel.HIGH
    )
    qloop.run(store.add(home, None))
    page = ProvidersPage(store)
    qtbot.addWidget(page)
    page.show()
    qtbot.wait_until(lambda: all(row[-1] for row in page.rows()), timeout=5000)
    return page, store, place


def select(page: ProvidersPage, name: str) -> None:
    for row in range(page.table.topLevelItemCount()):
        item = page.table.topLevelItem(row)
        if item is not None and item.text(0) == name:
            page.table.setCurrentItem(item)
            return
    raise AssertionError(f"no row {name!r}")


def test_managed_providers_are_listed_first_and_marked(
    qloop: QtAsyncio, qtbot: QtBot, policy_files: PolicyFiles, tmp_path: Path
) -> None:
    page, _store, place = open_page(qloop, qtbot, policy_files, tmp_path)

    assert [row[0] for row in page.rows()] == ["Corp GPT", "Team", "Home"]
    assert [row[-1] for row in page.rows()] == ["From your organisation", "None", "None"]
    assert page.managed_tooltip("Corp GPT") == f"Managed by your organisation: corp ({place})"
    assert page.managed_tooltip("Home") == ""
    item = page.table.topLevelItem(0)
    assert item is not None
    assert item.toolTip(0) == f"Managed by your organisation: corp ({place})"
    assert SHIPPED_KEY not in str(page.rows())

    select(page, "Corp GPT")
    assert page.managed_text() == "Managed by your organisation"
    assert not page.change_button.isEnabled()
    assert not page.remove_button.isEnabled()

    select(page, "Home")
    assert page.managed_text() == ""
    assert page.change_button.isEnabled()
    assert page.remove_button.isEnabled()


def test_a_user_enters_their_own_key_for_a_managed_provider(
    qloop: QtAsyncio, qtbot: QtBot, policy_files: PolicyFiles, tmp_path: Path
) -> None:
    page, store, _place = open_page(qloop, qtbot, policy_files, tmp_path)

    select(page, "Team")
    assert "you can enter your own API key" in page.managed_text()
    assert page.change_button.isEnabled()
    assert not page.remove_button.isEnabled()

    dialog = page.open_setup("Team")
    key = dialog.findChild(QLineEdit, "ProviderApiKey")
    assert key is not None
    key.setText(TEAM_KEY)
    buttons = dialog.findChild(QDialogButtonBox)
    assert buttons is not None
    ok: QPushButton = buttons.button(QDialogButtonBox.StandardButton.Ok)
    with qtbot.waitSignal(page.providers_changed, timeout=5000):
        QTest.mouseClick(ok, Qt.MouseButton.LeftButton)
    qtbot.wait_until(lambda: page.rows()[1][-1] == "In the keyring", timeout=5000)

    secret_id = managed_api_key_secret_id("Team")
    assert keyring.get_keyring().get_password(secret_id.service, secret_id.name) == TEAM_KEY
    assert qloop.run(store.api_key("Team")) == SecretStr(TEAM_KEY)
    qtbot.wait_until(lambda: not page.pending())
