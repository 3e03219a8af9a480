"""The ``fta_units`` stage: segments of a conversation turned into Fact-Time-Affect memory units (seed 002),
with carryover and fusion across segment boundaries and deictic grounding at formation (seed 004).

:func:`build_fta_units` is the entry point; :class:`UnitsConfig` names the builder (``rules``, the default, or
``llm``), which is looked up in :data:`UNIT_BUILDERS` and given the :class:`BuilderResources` the caller loaded.
"""

from memory_pipeline.units.affect import Affect, AffectAnalyser
from memory_pipeline.units.builders import (
    UNIT_BUILDERS,
    BuilderResources,
    BuildFailure,
    BuildOutcome,
    UnitBuilder,
    load_builder,
)
from memory_pipeline.config import LLMBuilderConfig, RulesBuilderConfig, UnitsConfig
from memory_pipeline.units.records import SegmentView, TurnView, UnitDraft, UnitFields
from memory_pipeline.units.stage import UNIT_KIND, UnitsResult, build_fta_units, segment_views

__all__ = [
    "UNIT_BUILDERS",
    "UNIT_KIND",
    "Affect",
    "AffectAnalyser",
    "BuildFailure",
    "BuildOutcome",
    "BuilderResources",
    "LLMBuilderConfig",
    "RulesBuilderConfig",
    "SegmentView",
    "TurnView",
    "UnitBuilder",
    "UnitDraft",
    "UnitFields",
    "UnitsConfig",
    "UnitsResult",
    "build_fta_units",
    "load_builder",
    "segment_views",
]
