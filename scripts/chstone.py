"""Try cryptohls on CHStone, the HLS benchmark suite of seed 002's Table I, as it is.

    python scripts/chstone.py SRC [--out DIR] [--only NAME] [--timeout S] [--resume]

SRC is a CHStone checkout's folder of programs (`adpcm/`, `aes/`, ... `sha/`; Hara et al., ISCAS 2008;
not part of this repository and never copied into it). Each program is one translation unit whose
`main` runs it on its own test vectors and returns `main_result`, the number of wrong outputs (0 when
right). For each program the script runs, as a user would:

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
import json
import sys
from dataclasses import dataclass, field
from pathlib import Path

from third_party import (COMPILER_FAULTS, compile_status, counts_line, first_error, is_cosim_summary, load_results,
                         native_undefined_behaviour, run, save_results)

REPO = Path(__file__).resolve().parents[1]

# each program's file with `main` (CHStone's own names; the others are #included by it)
PROGRAMS = {
    "adpcm": "adpcm/adpcm.c", "aes": "aes/aes.c", "blowfish": "blowfish/bf.c", "dfadd": "dfadd/dfadd.c",
    "dfdiv": "dfdiv/dfdiv.c", "dfmul": "dfmul/dfmul.c", "dfsin": "dfsin/dfsin.c", "gsm": "gsm/gsm.c",
    "jpeg": "jpeg/main.c", "mips": "mips/mips.c", "motion": "motion/mpeg2.c", "sha": "sha/sha_driver.c",
}


@dataclass
class Outcome:
    name: str
    status: str
    seconds: float
    message: str = ""
    cycles: dict = field(default_factory=dict)


def run_program(name: str, src: Path, out: Path, timeout: float) -> Outcome:
    work = out / name
    code, text, secs = run(["cryptohls", "csim", str(src), "-o", str(work / "csim")], timeout)
    if code != 0:
        return Outcome(name, "timeout" if code is None else "csim-failed", round(secs, 1),
                       first_error(text) or f"main returned {code}")
    code, text, more = run(["cryptohls", "cosim", str(src), "--top", "main", "-o", str(work)], timeout)
    secs += more
    summary = [ln for ln in text.splitlines() if is_cosim_summary(ln)]
    cycles = json.loads(summary[-1]) if summary else {}
    if code == 0:
        return Outcome(name, "cosim-passed", round(secs, 1), "", cycles)
    if code == 1 and cycles:   # the RTL ran and differs from the native run: a wrong answer, unless
        diffs = [ln for ln in text.splitlines() if ln.startswith("cosim: main: ")]
        message = f"{len(diffs)} differences, first: {diffs[0]}" if diffs else first_error(text)
        ub = native_undefined_behaviour(src, [], work, timeout)   # the C itself has no defined answer
        if ub is not None:
            return Outcome(name, "cosim-failed-native-ub", round(secs, 1),
                           f"{message}; the native run has undefined behaviour: {ub}", cycles)
        return Outcome(name, "cosim-failed", round(secs, 1), message, cycles)
    return Outcome(name, compile_status(code, text) if code != 1 else "cosim-failed", round(secs, 1),
                   first_error(text) or f"exit status {code}", cycles)


def markdown(outcomes: list[Outcome]) -> str:
    rows = ["| program | result | cycles (cosim, whole program) | seconds | message |", "|---|---|---|---|---|"]
    for o in outcomes:
        rows.append(f"| {o.name} | {o.status} | {o.cycles.get('cycles_min', '')} | {o.seconds} | "
                    f"{o.message.replace('|', '/')} |")
    return "\n".join(rows) + "\n"


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
    args.out = args.out.resolve()
    args.out.mkdir(parents=True, exist_ok=True)
    done: dict[str, Outcome] = load_results(args.out, Outcome)
    order = {n: k for k, n in enumerate(PROGRAMS)}
    todo = [n for n in PROGRAMS if (not args.only or n in args.only) and not (args.resume and n in done)]
    for k, name in enumerate(todo, 1):
        o = run_program(name, src / PROGRAMS[name], args.out, args.timeout)
        done[name] = o
        save_results(args.out, done, order, markdown)
        print(f"[{k}/{len(todo)}] {name}: {o.status} in {o.seconds:.0f} s"
              + (f", {o.cycles['cycles_min']} cycles" if "cycles_min" in o.cycles else "")
              + (f" — {o.message}" if o.message else ""), flush=True)
    print(counts_line(list(done.values()), args.out))
    return 1 if any(o.status in (*COMPILER_FAULTS, "cosim-failed") for o in done.values()) else 0


if __name__ == "__main__":
    sys.exit(main())
