"""clang's layout of an array constant read as the C array it initialises (frontend/clang_layout.py,
issue 32 item 1). A table whose last 8 or more elements are zero is a packed struct of its non-zero
part and a zero tail in LLVM IR; read as a struct, its halves became memories of their own and an
index into the tail read the first half. Whole programs: tests/kernels/test_programs.py (zero_tails)."""

from __future__ import annotations

from pathlib import Path

import pytest

from cryptohls.frontend import lower_to_ir
from cryptohls.frontend.clang_layout import declared_type
from cryptohls.frontend.llparse import parse_module, tokenize
from cryptohls.frontend.lltypes import TypeTable, parse_constant


@pytest.mark.parametrize("layout, declared", [
    ("<{ [8 x i8], [8 x i8] }>", "[16 x i8]"),                          # uint8_t t[16] = {4, 3, 2, 2, 1, 1, 1, 1}
    ("<{ i32, i32, i32, [29 x i32] }>", "[32 x i32]"),                  # uint32_t t[32] = {1, 2, 3}
    ("<{ %struct.P, [19 x %struct.P] }>", "[20 x %struct.P]"),          # struct P t[20] = {{1, 2}}
    ("<{ { i8, i32 }, [9 x %struct.P] }>", "[10 x %struct.P]"),         # an element written as P's body
    ("<{ <{ [8 x i8], [8 x i8] }>, [16 x i8], <{ i8, [15 x i8] }> }>", "[48 x i8]"),   # rows of a 2-D table
    ("<{ <{ [16 x i8], [16 x i8] }>, [2 x [16 x i8]] }>", "[64 x i8]"),  # runs of different depths
    ("{ <{ [8 x i32], [8 x i32] }>, [16 x i32] }", "{ [16 x i32], [16 x i32] }"),   # a C struct's member
])
def test_array_layouts_become_the_array(layout, declared):
    assert declared_type(layout, {"%struct.P": "{ i8, i32 }"}) == declared


@pytest.mark.parametrize("text", ["[16 x i8]", "%struct.S0", "{ i8, i32 }", "<{ i64, i32, i8, i8, i32, i16 }>",
                                  "[4 x <{ i64, i32, i8 }>]", "<4 x i32>", "<{ i8, i16 }>"])
def test_other_types_stay(text):
    assert declared_type(text, {}) == text


def test_global_reads_as_the_array_with_its_initializer():
    mod = parse_module('@t = internal constant <{ [8 x i8], [8 x i8] }> <{ [8 x i8] c"\\04\\03\\02\\02\\01\\01'
                       '\\01\\01", [8 x i8] zeroinitializer }>, align 16\n')
    g = mod.globals["@t"]
    types = TypeTable(mod)
    assert g.type == "[16 x i8]"
    assert parse_constant(types, tokenize(g.init), 0, types.from_text(g.type))[0] == [4, 3, 2, 2, 1, 1, 1, 1] + [0] * 8


@pytest.mark.parametrize("table, element, memory", [
    ("const unsigned char t[16] = {4, 3, 2, 2, 1, 1, 1, 1}", "t[i & 15]", (16, [4, 3, 2, 2, 1, 1, 1, 1] + [0] * 8)),
    ("const unsigned short t[24] = {7, 5, 3}", "t[i]", (24, [7, 5, 3] + [0] * 21)),
    ("const signed char t[2][12] = {{-1}, {1, 2, 3, 4, 5, 6, 7, 8, 9}}", "t[i / 12][i % 12]",
     (24, [255] + [0] * 11 + list(range(1, 10)) + [0] * 3)),
], ids=["two-arrays", "scalars-and-zeros", "rows"])
def test_table_is_one_memory(tmp_path: Path, table: str, element: str, memory: tuple):
    """One memory with all the table's elements (the first was t_f0 and t_f8 of 8 each, the index cut
    to 3 bits; the second was refused by the split and imported again whole)."""
    src = tmp_path / "table.c"
    src.write_text(f"static {table};\n"
                   f"unsigned top(void) {{ unsigned acc = 0;\n"
                   f"  for (int i = 0; i < 24; i++) acc = acc * 31 + {element};\n"
                   f"  return acc; }}\n")
    fn = lower_to_ir(src, "top", tmp_path).function
    assert [(m.name, m.depth, m.init) for m in fn.memories] == [("t", *memory)]
