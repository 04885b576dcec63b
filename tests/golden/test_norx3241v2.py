"""NORX32-4-1 v2.0 golden model against its 1089 CAESAR KAT records and the spec's F^2 vector.

KATs: <shared>/vectors/caesar/norx3241v2 (SUPERCOP 20170228 ref; 8-byte nonce, see its PROVENANCE.txt).
"""

from __future__ import annotations

from functools import lru_cache

import pytest

from cryptohls.golden import norx3241v2 as norx
from cryptohls.golden.vectors import load_caesar_kat

from .aead_checks import check_forgeries_rejected


@lru_cache(maxsize=1)
def load_kats() -> tuple[dict[str, bytes], ...]:
    return tuple(load_caesar_kat(norx.SUPERCOP_NAME))


def test_kat_file_has_all_1089_records_with_an_8_byte_nonce():
    kats = load_kats()
    assert len(kats) == 1089
    assert {len(k["Nonce"]) for k in kats} == {norx.NONCE_BYTES} == {8}
    assert kats[0]["CT"].hex().upper() == "049935C36A16360FA6E0F63B5D95C343"  # Count = 1


def test_all_kats_encrypt_and_decrypt():
    for number, kat in enumerate(load_kats(), start=1):
        assert norx.encrypt(kat["Key"], kat["Nonce"], kat["AD"], kat["PT"]) == kat["CT"], f"Count = {number}"
        assert norx.decrypt(kat["Key"], kat["Nonce"], kat["AD"], kat["CT"]) == kat["PT"], f"Count = {number}"


def test_f_squared_of_0_to_15_is_the_spec_constant_table():
    # NORX v2.0 §2.5.2 and Table 2.4: (u0, ..., u15) = F^2(0, ..., 15) for W = 32.
    expected = [0x0454EDAB, 0xAC6851CC, 0xB707322F, 0xA0C7C90D, 0x99AB09AC, 0xA643466D, 0x21C22362, 0x1230C950,
                0xA3D8D930, 0x3FA8B72C, 0xED84EB49, 0xEDCA4787, 0x335463EB, 0xF994220B, 0xBE0BF5C9, 0xD7C49104]
    assert norx.permutation(list(range(16)), 2) == expected
    assert norx.round_function(norx.round_function(list(range(16)))) == expected


def test_h_is_the_carry_free_addition_approximation():
    # H(x, y) = (x ^ y) ^ ((x & y) << 1), truncated to 32 bits (§2.4).
    assert norx.h(0x80000001, 0x80000001) == 0x00000002
    assert norx.h(0xFFFFFFFF, 0) == 0xFFFFFFFF


@pytest.mark.parametrize("count", [1, 17, 545, 1089])
def test_forgeries_are_rejected(count):
    """A flipped tag, ciphertext, AD or nonce bit, or a cut tag (aead_checks.py)."""
    check_forgeries_rejected(norx, load_kats()[count - 1])


def test_inputs_beyond_the_kat_lengths_round_trip():
    # The KATs stop at 32 bytes (< one 48-byte block); 48 and 100 bytes exercise full blocks and the
    # extra padded block that a block-multiple input gets (§2.5.2: 0 <= |M_{m-1}| < r).
    key, nonce = bytes(range(16)), bytes(range(8))
    for length in (48, 100):
        message, header = bytes(range(length)), bytes(range(1, length + 1))
        sealed = norx.encrypt(key, nonce, header, message)
        assert len(sealed) == length + 16
        assert norx.decrypt(key, nonce, header, sealed) == message


def test_wrong_sizes_are_refused_and_short_input_rejected():
    with pytest.raises(ValueError):
        norx.encrypt(bytes(16), bytes(16), b"", b"")  # SUPERCOP api.h's 16-byte nonce is not NORX32 v2.0's
    assert norx.decrypt(bytes(16), bytes(8), b"", bytes(15)) is None
