"""Directive spellings Vitis HLS accepts (issue 32 item 8): ``ARRAY_PARTITION variable=b0.M`` (an array
member of a local object), ``dim=`` on ARRAY_PARTITION / ARRAY_RESHAPE and on STREAM, ``ALLOCATION function``.

Each case compiles a small source and reads the memories report.json lists, or the one located error.
"""

from __future__ import annotations

import json
import textwrap
from pathlib import Path

import pytest

from cryptohls.errors import UserError
from cryptohls.frontend.pragmas import scan_pragmas
from cryptohls.hls import compile_file

BLOCK = textwrap.dedent("""\
    #include <stdint.h>
    #include <ap_int.h>
    struct Block { ap_uint<64> M[25]; };
    struct Mixed { ap_uint<32> W[32]; uint8_t tag; };
    static void fill(Block &b, uint64_t s) {
        for (int i = 0; i < 25; i++) b.M[i] = s * (i + 1);
    }
    uint64_t top(uint64_t s, uint8_t t) {
        Block b0;
        Mixed m;
        /*PRAGMAS*/
        fill(b0, s);
        for (int i = 0; i < 32; i++) m.W[i] = (uint32_t)(s >> (i & 15));
        m.tag = t;
        uint64_t x = m.tag;
        for (int i = 0; i < 25; i++) x ^= b0.M[(i + t) % 25] + m.W[(i + t) & 31];
        return x;
    }
    """)
PRAGMA_LINE = 11


def memories(tmp_path: Path, pragmas: str) -> dict[str, dict]:
    src = tmp_path / "blk.cpp"
    src.write_text(BLOCK.replace("/*PRAGMAS*/", pragmas))
    compile_file(src, "top", out_dir=tmp_path / "out")
    report = json.loads((tmp_path / "out" / "report.json").read_text())
    return {m["name"]: m for m in report["resources"]["memories"]}


def test_without_directives_the_members_are_memories(tmp_path):
    mems = memories(tmp_path, "")
    assert mems["b0"]["kind"] == "ram" and mems["m_f0"]["kind"] == "ram"


def test_partition_of_a_member_of_a_local_object(tmp_path):
    """The object of one member is one memory; the member of a struct of mixed members its own."""
    mems = memories(tmp_path, "#pragma HLS ARRAY_PARTITION variable = b0.M complete dim = 1\n"
                              "#pragma HLS array_partition variable=m.W complete")
    assert mems["b0"]["kind"] == "regs"      # before: 'unknown variable' (once header directives apply)
    assert mems["m_f0"]["kind"] == "regs"


def test_unknown_member_is_a_located_error(tmp_path):
    with pytest.raises(UserError) as info:
        memories(tmp_path, "#pragma HLS ARRAY_PARTITION variable=b0.N complete")
    err = info.value
    assert (err.location.line, err.location.col) == (PRAGMA_LINE, 5)   # the '#'
    assert "'b0' has no data member 'N'" in err.message and "'b0': M" in (err.hint or "")


TWO = textwrap.dedent("""\
    #include <stdint.h>
    struct Two { uint32_t A[16]; uint32_t B[16]; };
    Two *seen;
    uint32_t top(uint32_t i) {
        Two t;
    #pragma HLS ARRAY_PARTITION variable=t.A cyclic factor=2
        /*ESCAPE*/
        for (int k = 0; k < 16; k++) { t.A[k] = k * i; t.B[k] = k + i; }
        return t.A[i & 15] + t.B[(i >> 4) & 15];
    }
    """)


def test_banks_of_one_member_of_a_local_object(tmp_path):
    """A struct of array members of one type: each member its own memory (struct_split.py), so the
    directive makes banks of A alone."""
    src = tmp_path / "two.cpp"
    src.write_text(TWO)
    compile_file(src, "top", out_dir=tmp_path / "out")
    mems = {m["name"]: m for m in json.loads((tmp_path / "out" / "report.json").read_text())["resources"]["memories"]}
    assert [mems[f"t_f0_{b}"]["depth"] for b in range(2)] == [8, 8] and mems["t_f64"]["depth"] == 16


def test_banks_of_one_member_among_others_in_one_memory_are_refused(tmp_path):
    """The object's address kept in a global: one memory for the whole object, which banks of one
    member cannot be."""
    src = tmp_path / "two.cpp"
    src.write_text(TWO.replace("/*ESCAPE*/", "seen = &t;"))
    with pytest.raises(UserError) as info:
        compile_file(src, "top", out_dir=tmp_path / "out")
    assert info.value.location.line == 6 and "the members of 't' share one memory" in info.value.message


def test_dim_on_partition_reshape_and_stream_is_accepted(tmp_path):
    src = tmp_path / "p.cpp"
    src.write_text("#pragma HLS STREAM variable=s depth=32 dim=1\n"
                   "#pragma HLS ARRAY_RESHAPE variable=a complete dim=1\n"
                   "#pragma HLS ARRAY_PARTITION variable=a type=cyclic factor=2 dim=1\n")
    src.write_text(src.read_text() + "#pragma HLS allocation function instances = enc limit = 1\n")
    stream, reshape, partition, allocation = scan_pragmas(src)
    assert stream.options == {"variable": "s", "depth": 32, "dim": 1}
    assert allocation.options == {"function": True, "instances": "enc", "limit": 1}   # the kind as a bare word
    assert reshape.int_option("dim") == 1 and partition.int_option("dim") == 1


def test_reshape_with_dim_of_a_local_array(tmp_path):
    src = tmp_path / "r.c"
    src.write_text(textwrap.dedent("""\
        #include <stdint.h>
        uint32_t top(uint32_t x) {
            uint32_t a[4][8];
        #pragma HLS ARRAY_RESHAPE variable=a complete dim=1
            for (int i = 0; i < 4; i++) for (int j = 0; j < 8; j++) a[i][j] = x * i + j;
            return a[x & 3][(x >> 2) & 7];
        }
        """))
    compile_file(src, "top", out_dir=tmp_path / "out")
    mems = {m["name"]: m for m in json.loads((tmp_path / "out" / "report.json").read_text())["resources"]["memories"]}
    assert mems["a"]["kind"] == "regs"


def test_tripcount_named_by_a_template_parameter_is_ignored_with_a_warning(tmp_path):
    """`LOOP_TRIPCOUNT max = W min = W` with W a template parameter (the Vitis library's adler32 and
    crc32): only the report's trip count depends on it, so the compile goes on and says so."""
    src = tmp_path / "trip.cpp"
    src.write_text(textwrap.dedent("""\
        template <int W>
        static unsigned sum(const unsigned char *p, int len) {
            unsigned s = 0;
            for (int j = 0; j < len % W; j++) {
        #pragma HLS loop_tripcount max = W min = W
                s += p[j];
            }
            return s;
        }
        unsigned top(const unsigned char p[16], int len) { return sum<4>(p, len); }
        """))
    result = compile_file(src, "top", out_dir=tmp_path / "out")
    warning, = [w for w in result.report["warnings"] if "LOOP_TRIPCOUNT" in w]
    assert warning.startswith(f"{src}:5: LOOP_TRIPCOUNT max=W min=W ignored: not an integer")
    with pytest.raises(UserError, match="LOOP_TRIPCOUNT max must be an integer"):
        bad = tmp_path / "bad.c"
        bad.write_text("void f(int *a) {\n  for (int i = 0; i < 4; i++) {\n#pragma HLS LOOP_TRIPCOUNT max=4+1\n"
                       "    a[i] = i;\n  }\n}\n")
        compile_file(bad, "f", out_dir=tmp_path / "bad")
