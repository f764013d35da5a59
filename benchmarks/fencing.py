"""What each way of marking outside content changes and costs, on real pages.

Run from the repository root::

    python -m benchmarks.fencing

Spotlighting (Hines et al., 2024) has three variants: *delimiting* (a boundary around the
content, which Studio uses, :func:`studio.tools.fencing.fence`), *datamarking* (a marker
character in place of every run of whitespace) and *encoding* (the content in base64). The
paper reports that datamarking and encoding cut attack success the most on GPT-family models;
what they cost a desktop chat is what the model must quote back exactly. For every Readability
test page (``tests/data/pages/readability``, extracted to Markdown as ``read_web_page`` does)
this prints, per variant:

- the characters added (token counts need the provider's own tokenizer, which is not on these
  machines; base64 is known to cost far more tokens per character than prose);
- the share of the page's link addresses and code lines that still appear verbatim, which is
  what a model needs to cite a link or copy a command without decoding anything.

Task quality with a real model is not measured here: these machines reach no model provider.
"""

from __future__ import annotations

import base64
import re
from collections.abc import Callable
from pathlib import Path

from studio.kernel.content import ContentSource
from studio.tools.fencing import fence
from studio.web.extract import extract_page
from tests.support.data import READABILITY_PAGES

PAGE_URL = "https://example.org/page.html"
_LINK = re.compile(r"\]\((\S+?)\)")
_DATAMARK = "\u02c6"
"""The marker of the paper's datamarking example (a modifier letter circumflex)."""


def delimiting(text: str) -> str:
    """Studio's fence."""
    return fence(text, [ContentSource.web_page(PAGE_URL)])


def datamarking(text: str) -> str:
    """Every run of whitespace replaced by the marker."""
    return re.sub(r"\s+", _DATAMARK, text)


def encoding(text: str) -> str:
    """The content in base64."""
    return base64.b64encode(text.encode("utf-8")).decode("ascii")


VARIANTS: dict[str, Callable[[str], str]] = {
    "delimiting (Studio)": delimiting,
    "datamarking": datamarking,
    "encoding (base64)": encoding,
}


def code_lines(markdown: str) -> list[str]:
    """The non-blank lines inside fenced code blocks, and indented code lines."""
    lines, inside = [], False
    for line in markdown.splitlines():
        if line.lstrip().startswith("```"):
            inside = not inside
            continue
        if (inside or line.startswith("    ")) and line.strip():
            lines.append(line.strip())
    return lines


def survival(items: list[str], marked: str) -> float | None:
    """The share of ``items`` found verbatim in ``marked``; None when there are none."""
    if not items:
        return None
    return sum(item in marked for item in items) / len(items)


def pages() -> list[tuple[str, str]]:
    """Each test page's name and its content as Markdown."""
    found = []
    for folder in sorted(Path(READABILITY_PAGES).iterdir()):
        source = folder / "source.html"
        if source.is_file():
            markdown = extract_page(source.read_text(encoding="utf-8"), PAGE_URL).markdown
            found.append((folder.name, markdown))
    return found


def _percent(value: float | None) -> str:
    return "-" if value is None else f"{value:.0%}"


def main() -> None:
    """Print one table per variant, and the totals."""
    corpus = pages()
    print("| variant | page | chars | +chars | links verbatim | code verbatim |")
    print("|---|---|---:|---:|---:|---:|")
    for name, variant in VARIANTS.items():
        added_characters = total_characters = 0
        for page, markdown in corpus:
            marked = variant(markdown)
            links, code = _LINK.findall(markdown), code_lines(markdown)
            plus_characters = len(marked) - len(markdown)
            added_characters += plus_characters
            total_characters += len(markdown)
            print(
                f"| {name} | {page} | {len(markdown)} "
                f"| {plus_characters / max(len(markdown), 1):+.1%} "
                f"| {_percent(survival(links, marked))} | {_percent(survival(code, marked))} |"
            )
        print(
            f"| **{name}** | **all {len(corpus)}** | {total_characters} "
            f"| {added_characters / total_characters:+.1%} | | |"
        )


if __name__ == "__main__":
    main()
