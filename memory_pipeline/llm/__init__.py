"""LLM backends for the LLM-built stages (segments, fta_units, links, consolidation); see docs/LLM.md.

Importing this package imports neither vLLM nor a model: a backend is loaded by :func:`build_client` only when
the configuration names one.
"""

from memory_pipeline.llm.cache import ResponseCache
from memory_pipeline.llm.check import CheckReport, check
from memory_pipeline.llm.client import LLMClient, build_client
from memory_pipeline.llm.config import RULES_AFTER_LLM_FAILURE, LLMConfig, load_llm_config
from memory_pipeline.llm.ledger import CallRecord, LedgerTotals, ledger_frame, ledger_totals
from memory_pipeline.llm.prepare import known_models, prepare_model
from memory_pipeline.llm.prompts import Prompt, format_turns, load_prompt, load_prompt_file
from memory_pipeline.llm.types import LLMRequest, LLMResult

__all__ = [
    "CallRecord",
    "CheckReport",
    "LLMClient",
    "LLMConfig",
    "LLMRequest",
    "LLMResult",
    "LedgerTotals",
    "Prompt",
    "RULES_AFTER_LLM_FAILURE",
    "ResponseCache",
    "build_client",
    "check",
    "format_turns",
    "known_models",
    "ledger_frame",
    "ledger_totals",
    "load_llm_config",
    "load_prompt",
    "load_prompt_file",
    "prepare_model",
]
