"""Detection and false-positive rates of the scanner on labelled data.

``tests/data/injection/injected.jsonl`` holds injected page texts, ``clean.jsonl`` ordinary
ones, many of them deliberately close to an attack (recipes that say "ignore the first step",
docs with ``System:`` lines, security articles). The Readability corpus pages are scanned both
as extracted text and as raw HTML. The bar: at least 90 % detected, no false positive at all.
"""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from lxml import html  # type: ignore[import-untyped]  # lxml ships no type information

from studio.web.sanitize import FindingCategory, scan

DATA = Path(__file__).resolve().parents[2] / "data" / "injection"
CORPUS = Path(__file__).resolve().parents[3].parent / "shared" / "corpus" / "pages" / "readability"
PAGES = sorted(path.parent.name for path in CORPUS.glob("*/source.html"))


def load(name: str) -> list[dict[str, Any]]:
    with (DATA / name).open(encoding="utf-8") as file:
        return [json.loads(line) for line in file if line.strip()]


def page_text(source: Path) -> str:
    """The page's visible text, without scripts and styles (the extractor is tested apart)."""
    document = html.fromstring(source.read_bytes())
    for element in document.xpath("//script|//style|//noscript"):
        element.drop_tree()
    return str(document.text_content())


def test_injected_set_covers_every_category_and_language():
    records = load("injected.jsonl")

    assert len(records) >= 150
    assert {record["category"] for record in records} == {c.value for c in FindingCategory}
    assert {"en", "de", "fr", "es"} <= {record["language"] for record in records}


def test_scanner_detects_at_least_90_percent_of_injections():
    records = load("injected.jsonl")

    missed = [record["id"] for record in records if not scan(record["text"]).findings]

    rate = 1 - len(missed) / len(records)
    assert rate >= 0.90, f"detected {rate:.1%}; missed {missed}"


def test_every_category_is_mostly_detected():
    records = load("injected.jsonl")
    total = Counter(record["category"] for record in records)
    found = Counter(record["category"] for record in records if scan(record["text"]).findings)

    weak = {
        category: f"{found[category]}/{n}"
        for category, n in total.items()
        if found[category] < 0.8 * n
    }
    assert not weak


def test_scanner_has_no_false_positive_on_the_clean_set():
    records = load("clean.jsonl")
    assert len(records) >= 150

    flagged = {
        record["id"]: [finding.snippet for finding in result.findings]
        for record in records
        if (result := scan(record["text"])).findings
    }

    assert flagged == {}


@pytest.mark.skipif(not PAGES, reason="the shared corpus is not next to the repository")
@pytest.mark.parametrize("name", PAGES)
def test_scanner_has_no_false_positive_on_corpus_pages(name):
    source = CORPUS / name / "source.html"

    for text in (page_text(source), source.read_text(encoding="utf-8", errors="replace")):
        result = scan(text)
        assert result.findings == (), [finding.snippet for finding in result.findings]
