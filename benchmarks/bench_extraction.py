"""Extraction and embedding throughput beside their floors, on the same turns, in the same process.

* parse floor: spaCy's ``nlp.pipe`` over the turn texts, in-process (no conversion, no rules);
* the parser's own ``parse_batch`` (conversion included) with the workers it chooses (``--processes``; by default
  one forked worker per core and per 64 texts), the parse the extraction makes;
* extraction: ``extract_memories`` end to end (parse, conversion, rules, temporal grounding, frames);
* extraction rules: ``extract_memories`` again with every parse it asks for already made, so its own cost (rules,
  temporal grounding, frames) without the parse, whose time varies between runs more than the rules take;
* embedding floor: the sentence encoder over the raw turn texts;
* embedding: ``embed_memories`` over the extracted entries (shorter texts than the turns).

    python benchmarks/bench_extraction.py [--conversations 5] [--device cpu|cuda|auto] [--batch-size 64]
        [--processes N]
"""

from __future__ import annotations

import argparse
import json
import os
import time
from pathlib import Path

import polars as pl

from memory_pipeline.config import EmbedderConfig, ExtractorConfig, ParserConfig
from memory_pipeline.embeddings import Embedder, embed_memories
from memory_pipeline.extraction import TemporalResolver, extract_memories
from memory_pipeline.ingest import read_source, turns_frame
from memory_pipeline.parsing import load_parser
from memory_pipeline.parsing.spacy_backend import worker_processes

REPO_ROOT = Path(__file__).resolve().parents[1]
SHARED_DATA = Path(os.environ.get("MEMORY_PIPELINE_SHARED_DATA", REPO_ROOT.parent / "shared" / "data"))
LOCOMO_DEV = SHARED_DATA / "locomo" / "locomo10.dev.json"


def locomo_turns(path: Path, conversations: int) -> pl.DataFrame:
    return pl.concat([turns_frame(conversation) for conversation in read_source(path)[:conversations]])


class CachedParses:
    """The parser, answering a batch it has parsed before from memory: extraction run through it a second time
    costs what its rules cost."""

    def __init__(self, parser):
        self._parser = parser
        self._parses: dict[tuple[str, ...], list] = {}

    def parse_batch(self, texts):
        key = tuple(texts)
        if key not in self._parses:
            self._parses[key] = self._parser.parse_batch(list(texts))
        return self._parses[key]

    def __getattr__(self, name):
        return getattr(self._parser, name)


def timed(fn):
    start = time.perf_counter()
    value = fn()
    return value, time.perf_counter() - start


def main() -> None:
    parser_ = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser_.add_argument("--locomo", type=Path, default=LOCOMO_DEV)
    parser_.add_argument("--conversations", type=int, default=5)
    parser_.add_argument("--device", default="auto", choices=["auto", "cpu", "cuda"])
    parser_.add_argument("--batch-size", type=int, default=64)
    parser_.add_argument("--processes", type=int, help="parser workers (default: the parser's own choice)")
    args = parser_.parse_args()
    if not args.locomo.exists():
        raise SystemExit(f"LoCoMo file not found: {args.locomo} (set MEMORY_PIPELINE_SHARED_DATA or pass --locomo)")

    turns = locomo_turns(args.locomo, args.conversations)
    texts = turns["text"].to_list()
    gate = turns.select("turn_id", pl.lit(True).alias("admitted"))
    parser = load_parser(ParserConfig(batch_size=args.batch_size, processes=args.processes))
    embedder = Embedder.load(EmbedderConfig(device=args.device, batch_size=args.batch_size))
    resolver = TemporalResolver()
    parser.parse_batch(texts[:32])  # warm-up: first-call allocations, lazy recognizer model
    embedder.encode(texts[:32])
    resolver.resolve("christmas", turns["session_time"][0], "past")

    _, parse_s = timed(lambda: list(parser.nlp.pipe(texts, batch_size=args.batch_size)))
    _, parse_batch_s = timed(lambda: parser.parse_batch(texts))
    cached = CachedParses(parser)  # parses on the first extraction, which is timed whole
    result, extract_s = timed(lambda: extract_memories(turns, gate, cached, ExtractorConfig(), resolver))
    _, rules_s = timed(lambda: extract_memories(turns, gate, cached, ExtractorConfig(), resolver))
    _, embed_floor_s = timed(lambda: embedder.encode(texts))
    _, embed_s = timed(lambda: embed_memories(result.entries, embedder))

    n = len(texts)
    report = {
        "turns": n,
        "entries": result.entries.height,
        "parser": parser.name,
        "embedder": embedder.model_name,
        "device": embedder.device,
        "parse_workers": worker_processes(n, args.processes),
        "parse_floor_turns_per_s": n / parse_s,
        "parse_batch_turns_per_s": n / parse_batch_s,
        "extraction_turns_per_s": n / extract_s,
        "extraction_vs_parse_floor": parse_s / extract_s,
        "extraction_vs_parse_batch": parse_batch_s / extract_s,
        "extraction_rules_s": rules_s,
        "extraction_rules_turns_per_s": n / rules_s,
        "embedding_floor_turns_per_s": n / embed_floor_s,
        "embedding_turns_per_s": n / embed_s,
        "embedding_vs_floor": embed_floor_s / embed_s,
    }
    print(json.dumps(report, indent=2))


if __name__ == "__main__":
    main()
