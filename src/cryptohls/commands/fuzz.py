"""``cryptohls fuzz``: differential testing of the compiler with Csmith programs (docs/fuzzing.md)."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

from cryptohls.bench.engine import ENGINES_HELP, check_scheduler
from cryptohls.commands.progress import progress_bar
from cryptohls.errors import UserError
from cryptohls.fuzz.campaign import Campaign, run_campaign
from cryptohls.fuzz.csmith import PROFILES
from cryptohls.fuzz.trial import Limits
from cryptohls.sim.cosim_shim import DEFAULT_MAX_CYCLES

VERB = "fuzz"
HELP = "compile Csmith programs natively and through cryptohls + Verilator and compare the results"


def add_arguments(parser) -> None:
    parser.add_argument("--count", type=int, default=100, help="programs to run (default 100)")
    parser.add_argument("--seed", type=int, default=1, help="Csmith seed of the first program (default 1)")
    parser.add_argument("--profile", choices=sorted(PROFILES), default="subset",
                        help="Csmith options: subset (only what docs/hls-c-guide.md excludes; default) "
                             "or basic (no pointers, structs, unions, bit-fields, volatiles, jumps)")
    parser.add_argument("--out", type=Path, default=Path("build/fuzz"),
                        help="outcomes.jsonl, summary.json and findings/ (default build/fuzz)")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="programs at a time")
    parser.add_argument("--scheduler", default="threads", metavar="ENGINE", help=f"where programs run: {ENGINES_HELP}; default threads")
    parser.add_argument("--timeout", type=float, default=300.0,
                        help="seconds for one csim or cosim (compile and run) of a program (default 300)")
    parser.add_argument("--max-cycles", type=int, default=DEFAULT_MAX_CYCLES, metavar="N",
                        help=f"cosim: a program whose hardware has not finished after N cycles is a hang "
                             f"(timed out; default {DEFAULT_MAX_CYCLES})")
    parser.add_argument("--reduce", action="store_true",
                        help="shrink each new crash or mismatch with C-Vise into findings/<…>/reduced/")
    parser.add_argument("--json", action="store_true", help="print the summary as JSON")


def run(args) -> int:
    if args.count < 1:
        raise UserError("--count must be at least 1")
    if args.jobs < 1:
        raise UserError("--jobs must be at least 1")
    if args.max_cycles < 1:
        raise UserError("--max-cycles must be at least 1")
    check_scheduler(args.scheduler)
    campaign = Campaign(args.seed, args.count, args.profile, args.out, args.jobs, args.scheduler,
                        Limits(build_s=args.timeout, max_cycles=args.max_cycles))
    with progress_bar(70) as progress:
        summary = run_campaign(campaign, progress=progress)
    table = summary.table()
    (campaign.out / "summary.json").write_text(json.dumps(table, indent=2) + "\n")
    if args.reduce:
        from cryptohls.fuzz.reduce import reduce_finding
        for outcome in summary.findings:
            finding = campaign.out / "findings" / f"{outcome.status}-{outcome.seed}"
            if not (finding / "reduced" / "program.c").is_file():
                try:
                    reduced = reduce_finding(finding, jobs=args.jobs)
                except UserError as error:     # one finding C-Vise cannot shrink; the others still go
                    print(f"cryptohls fuzz: not reduced: {error}", file=sys.stderr)
                    continue
                if reduced is not None:
                    print(f"cryptohls fuzz: reduced {finding.name} to {reduced}", file=sys.stderr)
    if args.json:
        print(json.dumps(table, indent=2))
    else:
        _print_table(table, summary.reused)
    for outcome in summary.findings:
        print(f"cryptohls fuzz: {outcome.status}: seed {outcome.seed}: {outcome.detail or outcome.reason} "
              f"({campaign.out / 'findings' / f'{outcome.status}-{outcome.seed}'})", file=sys.stderr)
    return 1 if summary.findings else 0


def _print_table(table: dict, reused: int) -> None:
    def pct(x):
        return "-" if x is None else f"{100 * x:.1f} %"
    print(f"programs {table['generated']} ({reused} from earlier runs): skipped {table['skipped']} "
          f"(not valid tests natively, or too long for the cycle limit), tested {table['tested']}")
    print(f"refused {table['refused']}, compiled {table['compiled']} (acceptance {pct(table['acceptance'])}); "
          f"matched {table['matched']}, mismatched {table['mismatched']}, crashed {table['crashed']}, "
          f"timed out {table['timed_out']}, harness {table['harness']}")
    cpu = table["cpu_s"]
    if cpu["per_program"] is not None:
        stages = ", ".join(f"{stage} {seconds:g}" for stage, seconds in cpu.items()
                           if stage not in ("total", "per_program") and seconds)
        print(f"CPU {cpu['total']:g} s, {cpu['per_program']:g} s a program ({stages})")
    for title, key in (("refusals", "refusals"), ("crashes", "crashes"), ("skipped", "skips")):
        if table[key]:
            print(f"{title} by reason:")
            for reason, n in table[key].items():
                print(f"  {n:5d}  {reason}")
