"""Reusable cocotb checks for block cores: published vectors, timing, random back-pressure.

Used by the per-design cocotb tests (designs/*/tests) and by ``cryptohls sim``
(:mod:`cryptohls.sim.variant_cocotb`). Each check raises AssertionError on the first wrong
output; timing checks return what they measured.
"""

from __future__ import annotations

import os
import random
from dataclasses import dataclass

from cryptohls.sim.workloads import Segment, published, random_segments, timing_segment
from cryptohls.sim.block_tb import (Beat, BlockCoreTB, StreamStats, Traffic, steady_interval,
                                    steady_latency)

SETUP_VALID_PORTS = {"aes128-encrypt": (), "aes128-decrypt": ("key_valid_i",),
                     "aes128-ctr": ("start_valid_i",), "misty1-encrypt": (), "misty1-decrypt": ()}


@dataclass(frozen=True)
class Timing:
    latency: int
    interval: int
    blocks: int
    setup_to_first_accept: int | None    # cycles from the setup handshake to the first block
    intervals: tuple[int, ...] = ()      # every interval of the run, first block included


async def start_tb(dut, kind: str) -> BlockCoreTB:
    tb = BlockCoreTB(dut)
    await tb.start(idle_inputs=SETUP_VALID_PORTS[kind])
    return tb


class CoreTestbench:
    """Per-test state of a design's cocotb test: the core driver, its golden kind, the seeded
    random generator and the number of random blocks (``$CRYPTOHLS_SEED``,
    ``$CRYPTOHLS_BLOCKS``, set by :func:`cryptohls.sim.design_tests.run_design_tests`)."""

    KIND = "aes128-encrypt"

    def __init__(self, dut):
        self.dut = dut
        self.rng = random.Random(int(os.environ.get("CRYPTOHLS_SEED", "1")))
        self.blocks = int(os.environ.get("CRYPTOHLS_BLOCKS", "1000"))
        self.core: BlockCoreTB | None = None

    async def start(self) -> "CoreTestbench":
        self.core = await start_tb(self.dut, self.KIND)
        return self


def flatten(segments: list[Segment]) -> tuple[list[Beat], list[int]]:
    """One input stream: each segment's setup (with its held ports) and then its blocks."""
    items: list[Beat] = []
    expected: list[int] = []
    for segment in segments:
        if segment.setup is not None:
            valid, ready, values = segment.setup
            items.append(Beat({**segment.held, **values}, (valid, ready)))
        elif segment.held:
            raise ValueError("held ports need a setup item to change at")
        items.extend(Beat(beat) for beat in segment.beats)
        expected.extend(segment.expected)
    return items, expected


async def run_segments(tb: BlockCoreTB, segments: list[Segment], *, traffic: Traffic,
                       rng: random.Random) -> StreamStats:
    """Stream all segments back to back; setups overlap blocks still inside the core."""
    items, expected = flatten(segments)
    return await tb.stream(items, expected, traffic=traffic, rng=rng)


async def check_published(tb: BlockCoreTB, kind: str) -> int:
    """Published vectors at full speed; returns the number of blocks checked."""
    segments = published(kind)
    stats = await run_segments(tb, segments, traffic=Traffic.full_speed(), rng=random.Random(0))
    return len(stats.outputs)


async def measure_timing(tb: BlockCoreTB, kind: str, *, rng: random.Random,
                         blocks: int = 32) -> Timing:
    """Back-to-back blocks, output always ready: latency and steady-state interval."""
    stats = await run_segments(tb, [timing_segment(kind, rng, blocks)],
                               traffic=Traffic.full_speed(), rng=rng)
    first = None
    if stats.setup_cycles:
        first = stats.accept_cycles[0] - stats.setup_cycles[0][1]
    return Timing(steady_latency(stats), steady_interval(stats), blocks, first,
                  tuple(stats.intervals))


async def check_random(tb: BlockCoreTB, kind: str, *, rng: random.Random, blocks: int,
                       traffic: Traffic | None = None) -> int:
    """``blocks`` random blocks under random back-pressure; returns the number checked."""
    segments = random_segments(kind, rng, blocks)
    stats = await run_segments(tb, segments, traffic=traffic or Traffic.random_backpressure(),
                               rng=rng)
    return len(stats.outputs)
