"""A free-running (ap_ctrl_none) II=1 stream pipeline samples its scalar inputs (ap_none) at the
accept cycle of each word and carries them down the stages (codegen/pipeline.py `sampled_input`): a
scalar used in a later stage must not be read from the port then, or a word gets the key of a word
behind it. Kernel stream_kernels/flp_keyed.cpp (a 128-bit key used by six unrolled rounds), run on
its axis ports (Icarus, axisbench.py) with random input gaps, random TREADY and a new key with every
word (junk on the key port between words) against a Python model. Found as the aes128-ctr-pipe/hls
failure of `cryptohls sim` ("block 24 ... cycle 252": the last block of a message got round keys
of the next message's key)."""

from __future__ import annotations

import random

from axisbench import run_axis
from streamharness import KERNELS, lint

from cryptohls.hls import compile_file

M32 = 2**32
SRC, TOP = KERNELS / "flp_keyed.cpp", "flp_keyed"
CLOCK_NS = 6.0


def _keyed(word: int, key: int) -> int:
    y = word
    for r in range(6):
        k = (key >> (32 * (r % 4))) % M32
        y = ((((y << 3) | (y >> 29)) % M32) + (y ^ k)) % M32
    return y


def test_scalar_input_is_sampled_with_each_word(build_dir):
    result = compile_file(SRC, TOP, clock_ns=CLOCK_NS, out_dir=build_dir / "hls")
    lint(result.verilog_path)
    (loop,) = result.report["loops"]
    assert loop["pipeline"]["ii"] == 1 and loop["pipeline"]["depth"] >= 3   # the key is used in later stages
    assert "pipeline copy 0 of input key" in result.verilog_path.read_text()
    rng = random.Random(16)
    words = [rng.getrandbits(32) for _ in range(96)]
    keys = [rng.getrandbits(128) for _ in words]
    expect = [_keyed(w, k) for w, k in zip(words, keys)]
    for p_valid, p_ready, seed in [(4, 4, 1), (4, 2, 2), (2, 2, 3), (3, 1, 4), (1, 3, 5)]:
        run = run_axis(result.verilog_path, TOP, build_dir / f"run{seed}", words, 32, 0, len(words),
                       p_valid, p_ready, seed, out_width=32, keys=keys)
        assert run.errors == [], run.errors
        assert run.outputs == expect, (p_valid, p_ready, seed,
                                       next(i for i, (g, e) in enumerate(zip(run.outputs, expect)) if g != e))
        if p_valid == p_ready == 4:   # one word per cycle in and out
            assert run.in_cycles == list(range(run.in_cycles[0], run.in_cycles[0] + len(words)))
            assert run.out_cycles == list(range(run.out_cycles[0], run.out_cycles[0] + len(words)))
