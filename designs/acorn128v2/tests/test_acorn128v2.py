"""cocotb tests of ACORN-128 v2 in the LWC frame (the generated top acorn128v2_lwc: designs/lwc-frame
around the CipherCore), run from pytest with Verilator and Icarus; the scenarios and pytest functions
are the shared ones of cryptohls.sim.stream_frame_tests. ACORN's own: a block of the timing is its
32-bit word, one cycle of 32 steps; make test takes the KATs at the word and segment edges (every step
count 8, 16, 24, 32 of a last word, a second word, a long segment), and `cryptohls sim` gives latency 9,
interval 1 on both cores.

pytest designs/acorn128v2/tests/test_acorn128v2.py
"""

from cryptohls.sim.stream_frame_tests import stream_frame_tests

# ACORN's block is its 32-bit word: one cycle of 32 steps
# Measured, asserted exactly (docs.md, "Timing"): cycles from the ENC/DEC instruction to the status
# word for a message of n 4-byte blocks = TA + n * TB, per variant.
TIMINGS = {
    "rtl": {("enc", "pt"): (102, 1), ("dec", "pt"): (103, 2), ("enc", "ad"): (102, 1)},
    "hls": {("enc", "pt"): (102, 1), ("dec", "pt"): (103, 2), ("enc", "ad"): (102, 1)},
}
# make test: the records whose AD and PT lengths are both word or segment edges (49 of 1089: every step
# count 8, 16, 24, 32 of a last word, a second word, a long segment); all 1089
# with CRYPTOHLS_ACORN_KATS=all (the slow tests)
EDGES = {0, 1, 2, 3, 4, 5, 32}

# the shared bench's cocotb tests and this design's pytest functions (cryptohls.sim.stream_frame_tests)
globals().update(stream_frame_tests("acorn128v2", __file__, block_bytes=4, kats_env="CRYPTOHLS_ACORN_KATS",
                                     edges=EDGES, timings=TIMINGS, random_messages=(4, 6, 70), icarus=True,
                                     # `cryptohls sim` (workload `cryptohls tv --cipher acorn128v2`, 4-byte blocks):
                                     # first PT word accepted -> first CT word on do, and cycles per block on do (Tb)
                                     sim_figures={"rtl": (9, 1), "hls": (9, 1)}))
