"""`cryptohls verify` (issue 22 item 3; item 4 in test_equivalence.py): the self-composition miter, planned from the core's ports and
proved by Yosys. An early-exit tag compare must be refuted with a counterexample; its constant-time
rewrite must be proved; bad requests are one clear error."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from cryptohls.designs import repo_root
from cryptohls.verify.miter import Port, miter_verilog, plan

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

PORTS = [Port("ap_clk", "input", 1), Port("ap_rst", "input", 1), Port("ap_start", "input", 1),
         Port("ap_done", "output", 1), Port("ap_idle", "output", 1), Port("ap_ready", "output", 1),
         Port("in_TDATA", "input", 128), Port("in_TVALID", "input", 1), Port("in_TREADY", "output", 1),
         Port("out_TDATA", "output", 128), Port("out_TVALID", "output", 1), Port("out_TREADY", "input", 1),
         Port("key", "input", 128), Port("n", "input", 8),
         Port("t_address0", "output", 4), Port("t_ce0", "output", 1), Port("t_q0", "input", 8)]
INTERFACE = {"block_protocol": "ap_ctrl_hs", "args": [
    {"name": "in", "mode": "axis", "direction": "in", "width": 128, "depth": None,
     "ports": {"data": "in_TDATA", "valid": "in_TVALID", "ready": "in_TREADY"}},
    {"name": "out", "mode": "axis", "direction": "out", "width": 128, "depth": None,
     "ports": {"data": "out_TDATA", "valid": "out_TVALID", "ready": "out_TREADY"}},
    {"name": "key", "mode": "ap_none", "direction": "in", "width": 128, "depth": None, "ports": {"in": "key"}},
    {"name": "n", "mode": "ap_none", "direction": "in", "width": 8, "depth": None, "ports": {"in": "n"}},
    {"name": "t", "mode": "ap_memory", "direction": "in", "width": 8, "depth": 16,
     "ports": {"address": "t_address0", "ce": "t_ce0", "q": "t_q0"}}]}


def test_plan_shares_public_inputs_and_handshakes_and_compares_control():
    p = plan(PORTS, INTERFACE, {"in", "key", "t"})
    assert [x.name for x in p.secret] == ["in_TDATA", "key"]
    assert [x.name for x in p.shared] == ["ap_start", "in_TVALID", "out_TREADY", "n"]
    assert [x.name for x in p.compared] == ["ap_done", "ap_idle", "ap_ready", "in_TREADY", "out_TVALID", "t_ce0"]
    assert [(m.arg, m.secret) for m in p.memories] == [("t", True)]
    text = miter_verilog("core", PORTS, p)
    assert "input wire [127:0] sec_x_key," in text and "input wire [127:0] sec_y_key," in text
    assert "input wire [127:0] sec_x_t_contents," in text and ".t_q0(x_t_q)" in text
    assert ".n(pub_n)" in text and "(x_out_TVALID != y_out_TVALID)" in text
    assert "out_TDATA !=" not in text         # data outputs may differ: they carry the secret


def test_plan_public_memory_is_shared():
    p = plan(PORTS, INTERFACE, {"key"})
    assert [(m.arg, m.secret) for m in p.memories] == [("t", False)]
    assert "input wire [127:0] pub_t_contents," in miter_verilog("core", PORTS, p)


def test_miter_connects_renamed_clock_and_reset():
    """A core compiled with --clock-port clk_i --reset-port rst_i (an LWC CipherCore): the miter drives
    those ports, and they are neither shared inputs nor left unconnected."""
    renamed = [Port("clk_i", "input", 1), Port("rst_i", "input", 1), *PORTS[2:]]
    p = plan(renamed, INTERFACE, {"key"}, ("clk_i", "rst_i"))
    assert "clk_i" not in [x.name for x in p.shared] and "rst_i" not in [x.name for x in p.shared]
    text = miter_verilog("core", renamed, p)
    assert text.count(".clk_i(clk)") == 2 and text.count(".rst_i(rst)") == 2 and "ap_clk" not in text


def _verify(name: str, text: str, *args: str, top: str = "tag_equal",
            suffix: str = ".c") -> tuple[subprocess.CompletedProcess, dict | None]:
    work = repo_root() / "build" / "tests" / "verify" / name
    work.mkdir(parents=True, exist_ok=True)
    src = work / f"tag{suffix}"
    src.write_text(text)
    proc = subprocess.run([sys.executable, "-m", "cryptohls.cli", "verify", str(src), "--top", top,
                           "-o", str(work / "out"), *args], capture_output=True, text=True)
    lines = proc.stdout.strip().splitlines()
    return proc, (json.loads(lines[-1]) if lines else None)


def test_early_exit_tag_compare_is_refuted_with_a_counterexample():
    proc, summary = _verify("early-exit", TAG, "--secret", "a", "--no-replay")
    assert proc.returncode == 1, proc.stderr
    assert summary["secret_independent"] is False and summary["equivalence"] == "proved"
    miter = summary["miter"]
    assert miter["status"] == "counterexample" and miter["cycles"] == 1 + 2 * (49 + 2)
    assert miter["first_difference"] > 1
    contents = miter["secrets"]["a_contents"]
    assert contents["x"] != contents["y"]
    assert [leak["line"] for leak in summary["leaks"]] == [4]
    assert "counterexample: the control outputs differ at cycle" in proc.stderr


def test_constant_time_tag_compare_is_proved():
    proc, summary = _verify("constant-time", TAG_CT, "--secret", "a,b")
    assert proc.returncode == 0, proc.stderr
    assert summary["secret_independent"] is True and summary["leaks"] == []
    assert summary["miter"]["status"] == "proved" and summary["miter"]["cycles"] == 1 + 2 * (32 + 2)
    assert {"ap_done", "a_ce0", "b_ce0"} <= set(summary["miter"]["compared"])


@pytest.mark.parametrize("args, message", [
    (["--secret", "k"], "--secret names 'k', which is not an argument of 'tag_equal'"),
    (["--secret", "a", "--cycles", "0"], "--cycles must be at least 1"),
    (["--no-equivalence"], "nothing to verify: name the secret arguments with --secret"),
])
def test_bad_requests_are_one_clear_error(args, message):
    proc, _ = _verify("bad", TAG_CT, *args)
    assert proc.returncode == 2 and message in proc.stderr and "Traceback" not in proc.stderr


def _verify_variant(*args: str) -> tuple[subprocess.CompletedProcess, dict | None]:
    work = repo_root() / "build" / "tests" / "verify" / "variant"
    proc = subprocess.run([sys.executable, "-m", "cryptohls.cli", "verify", *args, "-o", str(work)],
                          capture_output=True, text=True)
    lines = proc.stdout.strip().splitlines()
    return proc, (json.loads(lines[-1]) if lines and lines[-1].startswith("{") else None)


def test_library_variant_uses_its_declared_secrets():
    proc, summary = _verify_variant("aes128-ecb-enc/hls-v2", "--no-equivalence")
    assert proc.returncode == 0, proc.stderr
    assert summary["top"] == "aes128_encrypt" and summary["secrets"] == ["key", "in"]
    assert summary["secret_independent"] is True and summary["miter"]["cycles"] == 1 + 2 * (10 + 2)


@pytest.mark.parametrize("args, message", [
    (["aes128-ecb-enc/rtl"], "aes128-ecb-enc/rtl is an rtl variant without a declared boundary"),
    (["aes128-ecb-enc/hls-v9"], "unknown variant 'aes128-ecb-enc/hls-v9'"),
    (["aes128-ecb-enc/hls-v2", "--top", "f"], "--top is not used with a variant"),
])
def test_bad_variant_requests_are_one_clear_error(args, message):
    proc, _ = _verify_variant(*args)
    assert proc.returncode == 2 and message in proc.stderr and "Traceback" not in proc.stderr


def test_plan_secret_elements_share_the_others():
    p = plan(PORTS, INTERFACE, {"t[1..3]"})
    assert [(m.arg, m.secret, m.elements) for m in p.memories] == [("t", True, (1, 3))]
    text = miter_verilog("core", PORTS, p)
    assert "input wire [127:0] pub_t_contents," in text and "input wire [127:0] sec_x_t_contents," in text
    assert "x_t_mem[0] <= pub_t_contents[7:0];" in text and "y_t_mem[0] <= pub_t_contents[7:0];" in text
    assert "x_t_mem[3] <= sec_x_t_contents[31:24];" in text and "y_t_mem[4] <= pub_t_contents[39:32];" in text


def test_library_artifact_report_has_the_verdict_and_the_same_verilog(tmp_path):
    """The artifact store (shared by sim and bench) compiles a variant with its declared secrets: report.json
    carries the compiler's verdict, the key differs, and the Verilog is byte for byte the one without."""
    from cryptohls.designs import find_variant
    from cryptohls.hls.artifacts import compiled

    variant = find_variant("aes128-ecb-enc/hls-v2")
    (src,) = [s for s in variant.sources() if s.suffix == ".c"]
    with_secrets = compiled(src, variant.hls_top, clock_ns=12.0, store=tmp_path, secrets=variant.secrets)
    plain = compiled(src, variant.hls_top, clock_ns=12.0, store=tmp_path)
    assert variant.secrets == ("key", "in") and with_secrets.key != plain.key
    report = with_secrets.report
    assert report["secrets"] == ["key", "in"] and report["secret_independent"] is True and report["leaks"] == []
    assert "secret_independent" not in plain.report
    assert with_secrets.verilog.read_bytes() == plain.verilog.read_bytes()


def test_z3_miter_decides_a_long_bound_on_a_small_core():
    """The Z3 route names each cycle's state slices by fresh variables (one name when the two copies'
    terms are the same): 301 cycles of the constant-time compare (about nine calls) are proved, and the
    early exit is refuted at once, in seconds each."""
    proc, summary = _verify("long-ct", TAG_CT, "--secret", "a,b", "--no-equivalence", "--cycles", "301")
    assert proc.returncode == 0, proc.stderr
    assert summary["miter"]["status"] == "proved" and summary["miter"]["solver"] == "z3"
    assert summary["miter"]["cycles"] == 301 and summary["miter"]["seconds"] < 60
    proc, summary = _verify("long-early", TAG, "--secret", "a", "--no-equivalence", "--cycles", "301", "--no-replay")
    assert proc.returncode == 1, proc.stderr
    assert summary["miter"]["status"] == "counterexample" and summary["miter"]["first_difference"] > 1
    assert summary["miter"]["secrets"]["a_contents"]["x"] != summary["miter"]["secrets"]["a_contents"]["y"]
    report = json.loads((repo_root() / "build" / "tests" / "verify" / "long-early" / "out" / "hls" /
                         "report.json").read_text())
    assert report["secret_independent"] is False       # the compiler's verdict, and the miter's beside it
    assert report["secret_independence_proof"]["status"] == "counterexample"


@pytest.mark.slow
def test_yosys_miter_route_agrees():
    proc, summary = _verify("yosys-ct", TAG_CT, "--secret", "a,b", "--no-equivalence", "--miter-solver", "yosys")
    assert proc.returncode == 0, proc.stderr
    assert summary["miter"]["status"] == "proved" and summary["miter"]["solver"] == "yosys"


def _first_mismatch(a: str, b: str) -> int:
    """The index of the first byte where two memory contents (hex, element 0 in the low bits) differ; 16 if none."""
    x, y = int(a, 16), int(b, 16)
    return next((i for i in range(16) if (x >> 8 * i) & 0xFF != (y >> 8 * i) & 0xFF), 16)


def test_counterexample_is_replayed_in_cosim_with_two_cycle_counts():
    """The miter's two secrets become two calls of the C top in cosim: the call whose `a` matches `b`
    longer runs the loop longer; the one that matches everywhere takes the full latency, 49 cycles."""
    proc, summary = _verify("replay", TAG, "--secret", "a", "--no-equivalence")
    assert proc.returncode == 1, proc.stderr
    miter = summary["miter"]
    b = miter["public"]["b_contents"]
    reach = {c: _first_mismatch(miter["secrets"]["a_contents"][c], b) for c in "xy"}
    replay = miter["replay"]
    assert replay["status"] == "replayed" and replay["differ"] is True, replay
    cycles = replay["cycles"]
    assert reach["x"] != reach["y"] and (cycles["x"] > cycles["y"]) == (reach["x"] > reach["y"])
    for c in "xy":
        assert (cycles[c] == 49) == (reach[c] == 16) and 3 <= cycles[c] <= 49
    assert f"copy x's call takes {cycles['x']} cycles, copy y's {cycles['y']}" in proc.stderr
    tb = (repo_root() / "build" / "tests" / "verify" / "replay" / "out" / "replay" / "replay_tb.c").read_text()
    assert "tag_equal(a, b)" in tb and "a_y[16]" in tb


def test_replay_inputs_take_secret_elements_per_copy_and_the_others_shared():
    from cryptohls.verify.replay import replay_inputs

    p = plan(PORTS[:3] + PORTS[-3:], {"block_protocol": "ap_ctrl_hs", "args": [INTERFACE["args"][-1]]}, {"t[1..2]"})
    secrets = {"t_contents": {"x": "000000aabb00", "y": "000000ccdd00"}}
    public = {"t_contents": "0000000000112233"}
    got = {c: replay_inputs({"args": [INTERFACE["args"][-1]]}, p, secrets, public, c)["t"][:4] for c in "xy"}
    assert got == {"x": [0x33, 0xbb, 0xaa, 0x00], "y": [0x33, 0xdd, 0xcc, 0x00]}
    stream = {"args": [INTERFACE["args"][0]]}
    assert replay_inputs(stream, plan(PORTS, stream, set()), {}, {}, "x") is None


def test_data_independent_control_is_proved_for_every_cycle_by_induction():
    """aes128-ecb-enc/hls-v1 (latency in the thousands): the copies' FSM and loop counters stay equal
    whatever the key, so the proof needs no bound (relational.induction)."""
    work = repo_root() / "build" / "tests" / "verify" / "induction"
    proc = subprocess.run([sys.executable, "-m", "cryptohls.cli", "verify", "aes128-ecb-enc/hls-v1", "--no-equivalence",
                           "--timeout", "120", "-o", str(work)], capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr
    summary = json.loads(proc.stdout.strip().splitlines()[-1])
    miter = summary["miter"]
    assert miter["status"] == "proved" and miter["bound"].startswith("every cycle (induction")
    assert miter["induction"]["proved"] is True and miter["induction"]["registers_dropped"] == []


def test_leaky_log_antilog_multiply_is_refuted_by_a_simulated_witness_of_the_miter():
    """aes128-ecb-enc/hls-v0's `if (a && b)` multiply (aes_v0.c:73) skips the table look-ups for a zero
    byte: random keys already give the two copies different cycles, found by simulating the miter
    (verify/witness.py) before any solver; the diagnosis names the line."""
    work = repo_root() / "build" / "tests" / "verify" / "witness"
    proc = subprocess.run([sys.executable, "-m", "cryptohls.cli", "verify", "aes128-ecb-enc/hls-v0", "--no-equivalence",
                           "--no-replay", "--timeout", "60", "-o", str(work)], capture_output=True, text=True)
    assert proc.returncode == 1, proc.stderr
    summary = json.loads(proc.stdout.strip().splitlines()[-1])
    miter = summary["miter"]
    assert miter["status"] == "counterexample" and miter["found_by"].startswith("random simulation of the miter")
    assert 1 < miter["first_difference"] <= miter["cycles"]
    assert miter["secrets"]["key_contents"]["x"] != miter["secrets"]["key_contents"]["y"]
    assert {leak["line"] for leak in summary["leaks"]} == {73}
    assert "DIFFER" in (work / "miter" / "witness.log").read_text()


OP_SUM = """#include <stdint.h>
void op_sum(const uint8_t in[5], uint8_t out[1]) {
    uint8_t s = 0;
    switch (in[0]) {
    case 1:
        for (int i = 1; i < 5; i++)
            s += in[i];
        break;
    case 2:
        for (int i = 1; i < 5; i++)
            s ^= (uint8_t)(in[i] * 3);
        break;
    default:
        break;
    }
    out[0] = s;
}
"""


def test_public_operation_read_through_the_secrets_port_is_proved_by_two_step_induction():
    """aes128-oop's shape in small: the FSM branches on the public in[0], read through the same memory
    port and read register as the secret in[1..4]. One step cannot tie the decode state to the address
    read before it (in a free state the read register may hold a secret); two steps can, from a common
    power-up state of both copies (the read register has no reset)."""
    proc, summary = _verify("op-sum", OP_SUM, "--secret", "in[1..4]", "--no-equivalence", "--timeout", "120",
                            top="op_sum")
    assert proc.returncode == 0, proc.stderr
    miter = summary["miter"]
    assert miter["status"] == "proved" and miter["bound"].startswith("every cycle (2-induction"), miter
    assert miter["induction"]["depth"] == 2 and "miter.in_q" in miter["induction"]["registers_dropped"]


# aes128-oop's static objects in small: the constructor guard `acc_constructed_q` is an 8-bit register
# of which Yosys keeps one state bit (the rest constant 0)
OP_STATIC = """#include <stdint.h>
class Acc {
public:
    Acc() : s(0) {}
    void add(const uint8_t *v) { for (int i = 0; i < 4; i++) s += v[i]; }
    uint8_t s;
};
void op_static(const uint8_t in[5], uint8_t out[1]) {
    static Acc acc;
    switch (in[0]) {
    case 1:
        acc.add(&in[1]);
        break;
    default:
        break;
    }
    out[0] = acc.s;
}
"""


def test_a_register_with_constant_bits_is_paired_by_its_state_bits():
    """The guard register's pair was left out of the common power-up state (its value is not one state
    slice), so the loop counter it gates differed in the reset cycle and the induction lost the FSM:
    aes128-oop/hls stayed unknown for that reason alone. Paired by its state bit, 2-induction proves it."""
    proc, summary = _verify("op-static", OP_STATIC, "--secret", "in[1..4]", "--no-equivalence", "--timeout", "120",
                            top="op_static", suffix=".cpp")
    assert proc.returncode == 0, proc.stderr
    miter = summary["miter"]
    assert miter["status"] == "proved" and miter["bound"].startswith("every cycle (2-induction"), miter
    assert "i_q" not in miter["induction"]["registers_dropped"]


def test_library_variant_request_takes_the_variants_defines():
    from cryptohls.verify.library import variant_request

    request = variant_request("aes128-oop/hls-block2", None)
    assert request.options.defines == ("AES_KS_BLOCK=2",) and request.secrets == ("in[1..16]",)
    assert request.options.clock_ns == 73.75


def test_plan_secret_elements_of_a_partitioned_array_share_the_others():
    ports = PORTS[:6] + [Port(f"v_{i}", "input", 8) for i in range(4)]
    interface = {"block_protocol": "ap_ctrl_hs", "args": [
        {"name": "v", "mode": "ap_none", "direction": "in", "width": 8, "depth": 4,
         "ports": {"elements": [f"v_{i}" for i in range(4)]}}]}
    p = plan(ports, interface, {"v[1..2]"})
    assert [q.name for q in p.secret] == ["v_1", "v_2"]
    assert {"v_0", "v_3"} <= {q.name for q in p.shared}
