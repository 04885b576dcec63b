"""cocotb tests of Ketje Sr v1 in the LWC frame (top ketjesrv1_lwc, the frame of designs/lwc-frame
around the CipherCore); the bench, its scenarios and the pytest functions that run them on the rtl and
hls cores are cryptohls.sim.stream_frame_tests'. Ketje's own: the 32-bit block (rho), absorbed with its
one-round step in one cycle; 100 edge KAT records in make test (all 1089: CRYPTOHLS_KETJE_KATS=all).

pytest designs/ketjesrv1/tests/test_ketjesrv1.py
"""

from cryptohls.sim.stream_frame_tests import stream_frame_tests

# Ketje Sr's block is 32 bits (rho): one word, absorbed with its one-round step in one cycle
# Measured, asserted exactly (docs.md, "Timing"): cycles from the ENC/DEC instruction to the status
# word for a message of n 4-byte blocks = TA + n * TB, per variant.
TIMINGS = {
    "rtl": {("enc", "pt"): (32, 1), ("dec", "pt"): (33, 2), ("enc", "ad"): (31, 1)},
    "hls": {("enc", "pt"): (32, 1), ("dec", "pt"): (33, 2), ("enc", "ad"): (31, 1)},
}
# make test: the records whose AD and PT lengths are both word or segment edges (100 of 1089); all 1089
# with CRYPTOHLS_KETJE_KATS=all (the slow tests)
EDGES = {0, 1, 2, 3, 4, 5, 7, 8, 31, 32}

# the shared bench's cocotb tests and this design's pytest functions (cryptohls.sim.stream_frame_tests)
globals().update(stream_frame_tests("ketjesrv1", __file__, block_bytes=4, kats_env="CRYPTOHLS_KETJE_KATS",
                                     edges=EDGES, timings=TIMINGS, random_messages=(4, 6, 70), icarus=True,
                                     # `cryptohls sim` (workload `cryptohls tv --cipher ketjesrv1`, 4-byte blocks):
                                     # first PT word accepted -> first CT word on do, and cycles per block on do (Tb)
                                     sim_figures={"hls": (2, 1), "rtl": (2, 1)}))
