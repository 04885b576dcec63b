"""cocotb tests of CLOC-AES (aes128n12t8clocv2) in the LWC frame (the generated top cloc_aes128_lwc:
designs/lwc-frame around the CipherCore), run from pytest with Verilator, on the shared LWC bench
(cryptohls.sim.lwc_bench):

- the KAT file of seed 002 (<shared>/vectors/caesar/aes128n12t8clocv2, 1089 records from the SUPERCOP
  reference code): ENC, DEC and a DEC with a wrong tag of each record; `make test` runs the 49 records
  at the block edges (all 1089: CRYPTOHLS_CLOC_KATS=all, the slow test below);
- the vector set of `cryptohls tv --cipher aes128n12t8clocv2` (written to files and parsed back);
- random messages with key changes and wrong-tag / wrong-ciphertext decryptions;
- malformed commands: FAILURE alone, then the next good commands work; no key / bad keys;
- exact cycle counts: cycles for n blocks = Ta + n * Tb (docs.md, "Timing");
- constant time: cycle counts of messages of one shape do not depend on data, key or tag.
Random pdi/sdi gaps and do back-pressure with long stalls throughout, except in the cycle tests;
every do word is checked against every key word.

pytest designs/cloc-aes128/tests/test_cloc_aes128.py
"""

from cryptohls.sim.caesar_frame_tests import caesar_frame_tests

# timing: (Ta, Tb) measured, asserted exactly for rtl and hls (docs.md, "Timing"; caesar_frame_tests)
globals().update(caesar_frame_tests("cloc-aes128", __file__, name="aes128n12t8clocv2",
                                    tag_bytes=8, kats_env="CRYPTOHLS_CLOC_KATS",
                                    timing={("enc", "pt"): (34, 11), ("dec", "pt"): (35, 15), ("enc", "ad"): (27, 11)}))
