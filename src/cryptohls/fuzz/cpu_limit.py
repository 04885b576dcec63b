"""Sub-second CPU limits for the fuzz harness's native runs (fuzz/cpu_limit.c, built once under build/).

A Csmith program either ends in well under a second natively or runs for seconds (docs/fuzzing.md,
"Native limit"); one that runs past the limit is skipped, so the limit is what a skipped program costs.
RLIMIT_CPU, which prlimit(1) sets, counts whole seconds; the small launcher sets an ITIMER_PROF timer,
which the program inherits across exec, and the program ends with SIGPROF when its CPU time is used.
Where the launcher does not build, prlimit with the limit rounded up to whole seconds stands in.
"""

from __future__ import annotations

import functools
import hashlib
import math
import os
import shutil
import signal
import subprocess
import threading
from pathlib import Path

from cryptohls.designs import repo_root

SOURCE = Path(__file__).with_name("cpu_limit.c")
CACHE = repo_root() / "build" / "fuzz-cpu-limit"
# how a run past its limit ends: the launcher's SIGPROF; prlimit's SIGXCPU, then SIGKILL a second later
OVER_LIMIT = (-signal.SIGPROF, -signal.SIGXCPU, -signal.SIGKILL)
_lock = threading.Lock()   # one build at a time within a process (--jobs threads)


@functools.lru_cache(maxsize=None)
def _launcher() -> Path | None:
    """The built launcher, or None where no C compiler builds it."""
    source = SOURCE.read_bytes()
    exe = CACHE / f"cpu_limit-{hashlib.sha256(source).hexdigest()[:16]}"
    with _lock:
        if exe.is_file():
            return exe
        cc = shutil.which("clang-19") or shutil.which("cc")
        if cc is None:
            return None
        CACHE.mkdir(parents=True, exist_ok=True)
        tmp = exe.with_suffix(f".{os.getpid()}.{threading.get_ident()}.tmp")   # unique across processes too
        built = subprocess.run([cc, "-O1", "-w", str(SOURCE), "-o", str(tmp)], capture_output=True)
        if built.returncode != 0:
            return None
        tmp.replace(exe)   # atomic: another process never runs a half-written file
    return exe


def limited(exe: Path, cpu_s: float) -> list[str]:
    """The command that runs ``exe`` with ``cpu_s`` seconds of CPU."""
    launcher = _launcher()
    if launcher is not None:
        return [str(launcher), str(max(1, round(cpu_s * 1000))), str(exe)]
    whole = max(1, math.ceil(cpu_s))
    return ["prlimit", f"--cpu={whole}:{whole + 1}", str(exe)]
