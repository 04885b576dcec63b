"""``cryptohls codesign``: seed 004's HW/SW co-design tables for designs/aes-codesign (cryptohls.experiments.codesign)."""

from __future__ import annotations

import sys
import time
from pathlib import Path

from cryptohls.experiments import codesign
from cryptohls.designs import repo_root
from cryptohls.errors import UserError
from cryptohls.report.doc_table import check_markers, write_table

VERB = "codesign"
HELP = ("build the PicoRV32 + accelerator system of designs/aes-codesign, run its configurations and print "
        "seed 004's Table II (cycles, speed-up); --area adds Table I (ecp5 LUT4/FF per module via the bench)")


def add_arguments(parser):
    parser.add_argument("--configs", default=",".join(c.name for c in codesign.CONFIGS),
                        help="comma-separated configurations to run (default all): "
                             + ", ".join(c.name for c in codesign.CONFIGS))
    parser.add_argument("--area", action="store_true",
                        help="also benchmark each module (CPU, arbiter, MMIO, port adapter, accelerators) on "
                             "ecp5 with one seed through the bench flow and print Table I")
    parser.add_argument("--area-only", action="store_true",
                        help="with --area: synthesis only, no place-and-route (no Fmax)")
    parser.add_argument("--jobs", type=int, default=1, help="bench jobs at a time for --area (default 1)")
    parser.add_argument("--build", type=Path, default=None,
                        help="build folder (default <repo>/build/codesign)")
    parser.add_argument("--doc", type=Path, default=None,
                        help="also write the tables between the codesign-table (and, with --area, "
                             "codesign-area) markers of this Markdown file")


def _command(args) -> str:
    parts = ["cryptohls codesign"]
    if args.configs != ",".join(c.name for c in codesign.CONFIGS):
        parts.append(f"--configs {args.configs}")
    if args.area:
        parts.append("--area")
    if args.area_only:
        parts.append("--area-only")
    if args.doc:
        parts.append(f"--doc {args.doc}")
    return " ".join(parts)


def run(args) -> int:
    configs = codesign.select_configs(args.configs)
    if args.jobs < 1:
        raise UserError("--jobs must be at least 1")
    if args.area_only and not args.area:
        raise UserError("--area-only needs --area")
    if args.doc:
        check_markers(args.doc, codesign.CYCLES_TABLE, *([codesign.AREA_TABLE] if args.area else []))
    codesign.check_tools()
    build = (args.build or repo_root() / "build" / "codesign").resolve()

    def log(message: str) -> None:
        print(f"cryptohls codesign: {message}", file=sys.stderr, flush=True)

    started = time.monotonic()
    try:
        runs = codesign.run_configs(build, configs, log=log)
    except codesign.CodesignError as err:
        print(f"cryptohls codesign: error: {err}", file=sys.stderr)
        return 1
    command = _command(args)
    cycles = (f"{codesign.cycles_table(runs)}\n\n{codesign.CYCLES_NOTE} Produced by `{command}` "
              f"({time.monotonic() - started:.0f} s wall).")
    print("Table II (cycles per block)\n")
    print(cycles)
    if args.doc:       # before the bench: a failed bench job (exit 2, every other row kept) leaves Table II written
        write_table(args.doc, codesign.CYCLES_TABLE, cycles)
        log(f"Table II written to {args.doc}")
    if args.area:
        started = time.monotonic()
        result = codesign.measure_area(jobs=args.jobs, area_only=args.area_only)
        expected = "'codesign_module' cannot be simulated"    # every module: Table II has the system's cycles
        for note in result.notes:
            if expected not in note:
                log(f"note: {note}")
        area = (f"{codesign.area_table(result.lines)}\n\n{codesign.AREA_NOTE} Produced by `{command}` "
                f"(bench part: {time.monotonic() - started:.0f} s wall, {result.computed} row(s) computed, "
                f"{result.reused} reused from the results database, whose inputs were unchanged).")
        print("\nTable I (area per module, ecp5)\n")
        print(area)
        if args.doc:
            write_table(args.doc, codesign.AREA_TABLE, area)
            log(f"Table I written to {args.doc}")
    return 0
