"""conversations + turns: the validated inbox file of each conversation, as two lake tables."""

import dagster as dg
import polars as pl

from assets.partitions import PER_CONVERSATION_STEP, check_result, combine_metadata, conversation_spec, timed
from memory_pipeline.ingest import inbox_file, inbox_frames
from memory_pipeline.lake import sha256_file
from memory_pipeline.quality import TURN_CHECKS
from resources import LakeResource


@dg.multi_asset(
    specs=[
        conversation_spec("conversations"),
        conversation_spec("turns"),
    ],
    check_specs=[
        dg.AssetCheckSpec(check.__name__, asset="turns", description=(check.__doc__ or "").strip() or None)
        for check in TURN_CHECKS
    ],
    group_name="ingestion",
    can_subset=False,
    **PER_CONVERSATION_STEP,
)
def ingestion(context: dg.AssetExecutionContext, lake: LakeResource):
    store = lake.lake
    conversation_frames_written: dict[str, pl.DataFrame] = {}
    turn_frames_written: dict[str, pl.DataFrame] = {}
    per_partition: dict[str, dict] = {}
    with timed() as clock:
        for conversation_id in context.partition_keys:
            path = inbox_file(store, conversation_id)
            if not path.is_file():
                raise dg.Failure(f"no inbox file for conversation {conversation_id!r} in {store.inbox}")
            conversations, turns = inbox_frames(path)
            conversations = conversations.with_columns(inbox_sha256=pl.lit(sha256_file(path)))
            store.write_partition("conversations", conversation_id, conversations)
            store.write_partition("turns", conversation_id, turns)
            conversation_frames_written[conversation_id] = conversations
            turn_frames_written[conversation_id] = turns
            per_partition[conversation_id] = {"turns": turns.height, "sessions": int(conversations["n_sessions"][0])}
            context.log.info(f"{conversation_id}: {turns.height} turns")
    lake.refresh_views()
    yield dg.MaterializeResult(
        asset_key="conversations",
        metadata=combine_metadata(
            context, "conversations", per_partition, conversation_frames_written, clock["seconds"]
        ),
    )
    all_turns = pl.concat(list(turn_frames_written.values()))
    yield dg.MaterializeResult(
        asset_key="turns",
        metadata=combine_metadata(context, "turns", per_partition, turn_frames_written, clock["seconds"]),
        check_results=[check_result(check(all_turns), asset_key="turns") for check in TURN_CHECKS],
    )
