"""Redaction masks USER_PII texts (and the turns they came from) in SQL, search and context packets."""

from __future__ import annotations

from datetime import datetime

from memory_pipeline import warehouse
from memory_pipeline.redaction import MASK, redact_hits, redact_packet
from memory_pipeline.retrieval.packets import ContextPacket, PacketMemory, PacketTurn
from memory_pipeline.search import SearchHit, SourceTurn


def _memory(memory_id: str, text: str, scope: str) -> PacketMemory:
    return PacketMemory(memory_id, "entry", "Ana", text, datetime(2024, 1, 5), None, None, "active", None, None, None,
                        None, 0.9, "hit", None, (f"t-{memory_id}",), scope)


def test_packet_masks_pii_memories_and_their_turns_only():
    packet = ContextPacket("q", "c", None, 400,
                           primary=[_memory("a", "Ana's passport is X123", "USER_PII"), _memory("b", "Ana likes tea", "GENERIC")],
                           turns=[PacketTurn("t-a", "Ana", None, "my passport is X123", "a"),
                                  PacketTurn("t-b", "Ana", None, "I like tea", "b")])
    redacted = redact_packet(packet)
    assert [m.text for m in redacted.primary] == [MASK, "Ana likes tea"]
    assert [t.text for t in redacted.turns] == [MASK, "I like tea"]
    assert "X123" not in redacted.to_json() and "X123" not in redacted.to_text()


def test_search_hits_mask_pii_text_and_sources():
    fields = SearchHit.__dataclass_fields__
    base = {name: None for name in fields}
    hit = SearchHit(**{**base, "memory_id": "a", "text": "Ana's card ends 4242", "scope": "USER_PII",
                       "sources": [SourceTurn(**{n: None for n in SourceTurn.__dataclass_fields__} | {"text": "card 4242"})]})
    kept = SearchHit(**{**base, "memory_id": "b", "text": "Ana likes tea", "scope": "GENERIC", "sources": []})
    masked, untouched = redact_hits([hit, kept])
    assert masked.text == MASK and [s.text for s in masked.sources] == [MASK]
    assert untouched is kept


def test_memories_redacted_view_masks_exactly_the_pii_rows(sample_lake):
    warehouse.refresh_views(sample_lake)
    both = warehouse.query(sample_lake, """
        SELECT m.scope, m.text AS original, r.text AS shown
        FROM memories m JOIN memories_redacted r USING (memory_id)""")
    assert both.height > 0 and (both["scope"] == "USER_PII").any()
    for scope, original, shown in both.iter_rows():
        assert shown == (MASK if scope == "USER_PII" else original)
