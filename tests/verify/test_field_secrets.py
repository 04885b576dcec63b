"""`cryptohls verify` with secrets finer than a stream (issue 33 item 4): ``STREAM.FIELD`` makes one field
of a stream secret and leaves its handshake and other fields public; hand-written cores are verified
through a declared boundary (the LWC CipherCore's: lwc/boundary.py). Each small core here is verified
twice: once with its control steered by a public field (proved) and once by the secret field (refuted),
so the check is shown to be able to fail."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from cryptohls.designs import find_variant, repo_root
from cryptohls.errors import UserError
from cryptohls.hls import CompileOptions
from cryptohls.lwc.boundary import CIPHER_CORE, Stream
from cryptohls.verify import VerifyRequest, verify
from cryptohls.verify.library import variant_request
from cryptohls.verify.miter import Port, miter_verilog, plan
from cryptohls.verify.secrets import FieldSecret, split_secrets

# A word stream with a public length field: after each word the core waits DELAY cycles before it takes
# the next one, DELAY from the public `len` (LEAK = 0) or from the secret `data` (LEAK = 1).
WAIT_CORE = """`default_nettype none
module wait_core #(parameter integer LEAK = 0) (
    input  wire       clk_i,
    input  wire       rst_i,
    input  wire [7:0] in_data,
    input  wire [1:0] in_len,
    input  wire       in_valid,
    output wire       in_ready,
    output wire [7:0] out_data,
    output wire [1:0] out_len,
    output wire       out_valid,
    input  wire       out_ready
);
    reg [1:0] wait_q;
    reg       full_q;
    reg [7:0] data_q;
    reg [1:0] len_q;
    assign in_ready = !full_q && wait_q == 2'd0;
    assign out_valid = full_q;
    assign out_data = data_q;
    assign out_len = len_q;
    always @(posedge clk_i) begin
        if (rst_i) begin
            wait_q <= 2'd0;
            full_q <= 1'b0;
        end else begin
            if (wait_q != 2'd0) wait_q <= wait_q - 2'd1;
            if (full_q && out_ready) full_q <= 1'b0;
            if (in_valid && in_ready) begin
                full_q <= 1'b1;
                data_q <= in_data ^ 8'h5a;
                len_q  <= in_len;
                wait_q <= LEAK ? in_data[1:0] : in_len;
            end
        end
    end
endmodule
"""
def _work(name: str, fresh: bool = True) -> Path:
    """A work folder outside /tmp (the YoWASP tools cannot read /tmp), emptied of an earlier run."""
    work = repo_root() / "build" / "tests" / "verify-fields" / name
    if fresh:
        shutil.rmtree(work, ignore_errors=True)
    work.mkdir(parents=True, exist_ok=True)
    return work


WAIT_STREAMS = (Stream("in", "in", "in_valid", "in_ready", ("in_data", "in_len")),
                Stream("out", "out", "out_valid", "out_ready", ("out_data", "out_len"), public_fields=("out_len",)))


def _verify_rtl(name: str, leak: int, secrets=("in.in_data",), streams=WAIT_STREAMS) -> dict:
    work = _work(name)
    src = work / "wait_core.v"
    src.write_text(WAIT_CORE)
    request = VerifyRequest(src, "wait_core", tuple(secrets), work / "out",
                            CompileOptions(clock_port="clk_i", reset_port="rst_i"), equivalence=False,
                            replay=False, timeout_s=60, rtl_sources=(src,), parameters={"LEAK": leak},
                            streams=streams)
    return verify(request)


def test_hand_written_core_with_public_length_field_is_proved():
    got = _verify_rtl("wait-public", leak=0)
    assert got["secret_independent"] is True, got
    assert got["miter"]["compared"] == ["in_ready", "out_valid", "out_len (while out_valid)"]
    miter = (_work("wait-public", fresh=False) / "out" / "miter" / "cryptohls_miter.v").read_text()
    assert "sec_x_in_data" in miter and "pub_in_len" in miter and "pub_in_valid" in miter
    assert "wait_core #(.LEAK(0)) copy_x" in miter


def test_hand_written_core_whose_handshake_follows_the_secret_field_is_refuted():
    got = _verify_rtl("wait-leak", leak=1)
    assert got["secret_independent"] is False, got
    assert got["miter"]["status"] == "counterexample"
    assert "in_data" in got["miter"]["secrets"]


def test_public_output_field_is_compared_while_valid():
    # out_len copies the public in_len: declared public, it is compared; were it the data, it would differ
    streams = (WAIT_STREAMS[0], Stream("out", "out", "out_valid", "out_ready", ("out_data", "out_len"),
                                       public_fields=("out_data",)))
    got = _verify_rtl("wait-data-declared-public", leak=0, streams=streams)
    assert got["secret_independent"] is False, got


# The same two behaviours in C++ on a valid_ready stream of a struct (a port per field).
HLS_CORE = """#include "ap_int.h"
#include "hls_stream.h"
struct in_bus { ap_uint<8> w_data; ap_uint<2> w_len; bool w_last; };
void pick(hls::stream<in_bus> &w, hls::stream<ap_uint<8> > &o) {
#pragma HLS INTERFACE mode=ap_ctrl_none port=return
#pragma HLS INTERFACE mode=valid_ready port=w
#pragma HLS INTERFACE mode=valid_ready port=o
  in_bus x = w.read();
  if (STEER != 0)
    o.write(x.w_data + 1);
}
"""


@pytest.mark.parametrize("steer, proved", [("x.w_len", True), ("x.w_data[0]", False)])
def test_hls_struct_stream_field_secret(steer, proved):
    work = _work(f"pick-{proved}")
    src = work / "pick.cpp"
    src.write_text(HLS_CORE)
    request = VerifyRequest(src, "pick", ("w.w_data",), work / "out",
                            CompileOptions(defines=(f"STEER={steer}",)), equivalence=False, replay=False,
                            timeout_s=60)
    got = verify(request)
    assert got["secret_independent"] is proved, got
    assert got["secrets"] == ["w.w_data"]
    report = json.loads((work / "out" / "hls" / "report.json").read_text())
    assert "secrets" not in report       # the compiler's diagnosis follows whole arguments only


def test_split_secrets():
    assert split_secrets(("key", "bdi.bdi", "in[1..16]")) == (("key", "in[1..16]"), (FieldSecret("bdi", "bdi"),))
    with pytest.raises(UserError, match="STREAM.FIELD"):
        split_secrets(("bdi.bdi.x",))


LWC_PORTS = [Port("clk_i", "input", 1), Port("rst_i", "input", 1)] + [
    Port(n, "input" if d == "in" else "output", 1) for s in CIPHER_CORE
    for n, d in [(s.valid, s.direction), (s.ready, "out" if s.direction == "in" else "in")]] + [
    Port(f, "input" if s.direction == "in" else "output", 32 if f in ("key", "bdi", "bdo") else 4)
    for s in CIPHER_CORE for f in s.fields]


def test_lwc_boundary_plan_bdi_data_secret_fields_public():
    p = plan(LWC_PORTS, None, {"key", "bdi.bdi"}, ("clk_i", "rst_i"), streams=list(CIPHER_CORE))
    assert [x.name for x in p.secret] == ["bdi", "key", "key_update"]
    assert {"bdi_type", "bdi_size", "bdi_valid_bytes", "bdi_eot", "bdi_eoi", "decrypt_in", "hash_in",
            "bdi_valid", "key_valid", "bdo_ready", "msg_auth_ready"} <= {x.name for x in p.shared}
    assert p.compared_names() == ["bdi_ready", "bdo_valid", "key_ready", "msg_auth_valid",
                                  "bdo_type (while bdo_valid)", "bdo_valid_bytes (while bdo_valid)",
                                  "end_of_block (while bdo_valid)"]
    text = miter_verilog("core", LWC_PORTS, p)
    assert "(x_bdo_valid && (x_bdo_type != y_bdo_type))" in text
    assert "bdo !=" not in text and "msg_auth !=" not in text     # data and the tag verdict may differ


@pytest.mark.parametrize("secret, message", [
    ("bdii.bdi", "no stream 'bdii'.*did you mean 'bdi.bdi'"),
    ("bdi.bdj", "has no field 'bdj'.*did you mean 'bdi.bdi'"),
    ("bdo.bdo", "output stream"),
    ("nonce", "neither a stream nor an input port"),
])
def test_bad_field_secrets_are_one_clear_error(secret, message):
    with pytest.raises(UserError) as err:
        plan(LWC_PORTS, None, {secret}, ("clk_i", "rst_i"), streams=list(CIPHER_CORE))
    assert __import__("re").search(message, f"{err.value.message} {err.value.hint}")


def test_lwc_rtl_variant_request_is_its_core_with_parameters():
    request = variant_request("ascon-aead128/rtl-u2", None)
    assert request.top == "ascon_aead128_core" and request.parameters == {"ROUNDS": 2}
    assert request.streams == CIPHER_CORE and set(request.secrets) == {"key", "bdi.bdi"}
    assert not any("lwc-frame" in str(p) and p.name.endswith("_lwc.v") for p in request.rtl_sources)
    hls = variant_request("aes128-gcm/hls", None)
    assert hls.top == "aes128_gcm_hls_core" and hls.streams == CIPHER_CORE and "bdi.bdi" in hls.secrets


def test_a_core_behind_the_gearbox_is_verified_with_it():
    """W = 32 < CCW: the module verified is the generated <core>_w32 (lwc_ccw_gearbox + core), what the
    frame connects to, not the bare core (the rtl variant's proof)."""
    request = variant_request("morus1280128v1/rtl-w32", None)
    names = [p.name for p in request.rtl_sources]
    assert request.top == "morus1280128v1_core_w32" and request.src.name == "morus1280128v1_core_w32.v"
    assert "lwc_ccw_gearbox.v" in names and "morus1280128v1_lwc_w32.v" not in names and request.parameters == {}


def test_variant_secrets_for_the_compiler_leave_the_fields_out():
    variant = find_variant("ascon-aead128/hls")
    assert variant.declared_secrets == ("key", "bdi.bdi") and variant.secrets == ("key",)
    assert find_variant("aes128-oop/hls").secrets == ("in[1..16]",)


def test_command_line_field_secret_on_a_variant_is_checked():
    run = subprocess.run([sys.executable, "-m", "cryptohls.cli", "verify", "ascon-aead128/rtl", "--secret", "bdi.nope"],
                         capture_output=True, text=True)
    assert run.returncode == 2 and "has no field 'nope'" in run.stderr and "Traceback" not in run.stderr


LWC_VARIANTS = ["ascon-aead128/rtl", "ascon-aead128/rtl-u2", "ascon-aead128/hls", "ascon-aead128/hls-u2",
                "aes128-gcm/rtl", "aes128-gcm/hls"]


@pytest.mark.slow
@pytest.mark.parametrize("variant", LWC_VARIANTS)
def test_lwc_cipher_core_is_proved_with_key_and_data_secret(variant):
    """docs/verify.md, "Field-level secrets": 5 to 50 s each on the shared machine."""
    out = _work(variant.replace("/", "-"))
    run = subprocess.run([sys.executable, "-m", "cryptohls.cli", "verify", variant, "--no-equivalence",
                          "--timeout", "300", "-o", str(out)], capture_output=True, text=True)
    summary = json.loads(run.stdout.strip().splitlines()[-1])
    assert run.returncode == 0, run.stderr
    assert summary["secrets"] == ["key", "bdi.bdi"] and summary["secret_independent"] is True
    assert summary["miter"]["bound"].startswith("every cycle")


# A registered output stream of a struct: the compiler keeps the data and the public length in one output
# register, of which the two copies agree on the length bits only.
PACKED_CORE = """#include "ap_int.h"
#include "hls_stream.h"
struct in_bus { ap_uint<8> w_data; ap_uint<2> w_len; };
struct out_bus { ap_uint<8> o_data; ap_uint<2> o_len; };
void pack_len(hls::stream<in_bus> &w, hls::stream<out_bus> &o) {
#pragma HLS INTERFACE mode=ap_ctrl_none port=return
#pragma HLS INTERFACE mode=valid_ready port=w
#pragma HLS INTERFACE mode=valid_ready port=o register
  in_bus x = w.read();
  out_bus y;
  y.o_data = x.w_data ^ 0x5a;
  y.o_len = x.w_len;
  o.write(y);
}
"""


def test_register_packing_public_framing_with_secret_data_is_proved_for_every_cycle():
    """The induction pairs the copies' registers by the parts the compared outputs read (o_len of the
    packed output register), not as a whole: proved for every cycle, not only over the bounded run."""
    work = _work("packed")
    src = work / "packed.cpp"
    src.write_text(PACKED_CORE)
    streams = (Stream("w", "in", "w_valid", "w_ready", ("w_data", "w_len")),
               Stream("o", "out", "o_valid", "o_ready", ("o_data", "o_len"), public_fields=("o_len",)))
    got = verify(VerifyRequest(src, "pack_len", ("w.w_data",), work / "out", CompileOptions(), equivalence=False,
                               replay=False, timeout_s=60, streams=streams))
    assert got["secret_independent"] is True, got
    assert got["miter"]["bound"].startswith("every cycle"), got["miter"]
    assert "o_len (while o_valid)" in got["miter"]["compared"]
