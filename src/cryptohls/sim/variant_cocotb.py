"""The cocotb test behind ``cryptohls sim`` for ``block_valid_ready`` variants.

Settings come from the JSON file named by ``$CRYPTOHLS_SIM_CONFIG`` (golden kind, seed, number
of random blocks, result path); the measured figures are written back as JSON to ``result``.
"""

from __future__ import annotations

import json
import os
import random
from pathlib import Path

import cocotb

from cryptohls.sim.block_checks import check_published, check_random, measure_timing, start_tb

KEYS_COMPARED = 4      # random keys whose latency and interval `cryptohls sim` compares


@cocotb.test()
async def variant_vectors_and_timing(dut):
    config = json.loads(Path(os.environ["CRYPTOHLS_SIM_CONFIG"]).read_text())
    kind = config["golden"]
    rng = random.Random(config["seed"])
    tb = await start_tb(dut, kind)
    checked = await check_published(tb, kind)
    dut._log.info("published vectors: %d blocks ok", checked)
    timing = await measure_timing(tb, kind, rng=rng)
    checked += timing.blocks
    dut._log.info("latency %d, interval %d", timing.latency, timing.interval)
    # secret-independent timing (issue 22): the same latency and interval under other random keys
    # (each measurement also runs 32 random blocks, whose latencies must all be equal)
    for _ in range(KEYS_COMPARED - 1):
        other = await measure_timing(tb, kind, rng=rng)
        checked += other.blocks
        assert (other.latency, other.interval) == (timing.latency, timing.interval), \
            f"timing depends on the key: latency/interval {timing.latency}/{timing.interval} under one key, " \
            f"{other.latency}/{other.interval} under another"
    result = {"passed": False, "latency": timing.latency, "interval": timing.interval,
              "blocks": checked, "setup_to_first_accept": timing.setup_to_first_accept}
    Path(config["result"]).write_text(json.dumps(result))    # kept if the random run fails
    checked += await check_random(tb, kind, rng=rng, blocks=config["blocks"])
    result.update(passed=True, blocks=checked)
    Path(config["result"]).write_text(json.dumps(result))
