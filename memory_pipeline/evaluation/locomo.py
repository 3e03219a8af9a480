"""``evaluate_locomo``: the LoCoMo evidence evaluation of a materialised lake, end to end.

It reads the LoCoMo file through the ingest LoCoMo reader (its conversations, and its questions) and only the
lake partitions of those conversations, so a lake holding other conversations too is evaluated on exactly that
file. Every number is computed per
conversation, per question category and overall from the same per-question outcomes, so the slices add up.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import polars as pl

from memory_pipeline.evaluation.construction import (
    construction_cost,
    extractor_rates,
    lake_diagnostics,
    source_turn_ids,
)
from memory_pipeline.evaluation.evidence import ResolvedEvidence, resolve_evidence
from memory_pipeline.evaluation.gate_metrics import gate_summary, recall_keep_curve
from memory_pipeline.evaluation.questions import CATEGORY_NAMES, scored_questions
from memory_pipeline.evaluation.report import write_outputs
from memory_pipeline.evaluation.retrieval import (
    CORPUS_PREFIX,
    RetrievalOutcome,
    TextEncoder,
    encode,
    evidence_recall_at_k,
    memory_corpus,
    memory_source_turns,
    recall_at_budget,
    recall_at_k,
    retrieve,
    turn_corpus,
)
from memory_pipeline.evaluation.temporal import MemoryEvent, TemporalOutcome, event_interval, temporal_outcomes
from memory_pipeline.ingest import read_source
from memory_pipeline.ingest.locomo import FORMAT as LOCOMO_FORMAT
from memory_pipeline.ingest.locomo import Question
from memory_pipeline.lake import Lake

# memory_entries.event_time_basis of an event resolved from a time expression (not the session-day fallback).
EXPRESSION_BASIS = "expression"
KS = (5, 10, 25)
BUDGETS = (200, 400)
BUDGET_CURVE = tuple(range(50, 1001, 50))
HEADLINE_KEYS = (
    "gate_keep_ratio",
    "gate_evidence_recall",
    "gate_auprc",
    "store_evidence_coverage",
    "recall@10",
    "recall@400w",
    "baseline_raw_recall@10",
    "baseline_speaker_recall@10",
    "temporal_grounding",
    "temporal_grounding_session_rule",
    "n_questions",
)


@dataclass(frozen=True)
class LakeView:
    """The lake tables the evaluation reads, restricted to the evaluated conversations."""

    turns: pl.DataFrame
    gate_scores: pl.DataFrame
    entries: pl.DataFrame
    sources: pl.DataFrame
    embeddings: pl.DataFrame

    @classmethod
    def read(cls, lake: Lake, ids: list[str]) -> LakeView:
        missing = [cid for cid in ids if not lake.has_partition("turns", cid)]
        if missing:
            raise ValueError(f"the lake has no turns for {missing}: ingest and materialise the file first")
        return cls(
            turns=lake.read_table("turns", ids),
            gate_scores=lake.read_table("gate_scores", ids),
            entries=lake.read_table("memory_entries", ids),
            sources=lake.read_table("memory_sources", ids),
            embeddings=lake.read_table("memory_embeddings", ids),
        )

    def of(self, conversation_id: str) -> LakeView:
        keep = pl.col("conversation_id") == conversation_id
        return LakeView(
            *(
                frame.filter(keep)
                for frame in (self.turns, self.gate_scores, self.entries, self.sources, self.embeddings)
            )
        )


@dataclass(frozen=True)
class Outcomes:
    """Everything the metrics are computed from: per question, per corpus."""

    questions: list[Question]
    evidence: dict[str, tuple[str, ...]]  # question id -> resolved gold evidence turn ids
    retrieval: dict[str, list[RetrievalOutcome]]  # corpus -> outcomes
    temporal: list[TemporalOutcome]


def evaluate_locomo(
    lake: Lake,
    locomo_path: Path,
    embedder: TextEncoder,
    out_dir: Path,
    corrections: Path | None = None,
    stage_seconds: dict | None = None,
) -> dict:
    """Evaluate the lake's gate, store and retrieval on a LoCoMo file; write metrics.json, report.md, plots.

    ``embedder`` encodes the questions and both baselines (and the memories, when the lake's vectors come
    from another model). ``stage_seconds`` is the caller's wall time per pipeline stage, reported as cost.
    Returns the metrics dict that is written to ``metrics.json``.
    """
    ids = [conversation.conversation_id for conversation in read_source(locomo_path, LOCOMO_FORMAT)]
    view = LakeView.read(lake, ids)
    all_questions = scored_questions(Path(locomo_path), corrections)
    resolved = {
        q.question_id: resolve_evidence(q.conversation_id, q.evidence_ids, set(view.turns["turn_id"]))
        for q in all_questions
    }
    questions = [q for q in all_questions if resolved[q.question_id].turn_ids]
    evidence = {q.question_id: resolved[q.question_id].turn_ids for q in questions}
    retrieval, vectors_from_lake = retrieval_outcomes(questions, evidence, view, embedder, ids)
    outcomes = Outcomes(questions, evidence, retrieval, temporal_of(questions, evidence, view))

    metrics = slice_metrics(outcomes, view, lambda q: True)
    metrics.update(
        n_conversations=len(ids),
        n_questions_without_evidence=len(all_questions) - len(questions),
        n_evidence_ids_unresolved=sum(len(r.unresolved) for r in resolved.values()),
        n_corrections_applied=sum(q.corrected for q in all_questions),
        embedder_model=embedder.model_name,
        memory_vectors_from_lake=vectors_from_lake,
    )
    metrics.update(extractor_rates(view.gate_scores, view.entries, view.sources))
    metrics.update(construction_cost(lake, ids, stage_seconds))
    metrics["detail"] = detail(outcomes, view, ids, resolved, lake_diagnostics(lake, ids))
    metrics = json_safe(metrics)
    evidence_rows = [
        (q.question_id, q.conversation_id, q.category, t) for q in questions for t in evidence[q.question_id]
    ]
    write_outputs(metrics, evidence_rows, Path(out_dir))
    return metrics


def headline(metrics: dict) -> dict:
    """The few numbers a Dagster materialisation shows as metadata."""
    return {key: metrics[key] for key in HEADLINE_KEYS if key in metrics}


def retrieval_outcomes(
    questions: list[Question],
    evidence: dict[str, tuple[str, ...]],
    view: LakeView,
    embedder: TextEncoder,
    ids: list[str],
) -> tuple[dict[str, list[RetrievalOutcome]], bool]:
    """Rank every corpus for every question, conversation by conversation."""
    outcomes: dict[str, list[RetrievalOutcome]] = {corpus: [] for corpus in CORPUS_PREFIX}
    all_from_lake = True
    for conversation_id in ids:
        asked = [q for q in questions if q.conversation_id == conversation_id]
        if not asked:
            continue
        part = view.of(conversation_id)
        memories, from_lake = memory_corpus(conversation_id, part.entries, part.sources, part.embeddings, embedder)
        all_from_lake = all_from_lake and from_lake
        corpora = [
            memories,
            turn_corpus("raw", conversation_id, part.turns, embedder, speaker_prefix=False),
            turn_corpus("speaker", conversation_id, part.turns, embedder, speaker_prefix=True),
        ]
        question_vectors = encode(embedder, [q.question for q in asked])
        for corpus in corpora:
            for question, vector in zip(asked, question_vectors, strict=True):
                outcomes[corpus.name].append(retrieve(corpus, question, evidence[question.question_id], vector))
    return outcomes, all_from_lake


def temporal_of(
    questions: list[Question], evidence: dict[str, tuple[str, ...]], view: LakeView
) -> list[TemporalOutcome]:
    session_times = dict(zip(view.turns["turn_id"].to_list(), view.turns["session_time"].to_list(), strict=True))
    turns_of = memory_source_turns(view.entries, view.sources)
    entries = view.entries
    from_expression = (
        (pl.col("event_time_basis") == EXPRESSION_BASIS).fill_null(False)
        if "event_time_basis" in entries.columns
        else pl.lit(False)
    )
    memories = [
        MemoryEvent(memory_id, frozenset(turns_of.get(memory_id, ())), event_interval(start, end), expression)
        for memory_id, start, end, expression in entries.select(
            "memory_id", "event_start", "event_end", from_expression.alias("from_expression")
        ).rows()
    ]
    return temporal_outcomes(questions, evidence, session_times, memories)


def slice_metrics(outcomes: Outcomes, view: LakeView, selects: Callable[[Question], bool]) -> dict:
    """The flat metrics over the questions ``selects`` keeps (and the gate scores of ``view``)."""
    chosen = {q.question_id for q in outcomes.questions if selects(q)}
    evidence_turns = {t for qid in chosen for t in outcomes.evidence[qid]}
    all_evidence = {t for turns in outcomes.evidence.values() for t in turns}
    gate = gate_summary(view.gate_scores, evidence_turns, unlabelled=all_evidence)
    covered = evidence_turns & source_turn_ids(view.entries, view.sources)
    metrics: dict = {
        "n_questions": len(chosen),
        "n_evidence_turns": len(evidence_turns),
        "gate_n_scored": gate.n_scored,
        "gate_keep_ratio": gate.keep_ratio,
        "gate_evidence_recall": gate.evidence_recall,
        "gate_auprc": gate.auprc,
        "store_evidence_coverage": len(covered) / len(evidence_turns) if evidence_turns else math.nan,
    }
    for corpus, prefix in CORPUS_PREFIX.items():
        picked = [o for o in outcomes.retrieval[corpus] if o.question_id in chosen]
        metrics.update({f"{prefix}recall@{k}": recall_at_k(picked, k) for k in KS})
        metrics.update({f"{prefix}recall@{w}w": recall_at_budget(picked, w) for w in BUDGETS})
        metrics.update({f"{prefix}evidence_recall@{k}": evidence_recall_at_k(picked, k) for k in KS})
    temporal = [o for o in outcomes.temporal if o.question_id in chosen]
    metrics.update(temporal_metrics(temporal))
    return metrics


def temporal_metrics(temporal: list[TemporalOutcome]) -> dict:
    def share(flag: str) -> float:
        return sum(getattr(o, flag) for o in temporal) / len(temporal) if temporal else math.nan

    return {
        "temporal_n_questions": len(temporal),
        "temporal_grounding": share("memory_grounded"),
        "temporal_grounding_session_rule": share("session_rule_grounded"),
        "temporal_grounding_expression": share("expression_grounded"),
        "temporal_grounding_near": share("memory_near"),
        "temporal_grounding_session_rule_near": share("session_rule_near"),
    }


def detail(
    outcomes: Outcomes, view: LakeView, ids: list[str], resolved: dict[str, ResolvedEvidence], diagnostics: dict
) -> dict:
    """The nested part of metrics.json: slices, curves, and the per-question records behind them."""
    all_evidence = {t for turns in outcomes.evidence.values() for t in turns}
    return {
        "per_conversation": {
            cid: slice_metrics(outcomes, view.of(cid), lambda q, c=cid: q.conversation_id == c) for cid in ids
        },
        "per_category": {
            f"{cat} {name}": slice_metrics(outcomes, view, lambda q, c=cat: q.category == c)
            for cat, name in CATEGORY_NAMES.items()
        },
        "gate_curve": recall_keep_curve(view.gate_scores, all_evidence),
        "budget_curve": {
            corpus: [{"words": w, "recall": recall_at_budget(found, w)} for w in BUDGET_CURVE]
            for corpus, found in outcomes.retrieval.items()
        },
        "unresolved_evidence": {qid: list(r.unresolved) for qid, r in resolved.items() if r.unresolved},
        "temporal_questions": [
            {
                "question_id": o.question_id,
                "answer": o.answer,
                "answer_start": o.answer_interval.start.isoformat(),
                "answer_end": o.answer_interval.end.isoformat(),
                "memory_grounded": o.memory_grounded,
                "expression_grounded": o.expression_grounded,
                "session_rule_grounded": o.session_rule_grounded,
                "memory_near": o.memory_near,
                "session_rule_near": o.session_rule_near,
            }
            for o in outcomes.temporal
        ],
        "extraction_diagnostics": diagnostics,
    }


def json_safe(value):
    """NaN and infinities become None, so metrics.json is strict JSON."""
    if isinstance(value, float) and not math.isfinite(value):
        return None
    if isinstance(value, dict):
        return {key: json_safe(item) for key, item in value.items()}
    if isinstance(value, list | tuple):
        return [json_safe(item) for item in value]
    return value
