"""Parser backends behind one representation (see :mod:`memory_pipeline.parsing.base`)."""

from memory_pipeline.parsing.base import Arc, Entity, ParsedDoc, Parser, Token, PARSER_BACKENDS, backends, load_parser
from memory_pipeline.parsing.roles import ARGUMENT_ROLES, Role

__all__ = [
    "PARSER_BACKENDS",
    "ARGUMENT_ROLES",
    "Arc",
    "Entity",
    "ParsedDoc",
    "Parser",
    "Role",
    "Token",
    "backends",
    "load_parser",
]
