"""Notices kept beside a file set aside until the app has shown them."""

from __future__ import annotations

from pathlib import Path

import pytest

from studio.config import unseen
from studio.kernel.translatable import QT_TRANSLATE_NOOP, TranslatableMessage

KEPT = QT_TRANSLATE_NOOP("SettingsStore", "Kept as {kept!r} ({reason}).")
REASON = QT_TRANSLATE_NOOP("SettingsStore", "nested {limit} levels")


def test_a_recorded_notice_reads_back_translatable_with_its_values(tmp_path: Path) -> None:
    kept = tmp_path / "settings.json.unreadable-20260101T000000Z"
    notice = TranslatableMessage(KEPT, kept=str(kept), reason=TranslatableMessage(REASON, limit=64))

    unseen.record(kept, notice)
    [item] = unseen.pending(tmp_path, "settings.json")

    assert item.notice == notice
    assert item.notice.text(lambda text: f"<{text}>") == notice.text(lambda text: f"<{text}>")
    assert item.marker.name.startswith(".settings.json.unreadable-")
    unseen.mark_seen([item])
    assert unseen.pending(tmp_path, "settings.json") == []


@pytest.mark.parametrize(
    "content",
    [
        "not json",
        "[" * 10_000 + "]" * 10_000,
        '{"context": "SettingsStore", "text": "Kept as {kept!r}.", "values": {}}',
        '{"context": 1, "text": "x", "values": {}}',
        '{"context": "c", "text": "{a}", "values": {"a": [1]}}',
    ],
    ids=["not-json", "too-deep", "missing-value", "wrong-context", "wrong-value"],
)
def test_a_marker_that_cannot_be_read_is_left_out(tmp_path: Path, content: str) -> None:
    (tmp_path / ".chats.sqlite3.unreadable-20260101T000000Z.unseen").write_text(
        content, encoding="utf-8"
    )

    assert unseen.pending(tmp_path, "chats.sqlite3") == []


def test_markers_of_other_files_are_not_pending(tmp_path: Path) -> None:
    unseen.record(tmp_path / "providers.json.unreadable-1", TranslatableMessage(REASON, limit=1))

    assert unseen.pending(tmp_path, "settings.json") == []
    assert len(unseen.pending(tmp_path, "providers.json")) == 1
