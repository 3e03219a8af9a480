"""Model resources: the gate classifier, the dependency parser, the extractor and the sentence embedder.

Each carries its engine config as one ``settings`` field (made from :mod:`memory_pipeline.config` by
:mod:`resources.settings`), so every engine setting can be given in run config or the launchpad, e.g.
``resources: {gate: {config: {settings: {threshold: 0.3}}}}``. The engine object is built in
``setup_for_execution``, so a step builds it once for the whole chunk of conversations it carries. Heavy
imports (torch, spaCy) happen there too, which keeps loading the code location (the UI, the sensor) fast.
"""

from __future__ import annotations

from typing import Any

import dagster as dg
from pydantic import PrivateAttr

from memory_pipeline.config import (
    ConsolidationConfig,
    EmbedderConfig,
    ExtractorConfig,
    GateConfig,
    LinksConfig,
    ParserConfig,
    SegmentsConfig,
    UnitsConfig,
)
from resources.settings import settings_class, to_engine

GateSettings = settings_class(GateConfig)
ParserSettings = settings_class(ParserConfig)
ExtractorSettings = settings_class(ExtractorConfig)
EmbedderSettings = settings_class(EmbedderConfig)


class _LoadedPerStep(dg.ConfigurableResource):
    """A resource whose engine object is built once per step by :meth:`load`."""

    _loaded: Any = PrivateAttr(default=None)

    def load(self) -> Any:
        raise NotImplementedError

    def setup_for_execution(self, context: dg.InitResourceContext) -> None:
        self._loaded = self.load()

    @property
    def loaded(self) -> Any:
        if self._loaded is None:
            raise RuntimeError(f"{type(self).__name__} used outside a run: its model is loaded per step")
        return self._loaded


class GateModelResource(_LoadedPerStep):
    """The salience gate; unset settings take the shipped defaults (packaged encoder, trained head, k, tau)."""

    settings: GateSettings = GateSettings()

    @property
    def config(self) -> GateConfig:
        return to_engine(GateConfig, self.settings)

    def load(self):
        from memory_pipeline.gate import GateModel

        return GateModel.load(self.config)

    @property
    def model(self):
        return self.loaded


class ParserResource(_LoadedPerStep):
    """Dependency parser backend for the extractor (spaCy by default, HanLP with the ``hanlp`` extra)."""

    settings: ParserSettings = ParserSettings()

    @property
    def config(self) -> ParserConfig:
        return to_engine(ParserConfig, self.settings)

    def load(self):
        from memory_pipeline.parsing import load_parser

        return load_parser(self.config)

    @property
    def parser(self):
        return self.loaded


class ExtractorResource(_LoadedPerStep):
    """The extractor's rules' settings and the temporal resolver, whose recognisers are built once per step."""

    settings: ExtractorSettings = ExtractorSettings()

    @property
    def config(self) -> ExtractorConfig:
        return to_engine(ExtractorConfig, self.settings)

    def load(self):
        from memory_pipeline.extraction import TemporalResolver

        return TemporalResolver()

    @property
    def resolver(self):
        return self.loaded


class EmbedderResource(_LoadedPerStep):
    """Sentence embedder for memories and queries (the packaged all-MiniLM-L6-v2 by default)."""

    settings: EmbedderSettings = EmbedderSettings()

    @property
    def config(self) -> EmbedderConfig:
        return to_engine(EmbedderConfig, self.settings)

    def load(self):
        from memory_pipeline.embeddings import Embedder

        return Embedder.load(self.config)

    @property
    def embedder(self):
        return self.loaded


LinksSettings = settings_class(LinksConfig)
ConsolidationSettings = settings_class(ConsolidationConfig)


class ConsolidationSettingsResource(dg.ConfigurableResource):
    """The links and consolidation stages' settings (nothing to load: their parse comes from ``parser``)."""

    links: LinksSettings = LinksSettings()
    consolidation: ConsolidationSettings = ConsolidationSettings()

    @property
    def links_config(self) -> LinksConfig:
        return to_engine(LinksConfig, self.links)

    @property
    def consolidation_config(self) -> ConsolidationConfig:
        return to_engine(ConsolidationConfig, self.consolidation)


SegmentsSettings = settings_class(SegmentsConfig)
UnitsSettings = settings_class(UnitsConfig)


class SituationsSettingsResource(dg.ConfigurableResource):
    """The segments and fta_units stages' settings (their models come from ``embedder`` and ``extractor``)."""

    segments: SegmentsSettings = SegmentsSettings()
    units: UnitsSettings = UnitsSettings()

    @property
    def segments_config(self) -> SegmentsConfig:
        return to_engine(SegmentsConfig, self.segments)

    @property
    def units_config(self) -> UnitsConfig:
        return to_engine(UnitsConfig, self.units)
