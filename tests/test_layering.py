"""The layering rule, enforced: CLI -> assets -> resources -> engine, and the engine never imports Dagster.

Imports are read from the source with ``ast`` (including imports inside functions), so a lazy import cannot
slip past the rule.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
CLI_PACKAGE = ROOT / "memory_pipeline" / "cli"


def imported_modules(path: Path) -> set[str]:
    modules: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(), filename=str(path))):
        if isinstance(node, ast.Import):
            modules.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            modules.add(node.module)
    return modules


def top_level(modules: set[str]) -> set[str]:
    return {module.split(".", 1)[0] for module in modules}


def engine_files() -> list[Path]:
    return [p for p in (ROOT / "memory_pipeline").rglob("*.py") if CLI_PACKAGE not in p.parents]


def violations(files: list[Path], forbidden: set[str]) -> list[str]:
    return sorted(
        f"{path.relative_to(ROOT)} imports {', '.join(sorted(top_level(imported_modules(path)) & forbidden))}"
        for path in files
        if top_level(imported_modules(path)) & forbidden
    )


def test_engine_imports_neither_dagster_nor_the_dagster_layers():
    files = engine_files()
    assert len(files) > 30  # the walk found the engine
    assert violations(files, {"dagster", "dagster_k8s", "dagster_postgres", "assets", "resources"}) == []


def test_resources_do_not_import_assets_or_the_cli():
    files = list((ROOT / "resources").rglob("*.py"))
    assert violations(files, {"assets"}) == []
    assert [str(p) for p in files if "memory_pipeline.cli" in imported_modules(p)] == []


def test_assets_do_not_import_the_cli():
    files = list((ROOT / "assets").rglob("*.py"))
    assert [str(p.relative_to(ROOT)) for p in files if any(m.startswith("memory_pipeline.cli") for m in imported_modules(p))] == []


@pytest.mark.parametrize(
    ("source", "expected"),
    [
        ("import dagster as dg\n", {"dagster"}),
        ("def f():\n    from dagster import asset\n", {"dagster"}),
        ("from assets.partitions import x\n", {"assets"}),
        ("from . import sibling\n", set()),
    ],
)
def test_the_rule_sees_top_level_and_lazy_imports(tmp_path, source, expected):
    module = tmp_path / "m.py"
    module.write_text(source)
    assert top_level(imported_modules(module)) == expected
