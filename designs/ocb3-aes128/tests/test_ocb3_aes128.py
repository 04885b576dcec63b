"""cocotb tests of OCB3-AES128 (aeadaes128ocbtaglen128v1) in the LWC frame (the generated top ocb3_aes128_lwc
around the RTL or the HLS CipherCore), run from pytest with Verilator: the scenarios of
cryptohls.sim.caesar_frame_tests on the seed-002 KAT file (the 49 block-edge records in make test, all
1089 with CRYPTOHLS_OCB3_KATS=all in the slow test), exact Ta + n * Tb asserted.

pytest designs/ocb3-aes128/tests/test_ocb3_aes128.py
"""

from cryptohls.sim.caesar_frame_tests import caesar_frame_tests

# timing: (Ta, Tb) measured, asserted exactly for rtl and hls (docs.md, "Timing"; caesar_frame_tests)
globals().update(caesar_frame_tests("ocb3-aes128", __file__, name="aeadaes128ocbtaglen128v1",
                                    tag_bytes=16, kats_env="CRYPTOHLS_OCB3_KATS",
                                    timing={("enc", "pt"): (34, 10), ("dec", "pt"): (35, 14), ("enc", "ad"): (34, 10)}))
