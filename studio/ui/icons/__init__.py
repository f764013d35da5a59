"""The icons Studio ships: the application icon and the icons that tools name.

The SVG files beside this module are package data (see ``[tool.setuptools.package-data]``), so
an installed copy has them as a source checkout does; they are found through the package, never
through the source tree. A tool's ``icon`` attribute is a file name here without its suffix;
:func:`tool_icon` falls back to a standard icon for a name Studio does not ship.
"""

from __future__ import annotations

from importlib import resources
from pathlib import Path

from PySide6.QtGui import QIcon
from PySide6.QtWidgets import QStyle

__all__ = ["APP_ICON", "ICON_SUFFIXES", "app_icon", "icon", "icon_file", "tool_icon"]

APP_ICON = "studio"
"""The name of the application's own icon."""

ICON_SUFFIXES = (".svg", ".png")
"""The kinds of icon files looked for, in this order."""


def icon_file(name: str) -> Path | None:
    """The shipped file of the icon ``name``, or None when Studio ships no such icon."""
    if not name or "/" in name or "\\" in name or name.startswith("."):
        return None
    folder = resources.files(__name__)
    for suffix in ICON_SUFFIXES:
        candidate = folder / f"{name}{suffix}"
        if candidate.is_file():
            # Installed packages are plain folders; a zipped one would need as_file() and a copy.
            return Path(str(candidate))
    return None


def icon(name: str) -> QIcon | None:
    """The shipped icon ``name``, or None when there is none (the caller picks a fallback)."""
    path = icon_file(name)
    return QIcon(str(path)) if path is not None else None


def app_icon() -> QIcon:
    """The application's icon, for the application and its windows."""
    found = icon(APP_ICON)
    return found if found is not None else QIcon()


def tool_icon(name: str, style: QStyle, *, collection: bool = False) -> QIcon:
    """The icon a tool or collection names, or a standard icon when Studio ships no such icon.

    Args:
        name: the ``icon`` attribute of the tool or collection, a file name without suffix
            in this package.
        style: the style that supplies the fallback (a widget's ``style()``).
        collection: whether the icon stands for a collection, which falls back to a folder.
    """
    shipped = icon(name)
    if shipped is not None:
        return shipped
    fallback = (
        QStyle.StandardPixmap.SP_DirIcon
        if collection
        else QStyle.StandardPixmap.SP_FileDialogDetailedView
    )
    return style.standardIcon(fallback)
