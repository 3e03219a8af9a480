"""The registry resolves names lazily and says clearly what it knows when a name is wrong."""

import sys

import pytest

from memory_pipeline.parsing import PARSER_BACKENDS, backends
from memory_pipeline.registry import Registry


def test_target_is_imported_only_when_asked_for():
    registry = Registry("widget", {"dumps": "json:dumps"})
    sys.modules.pop("colorsys", None)
    registry.register("later", "colorsys:rgb_to_hsv")
    assert "colorsys" not in sys.modules
    assert registry.get("later")(1.0, 0.0, 0.0) == (0.0, 1.0, 1.0)
    assert registry.get("dumps")([1]) == "[1]"
    assert registry.names() == ["dumps", "later"]


def test_unknown_name_lists_the_known_ones():
    registry = Registry("widget", {"a": "json:dumps"})
    with pytest.raises(ValueError, match=r"unknown widget 'b'; known: a"):
        registry.get("b")


@pytest.mark.parametrize("target", ["json", "json:", ":dumps"])
def test_malformed_target_is_refused_at_registration(target):
    with pytest.raises(ValueError, match="not 'package.module:attribute'"):
        Registry("widget").register("x", target)


def test_missing_attribute_names_the_module():
    with pytest.raises(ValueError, match="json has no 'nope'"):
        Registry("widget", {"x": "json:nope"}).get("x")


def test_parser_backends_do_not_import_hanlp_until_chosen():
    assert {"spacy", "hanlp"} <= set(backends())
    assert "memory_pipeline.parsing.hanlp_backend" in PARSER_BACKENDS.target("hanlp")
    assert "hanlp" not in sys.modules or "memory_pipeline.parsing.hanlp_backend" in sys.modules
