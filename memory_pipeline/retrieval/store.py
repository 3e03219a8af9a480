"""The memory store as retrieval reads it: memories with status and validity, vectors, links, source turns.

Built from frames (:meth:`MemoryStore.build`) or from a lake (:func:`load_store`). A lake without status
tables yet (no consolidation run) is a store where every memory is active and valid from when it was said;
one without links has no neighbours.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import datetime
from functools import cached_property

import numpy as np
import polars as pl

from memory_pipeline.consolidation.base import ACTIVE, SUPERSEDE, SUPERSEDED
from memory_pipeline.consolidation.validator import HIDES_OTHER_FACTS
from memory_pipeline.lake import Lake
from memory_pipeline.links.base import LIFECYCLE_MOVES, PENDING
from memory_pipeline.memory_frame import ENTRY, FTA_UNIT, memory_frame, memory_vectors
from memory_pipeline.retrieval.cues import MemoryAnchors, memory_anchors
from memory_pipeline.search import SourceTurn
from memory_pipeline.schemas import LINKS

STATUS_COLUMNS = {
    "status": pl.String,
    "replaced_by": pl.String,
    "valid_from": pl.Datetime("us"),
    "valid_to": pl.Datetime("us"),
    "lifecycle": pl.String,
}


@dataclass
class MemoryStore:
    frame: pl.DataFrame  # memory frame + STATUS_COLUMNS, row i <-> vectors[i]
    vectors: np.ndarray
    links: pl.DataFrame  # LINKS
    turns: dict[str, SourceTurn]

    @classmethod
    def build(
        cls,
        frame: pl.DataFrame,
        vectors: np.ndarray,
        status: pl.DataFrame | None = None,
        links: pl.DataFrame | None = None,
        turns: pl.DataFrame | None = None,
        decisions: pl.DataFrame | None = None,
    ) -> MemoryStore:
        """A store over a memory frame and its vectors; ``status`` is ``memory_status`` rows (none: all active),
        ``decisions`` the ``consolidation_decisions`` rows that say which active memories a later one partly
        updates (:func:`with_updates`)."""
        framed = with_updates(with_status(frame, status), decisions)
        return cls(framed, vectors, links if links is not None else empty_links(), turn_lookup(turns))

    @cached_property
    def rows(self) -> list[dict]:
        """The frame's rows as dicts, in row order (computed once)."""
        return self.frame.to_dicts()

    @cached_property
    def speakers(self) -> frozenset[str]:
        """Whose memories the store holds."""
        return frozenset(s for s in self.frame["speaker"].unique().to_list() if s) if self.frame.height else frozenset()

    @cached_property
    def index(self) -> dict[str, int]:
        return {row["memory_id"]: i for i, row in enumerate(self.rows)}

    @cached_property
    def anchors(self) -> list[MemoryAnchors]:
        """What the cue score reads from each memory, in row order (computed once)."""
        return [memory_anchors(row) for row in self.rows]

    @cached_property
    def linked(self) -> dict[str, list[dict]]:
        """Links by the memory at either end."""
        out: dict[str, list[dict]] = {}
        for link in self.links.to_dicts():
            out.setdefault(link["src_memory_id"], []).append(link)
            out.setdefault(link["dst_memory_id"], []).append(link)
        return out

    @cached_property
    def stands_for(self) -> dict[str, str]:
        """Entry id -> the unit shown in its place: a unit of one entry repeats that entry word for word (same
        text, same source turns, same status), and a unit of several says the entry's words among its own, from
        the entry's turns, with the same status and plan state. Results show such a pair once, as the unit, which
        also carries the situation's affect and plan; shown twice, the same sentence takes two of a question's k
        places and twice its words in a packet's budget. An entry whose turn the units split in parts ("Raj's dog
        Biscuit keeps chewing the sofa, any tips?" and "He's a 2 year old beagle.") is shown as those parts: the
        longest stands for it."""
        units: dict[tuple, str] = {}
        by_turn: dict[tuple[str, str], list[dict]] = {}
        for row in self.rows:
            if row["memory_kind"] == FTA_UNIT:
                units.setdefault(_twin_key(row), row["memory_id"])
                for turn_id in row["source_turn_ids"] or ():
                    by_turn.setdefault((row["conversation_id"], turn_id), []).append(row)
        out: dict[str, str] = {}
        for row in self.rows:
            if row["memory_kind"] != ENTRY:
                continue
            if _twin_key(row) in units:
                out[row["memory_id"]] = units[_twin_key(row)]
                continue
            turns = row["source_turn_ids"] or ()
            said = _words_said(row["text"])
            same_turn = [
                unit for unit in (by_turn.get((row["conversation_id"], turns[0]), []) if turns and said else ())
                if (unit["status"], _plan_state(unit)) == (row["status"], _plan_state(row))
            ]
            for unit in same_turn:
                if set(turns) <= set(unit["source_turn_ids"]) and said in _words_said(unit["text"]):
                    out[row["memory_id"]] = unit["memory_id"]
                    break
            else:
                parts = [unit for unit in same_turn if list(unit["source_turn_ids"] or ()) == list(turns)]
                if _split_into(said, [_words_said(unit["text"]) for unit in parts]):
                    out[row["memory_id"]] = max(parts, key=lambda unit: len(unit["text"] or ""))["memory_id"]
        return out

    @cached_property
    def shown(self) -> np.ndarray:
        """Mask of the memories results may show: all but the entries a unit stands for."""
        twins = self.stands_for
        return np.array([row["memory_id"] not in twins for row in self.rows], dtype=bool)

    def shown_as(self, memory_id: str) -> str:
        """The memory results show for ``memory_id``: its unit for an entry that has a twin, else itself."""
        return self.stands_for.get(memory_id, memory_id)

    def source_turns(self, row: dict) -> list[SourceTurn]:
        return [self.turns.get(turn_id, SourceTurn(turn_id, None, None, None)) for turn_id in row["source_turn_ids"] or []]

    def at(self, as_of: datetime | None) -> MemoryStore:
        """The store as it read at ``as_of``: a plan a link called off or completed after then was still pending
        then, and one moved twice shows the move it had by then. An answer "as of" a day never tells what only
        happened later (validity does the same for states). A plan whose move came from another memory of it (the
        replaced one's, a unit's entries', as consolidation tells them) reads that memory's moves; a memory partly
        updated is shown so only when the update held by then."""
        if as_of is None:
            return self
        store = self._updates_known_at(as_of)
        if store.links.height == 0 or "lifecycle_change" not in store.links.columns:
            return store
        history: dict[str, list[tuple[datetime, str]]] = {}
        moves = store.links.filter(pl.col("lifecycle_change").is_not_null() & pl.col("changed_at").is_not_null())
        for memory_id, change, changed_at in moves.select("dst_memory_id", "lifecycle_change", "changed_at").iter_rows():
            history.setdefault(memory_id, []).append((changed_at, change))
        if not history:
            return store
        told_by = store._plan_memories()

        def moves_of(memory_id: str, seen: frozenset[str] = frozenset()) -> list[tuple[datetime, str]]:
            if memory_id in history or memory_id in seen:
                return history.get(memory_id, [])
            return [move for other in told_by.get(memory_id, ()) for move in moves_of(other, seen | {memory_id})]

        def then(memory_id: str, lifecycle: str | None) -> str | None:
            moved = moves_of(memory_id)
            if not moved or lifecycle not in LIFECYCLE_MOVES:
                return lifecycle
            before = [move for move in moved if move[0] <= as_of]
            return max(before)[1] if before else PENDING

        lifecycles = [then(m, lifecycle) for m, lifecycle in store.frame.select("memory_id", "lifecycle").iter_rows()]
        frame = store.frame.with_columns(pl.Series("lifecycle", lifecycles, dtype=pl.String))
        return MemoryStore(frame, self.vectors, store.links, self.turns)

    def _updates_known_at(self, as_of: datetime) -> MemoryStore:
        """The store with ``updated_by`` kept only where the updating memory held at ``as_of`` (valid from then or
        before): "on warfarin" as of March is partly updated by January's switch, not by a switch of May."""
        if "updated_by" not in self.frame.columns:
            return self
        since = dict(self.frame.select("memory_id", "valid_from").iter_rows())
        kept = [
            by if by is not None and since.get(by) is not None and since[by] <= as_of else None
            for by in self.frame["updated_by"].to_list()
        ]
        frame = self.frame.with_columns(pl.Series("updated_by", kept, dtype=pl.String))
        return MemoryStore(frame, self.vectors, self.links, self.turns)

    def _plan_memories(self) -> dict[str, list[str]]:
        """Memory -> the other memories that may hold its plan's moves: what it replaced, and a unit's entries."""
        out: dict[str, list[str]] = {}
        entries_by_turn: dict[tuple[str, str], list[str]] = {}
        for row in self.rows:
            if row["status"] == SUPERSEDED and row["replaced_by"]:
                out.setdefault(row["replaced_by"], []).append(row["memory_id"])
            if row["memory_kind"] == ENTRY and row["source_turn_ids"]:
                entries_by_turn.setdefault((row["conversation_id"], row["source_turn_ids"][0]), []).append(row["memory_id"])
        for row in self.rows:
            if row["memory_kind"] == FTA_UNIT:
                for turn_id in row["source_turn_ids"] or ():
                    out.setdefault(row["memory_id"], []).extend(entries_by_turn.get((row["conversation_id"], turn_id), []))
        return out

    def restrict(self, conversation_id: str | None) -> MemoryStore:
        """The store of one conversation (the whole store for None)."""
        if conversation_id is None:
            return self
        keep = (self.frame["conversation_id"] == conversation_id).to_numpy()
        links = self.links.filter(pl.col("conversation_id") == conversation_id)
        return MemoryStore(self.frame.filter(pl.Series(keep)), self.vectors[keep], links, self.turns)


# "<Name> noted:" and "<Name> asks:", which a unit drops before a sentence of the speaker of the one before it.
_ATTRIBUTION = re.compile(r"\b[A-Z][\w'’-]*(?: [A-Z][\w'’-]*)? (?:noted|asks):\s*")


def _words_said(text: str | None) -> str:
    """A memory's words as compared for containment: no attributions, no case, no final stops."""
    return " ".join(_ATTRIBUTION.sub("", text or "").lower().replace(".", " ").replace("?", " ").split())


def _split_into(said: str, parts: list[str]) -> bool:
    """Each part is words of ``said``, and together the parts say nearly all of it (a dropped "so" or "lol" aside)."""
    if len(parts) < 2 or not all(part and part in said for part in parts):
        return False
    words = said.split()
    kept = {word for part in parts for word in part.split()}
    return sum(word in kept for word in words) >= 0.9 * len(words)


def _plan_state(row: dict) -> str | None:
    """A memory's lifecycle, "unknown" (a unit's word for none) read as none."""
    lifecycle = row.get("lifecycle")
    return None if lifecycle in (None, "unknown") else lifecycle


def _twin_key(row: dict) -> tuple:
    return (row["conversation_id"], " ".join((row["text"] or "").split()), tuple(sorted(row["source_turn_ids"] or ())), row["status"])


def with_status(frame: pl.DataFrame, status: pl.DataFrame | None) -> pl.DataFrame:
    """The frame with status, replacement, validity and lifecycle; defaults where ``status`` says nothing."""
    if status is not None and status.height:
        picked = status.select(
            "memory_id", "status", "replaced_by", "valid_from", "valid_to",
            pl.col("lifecycle_status").alias("status_lifecycle") if "lifecycle_status" in status.columns
            else pl.lit(None, dtype=pl.String).alias("status_lifecycle"),
        ).unique("memory_id", keep="last")
        frame = frame.join(picked, on="memory_id", how="left")
    else:
        frame = frame.with_columns(
            [pl.lit(None, dtype=dtype).alias(name) for name, dtype in STATUS_COLUMNS.items() if name != "lifecycle"]
            + [pl.lit(None, dtype=pl.String).alias("status_lifecycle")]
        )
    return frame.with_columns(
        pl.col("status").fill_null(ACTIVE),
        pl.coalesce("valid_from", "session_time").cast(pl.Datetime("us")).alias("valid_from"),
        pl.col("valid_to").cast(pl.Datetime("us")),
        pl.coalesce("status_lifecycle", "lifecycle_status").alias("lifecycle"),
    ).drop("status_lifecycle")


def with_updates(frame: pl.DataFrame, decisions: pl.DataFrame | None) -> pl.DataFrame:
    """The frame with ``updated_by``: for an active memory, the later memory that changed part of what it says.

    Consolidation never hides a memory of several clauses (its other facts would go too), so "Rosa works at
    Lumen Labs, the office is downtown" stays active after "I don't work at Lumen anymore"; the refused
    supersede names the later memory, which is what ``updated_by`` keeps. A unit is partly updated too when
    one of the entries it was formed from was superseded or partly updated by a memory from outside the unit
    (units are read by their own slots, which often miss what their entries' did).
    """
    updated: dict[str, str] = {}
    if decisions is not None and decisions.height:
        refused = decisions.filter(
            (pl.col("action") == SUPERSEDE) & ~pl.col("accepted") & (pl.col("reject_reason") == HIDES_OTHER_FACTS)
        )
        for candidate_id, target_id in refused.select("candidate_id", "target_id").iter_rows():
            updated[candidate_id] = target_id
    rows = frame.select("memory_id", "memory_kind", "status", "replaced_by", "source_turn_ids").to_dicts()
    turns_of = {row["memory_id"]: set(row["source_turn_ids"] or ()) for row in rows}
    changed_entries: dict[str, list[str]] = {}  # source turn -> replacements of the entries formed from it
    for row in rows:
        if row["memory_kind"] != ENTRY:
            continue
        replacement = row["replaced_by"] if row["status"] == SUPERSEDED else updated.get(row["memory_id"])
        if replacement is not None:
            for turn_id in turns_of[row["memory_id"]]:
                changed_entries.setdefault(turn_id, []).append(replacement)
    column = []
    for row in rows:
        by = updated.get(row["memory_id"]) if row["status"] == ACTIVE else None
        if by is None and row["status"] == ACTIVE and row["memory_kind"] == FTA_UNIT:
            own = turns_of[row["memory_id"]]
            by = next((r for t in sorted(own) for r in changed_entries.get(t, []) if not turns_of.get(r, set()) <= own), None)
        column.append(by)
    return frame.with_columns(pl.Series("updated_by", column, dtype=pl.String))


def empty_links() -> pl.DataFrame:
    return pl.from_arrow(LINKS.empty_table())


def turn_lookup(turns: pl.DataFrame | None) -> dict[str, SourceTurn]:
    if turns is None or turns.height == 0:
        return {}
    return {
        row["turn_id"]: SourceTurn(row["turn_id"], row.get("speaker"), row.get("session_time"), row.get("text"))
        for row in turns.select("turn_id", "speaker", "session_time", "text").iter_rows(named=True)
    }


def load_store(lake: Lake, embedder, conversation_ids: list[str] | None = None) -> MemoryStore:
    """The lake's memories (entries, and FTA units where the lake has them) with their status and links.

    Vectors are the stored ones of ``embedder``'s model; memories without one are embedded on the fly.
    """
    tables = set(lake.tables())
    read = lambda table: lake.read_table(table, conversation_ids) if table in tables else None  # noqa: E731
    turns = read("turns")
    frame = memory_frame(read("memory_entries"), read("fta_units"), read("memory_sources"), turns)
    embeddings = read("memory_embeddings")
    if embeddings is None:
        embeddings = pl.DataFrame(schema={"memory_id": pl.String, "model": pl.String, "vector": pl.List(pl.Float32)})
    vectors = memory_vectors(frame, embeddings, embedder, embedder.model_name) if frame.height else np.zeros((0, embedder.dimension), np.float32)
    return MemoryStore.build(frame, vectors, read("memory_status"), read("links"), turns, read("consolidation_decisions"))
