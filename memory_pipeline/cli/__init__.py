"""``memory-pipeline``: the command line, and the one part of the package that drives Dagster.

Every command takes ``--lake DIR`` (else ``$MEMORY_PIPELINE_LAKE``, else ``./data_lake``). ``run`` goes through
Dagster with a persistent Dagster home inside the lake (``<lake>/.dagster``), so runs, partitions and lineage
show up in the UI started with ``DAGSTER_HOME=<lake>/.dagster dagster dev -w workspace.yaml``.

Layout: :mod:`.app` builds the parser and dispatches; one module per command group (:mod:`.ingest`,
:mod:`.run`, :mod:`.query`, :mod:`.gate`, :mod:`.evaluate`); :mod:`.orchestration` is the Dagster plumbing
they share (the lake's instance, the per-conversation chain read from the asset graph, staleness,
:func:`~memory_pipeline.cli.orchestration.run_partitions`); :mod:`.render` prints frames and progress.
"""

from memory_pipeline.cli.app import build_parser, main
from memory_pipeline.cli.common import EXIT_FAILED, EXIT_OK, EXIT_QUARANTINED, EXIT_USAGE

__all__ = ["EXIT_FAILED", "EXIT_OK", "EXIT_QUARANTINED", "EXIT_USAGE", "build_parser", "main"]
