"""Settings > Organisation: the policy files in force and not, their problems, and the export.

The policies are real files read through ``STUDIO_POLICY_FILE``, the services are the app's
own on a profile under ``tmp_path``, and the export goes through the page's button, its dialog
and the file dialog, to a real file.
"""

from __future__ import annotations

import json
import os
import stat
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QFileDialog, QGroupBox, QLabel, QWidget
from pytestqt.qtbot import QtBot

from studio.config.organization import OrganizationPolicy
from studio.config.policy.document import PolicyDocument
from studio.config.policy.encryption import decrypt
from studio.config.policy.locations import POLICY_SECRET_VARIABLE
from studio.services import Services
from studio.ui import i18n
from studio.ui.i18n import translate
from studio.ui.settings.organization_page import OrganizationPage
from studio.ui.settings.policy_export_dialog import PolicyExportDialog
from studio.ui.settings.window import SettingsPage, SettingsWindow
from tests.gui.conftest import PolicyFiles, QtAsyncio
from tests.gui.test_translations import compiled_catalogue, deliver_language_change
from tests.support import gui_tools

POLICY_SECRET = "organisation-policy-secret-0451"
API_KEY = "sk-lookup-31415926"
ENDPOINT = "https://lookup.team.example"

BASE = {
    "id": "corp-base",
    "priority": 1,
    "disabled_tools": ["clock"],
    "settings": {"web_lookup.mode": {"value": "FAST", "mode": "locked"}},
}
TEAM = {"id": "team-research", "priority": 50}
BROKEN = '{"id": "lab", "priority": "high", "tools": []}'


@pytest.fixture
def make_services(tmp_path: Path) -> Iterator[Callable[[OrganizationPolicy | None], Services]]:
    made: list[Services] = []

    def make(organization: OrganizationPolicy | None = None) -> Services:
        services = gui_tools.make_services(tmp_path / f"profile-{len(made)}", organization)
        made.append(services)
        return services

    yield make
    for services in made:
        services.chats.close()


def open_page(qtbot: QtBot, services: Services) -> OrganizationPage:
    page = OrganizationPage(services.registry, services.settings)
    qtbot.add_widget(page)
    page.resize(760, 640)
    page.show()
    return page


def texts(widget: QWidget) -> list[str]:
    return [label.text() for label in widget.findChildren(QLabel) if label.isVisible()]


def test_without_a_policy_the_page_says_none_applies_and_offers_the_export(
    qloop: QtAsyncio, qtbot: QtBot, make_services
):
    page = open_page(qtbot, make_services(None))

    assert page.none_found is not None
    assert page.none_found.text() == "No organisation policy applies on this computer."
    assert page.cards == []
    assert page.broken is None
    assert page.export_button.isVisible()
    assert page.export_button.text() == "Export tool settings as policy…"


def test_the_page_lists_each_policy_with_its_id_place_priority_and_state(
    qloop: QtAsyncio, qtbot: QtBot, make_services, policy_files: PolicyFiles
):
    organization = policy_files.load({"10-base.json": BASE, "20-team.json": TEAM})
    page = open_page(qtbot, make_services(organization))

    # The one that wins first: the higher priority.
    assert [card.source.policy_id for card in page.cards] == ["team-research", "corp-base"]
    base = page.card(policy_files.place("10-base.json"))
    assert base is not None
    assert texts(base)[:1] == ["corp-base"]
    assert base.place.text() == policy_files.place("10-base.json")
    assert base.priority is not None
    assert base.priority.text() == "1"
    assert base.state.text() == "In force"
    assert base.problem_texts() == []
    assert page.broken is None
    assert page.none_found is None
    [group] = [box for box in page.findChildren(QGroupBox) if box.objectName() == "PoliciesInForce"]
    assert group.title() == "Policies in force"
    assert page.findChild(QGroupBox, "PoliciesNotInForce") is None


def test_a_policy_not_in_force_is_listed_with_every_problem(
    qloop: QtAsyncio, qtbot: QtBot, make_services, policy_files: PolicyFiles
):
    organization = policy_files.load({"10-base.json": BASE, "30-broken.json": BROKEN})
    page = open_page(qtbot, make_services(organization))

    broken = page.card(policy_files.place("30-broken.json"))
    assert broken is not None
    assert not broken.source.in_force
    assert broken.state.text() == "Not in force: none of it applies"
    assert broken.priority is None
    problems = [p for p in organization.problems if p.place == policy_files.place("30-broken.json")]
    assert len(problems) >= 2
    assert broken.problem_texts() == [problem.text(translate) for problem in problems]
    assert any("/priority" in text for text in broken.problem_texts())
    assert any("/tools" in text for text in broken.problem_texts())
    # The valid one is still listed as in force, and the page says what the broken one costs.
    base = page.card(policy_files.place("10-base.json"))
    assert base is not None
    assert base.state.text() == "In force"
    assert page.broken is not None
    assert page.broken.isVisible()
    assert "every tool is switched off until it is fixed" in page.broken.text()
    assert page.findChild(QGroupBox, "PoliciesNotInForce") is not None


def test_the_open_page_follows_a_language_switch_also_in_the_problems(
    qloop: QtAsyncio,
    qtbot: QtBot,
    make_services,
    policy_files: PolicyFiles,
    tmp_path: Path,
    languages: i18n.LanguageManager,
):
    organization = policy_files.load({"10-base.json": BASE, "30-broken.json": BROKEN})
    page = open_page(qtbot, make_services(organization))
    broken = page.card(policy_files.place("30-broken.json"))
    assert broken is not None
    [group] = [b for b in page.findChildren(QGroupBox) if b.objectName() == "PoliciesInForce"]

    languages.apply("de")
    languages.install_catalogue(
        compiled_catalogue(
            tmp_path,
            {
                ("OrganizationPage", "Policies in force"): "Geltende Richtlinien",
                ("_PolicyCard", "Not in force: none of it applies"): "Nicht in Kraft",
                (
                    "PolicyProblem",
                    "{place}, at {where}: {message}",
                ): "{place}, bei {where}: {message}",
            },
        )
    )
    deliver_language_change()

    assert group.title() == "Geltende Richtlinien"
    assert broken.state.text() == "Nicht in Kraft"
    place = policy_files.place("30-broken.json")
    assert broken.problem_texts()
    assert all(text.startswith(f"{place}, bei /") for text in broken.problem_texts())


def test_the_settings_window_has_the_organisation_page(
    qloop: QtAsyncio, qtbot: QtBot, make_services, policy_files: PolicyFiles
):
    services = make_services(policy_files.load({"10-base.json": BASE}))
    window = SettingsWindow(services)
    qtbot.add_widget(window)
    window.show()

    window.show_page(SettingsPage.ORGANIZATION)

    assert SettingsPage.ORGANIZATION in window.pages()
    assert window.current_page() is SettingsPage.ORGANIZATION
    assert window.organization_page.isVisible()
    assert [card.source.policy_id for card in window.organization_page.cards] == ["corp-base"]
    qloop.run(window.aclose())


# -- Export ------------------------------------------------------------------------------------


def set_up_lookup(qloop: QtAsyncio, services: Services) -> None:
    definition = services.registry.definition("web_lookup")
    assert definition is not None
    qloop.run(
        services.settings.save_values(
            definition, {"endpoint": ENDPOINT, "api_key": API_KEY, "max_results": "7"}
        )
    )


def open_export(qtbot: QtBot, page: OrganizationPage) -> PolicyExportDialog:
    QTest.mouseClick(page.export_button, Qt.MouseButton.LeftButton)
    dialog = page.findChild(PolicyExportDialog)
    assert dialog is not None
    qtbot.wait_exposed(dialog)
    return dialog


def save_as(qtbot: QtBot, dialog: PolicyExportDialog, path: Path) -> None:
    """Click Export… and choose ``path`` in the file dialog, as a user does."""
    QTest.mouseClick(dialog.export_button, Qt.MouseButton.LeftButton)
    files = dialog.findChild(QFileDialog, "PolicyExportFile")
    assert files is not None
    assert files.acceptMode() is QFileDialog.AcceptMode.AcceptSave
    files.selectFile(str(path))
    files.accept()


def test_export_writes_the_settings_as_a_locked_policy_without_secrets(
    qloop: QtAsyncio, qtbot: QtBot, make_services, tmp_path: Path
):
    services = make_services(None)
    set_up_lookup(qloop, services)
    page = open_page(qtbot, services)
    dialog = open_export(qtbot, page)
    assert dialog.locked.isChecked()
    assert not dialog.include_secrets.isChecked()
    target = tmp_path / "out" / "corp.json"
    target.parent.mkdir()

    with qtbot.wait_signal(page.exported, timeout=5000) as exported:
        save_as(qtbot, dialog, target)

    assert exported.args == [str(target)]
    document = json.loads(target.read_text(encoding="utf-8"))
    PolicyDocument.model_validate(document)
    assert document["settings"]["web_lookup.endpoint"] == {"value": ENDPOINT, "mode": "locked"}
    assert document["settings"]["web_lookup.max_results"] == {"value": "7", "mode": "locked"}
    assert "web_lookup.api_key" not in document["settings"]
    assert API_KEY not in target.read_text(encoding="utf-8")
    assert page.export_result.isVisible()
    assert page.export_result.text() == f"The policy was written to {target}."
    assert not dialog.isVisible()
    # Nothing is left beside it: the file is written whole, through a temporary file.
    assert sorted(p.name for p in target.parent.iterdir()) == ["corp.json"]


def test_the_exported_policy_is_readable_by_every_user_as_the_umask_allows(
    qloop: QtAsyncio, qtbot: QtBot, make_services, tmp_path: Path
):
    services = make_services(None)
    set_up_lookup(qloop, services)
    page = open_page(qtbot, services)
    dialog = open_export(qtbot, page)
    target = tmp_path / "corp.json"

    mask = os.umask(0o027)
    try:
        with qtbot.wait_signal(page.exported, timeout=5000):
            save_as(qtbot, dialog, target)
    finally:
        os.umask(mask)

    # Every user's Studio reads a deployed policy, as the command line's export writes it.
    assert stat.S_IMODE(target.stat().st_mode) == 0o640


def test_export_as_defaults_with_encrypted_secrets(
    qloop: QtAsyncio,
    qtbot: QtBot,
    make_services,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
):
    monkeypatch.setenv(POLICY_SECRET_VARIABLE, POLICY_SECRET)
    services = make_services(None)
    set_up_lookup(qloop, services)
    page = open_page(qtbot, services)
    dialog = open_export(qtbot, page)
    dialog.defaults.click()
    dialog.include_secrets.click()
    target = tmp_path / "corp.json"

    with qtbot.wait_signal(page.exported, timeout=5000):
        save_as(qtbot, dialog, target)

    written = target.read_text(encoding="utf-8")
    assert API_KEY not in written
    settings = json.loads(written)["settings"]
    assert settings["web_lookup.endpoint"] == {"value": ENDPOINT, "mode": "default"}
    secret = settings["web_lookup.api_key"]
    assert secret["mode"] == "locked"
    assert secret["value"].startswith("ENC:v1:")
    assert decrypt(secret["value"], secret=POLICY_SECRET, key="web_lookup.api_key") == API_KEY


def test_export_with_secrets_but_no_policy_secret_shows_why_and_writes_nothing(
    qloop: QtAsyncio, qtbot: QtBot, make_services, tmp_path: Path, caplog
):
    services = make_services(None)
    set_up_lookup(qloop, services)
    page = open_page(qtbot, services)
    dialog = open_export(qtbot, page)
    dialog.include_secrets.click()
    target = tmp_path / "corp.json"

    with qtbot.wait_signal(dialog.failed, timeout=5000):
        save_as(qtbot, dialog, target)

    assert not target.exists()
    assert list(tmp_path.glob(".corp.json.*")) == []
    assert dialog.isVisible()
    # The message makes room for itself rather than squeezing the options.
    layout = dialog.layout()
    assert layout is not None
    assert dialog.height() >= layout.totalHeightForWidth(dialog.width())
    mode = dialog.findChild(QGroupBox)
    assert mode is not None
    assert mode.height() >= mode.minimumSizeHint().height()
    assert "'web_lookup.api_key' is a secret" in dialog.message()
    assert "nothing was exported" in dialog.message()
    assert API_KEY not in dialog.message()
    assert API_KEY not in caplog.text
    assert not page.export_result.isVisible()
    # Without the secrets the same export goes through.
    dialog.include_secrets.click()
    with qtbot.wait_signal(page.exported, timeout=5000):
        save_as(qtbot, dialog, target)
    assert target.exists()


def test_export_to_a_place_that_cannot_be_written_says_so(
    qloop: QtAsyncio, qtbot: QtBot, make_services, tmp_path: Path
):
    services = make_services(None)
    set_up_lookup(qloop, services)
    page = open_page(qtbot, services)
    dialog = open_export(qtbot, page)
    (tmp_path / "a-file").write_text("not a folder", encoding="utf-8")

    with qtbot.wait_signal(dialog.failed, timeout=5000):
        dialog.export_to(tmp_path / "a-file" / "corp.json")

    assert dialog.message().startswith("The policy could not be written: ")
    assert dialog.isVisible()
    assert (tmp_path / "a-file").read_text(encoding="utf-8") == "not a folder"
