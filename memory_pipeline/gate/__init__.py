"""Salience gate (seed 000, §3.1, A.1-A.2, B.1, C.1-C.3): which user turns are worth remembering.

A small encoder reads the target user turn with up to ``k`` preceding messages of the same session and
predicts, with a single logit, whether the turn should be admitted into memory. Only admitted turns go on
to extraction. The package is engine code: it imports no Dagster.
"""

from memory_pipeline.gate.infer import gate_metrics, score_turns
from memory_pipeline.gate.model import GateModel

__all__ = ["GateModel", "gate_metrics", "score_turns"]
