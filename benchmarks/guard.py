"""Prompt-injection scanner: detection rate, false-positive rate and throughput.

Run from the repository root::

    python -m benchmarks.guard [--runs 5] [--sets first heldout redteam dev corpus]

Detection and false positives are counted per text (a text counts as flagged when the scanner
reports at least one finding) on every labelled set in ``tests/data/injection`` (the injected
and clean sets of each pair: the first sets, ``heldout_*``, ``redteam_*``, the development pair
``dev_*`` and the two blind pairs) and on the Readability corpus pages
(``../shared/corpus/pages/readability``, as the Markdown the page extractor makes, as text and
as raw HTML), one row per set.
Throughput is the median over ``--runs`` scans of 1 MB of text: clean text (the clean sets
and the corpus text, repeated) and text full of findings (the injected sets, repeated); the
development pair is left out of both, so the figures stay comparable with earlier rounds.
``--sets`` limits the rows (and the throughput text) to the named families: ``first``
(``injected``/``clean``), ``heldout``, ``redteam``, ``dev``, ``blind``, ``blind2`` and ``corpus``;
all by default. Development runs pass ``--sets first heldout redteam dev corpus``: the blind
pairs are measured once, by someone else.
"""

from __future__ import annotations

import argparse
import json
import platform
import statistics
import time
from pathlib import Path
from typing import Any

from lxml import html  # type: ignore[import-untyped]  # lxml ships no type information

from studio.web.extract import extract_page
from studio.web.sanitize import scan

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT / "tests" / "data" / "injection"
CORPUS = ROOT.parent / "shared" / "corpus" / "pages" / "readability"
MEGABYTE = 1_000_000
INJECTED = [
    "injected.jsonl",
    "heldout_injected.jsonl",
    "redteam_injected.jsonl",
    "dev_injected.jsonl",
    "blind_injected.jsonl",
    "blind2_injected.jsonl",
]
CLEAN = [
    "clean.jsonl",
    "heldout_clean.jsonl",
    "redteam_clean.jsonl",
    "dev_clean.jsonl",
    "blind_clean.jsonl",
    "blind2_clean.jsonl",
]
FAMILIES = ("first", "heldout", "redteam", "dev", "blind", "blind2", "corpus")
TIMED_APART = frozenset({"dev"})
"""Families that get rows but stay out of the 1 MB texts, so throughput stays comparable."""
CORPUS_ROW = "corpus pages (extracted Markdown, text and raw HTML)"


def family(name: str) -> str:
    """The family a set file belongs to: its prefix, or ``first`` for the unprefixed pair."""
    prefix = name.split("_", 1)[0]
    return prefix if "_" in name else "first"


def load(name: str) -> list[dict[str, Any]]:
    with (DATA / name).open(encoding="utf-8") as file:
        return [json.loads(line) for line in file if line.strip()]


def corpus_texts() -> list[str]:
    texts = []
    for source in sorted(CORPUS.glob("*/source.html")):
        document = html.fromstring(source.read_bytes())
        for element in document.xpath("//script|//style|//noscript"):
            element.drop_tree()
        raw = source.read_text(encoding="utf-8", errors="replace")
        # What read_web_page returns and the guard scans in the app, then two stricter views.
        texts.append(extract_page(raw, f"https://{source.parent.name}.example/").markdown)
        texts.append(str(document.text_content()))
        texts.append(raw)
    return texts


def flagged(texts: list[str]) -> int:
    return sum(1 for text in texts if scan(text).findings)


def megabyte_of(texts: list[str]) -> str:
    joined = "\n\n".join(texts)
    return (joined * (MEGABYTE // max(1, len(joined)) + 1))[:MEGABYTE]


def throughput(text: str, runs: int) -> tuple[float, int]:
    seconds = []
    result = scan(text)
    for _ in range(runs):
        started = time.perf_counter()
        result = scan(text)
        seconds.append(time.perf_counter() - started)
    return len(text.encode("utf-8")) / MEGABYTE / statistics.median(seconds), result.redacted_count


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5, help="timed scans per throughput row")
    parser.add_argument(
        "--sets", nargs="+", choices=FAMILIES, default=list(FAMILIES), help="set families to run"
    )
    arguments = parser.parse_args()
    runs = arguments.runs
    chosen = set(arguments.sets)
    injected = [name for name in INJECTED if family(name) in chosen]
    clean_names = [name for name in CLEAN if family(name) in chosen]

    sets = {name: [r["text"] for r in load(name)] for name in injected + clean_names}
    sets[CORPUS_ROW] = corpus_texts() if "corpus" in chosen else []
    print(f"Python {platform.python_version()} on {platform.machine()}, {runs} timed runs\n")
    print("| set | texts | flagged | rate |")
    print("|---|---:|---:|---:|")
    for name, texts in sets.items():
        if not texts:
            continue
        count = flagged(texts)
        kind = "detection" if "injected" in name else "false positives"
        print(f"| {name} | {len(texts)} | {count} | {count / max(1, len(texts)):.1%} {kind} |")

    timed_clean = [name for name in clean_names if family(name) not in TIMED_APART]
    timed_injected = [name for name in injected if family(name) not in TIMED_APART]
    clean = megabyte_of([text for name in timed_clean for text in sets[name]] + sets[CORPUS_ROW])
    dirty = megabyte_of([text for name in timed_injected for text in sets[name]])
    print("\n| 1 MB of | MB/s (median) | redactions |")
    print("|---|---:|---:|")
    for name, text in (("clean text", clean), ("injected text", dirty)):
        rate, redacted = throughput(text, runs)
        print(f"| {name} | {rate:.2f} | {redacted} |")


if __name__ == "__main__":
    main()
