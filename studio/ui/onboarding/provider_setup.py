"""Setting up a provider: what a new user sees first, and what "Add provider…" opens later."""

from __future__ import annotations

import asyncio
import functools
import logging
from collections.abc import Callable

from pydantic import SecretStr
from PySide6.QtCore import QEvent, Qt, Signal, Slot
from PySide6.QtGui import QPalette, QResizeEvent, QShowEvent
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from studio.config.labels import confidence_label
from studio.config.profiles import ProviderProfile, ProviderType, profile_for
from studio.config.providers import (
    DEFAULT_PROGRESS_TIMEOUT,
    MAX_PROGRESS_TIMEOUT,
    NAME_MAX_LENGTH,
    ProviderSettings,
    ProviderStore,
)
from studio.config.secrets import KEYRING_NOT_SECURE, KeyringBackendInfo
from studio.errors import ConfigError, NoKeyringError, SecretStoreError
from studio.kernel.policy import ConfidenceLevel
from studio.kernel.translatable import TranslatableMessage
from studio.ui import i18n
from studio.ui.looks import ERROR_ACCENT, WARNING_ACCENT, box_style

__all__ = ["ProviderSetupDialog"]

logger = logging.getLogger(__name__)

_LEVELS = (
    ConfidenceLevel.HIGH,
    ConfidenceLevel.MEDIUM,
    ConfidenceLevel.MODERATE,
    ConfidenceLevel.LOW,
    ConfidenceLevel.VERY_LOW,
    ConfidenceLevel.UNKNOWN,
    ConfidenceLevel.UNTRUSTED,
)
"""The levels a user can give a provider, most trusted first."""

_HINT_STYLE = "QLabel { color: palette(placeholder-text); }"
_PROBLEM_STYLE = box_style("#ProviderKeyNote", WARNING_ACCENT)


def _name_from(display_name: str) -> str:
    """A valid provider name made from a type's display name.

    "OpenAI (Responses API)" gives "OpenAI Responses API": names allow only letters, digits,
    spaces and ``-_.``.
    """
    kept = "".join(c if c.isalnum() or c in " -_." else " " for c in display_name)
    return " ".join(kept.split())[:NAME_MAX_LENGTH]


class ProviderSetupDialog(QDialog):
    """Add a provider, or change one: its type, address, model, API key and how far it is trusted.

    The key goes to the OS keyring through :meth:`ProviderStore.add`, off the GUI thread. Where
    the OS has no keyring, the dialog says what to install, and a local provider that needs no
    key can still be added.

    Args:
        providers: Where the provider is added.
        first_start: Word the dialog as the welcome of a new user.
        editing: The provider to change; its name stays, and an empty key field keeps the
            stored key. None adds a new provider.
        key_stored: Whether a key is stored for the provider being changed; None when that
            is not known.
        parent: The window the dialog belongs to.

    Signals:
        provider_added(str): the provider with this name was added (or changed) and saved.
    """

    provider_added = Signal(str)

    def __init__(
        self,
        providers: ProviderStore,
        *,
        first_start: bool = False,
        editing: ProviderSettings | None = None,
        key_stored: bool | None = None,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.setObjectName("ProviderSetupDialog")
        self.setMinimumWidth(560)
        self._providers = providers
        self._first_start = first_start
        self._editing = editing
        self._key_stored = key_stored
        # Why no key can be stored (translatable), once the store has answered; None if it can.
        self._no_keyring: str | None = None
        # A keyring backend the user chose (PYTHON_KEYRING_BACKEND), named where keys go.
        self._chosen_keyring: KeyringBackendInfo | None = None
        self._probe: asyncio.Task[None] | None = None
        self._task: asyncio.Task[None] | None = None
        self._suggested_url = ""
        self._suggested_name = ""

        self._intro = QLabel(self)
        self._intro.setWordWrap(True)
        self._intro.setObjectName("SetupIntro")

        self._type = QComboBox(self)
        self._type.setObjectName("ProviderType")
        for provider_type in ProviderType:
            self._type.addItem("", provider_type.value)
        self._name = QLineEdit(self)
        self._name.setObjectName("ProviderName")
        self._url = QLineEdit(self)
        self._url.setObjectName("ProviderBaseUrl")
        self._model = QLineEdit(self)
        self._model.setObjectName("ProviderModel")
        self._key = QLineEdit(self)
        self._key.setObjectName("ProviderApiKey")
        self._key.setEchoMode(QLineEdit.EchoMode.Password)
        self._key_note = QLabel(self)
        self._key_note.setObjectName("ProviderKeyNote")
        self._key_note.setWordWrap(True)
        self._key_note.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self._key_note.setStyleSheet(_HINT_STYLE)
        self._confidence = QComboBox(self)
        self._confidence.setObjectName("ProviderConfidence")
        for level in _LEVELS:
            self._confidence.addItem("", level)
        self._confidence.setCurrentIndex(-1)
        self._progress_timeout = QSpinBox(self)
        self._progress_timeout.setObjectName("ProviderProgressTimeout")
        # Whole seconds: a shorter wait than a few seconds would stop answers that think first.
        self._progress_timeout.setRange(5, int(MAX_PROGRESS_TIMEOUT))
        self._progress_timeout.setValue(int(DEFAULT_PROGRESS_TIMEOUT))
        self._explanation = QLabel(self)
        self._explanation.setObjectName("ConfidenceExplanation")
        self._explanation.setWordWrap(True)
        self._explanation.setStyleSheet(_HINT_STYLE)
        self._error = QLabel(self)
        self._error.setObjectName("SetupError")
        self._error.setWordWrap(True)
        self._error.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self._error.setStyleSheet(box_style("#SetupError", ERROR_ACCENT))
        self._error.hide()
        # Renders the problem shown in the language of the moment; None when there is none.
        self._error_text: Callable[[], str] | None = None

        form = QFormLayout()
        form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
        self._labels = [QLabel(self) for _ in range(7)]
        fields = (
            self._type,
            self._name,
            self._url,
            self._model,
            self._key,
            self._confidence,
            self._progress_timeout,
        )
        for label, field in zip(self._labels, fields, strict=True):
            label.setBuddy(field)
            form.addRow(label, field)
            if field is self._key:
                form.addRow("", self._key_note)
            if field is self._confidence:
                form.addRow("", self._explanation)

        self._buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel, self
        )
        self._buttons.button(QDialogButtonBox.StandardButton.Ok).setObjectName("AddButton")
        layout = QVBoxLayout(self)
        layout.setSpacing(12)
        layout.addWidget(self._intro)
        layout.addLayout(form)
        layout.addWidget(self._error)
        layout.addWidget(self._buttons)

        self._type.currentIndexChanged.connect(self._on_type_current_index_changed)
        self._confidence.currentIndexChanged.connect(self._on_confidence_current_index_changed)
        for field in (self._name, self._url, self._model, self._key):
            field.textChanged.connect(self._on_field_text_changed)
        self._buttons.accepted.connect(self._on_buttons_accepted)
        self._buttons.rejected.connect(self._on_buttons_rejected)
        self._retranslate()
        if editing is None:
            self._on_type_current_index_changed(self._type.currentIndex())
            self._confidence.setCurrentIndex(-1)
        else:
            self._show(editing)
        # Whether a key can be stored at all is known only once the keyring was opened (off
        # the GUI thread); the answer comes while the user reads the dialog.
        self._probe = asyncio.get_running_loop().create_task(self._check_keyring())

    async def _check_keyring(self) -> None:
        # Both questions are asked before _probe is cleared, so closing the dialog (done())
        # cancels whichever is pending and nothing here touches widgets that are gone.
        try:
            problem = await self._providers.keyring_unavailable_reason()
            backend = None if problem is not None else await self._providers.keyring_backend()
        except Exception:
            # Not knowing is no reason to stop the setup; storing the key will say what fails.
            logger.exception("Could not find out whether a keyring is available.")
            return
        finally:
            self._probe = None
        if problem is not None:
            self._no_keyring = problem
        elif backend is not None and backend.chosen:
            self._chosen_keyring = backend
        else:
            return
        self._describe_type()
        self._update_add_button()
        self._fit_height()

    def _fit_height(self) -> None:
        """Grow to the height the texts need at the current width, so no field is squashed.

        The dialog's fixed minimum width keeps Qt from deriving a minimum height from the
        layout, and wrapped messages need more height the narrower they are.
        """
        layout = self.layout()
        if layout is None:
            return
        layout.activate()
        needed = layout.totalMinimumSize().height()
        if layout.hasHeightForWidth():
            needed = max(needed, layout.totalHeightForWidth(self.width()))
        self.setMinimumHeight(needed)
        if self.height() < needed:
            self.resize(self.width(), needed)

    def showEvent(self, event: QShowEvent) -> None:
        """Fit the height to the texts at the width the dialog opens with."""
        super().showEvent(event)
        self._fit_height()

    def resizeEvent(self, event: QResizeEvent) -> None:
        """Keep the height the wrapped texts need at the new width."""
        super().resizeEvent(event)
        if event.size().width() != event.oldSize().width():
            self._fit_height()

    def key_note(self) -> str:
        """What the note under the key field says."""
        return self._key_note.text()

    def _show(self, editing: ProviderSettings) -> None:
        """Fill the fields with the provider being changed; its name cannot change."""
        self._suggested_url = editing.profile.default_base_url or ""
        self._url.setText(editing.base_url or "")
        self._type.setCurrentIndex(self._type.findData(editing.type.value))
        self._name.setText(editing.name)
        self._name.setReadOnly(True)
        # Read-only looks like a label: no frame, the window's background, no tab stop.
        self._name.setFrame(False)
        self._name.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        palette = self._name.palette()
        palette.setColor(QPalette.ColorRole.Base, palette.color(QPalette.ColorRole.Window))
        self._name.setPalette(palette)
        self._model.setText(editing.model)
        self._confidence.setCurrentIndex(_LEVELS.index(editing.confidence))
        self._progress_timeout.setValue(round(editing.progress_timeout))
        self._describe_type()
        self._update_add_button()

    def _retranslate(self) -> None:
        self.setWindowTitle(self.tr("Set up a provider"))
        if self._editing is not None:
            self.setWindowTitle(self.tr("Change a provider"))
            self._intro.setText(
                self.tr("Change how Studio reaches {name}.").format(name=self._editing.name)
            )
        elif self._first_start:
            self._intro.setText(
                self.tr(
                    "Welcome to Studio. To chat, tell Studio which AI model to talk to: a cloud "
                    "provider with an API key, or a model running on your own machine, such as "
                    "Ollama or LM Studio."
                )
            )
        else:
            self._intro.setText(self.tr("Add a provider Studio can send your chats to."))
        titles = (
            self.tr("Type:"),
            self.tr("Name:"),
            self.tr("Base URL:"),
            self.tr("Model:"),
            self.tr("API key:"),
            self.tr("Confidence:"),
            self.tr("Progress timeout:"),
        )
        for label, title in zip(self._labels, titles, strict=True):
            label.setText(title)
        for index in range(self._type.count()):
            profile = profile_for(ProviderType(self._type.itemData(index)))
            self._type.setItemText(index, i18n.translate(profile.display_name))
        for index, level in enumerate(_LEVELS):
            self._confidence.setItemText(index, i18n.translate(confidence_label(level)))
        self._model.setPlaceholderText(self.tr("The model id as the host names it"))
        self._confidence.setPlaceholderText(self.tr("Choose how far you trust it…"))
        self._progress_timeout.setSuffix(self.tr(" seconds"))
        self._progress_timeout.setToolTip(
            self.tr(
                "Studio stops an answer that brings no new text or tool call for this long; the "
                "text that arrived is kept."
            )
        )
        self._buttons.button(QDialogButtonBox.StandardButton.Ok).setText(
            self.tr("Add provider") if self._editing is None else self.tr("Save")
        )
        self._describe_type()
        self._explain_confidence()
        if self._error_text is not None:
            self._error.setText(self._error_text())
        self._fit_height()

    def changeEvent(self, event: QEvent) -> None:
        """Set the texts again in a new language."""
        if event.type() == QEvent.Type.LanguageChange:
            self._retranslate()
        super().changeEvent(event)

    def set_type(self, provider_type: ProviderType) -> None:
        """Preselect ``provider_type``."""
        self._type.setCurrentIndex(self._type.findData(provider_type.value))

    def error_text(self) -> str:
        """The problem shown, or "" when there is none."""
        return self._error.text() if self._error.isVisible() else ""

    def _profile(self) -> ProviderProfile:
        return profile_for(ProviderType(self._type.currentData()))

    def _explain_level(self, level: ConfidenceLevel) -> str:
        explanations = {
            ConfidenceLevel.HIGH: self.tr(
                "Runs on a machine you control, or you trust it with anything."
            ),
            ConfidenceLevel.MEDIUM: self.tr(
                "A contract binds how it handles your data, in a region you accept."
            ),
            ConfidenceLevel.MODERATE: self.tr(
                "A reputable service that promises not to keep or train on your data."
            ),
            ConfidenceLevel.LOW: self.tr("It may keep your data for a while; nothing sensitive."),
            ConfidenceLevel.VERY_LOW: self.tr(
                "It may keep your data and train on it; only public information."
            ),
            ConfidenceLevel.UNKNOWN: self.tr("You do not know how it handles your data."),
            ConfidenceLevel.UNTRUSTED: self.tr(
                "Send it nothing you would mind seeing published; no tool uses it."
            ),
        }
        return explanations.get(level, "")

    def _required_url(self) -> bool:
        profile = self._profile()
        return profile.self_hosted or profile.default_base_url is None

    def _update_add_button(self) -> None:
        ready = (
            bool(self._name.text().strip())
            and bool(self._model.text().strip())
            and self._confidence.currentIndex() >= 0
            and (bool(self._url.text().strip()) or not self._required_url())
            and (
                (bool(self._key.text().strip()) and self._no_keyring is None)
                or not self._profile().requires_api_key
                # The store knows whether a key is kept for the provider being changed.
                or self._editing is not None
            )
            and self._task is None
        )
        self._buttons.button(QDialogButtonBox.StandardButton.Ok).setEnabled(ready)

    def _show_error(self, text: Callable[[], str] | None) -> None:
        """Show ``text()``, now and again after a language change; None hides the problem."""
        self._error_text = text
        self._error.setText(text() if text is not None else "")
        self._error.setVisible(text is not None)
        self._fit_height()

    @Slot(int)
    def _on_type_current_index_changed(self, index: int) -> None:
        profile = self._profile()
        # Values the user typed stay; suggestions follow the type.
        if self._url.text() in ("", self._suggested_url):
            self._suggested_url = profile.default_base_url or ""
            self._url.setText(self._suggested_url)
        if self._name.text() in ("", self._suggested_name):
            self._suggested_name = _name_from(i18n.translate(profile.display_name))
            self._name.setText(self._suggested_name)
        # A problem with the values of the type before belongs to those values.
        self._show_error(None)
        self._describe_type()
        self._update_add_button()

    def _kept_where(self) -> str:
        """Where a key goes, as the key note says it; a backend that is not safe is warned of."""
        chosen = self._chosen_keyring
        if chosen is None:
            return self.tr("The key is kept only in your system keyring.")
        where = self.tr("The key is kept only in the keyring {backend!r}, which you chose.").format(
            backend=chosen.name
        )
        if chosen.secure:
            return where
        self._key_note.setStyleSheet(_PROBLEM_STYLE)
        warning = i18n.translate(TranslatableMessage(KEYRING_NOT_SECURE, backend=chosen.name))
        return f"{where}\n\n{warning}"

    def _describe_type(self) -> None:
        if self._required_url():
            self._url.setPlaceholderText(self.tr("Required: where the server listens"))
        else:
            self._url.setPlaceholderText(self.tr("Leave empty for the provider's own address"))
        self._key.setEnabled(self._no_keyring is None)
        self._key_note.setStyleSheet(_HINT_STYLE if self._no_keyring is None else _PROBLEM_STYLE)
        if self._no_keyring is not None:
            self._key.clear()
            self._key.setPlaceholderText(self.tr("Cannot be stored on this computer"))
            self._key_note.setText(
                self.tr(
                    "{problem}\n\nA provider that needs no key, such as Ollama or LM Studio on "
                    "this computer, still works."
                ).format(problem=i18n.translate(self._no_keyring))
            )
        elif self._editing is not None:
            if self._key_stored is None:
                self._key.setPlaceholderText(self.tr("Leave empty to keep the key as it is"))
            elif self._key_stored:
                self._key.setPlaceholderText(self.tr("Leave empty to keep the stored key"))
            elif self._profile().requires_api_key:
                self._key.setPlaceholderText(self.tr("No key is stored; type one to store it"))
            else:
                self._key.setPlaceholderText(
                    self.tr("No key is stored; most local servers need none")
                )
            self._key_note.setText(self._kept_where())
        elif self._profile().requires_api_key:
            self._key.setPlaceholderText(
                self.tr("Required; stored in your system keyring")
                if self._chosen_keyring is None
                else self.tr("Required; stored in the keyring you chose")
            )
            self._key_note.setText(self._kept_where())
        else:
            self._key.setPlaceholderText(self.tr("Optional; most local servers need none"))
            self._key_note.setText(self.tr("Leave empty if the server needs no key."))

    @Slot(int)
    def _on_confidence_current_index_changed(self, index: int) -> None:
        self._explain_confidence()
        self._update_add_button()

    def _explain_confidence(self) -> None:
        level = self._confidence.currentData()
        if isinstance(level, ConfidenceLevel):
            self._explanation.setText(self._explain_level(level))
        else:
            self._explanation.setText(
                self.tr("Tools that handle sensitive data are offered only to trusted providers.")
            )

    @Slot()
    def _on_field_text_changed(self) -> None:
        self._update_add_button()

    @Slot()
    def _on_buttons_accepted(self) -> None:
        url = self._url.text().strip()
        # A change keeps what the dialog does not show (capabilities, additional parameters).
        kept = (
            {}
            if self._editing is None
            else {
                "capabilities": self._editing.capabilities,
                "additional_parameters": self._editing.additional_parameters,
            }
        )
        try:
            settings = ProviderSettings.from_user(
                **kept,
                name=self._name.text(),
                type=self._profile().type,
                base_url=url or None,
                model=self._model.text(),
                confidence=self._confidence.currentData(),
                progress_timeout=float(self._progress_timeout.value()),
            )
        except ConfigError as error:
            self._show_error(functools.partial(error.text, i18n.translate))
            return
        key = self._key.text().strip()
        self._show_error(None)
        self._task = asyncio.get_running_loop().create_task(
            self._add(settings, SecretStr(key) if key else None)
        )
        self._update_add_button()

    @Slot()
    def _on_buttons_rejected(self) -> None:
        self.reject()

    def done(self, result: int) -> None:
        """Close the dialog; an addition still running is cancelled."""
        if self._task is not None:
            self._task.cancel()
        if self._probe is not None:
            self._probe.cancel()
        super().done(result)

    async def _add(self, settings: ProviderSettings, api_key: SecretStr | None) -> None:
        try:
            if self._editing is None:
                await self._providers.add(settings, api_key)
            else:
                await self._providers.update(settings, api_key)
        except NoKeyringError as error:
            problem = functools.partial(error.text, i18n.translate)
            self._show_error(
                lambda: self.tr(
                    "Studio could not store the API key: {problem}\n\nYou can still add a "
                    "provider that needs no key, such as Ollama or LM Studio on this computer."
                ).format(problem=problem())
            )
        except (ConfigError, SecretStoreError) as error:
            self._show_error(functools.partial(error.text, i18n.translate))
        except OSError as error:
            logger.warning("The providers file could not be saved: %s", error)
            detail = str(error)
            self._show_error(
                lambda: self.tr("Studio could not save the provider: {problem}").format(
                    problem=detail
                )
            )
        else:
            self._task = None
            self.provider_added.emit(settings.name)
            self.accept()
            return
        finally:
            self._task = None
        self._update_add_button()
