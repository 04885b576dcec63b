"""Shared cocotb test code for AES-128-GCM in the LWC frame (designs/lwc-frame, DESIGN.md §6).

The structure of designs/ascon-aead128/tests/ascon_aead128_tb.py with GCM's parameters: a 12-byte
NPUB (the 96-bit IV), expected data from the golden model cryptohls.golden.gcm (itself checked
against the McGrew-Viega test cases and pycryptodome in tests/golden) or from the published cases.

- ``TB``: the LWC testbench of ``cryptohls sim`` (:class:`cryptohls.sim.lwc_driver.LwcTB`: random
  pdi/sdi valid gaps, do back-pressure and long stalls, exact do check, no key word on do);
- command builders for pdi/sdi word streams and the expected do stream (flags of `cryptohls tv`);
- scenarios run by the test file.
"""

from __future__ import annotations

import os
import random
from dataclasses import dataclass

from cryptohls.golden import gcm
from cryptohls.golden.vectors import load_aes_vectors
from cryptohls.lwc.protocol import Segment, SegmentType
from cryptohls.sim.lwc_driver import LwcTB as TB
from cryptohls.sim.lwc_driver import Traffic

INS_ENC, INS_DEC, INS_LDKEY, INS_ACTKEY, INS_HASH = 0x20000000, 0x30000000, 0x40000000, 0x70000000, 0x80000000
SUCCESS, FAILURE = 0xE0000000, 0xF0000000
SEG_AD, SEG_PT, SEG_CT, SEG_TAG, SEG_KEY, SEG_NPUB = 0x1, 0x4, 0x5, 0x8, 0xC, 0xD
NONCE_BYTES = 12            # GCM's 96-bit IV
DEC_MAX_BYTES = 2048        # decryption buffer of aes128_gcm_lwc (2**9 words)

__all__ = ["TB", "Traffic"]


def header(seg_type: int, length: int, *, partial: bool = False, eoi: bool = False, eot: bool = True,
           last: bool = False) -> int:
    return seg_type << 28 | partial << 27 | eoi << 26 | eot << 25 | last << 24 | length


def data_words(data: bytes) -> list[int]:
    padded = data + bytes(-len(data) % 4)
    return [int.from_bytes(padded[i:i + 4], "big") for i in range(0, len(padded), 4)]


def ldkey(key: bytes) -> list[int]:
    return [INS_LDKEY, header(SEG_KEY, 16, eoi=True, last=True), *data_words(key)]


@dataclass
class Message:
    """One ENC or DEC command. For DEC, `data` is the ciphertext and `tag` the tag sent on pdi;
    `expected_out` (None = tag must fail) is the plaintext do must show."""
    dec: bool
    nonce: bytes
    ad: bytes
    data: bytes
    tag: bytes = b""
    expected_out: bytes | None = b""    # ENC: ciphertext; DEC: plaintext or None (FAILURE)
    expected_tag: bytes = b""           # ENC only

    def pdi(self) -> list[int]:
        words = [INS_DEC if self.dec else INS_ENC]
        words += Segment(SegmentType.NPUB, self.nonce, eoi=not (self.ad or self.data)).words()
        words += Segment(SegmentType.AD, self.ad, eoi=not self.data).words()
        words += Segment(SegmentType.CT if self.dec else SegmentType.PT, self.data, eoi=True,
                         last=not self.dec).words()
        if self.dec:
            words += Segment(SegmentType.TAG, self.tag, last=True).words()
        return words

    def expected(self) -> list[tuple[int, bool]]:
        if self.expected_out is None:
            return [(FAILURE, True)]
        if self.dec:
            words = Segment(SegmentType.PT, self.expected_out, eoi=True, last=True).words()
        else:
            words = (Segment(SegmentType.CT, self.expected_out, eoi=True, last=False).words()
                     + Segment(SegmentType.TAG, self.expected_tag, last=True).words())
        return [(w, False) for w in words] + [(SUCCESS, True)]


def enc_message(key: bytes, nonce: bytes, ad: bytes, pt: bytes) -> Message:
    ct, tag = gcm.gcm_encrypt(key, nonce, pt, ad)
    return Message(False, nonce, ad, pt, expected_out=ct, expected_tag=tag)


def dec_message(key: bytes, nonce: bytes, ad: bytes, pt: bytes, *, flip_bit: int | None = None,
                flip_in: str = "tag") -> Message:
    """DEC of the golden model's sealing of `pt`; `flip_bit` flips one bit of the tag or ciphertext
    (then the expected output is FAILURE, as the golden model's decrypt says)."""
    sealed_ct, sealed_tag = gcm.gcm_encrypt(key, nonce, pt, ad)
    ct, tag = bytearray(sealed_ct), bytearray(sealed_tag)
    if flip_bit is not None:
        target = tag if flip_in == "tag" or not ct else ct
        target[(flip_bit // 8) % len(target)] ^= 1 << (flip_bit % 8)
    opened = gcm.gcm_decrypt(key, nonce, bytes(ct), ad, bytes(tag))
    if flip_bit is not None:
        assert opened is None
    else:
        assert opened == pt
    return Message(True, nonce, ad, bytes(ct), bytes(tag), expected_out=opened)


def seed() -> int:
    return int(os.environ.get("CRYPTOHLS_SEED", "1"))


# ---- scenarios ----------------------------------------------------------------------------------

async def run_messages(tb: TB, key: bytes, messages: list[Message], *, load_key: bool = True) -> None:
    """ACTKEY + LDKEY (when `load_key`), then the messages; do checked exactly and against the key
    words. An all-zero key (published cases 1 and 2, whose plaintext is zero too) is left out of the
    key-word check: its words are the plaintext words DEC must release."""
    pdi = ([INS_ACTKEY] if load_key else []) + [w for m in messages for w in m.pdi()]
    expected = [e for m in messages for e in m.expected()]
    await tb.run(pdi, ldkey(key) if load_key else [], expected, [key] if any(key) else [])


def published_cases() -> list[dict[str, bytes]]:
    """McGrew-Viega test cases 1-4 (AES-128, 96-bit IV) from /work/shared/vectors/aes-vectors.json."""
    cases = [{k: bytes.fromhex(v) for k, v in case.items() if k in ("key", "iv", "plaintext", "aad",
                                                                     "ciphertext", "tag")}
             for case in load_aes_vectors()["gcm_spec_mcgrew_viega"]]
    return [c for c in cases if len(c["key"]) == 16 and len(c["iv"]) == NONCE_BYTES]


async def scenario_published(tb: TB) -> int:
    """ENC of each published case (CT and tag compared with the published values, not the golden
    model), then DEC of the published CT || tag (PT compared), then DEC with a flipped tag bit."""
    cases = published_cases()
    for case in cases:
        bad_tag = bytes([case["tag"][0] ^ 0x80]) + case["tag"][1:]
        await run_messages(tb, case["key"], [
            Message(False, case["iv"], case["aad"], case["plaintext"], expected_out=case["ciphertext"],
                    expected_tag=case["tag"]),
            Message(True, case["iv"], case["aad"], case["ciphertext"], case["tag"],
                    expected_out=case["plaintext"]),
            Message(True, case["iv"], case["aad"], case["ciphertext"], bad_tag, expected_out=None)])
    return len(cases)


async def scenario_random(tb: TB, rng: random.Random, *, keys: int, per_key: int, max_bytes: int) -> int:
    """Random ENC / DEC messages (AD and PT 0..max_bytes) with key changes; a quarter of the DECs
    with one tag or ciphertext bit flipped (FAILURE, no plaintext word on do). Returns the count."""
    count = 0
    for _ in range(keys):
        key = rng.randbytes(16)
        messages = []
        for _ in range(per_key):
            nonce, ad = rng.randbytes(NONCE_BYTES), rng.randbytes(rng.randint(0, max_bytes))
            pt = rng.randbytes(rng.randint(0, max_bytes))
            if rng.random() < 0.5:
                messages.append(enc_message(key, nonce, ad, pt))
            elif rng.random() < 0.25:
                messages.append(dec_message(key, nonce, ad, pt, flip_bit=rng.randrange(128),
                                            flip_in=rng.choice(("tag", "ciphertext"))))
            else:
                messages.append(dec_message(key, nonce, ad, pt))
        await run_messages(tb, key, messages)
        count += len(messages)
    return count


def malformed_cases(rng: random.Random, key: bytes) -> list[tuple[str, list[int]]]:
    """(name, pdi words) of commands that must end in FAILURE alone. A truncated command's
    truncating instruction is the next command's own instruction, so these lists leave it out."""
    nonce, ad, pt = rng.randbytes(NONCE_BYTES), rng.randbytes(20), rng.randbytes(37)
    good_enc = enc_message(key, nonce, ad, pt).pdi()
    good_dec = dec_message(key, nonce, ad, pt).pdi()
    npub = good_enc[1:5]
    ad_seg = Segment(SegmentType.AD, ad).words()
    pt_hdr_at = 1 + len(npub) + len(ad_seg)
    ct_seg = good_dec[pt_hdr_at:pt_hdr_at + 1 + len(data_words(pt))]
    long_ct = rng.randbytes(DEC_MAX_BYTES + 4)
    return [
        ("unknown opcode", [0x50000000, *npub]),
        ("non-zero instruction bits", [0x20000001, *npub]),
        ("HASH (unsupported)", [INS_HASH, header(0x7, 3, eoi=True, last=True), 0x61626300]),
        ("LDKEY on pdi", [INS_LDKEY, header(SEG_KEY, 16, last=True), *data_words(key)]),
        ("NPUB length 16", [INS_ENC, header(SEG_NPUB, 16), *data_words(nonce + bytes(4))]),
        ("AD where NPUB expected", [INS_ENC, *ad_seg]),
        ("NPUB Partial", [INS_ENC, header(SEG_NPUB, 12, partial=True), *data_words(nonce)]),
        ("NPUB Last", [INS_ENC, header(SEG_NPUB, 12, last=True), *data_words(nonce)]),
        ("AD reserved bits", [INS_ENC, *npub, header(SEG_AD, 4) | 0x00010000, 0x01020304]),
        ("AD Last", [INS_ENC, *npub, header(SEG_AD, 4, last=True), 0x01020304]),
        ("CT in ENC", [INS_ENC, *npub, *ad_seg, header(SEG_CT, 4, eoi=True, last=True), 0x01020304]),
        ("ENC PT not Last", [INS_ENC, *npub, *ad_seg, header(SEG_PT, 4, eoi=True), 0x01020304]),
        ("ENC TAG instead of PT", [INS_ENC, *npub, *ad_seg, header(SEG_TAG, 16, last=True), 1, 2, 3, 4]),
        ("DEC CT Last (no tag)", [INS_DEC, *npub, *ad_seg,
                                  header(SEG_CT, 4, eoi=True, last=True), 0x01020304]),
        ("DEC tag length 8", [INS_DEC, *npub, *ad_seg, *ct_seg, header(SEG_TAG, 8, last=True), 1, 2]),
        ("DEC AD where TAG expected", [INS_DEC, *npub, *ad_seg, *ct_seg, header(SEG_AD, 16, last=True),
                                       1, 2, 3, 4]),
        ("DEC CT longer than the buffer", [INS_DEC, *npub, *ad_seg,
                                           header(SEG_CT, len(long_ct), eoi=True), *data_words(long_ct),
                                           header(SEG_TAG, 16, last=True), 1, 2, 3, 4]),
        ("truncated after NPUB (ENC)", [INS_ENC, *npub]),
        ("truncated after AD (ENC)", [INS_ENC, *npub, *ad_seg]),
        ("truncated before TAG (DEC)", [INS_DEC, *npub, *ad_seg, *ct_seg]),
        ("truncated after the instruction", [INS_DEC]),
    ]


async def scenario_malformed(tb: TB, rng: random.Random) -> int:
    """Each malformed command gives exactly one FAILURE (nothing else on do), and the good ENC and
    DEC after it work (the module is back in idle, no hang). Returns the number of cases."""
    key = rng.randbytes(16)
    await run_messages(tb, key, [enc_message(key, rng.randbytes(NONCE_BYTES), b"", b"x")])
    cases = malformed_cases(rng, key)
    for name, words in cases:
        tb.dut._log.info("malformed case: %s", name)
        good = [enc_message(key, rng.randbytes(NONCE_BYTES), rng.randbytes(rng.randint(0, 20)),
                            rng.randbytes(rng.randint(0, 40))),
                dec_message(key, rng.randbytes(NONCE_BYTES), rng.randbytes(rng.randint(0, 20)),
                            rng.randbytes(rng.randint(0, 40)))]
        pdi = words + [w for m in good for w in m.pdi()]
        expected = [(FAILURE, True)] + [e for m in good for e in m.expected()]
        await tb.run(pdi, [], expected, [key])
    return len(cases)


async def scenario_bad_keys(tb: TB, rng: random.Random) -> None:
    """No key since reset: ENC / DEC fail. A malformed LDKEY (wrong KEY length) activated: ENC fails
    (the core's previous key is not used). A good key afterwards works."""
    key = rng.randbytes(16)
    msg = enc_message(key, rng.randbytes(NONCE_BYTES), b"ad", b"plaintext")
    await tb.run(msg.pdi() + dec_message(key, rng.randbytes(NONCE_BYTES), b"", b"").pdi(), [],
                 [(FAILURE, True), (FAILURE, True)], [key])
    await run_messages(tb, key, [msg])
    bad = [INS_LDKEY, header(SEG_KEY, 12, eoi=True, last=True), *data_words(key[:12])]
    other = rng.randbytes(16)
    await tb.run([INS_ACTKEY] + msg.pdi(), bad, [(FAILURE, True)], [key, other])
    # a new LDKEY whose header is replaced by another LDKEY: bad, the second LDKEY loads normally
    await tb.run([INS_ACTKEY] + msg.pdi(), [INS_LDKEY, *ldkey(other)], [(FAILURE, True)], [key, other])
    msg2 = enc_message(other, rng.randbytes(NONCE_BYTES), b"", rng.randbytes(33))
    await tb.run([INS_ACTKEY] + msg2.pdi(), [], msg2.expected(), [key, other])


async def scenario_timing(tb: TB, rng: random.Random, *, dec: bool, ad_blocks: bool,
                          counts: tuple[int, ...]) -> dict[int, int]:
    """Full speed (pdi/sdi always valid, do always ready). For each n in `counts`, one message of n
    full 16-byte blocks (of PT/CT, or of AD with empty PT/CT when `ad_blocks`); returns
    {n: cycles from the edge accepting the ENC/DEC instruction to the edge accepting the status
    word on do}."""
    tb.traffic = Traffic.full_speed()
    key = rng.randbytes(16)
    await run_messages(tb, key, [enc_message(key, rng.randbytes(NONCE_BYTES), b"", b"")])
    cycles = {}
    for n in counts:
        data = rng.randbytes(16 * n)
        ad, pt = (data, b"") if ad_blocks else (b"", data)
        nonce = rng.randbytes(NONCE_BYTES)
        msg = dec_message(key, nonce, ad, pt) if dec else enc_message(key, nonce, ad, pt)
        pdi_mark, do_mark = len(tb.seen.pdi), len(tb.seen.do)
        await run_messages(tb, key, [msg], load_key=False)
        start = tb.seen.pdi[pdi_mark][0]
        end = tb.seen.do[-1][0]
        assert tb.seen.do[-1][2] and len(tb.seen.do) > do_mark
        cycles[n] = end - start
    return cycles


def fit_linear(cycles: dict[int, int]) -> tuple[int, int]:
    """(Ta, Tb) with cycles[n] = Ta + n * Tb exactly for every n, else AssertionError."""
    ns = sorted(cycles)
    tb_ = (cycles[ns[-1]] - cycles[ns[0]]) // (ns[-1] - ns[0])
    ta = cycles[ns[0]] - ns[0] * tb_
    assert all(cycles[n] == ta + n * tb_ for n in ns), f"not linear: {cycles}"
    return ta, tb_


async def scenario_constant_time(tb: TB, rng: random.Random, shapes: list[tuple[int, int]], *,
                                 repeats: int = 3) -> dict[tuple[str, int, int], int]:
    """Full speed. For each (AD bytes, PT bytes) shape: `repeats` ENCs and `repeats` DECs (good and
    wrong tags alternating), each with a new random key, nonce and data. The cycles from the
    ENC/DEC instruction to the core's status (ENC: the last tag word on do; DEC: the msg_auth
    handshake, probed inside the module, `tb.probe`) must not depend on the data, the key or the
    tag. Returns {(op, AD bytes, PT bytes): cycles}."""
    tb.traffic = Traffic.full_speed()
    figures: dict[tuple[str, int, int], int] = {}
    for ad_len, pt_len in shapes:
        for op in ("enc", "dec"):
            seen = set()
            for i in range(repeats):
                key = rng.randbytes(16)
                nonce, ad, pt = rng.randbytes(NONCE_BYTES), rng.randbytes(ad_len), rng.randbytes(pt_len)
                if op == "enc":
                    msg = enc_message(key, nonce, ad, pt)
                else:
                    msg = dec_message(key, nonce, ad, pt, flip_bit=(rng.randrange(128) if i % 2 else None))
                pdi_mark, do_mark, probe_mark = len(tb.seen.pdi), len(tb.seen.do), len(tb.seen.probe)
                await run_messages(tb, key, [msg])
                start = next(c for c, w in tb.seen.pdi[pdi_mark:] if w in (INS_ENC, INS_DEC))
                if op == "enc":
                    end = tb.seen.do[-2][0]                          # last tag word
                else:
                    assert len(tb.seen.probe) == probe_mark + 1
                    end = tb.seen.probe[-1]                          # msg_auth handshake
                assert len(tb.seen.do) > do_mark
                seen.add(end - start)
            assert len(seen) == 1, f"{op} AD {ad_len} PT {pt_len}: cycles depend on the data: {seen}"
            figures[(op, ad_len, pt_len)] = seen.pop()
    return figures
