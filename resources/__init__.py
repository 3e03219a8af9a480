"""Dagster resources: each wraps one engine object so that assets stay thin.

Models are loaded in ``setup_for_execution``, i.e. once per step process (once per run under the in-process
executor, and kept for that process's later runs with the same settings), never once per conversation: a run
carries a chunk of conversations (see ``assets.partitions``).
"""

from resources.lake import LakeResource
from resources.llm import LLMResource
from resources.models import (
    ConsolidationSettingsResource,
    EmbedderResource,
    ExtractorResource,
    GateModelResource,
    ParserResource,
    SituationsSettingsResource,
)

__all__ = [
    "ConsolidationSettingsResource",
    "EmbedderResource",
    "ExtractorResource",
    "GateModelResource",
    "LLMResource",
    "LakeResource",
    "ParserResource",
    "SituationsSettingsResource",
]
