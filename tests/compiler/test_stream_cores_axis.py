"""The issue-6 stream cores on their AXI-stream ports (Icarus, tests/compiler/axisbench.py): with the
input always valid and the output always ready every block leaves exactly `latency` cycles after it
was accepted and one block leaves every `interval` cycles (the RTL's 11/10, x2: 6/5); with random
input gaps and output back-pressure the results are still right, in order, and a held out_TVALID
and its TDATA stay stable until out_TREADY. pycryptodome is the independent oracle."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from axisbench import run_axis
from Crypto.Cipher import AES
from streamharness import lint

from cryptohls.hls import compile_file

DESIGNS = Path(__file__).resolve().parents[2] / "designs"
CORES = {   # id: (source, top, clock_ns, latency, interval)
    "ecb": ("aes128-ecb-enc/hls/aes_hls.cpp", "aes128_ecb_enc", 12.0, 11, 10),
    "x2": ("aes128-ecb-enc-x2/hls/aes_x2_hls.cpp", "aes128_ecb_enc_x2", 22.0, 6, 5),
    "ctr": ("aes128-ctr/hls/aes_ctr_hls.cpp", "aes128_ctr", 12.0, 11, 10),
}


def _stimulus(core: str, rng: random.Random, blocks: int) -> tuple[int, list[int], list[int], list[int]]:
    """(key, input words, expected outputs, indices of the block words). CTR: two messages of
    blocks/2 blocks, each after its start word (IV || counter, bit 128 set)."""
    key = rng.getrandbits(128)
    aes = AES.new(key.to_bytes(16, "big"), AES.MODE_ECB)
    enc = lambda x: int.from_bytes(aes.encrypt(x.to_bytes(16, "big")), "big")   # noqa: E731
    pts = [rng.getrandbits(128) for _ in range(blocks)]
    if core != "ctr":
        return key, pts, [enc(p) for p in pts], list(range(blocks))
    words, expect, index = [], [], []
    for m, ctr in enumerate((0xFFFFFFFE, rng.getrandbits(32))):   # the first counter wraps modulo 2^32
        iv = rng.getrandbits(96)
        words.append((1 << 128) | (iv << 32) | ctr)
        for k, p in enumerate(pts[m * blocks // 2:(m + 1) * blocks // 2]):
            index.append(len(words))
            words.append(p)
            expect.append(p ^ enc((iv << 32) | ((ctr + k) % 2**32)))
    return key, words, expect, index


@pytest.mark.parametrize("core", sorted(CORES))
def test_stream_core_axis_timing_and_backpressure(core, build_dir):
    src, top, clock, latency, interval = CORES[core]
    result = compile_file(DESIGNS / src, top, clock_ns=clock, out_dir=build_dir)
    lint(result.verilog_path)
    in_width = 129 if core == "ctr" else 128
    rng = random.Random(6)
    key, words, expect, index = _stimulus(core, rng, 6)
    run = run_axis(result.verilog_path, top, build_dir / "free", words, in_width, key, len(expect))
    assert run.errors == [] and run.outputs == expect
    blocks_in = [run.in_cycles[k] for k in index]
    assert [o - i for i, o in zip(blocks_in, run.out_cycles)] == [latency] * len(expect)
    # CTR: the second start word is read in the last round's cycle of the first message and takes one
    # cycle of its own (as the RTL's start), so that message's first block comes one cycle later
    gaps = [interval] * (len(expect) - 1) if core != "ctr" else [interval, interval, interval + 1, interval, interval]
    assert [b - a for a, b in zip(run.out_cycles, run.out_cycles[1:])] == gaps
    for seed, p_valid, p_ready in ((2, 2, 2), (3, 3, 1)):
        key, words, expect, _ = _stimulus(core, rng, 12)
        run = run_axis(result.verilog_path, top, build_dir / f"stall{seed}", words, in_width, key, len(expect),
                       p_valid=p_valid, p_ready=p_ready, seed=seed)
        assert run.errors == [] and run.outputs == expect, f"seed {seed}"
