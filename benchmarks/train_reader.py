"""Train the weights of the addressed-reader detector (``studio/injection/_reader.json``).

Run from the repository root::

    python -m benchmarks.train_reader [--check] [--write]

The model is a logistic regression over the sentence features of
:mod:`studio.injection._reader`. It learns only from the sets that development may read:
``injected``/``clean``, ``heldout_*``, ``redteam_*`` and ``dev_*`` in ``tests/data/injection``,
and the Readability corpus pages (extracted text and raw HTML, all clean). Blind sets are never
opened.

An injected text does not say which of its sentences carries the attack, so training alternates
(multiple-instance learning): each injected text's best-scoring sentence under the current
weights is its positive example, every scored sentence of a clean text or page is a negative;
the first round ranks sentences by a hand prior (addressed first, then the number of word
families). The threshold keeps every clean sentence of these sets out: it is at least
``MARGIN`` above the best-scoring clean sentence, and in the middle of the gap between that
sentence and the lowest positive beyond the margin when that is higher.

``--check`` also trains once without the ``dev_*`` sets and once without ``redteam_*`` and
prints how the detector alone does on the left-out pair: an estimate of how it carries to
wording it was not trained on. ``--write`` stores the weights. Training is deterministic.
"""

from __future__ import annotations

import argparse
import json
import math
from pathlib import Path
from typing import Any

from lxml import html  # type: ignore[import-untyped]  # lxml ships no type information

from studio.injection import _decoded_text as decoded_text
from studio.injection import _reader as reader
from tests.support.data import INJECTION_SETS, READABILITY_PAGES

ROOT = Path(__file__).resolve().parents[1]
DATA = INJECTION_SETS
CORPUS = READABILITY_PAGES
OUTPUT = ROOT / "studio" / "injection" / "_reader.json"
FAMILIES = {
    "first": ("injected.jsonl", "clean.jsonl"),
    "heldout": ("heldout_injected.jsonl", "heldout_clean.jsonl"),
    "redteam": ("redteam_injected.jsonl", "redteam_clean.jsonl"),
    "dev": ("dev_injected.jsonl", "dev_clean.jsonl"),
}
L2 = 0.003
ROUNDS = 4
EPOCHS = 3000
RATE = 4.0
MARGIN = 0.1
"""How far above the best-scoring clean sentence the threshold must stay, in probability."""

Sentences = list[frozenset[str]]


def load(name: str) -> list[str]:
    with (DATA / name).open(encoding="utf-8") as file:
        return [json.loads(line)["text"] for line in file if line.strip()]


def corpus_texts() -> list[str]:
    texts = []
    for source in sorted(CORPUS.glob("*/source.html")):
        document = html.fromstring(source.read_bytes())
        for element in document.xpath("//script|//style|//noscript"):
            element.drop_tree()
        texts.append(str(document.text_content()))
        texts.append(source.read_text(encoding="utf-8", errors="replace"))
    return texts


TEXTS: dict[frozenset[str], str] = {}


def sentences_of(text: str) -> Sentences:
    folded = decoded_text.fold(decoded_text.decode(text).text)
    found = reader.sentence_features(folded)
    for sentence in found:
        TEXTS.setdefault(sentence.features, folded[sentence.start : sentence.end][:200])
    return [sentence.features for sentence in found]


def prior(features: frozenset[str]) -> float:
    """The first round's ranking: addressed sentences first, then those with more families."""
    return (1.0 if "addressed" in features else 0.0) + len(features) * 0.01


def train(positives: list[frozenset[str]], negatives: list[frozenset[str]]) -> dict[str, float]:
    """Full-batch gradient descent on the L2-regularised log loss, classes weighted equally."""
    weights = dict.fromkeys(reader.FEATURES, 0.0)
    # Identical feature sets are frequent, so each distinct one is one weighted example.
    counts: dict[tuple[frozenset[str], float], float] = {}
    for label, group in ((1.0, positives), (0.0, negatives)):
        for features in group:
            key = (features, label)
            counts[key] = counts.get(key, 0.0) + 0.5 / max(1, len(group))
    for _ in range(EPOCHS):
        gradient = dict.fromkeys(reader.FEATURES, 0.0)
        for (features, label), weight in counts.items():
            total = sum(weights[name] for name in features)
            error = (1.0 / (1.0 + math.exp(-max(-40.0, min(40.0, total)))) - label) * weight
            for name in features:
                gradient[name] += error
        for name in weights:
            penalty = 0.0 if name == "bias" else L2 * weights[name]
            weights[name] -= RATE * (gradient[name] + penalty)
    return {name: round(value, 4) for name, value in weights.items()}


def fit(injected: list[Sentences], clean: list[Sentences]) -> reader.Weights:
    """Multiple-instance training, then the threshold that keeps every clean sentence below."""
    negatives = [features for text in clean for features in text]
    model = reader.Weights(weights={}, threshold=0.5)
    for round_ in range(ROUNDS):
        rank = prior if round_ == 0 else model.score
        positives = [max(text, key=rank) for text in injected if text]
        model = reader.Weights(weights=train(positives, negatives), threshold=0.5)
    clean_top = max((model.score(features) for features in negatives), default=0.0)
    above = sorted(
        score
        for text in injected
        if text and (score := max(model.score(f) for f in text)) > clean_top + MARGIN
    )
    threshold = clean_top + MARGIN
    if above:
        threshold = max(threshold, (clean_top + above[0]) / 2)
    return reader.Weights(weights=model.weights, threshold=round(min(threshold, 0.999), 4))


def flagged(model: reader.Weights, texts: list[Sentences]) -> int:
    return sum(1 for text in texts if any(model.score(f) >= model.threshold for f in text))


def sets(families: list[str]) -> tuple[dict[str, list[Sentences]], dict[str, list[Sentences]]]:
    injected = {FAMILIES[n][0]: [sentences_of(t) for t in load(FAMILIES[n][0])] for n in families}
    clean = {FAMILIES[n][1]: [sentences_of(t) for t in load(FAMILIES[n][1])] for n in families}
    return injected, clean


def report(model: reader.Weights, injected: dict[str, Any], clean: dict[str, Any]) -> None:
    for name, texts in injected.items():
        print(f"  {name}: {flagged(model, texts)}/{len(texts)} flagged by the detector alone")
    for name, texts in clean.items():
        print(f"  {name}: {flagged(model, texts)}/{len(texts)} false positives")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="also train with a pair left out")
    parser.add_argument("--write", action="store_true", help=f"store the weights in {OUTPUT.name}")
    arguments = parser.parse_args()

    injected, clean = sets(list(FAMILIES))
    corpus = [sentences_of(text) for text in corpus_texts()]
    clean_all = [text for texts in clean.values() for text in texts] + corpus
    model = fit([text for texts in injected.values() for text in texts], clean_all)
    print(f"threshold {model.threshold}")
    report(model, injected, {**clean, "corpus": corpus})
    worst = sorted(
        ((model.score(f), f) for text in clean_all for f in text), key=lambda item: -item[0]
    )[:8]
    for score, features in worst:
        print(f"  clean {score:.3f} {TEXTS.get(features)!r}")
    for name, value in sorted(model.weights.items(), key=lambda item: -abs(item[1])):
        print(f"  {value:+8.3f}  {name}")
    if arguments.check:
        for left_out in ("dev", "redteam"):
            kept = [name for name in FAMILIES if name != left_out]
            train_in = [t for name in kept for t in injected[FAMILIES[name][0]]]
            train_clean = [t for name in kept for t in clean[FAMILIES[name][1]]] + corpus
            partial = fit(train_in, train_clean)
            print(f"without {left_out} (threshold {partial.threshold}):")
            report(
                partial,
                {FAMILIES[left_out][0]: injected[FAMILIES[left_out][0]]},
                {FAMILIES[left_out][1]: clean[FAMILIES[left_out][1]]},
            )
    if arguments.write:
        data = {"threshold": model.threshold, "weights": model.weights}
        OUTPUT.write_text(json.dumps(data, indent=1, sort_keys=True) + "\n", encoding="utf-8")
        print(f"wrote {OUTPUT.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
