"""Place-and-route with nextpnr for one seed, with the cheap Fmax search of docs/bench.md:
one run at a generous target frequency, then (where the result depends on the target) one at
the frequency that run achieved."""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from pathlib import Path

from cryptohls.bench.critical_path import CriticalPath
from cryptohls.bench.harness import HARNESS_PINS
from cryptohls.bench.parse import log_says_does_not_fit, parse_nextpnr_report
from cryptohls.bench.targets import GOWIN_PINS, Target
from cryptohls.bench.tools import failure_summary, run_tool
from cryptohls.errors import UserError

# auto: two-step where the target's Fmax depends on the requested frequency, else single.
FMAX_SEARCHES = ("auto", "two-step", "single")
# nextpnr's routers: router1 (its default, every recorded row) and router2, which finishes dense
# designs that router1 does not (aes128-oop/hls-registers: 57 % of an LFE5U-85F, router1 left 146 k
# of 204 k arcs unrouted after 50 min).
ROUTERS = ("router1", "router2")
PNR_TIMEOUT_S = 3600.0


@dataclass(frozen=True)
class PnrSettings:
    """How each place-and-route run is made. ``fmax_search`` and ``router`` change results (they
    are part of a row's key), so do a strategy's ``extra_args`` (strategies.py: placer, flags);
    ``timeout_s`` only decides whether a run finishes."""
    fmax_search: str = "auto"
    router: str = "router1"
    timeout_s: float = PNR_TIMEOUT_S
    extra_args: tuple[str, ...] = ()


@dataclass
class PnrResult:
    fits: bool
    fmax_mhz: float | None = None          # best over this seed's runs
    target_mhz: float | None = None        # the run that gave it was constrained to this
    runs: list[dict] = field(default_factory=list)   # every run: target, achieved, seconds, critical path
    seconds: float = 0.0


def _constraints_args(target: Target, work_dir: Path) -> list[str]:
    if target.cells_family != "gowin":
        return []
    cst = work_dir / "pins.cst"
    cst.write_text("".join(f'IO_LOC "{pin}" {GOWIN_PINS[target.name][pin]};\n' for pin in HARNESS_PINS))
    return ["--vopt", f"cst={cst.name}"]


def nextpnr_argv(target: Target, netlist: Path, work_dir: Path, seed: int, freq_mhz: float,
                 settings: PnrSettings, report: str) -> list[str]:
    argv = [target.pnr_tool, *target.pnr_args, *_constraints_args(target, work_dir),
            "--json", str(netlist), "--report", report, "--seed", str(seed),
            "--freq", f"{freq_mhz:g}",
            "--timing-allow-fail"]     # a missed target is a result (the report has the Fmax)
    if settings.router != "router1":
        argv += ["--router", settings.router]
    return argv + list(settings.extra_args)


@dataclass(frozen=True)
class PnrRun:
    """One nextpnr run: whether the design fits, the Fmax it achieved and the path that set it."""
    fits: bool
    achieved_mhz: float | None
    seconds: float
    critical_path: CriticalPath | None = None


def run_nextpnr(target: Target, netlist: Path, work_dir: Path, seed: int,
                freq_mhz: float, settings: PnrSettings = PnrSettings()) -> PnrRun:
    """One nextpnr run at ``freq_mhz``."""
    tag = f"s{seed}_f{freq_mhz:g}"
    report = work_dir / f"report_{tag}.json"
    argv = nextpnr_argv(target, netlist, work_dir, seed, freq_mhz, settings, report.name)
    run = run_tool(argv, work_dir / f"pnr_{tag}.log", cwd=work_dir, timeout_s=settings.timeout_s)
    log_text = run.log_path.read_text(errors="replace")
    if run.returncode != 0:
        if log_says_does_not_fit(log_text):
            return PnrRun(False, None, run.seconds)
        raise UserError(f"place-and-route failed on {target.name}: {failure_summary(run)}",
                        file=run.log_path)
    parsed = parse_nextpnr_report(report.read_text())
    return PnrRun(True, parsed.fmax_mhz, run.seconds, parsed.critical_path)


def place_and_route(target: Target, netlist: Path, work_dir: Path, seed: int, *,
                    settings: PnrSettings = PnrSettings()) -> PnrResult:
    work_dir.mkdir(parents=True, exist_ok=True)
    result = PnrResult(fits=True)
    freq = target.generous_mhz
    search = settings.fmax_search
    two_step = search == "two-step" or (search == "auto" and target.fmax_depends_on_target)
    steps = 2 if two_step else 1
    for _ in range(steps):
        run = run_nextpnr(target, netlist, work_dir, seed, freq, settings)
        achieved = run.achieved_mhz
        result.seconds += run.seconds
        result.runs.append({"target_mhz": freq, "achieved_mhz": achieved, "seconds": round(run.seconds, 3),
                            **({"critical_path": run.critical_path.to_json()} if run.critical_path else {})})
        if not run.fits:
            result.fits = False
            return result
        if achieved is not None and (result.fmax_mhz is None or achieved > result.fmax_mhz):
            result.fmax_mhz, result.target_mhz = achieved, freq
        if achieved is None:
            break
        # Ask for what was achieved (rounded down to 0.1 MHz): the timing-driven placer and
        # router then work on the paths that actually limit the clock.
        freq = math.floor(achieved * 10) / 10
    return result
