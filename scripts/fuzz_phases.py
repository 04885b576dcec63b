"""Where the time of one fuzz program goes: CPU seconds (user + sys, the process and every child it
waited for) of each phase.

    python scripts/fuzz_phases.py --seeds 1-10 [--profile subset] [--model-opt N] [--out DIR]

Phases, each measured whether or not the harness would run it:
- native: the reference at each of the harness's levels, built and run (the harness's own ``_native``
  where the tree has it);
- csim: ``cryptohls csim`` (the harness runs it only when cosim does not match);
- compile: ``cryptohls compile`` as a fresh process, as a user types it;
- fork: the same compile in a fork of the harness's pre-imported worker (fuzz/worker.py), where the
  tree has one;
- icarus: fuzz/icarus.py's run, where its gate lets the harness try it;
- direct: the Verilator model with its own main (fuzz/direct_model.py), where the tree has one;
- model: ``cryptohls cosim --use-existing`` without its run (shim, Verilator, the model's C++, link);
- run: the co-simulation executable alone.

``harness`` is what the harness of this tree spends on a program: native + compile (the fork where there
is one) + the hardware runs it makes until one prints the native checksum (icarus, direct, or model +
run). A tree without the quick runs (PYTHONPATH=OLD/src) is measured as native + compile + model + run.
A program refused by the compiler has no later phase. Prints one row per seed and the means over the
programs that compiled (docs/fuzzing.md).
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import subprocess
import sys
import time
from pathlib import Path

from cryptohls.fuzz import trial
from cryptohls.fuzz.csmith import RUNTIME_DIR, TOP, generate, write_wrapper

# the harness's reference builds (before the -O0 reference of seed 77's fix: -O1 alone), so that the
# script measures an older tree too (PYTHONPATH=OLD/src)
NATIVE_OPT = getattr(trial, "NATIVE_OPT", ("-O1",))
try:   # the quick runs and the worker (issue 38 item 3, 29 Nov)
    from cryptohls.fuzz import direct_model, icarus
    from cryptohls.fuzz.worker import Worker
except ImportError:
    direct_model = icarus = Worker = None

PHASES = ("native", "csim", "compile", "fork", "icarus", "direct", "model", "run")

# the environment of the harness's cryptohls processes (its shared bytecode cache), where the tree has one
CHILD_ENV = getattr(trial, "child_env", lambda: None)()


def cpu_seconds(cmd: list[str], cwd: Path) -> tuple[float, int]:
    """(CPU seconds, exit status) of one command and its waited-for children (as /usr/bin/time)."""
    proc = subprocess.Popen(cmd, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                            stdin=subprocess.DEVNULL, env=CHILD_ENV)
    _, status, usage = os.wait4(proc.pid, 0)
    proc.returncode = os.waitstatus_to_exitcode(status)
    return usage.ru_utime + usage.ru_stime, proc.returncode


def in_process(call) -> tuple[float, object]:
    """(CPU seconds of this process and its children during ``call()``, its result)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.process_time()
    result = call()
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (time.process_time() - start + after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime,
            result)


def native_checksum(directory: Path) -> str | None:
    run = subprocess.run([f"./native{NATIVE_OPT[0]}"], cwd=directory, capture_output=True, text=True)
    return trial.parse_checksum(run.stdout)


def phases(seed: int, profile: str, work: Path, model_opt: int | None, worker) -> dict[str, float]:
    directory = work / str(seed)
    shutil.rmtree(directory, ignore_errors=True)
    generate(seed, profile, directory)
    write_wrapper(directory)
    cli = [sys.executable, "-m", "cryptohls.cli"]
    include = ["-I", str(RUNTIME_DIR)]
    times = {"native": 0.0}
    if hasattr(trial, "_native"):   # the harness's own reference (its precompiled csmith.h, where it has one)
        times["native"], (native, _) = in_process(lambda: trial._native(directory / "program.c", directory,
                                                                         trial.Limits()))
        if native is None:   # skipped by a campaign: no valid test natively
            return times
    else:
        for level in NATIVE_OPT:
            for cmd in (["clang-19", level, "-w", *include, "program.c", "-o", f"native{level}"], [f"./native{level}"]):
                seconds, status = cpu_seconds(["timeout", "10", *cmd], directory)
                times["native"] += seconds
                if status != 0:      # skipped by a campaign: no valid test natively
                    return times
        native = native_checksum(directory)
    times["csim"], _ = cpu_seconds([*cli, "csim", "wrapper.c", "--tb", "tb.c", *include, "-o", "csim"], directory)
    compile_cmd = ["compile", "wrapper.c", "--top", TOP, *include, "-o", "cosim"]
    times["compile"], status = cpu_seconds([*cli, *compile_cmd], directory)
    if status != 0:
        return times
    settled = False
    harness = times["native"] + times["compile"]
    if worker is not None:
        worker.run(compile_cmd, 3600, directory)
        times["fork"] = worker.last_cpu_s
        harness += times["fork"] - times["compile"]
        out_dir = directory / "cosim"
        if icarus.worth_trying(out_dir):
            times["icarus"], run = in_process(lambda: icarus.run_icarus(out_dir, trial.Limits().max_cycles))
            harness += times["icarus"]
            settled = run is not None and run.checksum == native
        times["direct"], run = in_process(lambda: direct_model.run_direct_model(
            out_dir, trial.Limits().max_cycles, 10.0, 3600))
        if not settled:
            harness += times["direct"]
            settled = run is not None and run.checksum == native
    both, _ = cpu_seconds([*cli, "cosim", "wrapper.c", "--tb", "tb.c", "--top", TOP, *include, "-o", "cosim",
                           "--use-existing", *(["--model-opt", str(model_opt)] if model_opt is not None else [])],
                          directory)
    times["run"], _ = cpu_seconds([str(directory / "cosim" / "cosim" / "cosim")], directory)
    times["model"] = max(0.0, both - times["run"])
    if not settled:
        harness += times["model"] + times["run"]
    times["harness"] = harness
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
    worker = Worker(CHILD_ENV or dict(os.environ)) if Worker is not None else None
    rows = []
    columns = (*PHASES, "harness")
    print("seed " + " ".join(f"{p:>8}" for p in columns))
    for seed in range(first, last + 1):
        times = phases(seed, args.profile, args.out.resolve(), args.model_opt, worker)
        rows.append(times)
        print(f"{seed:4d} " + " ".join(f"{times[p]:8.2f}" if p in times else f"{'-':>8}" for p in columns),
              flush=True)
    compiled = [t for t in rows if "harness" in t]
    if compiled:
        means = {p: sum(t.get(p, 0.0) for t in compiled) / len(compiled) for p in columns}
        print(f"mean of {len(compiled)} compiled (a phase not run counts 0): "
              + " ".join(f"{p} {means[p]:.2f}" for p in columns) + " s CPU")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
