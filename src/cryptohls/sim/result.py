"""What every simulation of a variant returns (contract C3), and which golden model checks it.

A leaf module: the dispatcher (sim/variant.py) and the simulations it dispatches to (block_model.py,
lwc_driver.py, stream_core.py, variant_hls.py) all import these from here, not from each other.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass

from cryptohls.designs import Variant
from cryptohls.errors import UserError
from cryptohls.sim.workloads import GOLDEN_KINDS

NOT_MEASURED = -1      # latency/interval of a run that failed before measuring them

# Golden kind per design, for variants whose design.toml does not name one.
GOLDEN_BY_DESIGN = {
    "aes128-ecb-enc": "aes128-encrypt",
    "aes128-ecb-enc-x2": "aes128-encrypt",
    "aes128-ecb-dec": "aes128-decrypt",
    "aes128-ctr": "aes128-ctr",
    "misty1-enc": "misty1-encrypt",
    "misty1-dec": "misty1-decrypt",
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


__all__ = ["GOLDEN_BY_DESIGN", "NOT_MEASURED", "SimResult", "golden_kind"]
