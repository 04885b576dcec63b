"""frontend/member_copies.py: which copies of the -O0 IR reach a struct through one array field only.
A copy listed there may index that field's memory alone (import_memops.py), so every pointer that
could come from elsewhere must stay out of the list."""

from __future__ import annotations

from pathlib import Path

from cryptohls.frontend import driver
from cryptohls.frontend.dbginfo import DebugInfo, real_path
from cryptohls.frontend.llparse import parse_module
from cryptohls.frontend.lltypes import TypeTable
from cryptohls.frontend.member_copies import member_copies

PROGRAM = r"""#include <stdint.h>
#include <string.h>
typedef struct { uint8_t es[16]; uint8_t ts[16]; uint32_t *p; } ctx_t;
static void put(uint8_t *d, const uint8_t *s, int n) {
  memcpy(d, s, n);
}
void top(ctx_t *c, const uint8_t *in, int n, int k) {
  uint8_t *es = c->es;
  memcpy(es, in, n);
  memcpy(c->ts + 3, es + 1, n);
  uint8_t *taken = c->es;
  uint8_t **where = &taken;
  memcpy(*where, in, n);
  memcpy(taken, in, n);
  uint8_t *either = c->ts;
  if (k) either = (uint8_t *)c;
  memcpy(either, in, n);
  memcpy(c, in, n);
  memset(c->ts, 0, n);
  put(c->es, in, n);
}
"""


def listed(tmp_path: Path) -> set[tuple[str, int]]:
    """(source line, argument) of every copy member_copies lists."""
    src = tmp_path / "copies.c"
    src.write_text(PROGRAM)
    mod = parse_module(driver.clang_o0(src, tmp_path / "copies.ll"))
    fns = [f for f in mod.functions.values() if not f.is_declaration]
    found = member_copies(fns, DebugInfo(mod), TypeTable(mod))
    lines = PROGRAM.splitlines()
    assert {file for file, *_ in found} == {real_path(str(src))}
    return {(lines[line - 1].strip(), arg) for _, line, _, arg in found}


def test_pointers_from_an_array_field_and_nothing_else(tmp_path):
    listed_copies = listed(tmp_path)
    assert listed_copies == {
        ("memcpy(es, in, n);", 0),                   # a local variable that only holds c->es
        ("memcpy(c->ts + 3, es + 1, n);", 0),        # arithmetic on the field's address
        ("memcpy(c->ts + 3, es + 1, n);", 1),
        ("memset(c->ts, 0, n);", 0),
    }, listed_copies
    # not listed: `in` (a parameter), `*where` and `taken` (its address is taken), `either` (may hold
    # the struct's address), `c` itself, and the helper's parameter `d`
