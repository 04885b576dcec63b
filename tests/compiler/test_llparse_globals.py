"""Globals read by the LLVM IR reader (frontend/llparse.py) keep their initializer as written: a
c"..." string may hold runs of spaces, each space one byte (Csmith subset seed 136's
uint8_t g_47[2] = {0x20, 0x20} lost its second byte when the line's whitespace was collapsed)."""

from __future__ import annotations

from cryptohls.frontend.llparse import parse_module
from cryptohls.frontend.lltypes import _decode_cstring


def test_string_initializers_keep_every_space():
    mod = parse_module('@g_47 = internal global [2 x i8] c"  ", align 1, !dbg !303\n'
                       '@k = dso_local local_unnamed_addr constant [5 x i8] c"a   \\00", align 1\n'
                       '@z = internal global i32 7, align 4\n')
    g47, k, z = mod.globals["@g_47"], mod.globals["@k"], mod.globals["@z"]
    assert (g47.constant, g47.type, _decode_cstring(g47.init)) == (False, "[2 x i8]", b"  ")
    assert (k.constant, k.type, _decode_cstring(k.init)) == (True, "[5 x i8]", b"a   \0")
    assert (z.type, z.init, g47.dbg) == ("i32", "7", "!303")
