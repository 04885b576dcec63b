"""cocotb tests of MORUS-1280-128 v1 in the LWC frame at W = CCW = 256 (generated top
morus1280128v1_lwc), every word 256 bits on pdi, do, bdi and bdo, and of the same core at W = 32
behind designs/lwc-gearbox (variant rtl-w32). Scenarios and pytest functions: the shared
cryptohls.sim.stream_frame_tests; the block of the timing is one 256-bit bdi word.

pytest designs/morus1280128v1/tests/test_morus1280128v1.py
"""

from cryptohls.sim.stream_frame_tests import stream_frame_tests

# MORUS-1280's block is 256 bits: one bdi word, absorbed with its StateUpdate in one cycle
# Measured, asserted exactly (docs.md, "Timing"): cycles from the ENC/DEC instruction to the status
# word for a message of n 32-byte blocks = TA + n * TB, per variant.
TIMINGS = {
    "rtl": {("enc", "pt"): (32, 1), ("dec", "pt"): (33, 2), ("enc", "ad"): (31, 1)},
    "hls": {("enc", "pt"): (32, 1), ("dec", "pt"): (33, 2), ("enc", "ad"): (31, 1)},
    # W = 32 (rtl-w32: the core behind lwc_ccw_gearbox): 8 bdi words of 32 bits per block
    "rtl-w32": {("enc", "pt"): (38, 8), ("dec", "pt"): (36, 16), ("enc", "ad"): (30, 8)},
}
# make test: the records whose AD and PT lengths are both block edges (49 of 1089); all 1089 with
# CRYPTOHLS_MORUS_KATS=all (the slow tests)
EDGES = {0, 1, 15, 16, 17, 31, 32}

# the shared bench's cocotb tests and this design's pytest functions (cryptohls.sim.stream_frame_tests)
globals().update(stream_frame_tests("morus1280128v1", __file__, block_bytes=32, kats_env="CRYPTOHLS_MORUS_KATS",
                                     edges=EDGES, timings=TIMINGS, random_messages=(3, 6, 100), w32=True))
