"""cocotb tests of JAMBU-SIMON in the LWC frame (the generated top jambu_simon96_lwc: designs/lwc-frame
around the RTL or the HLS CipherCore; 12-byte key, 6-byte nonce and tag: a KEY segment of 12 bytes, NPUB
and TAG of 4 + 2 bytes), run from pytest with Verilator, on the shared LWC bench
(cryptohls.sim.caesar_frame_tests.strided_frame_tests, as JAMBU-AES). The slow test (JAMBU_FULL=1: all
1089 KATs and the `cryptohls tv --cipher simonjambu96v2` set) takes about 50 s of simulation at 52 cycles
per 6-byte block; the HLS core's C testbench runs all KATs in csim and cosim (test_jambu_simon96_hls_core.py).

pytest designs/jambu-simon96/tests/test_jambu_simon96.py
"""

from cryptohls.sim.caesar_frame_tests import strided_frame_tests

# The cycle measurements count in 12-byte blocks (two JAMBU blocks, three bus words): a DEC's plaintext
# is released at 4 bytes per do word, 1.5 words per 6-byte block, so only whole bus words give a
# linear Ta + n * Tb (docs.md, "Cycles"). Measured, asserted exactly (both variants):
# (Tb = 2 x 52: one SIMON-96/96 call per 6-byte block; DEC + 3: the release of 3 do words per 12 bytes)
TIMING = {("enc", "pt"): (269, 104), ("dec", "pt"): (268, 107), ("enc", "ad"): (269, 104)}

globals().update(strided_frame_tests("jambu-simon96", __file__, name="simonjambu96v2", key_bytes=12, tag_bytes=6,
                                     block_bytes=12, timing=TIMING, full_env="JAMBU_FULL"))
