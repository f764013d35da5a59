"""The tests' data lives in the repository, and says where it came from and under which licence."""

from __future__ import annotations

from pathlib import Path

from tests.support.data import DATA_DIR


def _readme_for(path: Path) -> Path | None:
    folder = path.parent
    while folder != DATA_DIR:
        if (folder / "README.md").is_file():
            return folder / "README.md"
        folder = folder.parent
    return None


def test_every_data_file_has_a_readme_in_its_folder_or_above():
    files = [path for path in DATA_DIR.rglob("*") if path.is_file()]
    undescribed = [
        str(path.relative_to(DATA_DIR))
        for path in files
        if path.parent != DATA_DIR and _readme_for(path) is None
    ]

    assert len(files) > 40
    assert undescribed == []


def test_every_data_readme_names_an_origin_and_a_licence():
    readmes = [path for path in DATA_DIR.rglob("README.md") if path.parent != DATA_DIR]

    assert readmes
    for readme in readmes:
        text = readme.read_text(encoding="utf-8")
        assert "Origin:" in text, readme
        assert "Licence:" in text, readme
