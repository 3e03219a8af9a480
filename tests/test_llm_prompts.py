"""Prompts are packaged files with versions; response models make schemas a constrained decoder and OpenAI's
strict mode accept, and they check answers against the item they are about."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from memory_pipeline.llm import format_turns, load_prompt
from memory_pipeline.llm.prompts import parse_prompt
from memory_pipeline.llm.schemas import (
    CheckAnswer,
    ConsolidationAnswer,
    FTAUnitsAnswer,
    LinksAnswer,
    SegmentsAnswer,
)

STAGE_MODELS = {"segments": SegmentsAnswer, "fta_units": FTAUnitsAnswer, "links": LinksAnswer,
                "consolidation": ConsolidationAnswer, "check": CheckAnswer}


@pytest.mark.parametrize("name", sorted(STAGE_MODELS))
def test_every_prompt_loads_with_a_version_and_renders(name):
    prompt = load_prompt(name)
    assert prompt.version == f"{name}@1"
    messages = prompt.render(**{field: f"<{field}>" for field in prompt.fields()})
    assert [m["role"] for m in messages] == ["system", "user"]
    assert all(f"<{field}>" in messages[0]["content"] + messages[1]["content"] for field in prompt.fields())
    assert "$" not in messages[1]["content"].replace("$ ", "")


def test_missing_or_unknown_fields_are_refused():
    prompt = load_prompt("check")
    with pytest.raises(ValueError, match="expected"):
        prompt.render()
    with pytest.raises(ValueError, match="expected"):
        prompt.render(sentence="s", extra="x")
    with pytest.raises(ValueError, match="unknown prompt"):
        load_prompt("nope")


def test_a_prompt_file_needs_a_version_and_both_sections():
    with pytest.raises(ValueError, match="version"):
        parse_prompt("x", "---\nname: x\n---\n[system]\na\n[user]\nb\n")
    with pytest.raises(ValueError, match=r"\[system\]"):
        parse_prompt("x", "---\nversion: 2\n---\n[user]\nb\n")
    assert parse_prompt("x", "---\nversion: 2\n---\n[system]\na\n[user]\nb $c\n").version == "x@2"


def test_request_carries_prompt_name_version_and_context():
    request = load_prompt("segments").request(
        stage="segments", conversation_id="c", item_id="c:w0", response_model=SegmentsAnswer,
        context={"first_turn": 0, "last_turn": 1}, session_time="2023-05-08", window_position="It opens the session.",
        turns=format_turns([(0, "Maya", "Hi  Theo!"), (1, "Theo", "Hello\nMaya")]), first_turn=0, last_turn=1,
    )
    assert (request.prompt, request.prompt_version) == ("segments", "segments@1")
    assert "[0] Maya: Hi Theo!\n[1] Theo: Hello Maya" in request.messages[1]["content"]


def _all_objects(schema):
    if isinstance(schema, dict):
        if schema.get("type") == "object":
            yield schema
        for value in schema.values():
            yield from _all_objects(value)
    elif isinstance(schema, list):
        for value in schema:
            yield from _all_objects(value)


@pytest.mark.parametrize("model", list(STAGE_MODELS.values()), ids=list(STAGE_MODELS))
def test_schemas_are_strict_mode_compatible(model):
    jsonschema = pytest.importorskip("jsonschema")
    schema = model.model_json_schema()
    jsonschema.Draft202012Validator.check_schema(schema)
    for obj in _all_objects(schema):
        assert obj["additionalProperties"] is False
        assert set(obj["required"]) == set(obj["properties"])


def test_segments_must_tile_the_window():
    context = {"first_turn": 10, "last_turn": 14}
    good = '{"segments": [{"start_turn": 10, "end_turn": 11, "boundary_trigger": "topic_change"},' \
           ' {"start_turn": 12, "end_turn": 14, "boundary_trigger": "new_time_reference"}]}'
    assert len(SegmentsAnswer.model_validate_json(good, context=context).segments) == 2
    for bad, message in [
        (good.replace('"start_turn": 12', '"start_turn": 13'), "no gap"),
        (good.replace('"end_turn": 14', '"end_turn": 13'), "must end at turn 14"),
        (good.replace('"end_turn": 11', '"end_turn": 9'), "ends before it starts"),
        (good.replace("topic_change", "new_topic"), "boundary_trigger"),
    ]:
        with pytest.raises(ValidationError, match=message):
            SegmentsAnswer.model_validate_json(bad, context=context)
    assert SegmentsAnswer.model_validate_json(good.replace('"start_turn": 12', '"start_turn": 13'))  # no context


def test_fta_evidence_must_be_turns_of_the_segment():
    unit = {"summary": "move", "content_text": "Maya moved to Lisbon in May.", "participants": ["Maya"],
            "emotion_or_state": "excited", "intention_or_plan": "unknown", "time_orientation": "past",
            "content_type": "event", "event_time_text": "in May", "status": "complete", "evidence_turns": [3, 4]}
    answer = FTAUnitsAnswer.model_validate({"units": [unit]}, context={"turns": [3, 4, 5]})
    assert answer.units[0].evidence_turns == [3, 4]
    with pytest.raises(ValidationError, match=r"evidence turns \[9\]"):
        FTAUnitsAnswer.model_validate({"units": [{**unit, "evidence_turns": [3, 9]}]}, context={"turns": [3, 4, 5]})
    assert FTAUnitsAnswer.model_validate({"units": []}).units == []


def test_links_answer_each_candidate_once():
    context = {"candidates": ["m1", "m2"]}
    link = {"candidate_id": "m1", "relation": "updates", "confidence": 0.8}
    other = {"candidate_id": "m2", "relation": "none", "confidence": 0.1}
    assert len(LinksAnswer.model_validate({"links": [link, other]}, context=context).links) == 2
    for links, message in [([link], r"no answer for candidates \['m2'\]"), ([link, link, other], "more than once"),
                           ([link, {**other, "candidate_id": "m9"}], "unknown candidate ids"),
                           ([link, {**other, "confidence": 1.5}], "confidence")]:
        with pytest.raises(ValidationError, match=message):
            LinksAnswer.model_validate({"links": links}, context=context)


def test_consolidation_hiding_decisions_need_a_fitting_basis_and_an_anchor():
    keep = {"candidate_id": "m1", "action": "qualify", "basis": "none", "scope": "", "anchor": ""}
    hide = {"candidate_id": "m2", "action": "supersede", "basis": "state_change", "scope": "Maya's home city",
            "anchor": "moved to Lisbon"}
    context = {"candidates": ["m1", "m2"]}
    answer = ConsolidationAnswer.model_validate({"decisions": [keep, hide]}, context=context)
    assert [d.action for d in answer.decisions] == ["qualify", "supersede"]
    for bad in [{**hide, "basis": "same_fact"}, {**hide, "anchor": ""}, {**keep, "basis": "same_event"},
                {**keep, "anchor": "a quote"}, {**hide, "action": "merge"}]:
        with pytest.raises(ValidationError):
            ConsolidationAnswer.model_validate({"decisions": [keep, bad]}, context=context)


def test_bounds_keep_a_looping_model_finite():
    schema = FTAUnitsAnswer.model_json_schema()
    unit = schema["$defs"]["FTAUnit"]["properties"]
    assert schema["properties"]["units"]["maxItems"] == 12
    assert unit["content_text"]["maxLength"] == 300 and unit["evidence_turns"]["maxItems"] == 40


def test_the_schema_is_narrowed_to_the_item():
    segments = SegmentsAnswer.schema_for({"first_turn": 4, "last_turn": 9})
    bounds = segments["$defs"]["Segment"]["properties"]["start_turn"]
    assert (bounds["minimum"], bounds["maximum"], segments["properties"]["segments"]["maxItems"]) == (4, 9, 6)
    evidence = FTAUnitsAnswer.schema_for({"turns": [7, 5, 6]})["$defs"]["FTAUnit"]["properties"]["evidence_turns"]
    assert evidence["items"]["enum"] == [5, 6, 7] and evidence["maxItems"] == 3
    links = LinksAnswer.schema_for({"candidates": ["m1", "m2"]})
    assert links["$defs"]["LinkJudgement"]["properties"]["candidate_id"]["enum"] == ["m1", "m2"]
    assert (links["properties"]["links"]["minItems"], links["properties"]["links"]["maxItems"]) == (2, 2)
    decisions = ConsolidationAnswer.schema_for({"candidates": ["m1"]})
    assert all(decisions["$defs"][v]["properties"]["candidate_id"]["enum"] == ["m1"]
               for v in ("KeepDecision", "DedupDecision", "SupersedeDecision"))
    assert SegmentsAnswer.schema_for(None) == SegmentsAnswer.model_json_schema()
