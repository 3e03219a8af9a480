"""The table contract documents itself: every table and column says what it is and where it comes from."""

from __future__ import annotations

import pytest

from memory_pipeline.schemas import TABLES, column_descriptions, table_description


@pytest.mark.parametrize("table", sorted(TABLES))
def test_every_contract_column_has_a_one_line_description(table):
    described = column_descriptions(table)
    assert list(described) == TABLES[table].names
    for column, text in described.items():
        assert text.strip() and "\n" not in text, f"{table}.{column}"


@pytest.mark.parametrize("table", sorted(TABLES))
def test_every_table_says_what_a_row_is(table):
    assert table_description(table).strip()


def test_the_inbox_hash_the_cli_compares_is_in_the_contract():
    assert "inbox_sha256" in TABLES["conversations"].names
