"""``cryptohls explore SRC --top F --tb TB --space SPACE.toml``: every point of a define/clock/memory
space compiled, checked (csim = cosim), benchmarked, tabulated and plotted with its Pareto front."""

from __future__ import annotations

import os
import shlex
import sys
from pathlib import Path

from cryptohls.bench.engine import check_scheduler
from cryptohls.bench.targets import TARGETS, parse_targets
from cryptohls.commands.progress import progress_for
from cryptohls.errors import UserError
from cryptohls.explore.output import write_outputs
from cryptohls.explore.run import ExploreOptions, explore
from cryptohls.explore.space import parse_space
from cryptohls.hls import DEFAULTS

VERB = "explore"
HELP = ("compile every point of a directive/define space (SPACE.toml), check each in cosim against csim, "
        "benchmark them and write a table and a throughput-vs-area Pareto plot")


def add_arguments(parser) -> None:
    parser.add_argument("src", type=Path, help="HLS source file (.c or .cpp)")
    parser.add_argument("--top", required=True, help="top function")
    parser.add_argument("--tb", type=Path, required=True, help="C/C++ testbench with main() (exit 0 = pass)")
    parser.add_argument("--space", type=Path, required=True, metavar="SPACE.toml",
                        help="the axes to explore (docs/exploration.md, \"cryptohls explore\")")
    parser.add_argument("--clock-ns", type=float, default=DEFAULTS.clock_ns,
                        help=f"clock period of points without a clock_ns axis (default {DEFAULTS.clock_ns:g})")
    parser.add_argument("--targets", default="ecp5",
                        help=f"comma-separated targets from {','.join(TARGETS)} (default: ecp5)")
    parser.add_argument("--seeds", type=int, default=1, help="place-and-route seeds 1..N (default 1)")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1,
                        help="parallel cosims and bench jobs (default: the number of CPUs)")
    parser.add_argument("--scheduler", default="local", metavar="ENGINE",
                        help="where bench jobs run: local (Dask LocalCluster), threads or tcp://HOST:PORT "
                             "(as `cryptohls bench`)")
    parser.add_argument("--area-only", action="store_true",
                        help="synthesis only, no place-and-route: throughput at the requested clock")
    parser.add_argument("-I", dest="include_dirs", action="append", type=Path, default=[], metavar="DIR",
                        help="extra include directory (repeatable)")
    parser.add_argument("-D", dest="defines", action="append", default=[], metavar="NAME[=VALUE]",
                        help="preprocessor define for every point (repeatable)")
    parser.add_argument("--arg", dest="tb_args", action="append", default=[], metavar="ARG",
                        help="argument passed to the testbench (repeatable)")
    parser.add_argument("-o", "--out", type=Path, default=Path("build/explore"),
                        help="output folder: explore.md/.csv/.json, pareto.png/.html, and the results "
                             "database and work folders the bench reuses on a re-run (default build/explore)")


def run(args) -> int:
    if args.seeds < 1:
        raise UserError("--seeds must be at least 1")
    if args.jobs < 1:
        raise UserError("--jobs must be at least 1")
    if not args.clock_ns > 0:
        raise UserError(f"--clock-ns must be positive (got {args.clock_ns:g})")
    for path, what in ((args.src, "source"), (args.tb, "testbench")):
        if not path.is_file():
            raise UserError(f"{what} file not found", file=path)
    check_scheduler(args.scheduler)
    targets = tuple(parse_targets(args.targets))
    space = parse_space(args.space, clock_ns=args.clock_ns, defines=tuple(args.defines))
    opts = ExploreOptions(src=args.src.resolve(), tb=args.tb.resolve(), top=args.top, targets=targets,
                          seeds=args.seeds, jobs=args.jobs, scheduler=args.scheduler, area_only=args.area_only,
                          include_dirs=tuple(d.resolve() for d in args.include_dirs), tb_args=tuple(args.tb_args))
    out = args.out.resolve()
    print(f"cryptohls explore: {len(space.points)} point(s) from {args.space}", file=sys.stderr)
    results, failures = explore(opts, space, out, progress_factory=lambda: progress_for("cryptohls explore: bench"))
    command = "cryptohls explore " + " ".join(shlex.quote(a) for a in sys.argv[2:]) \
        if len(sys.argv) > 1 and sys.argv[1] == "explore" else f"cryptohls explore {args.src} --space {args.space}"
    written = write_outputs(space, results, out, command, args.area_only)
    for failure in failures:
        print(f"cryptohls explore: bench: {failure}", file=sys.stderr)
    failed = [r for r in results if not r.passed]
    for result in failed:
        print(f"cryptohls explore: FAILED {result.point.label}: {result.status}: {result.detail}", file=sys.stderr)
    print(f"cryptohls explore: {len(results) - len(failed)} of {len(results)} point(s) passed; wrote "
          f"{', '.join(p.name for p in written)} in {out}", file=sys.stderr)
    print((out / "explore.md").read_text(), end="")
    return 1 if failed else 0
