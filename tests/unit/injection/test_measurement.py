"""Detection and false-positive rates of the scanner on labelled data.

``tests/data/injection`` holds three pairs of sets. ``injected.jsonl`` and ``clean.jsonl`` were
written with the first rules; ``heldout_*`` after them; ``redteam_*`` by a red team that never
saw the rules. The clean sets are deliberately close to an attack (recipes that say "ignore the
first step", docs with ``System:`` lines, chat logs, security articles); ``multi_clean`` holds
ordinary pages in German, French, Spanish, Italian, Dutch and Portuguese, where a model that
learned a language's common words as a sign of attack would show. The Readability corpus pages
are scanned as the extracted Markdown, as text and as raw HTML.

The bar: at least 90 % detected on ``injected.jsonl``, ``redteam_injected.jsonl`` and the third
blind set, and no false positive at all on the clean sets named in ``CLEAN_SETS`` or any corpus
page. Every injected set's rate is printed
(``pytest -s``) so that a drop shows before it crosses the bar.
"""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from lxml import html  # type: ignore[import-untyped]  # lxml ships no type information

from studio.injection._scanner import FindingCategory, scan
from studio.web.extract import extract_page
from tests.support.data import INJECTION_SETS, READABILITY_PAGES

DATA = INJECTION_SETS
CORPUS = READABILITY_PAGES
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


INJECTED_SETS = {
    # set: the least share that must be detected (None: reported only)
    "injected.jsonl": 0.90,
    "heldout_injected.jsonl": None,
    "redteam_injected.jsonl": 0.90,
    # Written without sight of the scanner and measured once at 98.7 %; kept as a floor since.
    "blind3_injected.jsonl": 0.90,
    "train3_injected.jsonl": None,
    "multi_injected.jsonl": None,
}
CLEAN_SETS = ("clean.jsonl", "heldout_clean.jsonl", "redteam_clean.jsonl", "multi_clean.jsonl")


@pytest.mark.parametrize("name", INJECTED_SETS)
def test_scanner_detection_rate_per_injected_set(name):
    records = load(name)

    missed = [record["id"] for record in records if not scan(record["text"]).findings]

    rate = 1 - len(missed) / len(records)
    print(f"\n{name}: detected {len(records) - len(missed)}/{len(records)} ({rate:.1%})")
    floor = INJECTED_SETS[name]
    if floor is not None:
        assert rate >= floor, f"detected {rate:.1%}; missed {missed}"


@pytest.mark.parametrize("name", ["injected.jsonl", "redteam_injected.jsonl"])
def test_every_category_is_mostly_detected(name):
    records = load(name)
    total = Counter(record["category"] for record in records)
    found = Counter(record["category"] for record in records if scan(record["text"]).findings)

    weak = {
        category: f"{found[category]}/{n}"
        for category, n in total.items()
        if found[category] < 0.8 * n
    }
    assert not weak


def test_redteam_sets_are_large_enough_to_measure():
    assert len(load("redteam_injected.jsonl")) >= 100
    assert len(load("redteam_clean.jsonl")) >= 100


@pytest.mark.parametrize("name", CLEAN_SETS)
def test_scanner_has_no_false_positive_on_the_clean_sets(name):
    records = load(name)
    if name == "clean.jsonl":
        assert len(records) >= 150

    flagged = {
        record["id"]: [finding.snippet for finding in result.findings]
        for record in records
        if (result := scan(record["text"])).findings
    }

    assert flagged == {}


@pytest.mark.parametrize("name", PAGES)
def test_scanner_has_no_false_positive_on_corpus_pages(name):
    source = CORPUS / name / "source.html"

    html_text = source.read_text(encoding="utf-8", errors="replace")
    # The Markdown is what a tool returns and the guard scans; the other two are stricter views.
    markdown = extract_page(html_text, f"https://{name}.example/").markdown
    for text in (markdown, page_text(source), html_text):
        result = scan(text)
        assert result.findings == (), [finding.snippet for finding in result.findings]


def test_corpus_pages_are_in_the_repository():
    assert PAGES == [
        "001",
        "hidden-nodes",
        "ietf-1",
        "mozilla-1",
        "replace-brs",
        "rtl-1",
        "wikipedia",
    ]
