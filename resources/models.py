"""Model resources: the gate classifier, the dependency parser, the extractor and the sentence embedder.

Each carries its engine config as one ``settings`` field (made from :mod:`memory_pipeline.config` by
:mod:`resources.settings`), so every engine setting can be given in run config or the launchpad, e.g.
``resources: {gate: {config: {settings: {threshold: 0.3}}}}``. The engine object is built in
``setup_for_execution``, so a step builds it once for the whole chunk of conversations it carries, and a process
that carries several runs (the CLI's chunks) builds it once for all of them (:class:`LoadedModels`). Heavy
imports (torch, spaCy) happen there too, which keeps loading the code location (the UI, the sensor) fast.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
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


class LoadedModels:
    """The engine objects this process has loaded, one per resource kind, kept for the next run that asks for the
    same settings.

    The CLI carries a backfill as one run per chunk of conversations, all in one process; without this every run
    loaded the gate, the parser, the embedder and the temporal recognisers again (seconds per chunk, the larger
    part of the per-conversation cost on small conversations). A run with other settings replaces the kept one,
    so at most one of each kind is held. The objects are used read-only at inference; a step process of the
    multiprocess executor or a run worker holds one set for its own life.
    """

    def __init__(self) -> None:
        self._kept: dict[str, tuple[Hashable, Any]] = {}

    def get(self, kind: str, settings_key: Hashable, load: Callable[[], Any]) -> Any:
        kept = self._kept.get(kind)
        if kept is None or kept[0] != settings_key:
            self._kept.pop(kind, None)  # let the old one go before the new one loads
            kept = self._kept[kind] = (settings_key, load())
        return kept[1]

    def clear(self) -> None:
        self._kept.clear()


PROCESS_MODELS = LoadedModels()


class _LoadedPerStep(dg.ConfigurableResource):
    """A resource whose engine object is built by :meth:`load` when a step (or an in-process run) starts, or
    taken from :data:`PROCESS_MODELS` when this process already built it with the same settings."""

    _loaded: Any = PrivateAttr(default=None)

    @property
    def config(self) -> Any:
        raise NotImplementedError

    def load(self) -> Any:
        raise NotImplementedError

    def setup_for_execution(self, context: dg.InitResourceContext) -> None:
        # The loader is part of the key: a stand-in loader (a test's) never serves, nor is served, the real model.
        key = (self.config.model_dump_json(), type(self).load)
        self._loaded = PROCESS_MODELS.get(type(self).__name__, key, self.load)

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
