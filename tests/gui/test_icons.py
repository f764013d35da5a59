"""The icons Studio ships: the app's own, every icon a built-in tool names, and packaging them."""

from __future__ import annotations

import fnmatch
import importlib
import pkgutil
import tomllib
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtGui import QIcon, QImage
from PySide6.QtWidgets import QApplication, QStyle, QWidget
from pytestqt.qtbot import QtBot

import studio
import studio.tools.builtin
from studio import app as studio_app
from studio.tools.collection import ToolCollection
from studio.tools.implementation import ToolImplementation
from studio.ui import icons

_ROOT = Path(__file__).resolve().parents[2]


def _subclasses(cls: type) -> Iterator[type]:
    sub: type
    for sub in cls.__subclasses__():
        yield sub
        yield from _subclasses(sub)


def _builtin_icon_names() -> set[str]:
    for module in pkgutil.walk_packages(studio.tools.builtin.__path__, "studio.tools.builtin."):
        importlib.import_module(module.name)
    names: set[str] = {
        getattr(tool, "icon")  # noqa: B009 - an attribute of every subclass
        for tool in _subclasses(ToolImplementation)
        if tool.__module__.startswith("studio.tools.builtin.")
    }
    # The defaults of a tool and of a collection that name none.
    names |= {ToolImplementation.icon, str(ToolCollection.__dataclass_fields__["icon"].default)}
    return names


def _drawn(icon: QIcon) -> bool:
    image = icon.pixmap(32, 32).toImage().convertToFormat(QImage.Format.Format_ARGB32)
    return any(image.pixelColor(x, y).alpha() > 0 for x in range(image.width()) for y in range(32))


def test_the_builtin_tools_name_icons() -> None:
    assert {"article", "language", "build"} <= _builtin_icon_names()


@pytest.mark.parametrize("name", sorted(_builtin_icon_names()))
def test_every_icon_a_builtin_tool_names_is_shipped_and_draws(
    qapp: QApplication, name: str
) -> None:
    shipped = icons.icon(name)

    assert shipped is not None, name
    assert not shipped.isNull()
    assert _drawn(shipped)
    # The widgets resolve the name to the shipped icon, not to the style's fallback.
    fallback = qapp.style().standardIcon(QStyle.StandardPixmap.SP_FileDialogDetailedView)
    resolved = icons.tool_icon(name, qapp.style())
    assert resolved.pixmap(32).toImage() == shipped.pixmap(32).toImage()
    assert resolved.pixmap(32).toImage() != fallback.pixmap(32).toImage()


def test_an_icon_studio_does_not_ship_falls_back_to_the_style(qapp: QApplication) -> None:
    assert icons.icon("no_such_icon") is None
    assert icons.icon("../translations/studio_de") is None
    assert not icons.tool_icon("no_such_icon", qapp.style()).isNull()


def test_the_icons_are_found_through_the_package() -> None:
    found = icons.icon_file(icons.APP_ICON)

    assert found is not None
    assert found.parent == Path(icons.__file__).parent
    assert found.is_relative_to(Path(studio.__file__).parent)


@pytest.fixture
def identified(qapp: QApplication) -> Iterator[QApplication]:
    before = qapp.windowIcon()
    studio_app.identify_application(qapp)
    yield qapp
    qapp.setWindowIcon(before)


def test_the_windows_show_the_app_icon(qtbot: QtBot, identified: QApplication) -> None:
    window = QWidget()
    qtbot.addWidget(window)

    assert not identified.windowIcon().isNull()
    assert not window.windowIcon().isNull()
    assert _drawn(window.windowIcon())


def _package_data_globs() -> list[str]:
    with (_ROOT / "pyproject.toml").open("rb") as file:
        config = tomllib.load(file)
    globs: list[str] = config["tool"]["setuptools"]["package-data"]["studio"]
    return globs


def test_the_package_data_covers_every_icon_file() -> None:
    package = Path(studio.__file__).parent
    folder = Path(icons.__file__).parent
    files = [
        path.relative_to(package).as_posix()
        for path in folder.rglob("*")
        if path.is_file() and path.suffix not in (".py", ".pyc") and "__pycache__" not in path.parts
    ]
    globs = _package_data_globs()

    assert files
    for file in files:
        assert any(fnmatch.fnmatch(file, pattern) for pattern in globs), file
