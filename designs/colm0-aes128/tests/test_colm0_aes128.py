"""cocotb tests of COLM0-AES128 (colm0v1) in the LWC frame (the generated top
colm0_aes128_lwc: designs/lwc-frame around the CipherCore), run from pytest with Verilator, on the shared
LWC bench (cryptohls.sim.lwc_bench):

- the KAT file of seed 002 (<shared>/vectors/caesar/colm0v1, 1089 records from the
  SUPERCOP reference code; the frame's CT is the first |M| bytes of COLM's output, the tag the last 16): ENC, DEC and a DEC with a wrong tag of each record; `make test` runs the 49
  records at the block edges (about 45 s of simulation for all 1089: CRYPTOHLS_COLM0_KATS=all, the
  slow test below);
- the vector set of `cryptohls tv --cipher colm0v1` (written to files and parsed back);
- random messages with key changes and wrong-tag / wrong-ciphertext decryptions;
- malformed commands: FAILURE alone, then the next good commands work; no key / bad keys;
- exact cycle counts: cycles for n blocks = Ta + n * Tb (docs.md, "Timing");
- constant time: cycle counts of messages of one shape do not depend on data, key or tag.
Random pdi/sdi gaps and do back-pressure with long stalls throughout, except in the cycle tests;
every do word is checked against every key word.

pytest designs/colm0-aes128/tests/test_colm0_aes128.py
"""

from cryptohls.sim.caesar_frame_tests import caesar_frame_tests

# timing: (Ta, Tb) measured, asserted exactly for rtl and hls (docs.md, "Timing"; caesar_frame_tests)
# Two AES units in a pipeline: block i's second call beside block i+1's first.
globals().update(caesar_frame_tests("colm0-aes128", __file__, name="colm0v1",
                                    tag_bytes=16, kats_env="CRYPTOHLS_COLM0_KATS",
                                    timing={("enc", "pt"): (47, 10), ("dec", "pt"): (49, 14), ("enc", "ad"): (53, 10)}))
