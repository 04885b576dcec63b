"""cocotb tests of COLM0-AES128 (colm0v1) in the LWC frame (the generated top colm0_aes128_lwc around the RTL
or the HLS CipherCore), run from pytest with Verilator: the scenarios of cryptohls.sim.caesar_frame_tests
on the seed-002 KAT file (the 49 block-edge records in make test, all 1089 with CRYPTOHLS_COLM0_KATS=all
in the slow test), exact Ta + n * Tb asserted. The frame's CT is the first |M| bytes of COLM's output, the
tag the last 16.

pytest designs/colm0-aes128/tests/test_colm0_aes128.py
"""

from cryptohls.sim.caesar_frame_tests import caesar_frame_tests

# timing: (Ta, Tb) measured, asserted exactly for rtl and hls (docs.md, "Timing"; caesar_frame_tests)
# Two AES units in a pipeline: block i's second call beside block i+1's first.
globals().update(caesar_frame_tests("colm0-aes128", __file__, name="colm0v1",
                                    tag_bytes=16, kats_env="CRYPTOHLS_COLM0_KATS",
                                    timing={("enc", "pt"): (47, 10), ("dec", "pt"): (49, 14), ("enc", "ad"): (53, 10)}))
