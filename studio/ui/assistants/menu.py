"""The "Assistants" menu: one entry per assistant, each opening the assistant's own window.

An entry is named by its assistant's title, the one its window shows; the menu picks each
entry's access key from the title's letters, in whatever language the title is shown.

The menu owns the windows. Each is made the first time its entry is chosen and then kept:
closing it only stops its run and hides it, so the form is as the user left it when the entry
is chosen again. The app's shutdown awaits :meth:`AssistantsMenu.aclose`, which ends them all.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, Slot
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QMenu, QWidget

from studio.assistants import builtin_assistants
from studio.assistants.assistant import Assistant
from studio.kernel.definition import Component
from studio.services import Services
from studio.ui import i18n
from studio.ui.assistants.window import AssistantWindow

__all__ = ["AssistantsMenu"]


class AssistantsMenu(QMenu):
    """Opens the assistants' windows; the main window sets its title.

    Args:
        services: The profile's services, shared with the windows.
        parent: The main window, which the assistants' windows belong to.
    """

    def __init__(self, services: Services, parent: QWidget) -> None:
        super().__init__(parent)
        self.setObjectName("AssistantsMenu")
        self._services = services
        self._owner = parent
        self._windows: dict[Component, AssistantWindow] = {}
        self._actions: dict[Component, QAction] = {}
        self._assistants: dict[Component, Assistant] = {}
        for assistant in builtin_assistants():
            action = self.addAction("")
            action.setObjectName(f"Open_{assistant.component.value}")
            action.setData(assistant.component.value)
            action.triggered.connect(self._on_action_triggered)
            self._actions[assistant.component] = action
            self._assistants[assistant.component] = assistant
        self._retranslate()

    def _retranslate(self) -> None:
        taken: set[str] = set()
        for component, action in self._actions.items():
            title = i18n.translate(self._assistants[component].title)
            action.setText(self.tr("{title}…").format(title=_with_access_key(title, taken)))

    def changeEvent(self, event: QEvent) -> None:
        """Set the texts again in a new language."""
        if event.type() == QEvent.Type.LanguageChange:
            self._retranslate()
        super().changeEvent(event)

    def action_for(self, component: Component) -> QAction:
        """The entry that opens the assistant of ``component``."""
        return self._actions[component]

    def window_for(self, component: Component) -> AssistantWindow | None:
        """The window of that assistant, once it was opened."""
        return self._windows.get(component)

    def open_assistant(self, component: Component) -> AssistantWindow:
        """Show the assistant's window, made now if it is the first time, and bring it forward."""
        window = self._windows.get(component)
        if window is None:
            assistant = self._assistants[component]
            window = AssistantWindow(assistant, self._services, self._owner)
            self._windows[component] = window
        else:
            window.refresh_providers()
        window.show()
        window.raise_()
        window.activateWindow()
        return window

    async def aclose(self) -> None:
        """Stop every assistant's run and close its connections (for the app's shutdown)."""
        windows, self._windows = list(self._windows.values()), {}
        for window in windows:
            await window.aclose()
            window.close()

    @Slot()
    def _on_action_triggered(self) -> None:
        action = self.sender()
        if isinstance(action, QAction):
            self.open_assistant(Component(str(action.data())))


def _with_access_key(text: str, taken: set[str]) -> str:
    """``text`` as a menu entry: its ``&`` doubled, and ``&`` before a letter not in ``taken``.

    The letter is the first that starts a word and no other entry uses yet, else the first free
    letter anywhere; it is added to ``taken``. Without a free letter the entry has no access key.
    """
    letters = [(index, char) for index, char in enumerate(text) if char.isalpha()]
    starts = [(i, c) for i, c in letters if i == 0 or not text[i - 1].isalnum()]
    for index, char in (*starts, *letters):
        if char.casefold() not in taken:
            taken.add(char.casefold())
            before, after = text[:index].replace("&", "&&"), text[index:].replace("&", "&&")
            return f"{before}&{after}"
    return text.replace("&", "&&")
