"""``cryptohls csim``: compile the HLS source and its C testbench natively, run, exit with its status."""

from __future__ import annotations

import shlex
import tempfile
from pathlib import Path

from cryptohls.errors import UserError
from cryptohls.sim.csim import build_csim, run_testbench
from cryptohls.sim.program_run import run_program_csim

VERB = "csim"
HELP = ("compile the C source and its C testbench natively and run it (exit status = the testbench's); "
        "without --tb the source is a whole program (--top main by default)")


def add_arguments(parser):
    parser.add_argument("src", type=Path, nargs="+", help="HLS source file (.c or .cpp); several: the design's translation "
                        "units, linked (the top in any of them)")
    parser.add_argument("--tb", type=Path, help="C/C++ testbench with main(); without it SRC is a whole program")
    parser.add_argument("--top", help="top function (checked to be defined in SRC); without --tb: the program's "
                                      "top, a function without arguments (default main)")
    parser.add_argument("-I", dest="include_dirs", action="append", type=Path, default=[], metavar="DIR",
                        help="extra include directory (repeatable)")
    parser.add_argument("-D", dest="defines", action="append", default=[], metavar="NAME[=VALUE]",
                        help="preprocessor define (repeatable)")
    parser.add_argument("-o", "--build-dir", type=Path, help="keep the build here (default: a temporary folder)")
    parser.add_argument("--arg", dest="tb_args", action="append", default=[], metavar="ARG",
                        help="argument passed to the testbench (repeatable, in order)")
    add_ldflags_argument(parser)


def add_ldflags_argument(parser) -> None:
    """--ldflags, as Vitis's csim_design -ldflags: extra linker arguments for the testbench (also cosim)."""
    parser.add_argument("--ldflags", action="append", default=[], metavar="FLAGS",
                        help="extra link flags for the testbench, e.g. --ldflags=-lcrypto or "
                             "--ldflags='-L/opt/lib -lssl -lcrypto' (repeatable; with --tb)")


def ldflags(args) -> list[str]:
    return [flag for text in args.ldflags for flag in shlex.split(text)]


def run(args) -> int:
    if args.build_dir:
        return _build_and_run(args, args.build_dir)
    with tempfile.TemporaryDirectory(prefix="cryptohls-csim-") as tmp:
        return _build_and_run(args, Path(tmp))


def _build_and_run(args, build_dir: Path) -> int:
    if args.tb is None:
        if args.ldflags:
            raise UserError("--ldflags needs --tb (a whole program is linked with its generated harness)")
        return run_program_csim(args.src[0], args.top or "main", build_dir, include_dirs=args.include_dirs,
                                defines=args.defines, args=args.tb_args, more_sources=args.src[1:])
    exe = build_csim(args.src[0], args.tb, build_dir, top=args.top, include_dirs=args.include_dirs,
                     defines=args.defines, ldflags=ldflags(args), more_sources=args.src[1:])
    return run_testbench(exe, args.tb_args)

