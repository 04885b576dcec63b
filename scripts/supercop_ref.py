"""Try cryptohls on the SUPERCOP reference C of seed 002's CAESAR ciphers, as a user would.

    python scripts/supercop_ref.py SUPERCOP_DIR [--out DIR] [--only GLOB] [--cosim GLOB] [--record PT,AD]
                                   [--timeout S] [--resume]

SUPERCOP_DIR is a SUPERCOP tree (or any folder holding `crypto_aead/<name>/ref/`; it is not part of this
repository and is never copied into it). For each cipher the script writes a harness of its own,
DIR/<name>/harness.c: `int main(void)` that `#include`s every .c file of the ref folder (harness.cpp and
its .cpp files for a ref written in C++), calls
crypto_aead_encrypt on one known-answer record (PT of 5 bytes, AD of 3 unless --record says, read from
$CRYPTOHLS_SHARED_DIR/vectors/caesar/<name>/), compares the ciphertext and tag with the record's, decrypts
them again and returns 0 when all agrees (a bit per failed check otherwise). The buffers are globals, so
cosim compares them too. Then:

- `cryptohls csim harness.c` (the native run: it must return 0, else the harness or the record is wrong);
- `cryptohls compile harness.c --top main`, classified by exit status (0 compiled, 2 a located refusal,
  3 an internal compiler error, anything else or a Python traceback a crash, a timeout);
- for ciphers matching a `--cosim` glob, `cryptohls cosim harness.c --top main` (native against RTL final
  state: exit 1 with `cosim: main: global ...` lines is a wrong answer of the compiler).

Three refs call AES from elsewhere: OCB and COLM0 OpenSSL's `AES_set_{en,de}crypt_key`/`AES_{en,de}crypt`,
GCM SUPERCOP's `crypto_core_aes128encrypt` (and, as other refs do, `crypto_verify_16`: the harness
defines each `crypto_verify_N` a ref includes). The harness then carries its own
byte-oriented AES with those signatures (FIPS-197 textbook code written for this script, 128-, 192- and
256-bit keys: checked against pycryptodome), as a SUPERCOP build links a library. Results go to
DIR/results.json and DIR/results.md (default build/supercop-ref), rewritten after every cipher (a cipher run again replaces its row; the others' rows stay); `--resume` runs
only the selected ciphers not in results.json yet. `--all` takes every `crypto_aead/*/ref` of the tree
(supercop-20190811 has 465): those not among the sixteen have no record here, so their harness checks the
round trip only (key and nonce a byte pattern), and cosim the native run's final state.
"""

from __future__ import annotations

import argparse
import fnmatch
import json
import os
import re
import sys
from dataclasses import dataclass, field
from pathlib import Path

from third_party import (COMPILER_FAULTS, compile_status, counts_line, first_error, is_cosim_summary, load_results,
                         native_undefined_behaviour, run, save_results)

REPO = Path(__file__).resolve().parents[1]
PT_BYTES, AD_BYTES = 5, 3          # the known-answer record each harness checks (--record PT,AD)


@dataclass(frozen=True)
class Cipher:
    name: str                       # SUPERCOP's crypto_aead/<name>
    exclude: tuple[str, ...] = ()   # .c files of ref/ not compiled (why: in CIPHERS' comments)
    aes: str = ""                   # "openssl" or "supercop": the harness supplies that AES API
    decrypt_ok: int = 0             # crypto_aead_decrypt's return value on success
    vectors: str = "caesar"         # where the record comes from: caesar KAT, the GCM spec, or none
    prelude: str = ""               # C put before the ref's files
    wrap: tuple[tuple[str, str], ...] = ()   # (file, function): its definition renamed harness_ref_<function>,
    glue: str = ""                  # and the glue that defines <function> as the ref's headers declare it


# Separate compilation hides two faults of the refs that one translation unit (cryptohls takes one file)
# cannot: C99 `inline` definitions with no external definition (gcc -O1 inlined every call; clang -O1
# does not, so the link fails), and headers whose prototypes differ from the definitions (const
# qualifiers). The first gets `#define inline` (every definition external), the second a renamed
# definition and a wrapper with the header's prototype, as the linker would have joined them.
NO_C99_INLINE = "#define inline   /* C99 inline definitions without an external one (see supercop_ref.py) */"


CIPHERS = [
    Cipher("aes128gcmv1", aes="supercop", vectors="gcm-spec"),
    Cipher("aegis128l", prelude=NO_C99_INLINE),
    # otr.c and OTR.c (and their headers) are the same file under two names (a case clash in the snapshot)
    Cipher("aes128otrpv3", exclude=("OTR.c",)),
    Cipher("aes128n12t8clocv2"),
    Cipher("colm0v1", aes="openssl"),
    Cipher("deoxysneq128128v13", wrap=(("tweakableBC.c", "aesTweakEncrypt"),), glue="""
void aesTweakEncrypt(uint32_t tweakey_size, const uint8_t pt[16], const uint8_t key[], uint8_t ct[16]) {
  harness_ref_aesTweakEncrypt(tweakey_size, (uint8_t *)pt, (uint8_t *)key, ct);
}"""),
    # JAMBU's decrypt returns 1 on success (caesar/README.md)
    Cipher("aesjambuv2", decrypt_ok=1, prelude=NO_C99_INLINE,
           wrap=(("aes.c", "AESRound"), ("aes.c", "AESRoundFinal")), glue="""
void AESRound(unsigned char *out, unsigned char *in, unsigned int *rk) { harness_ref_AESRound(out, in, rk); }
void AESRoundFinal(unsigned char *out, unsigned char *in, unsigned int *rk) { harness_ref_AESRoundFinal(out, in, rk); }"""),
    Cipher("simonjambu96v2", decrypt_ok=1),
    Cipher("aeadaes128ocbtaglen128v1", aes="openssl"),
    Cipher("aes128n12t8silcv2"),
    Cipher("tiaoxinv2"),
    Cipher("acorn128v2"),
    Cipher("morus1280128v1"),
    Cipher("ascon128v11", vectors="none"),         # no known answers for Ascon-128 v1.1 in the shared vectors
    Cipher("ketjesrv1"),
    Cipher("norx3241v2"),
]


@dataclass
class Record:
    key: bytes
    npub: bytes
    pt: bytes
    ad: bytes
    ct: bytes | None                # ciphertext || tag; None: the harness checks only the round trip
    source: str


@dataclass
class Outcome:
    name: str
    record: str
    csim: str                       # pass | fail (status N) | error
    status: str                     # compiled | refused | internal-error | crash | timeout | cosim-passed | ...
    seconds: float
    message: str = ""
    latency: str = ""               # report.json's latency (min..max cycles; ? when unbounded)
    cycles: dict = field(default_factory=dict)


def _pattern(n: int, start: int = 0) -> bytes:
    return bytes((start + i) % 256 for i in range(n))


def read_record(c: Cipher, shared: Path, pt_bytes: int = PT_BYTES, ad_bytes: int = AD_BYTES) -> Record:
    """The record the harness checks: pt_bytes of PT and ad_bytes of AD (or the GCM spec's case 4)."""
    if c.vectors == "gcm-spec":
        case = json.loads((shared / "vectors" / "aes-vectors.json").read_text())["gcm_spec_mcgrew_viega"][3]
        return Record(bytes.fromhex(case["key"]), bytes.fromhex(case["iv"]), bytes.fromhex(case["plaintext"]),
                      bytes.fromhex(case["aad"]), bytes.fromhex(case["ciphertext"] + case["tag"]),
                      "aes-vectors.json " + case["name"])
    if c.vectors == "none":   # 64 bytes of key and nonce: more than any CRYPTO_KEYBYTES / NPUBBYTES reads
        return Record(_pattern(64), _pattern(64), _pattern(pt_bytes), _pattern(ad_bytes), None,
                      "round trip only (no known answers)")
    folder = shared / "vectors" / "caesar" / c.name
    kat = next(folder.glob("LWC_AEAD_KAT_*.txt"))
    for block in kat.read_text().split("\n\n"):
        f = dict(line.split(" = ", 1) if " = " in line else (line.rstrip(" ="), "")
                 for line in block.strip().splitlines())
        if len(f.get("PT", "")) == 2 * pt_bytes and len(f.get("AD", "")) == 2 * ad_bytes:
            return Record(bytes.fromhex(f["Key"]), bytes.fromhex(f["Nonce"]), bytes.fromhex(f["PT"]),
                          bytes.fromhex(f["AD"]), bytes.fromhex(f["CT"]), f"{kat.name} Count = {f['Count']}")
    raise SystemExit(f"supercop_ref: {kat}: no record with {pt_bytes} bytes of PT and {ad_bytes} of AD")


# ---------------------------------------------------------------- the harness

CRYPTO_AEAD_H = """\
/* generated by scripts/supercop_ref.py: what SUPERCOP's build generates from api.h */
#include "api.h"
int crypto_aead_encrypt(unsigned char *c, unsigned long long *clen, const unsigned char *m,
                        unsigned long long mlen, const unsigned char *ad, unsigned long long adlen,
                        const unsigned char *nsec, const unsigned char *npub, const unsigned char *k);
int crypto_aead_decrypt(unsigned char *m, unsigned long long *mlen, unsigned char *nsec,
                        const unsigned char *c, unsigned long long clen, const unsigned char *ad,
                        unsigned long long adlen, const unsigned char *npub, const unsigned char *k);
"""

# SUPERCOP's build generates crypto_uintN.h / crypto_intN.h (fixed-width types) for every primitive
SUPERCOP_INT_HEADERS = {f"crypto_{u}int{n}.h": f"#include <stdint.h>\ntypedef {u}int{n}_t crypto_{u}int{n};\n"
                        for u in ("u", "") for n in (8, 16, 32, 64)}

# The refs outside the sixteen (--all), built as SUPERCOP's gcc did: C library functions some call without
# their header (gcc < 14 only warned; clang 19 refuses), C99 inline definitions as above.
OTHER_REF_PRELUDE = "#include <stdlib.h>\n#include <stdio.h>\n#include <stdint.h>\n" + NO_C99_INLINE
# a ref that typedefs uintN_t itself (LAEM-SIMON's `typedef unsigned long long uint64_t;`) clashes with
# <stdint.h>, which it never included: its prelude leaves that header out
OWN_INT_TYPEDEF = re.compile(r"typedef\s[^;{}]*\buint(8|16|32|64)_t\s*;")
# and one that typedefs glibc's BSD names (pi-Cipher's `typedef unsigned long long u_int64_t;`) clashes with
# the <sys/types.h> that <stdlib.h> brings: its prelude leaves <stdlib.h> out (such a ref includes what it uses)
OWN_BSD_INT_TYPEDEF = re.compile(r"typedef\s[^;{}]*\bu_int(8|16|32|64)_t\s*;")

SUPERCOP_AES_HEADERS = {
    f"crypto_core_aes128{way}.h": f"int crypto_core_aes128{way}(unsigned char *out, const unsigned char *in,"
                                  " const unsigned char *k, const unsigned char *c);\n"
    for way in ("encrypt", "decrypt")
}
# SUPERCOP's crypto_verify_N (0 when the N bytes agree, else -1), for the refs that include its header
VERIFY_HEADER = re.compile(r"crypto_verify_(\d+)\.h")


def verify_code(n: int) -> str:
    return (f"int crypto_verify_{n}(const unsigned char *x, const unsigned char *y) {{\n"
            f"  unsigned char d = 0;\n  for (int i = 0; i < {n}; i++) d |= x[i] ^ y[i];\n  return d ? -1 : 0;\n}}\n")


def verify_sizes(ref: Path) -> list[int]:
    return sorted({int(n) for p in ref.iterdir() if p.suffix in (".c", ".h", ".cpp")
                   for n in VERIFY_HEADER.findall(p.read_text(errors="replace"))})


def ref_sources(ref: Path, exclude: tuple[str, ...]) -> list[Path]:
    """The files the harness includes: the .c files, or for a ref written in C++ (Ketje v2, Keyak v2,
    PAEQ, PRIMATEs: no .c file) its .cpp files, and the harness is then C++ too."""
    sources = sorted(p for p in ref.glob("*.c") if p.name not in exclude)
    return sources or sorted(p for p in ref.glob("*.cpp") if p.name not in exclude)


def _sbox() -> tuple[list[int], list[int]]:
    """FIPS-197 5.1.1: the multiplicative inverse in GF(2^8), then the affine map."""
    def mul(a: int, b: int) -> int:
        r = 0
        while b:
            if b & 1:
                r ^= a
            a = ((a << 1) ^ (0x11B if a & 0x80 else 0)) & 0xFF
            b >>= 1
        return r
    inv = [0] + [next(y for y in range(1, 256) if mul(x, y) == 1) for x in range(1, 256)]
    rot = lambda v, n: ((v << n) | (v >> (8 - n))) & 0xFF   # noqa: E731
    sbox = [b ^ rot(b, 1) ^ rot(b, 2) ^ rot(b, 3) ^ rot(b, 4) ^ 0x63 for b in inv]
    isbox = [0] * 256
    for x, s in enumerate(sbox):
        isbox[s] = x
    return sbox, isbox


def _c_bytes(data: bytes | list[int]) -> str:
    return "{" + ", ".join(f"0x{b:02x}" for b in data) + "}" if len(data) else "{0}"


def aes_code(api: str) -> str:
    """A byte-oriented AES (FIPS-197; 128, 192 or 256-bit keys) behind the API the ref expects."""
    sbox, isbox = _sbox()
    core = f"""
/* ---- AES of the harness (FIPS-197, byte-oriented), for the API the ref calls ---- */
static const unsigned char harness_sbox[256] = {_c_bytes(sbox)};
static const unsigned char harness_isbox[256] = {_c_bytes(isbox)};
static unsigned char harness_xtime(unsigned char a) {{ return (unsigned char)((a << 1) ^ ((a >> 7) * 0x1b)); }}
static unsigned char harness_mul(unsigned char a, unsigned char b) {{
  unsigned char r = 0;
  for (int i = 0; i < 8; i++) {{ if (b & 1) r ^= a; a = harness_xtime(a); b >>= 1; }}
  return r;
}}
/* nk key bytes (16, 24 or 32) -> the 16 * (nk / 4 + 7) round-key bytes (FIPS-197 5.2) */
static void harness_expand(const unsigned char *key, int nk, unsigned char rk[240]) {{
  unsigned char rcon = 1;
  for (int i = 0; i < nk; i++) rk[i] = key[i];
  for (int i = nk; i < 16 * (nk / 4 + 7); i += 4) {{
    unsigned char t0 = rk[i - 4], t1 = rk[i - 3], t2 = rk[i - 2], t3 = rk[i - 1];
    if (i % nk == 0) {{
      unsigned char u = t0;
      t0 = harness_sbox[t1] ^ rcon; t1 = harness_sbox[t2]; t2 = harness_sbox[t3]; t3 = harness_sbox[u];
      rcon = harness_xtime(rcon);
    }} else if (nk == 32 && i % nk == 16) {{
      t0 = harness_sbox[t0]; t1 = harness_sbox[t1]; t2 = harness_sbox[t2]; t3 = harness_sbox[t3];
    }}
    rk[i] = rk[i - nk] ^ t0; rk[i + 1] = rk[i - nk + 1] ^ t1; rk[i + 2] = rk[i - nk + 2] ^ t2;
    rk[i + 3] = rk[i - nk + 3] ^ t3;
  }}
}}
static void harness_encrypt(const unsigned char rk[240], int nr, const unsigned char in[16], unsigned char out[16]) {{
  unsigned char s[16], t[16];
  for (int i = 0; i < 16; i++) s[i] = in[i] ^ rk[i];
  for (int r = 1; r <= nr; r++) {{
    for (int i = 0; i < 16; i++) t[i] = harness_sbox[s[(i + 4 * (i % 4)) % 16]];   /* SubBytes, ShiftRows */
    for (int c = 0; c < 16; c += 4) {{
      unsigned char a0 = t[c], a1 = t[c + 1], a2 = t[c + 2], a3 = t[c + 3], all = a0 ^ a1 ^ a2 ^ a3;
      if (r < nr) {{                                                               /* MixColumns */
        t[c] ^= all ^ harness_xtime(a0 ^ a1); t[c + 1] ^= all ^ harness_xtime(a1 ^ a2);
        t[c + 2] ^= all ^ harness_xtime(a2 ^ a3); t[c + 3] ^= all ^ harness_xtime(a3 ^ a0);
      }}
    }}
    for (int i = 0; i < 16; i++) s[i] = t[i] ^ rk[16 * r + i];
  }}
  for (int i = 0; i < 16; i++) out[i] = s[i];
}}
static void harness_decrypt(const unsigned char rk[240], int nr, const unsigned char in[16], unsigned char out[16]) {{
  unsigned char s[16], t[16];
  for (int i = 0; i < 16; i++) s[i] = in[i] ^ rk[16 * nr + i];
  for (int r = nr - 1; r >= 0; r--) {{
    for (int i = 0; i < 16; i++) t[(i + 4 * (i % 4)) % 16] = harness_isbox[s[i]];  /* InvShiftRows, InvSubBytes */
    for (int i = 0; i < 16; i++) t[i] ^= rk[16 * r + i];
    for (int c = 0; c < 16 && r > 0; c += 4) {{                                     /* InvMixColumns */
      unsigned char a0 = t[c], a1 = t[c + 1], a2 = t[c + 2], a3 = t[c + 3];
      t[c] = harness_mul(a0, 14) ^ harness_mul(a1, 11) ^ harness_mul(a2, 13) ^ harness_mul(a3, 9);
      t[c + 1] = harness_mul(a0, 9) ^ harness_mul(a1, 14) ^ harness_mul(a2, 11) ^ harness_mul(a3, 13);
      t[c + 2] = harness_mul(a0, 13) ^ harness_mul(a1, 9) ^ harness_mul(a2, 14) ^ harness_mul(a3, 11);
      t[c + 3] = harness_mul(a0, 11) ^ harness_mul(a1, 13) ^ harness_mul(a2, 9) ^ harness_mul(a3, 14);
    }}
    for (int i = 0; i < 16; i++) s[i] = t[i];
  }}
  for (int i = 0; i < 16; i++) out[i] = s[i];
}}
"""
    if api == "supercop":   # crypto_core_aes128encrypt and ...decrypt (ppae), with the header's prototype
        return core + "".join(f"""
int crypto_core_aes128{way}(unsigned char *out, const unsigned char *in, const unsigned char *k,
                              const unsigned char *c) {{
  unsigned char rk[240];
  (void)c;
  harness_expand(k, 16, rk);
  harness_{way}(rk, 10, in, out);
  return 0;
}}""" for way in ("encrypt", "decrypt")) + "\n"
    # OpenSSL's AES_KEY holds 60 32-bit words (the round keys, big-endian) and the number of rounds
    return core + """
int AES_set_encrypt_key(const unsigned char *key, const int bits, AES_KEY *k) {
  unsigned char rk[240];
  if (bits != 128 && bits != 192 && bits != 256) return -2;
  harness_expand(key, bits / 8, rk);
  k->rounds = bits / 32 + 6;
  for (int i = 0; i < 4 * (k->rounds + 1); i++)
    k->rd_key[i] = (unsigned)rk[4 * i] << 24 | (unsigned)rk[4 * i + 1] << 16 | (unsigned)rk[4 * i + 2] << 8 | rk[4 * i + 3];
  return 0;
}
int AES_set_decrypt_key(const unsigned char *key, const int bits, AES_KEY *k) {
  return AES_set_encrypt_key(key, bits, k);
}
static void harness_round_keys(const AES_KEY *k, unsigned char rk[240]) {
  for (int i = 0; i < 4 * (k->rounds + 1); i++) {
    rk[4 * i] = k->rd_key[i] >> 24; rk[4 * i + 1] = k->rd_key[i] >> 16;
    rk[4 * i + 2] = k->rd_key[i] >> 8; rk[4 * i + 3] = k->rd_key[i];
  }
}
void AES_encrypt(const unsigned char *in, unsigned char *out, const AES_KEY *k) {
  unsigned char rk[240];
  harness_round_keys(k, rk);
  harness_encrypt(rk, k->rounds, in, out);
}
void AES_decrypt(const unsigned char *in, unsigned char *out, const AES_KEY *k) {
  unsigned char rk[240];
  harness_round_keys(k, rk);
  harness_decrypt(rk, k->rounds, in, out);
}
"""


def harness(c: Cipher, ref: Path, rec: Record, separate: bool = False) -> str:
    """The harness's C; ``separate``: it includes none of the ref's files (they are translation units of
    their own beside it, `cryptohls csim harness.c a.c b.c`), only the API's declarations."""
    sources = [] if separate else ref_sources(ref, c.exclude)
    # without known answers, room for the message, CRYPTO_ABYTES (pi-Cipher's is 8192) and the encrypted
    # secret message number (pi-Cipher's clen counts it on top of CRYPTO_ABYTES)
    ct_bytes = str(len(rec.ct)) if rec.ct is not None else f"{len(rec.pt)} + CRYPTO_ABYTES + HARNESS_NSECBYTES"
    # a decryption may write whole blocks into m before it checks the tag (FlexAEAD): SUPERCOP's own
    # tests give m the ciphertext's room, and so does the harness
    pt_bytes = str(max(len(rec.ct), len(rec.pt) + 1)) if rec.ct is not None else ct_bytes
    lines = [f"/* generated by scripts/supercop_ref.py: {c.name}/ref, checked on {rec.source} */",
             "#include <string.h>"]
    # a ref's own test main (acorn128v2) would clash with the harness's; push/pop keeps a `main` macro
    # of whoever includes the harness (cryptohls csim renames main so)
    if separate:   # the API's declarations, and OpenSSL's AES_KEY for the harness's own AES (a ref's
        #            #include of <openssl/aes.h> gave it in one translation unit)
        lines += ['#include "crypto_aead.h"'] + (["#include <openssl/aes.h>"] if c.aes == "openssl" else [])
    else:
        lines += ['#pragma push_macro("main")', "#undef main", "#define main supercop_ref_main"]
    if c.prelude and not separate:
        lines.append(c.prelude)
    for p in sources:
        wrapped = [fn for f, fn in c.wrap if f == p.name]
        lines += [f"#define {fn} harness_ref_{fn}" for fn in wrapped]
        lines.append(f'#include "{p}"')
        lines += [f"#undef {fn}" for fn in wrapped]
    if not separate:   # the wrappers stand in for what a link of separate files does
        lines += ["#undef main", '#pragma pop_macro("main")', c.glue]
    if c.aes:
        lines.append(aes_code(c.aes))
    lines += [verify_code(n) for n in verify_sizes(ref)]
    lines += [f"static const unsigned char kat_key[] = {_c_bytes(rec.key)};",
              f"static const unsigned char kat_npub[] = {_c_bytes(rec.npub)};",
              f"static const unsigned char kat_pt[] = {_c_bytes(rec.pt)};",
              f"static const unsigned char kat_ad[] = {_c_bytes(rec.ad)};"]
    if rec.ct is not None:
        lines.append(f"static const unsigned char kat_ct[] = {_c_bytes(rec.ct)};")
    lines += ['#ifndef CRYPTO_ABYTES', '#include "api.h"', "#endif",
              # a cipher with a secret message number (pi-Cipher, ELmD, ICEPOLE) reads nsec when it
              # encrypts and writes it when it decrypts: SUPERCOP's tests pass CRYPTO_NSECBYTES of room
              "#if CRYPTO_NSECBYTES > 0",
              "#define HARNESS_NSECBYTES CRYPTO_NSECBYTES",
              "static unsigned char kat_nsec[CRYPTO_NSECBYTES];",
              "unsigned char nsec_out[CRYPTO_NSECBYTES];",
              "#define HARNESS_NSEC kat_nsec",
              "#define HARNESS_NSEC_OUT nsec_out",
              "#else",
              "#define HARNESS_NSECBYTES 0",
              "#define HARNESS_NSEC 0",
              "#define HARNESS_NSEC_OUT 0",
              "#endif",
              "/* globals: the final state cosim compares */",
              f"unsigned char ct[{ct_bytes}], pt[{pt_bytes}];",
              "unsigned long long ct_len, pt_len;",
              "int decrypt_status;",
              "",
              "int main(void) {",
              "  int bad = 0;",
              "#if CRYPTO_NSECBYTES > 0",
              "  for (int i = 0; i < CRYPTO_NSECBYTES; i++) kat_nsec[i] = (unsigned char)(0xa5 ^ i);",
              "#endif",
              f"  crypto_aead_encrypt(ct, &ct_len, kat_pt, {len(rec.pt)}, kat_ad, {len(rec.ad)}, HARNESS_NSEC, kat_npub, kat_key);"]
    if rec.ct is not None:
        lines += [f"  if (ct_len != {len(rec.ct)}) bad |= 1;",
                  f"  for (int i = 0; i < {len(rec.ct)}; i++) if (ct[i] != kat_ct[i]) bad |= 2;"]
    lines += [f"  decrypt_status = crypto_aead_decrypt(pt, &pt_len, HARNESS_NSEC_OUT, ct, ct_len, kat_ad, {len(rec.ad)}, kat_npub, kat_key);",
              f"  if (decrypt_status != {c.decrypt_ok}) bad |= 4;",
              f"  if (pt_len != {len(rec.pt)}) bad |= 8;",
              f"  for (int i = 0; i < {len(rec.pt)}; i++) if (pt[i] != kat_pt[i]) bad |= 16;",
              "#if CRYPTO_NSECBYTES > 0",
              "  for (int i = 0; i < CRYPTO_NSECBYTES; i++) if (nsec_out[i] != kat_nsec[i]) bad |= 32;",
              "#endif",
              "  return bad;",
              "}", ""]
    return "\n".join(lines)


def write_harness(c: Cipher, ref: Path, rec: Record, work: Path, separate: bool = False) -> Path:
    work.mkdir(parents=True, exist_ok=True)
    inc = work / "include"
    inc.mkdir(exist_ok=True)
    (inc / "crypto_aead.h").write_text(CRYPTO_AEAD_H)
    for name, text in SUPERCOP_INT_HEADERS.items():
        (inc / name).write_text(text)
    if c.aes == "supercop":
        for name, text in SUPERCOP_AES_HEADERS.items():
            (inc / name).write_text(text)
    for n in verify_sizes(ref):
        (inc / f"crypto_verify_{n}.h").write_text(
            f"int crypto_verify_{n}(const unsigned char *x, const unsigned char *y);\n")
    src = work / f"harness{ref_sources(ref, c.exclude)[0].suffix}"
    src.write_text(harness(c, ref, rec, separate))
    return src


# ---------------------------------------------------------------- running the tools

def run_cipher(c: Cipher, ref: Path, shared: Path, out: Path, timeout: float, cosim: bool,
               record: tuple[int, int] = (PT_BYTES, AD_BYTES), separate: bool = False) -> Outcome:
    rec = read_record(c, shared, *record)
    work = out / c.name
    src = write_harness(c, ref, rec, work, separate)
    flags = ["-I", str(work / "include"), "-I", str(ref), "-D", "SUPERCOP"]
    if separate and c.prelude == NO_C99_INLINE:   # every file's inline definitions external, as the prelude does
        flags += ["-D", "inline="]
    files = [str(src), *(map(str, ref_sources(ref, c.exclude)) if separate else [])]
    code, text, secs = run(["cryptohls", "csim", *files, "-o", str(work / "csim"), *flags], timeout)
    csim = "pass" if code == 0 else ("timeout" if code is None else f"fail (status {code})")
    if code != 0:
        return Outcome(c.name, rec.source, csim, "csim-failed", round(secs, 1), first_error(text))
    code, text, secs = run(["cryptohls", "compile", *files, "--top", "main", "-o", str(work / "hls"), *flags],
                            timeout)
    status = compile_status(code, text)
    outcome = Outcome(c.name, rec.source, csim, status, round(secs, 1),
                      "" if status == "compiled" else first_error(text) or f"exit status {code}")
    outcome.message = outcome.message.replace("cryptohls compile: ", "").replace(f"{ref.parent.parent}/", "")
    report = work / "hls" / "report.json"
    if status == "compiled" and report.exists():
        lat = json.loads(report.read_text()).get("latency") or {}
        outcome.latency = f"{lat.get('min')}..{lat.get('max') if lat.get('max') is not None else '?'}"
    if status != "compiled" or not cosim:
        return outcome
    code, text, secs = run(["cryptohls", "cosim", *files, "--top", "main", "-o", str(work / "hls"),
                             "--use-existing", *flags], timeout)
    json_lines = [ln for ln in text.splitlines() if is_cosim_summary(ln)]
    try:
        stats = json.loads(json_lines[-1] if json_lines else "")
        outcome.cycles = {k: stats[k] for k in ("cycles_min", "program") if k in stats}
    except (ValueError, KeyError):
        pass
    outcome.status = "cosim-passed" if code == 0 else ("timeout" if code is None else "cosim-failed")
    outcome.seconds = round(outcome.seconds + secs, 1)
    if code != 0:   # a wrong answer: the first state difference, and how many there are
        diffs = [ln for ln in text.splitlines() if ln.startswith("cosim: main: ")]
        outcome.message = (f"{len(diffs)} differences, first: {diffs[0]}" if diffs else
                           first_error(text) or f"exit status {code}")
        ub = native_undefined_behaviour(files, flags, work, timeout) if code is not None else None
        if ub is not None:      # not a finding about the compiler: the C itself has no defined answer
            outcome.status = "cosim-failed-native-ub"
            outcome.message = f"{outcome.message}; the native run has undefined behaviour: {ub}"
    return outcome


def markdown(outcomes: list[Outcome]) -> str:
    rows = ["| cipher | checked on | csim | result | latency (report) | cycles (cosim) | message |",
            "|---|---|---|---|---|---|---|"]
    for o in outcomes:
        cyc = str(o.cycles.get("cycles_min", "")) if o.cycles else ""
        rows.append(f"| {o.name} | {o.record} | {o.csim} | {o.status} | {o.latency} | {cyc} | "
                    f"{o.message.replace('|', '/')} |")
    return "\n".join(rows) + "\n"


def other_ref(ref: Path) -> Cipher:
    """A ref outside the sixteen: round trip only, and the AES API its files include supplied."""
    text = "".join(p.read_text(errors="replace") for p in ref.iterdir() if p.suffix in (".c", ".h", ".cpp"))
    aes = ("supercop" if re.search(r"crypto_core_aes128(en|de)crypt\.h", text) else
           "openssl" if "openssl/aes.h" in text else "")
    # a .c file under a second name in other case, its text the same but for case (OTR v3's OTR.c, which
    # includes OTR.h where otr.c includes otr.h), is left out: the lower-case one is compiled
    sources = list(ref.glob("*.c"))
    twins = tuple(p.name for p in sources if p.name != p.name.lower()
                  and any(q.name == p.name.lower() and q.read_bytes().lower() == p.read_bytes().lower()
                          for q in sources))
    # C99 inline is C's: `#define inline` would break the C++ library's headers
    prelude = (OTHER_REF_PRELUDE.replace(NO_C99_INLINE, "") if not any(ref.glob("*.c")) else OTHER_REF_PRELUDE)
    if OWN_INT_TYPEDEF.search(text):
        prelude = prelude.replace("#include <stdint.h>\n", "")
    if OWN_BSD_INT_TYPEDEF.search(text):
        prelude = prelude.replace("#include <stdlib.h>\n", "")
    # every JAMBU ref's decrypt returns 1 on success, as seed 002's two do (CIPHERS)
    decrypt_ok = 1 if "jambu" in ref.parent.name else 0
    return Cipher(ref.parent.name, exclude=twins, aes=aes, decrypt_ok=decrypt_ok, vectors="none", prelude=prelude)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("supercop", type=Path, help="a SUPERCOP tree (holding crypto_aead/<name>/ref/)")
    ap.add_argument("--out", type=Path, default=REPO / "build" / "supercop-ref")
    ap.add_argument("--only", action="append", default=[], help="glob on the cipher name (repeatable)")
    ap.add_argument("--all", action="store_true",
                    help="every crypto_aead/*/ref of the tree, not only seed 002's sixteen: the others are checked "
                         "on the round trip alone, and with --cosim on the native run's final state")
    ap.add_argument("--cosim", action="append", default=[], help="glob of ciphers to also co-simulate")
    ap.add_argument("--timeout", type=float, default=900, help="seconds per tool run (default 900)")
    ap.add_argument("--resume", action="store_true", help="skip the ciphers DIR/results.json has already")
    ap.add_argument("--separate", action="store_true",
                    help="the ref's files as translation units of their own beside the harness (`cryptohls csim "
                         "harness.c a.c b.c`), as SUPERCOP builds them, instead of #included into it")
    ap.add_argument("--record", default=f"{PT_BYTES},{AD_BYTES}", metavar="PT,AD",
                    help=f"bytes of PT and AD of the known-answer record, 0..32 each (default {PT_BYTES},{AD_BYTES})")
    args = ap.parse_args(argv)
    shared = Path(os.environ.get("CRYPTOHLS_SHARED_DIR", "/work/shared"))
    record = tuple(int(n) for n in args.record.split(","))
    aead = args.supercop.resolve() / "crypto_aead"
    known = {c.name for c in CIPHERS}
    every = CIPHERS + ([other_ref(p) for p in sorted(aead.glob("*/ref")) if p.parent.name not in known]
                       if args.all else [])
    ciphers = [c for c in every if any(fnmatch.fnmatch(c.name, g) for g in args.only or ["*"])]
    missing = [c.name for c in ciphers if not (aead / c.name / "ref").is_dir()]
    if missing:
        print(f"supercop_ref: {aead} has no ref/ for {', '.join(missing)}", file=sys.stderr)
        return 2
    args.out = args.out.resolve()
    args.out.mkdir(parents=True, exist_ok=True)
    done: dict[str, Outcome] = load_results(args.out, Outcome)   # the other ciphers' rows stay in the tables
    order = {c.name: k for k, c in enumerate(every)}
    todo = [c for c in ciphers if not (args.resume and c.name in done)]
    for k, c in enumerate(todo, 1):
        o = run_cipher(c, aead / c.name / "ref", shared, args.out, args.timeout,
                       any(fnmatch.fnmatch(c.name, g) for g in args.cosim), record, args.separate)
        done[c.name] = o
        save_results(args.out, done, order, markdown)
        print(f"[{k}/{len(todo)}] {c.name}: {o.status} in {o.seconds:.0f} s"
              + (f" — {o.message}" if o.message else ""), flush=True)
    print(counts_line(list(done.values()), args.out))
    return 1 if any(o.status in (*COMPILER_FAULTS, "csim-failed", "cosim-failed") for o in done.values()) else 0

if __name__ == "__main__":
    sys.exit(main())
