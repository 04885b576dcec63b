"""The workload of a golden kind: AES kinds from :mod:`cryptohls.sim.aes_workloads`, MISTY1 kinds
from :mod:`cryptohls.sim.misty1_workloads` (a :class:`~cryptohls.sim.aes_workloads.Segment` list
either way). The block-core checks (block_checks) and the golden-kind lookup (result) use these."""

from __future__ import annotations

import random

from cryptohls.sim import aes_workloads, misty1_workloads
from cryptohls.sim.aes_workloads import Segment

GOLDEN_KINDS = aes_workloads.GOLDEN_KINDS + misty1_workloads.GOLDEN_KINDS


def published(kind: str) -> list[Segment]:
    if kind in misty1_workloads.GOLDEN_KINDS:
        return misty1_workloads.published(kind)
    return aes_workloads.published(kind)


def random_segments(kind: str, rng: random.Random, blocks: int) -> list[Segment]:
    if kind in misty1_workloads.GOLDEN_KINDS:
        return misty1_workloads.random_segments(kind, rng, blocks)
    return aes_workloads.random_segments(kind, rng, blocks)


def timing_segment(kind: str, rng: random.Random, blocks: int = 32) -> Segment:
    if kind in misty1_workloads.GOLDEN_KINDS:
        return misty1_workloads.timing_segment(kind, rng, blocks)
    return aes_workloads.timing_segment(kind, rng, blocks)


__all__ = ["GOLDEN_KINDS", "Segment", "published", "random_segments", "timing_segment"]
