"""The dialog that exports this profile's tool settings as an organisation policy.

An administrator sets Studio up the way every user should have it, exports the tool settings
here, and deploys the file. The values are exported locked or as defaults; secrets only when
asked for, encrypted with the organisation's policy secret, and when one cannot be encrypted
nothing is written. The file is written as ``studio policy export`` writes it
(:func:`~studio.tools.policy_export.write_policy`): whole or not at all, readable by every user.
"""

from __future__ import annotations

import asyncio
import logging
import os
from pathlib import Path

import shiboken6
from PySide6.QtCore import QEvent, Qt, Signal, Slot
from PySide6.QtWidgets import (
    QCheckBox,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QGroupBox,
    QLabel,
    QRadioButton,
    QVBoxLayout,
    QWidget,
)

from studio.config.policy import locations
from studio.config.policy.document import SettingMode
from studio.errors import ConfigError, SecretStoreError
from studio.tools.policy_export import export_policy, write_policy
from studio.tools.registry import ToolRegistry
from studio.tools.settings import ToolSettingsService
from studio.ui.i18n import translate
from studio.ui.looks import ERROR_ACCENT, box_style, dim

__all__ = ["PolicyExportDialog"]

logger = logging.getLogger(__name__)

_DIALOG_STYLE = box_style("#PolicyExportMessage", ERROR_ACCENT)
_EXPORT_WIDTH = 520


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
            # The secret may come from a file or the registry: read off the GUI thread.
            delivered = await asyncio.to_thread(locations.policy_secret, os.environ)
            document = await export_policy(
                self._settings,
                self._registry,
                mode=self.mode(),
                include_secrets=self.include_secrets.isChecked(),
                secret=delivered.value,
            )
            await asyncio.to_thread(write_policy, path, document)
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
