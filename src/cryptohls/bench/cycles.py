"""Latency and interval of a variant, measured in simulation (contract C3), never from a formula."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from cryptohls.designs import Variant
from cryptohls.errors import UserError
from cryptohls.sim.variant import simulate_variant


@dataclass(frozen=True)
class Cycles:
    latency: int | None
    interval: int | None
    passed: bool | None          # None: not simulated
    note: str = ""


def measure_cycles(variant: Variant, build_dir: Path) -> Cycles:
    """Runs the variant on its vectors with ``cryptohls.sim.variant.simulate_variant``."""
    build_dir.mkdir(parents=True, exist_ok=True)
    try:
        result = simulate_variant(variant, seed=1, blocks=0, build_dir=build_dir)
    except UserError as err:       # e.g. an interface the simulator does not drive yet
        return Cycles(None, None, None, str(err))
    if not result.passed:
        return Cycles(None, None, False, "the variant failed its test vectors")
    return Cycles(int(result.latency), int(result.interval), True)
