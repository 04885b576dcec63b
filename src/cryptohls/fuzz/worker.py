"""The harness's ``cryptohls`` commands, each run in a fork of a process that has imported cryptohls
(the worker, ``python -m cryptohls.cli_fork``).

A fresh ``python -m cryptohls.cli compile`` spends about 0.3 s of CPU starting the interpreter and
importing the compiler (HiGHS alone 0.15 s), for every program of a campaign. A worker process imports
all of that once; each command then runs in a fork of it: a new process, with its own exit status,
standard output and error, and a time limit, that begins where a fresh one would be after its imports
(the worker itself never compiles anything, so each fork starts from the same state). The command line,
its files and its verdict are the user's; only the interpreter's start is shared.

One worker per harness thread (campaigns run several programs at once), stopped and waited for at
exit, so the CPU time of every command is counted where the harness's children are.
"""

from __future__ import annotations

import atexit
import json
import os
import select
import signal
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

# The worker: a command line like `python -m cryptohls.cli`, started by name (the CLI is above fuzz/ in
# the package's layers; the harness depends on it as a command, as it did on `cryptohls.cli`).
SERVER = "cryptohls.cli_fork"


class Worker:
    def __init__(self, env: dict[str, str], command: list[str] | None = None):
        self.last_cpu_s = 0.0   # CPU seconds of the last command and the tools it waited for (fuzz_phases.py)
        self.total_cpu_s = 0.0  # of all its commands so far (trial.stage_cpu)
        self.proc = subprocess.Popen(command or [sys.executable, "-m", SERVER], stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, env=env, bufsize=0)
        self._unread = b""      # answers read from the pipe, not yet taken

    def _answer(self, timeout_s: float | None) -> dict | None:
        """The worker's next answer, or None if none came within ``timeout_s``. Read from the pipe's fd
        with a buffer of our own: a buffered reader may take two answers at once (a command that ended
        before its pid was read), and waiting on the fd would then miss the second."""
        deadline = None if timeout_s is None else time.monotonic() + timeout_s
        while b"\n" not in self._unread:
            if deadline is not None:
                ready, _, _ = select.select([self.proc.stdout], [], [], max(0.0, deadline - time.monotonic()))
                if not ready:
                    return None
            chunk = os.read(self.proc.stdout.fileno(), 65536)
            if not chunk:
                raise RuntimeError("the fuzz worker process ended")
            self._unread += chunk
        line, _, self._unread = self._unread.partition(b"\n")
        return json.loads(line)

    def run(self, args: list[str], timeout_s: float, cwd: Path) -> subprocess.CompletedProcess | None:
        """``cryptohls ARGS`` in ``cwd``: its exit status and output, or None after ``timeout_s``."""
        with tempfile.TemporaryDirectory(prefix="chls-cli-") as tmp:
            out, err = Path(tmp) / "stdout", Path(tmp) / "stderr"
            out.touch()
            err.touch()
            start = time.monotonic()
            self.proc.stdin.write(json.dumps({"args": args, "cwd": str(cwd), "stdout": str(out),
                                              "stderr": str(err)}).encode() + b"\n")
            self.proc.stdin.flush()
            pid = self._answer(None)["pid"]
            done = self._answer(timeout_s - (time.monotonic() - start))
            if done is None:
                _kill(pid)
                self.last_cpu_s = self._answer(None)["cpu_s"]
                self.total_cpu_s += self.last_cpu_s
                return None
            self.last_cpu_s = done["cpu_s"]
            self.total_cpu_s += self.last_cpu_s
            return subprocess.CompletedProcess(args, done["status"], out.read_text(errors="replace"),
                                               err.read_text(errors="replace"))

    def close(self) -> None:
        self.proc.stdin.close()
        self.proc.wait()


def _kill(pid: int) -> None:
    """Stops a command: its process group (it and the tools it started), and the fork itself, which has
    no group of its own yet if the limit passed before it ran ``setsid`` (a limit already spent when the
    worker answered with the pid: killing the group alone missed the fork, and the harness then waited
    for it without a limit)."""
    for kill in (os.killpg, os.kill):
        try:
            kill(pid, signal.SIGKILL)
        except ProcessLookupError:
            pass


_local = threading.local()
_workers: list[Worker] = []
_lock = threading.Lock()


def run_cli(args: list[str], timeout_s: float, cwd: Path, env: dict[str, str]) -> subprocess.CompletedProcess | None:
    """``cryptohls ARGS`` on this thread's worker (started on first use with ``env``)."""
    worker = getattr(_local, "worker", None)
    if worker is None:
        worker = _local.worker = Worker(env)
        with _lock:
            _workers.append(worker)
    return worker.run(args, timeout_s, cwd)


def cpu_seconds() -> float:
    """CPU seconds of the commands this thread's worker has run so far (0 before its first)."""
    worker = getattr(_local, "worker", None)
    return worker.total_cpu_s if worker is not None else 0.0


@atexit.register
def _close_all() -> None:
    with _lock:
        for worker in _workers:
            worker.close()
        _workers.clear()
