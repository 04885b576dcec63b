"""frontend/struct_views.py: which structs the -O0 IR indexes through their own address as integers
(a view of the whole struct), not through one of their fields. A struct listed there is held as
bytes when a pointer moves inside it at run time (import_memory.py), so every such view must be
listed, and a struct reached through its fields alone must not be."""

from __future__ import annotations


from cryptohls.frontend import driver
from cryptohls.frontend.dbginfo import DebugInfo
from cryptohls.frontend.llparse import parse_module
from cryptohls.frontend.lltypes import TypeTable
from cryptohls.frontend.struct_views import whole_views

PROGRAM = r"""#include <stdint.h>
typedef struct { uint8_t a[16]; uint8_t b[16]; uint32_t w; } s_t;
s_t g_whole, g_field, g_first, g_cast, g_init, g_stored;
static uint8_t *init_view = (uint8_t *)&g_init;   /* set by the initializer alone: no store in the code */
static uint8_t *stored_view;                      /* a global pointer variable set by a store */
typedef struct { uint8_t *iv; uint32_t k[4]; } c_t;
uint8_t ivbuf[8];
c_t g_ctx = {ivbuf, {0}};
c_t *ctx_ptr = &g_ctx;   /* a pointer to the struct: its fields are indexed, not its bytes */
typedef union { uint8_t raw[36]; s_t s; } u_t;
static void walk(uint8_t *p, int n) { for (int i = 0; i < n; i++) *p++ = 1; }
static void walk_field(uint8_t *p, int n) { for (int i = 0; i < n; i++) p[i] = 2; }
typedef struct { s_t in; uint32_t z; } o_t;
static uint8_t *view(s_t *s) { return (uint8_t *)s; }
static uint8_t by_value(s_t copy, int n) { return ((uint8_t *)&copy)[n]; }
void top(int n, int k) {
  s_t direct, held, passed, fields, chosen, other;
  ((uint8_t *)&direct)[n] = 1;
  uint8_t *v = (uint8_t *)&held;
  v[n] = 2;
  walk((uint8_t *)&passed, n);
  walk_field(fields.b, n);
  fields.a[n] = 3;
  uint8_t *either = k ? other.a : (uint8_t *)&chosen;
  either[n] = 4;
  ((uint32_t *)&g_whole)[n] = 5;
  g_field.b[n] = 6;
  walk(other.b, n);
  s_t in_array, by_address;
  uint8_t *ps[1] = {(uint8_t *)&in_array};
  ps[0][n] = 7;
  uint8_t *w = (uint8_t *)&by_address, **where = &w;
  (*where)[n] = 8;
  o_t outer, outer_fields;
  ((uint8_t *)&outer.in)[n] = 9;
  outer_fields.in.b[n] = 10;
  s_t pair[2], pair_fields[2];
  ((uint8_t *)pair)[n] = 11;
  pair_fields[k].a[n] = 12;
  s_t returned, rows, passed_by_value;
  view(&returned)[n] = 13;
  ((uint8_t (*)[4])&rows)[n][k] = 14;
  by_value(passed_by_value, n);
  g_first.a[n] = 15;   /* clang folds &g_first.a into @g_first: [16 x i8] at index 0 */
  u_t un;
  un.raw[n] = 16;      /* [36 x i8] at index 0: more than s.a */
  (*(uint8_t (*)[36])&g_cast)[n] = 17;
  init_view[n] = 18;
  stored_view = (uint8_t *)&g_stored;
  stored_view[n] = 19;
  ctx_ptr->iv[n] = 20;
  ctx_ptr->k[k] = 21;
}
"""


def test_views_of_the_whole_struct_and_nothing_else(tmp_path):
    src = tmp_path / "views.c"
    src.write_text(PROGRAM)
    mod = parse_module(driver.clang_o0(src, tmp_path / "views.ll"))
    fns = [f for f in mod.functions.values() if not f.is_declaration]
    found = whole_views(mod, fns, DebugInfo(mod), TypeTable(mod))
    names = {key[-1] for key in found}
    # a pointer read from an array of pointers or from a variable whose address is taken may be any
    # pointer stored but into a plain variable, or a struct global named in an initializer: in_array and
    # by_address; a plain global pointer variable holds what its initializer and the stores into it put
    # there (g_init, g_stored), so a pointer to g_ctx in one makes no other pointer read from memory g_ctx
    # a struct inside another object (a field, an element) is a view of that object; a helper's
    # view of a struct passed by value is of its own copy (`copy`), not of the caller's
    assert names == {"direct", "held", "passed", "chosen", "@g_whole", "in_array", "by_address",
                     "outer", "pair", "returned", "rows", "copy", "un", "@g_cast", "@g_init", "@g_stored"}, found
    lines = PROGRAM.splitlines()
    first = {key[-1]: lines[loc.line - 1].strip() for key, loc in found.items()}
    assert first["direct"] == "((uint8_t *)&direct)[n] = 1;"
    assert first["passed"].startswith("static void walk(")   # the helper's walk, inside the helper


def test_a_long_chain_of_pointers_read_from_memory_is_followed_without_deep_recursion(tmp_path):
    """Each pointer read from a place that is not a plain variable may be any pointer stored in such a
    place: that set was found anew for each stored pointer read from one, as deep as the program chains
    them, and TACLe's test3 hit Python's recursion limit (an internal error). A chain of 400 copies
    between the slots of an array of pointers, then a byte view through the last one: found, once."""
    copies = "\n".join(f"  slots[{k + 1}] = slots[{k}];" for k in range(400))
    src = tmp_path / "chain.c"
    src.write_text("#include <stdint.h>\ntypedef struct { uint32_t a; uint16_t b; } s_t;\ns_t s;\n"
                   f"uint8_t *slots[401];\nvoid top(int n) {{\n  slots[0] = (uint8_t *)&s;\n{copies}\n"
                   "  slots[400][n] = 1;\n}\n")
    mod = parse_module(driver.clang_o0(src, tmp_path / "chain.ll"))
    fns = [f for f in mod.functions.values() if not f.is_declaration]
    found = whole_views(mod, fns, DebugInfo(mod), TypeTable(mod))
    assert {key[-1] for key in found} == {"@s"}
