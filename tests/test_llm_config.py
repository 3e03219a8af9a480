"""LLM configuration: defaults < [llm] in the lake's TOML (or --config) < MEMORY_PIPELINE_LLM_* < CLI overrides."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from memory_pipeline.llm import LLMConfig, build_client, load_llm_config

LAKE_TOML = """
[llm]
backend = "vllm"
model = "models/smollm2"
max_retries = 1
stages = { links = "rules" }

[llm.vllm]
max_model_len = 1024

[llm.openai]
concurrency = 2
"""


def test_defaults_use_no_llm(tmp_path):
    config = load_llm_config(tmp_path, environ={})
    assert config == LLMConfig()
    assert config.backend == "none" and not config.uses_llm("segments")
    assert build_client(config, tmp_path / "llm_cache") is None


def test_the_lake_file_is_read(tmp_path):
    (tmp_path / "memory_pipeline.toml").write_text(LAKE_TOML)
    config = load_llm_config(tmp_path, environ={})
    assert (config.backend, config.model, config.max_retries) == ("vllm", "models/smollm2", 1)
    assert config.vllm.max_model_len == 1024 and config.vllm.dtype == "auto"
    assert config.openai.concurrency == 2
    assert config.uses_llm("segments") and not config.uses_llm("links")


def test_environment_beats_the_file_and_overrides_beat_the_environment(tmp_path):
    (tmp_path / "memory_pipeline.toml").write_text(LAKE_TOML)
    environ = {
        "MEMORY_PIPELINE_LLM_BACKEND": "openai",
        "MEMORY_PIPELINE_LLM_MODEL": "served-model",
        "MEMORY_PIPELINE_LLM_BASE_URL": "http://127.0.0.1:8000/v1",
    }
    from_env = load_llm_config(tmp_path, environ=environ)
    assert (from_env.backend, from_env.model, from_env.base_url) == ("openai", "served-model", "http://127.0.0.1:8000/v1")
    assert from_env.vllm.max_model_len == 1024  # what the environment does not name still comes from the file
    flags = {"backend": "vllm", "model": "other", "base_url": None}  # a flag not given is None
    overridden = load_llm_config(tmp_path, environ=environ, overrides=flags)
    assert (overridden.backend, overridden.model, overridden.base_url) == ("vllm", "other", "http://127.0.0.1:8000/v1")
    nested = load_llm_config(tmp_path, environ={}, overrides={"vllm": {"dtype": "float32"}})
    assert nested.vllm.dtype == "float32" and nested.vllm.max_model_len == 1024


def test_an_explicit_config_file_replaces_the_lake_file(tmp_path):
    (tmp_path / "memory_pipeline.toml").write_text(LAKE_TOML)
    other = tmp_path / "other.toml"
    other.write_text('[llm]\nbackend = "openai"\nmodel = "m"\n')
    config = load_llm_config(tmp_path, config_file=other, environ={})
    assert (config.backend, config.model, config.max_retries) == ("openai", "m", 2)
    with pytest.raises(FileNotFoundError):
        load_llm_config(tmp_path, config_file=tmp_path / "absent.toml", environ={})


def test_empty_environment_variables_count_as_unset(tmp_path):
    assert load_llm_config(tmp_path, environ={"MEMORY_PIPELINE_LLM_BACKEND": ""}).backend == "none"


@pytest.mark.parametrize(
    "toml",
    [
        '[llm]\nbackend = "gpt"\n',
        '[llm]\nmax_retry = 3\n',
        '[llm.openai]\nconcurency = 3\n',
        '[llm]\non_failure = "x"\n',
    ],
)
def test_a_wrong_value_or_misspelt_key_is_an_error(tmp_path, toml):
    (tmp_path / "memory_pipeline.toml").write_text(toml)
    with pytest.raises(ValidationError):
        load_llm_config(tmp_path, environ={})


def test_a_backend_without_a_model_says_what_is_missing(tmp_path):
    with pytest.raises(ValueError, match="needs a model"):
        build_client(LLMConfig(backend="openai"), None)


def test_backends_are_registered_by_name_and_imported_only_when_chosen():
    from memory_pipeline.llm.backends import LLM_BACKENDS

    assert LLM_BACKENDS.names() == ["openai", "vllm"]
    assert LLM_BACKENDS.target("vllm") == "memory_pipeline.llm.vllm_backend:VLLMBackend"
    with pytest.raises(ValueError, match="unknown LLM backend 'gpt'"):
        LLM_BACKENDS.get("gpt")
