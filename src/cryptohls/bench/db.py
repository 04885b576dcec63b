"""The results database: SQLite at ``$CRYPTOHLS_RESULTS_DIR/results.sqlite`` (default ``./results``).

One row per (variant, source hash, target, device, seed, options, tool versions); a row is
committed as soon as its job finishes, so an interrupted run loses nothing it finished.
"""

from __future__ import annotations

import json
import os
import sqlite3
import threading
from dataclasses import dataclass, field, fields
from datetime import datetime, timezone
from pathlib import Path

from cryptohls.errors import UserError

SCHEMA_VERSION = 1

_SCHEMA = """
CREATE TABLE IF NOT EXISTS results (
    id              INTEGER PRIMARY KEY,
    variant         TEXT NOT NULL,
    design          TEXT NOT NULL,
    kind            TEXT NOT NULL,
    block_bits      INTEGER NOT NULL,
    source_hash     TEXT NOT NULL,
    target          TEXT NOT NULL,
    device          TEXT NOT NULL,
    seed            INTEGER NOT NULL,
    options         TEXT NOT NULL,
    tool_versions   TEXT NOT NULL,
    status          TEXT NOT NULL,
    area_unit       TEXT NOT NULL,
    luts            INTEGER,
    ffs             INTEGER,
    brams           INTEGER,
    dsps            INTEGER,
    other_cells     TEXT NOT NULL,
    fmax_mhz        REAL,
    fmax_target_mhz REAL,
    pnr_runs        TEXT NOT NULL,
    latency         INTEGER,
    interval        INTEGER,
    throughput_mbps REAL,
    tp_per_lut      REAL,
    run_time_s      REAL NOT NULL,
    created_at      TEXT NOT NULL,
    UNIQUE (variant, source_hash, target, device, seed, options, tool_versions)
);
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
"""

STATUS_OK = "ok"
STATUS_DOES_NOT_FIT = "does_not_fit"


def results_dir() -> Path:
    return Path(os.environ.get("CRYPTOHLS_RESULTS_DIR", "results"))


def default_db_path() -> Path:
    return results_dir() / "results.sqlite"


@dataclass(frozen=True)
class RowKey:
    variant: str
    source_hash: str
    target: str
    device: str
    seed: int
    options: str          # canonical JSON
    tool_versions: str    # canonical JSON


@dataclass
class ResultRow:
    variant: str
    design: str
    kind: str
    block_bits: int
    source_hash: str
    target: str
    device: str
    seed: int
    options: str
    tool_versions: str
    status: str
    area_unit: str
    luts: int | None = None
    ffs: int | None = None
    brams: int | None = None
    dsps: int | None = None
    other_cells: str = "{}"
    fmax_mhz: float | None = None
    fmax_target_mhz: float | None = None
    pnr_runs: str = "[]"
    latency: int | None = None
    interval: int | None = None
    throughput_mbps: float | None = None
    tp_per_lut: float | None = None
    run_time_s: float = 0.0
    created_at: str = field(default_factory=lambda: datetime.now(timezone.utc)
                            .isoformat(timespec="seconds"))

    @property
    def key(self) -> RowKey:
        return RowKey(self.variant, self.source_hash, self.target, self.device, self.seed,
                      self.options, self.tool_versions)


def canonical_json(value) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"))


def throughput_mbps(block_bits: int, fmax_mhz: float | None, interval: int | None) -> float | None:
    """block_bits × Fmax / interval (DESIGN.md §2), in Mbit/s."""
    if fmax_mhz is None or not interval:
        return None
    return block_bits * fmax_mhz / interval


def tp_per_lut(throughput: float | None, luts: int | None) -> float | None:
    if throughput is None or not luts:
        return None
    return throughput / luts


_COLUMNS = [f.name for f in fields(ResultRow)]


class ResultsDB:
    """Thread-safe enough for the flow: writes come from one thread, each commits at once."""

    def __init__(self, path: Path):
        self.path = path
        path.parent.mkdir(parents=True, exist_ok=True)
        self._lock = threading.Lock()
        self._conn = sqlite3.connect(str(path), check_same_thread=False)
        self._conn.row_factory = sqlite3.Row
        self._conn.executescript(_SCHEMA)
        self._conn.execute("INSERT OR IGNORE INTO meta VALUES ('schema_version', ?)",
                           (str(SCHEMA_VERSION),))
        self._conn.commit()

    def close(self) -> None:
        self._conn.close()

    def __enter__(self) -> "ResultsDB":
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def lookup(self, key: RowKey) -> ResultRow | None:
        with self._lock:
            found = self._conn.execute(f"SELECT * FROM results WHERE {_key_match('=')}", _key_params(key)).fetchone()
        return _row_from_sql(found) if found else None

    def recorded_for_other_sources(self, key: RowKey) -> bool:
        """Whether a row differs from ``key`` only in its source hash: the run was made for an earlier
        (or later) version of the variant's sources, or for an HLS variant, of the compiler."""
        with self._lock:
            return self._conn.execute(f"SELECT 1 FROM results WHERE {_key_match('<>')} LIMIT 1",
                                      _key_params(key)).fetchone() is not None

    def insert(self, row: ResultRow) -> None:
        """Inserts (or replaces the row with the same key) and commits."""
        placeholders = ", ".join("?" for _ in _COLUMNS)
        with self._lock:
            self._conn.execute(
                f"INSERT OR REPLACE INTO results ({', '.join(_COLUMNS)}) VALUES ({placeholders})",
                [getattr(row, c) for c in _COLUMNS])
            self._conn.commit()

    def move_source(self, row: ResultRow, source_hash: str, *, dry_run: bool = False) -> bool:
        """Gives ``row`` (found by its key) another source hash, the same measurement under a new key
        (scripts/rekey_hls_rows.py); False, and nothing changed, when the new key is recorded already."""
        moved = RowKey(row.variant, source_hash, row.target, row.device, row.seed, row.options, row.tool_versions)
        if self.lookup(moved) is not None:
            return False
        if not dry_run:
            with self._lock:
                self._conn.execute(f"UPDATE results SET source_hash=? WHERE {_key_match('=')}",
                                   (source_hash, *_key_params(row.key)))
                self._conn.commit()
        return True

    def rows(self) -> list[ResultRow]:
        with self._lock:
            cur = self._conn.execute("SELECT * FROM results ORDER BY variant, target, seed, id")
            return [_row_from_sql(r) for r in cur.fetchall()]

    def rows_of(self, variant: str, source_hash: str, target: str) -> list[ResultRow]:
        """The rows of one variant's sources (its ``bench.sources.source_hash``) on one target, every
        device, option set and seed, in the order of ``rows()``."""
        with self._lock:
            cur = self._conn.execute("SELECT * FROM results WHERE variant=? AND source_hash=? AND target=?"
                                     " ORDER BY variant, target, seed, id", (variant, source_hash, target))
            return [_row_from_sql(r) for r in cur.fetchall()]

    def rows_of_source(self, variant: str, source_hash: str) -> list[ResultRow]:
        """The rows of one variant's sources on every target, device, option set and seed."""
        with self._lock:
            cur = self._conn.execute("SELECT * FROM results WHERE variant=? AND source_hash=?"
                                     " ORDER BY variant, target, seed, id", (variant, source_hash))
            return [_row_from_sql(r) for r in cur.fetchall()]


def _key_match(source_op: str) -> str:
    """The WHERE clause of a RowKey, its source hash compared with ``source_op`` (= or <>)."""
    return (f"variant=? AND source_hash{source_op}? AND target=? AND device=? AND seed=? AND options=?"
            " AND tool_versions=?")


def _key_params(key: RowKey) -> tuple:
    return (key.variant, key.source_hash, key.target, key.device, key.seed, key.options, key.tool_versions)


def read_rows(db_path: Path) -> list[ResultRow]:
    """Every row of the results DB, opened read only: reports never write it (a bench may be writing
    it; ResultsDB would create its tables and meta row)."""
    if not db_path.is_file():
        raise UserError(f"no results database at {db_path}",
                        hint="run `cryptohls bench VARIANT --targets ...` first, or set CRYPTOHLS_RESULTS_DIR")
    conn = sqlite3.connect(f"file:{db_path.resolve()}?mode=ro", uri=True)
    conn.row_factory = sqlite3.Row
    try:
        return [_row_from_sql(r) for r in conn.execute("SELECT * FROM results ORDER BY variant, target, seed, id")]
    except sqlite3.DatabaseError as err:
        raise UserError(f"cannot read the results database: {err}", file=db_path) from None
    finally:
        conn.close()


def _row_from_sql(row: sqlite3.Row) -> ResultRow:
    return ResultRow(**{c: row[c] for c in _COLUMNS})
