"""``cryptohls explore``: every point of a space compiled, checked (csim = cosim) and benchmarked.

1. csim: the C testbench natively, once per distinct set of defines (a define may change the C; the
   clock and the memory mode do not).
2. per point: the HLS compile (the bench's artifact store, so the bench synthesizes the very Verilog
   that was co-simulated), then cosim of the same testbench. A point passes when cosim exits 0 like
   csim and prints the same output; its cycles per call are cosim's.
3. the passing points are benchmarked by the bench flow (``run_bench``: results database, caching,
   Dask engines), each as an HLS variant ``explore-<source stem>/<point slug>``.

A failing point is kept with its reason; it is never dropped from the results.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import os
import statistics
import subprocess
import sys
import threading
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

from cryptohls.bench.cycles import Cycles
from cryptohls.bench.db import ResultsDB, RowKey
from cryptohls.bench.flow import BenchOptions, Runner, run_bench, seeds_for, tool_versions
from cryptohls.bench.sources import DEFAULT_HLS_TARGET, source_hash
from cryptohls.bench.targets import Target
from cryptohls.designs import Variant
from cryptohls.errors import UserError
from cryptohls.explore.space import Point, Space
from cryptohls.hls.artifacts import compiled, copy_into, local_headers
from cryptohls.schedule.delay import MODELS
from cryptohls.sim.cosim import build_cosim
from cryptohls.sim.csim import build_csim

PASS = "pass"
_compile_lock = threading.Lock()


@dataclass
class ExploreOptions:
    src: Path
    tb: Path
    top: str
    targets: tuple[Target, ...]
    seeds: int = 1
    jobs: int = 1
    scheduler: str = "local"
    area_only: bool = False
    include_dirs: tuple[Path, ...] = ()
    tb_args: tuple[str, ...] = ()


@dataclass
class TargetResult:
    """One point on one target, over its place-and-route seeds."""
    target: str
    luts: int | None = None
    ffs: int | None = None
    brams: int | None = None
    dsps: int | None = None
    fmax_mhz: float | None = None          # best over seeds (None: area only or not placed)
    fmax_median_mhz: float | None = None
    seeds: int = 0
    status: str = ""                       # "ok", "does_not_fit", or why there is no row


@dataclass
class PointResult:
    point: Point
    status: str = PASS                     # "pass", or the first thing that failed
    detail: str = ""
    latency: int | None = None             # the compiler's report (max), cycles
    cycles: float | None = None            # per call, from cosim (the space's statistic)
    cycles_min: int | None = None
    cycles_max: int | None = None
    calls: int | None = None
    variant: str = ""
    targets: dict[str, TargetResult] = field(default_factory=dict)

    @property
    def passed(self) -> bool:
        return self.status == PASS


def _log(message: str) -> None:
    print(f"cryptohls explore: {message}", file=sys.stderr, flush=True)


def _run_exe(exe: Path, args, env=None) -> tuple[int, str, str]:
    """(exit status, stdout, stderr) of a testbench; a signal N is status 128 + N."""
    proc = subprocess.run([str(exe), *args], capture_output=True, text=True, env=env)
    status = 128 - proc.returncode if proc.returncode < 0 else proc.returncode
    return status, proc.stdout, proc.stderr


def _first_line(text: str) -> str:
    lines = [ln for ln in text.strip().splitlines() if ln.strip()]
    return lines[0] if lines else ""


def run_csim(opts: ExploreOptions, defines: tuple[str, ...], build: Path) -> tuple[int | None, str, str]:
    """(exit status, stdout, error) of the native testbench for one set of defines."""
    try:
        exe = build_csim(opts.src, opts.tb, build, top=opts.top, include_dirs=opts.include_dirs,
                         defines=defines)
    except UserError as err:
        return None, "", str(err)
    status, out, err = _run_exe(exe, opts.tb_args)
    return status, out, _first_line(err) if status else ""


def hls_model(opts: ExploreOptions) -> str:
    """The delay model the bench compiles with for the first target (the one cosim runs)."""
    name = opts.targets[0].name
    return name if name in MODELS else DEFAULT_HLS_TARGET


def run_point(opts: ExploreOptions, space: Space, point: Point, csim: tuple[int | None, str, str],
              work: Path) -> PointResult:
    result = PointResult(point)
    status, expected, error = csim
    if status is None:
        result.status, result.detail = "csim build failed", error
        return result
    if status != 0:
        said = f": {error}" if error else ""
        result.status, result.detail = "csim failed", f"the testbench exited with {status} natively{said}"
        return result
    try:
        with _compile_lock:   # the bench compiles one at a time too (bench/sources.py)
            artifact = compiled(opts.src, opts.top, clock_ns=point.clock_ns, target=hls_model(opts),
                                include_dirs=opts.include_dirs, defines=point.defines, label=point.label)
        latency = artifact.report.get("latency", {})
        result.latency = latency.get("max") if isinstance(latency, dict) else None
    except UserError as err:
        result.status, result.detail = "compile failed", str(err)
        return result
    out_dir = work / point.slug       # the first point of its (defines, clock) group
    copy_into(artifact, out_dir)
    try:
        exe = build_cosim(opts.src, opts.tb, opts.top, out_dir, clock_ns=point.clock_ns,
                          include_dirs=opts.include_dirs, defines=point.defines, use_existing=True)
    except UserError as err:
        result.status, result.detail = "cosim build failed", str(err)
        return result
    stats_path = exe.parent / "stats.json"
    stats_path.unlink(missing_ok=True)
    code, out, err = _run_exe(exe, opts.tb_args, env={**os.environ, "CRYPTOHLS_COSIM_STATS": str(stats_path)})
    stats = json.loads(stats_path.read_text()) if stats_path.is_file() else {}
    result.calls = int(stats.get("calls", 0))
    if result.calls:
        result.cycles_min, result.cycles_max = int(stats["min"]), int(stats["max"])
        result.cycles = {"mean": float(stats["mean"]), "min": float(stats["min"]),
                         "max": float(stats["max"])}[space.cycles]
    if code != 0:
        said = _first_line(err) or _first_line(out)
        result.status, result.detail = "cosim failed", f"the testbench exited with {code} against the RTL " \
                                                       f"(0 natively)" + (f": {said}" if said else "")
    elif out != expected:
        got, want = out.splitlines(), expected.splitlines()
        line = next((i for i, (a, b) in enumerate(zip(got, want)) if a != b), min(len(got), len(want)))
        result.status, result.detail = "csim != cosim", f"testbench output differs from line {line + 1}"
    elif not result.calls:
        result.status, result.detail = "cosim failed", f"the testbench never called {opts.top}"
    return result


class CosimCycles(Runner):
    """The bench runner with cycle counts from explore's cosim (a point has no `cryptohls sim` driver)."""

    def __init__(self, cycles: dict[str, Cycles]):
        super().__init__()
        self._cycles = cycles

    def cycles(self, variant: Variant, build_dir: Path) -> Cycles:
        return self._cycles.get(variant.full_name, Cycles(None, None, None, "not co-simulated"))


def point_variant(opts: ExploreOptions, space: Space, point: Point) -> Variant:
    src = opts.src.resolve()
    # The bench's source hash covers the variant's declaration and its one source file; the local
    # headers the source includes are inputs too, so their digest is part of the declaration.
    headers = hashlib.sha256(b"".join(h.read_bytes() for h in local_headers(src))).hexdigest()
    options = {"clock_ns": point.clock_ns, "defines": list(point.defines),
               "include_dirs": [str(Path(d).resolve()) for d in opts.include_dirs], "headers_sha256": headers,
               "memories": point.memories}     # BenchOptions.for_variant: synthesized in this mode
    return Variant(design=f"explore-{src.stem}", name=point.slug, kind="hls", top=opts.top,
                   directory=src.parent, source_globs=(src.name,), interface="cosim",
                   block_bits=space.block_bits or 0, description=point.label, options=options)


def run_benchmarks(opts: ExploreOptions, space: Space, results: list[PointResult], out: Path,
                   progress=None) -> list[str]:
    """Benchmarks the passing points in one bench run (each variant carries its memory mode); fills
    ``targets``. Returns the bench's failure message (a failed synthesis marks its point only)."""
    passing = [r for r in results if r.passed]
    variants = [point_variant(opts, space, r.point) for r in passing]
    for variant, result in zip(variants, passing):
        result.variant = variant.full_name
    options = BenchOptions(opts.targets, opts.seeds, opts.jobs, scheduler=opts.scheduler, area_only=opts.area_only)
    cycles = {v.full_name: Cycles(r.latency, round(r.cycles) if r.cycles else None, True)
              for v, r in zip(variants, passing)}
    message = ""
    with ResultsDB(out / "results.sqlite") as db:
        try:
            summary = run_bench(variants, options, db, (out / "work").resolve(), runner=CosimCycles(cycles),
                                progress=progress)
            _log(f"bench: {summary.computed} new result(s), {summary.reused} reused; database "
                 f"{out / 'results.sqlite'}")
        except UserError as err:
            message = err.message
        for variant, result in zip(variants, passing):
            _collect(db, variant, options.for_variant(variant), result, message)
    return [message] if message else []


def _bench_failure(message: str, variant: str, target: str) -> str:
    """The part of run_bench's joined failure message about one (variant, target)."""
    head = f"{variant} on {target}: "
    for part in message.split("; "):
        if part.startswith(head):
            return part[len(head):]
    return f"no result on {target}"


def _collect(db: ResultsDB, variant: Variant, options: BenchOptions, result: PointResult, failure: str) -> None:
    opts = options.key_json()
    for target in options.targets:
        src_hash, tools = source_hash(variant, target.name), tool_versions(target, variant)
        rows = [db.lookup(RowKey(variant.full_name, src_hash, target.name, target.device, seed, opts, tools))
                for seed in seeds_for(target, options.seeds, all_seeds=options.all_seeds,
                                      area_only=options.area_only)]
        rows = [r for r in rows if r is not None]
        entry = TargetResult(target.name)
        result.targets[target.name] = entry
        if not rows:
            entry.status = "bench failed"
            if result.passed:
                result.status = "bench failed"
                result.detail = f"{target.name}: {_bench_failure(failure, variant.full_name, target.name)}"
            continue
        first = rows[0]
        entry.status, entry.seeds = first.status, len(rows)
        entry.luts, entry.ffs, entry.brams, entry.dsps = first.luts, first.ffs, first.brams, first.dsps
        fmax = [r.fmax_mhz for r in rows if r.fmax_mhz is not None]
        if fmax:
            entry.fmax_mhz, entry.fmax_median_mhz = max(fmax), statistics.median(fmax)


def explore(opts: ExploreOptions, space: Space, out: Path, progress_factory=None) -> tuple[list[PointResult], list[str]]:
    """Steps 1-3 of the module docstring; returns every point's result and the bench's failures."""
    work = out / "work" / "points"
    distinct: dict[tuple[str, ...], tuple[int | None, str, str]] = {}
    sets = list(dict.fromkeys(p.defines for p in space.points))
    for i, defines in enumerate(sets, 1):
        build = out / "work" / "csim" / f"set{i}"
        distinct[defines] = run_csim(opts, defines, build)
        status, _, error = distinct[defines]
        shown = " ".join(f"-D{d}" for d in defines) or "no defines"
        _log(f"csim {i}/{len(sets)} ({shown}): " + (f"exit {status}" if status is not None else error))
    total = len(space.points)
    results: list[PointResult | None] = [None] * total
    done = 0
    lock = threading.Lock()

    # Points that differ only in what synthesis may use (memories) share one compile and one cosim.
    groups: dict[tuple, list[int]] = {}
    for index, point in enumerate(space.points):
        groups.setdefault((point.defines, point.clock_ns), []).append(index)

    def one(indices: list[int]) -> None:
        nonlocal done
        first = space.points[indices[0]]
        result = run_point(opts, space, first, distinct[first.defines], work)
        for index in indices:
            results[index] = dataclasses.replace(result, point=space.points[index], targets={})
        with lock:
            for index in indices:
                done += 1
                cycles = f", {result.cycles:g} cycles/call ({result.calls} calls)" if result.cycles else ""
                what = "csim = cosim" if result.passed else f"FAILED: {result.status}: {result.detail}"
                _log(f"point {done}/{total} {space.points[index].label}: {what}{cycles}")

    with ThreadPoolExecutor(max_workers=max(1, opts.jobs)) as pool:
        for future in [pool.submit(one, indices) for indices in groups.values()]:
            future.result()
    final = [r for r in results if r is not None]
    passing = sum(r.passed for r in final)
    _log(f"{passing} of {total} point(s) pass cosim; benchmarking them on "
         f"{', '.join(t.name for t in opts.targets)}" + (" (synthesis only)" if opts.area_only else ""))
    failures: list[str] = []
    if passing:
        if progress_factory is not None:
            with progress_factory() as progress:
                failures = run_benchmarks(opts, space, final, out, progress)
        else:
            failures = run_benchmarks(opts, space, final, out)
    return final, failures
