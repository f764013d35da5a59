"""Catching what would open in the system browser, so GUI tests can see which links open."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from PySide6.QtCore import QObject, QUrl, Slot
from PySide6.QtGui import QDesktopServices

__all__ = ["Browser", "caught_links"]


class Browser(QObject):
    """Receives what would open in the system browser, in order."""

    def __init__(self) -> None:
        super().__init__()
        self.opened: list[QUrl] = []

    @Slot(QUrl)
    def open(self, url: QUrl) -> None:
        """Keep ``url`` instead of opening it."""
        self.opened.append(url)


@contextmanager
def caught_links(*schemes: str) -> Iterator[Browser]:
    """While inside, links of ``schemes`` reach the returned :class:`Browser`, not the desktop."""
    receiver = Browser()
    for scheme in schemes:
        # PySide6's stub asks for bytes, but only a str names the slot at run time.
        QDesktopServices.setUrlHandler(scheme, receiver, "open")  # type: ignore[arg-type]
    try:
        yield receiver
    finally:
        for scheme in schemes:
            QDesktopServices.unsetUrlHandler(scheme)
