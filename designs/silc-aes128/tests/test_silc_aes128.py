"""cocotb tests of SILC-AES (aes128n12t8silcv2) in the LWC frame (the generated top silc_aes128_lwc around
the RTL or the HLS CipherCore), run from pytest with Verilator: the scenarios of
cryptohls.sim.caesar_frame_tests on the seed-002 KAT file (the 49 block-edge records in make test, all
1089 with CRYPTOHLS_SILC_KATS=all in the slow test), exact Ta + n * Tb asserted.

pytest designs/silc-aes128/tests/test_silc_aes128.py
"""

from cryptohls.sim.caesar_frame_tests import caesar_frame_tests

# timing: (Ta, Tb) measured, asserted exactly for rtl and hls (docs.md, "Timing"; caesar_frame_tests)
globals().update(caesar_frame_tests("silc-aes128", __file__, name="aes128n12t8silcv2",
                                    tag_bytes=8, kats_env="CRYPTOHLS_SILC_KATS",
                                    timing={("enc", "pt"): (45, 10), ("dec", "pt"): (46, 14), ("enc", "ad"): (40, 10)}))
