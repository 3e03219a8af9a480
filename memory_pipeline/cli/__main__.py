"""``python -m memory_pipeline.cli``: the same as the ``memory-pipeline`` script."""

from memory_pipeline.cli.app import script

script()
