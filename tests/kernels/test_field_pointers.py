"""Issue 38 item 4: pointers into a field of a struct or into another object (points_to.py's field
objects, frontend/field_objects.py). Before, every such program was refused as "one pointer may point
into struct … or into array …" (15 of the 909 Csmith programs of the 1,000-program campaign). cosim
compares the RTL's final state (every global it can name, and `result`, a digest of all fields) with
the native run; the report shows the pooled fields."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent / "programs"
BUILD = HERE.parents[2] / "build" / "tests" / "field-pointers"


def cli(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "cryptohls.cli", *args], capture_output=True, text=True, timeout=600)


def pools(out: Path) -> dict[str, list[str]]:
    report = json.loads((out / "report.json").read_text())
    return {m["name"]: m["holds"] for m in report["resources"]["memories"] if "holds" in m}


@pytest.mark.parametrize("name, compared, expected_pools", [
    # s.count, arr[*].count and arr[*].extra with g; the other fields keep their own memories
    ("field_pointers", 6, {"pool_g_and_3_more": ["g", "s_f4", "arr_f12", "arr_f4"]}),
    # t.in.mid (nested) with hs, t.b[2] (an element of an array member) with bytes
    ("field_pointers_nested", 4, {"pool_hs_t_f6": ["hs", "t_f6"], "pool_bytes_t_f2": ["bytes", "t_f2"]}),
])
def test_pointer_into_a_field_or_another_object_matches_native(name, compared, expected_pools):
    out = BUILD / name
    proc = cli("cosim", str(HERE / f"{name}.c"), "--top", "main", "-o", str(out))
    assert proc.returncode == 0, proc.stdout + proc.stderr
    stats = json.loads(proc.stdout.splitlines()[-1])
    assert stats["program"] == {"native_status": 0, "globals": 3, "compared": compared, "differences": 0}
    assert pools(out) == expected_pools


WHOLE_STRUCT = """#include <stdint.h>
struct S { uint8_t tag; int32_t count; };
struct S s = {1, 2}, t = {3, 4};
int32_t g = 3;
struct S *sp = &t;
uint32_t result;
int main(void) {
  for (int k = 0; k < 4; k++) {
    if (k == 2)
      sp = &s;
    int32_t *p = (k & 1) ? &sp->count : &g;
    *p += k;
  }
  result = (uint32_t)(s.tag + s.count + t.count + g);
  return 0;
}
"""


def test_a_pointer_that_moves_inside_a_struct_keeps_it_whole_in_a_pool_of_bytes(tmp_path):
    """`&sp->count` moves a pointer to a struct (``s`` or ``t``, read from memory) to its field: that
    pointer names no field of one object, so the structs stay whole. They were refused ("one pointer
    may point into struct 't' or into array 'g'"); the pool now holds the structs and the int as
    bytes (import_pools.py ``_unit_pool``), and the program matches native."""
    src = tmp_path / "whole_struct.c"
    src.write_text(WHOLE_STRUCT)
    out = tmp_path / "out"
    proc = cli("cosim", str(src), "--top", "main", "-o", str(out))
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert json.loads(proc.stdout.splitlines()[-1])["program"]["differences"] == 0
    assert pools(out) == {"pool_t_s_g": ["t", "s", "g"]}
    memory = next(m for m in json.loads((out / "report.json").read_text())["resources"]["memories"]
                  if m["name"] == "pool_t_s_g")
    assert (memory["width"], memory["depth"]) == (8, 8 + 8 + 4)


def test_a_whole_struct_holding_a_pointer_and_an_array_are_refused_located(tmp_path):
    """The same with a struct that holds a pointer: a pointer is an index into what it points to, no
    bytes, so the struct cannot join a pool of bytes; refused as before, located."""
    src = tmp_path / "whole_struct.c"
    src.write_text(WHOLE_STRUCT.replace("struct S { uint8_t tag; int32_t count; };",
                                        "struct S { int32_t *ptr; int32_t count; };")
                   .replace("struct S s = {1, 2}, t = {3, 4};", "int32_t h = 9; struct S s = {&h, 2}, t = {&h, 4};")
                   .replace("s.tag", "*s.ptr"))
    proc = cli("compile", str(src), "--top", "main", "-o", str(tmp_path / "out"))
    assert proc.returncode == 2
    assert f"{src}:11:" in proc.stderr
    assert "one pointer may point into struct 't' or into array 'g'" in proc.stderr
    assert "a pointer to the struct itself keeps it whole" in proc.stderr
    assert "Traceback" not in proc.stderr


HELD_APART = """#include <stdint.h>
struct S { int32_t a; uint16_t b; uint16_t e; };
struct S g[3] = {{1, 2, 3}, {4, 5, 6}, {7, 8, 9}};
struct S h[2] = {{10, 11, 12}, {13, 14, 15}};
static struct S *cur = &g[1];
uint32_t result;
int main(void) {
  uint16_t *le[2] = {&g[0].b, &h[1].b};
  for (int k = 0; k < 4; k++) {
    struct S *r = (k & 1) ? &h[k >> 1] : &g[k];
    if (k == 2)
      cur = r;
    if (k == 3)
      le[k & 1] = &r->e;
    *le[k & 1] += 1;
    result = result * 31 + (uint32_t)cur->a + *le[(k + 1) & 1];
  }
  return 0;
}
"""


def test_one_array_of_pointers_to_two_fields_of_a_pool_is_refused_located(tmp_path):
    """Pointers into the pool of g and h held in memory keep their field per holder (import_held.py):
    cur holds pointers to records, le pointers to field b from its constant table (a memcpy) and, at
    k == 3, to field e. One holder with two fields is refused, at the load that reads le. (Holders
    apart without points_to.py reading the memcpy's pointers missed le's copy from the table: the
    program compiled, and its RTL read field e where C reads b.)"""
    src = tmp_path / "held_apart.c"
    src.write_text(HELD_APART)
    proc = cli("compile", str(src), "--top", "main", "-o", str(tmp_path / "out"))
    assert proc.returncode == 2, proc.stdout + proc.stderr
    assert f"{src}:15:" in proc.stderr
    assert "pointers to different fields of 'pool_g_h' are stored in 'le'" in proc.stderr
    assert "Traceback" not in proc.stderr
