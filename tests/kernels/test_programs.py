"""Whole programs (issue 20 items 2 and 3): `cryptohls csim SRC` and `cryptohls cosim SRC --top F` with no
testbench. The programs in programs/ are checked against answers computed here in Python, and cosim
must find the RTL's final state (return value / exit status, every global written) equal to the native
run's, with exact cycle counts. A tampered RTL must be caught.
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from cryptohls.sim.program import compare_states, read_state

HERE = Path(__file__).resolve().parent / "programs"
REPO = HERE.parents[2]
BUILD = REPO / "build" / "tests" / "programs"
M32 = 0xFFFFFFFF


def cli(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "cryptohls.cli", *args], capture_output=True, text=True, timeout=600)


def stats_of(proc: subprocess.CompletedProcess) -> dict:
    lines = proc.stdout.splitlines()
    assert lines and lines[-1].startswith("{"), proc.stdout + proc.stderr
    return json.loads(lines[-1])


def assert_refused_at(proc: subprocess.CompletedProcess, src: Path, line: int, message: str) -> None:
    """A located refusal: exit status 2, `SRC:LINE:` and the message, no traceback."""
    assert proc.returncode == 2, proc.stdout + proc.stderr
    assert f"{src}:{line}:" in proc.stderr and message in proc.stderr, proc.stderr
    assert "Traceback" not in proc.stderr


def xorshift_table() -> list[int]:
    x, table = 2463534242, []
    for _ in range(16):
        x ^= (x << 13) & M32
        x ^= x >> 17
        x ^= (x << 5) & M32
        table.append(x)
    return table


def lfsr_bytes(state: int = 0xACE1, n: int = 8) -> tuple[int, list[int]]:
    out = []
    for _ in range(n):
        bit = (state ^ (state >> 2) ^ (state >> 3) ^ (state >> 5)) & 1
        state = (state >> 1) | (bit << 15)
        out.append(state & 0xFF)
    return state, out


def test_selfcheck_csim_prints_and_passes():
    proc = cli("csim", str(HERE / "selfcheck.c"), "-o", str(BUILD / "selfcheck-csim"))
    assert proc.returncode == 0, proc.stderr
    table = xorshift_table()
    assert proc.stdout.splitlines() == [f"table[{i}] = {v:08x}" for i, v in enumerate(table)] + \
        ["PASS digest 7708e864"]


def test_selfcheck_compile_warns_once_per_printf_call_site():
    proc = cli("compile", str(HERE / "selfcheck.c"), "--top", "main", "-o", str(BUILD / "selfcheck-compile"))
    assert proc.returncode == 0, proc.stderr
    warnings = [line for line in proc.stderr.splitlines() if "warning:" in line]
    assert warnings == [f"{HERE / 'selfcheck.c'}:{n}: warning: printf() ignored in hardware (kept in csim)"
                        for n in (24, 31, 34)]
    report = json.loads((BUILD / "selfcheck-compile" / "report.json").read_text())
    assert sum("printf() ignored in hardware" in w for w in report["warnings"]) == 3
    assert [g["name"] for g in report["program"]["globals"]] == ["table", "digest"]
    ll = (BUILD / "selfcheck-compile" / "ir" / "main.opt.ll").read_text()
    assert "@printf" not in ll and "@.str" not in ll   # the format strings did not become memories


def test_selfcheck_cosim_matches_native_with_exact_cycles():
    out = BUILD / "selfcheck-cosim"
    proc = cli("cosim", str(HERE / "selfcheck.c"), "--top", "main", "-o", str(out))
    assert proc.returncode == 0, proc.stdout + proc.stderr
    stats = stats_of(proc)
    assert proc.stdout.splitlines()[:-1] == []   # printf is not hardware
    assert stats["program"] == {"native_status": 0, "globals": 2, "compared": 18, "differences": 0}
    # 32 before the register-array unroll (full-unroll: loops over arrays in registers take one state)
    assert (stats["calls"], stats["cycles_min"], stats["cycles_max"]) == (1, 19, 19)
    state = read_state(out / "cosim" / "rtl.state")
    assert [int(state[f"global table+0[{i}]"], 16) for i in range(16)] == xorshift_table()
    assert state["global digest+0[0]"] == "0x7708e864" and state["return"] == "0x0"


@pytest.mark.parametrize("define, status, cycles", [(None, 3, 21), ("ALL_GOOD", 0, 12), ("FORCE_ABORT", 134, 25)],
                         ids=["exit", "no-error", "abort"])
def test_exit_and_abort_end_the_call_with_the_status(define, status, cycles):
    src = HERE / "histogram_exit.c"
    defines = ["-D", define] if define else []
    csim = cli("csim", str(src), *defines, "-o", str(BUILD / f"hist-csim-{define}"))
    assert csim.returncode == status, csim.stderr
    out = BUILD / f"hist-cosim-{define}"
    cosim = cli("cosim", str(src), "--top", "main", *defines, "-o", str(out))
    stats = stats_of(cosim)
    assert cosim.returncode == status and stats["status"] == status, cosim.stderr
    assert stats["program"]["differences"] == 0 and stats["program"]["native_status"] == status
    assert stats["cycles_min"] == cycles
    state = read_state(out / "cosim" / "rtl.state")
    data = [1, 2, 3, 1, 7, 0, 5, 5, 5, 2, 6 if define == "ALL_GOOD" else 9, 4]
    seen = data[:10] if define is None else data if define == "ALL_GOOD" else None
    if seen is not None:   # the histogram up to the exit, as C leaves it
        assert [int(state[f"global hist+0[{v}]"], 16) for v in range(8)] == [seen.count(v) for v in range(8)]
        assert int(state["global total+0[0]"], 16) == sum(seen)
    assert int(state["return"], 16) == status


def test_top_without_arguments_is_called_once():
    src = HERE / "lfsr_step.c"
    csim = cli("csim", str(src), "--top", "step", "-o", str(BUILD / "lfsr-csim"))
    assert csim.returncode == 0 and csim.stdout == "", csim.stdout + csim.stderr   # the file's main is not run
    out = BUILD / "lfsr-cosim"
    proc = cli("cosim", str(src), "--top", "step", "-o", str(out))
    assert proc.returncode == 0, proc.stderr
    stats = stats_of(proc)
    # 8 before the register-array unroll
    assert stats["program"]["differences"] == 0 and (stats["cycles_min"], stats["cycles_max"]) == (7, 7)
    state = read_state(out / "cosim" / "rtl.state")
    final, produced = lfsr_bytes()
    last = 0
    for b in produced:
        last ^= b
    assert state["return"] == hex(last) and state["global lfsr+0[0]"] == hex(final)
    assert [int(state[f"global produced+0[{i}]"], 16) for i in range(8)] == produced
    assert state["global calls+0[0]"] == "0x1"


def test_tampered_rtl_is_caught():
    """The same program against RTL whose LFSR starts from another value: every difference is named."""
    good, bad = BUILD / "lfsr-cosim", BUILD / "lfsr-tampered"
    if not (good / "step.v").is_file():
        assert cli("compile", str(HERE / "lfsr_step.c"), "--top", "step", "-o", str(good)).returncode == 0
    shutil.rmtree(bad, ignore_errors=True)
    bad.mkdir(parents=True)
    verilog = (good / "step.v").read_text()
    assert verilog.count("16'd44257") == 1   # 0xACE1, the reset value of lfsr
    (bad / "step.v").write_text(verilog.replace("16'd44257", "16'd44256"))
    shutil.copy(good / "report.json", bad / "report.json")
    proc = cli("cosim", str(HERE / "lfsr_step.c"), "--top", "step", "-o", str(bad), "--use-existing")
    assert proc.returncode == 1, proc.stdout + proc.stderr
    stats = stats_of(proc)
    assert stats["status"] == 1 and stats["program"]["differences"] > 0
    final, _ = lfsr_bytes()
    assert f"cosim: step: global lfsr+0[0]: native {hex(final)}, RTL " in proc.stderr


def test_compare_states_names_each_difference():
    native = {"return": "0x0", "global g+0[0]": "0x1", "global g+0[1]": "0x2"}
    assert compare_states(native, dict(native)) == []
    assert compare_states(native, {"return": "0x0", "global g+0[0]": "0x1"}) == \
        ["global g+0[1]: native 0x2, RTL missing"]


@pytest.mark.parametrize("verb", ["csim", "cosim"])
def test_top_with_arguments_needs_a_testbench(verb):
    src = REPO / "tests" / "kernels" / "add8.c"
    proc = cli(verb, str(src), "--top", "add8", "-o", str(BUILD / f"add8-{verb}"))
    assert proc.returncode == 2 and "Traceback" not in proc.stderr
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1, proc.stderr
    line_no = next(n for n, text in enumerate(src.read_text().splitlines(), 1) if re.search(r"\badd8\s*\(", text))
    assert f"add8.c:{line_no}:" in lines[0] and "takes arguments" in lines[0] and "--tb" in lines[0]


def test_program_with_run_time_pointers_matches_native():
    out = BUILD / "pointer-program"
    proc = cli("cosim", str(HERE / "pointer_program.c"), "--top", "main", "-o", str(out))
    assert proc.returncode == 0, proc.stdout + proc.stderr
    stats = stats_of(proc)
    assert stats["program"] == {"native_status": 0, "globals": 3, "compared": 11, "differences": 0}
    # 48 before issue 20's automatic pipelining (its loops over the arrays now overlap iterations); 35
    # before the register-array unroll
    assert (stats["calls"], stats["cycles_min"], stats["cycles_max"]) == (1, 20, 20)
    state = read_state(out / "cosim" / "rtl.state")
    # out[k] = (A or B)[k & 3] for k = 0..7; total = sum out[i] * (i + 1)
    table = [[1, 2, 3, 4], [5, 6, 7, 8]]
    expect = [table[k & 1][k & 3] for k in range(8)]
    assert [int(state[f"global out+0[{i}]"], 16) for i in range(8)] == expect
    assert int(state["global total+0[0]"], 16) == sum(v * (i + 1) for i, v in enumerate(expect)) == 180


@pytest.mark.parametrize("name, globals_, compared", [("zero_tails", 3, 19), ("zero_tail_member", 1, 2)])
def test_tables_ending_in_zeros_match_native(name, globals_, compared):
    """Issue 32 item 1: tables whose initializers end in 8 or more zeros, which clang lays out as a
    packed struct of two parts (frontend/clang_layout.py). Before: each part a memory of its own, an
    index into the zero tail read the first part (zero_tails: clz_sum and row_sum differ, and ram,
    split, was not even compared; zero_tail_member: sum differs)."""
    out = BUILD / name
    proc = cli("cosim", str(HERE / f"{name}.c"), "--top", "main", "-o", str(out))
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert stats_of(proc)["program"] == {"native_status": 0, "globals": globals_, "compared": compared,
                                         "differences": 0}


def test_accesses_on_a_branch_taken_only_for_a_null_pointer_are_imported():
    """Csmith subset seed 100135: `if (p == NULL) x = **p;` with volatile pointers. clang's optimiser
    puts the constant null into that branch (`load volatile ptr, ptr null`, and a store through null);
    the branch is never taken, but the import refused the program ("access of 64 bits to 'null' whose
    elements have 0 bits"). The null-pointer accesses now read 0 and store nothing; the result is
    native's."""
    out = BUILD / "null_guarded"
    proc = cli("cosim", str(HERE / "null_guarded.c"), "--top", "main", "-o", str(out))
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert stats_of(proc)["program"]["differences"] == 0
    state = read_state(out / "cosim" / "rtl.state")
    total, word = 0, 7
    for k in range(4):
        word += k
        total = (total * 31 + 0x41 + k + word) & M32
    assert int(state["global word+0[0]"], 16) == word == 13
    assert int(state["global sum+0[0]"], 16) == total


def test_one_pointer_into_a_global_and_a_local_of_one_bit_field_struct_matches_native():
    """Csmith subset seed 100278: a pointer into a global and a local of one packed struct type with
    a bit-field. clang types the initialised global after its constant (the bit-field's storage as
    bytes), so the record pool saw two struct types and refused the program; the byte-split record
    is now read as the struct's fields (import_pools.py, refines/relaid), its initial values joined."""
    out = BUILD / "bitfield_record_pool"
    proc = cli("cosim", str(HERE / "bitfield_record_pool.c"), "--top", "main", "-o", str(out))
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert stats_of(proc)["program"]["differences"] == 0
    g, local, total, p = [1, -639], [4, 7], 0, None
    for k in range(4):
        p = local if k >= 2 else g
        p[0] += k
        total = (total * 31 + p[0] + p[1]) & M32
    total = (total + g[0] + local[0]) & M32
    assert int(read_state(out / "cosim" / "rtl.state")["global result+0[0]"], 16) == total == 0xFED4A5AF


@pytest.mark.parametrize("name, globals_, compared", [
    ("field_pool_bitfield_run", 6, 7),     # seed 100994: an i40 over bit-fields is 5 bytes, not 8
    ("field_pool_struct_copy", 5, 6),      # 100203, 100848: a struct copied whole keeps its fields split
    ("pool_of_unions", 2, 3),              # 100122, 100491, 100544, 100585, 100848, 100946: unions in pools
    ("field_pointers_stored", 4, 8),       # 100161, 100167, 100330, 100407: field pointers held in memory
    ("union_bytes", 3, 26),                # 100297, 100714, 100779, 100951: unions read across fields, as bytes
    ("pool_struct_units", 1, 2),           # 100629, 100793, 100818: a struct in a pool of bytes; a narrower read
    ("pool_field_units", 1, 2),            # a field of two units in a pool, per record
    ("pool_struct_member_bytes", 6, 7),    # 2299: a struct and the struct member of another struct's array
    ("pool_held_field_pointers", 2, 3),    # 1231, 1433, 2134: a field's and a record's pointers held apart
    ("pointers_copied_from_table", 1, 2),  # a table of pointers copied by memcpy (a miscompile before)
    ("pointers_set_to_null", 3, 8),        # pointers cleared by memset: the null index (a miscompile before)
    ("pointer_slots_copied", 2, 5),        # 312, 100632: SROA's byte piece of a local array of pointers
])
def test_pointers_into_fields_and_union_members_match_native(name, globals_, compared):
    """Issue 38 item 4, Csmith subset programs 100,001-101,000 (and some of 1-10,000) refused by the
    points-to analysis and its pools ("one pointer may point into struct … or into array …", "… whose
    elements differ in size", "…, structs of different types", "pointers to different fields of … are
    stored in memory", "access of N bits that ends in the middle of a field of …"); each program was
    refused so (see its comment) and now matches native, every global the report names compared."""
    out = BUILD / name
    proc = cli("cosim", str(HERE / f"{name}.c"), "--top", "main", "-o", str(out))
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert stats_of(proc)["program"] == {"native_status": 0, "globals": globals_, "compared": compared,
                                         "differences": 0}


def crc32_of_words(words: list[int]) -> int:
    """CRC-32 (reflected, 0xEDB88320) of each 64-bit word's bytes, lowest first."""
    crc = M32
    for word in words:
        for k in range(0, 64, 8):
            crc ^= (word >> k) & 0xFF
            for _ in range(8):
                crc = (crc >> 1) ^ 0xEDB88320 if crc & 1 else crc >> 1
    return crc ^ M32


def test_a_word_over_a_union_array_member_is_written_whole():
    """Csmith subset seed 1671 (the 10,000-program campaign, 29 Nov 2026): a union typed { i8, [3 x i8] }
    written as an i32; the import took the array member's later elements for padding, so bytes 2-3
    were neither written nor read (-3 read back as 0x0000FFFD). Now the union is held as bytes, or,
    since branch ptrmix30, when its array member is a memory of its own, the access reads and writes
    each element of it that it covers (import_access.py `_field_pieces`)."""
    out = BUILD / "union_word_over_array_member"
    proc = cli("cosim", str(HERE / "union_word_over_array_member.c"), "--top", "main", "-o", str(out))
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert stats_of(proc)["program"]["differences"] == 0
    expected = crc32_of_words([(-3) & (2**64 - 1)] * 3)
    assert int(read_state(out / "cosim" / "rtl.state")["global result+0[0]"], 16) == expected == 0xC063F8D3


def test_two_contexts_and_a_partial_block_through_a_global():
    """CLOC's encryption then decryption, reduced (programs/ctx_two_partial_blocks.c): a copy of a
    run-time length out of one context's array field no longer reads that context whole, so the
    global it writes holds no pointer and the second context's copy from it joins nothing. Refused
    before ("'%c2.i' holds a pointer to itself"); cosim against native after."""
    out = BUILD / "ctx_two_partial_blocks"
    proc = cli("cosim", str(HERE / "ctx_two_partial_blocks.c"), "--top", "main", "-o", str(out))
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert stats_of(proc)["program"]["differences"] == 0


@pytest.mark.parametrize("name", ["char_pointer_over_struct", "char_pointer_over_struct_helper",
                                  "char_pointer_over_struct_read", "char_pointer_over_struct_scalar_first",
                                  "char_pointer_over_struct_one_type",
                                  "char_pointer_over_struct_volatile", "char_pointer_over_struct_returned",
                                  "char_pointer_over_struct_array_of_structs", "char_pointer_over_struct_nested",
                                  "char_pointer_over_struct_rows", "char_pointer_over_struct_by_value",
                                  "char_pointer_over_struct_literal", "char_pointer_over_struct_union",
                                  "char_pointer_over_struct_array_cast", "char_pointer_over_struct_initializer"])
def test_a_char_pointer_over_a_whole_struct_covers_every_field(name):
    """Found on branch ptrmix30 (main as well): `((uint8_t *)&s)[i]` for i past the first array member
    of `s` went into that member (cosim 0x3ac3f000, native 0x2f8ac0fb); so did a helper's walk over
    the struct (`*p++`), a read loop, and a struct of byte arrays alone. Session 31 found nine more
    shapes, each a wrong value: the view kept in a volatile local, returned by a helper, over an array
    of structs, over a struct inside another, as rows (`uint8_t (*)[4]`), over a struct passed by
    value, over a compound literal, a union of a byte array and the struct written through the array,
    and an array pointer `(uint8_t (*)[36])&g`. Session 33: a pointer to a global struct held in other
    globals' initializers (a pointer variable, a table, a struct's field), stored by no instruction. The -O0 IR shows the pointer covers the struct whole
    (frontend/struct_views.py): the struct is held as bytes. A scalar first field was held as bytes
    already (an access into the middle of it)."""
    out = BUILD / name
    proc = cli("cosim", str(HERE / f"{name}.c"), "--top", "main", "-o", str(out))
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert stats_of(proc)["program"]["differences"] == 0


def union_bitfield_digests() -> tuple[int, int]:
    """union_bitfield_array_bytes.c's digests before and after its writes (26-bit elements)."""
    bits = (1 << 26) - 1
    g = [[v & bits for v in row] for row in
         [[7, 0, 4294967293], [0, 5, 1], [4294967288, 3, 0], [0x7FCE753B, 9, 0x2C3C599F]]]

    def digest() -> int:
        s = 0
        for row in g:
            for v in row:
                s = (s * 31 + v) & M32
        return s

    before = digest()
    for i in range(4):
        for j in range(3):
            g[i][j] = (g[(i + 1) % 4][(j + 2) % 3] + (i * 3 + j) * 0x1234567) & bits
    return before, digest()


def test_an_array_of_unions_typed_after_its_mixed_constant_is_indexed_as_bytes():
    """Csmith subset seed 600 (program.c:495): clang types an array of bit-field unions with zero
    innermost arrays after its constant, a packed struct mixing `[1 x { i8, i8, i8, i8 }]` and
    `[1 x %union.U0]`; a run-time index steps through it in units that select no field of that struct
    (refused: 'access into 'g' that does not select a whole field'). Held as bytes, reads and bit-field
    writes at run-time indices match."""
    out = BUILD / "union_bitfield_array_bytes"
    proc = cli("cosim", str(HERE / "union_bitfield_array_bytes.c"), "--top", "main", "-o", str(out))
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert stats_of(proc)["program"]["differences"] == 0
    state = read_state(out / "cosim" / "rtl.state")
    got = (int(state["global before+0[0]"], 16), int(state["global after+0[0]"], 16))
    assert got == union_bitfield_digests() == (0xCA113C94, 0x7B7D9A9B)


def test_a_union_copied_in_pieces_across_its_words_matches_native():
    """Csmith subset seeds 3136 and 5129 (issue 38): SROA copies a union `{ i64 }` as an i16 at byte 0
    and an i48 at byte 2 (a `{ i32 }` as an i8 and an i24 at byte 1); the import took the i48 for a
    whole element and refused it ("access to 'g' is not aligned to its elements"). Each piece now
    writes, or reads, its own bytes of the element (union_copy_in_pieces.c)."""
    out = BUILD / "union_copy_in_pieces"
    proc = cli("cosim", str(HERE / "union_copy_in_pieces.c"), "--top", "main", "-o", str(out))
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert stats_of(proc)["program"] == {"native_status": 0, "globals": 6, "compared": 11, "differences": 0}


def test_a_union_passed_by_value_keeps_its_integer_bits_as_a_pointer():
    """A silent miscompile on main before the ptrbits27 branch (Csmith subset seed 5557): clang passes a
    union `{ uint32_t; ptr }` by value as a `ptr`, so reading its integer member is `load ptr`,
    `ptrtoint`, and `p.f2 != 0` is `icmp ne ptr %p, null`. The union never held a pointer to an
    object, so the import took the loaded pointer for the null pointer: 0 and "null" where the union
    held 1; a null pointer stored into it also wrote all ones, the null pointer's index
    (union_pointer_bits.c: 13 of 25 values differed on 26d2ec8). Such pointers joined by a select or
    a phi are their bits too; a union holding a real pointer is still read back and dereferenced, a
    pointer only ever null, alone or in a record's array member, still compares equal to NULL."""
    out = BUILD / "union_pointer_bits"
    proc = cli("cosim", str(HERE / "union_pointer_bits.c"), "--top", "main", "-o", str(out))
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert stats_of(proc)["program"] == {"native_status": 0, "globals": 18, "compared": 25, "differences": 0}


@pytest.mark.parametrize("define, line", [(None, 29), ("READ_INT", 27)])
def test_a_union_of_integer_data_holding_pointers_is_refused_located(define, line):
    """A silent miscompile on main before the ptrbits27b branch (Csmith subset seed 5557): a union laid
    out as its integer member (`{ i32, [4 x i8] }`, initialised through it) that also holds a pointer to
    an object holds it as an element index, so its initial 0 read through the pointer member was index
    0, a non-null pointer (cosim: 2 of 8 values differed), and its integer member read back was an
    index, 0x100 truncated (-D READ_INT: 1 of 7). Refused at the pointer read (union_mixed_bits.c);
    union_pointer_bits.c, whose unions hold integers or pointers but not both, still matches."""
    src = HERE / "union_mixed_bits.c"
    defines = ["-D", define] if define else []
    proc = cli("compile", str(src), *defines, "--top", "main", "-o", str(BUILD / f"union_mixed_bits-{define}"))
    assert_refused_at(proc, src, line, "union 'g' holds both integer data and pointers to objects")


STORED_FIRST = """#include <stdint.h>
union U { uint64_t f0; const int8_t *f2; };
static volatile union U g = {0};
int8_t arr[3] = {4, 5, 6};
int32_t out;
int main(void) {
    for (int i = 0; i < 3; i++) { g.f2 = &arr[i]; out = out * 7 + *g.f2; }
    g.f0 = 0;
    return 0;
}
"""


def test_a_union_of_integer_data_read_back_right_after_a_pointer_store_matches_native(tmp_path):
    """The refusal above spares a pointer read that a pointer store to the same address precedes in its
    block (no store of another type nor call between): it reads that pointer, never the integer bytes."""
    src = tmp_path / "stored_first.c"
    src.write_text(STORED_FIRST)
    proc = cli("cosim", str(src), "--top", "main", "-o", str(tmp_path / "out"))
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert stats_of(proc)["program"] == {"native_status": 0, "globals": 2, "compared": 3, "differences": 0}


def test_a_copy_of_low_bytes_keeps_the_high_bytes_of_the_element():
    """A silent miscompile on main before the union27 branch (issue 38): `memcpy(&g, &l, 6)` into a
    uint64_t is one i48 store at byte 0 after SROA (an i24 for 3 bytes of a uint32_t), and the import
    wrote it as the whole element zero-extended, clearing the high bytes (partial_low_bytes.c: 4 of 5
    values differed before)."""
    out = BUILD / "partial_low_bytes"
    proc = cli("cosim", str(HERE / "partial_low_bytes.c"), "--top", "main", "-o", str(out))
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert stats_of(proc)["program"] == {"native_status": 0, "globals": 3, "compared": 5, "differences": 0}


def test_a_copy_or_clear_of_part_of_an_element_keeps_its_other_bytes():
    """Csmith subset seed 6779 (refused on a947efa): opt keeps `g_27 = l_25` of a
    `union { uint32_t f0; signed f1 : 3; }` as a memcpy of 3 bytes at byte 1 of the 4-byte element,
    which the import refused ("memset/memcpy of part of an element"). A memcpy or memset that starts or
    ends inside an element of an integer memory now reads, or writes back merged, those bytes of the
    element: from a constant table and from a variable, inside one element at a place known at run
    time, a memset of bytes 1-2 and 1-3, a copy crossing two elements of both arrays
    (partial_element_copies.c, refused on a947efa; a memset writing whole elements: 3 of 10 values
    differ)."""
    out = BUILD / "partial_element_copies"
    proc = cli("cosim", str(HERE / "partial_element_copies.c"), "--top", "main", "-o", str(out))
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert stats_of(proc)["program"] == {"native_status": 0, "globals": 5, "compared": 10, "differences": 0}


def test_a_clear_of_part_of_a_pointer_is_refused_located(tmp_path):
    """Pointers are held as indices: bytes of one are no run of bytes the import can write, so a
    memset of part of a pointer element stays refused."""
    src = tmp_path / "part_of_pointer.c"
    src.write_text("#include <stdint.h>\n#include <string.h>\n"
                   "static uint32_t a[2] = {1, 2};\nstatic uint32_t *ps[2] = {&a[0], &a[1]};\nuint32_t sum;\n"
                   "int main(void) {\n    for (int i = 0; i < 2; i++) {\n"
                   "        memset((char *)&ps[i] + 1, 0, 3);\n        sum += *ps[i & 1];\n    }\n    return 0;\n}\n")
    proc = cli("compile", str(src), "--top", "main", "-o", str(tmp_path / "out"))
    assert_refused_at(proc, src, 8, "memset/memcpy of part of an element of 'ps'")


def test_bits_of_a_pipeline_bypass_are_selected_from_a_wire():
    """Issue 32 item 2: Verilator rejected `(st ? q : r)[15]`, the sign bit of a value a pipelined loop
    reads in the cycle it arrives from memory (bypass_select.c)."""
    out = BUILD / "bypass-select"
    proc = cli("cosim", str(HERE / "bypass_select.c"), "--top", "main", "-o", str(out))
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert stats_of(proc)["program"]["differences"] == 0
    verilog = (out / "main.v").read_text()
    assert re.search(r"\)\s*\[", verilog) is None        # no select of a parenthesised expression
    assert re.search(r"assign sext_\w+_src = \(st_\w+ \? ", verilog)   # the bypass has a wire of its own


def test_a_memset_of_pointers_with_another_byte_is_refused_located(tmp_path):
    """Pointers are held as indices (pointers_set_to_null.c): a memset with 0 stores the null pointer,
    one with another byte makes no pointer C could use, refused at the memset."""
    src = tmp_path / "memset_ff.c"
    src.write_text((HERE / "pointers_set_to_null.c").read_text().replace("memset(rs, 0, sizeof rs);",
                                                                           "memset(rs, 0xff, sizeof rs);"))
    line = next(n for n, text in enumerate(src.read_text().splitlines(), 1) if "0xff" in text)
    proc = cli("compile", str(src), "--top", "main", "-o", str(tmp_path / "out"))
    assert_refused_at(proc, src, line, "memset of pointers with another byte than 0")


MIXED_COPY = """#include <stdint.h>
int8_t a[3] = {3, 5, 7};
uint32_t result;
struct S { int8_t *p; int64_t x; };
int main(void) {
  volatile struct S s[2] = {{&a[0], 5}, {&a[1], 6}};
  for (int k = 0; k < 3; k++) {
    *s[0].p += k + 1;
    s[0].p = &a[k];
    result = result * 31 + (uint32_t)(uint8_t)*s[0].p;
  }
  return 0;
}
"""


def test_a_copy_of_pointers_and_integers_into_pointer_slots_is_refused_located(tmp_path):
    """Clang cuts `s` into its first pointer and a `[24 x i8]` filled by a memcpy of an integer, a
    pointer and an integer (pointer_slots_copied.c holds only pointers): a byte array held as pointer
    slots takes only whole pointers, so the copy is refused at the declaration."""
    src = tmp_path / "mixed_copy.c"
    src.write_text(MIXED_COPY)
    proc = cli("compile", str(src), "--top", "main", "-o", str(tmp_path / "out"))
    assert_refused_at(proc, src, 6, "bytes 0-7 of the copy are not one whole pointer")


@pytest.mark.parametrize("name, globals_, compared, loops", [
    ("large_memset", 7, 7032, [("memset_ln34", 1500, 1500, None), ("memset_ln35", 1200, 1200, None),
                               ("memset_ln36", 1100, 1100, None), ("memset_ln37", 1050, 1050, None),
                               ("memset_ln38", 1000, 1000, None), ("memset_ln40", 1020, 1020, None)]),
    ("large_memcpy", 11, 10402, [("memcpy_ln29", 1400, 1401, 1), ("memcpy_ln30", 1200, 1201, 1),
                                 ("memcpy_ln31", 520, 521, 1), ("memcpy_ln32", 400, 401, 1),
                                 ("memmove_ln33", 1300, 2600, None), ("memmove_ln34", 1500, 3000, None),
                                 ("memcpy_ln35", 1100, 1101, 1), ("memmove_ln36", 1100, 2200, None),
                                 ("memmove_ln37", 1100, 2200, None)]),
])
def test_memset_and_memcpy_of_many_elements_are_loops_that_match_native(name, globals_, compared, loops):
    """Issue 38: a memset/memcpy/memmove of more than 1,024 elements was refused ("memset/memcpy of N
    elements"); it is now a loop of the compiler's own, one element or record per iteration (see each
    program's comment). Every global matches native; the loops' rows: (name, trips, latency, II):
    a copy between two memories is pipelined at II=1, a clear takes one cycle an element, a memmove
    within one single-port memory two."""
    out = BUILD / name
    proc = cli("cosim", str(HERE / f"{name}.c"), "--top", "main", "-o", str(out))
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert stats_of(proc)["program"] == {"native_status": 0, "globals": globals_, "compared": compared,
                                         "differences": 0}
    report = json.loads((out / "report.json").read_text())
    assert [(lp["name"], lp["trip_count"], lp["latency"]["min"], (lp.get("pipeline") or {}).get("ii"))
            for lp in report["loops"] if lp["name"].startswith("mem")] == loops


def test_a_memset_or_memcpy_over_part_of_a_field_holds_the_records_as_bytes():
    """memset_part_of_field.c: a range that starts or ends inside a field of an array of structs (each
    field its own memory) skipped the field's first bytes or wrote it whole: a silent miscompile
    before (copy and result differed from native). Such an object is now held as bytes."""
    out = BUILD / "memset_part_of_field"
    proc = cli("cosim", str(HERE / "memset_part_of_field.c"), "--top", "main", "-o", str(out))
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert stats_of(proc)["program"]["differences"] == 0


PART_OF_A_POINTER_RECORD = """#include <stdint.h>
#include <string.h>
struct P { int32_t v; int32_t *p; };
int32_t xs[4] = {1, 2, 3, 4};
struct P ps[4];
uint32_t result;
int main(void) {
  for (int i = 0; i < 4; i++) { ps[i].v = i * 1000; ps[i].p = &xs[i]; }
  memset((char *)ps + 1, 0, 3 * sizeof ps[0]);
  for (int i = 0; i < 4; i++) {
    ps[i].p = &xs[3 - i];
    result = result * 31 + (uint32_t)ps[i].v + (uint32_t)*ps[i].p;
  }
  return 0;
}
"""


def test_a_memset_over_part_of_a_field_of_records_holding_pointers_is_refused_located(tmp_path):
    """Records that hold a pointer cannot be held as bytes (a pointer is an index): a memset over part
    of one of their fields is refused at the memset. Before, the range's partial fields were skipped
    or written whole (ps[3].v, the last byte of the range, cleared whole: result differed)."""
    src = tmp_path / "part_of_pointer_record.c"
    src.write_text(PART_OF_A_POINTER_RECORD)
    proc = cli("compile", str(src), "--top", "main", "-o", str(tmp_path / "out"))
    assert_refused_at(proc, src, 9, "memset/memcpy of part of a field of 'ps'")


@pytest.mark.parametrize("name, globals_, compared, status", [
    ("runtime_length_copies", 7, 197, 0), ("run_time_bytes_of_words", 5, 32, 0), ("memcmp_tags", 3, 41, 0),
    ("const_function_pointers", 3, 22, 0), ("vla_constant_size", 2, 26, 0)])
def test_reference_cipher_idioms_match_native(name, globals_, compared, status):
    """Idioms of SUPERCOP's CAESAR reference code (scripts/supercop_ref.py, docs/hls-c-guide.md §9),
    each refused before: memcpy/memset/memmove of a length known only at run time (now a byte loop of
    the compiler's own), bytes of a word array at a run-time position (`((uint8_t *)state)[i]`: the
    element read and shifted, a store merged), memcmp (a body of the compiler's own), calls through
    a constant function pointer (NORX's `burn`: direct calls), and variable-length arrays whose size
    is a constant after inlining (Ascon's `u8 S[size]`). Every global matches native."""
    proc = cli("cosim", str(HERE / f"{name}.c"), "--top", "main", "-o", str(BUILD / name))
    assert proc.returncode == status, proc.stdout + proc.stderr
    assert stats_of(proc)["program"] == {"native_status": status, "globals": globals_, "compared": compared,
                                         "differences": 0}


@pytest.mark.parametrize("body, line, message", [
    ("memmove(buf + 1, buf, n);", 7, "'memmove' within one object with a length computed at run time"),
    ("memcpy(ps, qs, n);", 7, "'memcpy' of pointers with a length computed at run time"),
    ("s.p = &x; memcpy(s.b, buf, n);", 7, "'memcpy' of a length computed at run time over struct 's'"),
])
def test_run_time_length_copies_that_have_no_byte_loop_are_refused_located(tmp_path, body, line, message):
    """A memmove within one object would need its direction chosen at run time, a byte of a pointer
    means nothing, and a struct that holds a pointer cannot be held as bytes (the byte loop over one held
    as a memory per field would put every byte into the field it starts in): located refusals."""
    src = tmp_path / "copy.c"
    src.write_text("#include <string.h>\nunsigned char buf[16];\nint x, *ps[4], *qs[4] = {&x, &x, &x, &x};\n"
                   "struct S { unsigned char b[8]; int *p; } s;\n"
                   "volatile unsigned n = 5;\nint main(void) {\n  " + body + "\n  return buf[3] + (ps[1] == &x);\n}\n")
    proc = cli("compile", str(src), "--top", "main", "-o", str(tmp_path / "out"))
    assert_refused_at(proc, src, line, message)


def test_a_call_through_a_function_pointer_that_may_change_stays_refused_located(tmp_path):
    """Only a const pointer is known to hold its initial function (const_calls.py)."""
    src = tmp_path / "burn.c"
    src.write_text("#include <string.h>\nstatic void *(*volatile burn)(void *, int, size_t) = memset;\n"
                   "unsigned char buf[8];\nint main(void) {\n  burn(buf, 1, 8);\n  return buf[0];\n}\n")
    proc = cli("compile", str(src), "--top", "main", "-o", str(tmp_path / "out"))
    assert_refused_at(proc, src, 5, "call through a function pointer is not supported")


@pytest.mark.parametrize("qualifiers", ["const volatile", "volatile"])
def test_a_function_pointer_used_as_a_value_is_refused_located(tmp_path, qualifiers):
    """A function's address held in a global and compared: an internal compiler error before ("an
    address @memset in storage of integers"), now a located refusal at the load."""
    src = tmp_path / "compared.c"
    src.write_text(f"#include <string.h>\nstatic void *(*{qualifiers} burn)(void *, int, size_t) = memset;\n"
                   "unsigned char buf[8];\nint main(void) {\n  if (burn != 0)\n    buf[0] = 9;\n  return buf[0];\n}\n")
    proc = cli("compile", str(src), "--top", "main", "-o", str(tmp_path / "out"))
    assert_refused_at(proc, src, 5, "the function pointer 'burn' used as a value")


def wide_mix() -> tuple[int, int]:
    """wide_return.c's return value and the seed it leaves."""
    seed = 0x9E3779B9
    x = (seed << 32) | (seed ^ 0x5BD1E995)
    for _ in range(5):
        x = ((x ^ (x >> 29)) * 0xBF58476D1CE4E5B9) & (2**64 - 1)
    return x, (x >> 7) & M32


def test_a_64_bit_return_is_compared_whole():
    """Both halves of a top's 64-bit return value are compared with the native run's (programs/wide_return.c):
    the native harness had kept only the low half since session 32 (a Python string that lost its f
    prefix kept `{{` literally)."""
    out = BUILD / "wide_return"
    proc = cli("cosim", str(HERE / "wide_return.c"), "--top", "wide_mix", "-o", str(out))
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert stats_of(proc)["program"]["differences"] == 0
    value, seed = wide_mix()
    native = read_state(out / "cosim" / "native" / "native.state")
    assert native == read_state(out / "cosim" / "rtl.state")
    assert int(native["return"], 16) == value and value >> 32
    assert int(native["global seed+0[0]"], 16) == seed


def own_uint_typedefs() -> tuple[list[int], int]:
    """own_uint_typedefs.c's final state, its "uint32_t" 64 bits wide (LP64)."""
    m64 = 2**64 - 1
    state, mixed = [1, 2, 3, 4], 0
    for i in range(8):
        x = state[i & 3] ^ state[(i + 1) & 3]
        state[i & 3] = ((((x << 13) | (x >> 51)) & m64) + 0x9E3779B97F4A7C15) & m64
        mixed ^= state[i & 3]
    return state, mixed


def test_pointer_walks_that_opt_makes_byte_offsets_match_native():
    """programs/pointer_walk_byte_offsets.c, CHStone jpeg's pointer walks over rows of ints: opt
    addresses them as `getelementptr i8, ptr %row, i64 %off`, %off stepping by 4; refused before at the
    store ("not aligned to its elements") and at the pointer comparison ("moves by part of an
    element"). Every global matches native."""
    proc = cli("cosim", str(HERE / "pointer_walk_byte_offsets.c"), "--top", "main", "-o",
               str(BUILD / "pointer_walk_byte_offsets"))
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert stats_of(proc)["program"] == {"native_status": 0, "globals": 3, "compared": 114, "differences": 0}


def test_a_double_computed_only_to_be_printed_is_no_floating_point_in_hardware():
    """programs/printed_double.c: CHStone's softfloat programs print each result as
    `ullong_to_double(result)`; the printf is dropped from the hardware, so the double is dead there,
    but the -O0 check refused it (`floating-point arithmetic is not supported`). Now the check waits
    for opt when the floating point only feeds printing (frontend/print_only.py); the integer results
    match native. tests/diagnostics/float_printed_and_kept.c: such a double also kept is refused."""
    src = HERE / "printed_double.c"
    out = BUILD / "printed_double"
    proc = cli("cosim", str(src), "--top", "main", "-o", str(out))
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert stats_of(proc)["program"] == {"native_status": 0, "globals": 1, "compared": 5, "differences": 0}
    halved = [0x3ff0000000000000, 0x3fe8000000000000, 0x4049000000000000, 0x0010000000000000]
    rtl = read_state(out / "cosim" / "rtl.state")
    assert [int(rtl[f"global output+0[{i}]"], 16) for i in range(4)] == halved


def test_a_program_with_its_own_uint_typedefs():
    """programs/own_uint_typedefs.c: `typedef unsigned long uint32_t;` and no <stdint.h>. Before, the
    harnesses cosim and csim put around the program included <stdint.h> (typedef redefinition with
    different types, in the generated file); now they use the compiler's own __UINT32_TYPE__."""
    src = HERE / "own_uint_typedefs.c"
    out = BUILD / "own_uint_typedefs"
    state, mixed = own_uint_typedefs()
    csim = cli("csim", str(src), "-o", str(out / "csim"))
    assert csim.returncode == mixed >> 58, csim.stdout + csim.stderr
    proc = cli("cosim", str(src), "--top", "main", "-o", str(out))
    assert proc.returncode == mixed >> 58, proc.stdout + proc.stderr
    assert stats_of(proc)["program"]["differences"] == 0
    rtl = read_state(out / "cosim" / "rtl.state")
    assert int(rtl["global mixed+0[0]"], 16) == mixed
    assert [int(rtl[f"global state+0[{i}]"], 16) for i in range(4)] == state


def test_globals_named_with_double_underscores():
    """programs/double_underscore_globals.c: cosim reads `__a`, `a___b`, `y____z` and `tab__le` from the
    Verilated model under Verilator's spelling (sim/verilator_names.py); the model did not compile before."""
    out = BUILD / "double_underscore_globals"
    proc = cli("cosim", str(HERE / "double_underscore_globals.c"), "--top", "main", "-o", str(out))
    assert stats_of(proc)["program"]["differences"] == 0, proc.stdout + proc.stderr
    a, b, tab = 0x1234, 7, [1, 2, 3, 4]
    for i in range(6):
        a = ((a << 3) ^ (a >> 5) ^ b) & 0xFFFF
        b = (b + tab[i & 3]) & 0xFFFF
        tab[i & 3] ^= a & 0xFF
    assert proc.returncode == (a ^ b) & 0x7F
    rtl = read_state(out / "cosim" / "rtl.state")
    assert int(rtl["global __a+0[0]"], 16) == a and int(rtl["global y____z+0[0]"], 16) == a ^ b


def test_a_generated_runtime_that_does_not_compile_is_an_internal_error(monkeypatch, capsys):
    """The cosim runtime is cryptohls's own C++: when it does not compile (here the state reader made to
    name a register as written, the bug above), that is an internal compiler error (exit 3), not an
    error in the user's input (it was exit 2 with `error: cosim model did not compile`)."""
    from cryptohls.cli import main
    from cryptohls.sim import program
    monkeypatch.setattr(program, "verilator_name", lambda name: name)
    out = BUILD / "double_underscore_globals_ice"
    assert main(["cosim", str(HERE / "double_underscore_globals.c"), "--top", "main", "-o", str(out)]) == 3
    err = capsys.readouterr().err
    assert "internal compiler error" in err and "generated runtime" in err and "did not compile" in err, err


def byte_walk_words() -> tuple[int, dict[str, list[int]]]:
    """programs/byte_walk_words.c computed on little-endian byte lists: (exit status, globals)."""
    def to_bytes(values, n):
        return [b for v in values for b in v.to_bytes(n, "little")]

    def to_words(data, n):
        return [int.from_bytes(bytes(data[k:k + n]), "little") for k in range(0, len(data), n)]

    words = to_bytes([(0x01020304 * (i + 1)) & M32 for i in range(10)], 4)
    wide = to_bytes([(0x1122334455667788 + i * 0x0101010101010101) & (2**64 - 1) for i in range(4)], 8)
    for i in range(len(words)):                       # mask_bytes(0x5a)
        words[i] ^= (0x5A + i) & 0xFF

    def add_bytes(data, count):
        s = 0
        for b in data[:count]:
            s = (s * 3 + b) & M32
        return s
    first = add_bytes(wide, 32)
    s, p = 0, 1                                       # stride3()
    while p < 30:
        wide[p] = (wide[p] + 7) & 0xFF
        s = (s + wide[p]) & M32
        p += 3
    total = first ^ s
    odd = words[0] & 1                                # choose(c): byte 5 if c, else byte 10
    picked = (words[5] if odd else words[10]) << 8 | (words[10] if odd else words[5])
    ends = add_bytes(words, 40)
    state = {"words": to_words(words, 4), "wide": to_words(wide, 8),
             "distance": [p], "sum": [total], "picked": [picked], "ends": [ends]}
    return total & 0x7F, state


def test_byte_pointers_walking_words_match_native_and_a_model():
    """programs/byte_walk_words.c, TACLe lift's byte walk over an int array and its kin (a walk ended by a
    pointer comparison, a 3-byte stride starting inside an element, a select between bytes of two
    elements, ptrtoint of the walk): the pointer phi joins different bytes
    of an element, refused before ("comparison of pointers to different fields", "different bytes of the
    elements of 'words'"). Now such a phi holds a byte index (frontend/import_pointers.py byte_walk).
    Every global against a model computed here on byte lists, and csim = cosim = native, exact cycles."""
    src = HERE / "byte_walk_words.c"
    out = BUILD / "byte_walk_words"
    status, state = byte_walk_words()
    proc = cli("cosim", str(src), "--top", "main", "-o", str(out))
    assert proc.returncode == status, proc.stdout + proc.stderr   # cosim exits with the program's status
    stats = stats_of(proc)
    assert stats["program"] == {"native_status": status, "globals": 6, "compared": 19, "differences": 0}
    assert stats["cycles_min"] == stats["cycles_max"] == 174
    rtl = read_state(out / "cosim" / "rtl.state")
    for name, values in state.items():
        assert [int(rtl[f"global {name}+0[{i}]"], 16) for i in range(len(values))] == values, name


def test_a_struct_member_ended_by_a_byte_offset_of_whole_elements_matches_native_and_a_model():
    """programs/member_scaled_offset.c, TACLe rijndael's key schedule: the end pointer of a walk over a
    struct's array member is `getelementptr i8, %key, (rounds << 5)`, a byte offset whose low zero bits
    make it whole elements (frontend/import_memory.py `_member_element`); refused before ("access into
    's' that does not select a whole element"). Globals against a model here, cosim = native, exact cycles."""
    m64 = 2**64 - 1
    nkey, rounds, steps = 6, 12, 0
    key = [0x0101010101010101 * (i + 1) for i in range(nkey)] + [0] * (64 - nkey)
    kf, kt = 0, 4 * (rounds + 1) - nkey
    while True:
        for j in range(6):
            key[kf + 6 + j] = key[kf + j] ^ ((key[kf + 5 + j] << 1) & m64) ^ steps
        kf += 6
        steps += 1
        if kf >= kt:
            break
    state = {"key": [key[i] if i < 4 * (rounds + 1) + 2 else 0 for i in range(64)], "steps": [steps],
             "tail": [((key[4 * (rounds + 1) - 1] >> 7) ^ 1) & M32]}
    src = HERE / "member_scaled_offset.c"
    out = BUILD / "member_scaled_offset"
    proc = cli("cosim", str(src), "--top", "main", "-o", str(out))
    assert proc.returncode == steps & 0x7F, proc.stdout + proc.stderr
    stats = stats_of(proc)
    assert stats["program"] == {"native_status": steps & 0x7F, "globals": 3, "compared": 67, "differences": 0}
    assert stats["cycles_min"] == stats["cycles_max"] == 379
    rtl = read_state(out / "cosim" / "rtl.state")
    for name, values in state.items():
        assert [int(rtl[f"global {name}+0[{i}]"], 16) for i in range(len(values))] == values, name
