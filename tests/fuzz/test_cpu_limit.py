"""The native runs' sub-second CPU limit (fuzz/cpu_limit.py): a program past it ends with SIGPROF after
about that much CPU, one within it runs to its end with its own output and status."""

from __future__ import annotations

import resource
import signal
import subprocess
import textwrap

from cryptohls.fuzz import cpu_limit


def _build(tmp_path, name: str, body: str):
    source = tmp_path / f"{name}.c"
    source.write_text(textwrap.dedent(body))
    exe = tmp_path / name
    subprocess.run(["cc", "-O0", str(source), "-o", str(exe)], check=True)
    return exe


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def test_a_program_past_the_limit_ends_after_that_much_cpu(tmp_path):
    spin = _build(tmp_path, "spin", """\
        int main(void) { volatile unsigned long n = 0; for (;;) n++; }
        """)
    before = _children_cpu()
    run = subprocess.run(cpu_limit.limited(spin, 0.3), capture_output=True, timeout=20)
    used = _children_cpu() - before
    assert run.returncode == -signal.SIGPROF and run.returncode in cpu_limit.OVER_LIMIT
    assert 0.25 <= used < 0.9, used          # not the whole seconds RLIMIT_CPU would round to


def test_a_program_within_the_limit_keeps_its_output_and_status(tmp_path):
    quick = _build(tmp_path, "quick", """\
        #include <stdio.h>
        int main(int argc, char **argv) { printf("checksum = %d\\n", argc); return 3; }
        """)
    run = subprocess.run(cpu_limit.limited(quick, 0.5), capture_output=True, text=True, timeout=20)
    assert (run.returncode, run.stdout) == (3, "checksum = 1\n")
