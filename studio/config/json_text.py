"""Parsing JSON that Studio keeps on disk, within bounds.

Python's parser recurses once per level of nesting, so a file of a few kilobytes nested some
thousands of levels deep raises ``RecursionError`` (or, on a thread with a small stack, worse)
instead of a parse error. Studio's own files nest a handful of levels, so the depth is
measured before parsing, without recursion, and anything deeper than :data:`MAX_DEPTH` is
refused like any other text that is not the expected JSON: with a :class:`ValueError`.
"""

from __future__ import annotations

import json
import re
from itertools import accumulate
from typing import Any

from studio.kernel.translatable import QT_TRANSLATE_NOOP, TranslatableMessage

__all__ = ["MAX_DEPTH", "loads", "nesting_depth"]

MAX_DEPTH = 64
"""How deeply arrays and objects may nest; Studio's own documents use fewer than ten levels."""

# A JSON string, written as the unrolled loop so a long string costs no backtracking.
_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"', re.DOTALL)
_NOT_A_BRACKET = re.compile(r"[^\[\]{}]+")
_STEP = {"[": 1, "{": 1, "]": -1, "}": -1}

_TOO_DEEP = QT_TRANSLATE_NOOP(
    "JsonText", "the file nests more than {limit} levels deep, which no Studio file does"
)


def nesting_depth(text: str) -> int:
    """How deeply the arrays and objects in the JSON ``text`` nest; 0 for a plain value.

    Brackets inside strings do not count. Text that is not JSON still gets a number (its
    brackets counted as they stand), and the parser then says what is wrong with it.
    """
    brackets = _NOT_A_BRACKET.sub("", _STRING.sub("", text))
    return max(0, max(accumulate(map(_STEP.__getitem__, brackets)), default=0))


def loads(text: str, *, max_depth: int = MAX_DEPTH) -> Any:
    """The value the JSON ``text`` holds, if it nests at most ``max_depth`` levels.

    Raises:
        ValueError: ``text`` is not JSON, or nests too deep; for the latter the one argument is
            a :class:`~studio.kernel.translatable.TranslatableMessage` saying so in words.
    """
    if nesting_depth(text) > max_depth:
        raise ValueError(TranslatableMessage(_TOO_DEEP, limit=max_depth))
    try:
        return json.loads(text)
    except RecursionError as error:
        # Not expected below the bound, but a parser's limit must never escape as a crash.
        raise ValueError(TranslatableMessage(_TOO_DEEP, limit=max_depth)) from error
