"""Simulate a design variant on its test vectors: ``simulate_variant`` (contract C3).

The variant's ``interface`` selects the simulation (``INTERFACE_SIMULATORS``); its ``golden``
option (or, failing that, its design name) selects the workload and golden model. For
``block_valid_ready`` cores the run is: published vectors, 32 back-to-back blocks at full speed
(latency and interval measured there), then ``blocks`` random blocks under random back-pressure.
The model is built with Verilator, cached by source hash under ``build/sim-cache/``.
Free-running HLS stream cores (``ap_ctrl_none_stream``, ``lwc_axis``) are compiled and run by these
same simulations through a port adapter (:mod:`cryptohls.sim.stream_core`).
"""

from __future__ import annotations

import json
import sys
import tempfile
from collections.abc import Callable
from dataclasses import asdict, dataclass
from pathlib import Path

from cryptohls.designs import Variant, repo_root
from cryptohls.errors import UserError
from cryptohls.sim.aes_workloads import GOLDEN_KINDS
from cryptohls.sim.runner import build_and_run
from cryptohls.sim.lwc_driver import simulate_lwc
from cryptohls.sim.stream_core import simulate_stream_block, simulate_stream_lwc
from cryptohls.sim.variant_hls import simulate_ap_ctrl_hs

DEFAULT_BLOCKS = 1000
NOT_MEASURED = -1      # latency/interval of a run that failed before measuring them

# Golden kind per design, for variants whose design.toml does not name one.
GOLDEN_BY_DESIGN = {
    "aes128-ecb-enc": "aes128-encrypt",
    "aes128-ecb-enc-x2": "aes128-encrypt",
    "aes128-ecb-dec": "aes128-decrypt",
    "aes128-ctr": "aes128-ctr",
}


@dataclass(frozen=True)
class SimResult:
    variant: str
    passed: bool
    latency: int
    interval: int
    blocks: int

    def to_json(self) -> str:
        return json.dumps(asdict(self))


def golden_kind(variant: Variant) -> str:
    kind = variant.options.get("golden", GOLDEN_BY_DESIGN.get(variant.design))
    if kind not in GOLDEN_KINDS:
        raise UserError(f"variant {variant.full_name}: no golden model "
                        f"({'golden = ' + repr(kind) if kind else 'no golden key'})",
                        file=variant.directory / "design.toml",
                        hint=f"set golden to one of {', '.join(GOLDEN_KINDS)}")
    return kind


def _failure_lines(log_file: Path, limit: int = 6) -> list[str]:
    if not log_file.exists():
        return []
    lines = [line.strip() for line in log_file.read_text(errors="replace").splitlines()
             if "Error" in line or "assert" in line.lower()]
    return lines[:limit]


def simulate_block_valid_ready(variant: Variant, *, seed: int, blocks: int,
                               build_dir: Path) -> SimResult:
    golden_kind(variant)     # a variant without a golden model is refused before its sources are read
    return simulate_block_model(variant, variant.sources(), variant.top, seed=seed, blocks=blocks,
                                build_dir=build_dir)


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


# interface name -> simulation
INTERFACE_SIMULATORS: dict[str, Callable[..., SimResult]] = {
    "block_valid_ready": simulate_block_valid_ready,
    "lwc": simulate_lwc,              # full modules with pdi/sdi/do (cryptohls.sim.lwc_driver)
    "ap_ctrl_hs": simulate_ap_ctrl_hs,  # HLS variants: compile + C/RTL cosim (cryptohls.sim.variant_hls)
    # free-running HLS stream cores: compile + port adapter + the RTL runs above (cryptohls.sim.stream_core)
    "ap_ctrl_none_stream": simulate_stream_block,
    "lwc_axis": simulate_stream_lwc,
}


def simulate_variant(variant: Variant, *, seed: int = 1, blocks: int | None = None,
                     build_dir: Path | None = None) -> SimResult:
    """Build ``variant``, run its published vectors, timing and random blocks; see module doc.

    ``blocks`` random blocks (default 1000); ``build_dir`` is the build root (default
    ``<repo>/build``). Raises UserError for variants that cannot be simulated.
    """
    blocks = DEFAULT_BLOCKS if blocks is None else blocks
    if blocks < 0:
        raise UserError(f"--blocks must be 0 or more, not {blocks}")
    simulate = INTERFACE_SIMULATORS.get(variant.interface)
    if simulate is None:
        raise UserError(f"variant {variant.full_name}: interface {variant.interface!r} cannot be "
                        f"simulated", file=variant.directory / "design.toml",
                        hint=f"supported: {', '.join(sorted(INTERFACE_SIMULATORS))}")
    # absolute: the simulator runs in a run directory of its own
    build_dir = Path(build_dir).resolve() if build_dir else repo_root() / "build"
    return simulate(variant, seed=seed, blocks=blocks, build_dir=build_dir)
