"""opt runs with its address space limited (frontend/driver.py): a program that inlines and unrolls
into more than the machine holds (TACLe's test3 took 23 GiB before the kernel killed opt, and the
compile said only "opt failed:") fails on its own with a message that says why and what helps."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

PROGRAM = Path(__file__).resolve().parents[1] / "cosim" / "multi_file" / "mix.c"


def test_opt_out_of_memory_is_one_clear_error(tmp_path):
    proc = subprocess.run([sys.executable, "-m", "cryptohls.cli", "compile", str(PROGRAM), "--top", "mix",
                           "-o", str(tmp_path / "out")], capture_output=True, text=True, timeout=300,
                          env={**os.environ, "CRYPTOHLS_OPT_MEMORY_GIB": "0.02"})
    assert proc.returncode == 2
    assert proc.stderr.strip() == (
        f"cryptohls compile: {PROGRAM}: error: opt-19 ran out of memory (0.02 GiB) optimising the program, inlined "
        f"into its top: it holds more code than this machine can optimise at once (hint: INLINE off on large "
        f"functions keeps each a module of its own; CRYPTOHLS_OPT_MEMORY_GIB sets the limit)")
    assert not (tmp_path / "out" / "mix.v").exists()
