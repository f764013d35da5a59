"""Widgets for choosing tools and editing their settings.

:mod:`~studio.ui.tools.selection` holds the tool selection shown below the message field and
:mod:`~studio.ui.tools.settings_dialog` the dialog generated from a tool's settings schema. They
render what the registry and the settings service answer; the rules live in the core.

The helpers here (the tools' icons, a few shared looks and following the settings' changes)
serve both and the settings page.
Colours come from the palette wherever one fits, so the widgets follow the light or dark scheme
(see :mod:`studio.ui.theme`); the accents are mid tones that read on either.
"""

from __future__ import annotations

import weakref
from collections.abc import Callable
from typing import TypeVar

import shiboken6
from PySide6.QtGui import QIcon, QPalette
from PySide6.QtWidgets import QLabel, QStyle, QWidget

from studio.tools.registry import ToolRegistry
from studio.tools.settings import ToolSettingsService
from studio.ui import icons
from studio.ui.i18n import translate

__all__ = [
    "ATTENTION_COLOR",
    "ERROR_ACCENT",
    "WARNING_ACCENT",
    "box_style",
    "dim",
    "mark_managed",
    "notify_on_change",
    "settings_field_labels",
    "tool_icon",
]

_Widget = TypeVar("_Widget", bound=QWidget)


def tool_icon(name: str, style: QStyle, *, collection: bool = False) -> QIcon:
    """The icon a tool or collection names, or a standard icon when Studio ships no such icon.

    Args:
        name: the ``icon`` attribute of the tool or collection, a file name without suffix
            in :mod:`studio.ui.icons`.
        style: the style that supplies the fallback (a widget's ``style()``).
        collection: whether the icon stands for a collection, which falls back to a folder.
    """
    shipped = icons.icon(name)
    if shipped is not None:
        return shipped
    fallback = (
        QStyle.StandardPixmap.SP_DirIcon
        if collection
        else QStyle.StandardPixmap.SP_FileDialogDetailedView
    )
    return style.standardIcon(fallback)


WARNING_ACCENT = "#d08a00"
"""The edge of boxes that warn."""
ERROR_ACCENT = "#d33a2c"
"""The edge of boxes that report an error."""
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


def settings_field_labels(
    registry: ToolRegistry, tool_ids: tuple[str, ...], names: tuple[str, ...]
) -> list[str]:
    """The translated labels of settings fields ``names``, looked up in the tools ``tool_ids``.

    A name no tool describes is shown as it is. The settings page and the selection's reasons
    both name missing settings this way, so the two say the same.
    """
    labels: dict[str, str] = {}
    for tool_id in tool_ids:
        definition = registry.definition(tool_id)
        implementation = registry.implementation_for(definition) if definition else None
        if definition is None or implementation is None:
            continue
        for name, spec in definition.settings_schema.properties.items():
            labels.setdefault(name, translate(implementation.settings_field_label(name, spec)))
    return [labels.get(name, name) for name in names]


def notify_on_change(
    settings: ToolSettingsService, widget: _Widget, notify: Callable[[_Widget], object]
) -> None:
    """Call ``notify(widget)`` after every settings change, for as long as ``widget`` exists.

    The service keeps its listeners for good, so the listener holds the widget weakly and
    checks that the Qt object still exists. ``notify`` receives the widget rather than
    capturing it, so that it does not keep the widget alive.
    """
    ref = weakref.ref(widget)

    def changed() -> None:
        target = ref()
        if target is not None and shiboken6.isValid(target):
            notify(target)

    settings.add_listener(changed)
