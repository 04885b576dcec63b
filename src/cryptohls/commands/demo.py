"""``cryptohls demo``: the main job on defaults.

1. the golden reference models against every published vector set;
2. the case-study AES-128 compiled from C (variant ``aes128-ecb-enc/hls-v2``) and co-simulated on the
   NIST vectors and random golden vectors, next to the hand-written RTL core, with measured cycles;
3. both benchmarked on one FPGA target (synthesis + place and route) and compared in the case study's
   table layout (RTL row, HLS row, delta row).

Each stage runs the same verbs a user would type (`cryptohls sim`, `bench`, `report`), so the demo
shows exactly what those commands produce.
"""

from __future__ import annotations

import sys
import time

from cryptohls.commands.parser import build_parser
from cryptohls.errors import UserError
from cryptohls.golden import selfcheck

VERB = "demo"
HELP = "run the main job: golden models, HLS AES vs hand-written RTL in simulation and on an FPGA flow"

RTL_VARIANT = "aes128-ecb-enc/rtl"
HLS_VARIANT = "aes128-ecb-enc/hls-v2"
STAGES = ("golden", "sim", "bench")


def add_arguments(parser):
    parser.add_argument("--target", default="ecp5",
                        help="FPGA target of the benchmark stage (default ecp5; see `cryptohls bench --help`)")
    parser.add_argument("--stages", default=",".join(STAGES),
                        help=f"comma-separated stages to run, from {','.join(STAGES)} (default: all)")


def _stage(title: str) -> None:
    print(f"\n== {title}", flush=True)


def _verb(*argv: str) -> int:
    """Runs one cryptohls verb in this process, as `cryptohls ARGV` would."""
    args = build_parser().parse_args(list(argv))
    print(f"$ cryptohls {' '.join(argv)}", flush=True)
    status = int(args._run(args) or 0)
    sys.stdout.flush()
    return status


def _golden() -> bool:
    print("The Python reference models (cryptohls.golden) against the published vectors in")
    print("../shared/vectors; every hardware test in the project is judged by these models.")
    started = time.monotonic()
    results = selfcheck.run_all()
    width = max(len(r.name) for r in results)
    for r in results:
        verdict = "PASS" if r.passed else f"FAIL ({r.failures} mismatches)"
        print(f"  {r.name:<{width}}  {r.vectors:>5} vectors  {verdict}")
    print(f"  ({time.monotonic() - started:.1f} s)")
    return all(r.passed for r in results)


def _sim() -> bool:
    print(f"The case-study AES-128 in C ({HLS_VARIANT}) is compiled to Verilog and co-simulated on")
    print("FIPS-197 and 1000 random golden vectors; the hand-written RTL core runs the same workload.")
    print("The last line of each run is the measured latency and interval (cycles).")
    ok = _verb("sim", RTL_VARIANT) == 0
    ok = _verb("sim", HLS_VARIANT) == 0 and ok
    return ok


def _bench(target: str) -> bool:
    print(f"Synthesis and place-and-route of both variants on {target} (one seed; results are cached")
    print("in the results database, so a re-run only redoes what changed), then the comparison table.")
    if _verb("bench", RTL_VARIANT, HLS_VARIANT, "--targets", target) != 0:
        return False
    return _verb("report", "--format", "md", "--variants", RTL_VARIANT, HLS_VARIANT,
                 "--targets", target) == 0


def run(args) -> int:
    stages = [s.strip() for s in args.stages.split(",") if s.strip()]
    unknown = [s for s in stages if s not in STAGES]
    if unknown or not stages:
        raise UserError(f"unknown stage(s) {', '.join(unknown) or '(none given)'}",
                        hint=f"choose from {', '.join(STAGES)}")
    steps = {
        "golden": ("Stage 1: golden reference models on the published test vectors", _golden),
        "sim": ("Stage 2: HLS AES-128 vs hand-written RTL in simulation", _sim),
        "bench": (f"Stage 3: HLS vs RTL on {args.target}", lambda: _bench(args.target)),
    }
    for name in STAGES:
        if name not in stages:
            continue
        title, step = steps[name]
        _stage(title)
        if not step():
            print(f"cryptohls demo: stage '{name}' failed", file=sys.stderr)
            return 1
    return 0
