"""cocotb tests of JAMBU-AES in the LWC frame (the generated top jambu_aes128_lwc: designs/lwc-frame
around the RTL or the HLS CipherCore; 16-byte key, 8-byte nonce and tag), run from pytest with
Verilator, on the shared LWC bench (cryptohls.sim.caesar_frame_tests.strided_frame_tests: published KATs
every 34th record, all 1089 and the `cryptohls tv --cipher aesjambuv2` set with JAMBU_FULL=1 in the slow
test; random messages, wrong tags, malformed commands, bad keys, stalls, exact Ta + n * Tb, constant time).

pytest designs/jambu-aes128/tests/test_jambu_aes128.py
"""

from cryptohls.sim.caesar_frame_tests import strided_frame_tests

# Measured, asserted exactly (both variants): cycles from the ENC/DEC instruction to the status word for
# n 8-byte blocks of PT/CT (AD empty) or of AD (PT empty) = Ta + n * Tb
# (Tb = 10: one AES-128 call per 8-byte block; DEC + 2: the release of 2 do words per block)
TIMING = {("enc", "pt"): (59, 10), ("dec", "pt"): (58, 12), ("enc", "ad"): (59, 10)}

globals().update(strided_frame_tests("jambu-aes128", __file__, name="aesjambuv2", key_bytes=16, tag_bytes=8,
                                     block_bytes=8, timing=TIMING, full_env="JAMBU_FULL"))
