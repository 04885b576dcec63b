"""Self-checking cocotb testbenches of the S-box style modules (designs/aes128-sbox/rtl) against the golden
S-box of cryptohls.golden.aes (FIPS-197, itself checked against the standard's vectors in tests/golden):
every one of the 256 inputs.

- aes_sbox_gf (Type 3, composite field) and aes_sbox_style for STYLE 2, 3, 4: s_o = S(a_i);
- aes_tbox (Type 4): t_o = {2S, S, S, 3S}(a_i);
- aes_sbox_rom2p (Type 1): two synchronous read ports, S(a0_i) and S(a1_i) one clock after the addresses.

The pytest entry builds each module once (Icarus Verilog) and runs its own cocotb test.
"""

from __future__ import annotations

from pathlib import Path

import cocotb
import pytest
from cocotb.clock import Clock
from cocotb.triggers import RisingEdge, Timer

from cryptohls.designs import repo_root
from cryptohls.golden.aes import SBOX, gf_mul
from cryptohls.sim.runner import build_and_run

RTL = Path(__file__).resolve().parents[1] / "rtl"
COMMON = RTL.parents[1] / "aes-common" / "rtl"


async def check_sbox(dut) -> None:
    for x in range(256):
        dut.a_i.value = x
        await Timer(1, unit="ns")
        assert int(dut.s_o.value) == SBOX[x], (x, int(dut.s_o.value))


@cocotb.test()
async def aes_sbox_gf(dut):
    await check_sbox(dut)


@cocotb.test()
async def aes_sbox_style(dut):
    await check_sbox(dut)


@cocotb.test()
async def aes_tbox(dut):
    for x in range(256):
        dut.a_i.value = x
        await Timer(1, unit="ns")
        s = SBOX[x]
        assert int(dut.t_o.value) == gf_mul(s, 2) << 24 | s << 16 | s << 8 | gf_mul(s, 3), x


@cocotb.test()
async def aes_sbox_rom2p(dut):
    cocotb.start_soon(Clock(dut.clk_i, 10, unit="ns").start())
    for x in range(256):
        dut.a0_i.value = x
        dut.a1_i.value = 255 - x
        await RisingEdge(dut.clk_i)
        await Timer(1, unit="ns")
        assert (int(dut.s0_o.value), int(dut.s1_o.value)) == (SBOX[x], SBOX[255 - x]), x


# ---- pytest entry -------------------------------------------------------------------------

# (top, parameters, files besides its own): aes_sbox_style once per style that instantiates something else
CASES = {
    "aes_sbox_gf": ("aes_sbox_gf", {}, []),
    "aes_tbox": ("aes_tbox", {}, []),
    "aes_sbox_rom2p": ("aes_sbox_rom2p", {}, []),
    "aes_sbox_style-2": ("aes_sbox_style", {"STYLE": 2}, [COMMON / "aes_sbox.v"]),
    "aes_sbox_style-3": ("aes_sbox_style", {"STYLE": 3}, [RTL / "aes_sbox_gf.v", COMMON / "aes_sbox.v"]),
    "aes_sbox_style-4": ("aes_sbox_style", {"STYLE": 4}, [RTL / "aes_tbox.v", COMMON / "aes_sbox.v"]),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_module(case: str) -> None:
    top, parameters, others = CASES[case]
    result = build_and_run(sources=[RTL / f"{top}.v", *others], top=top, test_module=Path(__file__).stem,
                           test_dir=Path(__file__).parent, simulator="icarus", parameters=parameters,
                           run_dir=repo_root() / "build" / "sim-tests" / f"aes-sbox-module-{case}",
                           testcase=top)
    assert result.passed and result.tests == 1, result.summary()


def test_gf_constants_match_the_generator() -> None:
    """The matrix columns written in aes_sbox_gf.v are the ones gen_tables.py derives (and checks)."""
    import importlib.util
    spec = importlib.util.spec_from_file_location("gen_tables", RTL.parent / "gen_tables.py")
    gen = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(gen)
    consts = gen.gf_constants()
    gen.check_gf(consts, list(SBOX))
    text = (RTL / "aes_sbox_gf.v").read_text()
    for name, key in (("TO_COMPOSITE", "to_composite"), ("BACK_AFFINE", "from_composite_affine")):
        literal = "_".join(f"{c:02x}" for c in reversed(consts[key]))
        assert f"{name} = 64'h{literal};" in text, name
    assert f"LAMBDA = 4'h{consts['lambda']:x};" in text
