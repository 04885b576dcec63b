"""``cryptohls bench VARIANT… --targets …``: synthesis + place-and-route, results into the DB."""

from __future__ import annotations

import os
import sys

from cryptohls.bench.db import ResultsDB, default_db_path, results_dir
from cryptohls.bench.engine import check_scheduler
from cryptohls.bench.flow import MEMORY_MODES, BenchOptions, describe, run_bench
from cryptohls.bench.pnr import FMAX_SEARCHES, PNR_TIMEOUT_S, ROUTERS
from cryptohls.bench.strategies import STRATEGIES, parse_strategy
from cryptohls.bench.synth import MAPPINGS, SYNTH_TIMEOUT_S
from cryptohls.bench.targets import TARGETS, parse_targets
from cryptohls.designs import find_variant
from cryptohls.commands.progress import progress_bar
from cryptohls.errors import UserError

VERB = "bench"
HELP = "synthesize, place and route variants on FPGA targets and record the results"


def add_arguments(parser) -> None:
    parser.add_argument("variants", nargs="+", metavar="VARIANT",
                        help="variants as <design>/<variant> (see `cryptohls designs`)")
    parser.add_argument("--targets", default="ecp5",
                        help=f"comma-separated targets from {','.join(TARGETS)} (default: ecp5)")
    parser.add_argument("--seeds", type=int, default=1,
                        help="place-and-route seeds 1..N (default 1); gowin runs 1 seed unless "
                             "--all-seeds (its Fmax is an upper bound; docs/bench.md)")
    parser.add_argument("--all-seeds", action="store_true",
                        help="run --seeds seeds on every target, gowin included")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1,
                        help="parallel jobs: simulation, synthesis and place-and-route runs "
                             "(default: the number of CPUs; with a remote --scheduler its workers' "
                             "threads decide)")
    parser.add_argument("--scheduler", default="local", metavar="ENGINE",
                        help="where jobs run: local (default: a Dask LocalCluster of --jobs worker "
                             "processes on this machine), threads (--jobs threads in this process) or "
                             "the address of a running Dask scheduler, tcp://HOST:PORT (its workers "
                             "must see the results folder at the same path; docs/bench.md)")
    parser.add_argument("--memories", choices=MEMORY_MODES, default=None,
                        help="what synthesis may map memories to: none (default: LUTs and FFs only), "
                             "bram (block RAM; LUT RAM and DSP stay off) or all (block RAM, LUT RAM "
                             "and DSP); the BRAM column counts the block RAMs used")
    parser.add_argument("--allow-bram", action="store_true",
                        help="let synthesis use block RAM, LUT RAM and DSP blocks (= --memories all)")
    parser.add_argument("--area-only", action="store_true",
                        help="synthesis only, no place-and-route: LUTs, FFs and BRAM without Fmax "
                             "(rows recorded apart, seed 0)")
    parser.add_argument("--fmax-search", choices=FMAX_SEARCHES, default="auto",
                        help="two-step: a run at a generous target, then one at the achieved "
                             "Fmax; single: the first only; auto (default): two-step only on "
                             "targets whose Fmax depends on the requested frequency")
    parser.add_argument("--mapping", choices=MAPPINGS, default="delay",
                        help="LUT mapping goal: delay (default: each target's Yosys script as it is, "
                             "abc9 at the best delay of the deepest path, area recovered only off it) "
                             "or area (abc9 with a delay target no path reaches: area recovered "
                             "everywhere, so the LUT count follows the logic; lower Fmax). Rows are "
                             "recorded per mapping; `cryptohls report --mapping` selects them")
    parser.add_argument("--router", choices=ROUTERS, default="router1",
                        help="nextpnr's router: router1 (default, nextpnr's own) or router2, which "
                             "finishes dense designs router1 does not; rows are recorded per router")
    parser.add_argument("--strategies", default="default", metavar="NAME",
                        help="run each variant with the option sets of strategy NAME and keep the best "
                             "TP/area as its figure, every run recorded as its own rows: "
                             + "; ".join(f"{s.name}: {s.what}" for s in STRATEGIES.values())
                             + " (docs/bench.md, \"Strategies\")")
    parser.add_argument("--pnr-timeout", type=float, default=PNR_TIMEOUT_S, metavar="SECONDS",
                        help=f"stop a nextpnr run after SECONDS (default {PNR_TIMEOUT_S:.0f}); its "
                             "variant is then reported as failed, the other rows stand")
    parser.add_argument("--synth-timeout", type=float, default=SYNTH_TIMEOUT_S, metavar="SECONDS",
                        help=f"stop a Yosys run after SECONDS (default {SYNTH_TIMEOUT_S:.0f}; abc9 -dff of "
                             "a 25k-LUT4 core takes longer on a busy machine); its runs are then reported as "
                             "failed, the other rows stand")
    parser.add_argument("--json", action="store_true", help="print the summary as JSON")


def num(value, fmt: str) -> str:
    return "-" if value is None else format(value, fmt)


def memory_mode(args) -> str:
    """--memories, or --allow-bram (its older spelling of "all"); the two must agree."""
    if args.allow_bram and args.memories not in (None, "all"):
        raise UserError(f"--allow-bram contradicts --memories {args.memories}",
                        hint="--allow-bram is --memories all; give one of them")
    return "all" if args.allow_bram else args.memories or "none"


def run(args) -> int:
    import json
    if args.seeds < 1:
        raise UserError("--seeds must be at least 1")
    if args.jobs < 1:
        raise UserError("--jobs must be at least 1")
    if args.pnr_timeout <= 0:
        raise UserError("--pnr-timeout must be a positive number of seconds")
    if args.synth_timeout <= 0:
        raise UserError("--synth-timeout must be a positive number of seconds")
    check_scheduler(args.scheduler)
    strategy = parse_strategy(args.strategies)
    if strategy.name != "default" and args.mapping != "delay":
        raise UserError(f"--mapping {args.mapping} contradicts --strategies {strategy.name}",
                        hint="a strategy sets the mapping of each of its option sets; give one of them")
    targets = tuple(parse_targets(args.targets))
    if args.mapping != "delay":
        fixed = [t.name for t in targets if not t.maps_with_abc9]
        if fixed:
            able = ", ".join(t.name for t in TARGETS.values() if t.maps_with_abc9)
            raise UserError(f"--mapping {args.mapping} is not available on {', '.join(fixed)}",
                            hint=f"its Yosys script does not map LUTs with abc9; use one of {able}")
    variants = []
    for name in args.variants:
        variant = find_variant(name)
        if variant not in variants:
            variants.append(variant)
    memories = memory_mode(args)
    options = BenchOptions(targets, args.seeds, args.jobs, memories == "all", args.fmax_search, args.mapping,
                           scheduler=args.scheduler, all_seeds=args.all_seeds, bram_only=memories == "bram",
                           area_only=args.area_only, router=args.router, pnr_timeout_s=args.pnr_timeout,
                           synth_timeout_s=args.synth_timeout,
                           strategy=strategy.name)
    with ResultsDB(default_db_path()) as db, progress_bar() as progress:
        summary = run_bench(variants, options, db, results_dir() / "work", progress=progress,
                            announce=lambda line: print(f"cryptohls bench: {line}", file=sys.stderr))
    for note in summary.notes:
        print(f"cryptohls bench: note: {note}", file=sys.stderr)
    print(f"cryptohls bench: {summary.computed} new result(s), {summary.reused} reused; "
          f"database {default_db_path()}", file=sys.stderr)
    lines = describe(summary.rows)
    if args.json:
        print(json.dumps(lines, indent=2))
        return 0
    # With several option sets per variant, each line is the best of them and says which won.
    won = any(line["option_sets"] > 1 for line in lines)
    print(f"{'variant':<28} {'target':<9} {'LUTs':>6} {'FFs':>6} {'BRAM':>4} {'Fmax best':>9} {'median':>7} "
          f"{'lat':>4} {'II':>4} {'Mbit/s':>7}" + ("  best of strategies" if won else ""))
    for line in lines:
        if line["status"] != "ok":
            print(f"{line['variant']:<28} {line['target']:<9} {line['luts']:>6} {line['ffs']:>6} "
                  f"{line['brams']:>4} {'does not fit':>17}")
            continue
        print(f"{line['variant']:<28} {line['target']:<9} {line['luts']:>6} {line['ffs']:>6} {line['brams']:>4} "
              f"{num(line['fmax_mhz'], '.1f'):>9} {num(line['fmax_median_mhz'], '.1f'):>7} "
              f"{num(line['latency'], 'd'):>4} {num(line['interval'], 'd'):>4} "
              f"{num(line['throughput_mbps'], '.0f'):>7}"
              + (f"  {line['strategy']} (of {line['option_sets']})" if won else ""))
    return 0
