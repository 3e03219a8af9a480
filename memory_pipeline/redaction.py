"""Redaction: the text of USER_PII-scoped memories, and of the turns they came from, masked for display.

The lake keeps every text (consolidation never rewrites, and erasure is ``forget``); redaction is a way of
showing the store to someone who may see what is remembered but not the sensitive details: the
``memories_redacted`` view in SQL, ``--redact`` on ``search`` and ``context``. A turn is masked when any memory
shown with it is USER_PII, since the turn holds the same words.
"""

from __future__ import annotations

from dataclasses import replace

PII_SCOPE = "USER_PII"
MASK = "[redacted: USER_PII]"


def is_sensitive(scope: str | None) -> bool:
    return scope == PII_SCOPE


def redact_hits(hits: list) -> list:
    """Search hits (:class:`memory_pipeline.search.SearchHit`) with USER_PII texts and their source turns masked."""
    return [
        replace(hit, text=MASK, sources=[replace(turn, text=MASK) for turn in hit.sources]) if is_sensitive(hit.scope)
        else hit
        for hit in hits
    ]


def redact_packet(packet):
    """A context packet (:class:`memory_pipeline.retrieval.packets.ContextPacket`) with USER_PII memories and
    every turn shown for one of them masked."""
    sensitive = {m.memory_id for m in (*packet.primary, *packet.neighbours, *packet.supporting) if is_sensitive(m.scope)}

    def mask(memories: list) -> list:
        return [replace(m, text=MASK) if m.memory_id in sensitive else m for m in memories]

    return replace(
        packet,
        primary=mask(packet.primary),
        neighbours=mask(packet.neighbours),
        supporting=mask(packet.supporting),
        turns=[replace(t, text=MASK) if t.for_memory in sensitive else t for t in packet.turns],
    )
