"""The provider picker: which configured provider answers, with its model and confidence."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QEvent, Qt, Signal, Slot
from PySide6.QtWidgets import QComboBox, QHBoxLayout, QLabel, QPushButton, QWidget

from studio.config.labels import confidence_label
from studio.config.providers import ProviderSettings
from studio.ui import i18n

__all__ = ["ProviderPicker"]


class ProviderPicker(QWidget):
    """A drop-down of the user's providers (name and model) and the chosen one's confidence.

    It shows what it is given (:meth:`set_providers`); the window reads the providers from the
    :class:`~studio.config.providers.ProviderStore` and refreshes the picker after a change.

    Signals:
        provider_changed(str): another provider was chosen; its name, or "" when none is left.
        add_requested: the user wants to set up another provider.
    """

    provider_changed = Signal(str)
    add_requested = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._providers: dict[str, ProviderSettings] = {}
        self._combo = QComboBox(self)
        self._combo.setObjectName("ProviderCombo")
        self._combo.setMinimumContentsLength(24)
        self._combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
        self._confidence = QLabel(self)
        self._confidence.setObjectName("ProviderConfidence")
        self._add = QPushButton(self)
        self._add.setObjectName("AddProviderButton")
        self._add.setFlat(True)

        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(8)
        self._label = QLabel(self)
        self._label.setBuddy(self._combo)
        layout.addWidget(self._label)
        layout.addWidget(self._combo)
        layout.addWidget(self._confidence)
        layout.addStretch(1)
        layout.addWidget(self._add)

        self._combo.currentIndexChanged.connect(self._on_combo_current_index_changed)
        self._add.clicked.connect(self._on_add_clicked)
        self._retranslate()

    def _retranslate(self) -> None:
        self._combo.setAccessibleName(self.tr("Provider"))
        self._label.setText(self.tr("Provider:"))
        self._add.setText(self.tr("Add provider…"))
        for index in range(self._combo.count()):
            provider = self._providers.get(str(self._combo.itemData(index)))
            if provider is not None:
                self._describe(index, provider)
        self._show_confidence()

    def changeEvent(self, event: QEvent) -> None:
        """Set the texts again in a new language."""
        if event.type() == QEvent.Type.LanguageChange:
            self._retranslate()
        super().changeEvent(event)

    def _describe(self, index: int, provider: ProviderSettings) -> None:
        self._combo.setItemText(
            index, self.tr("{name} · {model}").format(name=provider.name, model=provider.model)
        )
        tooltip = self.tr("{type}, {address}").format(
            type=i18n.translate(provider.profile.display_name),
            address=provider.effective_base_url,
        )
        self._combo.setItemData(index, tooltip, Qt.ItemDataRole.ToolTipRole)

    def set_providers(self, providers: Sequence[ProviderSettings], current: str = "") -> None:
        """List ``providers`` and choose ``current`` (else keep the choice, else the first)."""
        keep = current or self.current_name()
        self._providers = {provider.name: provider for provider in providers}
        self._combo.blockSignals(True)
        self._combo.clear()
        for provider in providers:
            self._combo.addItem(provider.name, provider.name)
            self._describe(self._combo.count() - 1, provider)
        index = self._combo.findData(keep)
        self._combo.setCurrentIndex(index if index >= 0 else (0 if providers else -1))
        self._combo.blockSignals(False)
        self._combo.setEnabled(bool(providers))
        self._show_confidence()
        self.provider_changed.emit(self.current_name())

    def current_name(self) -> str:
        """The chosen provider's name, or "" when there is none."""
        data = self._combo.currentData()
        return data if isinstance(data, str) else ""

    def current(self) -> ProviderSettings | None:
        """The chosen provider's settings, or None."""
        return self._providers.get(self.current_name())

    def set_current(self, name: str) -> None:
        """Choose the provider called ``name``, if it is listed."""
        index = self._combo.findData(name)
        if index >= 0:
            self._combo.setCurrentIndex(index)

    def _show_confidence(self) -> None:
        provider = self.current()
        if provider is None:
            self._confidence.setText(self.tr("No provider set up yet"))
            self._confidence.setToolTip("")
            return
        level = i18n.translate(confidence_label(provider.confidence))
        self._confidence.setText(self.tr("Confidence: {level}").format(level=level))
        self._confidence.setToolTip(
            self.tr(
                "How far you trust this provider with your data. Tools that need more "
                "confidence are not offered to it."
            )
        )

    @Slot(int)
    def _on_combo_current_index_changed(self, index: int) -> None:
        self._show_confidence()
        self.provider_changed.emit(self.current_name())

    @Slot()
    def _on_add_clicked(self) -> None:
        self.add_requested.emit()
