"""The lake's inbox, owned here alone: reading sources into it, quarantining what fails, naming its files,
reading them back, and noticing which conversations it holds and whether they changed.

``inbox/`` holds one canonical file per conversation, ``<conversation_id>.json``, written only by
:func:`ingest_files`. The id may itself contain dots (``team.alpha`` -> ``team.alpha.json``), so a file's id is
its name without the one ``.json`` suffix; :func:`inbox_file` and :func:`conversation_id_of` are the only two
places that know this. ``landing/`` is the drop folder for files of any supported format: :func:`drain_landing`
ingests them (bad ones go to quarantine) and moves the originals aside.

A source file is accepted or refused as a whole: if any conversation in it breaks a rule, none of its
conversations reaches the inbox and the file goes to quarantine with the reason. Other files of the batch are
not affected. Writing is idempotent: a conversation whose canonical content and source bytes are unchanged is
left alone (its old ``ingested_at`` included), so re-ingesting a file does not make downstream assets stale.
"""

from __future__ import annotations

import dataclasses
import json
import shutil
import unicodedata
from dataclasses import asdict, dataclass, field
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, Literal

import polars as pl

from memory_pipeline.config import IngestConfig
from memory_pipeline.ingest import canonical
from memory_pipeline.ingest.errors import ErrorCode, IngestError
from memory_pipeline.ingest.formats import detect_format, reader_for
from memory_pipeline.ingest.growth import Growth, appended, compare, describe_edit, describe_sessions
from memory_pipeline.ingest.frames import conversation_frames
from memory_pipeline.ingest.model import Conversation
from memory_pipeline.ingest.source import SourceDocument, load_document
from memory_pipeline.ingest.validate import validate_conversation
from memory_pipeline.lake import CONVERSATION_ID_PATTERN, Lake, atomic_write, check_conversation_id, sha256_file

INBOX_SUFFIX = ".json"
SOURCE_SUFFIXES = (".json", ".jsonl", ".txt")
# Reason files that Lake.quarantine writes beside a rejected file; they are records, never sources.
REASON_SUFFIX = ".reason.json"
Status = Literal["new", "changed", "unchanged"]


@dataclass
class QuarantinedFile:
    path: str
    code: str
    error: str
    format: str | None
    quarantined_as: str


@dataclass
class IngestReport:
    """What one ``ingest_files`` call did: conversation ids by outcome, and every refused file with its reason."""

    new: list[str] = field(default_factory=list)
    changed: list[str] = field(default_factory=list)
    unchanged: list[str] = field(default_factory=list)
    quarantined: list[QuarantinedFile] = field(default_factory=list)
    # how a file related to the conversation the inbox held, where it was more than an edit or a copy
    notes: dict[str, str] = field(default_factory=dict)

    @property
    def accepted(self) -> list[str]:
        return self.new + self.changed + self.unchanged

    def record(self, status: Status, conversation_id: str) -> None:
        getattr(self, status).append(conversation_id)

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


def read_source(path: str | Path, fmt: str | None = None, config: IngestConfig | None = None) -> list[Conversation]:
    """Every conversation in one source file, validated; raises :class:`IngestError` on the first problem."""
    config = config or IngestConfig()
    path = Path(path)
    doc = load_document(path, config)
    return read_document(doc, fmt or detect_format(path, doc.payload), config)


def read_document(doc: SourceDocument, fmt: str, config: IngestConfig) -> list[Conversation]:
    try:
        conversations = reader_for(fmt, doc.path)(doc, config)
        seen: set[str] = set()
        for conv in conversations:
            validate_conversation(tidied(conv), config)
            if conv.conversation_id in seen:
                raise IngestError(
                    ErrorCode.DUPLICATE_CONVERSATION_ID,
                    "conversation id appears more than once in the file",
                    conversation_id=conv.conversation_id,
                )
            seen.add(conv.conversation_id)
    except IngestError as exc:
        raise exc.located(file=doc.path) from exc
    return conversations


def _windows_1252_controls() -> dict[int, str]:
    out = {}
    for code in range(0x80, 0xA0):
        try:
            out[code] = bytes([code]).decode("cp1252")
        except UnicodeDecodeError:
            pass  # five codes Windows-1252 leaves unused: still control characters, still refused
    return out


# The C1 control characters that text in Windows-1252 becomes when an export decodes it as Latin-1 ("…" as U+0085,
# "’" as U+0092): written back as the characters they were
WINDOWS_1252_CONTROLS = _windows_1252_controls()


def tidied(conv: Conversation) -> Conversation:
    """``conv`` with what exports differ in and no reader should refuse made one: Windows line breaks in a turn
    ("Shopping list:\r\n- flour") as "\n", Windows-1252 punctuation an export read as Latin-1 ("starts\x85on
    Monday") as what it was ("starts…on Monday"), and names in composed Unicode, so "José" written decomposed, as
    macOS exports it, is the speaker declared as "José". Changed in place, before validation."""
    for speaker in conv.speakers:
        if isinstance(speaker.name, str):
            speaker.name = _name(speaker.name)
    for session in conv.sessions:
        for turn in session.turns:
            if isinstance(turn.speaker, str):
                turn.speaker = _name(turn.speaker)
            if isinstance(turn.text, str):
                turn.text = turn.text.replace("\r\n", "\n").replace("\r", "\n").translate(WINDOWS_1252_CONTROLS)
            if isinstance(turn.image_caption, str):
                turn.image_caption = turn.image_caption.translate(WINDOWS_1252_CONTROLS)
    return conv


def _name(name: str) -> str:
    """A speaker's name as stored and compared: composed, Windows-1252 punctuation written back ("O\x92Brien")."""
    return unicodedata.normalize("NFC", name.translate(WINDOWS_1252_CONTROLS))


def _folded(names) -> set[str]:
    """Names as compared between two files: composed, without case ("josé" written decomposed is "José")."""
    return {_name(name).casefold() for name in names if isinstance(name, str)}


def inbox_file(lake: Lake, conversation_id: str) -> Path:
    """Where the inbox keeps ``conversation_id`` (the file may not exist); refuses an id outside the id rule."""
    return lake.inbox / f"{check_conversation_id(conversation_id)}{INBOX_SUFFIX}"


def conversation_id_of(path: str | Path) -> str | None:
    """The conversation an inbox file holds, from its name; None for a file that is not a conversation file."""
    name = Path(path).name
    if not name.endswith(INBOX_SUFFIX):
        return None
    conversation_id = name.removesuffix(INBOX_SUFFIX)
    return conversation_id if CONVERSATION_ID_PATTERN.match(conversation_id) else None


def inbox_fingerprints(lake: Lake) -> dict[str, str]:
    """``{conversation_id: sha256 of its inbox file}`` for every conversation file in the inbox."""
    fingerprints: dict[str, str] = {}
    for path in lake.inbox_files():
        conversation_id = conversation_id_of(path)
        if conversation_id is not None:
            fingerprints[conversation_id] = sha256_file(path)
    return fingerprints


def inbox_frames(path: str | Path, config: IngestConfig | None = None) -> tuple[pl.DataFrame, pl.DataFrame]:
    """``(conversations, turns)`` of one inbox file; a file placed in the inbox by hand, without a source block,
    is described by its own name and hash and has no ``ingested_at``."""
    path = Path(path)
    conv = load_inbox_conversation(path, config)
    source = conv.source or {"file": path.name, "path": path.name, "format": "canonical", "sha256": sha256_file(path)}
    return conversation_frames(conv, source)


def load_inbox_conversation(path: str | Path, config: IngestConfig | None = None) -> Conversation:
    """The one conversation of a canonical inbox file, validated again (the file may have been edited by hand)."""
    config = config or IngestConfig()
    path = Path(path)
    conversations = read_document(load_document(path, config), canonical.FORMAT, config)
    if len(conversations) != 1:
        raise IngestError(
            ErrorCode.WRONG_SHAPE,
            f"an inbox file holds one conversation, this one holds {len(conversations)}",
            file=path,
        )
    return conversations[0]


def ingest_files(
    lake: Lake,
    paths: list[str | Path],
    fmt: str | None = None,
    config: IngestConfig | None = None,
    replace: bool = False,
) -> IngestReport:
    """Read, validate and store every conversation of every file (directories are walked); quarantine failures.
    A conversation the inbox holds grows by the file's new sessions (:func:`placed`); ``replace`` makes a file
    that lacks stored sessions the whole conversation instead of refusing it."""
    config = config or IngestConfig()
    report = IngestReport()
    claimed: dict[str, tuple[str, str]] = {}  # conversation id -> the file of this batch that supplied it, its hash
    for path in expand_paths(paths):
        detected = fmt
        try:
            doc = load_document(path, config)
            detected = fmt or detect_format(path, doc.payload)
            conversations = read_document(doc, detected, config)
            digest = sha256_file(path)
            if conversations and all(claimed.get(c.conversation_id, ("", ""))[1] == digest for c in conversations):
                continue  # a byte-identical copy of a file of this batch: the same conversations, read once
            # the inbox's document of each conversation, read once for the checks, the comparison and the write
            held = {c.conversation_id: read_previous(inbox_file(lake, c.conversation_id)) for c in conversations}
            for conv in conversations:
                refuse_another_conversation(conv, path, held[conv.conversation_id])
            placements = [placed(conv, held[conv.conversation_id], path, claimed, config, replace) for conv in conversations]
        except IngestError as exc:
            report.quarantined.append(quarantine(lake, path, exc, detected))
            continue
        source = source_block(path, detected, digest)
        for conv, (to_store, growth) in zip(conversations, placements, strict=True):
            claimed[conv.conversation_id] = (str(path), digest)
            note = growth_note(growth, replaced=to_store is not None)
            if note:
                report.notes[conv.conversation_id] = note
            if to_store is None:
                report.record("unchanged", conv.conversation_id)
                continue
            status = store_in_inbox(lake, to_store, to_store.source or source, held[conv.conversation_id])
            report.record(status, conv.conversation_id)
    return report


# What the report says of a file that was more than an edit or a copy of the conversation the inbox held
GROWTH_NOTES = {
    "extends": lambda g: f"{len(g.new)} session(s) more: {describe_sessions(g.new)}",
    "continues": lambda g: f"{len(g.new)} session(s) appended: {describe_sessions(g.new)}",
    "older": lambda g: f"nothing new: an older or partial copy (lacks {describe_sessions(g.missing)}); left as it was",
    "drops": lambda g: f"replaced: {describe_sessions(g.missing)} dropped (--replace)",
    "edits": describe_edit,
}


def growth_note(growth: Growth | None, replaced: bool) -> str | None:
    """The report's line on how a file related to the stored conversation; an older copy stored with --replace
    dropped the sessions it lacks."""
    if growth is None:
        return None
    relation = "drops" if growth.relation == "older" and replaced else growth.relation
    notes = [GROWTH_NOTES[relation](growth)] if relation in GROWTH_NOTES else []
    if growth.speakers_before:
        notes.append(f"speakers were {', '.join(growth.speakers_before)}")
    return "; ".join(notes) or None


def placed(
    conv: Conversation,
    previous: dict[str, Any] | None,
    path: Path,
    claimed: dict[str, tuple[str, str]],
    config: IngestConfig,
    replace: bool,
) -> tuple[Conversation | None, Growth | None]:
    """What the inbox should hold for ``conv`` (None: leave it as it is) and how ``conv`` relates to what it holds
    (``previous``, its inbox document).

    A file of only new sessions, all after the stored ones, is appended to them; a longer export replaces the
    stored one; an older or partial copy changes nothing. A file that lacks stored sessions and does not follow
    them (an old export with a session edited, sessions sent out of order) is refused with ``sessions_removed``,
    naming what it lacks, unless ``replace``: the inbox would otherwise lose them without a word. Within one batch a
    second file of a conversation may only add to the first ("raj-2024-09.json", "raj-2024-12.json" of a folder of
    monthly exports); an edit would leave which file wins to the order of their names."""
    stored = stored_conversation(previous, config)
    if stored is None:
        return conv, None
    growth = compare(stored, conv)
    where = {"file": path, "conversation_id": conv.conversation_id}
    if conv.conversation_id in claimed and growth.relation not in ("same", "extends", "continues", "older"):
        raise IngestError(
            ErrorCode.DUPLICATE_CONVERSATION_ID, f"already supplied by {claimed[conv.conversation_id][0]} in this batch", **where
        )
    if growth.relation == "older" and not replace:
        return None, growth
    if growth.relation == "continues":
        merged = appended(stored, growth.new, conv)
        merged.source = None  # the file that brought the new sessions describes the conversation now
        try:
            validate_conversation(merged, config)
        except IngestError as exc:
            raise exc.located(file=path) from exc
        # the report names the sessions as the conversation numbers them now
        return merged, dataclasses.replace(growth, new=tuple(merged.sessions[len(stored.sessions):]))
    if growth.relation == "drops" and not replace:
        raise IngestError(
            ErrorCode.SESSIONS_REMOVED,
            f"the inbox holds {describe_sessions(growth.missing)}, which this file lacks, and its new sessions "
            f"({describe_sessions(growth.new)}) do not follow them; send the whole conversation, only sessions after "
            "the last one held, or ingest with --replace to make this file the whole conversation",
            **where,
        )
    return conv, growth


def stored_conversation(previous: dict[str, Any] | None, config: IngestConfig) -> Conversation | None:
    """The conversation of the inbox document ``previous``, validated as :func:`load_inbox_conversation` does; None
    when there is none or it is no longer valid (a file edited by hand into something invalid is then simply
    replaced, as before)."""
    if previous is None:
        return None
    try:
        return validate_conversation(tidied(canonical.conversation_from_dict(previous, config)), config)
    except IngestError:
        return None


def refuse_another_conversation(conv: Conversation, path: Path, previous: dict[str, Any] | None) -> None:
    """A file of another name whose conversation shares the id of one in the inbox (``previous``, its document) but
    not one speaker with it is another conversation, not an edit: storing it would silently replace the first
    (forget that one first, or give this one its own id). An edited file, or the same one moved, keeps at least
    one speaker."""
    if previous is None or not isinstance(previous.get("speakers"), list):
        return
    earlier = previous.get("source") if isinstance(previous.get("source"), dict) else {}
    before = _people_of([(s.get("name"), s.get("role")) for s in previous["speakers"] if isinstance(s, dict) and isinstance(s.get("name"), str)])
    after = _people_of([(s.name, s.role) for s in conv.speakers])
    if earlier.get("file") not in (None, path.name) and not _folded(before) & _folded(after):
        raise IngestError(
            ErrorCode.DUPLICATE_CONVERSATION_ID,
            f"another conversation with this id came from {earlier.get('path') or earlier.get('file')} "
            f"(speakers {sorted(n for n in before if n)}); forget it first or give this one its own id",
            file=path,
            conversation_id=conv.conversation_id,
        )


def _people_of(speakers: list[tuple[str | None, str | None]]) -> set[str]:
    """The names that say whose conversation it is: its speakers but the assistant, whose generic name ("Assistant",
    "Bot") every chat with one shares; all of them when the assistant is all there is."""
    people = {name for name, role in speakers if name and role != "assistant"}
    return people or {name for name, _ in speakers if name}


def expand_paths(paths: list[str | Path]) -> list[Path]:
    """Files as given, folders replaced by the source files under them. A file named twice (a folder and a file
    inside it) is read once, or it would clash with itself as a duplicate conversation."""
    expanded: list[Path] = []
    seen: set[Path] = set()
    for given in paths:
        path = Path(given)
        for candidate in source_files_under(path) if path.is_dir() else [path]:
            if candidate.resolve() not in seen:
                seen.add(candidate.resolve())
                expanded.append(candidate)
    return expanded


def source_files_under(folder: Path) -> list[Path]:
    """``*.json``, ``*.jsonl`` and ``*.txt`` below ``folder``, sorted; hidden entries and reason files skipped."""
    return [
        found
        for found in sorted(folder.rglob("*"))
        if found.is_file()
        and found.suffix.lower() in SOURCE_SUFFIXES
        and not found.name.endswith(REASON_SUFFIX)
        and not any(part.startswith(".") for part in found.relative_to(folder).parts)
    ]


def source_block(path: Path, fmt: str, digest: str) -> dict[str, Any]:
    """Provenance written into every inbox file (``digest``: the file's sha256, hashed once per ingest).
    ``ingested_at`` is filled in only when a file is (re)written."""
    return {
        "file": path.name,
        "path": str(path),
        "format": fmt,
        "sha256": digest,
        "ingested_at": None,
    }


def store_in_inbox(lake: Lake, conv: Conversation, source: dict[str, Any], previous: dict[str, Any] | None) -> Status:
    """Write the canonical file unless the inbox already holds the same content (``previous``, its document) read as
    the same format. Where the file lay, when it came in and the file's other bytes do not count: the same file
    ingested again, from another folder, or a LoCoMo/MSC file with one more conversation or one conversation
    edited, leaves the inbox file of every conversation whose content did not change (and so its downstream
    partitions) as it was; its source block keeps naming the bytes that content came from."""
    target = inbox_file(lake, conv.conversation_id)
    if previous is not None and same_content(canonical.conversation_to_dict(conv, source), previous):
        return "unchanged"
    stamped = {**source, "ingested_at": source.get("ingested_at") or utc_now_iso()}
    payload = canonical.encode(canonical.conversation_to_dict(conv, stamped))
    existed = target.exists()
    atomic_write(target, lambda tmp: tmp.write_bytes(payload))
    return "changed" if existed else "new"


def same_content(document: dict[str, Any], previous: dict[str, Any]) -> bool:
    def essentials(doc: dict[str, Any]) -> dict[str, Any]:
        source = doc.get("source") if isinstance(doc.get("source"), dict) else {}
        return {**doc, "source": {"format": source.get("format")}}

    return essentials(document) == essentials(previous)


def read_previous(path: Path) -> dict[str, Any] | None:
    """The inbox's current document for comparison; a missing or unreadable file simply counts as different."""
    try:
        previous = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    return previous if isinstance(previous, dict) else None


def utc_now_iso() -> str:
    return datetime.now(timezone.utc).replace(tzinfo=None).isoformat(timespec="seconds")


def quarantine(lake: Lake, path: Path, error: IngestError, fmt: str | None) -> QuarantinedFile:
    reason = {**error.as_reason(), "format": fmt}
    target = lake.quarantine(path, reason)
    return QuarantinedFile(str(path), error.code.value, str(error), fmt, target.name)


def landing_dir(lake: Lake) -> Path:
    return lake.root / "landing"


def drain_landing(lake: Lake, config: IngestConfig | None = None) -> IngestReport | None:
    """Ingest every file dropped in ``landing/`` and move it to ``landing/processed/``; None when none was."""
    folder = landing_dir(lake)
    dropped = sorted(p for p in folder.glob("*") if p.is_file() and not p.name.startswith(".")) if folder.exists() else []
    if not dropped:
        return None
    report = ingest_files(lake, dropped, config=config or IngestConfig())
    processed = folder / "processed"
    processed.mkdir(exist_ok=True)
    for path in dropped:
        shutil.move(str(path), processed / path.name)
    return report


def describe_report(report: IngestReport) -> str:
    """A few lines for the terminal or a sensor log: what was accepted and what was refused, and why."""
    lines = [
        f"ingested {len(report.accepted)} conversation(s): {len(report.new)} new, "
        f"{len(report.changed)} changed, {len(report.unchanged)} unchanged"
    ]
    for label, ids in (("new", report.new), ("changed", report.changed)):
        if ids:
            lines.append(f"{label}: {', '.join(ids)}")
    lines.extend(f"  {conversation_id}: {note}" for conversation_id, note in report.notes.items())
    for item in report.quarantined:
        # the error names the file and ends with its code; say each once
        message = item.error.removeprefix(item.path).removeprefix(": ").removeprefix(", ")
        code = "" if message.endswith(f"[{item.code}]") else f" [{item.code}]"
        lines.append(f"QUARANTINED {item.path}: {message}{code}")
    return "\n".join(lines)
