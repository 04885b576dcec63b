"""Shrinking a finding with C-Vise (Debian package cvise): the smallest program.c that still
fails the same way, written to ``<finding>/reduced/program.c``.

C-Vise copies program.c to a scratch folder and runs an interestingness test there; ours is
``python -m cryptohls.fuzz.reduce --check STATUS --reason R --finding DIR``: the program must
still build and finish natively (so C-Vise cannot turn it into undefined or endless code), and
cosim must still crash with the same error, or still disagree with the native checksum.
"""

from __future__ import annotations

import argparse
import json
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

from cryptohls.errors import UserError
from cryptohls.fuzz.csmith import parse_checksum
from cryptohls.fuzz.trial import Limits, _cli, _last_error_line, _native, cosim_args, crash_reason

REDUCIBLE = ("crashed", "mismatched")


def still_fails(directory: Path, status: str, reason: str, limits: Limits) -> bool:
    native, _ = _native(directory / "program.c", directory, limits)
    if native is None:
        return False
    cosim = _cli(cosim_args(limits), limits.build_s, directory)
    if cosim is None:
        return False
    if status == "crashed":
        if cosim.returncode in (0, 2):
            return False
        return crash_reason(cosim.returncode, cosim.stderr) == reason   # the same exception, site or signal
    return cosim.returncode == 0 and parse_checksum(cosim.stdout) not in (None, native)


def reduce_finding(finding: Path, *, jobs: int = 1, timeout_s: int = 120) -> Path | None:
    """Runs C-Vise on the finding; returns the reduced program, or None for findings it cannot
    reduce (timeouts and harness problems: each test would take the full time-out)."""
    outcome = json.loads((finding / "outcome.json").read_text())
    if outcome["status"] not in REDUCIBLE:
        return None
    cvise = shutil.which("cvise")
    if cvise is None:
        raise UserError("C-Vise is not installed (Debian package cvise)", hint="run `make setup`")
    work = finding / "reduced"
    shutil.rmtree(work, ignore_errors=True)
    work.mkdir()
    shutil.copy(finding / "program.c", work / "program.c")
    test = work / "interesting.sh"
    check = [sys.executable, "-m", "cryptohls.fuzz.reduce", "--check", outcome["status"],
             "--reason", outcome["reason"], "--finding", str(finding.resolve())]
    test.write_text("#!/bin/sh\n# C-Vise's interestingness test (cryptohls/fuzz/reduce.py)\n"
                    f"exec {' '.join(shlex.quote(a) for a in check)}\n")
    test.chmod(0o755)
    proc = subprocess.run([cvise, "--n", str(jobs), "--timeout", str(timeout_s), str(test), "program.c"],
                          cwd=work, capture_output=True, text=True)
    (work / "cvise.log").write_text(proc.stdout + proc.stderr)
    if proc.returncode != 0:
        raise UserError(f"cvise failed on {finding}: {_last_error_line(proc.stderr or proc.stdout)}",
                        file=work / "cvise.log")
    return work / "program.c"


def _check_main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="cryptohls.fuzz.reduce")
    parser.add_argument("--check", choices=REDUCIBLE, required=True)
    parser.add_argument("--reason", default="")
    parser.add_argument("--finding", type=Path, required=True)
    args = parser.parse_args(argv)
    here = Path.cwd()
    for name in ("wrapper.c", "tb.c"):
        shutil.copy(args.finding / name, here / name)
    return 0 if still_fails(here, args.check, args.reason, Limits(build_s=120)) else 1


if __name__ == "__main__":
    sys.exit(_check_main(sys.argv[1:]))
