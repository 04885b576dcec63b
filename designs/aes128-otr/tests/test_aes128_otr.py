"""cocotb tests of AES-OTR (AES-128, parallel AD) (aes128otrpv3) in the LWC frame (the generated top
aes128_otr_lwc: designs/lwc-frame around the CipherCore), run from pytest with Verilator, on the shared
LWC bench (cryptohls.sim.lwc_bench):

- the KAT file of seed 002 (<shared>/vectors/caesar/aes128otrpv3, 1089 records from the
  SUPERCOP reference code): ENC, DEC and a DEC with a wrong tag of each record; `make test` runs the 49
  records at the block edges (about 50 s of simulation for all 1089: CRYPTOHLS_OTR_KATS=all, the
  slow test below);
- the vector set of `cryptohls tv --cipher aes128otrpv3` (written to files and parsed back);
- random messages with key changes and wrong-tag / wrong-ciphertext decryptions;
- malformed commands: FAILURE alone, then the next good commands work; no key / bad keys;
- exact cycle counts: cycles for n blocks = Ta + n * Tb (docs.md, "Timing");
- constant time: cycle counts of messages of one shape do not depend on data, key or tag.
Random pdi/sdi gaps and do back-pressure with long stalls throughout, except in the cycle tests;
every do word is checked against every key word.

pytest designs/aes128-otr/tests/test_aes128_otr.py
"""

from cryptohls.sim.caesar_frame_tests import caesar_frame_tests

# timing: (Ta, Tb) measured, asserted exactly for rtl and hls (docs.md, "Timing"; caesar_frame_tests)
globals().update(caesar_frame_tests("aes128-otr", __file__, name="aes128otrpv3",
                                    tag_bytes=16, kats_env="CRYPTOHLS_OTR_KATS",
                                    timing={("enc", "pt"): (33, 11), ("dec", "pt"): (34, 15), ("enc", "ad"): (33, 11)}))
