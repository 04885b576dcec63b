"""fuzz/worker.py: a command run in a fork of the pre-imported worker ends, prints and fails as the
same command in a fresh ``python -m cryptohls.cli`` process, and a time limit stops it and its tools."""

from __future__ import annotations

import os
import subprocess
import sys
import time

import pytest

from cryptohls.fuzz.worker import Worker

# a located refusal (exit 2) and a usage error (argparse, exit 2)
COMMANDS = [
    ["compile", "bad.c", "--top", "f", "-o", "out"],
    ["compile", "--no-such-option"],
]


def _gone(pid: int) -> bool:
    """Ended (a zombie not yet reaped by init counts as ended)."""
    try:
        return open(f"/proc/{pid}/stat").read().split(")")[-1].split()[0] in ("Z", "X")
    except FileNotFoundError:
        return True


@pytest.fixture
def worker():
    w = Worker(dict(os.environ))
    yield w
    w.close()
    assert w.proc.returncode == 0          # waited for: its CPU time is counted with the harness's


def test_a_forked_command_is_the_fresh_process(tmp_path, worker):
    (tmp_path / "bad.c").write_text("int f(void) { return g(); }\n")
    for args in COMMANDS:
        fresh = subprocess.run([sys.executable, "-m", "cryptohls.cli", *args], capture_output=True, text=True,
                               cwd=tmp_path, stdin=subprocess.DEVNULL)
        forked = worker.run(args, 60, tmp_path)
        assert (forked.returncode, forked.stdout, forked.stderr) == (fresh.returncode, fresh.stdout, fresh.stderr)
        assert forked.returncode == 2 and forked.stderr.startswith("cryptohls compile: ")
    version = worker.run(["--version"], 60, tmp_path)
    assert version.returncode == 0 and version.stdout.strip()


def test_a_command_past_its_time_limit_is_stopped_with_its_tools(tmp_path, worker):
    """csim of a testbench that never ends: the command and the testbench it started are killed."""
    (tmp_path / "top.c").write_text("int top(int x) { return x + 1; }\n")
    (tmp_path / "tb.c").write_text(
        "#include <stdio.h>\n#include <unistd.h>\nint top(int);\n"
        "int main(void) { FILE *f = fopen(\"tb.pid\", \"w\"); fprintf(f, \"%d\", (int)getpid()); fclose(f);\n"
        "  volatile int n = 0; for (;;) n = top(n); }\n")
    start = time.monotonic()
    assert worker.run(["csim", "top.c", "--tb", "tb.c", "-o", "csim"], 3, tmp_path) is None
    assert time.monotonic() - start < 30
    testbench = int((tmp_path / "tb.pid").read_text())
    time.sleep(0.5)
    assert _gone(testbench)
    assert worker.run(["--version"], 60, tmp_path).returncode == 0     # the worker goes on
    assert 0 < worker.last_cpu_s < 5


def test_an_answer_already_read_with_the_one_before_is_not_waited_for():
    """A command that ends before the harness reads its pid: both answers arrive together, and the
    second must be taken at once, not after the time limit (which made it a hang: `timed out`)."""
    answers = 'printf \'{"pid": 1}\\n{"status": 0, "cpu_s": 0.5}\\n\'; sleep 30'
    worker = Worker({}, command=["sh", "-c", answers])
    try:
        assert worker._answer(None) == {"pid": 1}
        start = time.monotonic()
        assert worker._answer(2.0) == {"status": 0, "cpu_s": 0.5}
        assert time.monotonic() - start < 1.0
    finally:
        worker.proc.kill()
        worker.proc.wait()


def test_forks_collect_garbage_less_often(tmp_path):
    """cli_fork.GC_THRESHOLDS in every fork (the collector ran ~1,500 times in one large compile)."""
    from cryptohls.cli_fork import GC_THRESHOLDS
    probe = ("import gc; from cryptohls import cli, cli_fork; "
             "cli.main = lambda args: print(gc.get_threshold(), gc.get_freeze_count() > 0) or 0; cli_fork.serve()")
    w = Worker(dict(os.environ), command=[sys.executable, "-c", probe])
    try:
        done = w.run(["anything"], 60, tmp_path)
    finally:
        w.close()
    assert done.returncode == 0 and done.stdout.strip() == f"{GC_THRESHOLDS} True"


def test_a_command_stopped_before_it_has_a_group_of_its_own_is_stopped(tmp_path):
    """The limit may pass before the fork has run setsid (the worker slow to answer under load, or a
    limit almost spent by the quick runs): killing the process group alone missed the fork, and the
    harness then waited for its end without a limit (a campaign that hangs). Here the "fork" never has a
    group of its own."""
    fake = ('read line; sleep 30 & echo "{\\"pid\\": $!}"; wait $!; '
            'echo "{\\"status\\": -9, \\"cpu_s\\": 0.0}"; sleep 30')
    w = Worker({}, command=["sh", "-c", fake])
    try:
        start = time.monotonic()
        assert w.run(["compile"], 0.5, tmp_path) is None
        assert time.monotonic() - start < 10
    finally:
        w.proc.kill()
        w.proc.wait()
