"""cocotb tests of Tiaoxin-346 v2 in the LWC frame at W = CCW = 256 (the generated top tiaoxin346_lwc:
designs/lwc-frame around the CipherCore), on the shared LWC bench (cryptohls.sim.lwc_bench):

- the CAESAR KATs (<shared>/vectors/caesar/tiaoxinv2) with under 4 bytes of PT, every third: ENC, DEC
  and a DEC with a wrong tag, compared with the published values (a longer KAT plaintext begins
  00010203, the KAT key's first word, which the bench's key-never-on-do check rejects on DEC; the
  model passes all 1089 records and the random messages below are long);
- the vector set of `cryptohls tv --cipher tiaoxinv2 --width 256` (written to files and parsed back);
- random golden-model messages with key changes, wrong tags, malformed commands, no key / bad keys,
  the key never on do, random pdi / sdi gaps and do stalls;
- exact cycle counts: cycles for n 32-byte blocks = Ta + n * Tb (docs.md, "Timing"), constant time.

pytest designs/tiaoxin346/tests/test_tiaoxin346.py
"""

from __future__ import annotations

import pytest

from cryptohls.golden.vectors import load_caesar_kat
from cryptohls.lwc.generate import CIPHER_MODELS
from cryptohls.sim.lwc_bench import LwcCipher, aead_tests, variant

CIPHER = LwcCipher(CIPHER_MODELS["tiaoxinv2"](), block_bytes=32)   # a block of the timing: one 256-bit word
# Measured, asserted exactly: cycles from the ENC/DEC instruction to the status word = Ta + n * Tb
# (DEC: Tb 2, the frame releases the buffered plaintext after the tag check, one do word per block)
TIMING = {("enc", "pt"): (45, 1), ("dec", "pt"): (46, 2), ("enc", "ad"): (44, 1)}
TIMINGS = {"rtl": TIMING, "hls": TIMING}   # the HLS core's cycles are the RTL's


def caesar_kats() -> list[dict[str, bytes]]:
    """Every third CAESAR KAT record with under 4 bytes of PT as the bench's {key, nonce, ad, pt, ct, tag}."""
    return [{"key": r["Key"], "nonce": r["Nonce"], "ad": r["AD"], "pt": r["PT"], "ct": r["CT"][:-16],
             "tag": r["CT"][-16:]} for r in load_caesar_kat("tiaoxinv2") if len(r["PT"]) < 4][::3]


globals().update(aead_tests(CIPHER, timing=TIMINGS[variant()], random_messages=(4, 10, 100),
                            kats=caesar_kats, kat_wrong_tag=True))


def test_tiaoxin346(request):
    from cryptohls.sim.design_tests import run_design_tests

    result = run_design_tests("tiaoxin346/rtl", __file__, test_id=request.node.name)
    assert result.passed and result.tests == 7, result.summary()


def test_full_module_lint():
    """The full module (frame at W = 256 + generated top tiaoxin346_lwc + the core) is `verilator
    --lint-only -Wall` clean."""
    import subprocess

    from cryptohls.designs import find_variant

    variant = find_variant("tiaoxin346/rtl")
    proc = subprocess.run(["verilator", "--lint-only", "-Wall", "--top-module", variant.top,
                           *map(str, variant.rtl_sources())], capture_output=True, text=True)
    assert proc.returncode == 0 and "%Warning" not in proc.stderr, proc.stderr


@pytest.mark.slow   # make test-slow (the HLS core's csim and port list run in make test)
def test_tiaoxin346_hls(request):
    """The same cocotb tests on the HLS CipherCore in the same frame and top (variant hls)."""
    from cryptohls.sim.design_tests import run_design_tests

    result = run_design_tests("tiaoxin346/hls", __file__, test_id=request.node.name)
    assert result.passed and result.tests == 7, result.summary()
