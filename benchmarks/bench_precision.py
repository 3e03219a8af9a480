"""The two encoders on CPU in lower precision, beside their float32 selves in the same process.

Issue 12 allows int8 dynamic quantisation "where it pays", kept only if the gate's recall at its threshold stays
within 0.5 points; bfloat16 (autocast, what ``precision="auto"`` picks on a CPU with native bf16) is held to the
same bar. For each variant this measures what would decide that:

* the gate: seconds to score the turns (float32 and the variant, taken in turn, best of n), the keep ratio each
  gives at the shipped threshold, how many admit/reject decisions flip, the largest change of a probability,
  and the evidence recall each reaches on the answerable LoCoMo questions (categories 1-4, audited);
* the sentence embedder: seconds to encode the same turns' texts each way (taken in turn, best of n), and the
  cosine between each text's float32 and variant vectors (retrieval and links compare vectors, so a low cosine
  moves what they find).

The shipped gate saw these conversations in training, so its recall here is not a generalisation figure; the
difference between the columns is the point: all score the same turns with the same weights.

    python benchmarks/bench_precision.py [--variants int8,bfloat16] [--conversations 5] [--repeats 2]
"""

from __future__ import annotations

import argparse
import copy
import json
import time
import warnings
from dataclasses import replace
from pathlib import Path

import numpy as np
import polars as pl
import torch

from bench_gate import SHARED_DATA, benchmark_turns
from memory_pipeline.config import EmbedderConfig, GateConfig
from memory_pipeline.embeddings import Embedder
from memory_pipeline.evaluation.evidence import resolve_evidence
from memory_pipeline.evaluation.questions import scored_questions
from memory_pipeline.gate.infer import score_turns
from memory_pipeline.gate.model import GateModel
from memory_pipeline.gate.sweep import keep_ratio_at_recall
from memory_pipeline.gate.train_cli import AUDIT_FILE_NAME


def quantised(module: torch.nn.Module) -> torch.nn.Module:
    """A dynamic-int8 copy (weights int8, activations quantised per batch) of every Linear layer."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # torch 2.13 marks torch.ao.quantization deprecated in favour of torchao
        return torch.ao.quantization.quantize_dynamic(copy.deepcopy(module), {torch.nn.Linear}, dtype=torch.qint8)


def best_of_interleaved(repeats: int, *works) -> list[tuple[float, object]]:
    """For each of ``works``: its best seconds over ``repeats`` calls and its last result. The works take turns, so
    a load that drifts on a shared machine falls on both sides alike."""
    best = [float("inf")] * len(works)
    results: list[object] = [None] * len(works)
    for _ in range(repeats):
        for n, work in enumerate(works):
            started = time.perf_counter()
            results[n] = work()
            best[n] = min(best[n], time.perf_counter() - started)
    return list(zip(best, results, strict=True))


def evidence_turn_ids(locomo: Path, turns: pl.DataFrame) -> set[str]:
    """The turns cited by the answerable questions, resolved as the evaluation resolves them."""
    audit = locomo.with_name(AUDIT_FILE_NAME)
    known = set(turns["turn_id"])
    return {
        turn_id
        for q in scored_questions(locomo, audit if audit.exists() else None)
        for turn_id in resolve_evidence(q.conversation_id, q.evidence_ids, known).turn_ids
    }


def rank_correlation(a: np.ndarray, b: np.ndarray) -> float:
    ranks = [np.argsort(np.argsort(x)) for x in (a, b)]
    return float(np.corrcoef(*ranks)[0, 1])


VARIANTS = ("int8", "bfloat16")


def gate_variant(fp32: GateModel, variant: str) -> GateModel:
    if variant == "int8":
        return replace(fp32, network=quantised(fp32.network))
    return replace(fp32, precision=variant)


def embedder_variant(fp32: Embedder, variant: str) -> Embedder:
    if variant == "int8":
        return replace(fp32, model=quantised(fp32.model))
    return replace(fp32, precision=variant)


def compare_gates(turns: pl.DataFrame, evidence: set[str], repeats: int, variant: str) -> dict:
    fp32 = GateModel.load(GateConfig(device="cpu", precision="float32"))
    other = gate_variant(fp32, variant)
    score_turns(fp32, turns.head(64))
    score_turns(other, turns.head(64))
    (fp32_seconds, fp32_scores), (other_seconds, other_scores) = best_of_interleaved(
        repeats, lambda: score_turns(fp32, turns), lambda: score_turns(other, turns)
    )
    labels = fp32_scores["turn_id"].is_in(sorted(evidence)).to_numpy()
    admitted = {name: s["admitted"].to_numpy() for name, s in (("fp32", fp32_scores), (variant, other_scores))}
    flips = admitted["fp32"] != admitted[variant]
    result = {
        "threshold": fp32.threshold,
        "user_turns": fp32_scores.height,
        "evidence_turns": int(labels.sum()),
        "fp32_seconds": round(fp32_seconds, 2),
        f"{variant}_seconds": round(other_seconds, 2),
        f"{variant}_speed_up": round(fp32_seconds / other_seconds, 2),
        **{f"{name}_keep_ratio": round(float(a.mean()), 4) for name, a in admitted.items()},
        **{f"{name}_evidence_recall": round(float(a[labels].mean()), 4) if labels.any() else None
           for name, a in admitted.items()},
        "decisions_flipped": int(flips.sum()),
        "evidence_decisions_flipped": int(flips[labels].sum()),
        "max_abs_probability_change": round(float(np.abs(
            fp32_scores["p_admit"].to_numpy() - other_scores["p_admit"].to_numpy()).max()), 4),
        "rank_correlation": round(rank_correlation(fp32_scores["p_admit"].to_numpy(),
                                                   other_scores["p_admit"].to_numpy()), 4),
    }
    if labels.any():  # the ranking's quality apart from the threshold: keep at the float32 gate's recall
        # Half an evidence turn under the float32 count, so float rounding cannot ask for one turn more.
        recall = (int(admitted["fp32"][labels].sum()) - 0.5) / int(labels.sum())
        for name, scores in (("fp32", fp32_scores), (variant, other_scores)):
            keep = keep_ratio_at_recall(scores["p_admit"].to_numpy(), labels, recall)
            result[f"{name}_keep_at_fp32_recall"] = round(keep, 4)
    return result


def compare_embedders(texts: list[str], repeats: int, variant: str) -> dict:
    fp32 = Embedder.load(EmbedderConfig(device="cpu", precision="float32"))
    other = embedder_variant(fp32, variant)
    fp32.encode(texts[:64])
    other.encode(texts[:64])
    (fp32_seconds, fp32_vectors), (other_seconds, other_vectors) = best_of_interleaved(
        repeats, lambda: fp32.encode(texts), lambda: other.encode(texts)
    )
    cosine = (np.asarray(fp32_vectors) * np.asarray(other_vectors)).sum(axis=1)  # both L2-normalised
    return {
        "texts": len(texts),
        "fp32_seconds": round(fp32_seconds, 2),
        f"{variant}_seconds": round(other_seconds, 2),
        f"{variant}_speed_up": round(fp32_seconds / other_seconds, 2),
        "cosine_mean": round(float(cosine.mean()), 6),
        "cosine_p05": round(float(np.quantile(cosine, 0.05)), 6),
        "cosine_min": round(float(cosine.min()), 6),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--conversations", type=int, default=5, help="LoCoMo dev conversations to score")
    parser.add_argument("--repeats", type=int, default=2, help="best of this many timed runs")
    parser.add_argument("--variants", default=",".join(VARIANTS), help="comma-separated, of: " + ", ".join(VARIANTS))
    parser.add_argument("--locomo", type=Path, default=SHARED_DATA / "locomo" / "locomo10.dev.json")
    args = parser.parse_args()

    turns = benchmark_turns(args.locomo, args.conversations)
    evidence = evidence_turn_ids(args.locomo, turns) if args.locomo.exists() else set()
    texts = [text or "" for text in turns["text"].to_list()]
    variants = [name.strip() for name in args.variants.split(",") if name.strip()]
    unknown = sorted(set(variants) - set(VARIANTS))
    if unknown:
        parser.error(f"unknown variant(s): {', '.join(unknown)}")
    result = {
        "torch_threads": torch.get_num_threads(),
        **{
            variant: {
                "gate": compare_gates(turns, evidence, args.repeats, variant),
                "embedder": compare_embedders(texts, args.repeats, variant),
            }
            for variant in variants
        },
    }
    print(json.dumps(result, indent=2))


if __name__ == "__main__":
    main()
