"""Simulate a design variant on its test vectors: ``simulate_variant`` (contract C3).

The variant's ``interface`` selects the simulation (``INTERFACE_SIMULATORS``); its ``golden``
option (or, failing that, its design name) selects the workload and golden model. For
``block_valid_ready`` cores the run is: published vectors, 32 back-to-back blocks at full speed
(latency and interval measured there), then ``blocks`` random blocks under random back-pressure.
The model is built with Verilator, cached by source hash under ``build/sim-cache/``.
Free-running HLS stream cores (``ap_ctrl_none_stream``, ``lwc_axis``) are compiled and run by these
same simulations through a port adapter (:mod:`cryptohls.sim.stream_core`).
This module only dispatches; ``SimResult`` and ``golden_kind`` live in :mod:`cryptohls.sim.result`
(re-exported here), the block run in :mod:`cryptohls.sim.block_model`.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from cryptohls.designs import Variant, repo_root
from cryptohls.errors import UserError
from cryptohls.sim.block_model import simulate_block_valid_ready
from cryptohls.sim.hls_lwc import simulate_hls_lwc
from cryptohls.sim.lwc_driver import simulate_lwc
from cryptohls.sim.result import NOT_MEASURED, SimResult, golden_kind
from cryptohls.sim.stream_core import simulate_stream_block, simulate_stream_lwc
from cryptohls.sim.variant_hls import simulate_ap_ctrl_hs

DEFAULT_BLOCKS = 1000


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
    if variant.kind == "hls" and variant.interface == "lwc":   # an HLS CipherCore in the RTL frame
        simulate = simulate_hls_lwc
    if simulate is None:
        raise UserError(f"variant {variant.full_name}: interface {variant.interface!r} cannot be "
                        f"simulated", file=variant.directory / "design.toml",
                        hint=f"supported: {', '.join(sorted(INTERFACE_SIMULATORS))}")
    # absolute: the simulator runs in a run directory of its own
    build_dir = Path(build_dir).resolve() if build_dir else repo_root() / "build"
    return simulate(variant, seed=seed, blocks=blocks, build_dir=build_dir)


__all__ = ["DEFAULT_BLOCKS", "INTERFACE_SIMULATORS", "NOT_MEASURED", "SimResult", "golden_kind",
           "simulate_variant"]
