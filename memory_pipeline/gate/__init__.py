"""Salience gate (seed 000, §3.1, A.1-A.2, B.1, C.1-C.3): which user turns are worth remembering.

A small encoder reads the target user turn with up to ``k`` preceding messages of the same session and
predicts, with a single logit, whether the turn should be admitted into memory. Only admitted turns go on
to extraction. The package is engine code: it imports no Dagster.
"""

from importlib import import_module

__all__ = ["GateModel", "gate_metrics", "score_turns"]

# torch and transformers load only when a model is needed, so `memory-pipeline sql/status/run` (which build
# the `gate train` sub-command's arguments) stay fast.
_HOME = {"GateModel": "memory_pipeline.gate.model", "gate_metrics": "memory_pipeline.gate.infer",
         "score_turns": "memory_pipeline.gate.infer"}


def __getattr__(name: str):
    if name in _HOME:
        return getattr(import_module(_HOME[name]), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
