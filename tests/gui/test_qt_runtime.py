"""The Qt binding Studio runs on keeps the interpreter alive through a long answer.

PySide6-Essentials 6.12.0 drops a reference to ``True`` on every signal emitted from Python. On
Python 3.11, where ``True`` is an ordinary object, the interpreter aborts once the count reaches
zero: after a few thousand emits, which one long streamed answer makes. The dependency excludes
that release; this test fails on any binding that does the same.
"""

from __future__ import annotations

import sys

from PySide6.QtCore import QObject, Signal
from PySide6.QtWidgets import QApplication


class _Emitter(QObject):
    happened = Signal()
    carried = Signal(str)


def test_emitting_signals_leaves_the_count_of_true_alone(qapp: QApplication) -> None:
    emitter = _Emitter()
    received: list[str] = []
    emitter.carried.connect(received.append)
    before = sys.getrefcount(True)

    for _ in range(200):
        emitter.happened.emit()
        emitter.carried.emit("delta")

    # Other objects may come to hold True meanwhile; none may have been taken away.
    assert sys.getrefcount(True) >= before
    assert len(received) == 200
