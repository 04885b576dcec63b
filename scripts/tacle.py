"""Try cryptohls on TACLeBench's programs as they are (Falk et al., WCET 2016; not part of this
repository and never copied into it).

    python scripts/tacle.py BENCH [--out DIR] [--only GLOB] [--timeout S] [--resume]

BENCH is a TACLeBench checkout's `bench/` folder. Every program folder of app/, kernel/, sequential/
and test/ (parallel/ has programs across folders) is one program: all its .c files, as translation
units of their own (`cryptohls csim a.c b.c`), whose `main` runs the program on its own inputs and
returns 0 when its checksum is right. As chstone.py does (whole_program.py): csim, then cosim of the
whole program with `--top main`, the final states of the native and the RTL run compared. Results go
to DIR/results.json and DIR/results.md (default build/tacle), rewritten after every program;
`--resume` runs only the programs not in results.json yet.
"""

from __future__ import annotations

import argparse
import fnmatch
import sys
from pathlib import Path

from whole_program import run_suite

REPO = Path(__file__).resolve().parents[1]
KINDS = ("app", "kernel", "sequential", "test")


def programs(bench: Path) -> dict[str, list[Path]]:
    """kind/name -> the program's .c files."""
    found = {}
    for kind in KINDS:
        for folder in sorted(p for p in (bench / kind).glob("*") if p.is_dir()):
            files = sorted(folder.glob("*.c"))
            if files:
                found[f"{kind}/{folder.name}"] = files
    return found


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("bench", type=Path, help="TACLeBench's bench/ folder (app/, kernel/, sequential/, test/)")
    ap.add_argument("--out", type=Path, default=REPO / "build" / "tacle")
    ap.add_argument("--only", action="append", default=[], help="glob on kind/name, e.g. 'kernel/*' (repeatable)")
    ap.add_argument("--timeout", type=float, default=1800, help="seconds per tool run (default 1800)")
    ap.add_argument("--resume", action="store_true", help="skip the programs DIR/results.json has already")
    args = ap.parse_args(argv)
    every = programs(args.bench.resolve())
    if not every:
        print(f"tacle: {args.bench} has no program folders under {', '.join(KINDS)}: not TACLeBench's bench/",
              file=sys.stderr)
        return 2
    return run_suite(every, [n for n in every if any(fnmatch.fnmatch(n, g) for g in args.only or ["*"])], args.out,
                     args.timeout, args.resume)


if __name__ == "__main__":
    sys.exit(main())
