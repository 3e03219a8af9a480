"""The CLI contract on the bundled samples: ingest, run through Dagster, SQL, status, search, lineage."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import polars as pl
import pytest

from memory_pipeline.cli import EXIT_OK, EXIT_QUARANTINED, EXIT_USAGE, main
from memory_pipeline.cli.orchestration import contiguous_chunks, dagster_instance, lake_chain, step_errors
from memory_pipeline.ingest import conversation_id_of, inbox_file
from memory_pipeline.lake import Lake

pytestmark = pytest.mark.slow  # the session's sample lake runs the whole pipeline on the samples

TABLES_BUILT = ("conversations", "turns", "gate_scores", "memory_entries", "memory_sources", "memory_embeddings")


@pytest.fixture
def built_lake(sample_lake: Lake) -> Lake:
    """The session's lake with the samples ingested and run; the tests of this module only read it."""
    return sample_lake


def _tiny_conversation(conversation_id: str) -> dict:
    return {
        "conversation_id": conversation_id,
        "speakers": [{"name": "Ana", "role": "user"}, {"name": "Bo", "role": "user"}],
        "sessions": [
            {
                "session_id": "S1",
                "start_time": "2024-01-05T10:00:00",
                "turns": [{"id": "1", "speaker": "Ana", "text": "I adopted a cat last week."}],
            }
        ],
    }


def _snapshot(lake: Lake) -> dict[str, bytes]:
    return {
        str(path.relative_to(lake.root)): path.read_bytes() for path in sorted(lake.tables_dir.rglob("*.parquet"))
    }


def test_contiguous_chunks_respect_order_and_size():
    ordered = ["a", "b", "c", "d", "e", "f"]
    assert contiguous_chunks(ordered, {"a", "b", "c", "e", "f"}, 2) == [["a", "b"], ["c"], ["e", "f"]]
    assert contiguous_chunks(ordered, set(), 5) == []


def test_a_check_that_did_not_pass_is_told_by_the_run():
    import dagster as dg

    from memory_pipeline.cli.orchestration import checks_not_passed

    class Result:
        def get_asset_check_evaluations(self):
            return [
                dg.AssetCheckEvaluation(asset_key=dg.AssetKey("memory_entries"), check_name="sources_exist", passed=True),
                dg.AssetCheckEvaluation(
                    asset_key=dg.AssetKey("memory_entries"), check_name="empty_output_rate", passed=False,
                    severity=dg.AssetCheckSeverity.WARN, description="at most 0.5% of admitted turns without a memory",
                    metadata={"empty_output_rate": 0.0111, "empty_outputs": 1},
                ),
            ]

    assert checks_not_passed(Result()) == [
        "check memory_entries:empty_output_rate did not pass (WARN): at most 0.5% of admitted turns without a memory "
        "[empty_output_rate 0.0111, empty_outputs 1]"
    ]


def test_a_failed_step_is_reported_by_what_it_raised():
    """Dagster wraps a step's exception in its own error; the CLI prints the innermost cause."""
    import dagster as dg

    @dg.op
    def extraction():
        raise ValueError("year -976 is out of range")

    @dg.job
    def failing():
        extraction()

    result = failing.execute_in_process(raise_on_error=False)
    assert step_errors(result) == [("extraction", "ValueError: year -976 is out of range")]


def test_run_builds_every_table_for_every_sample(built_lake: Lake):
    conversations = built_lake.partitions("conversations")
    assert len(conversations) >= 3
    for table in TABLES_BUILT:
        assert built_lake.partitions(table) == conversations, table


def test_second_run_is_a_no_op(built_lake: Lake):
    """Nothing new: no Dagster run is launched and no file changes."""
    instance = dagster_instance(built_lake)
    runs_before = len(instance.get_run_records())
    before = _snapshot(built_lake)
    assert main(["--lake", str(built_lake.root), "run", "--all"]) == EXIT_OK
    assert len(instance.get_run_records()) == runs_before
    assert _snapshot(built_lake) == before


def test_sql_formats(built_lake: Lake, capsys):
    query = "SELECT conversation_id, count(*) AS n FROM turns GROUP BY 1 ORDER BY 1"
    assert main(["--lake", str(built_lake.root), "sql", query, "--format", "json"]) == EXIT_OK
    rows = json.loads(capsys.readouterr().out)
    assert [row["conversation_id"] for row in rows] == built_lake.partitions("turns")
    assert main(["--lake", str(built_lake.root), "sql", query, "--format", "csv"]) == EXIT_OK
    assert capsys.readouterr().out.splitlines()[0] == "conversation_id,n"


ROOT = Path(__file__).resolve().parents[1]
DOCUMENTS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]


def documented_queries() -> list[str]:
    """Every statement of the ```sql blocks of the README and docs/, but those that read a file of their own
    (the `sql` command refuses file access; docs/EVALUATION.md's block is run by tests/test_evaluation.py)."""
    blocks = [b for doc in DOCUMENTS for b in re.findall(r"```sql\n(.*?)```", doc.read_text(encoding="utf-8"), flags=re.S)]
    statements = [s.strip() for block in blocks for s in block.split(";")]
    return [
        s for s in statements
        if s and not all(line.startswith("--") for line in s.splitlines()) and "read_csv(" not in s
    ]


def test_every_documented_sql_example_runs_on_the_samples(built_lake: Lake, capsys):
    queries = documented_queries()
    assert len(queries) >= 8  # the README alone has eight
    for query in queries:
        assert main(["--lake", str(built_lake.root), "sql", query, "--format", "json"]) == EXIT_OK, query
        capsys.readouterr()
    entry_words = "SELECT memory_id, t.text FROM (SELECT memory_id, unnest(parse.tokens) AS t FROM memory_entries)"
    assert main(["--lake", str(built_lake.root), "sql", entry_words, "--format", "json"]) == EXIT_OK
    assert json.loads(capsys.readouterr().out)  # the samples' entries carry their parse


def test_sql_is_read_only(built_lake: Lake, capsys):
    assert main(["--lake", str(built_lake.root), "sql", "DROP VIEW turns"]) != EXIT_OK
    assert "read-only" in capsys.readouterr().err


def test_every_memory_traces_to_its_source_turns_in_sql(built_lake: Lake, capsys):
    query = """
        SELECT count(*) AS orphans FROM memories m
        WHERE NOT EXISTS (SELECT 1 FROM memory_lineage l WHERE l.memory_id = m.memory_id)
    """
    assert main(["--lake", str(built_lake.root), "sql", query, "--format", "json"]) == EXIT_OK
    assert json.loads(capsys.readouterr().out) == [{"orphans": 0}]


def test_status_counts_what_is_materialised_and_what_is_stale(built_lake: Lake, tmp_path: Path, capsys):
    chain = lake_chain(built_lake)
    conversations = built_lake.partitions("turns")
    assert main(["--lake", str(built_lake.root), "status"]) == EXIT_OK
    out = capsys.readouterr().out
    assert f"partitions: {len(conversations)} registered, {len(conversations)} up to date, 0 to run" in out
    for conversation_id in conversations:
        assert re.search(rf"{re.escape(conversation_id)}\s+{len(chain.assets)}/{len(chain.assets)} assets\s+up to date", out)

    newcomer = tmp_path / "newcomer.json"
    newcomer.write_text(json.dumps(_tiny_conversation("newcomer")))
    lake_copy = tmp_path / "lake"
    shutil.copytree(built_lake.root, lake_copy)
    assert main(["--lake", str(lake_copy), "ingest", str(newcomer)]) == EXIT_OK
    capsys.readouterr()
    assert main(["--lake", str(lake_copy), "status"]) == EXIT_OK
    out = capsys.readouterr().out
    assert f"{len(conversations) + 1} registered, {len(conversations)} up to date, 1 to run" in out
    assert re.search(rf"newcomer\s+0/{len(chain.assets)} assets\s+stale", out)


def test_search_and_lineage(built_lake: Lake, capsys):
    assert main(["--lake", str(built_lake.root), "search", "Where does she live now?", "-k", "3"]) == EXIT_OK
    assert capsys.readouterr().out.strip()
    memory_id = built_lake.read_table("memory_entries")["memory_id"][0]
    assert main(["--lake", str(built_lake.root), "lineage", memory_id]) == EXIT_OK
    assert memory_id in capsys.readouterr().out
    # search prints units' ids too, so lineage takes them: the unit and every turn of its evidence span
    unit = built_lake.read_table("fta_units").row(0, named=True)
    assert main(["--lake", str(built_lake.root), "lineage", unit["memory_id"]]) == EXIT_OK
    printed = capsys.readouterr().out
    assert unit["memory_id"] in printed and unit["text"][:40] in printed
    for turn_id in built_lake.read_table("unit_sources").filter(pl.col("memory_id") == unit["memory_id"])["turn_id"]:
        assert turn_id in printed


def test_a_query_of_an_unknown_conversation_fails_and_names_the_close_one(built_lake: Lake, capsys):
    from memory_pipeline.cli import EXIT_FAILED

    known = built_lake.partitions("memory_entries")[0]
    for command in (["search", "where?", "--conversation", known.upper()], ["context", "where?", "--conversation", known.upper()]):
        assert main(["--lake", str(built_lake.root), *command]) == EXIT_FAILED  # search printed "no memories found", 0
        assert f"did you mean {known!r}" in capsys.readouterr().err
    assert main(["--lake", str(built_lake.root), "search", "where?", "--conversation", "zzz-nothing"]) == EXIT_FAILED
    assert "ingest it first" in capsys.readouterr().err


def test_running_an_empty_lake_says_what_to_do_first(tmp_path: Path, capsys):
    Lake(tmp_path / "lake").ensure_layout()
    assert main(["--lake", str(tmp_path / "lake"), "run", "--all"]) == EXIT_OK
    assert "ingest" in capsys.readouterr().out


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["run", "--all", "--llm-backend", "openai"], "needs a model (--llm-model"),
        (["llm", "check", "--llm-backend", "openai"], "needs a model (--llm-model"),
        (["run", "--all", "--config", "missing.toml"], "no such config file"),
        (["run", "--all", "--config", "not-toml.toml"], "is not valid TOML"),
        (["run", "--all", "--config", "wrong.toml"], "backend: Input should be"),
    ],
)
def test_wrong_llm_settings_are_told_before_anything_runs(tmp_path: Path, capsys, monkeypatch, args, said):
    # they had failed every partition in turn (the reason left in Dagster's event log), or raised a traceback,
    # or, with nothing stale, gone unnoticed
    monkeypatch.chdir(tmp_path)
    (tmp_path / "not-toml.toml").write_text("[llm\nbackend = ")
    (tmp_path / "wrong.toml").write_text('[llm]\nbackend = "nonsense"\n')
    Lake(tmp_path / "lake").ensure_layout()
    assert main(["--lake", str(tmp_path / "lake"), *args]) == EXIT_USAGE
    err = capsys.readouterr().err
    assert said in err and "Traceback" not in err


@pytest.mark.parametrize(
    "args",
    [["status"], ["run", "--all"], ["sql", "SELECT 1"], ["search", "where does Ana live"], ["lineage", "m1"],
     ["context", "where does Ana live", "--conversation", "tiny"], ["forget", "tiny", "--no-rerun"]],
)
def test_a_command_on_a_lake_that_is_not_there_says_so_and_creates_nothing(tmp_path: Path, capsys, args):
    # a mistyped --lake had left a new, empty lake behind and answered from it
    missing = tmp_path / "data_lak"
    assert main(["--lake", str(missing), *args]) == EXIT_USAGE
    err = capsys.readouterr().err
    assert f"no lake at {missing}" in err and "ingest" in err
    assert not missing.exists()


def test_ingest_quarantines_bad_file_and_keeps_the_rest(tmp_path: Path, capsys):
    good = _tiny_conversation("tiny")
    (tmp_path / "good.json").write_text(json.dumps(good))
    (tmp_path / "bad.json").write_text("{ not json")
    lake_dir = tmp_path / "lake"
    status = main(["--lake", str(lake_dir), "ingest", str(tmp_path / "good.json"), str(tmp_path / "bad.json")])
    assert status == EXIT_QUARANTINED
    lake = Lake(lake_dir)
    assert inbox_file(lake, "tiny").exists()
    reasons = list(lake.quarantine_dir.glob("*.reason.json"))
    assert len(reasons) == 1 and "bad.json" in reasons[0].name


def test_ingest_refuses_a_missing_path_and_writes_nothing(tmp_path: Path, capsys):
    """A mistyped path is a usage error: no conversation of the call is ingested and nothing is quarantined."""
    (tmp_path / "good.json").write_text(json.dumps(_tiny_conversation("tiny")))
    lake_dir = tmp_path / "lake"
    status = main(["--lake", str(lake_dir), "ingest", str(tmp_path / "good.json"), str(tmp_path / "typo.json")])
    assert status == EXIT_USAGE
    assert "no such file or folder" in capsys.readouterr().err
    lake = Lake(lake_dir)
    assert not inbox_file(lake, "tiny").exists()
    assert not lake.quarantine_dir.exists() or not any(lake.quarantine_dir.iterdir())


@pytest.mark.parametrize(
    "args",
    [
        ["search", "", "-k", "3"],  # an empty question
        ["search", "where does Ana live", "-k", "0"],
        ["context", "where does Ana live", "--conversation", "tiny", "--budget-words", "-5"],
        ["sql", "  "],  # an empty query
    ],
)
def test_empty_questions_and_counts_below_one_are_usage_errors(tmp_path: Path, capsys, args):
    with pytest.raises(SystemExit) as exited:
        main(["--lake", str(tmp_path / "lake"), *args])
    assert exited.value.code == EXIT_USAGE
    assert "error: argument" in capsys.readouterr().err


def test_as_of_with_a_zone_is_read_on_the_wall_clock():
    from datetime import datetime

    from memory_pipeline.cli.query import moment

    # compared with the lake's wall-clock times, a zone had ended search and context in a traceback
    assert moment("2024-03-02T00:00:00+09:00") == datetime(2024, 3, 2)
    assert moment("2024-03-01T12:00:00Z") == datetime(2024, 3, 1, 12)


def test_sql_json_keeps_text_as_written(tmp_path: Path, capsys):
    Lake(tmp_path / "lake").ensure_layout()
    assert main(["--lake", str(tmp_path / "lake"), "sql", "SELECT 'José 李娜' AS name", "--format", "json"]) == EXIT_OK
    assert "José 李娜" in capsys.readouterr().out


def test_forced_rerun_yields_identical_files_and_ids(tmp_path: Path):
    lake_dir = tmp_path / "lake"
    assert main(["--lake", str(lake_dir), "ingest", "--samples"]) == EXIT_OK
    first_id = conversation_id_of(sorted(Lake(lake_dir).inbox_files())[0])
    assert main(["--lake", str(lake_dir), "run", "--conversation", first_id]) == EXIT_OK
    before = _snapshot(Lake(lake_dir))
    assert main(["--lake", str(lake_dir), "run", "--conversation", first_id, "--force"]) == EXIT_OK
    assert _snapshot(Lake(lake_dir)) == before


def test_a_dotted_conversation_id_is_one_partition(tmp_path: Path, capsys):
    """``team.alpha`` once registered a second partition ``team`` (its file name cut at the first dot)."""
    from assets.partitions import conversation_partitions

    conversation = {
        "conversation_id": "team.alpha",
        "speakers": [{"name": "Ana", "role": "user"}, {"name": "Bo", "role": "assistant"}],
        "sessions": [
            {
                "session_id": "S1",
                "start_time": "2024-01-05T10:00:00",
                "turns": [
                    {"speaker": "Ana", "text": "I moved to Lisbon last month for a new job."},
                    {"speaker": "Bo", "text": "How do you like it?"},
                ],
            }
        ],
    }
    (tmp_path / "team.json").write_text(json.dumps(conversation))
    lake_dir = tmp_path / "lake"

    def registered() -> list[str]:
        return list(dagster_instance(Lake(lake_dir)).get_dynamic_partitions(conversation_partitions.name))

    assert main(["--lake", str(lake_dir), "ingest", str(tmp_path / "team.json")]) == EXIT_OK
    assert registered() == ["team.alpha"]
    assert main(["--lake", str(lake_dir), "run", "--all"]) == EXIT_OK
    assert registered() == ["team.alpha"]
    for table in TABLES_BUILT:
        assert Lake(lake_dir).partitions(table) == ["team.alpha"], table
    capsys.readouterr()
    query = "SELECT DISTINCT conversation_id FROM turns"
    assert main(["--lake", str(lake_dir), "sql", query, "--format", "json"]) == EXIT_OK
    assert json.loads(capsys.readouterr().out) == [{"conversation_id": "team.alpha"}]
    assert main(["--lake", str(lake_dir), "status"]) == EXIT_OK
    assert re.search(r"team\.alpha\s+(\d+)/\1 assets\s+up to date", capsys.readouterr().out)
    assert main(["--lake", str(lake_dir), "search", "Where did Ana move?", "--conversation", "team.alpha"]) == EXIT_OK
    assert "Lisbon" in capsys.readouterr().out
