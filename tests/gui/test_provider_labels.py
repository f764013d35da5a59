"""A provider's confidence and key state read the same in the command line and in the app."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import keyring
import pytest
from pydantic import SecretStr
from PySide6.QtWidgets import QComboBox, QLabel
from pytestqt.qtbot import QtBot

from studio.cli import main as cli
from studio.config.labels import KeyState
from studio.config.paths import StudioPaths
from studio.config.profiles import ProviderType
from studio.config.providers import ProviderSettings
from studio.config.secrets import KeyringSecretStore, SecretStore, UnavailableSecretStore
from studio.kernel.policy import ConfidenceLevel
from studio.services import Services
from studio.ui.chat.provider_picker import ProviderPicker
from studio.ui.onboarding.provider_setup import ProviderSetupDialog
from studio.ui.settings.providers_page import ProvidersPage
from tests.gui.conftest import QtAsyncio

# Every level a provider can be given (the setup dialog offers them all).
LEVELS = [level for level in ConfidenceLevel if level is not ConfidenceLevel.NONE]


def open_services(base: Path, secrets: SecretStore) -> Services:
    return Services.open(StudioPaths.for_basedir(base), implementations=[], secrets=secrets)


def cli_cells(line: str, header: str, column: str, next_column: str | None) -> str:
    start = header.index(column)
    end = header.index(next_column) if next_column else None
    return line[start:end].strip()


def cli_table(
    open_cli_services: Callable[[], Services], capsys: pytest.CaptureFixture[str]
) -> dict[str, tuple[str, str]]:
    """Each provider's confidence and API key cells in ``studio providers list``.

    The command runs on its own services and, like a separate process, outside the app's
    loop: in a thread of its own.
    """
    capsys.readouterr()
    arguments = cli.parse_arguments(["providers", "list"])

    def run() -> int:
        services = open_cli_services()
        try:
            return cli.run(arguments, services)
        finally:
            asyncio.run(services.aclose())

    with ThreadPoolExecutor(max_workers=1) as pool:
        assert pool.submit(run).result() == 0
    header, *lines = capsys.readouterr().out.splitlines()
    return {
        line.split()[0]: (
            cli_cells(line, header, "CONFIDENCE", "CAPABILITIES"),
            cli_cells(line, header, "API KEY", None),
        )
        for line in lines
    }


def gui_table(qtbot: QtBot, services: Services) -> dict[str, tuple[str, str]]:
    """Each provider's confidence and API key cells on the providers page."""
    page = ProvidersPage(services.providers)
    qtbot.addWidget(page)
    page.refresh()
    qtbot.wait_until(lambda: all(row[-1] for row in page.rows()), timeout=5000)
    return {row[0]: (row[3], row[4]) for row in page.rows()}


def provider(name: str, level: ConfidenceLevel) -> ProviderSettings:
    return ProviderSettings(name=name, type=ProviderType.OLLAMA, model="llama3.1", confidence=level)


def test_every_confidence_level_has_one_label_in_the_cli_and_the_app(
    qloop: QtAsyncio, qtbot: QtBot, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    services = open_services(tmp_path, KeyringSecretStore(keyring.get_keyring()))
    for level in LEVELS:
        qloop.run(services.providers.add(provider(level.name, level), None))

    def cli_services() -> Services:
        return open_services(tmp_path, KeyringSecretStore(keyring.get_keyring()))

    cli = {name: cells[0] for name, cells in cli_table(cli_services, capsys).items()}
    page = {name: cells[0] for name, cells in gui_table(qtbot, services).items()}
    picker = ProviderPicker()
    qtbot.addWidget(picker)
    picker.set_providers(services.providers.list())
    label = picker.findChild(QLabel, "ProviderConfidence")
    assert label is not None
    shown: dict[str, str] = {}
    for settings in services.providers.list():
        picker.set_current(settings.name)
        shown[settings.name] = label.text().removeprefix("Confidence: ")
    dialog = ProviderSetupDialog(services.providers)
    qtbot.addWidget(dialog)
    combo = dialog.findChild(QComboBox, "ProviderConfidence")
    assert combo is not None
    offered = {
        ConfidenceLevel(combo.itemData(index)).name: combo.itemText(index)
        for index in range(combo.count())
    }

    assert cli == page == shown == offered
    # One label per level, none of them the machine name.
    assert len(set(cli.values())) == len(LEVELS)
    assert all(cli[level.name] != level.name for level in LEVELS)
    assert cli["VERY_LOW"] == "Very low"
    assert cli["HIGH"] == "High"


@pytest.mark.parametrize("state", list(KeyState), ids=lambda state: state.value)
def test_every_key_state_has_one_label_in_the_cli_and_the_app(
    qloop: QtAsyncio,
    qtbot: QtBot,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    state: KeyState,
) -> None:
    keyring_store = KeyringSecretStore(keyring.get_keyring())
    key = SecretStr("sk-test") if state is KeyState.STORED else None
    qloop.run(
        open_services(tmp_path, keyring_store).providers.add(
            provider("Local", ConfidenceLevel.HIGH), key
        )
    )
    secrets = UnavailableSecretStore() if state is KeyState.UNREADABLE else keyring_store
    services = open_services(tmp_path, secrets)

    cli = cli_table(lambda: open_services(tmp_path, secrets), capsys)["Local"][1]
    page = gui_table(qtbot, services)["Local"][1]

    assert cli == page
    assert (
        cli
        == {
            KeyState.STORED: "In the keyring",
            KeyState.NONE: "None",
            KeyState.UNREADABLE: "Unreadable",
        }[state]
    )
