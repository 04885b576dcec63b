"""CPU seconds of `cryptohls compile` for each HLS variant of the library and each program of tests/perf
(issue 38's compile-time table).

    python scripts/compile_times.py [--only SUBSTRING] [--out DIR]

Each compile runs as the command a user types, in its own process; its CPU time is user + sys of that
process and its children (as /usr/bin/time reports). Prints one row per case, slowest last, and the
total. The cases are the design variants of scripts/verilog_snapshot.py (designs/*/design.toml at
their clocks) and tests/perf's programs, headroom variants and second styles (default clock).
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "scripts"))

from verilog_snapshot import cases as snapshot_cases  # noqa: E402

PERF = REPO / "tests" / "perf"


def perf_cases() -> list[tuple[str, str, str, float]]:
    """tests/perf programs: (name, source, top, clock); a variant shares the top of its program."""
    found = []
    for src in sorted(PERF.glob("*.c")):
        if not src.stem.endswith("_tb"):
            found.append((f"perf-{src.stem}", str(src), src.stem, 10.0))
    for folder in ("headroom", "styles"):
        for src in sorted((PERF / folder).glob("*.c")):
            top = next(p for p in ("aes_encrypt", "aes_decrypt", "sha", "blowfish") if src.stem.startswith(p))
            found.append((f"perf-{folder}-{src.stem}", str(src), top, 10.0))
    return found


def cpu_seconds(cmd: list[str]) -> tuple[float, int]:
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, stdin=subprocess.DEVNULL)
    _, status, usage = os.wait4(proc.pid, 0)
    return usage.ru_utime + usage.ru_stime, os.waitstatus_to_exitcode(status)


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="compile_times.py")
    parser.add_argument("--only", default="", help="cases whose name contains this")
    parser.add_argument("--out", type=Path, default=REPO / "build" / "compile-times")
    args = parser.parse_args(argv)
    todo = [c for c in snapshot_cases() if c[0].startswith("design-")] + perf_cases()
    rows = []
    for name, src, top, clock in todo:
        if args.only not in name:
            continue
        seconds, status = cpu_seconds([sys.executable, "-m", "cryptohls.cli", "compile", src, "--top", top,
                                       "--clock-ns", f"{clock:g}", "-o", str(args.out / name)])
        rows.append((seconds, name, status))
        print(f"{seconds:8.2f} {name}{'' if status == 0 else f'  (exit {status})'}", flush=True)
    print("\nslowest first:")
    for seconds, name, status in sorted(rows, reverse=True)[:10]:
        print(f"{seconds:8.2f} {name}")
    print(f"{sum(r[0] for r in rows):8.2f} total over {len(rows)} compiles")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
