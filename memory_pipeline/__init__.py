"""memory-pipeline: conversation logs in, a queryable long-term memory store out.

The engine (everything in this package except :mod:`memory_pipeline.cli`) is plain Python over Arrow/Polars
frames and never imports Dagster; the Dagster layer in ``assets/`` and ``resources/`` only calls into it.
"""

__version__ = "0.1.0"
