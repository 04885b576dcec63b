"""Steered pointers (frontend/import_steer.py) and structs split into member memories
(frontend/struct_split.py): the guard form of load/store in the IR, the import's choices, the plan."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cryptohls.errors import UserError
from cryptohls.frontend.llparse import parse_module
from cryptohls.frontend.lltypes import TypeTable
from cryptohls.frontend.points_to import PointsTo
from cryptohls.frontend.struct_split import member_plan
from cryptohls.hls import compile_file
from cryptohls.ir.parser import parse_function
from cryptohls.ir.verifier import IRVerifyError, verify
from cryptohls.passes.store_forward import StoreForwarding

KERNELS = Path(__file__).resolve().parents[1] / "kernels"

GUARDED = """function g {{"block_protocol":"ap_ctrl_hs","return":{{"c_type":"uint32_t","signed":false,"width":8}}}}
  param c {{"c_type":"int","direction":"in","mode":"ap_none","signed":false,"width":{bits}}}
  memory m {{"depth":4,"kind":"ram","latency":1,"ports":2,"width":8}}
  block entry
    %1:{cw} = param {{"param":"c"}} @1:1
    %2 = store 1:i2, 7:i8, %1 {{"mem":"m"}} @2:1
    %3:i8 = load 1:i2 {{"mem":"m"}} @3:1
    %4 = ret %3 @4:1
}}
"""


def test_a_guard_is_an_i1_last_operand():
    verify(parse_function(GUARDED.format(cw="i1", bits=1)))
    with pytest.raises(IRVerifyError, match="guard is not an i1"):
        verify(parse_function(GUARDED.format(cw="i8", bits=8)))


def test_a_guarded_store_is_not_forwarded():
    """The store may not happen: the load must read the memory, not the stored value."""
    fn = parse_function(GUARDED.format(cw="i1", bits=1))
    StoreForwarding().run(fn)
    load = next(op for op in fn.all_ops() if op.opcode == "load")
    assert next(op for op in fn.all_ops() if op.opcode == "ret").operands[0] is load


def test_select_between_an_argument_and_a_table_is_steered(tmp_path):
    compile_file(KERNELS / "steer_select.c", "steer_select", out_dir=tmp_path)
    report = json.loads((tmp_path / "report.json").read_text())
    assert report["resources"]["steered"] == [{"pointer": "steer_key_PAD", "members": ["key", "PAD"]},
                                             {"pointer": "steer_out_scratch", "members": ["out", "scratch"]}]
    ir = (tmp_path / "ir" / "steer_select.import.ir").read_text()
    key_loads = [line for line in ir.splitlines() if '{"mem":"key"}' in line and " load " in line]
    # p[i] and p[15 - i] read key under a guard; key[i] itself is a plain read of the port
    assert sum(line.count(",") == 1 for line in key_loads) == 2 and sum("," not in line for line in key_loads) == 1
    out_stores = [line for line in ir.splitlines() if '{"mem":"out"}' in line and " store " in line]
    assert any(line.count(",") == 2 for line in out_stores)      # d[i] = …: enabled when the tag is out's
    args = {a["name"]: a["direction"] for a in report["interface"]["args"]}
    assert args["key"] == "in" and args["out"] == "out"
    assert "steer_key_PAD into key, PAD" in (tmp_path / "report.txt").read_text()


def test_arrays_of_globals_only_stay_a_pool(tmp_path):
    compile_file(KERNELS / "table_select.c", "table_select", out_dir=tmp_path)
    report = json.loads((tmp_path / "report.json").read_text())
    assert "steered" not in report["resources"]
    assert any(m["name"].startswith("pool_SBOX") for m in report["resources"]["memories"])


def test_stores_never_reach_a_const_argument(tmp_path):
    """steer_walk's class holds in (const), out and buf: in stays an input port, and out, which only
    the destination pointer (out or buf) reaches, stays an output (PointsTo.may_point)."""
    compile_file(KERNELS / "steer_walk.c", "steer_walk", out_dir=tmp_path)
    report = json.loads((tmp_path / "report.json").read_text())
    args = {a["name"]: a["direction"] for a in report["interface"]["args"]}
    assert args["in"] == "in" and args["out"] == "out"
    assert report["resources"]["steered"] == [{"pointer": "steer_in_out_buf", "members": ["in", "out", "buf"]}]


STRUCTS = """
%struct.key = type {{ [4 x i32], [2 x [16 x i32]] }}

define i32 @top(ptr %init, i32 %i, i32 %j) {{
entry:
  %k = alloca %struct.key, align 4
  %S = getelementptr inbounds i8, ptr %k, i64 16
{body}
  ret i32 0
}}
"""


def plan(body: str):
    mod = parse_module(STRUCTS.format(body=body))
    fn = mod.functions["@top"]
    types = TypeTable(mod)
    t = types.from_text("%struct.key")
    return member_plan(fn, PointsTo(mod, fn, types), types, "%k", t)


def test_member_plan_rows_by_how_they_are_indexed():
    const_row = "  %a = getelementptr inbounds [16 x i32], ptr %S, i64 0, i32 %j\n  store i32 1, ptr %a, align 4"
    run_time_row = "  %b = getelementptr inbounds [2 x [16 x i32]], ptr %S, i64 0, i32 %i, i32 %j\n" \
                   "  store i32 2, ptr %b, align 4"
    assert plan(const_row) == {16: "rows"}
    assert plan(run_time_row) == {}                           # only run-time rows: S stays one memory
    assert plan(const_row + "\n" + run_time_row) == {16: "steer"}


def test_member_plan_keeps_a_struct_whose_pointer_is_kept_in_memory():
    assert plan("  %slot = alloca ptr, align 8\n  store ptr %k, ptr %slot, align 8") is None
    assert plan("  %n = ptrtoint ptr %S to i64") is None


MEMBER_CHOICE = """#include <stdint.h>
typedef struct { uint32_t P[4]; uint32_t S[2][16]; } key_t2;
static uint32_t sum(const uint32_t *p, int n) { uint32_t s = 0; while (n--) s = (s << 1) + *p++; return s; }
uint32_t top(const uint32_t init[36], uint32_t x) {
  key_t2 k;
  for (int i = 0; i < 4; i++) k.P[i] = init[i];
  for (int j = 0; j < 16; j++) { k.S[0][j] = init[4 + j]; k.S[1][j] = init[20 + j] ^ x; }
  uint32_t acc = 0;
  for (int r = 0; r < 2; r++) acc ^= sum(r ? k.S[1] : k.P, 4);
  return acc + k.S[0][x & 15];
}
"""


def test_a_struct_the_split_cannot_express_is_imported_whole(tmp_path):
    """One pointer choosing between two members (opt makes it a byte offset chosen at run time): the
    split import fails, and the answer is the one the struct as one memory gives, as before the split."""
    src = tmp_path / "member_choice.c"
    src.write_text(MEMBER_CHOICE)
    with pytest.raises(UserError, match="a pointer into 'k' that moves by part of an element"):
        compile_file(src, "top", out_dir=tmp_path / "out")
