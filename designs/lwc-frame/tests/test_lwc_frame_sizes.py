"""cocotb tests of the LWC frame alone at segment sizes that are not multiples of 4 bytes (KEY_BYTES = 10,
NPUB_BYTES = 7, TAG_BYTES = 5; designs/lwc-frame/docs.md, "Sizes"), against the CipherCore model of
test_lwc_frame.py playing a keyed test cipher of those sizes (SHA-256 keystream and tag; not a
cipher, only something the model can seal and open at any size).

- key: 3 key words, the last holding 2 key bytes; the host's pad bytes on sdi are non-zero and must
  reach the core as zero (the model asserts it); a KEY segment of 16 bytes is a bad key;
- ENC / DEC of every length class, half the DECs with a wrong tag: the tag is 2 bdo / do words (4 + 1
  bytes) and the TAG segment 2 bdi words;
- the flush of a DEC whose TAG never came (an all-zero tag of 4 + 1 bytes) and of an ENC whose
  PT header is wrong (the core's 2 tag words dropped), each followed by a good command.
W = 32 and the conversion W = 128 / CCW = 32.

pytest designs/lwc-frame/tests/test_lwc_frame_sizes.py
"""

from __future__ import annotations

import hashlib
import random
from pathlib import Path

import cocotb
import pytest

from cryptohls.lwc.protocol import Segment, SegmentType, widen
from cryptohls.lwc.words import bus_words, segment_items

KEY_BYTES, NPUB_BYTES, TAG_BYTES = 10, 7, 5
SUCCESS, FAILURE = 0xE0000000, 0xF0000000
BUF_LOG2 = 4
RTL = Path(__file__).resolve().parents[1] / "rtl"
REPO = RTL.parents[2]


def _stream(key: bytes, nonce: bytes, n: int) -> bytes:
    out = b""
    for block in range(-(-n // 32)):
        out += hashlib.sha256(b"ks" + key + nonce + block.to_bytes(4, "big")).digest()
    return out[:n]


def _tag(key: bytes, nonce: bytes, ad: bytes, ct: bytes) -> bytes:
    return hashlib.sha256(b"tag" + key + nonce + len(ad).to_bytes(4, "big") + ad + ct).digest()[:TAG_BYTES]


def seal(key: bytes, nonce: bytes, ad: bytes, pt: bytes) -> bytes:
    """ct || tag of the test cipher."""
    ct = bytes(p ^ s for p, s in zip(pt, _stream(key, nonce, len(pt))))
    return ct + _tag(key, nonce, ad, ct)


def open_unverified(key: bytes, nonce: bytes, ad: bytes, ct: bytes) -> tuple[bytes, bytes]:
    return bytes(c ^ s for c, s in zip(ct, _stream(key, nonce, len(ct)))), _tag(key, nonce, ad, ct)


def ldkey(key: bytes, *, pad: int = 0xEE, length: int = KEY_BYTES) -> list[int]:
    """LDKEY on sdi with the last key word's pad bytes set to `pad` (the frame must zero them)."""
    data = key + bytes([pad]) * (-len(key) % 4)
    return [0x40000000, 0xC7000000 | length, *(int.from_bytes(data[i:i + 4], "big") for i in range(0, len(data), 4))]


def enc(width: int, key: bytes, nonce: bytes, ad: bytes, pt: bytes):
    sealed = seal(key, nonce, ad, pt)
    pdi = [widen(0x20000000, width), *Segment(SegmentType.NPUB, nonce).words(width),
           *Segment(SegmentType.AD, ad).words(width), *Segment(SegmentType.PT, pt, eoi=True, last=True).words(width)]
    do = (Segment(SegmentType.CT, sealed[:-TAG_BYTES], eoi=True).words(width)
          + Segment(SegmentType.TAG, sealed[-TAG_BYTES:], last=True).words(width))
    return pdi, [(w, False) for w in do] + [(widen(SUCCESS, width), True)]


def dec(width: int, key: bytes, nonce: bytes, ad: bytes, pt: bytes, *, bad_tag: bool = False):
    sealed = bytearray(seal(key, nonce, ad, pt))
    if bad_tag:
        sealed[-1] ^= 0x01           # the tag's last byte: the partial word's
    ct, tag = bytes(sealed[:-TAG_BYTES]), bytes(sealed[-TAG_BYTES:])
    pdi = [widen(0x30000000, width), *Segment(SegmentType.NPUB, nonce).words(width),
           *Segment(SegmentType.AD, ad).words(width), *Segment(SegmentType.CT, ct, eoi=True).words(width),
           *Segment(SegmentType.TAG, tag, last=True).words(width)]
    if bad_tag:
        return pdi, [(widen(FAILURE, width), True)]
    do = Segment(SegmentType.PT, pt, eoi=True, last=True).words(width)
    return pdi, [(w, False) for w in do] + [(widen(SUCCESS, width), True)]


async def _start(dut):
    from test_lwc_frame import CoreModel

    from cryptohls.sim.lwc_driver import LwcTB

    tb = LwcTB(dut, seed=3)
    model = CoreModel(dut, random.Random(4), sizes=(KEY_BYTES, NPUB_BYTES, TAG_BYTES), seal=seal,
                      open_unverified=open_unverified)
    await tb.start()
    cocotb.start_soon(model.run())
    return tb, model


@cocotb.test()
async def odd_sizes_messages_and_wrong_tags(dut):
    tb, model = await _start(dut)
    rng, width = random.Random(11), tb.width
    keys, pdi, sdi, do, count = [], [], [], [], 0
    for _ in range(2):
        key = rng.randbytes(KEY_BYTES)
        keys.append(key)
        sdi += ldkey(key)
        pdi.append(widen(0x70000000, width))
        for i in range(8):
            ad, pt = rng.randbytes(rng.choice([0, 1, 5, 16, 17])), rng.randbytes(rng.randint(1, 40))
            p, d = (enc(width, key, rng.randbytes(NPUB_BYTES), ad, pt) if i % 2 == 0 else
                    dec(width, key, rng.randbytes(NPUB_BYTES), ad, pt, bad_tag=(i % 4 == 1)))
            pdi, do, count = pdi + p, do + d, count + 1
    await tb.run(pdi, sdi, do, keys)
    assert model.messages == count


@cocotb.test()
async def odd_sizes_flush_and_bad_key(dut):
    """A DEC without its TAG and an ENC with a bad PT header after the core started: the model sees
    complete messages (a zero tag of 4 + 1 bytes), one FAILURE each, the next command works. Then a
    KEY segment of 16 bytes (not KEY_BYTES) is a bad key: ENC fails."""
    tb, model = await _start(dut)
    rng, width = random.Random(12), tb.width
    key = rng.randbytes(KEY_BYTES)
    npub = segment_items(Segment(SegmentType.NPUB, rng.randbytes(NPUB_BYTES)))
    ad_seg = segment_items(Segment(SegmentType.AD, rng.randbytes(9)))
    ct_seg = segment_items(Segment(SegmentType.CT, rng.randbytes(11), eoi=True))
    cases = [[0x30000000, *npub, *ad_seg, *ct_seg],                        # truncated before TAG
             [0x20000000, *npub, *ad_seg, 0x4600_0004, bytes(range(4))]]    # ENC PT not Last
    pdi, do = [widen(0x70000000, width)], []
    for case in cases:
        good_pdi, good_do = dec(width, key, rng.randbytes(NPUB_BYTES), b"ad", rng.randbytes(13))
        pdi += bus_words(case, width) + good_pdi
        do += [(widen(FAILURE, width), True)] + good_do
    await tb.run(pdi, ldkey(key), do, [key])
    assert model.messages == 2 * len(cases)
    p, _ = enc(width, key, rng.randbytes(NPUB_BYTES), b"", b"x")
    await tb.run([widen(0x70000000, width), *p], ldkey(rng.randbytes(16), length=16),
                 [(widen(FAILURE, width), True)], [key])


@pytest.mark.parametrize("width,ccw", [(32, 32), (128, 32)], ids=["w32", "w128-ccw32"])
def test_lwc_frame_sizes(request, width, ccw):
    from cryptohls.sim.runner import build_and_run

    result = build_and_run(sources=[*sorted(RTL.glob("*.v")), Path(__file__).parent / "lwc_frame_harness.v"],
                           top="lwc_frame_harness", test_module=Path(__file__).stem,
                           test_dir=Path(__file__).parent, simulator="icarus",
                           parameters={"DEC_BUF_WORDS_LOG2": BUF_LOG2, "W": width, "CCW": ccw,
                                       "KEY_BYTES": KEY_BYTES, "NPUB_BYTES": NPUB_BYTES, "TAG_BYTES": TAG_BYTES},
                           run_dir=REPO / "build" / "tests" / request.node.name)
    assert result.passed and result.tests == 2, result.summary()
