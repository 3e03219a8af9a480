"""Named, lazily imported implementations: parser backends, LLM backends, stage builders.

A registry maps a name (the value a config field takes, such as ``ParserConfig.backend = "spacy"``) to a
``"package.module:factory"`` string. The module is imported only when that name is asked for, so the module
defining the registry never imports its implementations and they may import it freely: no import cycle, and a
backend whose toolkit is not installed costs nothing until someone chooses it. spaCy's ``registry`` works the
same way (entry points resolved on first use).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from typing import Generic, TypeVar

Factory = TypeVar("Factory", bound=Callable)


class Registry(Generic[Factory]):
    """``name -> "module:attribute"``, resolved on :meth:`get`. ``kind`` names the thing in error messages."""

    def __init__(self, kind: str, entries: Mapping[str, str] | None = None) -> None:
        self.kind = kind
        self._targets: dict[str, str] = {}
        for name, target in (entries or {}).items():
            self.register(name, target)

    def register(self, name: str, target: str) -> None:
        """Add (or replace) ``name``; ``target`` is ``"package.module:attribute"``, imported on first use."""
        module, sep, attribute = target.partition(":")
        if not sep or not module or not attribute:
            raise ValueError(f"{self.kind} {name!r}: target {target!r} is not 'package.module:attribute'")
        self._targets[name] = target

    def names(self) -> list[str]:
        return sorted(self._targets)

    def __contains__(self, name: object) -> bool:
        return name in self._targets

    def target(self, name: str) -> str:
        try:
            return self._targets[name]
        except KeyError:
            raise ValueError(f"unknown {self.kind} {name!r}; known: {', '.join(self.names())}") from None

    def get(self, name: str) -> Factory:
        """Import and return the factory registered as ``name``."""
        module_name, _, attribute = self.target(name).partition(":")
        module = importlib.import_module(module_name)
        try:
            return getattr(module, attribute)
        except AttributeError:
            raise ValueError(f"{self.kind} {name!r}: {module_name} has no {attribute!r}") from None
