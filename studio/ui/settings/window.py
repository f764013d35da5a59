"""The app's settings window: providers, tools, organisation and language, one page each.

Every page applies a change as soon as it is made (through the core service behind it), so the
window has no Apply button and closing it loses nothing. The window is not modal: a user can
change a tool's settings and try it in the chat without closing it. Appearance needs no page:
Studio follows the system's light or dark scheme (see :mod:`studio.ui.theme`).
"""

from __future__ import annotations

import asyncio
import enum

from PySide6.QtCore import QEvent, QSize, Qt, Signal, Slot
from PySide6.QtGui import QCloseEvent, QFont
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QStackedWidget,
    QStyle,
    QVBoxLayout,
    QWidget,
)

from studio.services import Services
from studio.ui import i18n
from studio.ui.settings.language_page import LanguagePage
from studio.ui.settings.organization_page import OrganizationPage
from studio.ui.settings.providers_page import ProvidersPage
from studio.ui.settings.tools_page import ToolsSettingsPage

__all__ = ["SettingsPage", "SettingsWindow"]


class SettingsPage(enum.Enum):
    """The pages of the settings window, in the order the sidebar lists them."""

    PROVIDERS = "providers"
    TOOLS = "tools"
    ORGANIZATION = "organization"
    LANGUAGE = "language"


class SettingsWindow(QDialog):
    """Settings: a sidebar of pages and the chosen page beside it.

    Construct it inside the running qasync loop (the app does); the tools page reads the
    catalogue at once.

    Args:
        services: The profile's services.
        language: The application's language manager; without one the language page is left
            out (embedding code that manages languages itself).
        parent: The main window.

    Signals:
        providers_changed(str): a provider was added, changed ("" after a removal); carries the
            name of the one added or changed.
    """

    providers_changed = Signal(str)

    def __init__(
        self,
        services: Services,
        language: i18n.LanguageManager | None = None,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.setObjectName("SettingsWindow")
        self.setWindowFlag(Qt.WindowType.WindowMaximizeButtonHint, True)
        self.resize(980, 680)

        self.providers_page = ProvidersPage(services.providers, self)
        self.tools_page = ToolsSettingsPage(services.registry, services.settings, self)
        self.organization_page = OrganizationPage(services.registry, services.settings, self)
        self.language_page = LanguagePage(language, self) if language is not None else None

        self._sidebar = QListWidget(self)
        self._sidebar.setObjectName("SettingsSidebar")
        self._sidebar.setIconSize(QSize(20, 20))
        self._sidebar.setFixedWidth(190)
        self._sidebar.setSpacing(2)
        self._heading = QLabel(self)
        self._heading.setObjectName("SettingsHeading")
        font = self._heading.font()
        font.setPointSizeF(font.pointSizeF() * 1.35)
        font.setWeight(QFont.Weight.DemiBold)
        self._heading.setFont(font)
        self._stack = QStackedWidget(self)
        self._pages: dict[SettingsPage, QWidget] = {
            SettingsPage.PROVIDERS: self.providers_page,
            SettingsPage.TOOLS: self.tools_page,
            SettingsPage.ORGANIZATION: self.organization_page,
        }
        if self.language_page is not None:
            self._pages[SettingsPage.LANGUAGE] = self.language_page
        icons = {
            SettingsPage.PROVIDERS: QStyle.StandardPixmap.SP_DriveNetIcon,
            SettingsPage.TOOLS: QStyle.StandardPixmap.SP_FileDialogDetailedView,
            SettingsPage.ORGANIZATION: QStyle.StandardPixmap.SP_ComputerIcon,
            SettingsPage.LANGUAGE: QStyle.StandardPixmap.SP_MessageBoxInformation,
        }
        for page, widget in self._pages.items():
            item = QListWidgetItem(self.style().standardIcon(icons[page]), "", self._sidebar)
            item.setData(Qt.ItemDataRole.UserRole, page.value)
            item.setSizeHint(QSize(0, 36))
            self._stack.addWidget(widget)
        self._buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, self)

        column = QVBoxLayout()
        column.setSpacing(8)
        column.addWidget(self._heading)
        column.addWidget(self._stack, 1)
        body = QHBoxLayout()
        body.setSpacing(16)
        body.addWidget(self._sidebar)
        body.addLayout(column, 1)
        layout = QVBoxLayout(self)
        layout.addLayout(body, 1)
        layout.addWidget(self._buttons)

        self._sidebar.currentRowChanged.connect(self._on_sidebar_current_row_changed)
        self._buttons.rejected.connect(self.close)
        self.providers_page.providers_changed.connect(self.providers_changed)
        self._sidebar.setCurrentRow(0)
        self._retranslate()

    def show_page(self, page: SettingsPage) -> None:
        """Switch to ``page``."""
        if page in self._pages:
            self._sidebar.setCurrentRow(list(self._pages).index(page))

    def current_page(self) -> SettingsPage:
        """The page shown."""
        return list(self._pages)[self._stack.currentIndex()]

    def pages(self) -> tuple[SettingsPage, ...]:
        """The pages the sidebar lists."""
        return tuple(self._pages)

    async def aclose(self) -> None:
        """Wait until every change made on the pages is stored."""
        await asyncio.gather(
            self.providers_page.aclose(),
            self.tools_page.aclose(),
            self.organization_page.aclose(),
            *([self.language_page.aclose()] if self.language_page is not None else []),
        )

    def _retranslate(self) -> None:
        self.setWindowTitle(self.tr("Settings — Studio"))
        titles = {
            SettingsPage.PROVIDERS: self.tr("Providers"),
            SettingsPage.TOOLS: self.tr("Tools"),
            SettingsPage.ORGANIZATION: self.tr("Organisation"),
            SettingsPage.LANGUAGE: self.tr("Language"),
        }
        for row, page in enumerate(self._pages):
            item = self._sidebar.item(row)
            if item is not None:
                item.setText(titles[page])
        self._heading.setText(titles[self.current_page()])

    def changeEvent(self, event: QEvent) -> None:
        """Set the texts again in a new language."""
        if event.type() == QEvent.Type.LanguageChange:
            self._retranslate()
        super().changeEvent(event)

    def closeEvent(self, event: QCloseEvent) -> None:
        """Hide; the main window keeps the window for the next time and closes it at the end."""
        self.hide()
        event.ignore()

    @Slot(int)
    def _on_sidebar_current_row_changed(self, row: int) -> None:
        self._stack.setCurrentIndex(row)
        self._retranslate()

    @Slot()
    def reject(self) -> None:
        """Escape hides the window like its Close button."""
        self.hide()
