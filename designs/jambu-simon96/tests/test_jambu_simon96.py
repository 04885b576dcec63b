"""cocotb tests of the JAMBU-SIMON CipherCores (RTL and HLS) on their own, on the bench beside this
file (cipher_core_bench.py: the frame's part at the core's boundary; docs.md says why not the full
module yet), against the golden model src/cryptohls/golden/simonjambu96v2.py:

- published KATs (ENC compared with the published CT and tag, DEC, DEC with a flipped tag bit): every
  34th record here (33 records: every AD and every PT length), all 1089 on the RTL core in the slow test (the HLS core's C testbench runs all of them in
  csim and cosim, test_jambu_simon96_hls_core.py);
- random messages (AD and PT 0..40 bytes) with key changes, a third of the DECs with a flipped tag or
  ciphertext bit, and a DEC ended by the frame's flush (four zero tag words), under random gaps and
  back-pressure;
- exact cycles: a message of n 6-byte blocks takes Ta + n * Tb (TIMING), the same for every key, data
  and tag of one shape.

pytest designs/jambu-simon96/tests/test_jambu_simon96.py
"""

from __future__ import annotations

import os
import random

import cocotb
import pytest

from cryptohls.golden import simonjambu96v2 as jambu

# Measured, asserted exactly (both variants): cycles from the first NPUB word's handshake to the last
# tag word (ENC) or msg_auth (DEC) = Ta + n * Tb, n = 6-byte blocks of PT/CT (AD empty) or of AD (PT empty)
TIMING = {("enc", "pt"): (264, 52), ("dec", "pt"): (262, 52), ("enc", "ad"): (264, 52)}
KAT_STRIDE = 34   # 33 records, AD and PT lengths each 0 .. 32 (Count = 33 |PT| + |AD| + 1)


def _records():
    from cryptohls.golden.vectors import load_caesar_kat
    return load_caesar_kat(jambu.SUPERCOP_NAME)


def _enc(key, nonce, ad, pt):
    from cipher_core_bench import CoreMessage
    sealed = jambu.encrypt(key, nonce, ad, pt)
    return CoreMessage(False, nonce, ad, pt, sealed[:-6], sealed[-6:])


def _dec(key, nonce, ad, pt, *, flip: int | None = None, in_ct: bool = False):
    from cipher_core_bench import CoreMessage
    sealed = bytearray(jambu.encrypt(key, nonce, ad, pt))
    if flip is not None:
        where = (flip // 8) % len(pt) if in_ct and pt else len(pt) + (flip // 8) % 6
        sealed[where] ^= 1 << (flip % 8)
    opened = jambu.decrypt(key, nonce, ad, bytes(sealed))
    ct, tag = bytes(sealed[:-6]), bytes(sealed[-6:])
    # the core outputs the unverified plaintext whatever the tag (the frame withholds it)
    out = _unverified_plaintext(key, nonce, ad, ct)
    return CoreMessage(True, nonce, ad, ct, out, tag, auth=opened is not None)


def _unverified_plaintext(key, nonce, ad, ct):
    """What the core outputs on DEC before the tag check: the model's decryption of `ct` (the keystream
    of a block does not depend on that block)."""
    state = jambu._start(key, nonce, ad)
    out = bytearray()
    chunks = [ct[i: i + 6] for i in range(0, len(ct), 6)] + ([b""] if len(ct) % 6 == 0 else [])
    for chunk in chunks:
        x, y = state.encrypt_state()
        block = bytes(c ^ k for c, k in zip(chunk, jambu.word_bytes(y ^ state.r)))
        out += block
        state.update(x, y, jambu.word(jambu.padded_blocks(block)[0]), jambu.FRAME_MESSAGE)
    return bytes(out)


async def _tb(dut):
    from cipher_core_bench import CoreTB
    tb = CoreTB(dut, seed=int(os.environ.get("CRYPTOHLS_SEED", "1")))
    await tb.start()
    return tb


async def _kats(dut, stride: int):
    from cipher_core_bench import CoreMessage, Traffic
    tb = await _tb(dut)
    records = [{"key": r["Key"], "nonce": r["Nonce"], "ad": r["AD"], "pt": r["PT"], "ct": r["CT"][:-6],
                "tag": r["CT"][-6:]} for r in _records()[::stride]]
    messages = []
    for r in records:
        bad = bytes([r["tag"][0] ^ 0x80]) + r["tag"][1:]
        pt = _unverified_plaintext(r["key"], r["nonce"], r["ad"], r["ct"])
        assert pt == r["pt"]
        messages += [CoreMessage(False, r["nonce"], r["ad"], r["pt"], r["ct"], r["tag"]),
                     CoreMessage(True, r["nonce"], r["ad"], r["ct"], r["pt"], r["tag"]),
                     CoreMessage(True, r["nonce"], r["ad"], r["ct"], r["pt"], bad, auth=False)]
    assert len({r["key"] for r in records}) == 1
    await tb.run(records[0]["key"], messages, Traffic())
    dut._log.info("%d KATs x (ENC, DEC, DEC wrong tag)", len(records))


@cocotb.test()
async def kats(dut):
    await _kats(dut, int(os.environ.get("JAMBU_KAT_STRIDE", KAT_STRIDE)))


@cocotb.test()
async def random_messages(dut):
    from cipher_core_bench import BdiWord, CoreMessage, Traffic, T_TAG
    tb = await _tb(dut)
    rng = random.Random(5)
    keys = []
    for k in range(4):
        key = rng.randbytes(12)
        keys.append(key)
        messages = []
        for i in range(6):
            nonce, ad, pt = rng.randbytes(6), rng.randbytes(rng.randint(0, 40)), rng.randbytes(rng.randint(0, 40))
            if i % 2 == 0:
                messages.append(_enc(key, nonce, ad, pt))
            else:
                flip = rng.randrange(48) if i == 3 else None
                messages.append(_dec(key, nonce, ad, pt, flip=flip, in_ct=k % 2 == 1))
        # a DEC ended by the frame's flush: the PT/CT and then four all-zero tag words; msg_auth is
        # dropped by the frame (not checked), the next message must work
        flushed = _dec(key, rng.randbytes(6), b"", rng.randbytes(7))
        flushed.auth = None
        flushed.tag_words = [BdiWord(0, 4, T_TAG, j == 3, False, True) for j in range(4)]
        messages += [flushed, _enc(key, rng.randbytes(6), rng.randbytes(3), rng.randbytes(13))]
        await tb.run(key, messages, Traffic(), keys=keys)


async def _cycles(tb, key, msg) -> int:
    from cipher_core_bench import Traffic
    start = len(tb.events.npub)
    await tb.run(key, [msg], Traffic.full_speed())
    first = tb.events.npub[start]
    end = tb.events.auth[-1] if msg.dec else tb.events.bdo[-1]
    return end - first


@cocotb.test()
async def exact_timing(dut):
    """Ta + n * Tb for n = 0..4 and 10 blocks of PT, CT or AD, and the same cycles for other keys,
    data and (DEC) a wrong tag."""
    tb = await _tb(dut)
    rng = random.Random(9)
    key = bytes(range(12))
    for (op, seg), (ta, tb_) in TIMING.items():
        measured = {}
        for n in (0, 1, 2, 3, 4, 10):
            data = rng.randbytes(6 * n)
            ad, pt = (data, b"") if seg == "ad" else (b"", data)
            make = _enc if op == "enc" else _dec
            cycles = {await _cycles(tb, key, make(key, bytes(6), ad, pt))}
            k2 = rng.randbytes(12)
            other = make(k2, rng.randbytes(6), rng.randbytes(len(ad)), rng.randbytes(len(pt)),
                         **({"flip": 3} if op == "dec" else {}))
            cycles.add(await _cycles(tb, k2, other))
            assert len(cycles) == 1, f"{op} {seg} n={n}: cycles depend on the data: {cycles}"
            measured[n] = cycles.pop()
        fit = {n: ta + n * tb_ for n in measured}
        assert measured == fit, f"{op} {seg}: measured {measured}, Ta + n * Tb = {fit}"
        dut._log.info("%s %s: Ta = %d, Tb = %d", op, seg, ta, tb_)


# ---- pytest: build each variant and run the cocotb tests above ------------------------------------

VARIANTS = ["rtl", "hls"]


def test_rtl_core_lint():
    import subprocess
    from cryptohls.designs import find_variant

    variant = find_variant("jambu-simon96/rtl")
    proc = subprocess.run(["verilator", "--lint-only", "-Wall", "--top-module", variant.top,
                           *map(str, variant.sources())], capture_output=True, text=True)
    assert proc.returncode == 0 and "%Warning" not in proc.stderr, proc.stderr

def _run(variant_name: str, request, testcase: str | None = None, env: dict | None = None):
    from cryptohls.designs import find_variant, repo_root
    from cryptohls.sim.hls_lwc import hls_variant_verilog
    from cryptohls.sim.runner import build_and_run

    variant = find_variant(variant_name)
    hls = variant.kind == "hls"
    safe = "".join(c if c.isalnum() or c in "._-" else "_" for c in request.node.name)
    return build_and_run(sources=hls_variant_verilog(variant) if hls else variant.sources(),
                         top=variant.hls_top if hls else variant.top, test_module="test_jambu_simon96",
                         test_dir=os.path.dirname(__file__), simulator="verilator",
                         run_dir=repo_root() / "build" / "sim-tests" / safe, testcase=testcase,
                         extra_env={"CRYPTOHLS_SEED": "1", **(env or {})})


@pytest.mark.parametrize("variant", VARIANTS)
def test_jambu_simon96_core(variant, request):
    # the HLS core's C testbench runs the same 33 KATs in csim and cosim: 11 of them here
    result = _run(f"jambu-simon96/{variant}", request, env={"JAMBU_KAT_STRIDE": "34" if variant == "rtl" else "101"})
    assert result.passed and result.tests == 3, result.summary()


@pytest.mark.slow
def test_jambu_simon96_all_kats_rtl(request):
    """All 1089 KATs on the RTL core (about 6 minutes); the HLS core's are in its csim = cosim test."""
    result = _run("jambu-simon96/rtl", request, testcase="kats", env={"JAMBU_KAT_STRIDE": "1"})
    assert result.passed and result.tests == 1, result.summary()
