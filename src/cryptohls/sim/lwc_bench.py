"""The LWC test bench of every cipher in the frame: cocotb scenarios parameterised by the cipher's
golden model and sizes (designs/lwc-frame/docs.md, "Tests of a cipher").

A cipher's cocotb module names its model and the figures of its variants and takes the tests::

    CIPHER = LwcCipher(CIPHER_MODELS["aes128-gcm"]())
    globals().update(aead_tests(CIPHER, timing=TIMINGS[variant()], random_messages=(10, 21, 80), ...))

The scenarios (each under random pdi/sdi gaps and do back-pressure with long stalls, except the
cycle measurements; every do word checked exactly and against every key word, :class:`LwcTB`):

- published KATs from a file (ENC, DEC, optionally DEC with a flipped tag bit);
- the vector set of ``cryptohls tv`` through the files and the parser;
- random messages of every length class with key changes, a quarter of the DECs with one tag or
  ciphertext bit flipped (FAILURE and no plaintext);
- malformed commands (FAILURE alone, then good commands work), no key and bad keys;
- exact cycles: n full blocks take Ta + n * Tb (``fit_linear``);
- cycles independent of key, data and tag for messages of one shape (``scenario_constant_time``);
- a hash mode (HASH command) when the cipher has one: KATs, every length, malformed, Ta + n * Tb
  (:mod:`cryptohls.sim.lwc_hash_bench`).

Every scenario runs at the DUT's bus width W (``len(dut.pdi_data)``, designs/lwc-frame/docs.md "Bus
width W"): streams are written as items, 32-bit instructions / headers / status (ints) and segment data
(bytes), and put on the W-bit bus by :func:`cryptohls.lwc.words.bus_words`; sdi stays 32 bits.
"""

from __future__ import annotations

import os
import random
import tempfile
from collections.abc import Callable
from dataclasses import dataclass

import cocotb

from cryptohls.lwc.generate import CipherModel
from cryptohls.lwc.protocol import (Opcode, Segment, SegmentHeader, SegmentType, Status, data_words,
                                    encode_instruction, encode_status, widen)
from cryptohls.lwc.top import dec_max_bytes
from cryptohls.lwc.words import bus_words, segment_items
from cryptohls.sim.lwc_driver import LwcTB, Traffic

INS_ENC, INS_DEC, INS_LDKEY, INS_ACTKEY, INS_HASH = (encode_instruction(o) for o in (
    Opcode.ENC, Opcode.DEC, Opcode.LDKEY, Opcode.ACTKEY, Opcode.HASH))
SUCCESS, FAILURE = encode_status(Status.SUCCESS), encode_status(Status.FAILURE)
COUNTS = (1, 2, 3, 4, 8, 16, 20)      # message lengths in blocks of the cycle measurements
SHAPES = ((0, 0), (5, 17), (16, 32), (33, 1), (80, 80))   # (AD, PT) bytes of the constant-time test


@dataclass(frozen=True)
class LwcCipher:
    """A cipher as the bench sees it: its golden model (cryptohls.lwc.generate.CipherModel) and sizes."""
    model: CipherModel
    key_bytes: int = 16
    tag_bytes: int = 16
    block_bytes: int = 16              # of the cycle measurements (Ta + n * Tb)
    hash: str | None = None            # the core's hash mode (a name of lwc.generate.HASH_MODELS), else HASH fails
    dec_max_bytes: int | None = None   # the top's decryption buffer; None: the generated top's default
                                       # at the DUT's W (2048 bytes at W = 32 and 128)

    @property
    def npub_bytes(self) -> int:
        return self.model.nonce_bytes


def header(seg_type: int, length: int, *, partial: bool = False, eoi: bool = False, eot: bool = True,
           last: bool = False) -> int:
    return SegmentHeader(SegmentType(seg_type), length, partial, eoi, eot, last).encode()


def ldkey(key: bytes) -> list[int]:
    return [INS_LDKEY, header(SegmentType.KEY, len(key), eoi=True, last=True), *data_words(key)]


def seed() -> int:
    return int(os.environ.get("CRYPTOHLS_SEED", "1"))


def variant() -> str:
    """The variant under test (``run_design_tests`` sets it), e.g. "rtl"."""
    return os.environ.get("CRYPTOHLS_VARIANT", "rtl")


@dataclass
class Message:
    """One ENC or DEC command. For DEC, `data` is the ciphertext and `tag` the tag sent on pdi;
    `expected_out` is the ciphertext (ENC) or plaintext (DEC) do must show, None = FAILURE."""
    dec: bool
    nonce: bytes
    ad: bytes
    data: bytes
    tag: bytes = b""
    expected_out: bytes | None = b""
    expected_tag: bytes = b""           # ENC only

    def pdi(self, width: int = 32) -> list[int]:
        words = [widen(INS_DEC if self.dec else INS_ENC, width)]
        words += Segment(SegmentType.NPUB, self.nonce, eoi=not (self.ad or self.data)).words(width)
        words += Segment(SegmentType.AD, self.ad, eoi=not self.data).words(width)
        words += Segment(SegmentType.CT if self.dec else SegmentType.PT, self.data, eoi=True,
                         last=not self.dec).words(width)
        if self.dec:
            words += Segment(SegmentType.TAG, self.tag, last=True).words(width)
        return words

    def expected(self, width: int = 32) -> list[tuple[int, bool]]:
        if self.expected_out is None:
            return [(widen(FAILURE, width), True)]
        if self.dec:
            words = Segment(SegmentType.PT, self.expected_out, eoi=True, last=True).words(width)
        else:
            words = (Segment(SegmentType.CT, self.expected_out, eoi=True, last=False).words(width)
                     + Segment(SegmentType.TAG, self.expected_tag, last=True).words(width))
        return [(w, False) for w in words] + [(widen(SUCCESS, width), True)]


class Bench:
    """The scenarios of one cipher on one DUT (``tb``: the started :class:`LwcTB`)."""

    def __init__(self, cipher: LwcCipher, tb: LwcTB):
        self.cipher, self.tb = cipher, tb
        self.width = tb.width                                  # W of pdi / do
        self.dec_max = cipher.dec_max_bytes or dec_max_bytes(self.width)

    def w(self, word: int) -> int:
        """A 32-bit instruction / status word on the W-bit bus."""
        return widen(word, self.width)

    def pdi(self, messages: list) -> list[int]:
        return [word for m in messages for word in m.pdi(self.width)]

    def expected(self, messages: list) -> list[tuple[int, bool]]:
        return [e for m in messages for e in m.expected(self.width)]

    def failure(self) -> list[tuple[int, bool]]:
        return [(self.w(FAILURE), True)]

    # ---- messages from the golden model ----------------------------------------------------------

    def nonce(self, rng: random.Random) -> bytes:
        return rng.randbytes(self.cipher.npub_bytes)

    def enc(self, key: bytes, nonce: bytes, ad: bytes, pt: bytes) -> Message:
        ct, tag = self.cipher.model.seal(key, nonce, ad, pt)
        return Message(False, nonce, ad, pt, expected_out=ct, expected_tag=tag)

    def dec(self, key: bytes, nonce: bytes, ad: bytes, pt: bytes, *, flip_bit: int | None = None,
            flip_in: str = "tag") -> Message:
        """DEC of the model's sealing of `pt`; `flip_bit` flips one bit of the tag or ciphertext
        (then the expected output is FAILURE, as the model's open says)."""
        sealed_ct, sealed_tag = self.cipher.model.seal(key, nonce, ad, pt)
        ct, tag = bytearray(sealed_ct), bytearray(sealed_tag)
        if flip_bit is not None:
            target = tag if flip_in == "tag" or not ct else ct
            target[(flip_bit // 8) % len(target)] ^= 1 << (flip_bit % 8)
        opened = self.cipher.model.open(key, nonce, ad, bytes(ct), bytes(tag))
        assert (opened is None) if flip_bit is not None else (opened == pt)
        return Message(True, nonce, ad, bytes(ct), bytes(tag), expected_out=opened)

    async def run_messages(self, key: bytes, messages: list, *, load_key: bool = True) -> None:
        """ACTKEY + LDKEY (when `load_key`), then the messages; do checked exactly and against the key
        words. An all-zero key is left out of the key-word check (a published case may have a zero key
        and zero plaintext, whose words DEC must release)."""
        pdi = ([self.w(INS_ACTKEY)] if load_key else []) + self.pdi(messages)
        await self.tb.run(pdi, ldkey(key) if load_key else [], self.expected(messages), [key] if any(key) else [])

    # ---- scenarios ---------------------------------------------------------------------------------

    async def kats(self, records: list[dict[str, bytes]], *, wrong_tag: bool = False, chunk: int = 200) -> int:
        """Published records {key, nonce, ad, pt, ct, tag}: ENC (CT and tag compared with the published
        values, not the model), DEC of the published CT || tag, and with `wrong_tag` a DEC with the
        tag's first bit flipped. Up to `chunk` messages per run, so a failure names a small range."""
        runs: list[tuple[bytes, list[Message]]] = []
        for r in records:
            messages = [Message(False, r["nonce"], r["ad"], r["pt"], expected_out=r["ct"], expected_tag=r["tag"]),
                        Message(True, r["nonce"], r["ad"], r["ct"], r["tag"], expected_out=r["pt"])]
            if wrong_tag:
                bad = bytes([r["tag"][0] ^ 0x80]) + r["tag"][1:]
                messages.append(Message(True, r["nonce"], r["ad"], r["ct"], bad, expected_out=None))
            if runs and runs[-1][0] == r["key"] and len(runs[-1][1]) < chunk:
                runs[-1][1].extend(messages)
            else:
                runs.append((r["key"], messages))
        for k, (key, messages) in enumerate(runs):
            await self.run_messages(key, messages, load_key=(k == 0 or runs[k - 1][0] != key))
        return len(records)

    async def tv_files(self, name: str, count: int = 8) -> "object":
        """`cryptohls tv --cipher NAME` output, written to files and parsed back, run as it is."""
        from cryptohls.lwc.generate import generate
        from cryptohls.lwc.parser import parse_vector_dir
        from cryptohls.lwc.writer import write_vector_files
        from cryptohls.sim.lwc_driver import vector_set_streams

        with tempfile.TemporaryDirectory() as tmp:
            write_vector_files(tmp, generate(name, seed=seed(), count=count).vectors, width=self.width)
            streams = vector_set_streams(parse_vector_dir(tmp, width=self.width), self.width)
        await self.tb.run(streams.pdi, streams.sdi, streams.do, streams.keys)
        return streams

    async def random(self, rng: random.Random, *, keys: int, per_key: int, max_bytes: int) -> int:
        """Random ENC / DEC messages (AD and PT 0..max_bytes) with key changes; a quarter of the DECs
        with one tag or ciphertext bit flipped (FAILURE, no plaintext word on do). Returns the count."""
        count = 0
        for _ in range(keys):
            key = rng.randbytes(self.cipher.key_bytes)
            messages = []
            for _ in range(per_key):
                nonce, ad = self.nonce(rng), rng.randbytes(rng.randint(0, max_bytes))
                pt = rng.randbytes(rng.randint(0, max_bytes))
                if rng.random() < 0.5:
                    messages.append(self.enc(key, nonce, ad, pt))
                elif rng.random() < 0.25:
                    messages.append(self.dec(key, nonce, ad, pt, flip_bit=rng.randrange(8 * self.cipher.tag_bytes),
                                             flip_in=rng.choice(("tag", "ciphertext"))))
                else:
                    messages.append(self.dec(key, nonce, ad, pt))
            await self.run_messages(key, messages)
            count += len(messages)
        return count

    def malformed_cases(self, rng: random.Random, key: bytes) -> list[tuple[str, list[int]]]:
        """(name, pdi words) of commands that must end in FAILURE alone. A truncated command's
        truncating instruction is the next command's own instruction, so these lists leave it out.
        Written as items (32-bit control words and data bytes) and put on the W-bit bus."""
        c = self.cipher
        nonce, ad, pt = self.nonce(rng), rng.randbytes(20), rng.randbytes(37)
        ct = self.dec(key, nonce, ad, pt).data
        npub = segment_items(Segment(SegmentType.NPUB, nonce, eoi=False))
        ad_seg = segment_items(Segment(SegmentType.AD, ad))
        ct_seg = segment_items(Segment(SegmentType.CT, ct, eoi=True))
        long_ct = rng.randbytes(self.dec_max + 4)
        wrong_npub = c.npub_bytes - 4 if c.npub_bytes >= 16 else c.npub_bytes + 4
        # n bytes: the words 1, 2, ... (the last one cut to the bytes left: a 6-byte tag is 4 + 2 bytes)
        count = lambda n: b"".join(i.to_bytes(4, "big") for i in range(1, (n + 3) // 4 + 1))[:n]   # noqa: E731
        wrong_tag = 8 if c.tag_bytes != 8 else 12    # a TAG length the frame must refuse
        data4 = bytes([1, 2, 3, 4])
        NPUB, AD, PT, CT, TAG = (SegmentType.NPUB, SegmentType.AD, SegmentType.PT, SegmentType.CT, SegmentType.TAG)
        cases = [
            ("unknown opcode", [0x50000000, *npub]),
            ("non-zero instruction bits", [INS_ENC | 1, *npub]),
            # a core that hashes: a HASH_MSG segment that is not the last one; else HASH itself
            ("HASH_MSG not Last", [INS_HASH, header(SegmentType.HASH_MSG, 3, eoi=True, last=False), b"abc"])
            if c.hash else
            ("HASH (unsupported)", [INS_HASH, header(SegmentType.HASH_MSG, 3, eoi=True, last=True), b"abc"]),
            ("LDKEY on pdi", [INS_LDKEY, header(SegmentType.KEY, len(key), last=True), key]),
            (f"NPUB length {wrong_npub}", [INS_ENC, header(NPUB, wrong_npub), (nonce + bytes(4))[:wrong_npub]]),
            ("AD where NPUB expected", [INS_ENC, *ad_seg]),
            ("NPUB Partial", [INS_ENC, header(NPUB, c.npub_bytes, partial=True), nonce]),
            ("NPUB Last", [INS_ENC, header(NPUB, c.npub_bytes, last=True), nonce]),
            ("AD reserved bits", [INS_ENC, *npub, header(AD, 4) | 0x00010000, data4]),
            ("AD Last", [INS_ENC, *npub, header(AD, 4, last=True), data4]),
            ("CT in ENC", [INS_ENC, *npub, *ad_seg, header(CT, 4, eoi=True, last=True), data4]),
            ("ENC PT not Last", [INS_ENC, *npub, *ad_seg, header(PT, 4, eoi=True), data4]),
            ("ENC TAG instead of PT", [INS_ENC, *npub, *ad_seg, header(TAG, c.tag_bytes, last=True), count(c.tag_bytes)]),
            ("DEC CT Last (no tag)", [INS_DEC, *npub, *ad_seg, header(CT, 4, eoi=True, last=True), data4]),
            (f"DEC tag length {wrong_tag}", [INS_DEC, *npub, *ad_seg, *ct_seg, header(TAG, wrong_tag, last=True),
                                            count(wrong_tag)]),
            ("DEC AD where TAG expected", [INS_DEC, *npub, *ad_seg, *ct_seg, header(AD, 16, last=True), count(16)]),
            ("DEC CT longer than the buffer", [INS_DEC, *npub, *ad_seg, header(CT, len(long_ct), eoi=True), long_ct,
                                               header(TAG, c.tag_bytes, last=True), count(c.tag_bytes)]),
            ("truncated after NPUB (ENC)", [INS_ENC, *npub]),
            ("truncated after AD (ENC)", [INS_ENC, *npub, *ad_seg]),
            ("truncated before TAG (DEC)", [INS_DEC, *npub, *ad_seg, *ct_seg]),
            ("truncated after the instruction", [INS_DEC]),
        ]
        words = [(name, bus_words(items, self.width)) for name, items in cases]
        if self.width > 32:
            # the bits below a control word's top 32 must be zero (lwc-frame/docs.md, "Bus width W"): a
            # complete, otherwise good ENC with one such bit set in its instruction or AD header fails
            good = self.enc(key, nonce, ad, pt).pdi(self.width)
            ad_at = 1 + len(bus_words(npub, self.width))
            words += [("instruction with low bits set", [good[0] | 1, *good[1:]]),
                      ("AD header with low bits set", [*good[:ad_at], good[ad_at] | 1 << 31, *good[ad_at + 1:]])]
        return words

    async def malformed(self, rng: random.Random) -> int:
        """Each malformed command gives exactly one FAILURE (nothing else on do), and the good ENC and
        DEC after it work (the module is back in idle, no hang). Returns the number of cases."""
        key = rng.randbytes(self.cipher.key_bytes)
        await self.run_messages(key, [self.enc(key, self.nonce(rng), b"", b"x")])
        cases = self.malformed_cases(rng, key)
        for name, words in cases:
            self.tb.dut._log.info("malformed case: %s", name)
            good = [self.enc(key, self.nonce(rng), rng.randbytes(rng.randint(0, 20)), rng.randbytes(rng.randint(0, 40))),
                    self.dec(key, self.nonce(rng), rng.randbytes(rng.randint(0, 20)), rng.randbytes(rng.randint(0, 40)))]
            await self.tb.run(words + self.pdi(good), [], self.failure() + self.expected(good), [key])
        return len(cases)

    async def bad_keys(self, rng: random.Random) -> None:
        """No key since reset: ENC / DEC fail. A malformed LDKEY (wrong KEY length) activated: ENC fails
        (the core's previous key is not used). A good key afterwards works."""
        tb, n = self.tb, self.cipher.key_bytes
        key = rng.randbytes(n)
        msg = self.enc(key, self.nonce(rng), b"ad", b"plaintext")
        await tb.run(self.pdi([msg, self.dec(key, self.nonce(rng), b"", b"")]), [],
                     self.failure() + self.failure(), [key])
        await self.run_messages(key, [msg])
        bad = [INS_LDKEY, header(SegmentType.KEY, n - 4, eoi=True, last=True), *data_words(key[:n - 4])]
        other = rng.randbytes(n)
        actkey = [self.w(INS_ACTKEY)]
        await tb.run(actkey + self.pdi([msg]), bad, self.failure(), [key, other])
        # a new LDKEY whose header is replaced by another LDKEY: bad, the second LDKEY loads normally
        await tb.run(actkey + self.pdi([msg]), [INS_LDKEY, *ldkey(other)], self.failure(), [key, other])
        msg2 = self.enc(other, self.nonce(rng), b"", rng.randbytes(33))
        await tb.run(actkey + self.pdi([msg2]), [], self.expected([msg2]), [key, other])

    async def _cycles(self, run: Callable, pdi_words: set[int]) -> int:
        """Cycles from the edge accepting the first instruction in `pdi_words` (32-bit) to the edge
        accepting the status word on do, for the messages `run()` sends."""
        pdi_mark, do_mark = len(self.tb.seen.pdi), len(self.tb.seen.do)
        await run()
        wide = {self.w(word) for word in pdi_words}
        start = next(c for c, w in self.tb.seen.pdi[pdi_mark:] if w in wide)
        assert self.tb.seen.do[-1][2] and len(self.tb.seen.do) > do_mark
        return self.tb.seen.do[-1][0] - start

    async def timing(self, rng: random.Random, *, dec: bool, ad_blocks: bool,
                     counts: tuple[int, ...] = COUNTS) -> dict[int, int]:
        """Full speed (pdi/sdi always valid, do always ready). For each n in `counts`, one message of n
        full blocks (of PT/CT, or of AD with empty PT/CT when `ad_blocks`); {n: cycles from the ENC/DEC
        instruction to the status word}."""
        self.tb.traffic = Traffic.full_speed()
        key = rng.randbytes(self.cipher.key_bytes)
        await self.run_messages(key, [self.enc(key, self.nonce(rng), b"", b"")])
        cycles = {}
        for n in counts:
            data = rng.randbytes(self.cipher.block_bytes * n)
            ad, pt = (data, b"") if ad_blocks else (b"", data)
            nonce = self.nonce(rng)
            msg = self.dec(key, nonce, ad, pt) if dec else self.enc(key, nonce, ad, pt)
            cycles[n] = await self._cycles(lambda: self.run_messages(key, [msg], load_key=False), {INS_ENC, INS_DEC})
        return cycles

    async def constant_time(self, rng: random.Random, shapes=SHAPES, *, repeats: int = 3) -> dict:
        """Full speed. For each (AD bytes, PT bytes) shape: `repeats` ENCs and `repeats` DECs (good and
        wrong tags alternating), each with a new random key, nonce and data. The cycles from the
        ENC/DEC instruction to the core's status (ENC: the last tag word on do; DEC: the msg_auth
        handshake, probed inside the module, ``tb.probe``) must not depend on the data, the key or the
        tag. Returns {(op, AD bytes, PT bytes): cycles}."""
        tb = self.tb
        tb.traffic = Traffic.full_speed()
        figures: dict[tuple[str, int, int], int] = {}
        for ad_len, pt_len in shapes:
            for op in ("enc", "dec"):
                seen = set()
                for i in range(repeats):
                    key = rng.randbytes(self.cipher.key_bytes)
                    nonce, ad, pt = self.nonce(rng), rng.randbytes(ad_len), rng.randbytes(pt_len)
                    msg = (self.enc(key, nonce, ad, pt) if op == "enc" else
                           self.dec(key, nonce, ad, pt, flip_bit=(rng.randrange(128) if i % 2 else None)))
                    pdi_mark, do_mark, probe_mark = len(tb.seen.pdi), len(tb.seen.do), len(tb.seen.probe)
                    await self.run_messages(key, [msg])
                    start = next(c for c, w in tb.seen.pdi[pdi_mark:] if w in (self.w(INS_ENC), self.w(INS_DEC)))
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

def fit_linear(cycles: dict[int, int]) -> tuple[int, int]:
    """(Ta, Tb) with cycles[n] = Ta + n * Tb exactly for every n, else AssertionError."""
    ns = sorted(cycles)
    tb_ = (cycles[ns[-1]] - cycles[ns[0]]) // (ns[-1] - ns[0])
    ta = cycles[ns[0]] - ns[0] * tb_
    assert all(cycles[n] == ta + n * tb_ for n in ns), f"not linear: {cycles}"
    return ta, tb_


async def start_bench(cipher: LwcCipher, dut, *, probe: bool = False, kind: type = None) -> Bench:
    """A started testbench on `dut` (a `kind`, default Bench); `probe`: record the core's msg_auth
    handshakes (u_core, the generated top's instance name)."""
    handles = (dut.u_core.msg_auth_valid, dut.u_core.msg_auth_ready) if probe else None
    tb = LwcTB(dut, seed=seed(), probe=handles)
    await tb.start()
    return (kind or Bench)(cipher, tb)


def aead_tests(cipher: LwcCipher, *, timing: dict, random_messages: tuple[int, int, int],
               kats: Callable[[], list[dict[str, bytes]]] | None = None, kat_wrong_tag: bool = False,
               tv: bool = True) -> dict[str, object]:
    """The cocotb tests of an AEAD in the frame, to put in the cipher's test module (``globals().update``):
    KATs (when `kats` gives records), the `cryptohls tv` vector files (`tv`: a cipher of
    cryptohls.lwc.generate), random messages
    (`random_messages` = keys, messages per key, max AD/PT bytes), malformed commands, bad keys, exact
    cycles (`timing`: {("enc"|"dec", "pt"|"ad"): (Ta, Tb)}) and constant time."""
    rng = lambda: random.Random(seed())   # noqa: E731  (a fresh stream per test, as before)

    async def published_kats(dut):
        records = kats()
        count = await (await start_bench(cipher, dut)).kats(records, wrong_tag=kat_wrong_tag)
        dut._log.info("%d KATs, ENC and DEC", count)

    async def lwc_tv_vector_files(dut):
        bench = await start_bench(cipher, dut)
        streams = await bench.tv_files(cipher.model.name)
        assert len(streams.keys) >= 3 and streams.blocks > 100
        assert sum(word == bench.w(FAILURE) for word, _ in streams.do) >= 10

    async def random_messages_and_wrong_tags(dut):
        keys, per_key, max_bytes = random_messages
        count = await (await start_bench(cipher, dut)).random(rng(), keys=keys, per_key=per_key, max_bytes=max_bytes)
        assert count == keys * per_key, count

    async def malformed_input(dut):
        bench = await start_bench(cipher, dut)
        count = await bench.malformed(rng())
        assert count == (21 if bench.width == 32 else 23), count

    async def bad_keys(dut):
        await (await start_bench(cipher, dut)).bad_keys(rng())

    async def timing_(dut):
        bench, r = await start_bench(cipher, dut), rng()
        measured = {}
        for op, kind in timing:
            counts = await bench.timing(r, dec=(op == "dec"), ad_blocks=(kind == "ad"))
            measured[(op, kind)] = fit_linear(counts)
            dut._log.info("%s %s blocks: cycles %s -> Ta, Tb = %s", op, kind, counts, measured[(op, kind)])
        assert measured == timing, measured

    async def constant_time(dut):
        """Cycle counts depend on the segment lengths only (not on data, key, or a wrong tag)."""
        figures = await (await start_bench(cipher, dut, probe=True)).constant_time(rng())
        dut._log.info("cycles per shape: %s", figures)

    tests = ([published_kats] if kats else []) + ([lwc_tv_vector_files] if tv else [])
    tests += [random_messages_and_wrong_tags, malformed_input, bad_keys, timing_, constant_time]
    return as_cocotb_tests(tests)


def as_cocotb_tests(functions: list) -> dict[str, object]:
    """{name: cocotb test} (a trailing _ of a function's name, which only avoids a parameter's, dropped)."""
    return {f.__name__.rstrip("_"): cocotb.test(name=f.__name__.rstrip("_"))(f) for f in functions}


__all__ = ["Bench", "LwcCipher", "Message", "aead_tests", "as_cocotb_tests", "fit_linear", "header", "ldkey", "seed",
           "start_bench", "variant"]
