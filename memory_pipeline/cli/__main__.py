"""``python -m memory_pipeline.cli``: the same as the ``memory-pipeline`` script."""

import sys

from memory_pipeline.cli.app import main

sys.exit(main())
