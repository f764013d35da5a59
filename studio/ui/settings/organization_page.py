"""The organisation page of the app's settings: the policies found, and the policy export.

The page lists every policy file Studio found, in force or not, with its id, place and
priority, and every problem with it in words, so a user can tell their administrator what is
wrong and an administrator can see at a glance which file decides what. Where a policy could
not be used, the page says that every tool is switched off until it is fixed.

It also exports this profile's tool settings as a policy (:class:`PolicyExportDialog`): an
administrator sets Studio up the way every user should have it and deploys the file. Secrets
are exported only when asked for, encrypted with the organisation's policy secret; when one
cannot be encrypted nothing is written.
"""

from __future__ import annotations

import asyncio
import json
import logging
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

import shiboken6
from PySide6.QtCore import QEvent, Qt, Signal, Slot
from PySide6.QtGui import QFont
from PySide6.QtWidgets import (
    QCheckBox,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QFormLayout,
    QFrame,
    QGroupBox,
    QLabel,
    QPushButton,
    QRadioButton,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from studio.config.organization import OrganizationPolicy, PolicyProblem, PolicySource
from studio.config.policy import locations
from studio.config.policy.document import SettingMode
from studio.config.store import write_atomically
from studio.errors import ConfigError, SecretStoreError
from studio.tools.policy_export import export_policy
from studio.tools.registry import ToolRegistry
from studio.tools.settings import ToolSettingsService
from studio.ui.i18n import translate
from studio.ui.looks import (
    ATTENTION_COLOR,
    ERROR_ACCENT,
    IN_FORCE_ACCENT,
    box_style,
    dim,
)

__all__ = ["OrganizationPage", "PolicyExportDialog"]

logger = logging.getLogger(__name__)

_PAGE_STYLE = "\n".join(
    (
        box_style("#OrganizationBroken", ERROR_ACCENT),
        box_style("QFrame#PolicyCard[in_force='true']", IN_FORCE_ACCENT),
        box_style("QFrame#PolicyCard[in_force='false']", ERROR_ACCENT),
        f"#PolicyProblem[fatal='true'] {{ color: {ERROR_ACCENT}; }}",
        f"#PolicyProblem[fatal='false'] {{ color: {ATTENTION_COLOR}; }}",
        "#PolicyCard QLabel { background: transparent; border: none; padding: 0; }",
    )
)
_DIALOG_STYLE = box_style("#PolicyExportMessage", ERROR_ACCENT)
_EXPORT_WIDTH = 520

_Texts = list[tuple[Any, Callable[[], str]]]


def _ranked(sources: tuple[PolicySource, ...]) -> list[PolicySource]:
    """The policies in force in the order they win: a higher tier, then a higher priority.

    Equal ones keep the order the locations list them, which is how they merge.
    """
    return sorted(
        (source for source in sources if source.in_force),
        key=lambda source: (-source.tier, -source.priority),
    )


class _PolicyCard(QFrame):
    """One policy: its id, place, priority, whether it is in force, and its problems."""

    def __init__(
        self,
        source: PolicySource,
        problems: list[PolicyProblem],
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.setObjectName("PolicyCard")
        self.setProperty("in_force", source.in_force)
        self.setProperty("place", source.place)
        self.source = source
        self._problems = problems
        self._texts: _Texts = []

        self._title = QLabel(self)
        self._title.setObjectName("PolicyId")
        font = self._title.font()
        font.setWeight(QFont.Weight.DemiBold)
        self._title.setFont(font)
        self._title.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self._texts.append(
            (
                self._title,
                lambda: source.policy_id or self.tr("A policy that could not be read"),
            )
        )
        form = QFormLayout()
        form.setContentsMargins(0, 0, 0, 0)
        form.setHorizontalSpacing(10)
        form.setVerticalSpacing(3)
        form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
        self.place = self._value("PolicyPlace", source.place)
        self._row(form, lambda: self.tr("Place:"), self.place)
        if source.in_force:
            self.priority: QLabel | None = self._value("PolicyPriority", str(source.priority))
            self._row(form, lambda: self.tr("Priority:"), self.priority)
        else:
            # A policy that could not be read has no priority anyone set.
            self.priority = None
        self.state = self._value("PolicyState", "")
        self._texts.append(
            (
                self.state,
                lambda: (
                    self.tr("In force")
                    if source.in_force
                    else self.tr("Not in force: none of it applies")
                ),
            )
        )
        self._row(form, lambda: self.tr("State:"), self.state)

        layout = QVBoxLayout(self)
        layout.setSpacing(6)
        layout.addWidget(self._title)
        layout.addLayout(form)
        self.problem_labels: list[QLabel] = []
        for problem in problems:
            label = _problem_label(problem, self)
            layout.addWidget(label)
            self.problem_labels.append(label)
        self.retranslate()

    def _value(self, name: str, text: str) -> QLabel:
        label = QLabel(text, self)
        label.setObjectName(name)
        label.setWordWrap(True)
        label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        return label

    def _row(self, form: QFormLayout, text: Callable[[], str], value: QLabel) -> None:
        label = dim(QLabel(self))
        self._texts.append((label, text))
        form.addRow(label, value)

    def retranslate(self) -> None:
        """Set the texts in the UI language."""
        for widget, text in self._texts:
            widget.setText(text())
        for label, problem in zip(self.problem_labels, self._problems, strict=True):
            label.setText(problem.text(translate))

    def problem_texts(self) -> list[str]:
        """The problems as the card shows them."""
        return [label.text() for label in self.problem_labels]


def _problem_label(problem: PolicyProblem, parent: QWidget) -> QLabel:
    label = QLabel(parent)
    label.setObjectName("PolicyProblem")
    label.setProperty("fatal", problem.fatal)
    label.setWordWrap(True)
    label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
    return label


class OrganizationPage(QWidget):
    """Settings > Organisation: the policies in force and not, and the policy export.

    Construct it inside the running qasync loop (the app does); the export runs there.

    Args:
        registry: The installed tools, whose settings the export writes.
        settings: The tool settings and the organisation's policy.
        parent: The Qt parent.

    Signals:
        exported(str): a policy file was written (its path).
    """

    exported = Signal(str)

    def __init__(
        self,
        registry: ToolRegistry,
        settings: ToolSettingsService,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.setObjectName("OrganizationPage")
        self.setStyleSheet(_PAGE_STYLE)
        self._registry = registry
        self._settings = settings
        self._texts: _Texts = []
        self._dialog: PolicyExportDialog | None = None
        self._exported_to: str | None = None
        organization = settings.organization

        content = QWidget()
        content.setObjectName("OrganizationPageContent")
        layout = QVBoxLayout(content)
        layout.setContentsMargins(0, 0, 8, 8)
        layout.setSpacing(12)
        self._intro = self._label(dim(QLabel(content)), self._intro_text)
        layout.addWidget(self._intro)
        self.broken: QLabel | None = None
        if organization.restricts_all_tools:
            self.broken = self._label(QLabel(content), self._broken_text)
            self.broken.setObjectName("OrganizationBroken")
            layout.addWidget(self.broken)
        self.cards: list[_PolicyCard] = []
        self.none_found: QLabel | None = None
        self._other_labels: list[tuple[QLabel, PolicyProblem]] = []
        self._groups: list[QGroupBox] = []
        if organization.sources:
            places = {source.place for source in organization.sources}
            in_force = _ranked(organization.sources)
            not_in_force = [source for source in organization.sources if not source.in_force]
            if in_force:
                layout.addWidget(
                    self._group(
                        "PoliciesInForce",
                        lambda: self.tr("Policies in force"),
                        in_force,
                        organization,
                    )
                )
            if not_in_force:
                layout.addWidget(
                    self._group(
                        "PoliciesNotInForce",
                        lambda: self.tr("Policies not in force"),
                        not_in_force,
                        organization,
                    )
                )
            others = [p for p in organization.problems if p.place not in places]
            if others:
                layout.addWidget(self._other_problems(others))
        else:
            self.none_found = self._label(
                QLabel(content), lambda: self.tr("No organisation policy applies on this computer.")
            )
            self.none_found.setObjectName("OrganizationNone")
            layout.addWidget(self.none_found)
        layout.addWidget(self._export_box())
        layout.addStretch(1)

        scroll = QScrollArea(self)
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QFrame.Shape.NoFrame)
        scroll.setWidget(content)
        content.setAutoFillBackground(False)
        scroll.viewport().setAutoFillBackground(False)
        outer = QVBoxLayout(self)
        outer.setContentsMargins(0, 0, 0, 0)
        outer.addWidget(scroll)
        self._retranslate()

    # Building.

    def _label(self, label: QLabel, text: Callable[[], str]) -> QLabel:
        label.setWordWrap(True)
        self._texts.append((label, text))
        return label

    def _intro_text(self) -> str:
        return self.tr(
            "Your organisation can decide some of Studio's settings for everyone with policy "
            "files on this computer. Where two policies decide the same setting, the first one "
            "listed wins."
        )

    def _broken_text(self) -> str:
        return self.tr(
            "A policy could not be used, so every tool is switched off until it is fixed. "
            "Your administrator can see every problem with `studio policy check`."
        )

    def _group(
        self,
        name: str,
        title: Callable[[], str],
        sources: list[PolicySource],
        organization: OrganizationPolicy,
    ) -> QGroupBox:
        box = QGroupBox(self)
        box.setObjectName(name)
        self._texts.append((box, title))
        self._groups.append(box)
        layout = QVBoxLayout(box)
        layout.setSpacing(8)
        for source in sources:
            problems = [p for p in organization.problems if p.place == source.place]
            card = _PolicyCard(source, problems, box)
            layout.addWidget(card)
            self.cards.append(card)
        return box

    def _other_problems(self, problems: list[PolicyProblem]) -> QGroupBox:
        box = QGroupBox(self)
        box.setObjectName("PolicyOtherProblems")
        self._texts.append((box, lambda: self.tr("Other problems")))
        layout = QVBoxLayout(box)
        for problem in problems:
            label = _problem_label(problem, box)
            layout.addWidget(label)
            self._other_labels.append((label, problem))
        return box

    def _export_box(self) -> QGroupBox:
        box = QGroupBox(self)
        box.setObjectName("PolicyExportBox")
        self._texts.append((box, lambda: self.tr("Export")))
        hint = self._label(
            dim(QLabel(box)),
            lambda: self.tr(
                "Write the tool settings of this profile as a policy file, to give every user "
                "of your organisation the same settings."
            ),
        )
        self.export_button = QPushButton(box)
        self.export_button.setObjectName("PolicyExportButton")
        self._texts.append((self.export_button, lambda: self.tr("Export tool settings as policy…")))
        self.export_result = self._label(QLabel(box), self._export_result_text)
        self.export_result.setObjectName("PolicyExportResult")
        self.export_result.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.export_result.hide()
        layout = QVBoxLayout(box)
        layout.addWidget(hint)
        layout.addWidget(self.export_button, 0, Qt.AlignmentFlag.AlignLeft)
        layout.addWidget(self.export_result)
        self.export_button.clicked.connect(self._on_export_button_clicked)
        return box

    def _export_result_text(self) -> str:
        if self._exported_to is None:
            return ""
        return self.tr("The policy was written to {path}.").format(path=self._exported_to)

    def _retranslate(self) -> None:
        for widget, text in self._texts:
            if isinstance(widget, QGroupBox):
                widget.setTitle(text())
            else:
                widget.setText(text())
        for card in self.cards:
            card.retranslate()
        for label, problem in self._other_labels:
            label.setText(problem.text(translate))

    def changeEvent(self, event: QEvent) -> None:
        """Set the texts again in a new language."""
        if event.type() == QEvent.Type.LanguageChange:
            self._retranslate()
        super().changeEvent(event)

    # Public API.

    def card(self, place: str) -> _PolicyCard | None:
        """The card of the policy found at ``place``."""
        return next((card for card in self.cards if card.source.place == place), None)

    def open_export(self) -> PolicyExportDialog:
        """Open the export dialog over the page (window-modal, not blocking)."""
        dialog = PolicyExportDialog(self._registry, self._settings, self)
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.exported.connect(self._on_dialog_exported)
        self._dialog = dialog
        dialog.open()
        return dialog

    async def aclose(self) -> None:
        """Wait for an export still being written."""
        if self._dialog is not None and shiboken6.isValid(self._dialog):
            await self._dialog.aclose()

    # Slots.

    @Slot()
    def _on_export_button_clicked(self) -> None:
        self.open_export()

    @Slot(str)
    def _on_dialog_exported(self, path: str) -> None:
        self._exported_to = path
        self.export_result.setText(self._export_result_text())
        self.export_result.show()
        self.exported.emit(path)


class PolicyExportDialog(QDialog):
    """Export tool settings as policy: locked or as defaults, with secrets or without.

    "Export…" asks where to save the file; the file is written whole or not at all. A secret
    that cannot be encrypted (no policy secret delivered) is shown as an error and nothing is
    written.

    Signals:
        exported(str): the policy file was written (its path); the dialog then closes.
        failed(): the export failed; the dialog shows why and stays open.
    """

    exported = Signal(str)
    failed = Signal()

    def __init__(
        self,
        registry: ToolRegistry,
        settings: ToolSettingsService,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.setObjectName("PolicyExportDialog")
        self.setStyleSheet(_DIALOG_STYLE)
        self._registry = registry
        self._settings = settings
        self._task: asyncio.Task[None] | None = None
        self._file_dialog: QFileDialog | None = None
        self._error: ConfigError | SecretStoreError | OSError | None = None

        self._intro = dim(QLabel(self))
        self._intro.setWordWrap(True)
        self._mode_box = QGroupBox(self)
        self.locked = QRadioButton(self._mode_box)
        self.locked.setObjectName("PolicyExportLocked")
        self.locked.setChecked(True)
        self.defaults = QRadioButton(self._mode_box)
        self.defaults.setObjectName("PolicyExportDefaults")
        modes = QVBoxLayout(self._mode_box)
        modes.addWidget(self.locked)
        modes.addWidget(self.defaults)
        self.include_secrets = QCheckBox(self)
        self.include_secrets.setObjectName("PolicyExportSecrets")
        self._secrets_hint = dim(QLabel(self))
        self._secrets_hint.setWordWrap(True)
        self._message = QLabel(self)
        self._message.setObjectName("PolicyExportMessage")
        self._message.setWordWrap(True)
        self._message.hide()
        self._buttons = QDialogButtonBox(self)
        self.export_button = self._buttons.addButton("", QDialogButtonBox.ButtonRole.AcceptRole)
        self.export_button.setObjectName("PolicyExportChoose")
        self.export_button.setDefault(True)
        self._cancel = self._buttons.addButton(QDialogButtonBox.StandardButton.Cancel)

        layout = self._layout = QVBoxLayout(self)
        layout.setContentsMargins(18, 18, 18, 14)
        layout.setSpacing(10)
        layout.addWidget(self._intro)
        layout.addWidget(self._mode_box)
        layout.addWidget(self.include_secrets)
        layout.addWidget(self._secrets_hint)
        layout.addWidget(self._message)
        layout.addStretch(1)
        layout.addWidget(self._buttons)

        self._buttons.accepted.connect(self._on_buttons_accepted)
        self._buttons.rejected.connect(self.reject)
        self._retranslate()
        self.resize(max(self.sizeHint().width(), _EXPORT_WIDTH), self.sizeHint().height())
        self._fit_height()

    def _retranslate(self) -> None:
        self.setWindowTitle(self.tr("Export tool settings as policy"))
        self._intro.setText(
            self.tr(
                "Every tool setting that has a value is exported, and each minimum confidence "
                "as a fixed requirement. Settings without a value are left out."
            )
        )
        self._mode_box.setTitle(self.tr("Mode"))
        self.locked.setText(self.tr("Locked: users cannot change the values"))
        self.defaults.setText(self.tr("Defaults: used until a user saves their own"))
        self.include_secrets.setText(self.tr("Include secrets (encrypted)"))
        self._secrets_hint.setText(
            self.tr(
                "Secrets are encrypted with your organisation's policy secret and are always "
                "exported locked. Without this, each user enters their own."
            )
        )
        self.export_button.setText(self.tr("Export…"))
        if self._error is not None:
            self._message.setText(self._error_text(self._error))

    def changeEvent(self, event: QEvent) -> None:
        """Set the texts again in a new language."""
        if event.type() == QEvent.Type.LanguageChange:
            self._retranslate()
        super().changeEvent(event)

    # Public API.

    def mode(self) -> SettingMode:
        """How the values are exported."""
        return SettingMode.LOCKED if self.locked.isChecked() else SettingMode.DEFAULT

    def message(self) -> str:
        """The error shown, "" when there is none."""
        return self._message.text() if not self._message.isHidden() else ""

    def is_exporting(self) -> bool:
        """Whether an export is being written."""
        return self._task is not None and not self._task.done()

    def choose_file(self) -> QFileDialog:
        """Ask where to save the policy (not blocking); the export starts once one is chosen."""
        dialog = QFileDialog(self, self.tr("Save the policy"))
        dialog.setObjectName("PolicyExportFile")
        dialog.setAcceptMode(QFileDialog.AcceptMode.AcceptSave)
        dialog.setFileMode(QFileDialog.FileMode.AnyFile)
        dialog.setNameFilter(self.tr("Policy files (*.json)"))
        dialog.setDefaultSuffix("json")
        dialog.selectFile("studio-policy.json")
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.fileSelected.connect(self._on_file_dialog_file_selected)
        self._file_dialog = dialog
        dialog.open()
        return dialog

    def export_to(self, path: Path) -> None:
        """Export to ``path`` with the options chosen, as choosing that file does."""
        if self.is_exporting():
            return
        self._task = asyncio.create_task(self._export(path), name="policy-export")

    async def aclose(self) -> None:
        """Wait for an export still being written."""
        if self._task is not None:
            await asyncio.gather(self._task, return_exceptions=True)

    def done(self, result: int) -> None:
        """Close, but not while the file is being written (it is written whole)."""
        if self.is_exporting() and result != QDialog.DialogCode.Accepted.value:
            return
        super().done(result)

    # Exporting.

    async def _export(self, path: Path) -> None:
        self._set_busy(True)
        try:
            document = await export_policy(
                self._settings,
                self._registry,
                mode=self.mode(),
                include_secrets=self.include_secrets.isChecked(),
                secret=locations.policy_secret(os.environ).value,
            )
            text = json.dumps(document, indent=2, ensure_ascii=False) + "\n"
            await asyncio.to_thread(write_atomically, path, text)
        except (ConfigError, SecretStoreError, OSError) as error:
            # The error's text names what failed, never a secret's value.
            logger.warning("The policy could not be exported: %s", type(error).__name__)
            if shiboken6.isValid(self):
                self._set_busy(False)
                self._show_error(error)
                self.failed.emit()
            return
        if not shiboken6.isValid(self):
            return
        self._set_busy(False)
        self._show_error(None)
        self.exported.emit(str(path))
        self.accept()

    def _error_text(self, error: ConfigError | SecretStoreError | OSError) -> str:
        if isinstance(error, OSError):
            return self.tr("The policy could not be written: {error}").format(
                error=error.strerror or type(error).__name__
            )
        return error.text(translate)

    def _show_error(self, error: ConfigError | SecretStoreError | OSError | None) -> None:
        self._error = error
        self._message.setText(self._error_text(error) if error is not None else "")
        self._message.setVisible(error is not None)
        self._fit_height()

    def _fit_height(self) -> None:
        """Grow to show every text at the dialog's width (wrapped texts need more when shown).

        A window's minimum size leaves out the height that wrapped labels need at its width,
        so without this a message appearing would squeeze the options above it.
        """
        layout = self._layout
        needed = (
            layout.totalHeightForWidth(self.width())
            if layout.hasHeightForWidth()
            else layout.totalSizeHint().height()
        )
        if needed > self.height():
            self.resize(self.width(), needed)
        self.setMinimumHeight(needed)

    def _set_busy(self, busy: bool) -> None:
        for widget in (self.export_button, self._cancel, self._mode_box, self.include_secrets):
            widget.setEnabled(not busy)

    # Slots.

    @Slot()
    def _on_buttons_accepted(self) -> None:
        self.choose_file()

    @Slot(str)
    def _on_file_dialog_file_selected(self, file: str) -> None:
        self.export_to(Path(file))
