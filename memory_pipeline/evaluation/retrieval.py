"""Retrieval over the memory store and over two raw-turn baselines, scored against gold evidence turns.

All three corpora are searched the same way (cosine of L2-normalised vectors from one encoder, within the
question's own conversation), so the only difference between them is what is stored: extracted memories,
every raw turn, or every raw turn prefixed with "<speaker> said:".

A question is a hit at depth k when one of its top-k items is sourced from at least one of its gold evidence
turns (for a baseline: is one). ``recall@k`` is the share of questions with a hit in the top k. Because
memories are shorter than turns, depth alone flatters a store of short items, so recall is also measured at a
reading budget: items are read in rank order while the words read stay within the budget.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Protocol

import numpy as np
import polars as pl

from memory_pipeline.ingest.locomo import Question

# Key prefix of each corpus in metrics.json: the memory store is unprefixed.
CORPUS_PREFIX = {"memory": "", "raw": "baseline_raw_", "speaker": "baseline_speaker_"}


class TextEncoder(Protocol):
    """What the evaluation needs of an embedder: L2-normalised float32 rows, and a name for provenance."""

    model_name: str

    def encode(self, texts: list[str]) -> np.ndarray: ...


@dataclass(frozen=True)
class Corpus:
    """The retrievable items of one conversation, with the turns each is sourced from."""

    name: str
    conversation_id: str
    item_ids: tuple[str, ...]
    texts: tuple[str, ...]
    sources: tuple[frozenset[str], ...]
    vectors: np.ndarray  # (n_items, dim), L2-normalised

    @property
    def word_counts(self) -> np.ndarray:
        return np.array([len(text.split()) for text in self.texts], dtype=np.int64)


@dataclass(frozen=True)
class RetrievalOutcome:
    corpus: str
    question_id: str
    conversation_id: str
    category: int
    first_hit_rank: int | None  # 0-based rank of the first item sourced from gold evidence
    words_through_first_hit: int | None  # words read up to and including that item
    evidence_ranks: tuple[int | None, ...]  # per gold evidence turn: first rank of an item sourced from it


def encode(encoder: TextEncoder, texts: Sequence[str]) -> np.ndarray:
    """Encode, and make sure rows are unit length so a dot product is a cosine."""
    if not texts:
        return np.zeros((0, 0), dtype=np.float32)
    vectors = np.asarray(encoder.encode(list(texts)), dtype=np.float32)
    norms = np.linalg.norm(vectors, axis=1, keepdims=True)
    return vectors / np.where(norms == 0, 1.0, norms)


def turn_corpus(
    name: str, conversation_id: str, turns: pl.DataFrame, encoder: TextEncoder, speaker_prefix: bool
) -> Corpus:
    """Every turn of the conversation as a retrievable item (the baselines)."""
    rows = turns.sort("seq").select("turn_id", "speaker", "text").fill_null("").rows()
    texts = tuple(f"{speaker} said: {text}" if speaker_prefix else text for _, speaker, text in rows)
    return Corpus(
        name=name,
        conversation_id=conversation_id,
        item_ids=tuple(turn_id for turn_id, _, _ in rows),
        texts=texts,
        sources=tuple(frozenset([turn_id]) for turn_id, _, _ in rows),
        vectors=encode(encoder, texts),
    )


def memory_corpus(
    conversation_id: str,
    entries: pl.DataFrame,
    sources: pl.DataFrame,
    embeddings: pl.DataFrame,
    encoder: TextEncoder,
) -> tuple[Corpus, bool]:
    """The conversation's memories; the bool says whether their stored vectors could be used.

    Stored vectors are used when every memory has one from the same model as ``encoder``; otherwise the
    memory texts are encoded again, so that questions and memories always share one embedding space.
    """
    rows = entries.sort("memory_id").select("memory_id", "text").fill_null("").rows()
    ids = tuple(memory_id for memory_id, _ in rows)
    texts = tuple(text for _, text in rows)
    turns_of = memory_source_turns(entries, sources)
    stored = stored_vectors(ids, embeddings, encoder.model_name)
    corpus = Corpus(
        name="memory",
        conversation_id=conversation_id,
        item_ids=ids,
        texts=texts,
        sources=tuple(frozenset(turns_of.get(memory_id, ())) for memory_id in ids),
        vectors=stored if stored is not None else encode(encoder, texts),
    )
    return corpus, stored is not None


def memory_source_turns(entries: pl.DataFrame, sources: pl.DataFrame) -> dict[str, set[str]]:
    """Each memory's source turns: its ``source_turn_id`` and every ``memory_sources`` row (any role)."""
    turns_of: dict[str, set[str]] = {}
    for memory_id, turn_id in entries.select("memory_id", "source_turn_id").rows():
        if turn_id:
            turns_of.setdefault(memory_id, set()).add(turn_id)
    for memory_id, turn_id in sources.select("memory_id", "turn_id").rows():
        if turn_id:
            turns_of.setdefault(memory_id, set()).add(turn_id)
    return turns_of


def stored_vectors(memory_ids: Sequence[str], embeddings: pl.DataFrame, model_name: str) -> np.ndarray | None:
    """The lake's vectors for ``memory_ids`` in that order, or None when any is missing or from another model."""
    if not memory_ids:
        return None
    same_model = embeddings.filter(pl.col("model") == model_name)
    by_id = dict(zip(same_model["memory_id"].to_list(), same_model["vector"].to_list(), strict=True))
    if any(memory_id not in by_id or by_id[memory_id] is None for memory_id in memory_ids):
        return None
    vectors = np.asarray([by_id[memory_id] for memory_id in memory_ids], dtype=np.float32)
    norms = np.linalg.norm(vectors, axis=1, keepdims=True)
    return vectors / np.where(norms == 0, 1.0, norms)


def retrieve(
    corpus: Corpus, question: Question, evidence_turn_ids: Sequence[str], question_vector: np.ndarray
) -> RetrievalOutcome:
    """Rank the whole corpus for one question and note where the gold evidence first shows up."""
    if not corpus.item_ids:
        order = np.zeros(0, dtype=np.int64)
    else:
        order = np.argsort(-(corpus.vectors @ question_vector), kind="stable")
    words = corpus.word_counts
    return ranked_outcome(
        corpus.name, question, evidence_turn_ids, [corpus.sources[i] for i in order], [int(words[i]) for i in order]
    )


def ranked_outcome(
    corpus_name: str,
    question: Question,
    evidence_turn_ids: Sequence[str],
    ranked_sources: Sequence[frozenset[str]],
    ranked_words: Sequence[int],
) -> RetrievalOutcome:
    """Where the gold evidence first shows up in a ranking: each item's source turns and word count, in order."""
    gold = set(evidence_turn_ids)
    hit_ranks = [rank for rank, turns in enumerate(ranked_sources) if turns & gold]
    words_read = np.cumsum(np.asarray(ranked_words, dtype=np.int64)) if len(ranked_words) else np.zeros(0, dtype=np.int64)
    first_hit = hit_ranks[0] if hit_ranks else None
    return RetrievalOutcome(
        corpus=corpus_name,
        question_id=question.question_id,
        conversation_id=question.conversation_id,
        category=question.category,
        first_hit_rank=first_hit,
        words_through_first_hit=int(words_read[first_hit]) if first_hit is not None else None,
        evidence_ranks=tuple(
            next((rank for rank, turns in enumerate(ranked_sources) if turn_id in turns), None)
            for turn_id in evidence_turn_ids
        ),
    )


def recall_at_k(outcomes: Iterable[RetrievalOutcome], k: int) -> float:
    """Share of questions with at least one hit in the top k."""
    hits = [o.first_hit_rank is not None and o.first_hit_rank < k for o in outcomes]
    return float(np.mean(hits)) if hits else float("nan")


def recall_at_budget(outcomes: Iterable[RetrievalOutcome], words: int) -> float:
    """Share of questions with a hit among the items read, in rank order, before ``words`` words are exceeded."""
    hits = [o.words_through_first_hit is not None and o.words_through_first_hit <= words for o in outcomes]
    return float(np.mean(hits)) if hits else float("nan")


def evidence_recall_at_k(outcomes: Iterable[RetrievalOutcome], k: int) -> float:
    """Mean over questions of the share of their gold evidence turns reached in the top k."""
    shares = [
        np.mean([rank is not None and rank < k for rank in o.evidence_ranks]) for o in outcomes if o.evidence_ranks
    ]
    return float(np.mean(shares)) if shares else float("nan")
