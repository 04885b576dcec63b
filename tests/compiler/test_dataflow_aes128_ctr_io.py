"""The full AES-128-CTR LWC module in HLS C++ (designs/aes128-ctr-io/hls: four free-running processes
in one DATAFLOW region) compiled by cryptohls and run in cosim with its own testbench:

* LWC ports as the variant's interface `lwc_axis` expects: pdi_/sdi_TDATA[31:0], do_TDATA[32:0]
  (bit 32 = do_last), TVALID/TREADY; the stream channels at the depths of #pragma HLS STREAM;
* cosim == csim on the committed tv/ set and a fresh `cryptohls tv --cipher aes128-ctr` set, each run
  after the testbench's 35 built-in commands (SP 800-38A F.5.1, every malformed-input rule -> one
  FAILURE, no key / bad key) with its key-leak check on every do word; a changed expected word fails;
* throughput: long messages (16, 32, 48 blocks, pdi always valid, do always ready); the cycles per
  block between the last two is the module's interval: 10, as the RTL module.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

from streamharness import lint, native_run

from cryptohls.hls import compile_file
from cryptohls.sim.cosim import build_cosim

HLS = Path(__file__).resolve().parents[2] / "designs" / "aes128-ctr-io" / "hls"
SRC, TB = HLS / "aes_ctr_io_hls.cpp", HLS / "tb_aes_ctr_io_hls.cpp"
CLOCK_NS = 12.0


def _run(exe: Path, out: Path, *args: str) -> tuple[subprocess.CompletedProcess, dict]:
    stats = out / f"stats{len(list(out.glob('stats*.json')))}.json"
    proc = subprocess.run([str(exe), *args], capture_output=True, text=True, timeout=120,
                          env={**os.environ, "CRYPTOHLS_COSIM_STATS": str(stats)})
    return proc, json.loads(stats.read_text())


def _native(build_dir: Path, *args: str) -> str:
    return subprocess.run([str(build_dir / "native"), *args], capture_output=True, text=True, check=True,
                          timeout=60).stdout


def test_ctr_io_compiles_and_cosim_matches_csim(build_dir: Path, tmp_path: Path) -> None:
    for old in build_dir.glob("stats*.json"):   # the build folder outlives a run: one stats file per run
        old.unlink()
    start = time.monotonic()
    result = compile_file(SRC, "aes128_ctr_io", clock_ns=CLOCK_NS, out_dir=build_dir)
    compile_s = time.monotonic() - start
    lint(result.verilog_path)
    rep = result.report
    assert [p["name"] for p in rep["dataflow"]["processes"]] == ["pdi_processor", "sdi_processor", "ctr_core",
                                                                 "do_processor"]
    assert {c["name"]: c["depth"] for c in rep["dataflow"]["channels"]} == {
        "key_req": 1, "core_cmd": 2, "bypass": 4, "key": 1, "result": 1, "msg_ok": 2}
    ports = {a["name"]: a["ports"] for a in rep["interface"]["args"]}
    assert ports == {"pdi": {"data": "pdi_TDATA", "valid": "pdi_TVALID", "ready": "pdi_TREADY"},
                     "sdi": {"data": "sdi_TDATA", "valid": "sdi_TVALID", "ready": "sdi_TREADY"},
                     "dout": {"data": "do_TDATA", "valid": "do_TVALID", "ready": "do_TREADY"}}
    head = result.verilog_path.read_text().split("\n);")[0]
    for decl in ("input wire [31:0] pdi_TDATA", "output wire pdi_TREADY", "input wire [31:0] sdi_TDATA",
                 "output wire [32:0] do_TDATA", "output wire do_TVALID", "input wire do_TREADY"):
        assert decl in head

    # native (csim) reference: the same testbench compiled with the C++ model
    native_run(SRC, TB, build_dir)
    exe = build_cosim(SRC, TB, "aes128_ctr_io", build_dir, clock_ns=CLOCK_NS, use_existing=True)

    # 1. committed tv/ (18 messages) after the built-in cases
    proc, stats = _run(exe, build_dir)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert proc.stdout == _native(build_dir)
    assert proc.stdout.strip() == ("aes128_ctr_io hls: LWC replay 896 do words (18 messages), 35 built-in cases, "
                                   "36 runs, 0 failures")
    assert stats["calls"] == 36

    # 2. a fresh vector set from the golden model
    tv = tmp_path / "tv"
    gen = subprocess.run([sys.executable, "-m", "cryptohls.cli", "tv", "--cipher", "aes128-ctr", "--out", str(tv),
                          "--seed", "5", "--count", "6"], capture_output=True, text=True, timeout=60)
    assert gen.returncode == 0, gen.stderr
    proc, _ = _run(exe, build_dir, str(tv))
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert proc.stdout == _native(build_dir, str(tv))
    assert "(20 messages), 35 built-in cases, 36 runs, 0 failures" in proc.stdout

    # 3. the cosim run can fail: one expected do data word changed
    lines = (tv / "do.txt").read_text().splitlines()
    k = next(i for i, line in enumerate(lines) if line.startswith("DAT = "))
    lines[k] = "DAT = " + ("0" if lines[k][6] != "0" else "1") + lines[k][7:]
    (tv / "do.txt").write_text("\n".join(lines) + "\n")
    proc, _ = _run(exe, build_dir, str(tv))
    assert proc.returncode == 1 and "MISMATCH LWC replay" in proc.stderr

    # 4. interval: cycles of a 48-block message minus those of a 32-block one (runs 3 and 2 of
    # 16, 32, 48 blocks: both start from the idle state a run left), per block
    proc, stats = _run(exe, build_dir, "--long", "16")
    assert proc.returncode == 0 and proc.stdout == _native(build_dir, "--long", "16")
    assert proc.stdout.splitlines()[2].startswith("long 48 blocks: 194 do words, checksum ")
    assert stats["calls"] == 3
    second = round(3 * stats["mean"]) - stats["min"] - stats["max"]
    interval = (stats["max"] - second) / 16
    (build_dir / "measured.json").write_text(json.dumps({"interval": interval, "compile_s": compile_s,
                                                         "cycles": [stats["min"], second, stats["max"]]}))
    # the RTL module's 10: the core's next token read and AddRoundKey in round 10's cycle
    assert interval == 10, interval
