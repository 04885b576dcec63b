"""A register file of one 1-bit word (a pointer kept as a 1-bit index in an array of one pointer) is
a scalar register: no part-select on it, which Verilator rejects (found by fuzzing seed 100368)."""

from __future__ import annotations

import subprocess

from cryptohls.codegen.rtl import build_module
from cryptohls.ir import parse_function
from cryptohls.schedule.delay import delay_model
from cryptohls.schedule.sdc import schedule_function

ONE_BIT_WORD = """function f {"block_protocol":"ap_ctrl_hs","return":{"signed":false,"width":8}}
  param a {"direction":"in","width":1}
  param v {"direction":"in","width":1}
  memory flag {"depth":1,"kind":"regs","latency":0,"width":1}
  block entry
    %1:i1 = param {"param":"a"} @1:1
    %2:i1 = param {"param":"v"} @1:1
    %3:i1 = load %1 {"mem":"flag"} @2:1
    store %1, %2 {"mem":"flag"} @3:1
    %4:i8 = zext %3 @4:1
    ret %4 @4:1
}
"""


def test_one_bit_one_word_register_file_lints(tmp_path):
    fn = parse_function(ONE_BIT_WORD)
    module, _ = build_module(fn, schedule_function(fn, delay_model("ecp5"), 10.0), [])
    text = module.text()
    path = tmp_path / "f.v"
    path.write_text(text)
    lint = subprocess.run(["verilator", "--lint-only", "-Wno-fatal", "-Wno-lint", "-Wno-style", str(path)],
                          capture_output=True, text=True)
    assert lint.returncode == 0, lint.stderr + text
