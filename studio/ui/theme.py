"""The app's look: Qt's Fusion style with a light or dark palette that follows the OS.

Fusion looks the same on every platform, which keeps screenshots, tests and the user's desktop
in step; the palette comes from the OS colour scheme (``QStyleHints.colorScheme()``, Qt 6.5+)
and changes with it while the app runs. Widgets take their colours from the palette, so nothing
else needs to know which scheme is active; style sheets are applied again on a change, because
a sheet keeps the palette it was applied with.
"""

from __future__ import annotations

from PySide6.QtCore import QObject, Qt, Slot
from PySide6.QtGui import QColor, QGuiApplication, QPalette
from PySide6.QtWidgets import QApplication, QWidget

__all__ = ["ThemeFollower", "is_dark", "mix", "palette_for", "side_bar"]

_Role = QPalette.ColorRole
_Group = QPalette.ColorGroup

_LIGHT = {
    _Role.Window: "#f3f4f6",
    _Role.WindowText: "#1d1f23",
    _Role.Base: "#ffffff",
    _Role.AlternateBase: "#f6f7f9",
    _Role.ToolTipBase: "#ffffff",
    _Role.ToolTipText: "#1d1f23",
    _Role.PlaceholderText: "#80858f",
    _Role.Text: "#1d1f23",
    _Role.Button: "#f8f9fa",
    _Role.ButtonText: "#1d1f23",
    _Role.BrightText: "#c62828",
    _Role.Light: "#ffffff",
    _Role.Midlight: "#e7e9ed",
    _Role.Mid: "#c9ccd3",
    _Role.Dark: "#a3a8b1",
    _Role.Shadow: "#5f636b",
    _Role.Highlight: "#2f6fde",
    _Role.HighlightedText: "#ffffff",
    _Role.Link: "#1f5fcf",
    _Role.LinkVisited: "#6a3fc1",
}

_DARK = {
    _Role.Window: "#1e1f22",
    _Role.WindowText: "#e3e5e8",
    _Role.Base: "#27282c",
    _Role.AlternateBase: "#2c2d32",
    _Role.ToolTipBase: "#2c2d32",
    _Role.ToolTipText: "#e3e5e8",
    _Role.PlaceholderText: "#8b8f97",
    _Role.Text: "#e3e5e8",
    _Role.Button: "#2e3035",
    _Role.ButtonText: "#e3e5e8",
    _Role.BrightText: "#ff6b6b",
    _Role.Light: "#3a3c42",
    _Role.Midlight: "#33353a",
    _Role.Mid: "#45474e",
    _Role.Dark: "#17181a",
    _Role.Shadow: "#0d0d0f",
    _Role.Highlight: "#3d74e0",
    _Role.HighlightedText: "#ffffff",
    _Role.Link: "#82aaff",
    _Role.LinkVisited: "#b39ddb",
}

_DISABLED_LIGHT = "#9a9ea6"
_DISABLED_DARK = "#6c7078"


def palette_for(scheme: Qt.ColorScheme) -> QPalette:
    """The palette for the OS colour ``scheme``; light when the OS does not say."""
    dark = scheme == Qt.ColorScheme.Dark
    colours = _DARK if dark else _LIGHT
    palette = QPalette()
    for role, colour in colours.items():
        palette.setColor(role, QColor(colour))
    disabled = QColor(_DISABLED_DARK if dark else _DISABLED_LIGHT)
    for role in (_Role.Text, _Role.WindowText, _Role.ButtonText, _Role.PlaceholderText):
        palette.setColor(_Group.Disabled, role, disabled)
    palette.setColor(_Group.Disabled, _Role.Highlight, QColor(colours[_Role.Mid]))
    return palette


def mix(first: QColor, second: QColor, amount: float) -> QColor:
    """``first`` moved ``amount`` (0 to 1) of the way towards ``second``; for tints and rules."""
    return QColor.fromRgbF(
        first.redF() + (second.redF() - first.redF()) * amount,
        first.greenF() + (second.greenF() - first.greenF()) * amount,
        first.blueF() + (second.blueF() - first.blueF()) * amount,
    )


def side_bar(palette: QPalette) -> QColor:
    """The tint of the side bar (the chat list) on ``palette``'s window colour."""
    window = palette.color(_Role.Window)
    return mix(window, palette.color(_Role.WindowText), 0.035)


def is_dark(palette: QPalette) -> bool:
    """Whether ``palette`` draws light text on a dark window."""
    return palette.color(_Role.Window).lightness() < palette.color(_Role.WindowText).lightness()


class ThemeFollower(QObject):
    """Keeps the app on Fusion with the palette of the OS colour scheme, also when it changes.

    Args:
        app: The application to style; the follower lives as its child.
    """

    def __init__(self, app: QApplication) -> None:
        super().__init__(app)
        self._app = app
        app.setStyle("Fusion")
        hints = QGuiApplication.styleHints()
        hints.colorSchemeChanged.connect(self._on_style_hints_color_scheme_changed)
        self._apply(hints.colorScheme())

    @Slot(Qt.ColorScheme)
    def _on_style_hints_color_scheme_changed(self, scheme: Qt.ColorScheme) -> None:
        self._apply(scheme)

    def _apply(self, scheme: Qt.ColorScheme) -> None:
        self._app.setPalette(palette_for(scheme))
        _polish_style_sheets_again()


def _polish_style_sheets_again() -> None:
    """Make widgets under a style sheet take up a new application palette.

    A style sheet fixes the palette of its widget and of everything inside it when it is
    applied, so a new application palette would not reach them. Setting each sheet again,
    parents before children, applies it to the new palette; widgets that compute colours from
    their parent's palette then get their PaletteChange with the parent already updated.
    """
    pending = list(QApplication.topLevelWidgets())
    while pending:
        widget = pending.pop(0)
        sheet = widget.styleSheet()
        if sheet:
            widget.setStyleSheet("")
            widget.setStyleSheet(sheet)
        pending.extend(
            widget.findChildren(QWidget, options=Qt.FindChildOption.FindDirectChildrenOnly)
        )
