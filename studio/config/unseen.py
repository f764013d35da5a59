"""Notices about files set aside, kept until the user has seen them in the app.

Any command may find a profile file unusable and set it aside: ``studio tools list`` next to a
broken chat history, say. The command prints what it did, but the user may never read a
terminal, so the app must tell them too, at its next start and at every start after that until
its window has shown the notice. So whoever sets a file aside also leaves a small marker beside
the kept copy (:func:`record`): a hidden file ``.<kept name>.unseen`` holding the notice. The
app shows every marker's notice (:func:`pending`) and then removes the markers
(:func:`mark_seen`); the command line leaves them.
"""

from __future__ import annotations

import json
import logging
from dataclasses import dataclass
from pathlib import Path

from studio.config import json_text
from studio.kernel.translatable import TranslatableMessage, TranslatableText

__all__ = ["Unseen", "mark_seen", "pending", "record"]

logger = logging.getLogger(__name__)

_SUFFIX = ".unseen"
_MAX_MARKER_CHARS = 64 * 1024
"""A marker holds one notice; anything larger was not written by Studio."""


@dataclass(frozen=True, kw_only=True)
class Unseen:
    """A notice the app has not shown yet, and the marker that keeps it."""

    notice: TranslatableMessage
    marker: Path


def record(kept: Path, notice: TranslatableMessage) -> None:
    """Leave ``notice`` beside ``kept`` (a file just set aside) until the app has shown it.

    A marker that cannot be written is only logged: the notice is still shown this time.
    """
    marker = kept.with_name(f".{kept.name}{_SUFFIX}")
    try:
        marker.write_text(json.dumps(_encoded(notice), ensure_ascii=False), encoding="utf-8")
    except OSError as error:
        logger.warning("Could not note that %s is still to be announced: %s", kept, error)


def pending(folder: Path, name: str) -> list[Unseen]:
    """The notices not yet shown about copies of the file ``name`` in ``folder``, oldest first.

    A marker that cannot be read is left out (and logged); it never stops a start.
    """
    found = []
    try:
        markers = sorted(folder.glob(f".{name}.*{_SUFFIX}"))
    except OSError:
        return []
    for marker in markers:
        try:
            text = marker.read_text(encoding="utf-8")[:_MAX_MARKER_CHARS]
            notice = _decoded(json_text.loads(text))
        except (OSError, ValueError) as error:
            logger.warning("The notice %s could not be read: %s", marker, error)
            continue
        found.append(Unseen(notice=notice, marker=marker))
    return found


def mark_seen(unseen: list[Unseen]) -> None:
    """Remove the markers of notices the app has shown."""
    for item in unseen:
        try:
            item.marker.unlink(missing_ok=True)
        except OSError as error:
            logger.warning("Could not remove the notice %s: %s", item.marker, error)


def _encoded(message: TranslatableMessage) -> dict[str, object]:
    values = {
        name: _encoded(value) if isinstance(value, TranslatableMessage) else value
        for name, value in message.values.items()
        if isinstance(value, TranslatableMessage | str | int)
    }
    return {"context": message.template.context, "text": str(message.template), "values": values}


def _decoded(data: object) -> TranslatableMessage:
    """The message :func:`_encoded` wrote.

    Raises:
        ValueError: ``data`` is not such a message.
    """
    if not isinstance(data, dict):
        raise ValueError("not a message")
    context, text, values = data.get("context"), data.get("text"), data.get("values")
    if not isinstance(context, str) or not isinstance(text, str) or not isinstance(values, dict):
        raise ValueError("not a message")
    decoded: dict[str, object] = {}
    for name, value in values.items():
        if isinstance(value, dict):
            decoded[name] = _decoded(value)
        elif isinstance(value, str | int):
            decoded[name] = value
        else:
            raise ValueError("not a message")
    try:
        # Checked here: a message without values is never filled in, placeholders and all.
        text.format(**decoded)
        return TranslatableMessage(TranslatableText(context, text), **decoded)
    except (KeyError, IndexError, ValueError, AttributeError) as error:
        raise ValueError("not a message") from error
