"""The critical path of one place-and-route run, read from nextpnr's ``--report`` JSON (issue 37, item 4:
where an HLS core loses or wins Fmax against the RTL): the register-to-register path of the clock with the
largest delay (``critical_paths``), its start and end registers by their Verilog names, the block each
sits in, and its logic and routing delay.

The bench records it in each run of a row's ``pnr_runs`` (pnr.py), so that the path travels with the row
(``cryptohls results export``) instead of living only in the machine's work folder.
"""

from __future__ import annotations

import re
from dataclasses import asdict, dataclass, fields
from decimal import ROUND_HALF_UP, Decimal

# what nextpnr and Yosys append to a register's Verilog name: the mapped cell (ecp5 TRELLIS_FF, Gowin DFF*)
# and its index among the bits (not the bit number)
_CELL_SUFFIX = re.compile(r"_(TRELLIS_FF|TRELLIS_COMB|TRELLIS_RAMW|DP16KD|DFF[A-Z]*|LUT\d|ALU|MUX2_LUT\d)(_[A-Z]+)*(_\d+)?.*$")


def _ns(delay: float) -> str:
    """A delay to 10 ps, from its value to the picosecond (as recorded, :meth:`CriticalPath.to_json`), half
    up: the same text for the path read from the nextpnr report and for the one a row carries (16.2351 ns
    recorded as 16.235 printed as 16.23 by float formatting, 16.24 from the report)."""
    return str(Decimal(repr(round(delay, 3))).quantize(Decimal("0.01"), rounding=ROUND_HALF_UP))


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
        return (f"{self.start_block} {self.start} -> {self.end_block} {self.end}: {_ns(self.delay_ns)} ns = "
                f"{_ns(self.logic_ns)} in cells ({self.logic_cells} logic) + {_ns(self.routing_ns)} routing")

    def to_json(self) -> dict:
        """As recorded in a pnr run (delays rounded to the picosecond nextpnr reports)."""
        found = asdict(self)
        for name in ("delay_ns", "logic_ns", "routing_ns"):
            found[name] = round(found[name], 3)
        return found

    @classmethod
    def from_json(cls, value) -> "CriticalPath | None":
        """The path recorded by :meth:`to_json`, or None for anything else (a row of another layout)."""
        names = {f.name for f in fields(cls)}
        if not isinstance(value, dict) or set(value) != names:
            return None
        try:
            return cls(**value)
        except TypeError:
            return None


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
