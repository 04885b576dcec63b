"""Ketje Sr v1 golden model against its 1089 CAESAR KAT records, and Keccak-f[400] against published values.

KATs: <shared>/vectors/caesar/ketjesrv1 (SUPERCOP 20170228 ref, checksums match; the XKCP v1 self-test
vector agrees). The Ketje v1 document was not available here to check for a Keccak-p[400] vector of its
own; the permutation is checked against the Keccak team's Keccak-f[400] intermediate values (XKCP
tests/TestVectors/KeccakF-400-IntermediateValues.txt: the all-zero state permuted once and twice).
"""

from __future__ import annotations

from functools import lru_cache

import pytest

from cryptohls.golden import ketjesrv1 as ketje
from cryptohls.golden.vectors import load_caesar_kat

from .aead_checks import check_forgeries_rejected

# Keccak-f[400] of the all-zero state, lanes in order x + 5*y (Keccak team, KeccakF-400-IntermediateValues).
F400_ZERO_ONCE = [0x09F5, 0x40AC, 0x0FA9, 0x14F5, 0xE89F, 0xECA0, 0x5BD1, 0x7870, 0xEFF0, 0xBF8F,
                  0x0337, 0x6052, 0xDC75, 0x0EC9, 0xE776, 0x5246, 0x59A1, 0x5D81, 0x6D95, 0x6E14,
                  0x633E, 0x58EE, 0x71FF, 0x714C, 0xB38E]
F400_ZERO_TWICE = [0xE537, 0xD5D6, 0xDBE7, 0xAAF3, 0x9BC7, 0xCA7D, 0x86B2, 0xFDEC, 0x692C, 0x4E5B,
                   0x67B1, 0x15AD, 0xA7F7, 0xA66F, 0x67FF, 0x3F8A, 0x2F99, 0xE2C2, 0x656B, 0x5F31,
                   0x5BA6, 0xCA29, 0xC224, 0xB85C, 0x097C]


@lru_cache(maxsize=1)
def load_kats() -> tuple[dict[str, bytes], ...]:
    return tuple(load_caesar_kat(ketje.SUPERCOP_NAME))


def test_kat_file_has_all_1089_records():
    kats = load_kats()
    assert len(kats) == 1089
    assert kats[0]["CT"].hex().upper() == "991FB33D24F320555D41ECD96CF7C19E"  # Count = 1


def test_all_kats_encrypt_and_decrypt():
    for number, kat in enumerate(load_kats(), start=1):
        assert ketje.encrypt(kat["Key"], kat["Nonce"], kat["AD"], kat["PT"]) == kat["CT"], f"Count = {number}"
        assert ketje.decrypt(kat["Key"], kat["Nonce"], kat["AD"], kat["CT"]) == kat["PT"], f"Count = {number}"


def test_keccak_f400_on_the_zero_state_matches_the_published_values():
    once = ketje.keccak_f400([0] * 25)
    assert once == F400_ZERO_ONCE
    assert ketje.keccak_f400(once) == F400_ZERO_TWICE


def test_keccak_p400_is_the_last_rounds_of_keccak_f400():
    # Keccak-p[400, n] = rounds 20 - n .. 19; the first round on the zero state only adds RC[0] = 1.
    first = ketje.keccak_round([0] * 25, 0)
    assert first == [1] + [0] * 24
    assert ketje.keccak_p400(first, 19) == F400_ZERO_ONCE
    assert ketje.keccak_p400([0] * 25, 1) == ketje.keccak_round([0] * 25, 19)


def test_keccak_p400_refuses_bad_arguments():
    with pytest.raises(ValueError):
        ketje.keccak_p400([0] * 24, 1)
    with pytest.raises(ValueError):
        ketje.keccak_p400([0] * 25, 21)
    with pytest.raises(ValueError):
        ketje.keccak_p400([1 << 16] + [0] * 24, 1)


@pytest.mark.parametrize("count", [1, 17, 545, 1089])
def test_forgeries_are_rejected(count):
    """A flipped tag, ciphertext, AD or nonce bit, or a cut tag (aead_checks.py)."""
    check_forgeries_rejected(ketje, load_kats()[count - 1])


def test_wrong_sizes_are_refused_and_short_input_rejected():
    with pytest.raises(ValueError):
        ketje.encrypt(bytes(16), bytes(12), b"", b"")
    assert ketje.decrypt(bytes(16), bytes(16), b"", bytes(15)) is None
