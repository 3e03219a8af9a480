"""The segments stage: BWS invariants under random detectors, the embedding detector and its cues, the LLM
detector against a fake client, the table contract and determinism."""

from __future__ import annotations

import random
import re
import zlib
from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime

import numpy as np
import polars as pl
import pytest

from memory_pipeline.evaluation.segment_joins import boundary_scores, join_sessions
from memory_pipeline.extraction import TemporalResolver
from memory_pipeline.llm.prompts import Prompt, load_prompt_file
from memory_pipeline.schemas import SEGMENTS, TABLES, TURNS
from tests.contract import conform
from tests.fake_llm import FakeClient, FakeRequest
from memory_pipeline.segments import (
    SEED_TRIGGERS,
    TRIGGERS,
    Detection,
    DetectorResources,
    EmbeddingDetectorConfig,
    SegmentsConfig,
    SessionTurns,
    Span,
    Window,
    build_segments,
    load_detector,
    run_bws,
)
from memory_pipeline.segments.bws import require_tiling
from memory_pipeline.segments.cues import phatic_kind, session_cues
from memory_pipeline.segments.embedding import EmbeddingDetector, choose_boundaries
from memory_pipeline.segments.llm import PROMPT_PATH, LLMDetector, SegmentationAnswer

SESSION_TIME = datetime(2023, 5, 8, 13, 56)


def session_of(n: int, conversation_id: str = "c", session_id: str = "S1", texts: list[str] | None = None) -> SessionTurns:
    texts = texts or [f"turn {i}" for i in range(n)]
    return SessionTurns(
        conversation_id=conversation_id,
        session_id=session_id,
        turn_ids=tuple(f"{conversation_id}:{session_id}:{i}" for i in range(len(texts))),
        texts=tuple(texts),
        speakers=tuple("A" if i % 2 == 0 else "B" for i in range(len(texts))),
        turn_indices=tuple(range(len(texts))),
        session_time=SESSION_TIME,
    )


def turns_frame(conversations: dict[str, list[list[str]]]) -> pl.DataFrame:
    """A ``turns`` frame: conversation id -> sessions -> texts."""
    rows = []
    for conversation_id, sessions in conversations.items():
        for session_index, texts in enumerate(sessions, start=1):
            for turn_index, text in enumerate(texts):
                rows.append(
                    {
                        "turn_id": f"{conversation_id}:D{session_index}:{turn_index + 1}",
                        "conversation_id": conversation_id,
                        "session_id": f"session_{session_index}",
                        "session_index": session_index,
                        "session_time": SESSION_TIME,
                        "turn_index": turn_index,
                        "seq": len(rows),
                        "speaker": "Ann" if turn_index % 2 == 0 else "Bob",
                        "role": "user",
                        "text": text,
                        "timestamp": None,
                        "source_ref": f"D{session_index}:{turn_index + 1}",
                        "image_caption": None,
                    }
                )
    if not rows:
        return pl.from_arrow(TURNS.empty_table())
    return conform(pl.DataFrame(rows), "turns")


# -- detectors for the algorithm's tests ----------------------------------------------------------------------


@dataclass
class RecordingDetector:
    """Wraps a function window -> spans; records every window it was shown and every batch size."""

    split: Callable[[Window], list[Span]]
    name: str = "test"

    def __post_init__(self) -> None:
        self.windows: list[Window] = []
        self.answers: dict[tuple, tuple[Span, ...]] = {}
        self.batches: list[int] = []

    def prepare(self, sessions):
        return self

    def detect(self, windows):
        self.batches.append(len(windows))
        detections = []
        for window in windows:
            spans = tuple(self.split(window))
            self.windows.append(window)
            self.answers[(window.session.key, window.start)] = spans
            detections.append(Detection(spans, self.name))
        return detections


def random_tiling(rng: random.Random, p_single: float):
    def split(window: Window) -> list[Span]:
        if rng.random() < p_single or window.size == 1:
            return [Span(window.start, window.end, "topic_change")]
        cuts = sorted(rng.sample(range(window.start + 1, window.end + 1), rng.randint(1, min(5, window.size - 1))))
        starts = [window.start, *cuts]
        ends = [c - 1 for c in cuts] + [window.end]
        return [Span(s, e, rng.choice(SEED_TRIGGERS)) for s, e in zip(starts, ends)]

    return split


def every(k: int):
    def split(window: Window) -> list[Span]:
        starts = list(range(window.start, window.end + 1, k))
        return [Span(s, min(s + k - 1, window.end), "topic_change") for s in starts]

    return split


def assert_tiles(segments, n: int) -> None:
    assert segments[0].start == 0 and segments[-1].end == n - 1
    for before, after in zip(segments, segments[1:]):
        assert after.start == before.end + 1, (before, after)
    assert all(s.start <= s.end for s in segments)


# -- BWS: the algorithm ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("seed", range(6))
def test_bws_invariants_hold_for_random_sessions_and_detectors(seed):
    rng = random.Random(seed)
    window_turns = rng.randint(2, 25)
    config = SegmentsConfig(window_turns=window_turns, min_forward_step=rng.randint(1, window_turns - 1))
    sessions = [session_of(rng.randint(1, 130), f"c{seed}", f"S{i}") for i in range(40)]
    detector = RecordingDetector(random_tiling(rng, p_single=rng.choice([0.0, 0.3, 0.8])))

    outcome = run_bws(sessions, detector, config)

    by_session = defaultdict(list)
    for window in detector.windows:
        by_session[window.session.key].append(window)
    for session in sessions:
        segments = outcome.segments[session.key]
        assert_tiles(segments, len(session))  # contiguous, cover every turn, never overlap
        assert segments[0].trigger == "session_start"
        assert {s.trigger for s in segments} <= set(TRIGGERS)
        windows = by_session[session.key]
        assert all(w.size == min(config.window_turns, len(session) - w.start) for w in windows)
        assert windows[-1].reaches_session_end and not any(w.reaches_session_end for w in windows[:-1])
        for window, following in zip(windows, windows[1:]):
            spans = detector.answers[(session.key, window.start)]
            if len(spans) > 1:  # the last segment stays provisional: the next window starts at its first turn
                assert following.start == spans[-1].start
            else:  # one segment: the minimum forward step
                assert following.start == window.start + config.min_forward_step
        # every final segment but those of the last window ends where a detector put a boundary
        cut_ends = {span.end for w in windows for span in detector.answers[(session.key, w.start)]}
        assert all(s.end in cut_ends for s in segments)


def test_provisional_segment_is_reread_with_the_next_window():
    session = session_of(45)
    detector = RecordingDetector(every(5))
    outcome = run_bws([session], detector, SegmentsConfig(window_turns=20))
    assert [w.start for w in detector.windows] == [0, 15, 30]
    assert [(s.start, s.end) for s in outcome.segments[session.key]] == [(i, i + 4) for i in range(0, 45, 5)]


def test_a_single_segment_window_moves_by_the_minimum_step_and_keeps_its_head():
    session = session_of(50)
    detector = RecordingDetector(lambda w: [Span(w.start, w.end, "topic_change")])
    outcome = run_bws([session], detector, SegmentsConfig(window_turns=20, min_forward_step=10))
    assert [w.start for w in detector.windows] == [0, 10, 20, 30]
    assert [(s.start, s.end, s.trigger) for s in outcome.segments[session.key]] == [(0, 49, "session_start")]


def test_first_span_of_a_window_keeps_the_trigger_of_the_provisional_segment():
    def split(window):
        if window.start == 0:
            return [Span(0, 9, "session_start"), Span(10, 19, "new_time_reference")]
        return [Span(window.start, window.start + 4, "unknown"), Span(window.start + 5, window.end, "risk_signal")]

    outcome = run_bws([session_of(25)], RecordingDetector(split), SegmentsConfig())
    assert [(s.start, s.trigger) for s in outcome.segments[("c", "S1")]] == [
        (0, "session_start"),
        (10, "new_time_reference"),
        (15, "risk_signal"),
    ]


def test_short_session_is_one_window_and_finalised():
    detector = RecordingDetector(every(2))
    outcome = run_bws([session_of(5)], detector, SegmentsConfig())
    assert len(detector.windows) == 1
    assert [(s.start, s.end) for s in outcome.segments[("c", "S1")]] == [(0, 1), (2, 3), (4, 4)]


def test_one_round_asks_for_one_window_of_every_unfinished_session():
    sessions = [session_of(n, "c", f"S{n}") for n in (5, 30, 60)]
    detector = RecordingDetector(every(7))
    outcome = run_bws(sessions, detector, SegmentsConfig())
    assert detector.batches[0] == 3 and detector.batches == sorted(detector.batches, reverse=True)
    assert outcome.rounds == len(detector.batches) and outcome.windows == sum(detector.batches)


def test_a_detector_that_does_not_tile_its_window_is_refused():
    window = Window(session_of(10), 0, 9)
    for spans in ([], [Span(0, 4, "x")], [Span(0, 4, "x"), Span(6, 9, "x")], [Span(1, 9, "x")]):
        with pytest.raises(ValueError, match="did not tile window c/S1/0-9"):
            require_tiling(Detection(tuple(spans), "bad"), window)


def test_min_forward_step_must_fit_in_the_window():
    with pytest.raises(ValueError, match="min_forward_step"):
        SegmentsConfig(window_turns=10, min_forward_step=10)


# -- the embedding detector -----------------------------------------------------------------------------------


class HashingEmbedder:
    """Bag of words hashed into 256 dimensions: turns sharing words are similar, like a sentence encoder."""

    def encode(self, texts):
        vectors = np.zeros((len(texts), 256), dtype=np.float32)
        for row, text in enumerate(texts):
            for word in "".join(c if c.isalpha() else " " for c in text.lower()).split():
                if len(word) > 3:
                    vectors[row, zlib.crc32(word.encode()) % 256] += 1.0
        norms = np.linalg.norm(vectors, axis=1, keepdims=True)
        return vectors / np.maximum(norms, 1e-9)


GARDEN = [
    "My tomato garden finally has ripe tomatoes this summer.",
    "Tomato plants need sunny garden beds and lots of water.",
    "I water the tomato garden every morning before the sun gets hot.",
    "Do you grow basil in the garden next to the tomato plants?",
    "Basil and tomato plants grow well together in garden beds.",
    "My garden beds need more compost for the tomato plants.",
    "Compost keeps the garden soil rich for tomato and basil.",
    "The garden soil and compost make tomatoes taste better.",
]
CARS = [
    "The car engine started making a loud knocking noise.",
    "A knocking engine noise usually means the car needs oil.",
    "The mechanic checked the engine oil and the car brakes.",
    "Car brakes squeal when the brake pads wear down.",
    "The mechanic replaced the brake pads and changed the engine oil.",
    "Now the car engine runs quietly and the brakes work.",
    "Engine repairs at the mechanic cost more than the brakes.",
    "I should sell the car before the engine needs more repairs.",
]


def hashing_detector(**settings) -> EmbeddingDetector:
    """The toy embedder is noisier within a topic than a sentence encoder: only its deepest drops are cuts."""
    return EmbeddingDetector(HashingEmbedder(), EmbeddingDetectorConfig(depth_threshold=0.5, **settings))


def test_embedding_detector_cuts_where_the_topic_obviously_changes():
    detector = hashing_detector()
    result = build_segments(turns_frame({"c1": [GARDEN + CARS]}), detector, SegmentsConfig())
    starts = result.segments["start_turn_index"].to_list()
    assert starts == [0, len(GARDEN)]
    assert result.segments["boundary_trigger"].to_list() == ["session_start", "topic_change"]
    assert set(result.segments["detector"]) == {"embedding"}


def test_embedding_detector_embeds_each_turn_once_for_all_sessions():
    class CountingEmbedder(HashingEmbedder):
        calls: list[int] = []

        def encode(self, texts):
            self.calls.append(len(texts))
            return super().encode(texts)

    embedder = CountingEmbedder()
    turns = turns_frame({"c1": [GARDEN + CARS + GARDEN, CARS], "c2": [GARDEN * 4]})
    build_segments(turns, EmbeddingDetector(embedder), SegmentsConfig())
    assert embedder.calls == [turns.height]


def test_boundaries_are_chosen_best_first_and_keep_segments_long_enough():
    scores = np.array([0.5, 0.0, 0.9, 0.6, 0.0, 0.0, 0.3, 0.0])
    assert choose_boundaries(scores, [True] * 8, threshold=0.2, min_segment_turns=2) == [3, 7]
    assert choose_boundaries(scores, [True] * 8, threshold=0.2, min_segment_turns=1) == [1, 3, 4, 7]
    assert choose_boundaries(scores, [True, True, False] + [True] * 5, 0.2, 2) == [4, 7]


def test_greetings_stick_to_what_follows_and_closings_to_what_precedes():
    texts = ["Hey Mel! Good to see you! How have you been?", *GARDEN[:4], *CARS[:4], "Thanks! Talk to you soon!"]
    detector = hashing_detector(min_segment_turns=1)
    result = build_segments(turns_frame({"c1": [texts]}), detector, SegmentsConfig())
    spans = list(zip(result.segments["start_turn_index"], result.segments["end_turn_index"]))
    assert spans[0][0] == 0 and spans[0][1] >= 1  # the greeting is not a segment of its own
    assert spans[-1][1] == len(texts) - 1 and spans[-1][0] < len(texts) - 1  # nor the closing


@pytest.mark.parametrize(
    "text, kind",
    [
        ("Hey Mel! Good to see you! How have you been?", (True, False)),
        ("Hi! How are you doing tonight?", (True, False)),
        ("Thanks, Caroline! Talk to you soon!", (False, True)),
        ("Wow, that's great!", (False, True)),
        ("Hey! I went to a support group yesterday and it was powerful.", (False, False)),
        ("I painted a lake sunrise last year.", (False, False)),
    ],
)
def test_phatic_turns(text, kind):
    assert phatic_kind(text, max_words=8) == kind


def test_cues_say_what_is_new_in_the_session():
    texts = [
        "I went hiking last week.",
        "Last week was busy for me too.",
        "My sister came along.",
        "Your sister sounds fun.",
        "Actually, it was two weeks ago.",
        "I'm going to sign up for a pottery class.",
    ]
    cues = session_cues(texts, TemporalResolver(), phatic_max_words=8)
    assert [c.new_time_reference for c in cues] == [True, False, False, False, True, False]
    assert [c.new_person_or_relationship for c in cues] == [False, False, True, False, False, False]
    assert cues[4].triggers[0] == "correction_or_contradiction"
    assert cues[5].triggers == ["homework_or_plan_creation"]


def test_a_boundary_at_a_new_time_reference_is_named_by_it():
    cars = [*CARS[:3], "Last Tuesday the mechanic said the car brakes need work.", *CARS[3:]]
    result = build_segments(turns_frame({"c1": [GARDEN + cars]}), hashing_detector(), SegmentsConfig())
    assert result.segments["boundary_trigger"].to_list() == ["session_start", "topic_change"]
    shifted = [*GARDEN, "Last Tuesday the car engine started knocking.", *CARS[1:]]
    result = build_segments(turns_frame({"c1": [shifted]}), hashing_detector(), SegmentsConfig())
    assert result.segments["boundary_trigger"].to_list() == ["session_start", "new_time_reference"]


@pytest.mark.slow
def test_real_embedder_cuts_a_crafted_conversation_at_its_topic_change(embedder):
    cooking = [
        "I tried a new lasagna recipe last night.",
        "Oh nice, did you make the sauce from scratch?",
        "Yes, tomatoes, garlic and fresh basil, simmered for two hours.",
        "That sounds delicious. What cheese did you use?",
        "Ricotta and mozzarella, with a bit of parmesan on top.",
        "I should cook more Italian food at home.",
    ]
    moving = [
        "By the way, we are moving to Denver next month.",
        "Wow, a big move! Did you find an apartment there?",
        "We signed a lease for a two-bedroom place downtown.",
        "How are you going to get all your furniture there?",
        "We hired movers and will drive the car across the mountains.",
        "Packing all those boxes must be exhausting.",
    ]
    result = build_segments(turns_frame({"c1": [cooking + moving]}), EmbeddingDetector(embedder), SegmentsConfig())
    assert len(cooking) in result.segments["start_turn_index"].to_list()


# -- the LLM detector -----------------------------------------------------------------------------------------


def segments_client(answer):
    """A :class:`FakeClient` that answers ``answer(request, n_turns)``, results out of order on purpose."""
    return FakeClient(
        lambda request: answer(request, int(re.search(r"numbered 1 to (\d+)", request.messages[1]["content"]).group(1))),
        reverse=True,
    )


def halves(request, n):
    if n < 4:
        return {"segments": [{"start": 1, "end": n, "trigger": "topic_change", "reason": "all"}]}
    middle = n // 2
    return {
        "segments": [
            {"start": 1, "end": middle, "trigger": "session_start", "reason": "first half"},
            {"start": middle + 1, "end": n, "trigger": "emotion_shift", "reason": "second half"},
        ]
    }


def llm(client, on_failure="skip", fallback=None):
    return LLMDetector(client, FakeRequest, on_failure=on_failure, fallback=fallback)


def three_conversations() -> pl.DataFrame:
    return turns_frame({"a": [GARDEN + CARS + GARDEN, CARS], "b": [GARDEN], "c": [CARS * 5]})


def test_llm_detector_batches_one_request_per_active_session_per_round():
    client = segments_client(halves)
    result = build_segments(three_conversations(), llm(client), SegmentsConfig())
    assert [len(call) for call in client.batches] == [4, 2, 1]  # 4 sessions; then the two longer ones; then one
    first = client.batches[0][0]
    assert first.stage == "segments" and first.prompt == "segments" and first.prompt_version == "segments@1"
    assert first.response_model is SegmentationAnswer and first.item_id == "a/session_1/0-19"
    assert "1. Ann: My tomato garden" in first.messages[1]["content"]
    assert set(result.segments["detector"]) == {"llm"} and not result.failures
    triggers = set(result.segments["boundary_trigger"])
    assert triggers <= {"session_start", "emotion_shift"}
    assert result.segments.group_by("session_id", "conversation_id").len().height == 4


def test_llm_answers_with_small_slips_are_repaired_and_counted():
    def sloppy(request, n):  # leaves turn 5 out and runs past the end
        return {
            "segments": [
                {"start": 1, "end": 4, "trigger": "session_start", "reason": "a"},
                {"start": 6, "end": n + 3, "trigger": "topic_change", "reason": "b"},
            ]
        }

    result = build_segments(turns_frame({"a": [GARDEN]}), llm(segments_client(sloppy)), SegmentsConfig())
    assert list(zip(result.segments["start_turn_index"], result.segments["end_turn_index"])) == [(0, 4), (5, 7)]
    assert result.metrics["repaired_windows"] == 1 and not result.failures


@pytest.mark.parametrize(
    "segments, message",
    [
        ([{"start": 5, "end": 2, "trigger": "topic_change", "reason": "x"}], "runs backwards"),
        ([{"start": 1, "end": 2, "trigger": "topic_change", "reason": "x"}], "turns left out"),
        ([{"start": 40, "end": 50, "trigger": "topic_change", "reason": "x"}], "no segment starts inside"),
        (
            [
                {"start": 1, "end": 6, "trigger": "session_start", "reason": "x"},
                {"start": 2, "end": 8, "trigger": "topic_change", "reason": "x"},
            ],
            "given twice",
        ),
    ],
)
def test_invalid_llm_answers_are_failures_never_silent(segments, message):
    result = build_segments(turns_frame({"a": [GARDEN]}), llm(segments_client(lambda r, n: {"segments": segments})), SegmentsConfig())
    assert len(result.failures) == 1 and message in result.failures[0].error
    assert result.segments.select("boundary_trigger", "detector").rows() == [("unsegmented", "llm(failed)")]


def test_failed_windows_get_no_llm_output_by_default_and_are_listed():
    def flaky(request, n):
        return RuntimeError("timeout after 3 attempts") if request.conversation_id == "b" else halves(request, n)

    result = build_segments(three_conversations(), llm(segments_client(flaky)), SegmentsConfig())
    failed = result.segments.filter(pl.col("conversation_id") == "b")
    assert failed.select("start_turn_index", "end_turn_index", "boundary_trigger", "detector").rows() == [
        (0, len(GARDEN) - 1, "unsegmented", "llm(failed)")
    ]
    assert result.metrics["failed_windows"] == 1
    listing = result.failures_frame()
    assert listing.select("window_id", "error", "handled_as").rows() == [
        ("b/session_1/0-7", "timeout after 3 attempts", "llm(failed)")
    ]
    assert set(result.segments.filter(pl.col("conversation_id") != "b")["detector"]) == {"llm"}


def test_a_failed_window_mid_session_is_kept_whole_and_segmentation_goes_on_after_it():
    def second_window_fails(request, n):
        return RuntimeError("bad json") if not request.item_id.endswith("/0-19") else halves(request, n)

    turns = turns_frame({"a": [GARDEN + CARS + GARDEN + CARS]})  # 32 turns: windows 0-19, then 10-29 fails
    result = build_segments(turns, llm(segments_client(second_window_fails)), SegmentsConfig())
    rows = result.segments.select("start_turn_index", "end_turn_index", "boundary_trigger", "detector").rows()
    assert rows[0] == (0, 9, "session_start", "llm")
    assert rows[1] == (10, 29, "unsegmented", "llm(failed)")
    assert rows[2][0] == 30 and rows[-1][1] == 31


def test_on_failure_rules_falls_back_and_every_row_says_so():
    client = segments_client(lambda request, n: RuntimeError("server down"))
    detector = llm(client, on_failure="rules", fallback=hashing_detector())
    result = build_segments(turns_frame({"a": [GARDEN + CARS]}), detector, SegmentsConfig())
    assert result.segments["start_turn_index"].to_list() == [0, len(GARDEN)]
    assert set(result.segments["detector"]) == {"embedding(llm_failed)"}
    assert len(result.failures) == 1 and result.failures[0].handled_as == "embedding(llm_failed)"


def test_rules_fallback_needs_a_fallback_detector():
    with pytest.raises(ValueError, match="fallback"):
        LLMDetector(segments_client(halves), FakeRequest, on_failure="rules")


def test_prompt_file_has_a_version_and_both_parts():
    prompt = load_prompt_file(PROMPT_PATH)
    assert prompt.version == "segments@1"
    assert all(trigger in prompt.user for trigger in SEED_TRIGGERS)
    messages = Prompt("p", "p@1", "sys", "n={n_turns} {\"json\": 1}", braces=True).render(n_turns=3)
    assert messages[1]["content"] == 'n=3 {"json": 1}'


# -- the stage: registry, contract, determinism ---------------------------------------------------------------


def test_detectors_are_registered_by_name():
    config = SegmentsConfig()
    assert isinstance(load_detector(config, DetectorResources(embedder=HashingEmbedder())), EmbeddingDetector)
    llm_config = config.model_copy(update={"detector": "llm"})
    detector = load_detector(llm_config, DetectorResources(client=segments_client(halves), make_request=FakeRequest))
    assert isinstance(detector, LLMDetector) and detector.on_failure == "skip"
    with pytest.raises(ValueError, match="needs an embedder"):
        load_detector(config, DetectorResources())
    with pytest.raises(ValueError, match="unknown segment detector 'nope'"):
        load_detector(config.model_copy(update={"detector": "nope"}), DetectorResources())


def test_segments_frame_follows_the_contract_and_ids_are_stable(lake):
    turns = three_conversations()
    first = build_segments(turns, hashing_detector(), SegmentsConfig())
    again = build_segments(turns.sample(fraction=1.0, shuffle=True, seed=3), hashing_detector(), SegmentsConfig())
    assert TABLES["segments"] is SEGMENTS
    assert first.segments.schema == pl.from_arrow(SEGMENTS.empty_table()).schema
    assert first.segments.equals(again.segments)
    assert first.segments["segment_id"].n_unique() == first.segments.height
    covered = first.segments.explode("turn_ids")["turn_ids"].sort().to_list()
    assert covered == turns["turn_id"].sort().to_list()  # every turn in exactly one segment
    for conversation_id, frame in first.segments.partition_by("conversation_id", as_dict=True).items():
        lake.write_partition("segments", conversation_id[0], frame)


def test_no_turns_no_segments():
    result = build_segments(turns_frame({}), hashing_detector(), SegmentsConfig())
    assert result.segments.height == 0 and result.segments.schema == pl.from_arrow(SEGMENTS.empty_table()).schema


# -- the join evaluation --------------------------------------------------------------------------------------


def test_joined_sessions_mark_where_another_conversation_begins():
    turns = turns_frame({c: [[f"{c} {s} {t}" for t in range(6 + s)] for s in range(3)] for c in "abcd"})
    joined = join_sessions(turns, pieces_per_session=3, trim=1, min_piece_turns=4, seed=1)
    assert joined.turns.schema == turns.schema
    for conversation_id, frame in joined.turns.partition_by("conversation_id", as_dict=True).items():
        sources = [text.split()[0] for text in frame["text"]]
        changes = [i for i in range(1, len(sources)) if sources[i] != sources[i - 1]]
        assert changes == joined.joins[conversation_id[0]] and len(changes) == 2  # three conversations, joined
        assert set(frame["speaker"]) == {"A", "B"}
    assert joined.turns["turn_id"].n_unique() == joined.turns.height


def test_boundary_scores_pair_each_join_with_one_boundary():
    segments = pl.DataFrame(
        {"conversation_id": ["x"] * 4 + ["y"] * 2, "start_turn_index": [0, 5, 6, 12, 0, 9]}
    )
    joins = {"x": [6, 11], "y": [4]}
    exact, near = boundary_scores(segments, joins, 0), boundary_scores(segments, joins, 1)
    assert (exact.boundaries, exact.matched) == (4, 1)
    assert (near.matched, near.precision, near.recall) == (2, 0.5, 2 / 3)
