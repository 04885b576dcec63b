"""The HLS CipherCore of colm0-aes128 (hls/colm0_aes128_hls_core.cpp) compiled, on its own and in the frame.

- hls/colm0_vectors.txt is what hls/gen_colm0_vectors.py writes (49 KAT records as published, then 150
  golden-model messages), the first 49 lines are the KAT file's records, and every line decrypts;
- the C testbench (per message: key, ENC, DEC, DEC with a flipped tag bit) passes in csim and fails on a
  copy of the file with one wrong digit; it gives the same output and exit status 0 in cosim (slow);
- the compiled core has exactly the frame's CipherCore port list (designs/lwc-frame/docs.md) plus
  clk_i/rst_i, its loop is one state per iteration at the variant's clock (two at 1 ns less), and the
  full module (frame + generated top + the compiled core, no wrapper) is `verilator --lint-only -Wall`
  clean (slow). test_colm0_aes128.py runs every cocotb test on the hls variant and asserts the RTL's
  Ta/Tb (slow as well: `make test` keeps about 30 s for this cipher).

pytest designs/colm0-aes128/tests/test_colm0_aes128_hls_core.py
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from cryptohls.golden import colm0
from cryptohls.golden.vectors import load_caesar_kat
from cryptohls.designs import find_variant, repo_root

HLS = Path(__file__).resolve().parents[1] / "hls"
SRC, TB = HLS / "colm0_aes128_hls_core.cpp", HLS / "tb_colm0_aes128_hls_core.cpp"
TOP = "colm0_aes128_hls_core"
CLOCK_NS = 40.0   # design.toml, variant hls
SUMMARY = "colm0-aes128 core: 199 messages, 199 ENC, 199 DEC, 199 DEC with a wrong tag"
# designs/lwc-frame/docs.md, "CipherCore port list": (direction seen from the core, width)
CIPHER_CORE_PORTS = {
    "key": ("input", 32), "key_valid": ("input", 1), "key_ready": ("output", 1), "key_update": ("input", 1),
    "bdi": ("input", 32), "bdi_valid": ("input", 1), "bdi_ready": ("output", 1), "bdi_type": ("input", 4),
    "bdi_size": ("input", 3), "bdi_valid_bytes": ("input", 4), "bdi_pad_loc": ("input", 4),
    "bdi_eot": ("input", 1), "bdi_eoi": ("input", 1), "decrypt_in": ("input", 1), "hash_in": ("input", 1),
    "bdo": ("output", 32), "bdo_valid": ("output", 1), "bdo_ready": ("input", 1), "bdo_type": ("output", 4),
    "bdo_valid_bytes": ("output", 4), "end_of_block": ("output", 1),
    "msg_auth_valid": ("output", 1), "msg_auth_ready": ("input", 1), "msg_auth": ("output", 1),
}

sys.path.insert(0, str(HLS))
from gen_colm0_vectors import vector_lines  # noqa: E402  (the generator beside the testbench)


def _cli(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "cryptohls.cli", *args], capture_output=True, text=True,
                          cwd=repo_root())


def test_vectors_are_the_generators_and_the_kats():
    committed = (HLS / "colm0_vectors.txt").read_text().splitlines()
    assert committed == vector_lines(150, seed=1)
    assert len(committed) == 199
    published = {(k["Key"], k["Nonce"], k["AD"], k["PT"]): k["CT"] for k in load_caesar_kat(colm0.SUPERCOP_NAME)}
    for i, line in enumerate(committed):
        key, nonce, ad, pt, ct, tag = [b"" if f == "-" else bytes.fromhex(f) for f in line.split()]
        if i < 49:   # as published
            assert published[(key, nonce, ad, pt)] == ct + tag, line
        assert colm0.decrypt(key, nonce, ad, ct + tag) == pt, line


def test_variant_clock_is_the_tested_one():
    assert float(find_variant("colm0-aes128/hls").options["clock_ns"]) == CLOCK_NS


def _csim(out_dir: Path) -> list[str]:
    csim = _cli("csim", str(SRC), "--tb", str(TB), "--top", TOP, "-o", str(out_dir))
    assert csim.returncode == 0, csim.stderr
    lines = csim.stdout.strip().splitlines()
    assert lines[-1].startswith(SUMMARY) and lines[-1].endswith(", 0 failures"), lines[-1]
    return lines


def test_csim_passes_and_catches_a_wrong_ciphertext(tmp_path):
    _csim(tmp_path / "csim")
    # the same csim binary on a copy of the vectors with one wrong ciphertext digit
    lines = (HLS / "colm0_vectors.txt").read_text().splitlines()
    index = next(i for i, line in enumerate(lines) if i >= 49 and line.split()[4] != "-")
    fields = lines[index].split()
    fields[4] = fields[4][:-1] + ("1" if fields[4][-1] == "0" else "0")
    lines[index] = " ".join(fields)
    bad = tmp_path / "bad.txt"
    bad.write_text("\n".join(lines) + "\n")
    run = subprocess.run([str(tmp_path / "csim" / "csim"), str(bad)], capture_output=True, text=True, timeout=120)
    assert run.returncode == 1
    assert f"message {index + 1} ENC: wrong CT || tag" in run.stdout


@pytest.mark.slow   # make test-slow (about 80 s: 199 messages up to 700 bytes in RTL simulation)
def test_csim_and_cosim_give_the_same_answer(tmp_path):
    csim = _csim(tmp_path / "csim")
    cosim = _cli("cosim", str(SRC), "--tb", str(TB), "--top", TOP, "--clock-ns", str(CLOCK_NS),
                 "-o", str(tmp_path / "cosim"))
    assert cosim.returncode == 0, cosim.stderr
    lines = cosim.stdout.strip().splitlines()
    assert lines[:-1] == csim
    stats = json.loads(lines[-1])
    # one call per key and per command: 199 keys + 199 ENC + 2 x 199 DEC
    assert (stats["status"], stats["calls"]) == (0, 4 * 199)


@pytest.mark.slow   # make test-slow (two compilations, about 25 s)
def test_core_port_list_one_state_and_full_module_lint(tmp_path):
    from cryptohls.hls import compile_file

    result = compile_file(SRC, TOP, clock_ns=CLOCK_NS, out_dir=tmp_path / "ok", clock_port="clk_i", reset_port="rst_i")
    text = result.verilog_path.read_text()
    start = text.index("\nmodule ")
    header = text[start:text.index(");", start)]
    ports = {m.group(3): (m.group(1), int(m.group(2) or 0) + 1)
             for m in re.finditer(r"(input|output) (?:wire|reg)(?: \[(\d+):0\])? (\w+)", header)}
    assert ports == {**CIPHER_CORE_PORTS, "clk_i": ("input", 1), "rst_i": ("input", 1)}
    (loop,) = result.report["loops"]
    assert loop["iteration_latency"] == 1   # one clock cycle per iteration, as the RTL core
    (tight,) = compile_file(SRC, TOP, clock_ns=CLOCK_NS - 1, out_dir=tmp_path / "tight").report["loops"]
    assert tight["iteration_latency"] == 2
    variant = find_variant("colm0-aes128/hls")
    files = [result.verilog_path, *variant.rtl_sources()]
    proc = subprocess.run(["verilator", "--lint-only", "-Wall", "--top-module", variant.top, *map(str, files)],
                          capture_output=True, text=True)
    assert proc.returncode == 0 and "%Warning" not in proc.stderr, proc.stderr
