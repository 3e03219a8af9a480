"""The client and the real openai backend against a server that fails on cue: every fault ends as a validated
answer or a recorded failure, never an exception, and the ledger and cache say exactly what happened."""

from __future__ import annotations

import json
import socket

import pytest
from pydantic import BaseModel, ConfigDict

from memory_pipeline.llm import LLMClient, LLMConfig, LLMRequest, ResponseCache, build_client, ledger_frame, ledger_totals
from memory_pipeline.llm.openai_backend import OpenAIBackend
from memory_pipeline.llm.schemas import SegmentsAnswer
from tests.llm_fault_server import FaultServer, empty, length, ok, sleep, status, usage_for


class Fact(BaseModel):
    model_config = ConfigDict(extra="forbid")
    person: str
    year: int


GOOD = '{"person": "Maya", "year": 2023}'


def request(tag: str, conversation_id: str = "conv-1", **kwargs) -> LLMRequest:
    messages = ({"role": "system", "content": "Reply with JSON."}, {"role": "user", "content": f"item={tag}"})
    fields = {"response_model": Fact, "max_tokens": 64, **kwargs}
    return LLMRequest(stage="test", conversation_id=conversation_id, item_id=tag, messages=messages,
                      prompt="test", prompt_version="test@1", **fields)


def config(base_url: str, **openai) -> LLMConfig:
    settings = {"timeout_s": 0.5, "connect_timeout_s": 0.5, "transport_retries": 2, "backoff_initial_s": 0.01,
                "backoff_max_s": 0.05, "concurrency": 4, **openai}
    return LLMConfig(backend="openai", model="fake-model", base_url=base_url, openai=settings)


@pytest.fixture
def serve():
    servers = []

    def start(scripts, **kwargs) -> FaultServer:
        server = FaultServer(scripts, **kwargs)
        servers.append(server)
        return server

    yield start
    for server in servers:
        server.stop()


def run(server_or_url, requests, cache_dir=None, **openai):
    url = server_or_url if isinstance(server_or_url, str) else server_or_url.base_url
    client = build_client(config(url, **openai), cache_dir)
    try:
        return client.run(requests), client.drain_ledger()
    finally:
        client.close()


def test_a_batch_is_answered_in_order_and_the_ledger_carries_the_servers_usage(serve):
    server = serve({"a": [ok(GOOD)], "b": [ok('{"person": "Theo", "year": 2021}')], "c": [ok(GOOD)]})
    results, ledger = run(server, [request("a"), request("b"), request("c")])
    assert [r.value.person for r in results] == ["Maya", "Theo", "Maya"]
    assert all(r.ok and r.attempts == 1 and not r.cached for r in results)
    assert [rec.item_id for rec in ledger] == ["a", "b", "c"]
    for rec, tag in zip(ledger, "abc", strict=True):
        hit = server.calls(tag)[0]
        assert (rec.prompt_tokens, rec.completion_tokens) == usage_for(hit.messages, GOOD if tag != "b" else
                                                                       '{"person": "Theo", "year": 2021}')
        assert rec.backend == "openai" and rec.model == "fake-model" and rec.ok and rec.error is None
    assert server.calls("a")[0].body["response_format"]["json_schema"]["schema"] == Fact.model_json_schema()


@pytest.mark.parametrize("code", [429, 500, 503])
def test_rate_limits_and_server_errors_are_retried_with_backoff(serve, code):
    server = serve({"a": [status(code), status(code), ok(GOOD)]})
    [result], ledger = run(server, [request("a")])
    assert result.ok and result.attempts == 1
    assert len(server.calls("a")) == 3
    assert len(ledger) == 1 and ledger[0].ok  # transport retries live inside one attempt


def test_a_persistent_server_error_is_a_recorded_failure(serve):
    server = serve({"a": [status(503)], "b": [ok(GOOD)]})
    results, ledger = run(server, [request("a"), request("b")])
    assert not results[0].ok and results[0].error.startswith("http 503") and results[0].value is None
    assert results[1].ok
    assert len(server.calls("a")) == 3  # 1 + transport_retries, then no validation retry: nothing to feed back
    assert [(r.item_id, r.ok) for r in ledger] == [("a", False), ("b", True)]


def test_a_client_error_other_than_429_is_not_retried(serve):
    server = serve({"a": [status(400)]})
    [result], _ = run(server, [request("a")])
    assert result.error.startswith("http 400") and len(server.calls("a")) == 1


def test_a_timeout_is_retried_and_a_persistent_one_recorded(serve):
    server = serve({"slow-once": [sleep(1.0, ok(GOOD)), ok(GOOD)], "slow": [sleep(1.0, ok(GOOD))]})
    results, _ = run(server, [request("slow-once"), request("slow")])
    assert results[0].ok and len(server.calls("slow-once")) == 2
    assert results[1].error.startswith("timeout") and len(server.calls("slow")) == 3


def test_connection_refused_is_a_recorded_failure():
    with socket.socket() as probe:  # a port nobody listens on
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    [result], [record] = run(f"http://127.0.0.1:{port}/v1", [request("a")])
    assert result.error.startswith("connection") and not record.ok and record.error == result.error


def test_invalid_json_is_sent_back_with_the_error_and_then_answered(serve):
    server = serve({"a": [ok('{"person": "Maya", "year": '), ok(GOOD)]})
    [result], ledger = run(server, [request("a")])
    assert result.ok and result.attempts == 2
    assert [(r.attempt, r.ok) for r in ledger] == [(1, False), (2, True)]
    assert ledger[0].error.startswith("invalid: ")
    second = server.calls("a")[1].messages
    assert second[-2] == {"role": "assistant", "content": '{"person": "Maya", "year": '}
    assert second[-1]["role"] == "user" and "cannot be used" in second[-1]["content"]


def test_schema_invalid_json_fails_after_the_configured_retries(serve):
    server = serve({"a": [ok('{"person": "Maya", "year": "last year"}')]})
    [result], ledger = run(server, [request("a")])
    assert not result.ok and result.attempts == 3  # max_retries = 2
    assert "year" in result.error and result.error.startswith("invalid: ")
    assert len(ledger) == 3 and not any(r.ok for r in ledger)
    assert len({r.call_id for r in ledger}) == 3


def test_truncated_and_empty_answers_are_asked_again(serve):
    server = serve({"cut": [length('{"person": "Ma'), ok(GOOD)], "none": [empty(), ok(GOOD)]})
    results, ledger = run(server, [request("cut"), request("none")])
    assert all(r.ok and r.attempts == 2 for r in results)
    errors = {r.item_id: r.error for r in ledger if not r.ok}
    assert errors["cut"].startswith("truncated") and errors["none"].startswith("empty")
    assert "truncated" in server.calls("cut")[1].messages[-1]["content"]


def test_a_context_violation_is_fed_back(serve):
    gap = '{"segments": [{"start_turn": 3, "end_turn": 4, "boundary_trigger": "topic_change"}]}'
    good = '{"segments": [{"start_turn": 3, "end_turn": 6, "boundary_trigger": "topic_change"}]}'
    server = serve({"w": [ok(gap), ok(good)]})
    req = request("w", response_model=SegmentsAnswer, context={"first_turn": 3, "last_turn": 6})
    [result], _ = run(server, [req])
    assert result.ok and result.attempts == 2 and result.value.segments[0].end_turn == 6
    assert "must end at turn 6" in server.calls("w")[1].messages[-1]["content"]
    sent = server.calls("w")[0].body["response_format"]["json_schema"]["schema"]
    assert sent["$defs"]["Segment"]["properties"]["end_turn"]["maximum"] == 6  # decoded under the narrowed schema


def test_a_server_that_dies_mid_batch_keeps_the_answers_it_gave(serve, tmp_path):
    tags = ["a", "b", "c", "d"]
    server = serve({tag: [ok(GOOD)] for tag in tags}, die_after=2)
    results, _ = run(server, [request(t) for t in tags], tmp_path / "cache", concurrency=1, timeout_s=5.0)
    assert [r.ok for r in results] == [True, True, False, False]
    assert all(r.error.startswith("connection") for r in results[2:])
    # Failures are not cached: against a live server only the two missing items are asked.
    healthy = serve({tag: [ok(GOOD)] for tag in tags})
    again, ledger = run(healthy, [request(t) for t in tags], tmp_path / "cache")
    assert all(r.ok for r in again) and [r.cached for r in again] == [True, True, False, False]
    assert sorted(hit.tag for hit in healthy.hits) == ["c", "d"]


def test_a_settled_failure_is_cached_and_a_transport_failure_is_not(serve, tmp_path):
    """An answer that never validated is the same answer next time (temperature 0): a re-run serves the failure
    from the cache without a call. An HTTP error is the transport's and is asked again. A run allowing more
    attempts than the stored failure had, or one that keeps no failures, asks again."""
    server = serve({"bad": [ok('{"person": "Maya", "year": "last year"}')], "down": [status(400)], "good": [ok(GOOD)]})
    requests = [request("bad"), request("down"), request("good")]
    first, _ = run(server, requests, tmp_path / "cache")
    before = len(server.hits)
    second, ledger = run(server, requests, tmp_path / "cache")
    assert [hit.tag for hit in server.hits[before:]] == ["down"]
    assert [r.ok for r in second] == [False, False, True] and second[0].cached and not second[1].cached
    assert second[0].error == first[0].error and second[0].error.startswith("invalid: ")
    row = next(r for r in ledger if r.item_id == "bad")
    assert row.cached and not row.ok and row.attempt == 3 and row.latency_ms == 0 and row.error == first[0].error

    def asked(**settings) -> int:
        client = LLMClient(config(server.base_url).model_copy(update=settings),
                           OpenAIBackend(config(server.base_url)), ResponseCache(tmp_path / "cache"))
        count = len(server.hits)
        [result] = client.run([request("bad")])
        client.close()
        assert not result.ok
        return len(server.hits) - count

    assert asked(max_retries=3) == 4  # more attempts than the stored failure had
    assert asked(max_retries=3) == 0  # ... and now that one is stored
    assert asked(cache_failures=False) == 3


def test_a_second_run_makes_no_calls_and_is_byte_identical(serve, tmp_path):
    server = serve({"a": [ok('{"person": "x", "year": '), ok(GOOD)], "b": [ok('{"person": "Theo", "year": 2021}')]})
    requests = [request("a"), request("b")]
    first, first_ledger = run(server, requests, tmp_path / "cache")
    calls = len(server.hits)
    second, second_ledger = run(server, requests, tmp_path / "cache")
    third, third_ledger = run(server, requests, tmp_path / "cache")
    assert len(server.hits) == calls == 3
    assert [r.value.model_dump_json() for r in second] == [r.value.model_dump_json() for r in first]
    assert all(r.cached for r in second) and [r.attempts for r in second] == [2, 1]
    cached = {r.item_id: r for r in second_ledger}
    assert cached["a"].latency_ms == 0 and cached["a"].attempt == 2
    made = {(r.item_id, r.attempt): r for r in first_ledger}
    assert cached["a"].call_id == made[("a", 2)].call_id
    assert cached["a"].prompt_tokens == made[("a", 2)].prompt_tokens
    assert ledger_frame(second_ledger).to_arrow().equals(ledger_frame(third_ledger).to_arrow())
    assert list((tmp_path / "cache").iterdir()) == [tmp_path / "cache" / "conv-1"]


def test_the_api_key_comes_from_the_named_variable_and_is_stored_nowhere(serve, tmp_path, monkeypatch):
    monkeypatch.setenv("TEST_LLM_KEY", "sk-secret-value")
    server = serve({"a": [ok(GOOD)]})
    _, ledger = run(server, [request("a")], tmp_path / "cache", api_key_env="TEST_LLM_KEY")
    assert server.hits[0].authorization == "Bearer sk-secret-value"
    stored = "".join(p.read_text() for p in (tmp_path / "cache").rglob("*.json"))
    assert "sk-secret" not in stored and "sk-secret" not in json.dumps([vars(r) for r in ledger])


def test_ledger_totals_count_calls_failures_cache_hits_tokens_and_seconds(serve, tmp_path):
    server = serve({"a": [ok("nope"), ok(GOOD)], "b": [status(400)], "c": [ok(GOOD)]})
    _, made = run(server, [request("a"), request("b"), request("c")], tmp_path / "cache")
    _, reused = run(server, [request("a"), request("c")], tmp_path / "cache")
    totals = ledger_totals(ledger_frame(made + reused))
    assert (totals.calls, totals.cache_hits, totals.failed_calls) == (4, 2, 2)
    assert (totals.items, totals.failed_items) == (3, 1)
    assert totals.prompt_tokens == sum(r.prompt_tokens for r in made)
    assert totals.cached_completion_tokens == sum(r.completion_tokens for r in reused)
    assert totals.seconds == pytest.approx(sum(r.latency_ms for r in made) / 1000)
    assert totals.as_dict()["failure_rate"] == pytest.approx(1 / 3)
