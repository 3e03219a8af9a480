"""The Dagster plumbing the commands share: the lake's instance, the chain, staleness, and running partitions.

The per-conversation chain is read from the code location's asset graph (every asset partitioned by
``conversations``, with its partitioned parents), so a new stage is picked up by ``run``, ``status`` and the
staleness rule as soon as its asset exists; nothing here lists assets by name.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cache

from memory_pipeline.lake import Lake

# Documented Dagster run tags (what the UI's backfill sets for a single-run range); Dagster exports no public
# constant for them, and ``execute_in_process`` takes only a single ``partition_key``.
PARTITION_RANGE_START_TAG = "dagster/asset_partition_range_start"
PARTITION_RANGE_END_TAG = "dagster/asset_partition_range_end"
# Marks the runs `run_partitions` starts, with the lake they write: under the lake's run lock, an unfinished run so
# tagged can only be one whose process was killed.
LAKE_TAG = "memory_pipeline/lake"


def dagster_instance(lake: Lake):
    """The lake's own persistent Dagster instance, configured by ``<lake>/.dagster/dagster.yaml`` (written on
    first use). Where that file names no storage of its own (Postgres: docs/OPERATIONS.md), it is Dagster's
    default SQLite storage in that folder, with the event log written through kept connections
    (:mod:`memory_pipeline.cli.event_log`: same files, same schema, so the UI opens it as any Dagster home)."""
    import dagster as dg
    import yaml
    from dagster._core.instance.ref import InstanceRef

    from memory_pipeline.cli.event_log import event_log_override

    home = lake.dagster_home
    home.mkdir(parents=True, exist_ok=True)
    settings = home / "dagster.yaml"
    if not settings.exists():
        settings.write_text("telemetry:\n  enabled: false\n")
    configured = yaml.safe_load(settings.read_text()) or {}
    if any(key in configured for key in STORAGE_KEYS):
        return dg.DagsterInstance.from_config(str(home))
    return dg.DagsterInstance.from_ref(InstanceRef.from_dir(str(home), overrides=event_log_override(str(home))))


# The dagster.yaml keys that choose an instance's storage; with any of them the file's choice stands.
STORAGE_KEYS = ("storage", "run_storage", "event_log_storage", "schedule_storage")


@dataclass(frozen=True)
class Chain:
    """The per-conversation assets in materialisation order, each with its per-conversation parents, and the
    step (op) that writes it: siblings of a multi-asset step share one step and its timings."""

    parents: dict[str, tuple[str, ...]]
    steps: dict[str, str] = field(default_factory=dict)

    @property
    def assets(self) -> list[str]:
        return list(self.parents)

    def step_assets(self) -> dict[str, str]:
        """``{step name: one asset it writes}``: a multi-asset step's outputs all carry that step's time."""
        first: dict[str, str] = {}
        for asset, step in self.steps.items():
            first.setdefault(step, asset)
        return first


@cache
def definitions(lake_dir: str = ""):
    """The code location bound to one lake (built once per process: loading it imports the stages)."""
    from assets.definitions import build_definitions

    return build_definitions(lake_dir=lake_dir)


def chain_of(defs) -> Chain:
    """Read the chain from ``defs``: assets partitioned by ``conversations``, topologically ordered."""
    from assets.partitions import conversation_partitions

    graph = defs.resolve_asset_graph()
    keys = {
        key for key in graph.get_all_asset_keys()
        if graph.get(key).is_materializable and graph.get(key).partitions_def == conversation_partitions
    }
    parents = {
        key.to_user_string(): tuple(sorted(p.to_user_string() for p in graph.get(key).parent_keys if p in keys))
        for key in keys
    }
    steps = {
        key.to_user_string(): graph.get(key).assets_def.node_def.name for key in keys
    }
    ordered = _topological(parents)
    return Chain(parents={name: parents[name] for name in ordered}, steps={name: steps[name] for name in ordered})


def _topological(parents: dict[str, tuple[str, ...]]) -> list[str]:
    """Parents before children; ties by name, so the order is stable from run to run."""
    done: list[str] = []
    remaining = dict(parents)
    while remaining:
        ready = sorted(name for name, ups in remaining.items() if all(up in done for up in ups))
        if not ready:
            raise ValueError(f"cycle among per-conversation assets: {sorted(remaining)}")
        done.extend(ready)
        for name in ready:
            del remaining[name]
    return done


def register_partitions(instance, conversation_ids: Sequence[str]) -> list[str]:
    """Add the ids not yet registered as ``conversations`` partitions; return those that were new."""
    from assets.partitions import conversation_partitions

    known = set(instance.get_dynamic_partitions(conversation_partitions.name))
    new = [cid for cid in conversation_ids if cid not in known]
    if new:
        instance.add_dynamic_partitions(conversation_partitions.name, new)
    return new


def registered_partitions(instance) -> list[str]:
    from assets.partitions import conversation_partitions

    return list(instance.get_dynamic_partitions(conversation_partitions.name))


def stale_partitions(instance, lake: Lake, chain: Chain, candidates: Sequence[str]) -> list[str]:
    """Partitions whose inbox content changed, or with an asset missing or older than one of its parents."""
    import dagster as dg

    from memory_pipeline.ingest import inbox_fingerprints

    fingerprints = inbox_fingerprints(lake)
    latest = {
        asset: instance.get_latest_storage_id_by_partition(
            dg.AssetKey.from_user_string(asset), dg.DagsterEventType.ASSET_MATERIALIZATION
        )
        for asset in chain.assets
    }
    recorded = _recorded_inbox_hashes(lake, candidates)
    stale = []
    for cid in candidates:
        missing = any(cid not in latest[asset] or not lake.has_partition(asset, cid) for asset in chain.assets)
        outdated = not missing and any(
            latest[asset][cid] < latest[parent][cid] for asset, ups in chain.parents.items() for parent in ups
        )
        if missing or outdated or recorded.get(cid) != fingerprints.get(cid):
            stale.append(cid)
    return stale


def _recorded_inbox_hashes(lake: Lake, candidates: Sequence[str]) -> dict[str, str]:
    frame = lake.read_table("conversations", list(candidates))
    if frame.is_empty() or "inbox_sha256" not in frame.columns:
        return {}
    return dict(zip(frame["conversation_id"].to_list(), frame["inbox_sha256"].to_list(), strict=True))


def contiguous_chunks(ordered: Sequence[str], chosen: set[str], max_size: int) -> list[list[str]]:
    """Runs of consecutive chosen keys (a Dagster partition range is contiguous), at most max_size each."""
    chunks: list[list[str]] = []
    current: list[str] = []
    for key in ordered:
        if key in chosen and len(current) < max_size:
            current.append(key)
            continue
        if current:
            chunks.append(current)
        current = [key] if key in chosen else []
    if current:
        chunks.append(current)
    return chunks


def execute_chunk(
    defs, instance, lake: Lake, chunk: list[str], progress: logging.Logger, llm: dict | None = None
) -> bool:
    """One Dagster run over a contiguous range of partitions; on failure, retry each alone. ``llm`` holds the
    LLM resource's overrides (backend, model, base_url, config_file; None values are left out)."""
    from memory_pipeline.cli.event_log import event_batches

    job = defs.resolve_job_def("memory_job")
    run_config: dict = {"loggers": {"progress": {}}}
    given = {key: value for key, value in (llm or {}).items() if value is not None}
    if given:
        # Run config replaces the resource's constructed fields, so the lake (where its config file lives) goes too.
        run_config["resources"] = {"llm": {"config": {"lake_dir": str(lake.root), **given}}}
    with event_batches():
        result = job.execute_in_process(
            instance=instance,
            tags={PARTITION_RANGE_START_TAG: chunk[0], PARTITION_RANGE_END_TAG: chunk[-1], LAKE_TAG: str(lake.root)},
            run_config=run_config,
            raise_on_error=False,
        )
    if result.success:
        for line in checks_not_passed(result):
            progress.warning(line)
        return True
    if len(chunk) == 1:
        progress.error(f"FAILED {chunk[0]} (run {result.run_id}); the `dagster` UI has the run's logs")
        for step, error in step_errors(result):
            progress.error(f"  {step}: {error}")
        return False
    progress.warning(f"chunk {chunk[0]}..{chunk[-1]} failed; isolating the failing conversation(s)")
    return all([execute_chunk(defs, instance, lake, [key], progress, llm) for key in chunk])


def checks_not_passed(result) -> list[str]:
    """One line per asset check of the run that did not pass (a warning: the run went on and its tables are
    written), with what the check says, so that `run` tells it and not only the UI ("empty_output_rate ... 1.1%")."""
    lines = []
    for evaluation in result.get_asset_check_evaluations():
        if evaluation.passed:
            continue
        found = ", ".join(f"{key} {getattr(value, 'value', value)}" for key, value in (evaluation.metadata or {}).items())
        severity = getattr(evaluation.severity, "value", evaluation.severity)
        lines.append(
            f"check {evaluation.asset_key.to_user_string()}:{evaluation.check_name} did not pass ({severity})"
            + (f": {evaluation.description}" if evaluation.description else "") + (f" [{found}]" if found else "")
        )
    return lines


def step_errors(result) -> list[tuple[str, str]]:
    """``(step, "ExceptionClass: message")`` of each failed step, from the innermost cause of its error: Dagster
    wraps what the step raised in its own execution error, whose message says only that the step failed."""
    errors = []
    for event in result.get_step_failure_events():
        error = event.step_failure_data.error if event.step_failure_data else None
        while error is not None and error.cause is not None:
            error = error.cause
        if error is not None:
            message = error.message.strip().splitlines()[-1] if error.message.strip() else ""
            errors.append((event.step_key, message if message.startswith(f"{error.cls_name}:") else f"{error.cls_name}: {message}"))
    return errors


def fail_abandoned_runs(instance, lake: Lake) -> list[str]:
    """Mark failed the unfinished runs an earlier ``run`` on this lake started; return their ids.

    Only sound under :meth:`Lake.run_lock`: every such run holds the lock until it ends, so an unfinished one seen
    by the holder lost its process (killed, machine lost) and would otherwise show as started in the UI forever.
    """
    import dagster as dg

    unfinished = [dg.DagsterRunStatus.NOT_STARTED, dg.DagsterRunStatus.STARTING, dg.DagsterRunStatus.STARTED]
    runs = instance.get_runs(filters=dg.RunsFilter(statuses=unfinished, tags={LAKE_TAG: str(lake.root)}))
    for run in runs:
        instance.report_run_failed(run, message="its process ended before the run finished (killed?)")
    return [run.run_id for run in runs]


@dataclass
class RunOutcome:
    """What :func:`run_partitions` did: the conversations it carried through the chain, and whether all passed."""

    ok: bool
    ran: list[str]
    seconds: float = 0.0
    unknown: list[str] = field(default_factory=list)


def run_partitions(
    lake: Lake,
    conversation_ids: Sequence[str] | None,
    *,
    force: bool = False,
    max_per_run: int,
    progress: logging.Logger,
    llm: dict | None = None,
) -> RunOutcome:
    """Carry the stale (or, with ``force``, all) of ``conversation_ids`` (None: every registered conversation)
    through the whole chain, in contiguous chunks of at most ``max_per_run``, then refresh the views.

    Runs on one lake take turns: the whole call holds the lake's run lock (a second caller says once whose run it
    waits for, then finds that run's work done). It first clears what a killed run left behind: orphaned temporary
    files, and its Dagster run still marked as started. Unknown ids are refused before anything runs. Nothing stale
    is a fast no-op: the code location (and with it the models' libraries) is loaded only when there is something
    to run.
    """
    def wait(holder: str) -> None:
        progress.info(f"waiting for the run of {holder} on this lake ({lake.root}) to finish...")

    with lake.run_lock(on_wait=wait):
        return _run_partitions_locked(
            lake, conversation_ids, force=force, max_per_run=max_per_run, progress=progress, llm=llm
        )


def _run_partitions_locked(
    lake: Lake,
    conversation_ids: Sequence[str] | None,
    *,
    force: bool,
    max_per_run: int,
    progress: logging.Logger,
    llm: dict | None,
) -> RunOutcome:
    from memory_pipeline import warehouse
    from memory_pipeline.ingest import inbox_fingerprints

    lake.ensure_layout()
    removed = lake.remove_orphan_temporaries()
    if removed:
        progress.info(f"removed {len(removed)} temporary file(s) left by an interrupted writer")
    with dagster_instance(lake) as instance:  # disposed at the end: its kept event-log connections close
        for run_id in fail_abandoned_runs(instance, lake):
            progress.info(f"marked run {run_id} failed: its process ended before it finished")
        register_partitions(instance, sorted(inbox_fingerprints(lake)))
        ordered = registered_partitions(instance)
        requested = ordered if conversation_ids is None else list(conversation_ids)
        unknown = sorted(set(requested) - set(ordered))
        if unknown:
            return RunOutcome(ok=False, ran=[], unknown=unknown)
        stale = set(requested) if force else set(stale_partitions(instance, lake, lake_chain(lake), requested))
        if not stale:
            return RunOutcome(ok=True, ran=[])
        defs = definitions(str(lake.root))
        chunks = contiguous_chunks(ordered, stale, max_per_run)
        started = time.perf_counter()
        ok = True
        for number, chunk in enumerate(chunks, start=1):
            progress.info(f"run {number}/{len(chunks)}: {len(chunk)} conversation(s) {chunk[0]} .. {chunk[-1]}")
            ok = execute_chunk(defs, instance, lake, chunk, progress, llm) and ok
        warehouse.refresh_views(lake)
        return RunOutcome(ok=ok, ran=[key for key in ordered if key in stale], seconds=time.perf_counter() - started)


def lake_chain(lake: Lake) -> Chain:
    return chain_of(definitions(str(lake.root)))


def stage_seconds(lake: Lake, conversation_ids: list[str]) -> dict[str, float]:
    """Seconds per step spent on these conversations' latest materialisations, from Dagster's event log.

    A chunked run records one materialisation per partition with the chunk's time, so each run counts once.
    """
    import dagster as dg

    seconds: dict[str, float] = {}
    with dagster_instance(lake) as instance:
        records_of = {
            step: instance.fetch_materializations(
                dg.AssetRecordsFilter(asset_key=dg.AssetKey.from_user_string(asset), asset_partitions=conversation_ids),
                limit=10_000,
            ).records
            for step, asset in lake_chain(lake).step_assets().items()
        }
    for step, records in records_of.items():
        latest_per_partition = {}
        for record in records:  # newest first
            latest_per_partition.setdefault(record.partition_key, record)
        per_run = {
            record.run_id: record.asset_materialization.metadata.get("seconds")
            for record in latest_per_partition.values()
        }
        if per_run:
            seconds[step] = round(sum(float(value.value) for value in per_run.values() if value is not None), 3)
    return seconds
