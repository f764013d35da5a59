"""Refresh the translation catalogues from the source code with ``pyside6-lupdate``.

Usage::

    python translations/update.py          # merge new and changed texts into every studio_*.ts
    python translations/update.py --check  # exit 1 if that would change any catalogue

lupdate reads every ``.py`` file under ``studio/``: ``self.tr("...")`` in the UI and
``QT_TRANSLATE_NOOP("Context", "...")`` in the Qt-free core. Texts that vanished from the code
are dropped (``-no-obsolete``) and no source locations are written (``-locations none``), so a
catalogue is the same on every machine and only changes when a text does.
"""

from __future__ import annotations

import argparse
import filecmp
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
"""The repository's root folder."""

CATALOGUES = ROOT / "translations"
"""Where the ``studio_<lang>.ts`` catalogues live."""

SOURCE_LANGUAGE = "en"
"""The language of the texts in the code."""


def qt_tool(name: str) -> str:
    """The path of the PySide6 tool ``name`` (``pyside6-lupdate``), next to this Python first.

    Raises:
        SystemExit: the tool is not installed.
    """
    beside = Path(sys.executable).with_name(name)
    for candidate in (beside, beside.with_suffix(".exe")):
        if candidate.is_file():
            return str(candidate)
    found = shutil.which(name)
    if found is None:
        raise SystemExit(f"{name} not found; install PySide6-Essentials in this environment")
    return found


def source_files() -> list[str]:
    """Every Python file of the package, relative to the root and sorted, for a stable order."""
    return sorted(path.relative_to(ROOT).as_posix() for path in (ROOT / "studio").rglob("*.py"))


def catalogues() -> list[Path]:
    """The catalogues to refresh: every ``studio_<lang>.ts``."""
    return sorted(CATALOGUES.glob("studio_*.ts"))


def lupdate(targets: list[Path]) -> None:
    """Merge the texts of the source files into ``targets`` (catalogue files).

    Raises:
        subprocess.CalledProcessError: lupdate failed.
    """
    command = [
        qt_tool("pyside6-lupdate"),
        *source_files(),
        "-no-obsolete",
        "-locations",
        "none",
        "-source-language",
        SOURCE_LANGUAGE,
        "-silent",
        "-ts",
        *(str(target) for target in targets),
    ]
    subprocess.run(command, cwd=ROOT, check=True)


def check() -> list[str]:
    """The names of the catalogues lupdate would change; runs it on copies only."""
    with tempfile.TemporaryDirectory(prefix="studio-lupdate-") as folder:
        copies = []
        for catalogue in catalogues():
            copy = Path(folder) / catalogue.name
            shutil.copyfile(catalogue, copy)
            copies.append(copy)
        lupdate(copies)
        return [
            copy.name
            for copy in copies
            if not filecmp.cmp(copy, CATALOGUES / copy.name, shallow=False)
        ]


def main(arguments: list[str] | None = None) -> int:
    """Run the command line; returns the exit status."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--check",
        action="store_true",
        help="change nothing; fail if a catalogue is not up to date with the code",
    )
    options = parser.parse_args(arguments)
    if not catalogues():
        print(f"no studio_*.ts in {CATALOGUES}", file=sys.stderr)
        return 1
    if options.check:
        stale = check()
        if stale:
            print(
                f"Out of date with the code: {', '.join(stale)}. Run 'python translations/"
                "update.py', translate the new texts and 'python translations/build.py'.",
                file=sys.stderr,
            )
            return 1
        print("The catalogues are up to date with the code.")
        return 0
    lupdate(catalogues())
    print(f"Updated {', '.join(path.name for path in catalogues())}.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
