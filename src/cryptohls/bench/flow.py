"""The benchmark run: (variant, target, seed) jobs, cached in the results DB, run in parallel.

Per variant the cycle counts come from one simulation; per (variant, target) one synthesis;
per (variant, target, seed) one place-and-route (targets without P&R: one area row, seed 0).
A row is written and committed as each job finishes.
"""

from __future__ import annotations

import hashlib
import json
import statistics
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Callable

from cryptohls import __version__
from cryptohls.bench import cycles as cycles_mod
from cryptohls.bench import pnr as pnr_mod
from cryptohls.bench import synth as synth_mod
from cryptohls.bench.cycles import Cycles
from cryptohls.bench.db import (STATUS_DOES_NOT_FIT, STATUS_OK, ResultRow, ResultsDB, RowKey,
                                canonical_json, throughput_mbps, tp_per_lut)
from cryptohls.bench.engine import is_lost_worker, open_engine
from cryptohls.bench.schedule import (SIMULATION_PRIORITY, JobQueue, pnr_priority,
                                      synth_priority, timed)
from cryptohls.bench.selection import chosen_rows, option_set_label
from cryptohls.bench.sources import source_hash, verilog_sources
from cryptohls.bench.strategies import OPTION_SETS, STRATEGIES, OptionSet, goodness
from cryptohls.bench.targets import Target
from cryptohls.bench.tools import package_version
from cryptohls.designs import Variant
from cryptohls.errors import UserError

NO_CYCLES = Cycles(None, None, None)

# What synthesis may map memories (and multipliers) to: "none" (LUTs and FFs only, the default, as
# in the case studies), "bram" (block RAM; LUT RAM and DSP stay off) or "all" (block RAM, LUT RAM
# and DSP: --allow-bram).
MEMORY_MODES = ("none", "bram", "all")

# Bump when the flow changes what it measures (harness, scripts, counting): old rows stop matching.
FLOW_VERSION = 1


@dataclass(frozen=True)
class BenchOptions:
    targets: tuple[Target, ...]
    seeds: int = 1
    jobs: int = 1
    allow_bram: bool = False
    fmax_search: str = "auto"
    mapping: str = "delay"
    # Where jobs run (engine.py): "threads", "local" (a Dask LocalCluster) or a Dask scheduler's
    # address. Never part of a row's key: every engine gives the same rows.
    scheduler: str = "threads"
    all_seeds: bool = False       # --all-seeds: every target gets --seeds seeds (no per-target cap)
    bram_only: bool = False       # --memories bram: block RAM allowed, LUT RAM and DSP not
    area_only: bool = False       # --area-only: synthesis only, no place-and-route (one row, seed 0)
    router: str = "router1"       # --router: nextpnr's router (part of the key when not router1)
    pnr_timeout_s: float = pnr_mod.PNR_TIMEOUT_S   # --pnr-timeout: per nextpnr run (not in the key)
    synth_timeout_s: float = synth_mod.SYNTH_TIMEOUT_S   # --synth-timeout: per Yosys run (not in the key)
    strategy: str = "default"     # --strategies: the option sets each (variant, target) runs (strategies.py)

    @property
    def pnr_settings(self) -> pnr_mod.PnrSettings:
        return self.pnr_settings_for(OPTION_SETS["default"])

    def pnr_settings_for(self, option_set: OptionSet) -> pnr_mod.PnrSettings:
        return pnr_mod.PnrSettings(self.fmax_search, option_set.router or self.router, self.pnr_timeout_s,
                                   option_set.nextpnr_args)

    def option_sets(self, target: Target) -> list[OptionSet]:
        return STRATEGIES[self.strategy].for_target(target, area_only=self.area_only)

    def distinct_option_sets(self, target: Target) -> tuple[list[OptionSet], list[tuple[OptionSet, OptionSet]]]:
        """The option sets run on `target` with these (a variant's) options, less each one that would run
        the tools exactly as an earlier one does (router2 for a variant that declares router = "router2":
        its default run is routed with router2 already); and those, as (skipped, the one it repeats)."""
        kept, skipped, seen = [], [], {}
        for option_set in self.option_sets(target):
            runs_as = (option_set.mapping if option_set.mapping != "delay" else self.mapping, option_set.synth_flags,
                       self.pnr_settings_for(option_set) if target.has_pnr and not self.area_only else None)
            if runs_as in seen:
                skipped.append((option_set, seen[runs_as]))
            else:
                seen[runs_as] = option_set
                kept.append(option_set)
        return kept, skipped

    @property
    def memories(self) -> str:
        return "all" if self.allow_bram else "bram" if self.bram_only else "none"

    def for_variant(self, variant: Variant) -> "BenchOptions":
        """The options of one variant: a variant that declares ``memories`` (design.toml, or a point
        of `cryptohls explore`) is synthesized in that mode whatever the run's, so one run can hold
        points with and without block RAM; one that declares ``router`` is routed with it."""
        options = self
        declared = variant.options.get("memories")
        if declared is not None:
            if declared not in MEMORY_MODES:
                raise UserError(f"variant {variant.full_name}: memories must be one of {', '.join(MEMORY_MODES)} "
                                f"(got {declared!r})", file=variant.directory / "design.toml")
            options = replace(options, allow_bram=declared == "all", bram_only=declared == "bram")
        router = variant.options.get("router")    # a design too dense for router1 (pnr.ROUTERS)
        if router is not None:
            if router not in pnr_mod.ROUTERS:
                raise UserError(f"variant {variant.full_name}: router must be one of {', '.join(pnr_mod.ROUTERS)} "
                                f"(got {router!r})", file=variant.directory / "design.toml")
            options = replace(options, router=router)
        return options

    def key_json(self, strategy: dict | None = None) -> str:
        """The options that change results (not seeds, jobs or the P&R timeout: each row is one
        seed). The mapping, the memories, area-only, the router and a strategy's option set are
        named only when they are not the default, so rows recorded before they existed still match.
        `strategy`: an option set's key (OptionSet.key, or synthesis_key for its synthesis folder)."""
        extra = {"mapping": self.mapping} if self.mapping != "delay" else {}
        if strategy:
            extra["strategy"] = strategy
        if self.memories == "bram":
            extra["memories"] = "bram"
        if self.area_only:
            extra["pnr"] = False
        if self.router != "router1" and not self.area_only:     # area-only rows route nothing
            extra["router"] = self.router
        return canonical_json({"allow_bram": self.allow_bram, "fmax_search": self.fmax_search,
                               "flow": FLOW_VERSION, **extra})


class Runner:
    """The tool steps. Tests substitute a fake to exercise caching without running tools."""

    def __init__(self, synth_timeout_s: float = synth_mod.SYNTH_TIMEOUT_S):
        self.synth_timeout_s = synth_timeout_s

    def verilog(self, variant: Variant, target: Target, build_dir: Path):
        return verilog_sources(variant, target.name, build_dir)

    def synthesize(self, target: Target, sources: list[Path], top: str, work_dir: Path,
                   memories: str, mapping: str, synth_flags: tuple[str, ...] = ()) -> synth_mod.SynthResult:
        return synth_mod.synthesize(target, sources, top, work_dir, memories=memories, mapping=mapping,
                                    synth_flags=synth_flags, timeout_s=self.synth_timeout_s)

    def place_and_route(self, target: Target, netlist: Path, work_dir: Path, seed: int,
                        settings: pnr_mod.PnrSettings) -> pnr_mod.PnrResult:
        return pnr_mod.place_and_route(target, netlist, work_dir, seed, settings=settings)

    def cycles(self, variant: Variant, build_dir: Path) -> Cycles:
        return cycles_mod.measure_cycles(variant, build_dir)


def synth_job(runner: Runner, variant: Variant, target: Target, work_dir: Path, memories: str,
              mapping: str, synth_flags: tuple[str, ...] = ()) -> synth_mod.SynthResult:
    """One synthesis job (on a worker): the variant's Verilog (HLS variants compiled), then Yosys."""
    sources, top = runner.verilog(variant, target, work_dir)
    if synth_flags:     # (a runner written before strategies takes no switches)
        return runner.synthesize(target, sources, top, work_dir, memories, mapping, synth_flags)
    return runner.synthesize(target, sources, top, work_dir, memories, mapping)


def tool_versions(target: Target, variant: Variant) -> str:
    versions = {target.yosys_package: package_version(target.yosys_package)}
    if target.pnr_package:
        versions[target.pnr_package] = package_version(target.pnr_package)
    if variant.kind == "hls":
        versions["cryptohls"] = __version__
    return canonical_json(versions)


def seeds_for(target: Target, seeds: int, *, all_seeds: bool = False, area_only: bool = False) -> list[int]:
    """The seeds run on ``target``: 1..seeds, capped by the target's rule unless ``all_seeds``
    (docs/bench.md, "Seeds per target"); area-only targets (and --area-only runs) have one row, seed 0."""
    if not target.has_pnr or area_only:
        return [0]
    cap = None if all_seeds else target.default_max_seeds
    return list(range(1, (seeds if cap is None else min(seeds, cap)) + 1))


@dataclass
class _Pair:
    """One (variant, target, option set): its keys, and what is still to do."""
    variant: Variant
    target: Target
    src_hash: str
    options: str
    tools: str
    missing_seeds: list[int]
    work_dir: Path
    synth: synth_mod.SynthResult | None = None
    option_set: OptionSet = OPTION_SETS["default"]
    synth_dir: Path | None = None        # its synthesis folder, shared by option sets that synthesize alike

    @property
    def where(self) -> str:
        name = "" if self.option_set.is_default else f" ({self.option_set.name})"
        return f"{self.variant.full_name} on {self.target.name}{name}"


@dataclass
class BenchSummary:
    rows: list[ResultRow] = field(default_factory=list)
    reused: int = 0
    computed: int = 0
    notes: list[str] = field(default_factory=list)


def _work_dir(root: Path, variant: Variant, target: Target, src_hash: str, options: str,
              tools: str) -> Path:
    return work_dir_of(root, variant.full_name, target.name, target.device, src_hash, options, tools)


def work_dir_of(root: Path, variant: str, target: str, device: str, src_hash: str, options: str, tools: str) -> Path:
    """The folder of one (variant, target) configuration under `root` (a row's fields name it; the
    reports read their nextpnr logs from it)."""
    design, _, name = variant.partition("/")
    key = hashlib.sha256(f"{src_hash}|{device}|{options}|{tools}".encode()).hexdigest()
    return root / design / name / f"{target}-{key[:16]}"


def _make_row(pair: _Pair, seed: int, synth: synth_mod.SynthResult,
              pnr: pnr_mod.PnrResult | None, cycles: Cycles, seconds: float) -> ResultRow:
    variant, target = pair.variant, pair.target
    fits = pnr is None or pnr.fits
    fmax = pnr.fmax_mhz if pnr is not None and pnr.fits else None
    throughput = throughput_mbps(variant.block_bits, fmax, cycles.interval)
    return ResultRow(
        variant=variant.full_name, design=variant.design, kind=variant.kind,
        block_bits=variant.block_bits, source_hash=pair.src_hash, target=target.name,
        device=target.device, seed=seed, options=pair.options, tool_versions=pair.tools,
        status=STATUS_OK if fits else STATUS_DOES_NOT_FIT, area_unit=target.area_unit,
        luts=synth.luts, ffs=synth.ffs, brams=synth.brams, dsps=synth.dsps,
        other_cells=canonical_json(synth.other_cells),
        fmax_mhz=fmax, fmax_target_mhz=pnr.target_mhz if pnr is not None else None,
        pnr_runs=canonical_json(pnr.runs if pnr is not None else []),
        latency=cycles.latency, interval=cycles.interval, throughput_mbps=throughput,
        tp_per_lut=tp_per_lut(throughput, synth.luts), run_time_s=round(seconds, 3))


def _with_cycles(row: ResultRow, cycles: Cycles) -> ResultRow:
    row.latency, row.interval = cycles.latency, cycles.interval
    fmax = row.fmax_mhz if row.status == STATUS_OK else None
    row.throughput_mbps = throughput_mbps(row.block_bits, fmax, cycles.interval)
    row.tp_per_lut = tp_per_lut(row.throughput_mbps, row.luts)
    return row


def recorded_cycles(db: ResultsDB, variant: str, src_hashes: set[str]) -> Cycles | None:
    """The cycle counts the DB already holds for these sources (the variant's source hashes on the
    run's targets: one for most, an HLS core's Verilog being alike on targets of one delay model), from
    a row of any target, option set or seed of this flow version: one simulation gives a variant's
    counts whatever the device or the tools' switches, so a resumed or widened run need not simulate
    again. None when no row has them, or when rows disagree (the simulation then decides)."""
    counts = {(row.latency, row.interval) for src_hash in sorted(src_hashes)
              for row in db.rows_of_source(variant, src_hash)
              if row.interval is not None and json.loads(row.options or "{}").get("flow") == FLOW_VERSION}
    if len(counts) != 1:
        return None
    latency, interval = counts.pop()
    return Cycles(latency, interval, True)


def plan_line(recorded: int, to_run: int, syntheses: int, simulations: int, other_sources: int = 0) -> str:
    """What a run found recorded and what it will do, said before any job starts; `other_sources`: how
    many of the runs to make have a row that differs only in the source hash (why they run again)."""
    why = (f"; {other_sources} of them recorded only for other sources of their variant (an edited source, "
           "or for HLS a compiler that generates other Verilog)" if other_sources else "")
    return (f"{recorded} of {recorded + to_run} run(s) already recorded, reused without running; "
            f"{to_run} to run ({syntheses} synthesis job(s), {simulations} simulation(s)){why}")


def run_bench(variants: list[Variant], options: BenchOptions, db: ResultsDB, work_root: Path,
              *, runner: Runner | None = None, progress=None,
              announce: Callable[[str], None] | None = None) -> BenchSummary:
    """Runs every missing (variant, target, option set, seed) job; reuses rows whose inputs are
    unchanged (the same RowKey), and cycle counts already recorded for the same sources.
    `announce`: told `plan_line` once the recorded runs are known, before any job starts."""
    runner = runner or Runner(options.synth_timeout_s)
    work_root = work_root.resolve()     # tools run in their own folders
    summary = BenchSummary()
    pairs: list[_Pair] = []
    cached_without_cycles: dict[str, list[ResultRow]] = {}
    hashes: dict[str, set[str]] = {}     # a variant's source hash on each of its targets
    other_sources = 0       # runs to make that are recorded for other sources only (plan_line)
    for variant in variants:
        own = options.for_variant(variant)
        runs: list[tuple[Target, OptionSet]] = []
        for target in options.targets:
            kept, repeats = own.distinct_option_sets(target)
            runs += [(target, option_set) for option_set in kept]
            summary.notes += [f"{variant.full_name} on {target.name}: option set {skipped.name} not run: with the "
                              f"variant's own settings (design.toml) it would run the tools as {first.name} does"
                              for skipped, first in repeats]
        on_target: dict[str, str] = {}
        for target, option_set in runs:
            if target.name not in on_target:
                on_target[target.name] = source_hash(variant, target.name)
            src_hash = on_target[target.name]
            hashes.setdefault(variant.full_name, set()).add(src_hash)
            opts, tools = own.key_json(option_set.key()), tool_versions(target, variant)
            synth_opts = own.key_json(option_set.synthesis_key())
            pair = _Pair(variant, target, src_hash, opts, tools, [],
                         _work_dir(work_root, variant, target, src_hash, opts, tools), option_set=option_set,
                         synth_dir=_work_dir(work_root, variant, target, src_hash, synth_opts, tools))
            for seed in seeds_for(target, options.seeds, all_seeds=options.all_seeds,
                                  area_only=options.area_only):
                key = RowKey(variant.full_name, src_hash, target.name, target.device, seed, opts, tools)
                found = db.lookup(key)
                if found is None:
                    pair.missing_seeds.append(seed)
                    other_sources += db.recorded_for_other_sources(key)
                    continue
                summary.reused += 1
                summary.rows.append(found)
                if found.interval is None:
                    cached_without_cycles.setdefault(variant.full_name, []).append(found)
            if pair.missing_seeds:
                pairs.append(pair)

    syntheses: dict[Path, list[_Pair]] = {}     # one synthesis job per folder, for all its option sets
    for pair in pairs:
        syntheses.setdefault(pair.synth_dir, []).append(pair)
    need_cycles = {p.variant.full_name: p.variant for p in pairs}
    for name in cached_without_cycles:
        need_cycles.setdefault(name, next(v for v in variants if v.full_name == name))
    cycles_done: dict[str, Cycles] = {}
    for name in list(need_cycles):
        recorded = recorded_cycles(db, name, hashes.get(name, set()))
        if recorded is not None:       # as the simulation's arrival would: rows recorded without them too
            del need_cycles[name]
            cycles_done[name] = recorded
            for row in cached_without_cycles.pop(name, []):
                db.insert(_with_cycles(row, recorded))
    to_run = sum(len(p.missing_seeds) for p in pairs)
    if announce is not None:
        announce(plan_line(summary.reused, to_run, len(syntheses), len(need_cycles), other_sources))
    total = len(need_cycles) + len(syntheses) + to_run
    task = progress.add_task("bench", total=total) if progress is not None else None

    def step(description: str) -> None:
        if progress is not None:
            progress.update(task, advance=1, description=description)

    def finish(pair: _Pair, seed: int, pnr: pnr_mod.PnrResult | None, seconds: float) -> None:
        """Writes the row at once (an interruption keeps it); cycle counts may follow later."""
        name = pair.variant.full_name
        row = _make_row(pair, seed, pair.synth, pnr, cycles_done.get(name, NO_CYCLES), seconds)
        db.insert(row)
        summary.rows.append(row)
        summary.computed += 1
        if name not in cycles_done:
            cached_without_cycles.setdefault(name, []).append(row)

    queue = JobQueue(max(1, options.jobs))

    def handle(kind: str, item, result) -> None:
        if kind == "cycles":
            cycles_done[item] = result
            if result.note:
                summary.notes.append(f"{item}: no cycle counts ({result.note})")
            for row in cached_without_cycles.get(item, []):
                if result.interval is not None:
                    db.insert(_with_cycles(row, result))
            step(f"simulated {item}")
        elif kind == "synth":
            synth, synth_seconds = result
            step(f"synthesized {item[0].where}")
            for pair, seed in ((p, s) for p in item for s in p.missing_seeds):
                pair.synth = synth
                if pair.target.has_pnr and not options.area_only:
                    queue.push(pnr_priority(pair.target, seed), "pnr", (pair, seed, synth_seconds),
                               timed, runner.place_and_route, pair.target,
                               Path(pair.synth.netlist), pair.work_dir / f"seed{seed}",
                               seed, options.for_variant(pair.variant).pnr_settings_for(pair.option_set))
                else:
                    finish(pair, seed, None, synth_seconds)
                    step(f"{pair.where}: area")
        else:
            pair, seed, synth_seconds = item
            pnr_result, seconds = result
            finish(pair, seed, pnr_result, synth_seconds + seconds)
            step(f"placed {pair.where}, seed {seed}")

    # Simulations first (a row finished early then has its cycle counts at once), then the
    # syntheses, then place-and-route in seed rounds: the order of schedule.py (docs/bench.md).
    for name, variant in need_cycles.items():
        build = work_root / variant.design / variant.name / "sim"
        queue.push(SIMULATION_PRIORITY, "cycles", name, runner.cycles, variant, build)
    for synth_dir, group in syntheses.items():
        pair = group[0]
        queue.push(synth_priority(pair.target, len(pair.missing_seeds)), "synth", group,
                   timed, synth_job, runner, pair.variant, pair.target, synth_dir,
                   options.for_variant(pair.variant).memories,
                   pair.option_set.mapping if pair.option_set.mapping != "delay" else options.mapping,
                   pair.option_set.synth_flags)
    failures: list[tuple[str, UserError]] = []

    def on_error(kind: str, item, error: Exception) -> None:
        """A tool failure, or a lost worker, stops its own job, not the other jobs of the run."""
        if is_lost_worker(error):
            error = UserError(f"the worker running this {kind} job was lost ({error})")
        if not isinstance(error, UserError):
            raise error
        pair = item[0] if kind in ("synth", "pnr") else None
        where = pair.where if pair else str(item)
        failures.append((where, error))
        step(f"failed: {where}")

    if total:
        if progress is not None:
            progress.update(task, description=f"starting {options.scheduler} engine")
        engine = open_engine(options.scheduler, options.jobs)
        try:
            queue.run(handle, on_error, engine=engine)
        finally:
            engine.close()
    if failures:
        where, first = failures[0]
        others = "".join(f"; {w}: {e.message}" for w, e in failures[1:])
        raise UserError(f"{where}: {first.message}{others}",
                        file=first.location.file if first.location else None,
                        hint="every other result was written; fix this and re-run the same command")
    return summary


def aggregate_fmax(rows: list[ResultRow]) -> tuple[float | None, float | None]:
    """(best, median) Fmax over seeds."""
    values = [r.fmax_mhz for r in rows if r.fmax_mhz is not None]
    if not values:
        return None, None
    return max(values), statistics.median(values)


def describe(rows: list[ResultRow]) -> list[dict]:
    """One summary line per (variant, target) for the command's output, of the rows every report keeps
    (selection.py: the newest configuration); with several option sets (a strategy), the best of them by
    TP/area (strategies.goodness), named in "strategy"."""
    lines = []
    for (variant, target), option_sets in chosen_rows(rows).items():
        tried = [_describe_one(variant, target, group) for group in option_sets]
        best = max(tried, key=lambda line: goodness(line["tp_per_lut"], line["throughput_mbps"], line["luts"],
                                                    line["fmax_mhz"]))
        lines.append({**best, "option_sets": len(tried)})
    return lines


def _describe_one(variant: str, target: str, group: list[ResultRow]) -> dict:
    best, median = aggregate_fmax(group)
    first = group[0]
    throughput = throughput_mbps(first.block_bits, best, first.interval)
    return {"variant": variant, "target": target, "device": first.device,
            "status": first.status, "luts": first.luts, "ffs": first.ffs,
            "brams": first.brams, "dsps": first.dsps,
            "fmax_mhz": best, "fmax_median_mhz": median, "latency": first.latency,
            "interval": first.interval, "throughput_mbps": throughput,
            "tp_per_lut": tp_per_lut(throughput, first.luts), "seeds": len(group),
            "strategy": option_set_label(first.options),
            "other_cells": json.loads(first.other_cells)}
