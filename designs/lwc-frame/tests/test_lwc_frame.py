"""cocotb tests of the LWC frame alone (lwc_frame_harness: PreProcessor, header FIFO, PostProcessor)
against a cocotb model of a CipherCore, on Icarus Verilog.

The model (``CoreModel``) plays an Ascon-AEAD128 CipherCore at message level with random
key_ready / bdi_ready / bdo_valid / msg_auth_valid timing: it checks that every message it is given
is complete and well formed as lwc-frame/docs.md promises (key words with key_update, NPUB, AD,
PT/CT, TAG for DEC; sizes, valid bytes, pad location, zeroed tail bytes, decrypt_in stable,
hash_in low), then answers from the golden model. For DEC it sends the **unverified** plaintext
on bdo whatever the tag, so a frame that released it on a failed tag would fail the do check.

- `cryptohls tv --cipher ascon-aead128` vectors through the frame (random traffic on every port);
- malformed commands after the core has started (flush: the model must see complete messages with
  empty segments and a zero tag), each followed by a good command;
- the DEC length limit of the buffer (a small buffer here: 2**4 words = 64 bytes at W = 32).

Every test runs at several bus widths (pytest parameters; designs/lwc-frame/docs.md, "Bus width W"):
W = CCW = 32, the conversions W = 128 / CCW = 32 and W = 384 / CCW = 128, and a wide core
W = CCW = 256 (a 16-byte tag is one partial bdo word). W and CCW are read from the harness's ports.

pytest designs/lwc-frame/tests/test_lwc_frame.py
"""

from __future__ import annotations

import os
import random
from dataclasses import replace
from pathlib import Path

import cocotb
import pytest
from cocotb.triggers import RisingEdge

from cryptohls.golden import ascon
from cryptohls.lwc.protocol import Segment, SegmentType, widen
from cryptohls.lwc.words import bus_words, segment_items
from cryptohls.sim.lwc_driver import LwcTB

T_AD, T_PT, T_CT, T_TAG, T_NPUB = 0x1, 0x4, 0x5, 0x8, 0xD
SUCCESS, FAILURE = 0xE0000000, 0xF0000000
BUF_LOG2 = 4
# (W, CCW) of the harness; the wide core (256 / 256; toy-aead's wide core covers it in make test) and
# 384 / 128 (three bdi words per pdi word) in make test-slow
WIDTHS = [(32, 32), (128, 32), pytest.param(256, 256, marks=pytest.mark.slow),
          pytest.param(384, 128, marks=pytest.mark.slow)]


def dec_max(width: int) -> int:
    """Longest DEC ciphertext of the harness's buffer (2**BUF_LOG2 words of W bits)."""
    return (width // 8) << BUF_LOG2
RTL = Path(__file__).resolve().parents[1] / "rtl"
REPO = RTL.parents[2]


def open_unverified(key: bytes, nonce: bytes, ad: bytes, ct: bytes) -> tuple[bytes, bytes]:
    """(plaintext, expected tag) of Ascon-AEAD128 decryption, before any tag check."""
    state = ascon._absorb_associated_data(ascon._initialise(key, nonce), ad)
    plaintext = bytearray()
    *full_blocks, last = ascon._blocks(ct)
    for block in full_blocks:
        c0, c1 = ascon.bytes_to_word(block[:8]), ascon.bytes_to_word(block[8:])
        plaintext += ascon.word_to_bytes(state[0] ^ c0) + ascon.word_to_bytes(state[1] ^ c1)
        state[0], state[1] = c0, c1
        state = ascon.permutation(state, ascon.ROUNDS_B)
    last_plain = bytes(k ^ c for k, c in zip(ascon._rate_bytes(state), last))
    plaintext += last_plain
    ascon._xor_partial_block(state, last_plain)
    return bytes(plaintext), ascon._finalise(state, key)


class CoreModel:
    """Message-level CipherCore model with random handshake timing (see the module doc). The cipher is
    Ascon-AEAD128 unless `sizes` = (key, npub, tag bytes), `seal` (-> ct || tag) and `open_unverified`
    (-> plaintext, expected tag) give another (test_lwc_frame_sizes.py)."""

    def __init__(self, dut, rng: random.Random, *, ready: float = 0.6, sizes: tuple[int, int, int] = (16, 16, 16),
                 seal=ascon.encrypt, open_unverified=open_unverified):
        self.dut, self.rng, self.ready = dut, rng, ready
        self.key_bytes, self.npub_bytes, self.tag_bytes = sizes
        self.seal, self.open_unverified = seal, open_unverified
        self.lanes = len(dut.bdi) // 8            # CCW / 8
        self.key = b""
        self.messages = 0
        for name in ("key_ready", "bdi_ready", "bdo_valid", "msg_auth_valid", "msg_auth", "end_of_block"):
            getattr(dut, name).value = 0
        dut.bdo.value = 0
        dut.bdo_type.value = 0
        dut.bdo_valid_bytes.value = 0

    async def _take(self, signal_ready: str, signal_valid: str) -> None:
        """Wait for one handshake on (valid, ready) with random ready."""
        dut = self.dut
        while True:
            ready = self.rng.random() < self.ready
            getattr(dut, signal_ready).value = int(ready)
            await RisingEdge(dut.clk_i)
            if ready and getattr(dut, signal_valid).value:
                getattr(dut, signal_ready).value = 0
                return

    async def _beat(self) -> dict:
        await self._take("bdi_ready", "bdi_valid")
        d = self.dut
        beat = {"data": int(d.bdi.value), "type": int(d.bdi_type.value), "size": int(d.bdi_size.value),
                "vb": int(d.bdi_valid_bytes.value), "pl": int(d.bdi_pad_loc.value), "eot": bool(d.bdi_eot.value),
                "dec": bool(d.decrypt_in.value), "hash": bool(d.hash_in.value)}
        size, lanes = beat["size"], self.lanes
        assert size <= lanes and beat["vb"] == self.valid_bytes(size), beat
        assert beat["pl"] == (1 << (lanes - 1)) >> size, beat          # the lane after the last byte
        assert beat["data"] & ((1 << (8 * (lanes - size))) - 1) == 0, f"tail not zero: {beat}"
        assert not beat["hash"], beat
        return beat

    async def _segment(self, seg_type: int, dec: bool) -> bytes:
        data = b""
        while True:
            beat = await self._beat()
            assert beat["type"] == seg_type and beat["dec"] == dec, (seg_type, beat)
            if beat["size"] == 0:
                assert beat["eot"] and not data, beat      # empty segment: one size-0 word
            data += beat["data"].to_bytes(self.lanes, "big")[:beat["size"]]
            if beat["eot"]:
                return data
            assert beat["size"] == self.lanes, beat

    async def _send(self, words: list[tuple[int, int, int]]) -> None:
        dut = self.dut
        for word, seg_type, vb in words:
            while self.rng.random() > self.ready:
                dut.bdo_valid.value = 0
                await RisingEdge(dut.clk_i)
            dut.bdo.value = word
            dut.bdo_type.value = seg_type
            dut.bdo_valid_bytes.value = vb
            dut.bdo_valid.value = 1
            while True:
                await RisingEdge(dut.clk_i)
                if dut.bdo_ready.value:
                    break
        dut.bdo_valid.value = 0

    def valid_bytes(self, size: int) -> int:
        """The first `size` of the CCW/8 lanes (the top bits)."""
        return ((1 << size) - 1) << (self.lanes - size)

    def _words(self, data: bytes, seg_type: int) -> list[tuple[int, int, int]]:
        out = []
        for i in range(0, len(data), self.lanes):
            chunk = data[i:i + self.lanes]
            out.append((int.from_bytes(chunk + bytes(self.lanes - len(chunk)), "big"), seg_type,
                        self.valid_bytes(len(chunk))))
        return out

    async def run(self) -> None:
        dut = self.dut
        while True:
            # idle: a key word or the first NPUB word
            dut.key_ready.value = 0
            dut.bdi_ready.value = 0
            await RisingEdge(dut.clk_i)
            if dut.key_valid.value:
                words = []
                for _ in range(-(-self.key_bytes // 4)):
                    await self._take("key_ready", "key_valid")
                    assert dut.key_update.value, "key word without key_update"
                    words.append(int(dut.key.value))
                key = b"".join(w.to_bytes(4, "big") for w in words)
                assert not any(key[self.key_bytes:]), f"key bytes past the key's end not zero: {key.hex()}"
                self.key = key[:self.key_bytes]
                continue
            if not dut.bdi_valid.value:
                continue
            dec = bool(dut.decrypt_in.value)
            nonce = await self._segment(T_NPUB, dec)
            assert len(nonce) == self.npub_bytes, nonce
            ad = await self._segment(T_AD, dec)
            data = await self._segment(T_CT if dec else T_PT, dec)
            self.messages += 1
            if not dec:
                sealed, t = self.seal(self.key, nonce, ad, data), self.tag_bytes
                await self._send(self._words(sealed[:-t], T_CT) + self._words(sealed[-t:], T_TAG))
                continue
            tag = await self._segment(T_TAG, dec)
            assert len(tag) == self.tag_bytes, tag
            plain, expected_tag = self.open_unverified(self.key, nonce, ad, data)
            await self._send(self._words(plain, T_PT))       # unverified: the frame must hold it
            while self.rng.random() > self.ready:
                await RisingEdge(dut.clk_i)
            dut.msg_auth.value = int(tag == expected_tag)
            dut.msg_auth_valid.value = 1
            while True:
                await RisingEdge(dut.clk_i)
                if dut.msg_auth_ready.value:
                    break
            dut.msg_auth_valid.value = 0


async def _start(dut) -> tuple[LwcTB, CoreModel]:
    seed = int(os.environ.get("CRYPTOHLS_SEED", "1"))
    tb = LwcTB(dut, seed=seed)
    model = CoreModel(dut, random.Random(seed + 1))
    await tb.start()
    cocotb.start_soon(model.run())
    return tb, model


def _enc(width: int, key: bytes, nonce: bytes, ad: bytes, pt: bytes) -> tuple[list[int], list[tuple[int, bool]]]:
    sealed = ascon.encrypt(key, nonce, ad, pt)
    pdi = [widen(0x20000000, width), *Segment(SegmentType.NPUB, nonce, eoi=not (ad or pt)).words(width),
           *Segment(SegmentType.AD, ad, eoi=not pt).words(width),
           *Segment(SegmentType.PT, pt, eoi=True, last=True).words(width)]
    do = (Segment(SegmentType.CT, sealed[:-16], eoi=True).words(width)
          + Segment(SegmentType.TAG, sealed[-16:], last=True).words(width))
    return pdi, [(w, False) for w in do] + [(widen(SUCCESS, width), True)]


def _dec(width: int, key: bytes, nonce: bytes, ad: bytes, pt: bytes, *, bad_tag: bool = False):
    sealed = bytearray(ascon.encrypt(key, nonce, ad, pt))
    if bad_tag:
        sealed[-1] ^= 0x80
    ct, tag = bytes(sealed[:-16]), bytes(sealed[-16:])
    pdi = [widen(0x30000000, width), *Segment(SegmentType.NPUB, nonce).words(width),
           *Segment(SegmentType.AD, ad).words(width), *Segment(SegmentType.CT, ct, eoi=True).words(width),
           *Segment(SegmentType.TAG, tag, last=True).words(width)]
    if bad_tag:
        return pdi, [(widen(FAILURE, width), True)]
    do = Segment(SegmentType.PT, pt, eoi=True, last=True).words(width)
    return pdi, [(w, False) for w in do] + [(widen(SUCCESS, width), True)]


def _sdi(key: bytes) -> list[int]:
    return [0x40000000, 0xC7000010, *Segment(SegmentType.KEY, key).words()[1:]]


@cocotb.test()
async def tv_vectors_through_the_frame(dut):
    """`cryptohls tv --cipher ascon-aead128` (messages up to the buffer: the harness buffer is small)."""
    from cryptohls.lwc.generate import CIPHER_MODELS, build_vectors, plan_messages
    from cryptohls.sim.lwc_driver import vector_set_streams

    tb, model = await _start(dut)
    cipher = CIPHER_MODELS["ascon-aead128"]()
    # the harness buffer holds 64 bytes: keep the DECs that fit (ENC has no limit); a kept message
    # whose key the dropped one loaded loads it itself
    messages, loaded = [], None
    for m in plan_messages(cipher, 3, 24):
        if m.operation.name == "DEC" and len(m.plaintext) > dec_max(tb.width):
            continue
        messages.append(replace(m, load_key=m.key != loaded))
        loaded = m.key
    vectors = build_vectors(cipher, messages, 3)
    streams = vector_set_streams(vectors, tb.width)
    assert any(word == widen(FAILURE, tb.width) for word, _ in streams.do)
    await tb.run(streams.pdi, streams.sdi, streams.do, streams.keys)
    assert model.messages == len(messages)


@cocotb.test()
async def wrong_tags_release_nothing(dut):
    tb, model = await _start(dut)
    rng = random.Random(5)
    key, width = rng.randbytes(16), tb.width
    pdi, do = [widen(0x70000000, width)], []
    for i in range(12):
        p, d = _dec(width, key, rng.randbytes(16), rng.randbytes(rng.randint(0, 20)),
                    rng.randbytes(rng.randint(1, dec_max(width))), bad_tag=(i % 2 == 0))
        pdi += p
        do += d
    await tb.run(pdi, _sdi(key), do, [key])
    assert model.messages == 12


@cocotb.test()
async def malformed_after_core_start(dut):
    """Failures after NPUB went to the core: the model (which asserts complete messages) sees the
    flushed rest; exactly one FAILURE each; the next good command works."""
    tb, model = await _start(dut)
    rng = random.Random(7)
    key, width = rng.randbytes(16), tb.width
    nonce, ad, pt = rng.randbytes(16), rng.randbytes(9), rng.randbytes(21)
    npub = segment_items(Segment(SegmentType.NPUB, nonce))
    ad_seg = segment_items(Segment(SegmentType.AD, ad))
    ct_seg = segment_items(Segment(SegmentType.CT, rng.randbytes(21), eoi=True))
    data4, longest = bytes([1, 2, 3, 4]), dec_max(width)
    cases = [   # items: 32-bit control words (int) and segment data (bytes), put on the W-bit bus
        [0x20000000, *npub, 0x1001_0004, data4],                             # AD reserved bits
        [0x20000000, *npub, *ad_seg, 0x4600_0004, data4],                    # ENC PT not Last
        [0x30000000, *npub, *ad_seg, *ct_seg, 0x8300_0008, bytes(range(8))],  # DEC tag length 8
        [0x30000000, *npub, *ad_seg, 0x5400_0000 | (longest + 1), rng.randbytes(longest + 1),
         0x8300_0010, bytes(range(16))],                                     # DEC longer than the buffer
        [0x30000000, *npub, *ad_seg, *ct_seg],                               # truncated before TAG
        [0x20000000, *npub],                                                 # truncated after NPUB
    ]
    pdi = [widen(0x70000000, width)]
    do = []
    for case in cases:
        good_pdi, good_do = (_enc if rng.random() < 0.5 else _dec)(width, key, rng.randbytes(16), ad, pt)
        pdi += bus_words(case, width) + good_pdi
        do += [(widen(FAILURE, width), True)] + good_do
    await tb.run(pdi, _sdi(key), do, [key])
    # every failed case after NPUB was flushed to the core as a complete message, plus the good ones
    assert model.messages == 2 * len(cases), model.messages


@pytest.mark.parametrize("width,ccw", WIDTHS, ids=["w32-ccw32", "w128-ccw32", "w256-ccw256", "w384-ccw128"])
def test_lwc_frame(request, width, ccw):
    from cryptohls.sim.runner import build_and_run

    result = build_and_run(sources=[*sorted(RTL.glob("*.v")), Path(__file__).parent / "lwc_frame_harness.v"],
                           top="lwc_frame_harness", test_module=Path(__file__).stem,
                           test_dir=Path(__file__).parent, simulator="icarus",
                           parameters={"DEC_BUF_WORDS_LOG2": BUF_LOG2, "W": width, "CCW": ccw},
                           run_dir=REPO / "build" / "tests" / request.node.name)
    assert result.passed and result.tests == 3, result.summary()
