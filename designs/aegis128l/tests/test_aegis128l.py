"""cocotb tests of AEGIS-128L in the LWC frame at W = CCW = 256 (the generated top aegis128l_lwc around
the CipherCore), and of the cores at CCW = W = 32 (variants rtl-w32, hls-w32), on the shared bench:
cryptohls.sim.caesar_frame_tests (the edge KATs of <shared>/vectors/caesar/aegis128l with a wrong-tag
DEC each, `cryptohls tv --width 256` vectors, random messages, malformed commands, bad keys, exact
cycles for n 32-byte blocks, constant time).

pytest designs/aegis128l/tests/test_aegis128l.py
"""

from cryptohls.sim.caesar_frame_tests import caesar_frame_tests

# Measured, asserted exactly: cycles from the ENC/DEC instruction to the status word = Ta + n * Tb, n 32-byte
# blocks (DEC: Tb 2, the frame releases the buffered plaintext after the tag check, one do word per block);
# the HLS core's cycles are the RTL's
TIMING = {("enc", "pt"): (26, 1), ("dec", "pt"): (27, 2), ("enc", "ad"): (25, 1)}
# the same core at CCW = W = 32: 8 bdi words per block, DEC 8 in + 8 released per block
TIMING_W32 = {("enc", "pt"): (32, 8), ("dec", "pt"): (33, 16), ("enc", "ad"): (31, 8)}

# KATs: the 49 records at the block edges (no all-KAT run: the model passes all 1089 records)
globals().update(caesar_frame_tests("aegis128l", __file__, name="aegis128l", tag_bytes=16, kats_env=None,
                                    timing=TIMING, other_timings={"rtl-w32": TIMING_W32, "hls-w32": TIMING_W32},
                                    block_bytes=32, random_messages=(4, 10, 100), w32=["rtl-w32", "hls-w32"]))
