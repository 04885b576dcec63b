"""Run every golden model on the published vectors of ``<shared>/vectors`` and say which agree.

Used by ``cryptohls demo`` (and usable by anyone who changes a golden model): each check is one
published vector set; a check passes when every vector in it matches exactly.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from cryptohls.golden import aes, ascon, ctr, gcm, misty1
from cryptohls.golden.vectors import load_aes_vectors, load_ascon_kat, load_misty1_vectors


@dataclass(frozen=True)
class CheckResult:
    name: str
    vectors: int
    failures: int

    @property
    def passed(self) -> bool:
        return self.failures == 0


def _h(text: str) -> bytes:
    return bytes.fromhex(text)


def _aes_ecb() -> tuple[int, int]:
    data = load_aes_vectors()
    cases = list(data["fips197_appendix_c"]) + [data["fips197_appendix_b_used_by_chstone_aes"]]
    failures = 0
    for case in cases:
        key, pt, ct = _h(case["key"]), _h(case["plaintext"]), _h(case["ciphertext"])
        failures += aes.encrypt_block(key, pt) != ct
        failures += aes.decrypt_block(key, ct) != pt
    return 2 * len(cases), failures


def _aes_ctr() -> tuple[int, int]:
    case = load_aes_vectors()["sp800_38a_f51_ctr_aes128"]
    counter_block = _h(case["initial_counter"])
    plaintext = b"".join(_h(b) for b in case["plaintext_blocks"])
    ciphertext = b"".join(_h(b) for b in case["ciphertext_blocks"])
    got = ctr.ctr_crypt(_h(case["key"]), counter_block[:12], int.from_bytes(counter_block[12:], "big"),
                        plaintext)
    return 1, int(got != ciphertext)


def _aes_gcm() -> tuple[int, int]:
    cases = load_aes_vectors()["gcm_spec_mcgrew_viega"]
    failures = 0
    for case in cases:
        key, iv, aad = _h(case["key"]), _h(case["iv"]), _h(case["aad"])
        pt, ct, tag = _h(case["plaintext"]), _h(case["ciphertext"]), _h(case["tag"])
        failures += gcm.gcm_encrypt(key, iv, pt, aad) != (ct, tag)
        failures += gcm.gcm_decrypt(key, iv, ct, aad, tag) != pt
    return 2 * len(cases), failures


def _ascon() -> tuple[int, int]:
    kats = load_ascon_kat()
    failures = 0
    for kat in kats:
        failures += ascon.encrypt(kat["Key"], kat["Nonce"], kat["AD"], kat["PT"]) != kat["CT"]
        failures += ascon.decrypt(kat["Key"], kat["Nonce"], kat["AD"], kat["CT"]) != kat["PT"]
    return 2 * len(kats), failures


def _misty1() -> tuple[int, int]:
    cases = load_misty1_vectors()["ecb"]
    failures = 0
    for case in cases:
        key, pt, ct = _h(case["key"]), _h(case["plaintext"]), _h(case["ciphertext"])
        failures += misty1.encrypt_block(key, pt) != ct
        failures += misty1.decrypt_block(key, ct) != pt
    return 2 * len(cases), failures


CHECKS: tuple[tuple[str, Callable[[], tuple[int, int]]], ...] = (
    ("AES-128/192/256 ECB enc+dec (FIPS-197 App. B, C.1-C.3)", _aes_ecb),
    ("AES-128 CTR (SP 800-38A F.5.1)", _aes_ctr),
    ("AES-GCM enc+dec (GCM spec test cases 1-4)", _aes_gcm),
    ("Ascon-AEAD128 enc+dec (SP 800-232 KAT)", _ascon),
    ("MISTY1 ECB enc+dec (RFC 2994 App. A)", _misty1),
)


def run_all() -> list[CheckResult]:
    results = []
    for name, check in CHECKS:
        vectors, failures = check()
        results.append(CheckResult(name, vectors, failures))
    return results
