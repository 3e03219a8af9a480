"""Links and consolidation on the LoCoMo dev conversations: what fires, what the validator refuses, what it
costs without an LLM, and recall of the online against the consolidated store (cosine, FTA score, packets).

The store comes from one of two places:

* ``--lake DIR``: a lake the real chain materialised (``memory-pipeline --lake DIR ingest FILE`` then
  ``run --all``, or ``bench_pipeline.py FILE --keep DIR``): entries *and* FTA units with their sources and
  embeddings, exactly what a user's store holds. The lake's own ``memory_status`` is compared with this
  process's result, so the figures are those of the materialised tables.
* otherwise entries only, built in-process (LoCoMo reader -> shipped gate -> extractor -> embeddings).

Either way the store is then linked and consolidated with the rule-based default here, timed. Rules were chosen
on two conversations (``--choose``, default conv-26 and conv-30); the figures to report are those of the
others, printed apart.

    python benchmarks/bench_consolidation.py [--lake DIR | --cache DIR] [--locomo PATH] [--corrections PATH]
        [--choose conv-26,conv-30] [--json OUT] [--show N]
"""

from __future__ import annotations

import argparse
import os
import time
from collections import Counter
from pathlib import Path

import numpy as np
import polars as pl
from report import print_numbers

from memory_pipeline.analysis import read_frame, stored_docs
from memory_pipeline.config import EmbedderConfig, ExtractorConfig, GateConfig, ParserConfig
from memory_pipeline.consolidation import ConsolidationConfig, consolidate, load_consolidation_classifier
from memory_pipeline.embeddings import Embedder, embed_memories
from memory_pipeline.evaluation.consolidation import recall_table, store_outcomes
from memory_pipeline.evaluation.evidence import resolve_evidence
from memory_pipeline.evaluation.questions import scored_questions
from memory_pipeline.evaluation.retrieval import encode
from memory_pipeline.extraction import TemporalResolver, extract_memories
from memory_pipeline.ingest import read_source
from memory_pipeline.ingest.frames import conversation_frames
from memory_pipeline.links import LinksConfig, build_links, final_lifecycles, initial_lifecycles, load_link_classifier
from memory_pipeline.memory_frame import memories_by_id, memory_frame, memory_vectors
from memory_pipeline.parsing import load_parser
from memory_pipeline.retrieval import LOCOMO_K, MemoryStore, RetrievalConfig

REPO_ROOT = Path(__file__).resolve().parents[1]
SHARED_DATA = Path(os.environ.get("MEMORY_PIPELINE_SHARED_DATA", REPO_ROOT.parent / "shared" / "data"))
LOCOMO_DEV = SHARED_DATA / "locomo" / "locomo10.dev.json"
AUDIT_DEV = SHARED_DATA / "locomo" / "locomo-audit.errors.dev.json"
TABLES = ("turns", "entries", "sources", "embeddings")


def build_entries(path: Path, cache: Path | None, parser, embedder) -> dict[str, pl.DataFrame]:
    """turns, entries, sources, embeddings of every conversation of the file (read from ``cache`` when there)."""
    if cache is not None and all((cache / f"{name}.parquet").exists() for name in TABLES):
        return {name: pl.read_parquet(cache / f"{name}.parquet") for name in TABLES}
    from memory_pipeline.gate import GateModel, score_turns

    turns = pl.concat(
        [conversation_frames(c, {"file": path.name, "path": path.name, "format": "locomo", "sha256": ""})[1] for c in read_source(path)]
    )
    gate = score_turns(GateModel.load(GateConfig(device="cpu")), turns)
    extracted = extract_memories(turns, gate, parser, ExtractorConfig(), TemporalResolver())
    built = {"turns": turns, "entries": extracted.entries, "sources": extracted.sources,
             "embeddings": embed_memories(extracted.entries, embedder)}
    if cache is not None:
        cache.mkdir(parents=True, exist_ok=True)
        for name, frame in built.items():
            frame.write_parquet(cache / f"{name}.parquet")
    return built


def read_lake(lake_dir: Path) -> dict[str, pl.DataFrame]:
    """The tables of a materialised lake that make a memory store: entries and units, both kinds' sources."""
    from memory_pipeline.lake import Lake

    lake = Lake(lake_dir)
    return {
        "turns": lake.read_table("turns"),
        "entries": lake.read_table("memory_entries"),
        "units": lake.read_table("fta_units"),
        "sources": pl.concat([lake.read_table("memory_sources"), lake.read_table("unit_sources")], how="diagonal_relaxed"),
        "embeddings": lake.read_table("memory_embeddings"),
        "status": lake.read_table("memory_status"),
    }


def timed(fn):
    started = time.perf_counter()
    value = fn()
    return value, time.perf_counter() - started


def main() -> None:
    options = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    options.add_argument("--locomo", type=Path, default=LOCOMO_DEV)
    options.add_argument("--corrections", type=Path, default=AUDIT_DEV)
    options.add_argument("--lake", type=Path, help="a lake materialised by `run --all` on the LoCoMo file")
    options.add_argument("--cache", type=Path, help="keep the built entries here and reuse them")
    options.add_argument("--choose", default="conv-26,conv-30", help="conversations the rules were chosen on")
    options.add_argument("--json", type=Path)
    options.add_argument("--show", type=int, default=0,
                         help="print this many hiding proposals (applied and refused) of the --choose conversations")
    args = options.parse_args()
    if not args.locomo.exists():
        raise SystemExit(f"LoCoMo file not found: {args.locomo} (set MEMORY_PIPELINE_SHARED_DATA or pass --locomo)")

    parser = load_parser(ParserConfig())
    embedder = Embedder.load(EmbedderConfig(device="cpu"))
    if args.lake:
        data, build_s = timed(lambda: read_lake(args.lake))
    else:
        data, build_s = timed(lambda: build_entries(args.locomo, args.cache, parser, embedder))
    frame = memory_frame(data["entries"], data.get("units"), data["sources"], data["turns"])
    vectors = memory_vectors(frame, data["embeddings"])

    # as the pipeline reads them: from the parses the memories carry (entries built in-process carry them too)
    readings, read_s = timed(lambda: read_frame(frame, parser, stored_docs(data["entries"], data.get("units"))))
    links_config, consolidation_config = LinksConfig(), ConsolidationConfig()
    links, links_s = timed(lambda: build_links(frame, vectors, readings, load_link_classifier(links_config), links_config))
    lifecycles = final_lifecycles(initial_lifecycles(memories_by_id(frame), readings), links.links)
    result, consolidation_s = timed(
        lambda: consolidate(frame, vectors, readings, load_consolidation_classifier(consolidation_config), consolidation_config, lifecycles)
    )
    per_thousand = 1000 / max(frame.height, 1)
    numbers: dict = {
        "store": f"lake {args.lake.name} (entries and units)" if args.lake else "entries built in-process",
        "memories": frame.height,
        **{f"memories_{k}": v for k, v in sorted(Counter(frame["memory_kind"].to_list()).items())},
        "seconds_build_entries(gate+extract+embed, or cache or lake)": build_s,
        "seconds_per_1k_reading(stored parses, else parse)": read_s * per_thousand,
        "seconds_per_1k_links(rules)": links_s * per_thousand,
        "seconds_per_1k_consolidation(rules)": consolidation_s * per_thousand,
        "links": links.links.height,
        **{f"links_{k}": v for k, v in sorted(Counter(links.links["relation"].to_list()).items())},
        **{f"lifecycle_{k}": v for k, v in sorted(Counter(links.lifecycle["lifecycle_status"].to_list()).items())},
        **{f"decision_{k}": v for k, v in result.metrics["decisions"].items()},
        **{f"rejected_{k}": v for k, v in result.metrics["rejected"].items()},
        **{f"status_{k}": v for k, v in result.metrics["status"].items()},
    }
    if "status" in data:
        mine, lakes = (f.sort("memory_id").select("memory_id", "status", "replaced_by") for f in (result.status, data["status"]))
        numbers["same_statuses_as_the_lake"] = mine.equals(lakes)
    chosen = set(args.choose.split(","))
    if args.show:
        show_decisions(result, frame, args.show, chosen)

    online = MemoryStore.build(frame, vectors, None, links.links, data["turns"])
    consolidated = MemoryStore.build(frame, vectors, result.status, links.links, data["turns"])
    corrections = args.corrections if args.corrections and args.corrections.exists() else None
    known = set(data["turns"]["turn_id"].to_list())
    questions = scored_questions(args.locomo, corrections)
    evidence = {q.question_id: resolve_evidence(q.conversation_id, q.evidence_ids, known).turn_ids for q in questions}
    questions = [q for q in questions if evidence[q.question_id]]
    config = RetrievalConfig(k=LOCOMO_K)
    groups = {"chosen_on": sorted(chosen), "reported": sorted({q.conversation_id for q in questions} - chosen)}
    started = time.perf_counter()
    for group, ids in groups.items():
        asked = [q for q in questions if q.conversation_id in ids]
        numbers[f"{group}_conversations"] = ",".join(ids)
        numbers[f"{group}_questions"] = len(asked)
        for name, store in (("online", online), ("consolidated", consolidated)):
            outcomes: dict[str, list] = {}
            for conversation_id in ids:
                part = [q for q in asked if q.conversation_id == conversation_id]
                vectors_q = encode(embedder, [q.question for q in part])
                for reading, items in store_outcomes(store.restrict(conversation_id), part, evidence, vectors_q, config).items():
                    outcomes.setdefault(reading, []).extend(items)
            for key, value in recall_table(outcomes).items():
                numbers[f"{group}_{name}_{key}"] = value
    numbers["seconds_retrieval_per_question(all readings, both stores)"] = (time.perf_counter() - started) / max(len(questions), 1)
    print_numbers(numbers, json_path=args.json)


def show_decisions(result, frame: pl.DataFrame, n: int, conversations: set[str]) -> None:
    """A random sample of the hiding proposals of the conversations the rules are chosen on, with both texts."""
    texts = dict(zip(frame["memory_id"], frame["text"], strict=True))
    hiding = result.decisions.filter(
        pl.col("conversation_id").is_in(sorted(conversations)) & pl.col("action").is_in(["dedup", "supersede"])
    )
    rng = np.random.default_rng(0)
    picks = rng.choice(hiding.height, size=min(n, hiding.height), replace=False) if hiding.height else []
    for i in sorted(picks):
        row = hiding.row(int(i), named=True)
        verdict = "applied" if row["accepted"] else f"refused: {row['reject_reason']}"
        print(f"[{row['stage']}/{row['action']}/{row['basis']}] {row['scope']} ({verdict})")
        print(f"    new: {texts[row['target_id']]}")
        print(f"    old: {texts.get(row['candidate_id'], '-')}")


if __name__ == "__main__":
    main()
