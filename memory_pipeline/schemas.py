"""The table contract (DESIGN §3) as Arrow schemas, each column with a one-line description.

The lake refuses to write a partition whose frame does not carry every column of its table's schema, so
a stage cannot silently drop a column that SQL users or a later stage rely on. Extra columns are allowed
and kept. Times are naive timestamps in the conversation's own clock: the sources give no time zone, and
relative dates are resolved against that clock, never against the machine's.

This module is the one place that says what a column means and which code computes it: the descriptions
live in the Arrow field metadata (``description``) and the table's schema metadata, and both the DuckDB
comments of the warehouse and the Dagster column schemas are read from here.
"""

from __future__ import annotations

import pyarrow as pa

TS = pa.timestamp("us")
DESCRIPTION = b"description"
ENTRY_SPAN = pa.struct([("memory_id", pa.string()), ("start", pa.int32()), ("end", pa.int32())])
# A memory's parse (parsing/words.py doc_record): token and arc indices are positions in its own tokens list.
PARSE_TYPE = pa.struct(
    [
        ("tokens", pa.list_(pa.struct([
            ("text", pa.string()), ("lemma", pa.string()), ("pos", pa.string()), ("tag", pa.string()),
            ("ent", pa.string()), ("at", pa.int32()),
        ]))),
        ("arcs", pa.list_(pa.struct([
            ("head", pa.int32()), ("dep", pa.int32()), ("label", pa.string()), ("role", pa.string()),
        ]))),
        ("sentences", pa.list_(pa.list_(pa.int32()))),
        ("roots", pa.list_(pa.int32())),
    ]
)


def _table(description: str, *columns: tuple[str, pa.DataType, str]) -> pa.Schema:
    fields = [pa.field(name, dtype, metadata={DESCRIPTION: text}) for name, dtype, text in columns]
    return pa.schema(fields, metadata={DESCRIPTION: description})


CONVERSATIONS = _table(
    "One row per conversation: its source, speakers and sessions (ingest/frames.py, from the inbox file).",
    ("conversation_id", pa.string(),
     "The conversation's id and partition key, from its source (canonical id, LoCoMo sample_id, or derived "
     "for MSC and MemoryBank, see docs/FORMATS.md)."),
    ("source_file", pa.string(), "Base name of the file the conversation was ingested from (inbox source block)."),
    ("source_sha256", pa.string(), "sha256 of the original source file's bytes (inbox source block)."),
    ("format", pa.string(), "Format the source was read as: canonical, locomo, msc or memorybank."),
    ("n_sessions", pa.int32(), "Number of sessions in the conversation."),
    ("n_turns", pa.int32(), "Number of turns in the conversation, every speaker counted."),
    ("speakers", pa.list_(pa.string()), "Declared speaker names, in the source's order."),
    ("speaker_roles", pa.list_(pa.string()), "Role of each name in speakers, same order: user, assistant or other."),
    ("ingested_at", TS,
     "When ingest stored this content in the inbox (UTC, inbox source block); null for a hand-placed inbox file."),
    ("first_session_time", TS, "Start of the first session, in the conversation's own clock."),
    ("last_session_time", TS, "Start of the last session, in the conversation's own clock."),
    ("inbox_sha256", pa.string(),
     "sha256 of the inbox file the row was built from (conversations asset); `memory-pipeline run` compares it "
     "with the inbox to find changed conversations."),
)

TURNS = _table(
    "One row per turn, validated, in conversation order (ingest/frames.py, from the inbox file).",
    ("turn_id", pa.string(),
     "<conversation_id>:<source_ref>, the turn's id in every later table (LoCoMo QA evidence cites it)."),
    ("conversation_id", pa.string(), "Conversation of the turn (partition key)."),
    ("session_id", pa.string(), "The session's id in the source (S<session_index> when the source has none)."),
    ("session_index", pa.int32(), "1-based position of the session in the conversation."),
    ("session_time", TS,
     "Start of the turn's session, conversation clock; relative dates in the turn resolve against it."),
    ("turn_index", pa.int32(), "0-based position of the turn in its session."),
    ("seq", pa.int32(), "0-based position of the turn in the whole conversation."),
    ("speaker", pa.string(), "Who said the turn: one of conversations.speakers."),
    ("role", pa.string(), "The speaker's declared role: user, assistant or other; the gate scores user turns only."),
    ("text", pa.string(), "What was said, as in the source; empty only when the turn carries an image caption."),
    ("timestamp", TS, "The turn's own time when the source gives one, else null."),
    ("source_ref", pa.string(), "The source's own turn id (LoCoMo dia_id, or S<session>:<n>); the tail of turn_id."),
    ("image_caption", pa.string(), "Caption of an image shared in the turn (LoCoMo blip_caption), else null."),
    ("session_utc_offset_minutes", pa.int32(),
     "UTC offset of session_time in minutes when the source gave a zone (+05:00 -> 300), else null."),
    ("session_time_utc", TS,
     "The session start as a UTC instant (session_time minus its offset), null when the source gave no zone."),
    ("timestamp_utc_offset_minutes", pa.int32(), "UTC offset of the turn's timestamp in minutes, else null."),
)

GATE_SCORES = _table(
    "The salience gate's verdict on every user turn (gate/infer.py score_turns).",
    ("turn_id", pa.string(), "The scored user turn (turns.turn_id)."),
    ("conversation_id", pa.string(), "Conversation of the turn (partition key)."),
    ("p_admit", pa.float32(),
     "Probability that the turn is worth remembering: the gate encoder over the turn and its context_k "
     "preceding messages of the same session."),
    ("admitted", pa.bool_(), "p_admit >= threshold: the turn goes on to memory extraction."),
    ("threshold", pa.float32(), "Admission threshold of the gate that scored the turn (its weights' config)."),
    ("context_k", pa.int32(), "How many preceding messages of the session the gate read with the turn."),
    ("gate_model_id", pa.string(),
     "gate-<hash> of the encoder files, gate weights and effective settings: which gate scored the turn."),
)

MEMORY_ENTRIES = _table(
    "One memory per admitted turn that yields one, in the speaker's own words (extraction/extractor.py).",
    ("memory_id", pa.string(),
     "stable_id(conversation_id, source_turn_id, normalised text): a re-run of the same turn gives the same id."),
    ("conversation_id", pa.string(), "Conversation of the memory (partition key)."),
    ("source_turn_id", pa.string(), "The admitted turn the memory was extracted from (turns.turn_id)."),
    ("speaker", pa.string(), "Speaker of the source turn; first person in text is rewritten to this name."),
    ("text", pa.string(),
     "The memory: the turn's selected units in source order, attributed to the speaker (extraction/turn.py)."),
    ("units", pa.list_(pa.string()), "The realised units text was joined from (one when merged or fallen back)."),
    ("coverage", pa.float32(),
     "Share of the turn's content tokens found in text (lower-case substring); below rho the turn falls back."),
    ("fallback", pa.bool_(),
     "text is the whole normalised turn, not selected units: low coverage, no usable unit, or discourse only."),
    ("session_time", TS, "Start of the source turn's session (turns.session_time)."),
    ("event_time_text", pa.string(),
     "The temporal expression of the turn that grounds the event (\"yesterday\"), kept in text; else null."),
    ("event_start", TS,
     "Start of the event interval [event_start, event_end), conversation clock (extraction/temporal.py)."),
    ("event_end", TS, "End (exclusive) of the event interval."),
    ("dates", pa.list_(pa.struct([("text", pa.string()), ("start", TS), ("end", TS)])),
     "The date of each sentence of text that says one (a point or a period, not a length), in order and once each: "
     "\"We went to Paris in March. In June we're going to Berlin.\" is of March and of June, where event_* is "
     "March alone. Units cut a turn at these, so that each event keeps its own time."),
    ("provenance", pa.string(),
     "stated: asserted plainly; inferred: only implied by a question, request or hedge (extraction/provenance.py)."),
    ("scope", pa.string(),
     "Privacy scope from the memory's words: USER_PII, INTERNAL, EXTERNAL or GENERIC (extraction/scope.py)."),
    ("extractor", pa.string(), "dep-extractor/<version>+<parser name>: what produced the row."),
    ("event_time_basis", pa.string(),
     "expression: event_* resolved from a temporal expression of the turn (against the turn's own timestamp "
     "when it has one, else its session's start); session: none resolvable, so the event interval is the day "
     "the turn was said."),
    ("unresolved_deixis", pa.list_(pa.string()),
     "Deictic words the text still uses without naming whom they mean (\"you\", \"we\"); empty when grounded (seed 004)."),
    ("people", pa.list_(pa.string()), "Named people (PERSON entities) of the source ranges the text was realised from."),
    ("parse", PARSE_TYPE,
     "The parse of the turn's words that text keeps, cut from the parse extraction made of the turn: tokens "
     "(text as written in text, lemma, POS, tag, entity type, character offset `at` in text; a pronoun written as "
     "a name reads as that name), dependency arcs, sentences and roots. Links and consolidation read the memory "
     "from it instead of parsing text again (parsing/words.py)."),
)

MEMORY_SOURCES = _table(
    "Lineage: the turns each memory came from, one row per memory and turn (extraction/extractor.py).",
    ("memory_id", pa.string(), "The memory (memory_entries.memory_id)."),
    ("turn_id", pa.string(), "A turn the memory came from (turns.turn_id)."),
    ("conversation_id", pa.string(), "Conversation of the memory (partition key)."),
    ("memory_kind", pa.string(), "Table that holds the memory: entry (memory_entries), the only kind so far."),
    ("role", pa.string(), "What the turn is to the memory: source (extracted from), or restated (the yes/no question a bare answer confirmed or denied; its words are the memory's)."),
)

MEMORY_EMBEDDINGS = _table(
    "A sentence vector of every memory's text, for cosine search (embeddings.py embed_memories).",
    ("memory_id", pa.string(), "The embedded memory (memory_entries.memory_id or fta_units.memory_id)."),
    ("conversation_id", pa.string(), "Conversation of the memory (partition key)."),
    ("model", pa.string(), "Sentence-transformers model of the vector; search uses vectors of its own model only."),
    ("vector", pa.list_(pa.float32()), "Embedding of the memory's text, float32, L2-normalised when configured."),
    ("memory_kind", pa.string(), "entry (memory_entries) or fta_unit (fta_units): which table the memory is in."),
)

EXTRACTION_DIAGNOSTICS = _table(
    "The extractor's rates over one conversation's admitted turns (extraction/diagnostics.py).",
    ("conversation_id", pa.string(), "Conversation the figures are about (partition key)."),
    ("extractor", pa.string(), "dep-extractor/<version>+<parser name>, as in memory_entries.extractor."),
    ("parser", pa.string(), "Parser backend and model that parsed the turns (spacy:<model>, hanlp:<model>)."),
    ("admitted_turns", pa.int64(), "Turns the gate admitted."),
    ("entries", pa.int64(), "Admitted turns that yielded a memory."),
    ("empty_outputs", pa.int64(), "Admitted turns that yielded no memory."),
    ("empty_rate", pa.float64(), "empty_outputs / admitted_turns (0 when none); the empty_output_rate check."),
    ("fallback_turns", pa.int64(), "Admitted turns whose memory is the whole turn (memory_entries.fallback)."),
    ("fallback_rate", pa.float64(), "fallback_turns / admitted_turns (0 when none)."),
    ("fragment_turns", pa.int64(), "Memories that are fragments: at most 3 words, or no verb."),
    ("fragment_rate", pa.float64(), "fragment_turns / admitted_turns (0 when none)."),
    ("content_tokens", pa.int64(), "Content tokens of the admitted turns after their discourse prefix, summed."),
    ("retained_tokens", pa.int64(), "Of content_tokens, those whose lower-case form is in the memory text."),
    ("content_token_retention", pa.float64(), "retained_tokens / content_tokens (1 when none)."),
    ("temporal_expressions", pa.int64(), "Temporal expressions found in the admitted turns."),
    ("temporal_preserved", pa.int64(), "Of those, the resolved ones whose words are in the memory text."),
    ("temporal_preservation", pa.float64(), "temporal_preserved / temporal_expressions (1 when none)."),
    ("units_per_turn", pa.float64(), "Realised units per admitted turn, on average."),
)

TABLES: dict[str, pa.Schema] = {
    "conversations": CONVERSATIONS,
    "turns": TURNS,
    "gate_scores": GATE_SCORES,
    "memory_entries": MEMORY_ENTRIES,
    "memory_sources": MEMORY_SOURCES,
    "memory_embeddings": MEMORY_EMBEDDINGS,
    "extraction_diagnostics": EXTRACTION_DIAGNOSTICS,
}


# --- LLM layer (memory_pipeline/llm/) ------------------------------------------------------------------------
LLM_CALLS = _table(
    "One row per attempt sent to an LLM backend, or answer taken from the response cache (llm/ledger.py); each "
    "LLM-using step writes its own part of a conversation's partition.",
    ("call_id", pa.string(), "Deterministic id: stable_id of stage, item, prompt version and attempt."),
    ("stage", pa.string(), "The stage that asked: segments, fta_units, links, consolidation, check."),
    ("conversation_id", pa.string(), "Conversation of the item (partition key)."),
    ("item_id", pa.string(), "What the request was about: a window, a segment, a memory."),
    ("backend", pa.string(), "vllm or openai."),
    ("model", pa.string(), "The model's identity: its name, or a folder's name plus a hash of its config (no path)."),
    ("prompt_version", pa.string(), "The prompt file's name and version, e.g. segments@1: part of the cache key."),
    ("prompt_tokens", pa.int64(), "Tokens of the prompt, as the backend reported them."),
    ("completion_tokens", pa.int64(), "Tokens generated, as the backend reported them."),
    ("latency_ms", pa.float64(), "Wall time of the attempt (its share of a vLLM batch); 0 for a cache hit."),
    ("attempt", pa.int32(), "1 for the first try; retries with the validation error fed back count up."),
    ("ok", pa.bool_(), "Whether the answer parsed and validated against the response model."),
    ("error", pa.string(), "Why the attempt failed (transport, invalid JSON, schema, truncated), else null."),
    ("cached", pa.bool_(), "Answered from the response cache: no backend call was made."),
)
TABLES["llm_calls"] = LLM_CALLS


# --- segments (seed 002, BWS) ------------------------------------------------------------------------------
SEGMENTS = _table(
    "Contiguous spans of one session's turns that hold one situation (segments/, seed 002 BWS); they cover every "
    "turn of a session exactly once.",
    ("segment_id", pa.string(), "Deterministic id: stable_id of conversation, session and the segment's turn ids."),
    ("conversation_id", pa.string(), "Conversation of the segment (partition key)."),
    ("session_id", pa.string(), "The session the segment belongs to (turns.session_id)."),
    ("start_turn_index", pa.int32(), "turns.turn_index of the first turn (0-based in the session)."),
    ("end_turn_index", pa.int32(), "turns.turn_index of the last turn, inclusive."),
    ("turn_ids", pa.list_(pa.string()), "The segment's turns (turns.turn_id), in order."),
    ("boundary_trigger", pa.string(),
     "Why a segment starts here: session_start, topic_change, new_time_reference, new_person_or_relationship, "
     "homework_or_plan_creation, correction_or_contradiction, ... (seed 002 vocabulary)."),
    ("detector", pa.string(), "embedding, llm, llm(failed) or embedding(llm_failed): who drew the boundary."),
)
TABLES["segments"] = SEGMENTS


# --- fta_units (seed 002, Fact-Time-Affect units) ---------------------------------------------------------
FTA_UNITS = _table(
    "Situation-level memories: one or more per segment, grounding a fact, its time and its affect, with the "
    "evidence span it came from (units/, seed 002).",
    ("memory_id", pa.string(), "Deterministic id: stable_id(conversation_id, 'fta_unit', source turn ids, normalised text)."),
    ("conversation_id", pa.string(), 'Conversation of the unit (partition key).'),
    ("session_id", pa.string(), 'The session the unit was said in.'),
    ("segment_id", pa.string(), 'The segment the unit was started in (segments.segment_id).'),
    ("segment_ids", pa.list_(pa.string()), 'Every segment the unit was fused across (carryover).'),
    ("speaker", pa.string(), 'Whose statements the unit keeps.'),
    ("summary", pa.string(), 'A short label of the situation.'),
    ("content_text", pa.string(), 'The shortest evidence-grounded statement that answers later questions (names, dates, quantities, negations, plans kept).'),
    ("text", pa.string(), 'The same as content_text, under the name every memory reader uses.'),
    ("participants", pa.list_(pa.string()), 'The speakers and named people of the situation.'),
    ("emotion_or_state", pa.string(), 'The affect anchor: an emotion or state the speaker expresses, or tells another person feels, else null.'),
    ("valence", pa.float32(), "VADER compound of the words that tell the feeling, -1..1."),
    ("affect_holder", pa.string(), "Whose feeling emotion_or_state is: the speaker, the person they tell of, or null (no feeling, or someone not named)."),
    ("intention_or_plan", pa.string(), 'What the speaker intends or plans (modality and tense cues), else null.'),
    ("time_orientation", pa.string(), 'past, present, future, mixed or unknown.'),
    ("content_type", pa.string(), 'event, current_state, relationship_event, belief_candidate, homework_or_plan, support_interaction, risk_signal or general_fact.'),
    ("dialogue_time", TS, "When it was said: the time of its first source turn's session."),
    ("session_time", TS, "Start of the unit's session, conversation clock."),
    ("event_time_text", pa.string(), 'The time expression as written in the turns, else null.'),
    ("event_start", TS, "Start of the event interval, resolved against the turn's own time, never today."),
    ("event_end", TS, 'End of the event interval (exclusive).'),
    ("event_time_basis", pa.string(), 'expression or session, as for memory_entries.'),
    ("status", pa.string(), "complete, partial, pending or unknown: the unit's construction status."),
    ("completeness", pa.string(), 'complete, partial or unknown: whether the fact is fully stated.'),
    ("lifecycle_status", pa.string(), 'pending, completed, cancelled, contradicted, archived or unknown; plans start pending and links move them.'),
    ("provenance", pa.string(), 'stated or inferred, as for memory_entries.'),
    ("scope", pa.string(), 'USER_PII, INTERNAL, EXTERNAL or GENERIC, as for memory_entries.'),
    ("builder", pa.string(), 'rules, llm, or rules(llm_failed) when on_failure fell back to the rules.'),
    ("source_turn_id", pa.string(), 'The first turn that states the unit.'),
    ("source_turn_ids", pa.list_(pa.string()), 'Turns whose words the content keeps (memory_sources role source).'),
    ("evidence_turn_ids", pa.list_(pa.string()), 'The whole evidence span, sources included.'),
    ("entry_ids", pa.list_(pa.string()), 'The memory_entries the unit was built from.'),
    ("unresolved_deixis", pa.list_(pa.string()), 'You/we the text uses without naming whom (seed 004); empty when grounded.'),
    ("entry_spans", pa.list_(ENTRY_SPAN),
     "The sentences of memory entries that content_text keeps, in order: the entry (memory_id) and the "
     "[start, end) character range of its text, a leading \"<name> noted:\" included where content_text drops it "
     "(rules builder); empty for a unit a model wrote. Links and consolidation read the unit from those entries' "
     "parses (memory_entries.parse)."),
)
TABLES["fta_units"] = FTA_UNITS

# The units' lineage: memory_sources' columns, written by the units step (one table per writing step, so no two
# steps share a partition file); the warehouse's memory_sources view reads both.
UNIT_SOURCES = MEMORY_SOURCES.with_metadata(
    {DESCRIPTION: b"Lineage of the FTA units: unit -> every turn of its evidence span (units/stage.py); "
                  b"the memory_sources view shows these rows beside the entries'."}
)
TABLES["unit_sources"] = UNIT_SOURCES


# --- links and consolidation (seed 002; seed 000 §3.3, A.4) -------------------------------------------------
LINKS = _table(
    'Relations from a newer memory to an older one of the same conversation (links/).',
    ("link_id", pa.string(), 'Deterministic id: stable_id(src_memory_id, dst_memory_id).'),
    ("src_memory_id", pa.string(), 'The newer memory.'),
    ("dst_memory_id", pa.string(), 'The older memory it relates to.'),
    ("conversation_id", pa.string(), 'Conversation of the memories (partition key).'),
    ("memory_kind", pa.string(), 'entry or fta_unit (both ends share it).'),
    ("relation", pa.string(), 'same_episode_as, updates, contradicts, followup_of or supports (from src to dst).'),
    ("confidence", pa.float32(), 'How sure the classifier is, 0..1.'),
    ("similarity", pa.float32(), "Cosine of the two memories' vectors."),
    ("method", pa.string(), 'rules, llm, or rules(llm_failed) when on_failure fell back to the rules.'),
    ("detail", pa.string(), 'Why: the slot change, the cue, the overlap.'),
    ("lifecycle_change", pa.string(), "The older memory's new lifecycle when this link moved it, else null."),
    ("changed_at", TS, "When that change happened: the newer memory's event time, else its session time."),
)

CONSOLIDATION_DECISIONS = _table(
    'Every consolidation proposal, accepted or rejected, with its reason (consolidation/).',
    ("decision_id", pa.string(), 'Deterministic id of the decision.'),
    ("conversation_id", pa.string(), 'Conversation of the memories (partition key).'),
    ("memory_kind", pa.string(), 'entry or fta_unit.'),
    ("target_id", pa.string(), 'The newer memory.'),
    ("candidate_id", pa.string(), 'The older memory it was compared with.'),
    ("stage", pa.string(), 'alignment (deterministic) or relation (classifier).'),
    ("action", pa.string(), 'ignore, dedup, supersede or qualify.'),
    ("basis", pa.string(), 'Why a hiding action is justified: same_fact, same_event, event_correction or state_change.'),
    ("scope", pa.string(), 'What the decision is about: entity and attribute, or the event.'),
    ("anchor", pa.string(), 'Short verbatim quote from the target.'),
    ("similarity", pa.float32(), 'Cosine of the two memories\' vectors.'),
    ("method", pa.string(), 'rules:exact, rules:state, rules or llm.'),
    ("accepted", pa.bool_(), 'Whether the validator accepted the proposal.'),
    ("reject_reason", pa.string(), 'Why the validator refused it, else null.'),
)

MEMORY_STATUS = _table(
    "Each memory's status after consolidation: active, superseded or dropped, with its validity interval (consolidation/status.py).",
    ("memory_id", pa.string(), 'The memory (memory_entries.memory_id or fta_units.memory_id).'),
    ("conversation_id", pa.string(), 'Conversation of the memories (partition key).'),
    ("memory_kind", pa.string(), 'entry or fta_unit.'),
    ("status", pa.string(), 'active, superseded or dropped.'),
    ("replaced_by", pa.string(), 'Superseded: its replacement; dropped: the copy that was kept.'),
    ("valid_from", TS, 'When what the memory says became true (an explicit earlier date, else when it was said).'),
    ("valid_to", TS, 'When it stopped being true (its replacement\'s valid_from); null while current.'),
    ("decided_by", pa.string(), 'consolidation_decisions.decision_id that set the status, null for active.'),
    ("lifecycle_status", pa.string(), 'pending, completed, cancelled or contradicted, after the links\' lifecycle moves (null when not a plan).'),
)

TABLES.update({"links": LINKS, "consolidation_decisions": CONSOLIDATION_DECISIONS, "memory_status": MEMORY_STATUS})


def table_description(table: str) -> str:
    """What one row of ``table`` is and which module writes it."""
    return TABLES[table].metadata[DESCRIPTION].decode()


def column_descriptions(table: str) -> dict[str, str]:
    """Every contract column of ``table``, in schema order, with what it means and where it comes from."""
    return {field.name: field.metadata[DESCRIPTION].decode() for field in TABLES[table]}
