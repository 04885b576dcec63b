"""What the scripts that run code not written for cryptohls through it share (vitis_library.py for the
Vitis Security Library, supercop_ref.py for SUPERCOP's CAESAR refs): a `cryptohls` run with a time
limit, the line that says why it failed, the class of a compile's exit, and results written after
every test so an interrupted run keeps what it measured."""

from __future__ import annotations

import json
import subprocess
import time
from dataclasses import asdict
from pathlib import Path
from typing import Callable

# a test outcome that is a fault of the compiler (not a located refusal, not a timeout)
COMPILER_FAULTS = ("crash", "internal-error")


def run_split(argv: list[str], timeout: float, cwd: Path | None = None) -> tuple[int | None, str, str, float]:
    """(exit status or None on timeout, stdout, stderr, seconds) of one command."""
    start = time.monotonic()
    try:
        p = subprocess.run(argv, cwd=cwd, capture_output=True, text=True, timeout=timeout)
        return p.returncode, p.stdout, p.stderr, time.monotonic() - start
    except subprocess.TimeoutExpired:
        return None, "", "", time.monotonic() - start


def run(argv: list[str], timeout: float, cwd: Path | None = None) -> tuple[int | None, str, float]:
    """(exit status or None on timeout, stdout + stderr, seconds) of one command."""
    code, out, err, secs = run_split(argv, timeout, cwd)
    return code, out + err, secs


def is_cosim_summary(line: str) -> bool:
    """cosim's last stdout line, its JSON summary (cycles per call)."""
    return line.startswith("{") and '"cycles_min"' in line


def first_error(text: str) -> str:
    """The first line that names an error (or a cosim difference), else the last line: 300 characters."""
    lines = [ln for ln in text.splitlines() if ln.strip()]
    for ln in lines:
        if "error" in ln.lower() or ln.startswith("cosim: "):
            return ln.strip()[:300]
    return lines[-1].strip()[:300] if lines else ""


def native_undefined_behaviour(files: list[str], flags: list[str], work: Path, timeout: float) -> str | None:
    """The first report of gcc's AddressSanitizer or UndefinedBehaviorSanitizer on a native run of the
    whole program of ``files`` (its own `main`), or None when it runs clean or gcc cannot build it. A cosim
    difference on a program with undefined behaviour (a buffer the harness made too small, a read past
    an array) says nothing of the compiler: memory past an object is another object natively and
    nothing, or its own last word, in hardware."""
    exe = work / "native-sanitized"
    code, text, _ = run(["gcc", "-O1", "-g", "-w", "-fsanitize=address,undefined", "-fno-sanitize-recover=all",
                         *flags, *map(str, files), "-o", str(exe)], timeout)
    if code != 0:
        return None
    code, text, _ = run([str(exe)], timeout)
    found = [ln.strip() for ln in text.splitlines() if "runtime error:" in ln or "ERROR: AddressSanitizer" in ln]
    if not found:
        return None
    where = [ln.strip() for ln in text.splitlines() if ln.strip().startswith("#1 ") or ln.strip().startswith("#0 ")]
    return (found[0] + (f" ({where[-1]})" if where and "runtime error:" not in found[0] else ""))[:300]


def compile_status(code: int | None, text: str) -> str:
    """compiled (0), refused (2: a located error), internal-error (3), crash (a traceback or another
    status) or timeout."""
    if code is None:
        return "timeout"
    if "Traceback (most recent call last)" in text:
        return "crash"
    return {0: "compiled", 2: "refused", 3: "internal-error"}.get(code, "crash")


def load_results(out: Path, outcome_type: type) -> dict:
    """name -> outcome of DIR/results.json (empty when there is none)."""
    path = out / "results.json"
    if not path.exists():
        return {}
    return {o["name"]: outcome_type(**o) for o in json.loads(path.read_text())}


def save_results(out: Path, outcomes: dict, order: dict[str, int], markdown: Callable[[list], str]) -> list:
    """DIR/results.json and DIR/results.md, in ``order``'s order; returns the outcomes so ordered."""
    kept = sorted(outcomes.values(), key=lambda o: order.get(o.name, len(order)))
    (out / "results.json").write_text(json.dumps([asdict(o) for o in kept], indent=1))
    (out / "results.md").write_text(markdown(kept))
    return kept


def counts_line(outcomes: list, out: Path) -> str:
    """'126 compiled, 11 refused -> DIR/results.md'."""
    counts: dict[str, int] = {}
    for o in outcomes:
        counts[o.status] = counts.get(o.status, 0) + 1
    return ", ".join(f"{n} {s}" for s, n in sorted(counts.items())) + f" -> {out / 'results.md'}"
