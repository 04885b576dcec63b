"""Where the time of one fuzz program goes: CPU seconds (user + sys, the process and every child it
waited for) of each phase, run as the separate commands a user would type.

    python scripts/fuzz_phases.py --seeds 1-10 [--profile subset] [--model-opt N] [--out DIR]

Phases: native (the reference at -O0 and -O1, built and run), csim, compile (`cryptohls compile`),
model (`cryptohls cosim --use-existing` without its run: shim, Verilator, the model's C++ build, link)
and run (the co-simulation executable alone). A program refused by the compiler has no model or run.
Prints one row per seed and the mean of each phase over the programs that compiled (docs/fuzzing.md).
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
from pathlib import Path

from cryptohls.fuzz import trial
from cryptohls.fuzz.csmith import RUNTIME_DIR, TOP, generate, write_wrapper

# the harness's reference builds (before the -O0 reference of seed 77's fix: -O1 alone), so that the
# script measures an older tree too (PYTHONPATH=OLD/src)
NATIVE_OPT = getattr(trial, "NATIVE_OPT", ("-O1",))

PHASES = ("native", "csim", "compile", "model", "run")


# the environment of the harness's cryptohls processes (its shared bytecode cache), where the tree has one
CHILD_ENV = getattr(trial, "child_env", lambda: None)()


def cpu_seconds(cmd: list[str], cwd: Path) -> tuple[float, int]:
    """(CPU seconds, exit status) of one command and its waited-for children (as /usr/bin/time)."""
    proc = subprocess.Popen(cmd, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                            stdin=subprocess.DEVNULL, env=CHILD_ENV)
    _, status, usage = os.wait4(proc.pid, 0)
    proc.returncode = os.waitstatus_to_exitcode(status)
    return usage.ru_utime + usage.ru_stime, proc.returncode


def phases(seed: int, profile: str, work: Path, model_opt: int | None) -> dict[str, float]:
    directory = work / str(seed)
    generate(seed, profile, directory)
    write_wrapper(directory)
    cli = [sys.executable, "-m", "cryptohls.cli"]
    include = ["-I", str(RUNTIME_DIR)]
    times = {"native": 0.0}
    for level in NATIVE_OPT:
        for cmd in (["clang-19", level, "-w", *include, "program.c", "-o", f"native{level}"], [f"./native{level}"]):
            seconds, status = cpu_seconds(["timeout", "10", *cmd], directory)
            times["native"] += seconds
            if status != 0:      # skipped by a campaign: no valid test natively
                return times
    times["csim"], _ = cpu_seconds([*cli, "csim", "wrapper.c", "--tb", "tb.c", *include, "-o", "csim"], directory)
    times["compile"], status = cpu_seconds([*cli, "compile", "wrapper.c", "--top", TOP, *include, "-o", "cosim"],
                                           directory)
    if status != 0:
        return times
    both, _ = cpu_seconds([*cli, "cosim", "wrapper.c", "--tb", "tb.c", "--top", TOP, *include, "-o", "cosim",
                           "--use-existing", *(["--model-opt", str(model_opt)] if model_opt is not None else [])],
                          directory)
    times["run"], _ = cpu_seconds([str(directory / "cosim" / "cosim" / "cosim")], directory)
    times["model"] = max(0.0, both - times["run"])
    return times


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="fuzz_phases.py")
    parser.add_argument("--seeds", required=True, help="FIRST-LAST")
    parser.add_argument("--profile", default="subset")
    parser.add_argument("--model-opt", type=int, choices=(0, 1, 2),
                        help="cosim --model-opt (left out if not given: cosim's default, or a cosim without it)")
    parser.add_argument("--out", type=Path, default=Path("build/fuzz-phases"))
    args = parser.parse_args(argv)
    first, last = (int(x) for x in args.seeds.split("-"))
    rows = []
    print("seed " + " ".join(f"{p:>8}" for p in PHASES) + "    total")
    for seed in range(first, last + 1):
        times = phases(seed, args.profile, args.out.resolve(), args.model_opt)
        rows.append(times)
        print(f"{seed:4d} " + " ".join(f"{times[p]:8.2f}" if p in times else f"{'-':>8}" for p in PHASES)
              + f" {sum(times.values()):8.2f}", flush=True)
    compiled = [t for t in rows if "run" in t]
    if compiled:
        means = {p: sum(t[p] for t in compiled) / len(compiled) for p in PHASES}
        print(f"mean of {len(compiled)} compiled: " + " ".join(f"{p} {means[p]:.2f}" for p in PHASES)
              + f" total {sum(means.values()):.2f} s CPU")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
