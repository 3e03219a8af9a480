"""Leave-one-conversation-out cross-validation: no leak from the held-out conversation, honest summaries."""

import json

import numpy as np
import pytest
import torch

from memory_pipeline.gate import crossval
from memory_pipeline.gate.crossval import Fold, Recipe
from memory_pipeline.gate.data import GateExample
from memory_pipeline.gate.model import resolve_encoder_dir
from memory_pipeline.gate.packing import Message
from memory_pipeline.gate.train import TrainSettings, cache_frozen_states, train_gate
from tests.test_gate_helpers import packaged_tokenizer, tiny_network
from tests.test_gate_train import CHATTER, FACTS


def test_recipes_parse_from_the_command_line_spelling():
    assert Recipe.parse("qa") == Recipe("qa")
    recipe = Recipe.parse("obs-k3:k=3,observations=1,class_weighting=0,msc_examples=0,trainable_layers=2")
    assert (recipe.k, recipe.observations, recipe.class_weighting, recipe.msc_examples, recipe.trainable_layers) == (
        3, True, False, 0, 2
    )
    assert Recipe.parse("w:source_weighting=1").source_weighting is True
    assert Recipe.parse("w:source_weighting=1").spec() == "w:source_weighting=1"
    with pytest.raises(ValueError, match="unknown recipe option"):
        Recipe.parse("x:epochs=3")


def _fold(cid: str, evidence, *epochs) -> Fold:
    return Fold(cid, [f"{cid}:{i}" for i in range(len(evidence))], np.array(evidence),
                [np.array(p, dtype=np.float64) for p in epochs])


def test_summary_chooses_the_epoch_and_threshold_from_pooled_out_of_fold_scores():
    # Epoch 1 ranks the evidence perfectly in both folds; epoch 2 puts one evidence turn last in fold b.
    folds = [
        _fold("a", [1, 0, 0, 1], [0.9, 0.2, 0.1, 0.8], [0.9, 0.2, 0.1, 0.8]),
        _fold("b", [0, 1, 0, 0], [0.3, 0.7, 0.2, 0.1], [0.3, 0.05, 0.2, 0.1]),
    ]
    summary = crossval.summarise(Recipe("r"), folds)
    assert summary["chosen_epoch"] == 1
    assert [row["keep_at_target"] for row in summary["by_epoch"]] == [3 / 8, 1.0]
    # The threshold is the highest that still admits 95% of the pooled evidence: all three turns here.
    assert summary["threshold"]["recall"] == 1.0
    assert summary["threshold"]["threshold"] == pytest.approx(0.7)
    assert summary["folds_at_threshold"]["a"] == {"keep_ratio": 0.5, "recall": 1.0, "turns": 4, "evidence_turns": 2}
    assert summary["folds_at_threshold"]["b"]["recall"] == 1.0
    assert (summary["turns"], summary["evidence_turns"]) == (8, 3)
    json.dumps(summary)  # written as the recipe's report file
    assert crossval.best_recipe([summary, {**summary, "keep_at_target": 0.2}])["keep_at_target"] == 0.2


def test_the_best_recipe_is_the_one_that_ships_the_fewest_turns_at_its_threshold():
    def summary(name, ideal, shipped_keep, recall=0.951, auprc=0.6):
        return {"recipe": {"name": name}, "keep_at_target": ideal, "auprc": auprc,
                "threshold": {"threshold": 0.1, "keep_ratio": shipped_keep, "recall": recall}}

    # A better ideal figure loses to a lower keep ratio at the threshold that would ship.
    ideal_only = summary("ideal", 0.554, 0.563)
    ships_less = summary("ships-less", 0.556, 0.557)
    assert crossval.best_recipe([ideal_only, ships_less])["recipe"]["name"] == "ships-less"
    # A threshold that misses the target recall never wins, however few turns it keeps.
    short = summary("short", 0.50, 0.40, recall=0.93)
    assert crossval.best_recipe([short, ships_less])["recipe"]["name"] == "ships-less"
    # Equal shipped keep ratios: the better ranking, then the higher AUPRC.
    assert crossval.best_recipe([summary("a", 0.56, 0.557), ships_less])["recipe"]["name"] == "ships-less"
    tied = [summary("low-auprc", 0.556, 0.557, auprc=0.5), ships_less]
    assert crossval.best_recipe(tied)["recipe"]["name"] == "ships-less"


def test_train_gate_can_keep_a_fixed_epoch_without_a_validation_set():
    tokenizer = packaged_tokenizer()
    network = tiny_network()
    from memory_pipeline.gate.packing import pack_turn

    packed = [pack_turn(tokenizer, Message("a", text), [], 0, 64) for text in FACTS + CHATTER]
    labels = np.array([1] * len(FACTS) + [0] * len(CHATTER))
    cached = cache_frozen_states(network, packed, 1, tokenizer.pad_token_id, "cpu")
    settings = TrainSettings(epochs=6, fixed_epoch=2, micro_batch=4, accumulation=1, class_weighting=False)
    outcome = train_gate(network, cached, labels, [], np.zeros(0), settings, log=lambda _: None)
    assert len(outcome.train_losses) == 2 and outcome.val_losses == [] and outcome.best_epoch == 1
    assert outcome.positive_weight == 1.0 and outcome.state
    with_validation = train_gate(
        tiny_network(), cached, labels, cached, labels, TrainSettings(epochs=3, fixed_epoch=3, micro_batch=4),
        log=lambda _: None,
    )
    assert len(with_validation.epoch_probabilities) == 3 and with_validation.best_epoch == 2
    np.testing.assert_array_equal(with_validation.val_probabilities, with_validation.epoch_probabilities[-1])


def test_tail_averaging_keeps_the_mean_of_the_epoch_end_weights_and_trains_on_from_the_live_ones():
    tokenizer = packaged_tokenizer()
    from memory_pipeline.gate.packing import pack_turn

    packed = [pack_turn(tokenizer, Message("a", text), [], 0, 64) for text in FACTS + CHATTER]
    labels = np.array([1] * len(FACTS) + [0] * len(CHATTER))
    cached = cache_frozen_states(tiny_network(), packed, 1, tokenizer.pad_token_id, "cpu")

    def run(fixed_epoch: int, average_from: int = 0, validate: bool = False):
        settings = TrainSettings(epochs=4, fixed_epoch=fixed_epoch, micro_batch=4, accumulation=1,
                                 average_from=average_from)
        val, val_labels = (cached, labels) if validate else ([], np.zeros(0))
        return train_gate(tiny_network(), cached, labels, val, val_labels, settings, log=lambda _: None)

    # A shorter fixed epoch is a prefix of the same schedule, so these are the live weights after epochs 2 and 3.
    second, third = run(2).state, run(3).state
    assert any(not torch.equal(second[name], third[name]) for name in second)
    for validate in (False, True):  # scoring the average in between must not move the live weights
        averaged = run(3, average_from=2, validate=validate)
        for name in third:
            torch.testing.assert_close(averaged.state[name], (second[name] + third[name]) / 2)
    # Before the averaging starts, the scored model is the live one; after, it is the average.
    plain, averaged = run(3, validate=True), run(3, average_from=2, validate=True)
    np.testing.assert_array_equal(plain.epoch_probabilities[1], averaged.epoch_probabilities[1])
    assert not np.array_equal(plain.epoch_probabilities[2], averaged.epoch_probabilities[2])
    assert Recipe.parse("avg:average_from=3").average_from == 3
    assert crossval.recipe_settings(TrainSettings(), Recipe("avg", average_from=3), 4).average_from == 3


def _conversations(flip: str | None = None) -> list[GateExample]:
    examples = []
    for group in ("c1", "c2", "c3"):
        for index, text in enumerate(FACTS + CHATTER):
            label = int(text in FACTS)
            if group == flip:
                label = 1 - label
            examples.append(GateExample(
                example_id=f"{group}:{index}", group=group, source="locomo",
                target=Message("Ana", text), context=(Message("Bo", "How are you?"),), label=label,
                evidence_categories=frozenset({4}) if text in FACTS else frozenset(),
            ))
    return examples


@pytest.mark.slow
def test_a_fold_never_sees_its_held_out_conversation():
    """Flipping the training labels of c1 must leave c1's out-of-fold scores bit for bit the same."""
    settings = TrainSettings(epochs=2, micro_batch=8, accumulation=1, device="cpu")
    recipe = Recipe("tiny", k=1)
    runs = [
        crossval.cross_validate(resolve_encoder_dir(None), _conversations(flip), [], recipe, settings,
                                frozenset({1, 2, 3, 4}), max_length=64, log=lambda _: None)
        for flip in (None, "c1")
    ]
    plain, flipped = ({fold.conversation_id: fold for fold in run} for run in runs)
    assert sorted(plain) == ["c1", "c2", "c3"]
    for fold in plain.values():
        assert [turn.split(":")[0] for turn in fold.turn_ids] == [fold.conversation_id] * 8
        assert len(fold.epoch_probabilities) == 2 and fold.evidence.sum() == len(FACTS)
    np.testing.assert_array_equal(plain["c1"].epoch_probabilities[-1], flipped["c1"].epoch_probabilities[-1])
    # ...while the folds that did train on c1 see the change.
    assert not np.array_equal(plain["c2"].epoch_probabilities[-1], flipped["c2"].epoch_probabilities[-1])


@pytest.mark.slow
def test_after_fold_sees_each_fold_model_with_its_held_out_turns():
    """The hook gets the weights the fold's scores came from (not the next fold's, not the initial ones): the whole
    encoder over the held-out turns gives back the fold's own out-of-fold scores, up to the float16 the cached
    lower blocks are stored in. bench_precision_cv.py scores each fold in another precision this way."""
    from memory_pipeline.gate.infer import predict_probabilities
    from memory_pipeline.gate.packing import pack_turns

    tokenizer = packaged_tokenizer()
    seen = {}

    def score(fold, network, examples):
        network.eval()
        packed = pack_turns(tokenizer, [e.target for e in examples], [e.context for e in examples], 1, 64)
        seen[fold.conversation_id] = ({e.group for e in examples},
                                      predict_probabilities(network, packed, tokenizer.pad_token_id, 8, "cpu"))

    folds = crossval.cross_validate(
        resolve_encoder_dir(None), _conversations(flip="c1"), [], Recipe("tiny", k=1),
        TrainSettings(epochs=2, micro_batch=8, accumulation=1, device="cpu"), frozenset({1, 2, 3, 4}),
        max_length=64, log=lambda _: None, after_fold=score,
    )
    assert sorted(seen) == ["c1", "c2", "c3"]
    for fold in folds:
        groups, full_encoder = seen[fold.conversation_id]
        assert groups == {fold.conversation_id}
        np.testing.assert_allclose(full_encoder, fold.epoch_probabilities[-1], atol=0.01)
    # c1's labels are flipped, so the fold that trained on it learnt another model: matching each fold's own scores
    # is no accident of one shared model (c1 and c2 hold the same turns)
    assert not np.allclose(seen["c1"][1], seen["c2"][1], atol=0.01)


def test_the_model_card_reports_out_of_fold_figures(tmp_path):
    from memory_pipeline.gate.model import GateArtifact
    from memory_pipeline.gate.model_card import write_cv_model_card

    folds = [_fold("a", [1, 0, 0, 1], [0.9, 0.2, 0.1, 0.8]), _fold("b", [0, 1, 0, 0], [0.3, 0.7, 0.2, 0.1])]
    summary = crossval.summarise(Recipe("qa+obs", observations=True), folds) | {
        "settings": {"epochs": 1, "seed": 7}
    }
    report = {
        "best": "qa+obs", "recipes": {"qa+obs": summary}, "model_id": "gate-0123456789abcdef",
        "final_data": {"locomo_turns": 8, "locomo_positive": 3, "msc_turns": 0, "msc_positive": 0},
    }
    artifact = GateArtifact(encoder="enc", trained_layers=[5], context_k=1, max_length=512, threshold=0.7)
    write_cv_model_card(report, artifact, tmp_path / "MODEL_CARD.md")
    card = (tmp_path / "MODEL_CARD.md").read_text()
    assert "tau = 0.70" in card and "gate-0123456789abcdef" in card
    assert "--recipe qa+obs:observations=1 " in card  # the retrain command names the recipes that were compared
    assert "| a | 4 | 2 | 50.0% | 1.000 |" in card  # one row per held-out conversation
    assert "observation" in card and "--epochs 1 --seed 7" in card
    # the layout is named, in words and in the command, so the retrain packs the turns the same way
    assert "`ctx-target-v1` (messages as typed)" in card and "--packing ctx-target-v1 " in card


def test_a_recipe_spells_itself_as_the_command_line_reads_it():
    for spec in ("qa", "qa-2blocks-avg2:trainable_layers=2,average_from=2", "u:class_weighting=0,msc_examples=0"):
        assert Recipe.parse(Recipe.parse(spec).spec()) == Recipe.parse(spec)
    assert Recipe.parse("u:class_weighting=0").spec() == "u:class_weighting=0"
    averaged = Recipe("avg", average_from=2)
    assert [averaged.weights(e) for e in (1, 2, 4)] == ["epoch 1", "epoch 2", "mean of epochs 2-4"]


def _two_conversation_locomo(path):
    samples = []
    for cid in ("c1", "c2"):
        turns = [(f"D1:{i + 1}", "Ana" if i % 2 else "Bo", text) for i, text in enumerate(FACTS + CHATTER)]
        samples.append({
            "sample_id": cid,
            "conversation": {
                "speaker_a": "Ana", "speaker_b": "Bo", "session_1_date_time": "1:56 pm on 8 May, 2023",
                "session_1": [{"dia_id": dia, "speaker": who, "text": text} for dia, who, text in turns],
            },
            "qa": [{"question": "Job?", "answer": "nurse", "evidence": ["D1:1"], "category": 4}],
            "observation": {"session_1_observation": {"Bo": [["Bo moved.", "D1:3"]]}},
        })
    path.write_text(json.dumps(samples))
    return path


@pytest.mark.slow
def test_gate_cv_command_writes_each_recipe_and_resumes(tmp_path, capsys):
    import argparse

    from memory_pipeline.gate import cv_cli

    locomo = _two_conversation_locomo(tmp_path / "locomo.json")
    parser = argparse.ArgumentParser()
    cv_cli.configure(parser)
    argv = ["--locomo", str(locomo), "--out", str(tmp_path / "cv"), "--epochs", "1", "--device", "cpu",
            "--recipe", "qa:msc_examples=0", "--recipe", "obs:msc_examples=0,observations=1,k=0"]
    assert cv_cli.run(parser.parse_args(argv)) == 0
    report = json.loads((tmp_path / "cv" / "report.json").read_text())
    assert set(report["recipes"]) == {"qa", "obs"} and report["best"] in {"qa", "obs"}
    for summary in report["recipes"].values():
        assert set(summary["folds_at_threshold"]) == {"c1", "c2"} and summary["turns"] == 16
    assert (tmp_path / "cv" / "recipes" / "obs.json").exists() and (tmp_path / "cv" / "gate_cv.png").exists()
    capsys.readouterr()
    # A second run with the same recipes and settings reads the results back instead of training again.
    assert cv_cli.run(parser.parse_args(argv)) == 0
    assert capsys.readouterr().out.count("read from") == 2
    # The input layout is part of what was trained: results in another layout are never read back.
    assert cv_cli.run(parser.parse_args([*argv, "--packing", "ctx-target-v2", "--baselines"])) == 0
    assert "read from" not in capsys.readouterr().out
    report = json.loads((tmp_path / "cv" / "report.json").read_text())
    assert {s["settings"]["packing"] for s in report["recipes"].values()} == {"ctx-target-v2"}
    assert set(report["baselines"]) == {"longest_turns", "logistic_regression_frozen_minilm"}
