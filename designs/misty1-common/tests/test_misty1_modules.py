"""Self-checking cocotb testbenches of the MISTY1 building blocks (designs/misty1-common/rtl), one per
module, against the golden model cryptohls.golden.misty1 (RFC 2994; itself checked against the RFC's
Appendix A example data in tests/golden/test_misty1.py). The blocks are combinational: each test
drives inputs, lets them settle and compares every output.

- misty1_s7, misty1_s9: every input (128 and 512);
- misty1_fi: 3000 random (input, key) pairs plus the all-zero and all-one corners;
- misty1_fo, misty1_fl, misty1_fl_inv: 1000 random inputs, sub-keys of a random FO/FL number k
  under a random expanded key (golden fo_subkeys / fl_subkeys);
- misty1_key_schedule: 500 random keys, all 16 words of EK;
- misty1_enc_pair, misty1_dec_pair: 1000 random states under random keys, every pair index p and
  both values of last_i / first_i, against the RFC 2994 §2.4 steps composed from golden FL/FO.

The pytest entry builds each module once (Icarus Verilog) and runs its own cocotb test.
"""

from __future__ import annotations

import random
from pathlib import Path

import cocotb
import pytest
from cocotb.triggers import Timer

from cryptohls.designs import repo_root
from cryptohls.golden import misty1
from cryptohls.sim.runner import build_and_run

RTL = Path(__file__).resolve().parents[1] / "rtl"
MASK32 = 0xFFFFFFFF


async def settle(dut, **inputs: int) -> None:
    for name, value in inputs.items():
        getattr(dut, name).value = value
    await Timer(1, unit="ns")


def ek_bus(ek: list[int]) -> int:
    """EK[0..15] as the 256-bit bus of misty1_key_schedule (EK[0] in bits 255:240)."""
    value = 0
    for word in ek:
        value = (value << 16) | word
    return value


def random_ek(rng: random.Random) -> list[int]:
    return misty1.key_schedule(rng.randbytes(16))


@cocotb.test()
async def misty1_s7(dut):
    for x in range(128):
        await settle(dut, a_i=x)
        assert int(dut.s_o.value) == misty1.S7[x], x


@cocotb.test()
async def misty1_s9(dut):
    for x in range(512):
        await settle(dut, a_i=x)
        assert int(dut.s_o.value) == misty1.S9[x], x


@cocotb.test()
async def misty1_fi(dut):
    rng = random.Random(1)
    cases = [(0, 0), (0xFFFF, 0xFFFF)] + [(rng.getrandbits(16), rng.getrandbits(16)) for _ in range(3000)]
    for value, key in cases:
        await settle(dut, in_i=value, key_i=key)
        assert int(dut.out_o.value) == misty1.fi(value, key), (hex(value), hex(key))


@cocotb.test()
async def misty1_fo(dut):
    rng = random.Random(2)
    for _ in range(1000):
        ek, k, value = random_ek(rng), rng.randrange(8), rng.getrandbits(32)
        ko1, ki1, ko2, ki2, ko3, ki3, ko4 = misty1.fo_subkeys(ek, k)
        await settle(dut, in_i=value, ko1_i=ko1, ko2_i=ko2, ko3_i=ko3, ko4_i=ko4,
                     ki1_i=ki1, ki2_i=ki2, ki3_i=ki3)
        assert int(dut.out_o.value) == misty1.fo(value, ek, k), (k, hex(value))


async def _fl_check(dut, function, seed: int) -> None:
    rng = random.Random(seed)
    for _ in range(1000):
        ek, k, value = random_ek(rng), rng.randrange(10), rng.getrandbits(32)
        and_key, or_key = misty1.fl_subkeys(ek, k)
        await settle(dut, in_i=value, and_key_i=and_key, or_key_i=or_key)
        assert int(dut.out_o.value) == function(value, ek, k), (k, hex(value))


@cocotb.test()
async def misty1_fl(dut):
    await _fl_check(dut, misty1.fl, 3)


@cocotb.test()
async def misty1_fl_inv(dut):
    await _fl_check(dut, misty1.fl_inv, 4)


@cocotb.test()
async def misty1_key_schedule(dut):
    rng = random.Random(5)
    keys = [bytes.fromhex("00112233445566778899aabbccddeeff")] + [rng.randbytes(16) for _ in range(500)]
    for key in keys:
        await settle(dut, key_i=int.from_bytes(key, "big"))
        assert int(dut.ek_o.value) == ek_bus(misty1.key_schedule(key)), key.hex()


def enc_pair(d0: int, d1: int, ek: list[int], p: int, last: bool) -> int:
    d0 = misty1.fl(d0, ek, 2 * p)
    d1 = misty1.fl(d1, ek, 2 * p + 1)
    d1 ^= misty1.fo(d0, ek, 2 * p)
    d0 ^= misty1.fo(d1, ek, 2 * p + 1)
    if last:
        return (misty1.fl(d1, ek, 9) << 32) | misty1.fl(d0, ek, 8)
    return (d0 << 32) | d1


def dec_pair(d0: int, d1: int, ek: list[int], p: int, first: bool) -> int:
    if first:
        d0 = misty1.fl_inv(d0, ek, 8)
        d1 = misty1.fl_inv(d1, ek, 9)
    d0 ^= misty1.fo(d1, ek, 2 * p + 1)
    d1 ^= misty1.fo(d0, ek, 2 * p)
    return (misty1.fl_inv(d0, ek, 2 * p) << 32) | misty1.fl_inv(d1, ek, 2 * p + 1)


async def _pair_check(dut, reference, flag: str, seed: int) -> None:
    rng = random.Random(seed)
    for case in range(1000):
        ek, p, on = random_ek(rng), case % 4, bool((case // 4) % 2)
        d0, d1 = rng.getrandbits(32), rng.getrandbits(32)
        await settle(dut, state_i=(d0 << 32) | d1, ek_i=ek_bus(ek), pair_i=p, **{flag: int(on)})
        assert int(dut.state_o.value) == reference(d0, d1, ek, p, on), (case, p, on)


@cocotb.test()
async def misty1_enc_pair(dut):
    await _pair_check(dut, enc_pair, "last_i", 6)


@cocotb.test()
async def misty1_dec_pair(dut):
    await _pair_check(dut, dec_pair, "first_i", 7)


def test_pair_references_compose_to_the_cipher() -> None:
    """The pair references above, chained as the cores chain them, are the golden cipher."""
    rng = random.Random(8)
    for _ in range(200):
        key, block = rng.randbytes(16), rng.randbytes(8)
        ek = misty1.key_schedule(key)
        state = int.from_bytes(block, "big")
        for p in range(4):
            state = enc_pair(state >> 32, state & MASK32, ek, p, p == 3)
        assert state.to_bytes(8, "big") == misty1.encrypt_block(key, block)
        ct = int.from_bytes(misty1.encrypt_block(key, block), "big")
        state = ((ct & MASK32) << 32) | (ct >> 32)       # D1 || D0 -> D0 || D1, as misty1_dec
        for p in (3, 2, 1, 0):
            state = dec_pair(state >> 32, state & MASK32, ek, p, p == 3)
        assert state.to_bytes(8, "big") == block


# ---- pytest entry -------------------------------------------------------------------------

# module -> the files it needs besides its own
DEPENDENCIES = {
    "misty1_s7": [], "misty1_s9": [], "misty1_fl": [], "misty1_fl_inv": [],
    "misty1_fi": ["misty1_s7", "misty1_s9"],
    "misty1_fo": ["misty1_fi", "misty1_s7", "misty1_s9"],
    "misty1_key_schedule": ["misty1_fi", "misty1_s7", "misty1_s9"],
    "misty1_enc_pair": ["misty1_fl", "misty1_fo", "misty1_fi", "misty1_s7", "misty1_s9"],
    "misty1_dec_pair": ["misty1_fl_inv", "misty1_fo", "misty1_fi", "misty1_s7", "misty1_s9"],
}


@pytest.mark.parametrize("module", sorted(DEPENDENCIES))
def test_module(module: str) -> None:
    sources = [RTL / f"{name}.v" for name in [module, *DEPENDENCIES[module]]]
    result = build_and_run(sources=sources, top=module, test_module=Path(__file__).stem,
                           test_dir=Path(__file__).parent, simulator="icarus",
                           run_dir=repo_root() / "build" / "sim-tests" / f"misty1-module-{module}",
                           testcase=module)
    assert result.passed and result.tests == 1, result.summary()


def test_every_module_has_a_testbench() -> None:
    assert sorted(p.stem for p in RTL.glob("*.v")) == sorted(DEPENDENCIES)
