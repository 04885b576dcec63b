"""cocotb tests of CLOC-AES (aes128n12t8clocv2) in the LWC frame (the generated top cloc_aes128_lwc around
the RTL or the HLS CipherCore), run from pytest with Verilator: the scenarios of
cryptohls.sim.caesar_frame_tests on the seed-002 KAT file (the 49 block-edge records in make test, all
1089 with CRYPTOHLS_CLOC_KATS=all in the slow test), exact Ta + n * Tb asserted.

pytest designs/cloc-aes128/tests/test_cloc_aes128.py
"""

from cryptohls.sim.caesar_frame_tests import caesar_frame_tests

# timing: (Ta, Tb) measured, asserted exactly for rtl and hls (docs.md, "Timing"; caesar_frame_tests)
globals().update(caesar_frame_tests("cloc-aes128", __file__, name="aes128n12t8clocv2",
                                    tag_bytes=8, kats_env="CRYPTOHLS_CLOC_KATS",
                                    timing={("enc", "pt"): (34, 11), ("dec", "pt"): (35, 15), ("enc", "ad"): (27, 11)}))
