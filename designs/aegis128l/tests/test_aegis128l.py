"""cocotb tests of AEGIS-128L in the LWC frame at W = CCW = 256 (the generated top aegis128l_lwc:
designs/lwc-frame around the CipherCore), on the shared LWC bench (cryptohls.sim.lwc_bench):

- the CAESAR KATs (<shared>/vectors/caesar/aegis128l) whose AD and PT lengths are both block edges
  (0, 1, 15, 16, 17, 31, 32 bytes: 49 of 1089 records, as the other ciphers' benches): ENC, DEC and a
  DEC with a wrong tag, compared with the published values (the model passes all 1089 records);
- the vector set of `cryptohls tv --cipher aegis128l --width 256` (written to files and parsed back);
- random golden-model messages with key changes, wrong tags, malformed commands, no key / bad keys,
  the key never on do, random pdi / sdi gaps and do stalls;
- exact cycle counts: cycles for n 32-byte blocks = Ta + n * Tb (docs.md, "Timing"), constant time.

pytest designs/aegis128l/tests/test_aegis128l.py
"""

from __future__ import annotations

import pytest

from cryptohls.golden.vectors import load_caesar_kat
from cryptohls.lwc.generate import CIPHER_MODELS
from cryptohls.sim.lwc_bench import LwcCipher, aead_tests, variant

CIPHER = LwcCipher(CIPHER_MODELS["aegis128l"](), block_bytes=32)   # a block of the timing: one 256-bit word
# Measured, asserted exactly: cycles from the ENC/DEC instruction to the status word = Ta + n * Tb
# (DEC: Tb 2, the frame releases the buffered plaintext after the tag check, one do word per block)
TIMING = {("enc", "pt"): (26, 1), ("dec", "pt"): (27, 2), ("enc", "ad"): (25, 1)}
TIMINGS = {"rtl": TIMING, "hls": TIMING,   # the HLS core's cycles are the RTL's
           # the same core at CCW = W = 32: 8 bdi words per block, DEC 8 in + 8 released per block
           "rtl-w32": {("enc", "pt"): (32, 8), ("dec", "pt"): (33, 16), ("enc", "ad"): (31, 8)}}
TIMINGS["hls-w32"] = TIMINGS["rtl-w32"]


EDGES = {0, 1, 15, 16, 17, 31, 32}   # block and half-block edges, in bytes


def caesar_kats() -> list[dict[str, bytes]]:
    """The CAESAR KAT records whose AD and PT lengths are both in EDGES (49 of 1089) as the bench's
    {key, nonce, ad, pt, ct, tag}. (The KAT plaintexts begin 00010203, the KAT key's first word: the
    bench's check_do accepts a key-valued word on do where it is the expected word.)"""
    records = [r for r in load_caesar_kat("aegis128l") if len(r["AD"]) in EDGES and len(r["PT"]) in EDGES]
    assert len(records) == len(EDGES) ** 2
    return [{"key": r["Key"], "nonce": r["Nonce"], "ad": r["AD"], "pt": r["PT"], "ct": r["CT"][:-16],
             "tag": r["CT"][-16:]} for r in records]


globals().update(aead_tests(CIPHER, timing=TIMINGS[variant()], random_messages=(4, 10, 100),
                            kats=caesar_kats, kat_wrong_tag=True))


def test_aegis128l(request):
    from cryptohls.sim.design_tests import run_design_tests

    result = run_design_tests("aegis128l/rtl", __file__, test_id=request.node.name)
    assert result.passed and result.tests == 7, result.summary()


@pytest.mark.slow   # make test-slow (the same core at CCW = 256 runs in make test)
@pytest.mark.parametrize("name", ["rtl-w32", "hls-w32"])
def test_aegis128l_w32(request, name):
    """The same cocotb tests on the cores at CCW = 32 in the frame at W = 32 (variants rtl-w32, hls-w32)."""
    from cryptohls.sim.design_tests import run_design_tests

    result = run_design_tests(f"aegis128l/{name}", __file__, test_id=request.node.name)
    assert result.passed and result.tests == 7, result.summary()


@pytest.mark.slow   # make test-slow (the HLS core's csim = cosim and port list run in make test)
def test_aegis128l_hls(request):
    """The same cocotb tests on the HLS CipherCore in the same frame and top (variant hls)."""
    from cryptohls.sim.design_tests import run_design_tests

    result = run_design_tests("aegis128l/hls", __file__, test_id=request.node.name)
    assert result.passed and result.tests == 7, result.summary()
