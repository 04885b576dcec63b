"""NORX32-4-1 v2.0 in the LWC frame: W = CCW = 384 in top norx3241v2_lwc (384-bit words on every
port), and at W = 32 with the gearbox (rtl-w32). The tests are the shared ones
(cryptohls.sim.stream_frame_tests): this module gives the rate (48 bytes, absorbed in the last of
a block's four rounds), the measured cycles and the KAT edges (the KATs are at most 32 bytes long).

pytest designs/norx3241v2/tests/test_norx3241v2.py
"""

from cryptohls.sim.stream_frame_tests import stream_frame_tests

# NORX32's rate is 384 bits: one bdi word, absorbed in the last of its block's four rounds
# Measured, asserted exactly (docs.md, "Timing"): cycles from the ENC/DEC instruction to the status
# word for a message of n 48-byte blocks = TA + n * TB, per variant.
TIMINGS = {
    "rtl": {("enc", "pt"): (24, 4), ("dec", "pt"): (25, 5), ("enc", "ad"): (23, 4)},
    "hls": {("enc", "pt"): (24, 4), ("dec", "pt"): (25, 5), ("enc", "ad"): (23, 4)},
    # W = 32 (rtl-w32: the core behind lwc_ccw_gearbox): 12 bdi words of 32 bits per block
    "rtl-w32": {("enc", "pt"): (31, 12), ("dec", "pt"): (29, 24), ("enc", "ad"): (28, 12)},
}
# make test: the records whose AD and PT lengths are both block edges (49 of 1089); all 1089 with
# CRYPTOHLS_NORX_KATS=all (the slow tests); the KATs have at most 32 bytes: one partial block
EDGES = {0, 1, 15, 16, 17, 31, 32}

# the shared bench's cocotb tests and this design's pytest functions (cryptohls.sim.stream_frame_tests)
globals().update(stream_frame_tests("norx3241v2", __file__, block_bytes=48, kats_env="CRYPTOHLS_NORX_KATS",
                                     edges=EDGES, timings=TIMINGS, random_messages=(3, 6, 100), w32=True))
