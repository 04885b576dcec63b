"""Readers for the tool outputs the flow keeps: Yosys ``stat -json`` and nextpnr ``--report``."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass

from cryptohls.bench.critical_path import CriticalPath, critical_path
from cryptohls.errors import UserError


def _module_key(name: str) -> str:
    return name[1:] if name.startswith("\\") else name


def parse_yosys_stat(text: str, module: str) -> dict[str, int]:
    """Cell counts by type of one module (its own cells; submodule instances are dropped).

    ``text`` is the output of ``tee -o FILE stat -json``.
    """
    try:
        data = json.loads(text)
    except json.JSONDecodeError as err:
        raise UserError(f"unreadable Yosys statistics: {err}") from None
    modules = {_module_key(name): stats for name, stats in data.get("modules", {}).items()}
    if module not in modules:
        raise UserError(f"Yosys statistics have no module {module!r}",
                        hint=f"modules: {', '.join(sorted(modules))}")
    cells = modules[module].get("num_cells_by_type", {})
    return {cell: int(count) for cell, count in cells.items() if _module_key(cell) not in modules}


@dataclass(frozen=True)
class PnrReport:
    fmax_mhz: float | None          # the slowest clock's achieved frequency
    constraint_mhz: float | None
    utilization: dict[str, tuple[int, int]]   # bel type → (used, available)
    critical_path: CriticalPath | None = None  # the slowest register-to-register path of one clock


def parse_nextpnr_report(text: str) -> PnrReport:
    """Reads nextpnr's JSON report (``--report FILE``)."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as err:
        raise UserError(f"unreadable nextpnr report: {err}") from None
    clocks = data.get("fmax", {})
    achieved = [(c["achieved"], c.get("constraint")) for c in clocks.values() if "achieved" in c]
    fmax, constraint = min(achieved) if achieved else (None, None)
    utilization = {bel: (int(u["used"]), int(u["available"]))
                   for bel, u in data.get("utilization", {}).items()}
    try:
        path = critical_path(data)
    except (KeyError, TypeError, IndexError):
        path = None         # a report of another layout: the Fmax still counts, the path is not named
    return PnrReport(fmax, constraint, utilization, path)


# nextpnr's words when the design is larger than the device (ice40 / ecp5 / himbaechel).
_DOES_NOT_FIT = re.compile(
    r"but device only has|not enough|Unable to place cell|failed to place|"
    r"too many|exceeds|over-utili[sz]ed|Failed to find a location|"
    # nextpnr-himbaechel-gowin when the legaliser runs out of sites (aes128-ecb-enc-x2/hls on GW2A-18)
    r"Unable to find legal placement .*utili[sz]ation limit", re.IGNORECASE)


def log_says_does_not_fit(log_text: str) -> bool:
    return any(_DOES_NOT_FIT.search(line) for line in log_text.splitlines() if "ERROR" in line)
