"""Compile the translation catalogues into the ``.qm`` files the app loads.

Usage::

    python translations/build.py          # studio/translations/studio_<lang>.qm from each .ts
    python translations/build.py --check  # exit 1 if a committed .qm differs from a fresh build

The ``.qm`` files are committed inside the package, so every install (editable, wheel, frozen)
finds them through :mod:`importlib.resources` without a build step. Only finished translations
are compiled (``-nounfinished``): a text a translator has not confirmed shows in English.
``pyside6-lrelease`` gives byte-identical output for the same input and PySide6 version, which
is what ``--check`` relies on.
"""

from __future__ import annotations

import argparse
import filecmp
import subprocess
import sys
import tempfile
from pathlib import Path

# This script runs as a file, not as a module of a package.
sys.path.insert(0, str(Path(__file__).resolve().parent))

import update

COMPILED = update.ROOT / "studio" / "translations"
"""Where the app looks for its ``studio_<lang>.qm`` files."""


def lrelease(catalogue: Path, target: Path) -> None:
    """Compile ``catalogue`` (a ``.ts``) into ``target`` (a ``.qm``).

    Raises:
        subprocess.CalledProcessError: lrelease failed.
    """
    command = [
        update.qt_tool("pyside6-lrelease"),
        "-nounfinished",
        "-silent",
        str(catalogue),
        "-qm",
        str(target),
    ]
    subprocess.run(command, cwd=update.ROOT, check=True)


def compiled_name(catalogue: Path) -> str:
    """The ``.qm`` file name of ``catalogue``."""
    return catalogue.with_suffix(".qm").name


def check() -> list[str]:
    """The ``.qm`` files that are missing, stale or left over; compiles into a temporary folder."""
    problems = []
    with tempfile.TemporaryDirectory(prefix="studio-lrelease-") as folder:
        for catalogue in update.catalogues():
            fresh = Path(folder) / compiled_name(catalogue)
            lrelease(catalogue, fresh)
            committed = COMPILED / fresh.name
            if not committed.is_file():
                problems.append(f"{committed.name} is missing")
            elif not filecmp.cmp(fresh, committed, shallow=False):
                problems.append(f"{committed.name} is out of date with {catalogue.name}")
    expected = {compiled_name(catalogue) for catalogue in update.catalogues()}
    problems.extend(
        f"{path.name} has no catalogue"
        for path in sorted(COMPILED.glob("*.qm"))
        if path.name not in expected
    )
    return problems


def main(arguments: list[str] | None = None) -> int:
    """Run the command line; returns the exit status."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--check",
        action="store_true",
        help="change nothing; fail if a .qm file is not what its catalogue compiles to",
    )
    options = parser.parse_args(arguments)
    if not update.catalogues():
        print(f"no studio_*.ts in {update.CATALOGUES}", file=sys.stderr)
        return 1
    if options.check:
        problems = check()
        if problems:
            for problem in problems:
                print(problem, file=sys.stderr)
            print("Run 'python translations/build.py' and commit the .qm files.", file=sys.stderr)
            return 1
        print("The .qm files match their catalogues.")
        return 0
    COMPILED.mkdir(parents=True, exist_ok=True)
    for catalogue in update.catalogues():
        lrelease(catalogue, COMPILED / compiled_name(catalogue))
    print(
        f"Compiled {len(update.catalogues())} catalogues into {COMPILED.relative_to(update.ROOT)}."
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
