"""A fuzz program's Verilator model driven by a C++ main of its own: cosim's model without cosim's shim.

``cryptohls cosim`` puts a model behind the top's C signature: it reads that signature from clang's AST
of the whole Csmith program, compiles the program again as the wrapper, and compiles and links the
testbench (about 0.7 s of CPU a program besides Verilator and the model's C++). A Csmith wrapper's top
takes no argument and returns one 32-bit checksum, so a main of a few lines can drive the same model
(Verilated with cosim's flags, compiled with cosim's runtime and flags at -O0) with cosim's protocol
(sim/runtime/cosim_runtime.cpp): two clock edges in reset, ap_start until ap_ready, the cycles until
ap_done counted as cosim counts them, ap_return read in the cycle of ap_done.

As with Icarus (fuzz/icarus.py), only the native checksum is a verdict; any other result sends the
program to ``cryptohls cosim``, which finds and describes a mismatch or a hang as before.
"""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

from cryptohls.errors import UserError
from cryptohls.fuzz.csmith import TOP
from cryptohls.fuzz.icarus import HardwareRun
from cryptohls.sim.cosim import _runtime_flags, runtime_objects, verilate, verilator_root
from cryptohls.sim.csim import CXX, link_executable

MAIN = """\
// cryptohls fuzz: cosim's protocol (sim/runtime/cosim_runtime.cpp) for a top without arguments
#include <stdint.h>
#include <stdio.h>

static VerilatedContext* chls_ctx;
static V{top}* chls_model;

static void chls_tick() {{   // as chls_tick: eval, rising edge, eval, falling edge, eval
  chls_model->eval();
  chls_ctx->timeInc({half_ps});
  chls_model->ap_clk = 1;
  chls_model->eval();
  chls_ctx->timeInc({half_ps});
  chls_model->ap_clk = 0;
  chls_model->eval();
}}

int main() {{
  chls_ctx = new VerilatedContext;
  chls_model = new V{top}{{chls_ctx}};
  chls_model->ap_clk = 0;
  chls_model->ap_rst = 1;
  chls_model->ap_start = 0;
  chls_tick();
  chls_tick();
  chls_model->ap_rst = 0;
  chls_model->eval();
  chls_model->ap_start = 1;
  long cycles = 0;
  uint32_t result = 0;
  for (;;) {{
    chls_model->eval();
    const int done = chls_model->ap_done, ready = chls_model->ap_ready;
    if (done) result = (uint32_t)chls_model->ap_return;
    chls_tick();
    if (ready) chls_model->ap_start = 0;
    if (done) break;
    if (++cycles > {max_cycles}L) {{
      printf("no ap_done within {max_cycles} cycles\\n");
      return 0;
    }}
  }}
  chls_model->final();
  printf("checksum = %X\\ncycles = %ld\\n", (unsigned)result, cycles);
  return 0;
}}
"""


def link_flags() -> list[str]:
    """The model's link flags: gold where it is installed (binutils), which links a model in about half
    the CPU of the default linker (0.13 -> 0.06 s); the program it writes runs the same code."""
    return ["-pthread", "-latomic", *(["-fuse-ld=gold"] if shutil.which("ld.gold") else [])]


def run_direct_model(out_dir: Path, max_cycles: int, clock_ns: float, timeout_s: float) -> HardwareRun | None:
    """Builds ``out_dir/<TOP>.v`` into ``out_dir/direct`` and runs it; None if the model did not build,
    the run failed, or it did not finish in ``timeout_s``."""
    work = out_dir / "direct"
    work.mkdir(exist_ok=True)   # Verilator makes its own folder, not the one above it
    try:
        modules = verilate(out_dir / f"{TOP}.v", TOP, work / "obj", None, cheap=True)
        root = verilator_root()
        objects, pch = runtime_objects(modules, root, 0)
    except UserError:
        return None
    half_ps = max(1, int(round(clock_ns * 1000 / 2)))
    main = work / "main.cpp"
    main.write_text("".join(f'#include "{p.name}"\n' for p in sorted((work / "obj").glob("*.cpp")))
                    + f'#include "V{TOP}.h"\n' + MAIN.format(top=TOP, half_ps=half_ps, max_cycles=max_cycles))
    build = subprocess.run([CXX, *_runtime_flags(root, 0), f"-I{work / 'obj'}", "-include-pch", str(pch), "-c",
                            str(main), "-o", str(work / "main.o")], capture_output=True, text=True)
    if build.returncode != 0:
        return None
    # cosim's own runtime object drives a shim this main does not have
    verilated = [obj for obj in objects if not obj.name.startswith("cosim_runtime-")]
    try:
        exe = link_executable([work / "main.o", *verilated], work / "model", cxx=True, extra=link_flags())
        run = subprocess.run([str(exe)], capture_output=True, text=True, timeout=timeout_s, cwd=work,
                             stdin=subprocess.DEVNULL)
    except (UserError, subprocess.TimeoutExpired):
        return None
    checksum = re.search(r"^checksum = ([0-9A-F]+)$", run.stdout, re.M)
    cycles = re.search(r"^cycles = (\d+)$", run.stdout, re.M)
    if run.returncode != 0 or not checksum or not cycles:
        return None
    return HardwareRun(format(int(checksum.group(1), 16), "X"), int(cycles.group(1)))
