"""Where the tests' and benchmarks' data files live: ``tests/data``, inside the repository.

Each folder there has a README that names its origin and licence.
"""

from __future__ import annotations

from pathlib import Path

__all__ = [
    "DATA_DIR",
    "DOC_PARAGRAPHS",
    "INJECTION_SETS",
    "OPENAI_EXAMPLES",
    "READABILITY_PAGES",
    "SEARXNG_ANSWERS",
    "SSRF_VECTORS",
]

DATA_DIR = Path(__file__).resolve().parents[1] / "data"
"""The data folder, ``tests/data``."""

DOC_PARAGRAPHS = DATA_DIR / "docs"
"""Paragraphs from published documentation, one JSONL file per source (benign, trigger-rich)."""

INJECTION_SETS = DATA_DIR / "injection"
"""The project's own labelled prompt-injection sets, one JSON object a line."""

OPENAI_EXAMPLES = DATA_DIR / "openai"
"""OpenAI's example requests and streams, from its OpenAPI document."""

READABILITY_PAGES = DATA_DIR / "pages" / "readability"
"""Mozilla Readability's test pages: one folder per page with its expected article."""

SEARXNG_ANSWERS = DATA_DIR / "searxng"
"""JSON answers recorded from a real SearXNG instance."""

SSRF_VECTORS = DATA_DIR / "ssrf" / "vectors.json"
"""Addresses a fetch tool must block or allow, with the ranges it must block."""
