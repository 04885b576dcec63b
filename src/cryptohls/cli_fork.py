"""``python -m cryptohls.cli_fork``: runs ``cryptohls`` command lines, each in a fork of this process.

The process imports the CLI and the compiler once; then, for each request (one JSON line on stdin:
the arguments, the folder, the files for standard output and error), it forks, and the child runs
``cryptohls ARGS`` exactly as ``python -m cryptohls.cli ARGS`` would after its imports, in a process
group of its own; the answers are ``{"pid": …}`` when it starts and ``{"status": …, "cpu_s": …}``
when it ends (its exit status as subprocess reports it, and the CPU time of it and the tools it
waited for). The process itself never runs a command, so every fork starts from the same state.
It ends when its stdin closes. Its client is fuzz/worker.py (Csmith campaigns start one per thread).
"""

from __future__ import annotations

import gc
import json
import os
import sys
import traceback

from cryptohls import cli
# what the commands of a campaign (compile, cosim, csim) import, loaded before any fork
from cryptohls.commands import compile as _compile, cosim as _cosim, csim as _csim  # noqa: F401
from cryptohls.sim import cosim as _sim_cosim  # noqa: F401


def _run_command(request: dict) -> int:
    """In the fork: ``cryptohls ARGS`` with the request's folder and output files; its exit status."""
    os.setsid()   # its own process group: a time limit stops the command and every tool it started
    os.chdir(request["cwd"])
    os.dup2(os.open(os.devnull, os.O_RDONLY), 0)
    for fd, path in ((1, request["stdout"]), (2, request["stderr"])):
        os.dup2(os.open(path, os.O_WRONLY | os.O_TRUNC), fd)
    sys.stdout = open(1, "w", closefd=False)
    sys.stderr = open(2, "w", closefd=False)
    sys.argv = [cli.__file__, *request["args"]]
    try:
        return cli.main(request["args"])
    except SystemExit as stop:   # argparse, as `python -m cryptohls.cli` exits on a usage error
        if stop.code is None or isinstance(stop.code, int):
            return stop.code or 0
        print(stop.code, file=sys.stderr)
        return 1
    except BaseException:        # what the interpreter would print before exiting with status 1
        traceback.print_exc()
        return 1


# The cyclic garbage collector's thresholds in the forks. A compile builds a large graph of objects (an op
# per instruction, each linked to its block and operands), and with the default first threshold of 700
# allocations the collector ran about 1,500 times in the compile of one large Csmith program, walking the
# young objects each time: 10-20 % of the compile's Python (docs/fuzzing.md, Throughput). Collecting less
# often changes when unreachable cycles are freed, not what a command computes.
GC_THRESHOLDS = (50_000, 20, 100)


def tune_collector() -> None:
    """Before the first fork: the imported modules' objects are moved out of the collector's view
    (``gc.freeze``: they live as long as the process), and it runs less often (GC_THRESHOLDS)."""
    gc.freeze()
    gc.set_threshold(*GC_THRESHOLDS)


def serve() -> None:
    tune_collector()
    for line in sys.stdin:
        request = json.loads(line)
        sys.stdout.flush()
        pid = os.fork()
        if pid == 0:
            status = 1
            try:
                status = _run_command(request)
            finally:
                sys.stdout.flush()
                sys.stderr.flush()
                os._exit(status & 0xFF if status >= 0 else 1)
        print(json.dumps({"pid": pid}), flush=True)
        _, wait_status, usage = os.wait4(pid, 0)
        print(json.dumps({"status": os.waitstatus_to_exitcode(wait_status),
                          "cpu_s": usage.ru_utime + usage.ru_stime}), flush=True)


if __name__ == "__main__":
    serve()
