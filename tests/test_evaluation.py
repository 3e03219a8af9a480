"""The LoCoMo evaluation on a tiny hand-built lake, and on the real dev conversations (turns only).

Both use a deterministic fake embedder; the real one belongs to the real run, not to unit tests.
"""

from __future__ import annotations

import hashlib
import json
import re
from datetime import datetime
from pathlib import Path

import numpy as np
import duckdb
import polars as pl
import pytest

from tests.contract import conform
from memory_pipeline import warehouse
from memory_pipeline.evaluation import evaluate_locomo, headline
from memory_pipeline.evaluation.retrieval import Corpus, recall_at_budget, recall_at_k, retrieve
from memory_pipeline.ingest import conversation_frames, read_source
from memory_pipeline.ingest.locomo import Question
from memory_pipeline.lake import Lake

CID = "c1"
S1, S2 = datetime(2023, 5, 8, 13, 0), datetime(2023, 5, 20, 9, 30)
TURNS = [  # dia id, speaker, session time, text, p_admit
    ("D1:1", "Alice", S1, "I adopted a puppy named Rex yesterday", 0.9),
    ("D1:2", "Bob", S1, "That is wonderful news", 0.1),
    ("D1:3", "Alice", S1, "We went hiking in the mountains last week", 0.6),
    ("D2:1", "Bob", S2, "I started a new job at the bakery", 0.8),
    ("D2:2", "Alice", S2, "Good luck with it", 0.3),
    ("D2:3", "Bob", S2, "Thanks a lot", 0.05),
]
MEMORIES = [  # memory id, source dia id, text, event start, event end
    ("m1", "D1:1", "Alice adopted a puppy named Rex", datetime(2023, 5, 7), datetime(2023, 5, 8)),
    ("m3", "D1:3", "Alice went hiking in the mountains", datetime(2023, 5, 1), datetime(2023, 5, 8)),
    ("m4", "D2:1", "Bob started a new job at the bakery", None, None),
]
QA = [
    {"question": "What pet did Alice adopt?", "answer": "a puppy", "evidence": ["D1:1"], "category": 4},
    {"question": "When did Alice adopt the puppy?", "answer": "7 May 2023", "evidence": ["D1:1"], "category": 2},
    {"question": "Where does Bob work?", "answer": "a bakery", "evidence": ["D2:1; D9:9"], "category": 1},
    {"question": "Is Rex a cat?", "adversarial_answer": "yes", "evidence": ["D1:1"], "category": 5},
    {"question": "Who said thanks?", "answer": "Bob", "evidence": ["D2:3"], "category": 3},
    {
        "question": "When did Alice go hiking?",
        "answer": "The week before 8 May 2023",
        "evidence": ["D:1:03"],
        "category": 2,
    },
]


class FakeEmbedder:
    """Hashed bag of words: deterministic, shares words -> similar vectors, no model download."""

    model_name = "fake-bow-64"

    def encode(self, texts: list[str]) -> np.ndarray:
        vectors = np.zeros((len(texts), 64), dtype=np.float32)
        for row, text in enumerate(texts):
            for word in re.findall(r"[a-z]+", text.lower()):
                vectors[row, int(hashlib.md5(word.encode()).hexdigest(), 16) % 64] += 1.0
        norms = np.linalg.norm(vectors, axis=1, keepdims=True)
        return vectors / np.where(norms == 0, 1, norms)


def build_tiny_lake(lake: Lake, embedder: FakeEmbedder) -> None:
    turn_ids = [f"{CID}:{dia}" for dia, *_ in TURNS]
    lake.write_partition(
        "turns",
        CID,
        pl.DataFrame(
            {
                "turn_id": turn_ids,
                "conversation_id": [CID] * len(TURNS),
                "session_id": [dia.split(":")[0] for dia, *_ in TURNS],
                "session_index": [int(dia[1]) for dia, *_ in TURNS],
                "session_time": [t for _, _, t, _, _ in TURNS],
                "turn_index": [int(dia.split(":")[1]) for dia, *_ in TURNS],
                "seq": list(range(len(TURNS))),
                "speaker": [s for _, s, _, _, _ in TURNS],
                "role": ["user"] * len(TURNS),
                "text": [x for _, _, _, x, _ in TURNS],
                "timestamp": [t for _, _, t, _, _ in TURNS],
                "source_ref": [dia for dia, *_ in TURNS],
                "image_caption": [None] * len(TURNS),
            }
        ).pipe(conform, "turns"),
    )
    p_admit = [p for *_, p in TURNS]
    lake.write_partition(
        "gate_scores",
        CID,
        pl.DataFrame(
            {
                "turn_id": turn_ids,
                "conversation_id": [CID] * len(TURNS),
                "p_admit": p_admit,
                "admitted": [p >= 0.5 for p in p_admit],
                "threshold": [0.5] * len(TURNS),
                "context_k": [1] * len(TURNS),
                "gate_model_id": ["test"] * len(TURNS),
            }
        ),
    )
    n = len(MEMORIES)
    lake.write_partition(
        "memory_entries",
        CID,
        pl.DataFrame(
            {
                "memory_id": [m for m, *_ in MEMORIES],
                "conversation_id": [CID] * n,
                "source_turn_id": [f"{CID}:{d}" for _, d, *_ in MEMORIES],
                "speaker": ["x"] * n,
                "text": [t for _, _, t, _, _ in MEMORIES],
                "units": [[t] for _, _, t, _, _ in MEMORIES],
                "coverage": [1.0] * n,
                "fallback": [False, False, True],
                "session_time": [S1, S1, S2],
                "event_time_text": [None] * n,
                "event_start": [s for *_, s, _ in MEMORIES],
                "event_end": [e for *_, e in MEMORIES],
                "provenance": ["stated"] * n,
                "scope": ["GENERIC"] * n,
                "extractor": ["test"] * n,
                "event_time_basis": ["expression", "expression", None],
                "unresolved_deixis": [[]] * n,
                "people": [[]] * n,
                "parse": [None] * n,  # hand-written texts: links and consolidation would parse them
                "dates": [None] * n,
            },
            schema_overrides={"event_time_text": pl.String},
        ),
    )
    lake.write_partition(
        "memory_sources",
        CID,
        pl.DataFrame(
            {
                "memory_id": [m for m, *_ in MEMORIES],
                "turn_id": [f"{CID}:{d}" for _, d, *_ in MEMORIES],
                "conversation_id": [CID] * n,
                "memory_kind": ["entry"] * n,
                "role": ["source"] * n,
            }
        ),
    )
    vectors = embedder.encode([t for _, _, t, _, _ in MEMORIES])
    lake.write_partition(
        "memory_embeddings",
        CID,
        pl.DataFrame(
            {
                "memory_id": [m for m, *_ in MEMORIES],
                "conversation_id": [CID] * n,
                "model": [embedder.model_name] * n,
                "vector": [list(v) for v in vectors],
                "memory_kind": ["entry"] * n,
            }
        ),
    )


def write_locomo(path: Path) -> Path:
    """The LoCoMo file of the tiny lake: its conversation (read through the ingest reader) and QA."""
    conversation: dict = {"speaker_a": "Alice", "speaker_b": "Bob"}
    for number, start in ((1, "1:00 pm on 8 May, 2023"), (2, "9:30 am on 20 May, 2023")):  # S1, S2
        conversation[f"session_{number}_date_time"] = start
        conversation[f"session_{number}"] = [
            {"dia_id": dia, "speaker": speaker, "text": text}
            for dia, speaker, _, text, _ in TURNS
            if dia.startswith(f"D{number}:")
        ]
    path.write_text(json.dumps([{"sample_id": CID, "conversation": conversation, "qa": QA}]))
    return path


@pytest.fixture(scope="module")
def evaluated(tmp_path_factory: pytest.TempPathFactory) -> tuple[dict, Path, Lake]:
    tmp_path = tmp_path_factory.mktemp("tiny")
    lake = Lake(tmp_path / "lake")
    embedder = FakeEmbedder()
    build_tiny_lake(lake, embedder)
    out = tmp_path / "eval"
    metrics = evaluate_locomo(lake, write_locomo(tmp_path / "locomo.json"), embedder, out, stage_seconds={"gate": 1.5})
    return metrics, out, lake


def test_gate_and_store_numbers(evaluated):
    metrics, _, _ = evaluated
    assert metrics["n_questions"] == 5  # the adversarial question is not scored
    assert metrics["n_evidence_ids_unresolved"] == 1  # D9:9
    assert metrics["n_evidence_turns"] == 4
    assert metrics["gate_keep_ratio"] == pytest.approx(0.5)
    assert metrics["gate_evidence_recall"] == pytest.approx(0.75)
    assert metrics["gate_auprc"] == pytest.approx((1 + 1 + 1 + 4 / 6) / 4)
    assert metrics["store_evidence_coverage"] == pytest.approx(0.75)
    assert metrics["extractor_empty_rate"] == 0.0
    assert metrics["extractor_fallback_rate"] == pytest.approx(1 / 3)
    assert metrics["llm_calls"] == 0
    assert metrics["seconds_gate"] == 1.5


def test_retrieval_numbers_against_the_baselines(evaluated):
    metrics, _, _ = evaluated
    assert metrics["memory_vectors_from_lake"] is True
    assert metrics["recall@5"] == pytest.approx(0.8)  # all three memories read; "who said thanks" has none
    assert metrics["baseline_raw_recall@25"] == 1.0
    assert metrics["baseline_speaker_recall@25"] == 1.0
    assert metrics["recall@200w"] == pytest.approx(0.8)
    for key in (
        "recall@10",
        "recall@400w",
        "baseline_raw_recall@10",
        "baseline_speaker_recall@400w",
        "evidence_recall@10",
    ):
        assert 0.0 <= metrics[key] <= 1.0


def test_temporal_grounding_beside_the_session_rule(evaluated):
    metrics, _, _ = evaluated
    assert metrics["temporal_n_questions"] == 2
    assert metrics["temporal_grounding"] == 1.0
    assert metrics["temporal_grounding_expression"] == 1.0  # both memories carry basis "expression"
    assert metrics["temporal_grounding_session_rule"] == 0.0  # sessions fall the day after both answers
    assert metrics["temporal_grounding_session_rule_near"] == 1.0


def test_slices_and_headline(evaluated):
    metrics, _, _ = evaluated
    detail = metrics["detail"]
    assert detail["per_conversation"][CID]["recall@5"] == metrics["recall@5"]
    assert detail["per_category"]["3 open-domain"]["recall@5"] == 0.0
    assert detail["per_category"]["3 open-domain"]["gate_evidence_recall"] == 0.0
    # single-hop evidence (D1:1) ranked against non-evidence turns only: 0.9 beats 0.3, 0.1 -> AP 1
    assert detail["per_category"]["4 single-hop"]["gate_auprc"] == pytest.approx(1.0)
    assert detail["unresolved_evidence"] == {"locomo_0_qa2": ["D9:9"]}
    assert set(headline(metrics)) >= {"gate_keep_ratio", "recall@10", "baseline_raw_recall@10", "temporal_grounding"}


def test_outputs_are_written(evaluated):
    metrics, out, _ = evaluated
    assert json.loads((out / "metrics.json").read_text())["recall@5"] == metrics["recall@5"]
    for name in (
        "gate_recall_vs_keep.png",
        "recall_by_category.png",
        "recall_vs_budget.png",
        "report.md",
        "evidence_turns.csv",
    ):
        assert (out / name).stat().st_size > 0, name
    assert "recall_vs_budget.png" in (out / "report.md").read_text()


def test_headline_numbers_are_recomputable_with_plain_sql(evaluated):
    """The SQL in docs/EVALUATION.md, run against the lake's warehouse, gives the engine's numbers."""
    metrics, out, lake = evaluated
    docs = (Path(__file__).resolve().parents[1] / "docs" / "EVALUATION.md").read_text()
    sql = (
        re.search(r"```sql\n(.*?)```", docs, re.S)
        .group(1)
        .replace("out/evidence_turns.csv", str(out / "evidence_turns.csv"))
    )
    warehouse.refresh_views(lake)
    # As the doc says: the user's own DuckDB client on the warehouse file, which may read the report's CSV (the
    # guarded `sql` command reads the lake's tables only).
    with duckdb.connect(str(lake.warehouse_path), read_only=True) as con:
        row = con.execute(sql).fetchone()
    assert row == pytest.approx(
        (metrics["gate_keep_ratio"], metrics["gate_evidence_recall"], metrics["store_evidence_coverage"])
    )


def corpus_of(words: list[int], gold: list[bool], scores: list[float]) -> Corpus:
    """Items whose similarity to the query vector [1, 0] is ``scores``, with the given lengths and labels."""
    vectors = np.array([[s, np.sqrt(1 - s * s)] for s in scores], dtype=np.float32)
    return Corpus(
        name="memory",
        conversation_id=CID,
        item_ids=tuple(f"i{n}" for n in range(len(words))),
        texts=tuple(" ".join(["w"] * n) for n in words),
        sources=tuple(frozenset(["gold"] if g else [f"other{n}"]) for n, g in enumerate(gold)),
        vectors=vectors,
    )


def test_recall_at_k_and_reading_budget_count_words_in_rank_order():
    question = Question("q", CID, 4, "?", "", ("D1:1",), False)
    corpus = corpus_of(words=[3, 5, 10], gold=[True, False, False], scores=[0.2, 0.9, 0.5])
    outcome = retrieve(corpus, question, ["gold"], np.array([1.0, 0.0], dtype=np.float32))
    assert outcome.first_hit_rank == 2  # ranked: i1 (5 words), i2 (10), i0 (3, gold)
    assert outcome.words_through_first_hit == 18
    assert recall_at_k([outcome], 2) == 0.0 and recall_at_k([outcome], 3) == 1.0
    assert recall_at_budget([outcome], 17) == 0.0 and recall_at_budget([outcome], 18) == 1.0
    assert outcome.evidence_ranks == (2,)


# -- the real dev conversations ---------------------------------------------------------------------------
# Only the ingest engine runs (no model): the lake gets turns alone, so gate and store numbers are undefined and
# the memory store is empty, but evidence resolution, audit corrections, the raw-turn baselines and the
# session-date rule run on the real data.
def ingest_turns_only(lake: Lake, locomo: Path) -> None:
    for conversation in read_source(locomo):
        _, turns = conversation_frames(conversation, {"file": locomo.name, "format": "locomo"})
        lake.write_partition("turns", conversation.conversation_id, turns)


@pytest.fixture(scope="module")
def evaluate_dev(tmp_path_factory: pytest.TempPathFactory):
    """Evaluates the dev file once per module: the tests below only read the result."""
    runs: dict[Path, tuple[dict, Path]] = {}

    def run(locomo_dev: Path) -> tuple[dict, Path]:
        if locomo_dev not in runs:
            tmp_path = tmp_path_factory.mktemp("dev")
            lake = Lake(tmp_path / "lake")
            ingest_turns_only(lake, locomo_dev)
            corrections = locomo_dev.with_name("locomo-audit.errors.dev.json")
            metrics = evaluate_locomo(lake, locomo_dev, FakeEmbedder(), tmp_path / "out", corrections=corrections)
            runs[locomo_dev] = (metrics, tmp_path / "out")
        return runs[locomo_dev]

    return run


@pytest.fixture
def dev_run(evaluate_dev, locomo_dev: Path) -> tuple[dict, Path]:
    return evaluate_dev(locomo_dev)


@pytest.fixture
def dev_metrics(dev_run) -> dict:
    return dev_run[0]


def test_dev_evidence_resolves_after_normalisation_and_corrections(dev_metrics):
    assert dev_metrics["n_conversations"] == 5
    assert dev_metrics["n_corrections_applied"] > 50
    assert dev_metrics["n_questions"] >= 740  # 762 questions of categories 1-4; a handful cite nothing usable
    assert dev_metrics["n_evidence_ids_unresolved"] < 10


def test_dev_session_rule_matches_the_reference(dev_metrics):
    assert dev_metrics["temporal_n_questions"] >= 120
    assert dev_metrics["temporal_grounding_session_rule_near"] == pytest.approx(0.77, abs=0.03)
    assert dev_metrics["temporal_grounding_session_rule"] < dev_metrics["temporal_grounding_session_rule_near"]
    assert dev_metrics["temporal_grounding"] == 0.0  # no memories in this lake


def test_dev_baselines_run_and_the_empty_store_scores_zero(dev_metrics, dev_run):
    assert dev_metrics["recall@25"] == 0.0
    assert 0.0 < dev_metrics["baseline_raw_recall@10"] <= dev_metrics["baseline_raw_recall@25"] <= 1.0
    assert dev_metrics["gate_keep_ratio"] is None  # no gate_scores partitions
    assert json.loads((dev_run[1] / "metrics.json").read_text())["n_questions"] == dev_metrics["n_questions"]
