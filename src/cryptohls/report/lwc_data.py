"""The data of the seed-002 report (``cryptohls report --lwc-report``): the results DB, read only, down to
one row per (variant, target) and one RTL/HLS pair per seed cipher and target.

Selection: the rows bench/selection.py keeps for every report (the newest configuration of a
(variant, target), one :class:`Summary` per option set, seeds folded: :func:`candidates`), then the
best of them by TP/area (:func:`best_of`); the page's "Run" column names the option set it kept.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

from cryptohls.bench.db import ResultRow, read_rows
from cryptohls.bench.selection import chosen_rows
from cryptohls.report.lwc import SEED_TABLE_IV, SeedRow
from cryptohls.report.summary import Summary, _summary, best_of  # noqa: F401 (best_of: the page's choice)

TARGETS = ("ecp5", "gw5a")      # the seed's two families were Virtex-6 and Virtex-7; its AEAD
# cores (up to ~40k LUT4) do not fit the GW2A-18 of the "gowin" target
METRICS = (("throughput_mbps", "Throughput (Mbit/s)", "tp"), ("tp_per_lut", "TP/area (Mbit/s per LUT)", "tp-area"))


def candidates(rows: list[ResultRow], mapping: str | None = None) -> dict[tuple[str, str], list[Summary]]:
    """{(variant, target): one Summary per option set of its newest configuration}."""
    return {key: [_summary(group) for group in option_sets] for key, option_sets in chosen_rows(rows, mapping).items()}


def rows_of(s: Summary, rows: list[ResultRow]) -> list[ResultRow]:
    """The rows (one per seed) that `s` summarizes."""
    return [r for r in rows if (r.variant, r.target, r.device, r.source_hash, r.options, r.tool_versions)
            == (s.variant, s.target, s.device, s.source_hash, s.options, s.tool_versions)]


def run_label(s: Summary) -> str:
    """The option set a row was run with, short: ``memories=bram, fmax_search=single`` (the strategy's
    place on the page)."""
    options = json.loads(s.options or "{}")
    if "strategy" in options:       # a strategy's option set: by its name (bench/strategies.py)
        options["strategy"] = options["strategy"]["name"]
    shown = {k: v for k, v in sorted(options.items()) if k not in ("flow", "allow_bram")}
    return ", ".join(f"{k}={v}" for k, v in shown.items()) or "defaults"


@dataclass(frozen=True)
class Pair:
    """A seed cipher on one target: its design's rtl<suffix> and hls<suffix> rows (None: no row)."""
    seed: SeedRow
    design: str | None          # None: no design in the library implements the cipher
    target: str
    rtl: Summary | None
    hls: Summary | None

    def value(self, kind: str, field: str) -> float | None:
        s = self.rtl if kind == "rtl" else self.hls
        return None if s is None else getattr(s, field)

    def ratio(self, field: str) -> float | None:
        """RTL / HLS, as the seed's Figs 10-11 (above 1: the HLS core is behind)."""
        rtl, hls = self.value("rtl", field), self.value("hls", field)
        return rtl / hls if rtl is not None and hls else None


def cipher_pairs(best: dict[tuple[str, str], Summary], designs: dict[str, str], targets=TARGETS,
                 suffix: str = "") -> list[Pair]:
    """One Pair per seed cipher and target, in the seed's order; `designs`: {golden name: design}."""
    found = []
    for target in targets:
        for seed in SEED_TABLE_IV:
            design = designs.get(seed.ours)
            get = (lambda kind: best.get((f"{design}/{kind}{suffix}", target))) if design else (lambda kind: None)
            found.append(Pair(seed, design, target, get("rtl"), get("hls")))
    return found


def seed_designs() -> dict[str, str]:
    """{golden name: design} of the LWC registry (cryptohls.sim.lwc_registry)."""
    from cryptohls.sim.lwc_registry import lwc_designs
    return {entry.golden: entry.design for entry in lwc_designs() if entry.golden}


def load_pairs(db_path: Path, *, mapping: str | None = None, designs: dict[str, str] | None = None,
               targets=TARGETS) -> tuple[list[Pair], list[ResultRow]]:
    """The pairs of every seed cipher on `targets` from the DB (`mapping`: only rows synthesized with
    it), and the rows read."""
    rows = read_rows(db_path)
    best = {key: best_of(options) for key, options in candidates(rows, mapping).items()}
    return cipher_pairs(best, designs if designs is not None else seed_designs(), targets), rows
