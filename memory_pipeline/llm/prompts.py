"""The project's prompts: text files beside this module, each with a version that goes into the cache key and the
ledger.

File format (``prompts/<name>.md``)::

    ---
    version: 3
    ---
    [system]
    ...text...
    [user]
    ...text with $placeholders...

Placeholders are ``string.Template`` fields (``$turns`` or ``${turns}``), so JSON braces in a prompt need no
escaping. Bump ``version`` whenever the wording changes meaning: the rendered messages are in the cache key anyway,
but the version is what the ledger and reports show, so two wordings must never share one.

The stages' own prompt files (``<stage>/prompts/<name>.md``, read with :func:`load_prompt_file`) use an older
format: a ``version: <name>@<n>`` line, then a ``## system`` and a ``## user`` section, with ``{name}``
placeholders in the user section only; other braces (JSON examples) are left alone.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from string import Template
from typing import Any

from pydantic import BaseModel

from memory_pipeline.llm.types import LLMRequest, Message

_HEADER = re.compile(r"\A---\n(?P<header>.*?)\n---\n", re.S)
_SECTION = re.compile(r"^\[(system|user)\]\n", re.M)
_BRACE_FIELD = re.compile(r"\{([A-Za-z_][A-Za-z0-9_]*)\}")


@dataclass(frozen=True)
class Prompt:
    name: str
    version: str  # "<name>@<n>", as it appears in LLMRequest.prompt_version and the ledger
    system: str
    user: str
    braces: bool = False  # a stage file (:func:`load_prompt_file`): ``{name}`` placeholders in the user section

    def fields(self) -> set[str]:
        """The placeholders :meth:`render` expects."""
        if self.braces:
            return set(_BRACE_FIELD.findall(self.user))
        return set(Template(self.system).get_identifiers()) | set(Template(self.user).get_identifiers())

    def render(self, **fields: Any) -> tuple[Message, ...]:
        """System and user messages with every placeholder filled; a missing or an unknown field is an error.

        A stage file's prompt (``braces``) only has the given ``{name}`` placeholders of its user section
        replaced, unchecked; other braces (JSON examples) are left alone.
        """
        if self.braces:
            user = self.user
            for key, value in fields.items():
                user = user.replace("{" + key + "}", str(value))
            return ({"role": "system", "content": self.system}, {"role": "user", "content": user})
        expected = self.fields()
        if set(fields) != expected:
            raise ValueError(
                f"prompt {self.version}: fields {sorted(fields)} given, {sorted(expected)} expected"
            )
        values = {key: str(value) for key, value in fields.items()}
        return (
            {"role": "system", "content": Template(self.system).substitute(values)},
            {"role": "user", "content": Template(self.user).substitute(values)},
        )

    def request(
        self,
        *,
        stage: str,
        conversation_id: str,
        item_id: str,
        response_model: type[BaseModel],
        max_tokens: int = 512,
        context: Mapping[str, Any] | None = None,
        **fields: Any,
    ) -> LLMRequest:
        """An :class:`LLMRequest` for this prompt rendered with ``fields``."""
        return LLMRequest(
            stage=stage,
            conversation_id=conversation_id,
            item_id=item_id,
            messages=self.render(**fields),
            response_model=response_model,
            prompt=self.name,
            prompt_version=self.version,
            max_tokens=max_tokens,
            context=context,
        )


def parse_prompt(name: str, text: str) -> Prompt:
    """A prompt from the file format above."""
    header = _HEADER.match(text)
    if header is None:
        raise ValueError(f"prompt {name!r}: no '---' header")
    meta = dict(
        (key.strip(), value.strip())
        for key, _, value in (line.partition(":") for line in header["header"].splitlines() if line.strip())
    )
    if not meta.get("version", "").isdigit():
        raise ValueError(f"prompt {name!r}: header needs 'version: <integer>'")
    parts = _SECTION.split(text[header.end() :])
    sections = dict(zip(parts[1::2], (body.strip() for body in parts[2::2]), strict=True))
    if set(sections) != {"system", "user"}:
        raise ValueError(f"prompt {name!r}: needs one [system] and one [user] section")
    return Prompt(name=name, version=f"{name}@{meta['version']}", system=sections["system"], user=sections["user"])


def load_prompt(name: str) -> Prompt:
    """The packaged prompt ``prompts/<name>.md``."""
    folder = resources.files("memory_pipeline.llm") / "prompts"
    path = folder / f"{name}.md"
    if not path.is_file():
        known = sorted(p.name.removesuffix(".md") for p in folder.iterdir())
        raise ValueError(f"unknown prompt {name!r}; known: {', '.join(known)}")
    return parse_prompt(name, path.read_text(encoding="utf-8"))


def load_prompt_file(path: Path) -> Prompt:
    """A stage's prompt file (the older format above); its name is the file's stem, its version as written."""
    text = path.read_text(encoding="utf-8")
    head, _, rest = text.partition("## system")
    system, _, user = rest.partition("## user")
    version = next((line.split(":", 1)[1].strip() for line in head.splitlines() if line.startswith("version:")), "")
    if not version or not system.strip() or not user.strip():
        raise ValueError(f"{path}: a prompt file needs a 'version:' line, a '## system' and a '## user' section")
    return Prompt(path.stem, version, system.strip(), user.strip(), braces=True)


def format_turns(turns: Iterable[tuple[int, str, str]]) -> str:
    """``(number, speaker, text)`` triples as the numbered lines the prompts show: ``[12] Maya: text``."""
    return "\n".join(f"[{number}] {speaker}: {' '.join(text.split())}" for number, speaker, text in turns)
