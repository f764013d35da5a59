r"""Everything the command line prints goes through here, outside control characters made visible.

Much of what a command prints was not written by Studio: a provider's error text, the tool names
a model chose, a page's title and content, what a tool reported. A terminal obeys the control
characters in such text: ``ESC ] 0 ; … BEL`` retitles the window, ``ESC [ 2 J`` clears it, a
carriage return or a right-to-left override makes a line read as something else. So every
character that steers a terminal instead of showing is written as its escape, ``\x1b`` or
``\u202e``: the C0 and C1 controls (ESC and BEL among them), DEL, the bidirectional overrides,
embeddings, isolates and marks, the line and paragraph separators, and lone surrogates (which
no stream could encode). Newlines and tabs stay, for the layout of what Studio prints, unless
the text must stay on one line (``one_line``), as a table cell or a tool's name does.

A character the stream's encoding cannot carry (a terminal set to Latin-1) is written as its
escape too, rather than failing the command.

:func:`out` writes to standard output, :func:`err` to standard error, :func:`out_json` a JSON
document; :class:`TerminalFormatter` does the same for log lines. This module uses the
standard library only, since :mod:`studio.cli.arguments` sets up logging with it before
anything heavy is imported.
"""

from __future__ import annotations

import json
import logging
import re
import sys
from typing import Any, TextIO

__all__ = ["TerminalFormatter", "err", "out", "out_json", "visible"]

_UNSAFE = re.compile(
    "\r\n|[\x00-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069\ud800-\udfff]"
)
"""Every character that steers a terminal or cannot be encoded, newline and tab included, and
a Windows line end (which stays a line end)."""

_UNSAFE_IN_JSON = re.compile(
    "[\x7f-\x9f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069\ud800-\udfff]"
)
"""What :data:`_UNSAFE` holds beyond the C0 controls, which JSON escapes itself."""

_LAYOUT = {"\n": "\n", "\t": "\t", "\r\n": "\n"}
"""What Studio's own layout uses and :func:`visible` keeps (a Windows line end as a newline)
unless told otherwise."""


def _escape(character: str) -> str:
    if len(character) > 1:
        return "".join(map(_escape, character))
    code = ord(character)
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def visible(text: str, *, one_line: bool = False) -> str:
    r"""``text`` with every control character written as its escape (``\x1b``, ``\u202e``).

    Args:
        text: Anything to print.
        one_line: Escape newlines and tabs as well, for a value that must not break the line
            it is shown in.
    """
    if one_line:
        return _UNSAFE.sub(lambda match: _escape(match[0]), text)
    return _UNSAFE.sub(lambda match: _LAYOUT.get(match[0]) or _escape(match[0]), text)


def _write(stream: TextIO, text: str) -> None:
    try:
        stream.write(text)
    except UnicodeEncodeError:
        encoding = stream.encoding or "utf-8"
        stream.write(text.encode(encoding, "backslashreplace").decode(encoding))


def out(text: str = "", *, end: str = "\n", flush: bool = False) -> None:
    """Write ``text`` and ``end`` to standard output, control characters made visible.

    ``end`` is Studio's own and written as it is.
    """
    _write(sys.stdout, visible(text) + end)
    if flush:
        sys.stdout.flush()


def err(text: str, *, end: str = "\n") -> None:
    """Write ``text`` and ``end`` to standard error, control characters made visible."""
    _write(sys.stderr, visible(text) + end)
    sys.stderr.flush()


def out_json(document: Any) -> None:
    r"""Write ``document`` to standard output as indented JSON, readable by any JSON parser.

    JSON escapes only the C0 controls itself; the other characters :func:`visible` escapes
    are written as JSON's ``\u`` escapes, which parse back to the same text.
    """
    text = json.dumps(document, indent=2, ensure_ascii=False)
    _write(sys.stdout, _UNSAFE_IN_JSON.sub(lambda match: f"\\u{ord(match[0]):04x}", text) + "\n")


class TerminalFormatter(logging.Formatter):
    """Log lines with their control characters made visible, and tracebacks only on request.

    Args:
        tracebacks: Show the traceback of a logged exception (``--verbose``); without it a
            log line stays the one line of its message.
    """

    def __init__(self, fmt: str, *, tracebacks: bool) -> None:
        super().__init__(fmt)
        self._tracebacks = tracebacks

    def format(self, record: logging.LogRecord) -> str:
        """The record as one escaped line, or with its escaped traceback."""
        return visible(super().format(record))

    def formatException(self, ei: Any) -> str:
        """The traceback, or nothing without ``tracebacks``."""
        return super().formatException(ei) if self._tracebacks else ""

    def formatStack(self, stack_info: str) -> str:
        """The stack, or nothing without ``tracebacks``."""
        return super().formatStack(stack_info) if self._tracebacks else ""
