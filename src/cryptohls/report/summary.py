"""From result rows (one per seed) to one summary per (variant, target): best and median Fmax,
throughput and TP/area; and the HLS-vs-RTL pairs the tables compare."""

from __future__ import annotations

import statistics
from dataclasses import asdict, dataclass, replace

from cryptohls.bench.db import STATUS_OK, ResultRow, throughput_mbps, tp_per_lut
from cryptohls.bench.selection import chosen_rows
from cryptohls.bench.strategies import goodness


@dataclass(frozen=True)
class Summary:
    variant: str
    design: str
    kind: str
    target: str
    device: str
    area_unit: str
    status: str                  # "ok" | "does_not_fit"
    luts: int | None
    ffs: int | None
    brams: int | None
    dsps: int | None
    fmax_mhz: float | None       # best over seeds
    fmax_median_mhz: float | None
    seeds: int
    latency: int | None
    interval: int | None
    block_bits: int
    throughput_mbps: float | None          # with the best Fmax (as the case studies report)
    throughput_median_mbps: float | None   # with the median Fmax
    tp_per_lut: float | None
    source_hash: str
    tool_versions: str
    options: str
    option_sets: int = 1         # a strategy's option sets this summary is the best of (issue 37)

    def to_json(self) -> dict:
        return asdict(self)


def summarize(rows: list[ResultRow], mapping: str | None = None) -> list[Summary]:
    """One summary per (variant, target): the best option set of its newest configuration, as
    bench/selection.py chooses for every report (`mapping`: only rows synthesized with it)."""
    summaries = []
    for option_sets in chosen_rows(rows, mapping).values():
        tried = [_summary(group) for group in option_sets]
        summaries.append(replace(best_of(tried), option_sets=len(tried)))
    return summaries


def _summary(group: list[ResultRow]) -> Summary:
    first = group[0]
    fits = all(r.status == STATUS_OK for r in group)
    values = [r.fmax_mhz for r in group if r.fmax_mhz is not None] if fits else []
    best = max(values) if values else None
    median = statistics.median(values) if values else None
    throughput = throughput_mbps(first.block_bits, best, first.interval)
    return Summary(
        variant=first.variant, design=first.design, kind=first.kind, target=first.target,
        device=first.device, area_unit=first.area_unit,
        status=STATUS_OK if fits else next(r.status for r in group if r.status != STATUS_OK),
        luts=first.luts, ffs=first.ffs, brams=first.brams, dsps=first.dsps,
        fmax_mhz=best, fmax_median_mhz=median, seeds=len(group),
        latency=first.latency, interval=first.interval, block_bits=first.block_bits,
        throughput_mbps=throughput,
        throughput_median_mbps=throughput_mbps(first.block_bits, median, first.interval),
        tp_per_lut=tp_per_lut(throughput, first.luts),
        source_hash=first.source_hash, tool_versions=first.tool_versions, options=first.options)


def select(summaries: list[Summary], variants: list[str] | None,
           targets: list[str] | None) -> list[Summary]:
    return [s for s in summaries
            if (not variants or s.variant in variants or s.design in variants)
            and (not targets or s.target in targets)]


@dataclass(frozen=True)
class Comparison:
    """An HLS variant against its design's hand-written RTL on one target."""
    design: str
    hls_variant: str
    target: str
    rtl: Summary
    hls: Summary

    def delta_percent(self, field: str) -> float | None:
        base, other = getattr(self.rtl, field), getattr(self.hls, field)
        if base in (None, 0) or other is None:
            return None
        return (other - base) / base * 100.0

    def ratio(self, field: str) -> float | None:
        base, other = getattr(self.rtl, field), getattr(self.hls, field)
        if base in (None, 0) or other is None:
            return None
        return other / base


def comparisons(summaries: list[Summary]) -> list[Comparison]:
    """Pairs every ``<design>/hls<x>`` variant with ``<design>/rtl<x>`` if the design has it (e.g.
    hls-u2 with rtl-u2: the same architecture), else with ``<design>/rtl``, target by target."""
    by_key = {(s.variant, s.target): s for s in summaries}
    pairs: list[Comparison] = []
    for s in summaries:
        design, _, name = s.variant.partition("/")
        if not name.startswith("hls"):
            continue
        rtl = by_key.get((f"{design}/rtl{name[3:]}", s.target)) or by_key.get((f"{design}/rtl", s.target))
        if rtl is not None:
            pairs.append(Comparison(design, s.variant, s.target, rtl, s))
    return sorted(pairs, key=lambda c: (c.design, c.hls_variant, _target_order(c.target)))


TARGET_ORDER = ("ecp5", "gowin", "gw5a", "ice40", "ice40up5k", "xc7", "cyclonev")


def _target_order(target: str) -> int:
    return TARGET_ORDER.index(target) if target in TARGET_ORDER else len(TARGET_ORDER)


def rankings(summaries: list[Summary]) -> dict[str, list[Summary]]:
    """Per target, variants by TP/area (best first); those without a figure last, by area."""
    ranked: dict[str, list[Summary]] = {}
    for target in sorted({s.target for s in summaries}, key=_target_order):
        group = [s for s in summaries if s.target == target]
        ranked[target] = sorted(group, key=lambda s: (s.tp_per_lut is None,
                                                      -(s.tp_per_lut or 0.0), s.luts or 0,
                                                      s.variant))
    return ranked


def best_of(options: list[Summary]) -> Summary:
    """The best candidate, in the bench's order of strategies (bench/strategies.goodness): highest
    TP/area, then TP, then fewest LUTs, then Fmax (which decides between option sets of a variant
    without cycle counts; a row without Fmax loses to one with)."""
    return max(options, key=lambda s: goodness(s.tp_per_lut, s.throughput_mbps, s.luts, s.fmax_mhz))
