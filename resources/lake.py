"""The lake as a Dagster resource: where Parquet partitions go and where the DuckDB views live."""

from __future__ import annotations

import dagster as dg

from memory_pipeline import warehouse
from memory_pipeline.config import resolve_lake_dir
from memory_pipeline.lake import Lake


class LakeResource(dg.ConfigurableResource):
    """``lake_dir`` empty means: ``$MEMORY_PIPELINE_LAKE``, else ``./data_lake``."""

    lake_dir: str = ""

    @property
    def lake(self) -> Lake:
        lake = Lake(resolve_lake_dir(self.lake_dir or None))
        lake.ensure_layout()
        return lake

    def refresh_views(self) -> None:
        """Views read partitions by glob; a refresh is only needed when a table gets its first partition."""
        lake = self.lake
        if not lake.warehouse_path.exists() or _has_table_without_glob_view(lake):
            warehouse.refresh_views(lake)


def _has_table_without_glob_view(lake: Lake) -> bool:
    with warehouse.connect(lake) as con:
        rows = con.execute("SELECT view_name, sql FROM duckdb_views() WHERE NOT internal").fetchall()
    glob_backed = {name for name, sql in rows if "read_parquet" in sql}
    return any(table not in glob_backed for table in lake.tables())
