"""Validated answers kept in the lake, so re-materialising unchanged input makes no new calls.

Layout: ``<lake>/llm_cache/<conversation_id>/<key[:2]>/<key>.json``; forgetting a conversation deletes its one
folder. The key is a digest of everything that decides the answer: backend, model identity, the backend's
decoding settings, prompt version, the messages, the JSON schema, the token budget, the sampling settings and the
retry wording. Stored are the answers that passed validation and, unless ``LLMConfig.cache_failures`` is off,
the settled failures: the model answered but no attempt validated, or the engine refused the prompt. Asked
again with the same key, those give the same failure (temperature 0, fixed seed), so a re-run repeats neither
the calls nor the wait. Transport failures (timeouts, lost connections, HTTP errors) are never stored: they are
asked again next time. Entries are written to a temporary file and renamed, so a reader never sees half of one.
"""

from __future__ import annotations

import hashlib
import json
import shutil
from collections.abc import Mapping
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from memory_pipeline.lake import atomic_write, check_conversation_id


@dataclass(frozen=True)
class CacheEntry:
    """The answer's raw text (validated again on every read) and what making it cost; or, for a settled failure,
    its error (``text`` is then the last answer given, possibly empty)."""

    text: str
    prompt_tokens: int
    completion_tokens: int
    attempts: int
    error: str | None = None


def cache_key(material: Mapping[str, Any]) -> str:
    """Digest of canonical JSON (sorted keys, no whitespace), so equal inputs give equal keys on any machine."""
    canonical = json.dumps(material, sort_keys=True, separators=(",", ":"), ensure_ascii=False, default=str)
    return hashlib.sha256(canonical.encode("utf-8")).hexdigest()


class ResponseCache:
    def __init__(self, root: str | Path) -> None:
        self.root = Path(root)

    def _path(self, conversation_id: str, key: str) -> Path:
        return self.root / check_conversation_id(conversation_id) / key[:2] / f"{key}.json"

    def get(self, conversation_id: str, key: str) -> CacheEntry | None:
        path = self._path(conversation_id, key)
        try:
            return CacheEntry(**json.loads(path.read_text(encoding="utf-8")))
        except FileNotFoundError:
            return None
        except (ValueError, TypeError):  # a damaged entry is a miss; the next answer replaces it
            return None

    def put(self, conversation_id: str, key: str, entry: CacheEntry) -> None:
        payload = json.dumps(asdict(entry), sort_keys=True, ensure_ascii=False).encode("utf-8")
        atomic_write(self._path(conversation_id, key), lambda tmp: tmp.write_bytes(payload))

    def forget(self, conversation_id: str) -> None:
        """Delete every cached answer of one conversation."""
        shutil.rmtree(self.root / check_conversation_id(conversation_id), ignore_errors=True)
