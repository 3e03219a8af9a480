#!/usr/bin/env bash
# One command for a newcomer: set up, run the main job on the bundled samples, show the results.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
export MEMORY_PIPELINE_LAKE="${MEMORY_PIPELINE_LAKE:-$PWD/data_lake}"
mp=.venv/bin/memory-pipeline
$mp ingest --samples
$mp run --all
$mp status
echo
echo "Results: Parquet under $MEMORY_PIPELINE_LAKE/tables/, SQL views in $MEMORY_PIPELINE_LAKE/warehouse.duckdb"
echo "First query:"
$mp sql "SELECT conversation_id, speaker, text, event_time_text, event_start FROM memories ORDER BY session_time LIMIT 10"
