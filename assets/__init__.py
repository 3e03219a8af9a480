"""Dagster assets, checks, sensors and schedules: a table of contents of the pipeline.

Each asset is a thin call into the engine (``memory_pipeline``) for every conversation partition of its run.
"""
