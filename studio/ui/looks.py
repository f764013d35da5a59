"""Looks the widgets share: the accent colours, note boxes and secondary text.

Colours come from the palette wherever one fits, so the widgets follow the light or dark scheme
(see :mod:`studio.ui.theme`); the accents are mid tones that read on either.
"""

from __future__ import annotations

from collections.abc import Iterable

from PySide6.QtGui import QPalette
from PySide6.QtWidgets import QLabel, QWidget

__all__ = [
    "ATTENTION_COLOR",
    "ERROR_ACCENT",
    "IN_FORCE_ACCENT",
    "WARNING_ACCENT",
    "box_style",
    "describe_managed",
    "dim",
    "mark_managed",
]

WARNING_ACCENT = "#d08a00"
"""The edge of boxes that warn."""
ERROR_ACCENT = "#d33a2c"
"""The edge of boxes that report an error."""
IN_FORCE_ACCENT = "#3c8d4f"
"""The edge of boxes showing something that applies (a policy in force)."""
ATTENTION_COLOR = "#b8620a"
"""Text that says why something cannot be used."""


def box_style(selector: str, accent: str) -> str:
    """A style sheet rule drawing ``selector`` as a note box with an ``accent`` edge."""
    return (
        f"{selector} {{ background: palette(alternate-base); border: 1px solid palette(mid); "
        f"border-left: 4px solid {accent}; border-radius: 3px; padding: 7px 10px; }}"
    )


def dim(label: QLabel) -> QLabel:
    """Draw ``label`` in the palette's secondary text colour (hints, descriptions)."""
    label.setForegroundRole(QPalette.ColorRole.PlaceholderText)
    return label


def mark_managed(label: QLabel) -> QLabel:
    """Draw ``label`` as the marker of a value the organisation manages."""
    font = label.font()
    font.setItalic(True)
    label.setFont(font)
    return dim(label)


def describe_managed(widgets: Iterable[QWidget | None], text: str) -> None:
    """Say where a managed value came from: ``text`` as tooltip and accessible description.

    Given to the marker and to the control it marks, so hovering either (a disabled control
    still shows its tooltip) and a screen reader on either name the policy.
    """
    for widget in widgets:
        if widget is not None:
            widget.setToolTip(text)
            widget.setAccessibleDescription(text)
