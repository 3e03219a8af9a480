"""Dagster config classes made from the engine's config models, so nothing is declared twice.

Dagster's config system accepts only its own ``Config`` classes and plain types, while the engine's configs
(:mod:`memory_pipeline.config`) are plain pydantic models that must not import Dagster. :func:`settings_class`
mirrors an engine model field by field (same names, defaults and descriptions) as a ``dg.Config``, mapping the
few types Dagster cannot take (``Literal``, tuples, paths) to what it can; :func:`to_engine` turns a filled-in
settings object back into the engine model, whose own validation then applies (a ``Literal`` is checked
there). A setting added to an engine config is therefore settable from run config and the launchpad at once.
"""

from __future__ import annotations

import types
import typing
from functools import cache
from pathlib import Path
from typing import Any, TypeVar, Union

import dagster as dg
from pydantic import BaseModel, Field, create_model

EngineConfig = TypeVar("EngineConfig", bound=BaseModel)


@cache
def settings_class(model: type[BaseModel]) -> type[dg.Config]:
    """A ``dg.Config`` with ``model``'s fields (``GateConfig`` -> ``GateSettings``)."""
    fields: dict[str, Any] = {}
    for name, field in model.model_fields.items():
        annotation, note = _dagster_type(field.annotation)
        default = _dagster_value(field.get_default(call_default_factory=True))
        description = " ".join(part for part in (field.description, note) if part) or None
        fields[name] = (annotation, Field(default=default, description=description))
    name = model.__name__.removesuffix("Config") + "Settings"
    return create_model(name, __base__=dg.Config, __doc__=model.__doc__, **fields)


def to_engine(model: type[EngineConfig], settings: dg.Config) -> EngineConfig:
    """The engine config that ``settings`` (an instance of ``settings_class(model)``) describes."""
    return model.model_validate(settings.model_dump())


def _dagster_type(annotation: Any) -> tuple[Any, str | None]:
    """A type Dagster's config system takes for ``annotation``, and a note on what the engine will check."""
    origin, args = typing.get_origin(annotation), typing.get_args(annotation)
    if origin is typing.Literal:
        return type(args[0]), "one of: " + ", ".join(map(str, args))
    if origin in (Union, types.UnionType) and type(None) in args:
        inner, note = _dagster_type(next(arg for arg in args if arg is not type(None)))
        return inner | None, note
    if origin is tuple:
        return list[args[0]], None
    if origin is list:
        inner, note = _dagster_type(args[0])
        return list[inner], note
    if origin is dict:
        return dict[args[0], _dagster_type(args[1])[0]], None
    if annotation is Path:
        return str, None
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return settings_class(annotation), None
    return annotation, None


def _dagster_value(value: Any) -> Any:
    if isinstance(value, tuple):
        return list(value)
    if isinstance(value, Path):
        return str(value)
    if isinstance(value, BaseModel):
        return settings_class(type(value))(**{k: _dagster_value(v) for k, v in value.model_dump().items()})
    return value
