"""How every benchmark prints its figures: an aligned key/value table, plus an optional JSON file."""

from __future__ import annotations

import json
from pathlib import Path


def print_numbers(numbers: dict, decimals: int = 3, json_path: Path | None = None) -> None:
    width = max(len(key) for key in numbers)
    for key, value in numbers.items():
        shown = f"{value:10.{decimals}f}" if isinstance(value, float) else f"{value:>10}"
        print(f"{key:<{width}}  {shown}")
    if json_path is not None:
        json_path.write_text(json.dumps(numbers, indent=2))
