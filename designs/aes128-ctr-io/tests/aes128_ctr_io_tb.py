"""Shared cocotb test code for the AES-128-CTR module with LWC I/O and for its LWC side alone.

- ``TB``: the LWC testbench of ``cryptohls sim`` (:class:`cryptohls.sim.lwc_driver.LwcTB`: clock,
  reset, pdi/sdi drivers with random valid gaps, do sink with random ready back-pressure and long
  stalls, handshake monitors, exact do check including "no key word on do");
- command builders for pdi/sdi word streams and the expected do stream (DESIGN.md §6), the
  expected data from the golden model cryptohls.golden.ctr, with segmenting and empty AD segments
  that the `cryptohls tv` vectors do not exercise;
- ``CtrCoreModel``: a cycle model of the CTR core's ports (interval 10) for the unit tests of the
  LWC side, so the processors are tested independently of the RTL core;
- scenarios (published vector, random messages with key changes, malformed input, bad keys,
  long-message timing) run by both test files.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from cocotb.triggers import RisingEdge

from cryptohls.golden.aes import encrypt_block
from cryptohls.golden.ctr import ctr_crypt
from cryptohls.sim.lwc_driver import LwcTB as TB
from cryptohls.sim.lwc_driver import Traffic

INS_ENC, INS_DEC, INS_LDKEY, INS_ACTKEY, INS_HASH = 0x20000000, 0x30000000, 0x40000000, 0x70000000, 0x80000000
SUCCESS, FAILURE = 0xE0000000, 0xF0000000
SEG_AD, SEG_PT, SEG_CT, SEG_KEY, SEG_NPUB, SEG_TAG = 0x1, 0x4, 0x5, 0xC, 0xD, 0x8


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
    """One ENC/DEC command: nonce = 12-byte IV ‖ 4-byte initial counter, data split into segments."""
    key: bytes
    nonce: bytes
    data: bytes
    dec: bool = False
    segment_bytes: int = 0xFFF0       # longest non-last segment (a multiple of 16)
    empty_ad: bool = False            # send an empty AD segment after NPUB, as LWC generators do

    def segments(self) -> list[bytes]:
        if not self.data:
            return [b""]
        return [self.data[i:i + self.segment_bytes] for i in range(0, len(self.data), self.segment_bytes)]

    def pdi(self) -> list[int]:
        words = [INS_DEC if self.dec else INS_ENC, header(SEG_NPUB, 16), *data_words(self.nonce)]
        if self.empty_ad:
            words.append(header(SEG_AD, 0))
        in_type = SEG_CT if self.dec else SEG_PT
        segs = self.segments()
        for i, seg in enumerate(segs):
            last = i == len(segs) - 1
            words += [header(in_type, len(seg), eoi=last, last=last), *data_words(seg)]
        return words

    def expected(self) -> list[tuple[int, bool]]:
        """The do stream: one output header per input data segment (PT <-> CT, same flags and length),
        the CTR result words, then SUCCESS with do_last."""
        out_type = SEG_PT if self.dec else SEG_CT
        result = ctr_crypt(self.key, self.nonce[:12], int.from_bytes(self.nonce[12:], "big"), self.data)
        out: list[tuple[int, bool]] = []
        offset = 0
        segs = self.segments()
        for i, seg in enumerate(segs):
            last = i == len(segs) - 1
            out.append((header(out_type, len(seg), eoi=last, last=last), False))
            out += [(w, False) for w in data_words(result[offset:offset + len(seg)])]
            offset += len(seg)
        out.append((SUCCESS, True))
        return out


def status(word: int = FAILURE) -> list[tuple[int, bool]]:
    return [(word, True)]


class CtrCoreModel:
    """Cycle model of the CTR core's ports as seen from aes128_ctr_io_lwc: a start handshake loads
    IV and counter; a block is accepted when the model is idle or finishing round 10 with a free
    output register (interval 10), its result (AES_K(IV ‖ counter) XOR block) is valid from the 11th
    cycle after the accepting one (the RTL core's latency 11) and held until taken; the counter
    increments per block. The key is sampled at acceptance, as the RTL core does, and the model also
    checks the contract "hold key_i stable for a message": it must not change while a block is
    inside the core (rounds or output register)."""

    def __init__(self, dut):
        self.dut = dut
        self.iv = bytes(12)
        self.counter = 0
        self.round = 0
        self.pending = b""
        self.out_valid = False
        self.key = 0
        dut.core_start_ready_i.value = 1
        dut.core_in_ready_i.value = 0
        dut.core_out_valid_i.value = 0
        dut.core_out_data_i.value = 0

    async def run(self) -> None:
        dut = self.dut
        while True:
            await RisingEdge(dut.clk_i)
            in_ready = bool(dut.core_in_ready_i.value)
            if self.round or self.out_valid:
                assert int(dut.core_key_o.value) == self.key, "key_i changed while a block was in the core"
            taken = self.out_valid and bool(dut.core_out_ready_o.value)
            if taken:
                self.out_valid = False
            if self.round == 10 and not self.out_valid:
                self.out_valid = True
                dut.core_out_data_i.value = int.from_bytes(self.pending, "big")
                self.round = 0
            elif 0 < self.round < 10:
                self.round += 1
            if in_ready and dut.core_in_valid_o.value:
                self.key = int(dut.core_key_o.value)
                key = self.key.to_bytes(16, "big")
                block = int(dut.core_in_data_o.value).to_bytes(16, "big")
                counter_block = self.iv + self.counter.to_bytes(4, "big")
                stream = encrypt_block(key, counter_block)
                self.pending = bytes(a ^ b for a, b in zip(block, stream))
                self.counter = (self.counter + 1) % (1 << 32)
                self.round = 1
            if dut.core_start_valid_o.value and dut.core_start_ready_i.value:
                self.iv = int(dut.core_iv_o.value).to_bytes(12, "big")
                self.counter = int(dut.core_ctr_o.value)
            dut.core_out_valid_i.value = int(self.out_valid)
            dut.core_in_ready_i.value = int(self.round == 0 or (self.round == 10 and not self.out_valid))


# ---------------------------------------------------------------------------------------------
# Scenarios shared by the LWC-side unit tests and the full-module tests.

def f51_vector() -> tuple[bytes, bytes, bytes, bytes]:
    """SP 800-38A F.5.1 CTR-AES128 (key, initial counter block, plaintext, ciphertext), as loaded
    from the shared vector file (source named there)."""
    from cryptohls.golden.vectors import load_aes_vectors
    v = load_aes_vectors()["sp800_38a_f51_ctr_aes128"]
    return (bytes.fromhex(v["key"]), bytes.fromhex(v["initial_counter"]),
            bytes.fromhex(v["plaintext"]), bytes.fromhex(v["ciphertext"]))


async def scenario_f51(tb: TB) -> None:
    """SP 800-38A F.5.1 through the module: ENC gives the published ciphertext, DEC gives back the
    plaintext; the output stream is also checked word by word against the published ciphertext."""
    key, counter_block, pt, ct = f51_vector()
    enc = Message(key, counter_block, pt)
    dec = Message(key, counter_block, ct, dec=True)
    published = [(header(SEG_CT, 64, eoi=True, last=True), False), *[(w, False) for w in data_words(ct)],
                 (SUCCESS, True)]
    assert enc.expected() == published
    await tb.run([INS_ACTKEY, *enc.pdi(), *dec.pdi()], ldkey(key),
                 enc.expected() + dec.expected(), [key])
    assert tb.received[:len(published)] == published


def random_messages(rng: random.Random, keys: list[bytes], count: int, max_bytes: int) -> tuple[list[int], list[tuple[int, bool]]]:
    """`count` ENC/DEC commands under the active key keys[-1], random lengths 0..max_bytes (partial
    words and blocks), random segmenting and counters near the 2^32 wrap."""
    pdi: list[int] = []
    expected: list[tuple[int, bool]] = []
    for _ in range(count):
        length = rng.choice([0, 1, 3, 4, 15, 16, 17, rng.randint(0, max_bytes)])
        counter = rng.choice([0, 0xFFFFFFFE, rng.getrandbits(32)])
        msg = Message(keys[-1], rng.randbytes(12) + counter.to_bytes(4, "big"), rng.randbytes(length),
                      dec=rng.random() < 0.5, segment_bytes=rng.choice([16, 32, 0xFFF0]),
                      empty_ad=rng.random() < 0.3)
        pdi += msg.pdi()
        expected += msg.expected()
    return pdi, expected


async def scenario_random(tb: TB, *, seed: int, keys: int = 3, per_key: int = 3, max_bytes: int = 70) -> None:
    """Key changes between messages (LDKEY on sdi, ACTKEY on pdi), messages of 0..max_bytes bytes."""
    rng = random.Random(seed)
    loaded: list[bytes] = []
    pdi: list[int] = []
    sdi: list[int] = []
    expected: list[tuple[int, bool]] = []
    for _ in range(keys):
        loaded.append(rng.randbytes(16))
        sdi += ldkey(loaded[-1])
        pdi.append(INS_ACTKEY)
        words, out = random_messages(rng, loaded, per_key, max_bytes)
        pdi += words
        expected += out
    await tb.run(pdi, sdi, expected, loaded)


def malformed_cases(key: bytes) -> list[tuple[str, list[int], list[tuple[int, bool]]]]:
    """(name, pdi words, expected do words) of malformed commands under an active key. Each case is
    followed by a good message in the test, which shows the module is back in idle."""
    nonce = bytes(range(16))
    npub = [header(SEG_NPUB, 16), *data_words(nonce)]
    pt32 = bytes(range(100, 132))
    junk = [0x01234567, 0x89ABCDEF, 0x0BADCAFE]
    cases = [
        ("unknown opcode", [0x50000000], status()),
        ("instruction with non-zero low bits", [0x20000001], status()),
        ("HASH not supported", [INS_HASH, header(0x7, 3, eoi=True, last=True), 0x61626300], status()),
        ("LDKEY on pdi", [INS_LDKEY, header(SEG_KEY, 16, last=True), *data_words(key)], status()),
        ("junk words", junk, status()),
        ("NPUB of 12 bytes", [INS_ENC, header(SEG_NPUB, 12), *junk], status()),
        ("NPUB of 20 bytes", [INS_ENC, header(SEG_NPUB, 20), *junk, *junk], status()),
        ("AD where NPUB expected", [INS_ENC, header(SEG_AD, 0), *npub], status()),
        ("unknown segment type", [INS_ENC, *npub, header(0xA, 4, last=True), 0x11111111], status()),
        ("TAG segment", [INS_DEC, *npub, header(SEG_TAG, 16, last=True), *junk, 0], status()),
        ("CT segment in ENC", [INS_ENC, *npub, header(SEG_CT, 4, last=True), 0x11111111], status()),
        ("PT segment in DEC", [INS_DEC, *npub, header(SEG_PT, 4, last=True), 0x11111111], status()),
        ("Partial flag", [INS_ENC, *npub, header(SEG_PT, 4, partial=True, last=True), 0x11111111], status()),
        ("reserved header bits", [INS_ENC, *npub, header(SEG_PT, 4, last=True) | 0x00010000, 0x11111111],
         status()),
        ("non-empty AD", [INS_ENC, *npub, header(SEG_AD, 4), 0x11111111, header(SEG_PT, 0, last=True)],
         status()),
        ("non-last PT segment of 20 bytes", [INS_ENC, *npub, header(SEG_PT, 20), *junk, *junk], status()),
        ("truncated after NPUB", [INS_ENC, *npub], status()),
        ("truncated after instruction", [INS_DEC], status()),
    ]
    # Truncated after a complete non-last segment: its output is sent, then FAILURE.
    result = ctr_crypt(key, nonce[:12], int.from_bytes(nonce[12:], "big"), pt32)
    cases.append(("truncated after a PT segment",
                  [INS_ENC, *npub, header(SEG_PT, 32), *data_words(pt32)],
                  [(header(SEG_CT, 32), False), *[(w, False) for w in data_words(result)], (FAILURE, True)]))
    return cases


async def scenario_malformed(tb: TB, *, seed: int) -> None:
    rng = random.Random(seed)
    key = rng.randbytes(16)
    good = Message(key, rng.randbytes(16), rng.randbytes(21))
    await tb.run([INS_ACTKEY, *good.pdi()], ldkey(key), good.expected(), [key])
    for name, pdi, expected in malformed_cases(key):
        tb.dut._log.info("malformed: %s", name)
        good = Message(key, rng.randbytes(16), rng.randbytes(rng.randint(0, 40)), dec=rng.random() < 0.5)
        await tb.run(pdi + good.pdi(), [], expected + good.expected(), [key])


async def scenario_bad_keys(tb: TB, *, seed: int) -> None:
    """No key yet -> FAILURE (message drained); a malformed LDKEY -> the ACTKEY leaves no usable key
    -> FAILURE; junk on sdi is discarded; a good LDKEY afterwards works."""
    rng = random.Random(seed)
    key = rng.randbytes(16)
    bad_key = rng.randbytes(32)
    msgs = [Message(key, rng.randbytes(16), rng.randbytes(n)) for n in (33, 5, 0, 48)]
    # Before any ACTKEY: no key, the command is consumed and answered with FAILURE only.
    await tb.run(msgs[0].pdi(), [], status(), [])
    sdi = [0x0BADF00D, INS_LDKEY, header(SEG_KEY, 32, last=True), *data_words(bad_key), *ldkey(key)]
    pdi = [INS_ACTKEY, *msgs[1].pdi(), INS_ACTKEY, *msgs[2].pdi(), *msgs[3].pdi()]
    await tb.run(pdi, sdi, status() + msgs[2].expected() + msgs[3].expected(), [key, bad_key])


async def scenario_timing(tb: TB, *, blocks: int = 20) -> tuple[int, int]:
    """A long message with pdi always valid and do always ready: returns (latency, interval) and
    asserts the block interval through the core is the same between every pair of blocks.
    latency = cycles from the edge that accepts the first PT word to the first cycle do_valid is
    high with the first CT word; interval = cycles between consecutive blocks entering the core."""
    rng = random.Random(blocks)
    key = rng.randbytes(16)
    msg = Message(key, rng.randbytes(16), rng.randbytes(16 * blocks))
    tb.traffic = Traffic.full_speed()
    await tb.run([INS_ACTKEY], ldkey(key), [], [key])
    pdi_mark, do_mark, core_mark = len(tb.seen.pdi), len(tb.seen.do), len(tb.seen.probe)
    await tb.run(msg.pdi(), [], msg.expected(), [key])
    first_pt_cycle = tb.seen.pdi[pdi_mark + 7][0]      # after ENC, NPUB header, 4 NPUB words, PT header
    first_ct_cycle = tb.seen.do[do_mark + 1][0]        # after the CT header
    entries = tb.seen.probe[core_mark:]
    assert len(entries) == blocks
    gaps = [b - a for a, b in zip(entries, entries[1:])]
    assert len(set(gaps)) == 1, f"block interval not constant: {gaps}"
    # The sink samples the handshake at the edge closing the cycle in which do_valid was high.
    return first_ct_cycle - 1 - first_pt_cycle, gaps[0]


async def scenario_failure_timing(tb: TB, *, seed: int) -> None:
    """The documented FAILURE bound at full speed: a malformed word accepted at edge e gives the
    FAILURE word on do in the cycle after edge e+1 (stamped e+2), and the parser accepts the next
    word in that same cycle (stamped e+2)."""
    rng = random.Random(seed)
    key = rng.randbytes(16)
    good = Message(key, rng.randbytes(16), rng.randbytes(20))
    tb.traffic = Traffic.full_speed()
    await tb.run([INS_ACTKEY], ldkey(key), [], [key])
    for bad in ([0x50000000], [INS_ENC, header(SEG_NPUB, 12)], [INS_ENC, *good.pdi()[1:6], header(0xA, 4)]):
        pdi_mark, do_mark = len(tb.seen.pdi), len(tb.seen.do)
        await tb.run(bad + good.pdi(), [], status() + good.expected(), [key])
        bad_edge = tb.seen.pdi[pdi_mark + len(bad) - 1][0]
        assert tb.seen.do[do_mark][0] == bad_edge + 2, (tb.seen.do[do_mark], bad_edge)
        assert tb.seen.pdi[pdi_mark + len(bad)][0] == bad_edge + 2
