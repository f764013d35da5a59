"""The documentation paragraphs in ``tests/data/docs`` are well formed and each file is licensed."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from tests.support.data import DOC_PARAGRAPHS

FIELDS = {"id", "source", "file", "page_type", "text"}
PAGE_TYPES = {"ordinary", "security-education"}
LICENCES = ("public domain", "CC BY-SA 4.0", "MIT")
DATA_FILES = sorted(DOC_PARAGRAPHS.glob("*.jsonl"))


def _records(path: Path) -> list[dict[str, object]]:
    with path.open(encoding="utf-8") as file:
        return [json.loads(line) for line in file]


def test_there_are_paragraph_files():
    assert len(DATA_FILES) >= 5


@pytest.mark.parametrize("path", DATA_FILES, ids=lambda path: path.name)
def test_every_line_has_the_fields(path: Path):
    records = _records(path)

    assert records
    for record in records:
        assert set(record) == FIELDS, record
        assert record["source"] == path.stem
        assert record["page_type"] in PAGE_TYPES
        assert isinstance(record["text"], str)
        assert record["text"].strip()
        assert isinstance(record["file"], str)
        assert record["file"]


def test_ids_are_unique_across_the_folder():
    ids = [record["id"] for path in DATA_FILES for record in _records(path)]

    assert len(ids) == len(set(ids))


@pytest.mark.parametrize("path", DATA_FILES, ids=lambda path: path.name)
def test_every_file_is_named_in_the_readme_with_a_licence(path: Path):
    readme = (DOC_PARAGRAPHS / "README.md").read_text(encoding="utf-8")
    row = re.search(rf"^\| `{re.escape(path.name)}` \|.*$", readme, re.MULTILINE)

    assert row is not None, path.name
    assert any(licence in row.group(0) for licence in LICENCES), row.group(0)


def test_licence_files_the_readme_names_are_present():
    readme = (DOC_PARAGRAPHS / "README.md").read_text(encoding="utf-8")
    named = set(re.findall(r"`(LICENSE-[\w-]+)`", readme))

    assert named
    for name in named:
        assert (DOC_PARAGRAPHS / name).is_file(), name
