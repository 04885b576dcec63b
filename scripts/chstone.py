"""Try cryptohls on CHStone, the HLS benchmark suite of seed 002's Table I, as it is.

    python scripts/chstone.py SRC [--out DIR] [--only NAME] [--timeout S] [--resume]

SRC is a CHStone checkout's folder of programs (`adpcm/`, `aes/`, ... `sha/`; Hara et al., ISCAS 2008;
not part of this repository and never copied into it). Each program is one translation unit whose
`main` runs it on its own test vectors and returns `main_result`, the number of wrong outputs (0 when
right). For each program the script runs, as a user would (whole_program.py, shared with tacle.py):

- `cryptohls csim FILE` (the native run: it must return 0, else the program or its C is at fault);
- `cryptohls cosim FILE --top main`: the whole program, `main` included, becomes the hardware; its
  RTL's exit status and every global at the end are compared with the native run's (exit 1 with
  `cosim: main: ...` lines is a wrong answer of the compiler). Its cycles are the whole program's.

Outcomes: csim-failed, refused (a located error, exit 2), internal-error (3), crash (a traceback or
another status), timeout, cosim-passed, cosim-failed, cosim-failed-native-ub (a difference where gcc's
AddressSanitizer/UndefinedBehaviorSanitizer finds undefined behaviour in the native run: CHStone's
motion shifts a 32-bit word by 200 unless built with -D RAND_VAL). Results go to DIR/results.json and
DIR/results.md (default build/chstone), rewritten after every program; `--resume` runs only the
programs not in results.json yet.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from whole_program import run_suite

REPO = Path(__file__).resolve().parents[1]

# each program's file with `main` (CHStone's own names; the others are #included by it)
PROGRAMS = {
    "adpcm": "adpcm/adpcm.c", "aes": "aes/aes.c", "blowfish": "blowfish/bf.c", "dfadd": "dfadd/dfadd.c",
    "dfdiv": "dfdiv/dfdiv.c", "dfmul": "dfmul/dfmul.c", "dfsin": "dfsin/dfsin.c", "gsm": "gsm/gsm.c",
    "jpeg": "jpeg/main.c", "mips": "mips/mips.c", "motion": "motion/mpeg2.c", "sha": "sha/sha_driver.c",
}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("src", type=Path, help="CHStone's folder of programs (adpcm/, aes/, ...)")
    ap.add_argument("--out", type=Path, default=REPO / "build" / "chstone")
    ap.add_argument("--only", action="append", default=[], choices=sorted(PROGRAMS),
                    help="a program (repeatable; default all twelve)")
    ap.add_argument("--timeout", type=float, default=1800, help="seconds per tool run (default 1800)")
    ap.add_argument("--resume", action="store_true", help="skip the programs DIR/results.json has already")
    args = ap.parse_args(argv)
    src = args.src.resolve()
    missing = [p for p in PROGRAMS.values() if not (src / p).is_file()]
    if missing:
        print(f"chstone: {src} lacks {', '.join(missing)}: not a CHStone folder of programs", file=sys.stderr)
        return 2
    programs = {name: [src / file] for name, file in PROGRAMS.items()}
    return run_suite(programs, [n for n in PROGRAMS if not args.only or n in args.only], args.out, args.timeout,
                     args.resume)


if __name__ == "__main__":
    sys.exit(main())
