"""A cocotb bench for a CipherCore on its own (its port list of designs/lwc-frame/docs.md driven
directly), for a cipher whose key, nonce or tag is not a whole number of 4-byte words.

JAMBU-SIMON's sizes (key 12, nonce 6, tag 6 bytes) do not fit today's frame (the KEY segment is
16 bytes, the tag 4-byte words: docs.md of this design), so the shared bench of the full module
(cryptohls.sim.lwc_bench) cannot run it yet. This bench plays the frame's part at the core's
boundary, as the frame would once it takes these sizes: key words with key_update between messages;
per message NPUB, AD (or one size-0 word), PT/CT (likewise), for DEC the TAG, each word with its
type, size, valid bytes, pad location, EOT/EOI and decrypt_in, bytes past the segment's end zero. It
checks every bdo word (data on its valid bytes, type, valid bytes), every msg_auth and that no bdo
word is a key word, under random bdi/key gaps and bdo/msg_auth back-pressure, and measures cycles.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

import cocotb
from cocotb.clock import Clock
from cocotb.triggers import ClockCycles, Combine, RisingEdge, SimTimeoutError, with_timeout

T_AD, T_PT, T_CT, T_TAG, T_NPUB = 0x1, 0x4, 0x5, 0x8, 0xD
VALID_BYTES = {0: 0b0000, 1: 0b1000, 2: 0b1100, 3: 0b1110, 4: 0b1111}
PAD_LOC = {0: 0b1000, 1: 0b0100, 2: 0b0010, 3: 0b0001, 4: 0b0000}


@dataclass(frozen=True)
class BdiWord:
    data: int
    size: int
    type: int
    eot: bool
    eoi: bool
    dec: bool


def segment_words(seg_type: int, data: bytes, *, eoi: bool, dec: bool) -> list[BdiWord]:
    """The bdi words of one segment: 4-byte words, the last one partial (zero past the data); an empty
    segment is one size-0 word."""
    if not data:
        return [BdiWord(0, 0, seg_type, True, eoi, dec)]
    words = []
    for i in range(0, len(data), 4):
        chunk = data[i:i + 4]
        last = i + 4 >= len(data)
        words.append(BdiWord(int.from_bytes(chunk.ljust(4, b"\0"), "big"), len(chunk), seg_type, last,
                             last and eoi, dec))
    return words


def out_words(seg_type: int, data: bytes) -> list[tuple[int, int, int]]:
    """Expected bdo words (data, type, valid bytes), data zero past the valid bytes."""
    return [(int.from_bytes(data[i:i + 4].ljust(4, b"\0"), "big"), seg_type,
             VALID_BYTES[len(data[i:i + 4])]) for i in range(0, len(data), 4)]


@dataclass
class CoreMessage:
    """One ENC or DEC at the core's boundary. `tag_words` overrides the TAG segment (the frame's
    flush sends four zero words); `auth` None = do not check msg_auth's value."""
    dec: bool
    nonce: bytes
    ad: bytes
    data: bytes                       # PT (ENC) or CT (DEC)
    out: bytes                        # CT (ENC) or PT (DEC)
    tag: bytes                        # ENC: expected tag; DEC: the tag sent
    auth: bool | None = True
    tag_words: list[BdiWord] | None = None

    def bdi(self) -> list[BdiWord]:
        words = segment_words(T_NPUB, self.nonce, eoi=False, dec=self.dec)
        words += segment_words(T_AD, self.ad, eoi=not self.data, dec=self.dec)
        words += segment_words(T_CT if self.dec else T_PT, self.data, eoi=True, dec=self.dec)
        if self.dec:
            words += self.tag_words or segment_words(T_TAG, self.tag, eoi=False, dec=True)
        return words

    def bdo(self) -> list[tuple[int, int, int]]:
        words = out_words(T_PT if self.dec else T_CT, self.out)
        return words if self.dec else words + out_words(T_TAG, self.tag)


@dataclass
class Traffic:
    gap: float = 0.2          # probability of a bdi / key gap cycle
    stall: float = 0.2        # probability of a bdo / msg_auth stall cycle
    long_stall: float = 0.01  # probability that a 20..60-cycle bdo stall starts

    @classmethod
    def full_speed(cls) -> Traffic:
        return cls(0.0, 0.0, 0.0)


@dataclass
class Events:
    """Cycle numbers of handshakes: bdi (first NPUB word of a message), bdo, msg_auth."""
    npub: list[int] = field(default_factory=list)
    bdo: list[int] = field(default_factory=list)
    auth: list[int] = field(default_factory=list)


class CoreTB:
    def __init__(self, dut, *, seed: int):
        self.dut, self.rng = dut, random.Random(seed)
        self.cycle = 0
        self.events = Events()
        for name in ("key", "key_valid", "key_update", "bdi", "bdi_valid", "bdi_type", "bdi_size",
                     "bdi_valid_bytes", "bdi_pad_loc", "bdi_eot", "bdi_eoi", "decrypt_in", "hash_in",
                     "bdo_ready", "msg_auth_ready"):
            getattr(dut, name).value = 0

    async def start(self) -> None:
        cocotb.start_soon(Clock(self.dut.clk_i, 10, unit="ns").start())
        self.dut.rst_i.value = 1
        await ClockCycles(self.dut.clk_i, 3)
        self.dut.rst_i.value = 0
        cocotb.start_soon(self._count())
        await RisingEdge(self.dut.clk_i)

    async def _count(self) -> None:
        dut = self.dut
        while True:
            await RisingEdge(dut.clk_i)
            self.cycle += 1
            if dut.bdi_valid.value and dut.bdi_ready.value and int(dut.bdi_type.value) == T_NPUB \
                    and not self._in_npub:
                self.events.npub.append(self.cycle)
            if dut.bdi_valid.value and dut.bdi_ready.value:
                self._in_npub = int(dut.bdi_type.value) == T_NPUB
            if dut.bdo_valid.value and dut.bdo_ready.value:
                self.events.bdo.append(self.cycle)
            if dut.msg_auth_valid.value and dut.msg_auth_ready.value:
                self.events.auth.append(self.cycle)

    _in_npub = False

    async def load_key(self, key: bytes, gap: float) -> None:
        dut = self.dut
        for i in range(0, len(key), 4):
            while gap and self.rng.random() < gap:
                dut.key_valid.value = 0
                await RisingEdge(dut.clk_i)
            dut.key.value = int.from_bytes(key[i:i + 4], "big")
            dut.key_valid.value = dut.key_update.value = 1
            while True:
                await RisingEdge(dut.clk_i)
                if dut.key_ready.value:
                    break
        dut.key_valid.value = dut.key_update.value = 0
        dut.key.value = 0

    async def _drive(self, words: list[BdiWord], gap: float) -> None:
        dut = self.dut
        for w in words:
            while gap and self.rng.random() < gap:
                dut.bdi_valid.value = 0
                await RisingEdge(dut.clk_i)
            dut.bdi.value, dut.bdi_size.value, dut.bdi_type.value = w.data, w.size, w.type
            dut.bdi_valid_bytes.value, dut.bdi_pad_loc.value = VALID_BYTES[w.size], PAD_LOC[w.size]
            dut.bdi_eot.value, dut.bdi_eoi.value, dut.decrypt_in.value = int(w.eot), int(w.eoi), int(w.dec)
            dut.bdi_valid.value = 1
            while True:
                await RisingEdge(dut.clk_i)
                if dut.bdi_ready.value:
                    break
        dut.bdi_valid.value = 0

    async def _sink_bdo(self, count: int, traffic: Traffic, got: list) -> None:
        dut, stall = self.dut, 0
        while len(got) < count:
            if stall == 0 and traffic.long_stall and self.rng.random() < traffic.long_stall:
                stall = self.rng.randint(20, 60)
            ready = stall == 0 and not (traffic.stall and self.rng.random() < traffic.stall)
            stall = max(0, stall - 1)
            dut.bdo_ready.value = int(ready)
            await RisingEdge(dut.clk_i)
            if ready and dut.bdo_valid.value:
                got.append((int(dut.bdo.value), int(dut.bdo_type.value), int(dut.bdo_valid_bytes.value)))
        dut.bdo_ready.value = 0

    async def _sink_auth(self, count: int, traffic: Traffic, got: list) -> None:
        dut = self.dut
        while len(got) < count:
            ready = not (traffic.stall and self.rng.random() < traffic.stall)
            dut.msg_auth_ready.value = int(ready)
            await RisingEdge(dut.clk_i)
            if ready and dut.msg_auth_valid.value:
                got.append(bool(dut.msg_auth.value))
        dut.msg_auth_ready.value = 0

    async def run(self, key: bytes | None, messages: list[CoreMessage], traffic: Traffic, *,
                  keys: list[bytes] = (), quiet: int = 20) -> None:
        """Load `key` (if given), run the messages back to back and check all outputs; then bdo and
        msg_auth must stay quiet. `keys`: key words that must never appear on bdo."""
        if key is not None:
            await self.load_key(key, traffic.gap)
        bdo_want = [w for m in messages for w in m.bdo()]
        auth_want = [m.auth for m in messages if m.dec]
        bdo_got: list = []
        auth_got: list = []
        tasks = [cocotb.start_soon(self._drive([w for m in messages for w in m.bdi()], traffic.gap)),
                 cocotb.start_soon(self._sink_bdo(len(bdo_want), traffic, bdo_got)),
                 cocotb.start_soon(self._sink_auth(len(auth_want), traffic, auth_got))]
        limit = 1000 + 400 * len(bdo_want) + 800 * len(messages)   # cycles
        try:
            await with_timeout(Combine(*(t.complete for t in tasks)), 10 * limit, "ns")
        except SimTimeoutError:
            raise AssertionError(f"timeout: {len(bdo_got)}/{len(bdo_want)} bdo words, "
                                 f"{len(auth_got)}/{len(auth_want)} msg_auth") from None
        secret = {int.from_bytes(k[i:i + 4], "big") for k in [*keys, *([key] if key else [])]
                  for i in range(0, len(k) - 3, 4) if any(k)}
        # a published case may have a plaintext word equal to a key word (KATs: both 00 01 02 ..)
        secret -= {w[0] for w in bdo_want}
        for i, (got, want) in enumerate(zip(bdo_got, bdo_want)):
            mask = int("".join("ff" if got[2] >> (3 - b) & 1 else "00" for b in range(4)), 16)
            assert (got[0] & mask, got[1], got[2]) == want, \
                f"bdo word {i}: got {got[0]:08X} type {got[1]:X} vb {got[2]:04b}, want " \
                f"{want[0]:08X} type {want[1]:X} vb {want[2]:04b}"
            assert got[0] not in secret, f"bdo word {i} = {got[0]:08X} is a key word"
        assert len(bdo_got) == len(bdo_want)
        for i, (got, want) in enumerate(zip(auth_got, auth_want)):
            assert want is None or got == want, f"msg_auth {i}: got {got}, want {want}"
        self.dut.bdo_ready.value = self.dut.msg_auth_ready.value = 1
        for _ in range(quiet):
            await RisingEdge(self.dut.clk_i)
            assert not self.dut.bdo_valid.value and not self.dut.msg_auth_valid.value, "unexpected output"
        self.dut.bdo_ready.value = self.dut.msg_auth_ready.value = 0
