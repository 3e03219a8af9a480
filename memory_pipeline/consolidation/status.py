"""Status writes, checked: every memory starts active, and a hiding decision changes exactly one memory once.

:class:`StatusBook` refuses a write that would reactivate or re-hide a memory, point a replacement link at a
memory that is not active, cross conversations or kinds, or close a cycle of replacements. After all
decisions, :func:`status_problems` re-checks the final state as a whole, and :func:`status_frame` writes it
with validity intervals: a memory is valid from when it became true (the date of a state change reported
with one, "moved to Berlin last month"; otherwise when it was said) until its replacement became valid.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

import polars as pl
import pyarrow as pa

from memory_pipeline.analysis import Reading
from memory_pipeline.analysis.slots import EVENT_SLOTS
from memory_pipeline.consolidation.base import ACTIVE, DEDUP, DROPPED, SUPERSEDED, Proposal
from memory_pipeline.links.base import CANCELLED, COMPLETED, PENDING
from memory_pipeline.memory_frame import ENTRY, FTA_UNIT, Memory
from memory_pipeline.schemas import MEMORY_STATUS

ALREADY_INACTIVE = "hidden_memory_already_inactive"
REPLACEMENT_INACTIVE = "replacement_not_active"
CROSSES_STORES = "replacement_in_another_conversation_or_kind"
CYCLE = "would_create_cycle"
UNKNOWN_MEMORY = "unknown_memory"


@dataclass
class StatusRow:
    status: str = ACTIVE
    replaced_by: str | None = None
    decided_by: str | None = None


class StatusBook:
    """The status of every memory of a frame while decisions are applied."""

    def __init__(self, memories: dict[str, Memory]) -> None:
        self.memories = memories
        self.rows = {memory_id: StatusRow() for memory_id in memories}

    def is_active(self, memory_id: str) -> bool:
        row = self.rows.get(memory_id)
        return row is not None and row.status == ACTIVE

    def refusal(self, proposal: Proposal) -> str | None:
        """Why applying the hiding ``proposal`` would leave an inconsistent state, or None."""
        hidden, keeper = proposal.hidden_id, proposal.keeper_id
        if hidden not in self.rows or keeper not in self.rows:
            return UNKNOWN_MEMORY
        a, b = self.memories[hidden], self.memories[keeper]
        if (a.conversation_id, a.memory_kind) != (b.conversation_id, b.memory_kind):
            return CROSSES_STORES
        if hidden == keeper or hidden in self.chain(keeper):
            return CYCLE
        if not self.is_active(hidden):
            return ALREADY_INACTIVE
        if not self.is_active(keeper):
            return REPLACEMENT_INACTIVE
        return None

    def apply(self, proposal: Proposal, decision_id: str) -> None:
        reason = self.refusal(proposal)
        if reason is not None:
            raise ValueError(f"status write refused ({reason}): {proposal}")
        status = DROPPED if proposal.action == DEDUP else SUPERSEDED
        self.rows[proposal.hidden_id] = StatusRow(status, proposal.keeper_id, decision_id)

    def chain(self, memory_id: str) -> list[str]:
        """The memories ``memory_id`` is replaced by, one hop after another (stops at a repeat)."""
        seen: list[str] = []
        current = self.rows[memory_id].replaced_by if memory_id in self.rows else None
        while current is not None and current not in seen:
            seen.append(current)
            current = self.rows[current].replaced_by if current in self.rows else None
        return seen


def status_problems(rows: dict[str, StatusRow], memories: dict[str, Memory]) -> list[str]:
    """Everything wrong with a final state: dangling or self replacements, cycles, active memories with a
    replacement, hidden ones without."""
    problems = []
    for memory_id, row in rows.items():
        if row.status == ACTIVE and row.replaced_by is not None:
            problems.append(f"{memory_id}: active but replaced by {row.replaced_by}")
        if row.status != ACTIVE and row.replaced_by is None:
            problems.append(f"{memory_id}: {row.status} without a replacement")
        if row.replaced_by is not None and row.replaced_by not in memories:
            problems.append(f"{memory_id}: replaced by unknown {row.replaced_by}")
    for memory_id in rows:
        seen = {memory_id}
        current = rows[memory_id].replaced_by
        while current is not None and current in rows:
            if current in seen:
                problems.append(f"{memory_id}: replacement cycle through {current}")
                break
            seen.add(current)
            current = rows[current].replaced_by
    return problems


def valid_from(memory: Memory, reading: Reading | None) -> datetime | None:
    """When a memory became true: the date of a state change it reports with an explicit earlier date,
    otherwise when it was said. An appointment's date is when it happens, not when it was arranged."""
    states = [s for s in reading.state_slots if s.slot not in EVENT_SLOTS] if reading is not None else []
    if states and memory.explicit_time and memory.session_time is not None:
        day = memory.session_time.replace(hour=0, minute=0, second=0, microsecond=0)
        if memory.event_start < day:
            return memory.event_start
    return memory.session_time


def one_lifecycle_per_plan(
    rows: dict[str, StatusRow],
    memories: dict[str, Memory],
    lifecycles: dict[str, str | None],
    moved_at: dict[str, datetime] | None = None,
) -> dict[str, str | None]:
    """The lifecycles with what one memory of a plan says became of it told by the others that hold the same plan:

    * a plan moved to a new date and then called off or done ("the wedding is pushed to September", then "we called
      off the wedding", which named the wedding the first memory had dated): its replacement, still pending, is
      called off or done too (read as a plan or not: it holds the plan it replaced), when the move came after the new
      date was said (``moved_at``: when each move
      happened, from the links); one called off before it was set again stays called off alone;
    * a pending unit whose entries that were plans all moved the same way ("we're moving to Clifton on the 1st"
      completed by "moved in two weeks ago"): the unit says what its entries say, so the two tables agree.
    """
    out = dict(lifecycles)
    moved = (COMPLETED, CANCELLED)
    for memory_id, row in rows.items():
        if row.status != SUPERSEDED or lifecycles.get(memory_id) not in moved:
            continue
        end, seen = row.replaced_by, {memory_id}
        while end is not None and end not in seen and rows.get(end) is not None and rows[end].status == SUPERSEDED:
            seen.add(end)
            end = rows[end].replaced_by
        when, said = (moved_at or {}).get(memory_id), memories[end].session_time if end in memories else None
        # the replacement holds the plan it replaced, whether or not its own words read as one ("they moved the
        # review to monday")
        open_plan = out.get(end) in (PENDING, None, "unknown")
        if end is not None and open_plan and when is not None and said is not None and when >= said:
            out[end] = lifecycles[memory_id]
    entries_by_turn: dict[tuple[str, str], list[str]] = {}
    for memory_id, memory in memories.items():
        if memory.memory_kind == ENTRY and memory.source_turn_ids:
            entries_by_turn.setdefault((memory.conversation_id, memory.source_turn_ids[0]), []).append(memory_id)
    for memory_id, memory in memories.items():
        if memory.memory_kind != FTA_UNIT or out.get(memory_id) != PENDING:
            continue
        states = {
            out.get(entry_id)
            for turn_id in memory.source_turn_ids
            for entry_id in entries_by_turn.get((memory.conversation_id, turn_id), ())
            if out.get(entry_id) not in (None, "unknown")  # "unknown": a unit's word for no plan
        }
        if len(states) == 1 and (state := states.pop()) in moved:
            out[memory_id] = state
    return out


def status_frame(
    rows: dict[str, StatusRow],
    memories: dict[str, Memory],
    readings: dict[str, Reading],
    lifecycles: dict[str, str | None],
    moved_at: dict[str, datetime] | None = None,
) -> pl.DataFrame:
    """The ``memory_status`` rows: status, replacement, validity interval, deciding decision, lifecycle (told
    across the memories of one plan, :func:`one_lifecycle_per_plan`).

    A superseded memory is valid until its replacement became valid (never before its own start); a dropped
    copy has an empty interval: the copy that was kept stands for it.
    """
    starts = {memory_id: valid_from(memory, readings.get(memory_id)) for memory_id, memory in memories.items()}
    lifecycles = one_lifecycle_per_plan(rows, memories, lifecycles, moved_at)
    records = []
    for memory_id, memory in memories.items():
        row = rows[memory_id]
        start = starts[memory_id]
        end = None
        if row.status == SUPERSEDED:
            end = starts.get(row.replaced_by)
            if start is not None and (end is None or end < start):
                end = start
        elif row.status == DROPPED:
            end = start
        records.append(
            {
                "memory_id": memory_id,
                "conversation_id": memory.conversation_id,
                "memory_kind": memory.memory_kind,
                "status": row.status,
                "replaced_by": row.replaced_by,
                "valid_from": start,
                "valid_to": end,
                "decided_by": row.decided_by,
                "lifecycle_status": lifecycles.get(memory_id),
            }
        )
    return pl.from_arrow(pa.Table.from_pylist(records, schema=MEMORY_STATUS))
