"""Prompt-injection scanner: detection rate, false-positive rate and throughput.

Run from the repository root::

    python -m benchmarks.guard [--runs 5] [--sets first heldout redteam dev corpus]

Detection and false positives are counted per text (a text counts as flagged when the scanner
reports at least one finding) on every labelled set in ``tests/data/injection`` and on the
Readability corpus pages (``tests/data/pages/readability``, as the Markdown the page
extractor makes, as text and as raw HTML), one row per set, and on the long descriptions of the
installed Python packages (``installed``: real READMEs nobody wrote for this, never trained on).
Throughput is the median over ``--runs`` scans of 1 MB of text: clean text (the clean sets
and the corpus text, repeated) and text full of findings (the injected sets, repeated); the
sets in :data:`TIMED_APART` are left out of both, so the figures stay comparable with earlier
rounds. ``--sets`` limits the rows (and the throughput text) to the named families: ``first``
(``injected``/``clean``), ``heldout``, ``redteam``, ``dev``, ``blind``, ``blind2``, ``train3``,
``multi`` (pages in six languages besides English), ``ai`` (clean pages about AI), ``blind3``,
``corpus`` and ``installed``; all by default. ``blind3`` is the pair nobody tuned on:
development runs leave it out, and it is measured once.
"""

from __future__ import annotations

import argparse
import json
import platform
import statistics
import time
from importlib import metadata
from pathlib import Path
from typing import Any

from lxml import html  # type: ignore[import-untyped]  # lxml ships no type information

from studio.injection._scanner import scan
from studio.web.extract import extract_page
from tests.support.data import INJECTION_SETS, READABILITY_PAGES

ROOT = Path(__file__).resolve().parents[1]
DATA = INJECTION_SETS
CORPUS = READABILITY_PAGES
MEGABYTE = 1_000_000
INJECTED = [
    "injected.jsonl",
    "heldout_injected.jsonl",
    "redteam_injected.jsonl",
    "dev_injected.jsonl",
    "blind_injected.jsonl",
    "blind2_injected.jsonl",
    "train3_injected.jsonl",
    "multi_injected.jsonl",
    "blind3_injected.jsonl",
]
CLEAN = [
    "clean.jsonl",
    "heldout_clean.jsonl",
    "redteam_clean.jsonl",
    "dev_clean.jsonl",
    "blind_clean.jsonl",
    "blind2_clean.jsonl",
    "train3_clean.jsonl",
    "multi_clean.jsonl",
    "ai_clean.jsonl",
    "blind3_clean.jsonl",
]
FAMILIES = (
    "first",
    "heldout",
    "redteam",
    "dev",
    "blind",
    "blind2",
    "train3",
    "multi",
    "ai",
    "blind3",
    "corpus",
    "installed",
)
TIMED_APART = frozenset({"dev", "train3", "multi", "ai", "blind3"})
"""Families that get rows but stay out of the 1 MB texts, so throughput stays comparable."""
CORPUS_ROW = "corpus pages (extracted Markdown, text and raw HTML)"
INSTALLED_ROW = "descriptions of the installed Python packages"


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


def installed_descriptions() -> list[str]:
    """The long descriptions (mostly READMEs) of the Python packages installed beside Studio.

    Real third-party prose that no set was written for, and none of the scanner's models was
    trained on: a false-positive check on ordinary technical writing. Which packages they are
    depends on the environment; the benchmark prints how many it read.
    """
    texts = {}
    for distribution in metadata.distributions():
        name = distribution.metadata["Name"] or ""
        description = distribution.metadata.get_payload()  # type: ignore[attr-defined]
        if name and name != "studio" and isinstance(description, str) and len(description) > 200:
            texts[name.lower()] = description
    return [texts[name] for name in sorted(texts)]


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

    present = [name for name in injected + clean_names if (DATA / name).exists()]
    injected = [name for name in injected if name in present]
    clean_names = [name for name in clean_names if name in present]
    sets = {name: [r["text"] for r in load(name)] for name in present}
    sets[CORPUS_ROW] = corpus_texts() if "corpus" in chosen else []
    sets[INSTALLED_ROW] = installed_descriptions() if "installed" in chosen else []
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
        if not text:
            continue
        rate, redacted = throughput(text, runs)
        print(f"| {name} | {rate:.2f} | {redacted} |")


if __name__ == "__main__":
    main()
