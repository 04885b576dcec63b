"""What the results database already holds for the current sources of some variants, without running
anything: the summary lines `cryptohls bench --json` would print (bench.flow.describe). The seed tables
(cryptohls.experiments) read their area and Fmax so when told not to run place-and-route."""

from __future__ import annotations

from cryptohls.bench.db import ResultsDB, default_db_path
from cryptohls.bench.flow import describe
from cryptohls.bench.sources import source_hash
from cryptohls.designs import find_variant


def recorded_lines(names: list[str], target: str) -> dict[str, dict]:
    """variant full name -> its summary line on ``target``, for the variants with rows of their current
    source hash (the others are left out)."""
    with ResultsDB(default_db_path()) as db:
        rows = [row for name in dict.fromkeys(names) for row in db.rows_of(name, source_hash(find_variant(name)), target)]
    return {line["variant"]: line for line in describe(rows)}
