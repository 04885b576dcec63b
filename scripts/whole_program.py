"""A benchmark suite's program run as it is, whole (CHStone: chstone.py, TACLeBench: tacle.py): its
`main` checks its own outputs, natively and then as hardware, and cosim compares the two runs' final
states. One program may be several files (`cryptohls csim a.c b.c`)."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path

from third_party import (COMPILER_FAULTS, compile_status, counts_line, first_error, is_cosim_summary, load_results,
                         native_undefined_behaviour, run, save_results)


@dataclass
class Outcome:
    name: str
    status: str
    seconds: float
    message: str = ""
    cycles: dict = field(default_factory=dict)


def run_program(name: str, files: list[Path], out: Path, timeout: float, flags: list[str] = ()) -> Outcome:
    """csim (the native run must exit 0, else the program or its C is at fault), then `cosim --top main`:
    the whole program, `main` included, becomes the hardware; exit 1 with `cosim: main: ...` lines is a
    wrong answer of the compiler, unless gcc's sanitizers find undefined behaviour in the native run."""
    work = out / name
    sources = [str(f) for f in files]
    code, text, secs = run(["cryptohls", "csim", *sources, "-o", str(work / "csim"), *flags], timeout)
    if code != 0:
        return Outcome(name, "timeout" if code is None else "csim-failed", round(secs, 1),
                       first_error(text) or f"main returned {code}")
    code, text, more = run(["cryptohls", "cosim", *sources, "--top", "main", "-o", str(work), *flags], timeout)
    secs += more
    summary = [ln for ln in text.splitlines() if is_cosim_summary(ln)]
    cycles = json.loads(summary[-1]) if summary else {}
    if code == 0:
        return Outcome(name, "cosim-passed", round(secs, 1), "", cycles)
    if code == 1 and cycles:   # the RTL ran and differs from the native run: a wrong answer, unless
        diffs = [ln for ln in text.splitlines() if ln.startswith("cosim: main: ")]
        message = f"{len(diffs)} differences, first: {diffs[0]}" if diffs else first_error(text)
        ub = native_undefined_behaviour(sources, list(flags), work, timeout)   # the C has no defined answer
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


def progress_line(k: int, total: int, o: Outcome) -> str:
    return (f"[{k}/{total}] {o.name}: {o.status} in {o.seconds:.0f} s"
            + (f", {o.cycles['cycles_min']} cycles" if "cycles_min" in o.cycles else "")
            + (f" — {o.message}" if o.message else ""))


def run_suite(programs: dict[str, list[Path]], selected: list[str], out: Path, timeout: float, resume: bool) -> int:
    """Each selected program (name -> its files) run in turn, results written to OUT after each (with
    ``resume``, those OUT has already are skipped); exit status 1 if any is a fault of the compiler or
    a wrong answer."""
    out = out.resolve()
    out.mkdir(parents=True, exist_ok=True)
    done: dict[str, Outcome] = load_results(out, Outcome)
    order = {n: k for k, n in enumerate(programs)}
    todo = [n for n in selected if not (resume and n in done)]
    for k, name in enumerate(todo, 1):
        o = run_program(name, programs[name], out, timeout)
        done[name] = o
        save_results(out, done, order, markdown)
        print(progress_line(k, len(todo), o), flush=True)
    print(counts_line(list(done.values()), out))
    return 1 if any(o.status in (*COMPILER_FAULTS, "cosim-failed") for o in done.values()) else 0
