"""The rules behind the asset checks of links and consolidation, over the written tables.

Each returns the problems it finds (empty when the check passes), like :mod:`memory_pipeline.quality`.
"""

from __future__ import annotations

from collections.abc import Mapping

import polars as pl

from memory_pipeline.consolidation.base import ACTIVE


def status_cycles(status: pl.DataFrame) -> list[str]:
    """Memories whose chain of replacements comes back to itself."""
    replaced_by = _replacements(status)
    problems = []
    for memory_id in replaced_by:
        seen = {memory_id}
        current = replaced_by.get(memory_id)
        while current is not None:
            if current in seen:
                problems.append(f"{memory_id}: replacement cycle through {current}")
                break
            seen.add(current)
            current = replaced_by.get(current)
    return problems


def replacements_resolve(status: pl.DataFrame) -> list[str]:
    """Every ``replaced_by`` names a memory of the table, and following the chain ends at an active memory."""
    replaced_by = _replacements(status)
    states = dict(zip(status["memory_id"].to_list(), status["status"].to_list(), strict=True))
    problems = []
    for memory_id, target in replaced_by.items():
        if target is None:
            if states[memory_id] != ACTIVE:
                problems.append(f"{memory_id}: {states[memory_id]} without a replacement")
            continue
        if states[memory_id] == ACTIVE:
            problems.append(f"{memory_id}: active but replaced by {target}")
        seen = {memory_id}
        while target is not None and target in states and target not in seen:
            seen.add(target)
            if states[target] == ACTIVE:
                break
            target = replaced_by.get(target)
        if target is None or target not in states or states[target] != ACTIVE:
            problems.append(f"{memory_id}: its replacements never reach an active memory")
    return problems


def dangling_link_ends(links: pl.DataFrame, conversation_of: Mapping[str, str]) -> list[str]:
    """Links whose source or destination is not a memory of the link's conversation (``conversation_of`` maps
    every memory id to its conversation; a chunk of several conversations is checked at once)."""
    problems = []
    for row in links.iter_rows(named=True):
        for end, column in (("source", "src_memory_id"), ("destination", "dst_memory_id")):
            owner = conversation_of.get(row[column])
            if owner is None:
                problems.append(f"{row['link_id']}: {end} {row[column]} is not a memory")
            elif owner != row["conversation_id"]:
                problems.append(f"{row['link_id']}: {end} {row[column]} belongs to conversation {owner}")
    return problems


def status_checks(status: pl.DataFrame) -> dict[str, list[str]]:
    """The problems of a ``memory_status`` table, by check name."""
    return {"no_status_cycles": status_cycles(status), "replacements_resolve": replacements_resolve(status)}


def _replacements(status: pl.DataFrame) -> dict[str, str | None]:
    return dict(zip(status["memory_id"].to_list(), status["replaced_by"].to_list(), strict=True))
