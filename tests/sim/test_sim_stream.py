"""`cryptohls sim` for free-running HLS stream cores (interfaces ap_ctrl_none_stream and lwc_axis).

The HLS core is compiled, wrapped in a generated wires-only adapter with the RTL's port names
(cryptohls.sim.stream_adapter) and measured by the RTL's own testbench. Tested here:

- the adapter: port roles from report.json (axis and ap_fifo naming), widths checked, lint-clean;
- the whole path on two tiny XOR "ciphers" (data/xor1_stream.cpp, data/xor2_stream.cpp) whose
  answers and cycle counts are known: exact latency and interval, every output checked under random
  back-pressure and key changes; the XOR core declared as AES must fail `cryptohls sim` (exit 1);
- the case-study cores of issue 6 on their published and random (or LWC) vectors. Their latency and
  interval are NOT fixed here (the compiler is still being improved): the measured figures must equal
  what the compiler reports from its schedule, and the interval respect the rolled loop's bound.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from cryptohls.designs import find_variant, repo_root
from cryptohls.errors import UserError
from cryptohls.sim.runner import build_and_run
from cryptohls.sim.stream_adapter import adapter_name, write_adapter
from cryptohls.sim.stream_core import compile_stream_core, compile_variant

HERE = Path(__file__).parent
DATA = HERE / "data"
BUILD = repo_root() / "build" / "test_sim_stream"


def run_sim(variant: str, *args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "cryptohls.cli", "sim", variant, *args,
                           "--build-dir", str(BUILD)],
                          capture_output=True, text=True, timeout=600, env={**os.environ, **(env or {})})


def last_json(stdout: str) -> dict:
    return json.loads(stdout.strip().splitlines()[-1])


# ---- the adapter ------------------------------------------------------------------------------

def stream_arg(name: str, direction: str, data: str, valid: str, ready: str, mode: str = "axis") -> dict:
    return {"name": name, "direction": direction, "mode": mode,
            "ports": {"data": data, "valid": valid, "ready": ready}}


KEY_ARG = {"name": "key", "direction": "in", "mode": "ap_none", "ports": {"in": "key"}}
FIFO_CORE = """`default_nettype none
module fifo_core (
  input wire ap_clk,
  input wire ap_rst,  // synchronous, active high
  input wire [127:0] key,
  input wire [{in_msb}:0] in_dout,
  input wire in_empty_n,
  output wire in_read,
  output wire [127:0] out_din,
  input wire out_full_n,
  output wire out_write
);
  // a stub with the ports of an ap_fifo stream core: only the adapter is under test
  wire unused = &{{ap_clk, ap_rst, key, in_dout, in_empty_n, out_full_n}};
  assign in_read = 1'b0;
  assign out_write = 1'b0;
  assign out_din = 128'd0;
endmodule
`default_nettype wire
"""
FIFO_INTERFACE = {"block_protocol": "ap_ctrl_none",
                  "args": [stream_arg("in", "in", "in_dout", "in_empty_n", "in_read", "ap_fifo"),
                           stream_arg("out", "out", "out_din", "out_write", "out_full_n", "ap_fifo"),
                           KEY_ARG]}
LWC_CORE = """`default_nettype none
module lwc_core (
  input wire ap_clk,
  input wire ap_rst,
  input wire [31:0] pdi_TDATA,
  input wire pdi_TVALID,
  output wire pdi_TREADY,
  input wire [31:0] sdi_TDATA,
  input wire sdi_TVALID,
  output wire sdi_TREADY,
  output wire [32:0] dout_TDATA,
  output wire dout_TVALID,
  input wire dout_TREADY
);
  wire unused = &{ap_clk, ap_rst, pdi_TDATA, pdi_TVALID, sdi_TDATA, sdi_TVALID, dout_TREADY};
  assign pdi_TREADY = 1'b0;
  assign sdi_TREADY = 1'b0;
  assign dout_TDATA = 33'd0;
  assign dout_TVALID = 1'b0;
endmodule
`default_nettype wire
"""
LWC_INTERFACE = {"block_protocol": "ap_ctrl_none",
                 "args": [stream_arg("pdi", "in", "pdi_TDATA", "pdi_TVALID", "pdi_TREADY"),
                          stream_arg("sdi", "in", "sdi_TDATA", "sdi_TVALID", "sdi_TREADY"),
                          # report.json's width of this arg may be the C storage width; the header counts
                          {**stream_arg("dout", "out", "dout_TDATA", "dout_TVALID", "dout_TREADY"), "width": 64}]}


def write_core(tmp_path: Path, text: str, name: str) -> Path:
    path = tmp_path / f"{name}.v"
    path.write_text(text)
    return path


def connections(adapter: str) -> dict[str, str]:
    return dict(re.findall(r"\.(\w+)\(([^()]*)\)", adapter))


def test_block_adapter_maps_the_ap_fifo_roles_onto_the_c2_ports(tmp_path):
    core = write_core(tmp_path, FIFO_CORE.format(in_msb=127), "fifo_core")
    path, name = write_adapter(core, FIFO_INTERFACE, "fifo_core", "block", tmp_path / "a")
    assert name == adapter_name("fifo_core", "block") == "fifo_core_c2_ports"
    assert connections(path.read_text()) == {
        "ap_clk": "clk_i", "ap_rst": "rst_i", "key": "key_i", "in_dout": "in_data_i",
        "in_empty_n": "in_valid_i", "in_read": "in_ready_o", "out_din": "out_data_o",
        "out_write": "out_valid_o", "out_full_n": "out_ready_i"}


def test_ctr_adapter_puts_start_and_blocks_on_one_tagged_stream(tmp_path):
    core = write_core(tmp_path, FIFO_CORE.format(in_msb=128), "fifo_core")
    text = write_adapter(core, FIFO_INTERFACE, "fifo_core", "ctr", tmp_path / "a")[0].read_text()
    assert connections(text)["in_dout"] == "word"
    assert "wire [128:0] word = start_valid_i ? {1'b1, iv_i, ctr_i} : {1'b0, in_data_i};" in text
    assert "assign in_ready_o = word_ready & ~start_valid_i;" in text      # a start has priority


def test_lwc_adapter_splits_do_last_from_the_33_bit_word(tmp_path):
    core = write_core(tmp_path, LWC_CORE, "lwc_core")
    text = write_adapter(core, LWC_INTERFACE, "lwc_core", "lwc", tmp_path / "a")[0].read_text()
    assert connections(text) == {
        "ap_clk": "clk_i", "ap_rst": "rst_i", "pdi_TDATA": "pdi_data", "pdi_TVALID": "pdi_valid",
        "pdi_TREADY": "pdi_ready", "sdi_TDATA": "sdi_data", "sdi_TVALID": "sdi_valid",
        "sdi_TREADY": "sdi_ready", "dout_TDATA": "do_word", "dout_TVALID": "do_valid",
        "dout_TREADY": "do_ready"}
    assert "assign do_last = do_word[32];" in text and "assign do_data = do_word[31:0];" in text


def test_adapter_refuses_a_core_whose_ports_do_not_fit(tmp_path):
    core = write_core(tmp_path, FIFO_CORE.format(in_msb=127), "fifo_core")
    with pytest.raises(UserError, match=r"do not fit the ctr adapter: input streams \[128\]"):
        write_adapter(core, FIFO_INTERFACE, "fifo_core", "ctr", tmp_path / "a")
    with pytest.raises(UserError, match="free-running core"):
        write_adapter(core, {**FIFO_INTERFACE, "block_protocol": "ap_ctrl_hs"}, "fifo_core", "block",
                      tmp_path / "a")


@pytest.mark.parametrize("shape", ["block", "ctr", "lwc"])
def test_adapters_are_lint_clean(tmp_path, shape):
    top, text, interface = (("lwc_core", LWC_CORE, LWC_INTERFACE) if shape == "lwc" else
                            ("fifo_core", FIFO_CORE.format(in_msb=128 if shape == "ctr" else 127),
                             FIFO_INTERFACE))
    core = write_core(tmp_path, text, top)
    adapter, name = write_adapter(core, interface, top, shape, tmp_path / "a")
    proc = subprocess.run(["verilator", "--lint-only", "-Wall", "--top-module", name, str(core), str(adapter)],
                          capture_output=True, text=True)
    assert proc.returncode == 0 and "%Warning" not in proc.stderr, proc.stderr


# ---- the XOR kernels: the whole path with known answers ---------------------------------------

def run_xor_kernel(request, top: str, rounds: int) -> dict:
    """Compile data/<kernel>.cpp with the product code, run stream_xor_cocotb on its adapter (Icarus:
    a tiny model, no C++ build); returns the measured latency, interval and blocks."""
    core = compile_stream_core(DATA / f"{top.split('_')[0]}_stream.cpp", top, clock_ns=12.0, shape="block",
                               build_dir=BUILD, label=top)
    run_dir = BUILD / "runs" / re.sub(r"[^A-Za-z0-9_.-]+", "_", request.node.name)
    shutil.rmtree(run_dir, ignore_errors=True)
    run_dir.mkdir(parents=True)
    config, result = run_dir / "config.json", run_dir / "result.json"
    config.write_text(json.dumps({"rounds": rounds, "seed": 5, "result": str(result)}))
    run = build_and_run(sources=core.sources, top=core.top, test_module="stream_xor_cocotb", test_dir=HERE,
                        simulator="icarus", run_dir=run_dir, extra_env={"XOR_STREAM_CONFIG": str(config)},
                        build_root=BUILD)
    assert run.passed, run.summary()
    return json.loads(result.read_text())


def test_xor1_kernel_one_word_per_cycle(request):
    # out.write(in.read() ^ key) in a forever loop with a registered output: the word accepted in
    # cycle 0 is valid from cycle 1, and a loop iteration cannot take less than one cycle.
    assert run_xor_kernel(request, "xor1_core", 1) == {"latency": 1, "interval": 1, "blocks": 24 + 150}


def test_xor2_kernel_rolled_two_round_loop(request):
    # H (read, key) in cycle 0, rounds in cycles 1 and 2 with the write chained into round 2 and the
    # next H overlapped with it: latency 1 + 2, interval 2 (items 1-6 of aes128-ecb-enc/hls/README.md
    # for a 2-round loop; the compiler reaches them for this nest).
    assert run_xor_kernel(request, "xor2_core", 2) == {"latency": 3, "interval": 2, "blocks": 24 + 150}


def test_a_wrong_stream_core_fails_cryptohls_sim(tmp_path):
    # The XOR kernel declared as an AES-128 encryption core: it compiles, runs and is wrong.
    design = tmp_path / "xor-as-aes"
    (design / "hls").mkdir(parents=True)
    shutil.copy(DATA / "xor1_stream.cpp", design / "hls")
    (design / "design.toml").write_text(
        '[design]\nname = "xor-as-aes"\nblock_bits = 128\n\n[variants.hls]\nkind = "hls"\n'
        'interface = "ap_ctrl_none_stream"\ntop = "xor1_core"\nsources = ["hls/xor1_stream.cpp"]\n'
        'clock_ns = 12.0\ngolden = "aes128-encrypt"\n')
    proc = run_sim("xor-as-aes/hls", "--blocks", "4", env={"CRYPTOHLS_DESIGNS_DIR": str(tmp_path)})
    assert proc.returncode == 1, proc.stderr[-3000:]
    assert last_json(proc.stdout) == {"variant": "xor-as-aes/hls", "passed": False, "latency": -1,
                                      "interval": -1, "blocks": 0}
    # FIPS-197 C.1: the first output is plaintext ^ key, not the ciphertext
    assert "block 0: got 00102030405060708090a0b0c0d0e0f0, expected 69c4e0d86a7b0430d8cdb78070b4c55a" in proc.stderr


# ---- the case-study cores of issue 6 ----------------------------------------------------------

def compiler_figures(variant: str, shape: str) -> dict:
    """Latency and interval as the compiler reports them (from its schedule, not from a simulation);
    the compile is cached, so this reuses the one `cryptohls sim` just made."""
    report = compile_variant(find_variant(variant), shape, BUILD).report
    return {"latency": report["latency"]["max"], "interval": report["interval"]}


def test_sim_aes128_ecb_enc_hls_passes_and_matches_the_compiler_report():
    proc = run_sim("aes128-ecb-enc/hls", "--blocks", "20", "--seed", "3")
    assert proc.returncode == 0, proc.stderr[-3000:]
    result = last_json(proc.stdout)
    # 1 FIPS-197 block + 4 keys × 32 timing blocks + 20 random blocks, every output checked
    assert {k: result[k] for k in ("variant", "passed", "blocks")} == {
        "variant": "aes128-ecb-enc/hls", "passed": True, "blocks": 149}
    # 10 rounds in a rolled loop: no interval below 10 cycles; the result follows the accepting cycle
    assert result["interval"] >= 10 and result["latency"] >= result["interval"]
    assert {k: result[k] for k in ("latency", "interval")} == compiler_figures("aes128-ecb-enc/hls", "block")


def test_sim_aes128_ctr_hls_start_handshake_on_the_tagged_stream():
    # SP 800-38A F.5.1 and F.5.2, then messages with counter wraps and key changes: the adapter's
    # start/block multiplexing and the core's counter are both checked on every block.
    proc = run_sim("aes128-ctr/hls", "--blocks", "8", "--seed", "2")
    assert proc.returncode == 0, proc.stderr[-3000:]
    result = last_json(proc.stdout)
    # 8 published blocks (F.5.1, F.5.2) + 4 keys × 32 timing blocks + 8 random blocks
    assert {k: result[k] for k in ("variant", "passed", "blocks")} == {
        "variant": "aes128-ctr/hls", "passed": True, "blocks": 144}
    assert result["interval"] >= 10 and result["latency"] >= result["interval"]
    assert {k: result[k] for k in ("latency", "interval")} == compiler_figures("aes128-ctr/hls", "ctr")


def test_sim_aes128_ctr_io_hls_replays_the_lwc_vectors():
    # `cryptohls tv` coverage messages (malformed inputs, key changes) + 1 random message, every do
    # word and do_last compared and no key word on do, then a 20-block message for timing.
    proc = run_sim("aes128-ctr-io/hls", "--blocks", "2", "--seed", "4")
    assert proc.returncode == 0, proc.stderr[-3000:]
    result = last_json(proc.stdout)
    assert {k: result[k] for k in ("variant", "passed")} == {"variant": "aes128-ctr-io/hls", "passed": True}
    # 4 do words per block leave the AES loop's 10 cycles per block the bound
    assert result["interval"] >= 10 and result["latency"] > 0
