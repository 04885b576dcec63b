"""``cryptohls sim`` for an HLS CipherCore inside the hand-written LWC frame (``kind = "hls"``,
``interface = "lwc"``, Verilog sources beside the C/C++ one: designs/ascon-aead128).

The core is compiled into the artifact store (hls/artifacts.py), the very Verilog `cryptohls bench`
synthesizes, and the full module (frame + top wiring + compiled core) runs the same LWC simulation as
the RTL variant (cryptohls.sim.lwc_driver), so HLS and RTL cycles come from one testbench.
"""

from __future__ import annotations

import sys
from pathlib import Path

from cryptohls.designs import Variant
from cryptohls.hls import DEFAULTS
from cryptohls.hls.artifacts import compiled
from cryptohls.sim.hls_cache import single_hls_source
from cryptohls.sim.lwc_driver import simulate_lwc
from cryptohls.sim.result import SimResult
from cryptohls.sim.runner import SPLIT_MODEL_BUILD_ARGS


def hls_variant_verilog(variant: Variant) -> list[Path]:
    """The compiled core's Verilog (artifact store) and the Verilog listed beside the C source."""
    return [*compiled_core_verilog(variant), *variant.rtl_sources()]


def compiled_core_verilog(variant: Variant) -> list[Path]:
    """The compiled core's Verilog, from the artifact store (compiled on first use)."""
    clock_ns = float(variant.options.get("clock_ns", DEFAULTS.clock_ns))
    src = single_hls_source(variant)
    print(f"{variant.full_name}: {src.name} (top {variant.hls_top}, {clock_ns:g} ns) in {variant.top}",
          file=sys.stderr)
    artifact = compiled(src, variant.hls_top, clock_ns=clock_ns, target=DEFAULTS.target, label=variant.full_name,
                        secrets=variant.secrets, **variant.port_names)
    return list(artifact.verilog_files)


def simulate_hls_lwc(variant: Variant, *, seed: int, blocks: int, build_dir: Path) -> SimResult:
    return simulate_lwc(variant, seed=seed, blocks=blocks, build_dir=build_dir,
                        model=(hls_variant_verilog(variant), variant.top), build_args=SPLIT_MODEL_BUILD_ARGS)
