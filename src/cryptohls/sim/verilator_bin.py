"""Verilator's binary without its Perl wrapper, for the fuzz harness's many small model builds.

``verilator`` is a Perl script: it loads its modules, starts ``verilator_bin --get-supported DEV_ASAN``
(to choose a stack limit), a shell to try ``ulimit -s unlimited``, and then a shell that sets that limit
and execs ``verilator_bin``. That is about 0.05 s of CPU a run, a quarter of Verilator's time on a small
Csmith program (issue 38 item 3, docs/fuzzing.md). The command here does what the wrapper does on a
non-ASAN build, in one shell: ``VERILATOR_ROOT`` in the environment, the stack unlimited where the hard
limit allows it, then ``verilator_bin`` with the same arguments. It writes the same C++
(tests/fuzz/test_verilator_bin.py); only its dependency files name the binary that ran.
"""

from __future__ import annotations

import os
from pathlib import Path

# the wrapper's `ulimit -s unlimited 2>/dev/null; exec verilator_bin ...` (a failed ulimit is ignored)
_SHELL = 'ulimit -s unlimited 2>/dev/null; exec "$0" "$@"'


def binary_beside(wrapper: str) -> Path | None:
    """``verilator_bin`` in the folder of the (resolved) ``verilator`` wrapper, as the wrapper finds it;
    None where there is none (a packaging that the wrapper alone knows how to run)."""
    candidate = Path(wrapper).resolve().parent / "verilator_bin"
    return candidate if candidate.is_file() and os.access(candidate, os.X_OK) else None


def direct_command(wrapper: str, args: list[str], root: Path, env: dict[str, str] | None
                   ) -> tuple[list[str], dict[str, str]] | None:
    """(command, environment) running ``verilator_bin ARGS`` as ``wrapper ARGS`` would, or None where
    ``wrapper`` has no ``verilator_bin`` beside it. ``env``: the environment the wrapper would get (None:
    this process's)."""
    binary = binary_beside(wrapper)
    if binary is None:
        return None
    env = dict(os.environ if env is None else env)
    env["VERILATOR_ROOT"] = str(root)
    return ["sh", "-c", _SHELL, str(binary), *args], env
