"""The critical path of a bench row (issue 37, item 4: where an HLS core loses or wins Fmax against the
RTL), for the seed-002 page.

The row's own record first: the bench keeps each place-and-route run's path in ``pnr_runs``
(bench/critical_path.py), so a row imported from another machine (``cryptohls results import``) has it.
Rows recorded before that fall back to the nextpnr report in the bench's work folder of the row's
configuration (:func:`cryptohls.bench.flow.work_dir_of`), the seed, and the run whose achieved Fmax is the
row's. A row with neither has no path, said so on the page.
"""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

from cryptohls.bench.critical_path import CriticalPath, critical_path
from cryptohls.bench.db import ResultRow, canonical_json
from cryptohls.bench.flow import work_dir_of


def best_run(row: ResultRow) -> dict | None:
    """The place-and-route run of ``row`` that reached its Fmax, or None (not placed, or not recorded)."""
    if row.fmax_mhz is None:
        return None
    runs = [r for r in json.loads(row.pnr_runs or "[]") if r.get("achieved_mhz") == row.fmax_mhz]
    return runs[0] if runs else None


def report_file(row: ResultRow, work_root: Path) -> Path | None:
    """The nextpnr report of the row's run that reached its Fmax, or None (no such run recorded)."""
    run = best_run(row)
    if run is None:
        return None
    folder = work_dir_of(work_root, row.variant, row.target, row.device, row.source_hash, row.options,
                         row.tool_versions)
    return folder / f"seed{row.seed}" / f"report_s{row.seed}_f{run['target_mhz']:g}.json"


def recorded_path(row: ResultRow) -> CriticalPath | None:
    """The path the bench recorded in the row's best run, or None (a row from before it did)."""
    run = best_run(row)
    return None if run is None else CriticalPath.from_json(run.get("critical_path"))


def path_in_work_folder(row: ResultRow, work_root: Path) -> CriticalPath | str:
    """The path read from the row's nextpnr report in the work folder, or why none."""
    path = report_file(row, work_root)
    if path is None or not path.is_file():
        return "no nextpnr report in the work folder"
    try:
        found = critical_path(json.loads(path.read_text()))
    except (json.JSONDecodeError, KeyError, TypeError, IndexError):
        return "unreadable nextpnr report"
    return found if found is not None else "no register-to-register path in the report"


def path_of(rows: list[ResultRow], work_root: Path) -> CriticalPath | str:
    """The critical path of the best-Fmax row among `rows` (one configuration's seeds), or why none."""
    placed = [r for r in rows if r.fmax_mhz is not None]
    if not placed:
        return "not placed and routed"
    best = max(placed, key=lambda r: r.fmax_mhz)
    return recorded_path(best) or path_in_work_folder(best, work_root)


def with_recorded_path(row: ResultRow, work_root: Path) -> ResultRow:
    """``row`` with the critical path of its best run recorded in ``pnr_runs`` (read from the work folder
    for a row benched before the bench recorded it; the row itself when there is nothing to add), so that
    an exported row carries what the page shows of it."""
    run = best_run(row)
    if run is None or recorded_path(row) is not None:
        return row
    found = path_in_work_folder(row, work_root)
    if not isinstance(found, CriticalPath):
        return row
    runs = json.loads(row.pnr_runs)
    for each in runs:
        if each == run:
            each["critical_path"] = found.to_json()
            break
    return replace(row, pnr_runs=canonical_json(runs))
