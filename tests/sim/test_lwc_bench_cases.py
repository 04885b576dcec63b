"""The shared LWC bench's malformed commands at tag sizes other than 16 bytes (cryptohls.sim.lwc_bench,
Bench.malformed_cases): each case must be malformed only where its name says, whatever the cipher's
sizes, or a good frame would answer it with something else than FAILURE."""

from __future__ import annotations

import random
from types import SimpleNamespace

from cryptohls.lwc.generate import CipherModel
from cryptohls.lwc.protocol import SegmentType
from cryptohls.sim.lwc_bench import Bench, LwcCipher, header


def _bench(tag_bytes: int, nonce_bytes: int) -> Bench:
    model = CipherModel("t", nonce_bytes, True, seal=lambda key, nonce, ad, pt: (pt, bytes(tag_bytes)),
                        open=lambda key, nonce, ad, ct, tag: ct if tag == bytes(tag_bytes) else None)
    return Bench(LwcCipher(model, tag_bytes=tag_bytes), SimpleNamespace(width=32))


def _cases(bench: Bench) -> dict[str, list[int]]:
    return dict(bench.malformed_cases(random.Random(1), bytes(16)))


def test_a_tag_segment_of_the_ciphers_length_carries_all_its_bytes():
    """A 6-byte tag after a TAG header of length 6 is 2 words (4 + 2 bytes: 00000001 0000), not 1."""
    cases = _cases(_bench(tag_bytes=6, nonce_bytes=6))
    tag_header = header(SegmentType.TAG, 6, last=True)
    for name in ("ENC TAG instead of PT", "DEC CT longer than the buffer"):
        assert cases[name][-3] == tag_header and cases[name][-2:] == [0x00000001, 0x00000000], name


def test_the_wrong_tag_length_case_is_wrong_for_an_8_byte_tag():
    """CLOC / SILC / JAMBU-AES have 8-byte tags: the "wrong TAG length" case must not be 8."""
    cases = _cases(_bench(tag_bytes=8, nonce_bytes=12))
    (name,) = [n for n in cases if n.startswith("DEC tag length")]
    assert name == "DEC tag length 12" and header(SegmentType.TAG, 12, last=True) in cases[name]
    assert "DEC tag length 8" in _cases(_bench(tag_bytes=16, nonce_bytes=16))   # unchanged at 16 bytes
