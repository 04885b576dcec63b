"""cocotb test for the XOR stream kernels of data/xor_stream.cpp behind their generated port adapter.

It uses the block_valid_ready bench of ``cryptohls sim`` (BlockCoreTB.stream, steady_latency,
steady_interval: the C2 definitions) with the kernels' own trivial golden model instead of AES.
Settings from the JSON file named by $XOR_STREAM_CONFIG: rounds (1: in ^ key; 2: in ^ key ^
rotl(key, 1)), seed, result path; the result file receives latency, interval and the block count.
"""

from __future__ import annotations

import json
import os
import random
from pathlib import Path

import cocotb

from cryptohls.sim.block_tb import Beat, BlockCoreTB, Traffic, steady_interval, steady_latency

MASK = (1 << 128) - 1
TIMING_BLOCKS = 24
RANDOM_BLOCKS = 150


def cipher(rounds: int, key: int, data: int) -> int:
    for _ in range(rounds):
        data ^= key
        key = ((key << 1) | (key >> 127)) & MASK
    return data


def workload(rng: random.Random, rounds: int, count: int, *, new_key_prob: float) -> tuple[list[Beat], list[int]]:
    beats, expected = [], []
    key = rng.getrandbits(128)
    for _ in range(count):
        if rng.random() < new_key_prob:
            key = rng.getrandbits(128)
        data = rng.getrandbits(128)
        beats.append(Beat({"key_i": key, "in_data_i": data}))
        expected.append(cipher(rounds, key, data))
    return beats, expected


@cocotb.test()
async def xor_kernel_timing_and_backpressure(dut):
    config = json.loads(Path(os.environ["XOR_STREAM_CONFIG"]).read_text())
    rng = random.Random(config["seed"])
    tb = BlockCoreTB(dut)
    await tb.start()
    beats, expected = workload(rng, config["rounds"], TIMING_BLOCKS, new_key_prob=0.0)
    stats = await tb.stream(beats, expected, traffic=Traffic.full_speed(), rng=rng)
    result = {"latency": steady_latency(stats), "interval": steady_interval(stats), "blocks": len(stats.outputs)}
    # keys change between blocks and inputs are scrambled after acceptance: the key must be sampled
    # with its block
    beats, expected = workload(rng, config["rounds"], RANDOM_BLOCKS, new_key_prob=0.5)
    stats = await tb.stream(beats, expected, traffic=Traffic.random_backpressure(), rng=rng)
    result["blocks"] += len(stats.outputs)
    Path(config["result"]).write_text(json.dumps(result))
