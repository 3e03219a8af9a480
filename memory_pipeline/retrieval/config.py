"""Settings of retrieval and context packets (seed 002 FTA scoring; seed 000 A.4 historical retrieval).

Lives here until the merge wires it into :class:`memory_pipeline.config.PipelineConfig` as ``retrieval``.
"""

from __future__ import annotations

from pydantic import BaseModel, Field


class RetrievalConfig(BaseModel):
    lam: float = Field(0.8, ge=0.0, le=1.0)  # lambda: weight of the cosine against the cue score
    tau: float = 0.35  # score floor of a primary hit
    k: int = Field(10, ge=1)  # primary hits (25 on LoCoMo: LOCOMO_K)
    neighbours_per_hit: int = Field(1, ge=0)  # linked neighbours added per primary hit
    budget_words: int = Field(400, ge=1)  # words of memory and turn text a packet may hold
    history_expansion: bool = True  # temporal / state-change questions also see superseded memories


LOCOMO_K = 25  # seed 002: K = 25 on LoCoMo (denser facts tolerate a larger set)
