"""The engine entry point of the ``memory_entries`` stage: admitted turns in, entries, sources, diagnostics out."""

from __future__ import annotations

import re
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime, timedelta

import polars as pl

from memory_pipeline.config import ExtractorConfig
from memory_pipeline.extraction.confirmation import as_the_answer, restated_docs, restatements
from memory_pipeline.extraction.diagnostics import diagnostics_frame, summarise
from memory_pipeline.extraction.identity import named_answers
from memory_pipeline.extraction.phrase import Phrase
from memory_pipeline.extraction.referents import (
    Carried, acting_names, asked_after, carried_referents, names_known_by_session,
)
from memory_pipeline.extraction.temporal import TemporalMention, TemporalResolver
from memory_pipeline.extraction.turn import TurnExtraction, extract_turn
from memory_pipeline.grounding import sentence_calls, turn_addressee
from memory_pipeline.lake import stable_id
from memory_pipeline.parsing import ParsedDoc, Parser
from memory_pipeline.parsing.words import doc_record, words_doc
from memory_pipeline.schemas import MEMORY_ENTRIES, MEMORY_SOURCES

EXTRACTOR_VERSION = "dep-extractor/1.0"
# How event_start/event_end were set: from a temporal expression of the turn, or (no resolvable expression)
# from the day of the session the turn was said in.
BASIS_EXPRESSION = "expression"
BASIS_SESSION = "session"
# The memory_sources role of the question a bare "yes"/"no" answered (:mod:`.confirmation`), or a bare name or
# relative (:mod:`.identity`): its words are the memory's, its speaker's commitment is not.
RESTATED = "restated"


@dataclass
class ExtractionResult:
    entries: pl.DataFrame
    sources: pl.DataFrame
    diagnostics: pl.DataFrame
    metrics: dict = field(default_factory=dict)


# How many turns back a date may set the month of a bare day of the month ("We fly out on the 12th of October." -
# "We land at 6am on the 13th"): the turns of one exchange, not a month named long before in the session.
SAID_BEFORE_TURNS = 3


def normalised_text(text: str) -> str:
    return " ".join(text.lower().split())


def admitted_turns(turns: pl.DataFrame, gate_scores: pl.DataFrame) -> pl.DataFrame:
    """Turns whose gate score says ``admitted``, in conversation order."""
    admitted = gate_scores.filter(pl.col("admitted").fill_null(False)).select("turn_id").unique()
    joined = turns.join(admitted, on="turn_id", how="semi")
    order = [c for c in ("conversation_id", "session_index", "turn_index", "seq") if c in joined.columns]
    return joined.sort(order) if order else joined


def session_participants(turns: pl.DataFrame) -> dict[tuple[str, str], list[str]]:
    """The named speakers of every ``(conversation_id, session_id)`` of ``turns``, in order of first appearance.

    Read from all turns, not only admitted ones: who takes part does not depend on what the gate kept.
    """
    participants: dict[tuple[str, str], list[str]] = {}
    for conversation_id, session_id, speaker in turns.select("conversation_id", "session_id", "speaker").rows():
        names = participants.setdefault((conversation_id, session_id), [])
        if speaker and speaker not in names:
            names.append(speaker)
    return participants


def sessions_before(turns: pl.DataFrame) -> dict[tuple[str, str], datetime]:
    """When the talk before each ``(conversation_id, session_id)`` of ``turns`` ended: the last said time of the
    session before it in its conversation (its last turn's own time, else its start), which "since we last talked"
    counts from. A first session, or one with no time, has none."""
    said = pl.coalesce("timestamp", "session_time") if "timestamp" in turns.columns else pl.col("session_time")
    timed = turns.select("conversation_id", "session_id", "session_index", said.alias("said"), "session_time").filter(
        pl.col("session_time").is_not_null()
    )
    sessions = timed.group_by("conversation_id", "session_id", "session_index").agg(
        pl.col("said").max(), pl.col("session_time").min()
    ).sort("conversation_id", "session_index")
    before: dict[tuple[str, str], datetime] = {}
    last: tuple[str, datetime] | None = None
    for conversation_id, session_id, _, said, started in sessions.rows():
        if last is not None and last[0] == conversation_id and last[1] <= started:
            before[(conversation_id, session_id)] = last[1]
        last = (conversation_id, said)
    return before


def speaker_roles(turns: pl.DataFrame) -> dict[tuple[str, str], str]:
    """The declared role (user, assistant or other) of every ``(conversation_id, speaker)`` of ``turns``; empty
    when the turns carry no roles."""
    if "role" not in turns.columns:
        return {}
    rows = turns.select("conversation_id", "speaker", "role").rows()
    return {(conversation_id, speaker): role for conversation_id, speaker, role in rows if speaker and role}


def said_time(row: Mapping) -> datetime | None:
    """When a turn was said: its own timestamp when the source gives one, else its session's start. A session of
    a chat export can run past midnight or over days, and "tomorrow" means the day after the turn, not after the
    session began."""
    return row.get("timestamp") or row.get("session_time")


def _event(result: TurnExtraction, session_time: datetime | None) -> tuple[str | None, datetime | None, datetime | None, str | None]:
    if result.event is not None:
        return result.event.text, result.event.start, result.event.end, BASIS_EXPRESSION
    if session_time is not None:
        day = datetime(session_time.year, session_time.month, session_time.day)
        return None, day, day + timedelta(days=1), BASIS_SESSION
    return None, None, None, None


def parse_admitted(
    conversations: Mapping[str, tuple[pl.DataFrame, pl.DataFrame]], parser: Parser
) -> dict[str, list[ParsedDoc]]:
    """The parses of each conversation's admitted turns (``{id: (turns, gate_scores)}``), in the order
    :func:`extract_memories` reads them, from one ``parse_batch`` over the whole set.

    One batch rather than one per conversation: the parser splits a large batch over its worker processes, so a
    chunk of small conversations, each too short to be worth a worker, still parses on every core.
    """
    texts = {cid: admitted_texts(admitted_turns(turns, scores)) for cid, (turns, scores) in conversations.items()}
    docs = parser.parse_batch([text for batch in texts.values() for text in batch])
    parsed: dict[str, list[ParsedDoc]] = {}
    start = 0
    for conversation_id, batch in texts.items():
        parsed[conversation_id] = docs[start : start + len(batch)]
        start += len(batch)
    return parsed


def admitted_texts(rows: pl.DataFrame) -> list[str]:
    """The texts extraction parses: each turn's words, or, for an image shared without any, what its caption shows
    (:func:`shared_image`)."""
    captions = rows["image_caption"].to_list() if "image_caption" in rows.columns else [None] * rows.height
    return [
        text if (text or "").strip() or not (caption or "").strip() else shared_image(caption)
        for text, caption in zip(rows["text"].to_list(), captions, strict=True)
    ]


# How captions open when they say what kind of image it is ("a photo of a bowl of ramen", BLIP's captions).
IMAGE_KINDS = re.compile(r"(?:a|an|the)\s+(?:photo|picture|image|screenshot|selfie|pic|photograph|drawing)\b", re.IGNORECASE)


def shared_image(caption: str) -> str:
    """A turn that is only an image, as the speaker's own words: "I shared a photo of a bowl of ramen." Extraction
    attributes and dates it like any turn; a caption that does not say what kind of image it is becomes "a photo:
    <caption>". The gate and the segments read the caption too, so an image alone is admitted like words."""
    said = " ".join(caption.split()).rstrip(".")
    return f"I shared {said}." if IMAGE_KINDS.match(said) else f"I shared a photo: {said}."


def turn_addressees(turns: pl.DataFrame, participants: Mapping[tuple[str, str], list[str]]) -> dict[str, str | None]:
    """Whom each turn's "you" means (:func:`turn_addressee`), for every turn, admitted or not."""
    return {
        turn_id: turn_addressee(text or "", speaker, participants.get((conversation_id, session_id), []))
        for conversation_id, session_id, turn_id, speaker, text in turns.select(
            "conversation_id", "session_id", "turn_id", "speaker", "text"
        ).rows()
    }


def carried_over(
    turns: pl.DataFrame,
    rows: pl.DataFrame,
    docs: Sequence[ParsedDoc],
    addressees: Mapping[str, str | None],
) -> tuple[dict[str, Carried], dict[str, str]]:
    """The person each turn's "he/she" mean when the turn does not name them, and the one a question just before a
    turn asked after (:mod:`.referents`), read from all the turns; the names to look for are those the admitted
    ones (``rows``, ``docs``) have acting, as known by the end of each session (:func:`names_known_by_session`)."""
    acting: dict[tuple[str, int], set[str]] = {}
    for conversation_id, session_index, doc in zip(rows["conversation_id"].to_list(), rows["session_index"].to_list(), docs):
        acting.setdefault((conversation_id, session_index), set()).update(acting_names(doc))
    every = turns.select(
        "conversation_id", "session_index", "session_id", "turn_index", "turn_id", "speaker", "text"
    ).to_dicts()
    names = names_known_by_session(every, acting)
    carried = carried_referents(every, names, addressees)
    return carried, asked_after(every, names, addressees, carried)


def extract_memories(
    turns: pl.DataFrame,
    gate_scores: pl.DataFrame,
    parser: Parser,
    config: ExtractorConfig,
    resolver: TemporalResolver | None = None,
    docs: Sequence[ParsedDoc] | None = None,
) -> ExtractionResult:
    """One memory entry per admitted turn that yields one (seed 000, §3.2), with its source link.

    ``resolver`` is created when not given; pass one to reuse its recogniser model and cache across calls.
    ``docs`` are the admitted turns' parses when the caller made them (:func:`parse_admitted`); the metrics'
    seconds then leave the parse out.
    """
    started = time.perf_counter()
    resolver = resolver or TemporalResolver()
    extractor = f"{EXTRACTOR_VERSION}+{parser.name}"
    rows = admitted_turns(turns, gate_scores)
    if docs is None:
        docs = parser.parse_batch(admitted_texts(rows))
    elif len(docs) != rows.height:
        raise ValueError(f"{len(docs)} parses given for {rows.height} admitted turns")
    participants = session_participants(turns)
    roles = speaker_roles(turns)
    talked_before = sessions_before(turns)
    addressees = turn_addressees(turns, participants)
    carried, asked = carried_over(turns, rows, docs, addressees) if config.ground_deixis else ({}, {})
    answered = named_answers(turns, rows, addressees, carried)
    restated = restatements(turns, rows, parser, addressees, resolver.find, named=answered.keys())
    restated_parses = restated_docs({i: r.text for i, r in restated.items()}, parser)
    answered_parses = restated_docs({i: a.text for i, a in answered.items()}, parser)

    entry_rows: list[dict] = []
    questions: list[tuple[str, str, str]] = []  # (memory_id, question turn_id, conversation_id) of restated answers
    per_conversation: dict[str, list[TurnExtraction]] = {}
    recent: dict[tuple[str, str | None], list[tuple[int, list[TemporalMention]]]] = {}
    for row, doc in zip(rows.iter_rows(named=True), docs):
        session = (row["conversation_id"], row.get("session_id"))
        addressee = addressees[row["turn_id"]]
        said_at = said_time(row)
        addressee_role = roles.get((row["conversation_id"], addressee)) if addressee else None
        index = row.get("turn_index") or 0
        said_before = [m for at, mentions in recent.get(session, []) if index - at <= SAID_BEFORE_TURNS for m in mentions]
        last_talked = talked_before.get(session)
        restatement = restated.get(row["turn_id"])
        result, own = None, carried.get(row["turn_id"])
        if restatement is not None and restatement.in_own_words:
            # "On 1 February. The landlord ..." after "When do you move out?" is read as "I move out on 1 February.
            # The landlord ...", "Yes! I start Monday." after "Did you get the job?" as "I did get the job. I start
            # Monday.": the answer's own words, its "he" or "she" after the fact asked as far on as before
            doc = restated_parses[row["turn_id"]]
            own = own and own.shifted(len(restatement.text) - len(row["text"]))
        elif restatement is not None:
            # the answer's fact is the question's, asked by the other speaker of the "you" that is this one
            stated = extract_turn(
                restated_parses[row["turn_id"]], restatement.asker, said_at, config, resolver, row.get("speaker"),
                roles.get((row["conversation_id"], row.get("speaker"))), said_before,
                carried.get(restatement.question_turn_id), last_talked=last_talked,
            )
            if stated.empty:
                restatement = None
            else:
                result, doc = stated, restated_parses[row["turn_id"]]
                answering = (restatement.asker, row.get("speaker"), restatement.answered_as)
                result.set_text(as_the_answer(Phrase(result.text, result.words), *answering))
                result.units = [as_the_answer(Phrase(u), *answering).text for u in result.units]
        if result is None and restatement is None and row["turn_id"] in answered:
            # "Anjali. She's 33." after "What's her name?" is read as "Anjali is Asha's sister. She's 33.", its "she"
            # the one it names, not the person the turns before were about. A named answer stands where a
            # restatement would: both only give the question's turn to the lineage below (question_turn_id)
            named = answered[row["turn_id"]]
            restatement, doc, own = named, answered_parses[row["turn_id"]], named.person
        if result is None:  # the turn's own words, extracted only when no restatement stands for them
            result = extract_turn(
                doc, row.get("speaker"), said_at, config, resolver, addressee, addressee_role, said_before,
                own, sentence_calls(doc.text, row.get("speaker"), participants.get(session, [])), last_talked,
                asked.get(row["turn_id"]),
            )
        recent[session] = [*recent.get(session, []), (index, [m for m in result.mentions if m.resolved])][-SAID_BEFORE_TURNS:]
        per_conversation.setdefault(row["conversation_id"], []).append(result)
        if result.empty:
            continue
        event_text, event_start, event_end, basis = _event(result, said_at)
        entry_rows.append(
            {
                "memory_id": stable_id(row["conversation_id"], row["turn_id"], normalised_text(result.text)),
                "conversation_id": row["conversation_id"],
                "source_turn_id": row["turn_id"],
                "speaker": row.get("speaker"),
                "text": result.text,
                "units": result.units,
                "coverage": result.coverage,
                "fallback": result.fallback,
                "session_time": row.get("session_time"),
                "event_time_text": event_text,
                "event_start": event_start,
                "event_end": event_end,
                "dates": [{"text": d.text, "start": d.start, "end": d.end} for d in result.dates],
                "provenance": result.provenance,
                "scope": result.scope,
                "extractor": extractor,
                "event_time_basis": basis,
                "unresolved_deixis": result.unresolved_deixis,
                "people": result.people,
                "parse": doc_record(words_doc(doc, result.text, result.words)),
            }
        )
        if restatement is not None:
            questions.append((entry_rows[-1]["memory_id"], restatement.question_turn_id, row["conversation_id"]))
    if entry_rows:
        entries = pl.from_arrow(pl.DataFrame(entry_rows, infer_schema_length=None).to_arrow().cast(MEMORY_ENTRIES))
    else:
        entries = pl.from_arrow(MEMORY_ENTRIES.empty_table())
    sources = entries.select(
        "memory_id",
        pl.col("source_turn_id").alias("turn_id"),
        "conversation_id",
        pl.lit("entry").alias("memory_kind"),
        pl.lit("source").alias("role"),
    )
    if questions:
        asked = pl.DataFrame(questions, schema=["memory_id", "turn_id", "conversation_id"], orient="row")
        sources = pl.concat([sources, asked.with_columns(pl.lit("entry").alias("memory_kind"), pl.lit(RESTATED).alias("role"))])
    sources = pl.from_arrow(sources.to_arrow().cast(MEMORY_SOURCES))
    diagnostics = diagnostics_frame(per_conversation, extractor, parser.name)
    elapsed = time.perf_counter() - started
    metrics = {
        **summarise([r for results in per_conversation.values() for r in results]),
        "extractor": extractor,
        "seconds": elapsed,
        "turns_per_second": len(docs) / elapsed if elapsed else 0.0,
    }
    return ExtractionResult(entries=entries, sources=sources, diagnostics=diagnostics, metrics=metrics)

