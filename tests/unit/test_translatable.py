"""Texts marked for translation can be found by pyside6-lupdate and keep their context."""

from __future__ import annotations

import ast
import pickle
from pathlib import Path

import studio
from studio.kernel.translatable import QT_TRANSLATE_NOOP, TranslatableText

PACKAGE = Path(studio.__file__).parent


def marker_calls() -> list[tuple[str, ast.Call]]:
    calls = []
    for path in sorted(PACKAGE.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        for node in ast.walk(tree):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Name)
                and node.func.id == "QT_TRANSLATE_NOOP"
            ):
                calls.append((f"{path.relative_to(PACKAGE)}:{node.lineno}", node))
    return calls


def is_literal_pair(call: ast.Call) -> bool:
    return len(call.args) == 2 and all(
        isinstance(arg, ast.Constant) and isinstance(arg.value, str) for arg in call.args
    )


def test_every_marker_has_literal_context_and_text() -> None:
    # lupdate reads the source without running it: a variable there hides the text from it.
    calls = marker_calls()

    not_literal = [where for where, call in calls if not is_literal_pair(call)]

    assert calls
    assert not_literal == []


def test_translatable_text_is_its_english_text_and_keeps_its_context() -> None:
    text = QT_TRANSLATE_NOOP("SomeContext", "Web search")

    assert text == "Web search"
    assert isinstance(text, TranslatableText)
    assert text.context == "SomeContext"
    copied = pickle.loads(pickle.dumps(text))
    assert copied.context == "SomeContext"
    assert copied == "Web search"
