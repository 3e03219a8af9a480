"""Retrieval that knows what is current: status-aware ranking, FTA scoring, history expansion, context packets.

From Python::

    from memory_pipeline.retrieval import context_packet
    packet = context_packet(lake, embedder, "Where does Nora live now?", conversation_id="state-changes")
    print(packet.to_text())

Entry points: :func:`context_packet` (from a lake), :func:`build_packet` and :func:`retrieve` over a
:class:`MemoryStore` built from frames (what the evaluation does) or loaded with :func:`load_store`.
"""

from __future__ import annotations

from datetime import datetime

from memory_pipeline.lake import Lake
from memory_pipeline.retrieval.config import LOCOMO_K, RetrievalConfig
from memory_pipeline.retrieval.cues import QuestionCues, naming_the_user, question_cues
from memory_pipeline.retrieval.packets import ContextPacket, PacketMemory, PacketTurn, build_packet
from memory_pipeline.retrieval.rank import Hit, retrieve, visible
from memory_pipeline.retrieval.store import MemoryStore, load_store


def context_packet(
    lake: Lake,
    embedder,
    question: str,
    conversation_id: str,
    as_of: datetime | None = None,
    budget_words: int | None = None,
    config: RetrievalConfig | None = None,
) -> ContextPacket:
    """The context packet for ``question`` from the lake's memories of one conversation."""
    store = load_store(lake, embedder, [conversation_id])
    question = naming_the_user(question, store.speakers)
    vector = embedder.encode([question])[0]
    return build_packet(store, question, vector, conversation_id, as_of, budget_words, config)


__all__ = [
    "LOCOMO_K",
    "ContextPacket",
    "Hit",
    "MemoryStore",
    "PacketMemory",
    "PacketTurn",
    "QuestionCues",
    "RetrievalConfig",
    "build_packet",
    "context_packet",
    "load_store",
    "question_cues",
    "retrieve",
    "visible",
]
