"""``cryptohls compile``: HLS-ready C/C++ → Verilog + report.json + report.txt (contract C4)."""

from __future__ import annotations

import shlex
import sys
from pathlib import Path

from cryptohls.frontend.library_calls import IGNORED
from cryptohls.hls import DEFAULTS, compile_file

VERB = "compile"
HELP = "compile HLS C/C++ (#pragma HLS) to Verilog with a synthesis report"


def add_arguments(parser):
    parser.add_argument("src", type=Path, nargs="+", help="C or C++ source file; several: the translation units "
                        "of one program, linked (as Vitis's add_files)")
    parser.add_argument("--top", required=True, help="top function")
    parser.add_argument("--clock-ns", type=float, default=DEFAULTS.clock_ns,
                        help=f"clock period in ns (default {DEFAULTS.clock_ns:g})")
    parser.add_argument("--target", default=DEFAULTS.target,
                        help=f"delay model: ecp5, ice40, gowin, xc7 (default {DEFAULTS.target})")
    parser.add_argument("-o", "--out", type=Path, required=True, help="output directory")
    parser.add_argument("-I", dest="include_dirs", action="append", default=[], help="include directory")
    parser.add_argument("-D", dest="defines", action="append", default=[], help="preprocessor define")
    parser.add_argument("--secret", action="append", default=[], metavar="ARG[,ARG]",
                        help="arguments whose values are secret: report every FSM transition, loop exit, "
                             "stream handshake or call whose timing depends on them (report.json \"leaks\")")
    parser.add_argument("--clock-port", default=DEFAULTS.clock_port,
                        help=f"name of the top module's clock port (default {DEFAULTS.clock_port}; e.g. clk_i "
                             "for a core in the LWC frame)")
    parser.add_argument("--reset-port", default=DEFAULTS.reset_port,
                        help=f"name of its synchronous, active-high reset port (default {DEFAULTS.reset_port})")
    parser.add_argument("--skip-pass", action="append", default=[], help="skip an IR pass (debugging)")
    parser.add_argument("--dump-ir-dir", type=Path, help="write the IR after every pass to this directory")


def secret_names(values: list[str]) -> tuple[str, ...]:
    """``--secret key,pt --secret nonce`` -> ("key", "pt", "nonce"), in order, each once."""
    names: list[str] = []
    for value in values:
        for name in value.split(","):
            if name.strip() and name.strip() not in names:
                names.append(name.strip())
    return tuple(names)


def run(args) -> int:
    command = "cryptohls " + " ".join(shlex.quote(a) for a in sys.argv[1:]) if sys.argv and \
        sys.argv[0].endswith("cryptohls") else None
    result = compile_file(args.src[0], args.top, clock_ns=args.clock_ns, target=args.target, out_dir=args.out,
                          include_dirs=tuple(args.include_dirs), defines=tuple(args.defines), command=command,
                          skip_passes=tuple(args.skip_pass), dump_ir_dir=args.dump_ir_dir,
                          secrets=secret_names(args.secret), clock_port=args.clock_port,
                          reset_port=args.reset_port, more_sources=tuple(args.src[1:]))
    for warning in result.report.get("warnings", []):   # as Vitis: one line per dropped printf call site
        if warning.endswith(IGNORED):
            file_line, _, what = warning.partition(": ")
            print(f"{file_line}: warning: {what}", file=sys.stderr)
    lat, dataflow = result.report["latency"], result.report.get("dataflow")
    if dataflow and lat["min"] is None:   # free-running processes: no static latency
        n_proc, n_chan = len(dataflow["processes"]), len(dataflow["channels"])
        print(f"{result.verilog_path}: DATAFLOW of {n_proc} process{'es' if n_proc != 1 else ''} and "
              f"{n_chan} channel{'s' if n_chan != 1 else ''} at {args.clock_ns:g} ns (latency and interval: "
              f"measured by `cryptohls sim` / cosim)", file=sys.stderr)
    else:
        print(f"{result.verilog_path}: latency {lat['min']}..{lat['max'] if lat['max'] is not None else '?'} "
              f"cycles at {args.clock_ns:g} ns", file=sys.stderr)
    if "secret_independent" in result.report:
        for leak in result.report["leaks"]:
            print(f"{leak['file']}:{leak['line']}:{leak['col']}: warning: secret-dependent timing: {leak['why']}",
                  file=sys.stderr)
        verdict = "yes" if result.report["secret_independent"] else "NO"
        print(f"secret-independent timing ({', '.join(result.report['secrets'])}): {verdict}", file=sys.stderr)
    return 0
