"""Random simulation of the self-composition miter (verify/miter.py) before the solver: a few runs of
``cryptohls_miter`` in Icarus Verilog, each from a reset, with the public inputs shared (handshake
inputs held at 1: ``ap_start``, ``ap_continue``, every ``_TVALID``/``_TREADY`` and ``_valid``/``_ready``;
data and public memory contents random) and random secrets in each copy. A run in which ``differ`` rises is a
counterexample of the miter itself: a trace of the very circuit the solver is asked about, from the
same reset, so no solver has to find it. It finds leaks that most secrets show (the log/antilog
multiply of aes128-ecb-enc/hls-v0, whose cycles follow the number of zero bytes); leaks that only rare
secrets show (a tag compare whose copies must match the public tag in a prefix) are the solver's.
"""

from __future__ import annotations

import random
import re
import shutil
import subprocess
from dataclasses import dataclass, field
from pathlib import Path

from cryptohls.lwc.verilog_includes import include_flags

_INPUT = re.compile(r"^\s*input\s+wire\s*(?:\[(\d+):0\])?\s*(\w+)\s*,", re.M)
HELD_HIGH = re.compile(r"(^pub_ap_start$|^pub_ap_continue$|_TVALID$|_TREADY$|^pub_\w+_valid$|^pub_\w+_ready$)")
TRIES = 8


@dataclass
class Witness:
    cycle: int                                # the first cycle (1 = reset) at which differ is 1
    secrets: dict[str, dict[str, str]] = field(default_factory=dict)
    public: dict[str, str] = field(default_factory=dict)
    tries: int = 0


def miter_inputs(miter_text: str) -> list[tuple[str, int]]:
    return [(name, int(hi) + 1 if hi else 1) for hi, name in _INPUT.findall(miter_text)
            if name not in ("clk", "rst")]


def _hex(value: int, width: int) -> str:
    return f"{value:0{(width + 3) // 4}x}"


def search(verilog_files: list[Path], miter: Path, steps: int, work: Path, tries: int = TRIES,
           seed: int = 1, timeout_s: int = 300) -> Witness | None:
    """Runs ``tries`` random runs of ``steps`` cycles; the first run whose ``differ`` rises, or None."""
    iverilog, vvp = shutil.which("iverilog"), shutil.which("vvp")
    if iverilog is None or vvp is None:
        return None
    inputs = miter_inputs(miter.read_text())
    rng = random.Random(seed)
    values = [{name: (1 if HELD_HIGH.search(name) else rng.getrandbits(width)) for name, width in inputs}
              for _ in range(tries)]
    lines = ["`timescale 1ns/1ps", "module cryptohls_witness;", "  reg clk = 1'b0;", "  reg rst = 1'b1;"]
    lines += [f"  reg [{w - 1}:0] {n};" for n, w in inputs]
    lines += ["  wire differ;", "  cryptohls_miter dut (.clk(clk), .rst(rst), " +
              ", ".join(f".{n}({n})" for n, _ in inputs) + ", .differ(differ));",
              "  always #5 clk = ~clk;", "  integer t, k, found;", "  initial begin", "    found = 0;",
              f"    for (t = 0; t < {tries} && !found; t = t + 1) begin", "      case (t)"]
    for t, vs in enumerate(values):
        lines.append(f"        {t}: begin " + " ".join(f"{n} = {w}'h{_hex(vs[n], w)};" for n, w in inputs) + " end")
    lines += ["        default: ;", "      endcase",
              "      rst = 1'b1;", "      @(posedge clk); #1 rst = 1'b0;",
              f"      for (k = 1; k < {steps} && !found; k = k + 1) begin",
              "        if (differ === 1'b1) begin found = 1; $display(\"DIFFER %0d %0d\", t, k); end",
              "        else begin @(posedge clk); #1; end", "      end", "    end",
              "    if (!found) $display(\"SAME\");", "    $finish;", "  end", "endmodule"]
    tb = work / "witness_tb.v"
    tb.write_text("\n".join(lines) + "\n")
    exe = work / "witness.vvp"
    build = subprocess.run([iverilog, "-g2005", *include_flags(verilog_files), "-o", str(exe), str(tb), str(miter),
                            *map(str, verilog_files)],
                           capture_output=True, text=True)
    if build.returncode != 0:
        (work / "witness.log").write_text(build.stdout + build.stderr)
        return None
    try:
        run = subprocess.run([vvp, "-n", str(exe)], capture_output=True, text=True, timeout=timeout_s)
    except subprocess.TimeoutExpired:
        return None
    (work / "witness.log").write_text(run.stdout + run.stderr)
    got = re.search(r"^DIFFER (\d+) (\d+)$", run.stdout, re.M)
    if got is None:
        return None
    t, k = int(got.group(1)), int(got.group(2))
    widths = dict(inputs)
    secrets: dict[str, dict[str, str]] = {}
    public: dict[str, str] = {}
    for name, value in values[t].items():
        m = re.fullmatch(r"sec_([xy])_(\w+)", name)
        if m:
            secrets.setdefault(m.group(2), {})[m.group(1)] = _hex(value, widths[name])
        elif name.startswith("pub_"):
            public[name[4:]] = _hex(value, widths[name])
    return Witness(k + 1, secrets, public, t + 1)


__all__ = ["Witness", "miter_inputs", "search"]
