"""``cryptohls cosim``: the C testbench, unchanged, against the generated RTL (Verilator).

Prints the testbench's output, then as the last stdout line a JSON object with the cycles per call
of the top function (min/max/mean); the exit status is the testbench's.
"""

from __future__ import annotations

from pathlib import Path

from cryptohls.commands.csim import add_ldflags_argument, ldflags
from cryptohls.errors import UserError
from cryptohls.hls import DEFAULTS
from cryptohls.sim.cosim import MODEL_OPT, MODEL_OPT_LEVELS, run_cosim
from cryptohls.sim.cosim_shim import CYCLE_LIMIT_STATUS, DEFAULT_MAX_CYCLES
from cryptohls.sim.program_run import run_program_cosim

VERB = "cosim"
HELP = ("run the C testbench against the RTL generated from SRC (Verilator); exit status = the testbench's; "
        "without --tb SRC is a whole program whose final state is compared with the native run's")


def add_arguments(parser):
    parser.add_argument("src", type=Path, nargs="+", help="HLS source file (.c or .cpp); several: the design's translation "
                        "units, linked (the top in any of them)")
    parser.add_argument("--tb", type=Path, help="C/C++ testbench with main(); without it the top (main, or a "
                                                "function without arguments) is a whole program")
    parser.add_argument("--top", required=True, help="top function")
    parser.add_argument("-o", "--out-dir", type=Path, required=True,
                        help="compiler output folder (F.v, report.json); the cosim build goes to DIR/cosim")
    parser.add_argument("--clock-ns", type=float, default=DEFAULTS.clock_ns,
                        help=f"clock period in ns (default {DEFAULTS.clock_ns:g})")
    parser.add_argument("--wave", type=Path, metavar="FILE.vcd|FILE.fst", help="write a waveform")
    parser.add_argument("--use-existing", action="store_true",
                        help="DIR already holds F.v and report.json: skip the HLS compile")
    parser.add_argument("--max-cycles", type=int, default=DEFAULT_MAX_CYCLES, metavar="N",
                        help=f"a call that has not asserted ap_done after N cycles stops the run with exit "
                             f"status {CYCLE_LIMIT_STATUS} (default {DEFAULT_MAX_CYCLES})")
    parser.add_argument("--model-opt", type=int, choices=MODEL_OPT_LEVELS, default=MODEL_OPT, metavar="N",
                        help=f"optimisation level of the Verilated model's C++ build (default {MODEL_OPT}; "
                             f"0 builds a large model about 4x faster and simulates it slower, and skips Verilator's DFG "
                             f"optimiser)")
    parser.add_argument("-I", dest="include_dirs", action="append", type=Path, default=[], metavar="DIR",
                        help="extra include directory (repeatable)")
    parser.add_argument("-D", dest="defines", action="append", default=[], metavar="NAME[=VALUE]",
                        help="preprocessor define (repeatable)")
    parser.add_argument("--arg", dest="tb_args", action="append", default=[], metavar="ARG",
                        help="argument passed to the testbench (repeatable, in order)")
    add_ldflags_argument(parser)


def run(args) -> int:
    if args.wave is not None and args.wave.suffix not in (".vcd", ".fst"):
        raise UserError(f"--wave must end in .vcd or .fst: {args.wave}")
    if args.max_cycles < 1:
        raise UserError("--max-cycles must be at least 1")
    options = dict(tb_args=args.tb_args, clock_ns=args.clock_ns, include_dirs=args.include_dirs,
                   defines=args.defines, wave=args.wave, use_existing=args.use_existing,
                   max_cycles=args.max_cycles, model_opt=args.model_opt)
    if args.tb is None:   # a whole program: its final state against the native run's
        if args.ldflags:
            raise UserError("--ldflags needs --tb (a whole program is linked with its generated harness)")
        stats = run_program_cosim(args.src[0], args.top, args.out_dir, more_sources=args.src[1:], **options)
    else:
        stats = run_cosim(args.src[0], args.tb, args.top, args.out_dir, ldflags=ldflags(args),
                          more_sources=args.src[1:], **options)
    print(stats.to_json(), flush=True)
    return stats.status
