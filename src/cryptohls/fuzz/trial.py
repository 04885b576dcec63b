"""One Csmith program through three builds, and what became of it.

1. native: the unwrapped program, built by the system compiler and run: the reference checksum
   (a program that does not build or finish here says nothing about cryptohls: ``skipped``);
2. cosim: the wrapper compiled by ``cryptohls compile``; its Verilog first under Icarus Verilog
   where that is cheap (fuzz/icarus.py): the native checksum there is a match. Any other program, and
   any other Icarus result, goes through ``cryptohls cosim --use-existing`` (Verilator and the
   testbench), which gives the verdict as it did before Icarus;
3. csim: the same through ``cryptohls csim``, only when cosim did not match: the same checksum as
   native, or the harness itself is wrong (``harness``). A cosim that printed the native checksum
   ran this wrapper correctly, so csim could not change its verdict.

A hardware that stopped at the cycle limit is a hang (``timed_out``) unless its program provably needs
more cycles (fuzz/cycle_bound.py, only then computed): ``skipped``, as a program too long natively.

Each build runs as the user would run it, in its own process with a time limit, so a traceback,
a hang or a located refusal is seen exactly as a user would see it.
"""

from __future__ import annotations

import json
import os
import re
import resource
import shutil
import subprocess
import time
from contextlib import contextmanager
from dataclasses import asdict, dataclass, field
from pathlib import Path

from cryptohls.designs import repo_root
from cryptohls.hls.options import DEFAULTS
from cryptohls.fuzz import cpu_limit, cycle_bound, direct_model, icarus, native_pch, worker
from cryptohls.fuzz.csmith import RUNTIME_DIR, TOP, generate, parse_checksum, write_wrapper
from cryptohls.sim.cosim_shim import CYCLE_LIMIT_STATUS, DEFAULT_MAX_CYCLES

# Outcomes, best first. Only the last four are findings.
STATUSES = ("matched", "refused", "skipped", "harness", "mismatched", "crashed", "timed_out")
FINDINGS = ("harness", "mismatched", "crashed", "timed_out")
REJECTED_RTL = "Verilator rejected the RTL"   # sim/cosim.py's message when Verilator refuses the Verilog


# The reference is built at -O0: clang -O1 may delete a loop that never ends (C11 6.8.5p6 lets it
# assume such a loop terminates) and print a checksum the program never reaches; subset seed 77 runs
# forever at -O0, as its hardware does. A program whose -O1 build prints another checksum depends on
# undefined behaviour and is no valid test; that build is made only where the -O0 checksum would make a
# finding (_native_disagrees: the hardware printed another checksum or none), since on a match it could
# only turn "matched" into "skipped" (issue 38 item 3: no program of the campaigns had the two disagree).
NATIVE_OPT = ("-O0", "-O1")


@dataclass
class Limits:
    # A generated program that needs more than this many seconds of CPU natively (at any NATIVE_OPT level)
    # is skipped. CPU, not wall clock: the decision must not depend on the machine's load (it was 10 s of
    # wall clock, 3.8-10 s of CPU with the load: the largest cost of a campaign). 1 s skipped exactly the
    # programs the 10 s wall-clock limit skipped on 849 measured, and 0.5 s (fuzz/cpu_limit.py) exactly
    # those 1 s skipped on programs 1-7,900 (docs/fuzzing.md, "Native limit"): a program either
    # finishes in well under 0.5 s or runs for seconds, and one that ran for seconds would need far more
    # than the cosim limit of 10 million cycles in hardware anyway. A skipped program costs this limit.
    native_cpu_s: float = 0.5
    build_s: float = 300.0        # csim or cosim, compile and run
    max_cycles: int = DEFAULT_MAX_CYCLES   # cosim: a call longer than this is a hang


@dataclass
class Outcome:
    seed: int
    profile: str
    status: str
    reason: str = ""              # refusals and crashes: the message with names left out
    detail: str = ""              # the full message, or the checksums that differ
    native: str | None = None
    csim: str | None = None
    cosim: str | None = None
    cycles: int | None = None
    seconds: float = 0.0
    cpu: dict[str, float] = field(default_factory=dict)   # CPU seconds by stage (STAGES), see stage_cpu

    def to_json(self) -> str:
        return json.dumps(asdict(self), sort_keys=True)


# Where a program's CPU time goes (Outcome.cpu, summed in the campaign's summary): the reference, the
# compile, each look at the hardware, csim. Each counts the tools the stage waited for and the harness's
# own thread; the children are the process's, so with several programs at a time (--jobs) a stage may
# also count another thread's tool that ended meanwhile: exact with --jobs 1.
STAGES = ("generate", "native", "compile", "icarus", "direct", "cosim", "bound", "csim")


@contextmanager
def stage_cpu(outcome: Outcome, stage: str):
    """Adds the CPU seconds of the block (this thread and the children waited for, plus the commands run
    on the worker: worker.cpu_seconds) to ``outcome.cpu[stage]``."""
    def now() -> float:
        children = resource.getrusage(resource.RUSAGE_CHILDREN)
        return time.thread_time() + children.ru_utime + children.ru_stime + worker.cpu_seconds()
    start = now()
    try:
        yield
    finally:
        outcome.cpu[stage] = round(outcome.cpu.get(stage, 0.0) + now() - start, 3)


def refusal_reason(message: str) -> str:
    """A refusal's message without location, hint and names, so equal causes group together:
    "p.c:5:3: error: call to undefined function 'exit' (hint: …)" → "call to undefined function '…'"."""
    text = message.split("error:", 1)[-1].strip()
    text = re.sub(r"\s*\(hint:.*$", "", text, flags=re.S)
    text = re.sub(r"'[^']*'", "'…'", text)
    text = re.sub(r"\b\d+\b", "N", text)
    return text


# The cryptohls processes of a campaign share one bytecode cache. Where the environment sets
# PYTHONDONTWRITEBYTECODE=1 (this machine does), every process compiled cryptohls's modules from source
# again: about 0.25 s of the 0.5 s its imports take, for each program. Python checks a cached module
# against its source before using it, so the cache changes nothing a process does.
PYCACHE = repo_root() / "build" / "fuzz-pycache"


def child_env() -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env["PYTHONPYCACHEPREFIX"] = str(PYCACHE)
    return env


def _cli(args: list[str], timeout_s: float, cwd: Path) -> subprocess.CompletedProcess | None:
    """``cryptohls ARGS`` in its own process (a fork of a worker that has imported cryptohls:
    fuzz/worker.py); None if it did not finish in ``timeout_s``."""
    return worker.run_cli(args, timeout_s, cwd, child_env())


# The wall-clock guard of a native run, in multiples of its CPU limit: generous, since under load a
# program gets a fraction of a core; the CPU limit decides.
NATIVE_WALL_FACTOR = 20
# The CPU limit of the cycle bound's run (fuzz/cycle_bound.py), whose counters make the program slower
# than its reference run: seed 3277 runs 0.4 s natively at -O0 and its bound 0.58 s.
BOUND_CPU_S = 1.0


def _native_run(program: Path, directory: Path, limits: Limits, level: str) -> tuple[str | None, str]:
    """The program built at ``level`` and run under the native CPU limit: its checksum, or None and why
    it is no valid test. csmith.h comes precompiled where it can (fuzz/native_pch.py: the same object
    files)."""
    cc = shutil.which("clang-19") or "cc"
    exe = directory / f"native{level}"
    flags = [level, "-w", f"-I{RUNTIME_DIR}"]
    pch = native_pch.pch_flags(cc, flags, RUNTIME_DIR, program)
    build = subprocess.run([cc, *flags, *pch, str(program), "-o", str(exe)], capture_output=True, text=True)
    if build.returncode != 0 and pch:   # whatever went wrong, the verdict is the plain build's
        build = subprocess.run([cc, *flags, str(program), "-o", str(exe)], capture_output=True, text=True)
    if build.returncode != 0:
        return None, "does not build natively"
    too_long = f"runs longer than {limits.native_cpu_s:g} s of CPU natively at {level}"
    try:
        run = subprocess.run(cpu_limit.limited(exe, limits.native_cpu_s), capture_output=True, text=True,
                             timeout=NATIVE_WALL_FACTOR * limits.native_cpu_s)
    except subprocess.TimeoutExpired:      # only a program that waits instead of computing gets here
        return None, too_long
    if run.returncode in cpu_limit.OVER_LIMIT:
        return None, too_long
    if run.returncode != 0:
        return None, f"exits with status {run.returncode} natively at {level}"
    checksum = parse_checksum(run.stdout)
    if checksum is None:
        return None, f"prints no checksum natively at {level}"
    return checksum, ""


def _native(program: Path, directory: Path, limits: Limits) -> tuple[str | None, str]:
    """The whole reference: the program at every NATIVE_OPT level; all must finish and agree, else it is
    no valid test (the second value says why). The reducer's check (fuzz/reduce.py), where a reduction
    step may introduce undefined behaviour; a campaign builds the second level only where it matters."""
    checksums = []
    for level in NATIVE_OPT:
        checksum, why = _native_run(program, directory, limits, level)
        if checksum is None:
            return None, why
        checksums.append(checksum)
    if len(set(checksums)) > 1:
        return None, "checksums differ natively between " + " and ".join(NATIVE_OPT)
    return checksums[0], ""


def _native_disagrees(program: Path, directory: Path, outcome: Outcome, limits: Limits) -> bool:
    """The reference's second build (NATIVE_OPT[1]), where the first one's checksum would make a finding:
    True (and the outcome skipped) when it fails or prints another checksum."""
    with stage_cpu(outcome, "native"):
        other, why = _native_run(program, directory, limits, NATIVE_OPT[1])
    if other is None or other != outcome.native:
        _reset(outcome, "skipped", why or "checksums differ natively between " + " and ".join(NATIVE_OPT),
               f"{NATIVE_OPT[0]} {outcome.native}, {NATIVE_OPT[1]} {other}" if other else "")
        return True
    return False


def cosim_args(limits: Limits) -> list[str]:
    """The cosim command line of a program's folder. The model is built at -O0: a Csmith program's
    model is large and runs a few thousand cycles, so an optimised build costs more than it saves."""
    return ["cosim", "wrapper.c", "--tb", "tb.c", "--top", TOP, "-I", str(RUNTIME_DIR), "-o", "cosim",
            "--max-cycles", str(limits.max_cycles), "--model-opt", "0"]


def compile_args() -> list[str]:
    """The compile that ``cosim_args`` would run first (the same source, top, options and folder)."""
    return ["compile", "wrapper.c", "--top", TOP, "-I", str(RUNTIME_DIR), "-o", "cosim"]


ICE = "internal compiler error: "   # cryptohls's net for its own bugs (internal_error.py, exit status 3)


def crash_detail(stderr: str) -> str:
    """The line saying what went wrong: the internal compiler error (a note on what to report
    follows it), else the last line."""
    ice = [line.strip() for line in stderr.splitlines() if ICE in line]
    return ice[-1] if ice else _last_error_line(stderr)


def crash_reason(returncode: int, stderr: str) -> str:
    """What makes two crashes the same, names left out: ``internal compiler error: KeyError at
    cryptohls/x.py:12``, a traceback's exception type, or the exit status (a signal)."""
    detail = crash_detail(stderr)
    if ICE in detail:
        kind = detail.split(ICE, 1)[1].split(":", 1)[0]
        site = re.search(r"\(at (cryptohls/[^,)]+)", detail)
        return f"{ICE}{kind}" + (f" at {site.group(1)}" if site else "")
    if "Traceback" in stderr:
        return re.sub(r"'[^']*'", "'…'", detail.split(":", 1)[0])
    return f"exit status {returncode}"


def _last_error_line(stderr: str) -> str:
    lines = [line for line in stderr.strip().splitlines() if line.strip()]
    return lines[-1].strip() if lines else "(no output)"


def run_trial(seed: int, profile: str, directory: Path, limits: Limits | None = None) -> Outcome:
    """Generates, builds and compares program ``seed``; the files stay in ``directory``."""
    outcome = Outcome(seed, profile, "skipped")
    with stage_cpu(outcome, "generate"):
        generate(seed, profile, directory)
    return check_program(directory, outcome, limits or Limits())


def check_program(directory: Path, outcome: Outcome, limits: Limits) -> Outcome:
    """Builds and compares ``directory/program.c`` (a Csmith program, or one written like one)."""
    start = time.monotonic()
    program = directory / "program.c"
    with stage_cpu(outcome, "native"):
        outcome.native, why = _native_run(program, directory, limits, NATIVE_OPT[0])
    if outcome.native is None:
        outcome.reason = why
        return _done(outcome, start)

    wrapper, tb = write_wrapper(directory)
    _hardware_outcome(directory, outcome, limits)
    if outcome.status == "timed_out" and outcome.reason == cycle_limit_reason(limits):
        with stage_cpu(outcome, "bound"):
            _skip_if_too_long(directory, outcome, limits)
    if outcome.status in ("matched", "skipped"):
        # the hardware of this wrapper printed the native checksum, so the wrapper is right: csim
        # (the check of the wrapper alone) cannot change the verdict and is not run; nor for a
        # program whose hardware needs more cycles than the limit
        return _done(outcome, start)
    if outcome.status in ("mismatched", "timed_out") and _native_disagrees(program, directory, outcome, limits):
        return _done(outcome, start)
    # anything else: csim first says whether the wrapper, not the compiler, is wrong
    with stage_cpu(outcome, "csim"):
        csim = _cli(["csim", wrapper.name, "--tb", tb.name, "-I", str(RUNTIME_DIR), "-o", "csim"], limits.build_s,
                    directory)
    if csim is None or csim.returncode != 0:
        _reset(outcome, "harness", "csim failed", "timed out" if csim is None else _last_error_line(csim.stderr))
        return _done(outcome, start)
    outcome.csim = parse_checksum(csim.stdout)
    if outcome.csim != outcome.native:
        _reset(outcome, "harness", "csim checksum differs from native", f"native {outcome.native}, csim {outcome.csim}")
    return _done(outcome, start)


def cycle_limit_reason(limits: Limits) -> str:
    return f"no ap_done within {limits.max_cycles} cycles"


def _skip_if_too_long(directory: Path, outcome: Outcome, limits: Limits) -> None:
    """A cycle-limit timeout of a program whose correct hardware needs more cycles than the limit
    (fuzz/cycle_bound.py: a lower bound from how often the IR's loops run natively) is no finding: the
    program is skipped, as one too long natively is. The bound holds for a program without HLS pragmas
    (no DATAFLOW, no unroll factor); a bound at or below the limit goes into the finding's detail."""
    if "pragma" in (directory / "program.c").read_text():
        return
    bound = cycle_bound.hardware_cycle_bound(directory / "cosim" / "ir" / f"{TOP}.opt.ll", TOP, directory,
                                             lambda exe: cpu_limit.limited(exe, BOUND_CPU_S),
                                             NATIVE_WALL_FACTOR * BOUND_CPU_S)
    if bound is None:
        return
    if bound.cycles > limits.max_cycles:
        outcome.status = "skipped"
        outcome.reason = f"needs at least {bound.cycles} cycles in hardware, over the limit of {limits.max_cycles}"
        outcome.detail = bound.describe()
    else:
        outcome.detail += f" (its loops need at least {bound.cycles} cycles: {bound.describe()})"


def _reset(outcome: Outcome, status: str, reason: str, detail: str) -> None:
    """A harness verdict replaces what cosim said (as when csim ran first and cosim not at all)."""
    outcome.status, outcome.reason, outcome.detail = status, reason, detail
    outcome.cosim, outcome.cycles = None, None


def _hardware_outcome(directory: Path, outcome: Outcome, limits: Limits) -> None:
    """The verdict on the wrapper's hardware: compile; where Icarus is cheap, its run; else (and after
    any Icarus result but the native checksum) cosim on the compiled Verilog. The compile and cosim
    share cosim's time limit, as when one ``cryptohls cosim`` did both."""
    start = time.monotonic()
    with stage_cpu(outcome, "compile"):
        compiled = _cli(compile_args(), limits.build_s, directory)
    if compiled is None or compiled.returncode != 0:   # a refusal, a crash or a hang of the compiler
        _cosim_outcome(outcome, compiled, limits)
        return
    out_dir = directory / "cosim"
    for stage, quick in _quick_runs(out_dir, limits, start):
        with stage_cpu(outcome, stage):
            run = quick()
        if run is not None and run.checksum == outcome.native and run.cycles is not None:
            outcome.status, outcome.cosim, outcome.cycles = "matched", run.checksum, run.cycles
            return
    left = limits.build_s - (time.monotonic() - start)
    with stage_cpu(outcome, "cosim"):
        cosim = _cli([*cosim_args(limits), "--use-existing"], left, directory) if left > 0 else None
    _cosim_outcome(outcome, cosim, limits)


def _quick_runs(out_dir: Path, limits: Limits, start: float):
    """The cheaper looks at the compiled hardware, cheapest first, as (stage, run): Icarus where the design
    is small and short, then the Verilator model without cosim's shim (fuzz/direct_model.py)."""
    if icarus.worth_trying(out_dir):
        yield "icarus", lambda: icarus.run_icarus(out_dir, limits.max_cycles)
    yield "direct", lambda: direct_model.run_direct_model(out_dir, limits.max_cycles, DEFAULTS.clock_ns,
                                                limits.build_s - (time.monotonic() - start))


def _cosim_outcome(outcome: Outcome, cosim: subprocess.CompletedProcess | None, limits: Limits) -> None:
    """The verdict of one cosim run against the native checksum."""
    if cosim is None:
        outcome.status, outcome.reason = "timed_out", f"cosim did not finish in {limits.build_s:g} s"
    elif cosim.returncode == CYCLE_LIMIT_STATUS and "did not assert ap_done" in cosim.stderr:
        outcome.status, outcome.reason = "timed_out", cycle_limit_reason(limits)
        outcome.detail = _last_error_line(cosim.stderr)
    elif cosim.returncode == 2 and REJECTED_RTL in cosim.stderr:
        # the simulator refused the compiler's own Verilog: a compiler bug, not a refusal of the program
        # (subset seed 100368, a bit-select of a 1-bit register, hid a miscompile this way)
        outcome.status = "crashed"
        outcome.detail = _last_error_line(cosim.stderr)
        outcome.reason = refusal_reason(outcome.detail)
    elif cosim.returncode == 2 and "Traceback" not in cosim.stderr:
        outcome.status = "refused"
        outcome.detail = _last_error_line(cosim.stderr)
        outcome.reason = refusal_reason(outcome.detail)
    elif cosim.returncode != 0:   # an internal compiler error (status 3), a traceback, a signal
        outcome.status = "crashed"
        outcome.detail = crash_detail(cosim.stderr)
        outcome.reason = crash_reason(cosim.returncode, cosim.stderr)
    else:
        outcome.cosim = parse_checksum(cosim.stdout)
        stats = [line for line in cosim.stdout.splitlines() if line.startswith("{")]
        if stats:
            outcome.cycles = json.loads(stats[-1]).get("cycles_max")
        if outcome.cosim == outcome.native:
            outcome.status = "matched"
        else:
            outcome.status = "mismatched"
            outcome.detail = f"native {outcome.native}, cosim {outcome.cosim}"


def _done(outcome: Outcome, start: float) -> Outcome:
    outcome.seconds = round(time.monotonic() - start, 2)
    return outcome
