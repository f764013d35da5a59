"""Train the wording model of the injection scanner (``studio/injection/_wording.json``).

Run from the repository root (needs the ``bench`` extras: NumPy and SciPy)::

    python -m benchmarks.train_wording [--folds 5] [--scanner] [--write]

The model is a logistic regression over the sentence features of
:mod:`studio.injection._wording` (words, word pairs, word pieces, word families). It learns
from the pairs in :data:`TRAINING` and from the Readability corpus pages (as the Markdown the
page extractor makes, as text and as raw HTML, all clean). Sets named in :data:`BLIND` are
never opened.

An injected text does not say which of its sentences carries the attack, so training alternates
(multiple-instance learning): the first round takes every sentence of an injected text as a
positive, weighted so that each text counts once; later rounds take only each text's
best-scoring sentence under the previous round's model. Every sentence of a clean text is a
negative. Positives and negatives weigh the same in total.

The threshold comes from texts a model did not see: the texts are split into ``--folds`` folds,
a model is trained without each fold and scores it. The threshold is the lowest score that
flags at most :data:`CLEAN_RATE` of those unseen clean texts, and it stays :data:`MARGIN` above
every corpus sentence under the final model. The unseen-text detection rates printed per set
estimate how the stage alone does on new wording by the same writers; ``--scanner`` runs the
whole scanner the same way on the sets none of its other parts was tuned on (:data:`UNTUNED`).
Training is deterministic.
"""

from __future__ import annotations

import argparse
import json
import math
from collections import Counter
from pathlib import Path

import numpy as np
from scipy import sparse  # type: ignore[import-untyped]  # SciPy ships no complete stubs
from scipy.optimize import minimize  # type: ignore[import-untyped]

from benchmarks.guard import DATA, corpus_texts
from studio.injection import _decoded_text as decoded_text
from studio.injection import _wording as wording
from studio.injection._scanner import scan

ROOT = Path(__file__).resolve().parents[1]
OUTPUT = ROOT / "studio" / "injection" / "_wording.json"
TRAINING: tuple[tuple[str | None, str], ...] = (
    ("injected.jsonl", "clean.jsonl"),
    ("heldout_injected.jsonl", "heldout_clean.jsonl"),
    ("redteam_injected.jsonl", "redteam_clean.jsonl"),
    ("dev_injected.jsonl", "dev_clean.jsonl"),
    ("blind_injected.jsonl", "blind_clean.jsonl"),
    ("blind2_injected.jsonl", "blind2_clean.jsonl"),
    ("train3_injected.jsonl", "train3_clean.jsonl"),
    ("multi_injected.jsonl", "multi_clean.jsonl"),
    (None, "ai_clean.jsonl"),
)
"""Sets the model learns from, as (injected, clean). The first two blind pairs were measured
once, then joined; the ``multi`` pair is written in six languages besides English, and
``ai_clean`` holds pages about AI (news, docs, policies, research), the hardest clean pages for
an AI workbench."""
UNTUNED = ("blind_", "blind2_", "train3_", "multi_", "ai_")
"""Sets no rule of the scanner was written or tuned for: the phrase rules and the
addressed-reader model never saw them, so ``--scanner`` estimates unseen wording on them."""
BLIND = ("blind3_injected.jsonl", "blind3_clean.jsonl")
"""Measured once by ``benchmarks.guard``, never read here."""
L2 = 1.0
ROUNDS = 4
MIN_SENTENCES = 2
"""A feature seen in fewer training sentences gets no weight."""
CLEAN_RATE = 0.01
MARGIN = 1.0
"""How far (in log-odds) the threshold stays above the highest-scoring corpus sentence."""
PRUNE = 0.005
"""Smaller weights are left out of the shipped file; they move no decision."""
REACH_MARGIN = 1.0
"""Added to the most the families had to give a flagged training sentence (``family_reach``)."""

Bag = list[Counter[str]]
"""One text: the feature counts of each of its sentences."""


def bags(texts: list[str]) -> list[Bag]:
    return [
        [Counter(s.feature_counts()) for s in wording.sentence_words(fold(text))] for text in texts
    ]


def fold(text: str) -> str:
    return decoded_text.fold(decoded_text.decode(text).text)


def load(name: str) -> list[str]:
    with (DATA / name).open(encoding="utf-8") as file:
        return [json.loads(line)["text"] for line in file if line.strip()]


class Model:
    """Weights over a vocabulary, during training."""

    def __init__(self, vocabulary: dict[str, int], weights: np.ndarray) -> None:
        self.vocabulary = vocabulary
        self.weights = weights

    def sentence(self, counts: Counter[str]) -> float:
        index = self.vocabulary
        return float(sum(self.weights[index[f]] * n for f, n in counts.items() if f in index))

    def text(self, bag: Bag) -> float:
        return max((self.sentence(counts) for counts in bag), default=-math.inf)


def matrix(rows: list[Counter[str]], vocabulary: dict[str, int]) -> sparse.csr_matrix:
    indices: list[int] = []
    values: list[float] = []
    pointers = [0]
    for counts in rows:
        for feature, count in counts.items():
            if feature in vocabulary:
                indices.append(vocabulary[feature])
                values.append(count)
        pointers.append(len(indices))
    return sparse.csr_matrix((values, indices, pointers), shape=(len(rows), len(vocabulary)))


def regression(x: sparse.csr_matrix, y: np.ndarray, weight: np.ndarray) -> np.ndarray:
    """L2-regularised weighted logistic regression (the bias, column 0, is not penalised)."""

    def loss(w: np.ndarray) -> tuple[float, np.ndarray]:
        p = 1.0 / (1.0 + np.exp(-np.clip(x @ w, -40, 40)))
        value = -(weight * (y * np.log(p + 1e-12) + (1 - y) * np.log(1 - p + 1e-12))).sum()
        gradient = x.T @ (weight * (p - y))
        value += 0.5 * L2 * float(w[1:] @ w[1:])
        gradient[1:] += L2 * w[1:]
        return float(value), gradient

    found = minimize(loss, np.zeros(x.shape[1]), jac=True, method="L-BFGS-B")
    return np.asarray(found.x)


def fit(injected: list[Bag], clean: list[Bag]) -> Model:
    seen: Counter[str] = Counter(f for bag in injected + clean for s in bag for f in s)
    names = ["bias", *sorted(f for f, n in seen.items() if n >= MIN_SENTENCES and f != "bias")]
    vocabulary = {name: i for i, name in enumerate(names)}
    negatives = [counts for bag in clean for counts in bag]
    model: Model | None = None
    for _ in range(ROUNDS):
        positives: list[Counter[str]] = []
        shares: list[float] = []
        for bag in injected:
            if not bag:
                continue
            if model is None:
                positives += bag
                shares += [1.0 / len(bag)] * len(bag)
            else:
                positives.append(max(bag, key=model.sentence))
                shares.append(1.0)
        x = sparse.vstack([matrix(positives, vocabulary), matrix(negatives, vocabulary)]).tocsr()
        y = np.r_[np.ones(len(positives)), np.zeros(len(negatives))]
        positive_weight = np.array(shares) / sum(shares) * 500
        negative_weight = np.full(len(negatives), 500 / max(1, len(negatives)))
        weights = regression(x, y, np.r_[positive_weight, negative_weight])
        model = Model(vocabulary, weights)
    assert model is not None
    return model


def unseen_scores(
    injected: dict[str, list[Bag]], clean: dict[str, list[Bag]], corpus: list[Bag], folds: int
) -> tuple[dict[str, list[float]], dict[str, list[float]], list[Model]]:
    """Each text's score under the model trained without its fold (texts dealt out in turn).

    Also returns the fold models: text ``i`` of every set was left out of model ``i % folds``.
    """
    models: list[Model] = []
    scores_in = {name: [0.0] * len(b) for name, b in injected.items()}
    scores_clean = {name: [0.0] * len(b) for name, b in clean.items()}
    for k in range(folds):
        train_in = [b for bs in injected.values() for i, b in enumerate(bs) if i % folds != k]
        train_cl = [b for bs in clean.values() for i, b in enumerate(bs) if i % folds != k]
        model = fit(train_in, train_cl + corpus)
        models.append(model)
        for group, scores in ((injected, scores_in), (clean, scores_clean)):
            for name, texts in group.items():
                for i, bag in enumerate(texts):
                    if i % folds == k:
                        scores[name][i] = model.text(bag)
        print(f"  fold {k + 1} of {folds} done")
    return scores_in, scores_clean, models


def scanner_on_unseen(models: list[Model], threshold: float, names: list[str]) -> None:
    """The whole scanner on sets its rules were not tuned on, each text with a model without it.

    The scanner reads the shipped model through ``shipped_model``; for this estimate it is
    swapped for the fold model that did not see the text.
    """
    shipped = wording.shipped_model
    print("texts flagged by the whole scanner, with a wording model that did not see them:")
    try:
        for name in names:
            texts = load(name)
            count = 0
            for i, text in enumerate(texts):
                model = models[i % len(models)]
                weights = {f: float(model.weights[j]) for f, j in model.vocabulary.items()}
                unseen = wording.WordingModel(weights, threshold, family_reach=math.inf)
                wording.shipped_model = lambda unseen=unseen: unseen
                count += bool(scan(text).findings)
            print(f"  {name}: {count}/{len(texts)} ({count / max(1, len(texts)):.1%})")
    finally:
        wording.shipped_model = shipped


def threshold_for(clean_scores: list[float], corpus_top: float) -> float:
    ordered = sorted(clean_scores, reverse=True)
    allowed = int(CLEAN_RATE * len(ordered))
    # Just above the (allowed + 1)-th highest unseen clean score: at most `allowed` pass it.
    threshold = ordered[allowed] + 1e-3 if allowed < len(ordered) else -math.inf
    return max(threshold, corpus_top + MARGIN)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--folds", type=int, default=5, help="folds for the unseen-text scores")
    parser.add_argument("--write", action="store_true", help=f"store the model in {OUTPUT.name}")
    parser.add_argument(
        "--scanner", action="store_true", help="also run the whole scanner on the untuned sets"
    )
    arguments = parser.parse_args()

    injected = {a: bags(load(a)) for a, _b in TRAINING if a and (DATA / a).exists()}
    clean = {b: bags(load(b)) for _a, b in TRAINING if (DATA / b).exists()}
    corpus = bags(corpus_texts())
    print(f"{sum(map(len, injected.values()))} injected, {sum(map(len, clean.values()))} clean")
    scores_in, scores_clean, models = unseen_scores(injected, clean, corpus, arguments.folds)

    final = fit(
        [b for bs in injected.values() for b in bs],
        [b for bs in clean.values() for b in bs] + corpus,
    )
    corpus_top = max(final.text(bag) for bag in corpus)
    threshold = threshold_for([s for ss in scores_clean.values() for s in ss], corpus_top)
    print(f"threshold {threshold:.3f} (corpus pages' top sentence {corpus_top:.3f})")
    print("texts flagged by this stage alone, each scored by a model that did not see it:")
    for name, scores in {**scores_in, **scores_clean}.items():
        count = sum(score >= threshold for score in scores)
        print(f"  {name}: {count}/{len(scores)} ({count / max(1, len(scores)):.1%})")
    corpus_flagged = sum(final.text(bag) >= threshold for bag in corpus)
    print(f"  corpus pages (trained on): {corpus_flagged}/{len(corpus)}")
    if arguments.scanner:
        untuned = [name for name in [*injected, *clean] if name.startswith(UNTUNED)]
        scanner_on_unseen(models, threshold, untuned)

    kept = {
        name: round(float(value), 3)
        for name, index in final.vocabulary.items()
        if abs(value := final.weights[index]) >= PRUNE or name == "bias"
    }
    print(f"{len(kept)} of {len(final.vocabulary)} weights kept")
    texts = [t for name in [*injected, *clean] for t in load(name)]
    shipped = shipped_form(kept, threshold, texts + corpus_texts())
    if arguments.write:
        data = {
            "family_reach": round(shipped.family_reach, 3),
            "threshold": round(threshold, 3),
            "weights": kept,
        }
        # One weight per line, so that a change of the model reads as a diff.
        text = json.dumps(data, ensure_ascii=False, sort_keys=True, indent=0)
        OUTPUT.write_text(text + "\n", encoding="utf-8")
        print(f"wrote {OUTPUT.relative_to(ROOT)}")


def shipped_form(
    weights: dict[str, float], threshold: float, texts: list[str]
) -> wording.WordingModel:
    """The model as the scanner uses it, checked to decide like the full model on ``texts``.

    The scanner searches word families only in sentences whose words come within
    ``family_reach`` of the threshold. That is the most the families had to add for any
    flagged sentence of ``texts``, plus a margin; no text's decision may change.
    """
    full = wording.WordingModel(weights, threshold, family_reach=math.inf)
    folded = [fold(text) for text in texts]
    needed = 0.0
    for sentence in (s for f in folded for s in wording.sentence_words(f)):
        words_only = full.word_score(sentence)
        if words_only + full.family_score(sentence.families) >= threshold:
            needed = max(needed, threshold - words_only)
    model = wording.WordingModel(weights, threshold, family_reach=needed + REACH_MARGIN)
    changed = sum(
        bool(wording.find_worded_injections(f, full))
        != bool(wording.find_worded_injections(f, model))
        for f in folded
    )
    print(f"family reach {model.family_reach:.3f}: {changed} decisions changed by it")
    if changed:
        raise SystemExit("the family reach changes decisions; raise REACH_MARGIN")
    return model


if __name__ == "__main__":
    main()
