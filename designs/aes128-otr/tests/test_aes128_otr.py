"""cocotb tests of AES-OTR (AES-128, parallel AD) (aes128otrpv3) in the LWC frame (the generated top
aes128_otr_lwc around the RTL or the HLS CipherCore), run from pytest with Verilator: the scenarios of
cryptohls.sim.caesar_frame_tests on the seed-002 KAT file (the 49 block-edge records in make test, all
1089 with CRYPTOHLS_OTR_KATS=all in the slow test), exact Ta + n * Tb asserted.

pytest designs/aes128-otr/tests/test_aes128_otr.py
"""

from cryptohls.sim.caesar_frame_tests import caesar_frame_tests

# timing: (Ta, Tb) measured, asserted exactly for rtl and hls (docs.md, "Timing"; caesar_frame_tests)
globals().update(caesar_frame_tests("aes128-otr", __file__, name="aes128otrpv3",
                                    tag_bytes=16, kats_env="CRYPTOHLS_OTR_KATS",
                                    timing={("enc", "pt"): (33, 11), ("dec", "pt"): (34, 15), ("enc", "ad"): (33, 11)}))
