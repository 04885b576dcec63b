"""``cryptohls verify``: C-to-RTL equivalence of one call, and secret-independent timing of a compiled
core (diagnosed on the IR, proved on the Verilog with a self-composition miter); docs/verify.md."""

from __future__ import annotations

import json
import sys
from pathlib import Path

from cryptohls.commands.compile import secret_names
from cryptohls.hls import DEFAULTS, CompileOptions
from cryptohls.errors import UserError
from cryptohls.verify import VerifyRequest, exit_status, verify
from cryptohls.verify.library import variant_request

VERB = "verify"
HELP = "prove that a compiled core computes what its C computes and that its timing does not depend on its secrets"


def add_arguments(parser):
    parser.add_argument("src", help="C or C++ source file, or a variant of the library (DESIGN/VARIANT: an HLS "
                                    "variant's source, top, clock and declared secrets; of an LWC variant, RTL or "
                                    "HLS, its CipherCore)")
    parser.add_argument("--top", help="top function (required with a source file)")
    parser.add_argument("--secret", action="append", default=[], metavar="ARG[,ARG]",
                        help="the secret arguments (key, plaintext, nonce, ... as the design chooses); "
                             "NAME[LO..HI]: elements of an array; STREAM.FIELD: one field of a stream "
                             "(bdi.bdi: the LWC data word, its types, sizes and last flags public)")
    parser.add_argument("--clock-ns", type=float, default=DEFAULTS.clock_ns,
                        help=f"clock period in ns (default {DEFAULTS.clock_ns:g})")
    parser.add_argument("--no-equivalence", dest="equivalence", action="store_false",
                        help="skip the C-to-RTL equivalence check (only the secret-independence proof)")
    parser.add_argument("--transactions", type=int, default=2,
                        help="calls covered by the bounded proof (default 2)")
    parser.add_argument("--cycles", type=int, help="cycles to check instead (after the reset cycle)")
    parser.add_argument("--miter-solver", choices=("z3", "yosys"), default="z3",
                        help="how the secret-independence miter is decided: z3 (functional unrolling, the "
                             "default) or yosys (its sat command)")
    parser.add_argument("--no-replay", dest="replay", action="store_false",
                        help="do not replay a secret-independence counterexample in cosim")
    parser.add_argument("--timeout", type=int, default=600, help="the solver's time limit in seconds (default 600)")
    parser.add_argument("-o", "--out", type=Path, default=None, help="work folder (default build/verify/<top>)")
    parser.add_argument("-I", dest="include_dirs", action="append", default=[], help="include directory")
    parser.add_argument("-D", dest="defines", action="append", default=[], help="preprocessor define")


def run(args) -> int:
    for name, value in (("--transactions", args.transactions), ("--cycles", args.cycles), ("--timeout", args.timeout)):
        if value is not None and value < 1:
            print(f"cryptohls verify: error: {name} must be at least 1 (got {value})", file=sys.stderr)
            return 2
    common = dict(transactions=args.transactions, cycles=args.cycles, timeout_s=args.timeout,
                  equivalence=args.equivalence, miter_solver=args.miter_solver, replay=args.replay)
    if Path(args.src).suffix in (".c", ".cc", ".cpp", ".cxx", ".h", ".hpp") or Path(args.src).is_file():
        if not args.top:
            raise UserError("--top is required with a source file", hint=f"cryptohls verify {args.src} --top FUNCTION")
        options = CompileOptions(clock_ns=args.clock_ns, include_dirs=tuple(args.include_dirs),
                                 defines=tuple(args.defines))
        out = args.out or Path("build") / "verify" / args.top
        request = VerifyRequest(Path(args.src), args.top, secret_names(args.secret), out, options, **common)
    else:
        if args.top:
            raise UserError(f"--top is not used with a variant ({args.src} names its own top)")
        request = variant_request(args.src, args.out, secrets=secret_names(args.secret), **common)
    out = request.out_dir
    summary = verify(request)
    eq = summary.get("equivalence_check")
    if eq is not None:
        detail = {"proved": "", "unknown": f" ({eq.get('reason', '')})",
                  "counterexample": f": {eq.get('reason', '')} differs for inputs {json.dumps(eq.get('inputs'))}"}
        print(f"equivalence over {eq['bound']}: {eq['status']}{detail[eq['status']]} in {eq['seconds']} s",
              file=sys.stderr)
        if "testbench" in eq:
            tb = eq["testbench"]
            print(f"replay: cryptohls csim {request.src} --tb {tb} --top {request.top}; "
                  f"cryptohls cosim {request.src} --tb {tb} --top {request.top}", file=sys.stderr)
    for leak in summary["leaks"]:
        print(f"{leak['file']}:{leak['line']}:{leak['col']}: secret-dependent timing: {leak['why']}", file=sys.stderr)
    miter = summary.get("miter")
    if miter is None:
        print(json.dumps(summary))
        return exit_status(summary)
    if miter["status"] == "counterexample":
        pairs = "; ".join(f"{name}: {v.get('x', '?')} vs {v.get('y', '?')}" for name, v in miter["secrets"].items())
        print(f"counterexample: the control outputs differ at cycle {miter['first_difference']} "
              f"with secrets {pairs} (log: {out / 'miter' / ('yosys.log' if miter['solver'] == 'yosys' else 'miter_query.smt2')})",
              file=sys.stderr)
        rp = miter.get("replay")
        if rp and rp["status"] == "replayed":
            print(f"replay in cosim: copy x's call takes {rp['cycles']['x']} cycles, copy y's {rp['cycles']['y']} "
                  f"({rp['command']})", file=sys.stderr)
        elif rp:
            print(f"replay in cosim: {rp['reason']}", file=sys.stderr)
    print(f"miter over {miter['bound']}: {miter['status']} in {miter['seconds']} s", file=sys.stderr)
    ind = miter.get("induction") or {}
    if miter["status"] != "proved" and ind.get("out_of_time"):
        # not a failed induction: an unfinished one (the limit is wall-clock, so a loaded machine ends it sooner)
        print(f"the induction ran out of its {ind['time_limit_s']} s, a quarter of --timeout, after "
              f"{ind['seconds']} s (depth {ind['depth']} tried last), before it decided; a longer --timeout "
              "gives it more", file=sys.stderr)
    print(json.dumps(summary))
    return exit_status(summary)
