"""Could a unit's vector be made from its entries' vectors instead of embedding the unit's text? Retrieval says no.

Embedding the memory texts is model work that issue 12's every-turn floor does not count, and a unit that joins
several entries has a text of its own to embed (on the LoCoMo dev file, about a third of the memory characters).
A unit's vector could instead be the mean of the vectors of the entries it quotes, each weighted by how many of
its characters the unit quotes (``entry_spans``), which is what mean pooling over the joined text would weigh
if the encoder did not look across entries. That saves the units' own encoder pass; this script measures what it
costs search, on a lake the real chain built:

* each unit's embedded vector against its derived one (cosine), over the units whose text is not an entry's;
* LoCoMo retrieval (the evaluation's own ranking and scoring, ``memory_pipeline.evaluation.retrieval``) over
  the units alone, over the whole store as search reads it (entries and units), and over the entries alone for
  reference: recall at 5, 10 and 25 items, at reading budgets of 200 and 400 words, and the share of evidence
  turns reached in the top 10;
* the seconds the units' own texts take to embed (what deriving would save), in this process;
* the store as search now shows it (``store_shown``): without the entries that a unit of that one entry repeats
  word for word, which search shows once, as the unit. On the dev file (3 December 2026) that raised the store's
  recall by 2.4 to 2.8 points at every depth and budget (at 10 items 0.708 -> 0.736, at 400 words 0.768 -> 0.795).

The rule, fixed before the first run: derived vectors replace embedded ones only if the whole store's recall
stays within 0.5 point at every depth and budget. Measured on the dev file (2 December 2026) it did not: the
store lost 0.9 point at 10 items and 4.2 points at 400 words, so units keep their embedded vectors.

    python benchmarks/bench_pipeline.py ../shared/data/locomo/locomo10.dev.json --keep LAKE
    python benchmarks/bench_unit_vectors.py LAKE ../shared/data/locomo/locomo10.dev.json \
        [--corrections ../shared/data/locomo/locomo-audit.errors.dev.json] [--json OUT]
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import numpy as np
import polars as pl
from report import print_numbers

from memory_pipeline.embeddings import Embedder
from memory_pipeline.evaluation.evidence import resolve_evidence
from memory_pipeline.evaluation.questions import scored_questions
from memory_pipeline.evaluation.retrieval import (
    Corpus,
    encode,
    evidence_recall_at_k,
    recall_at_budget,
    recall_at_k,
    retrieve,
)
from memory_pipeline.lake import Lake

DEPTHS = (5, 10, 25)
BUDGETS = (200, 400)
CORPORA = ("units_embedded", "units_derived", "store_embedded", "store_derived", "store_shown", "entries")


def derived_vector(spans: list[dict], vectors: dict[str, np.ndarray]) -> np.ndarray:
    """The unit-length mean of the quoted entries' vectors, each weighted by the characters the unit quotes."""
    weights: dict[str, int] = {}
    for span in spans:
        weights[span["memory_id"]] = weights.get(span["memory_id"], 0) + span["end"] - span["start"]
    total = sum(weight * vectors[memory_id] for memory_id, weight in weights.items())
    return total / np.linalg.norm(total)


def corpus(conversation_id: str, rows: list[dict], vectors: np.ndarray, sources: list[frozenset[str]]) -> Corpus:
    return Corpus(
        "memory", conversation_id, tuple(row["memory_id"] for row in rows), tuple(row["text"] or "" for row in rows),
        tuple(sources), vectors,
    )


def measure(lake: Lake, locomo: Path, corrections: Path | None, embedder: Embedder) -> dict[str, float]:
    ids = lake.partitions("fta_units")
    entries, units = lake.read_table("memory_entries", ids), lake.read_table("fta_units", ids)
    embeddings = lake.read_table("memory_embeddings", ids).filter(pl.col("model") == embedder.model_name)
    vectors = {m: np.asarray(v, np.float32) for m, v in embeddings.select("memory_id", "vector").iter_rows()}
    known_turns = set(lake.read_table("turns", ids)["turn_id"])
    questions = [q for q in scored_questions(locomo, corrections) if q.conversation_id in ids]
    evidence = {q.question_id: resolve_evidence(q.conversation_id, q.evidence_ids, known_turns).turn_ids for q in questions}
    questions = [q for q in questions if evidence[q.question_id]]

    outcomes: dict[str, list] = {name: [] for name in CORPORA}
    cosines: list[float] = []
    own_texts: list[str] = []
    for conversation_id in ids:
        asked = [q for q in questions if q.conversation_id == conversation_id]
        unit_rows = units.filter(pl.col("conversation_id") == conversation_id).to_dicts()
        entry_rows = entries.filter(pl.col("conversation_id") == conversation_id).to_dicts()
        if not asked or not unit_rows:
            continue
        entry_texts = {row["text"] for row in entry_rows}
        embedded = np.stack([vectors[row["memory_id"]] for row in unit_rows])
        derived = np.stack([derived_vector(row["entry_spans"], vectors) for row in unit_rows])
        own = [row["text"] not in entry_texts for row in unit_rows]
        cosines.extend((embedded * derived).sum(axis=1)[own].tolist())
        own_texts.extend(row["text"] for row, is_own in zip(unit_rows, own) if is_own)
        entry_vectors = np.stack([vectors[row["memory_id"]] for row in entry_rows])
        unit_sources = [frozenset(row["source_turn_ids"]) for row in unit_rows]
        entry_sources = [frozenset([row["source_turn_id"]]) for row in entry_rows]
        store_rows, store_sources = unit_rows + entry_rows, unit_sources + entry_sources
        corpora = {
            "units_embedded": corpus(conversation_id, unit_rows, embedded, unit_sources),
            "units_derived": corpus(conversation_id, unit_rows, derived, unit_sources),
            "store_embedded": corpus(conversation_id, store_rows, np.vstack([embedded, entry_vectors]), store_sources),
            "store_derived": corpus(conversation_id, store_rows, np.vstack([derived, entry_vectors]), store_sources),
            "entries": corpus(conversation_id, entry_rows, entry_vectors, entry_sources),
        }
        # what search shows since it stopped showing an entry beside the unit that repeats it word for word
        twins = {(" ".join(row["text"].split()), frozenset(row["source_turn_ids"])) for row in unit_rows if row["text"]}
        shown = [n for n, row in enumerate(store_rows)
                 if n < len(unit_rows) or (" ".join((row["text"] or "").split()), store_sources[n]) not in twins]
        store_vectors = np.vstack([embedded, entry_vectors])
        corpora["store_shown"] = corpus(
            conversation_id, [store_rows[n] for n in shown], store_vectors[shown], [store_sources[n] for n in shown]
        )
        question_vectors = encode(embedder, [q.question for q in asked])
        for name, items in corpora.items():
            outcomes[name].extend(
                retrieve(items, q, evidence[q.question_id], vector) for q, vector in zip(asked, question_vectors, strict=True)
            )

    started = time.perf_counter()
    embedder.encode(own_texts)
    numbers: dict[str, float] = {
        "questions": len(outcomes["entries"]),
        "units": units.height,
        "units_with_own_text": len(own_texts),
        "units_own_text_embed_s": time.perf_counter() - started,
        "cosine_embedded_derived_mean": float(np.mean(cosines)) if cosines else float("nan"),
        "cosine_embedded_derived_p10": float(np.percentile(cosines, 10)) if cosines else float("nan"),
    }
    for name, found in outcomes.items():
        numbers.update({f"{name}_recall@{k}": recall_at_k(found, k) for k in DEPTHS})
        numbers.update({f"{name}_recall@{w}w": recall_at_budget(found, w) for w in BUDGETS})
        numbers[f"{name}_evidence_recall@10"] = evidence_recall_at_k(found, 10)
    for measure_name in [f"recall@{k}" for k in DEPTHS] + [f"recall@{w}w" for w in BUDGETS]:
        for variant in ("derived", "shown"):
            numbers[f"store_{variant}_minus_embedded_{measure_name}"] = (
                numbers[f"store_{variant}_{measure_name}"] - numbers[f"store_embedded_{measure_name}"]
            )
    return numbers


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("lake", type=Path, help="a lake the chain materialised from the LoCoMo file")
    parser.add_argument("locomo_json", type=Path)
    parser.add_argument("--corrections", type=Path, help="audit JSON with corrected evidence ids")
    parser.add_argument("--json", type=Path, help="also write the numbers here")
    args = parser.parse_args(argv)
    numbers = measure(Lake(args.lake), args.locomo_json, args.corrections, Embedder.load())
    print_numbers(numbers, decimals=3, json_path=args.json)
    return 0


if __name__ == "__main__":
    sys.exit(main())
