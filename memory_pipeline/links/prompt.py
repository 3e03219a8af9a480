"""Prompt files beside the code: a ``version:`` line, then a ``## system`` and a ``## user`` section.

Until the LLM package's ``load_prompt`` is merged in, the links and consolidation stages read their prompt
files with this; the version goes into every request (and so into the cache key and the ``llm_calls`` ledger).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True)
class Prompt:
    name: str
    version: str
    system: str
    user: str

    def render(self, **fields: object) -> tuple[dict, ...]:
        """OpenAI-style messages; ``{name}`` placeholders are filled, other braces (JSON examples) are left alone."""
        user = self.user
        for key, value in fields.items():
            user = user.replace("{" + key + "}", str(value))
        return ({"role": "system", "content": self.system}, {"role": "user", "content": user})


def load_prompt(path: Path) -> Prompt:
    text = path.read_text(encoding="utf-8")
    head, _, rest = text.partition("## system")
    system, _, user = rest.partition("## user")
    version = next((line.split(":", 1)[1].strip() for line in head.splitlines() if line.startswith("version:")), "")
    if not version or not system.strip() or not user.strip():
        raise ValueError(f"{path}: a prompt file needs a 'version:' line, a '## system' and a '## user' section")
    return Prompt(path.stem, version, system.strip(), user.strip())


def default_request_factory():
    """``memory_pipeline.llm.types.LLMRequest``, the LLM interface's request type."""
    try:
        from memory_pipeline.llm.types import LLMRequest
    except ImportError as exc:
        raise ValueError("an LLM classifier needs memory_pipeline.llm (LLMRequest) or an explicit make_request") from exc
    return LLMRequest
