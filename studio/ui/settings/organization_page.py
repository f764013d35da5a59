"""The organisation page of the app's settings: the policies found, and the policy export.

The page lists every policy file Studio found, in force or not, with its id, place and
priority, and every problem with it in words, so a user can tell their administrator what is
wrong and an administrator can see at a glance which file decides what. Where a policy could
not be used, the page says that every tool is switched off until it is fixed.

It also opens the export of this profile's tool settings as a policy
(:class:`~studio.ui.settings.policy_export_dialog.PolicyExportDialog`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import shiboken6
from PySide6.QtCore import QEvent, Qt, Signal, Slot
from PySide6.QtGui import QFont
from PySide6.QtWidgets import (
    QFormLayout,
    QFrame,
    QGroupBox,
    QLabel,
    QPushButton,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from studio.config.organization import OrganizationPolicy, PolicyProblem, PolicySource
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

if TYPE_CHECKING:
    from studio.ui.settings.policy_export_dialog import PolicyExportDialog

__all__ = ["OrganizationPage"]

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

_Texts = list[tuple[Any, Callable[[], str]]]


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
        self.broken: QLabel | None = None
        self.cards: list[_PolicyCard] = []
        self.none_found: QLabel | None = None
        self._other_labels: list[tuple[QLabel, PolicyProblem]] = []
        self._groups: list[QGroupBox] = []

        content = QWidget()
        content.setObjectName("OrganizationPageContent")
        layout = QVBoxLayout(content)
        layout.setContentsMargins(0, 0, 8, 8)
        layout.setSpacing(12)
        self._intro = self._label(dim(QLabel(content)), self._intro_text)
        layout.addWidget(self._intro)
        for widget in self._policy_widgets(settings.organization, content):
            layout.addWidget(widget)
        layout.addWidget(self._export_box())
        layout.addStretch(1)
        self._scroll_around(content)
        self._retranslate()

    # Building.

    def _policy_widgets(self, organization: OrganizationPolicy, parent: QWidget) -> list[QWidget]:
        """What the page shows of the policies: broken, in force, not in force, other problems."""
        widgets: list[QWidget] = []
        if organization.restricts_all_tools:
            self.broken = self._label(QLabel(parent), self._broken_text)
            self.broken.setObjectName("OrganizationBroken")
            widgets.append(self.broken)
        if not organization.sources:
            self.none_found = self._label(
                QLabel(parent), lambda: self.tr("No organisation policy applies on this computer.")
            )
            self.none_found.setObjectName("OrganizationNone")
            return [*widgets, self.none_found]
        # Listed in the order they win, as the policies merge; equal ones as they were found.
        in_force = sorted(organization.in_force, key=lambda source: source.precedence, reverse=True)
        not_in_force = [source for source in organization.sources if not source.in_force]
        if in_force:
            widgets.append(
                self._group(
                    "PoliciesInForce", lambda: self.tr("Policies in force"), in_force, organization
                )
            )
        if not_in_force:
            widgets.append(
                self._group(
                    "PoliciesNotInForce",
                    lambda: self.tr("Policies not in force"),
                    not_in_force,
                    organization,
                )
            )
        places = {source.place for source in organization.sources}
        if others := [p for p in organization.problems if p.place not in places]:
            widgets.append(self._other_problems(others))
        return widgets

    def _scroll_around(self, content: QWidget) -> None:
        """Fill the page with ``content``, scrolling when it is taller than the window."""
        scroll = QScrollArea(self)
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QFrame.Shape.NoFrame)
        scroll.setWidget(content)
        content.setAutoFillBackground(False)
        scroll.viewport().setAutoFillBackground(False)
        outer = QVBoxLayout(self)
        outer.setContentsMargins(0, 0, 0, 0)
        outer.addWidget(scroll)

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
        # Imported on first use: the export builds the policy's models, which a start need not.
        from studio.ui.settings.policy_export_dialog import PolicyExportDialog

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
