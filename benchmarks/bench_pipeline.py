"""The online path on a LoCoMo file against its model floor.

* Online path: ``memory-pipeline --lake TMP ingest FILE`` then ``memory-pipeline --lake TMP run --all``, as
  subprocesses, timed end to end (interpreter start, Dagster, model loads, Parquet writes, checks).
* Model floor, in this process, on the turns that run produced: one gate-encoder pass over every packed gate
  input, one spaCy parse of the turns the gate admitted and one embedding of them: the neural work no
  implementation of this design can skip. Model loading and packing are timed apart, outside the floor.
  Issue 12 states its floor over *every* turn (gate encoder, parse and embedding of all turns); that one is
  reported beside it (``floor_every_turn_total_s``), since a pipeline that parses only admitted turns should
  come in under it. Its parse is spaCy's plain in-process ``nlp.pipe``, as in every earlier figure; the run's
  parser may split a large batch over forked workers (``parser.processes``), so the same floor with the run's
  own parser is reported too (``floor_every_turn_same_parse_total_s``).
* Each step's own seconds in the run, from the lake's Dagster event log (``stage_seconds``), so the cost of
  the situation-level stages (segments, units, links and consolidation) shows against the rest.
* The chain's model work (``chain_model_total_s``): every model call the default chain makes, on the texts the
  run produced, as the chain makes it: the gate encoder over every turn, the segment detector's embedding of
  every turn, the parse of the admitted turns, the embedding of every memory's text (entries and units, distinct
  texts, a conversation at a time) and the parse links and consolidation make of the memories that carry no
  parse of their own (``stored_docs``; with the default rules-built entries and units, none; the whole run's
  distinct texts in one call, as one chunk). The run minus this is what the pipeline itself costs (rules,
  Parquet, Dagster, imports, model loads); issue 12's floors leave out the memory texts' embedding, which is
  model work too.

* Precision: the floors are float32, as issue 12 measured them. The run computes in its models' own precision
  (``precision="auto"``: bfloat16 where the hardware does it natively, ``memory_pipeline/devices.py``), and so
  is its chain model work; the every-turn floor in that precision is reported beside the float32 one
  (``floor_every_turn_run_precision_total_s``), so the gain from the precision and the pipeline's own cost can
  be told apart.

The ratio online / floor says how much of the wall time is the pipeline rather than the models.

    python benchmarks/bench_pipeline.py path/to/locomo10.json [--json out.json] [--keep DIR]
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from dataclasses import replace
from pathlib import Path

from report import print_numbers, timed_cli


def online_path(lake: Path, source: Path) -> dict[str, float]:
    ingest = timed_cli(lake, "ingest", str(source))
    run = timed_cli(lake, "run", "--all")
    return {"online_ingest_s": ingest, "online_run_s": run, "online_total_s": ingest + run}


def model_floor(lake_dir: Path) -> dict[str, float]:
    """Seconds of the unavoidable model work on the lake's turns (loads and packing reported apart)."""

    from memory_pipeline.config import PipelineConfig
    from memory_pipeline.embeddings import Embedder
    from memory_pipeline.gate import GateModel
    from memory_pipeline.gate.infer import (
        pack_user_turns,
        pad_token_id,
        predict_probabilities,
    )
    from memory_pipeline.lake import Lake
    from memory_pipeline.parsing import load_parser

    config = PipelineConfig(lake_dir=lake_dir)
    lake = Lake(lake_dir)
    turns = lake.read_table("turns")
    numbers: dict[str, float] = {"turns": turns.height}

    started = time.perf_counter()
    gate = GateModel.load(config.gate)
    parser = load_parser(config.parser)
    # the same loaded pipeline, parsing in-process (a backend without workers is in-process already)
    in_process_parser = replace(parser, processes=1) if hasattr(parser, "processes") else parser
    embedder = Embedder.load(config.embedder)
    numbers["floor_model_load_s"] = time.perf_counter() - started

    started = time.perf_counter()
    targets, packed = pack_user_turns(gate, turns)
    numbers["floor_packing_s"] = time.perf_counter() - started

    def gate_encoder_seconds(precision: str) -> tuple[float, object]:
        started = time.perf_counter()
        probabilities = predict_probabilities(
            gate.network, packed, pad_token_id(gate.tokenizer), gate.batch_size, gate.device, precision
        )
        return time.perf_counter() - started, probabilities

    def embed_seconds(texts: list[str], precision: str) -> float:
        started = time.perf_counter()
        replace(embedder, precision=precision).encode(texts)
        return time.perf_counter() - started

    # The floors are float32, as issue 12 measured them; the run computes in its models' own precision
    # (bfloat16 where the hardware does it natively), so its model work is timed in that precision too.
    numbers["floor_gate_encoder_s"], probabilities = gate_encoder_seconds("float32")
    admitted = [text or "" for text, p in zip(targets["text"], probabilities, strict=True) if p >= gate.threshold]
    numbers["gate_inputs"] = len(packed)
    numbers["admitted_turns"] = len(admitted)

    started = time.perf_counter()
    parser.parse_batch(admitted)
    numbers["floor_parse_s"] = time.perf_counter() - started
    numbers["floor_embed_s"] = embed_seconds(admitted, "float32")
    numbers["floor_total_s"] = numbers["floor_gate_encoder_s"] + numbers["floor_parse_s"] + numbers["floor_embed_s"]

    texts = [text or "" for text in turns["text"]]
    numbers["floor_every_turn_embed_s"] = embed_seconds(texts, "float32")
    for name, every_turn_parser in (("in_process", in_process_parser), ("same", parser)):
        started = time.perf_counter()
        every_turn_parser.parse_batch(texts)
        numbers[f"floor_every_turn_{name}_parse_s"] = time.perf_counter() - started
    numbers["floor_every_turn_total_s"] = (
        numbers["floor_gate_encoder_s"] + numbers["floor_every_turn_in_process_parse_s"] + numbers["floor_every_turn_embed_s"]
    )
    numbers["floor_every_turn_same_parse_total_s"] = (
        numbers["floor_gate_encoder_s"] + numbers["floor_every_turn_same_parse_s"] + numbers["floor_every_turn_embed_s"]
    )
    numbers["device"] = str(gate.device)
    numbers["run_gate_precision"], numbers["run_embedder_precision"] = gate.precision, embedder.precision
    numbers["run_precision_gate_encoder_s"] = (
        gate_encoder_seconds(gate.precision)[0] if gate.precision != "float32" else numbers["floor_gate_encoder_s"]
    )
    numbers["run_precision_every_turn_embed_s"] = (
        embed_seconds(texts, embedder.precision) if embedder.precision != "float32" else numbers["floor_every_turn_embed_s"]
    )
    numbers["floor_every_turn_run_precision_total_s"] = (
        numbers["run_precision_gate_encoder_s"] + numbers["floor_every_turn_in_process_parse_s"]
        + numbers["run_precision_every_turn_embed_s"]
    )
    numbers.update(chain_model_work(lake, turns, parser, embedder))
    numbers["chain_model_total_s"] = (
        numbers["run_precision_gate_encoder_s"] + numbers["floor_parse_s"] + numbers["chain_segment_embed_s"]
        + numbers["chain_memory_embed_s"] + numbers["chain_memory_parse_s"]
    )
    return numbers


def chain_model_work(lake, turns, parser, embedder) -> dict[str, float]:
    """Seconds of the model calls the default chain makes beyond the floor's gate and admitted-turn parse, on the
    lake's own tables."""
    from memory_pipeline.analysis import stored_docs
    from memory_pipeline.embeddings import conversation_memory_tables, embed_memory_tables
    from memory_pipeline.memory_frame import memory_frame
    from memory_pipeline.segments.stage import sessions_from_turns

    started = time.perf_counter()
    embedder.encode([text for session in sessions_from_turns(turns) for text in session.texts])
    numbers = {"chain_segment_embed_s": time.perf_counter() - started}

    memory_seconds = 0.0
    unparsed: list[str] = []
    memories = 0
    for conversation_id in lake.partitions("memory_entries"):  # the embeddings asset: a conversation at a time
        tables = conversation_memory_tables(lake, conversation_id)
        frame = memory_frame(tables["entry"], tables.get("fta_unit"))
        docs = stored_docs(tables["entry"], tables.get("fta_unit"))
        memories += frame.height
        unparsed.extend(text or "" for memory_id, text in frame.select("memory_id", "text").iter_rows() if memory_id not in docs)
        started = time.perf_counter()
        embed_memory_tables(tables, embedder)
        memory_seconds += time.perf_counter() - started
    distinct = list(dict.fromkeys(unparsed))  # consolidation reads the whole chunk (here: every conversation)
    started = time.perf_counter()
    parser.parse_batch(distinct)
    numbers.update(
        chain_memories=memories,
        chain_memory_texts_parsed=len(distinct),
        chain_memory_embed_s=memory_seconds,
        chain_memory_parse_s=time.perf_counter() - started,
    )
    return numbers


SITUATION_STEPS = ("segments", "units")
LATER_STEPS = ("consolidation",)


def step_seconds(lake_dir: Path) -> dict[str, float]:
    """Each step's seconds in the run, and what the situation-level steps add to the rest of the run's steps."""
    from memory_pipeline.cli.orchestration import stage_seconds
    from memory_pipeline.lake import Lake

    lake = Lake(lake_dir)
    steps = stage_seconds(lake, lake.partitions("turns"))
    numbers: dict[str, float] = {f"step_{name}_s": seconds for name, seconds in steps.items()}
    new = sum(steps.get(name, 0.0) for name in SITUATION_STEPS)
    later = sum(steps.get(name, 0.0) for name in LATER_STEPS)
    online = sum(steps.values()) - new - later
    numbers["segments_and_units_over_online_steps"] = new / online if online else float("nan")
    numbers["situation_steps_over_online_steps"] = (new + later) / online if online else float("nan")
    return numbers


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("locomo_json", type=Path)
    parser.add_argument("--json", type=Path, help="also write the numbers here")
    parser.add_argument("--keep", type=Path, help="build the lake in this folder and keep it")
    args = parser.parse_args(argv)

    with tempfile.TemporaryDirectory(prefix="bench-pipeline-") as tmp:
        lake = args.keep or Path(tmp) / "lake"
        numbers: dict = online_path(lake, args.locomo_json.resolve())
        numbers.update(step_seconds(lake))
        numbers.update(model_floor(lake))
    numbers["ratio_online_to_floor"] = numbers["online_total_s"] / numbers["floor_total_s"]
    numbers["ratio_run_to_floor"] = numbers["online_run_s"] / numbers["floor_total_s"]
    numbers["ratio_run_to_every_turn_floor"] = numbers["online_run_s"] / numbers["floor_every_turn_total_s"]
    numbers["ratio_run_to_every_turn_floor_same_parse"] = (
        numbers["online_run_s"] / numbers["floor_every_turn_same_parse_total_s"]
    )
    numbers["ratio_run_to_every_turn_floor_run_precision"] = (
        numbers["online_run_s"] / numbers["floor_every_turn_run_precision_total_s"]
    )
    numbers["ratio_run_to_chain_model"] = numbers["online_run_s"] / numbers["chain_model_total_s"]
    numbers["run_beyond_chain_model_s"] = numbers["online_run_s"] - numbers["chain_model_total_s"]

    print_numbers(numbers, decimals=3, json_path=args.json)
    print(
        f"\nonline {numbers['online_total_s']:.1f}s vs model floor {numbers['floor_total_s']:.1f}s: "
        f"{numbers['ratio_online_to_floor']:.1f}x"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
