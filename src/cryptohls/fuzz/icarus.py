"""A first, cheap look at a fuzz program's hardware: its Verilog under Icarus Verilog.

A Csmith wrapper's top takes no argument and returns one 32-bit checksum, so a Verilog testbench can
drive it exactly as cosim's runtime does (sim/runtime/cosim_runtime.cpp): two clock edges in reset,
ap_start until ap_ready, cycles counted until ap_done, ap_return read in the cycle of ap_done. Icarus
compiles the Verilog in a fraction of the time Verilator and clang++ take to build a model, but
interprets it, slowly for a large design (docs/fuzzing.md, Throughput): it is tried only where the
report's latency and the Verilog's size promise a cheap run, under a CPU limit.

Only a run that prints the native checksum is a verdict (matched, with Icarus's cycle count). Anything
else (another checksum, X bits, no ap_done within the limit, an Icarus error) says nothing, and the
program goes to cosim, as every program did before: a mismatch, a hang or a crash is found and
described by the Verilator model, the same way as without this step.
"""

from __future__ import annotations

import json
import os
import re
import resource
import shutil
import subprocess
import threading
from dataclasses import dataclass
from pathlib import Path

from cryptohls.fuzz.csmith import TOP

# Icarus costs about (Verilog size) x (cycles), and more per cycle the larger the design (its `always @*`
# blocks run again on every change of an input): 0.07-1 ms a cycle under 250 kB, 2-17 ms above.
# Measured on subset programs 1-29 (docs/fuzzing.md, Throughput): within both bounds below, 11 of 12
# runs took 0.02-0.8 s of CPU, where cosim's model took 1.1-1.6 s (the 12th, seed 29, is stopped by
# the CPU limit); outside them, 1-20 s.
# The work bound was 600 M byte-cycles while the alternative was cosim's model; the direct Verilator model
# (fuzz/direct_model.py) costs 0.17-0.46 s of CPU on designs under 250 kB, and Icarus 2-4 ns a byte-cycle
# (13 subset programs under both, the same checksums and cycles: 88 M 0.23 against 0.26 s, 117 M 0.40 against
# 0.46, 148 M 0.51 against 0.35, 230 M 0.89 against 0.36; 421 M and 543 M stopped after 0.65 and 0.35 s,
# then the model), so Icarus is tried only where it is the cheaper of the two.
MAX_VERILOG_BYTES = 250_000
MAX_WORK = 120_000_000              # Verilog bytes x the report's minimum latency (a lower bound of the cycles)
CPU_LIMIT_S = 1                     # a run past this is stopped (the program goes to cosim)
# A run that will not finish within CPU_LIMIT_S is stopped as soon as that is clear: the testbench prints
# its cycle count every PROGRESS_EVERY cycles, and once PROJECT_AFTER_S of CPU have passed, the rate of
# the last PROJECT_WINDOW_S (a run slows down as it goes: subset seed 1020 ran 3,300 cycles/s in its first
# 0.2 s, 1,600 after 0.3 s) projects the CPU still needed for the report's minimum latency (a lower bound of
# the cycles). Programs 29, 1020 and 1030 ran into the limit after 1 s each; the projection stops them at
# 0.3-0.45 s. Stopping early changes no outcome: the direct model or cosim give the verdict, as at the limit.
PROGRESS_EVERY = 64
PROJECT_AFTER_S = 0.25
PROJECT_WINDOW_S = 0.08

# The ports of a top without arguments that returns a value (report.json "interface", ap_ctrl_hs).
PORTS = ("ap_clk", "ap_rst", "ap_start", "ap_done", "ap_idle", "ap_ready", "ap_return")

TESTBENCH = """\
`timescale 1ns/1ps
// cryptohls fuzz: cosim's protocol (sim/runtime/cosim_runtime.cpp) for a top without arguments
module chls_fuzz_tb;
  reg ap_clk = 0, ap_rst = 1, ap_start = 0;
  wire ap_done, ap_idle, ap_ready;
  wire [{msb}:0] ap_return;
  reg [{msb}:0] result;
  reg done, ready;
  integer cycles;
  {top} dut(.ap_clk(ap_clk), .ap_rst(ap_rst), .ap_start(ap_start), .ap_done(ap_done),
            .ap_idle(ap_idle), .ap_ready(ap_ready), .ap_return(ap_return));
  initial begin
    #5 ap_clk = 1; #5 ap_clk = 0; #5 ap_clk = 1; #5 ap_clk = 0;   // two edges in reset
    ap_rst = 0; ap_start = 1; cycles = 0;
    forever begin
      #1 done = ap_done; ready = ap_ready;                    // settled, before the rising edge
      if (done) result = ap_return;
      #4 ap_clk = 1; #5 ap_clk = 0;
      if (ready) ap_start = 0;
      if (done) begin
        $display("checksum = %h", result);
        $display("cycles = %0d", cycles);
        $finish;
      end
      cycles = cycles + 1;
      if (cycles % {progress_every} == 0) begin $display("progress %0d", cycles); $fflush; end
      if (cycles > {max_cycles}) begin
        $display("no ap_done within {max_cycles} cycles");
        $finish;
      end
    end
  end
endmodule
"""


@dataclass(frozen=True)
class HardwareRun:
    checksum: str | None     # upper-case hex without leading zeros (as parse_checksum); None if it had X or Z bits
    cycles: int | None


def worth_trying(out_dir: Path) -> bool:
    """Whether the compiled top in ``out_dir`` has the fuzz wrapper's interface and promises a
    cheap Icarus run; Icarus must be installed."""
    verilog, report_path = out_dir / f"{TOP}.v", out_dir / "report.json"
    if not (verilog.is_file() and report_path.is_file() and shutil.which("iverilog") and shutil.which("vvp")):
        return False
    report = json.loads(report_path.read_text())
    interface = report.get("interface", {})
    if interface.get("block_protocol") != "ap_ctrl_hs" or interface.get("args") or "return" not in interface:
        return False
    latency = (report.get("latency") or {}).get("min")
    size = verilog.stat().st_size
    return isinstance(latency, int) and size <= MAX_VERILOG_BYTES and size * latency <= MAX_WORK


def run_icarus(out_dir: Path, max_cycles: int, cpu_limit_s: int = CPU_LIMIT_S) -> HardwareRun | None:
    """Compiles ``out_dir/<TOP>.v`` with a testbench in ``out_dir/icarus`` and runs it; None if
    Icarus rejected it, or the run failed or passed the CPU limit."""
    report = json.loads((out_dir / "report.json").read_text())
    width = int(report["interface"]["return"]["width"])
    latency = (report.get("latency") or {}).get("min")
    work = out_dir / "icarus"
    work.mkdir(exist_ok=True)
    tb = work / "tb.v"
    tb.write_text(TESTBENCH.format(top=TOP, msb=width - 1, max_cycles=max_cycles, progress_every=PROGRESS_EVERY))
    image = work / "sim.vvp"
    # -y: sub-modules kept apart (INLINE off) are <name>.v next to the top, as for Verilator
    build = subprocess.run(["iverilog", "-o", str(image), "-s", "chls_fuzz_tb", "-y", str(out_dir), "-Y", ".v",
                            str(tb), str(out_dir / f"{TOP}.v")], capture_output=True, text=True)
    if build.returncode != 0:
        return None

    def limit_cpu():
        resource.setrlimit(resource.RLIMIT_CPU, (cpu_limit_s, cpu_limit_s))
    proc = subprocess.Popen(["vvp", "-n", str(image)], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
                            cwd=work, stdin=subprocess.DEVNULL, preexec_fn=limit_cpu)
    # the CPU limit stops it first; this is for a machine gone wrong
    watchdog = threading.Timer(60 * cpu_limit_s, proc.kill)
    watchdog.start()
    try:
        stdout = _read_until_hopeless(proc, latency if isinstance(latency, int) else 0, cpu_limit_s)
    finally:
        watchdog.cancel()
        proc.kill()
        proc.wait()
        proc.stdout.close()
    if stdout is None or proc.returncode != 0:
        return None
    # %h prints an unknown digit as x, X, z or Z: no checksum
    checksum = re.search(r"^checksum = ([0-9a-fA-F]+)$", stdout, re.M)
    cycles = re.search(r"^cycles = (\d+)$", stdout, re.M)
    return HardwareRun(format(int(checksum.group(1), 16), "X") if checksum else None,
                     int(cycles.group(1)) if cycles else None)


def _read_until_hopeless(proc: subprocess.Popen, latency: int, cpu_limit_s: float) -> str | None:
    """The run's output without its progress lines (waiting for its end), or None as soon as its progress
    says it cannot reach ``latency`` cycles within ``cpu_limit_s`` of CPU (see PROGRESS_EVERY)."""
    lines, seen = [], []   # seen: (CPU seconds, cycles) at each progress line
    for line in proc.stdout:
        if not line.startswith("progress "):
            lines.append(line)
            continue
        cpu, cycles = _cpu_seconds(proc.pid), int(line.split()[1])
        if cpu is None:
            continue
        seen.append((cpu, cycles))
        earlier = [point for point in seen if point[0] <= cpu - PROJECT_WINDOW_S]
        if cpu < PROJECT_AFTER_S or not earlier or cycles >= latency:
            continue
        then, then_cycles = earlier[-1]
        rate = (cycles - then_cycles) / (cpu - then)
        if cpu + (latency - cycles) / rate > cpu_limit_s:
            return None
    proc.wait()
    return "".join(lines)


_TICKS = os.sysconf("SC_CLK_TCK")


def _cpu_seconds(pid: int) -> float | None:
    """User + system CPU of a running process (/proc/PID/stat), None where it cannot be read."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except (OSError, IndexError):
        return None
    return (int(fields[11]) + int(fields[12])) / _TICKS
