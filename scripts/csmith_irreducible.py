"""Csmith programs whose control flow is irreducible (a goto into a loop), through node splitting.

    python scripts/csmith_irreducible.py [--profile jumps] [--seed 1] [--count 300] [--out DIR] [--trial]

For each program: clang -O0, every function tested with `cfg.irreducible_region`; an irreducible
one is split (frontend/node_split.py), the result checked reducible and by `opt-19 -passes=verify`.
With --trial the irreducible programs also run natively, in csim and in cosim (fuzz/trial.py).
Prints one line per irreducible program and a summary (docs/fuzzing.md records a run).
"""

from __future__ import annotations

import argparse
import subprocess
import sys
from pathlib import Path

from cryptohls.errors import UserError
from cryptohls.frontend import cfg, driver
from cryptohls.frontend.llparse import parse_module
from cryptohls.frontend.node_split import SplitTooLarge, SplitUnsupported, make_reducible
from cryptohls.fuzz.csmith import RUNTIME_DIR, generate
from cryptohls.fuzz.trial import Limits, Outcome, check_program


def successors(fn) -> dict[str, list[str]]:
    return {bb.name: [t for k, t in enumerate(bb.instrs[-1].tokens) if k and bb.instrs[-1].tokens[k - 1] == "label"]
            for bb in fn.blocks}


def split_program(directory: Path) -> list[str] | None:
    """The splits of the program's irreducible functions, or None when it has none."""
    text = driver.clang_o0(directory / "program.c", directory / "o0.ll", (str(RUNTIME_DIR),))
    mod = parse_module(text)
    found = [f.name for f in mod.functions.values() if not f.is_declaration
             and cfg.irreducible_region(f.blocks[0].name, successors(f)) is not None]
    if not found:
        return None
    notes = []
    for name in found:
        try:
            text, rep = make_reducible(text, name)
        except (SplitTooLarge, SplitUnsupported) as e:
            notes.append(f"{name}: refused ({e})")
            continue
        after = parse_module(text).functions[name]
        ok = cfg.is_reducible(after.blocks[0].name, successors(after))
        notes.append(f"{name}: {rep.splits} split(s), {rep.copied} of {rep.original} instructions copied"
                     + ("" if ok else " NOT REDUCIBLE"))
    verify = subprocess.run(["opt-19", "-passes=verify", "-disable-output"], input=text, capture_output=True, text=True)
    notes.append("opt verify ok" if verify.returncode == 0 else f"opt verify FAILED: {verify.stderr[:200]}")
    return notes


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--profile", default="jumps")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--count", type=int, default=300)
    ap.add_argument("--out", type=Path, default=Path("build/csmith-irreducible"))
    ap.add_argument("--trial", action="store_true", help="also run natively, in csim and in cosim")
    args = ap.parse_args()
    irreducible, statuses = 0, {}
    for seed in range(args.seed, args.seed + args.count):
        directory = args.out / f"{args.profile}-{seed}"
        try:
            generate(seed, args.profile, directory)
            notes = split_program(directory)
        except UserError as e:
            print(f"{seed}: {e}", flush=True)
            continue
        if notes is None:
            continue
        irreducible += 1
        line = f"{seed}: " + "; ".join(notes)
        if args.trial:
            out = check_program(directory, Outcome(seed, args.profile, "skipped"), Limits())
            statuses[out.status] = statuses.get(out.status, 0) + 1
            line += f"; {out.status}" + (f" ({out.reason})" if out.reason else "")
        print(line, flush=True)
    print(f"{irreducible} of {args.count} programs irreducible" +
          ("; " + ", ".join(f"{v} {k}" for k, v in sorted(statuses.items())) if statuses else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main())
