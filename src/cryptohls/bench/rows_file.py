"""Results-database rows as a text file, one JSON object per line (``cryptohls results export`` /
``import``): the figures a page in docs/ is built from, committed beside it, so that the page regenerates
on a machine that did not run the bench (a results DB is one machine's: a new machine starts empty).

A line holds every column of :class:`cryptohls.bench.db.ResultRow` but the DB's own id, keys sorted; lines
are sorted by the row's key, so that a re-export shows in a diff only the rows that changed.
"""

from __future__ import annotations

import json
import os
import tempfile
from dataclasses import fields
from pathlib import Path

from cryptohls.bench.db import ResultRow, ResultsDB, canonical_json
from cryptohls.errors import UserError

_FIELDS = {f.name: f for f in fields(ResultRow)}
# the JSON types a column may hold (None only where the DB column is nullable)
_TYPES = {"int": (int,), "int | None": (int, type(None)), "float | None": (int, float, type(None)),
          "float": (int, float), "str": (str,)}
# columns holding canonical JSON text: checked to parse, so a hand-edited file cannot put garbage in the DB
_JSON_TEXT = ("options", "tool_versions", "other_cells", "pnr_runs")


def sort_key(row: ResultRow) -> tuple:
    return (row.variant, row.target, row.device, row.options, row.source_hash, row.tool_versions, row.seed)


def dump_rows(rows: list[ResultRow], path: Path) -> None:
    """Writes ``rows`` to ``path`` (replaced at once: never half written)."""
    text = "".join(canonical_json({name: getattr(row, name) for name in _FIELDS}) + "\n"
                   for row in sorted(rows, key=sort_key))
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "w") as out:
            out.write(text)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def _row_of(value, path: Path, line: int) -> ResultRow:
    if not isinstance(value, dict):
        raise UserError("a row must be a JSON object", file=path, line=line)
    unknown = sorted(set(value) - set(_FIELDS))
    missing = sorted(set(_FIELDS) - set(value))
    if unknown or missing:
        said = "; ".join(part for part in (f"unknown field(s) {', '.join(unknown)}" if unknown else "",
                                           f"missing field(s) {', '.join(missing)}" if missing else "") if part)
        raise UserError(f"not a results row: {said}", file=path, line=line,
                        hint="the file must be written by `cryptohls results export`")
    for name, item in value.items():
        allowed = _TYPES[str(_FIELDS[name].type)]
        if not isinstance(item, allowed) or (isinstance(item, bool)):
            raise UserError(f"field {name!r} has the wrong type ({type(item).__name__})", file=path, line=line)
        if name in _JSON_TEXT:
            try:
                json.loads(item)
            except json.JSONDecodeError:
                raise UserError(f"field {name!r} is not JSON text", file=path, line=line) from None
    return ResultRow(**value)


def load_rows(path: Path) -> list[ResultRow]:
    """The rows of a file written by :func:`dump_rows`; a malformed line is a UserError at its line."""
    try:
        text = path.read_text()
    except OSError as err:
        raise UserError(f"cannot read the rows file: {err.strerror}", file=path) from None
    rows = []
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        try:
            value = json.loads(line)
        except json.JSONDecodeError as err:
            raise UserError(f"not JSON: {err.msg}", file=path, line=number, col=err.colno) from None
        rows.append(_row_of(value, path, number))
    return rows


def import_rows(db: ResultsDB, rows: list[ResultRow]) -> tuple[int, int, list[ResultRow]]:
    """Adds the rows whose key the DB does not hold -> (added, same as recorded, differing): a row whose key
    is recorded with another measurement is left as the DB has it and returned (the same sources, options
    and tools gave another result: worth a look, not an overwrite)."""
    added, same, differing = 0, 0, []
    for row in rows:
        found = db.lookup(row.key)
        if found is None:
            db.insert(row)
            added += 1
        elif _measurement(found) == _measurement(row):
            same += 1
        else:
            differing.append(row)
    return added, same, differing


def _measurement(row: ResultRow) -> tuple:
    """What a run measured (not when it ran, how long it took, or the critical path a newer bench adds)."""
    return (row.status, row.luts, row.ffs, row.brams, row.dsps, row.other_cells, row.fmax_mhz,
            row.latency, row.interval)
