"""What the results database already holds for the current sources of some variants, without running
anything: the summary lines `cryptohls bench --json` would print (bench.flow.describe). The seed tables
(cryptohls.experiments) read their area and Fmax so when told not to run place-and-route."""

from __future__ import annotations

from cryptohls.bench.db import default_db_path, read_rows
from cryptohls.bench.flow import describe
from cryptohls.bench.sources import source_hash
from cryptohls.designs import find_variant


def recorded_lines(names: list[str], target: str) -> dict[str, dict]:
    """variant full name -> its summary line on ``target``, for the variants with rows of their current
    source hash (the others are left out)."""
    db_path = default_db_path()
    current = {name: source_hash(find_variant(name), target) for name in names}
    rows = [row for row in (read_rows(db_path) if db_path.is_file() else [])      # read only: never written here
            if row.target == target and current.get(row.variant) == row.source_hash]
    return {line["variant"]: line for line in describe(rows)}
