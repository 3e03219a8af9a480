"""The evaluation's files: ``metrics.json``, the PNG plots, and ``report.md`` that embeds them."""

from __future__ import annotations

import csv
import json
from pathlib import Path

from memory_pipeline.evaluation.plots import plot_gate_curve, plot_recall_by_budget, plot_recall_by_category
from memory_pipeline.evaluation.retrieval import CORPUS_PREFIX

GATE_CURVE_PNG = "gate_recall_vs_keep.png"
CATEGORY_PNG = "recall_by_category.png"
BUDGET_PNG = "recall_vs_budget.png"
CATEGORY_K = 10
CORPUS_TITLES = {"memory": "memory store", "raw": "raw turns", "speaker": "speaker-prefixed turns"}


EVIDENCE_CSV = "evidence_turns.csv"
EVIDENCE_COLUMNS = ("question_id", "conversation_id", "category", "turn_id")


def write_outputs(metrics: dict, evidence_rows: list[tuple], out_dir: Path) -> dict[str, Path]:
    """Write every output file into ``out_dir`` (created if needed); returns them by name.

    ``evidence_rows`` (question id, conversation id, category, turn id) go to a CSV, so the headline numbers can
    be recomputed from the lake with plain SQL (docs/EVALUATION.md).
    """
    out_dir.mkdir(parents=True, exist_ok=True)
    files = {"metrics": out_dir / "metrics.json", "evidence": out_dir / EVIDENCE_CSV}
    with open(files["evidence"], "w", newline="", encoding="utf-8") as handle:
        writer = csv.writer(handle)
        writer.writerow(EVIDENCE_COLUMNS)
        writer.writerows(evidence_rows)
    files["metrics"].write_text(json.dumps(metrics, indent=2, allow_nan=False), encoding="utf-8")
    files.update(write_plots(metrics, out_dir))
    files["report"] = out_dir / "report.md"
    files["report"].write_text(render_report(metrics), encoding="utf-8")
    return files


def write_plots(metrics: dict, out_dir: Path) -> dict[str, Path]:
    detail = metrics["detail"]
    operating = (_number(metrics.get("gate_keep_ratio")), _number(metrics.get("gate_evidence_recall")))
    by_category = {
        name: {corpus: _number(slice_.get(f"{prefix}recall@{CATEGORY_K}")) for corpus, prefix in CORPUS_PREFIX.items()}
        for name, slice_ in detail["per_category"].items()
    }
    by_category["overall"] = {
        corpus: _number(metrics.get(f"{prefix}recall@{CATEGORY_K}")) for corpus, prefix in CORPUS_PREFIX.items()
    }
    budget_curves = {
        corpus: [{"words": p["words"], "recall": _number(p["recall"])} for p in points]
        for corpus, points in detail["budget_curve"].items()
    }
    gate_curve = [{key: _number(value) for key, value in point.items()} for point in detail["gate_curve"]]
    return {
        "gate_curve": plot_gate_curve(gate_curve, operating, out_dir / GATE_CURVE_PNG),
        "by_category": plot_recall_by_category(by_category, CATEGORY_K, out_dir / CATEGORY_PNG),
        "by_budget": plot_recall_by_budget(budget_curves, out_dir / BUDGET_PNG),
    }


def _number(value) -> float:
    return float("nan") if value is None else float(value)


def _fmt(value) -> str:
    if value is None:
        return "–"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, float):
        return f"{value:.3f}"
    return str(value)


def _table(header: list[str], rows: list[list]) -> str:
    lines = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    lines += ["| " + " | ".join(_fmt(cell) for cell in row) + " |" for row in rows]
    return "\n".join(lines)


def render_report(metrics: dict) -> str:
    """A Markdown report: headline tables per stage, slices, and the three figures."""
    detail = metrics["detail"]
    slices = {
        **{f"`{cid}`": s for cid, s in detail["per_conversation"].items()},
        **detail["per_category"],
        "**overall**": metrics,
    }
    retrieval_keys = [f"recall@{k}" for k in (5, 10, 25)] + ["recall@200w", "recall@400w"]
    sections = [
        "# LoCoMo evidence evaluation",
        f"{metrics.get('n_conversations')} conversations, {metrics.get('n_questions')} questions of categories "
        f"1-4 with resolvable gold evidence ({metrics.get('n_questions_without_evidence')} without, "
        f"{metrics.get('n_evidence_ids_unresolved')} evidence ids that name no turn, "
        f"{metrics.get('n_corrections_applied')} audit corrections applied). "
        f"Embedder: `{metrics.get('embedder_model')}` "
        f"(memory vectors from the lake: {_fmt(metrics.get('memory_vectors_from_lake'))}).",
        "## Gate and store",
        _table(
            ["slice", "questions", "evidence turns", "keep ratio", "evidence recall", "AUPRC", "store coverage"],
            [
                [
                    name,
                    s.get("n_questions"),
                    s.get("n_evidence_turns"),
                    s.get("gate_keep_ratio"),
                    s.get("gate_evidence_recall"),
                    s.get("gate_auprc"),
                    s.get("store_evidence_coverage"),
                ]
                for name, s in slices.items()
            ],
        ),
        f"![gate curve]({GATE_CURVE_PNG})",
        "## Retrieval",
        "recall@k: share of questions with at least one retrieved item sourced from a gold evidence turn in the "
        "top k; recall@Nw: the same among the items read in rank order within N words. Search is within the "
        "question's conversation.",
        _table(
            ["corpus"] + retrieval_keys + ["evidence-turn recall@10"],
            [
                [title]
                + [metrics.get(f"{CORPUS_PREFIX[c]}{key}") for key in retrieval_keys]
                + [metrics.get(f"{CORPUS_PREFIX[c]}evidence_recall@10")]
                for c, title in CORPUS_TITLES.items()
            ],
        ),
        _table(
            ["slice", "memory @10", "raw @10", "speaker @10", "memory @400w", "raw @400w", "speaker @400w"],
            [
                [name]
                + [s.get(f"{CORPUS_PREFIX[c]}recall@10") for c in CORPUS_PREFIX]
                + [s.get(f"{CORPUS_PREFIX[c]}recall@400w") for c in CORPUS_PREFIX]
                for name, s in slices.items()
            ],
        ),
        f"![recall by category]({CATEGORY_PNG})",
        f"![recall against reading budget]({BUDGET_PNG})",
        "## Temporal grounding",
        "Category-2 questions whose answer names a date, month or year. Strict: a memory from a gold evidence "
        "turn has an event interval overlapping the answer and at most twice as wide. Near: the event and the "
        "answer together span at most two answer-widths. Expression events only: memories whose event came from "
        "a time expression of the turn, not from the session-day fallback. Session rule: the evidence turn's "
        "session day stands in for the event.",
        _table(
            [
                "questions",
                "memory (strict)",
                "memory, expression events only (strict)",
                "session rule (strict)",
                "memory (near)",
                "session rule (near)",
            ],
            [
                [
                    metrics.get("temporal_n_questions"),
                    metrics.get("temporal_grounding"),
                    metrics.get("temporal_grounding_expression"),
                    metrics.get("temporal_grounding_session_rule"),
                    metrics.get("temporal_grounding_near"),
                    metrics.get("temporal_grounding_session_rule_near"),
                ]
            ],
        ),
        "## Construction",
        _table(
            [
                "memories",
                "admitted turns",
                "empty-output rate",
                "fallback rate",
                "mean coverage",
                "LLM calls",
                "LLM tokens",
            ],
            [
                [
                    metrics.get("n_memories"),
                    metrics.get("n_admitted_turns"),
                    metrics.get("extractor_empty_rate"),
                    metrics.get("extractor_fallback_rate"),
                    metrics.get("extractor_mean_coverage"),
                    metrics.get("llm_calls"),
                    (metrics.get("llm_prompt_tokens") or 0) + (metrics.get("llm_completion_tokens") or 0),
                ]
            ],
        ),
    ]
    seconds = {k.removeprefix("seconds_"): v for k, v in metrics.items() if k.startswith("seconds_")}
    if seconds:
        sections.append(_table(["stage", "seconds"], [[stage, value] for stage, value in seconds.items()]))
    if detail.get("extraction_diagnostics"):
        sections.append(
            _table(["extractor diagnostic", "value"], [[k, v] for k, v in detail["extraction_diagnostics"].items()])
        )
    return "\n\n".join(sections) + "\n"
