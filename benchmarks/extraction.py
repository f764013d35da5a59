"""Page extraction: our extractor against trafilatura on the Readability test pages.

Run from the repository root, with the ``bench`` extra installed::

    python -m benchmarks.extraction [--repetitions 15] [--no-stall]

For every page the extractors run in the same process, interleaved, ``--repetitions`` times
after one warm-up: ours, trafilatura with its defaults (the comparison that counts) and
trafilatura with ``include_links=True`` (closer to what ours outputs, and slower than its
defaults). The tables give the median time of each, the ratios (ours / trafilatura) and each
tool's token-F1 against the expected article (``tests/support/text_metrics.py``). Machines are
noisy, so compare ratios, not milliseconds.

The second part measures how long the event loop stalls while the Wikipedia page is extracted:
a probe task sleeps 5 ms at a time and records how late it wakes up, while the page is extracted
inline on the loop, in a worker thread (``extract_page_in_worker``) and in a spawned process,
one at a time and four at once (as ``web_search`` retrieves pages).
"""

from __future__ import annotations

import argparse
import asyncio
import concurrent.futures
import multiprocessing
import os
import statistics
import sys
import time
from collections.abc import Awaitable, Callable

import trafilatura

from studio.web import extract
from tests.support import text_metrics
from tests.support.data import READABILITY_PAGES

CORPUS = READABILITY_PAGES
PAGE_URL = "http://fakehost/test/page.html"
PROBE_INTERVAL = 0.005
# As many pages as web_search retrieves at once.
PARALLEL = 4


def ours(html: str) -> str:
    return extract.extract_page(html, PAGE_URL).markdown


def trafilatura_defaults(html: str) -> str:
    """trafilatura as its documentation calls it: Markdown out, every other option its default."""
    return trafilatura.extract(html, url=PAGE_URL, output_format="markdown") or ""


def trafilatura_links(html: str) -> str:
    """trafilatura keeping links, as Studio's Markdown does (slower than its defaults)."""
    markdown = trafilatura.extract(html, url=PAGE_URL, output_format="markdown", include_links=True)
    return markdown or ""


TOOLS: tuple[Callable[[str], str], ...] = (ours, trafilatura_defaults, trafilatura_links)


def measure_pages(repetitions: int) -> None:
    pages = {
        folder.name: (
            (folder / "source.html").read_text(encoding="utf-8"),
            (folder / "expected.html").read_text(encoding="utf-8"),
        )
        for folder in sorted(CORPUS.iterdir())
        if (folder / "source.html").is_file()
    }
    print(f"## Extraction time, median of {repetitions} runs\n")
    print(
        "| page | KiB | ours ms | trafilatura ms | ours / trafilatura "
        "| trafilatura with links ms | ours / with links "
        "| F1 ours | F1 trafilatura | F1 with links |"
    )
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    ratios: tuple[list[float], list[float]] = ([], [])
    totals = [0.0] * len(TOOLS)
    for name, (html, expected) in pages.items():
        f1 = [text_metrics.markdown_f1(tool(html), expected) for tool in TOOLS]
        times: list[list[float]] = [[] for _ in TOOLS]
        for _ in range(repetitions):
            for tool, samples in zip(TOOLS, times, strict=True):
                start = time.perf_counter()
                tool(html)
                samples.append(time.perf_counter() - start)
        medians = [statistics.median(samples) for samples in times]
        for index, median in enumerate(medians):
            totals[index] += median
        ratios[0].append(medians[0] / medians[1])
        ratios[1].append(medians[0] / medians[2])
        print(
            f"| {name} | {len(html.encode()) / 1024:.0f} | {medians[0] * 1000:.1f}"
            f" | {medians[1] * 1000:.1f} | {ratios[0][-1]:.2f}"
            f" | {medians[2] * 1000:.1f} | {ratios[1][-1]:.2f}"
            f" | {f1[0]:.3f} | {f1[1]:.3f} | {f1[2]:.3f} |"
        )
    geometric = [statistics.geometric_mean(values) for values in ratios]
    print(
        f"| **all pages** | | {totals[0] * 1000:.1f} | {totals[1] * 1000:.1f}"
        f" | {totals[0] / totals[1]:.2f} (geometric mean {geometric[0]:.2f})"
        f" | {totals[2] * 1000:.1f}"
        f" | {totals[0] / totals[2]:.2f} (geometric mean {geometric[1]:.2f})"
        " | | | |\n"
    )


async def _probe(stop: asyncio.Event, lateness: list[float]) -> None:
    while not stop.is_set():
        start = time.perf_counter()
        await asyncio.sleep(PROBE_INTERVAL)
        lateness.append(time.perf_counter() - start - PROBE_INTERVAL)


async def _stalls(run: Callable[[], Awaitable[object]], runs: int) -> tuple[float, float, float]:
    stop = asyncio.Event()
    lateness: list[float] = []
    probe = asyncio.create_task(_probe(stop, lateness))
    await asyncio.sleep(0.05)
    lateness.clear()
    durations = []
    for _ in range(runs):
        start = time.perf_counter()
        await run()
        durations.append(time.perf_counter() - start)
        # Let the probe wake between runs, or back-to-back inline runs would count as one stall.
        await asyncio.sleep(4 * PROBE_INTERVAL)
    elapsed = statistics.median(durations)
    stop.set()
    await probe
    ordered = sorted(lateness)
    return ordered[-1], ordered[int(len(ordered) * 0.99)], elapsed


async def measure_stalls(runs: int) -> None:
    html = (CORPUS / "wikipedia" / "source.html").read_text(encoding="utf-8")
    # A process per core but one, which the event loop keeps for itself.
    workers = max(1, (os.cpu_count() or 1) - 1)
    spawn = multiprocessing.get_context("spawn")
    with concurrent.futures.ProcessPoolExecutor(workers, mp_context=spawn) as processes:
        # Start the processes before measuring: spawning one takes longer than an extraction.
        for _ in processes.map(extract.extract_page, ["<p>x</p>"] * workers, [PAGE_URL] * workers):
            pass

        async def idle() -> None:
            await asyncio.sleep(0.15)

        async def inline() -> None:
            extract.extract_page(html, PAGE_URL)

        async def thread() -> None:
            await extract.extract_page_in_worker(html, PAGE_URL)

        async def free_thread() -> None:
            await asyncio.to_thread(extract.extract_page, html, PAGE_URL)

        async def process() -> None:
            await extract.extract_page_in_worker(html, PAGE_URL, processes)

        def together(run: Callable[[], Awaitable[object]]) -> Callable[[], Awaitable[object]]:
            return lambda: asyncio.gather(*(run() for _ in range(PARALLEL)))

        print(f"## Event-loop stalls while extracting `wikipedia` ({runs} runs)\n")
        print(f"Probe: a task sleeping {PROBE_INTERVAL * 1000:.0f} ms; lateness of its wake-ups.")
        print(f"{os.cpu_count()} cores; process pool of {workers} spawned worker(s).\n")
        print("| where | longest stall ms | 99th percentile ms | median run ms |")
        print("|---|---:|---:|---:|")
        for name, run in [
            ("idle (no extraction)", idle),
            ("on the loop", inline),
            ("`extract_page_in_worker`, thread", thread),
            ("`extract_page_in_worker`, process pool", process),
            (f"{PARALLEL} at once, `extract_page_in_worker`, threads in turn", together(thread)),
            (f"{PARALLEL} at once, plain `asyncio.to_thread`, threads free", together(free_thread)),
            (f"{PARALLEL} at once, `extract_page_in_worker`, process pool", together(process)),
        ]:
            worst, p99, elapsed = await _stalls(run, runs)
            print(f"| {name} | {worst * 1000:.1f} | {p99 * 1000:.1f} | {elapsed * 1000:.0f} |")
        print()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repetitions", type=int, default=15)
    parser.add_argument("--stall-runs", type=int, default=10)
    parser.add_argument("--no-stall", action="store_true", help="skip the event-loop measurement")
    arguments = parser.parse_args()
    print(f"Python {sys.version.split()[0]}, trafilatura {trafilatura.__version__}\n")
    measure_pages(arguments.repetitions)
    if not arguments.no_stall:
        asyncio.run(measure_stalls(arguments.stall_runs))
    return 0


if __name__ == "__main__":
    sys.exit(main())
