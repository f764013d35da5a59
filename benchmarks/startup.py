"""Desktop app: cold start to first paint, and idle memory, against a bare PySide6 window.

Run from the repository root (Linux; the platform is offscreen unless ``QT_QPA_PLATFORM`` says
otherwise)::

    python -m benchmarks.startup [--runs 10] [--warmup 2] [--idle 3] [--idle-runs 3]

Every sample is a fresh interpreter in a subprocess, launched by this process:

* **bare**: a ``QApplication`` and an empty ``QMainWindow`` of Studio's size (1200 x 800), and
  nothing else;
* **Studio, new profile, installed**: ``python -m studio --basedir <new empty folder>``, which on
  a first start also opens the provider set-up dialog over the window. Studio runs as a user's
  install does: the benchmark installs the repository once with ``pip install --no-deps
  --target <scratch>`` (a regular, non-editable install, which compiles every module to
  bytecode) and runs that copy, with the other packages from this environment;
* **Studio, new profile, source, no bytecode**: the same from the source tree with
  ``PYTHONDONTWRITEBYTECODE=1``, so every one of Studio's modules is compiled on every start
  (the other packages keep the bytecode pip wrote when it installed them). This is how a
  developer with that variable set runs it, not how a user does;
* **Studio, 50 chats, installed**: the installed copy on a profile holding ``--chats`` chats of
  ``--messages`` messages (half questions, half answers), written beforehand through
  :class:`studio.chats.store.ChatStore`; the chat list shows them, none is opened.

Studio starts in two stages: it shows a start-up frame (a window of the main window's size and
look) before it imports its core, then builds the main window in the frame's place. So two
times are taken:

* **window on screen**: the first paint of the first window the user sees: Studio's start-up
  frame (``first-frame <time.time()>``), the bare window (``first-paint``);
* **main window ready**: the first paint of the usable main window (``first-paint``): Studio's
  main window, the bare window again.

Both processes report a paint the same way: an event filter on the window waits for its first
paint event and, once that paint pass is done, prints the line (Studio's
``--report-first-paint``). Each time is that moment minus the moment this process called
``subprocess`` (so it includes starting the interpreter); "whole run" is the wall time of
``subprocess.run`` until the process has exited again (with ``--smoke-test`` for Studio, which
then closes once the main window has painted, and a quit after the paint for the bare window).
The variants take turns, in rotating order, ``--runs`` times each after ``--warmup`` rounds; the
tables give medians. "Cold" means a new process: the files are in the OS cache after the
warm-up.

Idle memory: each variant is started again without quitting, left alone for ``--idle``
seconds after its main window's first paint, and read from ``/proc/<pid>/status`` (VmRSS, VmHWM) and
``/proc/<pid>/smaps_rollup`` (USS = private clean + private dirty; PSS), then terminated.
Linux only; elsewhere the memory part says so and is skipped.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import platform
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

from studio.chats.store import FILE_NAME as CHATS_FILE
from studio.chats.store import ChatStore
from studio.config.paths import StudioPaths

GOAL_RATIO = 1.5
REPOSITORY = Path(__file__).resolve().parents[1]

BARE_WINDOW = """
import sys, time
from PySide6.QtCore import QEvent, QObject, QTimer
from PySide6.QtWidgets import QApplication, QMainWindow

class Reporter(QObject):
    def eventFilter(self, watched, event):
        if event.type() == QEvent.Type.Paint:
            watched.removeEventFilter(self)
            QTimer.singleShot(0, self, self.report)
        return False

    def report(self):
        print(f"first-paint {time.time():.6f}", flush=True)
        if "--stay" not in sys.argv:
            app.quit()

app = QApplication(sys.argv[:1])
window = QMainWindow()
window.setWindowTitle("Bare")
window.resize(1200, 800)
reporter = Reporter(window)
window.installEventFilter(reporter)
window.show()
sys.exit(app.exec())
"""

LOREM = (
    "Tool calling lets a language model ask the application for a small, well-defined action, "
    "such as searching the web or reading a page, and then continue with the result. "
)


@dataclass(frozen=True)
class Variant:
    name: str
    command: Callable[[bool], list[str]]
    """The command line; the argument says whether the process should stay up (memory)."""
    env: dict[str, str] = field(default_factory=dict)
    """Variables set for this variant on top of :func:`environment`; ``""`` removes one."""
    cwd: Path | None = None


@dataclass(frozen=True)
class Memory:
    rss: float
    peak: float
    uss: float | None
    pss: float | None


def environment(variant: Variant) -> dict[str, str]:
    merged = {**os.environ, "QT_QPA_PLATFORM": os.environ.get("QT_QPA_PLATFORM", "offscreen")}
    merged.update(variant.env)
    return {name: value for name, value in merged.items() if value}


def install_copy(target: Path) -> None:
    """Install the repository into ``target`` as a user's ``pip install`` would, with bytecode."""
    subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "install",
            "--quiet",
            "--no-deps",
            "--target",
            str(target),
            str(REPOSITORY),
        ],
        check=True,
    )
    # pip compiles what it installs; say so loudly if that ever stops being true.
    if not any(target.glob("studio/__pycache__/*.pyc")):
        raise RuntimeError(f"pip left no bytecode in {target}")


def uncompiled_sources() -> None:
    """Refuse to measure "no bytecode" when the source tree has cached bytecode after all."""
    cached = next((REPOSITORY / "studio").rglob("__pycache__"), None)
    if cached is not None:
        raise RuntimeError(f"the source tree has cached bytecode ({cached}); remove it first")


def bare(stay: bool) -> list[str]:
    return [sys.executable, "-c", BARE_WINDOW, *(["--stay"] if stay else [])]


@contextlib.contextmanager
def scratch() -> Iterator[Path]:
    folder = Path(tempfile.mkdtemp(prefix="studio-startup-"))
    try:
        yield folder
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def make_profile(basedir: Path, chats: int, messages: int) -> None:
    """Write ``chats`` chats of ``messages`` messages through the chat store's own API."""
    paths = StudioPaths.for_basedir(basedir)
    paths.data_dir.mkdir(parents=True, exist_ok=True)
    with ChatStore(paths.data_dir / CHATS_FILE) as store:
        for number in range(chats):
            chat = store.create_chat(f"Chat {number}: tool calling and web search")
            for turn in range(messages // 2):
                store.add_user_message(chat.id, f"Question {turn}: {LOREM}")
                answer = store.begin_answer(chat.id, "bench", "model")
                store.finish_answer(answer, f"Answer {turn}.\n\n" + LOREM * 6)


def studio_command(basedir: Callable[[], Path]) -> Callable[[bool], list[str]]:
    def command(stay: bool) -> list[str]:
        flags = ["--report-first-paint"] if stay else ["--smoke-test", "--report-first-paint"]
        return [sys.executable, "-m", "studio", "--basedir", str(basedir()), *flags]

    return command


def painted(output: str, label: str, launched: float) -> float | None:
    """Seconds from ``launched`` to the time on the ``label`` line of ``output``, if any."""
    for line in output.splitlines():
        if line.startswith(f"{label} "):
            return float(line.split()[1]) - launched
    return None


def start_once(variant: Variant) -> tuple[float, float, float]:
    """Return (seconds to a window on screen, to the main window, for the whole run)."""
    launched = time.time()
    started = time.perf_counter()
    result = subprocess.run(
        variant.command(False),
        capture_output=True,
        text=True,
        env=environment(variant),
        cwd=variant.cwd,
        timeout=120,
        check=False,
    )
    whole = time.perf_counter() - started
    if result.returncode != 0:
        raise RuntimeError(f"{variant.name} exited with {result.returncode}: {result.stderr}")
    ready = painted(result.stdout, "first-paint", launched)
    if ready is None:
        raise RuntimeError(f"no first-paint line in {result.stdout!r}")
    # The bare window has no start-up frame: its one window is on screen when it is ready.
    on_screen = painted(result.stdout, "first-frame", launched)
    return (ready if on_screen is None else on_screen), ready, whole


def read_memory(pid: int) -> Memory:
    status: dict[str, float] = {}
    for line in Path(f"/proc/{pid}/status").read_text(encoding="ascii").splitlines():
        name, _, value = line.partition(":")
        if name in {"VmRSS", "VmHWM"}:
            status[name] = int(value.split()[0]) / 1024
    rollup: dict[str, float] = {}
    with contextlib.suppress(OSError):
        for line in Path(f"/proc/{pid}/smaps_rollup").read_text(encoding="ascii").splitlines():
            name, _, value = line.partition(":")
            if name in {"Private_Clean", "Private_Dirty", "Pss"}:
                rollup[name] = int(value.split()[0]) / 1024
    uss = rollup["Private_Clean"] + rollup["Private_Dirty"] if "Private_Clean" in rollup else None
    return Memory(rss=status["VmRSS"], peak=status["VmHWM"], uss=uss, pss=rollup.get("Pss"))


def idle_once(variant: Variant, idle: float) -> Memory:
    launched = time.time()
    process = subprocess.Popen(
        variant.command(True),
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
        env=environment(variant),
        cwd=variant.cwd,
    )
    try:
        assert process.stdout is not None
        # Idle starts once the main window has painted (Studio prints the frame's paint first).
        while painted(process.stdout.readline(), "first-paint", launched) is None:
            if process.poll() is not None:
                raise RuntimeError(f"{variant.name} exited before its first paint")
        time.sleep(idle)
        return read_memory(process.pid)
    finally:
        # Idle means nothing is being written; the profile is a scratch copy either way.
        process.send_signal(signal.SIGTERM)
        process.wait(timeout=30)


Samples = dict[str, list[float]]


def print_startup(
    variants: list[Variant], on_screen: Samples, ready: Samples, wholes: Samples
) -> tuple[float, float]:
    """Print the start-up table; return Studio's (new profile) two ratios to the bare window."""

    def median(samples: Samples, variant: Variant) -> float:
        return statistics.median(samples[variant.name])

    def span(samples: Samples, variant: Variant) -> str:
        values = samples[variant.name]
        return f"{min(values) * 1000:.0f}-{max(values) * 1000:.0f}"

    bare = variants[0]
    print(
        "| process | window on screen, median ms | min-max ms | / bare "
        "| main window ready, median ms | min-max ms | / bare | whole run, median ms |"
    )
    print("|---|---:|---:|---:|---:|---:|---:|---:|")
    for variant in variants:
        print(
            f"| {variant.name} | {median(on_screen, variant) * 1000:.0f} "
            f"| {span(on_screen, variant)} "
            f"| {median(on_screen, variant) / median(on_screen, bare):.2f} "
            f"| {median(ready, variant) * 1000:.0f} | {span(ready, variant)} "
            f"| {median(ready, variant) / median(ready, bare):.2f} "
            f"| {median(wholes, variant) * 1000:.0f} "
            f"({median(wholes, variant) / median(wholes, bare):.2f}) |"
        )
    print()
    studio = variants[1]
    return (
        median(on_screen, studio) / median(on_screen, bare),
        median(ready, studio) / median(ready, bare),
    )


def print_memory(variants: list[Variant], memory: dict[str, list[Memory]]) -> None:
    def median(values: list[float | None]) -> str:
        known = [value for value in values if value is not None]
        return f"{statistics.median(known):.1f}" if known else "n/a"

    bare_rss = statistics.median(sample.rss for sample in memory[variants[0].name])
    print("| process, idle | RSS MiB | / bare | USS MiB | PSS MiB | peak RSS MiB |")
    print("|---|---:|---:|---:|---:|---:|")
    for variant in variants:
        samples = memory[variant.name]
        rss = statistics.median(sample.rss for sample in samples)
        print(
            f"| {variant.name} | {rss:.1f} | {rss / bare_rss:.2f} "
            f"| {median([s.uss for s in samples])} | {median([s.pss for s in samples])} "
            f"| {median([s.peak for s in samples])} |"
        )
    print()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=10, help="launches per variant (default 10)")
    parser.add_argument("--warmup", type=int, default=2, help="untimed rounds first (default 2)")
    parser.add_argument("--idle", type=float, default=3.0, help="idle seconds before reading")
    parser.add_argument("--idle-runs", type=int, default=3, help="memory samples per variant")
    parser.add_argument("--chats", type=int, default=50, help="chats in the large profile")
    parser.add_argument("--messages", type=int, default=20, help="messages per chat")
    arguments = parser.parse_args()

    with scratch() as root:
        filled = root / "filled"
        make_profile(filled, arguments.chats, arguments.messages)
        counter = iter(range(1_000_000))

        def fresh() -> Path:
            return root / f"new-{next(counter)}"

        def filled_copy() -> Path:
            copy = root / f"filled-{next(counter)}"
            shutil.copytree(filled, copy)
            return copy

        installed = root / "installed"
        install_copy(installed)
        uncompiled_sources()
        # The installed copy is found through PYTHONPATH, ahead of the editable install; the
        # working folder is not the repository, so ``-m studio`` cannot pick up the sources.
        as_installed = {"PYTHONPATH": str(installed), "PYTHONDONTWRITEBYTECODE": ""}
        found = subprocess.run(
            [sys.executable, "-c", "import studio; print(studio.__file__)"],
            capture_output=True,
            text=True,
            env=environment(Variant("check", bare, as_installed)),
            cwd=root,
            check=True,
        ).stdout.strip()
        if not Path(found).is_relative_to(installed):
            raise RuntimeError(f"the installed copy is not the one imported: {found}")
        from_source = {"PYTHONDONTWRITEBYTECODE": "1"}
        variants = [
            Variant("bare PySide6 window", bare, cwd=root),
            Variant("Studio, new profile, installed", studio_command(fresh), as_installed, root),
            Variant(
                "Studio, new profile, source, no bytecode",
                studio_command(fresh),
                from_source,
                REPOSITORY,
            ),
            Variant(
                f"Studio, {arguments.chats} chats, installed",
                studio_command(filled_copy),
                as_installed,
                root,
            ),
        ]
        on_screen: Samples = {variant.name: [] for variant in variants}
        ready: Samples = {variant.name: [] for variant in variants}
        wholes: Samples = {variant.name: [] for variant in variants}
        for round_number in range(arguments.warmup + arguments.runs):
            shift = round_number % len(variants)
            for variant in variants[shift:] + variants[:shift]:
                frame, window, whole = start_once(variant)
                if round_number >= arguments.warmup:
                    on_screen[variant.name].append(frame)
                    ready[variant.name].append(window)
                    wholes[variant.name].append(whole)

        load = os.getloadavg() if hasattr(os, "getloadavg") else None
        print(
            f"Python {platform.python_version()}, {platform.machine()}, {os.cpu_count()} cores, "
            f"{arguments.runs} runs after {arguments.warmup} warm-up rounds"
            + (f", load average {load[0]:.1f}" if load else "")
        )
        print()
        frame_ratio, window_ratio = print_startup(variants, on_screen, ready, wholes)
        verdict = "met" if frame_ratio <= GOAL_RATIO else "MISSED"
        print(
            f"goal: a Studio window (new profile) on screen within {GOAL_RATIO} times the bare "
            f"window's time: {frame_ratio:.2f}, {verdict}; the main window is ready at "
            f"{window_ratio:.2f} times"
        )
        print()

        if not Path("/proc/self/status").exists():
            print("Idle memory: needs Linux's /proc; skipped.")
            return 0
        memory: dict[str, list[Memory]] = {variant.name: [] for variant in variants}
        for round_number in range(arguments.idle_runs):
            shift = round_number % len(variants)
            for variant in variants[shift:] + variants[:shift]:
                memory[variant.name].append(idle_once(variant, arguments.idle))
        print(
            f"Idle memory, {arguments.idle:g} s after the main window's first paint, median of "
            f"{arguments.idle_runs}:"
        )
        print()
        print_memory(variants, memory)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
