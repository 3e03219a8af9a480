"""Recall of the online and the consolidated store, by three ways of reading them, against gold evidence turns.

For every question, within its own conversation:

* ``cosine``: memories by cosine similarity (the online store ranks them all; the consolidated store applies
  its status filter and history expansion, :func:`memory_pipeline.retrieval.retrieve`);
* ``fta``: memories by the FTA score (lambda * cosine + (1 - lambda) * cue score), kept when >= tau, at most K;
* ``packet``: the context packet built for a word budget (primary memories, linked neighbours, source turns,
  supporting entries), and a hit when any of its items (a memory sourced from, or a turn that is, a gold
  evidence turn) made it in.

Recall at a budget is the share of questions whose first evidence-bearing item is read before the budget's
words are exceeded (:func:`~memory_pipeline.evaluation.retrieval.recall_at_budget`); a packet is built for the
budget, so its recall at that budget is whether it holds evidence at all.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from memory_pipeline.evaluation.questions import Question
from memory_pipeline.evaluation.retrieval import RetrievalOutcome, ranked_outcome, recall_at_budget
from memory_pipeline.retrieval import MemoryStore, RetrievalConfig, build_packet, retrieve
from memory_pipeline.retrieval.packets import PacketTurn

BUDGETS = (200, 400)
# Deep enough that a cosine ranking fills the largest budget (memories are about a dozen words).
COSINE_DEPTH = 80


def ranking_outcome(name: str, question: Question, evidence: Sequence[str], hits) -> RetrievalOutcome:
    """The outcome of reading retrieved hits in order."""
    sources = [frozenset(hit.row["source_turn_ids"] or ()) for hit in hits]
    words = [len((hit.row["text"] or "").split()) for hit in hits]
    return ranked_outcome(name, question, evidence, sources, words)


def packet_outcome(name: str, question: Question, evidence: Sequence[str], packet) -> RetrievalOutcome:
    """The outcome of reading a packet in order: memories by their source turns, turns by themselves."""
    sources, words = [], []
    for item in packet.items():
        sources.append(frozenset([item.turn_id]) if isinstance(item, PacketTurn) else frozenset(item.source_turn_ids))
        words.append(item.words)
    return ranked_outcome(name, question, evidence, sources, words)


def store_outcomes(
    store: MemoryStore,
    questions: Sequence[Question],
    evidence: dict[str, tuple[str, ...]],
    question_vectors: np.ndarray,
    config: RetrievalConfig,
    budgets: Sequence[int] = BUDGETS,
) -> dict[str, list[RetrievalOutcome]]:
    """Outcomes per reading (``cosine``, ``fta``, ``packet@<budget>``) for questions of one conversation."""
    out: dict[str, list[RetrievalOutcome]] = {"cosine": [], "fta": [], **{f"packet@{b}": [] for b in budgets}}
    for question, vector in zip(questions, question_vectors, strict=True):
        gold = evidence[question.question_id]
        cosine = retrieve(store, question.question, vector, COSINE_DEPTH, "cosine", config=config)
        out["cosine"].append(ranking_outcome("cosine", question, gold, cosine))
        fta = retrieve(store, question.question, vector, config.k, "fta", config=config)
        out["fta"].append(ranking_outcome("fta", question, gold, fta))
        for budget in budgets:
            packet = build_packet(store, question.question, vector, budget_words=budget, config=config)
            out[f"packet@{budget}"].append(packet_outcome(f"packet@{budget}", question, gold, packet))
    return out


def recall_table(outcomes: dict[str, list[RetrievalOutcome]], budgets: Sequence[int] = BUDGETS) -> dict[str, float]:
    """``<reading>@<budget>w`` -> recall; a packet only at the budget it was built for."""
    table = {}
    for name, items in outcomes.items():
        if name.startswith("packet@"):
            budget = int(name.split("@")[1])
            table[f"packet@{budget}w"] = recall_at_budget(items, budget)
        else:
            for budget in budgets:
                table[f"{name}@{budget}w"] = recall_at_budget(items, budget)
    return table
