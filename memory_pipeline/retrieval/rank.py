"""Ranking that knows what is current: status and validity filters, FTA scoring, history expansion, neighbours.

* Which memories a question may see: active ones by default; also superseded ones with
  ``include_superseded``; with ``as_of=T`` those valid at T (``valid_from <= T < valid_to``): what the store
  now knows was true then ("moved to Berlin last month", said in March, is valid from February). Dropped
  copies never (their kept copy stands for them), nor an entry that a unit of that one entry repeats word for
  word (the unit stands for it: :attr:`MemoryStore.stands_for`).
* Scores: ``cosine``, or ``fta``: R = lambda * cosine + (1 - lambda) * cue score, kept when R >= tau (seed 002).
* History expansion (seed 000 A.4) for a question about time or change: fetch max(3R, R+16) ranked
  memories, keep the first R that are active or superseded, then follow one hop of replacement links from
  each (to its replacement, or to what it replaced), at most max(R, 8) lookups, without repeats. Memories
  that are not current are marked outdated. A question about the present ("now", "still", "currently") gets
  the current ones of those R first, then the partly updated ones (active, but a later memory changed part of
  what they say), then the replaced ones, each group in score order; a partly updated hit's update is one of
  its history hops. Of the hits kept, those that only ask ("Ellie asks: What is Ellie's salary now?") come after
  the ones that tell, whose answer the question is after.
* Linked neighbours (seed 002): per primary hit, the strongest linked memory it may see, newer ones first.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Literal

import numpy as np
import polars as pl

from memory_pipeline.retrieval.config import RetrievalConfig
from memory_pipeline.retrieval.cues import cue_score, question_cues, without_shared_names
from memory_pipeline.consolidation.base import ACTIVE, DROPPED, SUPERSEDED
from memory_pipeline.retrieval.store import MemoryStore
from memory_pipeline.links.base import PENDING
from memory_pipeline.units.records import UNKNOWN

Scoring = Literal["cosine", "fta"]
HIT, HISTORY, NEIGHBOUR = "hit", "history", "neighbour"


@dataclass(frozen=True)
class Hit:
    """A memory a question retrieved: its store row, its scores, and how it got in."""

    row: dict
    score: float
    cosine: float
    cue: float
    via: str = HIT
    relation: str | None = None  # for a neighbour: the link's relation; for history: replaces / replaced_by

    @property
    def memory_id(self) -> str:
        return self.row["memory_id"]

    @property
    def only_asks(self) -> bool:
        """The memory asks and tells nothing ("Ellie asks: What is Ellie's salary now?"): it matches a question
        about the same thing almost word for word, so it comes after the hits that answer it."""
        return every_sentence_asks(self.row["text"])

    @property
    def outdated(self) -> bool:
        return self.row["status"] != ACTIVE

    @property
    def partly_updated(self) -> bool:
        """Active, but a later memory changed part of what it says (:func:`~.store.with_updates`)."""
        return self.row.get("updated_by") is not None


def every_sentence_asks(text: str | None) -> bool:
    """Every sentence of ``text`` ends in a question mark."""
    sentences = [part for part in re.split(r"(?<=[.!?])\s+", (text or "").strip()) if part]
    return bool(sentences) and all(part.endswith("?") for part in sentences)


def outdated_at(status: str, valid_from: datetime | None, valid_to: datetime | None, as_of: datetime | None) -> bool:
    """Whether a memory is out of date for a reader: not active, or, reading as of a time, not valid then."""
    if as_of is None or status == DROPPED:
        return status != ACTIVE
    return not ((valid_from is None or valid_from <= as_of) and (valid_to is None or valid_to > as_of))


def status_marker(status: str, replaced_by: str | None, outdated: bool, updated_by: str | None = None) -> str:
    """The note printed before a memory's text: outdated, (read as of a time) true then but replaced since, or
    (read now) partly changed by a later memory."""
    if outdated:
        return f"[OUTDATED; {status}, replaced by {replaced_by}] "
    if status != ACTIVE:
        return f"[valid then; {status} later, replaced by {replaced_by}] "
    if updated_by:
        return f"[PARTLY UPDATED by {updated_by}] "
    return ""


def plan_note(lifecycle: str | None, event_end: datetime | None = None, at: datetime | None = None) -> str | None:
    """The plan note printed after a memory's text; none where there is no plan or its outcome is unknown
    (most units: the unit schema fills "unknown" where a situation holds no plan). A plan still pending whose date
    ended before ``at`` (the time the store is read as of, else now) says so: nothing told how it went, so it is no
    plan still ahead ("dentist at 7 tomorrow morning", said in April, read in December)."""
    if not lifecycle or lifecycle == UNKNOWN:
        return None
    if lifecycle == PENDING and event_end is not None and event_end <= (at or datetime.now()):
        return "plan pending, its date passed untold"
    return f"plan {lifecycle}"


def visible(store: MemoryStore, as_of: datetime | None = None, include_superseded: bool = False) -> np.ndarray:
    """Mask of the memories a question may see (see the module docstring)."""
    status = store.frame["status"]
    if as_of is None:
        allowed = (status == ACTIVE) | ((status == SUPERSEDED) & include_superseded)
        return allowed.to_numpy() & store.shown
    started = pl.col("valid_from").is_null() | (pl.col("valid_from") <= as_of)
    current = pl.col("valid_to").is_null() | (pl.col("valid_to") > as_of) | pl.lit(include_superseded)
    mask = store.frame.select((started & current & (pl.col("status") != DROPPED)).alias("m"))["m"]
    return mask.fill_null(False).to_numpy() & store.shown


def scores(
    store: MemoryStore, question: str, question_vector: np.ndarray, scoring: Scoring, config: RetrievalConfig
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(score, cosine, cue) of every memory of the store."""
    cosine = store.vectors @ question_vector if store.frame.height else np.zeros(0, np.float32)
    if scoring == "cosine":
        return cosine, cosine, np.zeros_like(cosine)
    cues = without_shared_names(question_cues(question), store.speakers)
    cue = np.array([cue_score(cues, anchors) for anchors in store.anchors], dtype=np.float32)
    return config.lam * cosine + (1 - config.lam) * cue, cosine, cue


def retrieve(
    store: MemoryStore,
    question: str,
    question_vector: np.ndarray,
    k: int,
    scoring: Scoring = "cosine",
    as_of: datetime | None = None,
    include_superseded: bool = False,
    config: RetrievalConfig | None = None,
) -> list[Hit]:
    """The primary hits for ``question`` (and, for a history question, their one-hop replacements)."""
    config = config or RetrievalConfig()
    if store.frame.height == 0 or k <= 0:
        return []
    score, cosine, cue = scores(store, question, question_vector, scoring, config)
    history = expands_history(question, as_of, include_superseded, config)
    mask = primary_mask(store, question, as_of, include_superseded, config)
    order = np.argsort(-score, kind="stable")[: max(3 * k, k + 16)]
    rows = store.rows
    kept = [
        Hit(rows[i], float(score[i]), float(cosine[i]), float(cue[i]))
        for i in order
        if mask[i] and (scoring == "cosine" or score[i] >= config.tau)
    ][:k]
    if history and question_cues(question).present:
        # stable: current memories first, then partly updated ones, then replaced ones, each in score order
        kept.sort(key=lambda hit: (hit.outdated, hit.partly_updated, hit.only_asks))
    else:
        kept.sort(key=lambda hit: hit.only_asks)
    if history:
        kept += _history(store, kept, score, cosine, cue, max(k, 8))
    return kept


def _history(store: MemoryStore, hits: list[Hit], score, cosine, cue, lookups: int) -> list[Hit]:
    """One hop of replacement links from each hit: a superseded hit's replacement, what an active hit replaced."""
    rows, index = store.rows, store.index
    replaced: dict[str, list[str]] = {}
    for row in rows:
        if row["status"] == SUPERSEDED and row["replaced_by"]:
            replaced.setdefault(store.shown_as(row["replaced_by"]), []).append(row["memory_id"])
        elif row["status"] == ACTIVE and row.get("updated_by"):
            replaced.setdefault(store.shown_as(row["updated_by"]), []).append(row["memory_id"])
    seen = {hit.memory_id for hit in hits}
    added: list[Hit] = []
    for hit in hits:
        partners = [(hit.row["replaced_by"], "replaced_by")] if hit.row["status"] == SUPERSEDED else []
        partners += [(hit.row["updated_by"], "updated_by")] if hit.partly_updated else []
        partners += [(memory_id, "replaces") for memory_id in replaced.get(hit.memory_id, [])]
        for memory_id, relation in partners:
            if lookups <= 0:
                return added
            lookups -= 1
            memory_id = store.shown_as(memory_id)
            if memory_id in seen or memory_id not in index:
                continue
            i = index[memory_id]
            seen.add(memory_id)
            added.append(Hit(rows[i], float(score[i]), float(cosine[i]), float(cue[i]), HISTORY, relation))
    return added


def neighbours(
    store: MemoryStore,
    hits: Sequence[Hit],
    question_vector: np.ndarray,
    per_hit: int,
    mask: np.ndarray,
) -> list[Hit]:
    """Up to ``per_hit`` linked memories per hit, not already retrieved and visible under ``mask``: links
    from newer memories about the hit first (its updates and follow-ups), then by confidence."""
    if per_hit <= 0 or store.links.height == 0 or not hits:
        return []
    rows, index = store.rows, store.index
    taken = {hit.memory_id for hit in hits}
    out: list[Hit] = []
    for hit in hits:
        options = []
        for link in store.linked.get(hit.memory_id, []):
            if link["dst_memory_id"] == hit.memory_id:
                options.append((0, -(link["confidence"] or 0.0), link["src_memory_id"], link["relation"]))
            elif link["src_memory_id"] == hit.memory_id:
                options.append((1, -(link["confidence"] or 0.0), link["dst_memory_id"], link["relation"]))
        added = 0
        for _, _, memory_id, relation in sorted(options):
            memory_id = store.shown_as(memory_id)
            i = index.get(memory_id)
            if i is None or memory_id in taken or not mask[i]:
                continue
            taken.add(memory_id)
            cosine = float(store.vectors[i] @ question_vector)
            out.append(Hit(rows[i], cosine, cosine, 0.0, NEIGHBOUR, relation))
            added += 1
            if added == per_hit:
                break
    return out


def expands_history(question: str, as_of: datetime | None, include_superseded: bool, config: RetrievalConfig) -> bool:
    """A question about time or change, asked of the present store (``as_of`` already picks a time)."""
    return config.history_expansion and as_of is None and not include_superseded and question_cues(question).history


def primary_mask(
    store: MemoryStore, question: str, as_of: datetime | None, include_superseded: bool, config: RetrievalConfig
) -> np.ndarray:
    """What the primary hits, and so their neighbours, may be drawn from."""
    history = expands_history(question, as_of, include_superseded, config)
    return visible(store, as_of, include_superseded or history)
