"""The critical path of a bench row, named from its nextpnr report (issue 37, item 4: where an HLS core
loses or wins Fmax against the RTL): the register-to-register path of the clock with the largest delay in
``report_s<seed>_f<MHz>.json`` (``critical_paths``), its start and end registers by their Verilog names,
the block each sits in, and its logic and routing delay.

The report is found from the row alone: the bench's work folder of the row's configuration
(:func:`cryptohls.bench.flow.work_dir_of`), the seed, and the place-and-route run whose achieved Fmax is
the row's (``pnr_runs``). A row without that file (another machine, a deleted work folder) has no path,
said so on the page.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from pathlib import Path

from cryptohls.bench.db import ResultRow
from cryptohls.bench.flow import work_dir_of

# what nextpnr and Yosys append to a register's Verilog name: the mapped cell (ecp5 TRELLIS_FF, Gowin DFF*)
# and its index among the bits (not the bit number)
_CELL_SUFFIX = re.compile(r"_(TRELLIS_FF|TRELLIS_COMB|TRELLIS_RAMW|DP16KD|DFF[A-Z]*|LUT\d|ALU|MUX2_LUT\d)(_[A-Z]+)*(_\d+)?.*$")


@dataclass(frozen=True)
class CriticalPath:
    start: str              # Verilog name of the start register, relative to its block
    start_block: str        # "harness", "frame (u_pre)", "cipher core" ...
    end: str
    end_block: str
    delay_ns: float
    logic_ns: float         # in cells: clock-to-Q, logic, setup
    routing_ns: float
    logic_cells: int        # logic segments on the path (LUTs, muxes, carries)

    def describe(self) -> str:
        return (f"{self.start_block} {self.start} -> {self.end_block} {self.end}: {self.delay_ns:.2f} ns = "
                f"{self.logic_ns:.2f} in cells ({self.logic_cells} logic) + {self.routing_ns:.2f} routing")


def register_name(cell: str) -> str:
    """``u_core.u_post.st_q_TRELLIS_FF_Q_9`` -> ``u_core.u_post.st_q``."""
    return _CELL_SUFFIX.sub("", cell)


def block_of(name: str) -> tuple[str, str]:
    """(block, name inside it): the bench harness (no ``u_core.``), the LWC module's CipherCore
    (``u_core.u_core.``), else the module's frame (PreProcessor u_pre, PostProcessor u_post, ...)."""
    if not name.startswith("u_core."):
        return "harness", name
    inner = name[len("u_core."):]
    if inner.startswith("u_core."):
        return "cipher core", inner[len("u_core."):]
    head, _, rest = inner.partition(".")
    return (f"frame ({head})", rest) if rest else ("top", inner)


def _same_clock(path: dict) -> bool:
    return path.get("from") == path.get("to") and "async" not in str(path.get("from"))


def critical_path(report: dict) -> CriticalPath | None:
    """The longest same-clock path of a nextpnr JSON report, or None if it has none."""
    paths = [p for p in report.get("critical_paths", []) if _same_clock(p) and p.get("path")]
    if not paths:
        return None
    segments = max(paths, key=lambda p: sum(s.get("delay", 0.0) for s in p["path"]))["path"]
    start_block, start = block_of(register_name(segments[0]["from"]["cell"]))
    end_block, end = block_of(register_name(segments[-1]["to"]["cell"]))
    routing = sum(s["delay"] for s in segments if s.get("type") == "routing")
    total = sum(s["delay"] for s in segments)
    return CriticalPath(start, start_block, end, end_block, total, total - routing, routing,
                        sum(1 for s in segments if s.get("type") == "logic"))


def report_file(row: ResultRow, work_root: Path) -> Path | None:
    """The nextpnr report of the row's run that reached its Fmax, or None (no such run recorded)."""
    if row.fmax_mhz is None:
        return None
    runs = [r for r in json.loads(row.pnr_runs or "[]") if r.get("achieved_mhz") == row.fmax_mhz]
    if not runs:
        return None
    folder = work_dir_of(work_root, row.variant, row.target, row.device, row.source_hash, row.options,
                         row.tool_versions)
    return folder / f"seed{row.seed}" / f"report_s{row.seed}_f{runs[0]['target_mhz']:g}.json"


def path_of(rows: list[ResultRow], work_root: Path) -> CriticalPath | str:
    """The critical path of the best-Fmax row among `rows` (one configuration's seeds), or why none."""
    placed = [r for r in rows if r.fmax_mhz is not None]
    if not placed:
        return "not placed and routed"
    best = max(placed, key=lambda r: r.fmax_mhz)
    path = report_file(best, work_root)
    if path is None or not path.is_file():
        return "no nextpnr report in the work folder"
    try:
        found = critical_path(json.loads(path.read_text()))
    except (json.JSONDecodeError, KeyError, TypeError):
        return "unreadable nextpnr report"
    return found if found is not None else "no register-to-register path in the report"
