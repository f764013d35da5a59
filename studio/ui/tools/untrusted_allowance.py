"""The switch that lets a tool run without asking in chats with outside content.

A chat that read a web page, a mail or other outside content may carry instructions from
whoever wrote it, so Studio asks before a tool sends data out or changes something there. This
switch, one per tool or collection, is the user's exception; the organisation may decide it,
and then the switch is locked and marked like every managed value.
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QEvent, Qt, Signal, Slot
from PySide6.QtGui import QMouseEvent
from PySide6.QtWidgets import QCheckBox, QGridLayout, QLabel, QWidget

from studio.ui.looks import describe_managed, mark_managed

__all__ = ["UntrustedAllowanceSwitch", "untrusted_allowance_help"]


def untrusted_allowance_help() -> str:
    """What the switches are for, said once above a list of them, in the UI language now."""
    return QCoreApplication.translate(
        "UntrustedAllowanceSwitch",
        "Chats that read web pages, mails or other outside content may contain instructions "
        "from strangers; normally Studio then asks before a tool sends data out or changes "
        "anything.",
    )


class _ClickableLabel(QLabel):
    """A label that says when it is clicked, so that it can act as its check box's text.

    Signals:
        clicked(): the user clicked the label with the left button.
    """

    clicked = Signal()

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        """Report a left click."""
        if event.button() == Qt.MouseButton.LeftButton and self.rect().contains(
            event.position().toPoint()
        ):
            self.clicked.emit()
        super().mouseReleaseEvent(event)


class UntrustedAllowanceSwitch(QWidget):
    """A check box "Run without asking in chats with outside content" and its managed marker.

    The check box's text is a label beside it, which wraps in a narrow window or a longer
    language where a check box's own text would be cut; clicking it toggles the check box.

    Signals:
        toggled(bool): the user changed the switch (allowed).
    """

    toggled = Signal(bool)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("UntrustedAllowanceSwitch")
        self.check_box = QCheckBox(self)
        self.check_box.setObjectName("UntrustedAllowanceCheckBox")
        self.label = _ClickableLabel(self)
        self.label.setObjectName("UntrustedAllowanceLabel")
        self.label.setWordWrap(True)
        self.label.setBuddy(self.check_box)
        self._marker = mark_managed(QLabel(self))
        self._marker.setObjectName("UntrustedAllowanceManaged")
        self._marker.setWordWrap(True)
        self._marker.hide()
        self._managed: str | None = None
        layout = QGridLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setHorizontalSpacing(4)
        layout.setVerticalSpacing(2)
        layout.addWidget(self.check_box, 0, 0, Qt.AlignmentFlag.AlignTop)
        layout.addWidget(self.label, 0, 1)
        layout.addWidget(self._marker, 1, 1)
        layout.setColumnStretch(1, 1)
        self.check_box.clicked.connect(self._on_check_box_clicked)
        self.label.clicked.connect(self._on_label_clicked)
        self._retranslate()

    def set_state(self, allowed: bool, *, managed: str | None = None) -> None:
        """Show whether the tool runs without asking; ``managed`` names the policy that decides.

        Args:
            allowed: Whether it runs without asking in chats with outside content.
            managed: Where the organisation decides it, what the marker's tooltip says (the
                policy); None leaves the switch to the user.
        """
        self.check_box.setChecked(allowed)
        self.check_box.setEnabled(managed is None)
        self.label.setEnabled(managed is None)
        self._managed = managed
        self._show_management()

    def managed_text(self) -> str:
        """What the marker says on hover, "" when the switch is the user's."""
        return self._managed or ""

    def is_managed(self) -> bool:
        """Whether the organisation decides the switch."""
        return self._managed is not None

    def changeEvent(self, event: QEvent) -> None:
        """Set the texts again in a new language."""
        if event.type() == QEvent.Type.LanguageChange:
            self._retranslate()
        super().changeEvent(event)

    def _retranslate(self) -> None:
        text = self.tr("Run without asking in chats with outside content")
        self.label.setText(text)
        self.check_box.setAccessibleName(text)
        self._marker.setText(self.tr("Managed by your organisation"))
        self._show_management()

    def _show_management(self) -> None:
        self._marker.setVisible(self._managed is not None)
        help_text = self.tr(
            "Chats that read web pages, mails or other outside content may contain instructions "
            "from strangers; normally Studio then asks before this tool sends data out or "
            "changes anything."
        )
        describe_managed((self._marker,), self._managed or "")
        # The check box keeps its help next to the policy, so a locked one still says what it is.
        describe_managed(
            (self.check_box, self.label), "\n".join(filter(None, (self._managed, help_text)))
        )

    @Slot(bool)
    def _on_check_box_clicked(self, checked: bool) -> None:
        self.toggled.emit(checked)

    @Slot()
    def _on_label_clicked(self) -> None:
        if self.check_box.isEnabled():
            # Like a click on the box itself: it toggles and reports ``clicked``.
            self.check_box.click()
