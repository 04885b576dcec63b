"""ir/taint.py: which decisions of the hardware depend on the secret arguments (issue 22 item 2).
IR text in, leaks out; then the same through `cryptohls compile --secret` on C sources."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

from cryptohls.ir import parse_function
from cryptohls.ir.taint import control_regions, find_leaks, post_dominator_tree

# the early-exit tag compare as the passes leave it (tests/compiler: tag.c below)
EARLY_EXIT = """function tag_equal {}
  memory a {"depth":16,"kind":"arg","latency":1,"ports":1,"width":8}
  memory b {"depth":16,"kind":"arg","latency":1,"ports":1,"width":8}
  block entry
    %1 = br {"targets":["for_body"]} @3:5
  block for_body
    %2:i5 = phi 0:i5, %10 {"blocks":["entry","for_cond"],"name":"i"} @0:0
    %4:i4 = trunc %2 @4:13
    %5:i8 = load %4 {"mem":"a"} @4:13
    %7:i8 = load %4 {"mem":"b"} @4:21
    %8:i1 = icmp %5, %7 {"pred":"eq"} @4:18
    %9 = br %8 {"targets":["for_cond","return"]} @4:13
  block for_cond
    %10:i5 = add %2, 1:i5 @3:30
    %11:i1 = icmp %2, 15:i5 {"pred":"ult"} @3:23
    %12 = br %11 {"loop_line":3,"targets":["for_body","return"]} @3:5
  block return
    %13:i32 = phi 0:i32, 1:i32 {"blocks":["for_body","for_cond"],"name":"retval"} @0:0
    %14 = ret %13 @7:1
}
"""


def test_early_exit_is_a_loop_exit_leak_with_its_chain():
    leaks = find_leaks(parse_function(EARLY_EXIT), {"a"})
    assert [(k.kind, k.line, k.col, k.secret) for k in leaks] == [("loop exit", 4, 13, "a")]
    assert [s.what for s in leaks[0].chain] == ["load a", "icmp eq"]
    # the counter i is public in every iteration that runs (the exit decides only whether one runs),
    # so neither the counted exit at line 3 nor the addresses a[i], b[i] are reported


def test_public_arguments_give_no_leak():
    assert find_leaks(parse_function(EARLY_EXIT), {"nothing"}) == []


def test_post_dominators_and_regions():
    fn = parse_function(EARLY_EXIT)
    ipdom = post_dominator_tree(fn)
    assert ipdom["for_body"] == "return" and ipdom["for_cond"] == "return"
    assert control_regions(fn)["for_body"] == {"for_cond", "for_body"}


# a secret-indexed ROM lookup and a diamond on a public value: no timing leak
TABLE = """function sub {}
  param key {"direction":"in","width":4}
  param sel {"direction":"in","width":1}
  memory S {"depth":16,"kind":"rom","latency":1,"ports":2,"width":8}
  block entry
    %1:i4 = param {"param":"key"} @1:1
    %2:i8 = load %1 {"mem":"S"} @2:7
    %3:i1 = param {"param":"sel"} @1:1
    %4 = br %3 {"targets":["then","join"]} @3:3
  block then
    %5:i8 = xor %2, 1:i8 @4:5
    %6 = br {"targets":["join"]} @4:5
  block join
    %7:i8 = phi %5, %2 {"blocks":["then","entry"]} @0:0
    %8 = ret %7 @5:3
}
"""


def test_secret_indexed_rom_is_no_leak():
    assert find_leaks(parse_function(TABLE), {"key"}) == []


def test_branch_on_public_value_is_no_leak_but_on_secret_is():
    leaks = find_leaks(parse_function(TABLE), {"sel"})
    assert [(k.kind, k.line) for k in leaks] == [("branch", 3)]


# a store made on one path of a secret branch taints the memory; a later branch on it leaks
IMPLICIT = """function f {}
  param s {"direction":"in","width":1}
  param p {"direction":"in","width":1}
  memory m {"depth":2,"kind":"ram","latency":1,"ports":2,"width":8}
  block entry
    %1:i1 = param {"param":"s"} @1:1
    %2 = br %1 {"targets":["then","join"]} @2:3
  block then
    %3 = store 0:i1, 7:i8 {"mem":"m"} @3:5
    %4 = br {"targets":["join"]} @3:5
  block join
    %5:i8 = load 1:i1 {"mem":"m"} @5:7
    %6:i1 = icmp %5, 7:i8 {"pred":"eq"} @5:9
    %7 = br %6 {"targets":["a","b"]} @5:3
  block a
    %8 = ret 1:i8 @6:3
  block b
    %9 = ret 0:i8 @7:3
}
"""


def test_store_under_a_secret_branch_taints_the_memory():
    leaks = find_leaks(parse_function(IMPLICIT), {"s"})
    assert [(k.kind, k.line) for k in leaks] == [("branch", 2), ("branch", 5)]
    later = leaks[1]
    assert [s.what for s in later.chain][-4:] == ["branch at line 2", "store m", "load m", "icmp eq"]


# a stream write predicated (if-converted) by a secret condition: the handshake follows the secret
STREAM = """function f {}
  param k {"direction":"in","width":8}
  memory out {"depth":1,"direction":"out","kind":"stream","latency":0,"mode":"axis","ports":1,"width":8}
  memory addr {"depth":4,"kind":"arg","latency":1,"ports":1,"width":8}
  block entry
    %1:i8 = param {"param":"k"} @1:1
    %2:i1 = icmp %1, 0:i8 {"pred":"ne"} @2:7
    %3 = store 0:i1, %1, %2 {"mem":"out"} @3:5
    %4:i2 = trunc %1 @4:9
    %5:i8 = load %4 {"mem":"addr"} @4:9
    %6 = ret %5 @5:3
}
"""


def test_predicated_stream_write_and_port_address():
    leaks = find_leaks(parse_function(STREAM), {"k"})
    assert [(k.kind, k.line, k.timing) for k in leaks] == [("stream handshake", 3, True),
                                                          ("port address", 4, False)]


# --- through the compiler ------------------------------------------------------------------------
TAG = """#include <stdint.h>
int tag_equal(const uint8_t a[16], const uint8_t b[16]) {
    for (int i = 0; i < 16; i++)
        if (a[i] != b[i])
            return 0;
    return 1;
}
"""
TAG_CT = """#include <stdint.h>
int tag_equal(const uint8_t a[16], const uint8_t b[16]) {
    uint8_t diff = 0;
    for (int i = 0; i < 16; i++)
        diff |= a[i] ^ b[i];
    return diff == 0;
}
"""
MODEXP = """#include <stdint.h>
uint32_t modexp(uint32_t base, uint32_t exp, uint32_t mod) {
    uint64_t r = 1, b = base % mod;
    while (exp) {
        if (exp & 1) r = (r * b) % mod;
        b = (b * b) % mod;
        exp >>= 1;
    }
    return (uint32_t)r;
}
"""


def _compile(tmp_path: Path, text: str, top: str, *secret: str) -> subprocess.CompletedProcess:
    src = tmp_path / f"{top}.c"
    src.write_text(text)
    args = [a for s in secret for a in ("--secret", s)]
    return subprocess.run([sys.executable, "-m", "cryptohls.cli", "compile", str(src), "--top", top,
                           "-o", str(tmp_path / "out"), *args], capture_output=True, text=True)


def _report(tmp_path: Path) -> dict:
    return json.loads((tmp_path / "out" / "report.json").read_text())


def test_compile_flags_the_early_exit_tag_compare(tmp_path):
    proc = _compile(tmp_path, TAG, "tag_equal", "a,b")
    assert proc.returncode == 0, proc.stderr
    report = _report(tmp_path)
    assert report["secrets"] == ["a", "b"] and report["secret_independent"] is False
    assert [k["line"] for k in report["leaks"]] == [4] and report["exposures"] == []
    leak = report["leaks"][0]
    assert leak["kind"] == "loop exit" and leak["col"] == 13
    assert "depends on 'a' through `if (a[i] != b[i])`" in leak["why"]
    assert "tag_equal.c:4:13: warning: secret-dependent timing" in proc.stderr
    assert "secret-independent timing (a, b): NO" in proc.stderr
    assert "== Secret-independent timing: NO" in (tmp_path / "out" / "report.txt").read_text()


def test_compile_proves_nothing_wrong_with_the_constant_time_rewrite(tmp_path):
    proc = _compile(tmp_path, TAG_CT, "tag_equal", "a", "b")
    assert proc.returncode == 0, proc.stderr
    report = _report(tmp_path)
    assert report["secret_independent"] is True and report["leaks"] == []
    assert report["latency"]["min"] == report["latency"]["max"]


def test_compile_flags_square_and_multiply(tmp_path):
    assert _compile(tmp_path, MODEXP, "modexp", "exp").returncode == 0
    kinds = {(k["line"], k["kind"]) for k in _report(tmp_path)["leaks"]}
    assert (5, "branch") in kinds and (4, "loop exit") in kinds
    assert _compile(tmp_path, MODEXP, "modexp", "base").returncode == 0
    assert _report(tmp_path)["secret_independent"] is True   # the base only flows through data


def test_no_secret_no_section(tmp_path):
    assert _compile(tmp_path, TAG, "tag_equal").returncode == 0
    assert "secret_independent" not in _report(tmp_path)


@pytest.mark.parametrize("name, hint", [("key", "the arguments are: a, b"), ("aa", "did you mean 'a'?")])
def test_unknown_secret_is_a_clear_error(tmp_path, name, hint):
    proc = _compile(tmp_path, TAG, "tag_equal", name)
    assert proc.returncode == 2
    assert f"--secret names '{name}', which is not an argument of 'tag_equal'" in proc.stderr
    assert hint in proc.stderr and "Traceback" not in proc.stderr


# an operation byte in front of the secret bytes (as aes128-oop's 17-byte top): in[1..4] is secret
OP_BLOCK = """#include <stdint.h>
int op_block(const uint8_t in[5]) {
    int acc = 0;
    if (in[0] == 1) {
        for (int i = 1; i < 5; i++) acc += in[i] * 3;
    } else {
        for (int i = 1; i < 5; i++) acc ^= in[i];
    }
    return acc;
}
"""


def test_secret_elements_of_an_array_leave_the_operation_byte_public(tmp_path):
    assert _compile(tmp_path, OP_BLOCK, "op_block", "in[1..4]").returncode == 0
    report = _report(tmp_path)
    assert report["secrets"] == ["in[1..4]"] and report["secret_independent"] is True
    assert _compile(tmp_path, OP_BLOCK, "op_block", "in[0..4]").returncode == 0
    report = _report(tmp_path)
    assert report["secret_independent"] is False and (4, "branch") in {(k["line"], k["kind"]) for k in report["leaks"]}
    proc = _compile(tmp_path, OP_BLOCK, "op_block", "in[1..")
    assert proc.returncode == 2 and "write a range of elements as NAME[LO..HI]" in proc.stderr


def test_secret_elements_of_a_partitioned_array_leave_the_operation_byte_public(tmp_path):
    """ARRAY_PARTITION complete turns in[] into one port per element (aes128-oop/hls-registers): the
    element ports outside the declared range stay public."""
    partitioned = OP_BLOCK.replace("    int acc = 0;\n", "#pragma HLS ARRAY_PARTITION variable=in type=complete\n    int acc = 0;\n")
    assert "ARRAY_PARTITION" in partitioned
    assert _compile(tmp_path, partitioned, "op_block", "in[1..4]").returncode == 0
    assert _report(tmp_path)["secret_independent"] is True
    assert _compile(tmp_path, partitioned, "op_block", "in[0..1]").returncode == 0
    report = _report(tmp_path)
    assert report["secret_independent"] is False and 5 in {k["line"] for k in report["leaks"]}


# DATAFLOW: the secret travels from a top argument through a channel into the second process
DF = """#include <stdint.h>
#include "hls_stream.h"
static void scale(hls::stream<uint32_t> &in, hls::stream<uint32_t> &mid, uint32_t k) {
  mid.write(in.read() * k);
}
static void accumulate(hls::stream<uint32_t> &mid, hls::stream<uint32_t> &out) {
  static uint32_t acc = 0;
  uint32_t v = mid.read();
  acc += v;
  LEAK
}
void df_two(hls::stream<uint32_t> &in, hls::stream<uint32_t> &out, uint32_t k) {
#pragma HLS INTERFACE mode=ap_ctrl_none port=return
#pragma HLS INTERFACE mode=axis port=in
#pragma HLS INTERFACE mode=axis port=out
#pragma HLS DATAFLOW
  hls::stream<uint32_t> mid;
#pragma HLS STREAM variable=mid depth=4
  scale(in, mid, k);
  accumulate(mid, out);
}
"""


def _compile_cpp(tmp_path: Path, text: str, top: str, *secret: str) -> subprocess.CompletedProcess:
    src = tmp_path / f"{top}.cpp"
    src.write_text(text)
    args = [a for s in secret for a in ("--secret", s)]
    return subprocess.run([sys.executable, "-m", "cryptohls.cli", "compile", str(src), "--top", top,
                           "-o", str(tmp_path / "out"), *args], capture_output=True, text=True)


def test_dataflow_secret_follows_the_channels(tmp_path):
    proc = _compile_cpp(tmp_path, DF.replace("LEAK", "out.write(acc);"), "df_two", "k")
    assert proc.returncode == 0, proc.stderr
    report = _report(tmp_path)
    assert report["secret_independent"] is True and report["secret_channels"] == ["mid"]
    # the second process writes only when the value it got through the channel is odd
    proc = _compile_cpp(tmp_path, DF.replace("LEAK", "if (v & 1) out.write(acc);"), "df_two", "k")
    assert proc.returncode == 0, proc.stderr
    report = _report(tmp_path)
    assert report["secret_independent"] is False
    assert {(k["process"], k["line"]) for k in report["leaks"]} == {("accumulate", 10)}
    # a public top argument: no channel becomes secret
    assert _compile_cpp(tmp_path, DF.replace("LEAK", "if (v & 1) out.write(acc);"), "df_two", "in").returncode == 0
    assert _report(tmp_path)["secret_independent"] is False   # `in` reaches mid through the product too
